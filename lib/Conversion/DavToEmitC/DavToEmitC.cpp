//===- DavToEmitC.cpp - dav-3510 intrinsics to EmitC (Ascend C) -*- C++ -*-===//
//
// convert-dav-to-emitc (Passes.td): lowers a dav-lowered kernel (func / scf
// / arith / the kernel language's memref ops and dav ops) to the EmitC
// dialect (memref views and UB scratch: MemRefViews.cpp). func,
// scf and arith go through the upstream EmitC patterns (index -> uint32_t);
// the dav ops, the UB memrefs and the register types through this
// directory's patterns (AscendCEmission.h). The preparation passes run
// before it and the finalisation passes after it (Pipelines.cpp,
// buildAscendCEmissionPipeline).
//
//===----------------------------------------------------------------------===//
#include "AscendCEmission.h"

#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringMap.h"

namespace ascreg {
#define GEN_PASS_DEF_CONVERTDAVTOEMITCPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;
using namespace ascreg::emission;

namespace {

/// The semantic profile `module` records (on the module, or the one all its
/// recording functions agree on); none if nothing records one; failure
/// (after an error) if its functions record different ones: the host header
/// takes one profile per translation unit.
FailureOr<std::optional<semantics::Profile>> recordedModuleProfile(ModuleOp module) {
  std::optional<semantics::Profile> profile = profileRecordedOn(module);
  if (profile)
    return profile;
  std::string spelling;
  WalkResult r = module.walk([&](func::FuncOp fn) {
    std::optional<semantics::Profile> p = profileRecordedOn(fn);
    if (!p)
      return WalkResult::advance();
    std::string s = semantics::printProfile(*p);
    if (profile && s != spelling) {
      fn.emitError() << "records the semantic profile '" << s << "', another function '" << spelling
                     << "': one translation unit has one host profile";
      return WalkResult::interrupt();
    }
    profile = p;
    spelling = s;
    return WalkResult::advance();
  });
  if (r.wasInterrupted())
    return failure();
  return profile;
}

/// What has no Ascend C form, as located errors.
LogicalResult checkEmittable(ModuleOp module) {
  WalkResult dims = module.walk([](memref::DimOp op) {
    if (cast<MemRefType>(op.getSource().getType()).isDynamicDim(0)) {
      op.emitError("memref.dim of a dynamic UB buffer has no Ascend C form (a __simd_vf__ "
                   "takes raw __ubuf__ pointers); pass the size as a scalar parameter");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (dims.wasInterrupted())
    return failure();

  // A __simd_vf__ function's loops and branches are emitted from scf.for /
  // scf.if; the conversion has no patterns for the block arguments of an
  // unstructured CFG (it produced invalid IR on one, found by
  // ascreg-fuzz-lower), so such a function stops at its first branch.
  WalkResult branches = module.walk([](func::FuncOp fn) {
    if (fn.isExternal() || fn.getBody().hasOneBlock())
      return WalkResult::advance();
    Operation *branch = fn.getBody().front().getTerminator();
    branch->emitError() << "unstructured control flow ('" << branch->getName()
                        << "') has no Ascend C form: write the loop with scf.for / scf.if "
                           "(or run --lift-cf-to-scf first)";
    return WalkResult::interrupt();
  });
  if (branches.wasInterrupted())
    return failure();

  // Every func.func becomes a __simd_vf__ function and an __aicore__ entry
  // that launches it; a call inside one was emitted as a call of the other
  // function's __aicore__ entry from vector code (a launch from inside a
  // VF, and for a recursive call a name not declared yet). The interpreter
  // does not run calls either.
  WalkResult calls = module.walk([](func::CallOp call) {
    call.emitError() << "a call ('@" << call.getCallee()
                     << "') has no Ascend C form: each function is its own kernel; inline "
                        "the callee (--inline) or launch it separately";
    return WalkResult::interrupt();
  });
  if (calls.wasInterrupted())
    return failure();

  // The other paths convert scalar floats as IEEE 754 does (semantics.md
  // P16); how a vector function's scalar unit converts (rounding, NaN
  // bits, CTRL) no public vendor source says, so a C cast would be a guess.
  WalkResult floatConversions = module.walk([](Operation *op) {
    if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
      return WalkResult::advance();
    op->emitError() << op->getName() << " from " << op->getOperand(0).getType() << " to "
                    << op->getResult(0).getType()
                    << " has no Ascend C form: no public vendor source says how a vector "
                       "function's scalar unit converts floats (docs/semantics.md P16)";
    return WalkResult::interrupt();
  });
  return failure(floatConversions.wasInterrupted());
}

struct ConvertDavToEmitCPass
    : public ascreg::impl::ConvertDavToEmitCPassBase<ConvertDavToEmitCPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    FailureOr<std::optional<semantics::Profile>> profile = recordedModuleProfile(module);
    if (failed(profile))
      return signalPassFailure();

    // arith ops without an EmitC pattern (ceildivui, maxsi, minui, ...) are
    // expanded to ones that have one first.
    {
      RewritePatternSet expand(ctx);
      arith::populateArithExpandOpsPatterns(expand);
      if (failed(applyPatternsGreedily(module, std::move(expand))))
        return signalPassFailure();
    }
    if (failed(verifyKernelMemRefs(module)))
      return signalPassFailure();
    FailureOr<llvm::StringMap<SmallVector<int64_t>>> scratch = prepareMemRefViews(module);
    if (failed(scratch) || failed(checkEmittable(module)))
      return signalPassFailure();

    // The CTRL state of every kernel, for its entry wrapper (the functions
    // are replaced by the conversion).
    llvm::StringMap<semantics::Ctrl> kernelCtrls;
    module.walk([&](func::FuncOp fn) {
      if (fn.getFunctionType().getNumResults() == 0 && !fn.isExternal())
        kernelCtrls[fn.getSymName()] = kernelCtrl(fn);
    });

    AscendCTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<emitc::EmitCDialect>();
    target.addIllegalDialect<dav::DavDialect, arith::ArithDialect, scf::SCFDialect,
                             func::FuncDialect, memref::MemRefDialect>();
    populateArithToEmitCPatterns(converter, patterns);
    converter.convertIndexToUInt32();
    populateSCFToEmitCConversionPatterns(patterns, converter);
    populateFuncToEmitCPatterns(converter, patterns);
    populateIntrinsicCallPatterns(converter, patterns);
    populateScalarPatterns(converter, patterns);
    populateViewPatterns(converter, patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // What ascreg-emitc-finalize-ascendc needs: each kernel's CTRL state and
    // UB scratch on the kernel, the profile on the module.
    module.walk([&](emitc::FuncOp fn) {
      auto it = kernelCtrls.find(fn.getSymName());
      if (fn.getFunctionType().getNumResults() == 0 && !fn.isExternal() && it != kernelCtrls.end())
        fn->setAttr(AscRegDialect::getCtrlAttrName(), CtrlAttr::get(ctx, it->second));
      if (auto s = scratch->find(fn.getSymName()); s != scratch->end())
        fn->setAttr(kUBScratchAttr, DenseI64ArrayAttr::get(ctx, s->second));
    });
    if (*profile)
      recordProfile(module, **profile);
  }
};

} // namespace
