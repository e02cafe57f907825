//===- MaskBits.h - Packing mask registers to one bit per lane -*- C++ -*-===//
//
// A Mask has one bit per data byte; lane i of a type with stride s is bit s*i.
// create_mask works on "lane bits" (bit i = lane i), so these helpers
// compress / expand between the two forms with a few shifts per 64-bit word.
// (The vector kernels read and write masks directly, see SimdLanes-inl.h.)
// Lanes of any register type number 256 / stride.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_MASKBITS_H
#define ASCREG_LIB_SEMANTICS_MASKBITS_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {
namespace detail {

/// Bit i = lane i.
struct LaneBits {
  uint64_t w[4];
};

// Keeps bits 0, s, 2s, ... of x and packs them into the low 64/s bits.
inline uint64_t compress2(uint64_t x) {
  x &= 0x5555555555555555ull;
  x = (x | x >> 1) & 0x3333333333333333ull;
  x = (x | x >> 2) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | x >> 4) & 0x00FF00FF00FF00FFull;
  x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
  return (x | x >> 16) & 0xFFFFFFFFull;
}
inline uint64_t compress4(uint64_t x) {
  x &= 0x1111111111111111ull;
  x = (x | x >> 3) & 0x0303030303030303ull;
  x = (x | x >> 6) & 0x000F000F000F000Full;
  x = (x | x >> 12) & 0x000000FF000000FFull;
  return (x | x >> 24) & 0xFFFFull;
}
inline uint64_t compress8(uint64_t x) {
  x &= 0x0101010101010101ull;
  x = (x | x >> 7) & 0x0003000300030003ull;
  x = (x | x >> 14) & 0x0000000F0000000Full;
  return (x | x >> 28) & 0xFFull;
}
// Inverses: spread the low 64/s bits of x to positions 0, s, 2s, ...
inline uint64_t expand2(uint64_t x) {
  x &= 0xFFFFFFFFull;
  x = (x | x << 16) & 0x0000FFFF0000FFFFull;
  x = (x | x << 8) & 0x00FF00FF00FF00FFull;
  x = (x | x << 4) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | x << 2) & 0x3333333333333333ull;
  return (x | x << 1) & 0x5555555555555555ull;
}
inline uint64_t expand4(uint64_t x) {
  x &= 0xFFFFull;
  x = (x | x << 24) & 0x000000FF000000FFull;
  x = (x | x << 12) & 0x000F000F000F000Full;
  x = (x | x << 6) & 0x0303030303030303ull;
  return (x | x << 3) & 0x1111111111111111ull;
}
inline uint64_t expand8(uint64_t x) {
  x &= 0xFFull;
  x = (x | x << 28) & 0x0000000F0000000Full;
  x = (x | x << 14) & 0x0003000300030003ull;
  return (x | x << 7) & 0x0101010101010101ull;
}

/// The lowest bit of every lane group (bit stride*i) in one mask word.
/// (static: each file addresses its table directly, without a GOT load in
/// the mask ops that run once per loop iteration of a kernel.)
static inline uint64_t laneGroupBits(unsigned stride) {
  static constexpr uint64_t kGroupBits[9] = {
      0, ~0ull, 0x5555555555555555ull, 0, 0x1111111111111111ull, 0, 0, 0, 0x0101010101010101ull};
  return kGroupBits[stride];
}

/// Lane bits of `m` for a type with the given mask stride (1, 2, 4 or 8).
inline LaneBits packLanes(const Mask &m, unsigned stride) {
  LaneBits r{};
  for (unsigned k = 0; k < 4; ++k) {
    uint64_t x = m.w[k];
    switch (stride) {
    case 1:
      r.w[k] = x;
      break;
    case 2:
      r.w[k / 2] |= compress2(x) << (32 * (k % 2));
      break;
    case 4:
      r.w[0] |= compress4(x) << (16 * k);
      break;
    default:
      r.w[0] |= compress8(x) << (8 * k);
      break;
    }
  }
  return r;
}

/// The mask whose lanes (stride `stride`) are `lb`; all other bits 0.
inline Mask unpackLanes(const LaneBits &lb, unsigned stride) {
  Mask m{};
  for (unsigned k = 0; k < 4; ++k) {
    switch (stride) {
    case 1:
      m.w[k] = lb.w[k];
      break;
    case 2:
      m.w[k] = expand2(lb.w[k / 2] >> (32 * (k % 2)));
      break;
    case 4:
      m.w[k] = expand4(lb.w[0] >> (16 * k));
      break;
    default:
      m.w[k] = expand8(lb.w[0] >> (8 * k));
      break;
    }
  }
  return m;
}

} // namespace detail
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_LIB_SEMANTICS_MASKBITS_H
