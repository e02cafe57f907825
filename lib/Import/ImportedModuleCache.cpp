//===- ImportedModuleCache.cpp - imported modules kept on disk ------------===//
//
// An entry, module-KEY.entry, is text lines and then the module:
//
//   ascreg-imported-module 1
//   file SIZE XXH3-128 STAMP PATH  a file the import read, by contents
//   absent PATH                  where a header put later would be found first
//   dir MTIME-NS PATH            another directory searched for includes
//   module BYTES
//   <the module's bytecode>
//
// STAMP is the file's device, inode, modification and status-change times
// when the file was older than the import by a margin, else `-`. A file
// whose stamp is unchanged has not been written since (its status-change
// time moves on every write and no program can set it back), so only
// files with another stamp are read and hashed: the 360 headers of a
// kernel of the twin are 5 MB, most of a lookup's time otherwise.
//
//===----------------------------------------------------------------------===//
#include "ImportedModuleCache.h"

#include "ascreg/Support/CacheDir.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>
#include <sys/stat.h>
#include <sys/time.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using llvm::StringRef;

namespace ascreg {
namespace import {

namespace {
constexpr StringRef kMagic = "ascreg-imported-module 1";
/// Larger entries are not read: a module of a 4 MiB kernel is far smaller.
constexpr uint64_t kMaxEntryBytes = uint64_t(256) << 20;

std::string entryPath(StringRef cacheDir, StringRef key) {
  llvm::SmallString<256> p(cacheDir);
  path::append(p, "module-" + key + ".entry");
  return p.str().str();
}

std::string contentHash(StringRef bytes) {
  llvm::XXH128_hash_t h = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(bytes));
  return llvm::utohexstr(h.high64, /*LowerCase=*/true, /*Width=*/16) +
         llvm::utohexstr(h.low64, /*LowerCase=*/true, /*Width=*/16);
}

/// Files changed within this time before an import are stored without a
/// stamp: a status-change time only moves with the kernel's clock tick.
constexpr std::chrono::seconds kStampMargin(2);
constexpr std::chrono::milliseconds kClockTick(10);

std::string stampOf(const struct stat &s) {
  return llvm::formatv("{0:x}:{1:x}:{2:x}.{3:x}:{4:x}.{5:x}", uint64_t(s.st_dev),
                       uint64_t(s.st_ino), int64_t(s.st_mtim.tv_sec), int64_t(s.st_mtim.tv_nsec),
                       int64_t(s.st_ctim.tv_sec), int64_t(s.st_ctim.tv_nsec))
      .str();
}

int64_t modificationNanoseconds(const fs::file_status &s) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             s.getLastModificationTime().time_since_epoch())
      .count();
}

/// Whether the input line `line` (of an entry) still holds.
bool stillHolds(StringRef line) {
  auto [kind, rest] = line.split(' ');
  fs::file_status s;
  if (kind == "absent")
    return !fs::exists(rest);
  if (kind == "dir") {
    auto [mtime, dir] = rest.split(' ');
    int64_t expected;
    return !mtime.getAsInteger(10, expected) && !fs::status(dir, s) &&
           s.type() == fs::file_type::directory_file && modificationNanoseconds(s) == expected;
  }
  if (kind == "file") {
    auto [size, afterSize] = rest.split(' ');
    auto [hash, afterHash] = afterSize.split(' ');
    auto [stamp, file] = afterHash.split(' ');
    uint64_t bytes;
    struct stat st;
    if (size.getAsInteger(10, bytes) || ::stat(file.str().c_str(), &st) || !S_ISREG(st.st_mode) ||
        uint64_t(st.st_size) != bytes)
      return false;
    if (stamp != "-" && stamp == stampOf(st))
      return true;
    auto contents = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false);
    return contents && contentHash((*contents)->getBuffer()) == hash;
  }
  return false;
}

/// Removes all but the `keep` most recently used entries of `dir`, and
/// temporary files an interrupted store left behind.
void evict(StringRef dir, unsigned keep) {
  removeAllButMostRecent(
      listCacheFiles(
          dir,
          [](StringRef name) { return name.starts_with("module-") && name.ends_with(".entry"); },
          [](StringRef name) {
            return name.starts_with("module-") && name.contains(".entry.tmp-");
          },
          std::chrono::minutes(10)),
      keep);
}
} // namespace

std::string importedModuleCacheDir() {
  return userCacheDir("ASCREG_IMPORT_MODULE_CACHE", "import-modules");
}

std::string importedModuleKey(StringRef importerIdentity, StringRef path, StringRef contents,
                              const ImportOptions &options) {
  CacheKey key;
  key.add(kMagic).add(importerIdentity).add(path);
  // A relative path, -I directory or extra argument means a place in the
  // working directory.
  bool relative =
      !path::is_absolute(path) || !options.extraArgs.empty() ||
      llvm::any_of(options.includeDirs, [](const std::string &d) { return !path::is_absolute(d); });
  llvm::SmallString<256> cwd;
  if (relative && fs::current_path(cwd))
    return "";
  key.add(cwd).add(contents).add(options.function);
  // Clang's driver adds their directories to every parse.
  for (const char *var : {"CPATH", "CPLUS_INCLUDE_PATH"}) {
    const char *value = std::getenv(var);
    key.add(value ? value : "");
  }
  for (const std::vector<std::string> *list :
       {&options.includeDirs, &options.defines, &options.extraArgs}) {
    key.add(std::to_string(list->size()));
    for (const std::string &item : *list)
      key.add(item);
  }
  return key.hex();
}

std::optional<std::string> lookupImportedModule(StringRef cacheDir, StringRef key) {
  std::string entry = entryPath(cacheDir, key);
  // Not a link, a FIFO or a device planted in a shared directory.
  fs::file_status s;
  if (fs::status(entry, s, /*Follow=*/false) || s.type() != fs::file_type::regular_file ||
      s.getSize() > kMaxEntryBytes)
    return std::nullopt;
  auto buffer = llvm::MemoryBuffer::getFile(entry, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  StringRef rest = (*buffer)->getBuffer();
  auto [magic, afterMagic] = rest.split('\n');
  if (magic != kMagic)
    return std::nullopt;
  rest = afterMagic;
  while (!rest.empty()) {
    auto [line, next] = rest.split('\n');
    rest = next;
    if (StringRef size = line; size.consume_front("module ")) {
      uint64_t bytes;
      if (size.getAsInteger(10, bytes) || bytes != rest.size())
        return std::nullopt;
      ::utimes(entry.c_str(), nullptr); // used now: the eviction keeps it
      return rest.str();
    }
    if (!stillHolds(line))
      return std::nullopt;
  }
  return std::nullopt;
}

void storeImportedModule(StringRef cacheDir, StringRef key, StringRef bytecode,
                         const ImportInputs &inputs, llvm::sys::TimePoint<> importStart) {
  // A path with a line break cannot be listed.
  for (const std::vector<std::string> *list :
       {&inputs.files, &inputs.absentPaths, &inputs.searchDirs})
    if (llvm::any_of(*list, [](const std::string &p) { return StringRef(p).contains('\n'); }))
      return;
  std::string text = kMagic.str() + "\n";
  llvm::raw_string_ostream os(text);
  auto timeOf = [](const struct timespec &t) {
    return llvm::sys::toTimePoint(t.tv_sec, uint32_t(t.tv_nsec));
  };
  for (const std::string &f : inputs.files) {
    struct stat before, after;
    // Changed while the import ran: the module may be of the old contents
    // (with a tick's margin: file times follow a coarser clock).
    if (::stat(f.c_str(), &before) || timeOf(before.st_mtim) + kClockTick >= importStart)
      return;
    auto contents = llvm::MemoryBuffer::getFile(f, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/false);
    if (!contents || ::stat(f.c_str(), &after))
      return; // gone already: nothing to key the entry by
    bool old =
        timeOf(after.st_ctim) + kStampMargin < importStart && stampOf(before) == stampOf(after);
    os << "file " << (*contents)->getBufferSize() << ' ' << contentHash((*contents)->getBuffer())
       << ' ' << (old ? stampOf(after) : "-") << ' ' << f << '\n';
  }
  for (const std::string &p : inputs.absentPaths)
    os << "absent " << p << '\n';
  for (const std::string &d : inputs.searchDirs) {
    fs::file_status s;
    if (fs::status(d, s))
      return;
    os << "dir " << modificationNanoseconds(s) << ' ' << d << '\n';
  }
  os << "module " << bytecode.size() << '\n' << bytecode;

  // Written beside its final name and renamed there: a concurrent import
  // sees the whole entry or none.
  if (fs::create_directories(cacheDir))
    return;
  std::string entry = entryPath(cacheDir, key);
  llvm::SmallString<256> temporary;
  int fd;
  if (fs::createUniqueFile(entry + ".tmp-%%%%%%%%", fd, temporary))
    return;
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << text;
    out.close();
    if (out.has_error()) {
      out.clear_error();
      fs::remove(temporary);
      return;
    }
  }
  if (fs::rename(temporary, entry))
    fs::remove(temporary);
  evict(cacheDir, kKeptImportedModules);
}

} // namespace import
} // namespace ascreg
