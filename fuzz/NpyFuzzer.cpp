//===- NpyFuzzer.cpp - fuzz target: the .npy reader -------------*- C++ -*-===//
//
// Input: the bytes of a .npy file. Oracles: parseNpy never crashes or reads
// out of bounds (ASan), and an accepted array is self-consistent: its data
// holds exactly numElements() x itemBytes bytes (the product cannot have
// wrapped), and encodeNpy writes bytes that parse back to the same array.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "ascreg/Interpreter/Npy.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  auto arr = ascreg::parseNpy(bytes, "fuzz.npy");
  if (!arr) {
    llvm::consumeError(arr.takeError());
    return 0;
  }
  uint64_t n = arr->numElements();
  FUZZ_CHECK(arr->itemBytes == 1 || arr->itemBytes == 2 || arr->itemBytes == 4 ||
                 arr->itemBytes == 8,
             "accepted item size");
  FUZZ_CHECK(n <= arr->data.size() && arr->data.size() == n * arr->itemBytes,
             "data size == elements x item size");
  // Every element is readable (what --print and the kernels do).
  uint64_t sum = 0;
  for (uint64_t i = 0; i < n; ++i)
    sum += arr->data[i * arr->itemBytes + arr->itemBytes - 1];
  (void)sum;
  // Round trip.
  auto encoded = ascreg::encodeNpy("fuzz.npy", *arr);
  FUZZ_CHECK(static_cast<bool>(encoded), "an accepted array encodes");
  auto again = ascreg::parseNpy(*encoded, "fuzz.npy");
  FUZZ_CHECK(static_cast<bool>(again), "an encoded array parses");
  FUZZ_CHECK(again->kind == arr->kind && again->itemBytes == arr->itemBytes &&
                 again->shape == arr->shape && again->data == arr->data,
             "round trip keeps the array");
  return 0;
}
