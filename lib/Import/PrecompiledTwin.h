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
/// no -I, -D or other compiler argument.
bool mayUsePrecompiledTwin(llvm::StringRef path, llvm::StringRef source,
                           const ImportOptions &options);

/// The precompiled kernel_operator.h for the Clang arguments `args` (those
/// of the kernel's parse without its file) in `cacheDir`, built there when
/// absent; its name is a hash of the twin's headers under `includeDir`,
/// `args` and Clang's version, so an edited header gets a new one. At most
/// four are kept (the least recently used go). Empty when it cannot be had.
std::string precompiledTwin(llvm::StringRef cacheDir, llvm::StringRef includeDir,
                            const std::vector<std::string> &args);

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_PRECOMPILEDTWIN_H
