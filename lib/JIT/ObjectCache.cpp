//===- ObjectCache.cpp - on-disk cache of JIT-compiled kernels ------------===//
//
// File layout (little-endian): the magic "ascreg-jit-obj1\n", the SHA-256
// of the key, the SHA-256 of the body, the body's size (u64), the body: the
// number of sites (u32), each site as its name's length (u32), the name and
// its location index (u32), then the object file to the end.
//
//===----------------------------------------------------------------------===//
#include "ObjectCache.h"

#include "ascreg/Support/CacheDir.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

using namespace mlir;

namespace ascreg {
namespace jit {
namespace cache {

namespace {
constexpr llvm::StringLiteral kMagic = "ascreg-jit-obj1\n";
constexpr size_t kHashBytes = 32;
constexpr size_t kHeaderBytes = 16 + 2 * kHashBytes + 8;
static_assert(kMagic.size() == 16, "the magic fills 16 bytes");

std::array<uint8_t, kHashBytes> sha256(llvm::StringRef data) {
  llvm::SHA256 h;
  h.update(data);
  return h.final();
}

/// The binary that holds this code (the tool, or the Python extension),
/// identified by path, size, inode and modification time: any rebuild of
/// ascreg changes it.
std::string buildIdentity() {
  Dl_info info;
  struct stat st;
  if (!dladdr(reinterpret_cast<void *>(&buildIdentity), &info) || !info.dli_fname ||
      stat(info.dli_fname, &st) != 0)
    return "unknown build";
  return llvm::formatv("{0} {1} {2} {3}.{4}", info.dli_fname, st.st_size, st.st_ino,
                       st.st_mtim.tv_sec, st.st_mtim.tv_nsec)
      .str();
}

void appendU32(std::string &s, uint32_t v) {
  char b[4];
  std::memcpy(b, &v, 4);
  s.append(b, 4);
}

/// Reads a u32 at `pos` of `data`, advancing `pos`; false past the end.
bool readU32(llvm::StringRef data, size_t &pos, uint32_t &v) {
  if (data.size() - pos < 4)
    return false;
  std::memcpy(&v, data.data() + pos, 4);
  pos += 4;
  return true;
}

std::string entryPath(llvm::StringRef dir, llvm::StringRef key) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, key + ".ajo");
  return path.str().str();
}
} // namespace

std::vector<Location> opLocations(ModuleOp module) {
  std::vector<Location> locations;
  llvm::DenseSet<Location> seen;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (seen.insert(op->getLoc()).second)
      locations.push_back(op->getLoc());
  });
  return locations;
}

std::string makeKey(ModuleOp module, llvm::ArrayRef<std::string> entries, const Options &options,
                    llvm::StringRef cpu, llvm::StringRef features) {
  std::string material;
  llvm::raw_string_ostream os(material);
  static const std::string identity = buildIdentity();
  os << "ascreg " ASCREG_VERSION "\nllvm " LLVM_VERSION_STRING "\nbuild " << identity << "\ncpu "
     << cpu << "\nfeatures " << features << "\nchecks " << options.runtimeChecks << "\nub "
     << options.ubCapacity << "\nopt " << options.optLevel << "\nentries";
  for (const std::string &e : entries)
    os << " " << e;
  os << "\nmodule\n";
  module->print(os, OpPrintingFlags().enableDebugInfo());
  return llvm::toHex(sha256(material), /*LowerCase=*/true);
}

/// The entry's bytes if it is a regular file of a sane size. Entries are
/// only ever written by rename, so anything else (a FIFO or a link to
/// /dev/zero planted in a shared cache, which made a run block or read
/// forever) is a miss, not a read.
static llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> openEntry(const std::string &path) {
  constexpr off_t kMaxEntryBytes = off_t(1) << 30;
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return std::error_code(errno, std::generic_category());
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxEntryBytes) {
    ::close(fd);
    return std::make_error_code(std::errc::invalid_argument);
  }
  auto buffer = llvm::MemoryBuffer::getOpenFile(fd, path, uint64_t(st.st_size),
                                                /*RequiresNullTerminator=*/false);
  ::close(fd);
  return buffer;
}

std::optional<Entry> load(llvm::StringRef dir, llvm::StringRef key) {
  auto file = openEntry(entryPath(dir, key));
  if (!file)
    return std::nullopt;
  llvm::StringRef data = (*file)->getBuffer();
  if (data.size() < kHeaderBytes || !data.starts_with(kMagic))
    return std::nullopt;
  std::string keyHash = llvm::fromHex(key);
  uint64_t bodySize;
  std::memcpy(&bodySize, data.data() + 16 + 2 * kHashBytes, 8);
  llvm::StringRef body = data.drop_front(kHeaderBytes);
  if (data.substr(16, kHashBytes) != keyHash || body.size() != bodySize)
    return std::nullopt;
  std::array<uint8_t, kHashBytes> sum = sha256(body);
  if (std::memcmp(sum.data(), data.data() + 16 + kHashBytes, kHashBytes) != 0)
    return std::nullopt;
  Entry entry;
  size_t pos = 0;
  uint32_t numSites;
  if (!readU32(body, pos, numSites) || numSites > body.size())
    return std::nullopt;
  for (uint32_t i = 0; i < numSites; ++i) {
    Site s;
    uint32_t length;
    if (!readU32(body, pos, length) || body.size() - pos < length)
      return std::nullopt;
    s.opName = body.substr(pos, length).str();
    pos += length;
    if (!readU32(body, pos, s.location))
      return std::nullopt;
    entry.sites.push_back(std::move(s));
  }
  entry.object = body.drop_front(pos).str();
  if (entry.object.empty())
    return std::nullopt;
  // Used now: the last to be evicted (a failure only makes it older).
  (void)::utimensat(AT_FDCWD, entryPath(dir, key).c_str(), nullptr, 0);
  return entry;
}

void prune(llvm::StringRef dir, uint64_t limitBytes, llvm::StringRef keep) {
  if (!limitBytes)
    return;
  // KEY.ajo.XXXXXXXX.tmp: a writer's; one an hour old belongs to no live one.
  std::vector<CacheFile> entries = listCacheFiles(
      dir, [](llvm::StringRef name) { return name.ends_with(".ajo") && name.size() == 64 + 4; },
      [](llvm::StringRef name) { return name.ends_with(".tmp") && name.contains(".ajo."); },
      std::chrono::hours(1));
  uint64_t total = 0;
  for (const CacheFile &f : entries)
    total += f.bytes;
  std::string kept = entryPath(dir, keep);
  // The least recently used go first; the entry just stored stays.
  for (const CacheFile &f : llvm::reverse(entries)) {
    if (total <= limitBytes)
      break;
    if (f.path != kept && !llvm::sys::fs::remove(f.path)) // or another process removed it
      total -= f.bytes;
  }
}

void store(llvm::StringRef dir, llvm::StringRef key, const Entry &entry, uint64_t limitBytes) {
  std::string body;
  appendU32(body, static_cast<uint32_t>(entry.sites.size()));
  for (const Site &s : entry.sites) {
    appendU32(body, static_cast<uint32_t>(s.opName.size()));
    body += s.opName;
    appendU32(body, s.location);
  }
  body += entry.object;
  std::string data = kMagic.str() + llvm::fromHex(key);
  std::array<uint8_t, kHashBytes> sum = sha256(body);
  data.append(reinterpret_cast<const char *>(sum.data()), kHashBytes);
  uint64_t bodySize = body.size();
  data.append(reinterpret_cast<const char *>(&bodySize), 8);
  data += body;

  if (llvm::sys::fs::create_directories(dir))
    return;
  // A unique temporary file next to the entry, renamed over it: readers
  // see no entry or a whole one, whichever writer wins.
  int fd;
  llvm::SmallString<256> temp;
  std::string path = entryPath(dir, key);
  if (llvm::sys::fs::createUniqueFile(path + ".%%%%%%%%.tmp", fd, temp))
    return;
  bool written;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << data;
    os.close();
    written = !os.has_error();
    os.clear_error();
  }
  if (!written || llvm::sys::fs::rename(temp, path)) {
    llvm::sys::fs::remove(temp);
    return;
  }
  prune(dir, limitBytes, key);
}

} // namespace cache
} // namespace jit
} // namespace ascreg
