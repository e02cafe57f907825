//===- Bisect.cpp - which pass of a pipeline changes a kernel's results ---===//
#include "ascreg/Debugging/Bisect.h"
#include "ascreg/Debugging/DiagnosticText.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
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

BufferComparison compareBuffers(func::FuncOp fn, const std::vector<std::vector<uint8_t>> &expected,
                                const std::vector<std::vector<uint8_t>> &actual, unsigned limit) {
  BufferComparison cmp;
  for (unsigned i = 0; i < fn.getNumArguments() && i < expected.size() && i < actual.size(); ++i) {
    auto mt = dyn_cast<MemRefType>(fn.getArgumentTypes()[i]);
    std::optional<unsigned> elemBytes = mt ? ubBufferElementBytes(mt) : std::nullopt;
    if (!elemBytes) // (no executor runs such a kernel)
      continue;
    Type elem = mt.getElementType();
    unsigned eb = *elemBytes;
    const std::vector<uint8_t> &x = expected[i], &y = actual[i];
    uint64_t n = std::min(x.size(), y.size()) / eb;
    for (uint64_t e = 0; e < n; ++e) {
      uint64_t a = 0, b = 0;
      std::memcpy(&a, x.data() + e * eb, eb);
      std::memcpy(&b, y.data() + e * eb, eb);
      if (a == b || (isNaNBits(elem, a) && isNaNBits(elem, b)))
        continue;
      if (cmp.first.size() < limit)
        cmp.first.push_back({i, e, a, b});
      ++cmp.count;
    }
  }
  return cmp;
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

/// Splits `list` at its top-level commas (outside (), {}, [] and quotes).
std::vector<std::string> splitTopLevel(StringRef list) {
  std::vector<std::string> items;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    char c = list[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '"' || c == '\'')
      quote = c;
    else if (c == '(' || c == '{' || c == '[')
      ++depth;
    else if (c == ')' || c == '}' || c == ']')
      --depth;
    else if (c == ',' && depth == 0) {
      items.push_back(list.slice(start, i).trim().str());
      start = i + 1;
    }
  }
  items.push_back(list.substr(start).trim().str());
  return items;
}

/// Flattens one pipeline element: "a.b(x,y{o=1})" -> "a.b(x)", "a.b(y{o=1})".
void flatten(StringRef item, std::vector<std::string> &out) {
  size_t open = item.find('(');
  size_t brace = item.find('{');
  if (open == StringRef::npos || (brace != StringRef::npos && brace < open) ||
      !item.ends_with(")")) {
    out.push_back(item.str());
    return;
  }
  StringRef anchor = item.take_front(open);
  StringRef inner = item.drop_front(open + 1).drop_back();
  std::vector<std::string> nested;
  for (const std::string &sub : splitTopLevel(inner))
    if (!sub.empty())
      flatten(sub, nested);
  for (const std::string &n : nested)
    out.push_back((anchor + "(" + n + ")").str());
}

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

/// Runs the kernel of one stage: in the interpreter if it executes the IR,
/// else lowered the rest of the way and JIT-compiled.
BisectStage runStage(ModuleOp module, const std::vector<KernelInput> &inputs,
                     const BisectOptions &options, std::vector<std::vector<uint8_t>> &buffers) {
  BisectStage stage;
  auto fn = module.lookupSymbol<func::FuncOp>(options.entry);
  if (!fn) {
    stage.runFailed = true;
    stage.failure = "no func.func @" + options.entry + " in the module at this stage";
    return stage;
  }
  {
    DiagnosticText diags(module.getContext());
    auto kernel = interp::CompiledKernel::compile(fn, options.interp);
    if (succeeded(kernel)) {
      stage.executor = Executor::Interpreter;
      if (failed(runOnCopies([&](ArrayRef<interp::Arg> a) { return (*kernel)->run(a); }, inputs,
                             buffers))) {
        stage.runFailed = true;
        stage.failure = diags.text();
      }
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
  stage.executor = Executor::Jit;
  if (failed(runOnCopies([&](ArrayRef<interp::Arg> a) { return (*kernel)->run(a); }, inputs,
                         buffers))) {
    stage.runFailed = true;
    stage.failure = diags.text();
  }
  return stage;
}

} // namespace

FailureOr<std::vector<std::string>> splitPipeline(StringRef pipeline, std::string &error) {
  if (failed(checkPipelineLimits(pipeline, error))) // before anything recurses on it
    return failure();
  StringRef text = pipeline.trim();
  if (text.consume_front("builtin.module(")) {
    if (!text.consume_back(")")) {
      error = "unbalanced parentheses in '" + pipeline.str() + "'";
      return failure();
    }
  }
  std::vector<std::string> passes;
  for (const std::string &item : splitTopLevel(text))
    if (!item.empty())
      flatten(item, passes);
  if (passes.empty()) {
    error = "the pipeline '" + pipeline.str() + "' has no pass";
    return failure();
  }
  return passes;
}

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
    llvm::raw_string_ostream errOS(errors);
    FailureOr<OpPassManager> parsed = parsePassPipeline("builtin.module(" + p + ")", errOS);
    if (failed(parsed))
      return module.emitError() << "--bisect-pipeline: '" << p << "': " << StringRef(errors).trim();
    managers.push_back(std::move(*parsed));
  }

  BisectResult result;
  OwningOpRef<ModuleOp> current = cast<ModuleOp>(module->clone());
  std::vector<std::vector<uint8_t>> reference, buffers;
  result.stages.push_back(runStage(*current, inputs, options, reference));
  if (result.stages[0].runFailed)
    return module.emitError() << "the kernel fails before the pipeline, so there is nothing to "
                                 "compare with: "
                              << result.stages[0].failure;
  auto fn0 = current->lookupSymbol<func::FuncOp>(options.entry);
  result.before = cast<ModuleOp>(current->clone());

  for (size_t i = 0; i < managers.size(); ++i) {
    PassManager pm(ctx);
    static_cast<OpPassManager &>(pm) = std::move(managers[i]);
    if (failed(pm.run(*current)))
      return module.emitError() << "--bisect-pipeline: pass " << i + 1 << " '" << (*passes)[i]
                                << "' failed";
    BisectStage stage = runStage(*current, inputs, options, buffers);
    stage.pass = (*passes)[i];
    if (!stage.runFailed)
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
