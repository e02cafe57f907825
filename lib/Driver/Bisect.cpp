//===- Bisect.cpp - which pass of a pipeline changes a kernel's results ---===//
#include "ascreg/Driver/Bisect.h"
#include "ascreg/Debugging/DiagnosticText.h"
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Driver/Pipeline.h"
#include "ascreg/Support/LocationText.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using ::ascreg::debugging::DiagnosticText;

namespace ascreg {
namespace driver {

const char *executorName(Executor e) {
  switch (e) {
  case Executor::Interpreter:
    return "interpreter";
  case Executor::Jit:
    return "JIT";
  case Executor::None:
    return "not run";
  }
  return "?";
}

namespace {

/// Runs `path` of `kernel` on fresh copies of `inputs` into `buffers`; a
/// failed run is the stage's failure.
void runIn(BisectStage &stage, PreparedKernel &kernel, RunMode path,
           const std::vector<KernelInput> &inputs, std::vector<std::vector<uint8_t>> &buffers,
           DiagnosticText &diags) {
  stage.executor = path == RunMode::Jit ? Executor::Jit : Executor::Interpreter;
  buffers.assign(inputs.size(), {});
  std::vector<interp::Arg> args;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].isBuffer) {
      buffers[i] = inputs[i].bytes;
      args.push_back(interp::Arg::buffer(buffers[i].data(), inputs[i].numElements));
    } else {
      args.push_back(interp::Arg::scalar(inputs[i].bits));
    }
  }
  if (failed(kernel.run(path, args))) {
    stage.runFailed = true;
    stage.failure = diags.text();
  }
}

/// The first op nested in `module` whose dialect `matches`.
Operation *findOp(ModuleOp module, llvm::function_ref<bool(StringRef dialect)> matches) {
  Operation *found = nullptr;
  module->walk([&](Operation *op) {
    if (op == module.getOperation() || !matches(op->getName().getDialectNamespace()))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

/// "'op' at file:line:col".
std::string opAt(Operation *op) {
  // Appended, not "'" + std::string&&: GCC 12 reports a false -Wrestrict
  // on that form, and CI builds with -Werror.
  std::string text = "'";
  text += op->getName().getStringRef();
  text += "' at ";
  text += locationText(op->getLoc());
  return text;
}

/// Runs a stage already lowered to the LLVM dialect in the JIT as it is;
/// `signature` is the kernel before the pipeline.
BisectStage runLowered(ModuleOp module, func::FuncOp signature,
                       const std::vector<KernelInput> &inputs, const BisectOptions &options,
                       std::vector<std::vector<uint8_t>> &buffers) {
  BisectStage stage;
  // An op of another dialect, else a builtin.unrealized_conversion_cast left
  // between lowered and unlowered types (it does not translate either).
  Operation *op = findOp(module, [](StringRef d) { return d != "llvm" && d != "builtin"; });
  if (!op)
    op = findOp(module, [](StringRef d) { return d != "llvm"; });
  if (op) {
    stage.cannotRun = true;
    stage.note = "cannot run here: the stage is only partly lowered to the LLVM dialect (" +
                 opAt(op) + " remains), which neither the interpreter nor the JIT executes";
    return stage;
  }
  DiagnosticText diags(module.getContext());
  auto kernel = PreparedKernel::prepareLowered(module, signature, options.entry, options.prepare);
  if (failed(kernel)) {
    stage.cannotRun = true;
    stage.note =
        "cannot run here: the JIT does not run this LLVM-dialect stage: " + diags.firstLine();
    return stage;
  }
  stage.note = "the stage is in the LLVM dialect: the JIT ran it as it is";
  runIn(stage, *kernel, RunMode::Jit, inputs, buffers, diags);
  return stage;
}

/// Runs the kernel of one stage: in the interpreter if it executes the IR,
/// else lowered the rest of the way and JIT-compiled, or as it is in the JIT
/// if it is in the LLVM dialect; EmitC and partly lowered IR cannot run.
BisectStage runStage(ModuleOp module, func::FuncOp signature,
                     const std::vector<KernelInput> &inputs, const BisectOptions &options,
                     std::vector<std::vector<uint8_t>> &buffers) {
  BisectStage stage;
  if (Operation *op = findOp(module, [](StringRef d) { return d == "emitc"; })) {
    stage.cannotRun = true;
    stage.note = "cannot run here: the stage is EmitC (" + opAt(op) +
                 "), the form the Ascend C source is printed from, which nothing here executes";
    return stage;
  }
  auto fn = module.lookupSymbol<func::FuncOp>(options.entry);
  if (!fn && signature && module.lookupSymbol<LLVM::LLVMFuncOp>(options.entry))
    return runLowered(module, signature, inputs, options, buffers);
  if (!fn) {
    stage.runFailed = true;
    stage.failure = "no func.func @" + options.entry + " in the module at this stage";
    return stage;
  }
  {
    DiagnosticText diags(module.getContext());
    auto kernel = PreparedKernel::prepare(fn, RunMode::Interp, options.prepare);
    if (succeeded(kernel)) {
      runIn(stage, *kernel, RunMode::Interp, inputs, buffers, diags);
      return stage;
    }
    stage.fallbackReason = diags.firstLine();
  }
  // A stage lowered by a stand-alone pass (convert-ascreg-to-vector) checks
  // its accesses with cf.assert against the memref sizes, which would abort
  // the process; the JIT runs it in the UB arena like every other path, with
  // its fault guard instead (an access outside UB is a failed run).
  OwningOpRef<ModuleOp> jitModule = cast<ModuleOp>(module->clone());
  jitModule->walk([](cf::AssertOp op) { op.erase(); });
  PrepareOptions jitOptions = options.prepare;
  jitOptions.jit.runtimeChecks = false;
  DiagnosticText diags(module.getContext());
  auto kernel = PreparedKernel::prepare(*jitModule, options.entry, RunMode::Jit, jitOptions);
  if (failed(kernel)) {
    stage.runFailed = true;
    stage.failure = "neither the interpreter nor the standard lowering + JIT runs this stage: " +
                    diags.firstLine();
    return stage;
  }
  stage.note = "the interpreter does not execute this IR: " + stage.fallbackReason +
               "; the standard lowering was finished and the JIT ran it";
  runIn(stage, *kernel, RunMode::Jit, inputs, buffers, diags);
  return stage;
}

} // namespace

FailureOr<BisectResult> bisectPipeline(ModuleOp module, StringRef pipeline,
                                       const std::vector<KernelInput> &inputs,
                                       const BisectOptions &options) {
  MLIRContext *ctx = module.getContext();
  std::string error;
  auto passes = splitPipeline(pipeline, error);
  if (failed(passes))
    return module.emitError() << "--bisect-pipeline: " << error;
  // Every pass parses before anything runs.
  std::vector<OpPassManager> managers;
  for (const std::string &p : *passes) {
    std::string errors;
    FailureOr<OpPassManager> parsed = parsePipeline(p, errors);
    if (failed(parsed))
      return module.emitError() << "--bisect-pipeline: '" << p << "': " << StringRef(errors).trim();
    managers.push_back(std::move(*parsed));
  }

  BisectResult result;
  OwningOpRef<ModuleOp> current = cast<ModuleOp>(module->clone());
  std::vector<std::vector<uint8_t>> reference, buffers;
  std::vector<ArrayRef<uint8_t>> referenceViews;
  result.stages.push_back(runStage(*current, nullptr, inputs, options, reference));
  if (result.stages[0].runFailed)
    return module.emitError() << "the kernel fails before the pipeline, so there is nothing to "
                                 "compare with: "
                              << result.stages[0].failure;
  result.before = cast<ModuleOp>(current->clone());
  // The kernel before the pipeline: its signature types the buffers of
  // every stage (the passes change `current`, and may replace its function).
  auto fn0 = result.before->lookupSymbol<func::FuncOp>(options.entry);
  referenceViews.assign(reference.begin(), reference.end());
  std::vector<bool> nanOpen = debugging::unspecifiedNaNPayloadParams(fn0);

  for (size_t i = 0; i < managers.size(); ++i) {
    PassManager pm(ctx);
    static_cast<OpPassManager &>(pm) = std::move(managers[i]);
    if (failed(pm.run(*current)))
      return module.emitError() << "--bisect-pipeline: pass " << i + 1 << " '" << (*passes)[i]
                                << "' failed";
    BisectStage stage = runStage(*current, fn0, inputs, options, buffers);
    stage.pass = (*passes)[i];
    if (!stage.runFailed && !stage.cannotRun)
      stage.diff = compareCheckRuns(fn0, referenceViews,
                                    std::vector<ArrayRef<uint8_t>>(buffers.begin(), buffers.end()),
                                    options.maxDiffs, nanOpen);
    if (stage.differs() && !result.firstDiffering) {
      result.firstDiffering = result.stages.size();
      result.after = cast<ModuleOp>(current->clone());
      result.afterBuffers = buffers;
    }
    result.stages.push_back(std::move(stage));
  }
  return result;
}

} // namespace driver
} // namespace ascreg
