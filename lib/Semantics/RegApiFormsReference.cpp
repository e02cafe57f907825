//===- RegApiFormsReference.cpp - reference of the Reg API forms ----------===//
//
// One lane at a time, following docs/semantics.md 2.22 onwards literally.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/RegApiForms.h"

#include <cstring>

namespace ascreg {
namespace semantics {

bool isLegalDuplicateLane(RegType t) { return isValidRegType(t); }

bool isLegalStoreFirst(RegType t) {
  return isValidRegType(t) && t.numRegs == 1 && elemBytes(t.elem) <= 4;
}

uint64_t lane0Bits(RegType t, const Reg &r) {
  uint64_t v = 0;
  std::memcpy(&v, r.b, elemBytes(t.elem));
  return v;
}

namespace ref {

// The masked duplicate of lane 0's bits (read first: out may alias src).
void duplicateLane(RegType t, const Reg &src, const Mask &m, Reg &out) {
  duplicate(t, lane0Bits(t, src), &m, out);
}

void storeFirst(RegType t, const Reg &in, uint8_t *dst) {
  std::memcpy(dst, in.b, elemBytes(t.elem)); // lane 0, the mask plays no part
}

void governedMaskLogic(MaskLogicKind k, const Mask &a, const Mask &b, const Mask &g, Mask &out) {
  Mask r{};
  for (unsigned i = 0; i < kMaskBits; ++i) {
    bool x = a.bit(i), y = b.bit(i);
    bool v = k == MaskLogicKind::And ? x && y : k == MaskLogicKind::Or ? x || y : x != y;
    r.set(i, v && g.bit(i));
  }
  out = r; // the operands may alias out
}

void governedMaskNot(const Mask &a, const Mask &g, Mask &out) {
  Mask r{};
  for (unsigned i = 0; i < kMaskBits; ++i)
    r.set(i, !a.bit(i) && g.bit(i));
  out = r;
}

} // namespace ref
} // namespace semantics
} // namespace ascreg
