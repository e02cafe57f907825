//===- Report.h - the report's traced run, through the driver ---*- C++ -*-===//
//
// The run an HTML report draws (ascreg/Report/Report.h draws it): the
// kernel prepared for the interpreter by the driver's prepare step
// (Prepare.h) with a trace sink and the debugging checks, run by its run
// step, the findings and the buffers recorded. ascreg-run --report (and its
// --bisect-pipeline report), the Python package's Kernel.report and the C
// API's ascregInterpretFunctionWithReport all record their runs here, so
// one rule decides how a report's run is compiled and which profile it runs
// with (the options' per-run profile, the one its header names).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_REPORT_H
#define ASCREG_DRIVER_REPORT_H

#include "ascreg/Driver/Prepare.h"
#include "ascreg/Report/Report.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace ascreg {
namespace driver {

/// Runs `fn` in the interpreter for a report: prepared with `options`,
/// traced under `caps`, with the checks of `options` (init, bounds, align
/// and coverage when none are set: they record the byte map), and a second
/// time when a finding lies in an iteration the cap left out. `makeArgs`
/// gives fresh arguments for each run; their buffers after the last run
/// become the run's buffers. A failed run is recorded with its error (the
/// diagnostic text).
report::ReportRun recordReportRun(mlir::func::FuncOp fn, PrepareOptions options,
                                  llvm::function_ref<std::vector<interp::Arg>()> makeArgs,
                                  const report::ReportCaps &caps, llvm::StringRef label);

/// Runs `fn` on `args` as the interpreter's run step does (the buffers hold
/// the results after a successful run) and writes the report of the run to
/// `path`, its header naming the profile `options` runs with: the entry
/// point of the C and Python APIs. Fails when the page cannot be written or
/// the run failed (the report is written either way).
llvm::Error reportRun(mlir::func::FuncOp fn, llvm::ArrayRef<interp::Arg> args,
                      const PrepareOptions &options, llvm::StringRef path,
                      llvm::StringRef source = "");

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_REPORT_H
