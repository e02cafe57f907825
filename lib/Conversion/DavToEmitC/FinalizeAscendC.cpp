//===- FinalizeAscendC.cpp - a complete Ascend C translation unit -*- C++ -*-===//
//
// ascreg-emitc-finalize-ascendc (Passes.td): after convert-dav-to-emitc,
// the kernels become vector functions with CTRL-setting entries, the module
// gets the vendor's header (and the recorded semantic profile for the host
// header), and what the conversion left unused goes.
//
//===----------------------------------------------------------------------===//
#include "AscendCEmission.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascreg {
#define GEN_PASS_DEF_FINALIZEASCENDCPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;

namespace {

/// The kernel's entry: `__aicore__ inline void k(args)` sets the kernel's CTRL
/// state (bits 60, 48, 59, 50; the others kept), calls the vector function
/// `k_vf` and restores CTRL, as the vendor's MLIR compiler does at kernel
/// entry. CTRL is scalar state and must be written outside the vector
/// function (cast-facts §2.3: "SetCtrlSpr需在SIMD_VF外调用"):
///
///   __aicore__ inline void kernel(__ubuf__ float* v1, ...) {
///     int64_t v5 = get_ctrl();
///     set_ctrl((v5 & ~0x1805000000000000LL) | 0x0001000000000000LL); // CTRL[60]=0 ...
///     asc_vf_call<kernel_vf>(v1, ...);
///     set_ctrl(v5);
///   }
///
/// The kernel's UB scratch (the vector function's trailing parameters that
/// convert-dav-to-emitc lifted from memref.alloc, kUBScratchAttr) is not a
/// parameter of the entry: the entry declares each as a __ubuf__ array, as
/// the vendor's programs declare theirs (`__ubuf__ float x[64];`, through
/// ASCREG_UB_SCRATCH, which the host header places in its modelled UB), and
/// passes it to the vector function.
void addCtrlEntry(emitc::FuncOp vf, const semantics::Ctrl &ctrl, StringRef name) {
  MLIRContext *ctx = vf.getContext();
  vf.setSymName((name + "_vf").str());
  ArrayRef<int64_t> scratch;
  if (auto attr = vf->getAttrOfType<DenseI64ArrayAttr>(emission::kUBScratchAttr))
    scratch = attr.asArrayRef();
  FunctionType vfType = vf.getFunctionType();
  TypeRange params = vfType.getInputs().drop_back(scratch.size());
  OpBuilder b(ctx);
  b.setInsertionPointAfter(vf);
  Location loc = vf.getLoc();
  auto entry =
      emitc::FuncOp::create(b, loc, name, FunctionType::get(ctx, params, vfType.getResults()));
  entry.setSpecifiersAttr(b.getStrArrayAttr({"__aicore__", "inline"}));
  Block *body = entry.addEntryBlock();
  b.setInsertionPointToStart(body);
  SmallVector<Value> vfArgs(body->getArguments());
  for (auto [i, count] : llvm::enumerate(scratch)) {
    Type ptr = vfType.getInputs()[params.size() + i];
    StringRef elem = cast<emitc::OpaqueType>(cast<emitc::PointerType>(ptr).getPointee()).getValue();
    elem.consume_front("__ubuf__ ");
    std::string var = llvm::formatv("ub_scratch{0}", i).str();
    emitc::VerbatimOp::create(
        b, loc,
        b.getStringAttr(llvm::formatv("ASCREG_UB_SCRATCH({0}, {1}, {2});", elem, var, count)));
    vfArgs.push_back(emitc::LiteralOp::create(b, loc, ptr, var));
  }
  vf->removeAttr(emission::kUBScratchAttr);
  Type i64 = b.getI64Type();
  Value saved =
      emitc::CallOpaqueOp::create(b, loc, TypeRange{i64}, "get_ctrl", ValueRange{}).getResult(0);
  uint64_t bits = semantics::encodeCtrl(ctrl);
  const uint64_t mask = semantics::encodeCtrl(semantics::Ctrl{true, true, true, true});
  std::string set =
      llvm::formatv("set_ctrl(({{} & ~{0:x16}LL) | {1:x16}LL); // CTRL[60]={2} ({3} saturation), "
                    "CTRL[48]={4} ({5}), CTRL[59]={6} ({7}), CTRL[50]={8}",
                    mask, bits, int(ctrl.globalSat), ctrl.globalSat ? "global" : "per-instruction",
                    int(ctrl.floatNonSat), ctrl.floatNonSat ? "float inf/NaN" : "float saturating",
                    int(ctrl.intTruncate), ctrl.intTruncate ? "int truncating" : "int saturating",
                    int(ctrl.fp8NanKeep));
  emitc::VerbatimOp::create(b, loc, b.getStringAttr(set), ValueRange{saved});
  emitc::CallOpaqueOp::create(
      b, loc, TypeRange{}, "asc_vf_call", vfArgs, /*args=*/ArrayAttr(),
      /*template_args=*/b.getArrayAttr({emitc::OpaqueAttr::get(ctx, (name + "_vf").str())}));
  emitc::VerbatimOp::create(b, loc, b.getStringAttr("set_ctrl({});"), ValueRange{saved});
  emitc::ReturnOp::create(b, loc, Value());
}

/// Whether `name` is a C++ identifier.
bool isIdentifier(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// The C++ name of a kernel whose symbol is no C++ identifier (an imported
/// `ReduceVF<int, short>` or `from_ub::GatherVF`): each run of other
/// characters as one `_` (`ReduceVF_int_short`), unique among `taken`.
std::string cxxName(StringRef symbol, llvm::StringSet<> &taken) {
  std::string name;
  for (char c : symbol) {
    if (llvm::isAlnum(c) || c == '_')
      name += c;
    else if (name.empty() || name.back() != '_')
      name += '_';
  }
  while (!name.empty() && name.back() == '_')
    name.pop_back();
  if (name.empty() || llvm::isDigit(name.front()))
    name.insert(0, "k_");
  std::string unique = name;
  for (unsigned i = 2; taken.contains(unique) || taken.contains(unique + "_vf"); ++i)
    unique = name + "_" + std::to_string(i);
  taken.insert(unique);
  return unique;
}

struct FinalizeAscendCPass : public ascreg::impl::FinalizeAscendCPassBase<FinalizeAscendCPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    // The kernels (marked with their CTRL state by convert-dav-to-emitc)
    // are vector functions (`__simd_vf__ inline void k_vf(...)`), each
    // called by an entry `k` that sets the kernel's CTRL state.
    SmallVector<std::pair<emitc::FuncOp, CtrlAttr>> kernels;
    module.walk([&](emitc::FuncOp fn) {
      auto ctrl = fn->getAttrOfType<CtrlAttr>(AscRegDialect::getCtrlAttrName());
      if (ctrl && fn.getFunctionType().getNumResults() == 0 && !fn.isExternal())
        kernels.push_back({fn, ctrl});
    });
    bool scratch = false;
    llvm::StringSet<> taken;
    module.walk([&](emitc::FuncOp fn) { taken.insert(fn.getSymName()); });
    for (auto [fn, ctrl] : kernels) {
      scratch |= fn->hasAttr(emission::kUBScratchAttr);
      fn->removeAttr(AscRegDialect::getCtrlAttrName());
      fn.setSpecifiersAttr(Builder(ctx).getStrArrayAttr({"__simd_vf__", "inline"}));
      std::string name = fn.getSymName().str();
      if (!isIdentifier(name))
        name = cxxName(name, taken);
      addCtrlEntry(fn, ctrl.getCtrl(), name);
    }
    // Round trips through size_t (index printed as size_t: upstream patterns
    // that cast the unconverted index operand, e.g. arith.divui):
    // (uint32_t) (size_t) x with x a uint32_t is x.
    module.walk([](emitc::CastOp outer) {
      auto inner = outer.getSource().getDefiningOp<emitc::CastOp>();
      if (inner && isa<emitc::SizeTType, IndexType>(inner.getType()) &&
          inner.getSource().getType() == outer.getType() && isa<IntegerType>(outer.getType()) &&
          cast<IntegerType>(outer.getType()).getWidth() <= 32)
        outer.replaceAllUsesWith(inner.getSource());
    });
    // A complete translation unit: the vendor's C API umbrella header (the
    // host build puts include/ascreg/AscendC/host first on the include path).
    // A recorded semantic profile is named before it: the vendor compiler
    // ignores the macro, the host header (HostIntrinsics.h) runs the
    // intrinsics with it unless the program or ASCREG_HOST_PROFILE says
    // otherwise.
    std::optional<semantics::Profile> recorded = profileRecordedOn(module);
    std::string profile = recorded ? semantics::printProfile(*recorded) : "";
    {
      OpBuilder b(ctx);
      b.setInsertionPointToStart(module.getBody());
      if (!profile.empty())
        emitc::VerbatimOp::create(
            b, module.getLoc(),
            b.getStringAttr(llvm::formatv("// Semantic profile (ascreg.semantics): {0}\n"
                                          "#ifndef ASCREG_HOST_PROFILE\n"
                                          "#define ASCREG_HOST_PROFILE \"{0}\"\n"
                                          "#endif",
                                          profile)
                                .str()));
      emitc::IncludeOp::create(b, module.getLoc(), "c_api/asc_simd.h",
                               /*is_standard_include=*/false);
      // The vendor's spelling of a UB array unless the host header placed it.
      if (scratch)
        emitc::VerbatimOp::create(b, module.getLoc(),
                                  b.getStringAttr("#ifndef ASCREG_UB_SCRATCH\n"
                                                  "#define ASCREG_UB_SCRATCH(T, name, n) __ubuf__ "
                                                  "T name[n]\n"
                                                  "#endif"));
    }
    // Outputs of multi-output intrinsics that nobody reads leave dead loads,
    // the hardware loops their unused index-typed bounds.
    for (bool changed = true; changed;) {
      SmallVector<Operation *> dead;
      module.walk([&](Operation *op) {
        if (isa<emitc::LoadOp, emitc::CastOp, emitc::ConstantOp>(op) && op->use_empty())
          dead.push_back(op);
      });
      for (Operation *op : dead)
        op->erase();
      changed = !dead.empty();
    }
  }
};

} // namespace
