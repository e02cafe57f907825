//===- Bisect.cpp - which pass of a pipeline changes a kernel's results ---===//
#include "ascreg/Debugging/Bisect.h"
#include "ascreg/Debugging/DiagnosticText.h"
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Pipeline.h"

#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/ParseLimits.h"

#include "ascreg/Support/LocationText.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
namespace sem = ::ascreg::semantics;

namespace ascreg {
namespace debugging {

sem::NumberFormat numberFormatOf(Type elem) {
  if (elem.isBF16())
    return {sem::NumberFormat::BFloat, 2};
  if (isa<FloatType>(elem))
    return {sem::NumberFormat::IEEE, uint8_t(elem.getIntOrFloatBitWidth() / 8)};
  unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 64; // index
  auto it = dyn_cast<IntegerType>(elem);
  return {it && it.isSigned() ? sem::NumberFormat::Signed : sem::NumberFormat::Unsigned,
          uint8_t(std::clamp((bits + 7) / 8, 1u, 8u))};
}

bool isNaNBits(Type elem, uint64_t bits) {
  return isa<FloatType>(elem) && sem::isNaN(numberFormatOf(elem), bits);
}

std::string describeElement(Type elem, uint64_t bits) {
  return sem::formatNumber(numberFormatOf(elem), bits);
}

BufferComparison compareBuffers(func::FuncOp fn, ArrayRef<ArrayRef<uint8_t>> expected,
                                ArrayRef<ArrayRef<uint8_t>> actual, unsigned limit,
                                const std::vector<bool> &given) {
  BufferComparison cmp;
  std::vector<bool> computed;
  if (given.empty())
    computed = unspecifiedNaNPayloadParams(fn);
  const std::vector<bool> &nanOpen = given.empty() ? computed : given;
  for (unsigned i = 0; i < fn.getNumArguments() && i < expected.size() && i < actual.size(); ++i) {
    auto mt = dyn_cast<MemRefType>(fn.getArgumentTypes()[i]);
    std::optional<unsigned> elemBytes = mt ? ubBufferElementBytes(mt) : std::nullopt;
    if (!elemBytes) // (no executor runs such a kernel)
      continue;
    Type elem = mt.getElementType();
    unsigned eb = *elemBytes;
    ArrayRef<uint8_t> x = expected[i], y = actual[i];
    uint64_t n = std::min(x.size(), y.size()) / eb;
    if (n == 0 || (x.size() == y.size() && std::memcmp(x.data(), y.data(), n * eb) == 0))
      continue;
    for (uint64_t e = 0; e < n; ++e) {
      uint64_t a = 0, b = 0;
      std::memcpy(&a, x.data() + e * eb, eb);
      std::memcpy(&b, y.data() + e * eb, eb);
      if (sameElementBits(elem, nanOpen[i], a, b))
        continue;
      if (cmp.first.size() < limit)
        cmp.first.push_back({i, e, a, b});
      ++cmp.count;
    }
  }
  return cmp;
}

BufferComparison compareBuffers(func::FuncOp fn, const std::vector<std::vector<uint8_t>> &expected,
                                const std::vector<std::vector<uint8_t>> &actual, unsigned limit) {
  std::vector<ArrayRef<uint8_t>> x(expected.begin(), expected.end()),
      y(actual.begin(), actual.end());
  return compareBuffers(fn, x, y, limit);
}

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

/// Runs `fn` on fresh copies of `inputs` into `buffers`.
LogicalResult runOnCopies(llvm::function_ref<LogicalResult(ArrayRef<interp::Arg>)> run,
                          const std::vector<KernelInput> &inputs,
                          std::vector<std::vector<uint8_t>> &buffers) {
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
  return run(args);
}

/// Runs `kernel` (an interpreter or JIT kernel) on fresh copies of
/// `inputs` into `buffers`; a failed run is the stage's failure.
template <class Kernel>
void runIn(BisectStage &stage, Executor executor, Kernel &kernel,
           const std::vector<KernelInput> &inputs, std::vector<std::vector<uint8_t>> &buffers,
           DiagnosticText &diags) {
  stage.executor = executor;
  if (failed(
          runOnCopies([&](ArrayRef<interp::Arg> a) { return kernel.run(a); }, inputs, buffers))) {
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
  auto kernel = jit::JitKernel::compileLowered(module, signature, options.entry, options.jit);
  if (failed(kernel)) {
    stage.cannotRun = true;
    stage.note =
        "cannot run here: the JIT does not run this LLVM-dialect stage: " + diags.firstLine();
    return stage;
  }
  stage.note = "the stage is in the LLVM dialect: the JIT ran it as it is";
  runIn(stage, Executor::Jit, **kernel, inputs, buffers, diags);
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
    auto kernel = interp::CompiledKernel::compile(fn, options.interp);
    if (succeeded(kernel)) {
      runIn(stage, Executor::Interpreter, **kernel, inputs, buffers, diags);
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
  jit::Options jitOptions = options.jit;
  jitOptions.runtimeChecks = false;
  DiagnosticText diags(module.getContext());
  auto kernel = jit::JitKernel::compile(*jitModule, options.entry, jitOptions);
  if (failed(kernel)) {
    stage.runFailed = true;
    stage.failure = "neither the interpreter nor the standard lowering + JIT runs this stage: " +
                    diags.firstLine();
    return stage;
  }
  stage.note = "the interpreter does not execute this IR: " + stage.fallbackReason +
               "; the standard lowering was finished and the JIT ran it";
  runIn(stage, Executor::Jit, **kernel, inputs, buffers, diags);
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
    FailureOr<OpPassManager> parsed = driver::parsePipeline(p, errors);
    if (failed(parsed))
      return module.emitError() << "--bisect-pipeline: '" << p << "': " << StringRef(errors).trim();
    managers.push_back(std::move(*parsed));
  }

  BisectResult result;
  OwningOpRef<ModuleOp> current = cast<ModuleOp>(module->clone());
  std::vector<std::vector<uint8_t>> reference, buffers;
  result.stages.push_back(runStage(*current, nullptr, inputs, options, reference));
  if (result.stages[0].runFailed)
    return module.emitError() << "the kernel fails before the pipeline, so there is nothing to "
                                 "compare with: "
                              << result.stages[0].failure;
  result.before = cast<ModuleOp>(current->clone());
  // The kernel before the pipeline: its signature types the buffers of
  // every stage (the passes change `current`, and may replace its function).
  auto fn0 = result.before->lookupSymbol<func::FuncOp>(options.entry);

  for (size_t i = 0; i < managers.size(); ++i) {
    PassManager pm(ctx);
    static_cast<OpPassManager &>(pm) = std::move(managers[i]);
    if (failed(pm.run(*current)))
      return module.emitError() << "--bisect-pipeline: pass " << i + 1 << " '" << (*passes)[i]
                                << "' failed";
    BisectStage stage = runStage(*current, fn0, inputs, options, buffers);
    stage.pass = (*passes)[i];
    if (!stage.runFailed && !stage.cannotRun)
      stage.diff = compareBuffers(fn0, reference, buffers, options.maxDiffs);
    if (stage.differs() && !result.firstDiffering) {
      result.firstDiffering = result.stages.size();
      result.after = cast<ModuleOp>(current->clone());
      result.afterBuffers = buffers;
    }
    result.stages.push_back(std::move(stage));
  }
  return result;
}

} // namespace debugging
} // namespace ascreg
