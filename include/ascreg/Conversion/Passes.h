//===- Passes.h - ascreg conversion passes ----------------------*- C++ -*-===//
#ifndef ASCREG_CONVERSION_PASSES_H
#define ASCREG_CONVERSION_PASSES_H

#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Conversion/RuntimeChecks.h"

#include "mlir/Pass/Pass.h"

namespace ascreg {
namespace dav {
class DavDialect;
} // namespace dav

/// The miscompiles ascreg-dav-insert-mem-barriers can plant on request, for
/// the tests that show the pass bisector finding a bug in that pass.
enum class PlantedBarrierBug { None, HoistLoad };

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "ascreg/Conversion/Passes.h.inc"

/// The patterns of ascreg-expand-float-conversions: arith.truncf with a
/// rounding mode or to bf16, and arith.extf from bf16, as exact integer
/// arithmetic.
void populateExpandFloatConversionPatterns(mlir::RewritePatternSet &patterns);

/// Options of the pipelines that take a kernel all the way down.
struct LowerToLLVMOptions : public mlir::PassPipelineOptions<LowerToLLVMOptions> {
  PassOptions::Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check UB accesses, gather indices and loop steps at run time"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> exposeUB{
      *this, "expose-ub",
      llvm::cl::desc("Model the Unified Buffer as one explicit arena (ascreg-expose-ub): the "
                     "kernels take it as two trailing parameters"),
      llvm::cl::init(false)};
  PassOptions::Option<CheckFailureAction> checkFailure{
      *this, "check-failure", llvm::cl::desc("What a failed check does"),
      llvm::cl::init(CheckFailureAction::Assert), checkFailureActionValues()};
};

/// ascreg -> vector/arith/memref/scf -> LLVM dialect (ready for the JIT).
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm, const LowerToLLVMOptions &options);
/// dav -> the emitc form of Ascend C: the preparation passes on dav IR
/// (unsigned vselr views, hardware loops, UB barriers), convert-dav-to-emitc
/// and the finalisation passes on EmitC. The `ascreg-emit-ascendc` pipeline.
void buildAscendCEmissionPipeline(mlir::OpPassManager &pm);
/// ascreg (or dav) -> dav-3510 intrinsics (convert-ascreg-to-dav, canonicalize,
/// cse) -> buildAscendCEmissionPipeline. The `ascreg-to-ascendc` pipeline and
/// the one of `ascreg-translate --ascreg-to-ascendc`.
void buildAscendCPipeline(mlir::OpPassManager &pm);
/// Ascend C source of `module` (ascreg or dav ops): buildAscendCPipeline on
/// `module` (which it changes), then the C++ emitter. The translation of
/// `ascreg-translate --ascreg-to-ascendc`; diagnostics go to the context.
llvm::LogicalResult translateToAscendC(mlir::ModuleOp module, llvm::raw_ostream &os);
inline constexpr llvm::StringLiteral kLowerToLLVMPipelineName = "ascreg-lower-to-llvm";
/// Registers all ascreg passes and the `ascreg-lower-to-llvm`,
/// `ascreg-to-ascendc` and `ascreg-emit-ascendc` pipelines; does nothing when
/// they are registered already (by this code or another copy of it, such as
/// AscRegPlugin.so loaded into a tool with ascreg built in).
void registerConversionPasses();

} // namespace ascreg

#endif
