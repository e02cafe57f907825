//===- ImporterLibrary.h - the tools <-> the importer library ---*- C++ -*-===//
//
// The C++ importer links Clang's C++ library, whose loading cost every tool
// start ~0.1 s. So it is a library of its own, AscRegImporter.so
// (Plugin.cpp), that the import hook (Hook.cpp) loads on the first C++
// input. It imports into a context of its own (it has its own copy of the
// ascreg dialect) and hands back the module as bytecode and its diagnostics
// as records, which the hook re-emits on the caller's context at the same
// C++ locations. Both sides are built together: the entry point's name
// carries the interface's version.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_IMPORT_IMPORTERLIBRARY_H
#define ASCREG_LIB_IMPORT_IMPORTERLIBRARY_H

#include "ImportedModuleCache.h"

#include "ascreg/Import/Import.h"

#include <string>
#include <vector>

namespace ascreg {
namespace import {

/// One diagnostic of the import, at the first file:line:col of its location.
struct ImportDiagnostic {
  int severity = 0; // mlir::DiagnosticSeverity
  std::string file; // empty: no file location
  unsigned line = 0, column = 0;
  std::string message;
  std::vector<ImportDiagnostic> notes;
};

struct ImportResult {
  std::string bytecode; // the module, when the import succeeded
  std::vector<ImportDiagnostic> diagnostics;
  /// What the import depended on (for the imported-module cache).
  ImportInputs inputs;
};

/// The library's entry point: imports `contents` (the file `path`) with
/// `options` into `result`; false on any error.
using ImporterEntry = bool (*)(const std::string &path, const std::string &contents,
                               const ImportOptions &options, ImportResult &result);
inline constexpr char kImporterEntryName[] = "ascregImporterEntryV2";
/// The library's file name (in lib/ of the build and the install tree).
inline constexpr char kImporterLibraryName[] = "AscRegImporter.so";

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_IMPORTERLIBRARY_H
