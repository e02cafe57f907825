//===- Errors.cpp - engine failures as ascreg.errors exceptions -*- C++ -*-===//
#include "Errors.h"

namespace ascreg_python {
namespace driver = ::ascreg::driver;

namespace {

const char *errorClassName(ErrorKind k) {
  switch (k) {
  case ErrorKind::Parse:
    return "ParseError";
  case ErrorKind::Verify:
    return "VerifyError";
  case ErrorKind::Pass:
    return "PassError";
  case ErrorKind::Compile:
    return "CompileError";
  case ErrorKind::Argument:
    return "ArgumentError";
  case ErrorKind::Run:
    return "RunError";
  case ErrorKind::Mismatch:
    return "MismatchError";
  case ErrorKind::Io:
    return "LoadError";
  }
  return "Error";
}

py::object toPython(const DiagRecord &d) {
  py::list notes;
  for (const DiagRecord &n : d.notes)
    notes.append(toPython(n));
  py::object cls = pyCache().errors.attr("Diagnostic");
  return cls(driver::severityName(d.severity), lossyStr(d.message),
             d.file.empty() ? py::object(py::none()) : py::object(lossyStr(d.file)), d.line,
             d.column, lossyStr(d.text), notes);
}

} // namespace

std::string joinErrors(const std::vector<DiagRecord> &diags, llvm::StringRef fallback) {
  std::string msg;
  for (const DiagRecord &d : diags) {
    if (d.severity != mlir::DiagnosticSeverity::Error)
      continue;
    if (!msg.empty())
      msg += "\n";
    msg += d.text.empty() ? d.message : d.text;
  }
  return msg.empty() ? fallback.str() : msg;
}

void throwDiags(ErrorKind kind, std::vector<DiagRecord> diags, llvm::StringRef fallback) {
  AscregError e{kind, joinErrors(diags, fallback), std::move(diags)};
  throw e;
}

py::object makeError(const AscregError &e) {
  py::object cls = pyCache().errors.attr(errorClassName(e.kind));
  py::list diags;
  for (const DiagRecord &d : e.diags)
    diags.append(toPython(d));
  py::dict kw;
  kw["diagnostics"] = diags;
  if (e.argument >= 0)
    kw["argument"] = e.argument;
  if (!e.file.empty()) {
    kw["file"] = lossyStr(e.file);
    kw["line"] = e.line;
    kw["column"] = e.column;
  }
  if (e.kind == ErrorKind::Mismatch) {
    py::list ms;
    for (const Mismatch &m : e.mismatches)
      ms.append(py::make_tuple(m.argument, m.element, m.expected, m.actual));
    kw["mismatches"] = ms;
    kw["num_mismatches"] = e.numMismatches;
  }
  return cls(lossyStr(e.message), **kw);
}

void registerErrorTranslator() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const AscregError &e) {
      py::object exc = makeError(e);
      PyErr_SetObject(exc.get_type().ptr(), exc.ptr());
    }
  });
}

PyCache &pyCache() {
  static PyCache *cache = new PyCache();
  return *cache;
}

std::string fsPath(py::handle h) {
  static py::object *fsencode = new py::object(py::module_::import("os").attr("fsencode"));
  return (*fsencode)(h).cast<std::string>();
}

py::str lossyStr(const std::string &s) {
  PyObject *o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o)
    throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

std::string pyTypeName(py::handle h) { return py::str(py::type::of(h).attr("__name__")); }

} // namespace ascreg_python
