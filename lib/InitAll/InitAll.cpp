//===- InitAll.cpp - register everything ascreg tools use -------*- C++ -*-===//
#include "ascreg/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void ascreg::registerAllDialects(mlir::DialectRegistry &registry) {
  registerRunDialects(registry);
  // ConvertToEmitC interfaces, transform dialect extensions, etc.
  mlir::registerAllExtensions(registry);
}

void ascreg::registerAllPasses() {
  mlir::registerAllPasses();
  registerRunPasses();
}
