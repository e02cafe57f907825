//===- Explain.cpp - runKernel's --explain and --bisect-pipeline -*- C++ -*-===//
#include "Runner.h"

#include "ascreg/Debugging/ElementBits.h"
#include "ascreg/Driver/Bisect.h"
#include "ascreg/Driver/Report.h"
#include "ascreg/Semantics/ElementFormat.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace mlir;
namespace sem = ::ascreg::semantics;
using ::ascreg::debugging::numberFormatOf;

namespace ascreg {
namespace driver {

namespace {
/// The engine's arguments over fresh copies of the inputs, without the
/// checks' buffer flags (a bisection stage runs no checks).
std::vector<interp::Arg> freshArguments(std::vector<BoundArgument> &copy) {
  resetBuffers(copy);
  std::vector<interp::Arg> args = engineArguments(copy);
  for (interp::Arg &a : args)
    a.uninitialized = a.output = false;
  return args;
}
} // namespace

/// Parses "I:E[,E|E-F...]" (elements E, ranges E-F inclusive).
LogicalResult Runner::parseExplain(StringRef spec, interp::ExplainRequest &request) {
  unsigned numParams = fn.getNumArguments();
  auto [idx, list] = spec.split(':');
  if (idx.getAsInteger(10, request.argument) || list.empty()) {
    fail("--explain must be I:E[,E|E-F...], got '" + spec + "'");
    return failure();
  }
  if (request.argument >= numParams || !bound[request.argument].isBuffer) {
    fail(llvm::formatv("--explain={0}: parameter {1} is not a memref parameter", spec,
                       request.argument));
    return failure();
  }
  uint64_t n = bound[request.argument].npy.numElements();
  SmallVector<StringRef> items;
  list.split(items, ',');
  for (StringRef item : items) {
    auto [a, b] = item.split('-');
    uint64_t first, last;
    bool openRange = item.contains('-') && b.empty(); // "E-": the end is missing
    if (a.getAsInteger(10, first) || openRange ||
        (b.empty() ? (last = first, false) : b.getAsInteger(10, last)) || last < first) {
      fail("--explain=" + spec + ": '" + item + "' is not an element or a range E-F");
      return failure();
    }
    if (last >= n) {
      fail(llvm::formatv("--explain={0}: element {1} is outside the {2} elements of parameter {3}",
                         spec, last, n, request.argument));
      return failure();
    }
    if (last - first >= 4096) {
      fail("--explain=" + spec + ": at most 4096 elements per range");
      return failure();
    }
    for (uint64_t e = first; e <= last; ++e)
      request.elements.push_back(e);
  }
  request.depth = req.explainDepth;
  return success();
}

/// Prints "explain: parameter I element E = V (0x..)" and the provenance tree.
void Runner::printExplanations(const std::vector<BoundArgument> &set,
                               ArrayRef<interp::Explanation> explained, StringRef indent) {
  for (const interp::Explanation &x : explained) {
    Type elem = cast<MemRefType>(fn.getArgumentTypes()[x.argument]).getElementType();
    unsigned eb = set[x.argument].npy.itemBytes;
    uint64_t v = 0;
    std::memcpy(&v, set[x.argument].work.data() + x.element * eb, eb);
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("explain: parameter {0} element {1} = {2}\n", x.argument, x.element,
                        sem::formatElement(numberFormatOf(elem), v));
    interp::printExplanation(os, x);
    for (StringRef line : llvm::split(StringRef(text).rtrim('\n'), '\n'))
      out << indent << line << "\n";
  }
}

/// --report with --bisect-pipeline: the run before the pipeline and the run
/// after the first pass that changes the results side by side (traced when
/// the interpreter runs that stage, else its buffers only).
LogicalResult Runner::writeBisectReport(const BisectResult &result, const BisectOptions &options) {
  namespace rpt = ::ascreg::report;
  rpt::ReportData data =
      rpt::describeKernel(fn, req.input, "bisect", req.args, options.prepare.interp.profile);
  data.pipeline = req.bisectPipeline;
  const PrepareOptions &prepare = options.prepare; // as the bisection ran it
  auto record = [&](ModuleOp m, StringRef label) {
    auto f = m.lookupSymbol<func::FuncOp>(options.entry);
    std::vector<BoundArgument> copy = bound;
    data.runs.push_back(
        recordReportRun(f, prepare, [&] { return freshArguments(copy); }, data.caps, label));
  };
  record(*result.before, "before the pipeline");
  if (result.firstDiffering) {
    const BisectStage &st = result.stages[*result.firstDiffering];
    std::string label =
        llvm::formatv("after pass {0} '{1}'", *result.firstDiffering, st.pass).str();
    if (st.executor == Executor::Interpreter) {
      record(*result.after, label);
    } else {
      rpt::ReportRun run;
      run.label = label + " (" + executorName(st.executor) + ")";
      run.error = st.failure;
      for (unsigned i = 0; i < bound.size() && i < result.afterBuffers.size(); ++i)
        if (bound[i].isBuffer && !result.afterBuffers[i].empty())
          run.buffers.push_back(
              rpt::bufferOf(fn, i, result.afterBuffers[i].data(), bound[i].npy.numElements()));
      data.runs.push_back(std::move(run));
    }
  }
  if (auto error = rpt::writeReportFile(req.report, data)) {
    fail(llvm::toString(std::move(error)));
    return failure();
  }
  return success();
}

/// --bisect-pipeline: the report of bisectPipeline; exit
/// 1 when a pass changes the results, 0 when none does.
int Runner::runBisect(const std::vector<interp::ExplainRequest> &explains,
                      const BisectOptions &options) {
  std::vector<KernelInput> inputs;
  for (const BoundArgument &b : bound) {
    KernelInput in;
    in.isBuffer = b.isBuffer;
    in.bytes = b.npy.data;
    in.numElements = b.isBuffer ? b.npy.numElements() : 0;
    in.bits = b.bits;
    inputs.push_back(std::move(in));
  }
  auto result = bisectPipeline(*module, req.bisectPipeline, inputs, options);
  if (failed(result))
    return 1;
  auto &stages = result->stages;
  out << llvm::formatv("bisect: {0} passes; the kernel ran on the same inputs before the "
                       "pipeline and after each pass, compared bit for bit\n",
                       stages.size() - 1);
  size_t width = 20;
  for (auto &st : stages)
    width = std::max(width, st.pass.size());
  for (size_t i = 0; i < stages.size(); ++i) {
    const BisectStage &st = stages[i];
    std::string name = i == 0 ? std::string("before the pipeline") : st.pass;
    std::string verdict = i == 0         ? std::string("reference")
                          : st.cannotRun ? std::string("cannot run here")
                          : st.runFailed ? "FAILS: " + StringRef(st.failure).split('\n').first.str()
                          : st.diff.count
                              ? llvm::formatv("DIFFERS: {0} elements", st.diff.count).str()
                              : std::string("identical");
    out << llvm::formatv("  {0,2} {1} {2,-11} {3}\n", i == 0 ? "" : std::to_string(i),
                         name + std::string(width - name.size(), ' '), executorName(st.executor),
                         verdict);
    if (!st.note.empty())
      out << "        (" << st.note << ")\n";
  }
  if (!result->firstDiffering) {
    out << "bisect: no pass changes the results\n";
    if (!req.report.empty() && failed(writeBisectReport(*result, options)))
      return 1;
    return 0;
  }
  size_t bad = *result->firstDiffering;
  const BisectStage &st = stages[bad];
  if (!req.report.empty() && failed(writeBisectReport(*result, options)))
    return 1;
  out << llvm::formatv("bisect: the results first differ after pass {0} '{1}'\n", bad, st.pass);
  if (st.runFailed)
    out << "  the run after it fails:\n  " << st.failure << "\n";
  for (const Mismatch &d : st.diff.first) {
    sem::NumberFormat f =
        numberFormatOf(cast<MemRefType>(fn.getArgumentTypes()[d.argument]).getElementType());
    out << llvm::formatv("  parameter {0} element {1}: before {2}, after {3}\n", d.argument,
                         d.element, sem::formatElement(f, d.expected),
                         sem::formatElement(f, d.actual));
  }
  if (st.diff.count > st.diff.first.size())
    out << llvm::formatv("  ... {0} more\n", st.diff.count - st.diff.first.size());
  if (explains.empty())
    return 1;
  // Where the two runs diverge: the same elements explained in both.
  auto explainIn = [&](ModuleOp m, Executor ex, StringRef label) {
    out << label << ":\n";
    auto f = m.lookupSymbol<func::FuncOp>(options.entry);
    if (ex != Executor::Interpreter || !f) {
      out << "    (the JIT ran this stage: provenance needs the interpreter)\n";
      return;
    }
    auto k = PreparedKernel::prepare(f, RunMode::Interp, options.prepare);
    if (failed(k))
      return;
    std::vector<BoundArgument> copy = bound;
    std::vector<interp::Arg> args = freshArguments(copy);
    auto explained = k->interpreter()->explain(args, explains);
    if (succeeded(explained))
      printExplanations(copy, *explained, "    ");
  };
  explainIn(*result->before, stages[0].executor, "before the pipeline");
  explainIn(*result->after, st.executor, llvm::formatv("after pass {0} '{1}'", bad, st.pass).str());
  return 1;
}

} // namespace driver
} // namespace ascreg
