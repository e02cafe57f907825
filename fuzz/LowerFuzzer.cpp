//===- LowerFuzzer.cpp - fuzz target: the lowering pipelines ----*- C++ -*-===//
//
// Input: MLIR text. On every module that parses and verifies, runs
//   - convert-ascreg-to-vector (the CPU path's lowering, checks on),
//   - convert-ascreg-to-dav, canonicalize, cse, convert-dav-to-emitc and the
//     C++ emitter (ascreg-translate --ascreg-to-ascendc).
// Oracles: no crash or sanitizer report; a pipeline may reject the module
// with a diagnostic, but if it succeeds its result verifies (the passes run
// without the pass manager's verifier, and the result is verified here, so
// invalid IR is a finding rather than a diagnostic).
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "ascreg/Conversion/Passes.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "mlir/Transforms/Passes.h"

#include <cstdint>
#include <string>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  OwningOpRef<ModuleOp> module = ascreg_fuzz::parseInput(data, size);
  if (!module)
    return 0;
  MLIRContext &ctx = *module->getContext();

  {
    OwningOpRef<ModuleOp> m = cast<ModuleOp>((*module)->clone());
    PassManager pm(&ctx);
    pm.enableVerifier(false);
    pm.addPass(ascreg::createConvertAscRegToVectorPass());
    if (succeeded(pm.run(*m)))
      FUZZ_CHECK(succeeded(verify(*m)), "convert-ascreg-to-vector produced invalid IR");
  }
  {
    OwningOpRef<ModuleOp> m = cast<ModuleOp>((*module)->clone());
    PassManager dav(&ctx);
    dav.enableVerifier(false);
    dav.addPass(ascreg::createConvertAscRegToDavPass());
    if (failed(dav.run(*m)))
      return 0;
    FUZZ_CHECK(succeeded(verify(*m)), "convert-ascreg-to-dav produced invalid IR");
    PassManager emit(&ctx);
    emit.enableVerifier(false);
    emit.addPass(createCanonicalizerPass());
    emit.addPass(createCSEPass());
    ascreg::buildAscendCEmissionPipeline(emit);
    if (failed(emit.run(*m)))
      return 0;
    FUZZ_CHECK(succeeded(verify(*m)), "the Ascend C emission passes produced invalid IR");
    std::string cpp;
    llvm::raw_string_ostream os(cpp);
    (void)emitc::translateToCpp(*m, os, /*declareVariablesAtTop=*/false);
  }
  return 0;
}
