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
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <memory>
#include <string>

namespace ascreg {

/// The first `maxBytes` bytes of `path` (all of it if it is shorter): a
/// caller that passes one byte more than it accepts sees whether the file is
/// too large without reading the rest.
llvm::ErrorOr<std::string> readFileAtMost(llvm::StringRef path, size_t maxBytes);

/// The most a kernel, a pass pipeline or an .npy input may hold when it comes
/// from a device, a FIFO or standard input, whose size is not known before
/// reading: far above any real input, and reached in a fraction of a second.
inline constexpr size_t kMaxStreamInputBytes = size_t(256) << 20;

/// The contents of `path` ("-" is standard input); a source that is not a
/// regular file is read to at most kMaxStreamInputBytes, beyond which it is
/// refused (std::errc::file_too_large) instead of filling memory.
llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> readBoundedFile(llvm::StringRef path);

/// Why readBoundedFile failed, in words ("it is not a regular file and gives
/// more than 256 MiB", "No such file or directory").
std::string describeReadError(std::error_code error);

/// readBoundedFile with mlir::openInputFile's interface: null and `*error`
/// set to "cannot open input file 'PATH': WHY" on failure.
std::unique_ptr<llvm::MemoryBuffer> openBoundedInputFile(llvm::StringRef path, std::string *error);

} // namespace ascreg

#endif // ASCREG_SUPPORT_INPUTFILE_H
