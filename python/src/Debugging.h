//===- Debugging.h - Kernel.debug, Kernel.bisect, Kernel.report -*- C++ -*-===//
//
// The debugging front doors of a kernel (docs/debugging.md, docs/report.md):
// one interpreter run with the structured trace, the checks and the
// provenance of output elements; pass bisection; the HTML report of a run.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PYTHON_DEBUGGING_H
#define ASCREG_PYTHON_DEBUGGING_H

#include "Kernel.h"

#include "ascreg/Interpreter/Debugging.h"

namespace ascreg_python {

/// What Kernel.debug asks for.
struct DebugRequest {
  bool trace = false;
  size_t traceLimit = 100000;
  std::string checks; // "" = none, else CheckOptions::parse syntax
  unsigned maxFindings = 100;
  std::vector<::ascreg::interp::ExplainRequest> explain;
  std::vector<unsigned> uninitialized, outputs;
};

/// Kernel.debug's explain=: an iterable of (argument, element or iterable
/// of elements) pairs. Malformed requests raise ArgumentError.
std::vector<::ascreg::interp::ExplainRequest> explainRequests(py::handle explain, unsigned depth);

/// Kernel.debug: one interpreter run with the requested trace, checks and
/// explanations; returns an ascreg.debugging.DebugReport. A failed run is
/// reported in the report (its buffers are left untouched), not raised.
py::object debugKernel(Kernel &k, py::args args, const DebugRequest &req);

/// Kernel.bisect: the kernel on the same arguments before `pipeline` and
/// after each of its passes (ascreg::driver::bisectPipeline); the arrays
/// are not modified.
py::object bisectKernel(Kernel &k, const std::string &pipeline, py::args args,
                        const std::vector<std::string> &plugins);

/// Kernel.report: an interpreter run on `args` (bound in place) with the
/// HTML report of it written to `path` (ascreg/Report/Report.h). `checks`:
/// None for the report's default checks, else CheckOptions::parse syntax.
void reportKernel(Kernel &k, const std::string &path, py::args args, py::object checks,
                  const std::vector<unsigned> &outputs, const std::vector<unsigned> &uninitialized);

} // namespace ascreg_python

#endif // ASCREG_PYTHON_DEBUGGING_H
