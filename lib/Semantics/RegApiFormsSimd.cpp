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

} // namespace ascreg::semantics::simd
