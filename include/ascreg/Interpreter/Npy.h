//===- Npy.h - NumPy .npy files for kernel inputs and outputs ---*- C++ -*-===//
#ifndef ASCREG_INTERPRETER_NPY_H
#define ASCREG_INTERPRETER_NPY_H

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

  uint64_t numElements() const;
  /// The descr string, e.g. "<f4" (or "|u1").
  std::string descr() const;
};

/// Reads `path`. Fails with a message naming the file for anything that is
/// not a well-formed little-endian C-order integer or float array.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path);
/// Writes `array` as a version 1.0 .npy file.
llvm::Error writeNpy(llvm::StringRef path, const NpyArray &array);

} // namespace ascreg

#endif
