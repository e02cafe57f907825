//===- PrecompiledTwin.h - the twin header, parsed once ---------*- C++ -*-===//
//
// Parsing the twin's kernel_operator.h is most of an import (about 2 of its
// 2.5 s). The importer keeps it as a Clang precompiled header in a cache
// directory and parses a kernel after it when that means the same thing:
// the kernel includes the twin first and the command line adds nothing the
// header could see (docs/import.md, "The precompiled twin header").
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_IMPORT_PRECOMPILEDTWIN_H
#define ASCREG_LIB_IMPORT_PRECOMPILEDTWIN_H

#include "ascreg/Import/Import.h"

#include <string>
#include <vector>

namespace ascreg {
namespace import {

/// The directory of the twin's kernel_operator.h under the include root
/// `includeDir` (the -I of every parse, so kernels include it by name).
std::string twinHeaderDir(llvm::StringRef includeDir);

/// The twin's kernel_operator.h under the include root `includeDir`.
std::string twinHeaderPath(llvm::StringRef includeDir);

/// Whether the kernel `source` (the file `path`) may be parsed after the
/// precompiled twin header with the same result as without it: its first
/// preprocessing directive is `#include "kernel_operator.h"` (or `<...>`),
/// its directory has no kernel_operator.h of its own, and `options` give
/// no compiler argument but -I and -D (which the header is built with).
bool mayUsePrecompiledTwin(llvm::StringRef path, llvm::StringRef source,
                           const ImportOptions &options);

/// The precompiled kernel_operator.h for the Clang arguments `args` (those
/// of the kernel's parse that the header sees: the twin's include
/// directories, the -I and -D) in `cacheDir`; its name is a hash of the
/// twin's headers under `includeDir`, `args` and Clang's version, so an
/// edited header gets a new one. Absent, it is built by the second call
/// with the same name (the first marks it as seen). At most four are kept
/// (the least recently used go). Empty when it cannot be had (yet).
std::string precompiledTwin(llvm::StringRef cacheDir, llvm::StringRef includeDir,
                            const std::vector<std::string> &args);

/// Removes the header `pch` that did not load (stale, damaged), marked as
/// seen: the next import with its arguments builds it again.
void discardPrecompiledTwin(llvm::StringRef pch);

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_PRECOMPILEDTWIN_H
