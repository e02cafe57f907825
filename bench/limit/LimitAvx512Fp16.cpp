//===- LimitAvx512Fp16.cpp - the f16 sum tree with native f16 adds --------===//
//
// On hosts with AVX512-FP16 (Sapphire Rapids and later) LLVM lowers the
// JIT's f16 sum tree to native f16 additions (vaddph), which round every
// node to f16 as the tree requires; the AVX2 loop must round through f32
// and back at every level. This loop is the limit on such hosts: the AVX2
// loops for the other kernels, the f16 sum with vaddph.
//
//===----------------------------------------------------------------------===//
#include "LimitKernels.h"

#include <immintrin.h>

#define LIMIT_FP16 __attribute__((target("avx512fp16,avx512bw,avx512f")))

namespace ascreg {
namespace limit {

bool hostHasAvx512Fp16() {
  __builtin_cpu_init();
  return hostHasAvx2() && __builtin_cpu_supports("avx512fp16") &&
         __builtin_cpu_supports("avx512bw");
}

namespace {
/// The sums of adjacent pairs of a (lanes 0-15), then of b (16-31), each
/// rounded to f16.
LIMIT_FP16 inline __m512i pairSums(__m512i a, __m512i b, __m512i even, __m512i odd) {
  return _mm512_castph_si512(
      _mm512_add_ph(_mm512_castsi512_ph(_mm512_permutex2var_epi16(a, even, b)),
                    _mm512_castsi512_ph(_mm512_permutex2var_epi16(a, odd, b))));
}

LIMIT_FP16 void reduceSumF16(const uint16_t *src, uint16_t *dst, uint32_t count, size_t repeat) {
  alignas(64) uint16_t evenLanes[32], oddLanes[32];
  for (int i = 0; i < 32; ++i) {
    evenLanes[i] = uint16_t(2 * i);
    oddLanes[i] = uint16_t(2 * i + 1);
  }
  const __m512i even = _mm512_load_si512(evenLanes), odd = _mm512_load_si512(oddLanes);
  const __m512i zero = _mm512_setzero_si512();
  for (size_t r = 0; r < repeat; ++r, src += 128, dst += 128) {
    uint32_t n = activeLanes(count, 128);
    __m512i t[4];
    for (uint32_t i = 0; i < 4; ++i) { // inactive lanes: +0
      uint32_t k = n > 32 * i ? n - 32 * i : 0;
      __mmask32 active = k >= 32 ? ~__mmask32(0) : (__mmask32(1) << k) - 1;
      t[i] = _mm512_maskz_loadu_epi16(active, src + 32 * i);
    }
    __m512i s = pairSums(pairSums(t[0], t[1], even, odd), pairSums(t[2], t[3], even, odd), even,
                         odd);                  // 32 nodes of the third level
    for (int width = 32; width > 1; width /= 2) // lanes past width / 2 are don't-care
      s = pairSums(s, s, even, odd);
    _mm512_storeu_si512(dst, _mm512_maskz_mov_epi16(1, s));
    for (int i = 1; i < 4; ++i)
      _mm512_storeu_si512(dst + 32 * i, zero);
  }
}
} // namespace

const Kernels &avx512Fp16Kernels() {
  static const Kernels k = [] {
    Kernels k = avx2Kernels();
    k.name = "avx512fp16";
    k.reduceSumF16 = reduceSumF16;
    return k;
  }();
  return k;
}

} // namespace limit
} // namespace ascreg
