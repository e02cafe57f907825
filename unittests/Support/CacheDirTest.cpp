//===- CacheDirTest.cpp - the scan every on-disk cache uses --------------===//
//
// listCacheFiles and removeAllButMostRecent (ascreg/Support/CacheDir.h) on
// a directory each test fills, with modification times set by hand.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Support/CacheDir.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <sys/time.h>
#include <unistd.h>

using namespace ascreg;
namespace fs = llvm::sys::fs;

namespace {

class CacheDir : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(fs::createUniqueDirectory("cache-dir", root)); }
  void TearDown() override { fs::remove_directories(root); }

  /// Writes `name` with `bytes` bytes, last used `secondsAgo` seconds ago.
  std::string add(llvm::StringRef name, size_t bytes, long secondsAgo) {
    llvm::SmallString<256> p(root);
    llvm::sys::path::append(p, name);
    std::error_code ec;
    {
      llvm::raw_fd_ostream os(p, ec);
      os << std::string(bytes, 'x');
    }
    struct timeval now;
    gettimeofday(&now, nullptr);
    struct timeval times[2] = {{now.tv_sec - secondsAgo, 0}, {now.tv_sec - secondsAgo, 0}};
    utimes(p.c_str(), times);
    return p.str().str();
  }
  std::vector<CacheFile> list() {
    return listCacheFiles(
        root, [](llvm::StringRef n) { return n.ends_with(".entry"); },
        [](llvm::StringRef n) { return n.ends_with(".tmp"); }, std::chrono::minutes(10));
  }

  llvm::SmallString<256> root;
};

TEST_F(CacheDir, EntriesComeMostRecentlyUsedFirstWithTheirSizes) {
  std::string old = add("a.entry", 3, 300), recent = add("b.entry", 5, 10),
              middle = add("c.entry", 7, 100);
  add("other.txt", 1, 0);
  std::vector<CacheFile> files = list();
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].path, recent);
  EXPECT_EQ(files[0].bytes, 5u);
  EXPECT_EQ(files[1].path, middle);
  EXPECT_EQ(files[2].path, old);
}

TEST_F(CacheDir, LinksAreNoEntries) {
  std::string target = add("real.entry", 1, 0);
  llvm::SmallString<256> link(root);
  llvm::sys::path::append(link, "link.entry");
  ASSERT_FALSE(fs::create_link(target, link));
  std::vector<CacheFile> files = list();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].path, target);
}

TEST_F(CacheDir, OnlyStaleTemporaryFilesAreRemoved) {
  std::string stale = add("x.tmp", 1, 3600), fresh = add("y.tmp", 1, 60);
  EXPECT_TRUE(list().empty());
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(fresh));
}

TEST_F(CacheDir, AllButTheMostRecentAreRemoved) {
  std::string a = add("a.entry", 1, 30), b = add("b.entry", 1, 20), c = add("c.entry", 1, 10);
  removeAllButMostRecent(list(), 2);
  EXPECT_FALSE(fs::exists(a));
  EXPECT_TRUE(fs::exists(b));
  EXPECT_TRUE(fs::exists(c));
}

// The expected digests are Python's hashlib.sha256(b"abc\0") and
// (b"ab\0c\0"), first 16 bytes.
TEST(CacheKey, IsTheSha256OfTheFieldsEachEndedByANul) {
  EXPECT_EQ(ascreg::CacheKey().add("abc").hex(), "dc1114cd074914bd872cc1f9a23ec910");
  EXPECT_EQ(ascreg::CacheKey().add("ab").add("c").hex(), "629c2f14f654f026086f2aefe1855533");
}

TEST(CacheKey, TheSameBytesSplitOtherwiseAreAnotherKey) {
  EXPECT_NE(ascreg::CacheKey().add("ab").add("c").hex(),
            ascreg::CacheKey().add("a").add("bc").hex());
  EXPECT_NE(ascreg::CacheKey().add("").hex(), ascreg::CacheKey().hex());
}

} // namespace
