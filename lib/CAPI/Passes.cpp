//===- Passes.cpp - C API: ascreg passes and pipelines ----------*- C++ -*-===//
#include "ascreg-c/Passes.h"

#include "ascreg/Conversion/Passes.h"
#include "ascreg/InitAll.h"

#include "mlir/InitAllPasses.h"

#include <mutex>

void ascregRegisterPasses(void) {
  // Registering a pipeline name twice is a fatal error; make this idempotent.
  static std::once_flag once;
  std::call_once(once, [] { ascreg::registerConversionPasses(); });
}

void ascregRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    ascregRegisterPasses();
    // The upstream passes (ascreg::registerAllPasses minus ours, which are
    // registered once above).
    mlir::registerAllPasses();
  });
}
