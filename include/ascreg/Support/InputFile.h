//===- InputFile.h - bounded reads of the files ascreg is given -*- C++ -*-===//
//
// A path the user gives may name a device or a FIFO instead of a file: read
// to its end, a /dev/zero-like node fills memory until the process dies.
// Inputs whose size ascreg knows a bound for are read with readFileAtMost.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_INPUTFILE_H
#define ASCREG_SUPPORT_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorOr.h"

#include <string>

namespace ascreg {

/// The first `maxBytes` bytes of `path` (all of it if it is shorter): a
/// caller that passes one byte more than it accepts sees whether the file is
/// too large without reading the rest.
llvm::ErrorOr<std::string> readFileAtMost(llvm::StringRef path, size_t maxBytes);

} // namespace ascreg

#endif // ASCREG_SUPPORT_INPUTFILE_H
