//===- CacheDir.h - where ascreg's on-disk caches live ----------*- C++ -*-===//
//
// The JIT's object cache, the importer's precompiled twin header and the
// imported modules live in the same place, chosen by the same rules, and
// each keeps its directory small by the same scan: its entries, most
// recently used first, and a writer's temporary files left behind. The
// importer's two caches name their entries by the same kind of key.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_CACHEDIR_H
#define ASCREG_SUPPORT_CACHEDIR_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/SHA256.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace ascreg {

/// The directory of ascreg's cache `name` (`jit`, `import`,
/// `import-modules`): the value of the environment variable `envVar` when
/// it is set ("off": no cache, the empty string), else
/// $XDG_CACHE_HOME/ascreg/NAME (an absolute $XDG_CACHE_HOME), else
/// $HOME/.cache/ascreg/NAME; empty when none applies.
std::string userCacheDir(llvm::StringRef envVar, llvm::StringRef name);

/// One entry of a cache directory.
struct CacheFile {
  std::string path;
  uint64_t bytes = 0;
  /// The modification time, which each use of the entry sets.
  llvm::sys::TimePoint<> used;
};

/// The regular files (not links) of `dir` whose names `isEntry` accepts,
/// the most recently used first (ties by path). Files whose names
/// `isTemporary` accepts and that were last written more than `staleAfter`
/// ago are removed on the way: a writer that was interrupted left them.
std::vector<CacheFile> listCacheFiles(llvm::StringRef dir,
                                      llvm::function_ref<bool(llvm::StringRef)> isEntry,
                                      llvm::function_ref<bool(llvm::StringRef)> isTemporary,
                                      std::chrono::seconds staleAfter);

/// Removes all but the first `keep` of `files` (listCacheFiles' order).
void removeAllButMostRecent(const std::vector<CacheFile> &files, size_t keep);

/// The name of a cache entry: a SHA-256 of what the entry depends on, field
/// by field, each field ended by a NUL so that no two lists of fields hash
/// alike ("ab", "c" and "a", "bc" differ).
class CacheKey {
public:
  CacheKey &add(llvm::StringRef field) {
    hash.update(field);
    hash.update(llvm::StringRef("\0", 1));
    return *this;
  }
  /// The first 16 bytes of the digest, as 32 lower-case hex digits.
  std::string hex();

private:
  llvm::SHA256 hash;
};

} // namespace ascreg

#endif // ASCREG_SUPPORT_CACHEDIR_H
