//===- AscRegModule.cpp - the `ascreg._ascreg` Python extension -*- C++ -*-===//
//
// Python bindings (pybind11) of the ascreg engine: load a kernel (parse,
// verify, optional pass pipeline), run it on numpy arrays and Python scalars
// with the interpreter, the JIT or both compared bit for bit, and emit Ascend
// C. The public API is `ascreg/__init__.py`; docs/python.md documents it.
//
// The extension is split by area over the driver (ascreg/Driver), as
// CIRCT's bindings are: Errors (exceptions, diagnostics), Kernel and
// KernelBindings (loading, the entry's parameters, the Kernel class),
// Arguments (arrays, scalars, dtypes), Run (modes, check mode), Findings,
// Debugging, Bisect and Report. This file assembles the module and holds
// the engine's facts (semantic points, versions, modes).
//
//===----------------------------------------------------------------------===//
#include "Arguments.h"
#include "Errors.h"
#include "Kernel.h"

#include "ascreg/Driver/RunMode.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/InitAll.h"
#include "ascreg/Semantics/Semantics.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace sem = ::ascreg::semantics;
namespace driver = ::ascreg::driver;
using namespace ascreg_python;

PYBIND11_MODULE(_ascreg, m) {
  m.doc() = "ascreg engine bindings (use the `ascreg` package)";
  registerErrorTranslator();
  // A kernel's pipeline may name any upstream pass (ascreg-run's are fewer).
  driver::useRegistration(::ascreg::registerAllDialects, ::ascreg::registerAllPasses);

  m.def(
      "semantic_points",
      [] {
        py::list points;
        unsigned n = 0;
        const sem::ProfilePoint *table = sem::profilePoints(n);
        for (unsigned i = 0; i < n; ++i) {
          py::list candidates;
          for (unsigned c = 0; c < table[i].numCandidates; ++c)
            candidates.append(
                py::make_tuple(table[i].candidates[c].name, table[i].candidates[c].effect));
          py::dict d;
          d["key"] = table[i].key;
          d["open_point"] = table[i].openPoint;
          d["question"] = table[i].question;
          d["affects"] = table[i].affects;
          d["candidates"] = candidates;
          points.append(d);
        }
        return points;
      },
      "The open semantic points (docs/semantics.md section 8): key, open_point, question, "
      "affects, candidates [(name, effect)], the documented candidate first.");

  populateKernelBindings(m);
  populateScalarBindings(m);
  m.attr("semantics_version") = sem::kSemanticsVersion;
  m.attr("default_ub_capacity") = sem::kDefaultUBCapacity;
  m.attr("modes") = py::make_tuple(driver::runModeName(driver::RunMode::Interp).str(),
                                   driver::runModeName(driver::RunMode::Jit).str(),
                                   driver::runModeName(driver::RunMode::Check).str());
}
