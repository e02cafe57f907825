//===- ascreg-opt.cpp - ascreg optimizer driver -----------------*- C++ -*-===//
//
// MlirOptMain with the ascreg dialect, its passes, and the upstream dialects
// and passes kernels and lowerings use (func, arith, scf, memref, vector,
// index, cf, math, emitc, llvm). The input passes ascreg's parse limits
// first (ascreg/Support/ParseLimits.h: an input that would abort MLIR's
// parser gets a located error).
//
//===----------------------------------------------------------------------===//
#include "ascreg/InitAll.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  ascreg::registerAllPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "ascreg optimizer driver (dav-3510)\n", registry);
  // (An input that cannot be read is MlirOptMain's to report.)
  if (auto file = mlir::openInputFile(input)) {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    mlir::MLIRContext context;
    mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
    if (mlir::failed(ascreg::checkParseLimits(sourceMgr, &context)))
      return 1;
  }
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, input, output, registry));
}
