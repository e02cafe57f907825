//===- ReferenceLanes.h - the reference's lane helpers ----------*- C++ -*-===//
//
// The reference implementations compute one lane at a time; a float lane's
// value and its rounding back, and the zeroing ops' loop (sub, mul, abs,
// bitwise, the shifts), are written here once, so the rule "an inactive
// lane is 0, the result may alias an input" has one place.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_REFERENCELANES_H
#define ASCREG_LIB_SEMANTICS_REFERENCELANES_H

#include "ascreg/Semantics/Semantics.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace ascreg {
namespace semantics {
namespace ref {

/// The raw bits of lane i of `r` (lanes of w bytes).
inline uint64_t laneBits(const Reg &r, unsigned w, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, r.b + uint64_t(i) * w, w);
  return v;
}

/// The value of a float lane (f16 / bf16 / f32 are all exact in float).
inline float floatValue(ElemKind k, uint64_t bits) {
  switch (k) {
  case ElemKind::F16:
    return f16ToF32(uint16_t(bits));
  case ElemKind::BF16:
    return bf16ToF32(uint16_t(bits));
  default:
    return std::bit_cast<float>(uint32_t(bits));
  }
}
/// Rounds a float to the element type once (RNE, non-saturating).
inline uint64_t roundFloat(ElemKind k, float f) {
  switch (k) {
  case ElemKind::F16:
    return f32ToF16(f);
  case ElemKind::BF16:
    return f32ToBF16(f);
  default:
    return std::bit_cast<uint32_t>(f);
  }
}

/// Lane i of `out` is `lane(i)` (its bits) where `m` is active for `t`,
/// else 0 (zeroing). Built in a copy, so `out` may be an input.
template <class LaneFn> void zeroingLanes(RegType t, const Mask &m, Reg &out, LaneFn &&lane) {
  const unsigned w = elemBytes(t.elem);
  Reg r;
  for (unsigned i = 0; i < t.lanes(); ++i) {
    const uint64_t res = m.laneActive(t, i) ? uint64_t(lane(i)) : 0;
    std::memcpy(r.b + uint64_t(i) * w, &res, w);
  }
  std::memcpy(out.b, r.b, t.bytes());
}

} // namespace ref
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_LIB_SEMANTICS_REFERENCELANES_H
