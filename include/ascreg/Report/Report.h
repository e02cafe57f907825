//===- Report.h - a self-contained HTML picture of a kernel run -*- C++ -*-===//
//
// writeReport draws one run, or two runs side by side (check mode: the
// interpreter against the JIT; bisection: before and after a pass), from the
// interpreter's structured trace (TraceEvent), the debugging checks'
// findings and UB byte map (Finding, BufferAccess) and the buffers after the
// run. The page has inline CSS, JS and SVG only: nothing is fetched.
//
//   - header: kernel, arguments (shapes, dtypes), mode, profile, versions;
//   - findings, each linked to its op in the timeline and to the byte map;
//   - timeline of the traced ops grouped by the outermost loop's iteration,
//     capped for long runs (ReportCaps): the first and last iterations and
//     every iteration with a finding are drawn, the rest counted;
//   - registers as lane grids coloured by value class (title: exact value
//     and hex), masks as strips at the lane width of the op using them, and
//     what decided each result (max/min winner, gather sources, pairs);
//   - per buffer a byte map (read / written / never written / read while
//     undefined) with the findings marked;
//   - with two runs, their buffers side by side, differing elements
//     highlighted and a link to the first divergence.
//
// This library collects and draws; the run a report draws is the driver's
// (ascreg/Driver/Report.h: recordReportRun, reportRun), prepared and run as
// every front door runs a kernel.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_REPORT_REPORT_H
#define ASCREG_REPORT_REPORT_H

#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace report {

/// One kernel parameter, as the header shows it.
struct ReportArg {
  std::string type;  // MLIR type, e.g. "memref<?xf32>"
  std::string value; // "f32[256] from x.npy" or "i32:5"
};

/// A buffer parameter after a run.
struct ReportBuffer {
  unsigned argument = 0;
  /// How an element reads (formatOf).
  semantics::NumberFormat format{semantics::NumberFormat::Unsigned, 1};
  std::vector<uint8_t> data; // the elements after the run
  /// Two NaNs agree when runs are compared (debugging/NaNPayloads.h).
  bool nanPayloadUnspecified = false;
};

/// Consecutive traced ops of one iteration of the outermost loop (or
/// outside every loop).
struct ReportGroup {
  bool inLoop = false;
  std::pair<std::string, int64_t> iteration; // the loop variable and its value
  std::vector<interp::TraceEvent> events;
  uint64_t omittedEvents = 0; // ops of this group beyond the cap
  /// Groups (and their ops) left out by the cap just before this one.
  uint64_t skippedGroupsBefore = 0, skippedEventsBefore = 0;
};

/// One run: its trace (as kept by a TraceCollector), findings, UB byte map
/// and buffers.
struct ReportRun {
  std::string label; // "interpreter", "JIT", "before convert-ascreg-to-dav"
  bool traced = false;
  std::vector<ReportGroup> groups;
  uint64_t totalEvents = 0, totalGroups = 0;
  /// ReportCaps::drawnOps stopped the drawing before the end of the run.
  bool drawnOpsReached = false;
  std::vector<interp::Finding> findings;
  bool checked = false; // the debugging checks ran (byte map available)
  std::vector<interp::BufferAccess> access;
  std::vector<ReportBuffer> buffers;
  /// The run failed (its buffers are the inputs): the error.
  std::string error;
};

/// What is drawn in full, and what is only counted.
struct ReportCaps {
  unsigned headIterations = 4;       // first iterations of the outermost loop
  unsigned tailIterations = 2;       // last iterations
  unsigned opsPerIteration = 64;     // ops drawn per iteration
  unsigned laneMapEntries = 256;     // gather / pair mapping rows per op
  uint64_t elementsPerBuffer = 8192; // elements drawn per buffer comparison
  /// Ops drawn per run in all, wherever they come from (the head, the
  /// iterations with a finding, ops outside loops, e.g. the body of a cf
  /// loop, and the tail together); the rest are counted.
  unsigned drawnOps = 1024;
};

struct ReportData {
  std::string kernel; // the entry function
  std::string source; // the kernel file
  std::string mode;   // "interp", "check", "bisect", ...
  std::string profile;
  std::string version;  // ascreg and semantics versions
  std::string pipeline; // passes run before execution, if any
  std::vector<ReportArg> args;
  std::vector<ReportRun> runs; // one, or two drawn side by side
  ReportCaps caps;
};

/// Keeps the events a report draws under `caps`: every event of the first
/// `headIterations` groups (runs of events with the same outermost loop
/// iteration, or outside loops), the last `tailIterations`, and those of
/// the iterations in `keep` (e.g. the iterations of a first run's findings);
/// the others are counted.
class TraceCollector : public interp::TraceSink {
public:
  explicit TraceCollector(ReportCaps caps = {}) : caps(caps) {}
  /// Outermost iterations (loop variable name, value) to keep in full.
  std::vector<std::pair<std::string, int64_t>> keep;
  void onEvent(const interp::TraceEvent &event) override;
  /// Moves the kept events (in run order) and the counts into `run`.
  void finish(ReportRun &run);

private:
  ReportCaps caps;
  /// Kept groups; `permanent[i]`: kept whatever follows (head, pinned,
  /// outside loops), else a tail candidate.
  std::vector<ReportGroup> groups;
  std::vector<bool> permanent;
  uint64_t numGroups = 0, loopGroups = 0, total = 0;
  /// Tail candidates among `groups`; events kept in permanent groups.
  uint64_t candidates = 0, permanentEvents = 0;
  bool drawnOpsReached = false;
};

/// The first iteration of each finding's outermost loop, for
/// TraceCollector::keep.
std::vector<std::pair<std::string, int64_t>>
findingIterations(llvm::ArrayRef<interp::Finding> findings);

/// The header of a report of `fn` (entry, parameter types, the profile the
/// run uses: ascreg::effectiveProfile of `fn` and the run's `profile`
/// override, versions); `argText[i]` describes argument i (e.g. the --arg
/// given).
ReportData describeKernel(mlir::func::FuncOp fn, llvm::StringRef source, llvm::StringRef mode,
                          llvm::ArrayRef<std::string> argText,
                          const std::optional<semantics::Profile> &profile = std::nullopt);

/// The format of a memref's elements (signless integers as signed, as the
/// register lanes the kernel loads them into).
semantics::NumberFormat formatOf(mlir::Type elementType);

/// A buffer parameter's contents for ReportRun::buffers.
ReportBuffer bufferOf(mlir::func::FuncOp fn, unsigned argument, const void *data,
                      uint64_t numElements);

/// Writes the HTML page.
void writeReport(llvm::raw_ostream &os, const ReportData &data);
/// Writes the page to `path` by the output-file rule
/// (ascreg/Support/OutputFile.h).
llvm::Error writeReportFile(llvm::StringRef path, const ReportData &data);

} // namespace report
} // namespace ascreg

#endif // ASCREG_REPORT_REPORT_H
