//===- ReportData.cpp - what a report of a run shows ---------------------===//
//
// Collects a ReportData: the header (the kernel, its arguments, the profile
// the run used), the traced events a page draws under the caps, findings,
// byte maps and buffers. ReportHtml.cpp draws it.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Report/Report.h"

#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Semantics/ElementFormat.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/LocationText.h"
#include "ascreg/Support/OutputFile.h"

#include "mlir/IR/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace ascreg {
namespace report {

namespace sem = ::ascreg::semantics;
using interp::TracedValue;
using interp::TraceEvent;

//===----------------------------------------------------------------------===//
// Trace collection under the cap
//===----------------------------------------------------------------------===//

void TraceCollector::onEvent(const TraceEvent &e) {
  ++total;
  // The tail is drawn whatever came before: permanent groups share the
  // rest of the drawn-ops budget, so a cf loop (its ops are outside every
  // scf loop) or a finding in every outer trip cannot grow the page.
  unsigned tail = std::max(1u, caps.tailIterations);
  uint64_t tailOps = uint64_t(tail) * caps.opsPerIteration;
  uint64_t permanentBudget = caps.drawnOps > tailOps ? caps.drawnOps - tailOps : 0;
  bool inLoop = !e.iteration.empty();
  std::pair<std::string, int64_t> key = inLoop ? e.iteration.front() : std::make_pair("", 0);
  if (groups.empty() || groups.back().inLoop != inLoop || groups.back().iteration != key) {
    ++numGroups;
    loopGroups += inLoop;
    bool pinned = !inLoop || loopGroups <= caps.headIterations ||
                  std::find(keep.begin(), keep.end(), key) != keep.end();
    if (pinned && permanentEvents >= permanentBudget) {
      pinned = false;
      drawnOpsReached = true;
    }
    groups.push_back(ReportGroup{inLoop, key, {}, 0, 0, 0});
    permanent.push_back(pinned);
    candidates += !pinned;
    // Drop the oldest tail candidate beyond the tail: the next kept group
    // counts it.
    if (candidates > tail) {
      size_t j = std::find(permanent.begin(), permanent.end(), false) - permanent.begin();
      ReportGroup &next = groups[j + 1];
      next.skippedGroupsBefore += 1 + groups[j].skippedGroupsBefore;
      next.skippedEventsBefore +=
          groups[j].events.size() + groups[j].omittedEvents + groups[j].skippedEventsBefore;
      groups.erase(groups.begin() + j);
      permanent.erase(permanent.begin() + j);
      --candidates;
    }
  }
  ReportGroup &g = groups.back();
  bool drawn = g.events.size() < caps.opsPerIteration;
  if (drawn && permanent.back() && permanentEvents >= permanentBudget) {
    drawn = false;
    drawnOpsReached = true;
  }
  if (!drawn) {
    ++g.omittedEvents;
    return;
  }
  g.events.push_back(e);
  permanentEvents += permanent.back();
}

void TraceCollector::finish(ReportRun &run) {
  run.traced = true;
  run.totalEvents = total;
  run.totalGroups = numGroups;
  run.drawnOpsReached = drawnOpsReached;
  run.groups = std::move(groups);
  groups.clear();
  permanent.clear();
  numGroups = loopGroups = total = candidates = permanentEvents = 0;
  drawnOpsReached = false;
}

std::vector<std::pair<std::string, int64_t>>
findingIterations(llvm::ArrayRef<interp::Finding> findings) {
  std::vector<std::pair<std::string, int64_t>> out;
  for (const interp::Finding &f : findings)
    if (!f.iteration.empty())
      out.push_back(f.iteration.front());
  return out;
}

sem::NumberFormat formatOf(mlir::Type t) {
  uint8_t bytes = uint8_t(t.isIntOrFloat() ? std::max(1u, t.getIntOrFloatBitWidth() / 8) : 8);
  if (t.isBF16())
    return {sem::NumberFormat::BFloat, 2};
  if (llvm::isa<mlir::FloatType>(t))
    return {sem::NumberFormat::IEEE, bytes};
  if (t.isUnsignedInteger())
    return {sem::NumberFormat::Unsigned, bytes};
  return {sem::NumberFormat::Signed, bytes};
}

ReportData describeKernel(mlir::func::FuncOp fn, llvm::StringRef source, llvm::StringRef mode,
                          llvm::ArrayRef<std::string> argText,
                          const std::optional<sem::Profile> &profile) {
  ReportData d;
  d.kernel = fn.getSymName().str();
  d.source = source.str();
  d.mode = mode.str();
  // The profile the interpreter runs with (the same rule).
  const sem::Profile p = effectiveProfile(fn, profile);
  const sem::Ctrl &c = p.ctrl;
  d.profile =
      llvm::formatv("{0}; CTRL[60] = {1}, CTRL[48] = {2}, CTRL[59] = {3}, CTRL[50] = {4}{5}",
                    sem::printProfile(p), int(c.globalSat), int(c.floatNonSat), int(c.intTruncate),
                    int(c.fp8NanKeep),
                    fn->hasAttr(AscRegDialect::getCtrlAttrName()) ? " (the kernel's ascreg.ctrl)"
                                                                  : "")
          .str();
  d.version = std::string("ascreg " ASCREG_VERSION_STRING ", semantics ") + sem::kSemanticsVersion;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    ReportArg a;
    llvm::raw_string_ostream ts(a.type);
    t.print(ts);
    a.value = i < argText.size() ? argText[i] : "";
    d.args.push_back(std::move(a));
  }
  return d;
}

llvm::Error reportRun(mlir::func::FuncOp fn, llvm::ArrayRef<interp::Arg> args,
                      const interp::Options &options, llvm::StringRef path,
                      llvm::StringRef source) {
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
    auto mt = llvm::dyn_cast<mlir::MemRefType>(types[i]);
    if (!mt)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "argument %zu is a buffer but the parameter is a scalar", i);
    unsigned eb = formatOf(mt.getElementType()).bytes;
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
  ReportData data = describeKernel(fn, source, "interp", text, options.profile);
  data.runs.push_back(recordRun(fn, options, makeArgs, data.caps, "interpreter"));
  if (llvm::Error err = writeReportFile(path, data))
    return err;
  if (!data.runs.front().error.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), data.runs.front().error);
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].isBuffer)
      std::memcpy(args[i].data, work[i].data(), work[i].size());
  return llvm::Error::success();
}

ReportBuffer bufferOf(mlir::func::FuncOp fn, unsigned argument, const void *data,
                      uint64_t numElements) {
  ReportBuffer b;
  b.argument = argument;
  b.format =
      formatOf(llvm::cast<mlir::MemRefType>(fn.getArgumentTypes()[argument]).getElementType());
  const uint8_t *p = static_cast<const uint8_t *>(data);
  b.data.assign(p, p + numElements * b.format.bytes);
  b.nanPayloadUnspecified = ::ascreg::debugging::unspecifiedNaNPayloadParams(fn)[argument];
  return b;
}

ReportRun recordRun(mlir::func::FuncOp fn, interp::Options options,
                    llvm::function_ref<std::vector<interp::Arg>()> makeArgs, const ReportCaps &caps,
                    llvm::StringRef label) {
  ReportRun run;
  run.label = label.str();
  if (!options.checks.any()) {
    options.checks = interp::CheckOptions::all();
    options.checks.ub = false; // it would resize UB
  }
  options.trace = nullptr;
  TraceCollector collector(caps);
  options.traceSink = &collector;
  // Runtime errors become the run's error rather than diagnostics.
  std::string errors;
  mlir::ScopedDiagnosticHandler handler(fn->getContext(), [&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
      errors += locationText(diag.getLocation(), /*fileBaseName=*/true) + ": " + diag.str() + "\n";
    return mlir::success();
  });
  auto kernel = interp::CompiledKernel::compile(fn, options);
  if (failed(kernel)) {
    run.error = errors.empty() ? "cannot compile the kernel" : errors;
    return run;
  }
  std::vector<interp::Arg> args = makeArgs();
  bool ok = succeeded((*kernel)->run(args));
  // Iterations with a finding that the cap left out: run again keeping them.
  ReportRun traced;
  collector.finish(traced);
  bool again = false;
  for (auto &key : findingIterations((*kernel)->findings())) {
    again |= llvm::none_of(traced.groups,
                           [&](const ReportGroup &g) { return g.inLoop && g.iteration == key; });
    collector.keep.push_back(key);
  }
  if (again) {
    args = makeArgs();
    ok = succeeded((*kernel)->run(args));
    collector.finish(traced);
  }
  run.traced = true;
  run.groups = std::move(traced.groups);
  run.totalEvents = traced.totalEvents;
  run.totalGroups = traced.totalGroups;
  run.drawnOpsReached = traced.drawnOpsReached;
  run.checked = true;
  run.findings.assign((*kernel)->findings().begin(), (*kernel)->findings().end());
  run.access = (*kernel)->bufferAccess();
  if (!ok)
    run.error = errors;
  for (auto [i, a] : llvm::enumerate(args))
    if (a.isBuffer)
      run.buffers.push_back(bufferOf(fn, i, a.data, a.numElements));
  return run;
}

} // namespace report
} // namespace ascreg
