//===- Findings.cpp - findings of the checks as Python objects ------------===//
#include "Findings.h"

#include "ascreg/Interpreter/FindingKinds.h"

namespace interp = ::ascreg::interp;

namespace ascreg_python {

PlainLoc plainLoc(mlir::Location loc) {
  PlainLoc p;
  ::ascreg::driver::findFileLineCol(loc, p.file, p.line, p.column);
  return p;
}

py::object fileOrNone(const PlainLoc &l) {
  return l.file.empty() ? py::object(py::none()) : py::object(lossyStr(l.file));
}

py::object iterationDict(const std::vector<std::pair<std::string, int64_t>> &it) {
  py::dict d;
  for (const auto &[name, value] : it)
    d[py::str(name)] = value;
  return std::move(d);
}

PlainFinding plainFinding(const interp::Finding &f) {
  PlainFinding p{f, plainLoc(f.loc), {}};
  for (const auto &[loc, text] : f.notes)
    p.notes.emplace_back(loc ? std::optional<PlainLoc>(plainLoc(*loc)) : std::nullopt, text);
  return p;
}

py::object findingObject(const PlainFinding &p, py::handle cls) {
  const interp::Finding &f = p.finding;
  py::list notes, lanes, elements;
  for (const auto &[loc, text] : p.notes)
    notes.append(
        py::make_tuple(loc ? py::object(py::make_tuple(lossyStr(loc->file), loc->line, loc->column))
                           : py::object(py::none()),
                       lossyStr(text)));
  for (const auto &[first, last] : f.lanes)
    lanes.append(py::make_tuple(first, last));
  for (const auto &[begin, end] : f.elements)
    elements.append(py::make_tuple(begin, end));
  py::dict kw;
  kw["notes"] = notes;
  kw["iteration"] = iterationDict(f.iteration);
  kw["lanes"] = lanes;
  kw["argument"] = f.argument >= 0 ? py::object(py::int_(f.argument)) : py::object(py::none());
  kw["elements"] = elements;
  kw["occurrences"] = f.occurrences;
  return cls(interp::checkName(f.kind), interp::findingKindName(f.kind), interp::useKindName(f.use),
             f.opName, fileOrNone(p.loc), p.loc.line, p.loc.column, lossyStr(f.message), **kw);
}

} // namespace ascreg_python
