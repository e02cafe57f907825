//===- ReportData.cpp - what a report of a run shows ---------------------===//
//
// Collects a ReportData: the header (the kernel, its arguments, the profile
// the run used), the traced events a page draws under the caps, findings,
// byte maps and buffers. ReportHtml.cpp draws it; the run itself is the
// driver's (ascreg/Driver/Report.h).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Report/Report.h"

#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Semantics/ElementFormat.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

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

} // namespace report
} // namespace ascreg
