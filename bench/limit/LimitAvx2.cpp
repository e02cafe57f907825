//===- LimitAvx2.cpp - the benchmark loops with AVX2 + F16C intrinsics ----===//
//
// Compiled for the baseline like the rest of the tree; the functions carry
// their own target attribute and are called only when the host has AVX2
// (hostHasAvx2). A register that is not fully active goes through a
// 256-byte copy with neutral inactive lanes, so the common full register
// takes the straight-line path.
//
//===----------------------------------------------------------------------===//
#include "LimitKernels.h"

#include <immintrin.h>

#include <cstring>

#define LIMIT_AVX2 __attribute__((target("avx2,f16c,bmi")))

namespace ascreg {
namespace limit {

bool hostHasAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c") &&
         __builtin_cpu_supports("bmi");
}

namespace {
/// The register at `src` with `n` of its `Lanes` lanes active: `src` itself
/// when all are, else `partial` holding the active lanes and bytes `fill`.
template <unsigned Lanes, typename T>
const T *activeOrPadded(const T *src, uint32_t n, T (&partial)[Lanes], int fill) {
  if (n == Lanes)
    return src;
  std::memcpy(partial, src, sizeof(T) * n);
  std::memset(partial + n, fill, sizeof(T) * (Lanes - n));
  return partial;
}

LIMIT_AVX2 inline __m256 roundToF16(__m256 x) {
  return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

/// The sums of adjacent pairs of a, then of b, in lane order.
LIMIT_AVX2 inline __m256 pairSums(__m256 a, __m256 b) {
  __m256 h = _mm256_hadd_ps(a, b); // a01 a23 b01 b23 | a45 a67 b45 b67
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(h), 0xD8));
}

LIMIT_AVX2 void reduceMaxF32(const float *src, float *dst, uint32_t count, size_t repeat) {
  alignas(32) float partial[64];
  const __m256i magnitude = _mm256_set1_epi32(0x7FFFFFFF);
  for (size_t r = 0; r < repeat; ++r, src += 64, dst += 64) {
    uint32_t n = activeLanes(count, 64);
    uint32_t best = 0xFF800000, index = 0; // no active lane: -inf, lane 0
    if (n > 0) {
      // Inactive lanes: -NaN 0xFFFFFFFF, whose key is below every other.
      const float *in = activeOrPadded(src, n, partial, 0xFF);
      // Keys that order floats as signed integers, -0 below +0.
      __m256i key[8];
      for (int i = 0; i < 8; ++i) {
        __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(in) + i);
        key[i] = _mm256_xor_si256(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), magnitude));
      }
      __m256i m = _mm256_max_epi32(
          _mm256_max_epi32(_mm256_max_epi32(key[0], key[1]), _mm256_max_epi32(key[2], key[3])),
          _mm256_max_epi32(_mm256_max_epi32(key[4], key[5]), _mm256_max_epi32(key[6], key[7])));
      m = _mm256_max_epi32(m, _mm256_permute2x128_si256(m, m, 1));
      m = _mm256_max_epi32(m, _mm256_shuffle_epi32(m, 0x4E));
      m = _mm256_max_epi32(m, _mm256_shuffle_epi32(m, 0xB1));
      uint64_t hits = 0;
      for (int i = 0; i < 8; ++i)
        hits |= uint64_t(uint32_t(
                    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(key[i], m)))))
                << (8 * i);
      index = uint32_t(__builtin_ctzll(hits));
      std::memcpy(&best, in + index, 4);
    }
    __m256 zero = _mm256_setzero_ps();
    _mm256_storeu_ps(
        dst, _mm256_castsi256_ps(_mm256_setr_epi32(int(best), int(index), 0, 0, 0, 0, 0, 0)));
    for (int i = 1; i < 8; ++i)
      _mm256_storeu_ps(dst + 8 * i, zero);
  }
}

LIMIT_AVX2 void reduceSumF16(const uint16_t *src, uint16_t *dst, uint32_t count, size_t repeat) {
  alignas(32) uint16_t partial[128];
  for (size_t r = 0; r < repeat; ++r, src += 128, dst += 128) {
    uint32_t n = activeLanes(count, 128);
    const uint16_t *in = activeOrPadded(src, n, partial, 0); // inactive lanes: +0
    // The tree in f32 lanes, every node rounded to f16 (an f32 sum of two
    // f16 values rounded to f16 is the correctly rounded f16 sum).
    __m256 t[16];
    for (int i = 0; i < 16; ++i)
      t[i] = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i *>(in) + i));
    for (int width = 16; width > 1; width /= 2)
      for (int i = 0; i < width / 2; ++i)
        t[i] = roundToF16(pairSums(t[2 * i], t[2 * i + 1]));
    // 8 values s0..s7 in t[0]: pairs, then pairs of pairs, then the root.
    __m256 s = roundToF16(_mm256_hadd_ps(t[0], t[0])); // s01 s23 . . | s45 s67 . .
    s = roundToF16(_mm256_hadd_ps(s, s));              // s0123 . . . | s4567 . . .
    __m128 root = _mm_add_ss(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
    __m128i h = _mm_cvtps_ph(root, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256i zero = _mm256_setzero_si256();
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst),
                        _mm256_blend_epi16(zero, _mm256_castsi128_si256(h), 1));
    for (int i = 1; i < 8; ++i)
      _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst) + i, zero);
  }
}

LIMIT_AVX2 void pairReduceSumF32(const float *src, float *dst, uint32_t count, size_t repeat) {
  alignas(32) float partial[64];
  for (size_t r = 0; r < repeat; ++r, src += 64, dst += 64) {
    uint32_t n = activeLanes(count, 64);
    const float *in = activeOrPadded(src, n, partial, 0); // inactive lanes: +0
    for (int i = 0; i < 4; ++i)
      _mm256_storeu_ps(dst + 8 * i,
                       pairSums(_mm256_loadu_ps(in + 16 * i), _mm256_loadu_ps(in + 16 * i + 8)));
    for (int i = 4; i < 8; ++i)
      _mm256_storeu_ps(dst + 8 * i, _mm256_setzero_ps());
  }
}

LIMIT_AVX2 bool gatherF32(const float *base, size_t baseElems, const uint32_t *index, float *dst,
                          uint32_t count, size_t repeat) {
  // Indices are compared unsigned; a base above 2^31 elements would need
  // 64-bit gather offsets.
  if (baseElems > 0x7FFFFFFF)
    baseElems = 0x7FFFFFFF;
  const __m256i bias = _mm256_set1_epi32(INT32_MIN);
  const __m256i limit = _mm256_set1_epi32(int32_t(uint32_t(baseElems) ^ 0x80000000u));
  const __m256i laneIds = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (size_t r = 0; r < repeat; ++r, index += 64, dst += 64) {
    uint32_t n = activeLanes(count, 64);
    for (uint32_t i = 0; i < 8; ++i) {
      __m256i idx = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(index) + i);
      __m256i active = _mm256_cmpgt_epi32(_mm256_set1_epi32(int32_t(n - 8 * i)), laneIds);
      if (n >= 8 * i + 8)
        active = _mm256_set1_epi32(-1);
      else if (n <= 8 * i)
        active = _mm256_setzero_si256();
      // index >= baseElems (unsigned) in an active lane stops the loop.
      __m256i inside = _mm256_cmpgt_epi32(limit, _mm256_xor_si256(idx, bias));
      if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_andnot_si256(inside, active))))
        return false;
      _mm256_storeu_ps(dst + 8 * i, _mm256_mask_i32gather_ps(_mm256_setzero_ps(), base, idx,
                                                             _mm256_castsi256_ps(active), 4));
    }
  }
  return true;
}
} // namespace

const Kernels &avx2Kernels() {
  static const Kernels k = {"avx2", reduceMaxF32, reduceSumF16, pairReduceSumF32, gatherF32};
  return k;
}

} // namespace limit
} // namespace ascreg
