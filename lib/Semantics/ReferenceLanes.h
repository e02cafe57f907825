//===- ReferenceLanes.h - the reference's zeroing lane loop -----*- C++ -*-===//
//
// The reference implementations compute one lane at a time; the zeroing ops
// among them (sub, mul, abs, bitwise, the shifts) share this loop, so the
// rule "an inactive lane is 0, the result may alias an input" is written
// once.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_REFERENCELANES_H
#define ASCREG_LIB_SEMANTICS_REFERENCELANES_H

#include "ascreg/Semantics/Semantics.h"

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
