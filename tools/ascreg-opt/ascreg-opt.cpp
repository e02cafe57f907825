//===- ascreg-opt.cpp - ascreg optimizer driver -----------------*- C++ -*-===//
//
// MlirOptMain with the ascreg dialect, its passes, and the upstream dialects
// and passes kernels and lowerings use (func, arith, scf, memref, vector,
// index, cf, math, emitc, llvm).
//
//===----------------------------------------------------------------------===//
#include "ascreg/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  ascreg::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ascreg optimizer driver (dav-3510)\n", registry));
}
