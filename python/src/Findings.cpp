//===- Findings.cpp - findings of the checks as Python objects ------------===//
#include "Findings.h"

namespace interp = ::ascreg::interp;

namespace ascreg_python {
namespace {

const char *findingKindName(interp::FindingKind k) {
  switch (k) {
  case interp::FindingKind::UninitializedUse:
    return "uninitialized_use";
  case interp::FindingKind::OutOfBufferRead:
    return "out_of_buffer_read";
  case interp::FindingKind::OutOfBufferWrite:
    return "out_of_buffer_write";
  case interp::FindingKind::OutOfBufferIndex:
    return "out_of_buffer_index";
  case interp::FindingKind::OutsideUB:
    return "outside_ub";
  case interp::FindingKind::Misaligned:
    return "misaligned";
  case interp::FindingKind::UnwrittenOutput:
    return "unwritten_output";
  case interp::FindingKind::UBFootprint:
    return "ub_footprint";
  }
  return "unknown";
}

const char *useKindName(interp::UseKind u) {
  switch (u) {
  case interp::UseKind::None:
    return "none";
  case interp::UseKind::Store:
    return "store";
  case interp::UseKind::GatherIndex:
    return "gather_index";
  case interp::UseKind::Mask:
    return "mask";
  case interp::UseKind::Branch:
    return "branch";
  case interp::UseKind::LoopBound:
    return "loop_bound";
  case interp::UseKind::Size:
    return "size";
  case interp::UseKind::Address:
    return "address";
  }
  return "unknown";
}

} // namespace

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
    notes.append(py::make_tuple(
        loc ? py::object(py::make_tuple(lossyStr(loc->file), loc->line, loc->column))
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
  return cls(interp::checkName(f.kind), findingKindName(f.kind), useKindName(f.use), f.opName,
             fileOrNone(p.loc), p.loc.line, p.loc.column, lossyStr(f.message), **kw);
}

} // namespace ascreg_python
