//===- LimitScalar.cpp - the benchmark loops in plain scalar C++ ----------===//
//
// The fallback of the AVX2 loops and their readable statement: one lane at a
// time, exactly as LimitKernels.h describes each loop.
//
//===----------------------------------------------------------------------===//
#include "LimitKernels.h"

#include <cstring>

namespace ascreg {
namespace limit {

float f16ToF32(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
  uint32_t bits;
  if (exp == 0) { // zero or subnormal: mant * 2^-24, exact in f32
    float f = float(mant) * 0x1p-24f;
    std::memcpy(&bits, &f, 4);
    bits |= sign;
  } else if (exp == 31) {
    bits = sign | 0x7F800000 | mant << 13;
  } else {
    bits = sign | (exp + 112) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t f32ToF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t sign = uint16_t((x >> 16) & 0x8000);
  uint32_t ax = x & 0x7FFFFFFF, e = ax >> 23, mant = ax & 0x7FFFFF;
  if (ax > 0x7F800000) // NaN: quiet, keep the top payload bits
    return uint16_t(sign | 0x7E00 | (mant >> 13));
  if (ax >= 0x477FF000) // 65520 and above round to inf
    return uint16_t(sign | 0x7C00);
  if (e < 113) { // below 2^-14: a multiple of 2^-24, rounded to nearest even
    unsigned shift = 126 - e;
    if (shift > 24)
      return sign;
    uint32_t m = mant | 0x800000, q = m >> shift, rem = m & ((1u << shift) - 1),
             half = 1u << (shift - 1);
    q += rem > half || (rem == half && (q & 1));
    return uint16_t(sign | q);
  }
  uint32_t h = (e - 112) << 10 | mant >> 13, rem = mant & 0x1FFF;
  h += rem > 0x1000 || (rem == 0x1000 && (h & 1)); // a carry rounds up the exponent
  return uint16_t(sign | h);
}

namespace {
/// Orders float bits like the reduction: -0 below +0, as signed integers.
int32_t orderKey(uint32_t bits) {
  return int32_t(bits ^ ((uint32_t(int32_t(bits) >> 31)) & 0x7FFFFFFF));
}

void reduceMaxF32(const float *src, float *dst, uint32_t count, size_t repeat) {
  for (size_t r = 0; r < repeat; ++r, src += 64, dst += 64) {
    uint32_t n = activeLanes(count, 64);
    uint32_t best = 0xFF800000, index = 0; // -inf, lane 0
    if (n > 0) {
      std::memcpy(&best, src, 4);
      for (uint32_t i = 1; i < n; ++i) {
        uint32_t bits;
        std::memcpy(&bits, src + i, 4);
        if (orderKey(bits) > orderKey(best)) {
          best = bits;
          index = i;
        }
      }
    }
    std::memset(dst, 0, 256);
    std::memcpy(dst, &best, 4);
    std::memcpy(dst + 1, &index, 4);
  }
}

void reduceSumF16(const uint16_t *src, uint16_t *dst, uint32_t count, size_t repeat) {
  for (size_t r = 0; r < repeat; ++r, src += 128, dst += 128) {
    uint32_t n = activeLanes(count, 128);
    float t[128];
    for (uint32_t i = 0; i < 128; ++i)
      t[i] = i < n ? f16ToF32(src[i]) : 0.0f;
    // An f32 sum of two f16 values rounded to f16 is the correctly rounded
    // f16 sum (24 >= 2 * 11 + 2 bits: double rounding is innocuous).
    for (uint32_t width = 128; width > 1; width /= 2)
      for (uint32_t i = 0; i < width / 2; ++i)
        t[i] = f16ToF32(f32ToF16(t[2 * i] + t[2 * i + 1]));
    std::memset(dst, 0, 256);
    dst[0] = f32ToF16(t[0]);
  }
}

void pairReduceSumF32(const float *src, float *dst, uint32_t count, size_t repeat) {
  for (size_t r = 0; r < repeat; ++r, src += 64, dst += 64) {
    uint32_t n = activeLanes(count, 64);
    for (uint32_t i = 0; i < 32; ++i)
      dst[i] = (2 * i < n ? src[2 * i] : 0.0f) + (2 * i + 1 < n ? src[2 * i + 1] : 0.0f);
    std::memset(dst + 32, 0, 128);
  }
}

bool gatherF32(const float *base, size_t baseElems, const uint32_t *index, float *dst,
               uint32_t count, size_t repeat) {
  for (size_t r = 0; r < repeat; ++r, index += 64, dst += 64) {
    uint32_t n = activeLanes(count, 64);
    for (uint32_t i = 0; i < n; ++i) {
      if (index[i] >= baseElems)
        return false;
      dst[i] = base[index[i]];
    }
    std::memset(dst + n, 0, 4 * (64 - n));
  }
  return true;
}
} // namespace

const Kernels &scalarKernels() {
  static const Kernels k = {"scalar", reduceMaxF32, reduceSumF16, pairReduceSumF32, gatherF32};
  return k;
}

} // namespace limit
} // namespace ascreg
