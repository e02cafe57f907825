//===- ImportedModuleCacheTest.cpp - when a stored import is used --------===//
//
// The key of an import and the checks of an entry, against files and
// directories each test writes and then changes; the importer's side (what
// a parse depended on) is test/Import/imported-module-cache.test's.
//
//===----------------------------------------------------------------------===//
#include "ImportedModuleCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

using namespace ascreg;
using namespace ascreg::import;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

class ImportedModuleCache : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("imported-module-cache", root));
    cache = join("cache");
    header = join("lanes.h");
    write(header, "#define LANES 16u\n");
    ASSERT_FALSE(fs::create_directory(join("inc")));
    inputs.files = {header};
    inputs.absentPaths = {join("inc/lanes.h")};
    inputs.searchDirs = {join("inc")};
  }
  void TearDown() override { fs::remove_directories(root); }

  std::string join(llvm::StringRef name) const {
    llvm::SmallString<256> p(root);
    path::append(p, name);
    return p.str().str();
  }
  static void write(const std::string &file, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec) << ec.message();
    os << text;
  }
  /// Stores `module` under `key` as an import that started after every
  /// input file was written.
  void store(llvm::StringRef key, llvm::StringRef module) {
    storeImportedModule(cache, key, module, inputs,
                        std::chrono::system_clock::now() + std::chrono::seconds(1));
  }
  std::optional<std::string> lookup(llvm::StringRef key) {
    return lookupImportedModule(cache, key);
  }

  llvm::SmallString<256> root;
  std::string cache, header;
  ImportInputs inputs;
};

TEST(ImportedModuleKey, EveryPartOfTheRequestGivesAnotherKey) {
  ImportOptions base;
  base.includeDirs = {"/inc"};
  base.defines = {"N=4"};
  std::string key = importedModuleKey("importer 1", "/k.cpp", "text", base);
  ASSERT_EQ(key.size(), 32u);
  EXPECT_EQ(key, importedModuleKey("importer 1", "/k.cpp", "text", base));

  std::vector<std::string> others = {
      importedModuleKey("importer 2", "/k.cpp", "text", base),
      importedModuleKey("importer 1", "/j.cpp", "text", base),
      importedModuleKey("importer 1", "/k.cpp", "text2", base),
  };
  ImportOptions o = base;
  o.function = "F";
  others.push_back(importedModuleKey("importer 1", "/k.cpp", "text", o));
  o = base;
  o.includeDirs.push_back("/more");
  others.push_back(importedModuleKey("importer 1", "/k.cpp", "text", o));
  o = base;
  o.defines = {"N=5"};
  others.push_back(importedModuleKey("importer 1", "/k.cpp", "text", o));
  // An item moved from one list to the next is another request.
  o = base;
  o.defines.clear();
  o.extraArgs = {"N=4"};
  others.push_back(importedModuleKey("importer 1", "/k.cpp", "text", o));
  for (const std::string &other : others)
    EXPECT_NE(key, other);
}

TEST(ImportedModuleKey, ARelativePathIsKeyedWithTheWorkingDirectory) {
  llvm::SmallString<256> here, other;
  ASSERT_FALSE(fs::current_path(here));
  ASSERT_FALSE(fs::createUniqueDirectory("key-cwd", other));
  std::string relative = importedModuleKey("i", "k.cpp", "text", {});
  std::string absolute = importedModuleKey("i", "/k.cpp", "text", {});
  ASSERT_FALSE(fs::set_current_path(other));
  EXPECT_NE(relative, importedModuleKey("i", "k.cpp", "text", {}));
  EXPECT_EQ(absolute, importedModuleKey("i", "/k.cpp", "text", {}));
  ASSERT_FALSE(fs::set_current_path(here));
  fs::remove(other);
}

TEST(ImportedModuleKey, ClangsIncludePathVariablesAreKeyed) {
  unsetenv("CPATH");
  std::string without = importedModuleKey("i", "/k.cpp", "text", {});
  setenv("CPATH", "/somewhere", 1);
  std::string with = importedModuleKey("i", "/k.cpp", "text", {});
  unsetenv("CPATH");
  EXPECT_NE(without, with);
}

TEST_F(ImportedModuleCache, AStoredModuleIsFoundWhileItsInputsHold) {
  EXPECT_FALSE(lookup("k1"));
  store("k1", llvm::StringRef("ML\xefR\0bytes\n", 10));
  std::optional<std::string> found = lookup("k1");
  ASSERT_TRUE(found);
  EXPECT_EQ(*found, std::string("ML\xefR\0bytes\n", 10));
  EXPECT_FALSE(lookup("k2"));
}

TEST_F(ImportedModuleCache, AFileOfTheSameSizeButOtherContentsIsAMiss) {
  store("k", "module");
  write(header, "#define LANES 24u\n");
  EXPECT_FALSE(lookup("k"));
  write(header, "#define LANES 16u\n");
  EXPECT_TRUE(lookup("k"));
}

TEST_F(ImportedModuleCache, AFileRewrittenWithItsOldTimesIsAMiss) {
  // Stored as by an import long after the file was written: with its
  // stamp, which an unchanged file matches without being read.
  storeImportedModule(cache, "k", "module", inputs,
                      std::chrono::system_clock::now() + std::chrono::hours(1));
  ASSERT_TRUE(lookup("k"));
  struct stat old;
  ASSERT_EQ(::stat(header.c_str(), &old), 0);
  write(header, "#define LANES 24u\n");
  struct timespec times[2] = {old.st_atim, old.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, header.c_str(), times, 0), 0);
  EXPECT_FALSE(lookup("k"));
  write(header, "#define LANES 16u\n");
  EXPECT_TRUE(lookup("k"));
}

TEST_F(ImportedModuleCache, AFileThatAppearsWhereItWasAbsentIsAMiss) {
  store("k", "module");
  write(join("inc/lanes.h"), "#define LANES 8u\n");
  EXPECT_FALSE(lookup("k"));
}

TEST_F(ImportedModuleCache, ASearchedDirectoryThatChangedIsAMiss) {
  store("k", "module");
  ASSERT_TRUE(lookup("k"));
  struct timeval times[2] = {{1000, 0}, {1000, 0}};
  ASSERT_EQ(::utimes(join("inc").c_str(), times), 0);
  EXPECT_FALSE(lookup("k"));
}

TEST_F(ImportedModuleCache, AFileChangedDuringTheImportIsNotStored) {
  storeImportedModule(cache, "k", "module", inputs,
                      std::chrono::system_clock::now() - std::chrono::hours(1));
  EXPECT_FALSE(lookup("k"));
  EXPECT_FALSE(fs::exists(cache));
}

TEST_F(ImportedModuleCache, AnEntryCutShortOrForeignIsAMiss) {
  store("k", "module bytes");
  llvm::SmallString<256> entry(cache);
  path::append(entry, "module-k.entry");
  ASSERT_TRUE(fs::exists(entry));
  uint64_t size = 0;
  ASSERT_FALSE(fs::file_size(entry, size));
  ASSERT_EQ(::truncate(entry.c_str(), off_t(size - 1)), 0);
  EXPECT_FALSE(lookup("k"));
  write(entry.str().str(), "something else\nmodule 0\n");
  EXPECT_FALSE(lookup("k"));
}

TEST_F(ImportedModuleCache, OnlyTheMostRecentlyUsedEntriesAreKept) {
  for (unsigned i = 0; i < kKeptImportedModules + 3; ++i) {
    store(("k" + llvm::Twine(i)).str(), "module");
    // Ages each entry a second apart: the eviction orders by use.
    llvm::SmallString<256> entry(cache);
    path::append(entry, "module-k" + llvm::Twine(i) + ".entry");
    struct timeval times[2] = {{long(1000 + i), 0}, {long(1000 + i), 0}};
    ASSERT_EQ(::utimes(entry.c_str(), times), 0);
  }
  store("last", "module");
  unsigned entries = 0;
  std::error_code ec;
  for (fs::directory_iterator it(cache, ec), end; it != end && !ec; it.increment(ec))
    ++entries;
  EXPECT_EQ(entries, kKeptImportedModules);
  EXPECT_TRUE(lookup("last"));
  EXPECT_FALSE(lookup("k0"));
  EXPECT_TRUE(lookup(("k" + llvm::Twine(kKeptImportedModules + 2)).str()));
}

} // namespace
