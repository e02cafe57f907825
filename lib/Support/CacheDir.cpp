//===- CacheDir.cpp - where ascreg's on-disk caches live ------------------===//
#include "ascreg/Support/CacheDir.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

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
