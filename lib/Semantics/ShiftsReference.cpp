//===- ShiftsReference.cpp - reference of the shifts ----------------------===//
//
// One lane at a time, following docs/semantics.md 2.27 literally; the
// legal table and the names live here too (one file per op family).
//
//===----------------------------------------------------------------------===//
#include "ReferenceLanes.h"
#include "ascreg/Semantics/Shifts.h"

#include <cstring>
#include <limits>

namespace ascreg {
namespace semantics {

using EK = ElemKind;

const char *shiftName(ShiftKind k, bool scalar) {
  if (k == ShiftKind::Left)
    return scalar ? "shift_lefts" : "shift_left";
  return scalar ? "shift_rights" : "shift_right";
}

bool isLegalShift(RegType t) {
  // Every integer register; 64-bit data in both forms (the one-register
  // form runs the same word sequence after de-interleaving).
  return isValidRegType(t) && !isFloat(t.elem) && (t.numRegs == 1 || elemBytes(t.elem) == 8);
}

RegType shiftAmountType(RegType t) {
  switch (elemBytes(t.elem)) {
  case 1:
    return {EK::I8, t.numRegs};
  case 2:
    return {EK::I16, t.numRegs};
  case 4:
    return {EK::I32, t.numRegs};
  default:
    return {EK::I64, t.numRegs};
  }
}

uint64_t shiftLane(const Profile &prof, ShiftKind s, EK k, uint64_t x, int64_t n) {
  const unsigned w = 8 * elemBytes(k);
  const uint64_t all = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  const uint64_t sign = uint64_t(1) << (w - 1);
  const bool isSigned = isSignedInt(k);
  x &= all;
  uint64_t mag = uint64_t(n); // |n| as an unsigned value; INT64_MIN stays 2^63
  if (n < 0) {
    if (prof.shiftNegative == ShiftNegative::Reverse) {
      s = s == ShiftKind::Left ? ShiftKind::Right : ShiftKind::Left;
      mag = 0 - uint64_t(n);
    } else {
      mag = std::numeric_limits<uint64_t>::max(); // past the width
    }
  }
  if (mag == w && prof.shiftRange == ShiftRange::LowBits)
    mag = 0; // the shifter's bits of w are 0
  const bool negative = isSigned && (x & sign);
  if (s == ShiftKind::Right) {
    if (mag >= w) // logical: 0; arithmetic: the sign fill (-1 / 0)
      return negative ? all : 0;
    if (!negative)
      return x >> mag;
    return ((x >> mag) | ~(all >> mag)) & all; // the sign copied into the top bits
  }
  if (mag >= w)
    return 0; // "输出0" for signed and unsigned alike
  const uint64_t shifted = (x << mag) & all;
  const bool keepSign = isSigned && prof.shiftSignedLeft == ShiftSignedLeft::KeepSign;
  return keepSign ? (shifted & ~sign) | (x & sign) : shifted;
}

uint64_t shiftLane64(const Profile &prof, ShiftKind s, bool isSigned, bool scalarForm, uint64_t x,
                     int64_t n) {
  // The amount the sequence sees: the low word of the amount lane (read as
  // int32), or the int16 scalar; 32 - n and n + 32 wrap in that width.
  int32_t k, up, down;
  if (scalarForm) {
    k = int16_t(uint16_t(n));
    up = int16_t(uint16_t(32 + k));
    down = int16_t(uint16_t(32 - k));
  } else {
    k = int32_t(uint32_t(n));
    up = int32_t(uint32_t(k) + 32u);
    down = int32_t(32u - uint32_t(k));
  }
  const EK word = EK::U32, high = isSigned ? EK::I32 : EK::U32;
  const uint64_t lo = x & 0xFFFFFFFFu, hi = x >> 32;
  auto sh = [&](ShiftKind d, EK kind, uint64_t v, int32_t by) {
    return shiftLane(prof, d, kind, v, by);
  };
  constexpr ShiftKind L = ShiftKind::Left, R = ShiftKind::Right;
  uint64_t rlo, rhi;
  if (s == L) { // the scalar form shifts the high word into the low one as u32
    rlo = sh(L, word, lo, k) | sh(L, scalarForm ? word : high, hi, up);
    rhi = sh(R, word, lo, down) | sh(L, high, hi, k);
  } else {
    rlo = sh(R, word, lo, k) | sh(L, high, hi, down);
    rhi = sh(R, word, lo, up) | sh(R, high, hi, k);
  }
  return rhi << 32 | rlo;
}

namespace ref {

namespace {

int64_t signedLane(const Reg &r, unsigned w, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, r.b + uint64_t(i) * w, w);
  const unsigned unused = 64 - 8 * w;
  return int64_t(v << unused) >> unused;
}

/// out = shiftLane(a_i, amount(i)) on the active lanes, 0 elsewhere.
template <class Amount>
void shiftLanes(const Profile &prof, ShiftKind s, RegType t, const Reg &a, const Mask &m, Reg &out,
                bool scalarForm, Amount amount) {
  const unsigned w = elemBytes(t.elem);
  zeroingLanes(t, m, out, [&](unsigned i) {
    const uint64_t x = laneBits(a, w, i);
    return w == 8 ? shiftLane64(prof, s, isSignedInt(t.elem), scalarForm, x, amount(i))
                  : shiftLane(prof, s, t.elem, x, amount(i));
  });
}

} // namespace

void shift(const Profile &prof, ShiftKind s, RegType t, const Reg &a, const Reg &amount,
           const Mask &m, Reg &out) {
  const unsigned w = elemBytes(t.elem);
  shiftLanes(prof, s, t, a, m, out, /*scalarForm=*/false,
             [&](unsigned i) { return signedLane(amount, w, i); });
}

void shiftScalar(const Profile &prof, ShiftKind s, RegType t, const Reg &a, int64_t amount,
                 const Mask &m, Reg &out) {
  shiftLanes(prof, s, t, a, m, out, /*scalarForm=*/true, [&](unsigned) { return amount; });
}

} // namespace ref
} // namespace semantics
} // namespace ascreg
