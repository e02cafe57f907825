//===- PassPlugins.h - loading pass plugins by file name --------*- C++ -*-===//
//
// ascreg-run --load-pass-plugin and Python's bisect(plugins=...) load MLIR
// pass plugins. A plugin is named like every other file ascreg reads: a
// name without '/' ("Foo.so") is a file in the working directory. (dlopen,
// which MLIR's PassPlugin::load calls, would instead search the library path
// for such a name and never look in the working directory.)
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DEBUGGING_PASSPLUGINS_H
#define ASCREG_DEBUGGING_PASSPLUGINS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace ascreg {
namespace debugging {

/// Loads the pass plugin in the file `path` and registers its passes; a
/// missing file or a library that is not a pass plugin is an error.
llvm::Error loadPassPlugin(llvm::StringRef path);

} // namespace debugging
} // namespace ascreg

#endif // ASCREG_DEBUGGING_PASSPLUGINS_H
