//===- Pipelines.cpp - ascreg pass pipelines --------------------*- C++ -*-===//
#include "ascreg/Conversion/Passes.h"

// Only the conversions the pipelines use: mlir/Conversion/Passes.h pulls in
// every upstream conversion (GPU, SPIR-V, ...) and tripled this file's compile time.
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void ascreg::buildAscendCEmissionPipeline(OpPassManager &pm) {
  pm.addPass(createUnsignedVselrPass());
  pm.addPass(createNormalizeHardwareLoopsPass());
  pm.addPass(createInsertMemBarriersPass());
  pm.addPass(createConvertDavToEmitCPass());
  pm.addPass(createNarrowLoopCountersPass());
  pm.addPass(createFinalizeAscendCPass());
}

void ascreg::buildAscendCPipeline(OpPassManager &pm) {
  pm.addPass(createConvertAscRegToDavPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  buildAscendCEmissionPipeline(pm);
}

LogicalResult ascreg::translateToAscendC(ModuleOp module, raw_ostream &os) {
  PassManager pm(module->getContext());
  buildAscendCPipeline(pm);
  if (failed(pm.run(module)))
    return failure();
  return emitc::translateToCpp(module, os, /*declareVariablesAtTop=*/false);
}

void ascreg::buildLowerToLLVMPipeline(OpPassManager &pm, const LowerToLLVMOptions &options) {
  if (options.exposeUB) {
    ExposeUnifiedBufferPassOptions expose;
    expose.runtimeChecks = options.runtimeChecks;
    expose.checkFailure = options.checkFailure;
    pm.addPass(createExposeUnifiedBufferPass(expose));
  }
  ConvertAscRegToVectorPassOptions toVector;
  toVector.runtimeChecks = options.runtimeChecks;
  toVector.checkFailure = options.checkFailure;
  pm.addPass(createConvertAscRegToVectorPass(toVector));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createExpandFloatConversionsPass());
  // The order of the upstream CPU pipeline (mlir22-notes 3.2): vector ops
  // must meet convert-vector-to-llvm before memref/func are lowered.
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass()); // math.cttz of firstSet
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
using ErrorHandler = function_ref<LogicalResult(const Twine &)>;
using PipelineBuilder = std::function<LogicalResult(OpPassManager &, StringRef, ErrorHandler)>;

/// registerPassPipeline for a pipeline of module passes. A pipeline text
/// that nests it under another op (`func.func(ascreg-emit-ascendc)`, or a
/// misspelt anchor) is an error here: adding a module pass to that pass
/// manager is a report_fatal_error in MLIR (found by ascreg-fuzz-options).
void registerModulePipeline(
    StringRef name, StringRef description, PipelineBuilder build,
    std::function<void(function_ref<void(const detail::PassOptions &)>)> optionsHandler =
        [](function_ref<void(const detail::PassOptions &)>) {}) {
  std::string pipelineName = name.str();
  registerPassPipeline(
      name, description,
      [pipelineName, build](OpPassManager &pm, StringRef optionsText, ErrorHandler errorHandler) {
        StringRef anchor = pm.getOpAnchorName();
        if (anchor != ModuleOp::getOperationName() && anchor != OpPassManager::getAnyOpAnchorName())
          return errorHandler(pipelineName + " runs on 'builtin.module', not nested in '" + anchor +
                              "'");
        return build(pm, optionsText, errorHandler);
      },
      optionsHandler);
}
/// The builder of a pipeline that takes no options: any option text is an
/// error naming the pipeline.
PipelineBuilder withoutOptions(StringRef name, void (*build)(OpPassManager &)) {
  std::string pipelineName = name.str();
  return [pipelineName, build](OpPassManager &pm, StringRef optionsText,
                               ErrorHandler errorHandler) -> LogicalResult {
    if (!optionsText.empty())
      return errorHandler(pipelineName + " takes no options");
    build(pm);
    return success();
  };
}
} // namespace

void ascreg::registerConversionPasses() {
  // Idempotent, also across copies of this code: a tool with ascreg built in
  // (ascreg-opt, ascreg-run, the Python module) that loads AscRegPlugin.so
  // calls it a second time from the plugin's copy, whose passes have other
  // TypeIDs, and MLIR aborts when a registered name gets another pass. The
  // lowering pipeline is registered last, so its name says all are there.
  if (PassPipelineInfo::lookup(kLowerToLLVMPipelineName))
    return;
  registerAscRegConversionPasses();
  registerModulePipeline(
      "ascreg-to-ascendc",
      "Lower ascreg (or dav) kernels to the EmitC form of Ascend C (ascreg-translate "
      "--ascreg-to-ascendc prints it)",
      withoutOptions("ascreg-to-ascendc", buildAscendCPipeline));
  registerModulePipeline(
      "ascreg-emit-ascendc",
      "The Ascend C emission passes on dav kernels: preparation, convert-dav-to-emitc, "
      "finalisation",
      withoutOptions("ascreg-emit-ascendc", buildAscendCEmissionPipeline));
  registerModulePipeline(
      kLowerToLLVMPipelineName,
      "Lower ascreg kernels through the vector dialect to the LLVM dialect (for the JIT or "
      "mlir-runner)",
      [](OpPassManager &pm, StringRef optionsText, ErrorHandler errorHandler) {
        LowerToLLVMOptions options;
        std::string errors;
        llvm::raw_string_ostream os(errors);
        if (failed(options.parseFromString(optionsText, os)))
          return errorHandler(StringRef(errors).trim());
        buildLowerToLLVMPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> handler) {
        handler(LowerToLLVMOptions());
      });
}
