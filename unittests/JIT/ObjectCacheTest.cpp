//===- ObjectCacheTest.cpp - the JIT's on-disk cache ------------*- C++ -*-===//
//
// jit::Options::cacheDir: a compile stores the module's code, the next
// compile of the same module (parsed again, as by another process) loads it
// and runs exactly like a compiled one, its runtime checks reporting the
// failing op's location; a damaged entry is a miss that is written anew;
// different options or module text are different entries; a size limit
// evicts the least recently used entries and spares writers' files, other
// files and the entry just stored. Whether a compile
// hit is seen from the entry file: a miss replaces it (a new inode), a hit
// only reads it. Expected values are plain integer arithmetic.
//
//===----------------------------------------------------------------------===//
#include "ParsedModule.h"

#include "ascreg/JIT/JitKernel.h"

#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

using ascreg::interp::Arg;

// @add: out = a + b (i32); @stray: a store 4 MiB past its buffer, outside UB.
const std::string kModule =
    kModuleWithAdd + R"mlir(  func.func @stray(%a: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %far = arith.constant 1048576 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %x = ascreg.load_align %a[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %x, %out[%far], %m : !ascreg.vreg<64xi32>, memref<?xi32>
    return
  }
}
)mlir";

/// A fresh context and parse for each compile, as in a new process.
struct Session : ParsedModule {
  explicit Session(const std::string &text = kModule) : ParsedModule(text, "cached.mlir") {}
};

struct CacheDir {
  std::string path;
  CacheDir() {
    llvm::SmallString<128> p;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("ascreg-jit-cache-test", p));
    path = p.str().str();
  }
  ~CacheDir() { llvm::sys::fs::remove_directories(path); }
  /// The entry files (name -> inode).
  std::map<std::string, ino_t> entries() const {
    std::map<std::string, ino_t> files;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      struct stat st;
      if (stat(it->path().c_str(), &st) == 0)
        files[it->path()] = st.st_ino;
    }
    return files;
  }
};

/// Compiles @add and @stray of a fresh session with the cache in `dir`, runs
/// both and checks their results and the stray store's diagnostic.
void compileAndRun(const std::string &dir, bool checks = true) {
  Session s;
  ASSERT_TRUE(s.module);
  ascreg::jit::Options options;
  options.cacheDir = dir;
  options.runtimeChecks = checks;
  auto compiled = ascreg::jit::JitModule::compile(*s.module, {"add", "stray"}, options);
  ASSERT_TRUE(mlir::succeeded(compiled)) << s.diagnostics;
  std::vector<int32_t> a(64), b(64), out(64, 7), want(64);
  for (int i = 0; i < 64; ++i) {
    a[i] = i * 1000003 - 7;
    b[i] = i == 0 ? 1 : -i * 77;
    want[i] = a[i] + b[i];
  }
  a[0] = INT32_MAX; // wraps
  want[0] = INT32_MIN;
  ASSERT_TRUE(mlir::succeeded((*compiled)->run(
      0, {Arg::buffer(a.data(), 64), Arg::buffer(b.data(), 64), Arg::buffer(out.data(), 64)})))
      << s.diagnostics;
  EXPECT_EQ(out, want);
  if (!checks)
    return;
  std::vector<int32_t> untouched(64, -5);
  EXPECT_TRUE(mlir::failed(
      (*compiled)->run(1, {Arg::buffer(a.data(), 64), Arg::buffer(untouched.data(), 64)})));
  EXPECT_NE(s.diagnostics.find("loc(\"cached.mlir\":17:5): 'ascreg.store_align' op UB access "
                               "outside the Unified Buffer"),
            std::string::npos)
      << s.diagnostics;
  EXPECT_EQ(untouched, std::vector<int32_t>(64, -5));
}

TEST(JitCache, AHitRunsLikeACompileAndReportsTheSameSites) {
  CacheDir dir;
  compileAndRun(dir.path);
  auto stored = dir.entries();
  ASSERT_EQ(stored.size(), 1u);
  compileAndRun(dir.path);
  EXPECT_EQ(dir.entries(), stored) << "the second compile rewrote the entry: not a hit";
}

TEST(JitCache, ADamagedEntryIsAMissAndIsWrittenAgain) {
  CacheDir dir;
  compileAndRun(dir.path);
  auto stored = dir.entries();
  ASSERT_EQ(stored.size(), 1u);
  const std::string file = stored.begin()->first;
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 200u);
  // A flipped byte in the machine code, then a truncated file.
  for (std::string damaged : {bytes.substr(0, bytes.size() - 100) + std::string(1, '\x5A') +
                                  bytes.substr(bytes.size() - 99),
                              bytes.substr(0, bytes.size() / 2)}) {
    {
      std::ofstream(file, std::ios::binary | std::ios::trunc) << damaged;
    }
    auto before = dir.entries();
    compileAndRun(dir.path);
    auto after = dir.entries();
    ASSERT_EQ(after.size(), 1u);
    EXPECT_NE(after, before) << "the damaged entry was not replaced";
    compileAndRun(dir.path);
    EXPECT_EQ(dir.entries(), after) << "the rewritten entry is not hit";
  }
}

TEST(JitCache, OptionsAndModuleTextAreInTheKey) {
  CacheDir dir;
  compileAndRun(dir.path, /*checks=*/true);
  compileAndRun(dir.path, /*checks=*/false);
  EXPECT_EQ(dir.entries().size(), 2u);
  // The same code one line lower: other locations, another entry.
  Session s(std::string("\n") + kModule);
  ascreg::jit::Options options;
  options.cacheDir = dir.path;
  ASSERT_TRUE(mlir::succeeded(ascreg::jit::JitModule::compile(*s.module, {"add"}, options)));
  EXPECT_EQ(dir.entries().size(), 3u);
}

/// Compiles @add of kModule moved down `variant` lines (another key) with
/// the cache in `dir` limited to `limit` bytes, and checks one run.
void compileVariant(const std::string &dir, unsigned variant, uint64_t limit) {
  Session s(std::string(variant, '\n') + kModule);
  ASSERT_TRUE(s.module);
  ascreg::jit::Options options;
  options.cacheDir = dir;
  options.cacheLimitBytes = limit;
  auto compiled = ascreg::jit::JitModule::compile(*s.module, {"add"}, options);
  ASSERT_TRUE(mlir::succeeded(compiled)) << s.diagnostics;
  std::vector<int32_t> a(64, 40), b(64, 2), out(64, 0);
  ASSERT_TRUE(mlir::succeeded((*compiled)->run(
      0, {Arg::buffer(a.data(), 64), Arg::buffer(b.data(), 64), Arg::buffer(out.data(), 64)})));
  EXPECT_EQ(out, std::vector<int32_t>(64, 42));
}

/// Sets the modification time of `path` to `secondsAgo` before now.
void age(const std::string &path, int secondsAgo) {
  struct timespec times[2];
  clock_gettime(CLOCK_REALTIME, &times[0]);
  times[0].tv_sec -= secondsAgo;
  times[1] = times[0];
  ASSERT_EQ(utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

/// The file of `after` that is not in `before`.
std::string added(const std::map<std::string, ino_t> &before,
                  const std::map<std::string, ino_t> &after) {
  for (auto &[path, inode] : after)
    if (!before.count(path))
      return path;
  return "";
}

TEST(JitCache, TheLeastRecentlyUsedEntriesGoPastTheLimit) {
  CacheDir dir;
  std::vector<std::string> files;
  for (unsigned v = 0; v < 3; ++v) {
    auto before = dir.entries();
    compileVariant(dir.path, v, /*limit=*/0);
    files.push_back(added(before, dir.entries()));
    ASSERT_FALSE(files.back().empty());
  }
  uint64_t biggest = 0;
  for (const std::string &f : files) {
    uint64_t size;
    ASSERT_FALSE(llvm::sys::fs::file_size(f, size));
    biggest = std::max(biggest, size);
  }
  age(files[0], 300);
  age(files[1], 200);
  age(files[2], 100);
  // A hit renews the oldest entry (and stores nothing).
  auto stored = dir.entries();
  compileVariant(dir.path, 0, biggest * 5 / 2);
  EXPECT_EQ(dir.entries(), stored) << "variant 0 was not a hit";
  // A fourth entry passes the limit of two and a half: the two least
  // recently used go (variants 1 and 2), the renewed one and the new stay.
  compileVariant(dir.path, 3, biggest * 5 / 2);
  auto left = dir.entries();
  std::string fourth = added(stored, left);
  ASSERT_FALSE(fourth.empty());
  EXPECT_EQ(left.size(), 2u);
  EXPECT_TRUE(left.count(files[0]));
  EXPECT_TRUE(left.count(fourth));
  // Both are still whole entries: hits.
  compileVariant(dir.path, 0, biggest * 5 / 2);
  compileVariant(dir.path, 3, biggest * 5 / 2);
  EXPECT_EQ(dir.entries(), left);
}

TEST(JitCache, PruningSparesWritersForeignFilesAndTheNewEntry) {
  CacheDir dir;
  auto write = [&](const std::string &name, const std::string &bytes) {
    std::string path = dir.path + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  };
  const std::string hex(64, 'a');
  std::string notes = write("notes.txt", std::string(100000, 'x'));
  std::string writing = write(hex + ".ajo.12345678.tmp", "half an entry");
  std::string dead = write(std::string(64, 'b') + ".ajo.87654321.tmp", "a dead writer's");
  std::string damaged = write(hex + ".ajo", "ascreg-jit-obj1\n garbage");
  age(dead, 2 * 3600);
  age(damaged, 60);
  // A limit below any entry: everything of the cache's goes but the entry
  // just stored and the live writer's file; the rest is left alone.
  auto before = dir.entries();
  compileVariant(dir.path, 0, /*limit=*/1);
  auto after = dir.entries();
  std::string entry = added(before, after);
  ASSERT_FALSE(entry.empty());
  std::map<std::string, ino_t> want = {
      {notes, before[notes]}, {writing, before[writing]}, {entry, after[entry]}};
  EXPECT_EQ(after, want);
  // The entry kept past the limit is whole: a hit.
  compileVariant(dir.path, 0, /*limit=*/1);
  EXPECT_EQ(dir.entries(), want);
}

TEST(JitCache, SizesParse) {
  using ascreg::jit::parseCacheSize;
  auto value = [](llvm::StringRef text) -> int64_t {
    auto v = parseCacheSize(text);
    if (!v) {
      llvm::consumeError(v.takeError());
      return -1;
    }
    return static_cast<int64_t>(*v);
  };
  EXPECT_EQ(value("0"), 0);
  EXPECT_EQ(value("4096"), 4096);
  EXPECT_EQ(value("3K"), 3 * 1024);
  EXPECT_EQ(value("64M"), 64 << 20);
  EXPECT_EQ(value("2g"), int64_t(2) << 30);
  for (const char *bad :
       {"", "M", "-1", "1.5M", "12 K", "1T", "99999999999999999999", "17179869184G"})
    EXPECT_EQ(value(bad), -1) << bad;
  setenv("ASCREG_JIT_CACHE_SIZE", "1M", 1);
  EXPECT_EQ(llvm::cantFail(ascreg::jit::defaultCacheLimit()), uint64_t(1) << 20);
  setenv("ASCREG_JIT_CACHE_SIZE", "lots", 1);
  auto bad = ascreg::jit::defaultCacheLimit();
  ASSERT_FALSE(bad);
  EXPECT_NE(llvm::toString(bad.takeError()).find("ASCREG_JIT_CACHE_SIZE: 'lots'"),
            std::string::npos);
  unsetenv("ASCREG_JIT_CACHE_SIZE");
  EXPECT_EQ(llvm::cantFail(ascreg::jit::defaultCacheLimit()), ascreg::jit::kDefaultCacheLimitBytes);
}

TEST(JitCache, DefaultDirectoryFollowsTheEnvironment) {
  auto with = [](const char *cache, const char *xdg, const char *home) {
    for (auto [name, value] : {std::pair{"ASCREG_JIT_CACHE", cache},
                               std::pair{"XDG_CACHE_HOME", xdg}, std::pair{"HOME", home}}) {
      if (value)
        setenv(name, value, 1);
      else
        unsetenv(name);
    }
    return ascreg::jit::defaultCacheDir();
  };
  const char *home = std::getenv("HOME");
  std::string savedHome = home ? home : "";
  EXPECT_EQ(with("off", "/x", "/h"), "");
  EXPECT_EQ(with("", "/x", "/h"), "");
  EXPECT_EQ(with("/somewhere", "/x", "/h"), "/somewhere");
  EXPECT_EQ(with(nullptr, "/x", "/h"), "/x/ascreg/jit");
  EXPECT_EQ(with(nullptr, "relative", "/h"), "/h/.cache/ascreg/jit");
  EXPECT_EQ(with(nullptr, nullptr, "/h"), "/h/.cache/ascreg/jit");
  EXPECT_EQ(with(nullptr, nullptr, nullptr), "");
  if (home)
    setenv("HOME", savedHome.c_str(), 1);
  unsetenv("XDG_CACHE_HOME");
}

} // namespace
