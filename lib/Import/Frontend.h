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

#include "llvm/Support/VirtualFileSystem.h"

#include <set>

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

/// The real file system, noting every path a parse looked for and did not
/// find: the places an include or a `__has_include` searched before the
/// directory that had the header, or in vain (a header put there later
/// would change the parse).
class MissRecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  MissRecordingFileSystem() : ProxyFileSystem(llvm::vfs::getRealFileSystem()) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &path) override;
  bool exists(const llvm::Twine &path) override;
  /// The paths not found, absolute.
  const std::set<std::string> &misses() const { return missed; }

private:
  void noteMiss(const llvm::Twine &path, std::error_code error);
  std::set<std::string> missed;
};

/// What the parse `unit` of the kernel `mainPath` depended on besides the
/// kernel's text and `options` (CollectInputs.cpp); `pch`: the precompiled
/// header it used, if any (its own inputs are listed instead); `misses`:
/// the paths the parse looked for in vain (MissRecordingFileSystem).
ImportInputs collectInputs(clang::ASTUnit &unit, llvm::StringRef mainPath, llvm::StringRef pch,
                           const ImportOptions &options, const std::set<std::string> &misses);

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_FRONTEND_H
