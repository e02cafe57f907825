//===- CacheDir.cpp - where ascreg's on-disk caches live ------------------===//
#include "ascreg/Support/CacheDir.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <array>
#include <cstdlib>
#include <tuple>

std::string ascreg::userCacheDir(llvm::StringRef envVar, llvm::StringRef name) {
  if (const char *dir = std::getenv(envVar.str().c_str()))
    return llvm::StringRef(dir) == "off" ? "" : dir;
  llvm::SmallString<256> path;
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  const char *home = std::getenv("HOME");
  if (xdg && llvm::sys::path::is_absolute(xdg))
    path = xdg;
  else if (home && *home)
    llvm::sys::path::append(path, home, ".cache");
  else
    return "";
  llvm::sys::path::append(path, "ascreg", name);
  return path.str().str();
}

std::vector<ascreg::CacheFile>
ascreg::listCacheFiles(llvm::StringRef dir, llvm::function_ref<bool(llvm::StringRef)> isEntry,
                       llvm::function_ref<bool(llvm::StringRef)> isTemporary,
                       std::chrono::seconds staleAfter) {
  namespace fs = llvm::sys::fs;
  std::vector<CacheFile> files;
  auto now = std::chrono::system_clock::now();
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec, /*follow_symlinks=*/false), end; !ec && it != end;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    fs::file_status st;
    if (fs::status(it->path(), st, /*Follow=*/false) || st.type() != fs::file_type::regular_file)
      continue;
    if (isEntry(name))
      files.push_back({it->path(), st.getSize(), st.getLastModificationTime()});
    else if (isTemporary(name) && now - st.getLastModificationTime() > staleAfter)
      fs::remove(it->path());
  }
  llvm::sort(files, [](const CacheFile &a, const CacheFile &b) {
    return std::tie(b.used, a.path) < std::tie(a.used, b.path);
  });
  return files;
}

void ascreg::removeAllButMostRecent(const std::vector<CacheFile> &files, size_t keep) {
  for (size_t i = keep; i < files.size(); ++i)
    llvm::sys::fs::remove(files[i].path);
}

std::string ascreg::CacheKey::hex() {
  std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest).take_front(16), /*LowerCase=*/true);
}
