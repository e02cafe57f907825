//===- Report.cpp - the report's traced run, through the driver -*- C++ -*-===//
#include "ascreg/Driver/Report.h"

#include "ascreg/Support/LocationText.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace mlir;

namespace ascreg {
namespace driver {

namespace rpt = ::ascreg::report;

rpt::ReportRun recordReportRun(func::FuncOp fn, PrepareOptions options,
                               llvm::function_ref<std::vector<interp::Arg>()> makeArgs,
                               const rpt::ReportCaps &caps, StringRef label) {
  rpt::ReportRun run;
  run.label = label.str();
  interp::Options &io = options.interp;
  if (!io.checks.any()) {
    io.checks = interp::CheckOptions::all();
    io.checks.ub = false; // it would resize UB
  }
  io.trace = nullptr;
  rpt::TraceCollector collector(caps);
  io.traceSink = &collector;
  // Runtime errors become the run's error rather than diagnostics.
  std::string errors;
  ScopedDiagnosticHandler handler(fn->getContext(), [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors += locationText(diag.getLocation(), /*fileBaseName=*/true) + ": " + diag.str() + "\n";
    return success();
  });
  auto kernel = PreparedKernel::prepare(fn, RunMode::Interp, options);
  if (failed(kernel)) {
    run.error = errors.empty() ? "cannot compile the kernel" : errors;
    return run;
  }
  interp::CompiledKernel &interpreter = *kernel->interpreter();
  std::vector<interp::Arg> args = makeArgs();
  bool ok = succeeded(kernel->run(RunMode::Interp, args));
  // Iterations with a finding that the cap left out: run again keeping them.
  rpt::ReportRun traced;
  collector.finish(traced);
  bool again = false;
  for (auto &key : rpt::findingIterations(interpreter.findings())) {
    again |= llvm::none_of(
        traced.groups, [&](const rpt::ReportGroup &g) { return g.inLoop && g.iteration == key; });
    collector.keep.push_back(key);
  }
  if (again) {
    args = makeArgs();
    ok = succeeded(kernel->run(RunMode::Interp, args));
    collector.finish(traced);
  }
  run.traced = true;
  run.groups = std::move(traced.groups);
  run.totalEvents = traced.totalEvents;
  run.totalGroups = traced.totalGroups;
  run.drawnOpsReached = traced.drawnOpsReached;
  run.checked = true;
  run.findings.assign(interpreter.findings().begin(), interpreter.findings().end());
  run.access = interpreter.bufferAccess();
  if (!ok)
    run.error = errors;
  for (auto [i, a] : llvm::enumerate(args))
    if (a.isBuffer)
      run.buffers.push_back(rpt::bufferOf(fn, i, a.data, a.numElements));
  return run;
}

llvm::Error reportRun(func::FuncOp fn, llvm::ArrayRef<interp::Arg> args,
                      const PrepareOptions &options, StringRef path, StringRef source) {
  auto types = fn.getArgumentTypes();
  if (args.size() != types.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the kernel takes %zu arguments, got %zu", types.size(),
                                   args.size());
  // The runs work on copies of the inputs (a second run needs them again).
  std::vector<std::vector<uint8_t>> inputs(args.size()), work(args.size());
  std::vector<std::string> text;
  for (auto [i, a] : llvm::enumerate(args)) {
    if (!a.isBuffer) {
      text.push_back("bits " + llvm::utohexstr(a.bits, true));
      continue;
    }
    auto mt = llvm::dyn_cast<MemRefType>(types[i]);
    if (!mt)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "argument %zu is a buffer but the parameter is a scalar", i);
    unsigned eb = rpt::formatOf(mt.getElementType()).bytes;
    const uint8_t *p = static_cast<const uint8_t *>(a.data);
    inputs[i].assign(p, p + a.numElements * eb);
    text.push_back(std::to_string(a.numElements) + " elements" +
                   (a.uninitialized ? ", uninitialised" : "") + (a.output ? ", output" : ""));
  }
  auto makeArgs = [&] {
    std::vector<interp::Arg> out(args.begin(), args.end());
    for (size_t i = 0; i < out.size(); ++i)
      if (out[i].isBuffer) {
        work[i] = inputs[i];
        out[i].data = work[i].data();
      }
    return out;
  };
  rpt::ReportData data =
      rpt::describeKernel(fn, source, runModeName(RunMode::Interp), text, options.interp.profile);
  data.runs.push_back(recordReportRun(fn, options, makeArgs, data.caps, "interpreter"));
  if (llvm::Error err = rpt::writeReportFile(path, data))
    return err;
  if (!data.runs.front().error.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), data.runs.front().error);
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].isBuffer)
      std::memcpy(args[i].data, work[i].data(), work[i].size());
  return llvm::Error::success();
}

} // namespace driver
} // namespace ascreg
