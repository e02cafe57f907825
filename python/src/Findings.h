//===- Findings.h - findings of the checks as Python objects ----*- C++ -*-===//
//
// A finding of the debugging checks (ascreg/Interpreter/Debugging.h) is
// copied under the session lock into plain data (no MLIR object is read
// while Python objects are built) and then becomes an
// ascreg.debugging.Finding.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PYTHON_FINDINGS_H
#define ASCREG_PYTHON_FINDINGS_H

#include "Errors.h"

#include "ascreg/Interpreter/Debugging.h"

#include "mlir/IR/Location.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ascreg_python {

/// A location as plain data.
struct PlainLoc {
  std::string file;
  unsigned line = 0, column = 0;
};
PlainLoc plainLoc(mlir::Location loc);
/// The file of `l`, None if it has none.
py::object fileOrNone(const PlainLoc &l);
/// The enclosing loops' induction variables as a dict.
py::object iterationDict(const std::vector<std::pair<std::string, int64_t>> &it);

/// A finding with its locations as plain data.
struct PlainFinding {
  ::ascreg::interp::Finding finding;
  PlainLoc loc;
  std::vector<std::pair<std::optional<PlainLoc>, std::string>> notes;
};
PlainFinding plainFinding(const ::ascreg::interp::Finding &f);
/// An ascreg.debugging.Finding; `cls` is that class.
py::object findingObject(const PlainFinding &p, py::handle cls);

} // namespace ascreg_python

#endif // ASCREG_PYTHON_FINDINGS_H
