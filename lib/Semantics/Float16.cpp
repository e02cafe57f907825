//===- Float16.cpp - f16 / bf16 scalar conversions ------------------------===//
//
// Software conversions, written to agree bit for bit with the x86 F16C
// instructions the SIMD kernels use (vcvtph2ps / vcvtps2ph with RNE), including
// NaN handling: a NaN is quieted and keeps the top bits of its payload.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Semantics.h"

#include <bit>

namespace ascreg {
namespace semantics {

float f16ToF32(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  if (exp == 0x1f) // inf, or NaN made quiet (as vcvtph2ps does)
    return std::bit_cast<float>(sign | 0x7f800000 | (mant << 13) | (mant ? 0x00400000 : 0));
  if (exp == 0) // zero or subnormal: exactly mant * 2^-24
    return std::bit_cast<float>(sign | std::bit_cast<uint32_t>(float(mant) * 0x1p-24f));
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t f32ToF16(float f) {
  uint32_t u = std::bit_cast<uint32_t>(f);
  uint16_t sign = uint16_t((u >> 16) & 0x8000);
  uint32_t exp = (u >> 23) & 0xff;
  uint32_t mant = u & 0x7fffff;
  if (exp == 0xff) // inf, or quiet NaN with the top payload bits
    return sign | 0x7c00 | (mant ? 0x0200 | (mant >> 13) : 0);
  // Work on the magnitude as an integer scaled so that one f16 subnormal ulp
  // (2^-24) is 2^13 units; then round to nearest even in one step.
  int e = int(exp) - 127; // unbiased exponent
  if (e >= 16)            // >= 2^16 always rounds past 65504 -> inf
    return sign | 0x7c00;
  if (e < -25) // below half the smallest subnormal: rounds to zero
    return sign;
  uint32_t sig = (exp ? (mant | 0x800000) : mant); // 24-bit significand
  // value = sig * 2^(e-23). Target ulp: 2^-24 for subnormals, 2^(e-10) for normals.
  int ulpExp = e < -14 ? -24 : e - 10;
  int shift = ulpExp - (e - 23); // bits of sig below the target ulp (>= 13)
  uint32_t q = shift >= 32 ? 0 : sig >> shift;
  uint32_t rem = shift >= 32 ? sig : sig & ((1u << shift) - 1);
  uint32_t half = 1u << (shift - 1);
  if (rem > half || (rem == half && (q & 1)))
    ++q;
  // q counts ulps; for normals it includes the implicit bit (1024..2048).
  uint32_t bits;
  if (e < -14)
    bits = q; // subnormal; q == 1024 carries into the smallest normal correctly
  else
    bits = (uint32_t(e + 15) << 10) + (q - 1024); // carry into exponent is fine
  if (bits >= 0x7c00)
    return sign | 0x7c00; // overflow: non-saturating
  return sign | uint16_t(bits);
}

float bf16ToF32(uint16_t h) { return std::bit_cast<float>(uint32_t(h) << 16); }

uint16_t f32ToBF16(float f) {
  uint32_t u = std::bit_cast<uint32_t>(f);
  if ((u & 0x7fffffff) > 0x7f800000) // NaN: keep it NaN (quiet)
    return uint16_t((u >> 16) | 0x0040);
  uint32_t lsb = (u >> 16) & 1;
  return uint16_t((u + 0x7fff + lsb) >> 16); // RNE; overflow rounds to inf
}

} // namespace semantics
} // namespace ascreg
