//===- Frontend.h - the importer inside its library -------------*- C++ -*-===//
//
// The Clang side of the importer (Frontend.cpp and the translators), linked
// into the importer library AscRegImporter.so (Plugin.cpp) and, directly,
// into the import fuzz target. The tools reach it through
// ascreg::importCxxKernel (Hook.cpp), which loads that library.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_IMPORT_FRONTEND_H
#define ASCREG_LIB_IMPORT_FRONTEND_H

#include "ImportedModuleCache.h"

#include "ascreg/Import/Import.h"

namespace clang {
class ASTUnit;
} // namespace clang

namespace ascreg {
namespace import {

/// importCxxKernel in this process: parses `contents` (the file `path`)
/// against the twin's headers under `includeDir` (the directory holding
/// ascreg/AscendC/regapi) and translates it into a module on `context`,
/// verified. Errors are emitted on `context` at their C++ locations. With a
/// `twinCacheDir`, the twin header is precompiled there and used when that
/// gives the same result (PrecompiledTwin.h). With `inputs`, an import
/// that succeeds lists there what it depended on (collectInputs).
mlir::OwningOpRef<mlir::ModuleOp>
importInProcess(llvm::StringRef path, llvm::StringRef contents, mlir::MLIRContext *context,
                const ImportOptions &options, llvm::StringRef includeDir,
                llvm::StringRef twinCacheDir = "", ImportInputs *inputs = nullptr);

/// What the parse `unit` of the kernel `mainPath` depended on besides the
/// kernel's text and `options` (CollectInputs.cpp); `pch`: the precompiled
/// header it used, if any (its own inputs are listed instead).
ImportInputs collectInputs(clang::ASTUnit &unit, llvm::StringRef mainPath, llvm::StringRef pch,
                           const ImportOptions &options);

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_FRONTEND_H
