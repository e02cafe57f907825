//===- SimdMasks.cpp - The mask ops of simd:: -----------------------------===//
//
// create_mask, update_mask and the mask logic. A mask is four 64-bit words,
// so each op is a few word operations: nothing for Highway to add and no
// dispatch. The lowest bit of every lane group is detail::laneGroupBits.
//
//===----------------------------------------------------------------------===//
#include "MaskBits.h"
#include "ascreg/Semantics/Semantics.h"

namespace ascreg::semantics::simd {

void createMask(RegType t, MaskPattern p, Mask &out) {
  const unsigned vl = t.lanes();
  const PatternLanes on = patternLanes(p, vl);
  detail::LaneBits lb{};
  if (on.period == 3) {
    for (unsigned i = 0; i < vl; i += 3)
      lb.w[i >> 6] |= uint64_t(1) << (i & 63);
  } else if (on.period == 4) {
    for (unsigned k = 0; k < (vl + 63) / 64; ++k)
      lb.w[k] = 0x1111111111111111ull;
    if (vl < 64) // a whole word was filled
      lb.w[0] &= (uint64_t(1) << vl) - 1;
  } else {
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned lo = 64 * k;
      if (on.prefix >= lo + 64)
        lb.w[k] = ~0ull;
      else if (on.prefix > lo)
        lb.w[k] = (uint64_t(1) << (on.prefix - lo)) - 1;
    }
  }
  out = detail::unpackLanes(lb, t.maskStride());
}

void updateMask(RegType t, uint32_t count, Mask &out, uint32_t &rest) {
  // The lane groups' lowest bits, cut below bit stride*n: four word
  // operations instead of a per-lane loop (this runs once per register in
  // every loop of a kernel).
  const unsigned vl = t.lanes();
  const unsigned n = count < vl ? count : vl;
  const unsigned limit = n * t.maskStride(); // bits [0, limit) may be set
  const uint64_t group = detail::laneGroupBits(t.maskStride());
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned lo = 64 * k;
    const uint64_t below = limit >= lo + 64 ? ~0ull
                           : limit > lo     ? (uint64_t(1) << (limit - lo)) - 1
                                            : 0;
    out.w[k] = group & below;
  }
  rest = count < vl ? 0 : count - vl;
}

// Four word operations: nothing for SIMD to add.
void maskAnd(const Mask &a, const Mask &b, Mask &out) { ref::maskAnd(a, b, out); }
void maskOr(const Mask &a, const Mask &b, Mask &out) { ref::maskOr(a, b, out); }

void maskNot(RegType t, const Mask &a, Mask &out) {
  // Every register type has 256 / stride lanes, so its lanes are exactly the
  // groups' lowest bits: four word operations (a may be out).
  const uint64_t group = detail::laneGroupBits(t.maskStride());
  for (unsigned k = 0; k < 4; ++k)
    out.w[k] = ~a.w[k] & group;
}

} // namespace ascreg::semantics::simd
