//===- Errors.h - engine failures as ascreg.errors exceptions ---*- C++ -*-===//
//
// Every failure of the bindings is thrown as an AscregError (C++, so that it
// can be thrown with the GIL released) and translated into the
// ascreg.errors class of its kind, with the diagnostics (file, line, column)
// that explain it. Also the Python objects and conversions every area uses.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PYTHON_ERRORS_H
#define ASCREG_PYTHON_ERRORS_H

#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Session.h"

#include "llvm/ADT/StringRef.h"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace ascreg_python {
namespace py = pybind11;

/// One MLIR diagnostic, recorded and rendered by the driver's session.
using DiagRecord = ::ascreg::driver::DiagnosticRecord;
/// A mismatch of check mode: parameter, element, the interpreter's and the
/// JIT's bits (the driver's record).
using Mismatch = ::ascreg::driver::Mismatch;

/// The error categories of ascreg.errors (Python classes of the same name).
enum class ErrorKind { Parse, Verify, Pass, Compile, Argument, Run, Mismatch, Io };

/// Thrown by the bindings; translated into an ascreg.errors exception.
struct AscregError {
  ErrorKind kind;
  std::string message;
  std::vector<DiagRecord> diags;
  // Argument errors: the parameter concerned (-1 if none).
  int argument = -1;
  // Mismatch errors.
  std::vector<Mismatch> mismatches;
  uint64_t numMismatches = 0;
  // Location when no diagnostic carries one (argument errors: the parameter).
  std::string file;
  unsigned line = 0, column = 0;
};

/// Message of an error made of diagnostics: the rendered errors, in order.
std::string joinErrors(const std::vector<DiagRecord> &diags, llvm::StringRef fallback);
/// Throws an error of `kind` made of `diags` (`fallback` if none is an error).
[[noreturn]] void throwDiags(ErrorKind kind, std::vector<DiagRecord> diags,
                             llvm::StringRef fallback);

/// The ascreg.errors exception of `e`.
py::object makeError(const AscregError &e);
/// Makes AscregError raise as its ascreg.errors exception.
void registerErrorTranslator();

/// Python objects the bindings use, imported once and kept for the life of
/// the process (never destroyed: they would outlive the interpreter).
struct PyCache {
  py::object errors = py::module_::import("ascreg.errors");
  py::object numpy = py::module_::import("numpy");
  py::object floating = numpy.attr("floating");
  py::object f16 = numpy.attr("float16"), f32 = numpy.attr("float32"), f64 = numpy.attr("float64");
  py::object u16 = numpy.attr("uint16"), u32 = numpy.attr("uint32"), u64 = numpy.attr("uint64");
};
PyCache &pyCache();

/// A path argument (str, bytes or os.PathLike) as the bytes the OS sees;
/// TypeError for anything else.
std::string fsPath(py::handle h);
/// Text that may hold bytes of the user's source or file names (a Latin-1
/// identifier, a source line) as a str: bytes that are not UTF-8 become
/// U+FFFD instead of failing the conversion.
py::str lossyStr(const std::string &s);
/// The name of `h`'s Python type, for messages.
std::string pyTypeName(py::handle h);

} // namespace ascreg_python

#endif // ASCREG_PYTHON_ERRORS_H
