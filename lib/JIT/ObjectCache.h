//===- ObjectCache.h - on-disk cache of JIT-compiled kernels ----*- C++ -*-===//
//
// A compiled module is stored as one file per key in the cache directory:
// the machine code LLVM made of it and the check sites of its lowered form,
// so that a hit skips both the lowering and LLVM. The key covers everything
// the code depends on: the module's text with its locations, the entries,
// the JIT options, the host CPU and its features, the LLVM version and the
// identity of the ascreg build (the binary holding this code: path, size,
// modification time), so a rebuilt ascreg never loads another build's code.
//
// Entries are written to a temporary file and renamed into place, so
// concurrent writers of one key leave one whole entry; an entry that does
// not read back whole (wrong magic, size or checksum) is a miss and is
// overwritten by the compile that follows.
//
// A size limit keeps the directory bounded: after a store, the least
// recently used entries (oldest modification time; a hit renews it) are
// removed until the entries fit. Removing is safe under concurrent use: a
// reader holds the whole file once it has read it, and a removed entry is a
// miss. Temporary files of writers that died are removed after an hour;
// files that are not the cache's are never touched.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_JIT_OBJECTCACHE_H
#define ASCREG_LIB_JIT_OBJECTCACHE_H

#include "ascreg/JIT/JitKernel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"

#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace jit {
namespace cache {

/// A check site of the lowered module: its op name and its location as an
/// index into opLocations() of the module before lowering.
struct Site {
  std::string opName;
  uint32_t location = 0;
};

struct Entry {
  std::vector<Site> sites;
  std::string object; // an ELF object file
};

/// The distinct locations of the ops of `module`, in pre-order.
std::vector<mlir::Location> opLocations(mlir::ModuleOp module);

/// The key (64 hex digits) of compiling `entries` of `module` with `options`
/// for a host CPU `cpu` with `features`.
std::string makeKey(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries,
                    const Options &options, llvm::StringRef cpu, llvm::StringRef features);

/// The entry of `key` in `dir`, if there is a whole one (its modification
/// time is then renewed: it is the most recently used).
std::optional<Entry> load(llvm::StringRef dir, llvm::StringRef key);

/// Stores `entry` under `key` in `dir` (created if needed), then prunes
/// `dir` to `limitBytes` (0: no limit). A cache that cannot be written only
/// costs compile time: failures are ignored.
void store(llvm::StringRef dir, llvm::StringRef key, const Entry &entry, uint64_t limitBytes);

/// Removes the least recently used entries of `dir` but `keep`'s until the
/// entries take at most `limitBytes`, and writers' temporary files older
/// than an hour.
void prune(llvm::StringRef dir, uint64_t limitBytes, llvm::StringRef keep);

} // namespace cache
} // namespace jit
} // namespace ascreg

#endif
