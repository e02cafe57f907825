//===- ImportedModuleCache.h - imported modules kept on disk ----*- C++ -*-===//
//
// An import takes a third of a second with the precompiled twin header and
// 2.5 s without; a kernel run again unchanged (new inputs, another mode,
// `ascreg-run --repeat` in a script) need not be parsed again. The tools'
// import hook keeps each imported module under a key of everything the
// import was asked (the importer library, the kernel's path and text, the
// options) with a list of what it depended on: every file it read, by
// contents; every place in the user's directories where a header put later
// would be found first, by absence; every other directory searched, by
// modification time. An entry is used only when all of them are as they
// were (docs/import.md, "The imported-module cache").
//
// No Clang here: the hook checks an entry without loading the importer.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_IMPORT_IMPORTEDMODULECACHE_H
#define ASCREG_LIB_IMPORT_IMPORTEDMODULECACHE_H

#include "ascreg/Import/Import.h"

#include "llvm/Support/Chrono.h"

#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace import {

/// What an import depended on besides the kernel's text and its options
/// (absolute paths): the files it read, places where a header put later
/// would be found first, and the other directories searched for includes.
struct ImportInputs {
  std::vector<std::string> files;
  std::vector<std::string> absentPaths;
  std::vector<std::string> searchDirs;
};

/// The directory of the cache: $ASCREG_IMPORT_MODULE_CACHE ("off": none,
/// the empty string), else import-modules/ beside the other caches
/// (CacheDir.h).
std::string importedModuleCacheDir();

/// The key of importing `contents` (the file `path`, as spelled: the
/// module's locations carry that spelling) with `options` by the importer
/// `importerIdentity` (its path, size and modification time). Relative
/// paths are keyed with the working directory.
std::string importedModuleKey(llvm::StringRef importerIdentity, llvm::StringRef path,
                              llvm::StringRef contents, const ImportOptions &options);

/// The module (bytecode) stored under `key` in `cacheDir` when every file
/// and directory it read is as it was; nothing otherwise (no entry, a
/// damaged one or one that is not a regular file, a changed input).
std::optional<std::string> lookupImportedModule(llvm::StringRef cacheDir, llvm::StringRef key);

/// Stores `bytecode` under `key` with the `inputs` of its import as they
/// are now (written whole or not at all), and removes all but the
/// kKeptImportedModules most recently used entries. Nothing is stored when
/// an input file changed after `importStart` (the module may be of its old
/// contents). Best effort: a cache that cannot be written is no error.
void storeImportedModule(llvm::StringRef cacheDir, llvm::StringRef key, llvm::StringRef bytecode,
                         const ImportInputs &inputs, llvm::sys::TimePoint<> importStart);

inline constexpr unsigned kKeptImportedModules = 256;

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_IMPORTEDMODULECACHE_H
