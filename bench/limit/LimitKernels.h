//===- LimitKernels.h - hand-written loops: the machine's limit -*- C++ -*-===//
//
// The four benchmark loops of bench/interp_vs_jit.py written by hand, once
// with AVX2 + F16C intrinsics (the f16 sum also with AVX512-FP16, which the
// JIT uses where the host has it) and once in plain scalar C++: what a
// programmer gets for the same work without ascreg (no Unified Buffer, no
// copies, no checks beyond the gather's index bound). They compute exactly
// what the conformance kernels compute (examples/conformance/<name>.mlir,
// docs/semantics.md) on inputs without NaN: LimitTest.cpp checks them bit
// for bit against ascreg's reference semantics. No ascreg dependency.
//
// Every loop runs `repeat` registers of 256 bytes: register r reads
// source register r, its mask is update_mask(count) with the count carried
// across registers (lanes [0, min(n, VL)) active, then n -= VL or 0), and
// the whole 256-byte result register is stored at destination register r.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_BENCH_LIMIT_LIMITKERNELS_H
#define ASCREG_BENCH_LIMIT_LIMITKERNELS_H

#include <cstddef>
#include <cstdint>

namespace ascreg {
namespace limit {

struct Kernels {
  const char *name;
  /// reduce <max> f32: lane 0 the maximum of the active lanes (-0 below +0),
  /// lane 1 the first lane holding it (its integer bits), other lanes 0;
  /// no active lane: -inf and index 0.
  void (*reduceMaxF32)(const float *src, float *dst, uint32_t count, size_t repeat);
  /// reduce <sum> f16 (raw bits): the binary tree over all 128 lanes,
  /// adjacent pairs first, inactive lanes +0, every node rounded to f16
  /// (nearest even, overflow to inf); lane 0 the sum, other lanes 0.
  void (*reduceSumF16)(const uint16_t *src, uint16_t *dst, uint32_t count, size_t repeat);
  /// pair_reduce_sum f32: lane i < 32 = src[2i] + src[2i+1] with inactive
  /// lanes +0, lanes 32..63 are 0.
  void (*pairReduceSumF32)(const float *src, float *dst, uint32_t count, size_t repeat);
  /// UB gather f32 with a u32 index: active lane i = base[index[i]],
  /// inactive lanes 0. Returns false (having stored the registers before)
  /// at the first register with an active index >= baseElems.
  bool (*gatherF32)(const float *base, size_t baseElems, const uint32_t *index, float *dst,
                    uint32_t count, size_t repeat);
};

const Kernels &scalarKernels();
/// Callable only where hostHasAvx2() is true.
const Kernels &avx2Kernels();
bool hostHasAvx2();
/// The AVX2 loops with the f16 sum on native f16 additions; callable only
/// where hostHasAvx512Fp16() is true.
const Kernels &avx512Fp16Kernels();
bool hostHasAvx512Fp16();

/// The active lanes of a register of `lanes` lanes under update_mask and the
/// count left for the next register.
inline uint32_t activeLanes(uint32_t &count, uint32_t lanes) {
  uint32_t n = count < lanes ? count : lanes;
  count = count < lanes ? 0 : count - lanes;
  return n;
}

/// IEEE binary16 <-> binary32 (round to nearest even, overflow to inf), for
/// the scalar loops and the benchmark's inputs.
float f16ToF32(uint16_t h);
uint16_t f32ToF16(float f);

} // namespace limit
} // namespace ascreg

#endif
