//===- ParseFuzzer.cpp - fuzz target: parse + verify ascreg/dav IR -*- C++ -*-===//
//
// Input: MLIR text (kernels with ascreg, dav and the upstream dialects they
// use). Oracles: the parser and every verifier reject bad input with a
// diagnostic, never a crash (the dav verifiers once took the bit width of
// index/complex/vector memref elements); and an accepted module round-trips:
// printed, it parses and verifies again and prints identically, in the
// custom and in the generic form.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "mlir/IR/OperationSupport.h"

#include <cstdint>
#include <string>

using namespace mlir;

static std::string print(ModuleOp m, bool generic) {
  std::string s;
  llvm::raw_string_ostream os(s);
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  m->print(os, flags);
  return s;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  OwningOpRef<ModuleOp> module = ascreg_fuzz::parseInput(data, size);
  if (!module)
    return 0;
  MLIRContext &ctx = *module->getContext();
  for (bool generic : {false, true}) {
    std::string first = print(*module, generic);
    OwningOpRef<ModuleOp> again = ascreg_fuzz::parseKernel(first, ctx);
    FUZZ_CHECK(again, "a verified module prints as text that parses and verifies");
    FUZZ_CHECK(print(*again, generic) == first, "printing is a fixed point");
  }
  return 0;
}
