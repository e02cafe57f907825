//===- CacheDir.h - where ascreg's on-disk caches live ----------*- C++ -*-===//
//
// The JIT's object cache, the importer's precompiled twin header and the
// imported modules live in the same place, chosen by the same rules.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_CACHEDIR_H
#define ASCREG_SUPPORT_CACHEDIR_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ascreg {

/// The directory of ascreg's cache `name` (`jit`, `import`,
/// `import-modules`): the value of the environment variable `envVar` when
/// it is set ("off": no cache, the empty string), else
/// $XDG_CACHE_HOME/ascreg/NAME (an absolute $XDG_CACHE_HOME), else
/// $HOME/.cache/ascreg/NAME; empty when none applies.
std::string userCacheDir(llvm::StringRef envVar, llvm::StringRef name);

} // namespace ascreg

#endif // ASCREG_SUPPORT_CACHEDIR_H
