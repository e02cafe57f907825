//===- RegApiFormsSimd.cpp - simd:: entry points of the Reg API forms -----===//
//
// Each form is an existing kernel applied to a fixed part of its operands
// (the lane broadcast is the masked duplicate of lane 0), so it reuses that
// kernel's dispatch instead of compiling a family of its own.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/RegApiForms.h"

namespace ascreg::semantics::simd {

void duplicateLane(RegType t, const Reg &src, const Mask &m, Reg &out) {
  duplicate(t, lane0Bits(t, src), &m, out);
}

// A copy of one lane: nothing for a vector kernel to add.
void storeFirst(RegType t, const Reg &in, uint8_t *dst) { ref::storeFirst(t, in, dst); }

// A mask is four 64-bit words: word operations, no dispatch (as SimdMasks.cpp).
void governedMaskLogic(MaskLogicKind k, const Mask &a, const Mask &b, const Mask &g, Mask &out) {
  for (int i = 0; i < 4; ++i) {
    const uint64_t x = a.w[i], y = b.w[i];
    out.w[i] = (k == MaskLogicKind::And ? x & y : k == MaskLogicKind::Or ? x | y : x ^ y) & g.w[i];
  }
}
void governedMaskNot(const Mask &a, const Mask &g, Mask &out) {
  for (int i = 0; i < 4; ++i)
    out.w[i] = ~a.w[i] & g.w[i];
}

} // namespace ascreg::semantics::simd
