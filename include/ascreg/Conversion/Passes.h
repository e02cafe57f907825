//===- Passes.h - ascreg conversion passes ----------------------*- C++ -*-===//
#ifndef ASCREG_CONVERSION_PASSES_H
#define ASCREG_CONVERSION_PASSES_H

#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"

#include "mlir/Pass/Pass.h"

namespace ascreg {
namespace dav {
class DavDialect;
} // namespace dav


#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "ascreg/Conversion/Passes.h.inc"

/// Options of the pipelines that take a kernel all the way down.
struct LowerToLLVMOptions : public mlir::PassPipelineOptions<LowerToLLVMOptions> {
  PassOptions::Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check UB accesses and gather indices at run time"), llvm::cl::init(true)};
};

/// ascreg -> vector/arith/memref/scf -> LLVM dialect (ready for the JIT).
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm, const LowerToLLVMOptions &options);
/// Registers all ascreg passes and the `ascreg-lower-to-llvm` pipeline.
void registerConversionPasses();

} // namespace ascreg

#endif
