//===- Npy.h - NumPy .npy files for kernel inputs and outputs ---*- C++ -*-===//
#ifndef ASCREG_INTERPRETER_NPY_H
#define ASCREG_INTERPRETER_NPY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ascreg {

/// A little-endian, C-order .npy array.
struct NpyArray {
  char kind = 'f';        // 'i' signed, 'u' unsigned, 'f' float
  unsigned itemBytes = 4; // element size
  std::vector<int64_t> shape;
  std::vector<uint8_t> data; // numElements() * itemBytes bytes

  /// The product of the shape (1 for a 0-d array). For an array returned by
  /// readNpy it is exact (readNpy rejects shapes whose product overflows).
  uint64_t numElements() const;
  /// The descr string, e.g. "<f4" (or "|u1").
  std::string descr() const;
};

/// Largest header (the dict after the preamble) readNpy accepts: numpy's own
/// default `max_header_size`. Real headers are a few dozen bytes.
inline constexpr size_t kNpyMaxHeaderBytes = 10000;

/// Reads `path`. Fails with a message naming the file and what is wrong for
/// anything that is not a well-formed little-endian C-order integer or float
/// array:
///   - format versions 1.0, 2.0 and 3.0 only; a preamble or header cut short;
///     a header longer than kNpyMaxHeaderBytes;
///   - a header that is not exactly one dict literal with exactly the keys
///     'descr', 'fortran_order' and 'shape' (no duplicates, no others),
///     followed only by padding;
///   - 'descr' other than <iN, <uN (N = 1, 2, 4, 8), <f2, <f4, <f8 ('|' and
///     '=' are accepted, '>' only for 1-byte types); structured dtypes;
///   - fortran_order True (even for 1-D data, where it would be harmless);
///   - a negative shape dimension, a dimension above 2^63-1, a shape whose
///     element count or byte size (count x itemsize) overflows 64 bits;
///   - data that is not exactly count x itemsize bytes: a truncated file, and
///     also trailing bytes after the data (numpy ignores those; ascreg treats
///     them as a sign of a wrong header and rejects them).
/// Any rank is accepted (a 0-d array is one element); the data is the
/// C-order flattening, which is how kernels see it.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path);
/// readNpy on the bytes of a file already in memory; `path` names it in
/// messages.
llvm::Expected<NpyArray> parseNpy(llvm::StringRef bytes, llvm::StringRef path);

/// The bytes of `array` as a version 1.0 .npy file. Fails if the data size
/// does not match the shape and element size (`path` names the file in the
/// message).
llvm::Expected<std::string> encodeNpy(llvm::StringRef path, const NpyArray &array);
/// Writes `array` as a version 1.0 .npy file by the output-file rule
/// (ascreg/Support/OutputFile.h).
llvm::Error writeNpy(llvm::StringRef path, const NpyArray &array);
/// Writes several .npy files, all or nothing (writeOutputFiles): an
/// encoding error writes nothing; a write error (a full disk, a missing
/// directory) leaves every regular target as it was and no temporary file
/// behind. Devices and FIFOs are written in place, symbolic links through.
llvm::Error writeNpyFiles(llvm::ArrayRef<std::pair<std::string, const NpyArray *>> files);

} // namespace ascreg

#endif
