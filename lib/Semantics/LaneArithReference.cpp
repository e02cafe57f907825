//===- LaneArithReference.cpp - reference of sub, mul, abs, bitwise ------===//
//
// One lane at a time, following docs/semantics.md 2.20 and 2.21 literally.
// Float results are computed in f32 (exact inputs; an f16 / bf16 sub or mul
// rounded once from the f32 result is correctly rounded, f32 has more than
// 2p + 2 bits) with the NaN rule written out rather than left to the host:
// the first NaN operand, quieted; an invalid operation gives
// invalidNaNBits.
//
//===----------------------------------------------------------------------===//
#include "ReferenceLanes.h"
#include "ascreg/Semantics/LaneArith.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace ascreg {
namespace semantics {

const char *arithName(ArithKind k) {
  static const char *const kNames[] = {"sub", "mul", "and", "or", "xor"};
  return kNames[unsigned(k)];
}
const char *unaryName(UnaryKind k) { return k == UnaryKind::Abs ? "abs" : "not"; }

namespace ref {

using EK = ElemKind;

namespace {

uint64_t widthMask(unsigned w) { return w == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * w)) - 1; }
uint64_t signBit(unsigned w) { return uint64_t(1) << (8 * w - 1); }

/// A float sub / mul lane under the profile (docs/semantics.md 2.20).
uint64_t floatLane(const Profile &prof, ArithKind op, EK k, uint64_t x, uint64_t y) {
  const bool flush = prof.arithSubnormals == ArithSubnormals::Flush;
  if (flush) {
    x = flushSubnormalBits(k, x);
    y = flushSubnormalBits(k, y);
  }
  const NumberFormat f = numberFormat(k);
  uint64_t r;
  if (isNaN(f, x))
    r = quietNaNBits(k, x);
  else if (isNaN(f, y))
    r = quietNaNBits(k, y);
  else {
    const float a = floatValue(k, x), b = floatValue(k, y);
    r = roundFloat(k, op == ArithKind::Sub ? a - b : a * b);
    if (isNaN(f, r))
      r = invalidNaNBits(k);
    else if (flush)
      r = flushSubnormalBits(k, r);
  }
  if (isNaN(f, r) && prof.addNaN == AddNaN::Canonical)
    r = canonicalNaNBits(k);
  const bool saturate = k == EK::F16 && saturatesF16Arithmetic(prof.ctrl) &&
                        (op == ArithKind::Sub || prof.mulF16Saturation == MulF16Saturation::Ctrl);
  return saturate ? saturateF16(uint16_t(r)) : r;
}

uint64_t intLane(ArithKind op, unsigned w, uint64_t x, uint64_t y) {
  switch (op) {
  case ArithKind::Sub:
    return (x - y) & widthMask(w); // wrap (CTRL[53] = 0)
  case ArithKind::Mul:
    return (x * y) & widthMask(w); // the low bits, signed or not
  case ArithKind::And:
    return x & y;
  case ArithKind::Or:
    return x | y;
  case ArithKind::Xor:
    return x ^ y;
  }
  return 0;
}

} // namespace

void arith(const Profile &prof, ArithKind op, RegType t, const Reg &a, const Reg &b, const Mask &m,
           Reg &out) {
  const EK k = t.elem;
  const unsigned w = elemBytes(k);
  const bool bitwise = op != ArithKind::Sub && op != ArithKind::Mul;
  zeroingLanes(t, m, out, [&](unsigned i) {
    const uint64_t x = laneBits(a, w, i), y = laneBits(b, w, i);
    return isFloat(k) && !bitwise ? floatLane(prof, op, k, x, y) : intLane(op, w, x, y);
  });
}

void unary(const Profile &prof, UnaryKind op, RegType t, const Reg &a, const Mask &m, Reg &out) {
  const EK k = t.elem;
  const unsigned w = elemBytes(k);
  zeroingLanes(t, m, out, [&](unsigned i) -> uint64_t {
    const uint64_t x = laneBits(a, w, i);
    if (op == UnaryKind::Not)
      return ~x & widthMask(w);
    if (isFloat(k))
      return prof.absFloat == AbsFloat::Canonical && isNaN(numberFormat(k), x) ? canonicalNaNBits(k)
                                                                               : x & ~signBit(w);
    return (x & signBit(w) ? 0 - x : x) & widthMask(w); // two's complement: INT_MIN stays
  });
}

} // namespace ref
} // namespace semantics
} // namespace ascreg
