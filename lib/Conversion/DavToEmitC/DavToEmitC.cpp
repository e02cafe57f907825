//===- DavToEmitC.cpp - dav-3510 intrinsics to EmitC (Ascend C) -*- C++ -*-===//
//
// Lowers a dav-lowered kernel (func / scf / arith / memref load, store, dim
// and dav ops) to the EmitC dialect; `emitc::translateToCpp` then prints
// Ascend C source. func, scf and arith go through the upstream EmitC
// patterns (index -> size_t); the dav ops, the UB memrefs and the register
// types are handled here.
//
// Names (docs/dav3510.md, "Emission conventions"):
//   !ascreg.vreg<NxT>  -> vector_T with the C API spelling: vector_int8_t,
//                         vector_uint8_t, vector_int16_t, vector_uint16_t,
//                         vector_half, vector_bfloat16_t, vector_int32_t,
//                         vector_uint32_t, vector_float;
//   !ascreg.mask       -> vector_bool;
//   memref<?xT> (UB)   -> __ubuf__ T* (T: int8_t ... uint64_t, half,
//                         bfloat16_t, float; memrefs are signless, so
//                         iN -> intN_t; an access through a register of
//                         another lane type casts the pointer to that
//                         type, as the vendor library does, e.g.
//                         (__ubuf__ uint32_t*) for 64-bit data).
//
// Out-parameters. The dav-3510 intrinsics return their results through
// reference parameters (vcmax(dst, src, mask, MODE_ZEROING), vintlv(d0, d1,
// a, b), vlds(dst, base, offset, NORM)) or update a scalar in place
// (plt_b16(n, POST_UPDATE)). The C API wrappers (asc_*) have the same
// out-parameter shape (asc_reduce_max(vector_T& dst, ...)), so there is no
// value-returning form to target with emitc.call_opaque. Each such intrinsic
// is therefore emitted as:
//   - one `emitc.variable` (uninitialised) per output,
//   - one `emitc.verbatim` whose `{}` placeholders take the output lvalues
//     and the inputs (EmitC 22 accepts lvalue format arguments), and
//   - one `emitc.load` per output, giving the SSA result.
// The emitter turns this into exactly the vendor's call
// (`vector_half v5; vcmax(v5, v3, v4, MODE_ZEROING);`) followed by a copy,
// which any C++ compiler removes. Intrinsics that return their value
// (pset_bN) are `emitc.call_opaque`; dav.reinterpret (a reference cast in
// the vendor code) is an `emitc.cast`.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace ascreg {
#define GEN_PASS_DEF_CONVERTDAVTOEMITCPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;

namespace {

/// C spelling of a lane / buffer element type: int8_t ... uint64_t, half,
/// bfloat16_t, float. Signless integers are signed (memrefs are signless).
std::string cElemName(Type t) {
  if (t.isF16()) return "half";
  if (t.isBF16()) return "bfloat16_t";
  if (t.isF32()) return "float";
  auto it = cast<IntegerType>(t);
  return (it.isUnsigned() ? "uint" : "int") + std::to_string(it.getWidth()) + "_t";
}

Type vecType(MLIRContext *ctx, VRegType t) {
  return emitc::OpaqueType::get(ctx, "vector_" + cElemName(t.getElementType()));
}
Type boolType(MLIRContext *ctx) { return emitc::OpaqueType::get(ctx, "vector_bool"); }
Type ubPtrType(MLIRContext *ctx, Type elem) {
  return emitc::PointerType::get(emitc::OpaqueType::get(ctx, "__ubuf__ " + cElemName(elem)));
}

class AscendCTypeConverter : public TypeConverter {
public:
  AscendCTypeConverter(MLIRContext *ctx) {
    // Scalars: EmitC's own spellings (int32_t, float, _Float16, bool).
    addConversion([](Type t) -> std::optional<Type> {
      if (emitc::isSupportedEmitCType(t)) return t;
      return std::nullopt;
    });
    addConversion([ctx](VRegType t) -> Type { return vecType(ctx, t); });
    addConversion([ctx](MaskType) -> Type { return boolType(ctx); });
    addConversion([ctx](MemRefType t) -> std::optional<Type> {
      if (t.getRank() != 1 || !t.getElementType().isIntOrFloat()) return std::nullopt;
      return ubPtrType(ctx, t.getElementType());
    });
    // index -> size_t (and the materializations between them).
    populateEmitCSizeTTypeConversions(*this);
  }
};

/// One argument of an intrinsic call: an SSA value / lvalue, or a literal.
struct CArg {
  Value value;
  std::string literal;
  CArg(Value v) : value(v) {}
  CArg(const char *l) : literal(l) {}
  CArg(std::string l) : literal(std::move(l)) {}
};

/// Builds the EmitC form of intrinsic calls at one location.
struct Emitter {
  ConversionPatternRewriter &rw;
  Location loc;
  MLIRContext *ctx() { return rw.getContext(); }

  /// An uninitialised local (`T vN;`).
  Value var(Type t) {
    return emitc::VariableOp::create(rw, loc, emitc::LValueType::get(t),
                                     emitc::OpaqueAttr::get(ctx(), ""));
  }
  Value load(Value lvalue) {
    return emitc::LoadOp::create(rw, loc, llvm::cast<emitc::LValueType>(lvalue.getType()).getValueType(),
                                 lvalue);
  }
  Value cast(Value v, Type t) {
    if (v.getType() == t) return v;
    return emitc::CastOp::create(rw, loc, t, v);
  }
  Value constant(Type t, StringRef text) {
    return emitc::ConstantOp::create(rw, loc, t, emitc::OpaqueAttr::get(ctx(), text));
  }
  /// One statement `prefix callee(args...);`, values as `{}` placeholders.
  void statement(StringRef prefix, StringRef callee, ArrayRef<CArg> args) {
    std::string fmt = prefix.str() + callee.str() + "(";
    SmallVector<Value> operands;
    for (auto [i, a] : llvm::enumerate(args)) {
      if (i) fmt += ", ";
      if (a.value) {
        fmt += "{}";
        operands.push_back(a.value);
      } else {
        fmt += a.literal;
      }
    }
    fmt += ");";
    emitc::VerbatimOp::create(rw, loc, rw.getStringAttr(fmt), operands);
  }
  /// `callee(out0, ..., args...)` with one local per output; the loaded
  /// outputs are returned.
  SmallVector<Value> call(StringRef callee, TypeRange outs, ArrayRef<CArg> args) {
    SmallVector<Value> vars;
    SmallVector<CArg> all;
    for (Type t : outs) {
      vars.push_back(var(t));
      all.push_back(CArg(vars.back()));
    }
    all.append(args.begin(), args.end());
    statement("", callee, all);
    SmallVector<Value> results;
    for (Value v : vars) results.push_back(load(v));
    return results;
  }
  /// The pointer through which an intrinsic with lanes of `lane` accesses a
  /// UB buffer of `memElem` elements at element offset `off` (may be null):
  /// a cast of the pointer when the C types differ, and the offset scaled
  /// when the widths do (64-bit buffers accessed as 32-bit words).
  std::pair<Value, Value> view(Value base, Type memElem, Type lane, Value off) {
    std::string want = cElemName(lane);
    if (cElemName(memElem) == want) return {base, off};
    Value p = cast(base, ubPtrType(ctx(), lane));
    unsigned mb = memElem.getIntOrFloatBitWidth(), lb = lane.getIntOrFloatBitWidth();
    if (off && mb != lb) {
      Value k = constant(off.getType(), std::to_string(mb / lb));
      off = emitc::MulOp::create(rw, loc, off.getType(), off, k);
    }
    return {p, off};
  }
};

/// The lane type of a converted-from register value.
Type laneOf(Value v) { return cast<VRegType>(v.getType()).getElementType(); }
unsigned laneBits(Value v) { return laneOf(v).getIntOrFloatBitWidth(); }

/// Integer type of `bits` with the signedness of `like` (float lanes keep
/// their type when the widths match): the pointer type through which a
/// register of lane type `like` gathers `bits`-wide elements.
Type gatherUnit(Type like, unsigned bits) {
  if (like.getIntOrFloatBitWidth() == bits) return like;
  MLIRContext *ctx = like.getContext();
  bool isUnsigned = isa<IntegerType>(like) && cast<IntegerType>(like).isUnsigned();
  return IntegerType::get(ctx, bits, isUnsigned ? IntegerType::Unsigned : IntegerType::Signed);
}

/// dav ops and memref load / store / dim.
class DavOpLowering : public ConversionPattern {
public:
  DavOpLowering(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    if (!isa<dav::DavDialect>(op->getDialect()) &&
        !isa<memref::LoadOp, memref::StoreOp, memref::DimOp>(op))
      return failure();
    Emitter e{rw, op->getLoc()};
    const TypeConverter &tc = *getTypeConverter();
    SmallVector<Type> resultTypes;
    if (failed(tc.convertTypes(op->getResultTypes(), resultTypes)))
      return rw.notifyMatchFailure(op, "unsupported result type");
    auto T = [&](unsigned i) { return resultTypes[i]; };
    auto reduce = [&](StringRef name) {
      return e.call(name, T(0), {operands[0], operands[1], "MODE_ZEROING"});
    };
    auto binary = [&](StringRef name) {
      return e.call(name, T(0), {operands[0], operands[1], operands[2], "MODE_ZEROING"});
    };
    auto pset = [&](unsigned bits, MaskPattern p) -> SmallVector<Value> {
      auto args = rw.getArrayAttr(
          {emitc::OpaqueAttr::get(rw.getContext(), ("PAT_" + stringifyMaskPattern(p)).str())});
      return {emitc::CallOpaqueOp::create(rw, op->getLoc(), T(0),
                                          "pset_b" + std::to_string(bits), ValueRange(), args)
                  .getResult(0)};
    };
    auto plt = [&](unsigned bits) -> SmallVector<Value> {
      // m = plt_bN(n, POST_UPDATE): n is a uint32_t updated in place.
      Type u32 = rw.getIntegerType(32, /*isSigned=*/false);
      Value n = e.var(u32);
      emitc::AssignOp::create(rw, op->getLoc(), n, e.cast(operands[0], u32));
      Value m = e.var(T(0));
      emitc::VerbatimOp::create(
          rw, op->getLoc(),
          rw.getStringAttr("{} = plt_b" + std::to_string(bits) + "({}, POST_UPDATE);"),
          ValueRange{m, n});
      return {e.load(m), e.cast(e.load(n), T(1))};
    };
    auto half = [](dav::HalfPart p) { return p == dav::HalfPart::lower ? "LOWER" : "HIGHER"; };

    FailureOr<SmallVector<Value>> results =
        llvm::TypeSwitch<Operation *, FailureOr<SmallVector<Value>>>(op)
            // Predicates.
            .Case([&](dav::PsetB8Op o) { return pset(8, o.getPattern()); })
            .Case([&](dav::PsetB16Op o) { return pset(16, o.getPattern()); })
            .Case([&](dav::PsetB32Op o) { return pset(32, o.getPattern()); })
            .Case([&](dav::PltB8Op) { return plt(8); })
            .Case([&](dav::PltB16Op) { return plt(16); })
            .Case([&](dav::PltB32Op) { return plt(32); })
            .Case([&](dav::PandOp) { return e.call("pand", T(0), {operands[0], operands[1], operands[2]}); })
            .Case([&](dav::PorOp) { return e.call("por", T(0), {operands[0], operands[1], operands[2]}); })
            .Case([&](dav::PnotOp) { return e.call("pnot", T(0), {operands[0], operands[1]}); })
            .Case([&](dav::PpackOp o) { return e.call("ppack", T(0), {operands[0], half(o.getPart())}); })
            .Case([&](dav::PunpackOp o) { return e.call("punpack", T(0), {operands[0], half(o.getPart())}); })
            .Case([&](dav::PintlvB32Op) {
              return e.call("pintlv_b32", {T(0), T(1)}, {operands[0], operands[1]});
            })
            // Data movement.
            .Case([&](dav::VldsOp o) {
              auto [p, off] = e.view(operands[0], o.getBase().getType().getElementType(),
                                     laneOf(o.getResult()), operands[1]);
              return e.call("vlds", T(0), {p, off, "NORM"});
            })
            .Case([&](dav::VldsDintlvOp o) {
              auto [p, off] = e.view(operands[0], o.getBase().getType().getElementType(),
                                     laneOf(o.getEven()), operands[1]);
              return e.call("vlds", {T(0), T(1)}, {p, off, "DINTLV_B32"});
            })
            .Case([&](dav::VstsOp o) -> FailureOr<SmallVector<Value>> {
              auto [p, off] = e.view(operands[1], o.getBase().getType().getElementType(),
                                     laneOf(o.getValue()), operands[2]);
              e.statement("", "vsts",
                          {operands[0], p, off, "NORM_B" + std::to_string(laneBits(o.getValue())),
                           operands[3]});
              return SmallVector<Value>{};
            })
            // Reductions and gathers.
            .Case([&](dav::VcaddOp) { return reduce("vcadd"); })
            .Case([&](dav::VcmaxOp) { return reduce("vcmax"); })
            .Case([&](dav::VcminOp) { return reduce("vcmin"); })
            .Case([&](dav::VcpaddOp) { return reduce("vcpadd"); })
            .Case([&](dav::Vgather2Op o) {
              Type memElem = o.getBase().getType().getElementType();
              unsigned bits = o.getUnit() ? o.getUnit()->getIntOrFloatBitWidth()
                                          : memElem.getIntOrFloatBitWidth();
              auto [p, off] = e.view(operands[0], memElem, gatherUnit(laneOf(o.getResult()), bits),
                                     Value());
              (void)off;
              return e.call("vgather2", T(0), {p, operands[1], operands[2]});
            })
            .Case([&](dav::VselrOp) { return e.call("vselr", T(0), {operands[0], operands[1]}); })
            // Lane-wise.
            .Case([&](dav::VbrOp) { return e.call("vbr", T(0), {operands[0]}); })
            .Case([&](dav::VdupOp) {
              return e.call("vdup", T(0), {operands[0], operands[1], "MODE_ZEROING"});
            })
            .Case([&](dav::VdupLaneOp) {
              return e.call("vdup", T(0), {operands[0], operands[1], "POS_LOWEST", "MODE_ZEROING"});
            })
            .Case([&](dav::VciOp) { return e.call("vci", T(0), {operands[0], "INC_ORDER"}); })
            .Case([&](dav::VcmpOp o) {
              return e.call(("vcmp_" + stringifyComparePredicate(o.getPredicate())).str(), T(0),
                            {operands[0], operands[1], operands[2]});
            })
            .Case([&](dav::VselOp) {
              return e.call("vsel", T(0), {operands[0], operands[1], operands[2]});
            })
            .Case([&](dav::VaddOp) { return binary("vadd"); })
            .Case([&](dav::VmaxOp) { return binary("vmax"); })
            .Case([&](dav::VminOp) { return binary("vmin"); })
            .Case([&](dav::VandOp) { return binary("vand"); })
            .Case([&](dav::VaddsOp) { return binary("vadds"); })
            .Case([&](dav::VmulsOp) { return binary("vmuls"); })
            .Case([&](dav::VshlsOp) { return binary("vshls"); })
            .Case([&](dav::VshrsOp) { return binary("vshrs"); })
            .Case([&](dav::VintlvOp) { return e.call("vintlv", {T(0), T(1)}, {operands[0], operands[1]}); })
            .Case([&](dav::VdintlvOp) { return e.call("vdintlv", {T(0), T(1)}, {operands[0], operands[1]}); })
            .Case([&](dav::ReinterpretOp) { return SmallVector<Value>{e.cast(operands[0], T(0))}; })
            // Scalar UB accesses: `x = p[i];` / `p[i] = x;` (a local in the
            // UB address space would be wrong, so no subscript + load).
            .Case([&](memref::LoadOp) -> FailureOr<SmallVector<Value>> {
              if (operands.size() != 2) return failure();
              Value v = e.var(T(0));
              emitc::VerbatimOp::create(rw, op->getLoc(), rw.getStringAttr("{} = {}[{}];"),
                                        ValueRange{v, operands[0], operands[1]});
              return SmallVector<Value>{e.load(v)};
            })
            .Case([&](memref::StoreOp) -> FailureOr<SmallVector<Value>> {
              if (operands.size() != 3) return failure();
              emitc::VerbatimOp::create(rw, op->getLoc(), rw.getStringAttr("{}[{}] = {};"),
                                        ValueRange{operands[1], operands[2], operands[0]});
              return SmallVector<Value>{};
            })
            .Case([&](memref::DimOp o) -> FailureOr<SmallVector<Value>> {
              auto t = cast<MemRefType>(o.getSource().getType());
              if (t.isDynamicDim(0)) return failure(); // diagnosed by the pass
              return SmallVector<Value>{e.constant(T(0), std::to_string(t.getDimSize(0)))};
            })
            .Default([&](Operation *) -> FailureOr<SmallVector<Value>> { return failure(); });
    if (failed(results)) return rw.notifyMatchFailure(op, "no EmitC form");
    rw.replaceOp(op, *results);
    return success();
  }
};

/// arith.divui / arith.remui (no upstream EmitC pattern in 22): the
/// operation on the unsigned type (size_t is unsigned already).
template <typename ArithOp, typename EmitCOp>
struct UnsignedDivLowering : public OpConversionPattern<ArithOp> {
  using OpConversionPattern<ArithOp>::OpConversionPattern;
  LogicalResult matchAndRewrite(ArithOp op, typename ArithOp::Adaptor a,
                                ConversionPatternRewriter &rw) const override {
    Type t = this->getTypeConverter()->convertType(op.getType());
    if (!t) return failure();
    Type u = t;
    if (auto it = dyn_cast<IntegerType>(t)) u = rw.getIntegerType(it.getWidth(), /*isSigned=*/false);
    else if (!isa<emitc::SizeTType>(t)) return failure();
    auto toU = [&](Value v) -> Value {
      return v.getType() == u ? v : emitc::CastOp::create(rw, op.getLoc(), u, v);
    };
    Value r = EmitCOp::create(rw, op.getLoc(), u, toU(a.getLhs()), toU(a.getRhs()));
    if (u != t) r = emitc::CastOp::create(rw, op.getLoc(), t, r);
    rw.replaceOp(op, r);
    return success();
  }
};

struct ConvertDavToEmitCPass
    : public ascreg::impl::ConvertDavToEmitCPassBase<ConvertDavToEmitCPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();

    // arith ops without an EmitC pattern (ceildivui, ...) expanded first.
    {
      RewritePatternSet expand(ctx);
      arith::populateCeilFloorDivExpandOpsPatterns(expand);
      if (failed(applyPatternsGreedily(module, std::move(expand)))) return signalPassFailure();
    }

    WalkResult dims = module.walk([](memref::DimOp op) {
      if (cast<MemRefType>(op.getSource().getType()).isDynamicDim(0)) {
        op.emitError("memref.dim of a dynamic UB buffer has no Ascend C form (a __simd_vf__ "
                     "takes raw __ubuf__ pointers); pass the size as a scalar parameter");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (dims.wasInterrupted()) return signalPassFailure();

    AscendCTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<emitc::EmitCDialect>();
    target.addIllegalDialect<dav::DavDialect, arith::ArithDialect, scf::SCFDialect,
                             func::FuncDialect, memref::MemRefDialect>();
    populateArithToEmitCPatterns(converter, patterns);
    populateSCFToEmitCConversionPatterns(patterns, converter);
    populateFuncToEmitCPatterns(converter, patterns);
    patterns.add<DavOpLowering>(converter, ctx);
    patterns.add<UnsignedDivLowering<arith::DivUIOp, emitc::DivOp>,
                 UnsignedDivLowering<arith::RemUIOp, emitc::RemOp>>(converter, ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // The kernels are vector functions (`__simd_vf__ inline void k(...)`);
    // outputs of multi-output intrinsics that nobody reads leave dead loads.
    module.walk([&](emitc::FuncOp fn) {
      if (fn.getFunctionType().getNumResults() == 0 && !fn.isExternal())
        fn.setSpecifiersAttr(Builder(ctx).getStrArrayAttr({"__simd_vf__", "inline"}));
    });
    for (bool changed = true; changed;) {
      SmallVector<Operation *> dead;
      module.walk([&](Operation *op) {
        if (isa<emitc::LoadOp, emitc::CastOp>(op) && op->use_empty()) dead.push_back(op);
      });
      for (Operation *op : dead) op->erase();
      changed = !dead.empty();
    }
  }
};

} // namespace
