//===- Hook.cpp - the tools' one import hook --------------------*- C++ -*-===//
//
// What every front door calls (docs/import.md, "Where a C++ kernel is
// accepted"): importOrParseKernel, and importCxxKernel, which loads the
// importer library AscRegImporter.so on the first C++ input only
// (ImporterLibrary.h): an MLIR input never pays for loading Clang. The
// module comes back as bytecode; its diagnostics are re-emitted on the
// caller's context at their C++ locations. An unchanged kernel imported
// before comes from the imported-module cache (ImportedModuleCache.h)
// without loading the library.
//
//===----------------------------------------------------------------------===//
#include "ImporterLibrary.h"

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <dlfcn.h>
#include <mutex>

using namespace mlir;

namespace ascreg {

bool isCxxKernelSource(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".asc" || ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C";
}

OwningOpRef<ModuleOp> importOrParseKernel(llvm::SourceMgr &sourceMgr, const ParserConfig &config,
                                          const ImportOptions &options) {
  const llvm::MemoryBuffer *main = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (isCxxKernelSource(main->getBufferIdentifier()))
    return importCxxKernel(main->getBufferIdentifier(), main->getBuffer(), config.getContext(),
                           options);
  if (failed(checkParseLimits(sourceMgr, config.getContext())))
    return nullptr;
  return parseSourceFile<ModuleOp>(sourceMgr, config);
}

#ifndef ASCREG_HAVE_IMPORT

bool importerAvailable() { return false; }

OwningOpRef<ModuleOp> importCxxKernel(llvm::StringRef, llvm::StringRef, MLIRContext *context,
                                      const ImportOptions &) {
#ifdef ASCREG_STATIC_LLVM
  emitError(UnknownLoc::get(context))
      << "this ascreg was built with ASCREG_STATIC_LLVM, without the C++ importer (it needs "
         "the shared MLIR library): import the kernel with a default build";
#else
  emitError(UnknownLoc::get(context))
      << "this ascreg was built without the C++ importer (install libclang-cpp22-dev and "
         "libclang-22-dev, scripts/setup-deps.sh, and reconfigure)";
#endif
  return nullptr;
}

#else

/// The lib/ directory of the installed ascreg a program was built against:
/// AscRegConfig.cmake compiles a weak definition into every target that
/// links this hook (it computes the directory from where the package is,
/// so an install moved with `cmake --install --prefix P` is found from a
/// program anywhere). Null in the tools and in programs built otherwise.
extern "C" __attribute__((weak)) const char *ascregInstalledImporterDir(void);

namespace {

/// Where the importer library may be, in order: $ASCREG_IMPORTER; the
/// install the program was built against (ascregInstalledImporterDir); lib/
/// beside the directory of the binary holding this hook (a tool in bin/,
/// the Python module, a program linking the C API); the build tree's lib/;
/// the configured install prefix's lib/.
std::vector<std::string> candidates() {
  std::vector<std::string> out;
  if (std::optional<std::string> env = llvm::sys::Process::GetEnv("ASCREG_IMPORTER"))
    return {*env};
  if (ascregInstalledImporterDir)
    if (const char *dir = ascregInstalledImporterDir())
      out.push_back(std::string(dir) + "/" + import::kImporterLibraryName);
  std::vector<std::string> binaries = {
      llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&candidates))};
  Dl_info info; // the shared object holding the hook (the Python module)
  if (dladdr(reinterpret_cast<void *>(&candidates), &info) && info.dli_fname &&
      llvm::sys::path::is_absolute(info.dli_fname))
    binaries.push_back(info.dli_fname);
  for (const std::string &binary : binaries) {
    if (binary.empty())
      continue;
    llvm::SmallString<256> dir(binary);
    llvm::sys::path::remove_filename(dir);
    for (const char *rel : {"../lib", "."}) {
      llvm::SmallString<256> p(dir);
      llvm::sys::path::append(p, rel, import::kImporterLibraryName);
      llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
      if (!llvm::is_contained(out, p.str()))
        out.push_back(p.str().str());
    }
  }
  for (const char *dir : {ASCREG_IMPORTER_BUILD_DIR, ASCREG_IMPORTER_INSTALL_DIR}) {
    std::string p = std::string(dir) + "/" + import::kImporterLibraryName;
    if (!llvm::is_contained(out, p))
      out.push_back(p);
  }
  return out;
}

/// The importer a load would try first, by path, size and modification
/// time: part of the imported-module cache's key, so a rebuilt or upgraded
/// importer does not reuse what the old one imported. Empty: none is there.
std::string importerIdentity() {
  for (const std::string &path : candidates()) {
    llvm::sys::fs::file_status s;
    if (llvm::sys::fs::status(path, s) || s.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    return path + "\n" + std::to_string(s.getSize()) + "\n" +
           std::to_string(s.getLastModificationTime().time_since_epoch().count());
  }
  return "";
}

/// The module of a cached import (its bytecode) on `context`; null, and no
/// diagnostic, when the bytecode does not parse.
OwningOpRef<ModuleOp> parseCachedModule(llvm::StringRef bytecode, MLIRContext *context,
                                        llvm::StringRef path) {
  ScopedDiagnosticHandler quiet(context, [](Diagnostic &) { return success(); });
  return parseSourceString<ModuleOp>(bytecode, ParserConfig(context), path);
}

/// The library's entry point, loaded once per process; null with the
/// reason in `error`.
import::ImporterEntry loadImporter(std::string &error) {
  static std::once_flag once;
  static import::ImporterEntry entry = nullptr;
  static std::string failure;
  std::call_once(once, [] {
    std::string tried;
    for (const std::string &path : candidates()) {
      if (!llvm::sys::fs::exists(path)) {
        tried += "\n  " + path + " (not there)";
        continue;
      }
      // Local: the library's own copies of ascreg's code stay its own.
      void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!handle) {
        tried += "\n  " + path + ": " + dlerror();
        continue;
      }
      entry = reinterpret_cast<import::ImporterEntry>(dlsym(handle, import::kImporterEntryName));
      if (entry)
        return;
      tried += "\n  " + path + ": no " + import::kImporterEntryName;
    }
    failure = std::string("cannot load the C++ importer library ") + import::kImporterLibraryName +
              " (set ASCREG_IMPORTER to its path); tried:" + tried;
  });
  error = failure;
  return entry;
} // namespace

void emit(MLIRContext *context, const import::ImportDiagnostic &d,
          InFlightDiagnostic *parent = nullptr) {
  Location loc = d.file.empty() ? Location(UnknownLoc::get(context))
                                : FileLineColLoc::get(context, d.file, d.line, d.column);
  if (parent) {
    parent->attachNote(loc) << d.message;
    return;
  }
  InFlightDiagnostic diag =
      context->getDiagEngine().emit(loc, static_cast<DiagnosticSeverity>(d.severity));
  diag << d.message;
  for (const import::ImportDiagnostic &n : d.notes)
    emit(context, n, &diag);
}

} // namespace

bool importerAvailable() {
  std::string error;
  return loadImporter(error) != nullptr;
}

OwningOpRef<ModuleOp> importCxxKernel(llvm::StringRef path, llvm::StringRef contents,
                                      MLIRContext *context, const ImportOptions &options) {
  context->loadDialect<AscRegDialect, func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                       memref::MemRefDialect>();
  std::string cacheDir = import::importedModuleCacheDir(), key;
  if (!cacheDir.empty())
    if (std::string identity = importerIdentity(); !identity.empty())
      key = import::importedModuleKey(identity, path, contents, options);
  if (!key.empty())
    if (std::optional<std::string> bytecode = import::lookupImportedModule(cacheDir, key))
      if (OwningOpRef<ModuleOp> module = parseCachedModule(*bytecode, context, path))
        return module;
  auto importStart = std::chrono::system_clock::now();
  std::string error;
  import::ImporterEntry entry = loadImporter(error);
  if (!entry) {
    emitError(FileLineColLoc::get(context, path, 1, 1)) << error;
    return nullptr;
  }
  import::ImportResult result;
  bool ok = entry(path.str(), contents.str(), options, result);
  for (const import::ImportDiagnostic &d : result.diagnostics)
    emit(context, d);
  if (!ok)
    return nullptr;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(result.bytecode, ParserConfig(context), path);
  // Only a clean import: a cached one would not repeat its diagnostics.
  if (module && !key.empty() && result.diagnostics.empty())
    import::storeImportedModule(cacheDir, key, result.bytecode, result.inputs, importStart);
  return module;
}

#endif // ASCREG_HAVE_IMPORT

} // namespace ascreg
