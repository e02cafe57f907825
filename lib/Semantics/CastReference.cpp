//===- CastReference.cpp - Scalar reference of vcvt / vtrc ----------------===//
//
// Written for clarity: every lane is decoded into its exact value, rounded
// once under the round mode with integer arithmetic, then range-handled
// (saturate or wrap). The SIMD kernels are tested against this file, and this
// file against an MPFR oracle (unittests/Semantics/CastOracleTest.cpp).
//
// Rules (facts = cast-facts.md; [decision] = chosen where the vendor is silent):
//  - floats are correctly rounded from the exact value under the mode (facts
//    §5 [INF]); subnormal inputs and outputs are exact, nothing is flushed
//    [decision, open question 2].
//  - Odd = truncate, then set the LSB if inexact (facts §2.1 CAST_ODD).
//  - overflow = the result rounded with an unbounded exponent exceeds MAX
//    (IEEE's definition). NO_SAT: +-inf under every mode (facts §2.2 D-CRnd,
//    conflict #9, open); SAT: +-MAX.
//  - NaN in, float out: NO_SAT quiet NaN, same sign, the top payload bits
//    kept (IEEE narrowing / F16C) [decision]; SAT: +0 (facts §2.2 "nan → 0").
//  - inf in, float out: NO_SAT +-inf; SAT +-MAX (D-CRnd).
//  - float -> int: NaN -> 0 and +-inf -> max/min in both modes (facts §2.2);
//    finite: the exactly rounded integer, SAT clamps it, NO_SAT keeps its low
//    N bits in two's complement, i.e. the exact integer mod 2^N, also beyond
//    2^64 (facts §2.2 [INF]).
//  - int -> int: SAT clamps to the destination range, NO_SAT keeps the low
//    bits; widening is exact (sign or zero extension by the source type).
//  - a zero result keeps the sign of a float source (IEEE); integers have none.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Cast.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace ascreg {
namespace semantics {
namespace ref {

using EK = ElemKind;

namespace {

uint64_t widthMask(unsigned bytes) {
  return bytes == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * bytes)) - 1;
}

/// A lane's value: NaN, infinity, or exactly (-1)^neg * sig * 2^exp.
struct Value {
  enum Class { Finite, Inf, NaN } cls = Finite;
  bool neg = false;
  uint64_t sig = 0;
  int exp = 0;
  uint64_t payload = 0; // NaN: the mantissa field moved to the top of 64 bits
};

Value decode(EK k, uint64_t bits) {
  Value v;
  if (isFloat(k)) {
    FloatFormat f = floatFormat(k);
    uint64_t mant = bits & ((uint64_t(1) << f.mantBits) - 1);
    uint64_t e = (bits >> f.mantBits) & f.expAll();
    v.neg = bits & f.signBit();
    if (e == f.expAll()) {
      v.cls = mant ? Value::NaN : Value::Inf;
      v.payload = mant << (64 - f.mantBits);
      return v;
    }
    v.sig = e ? mant | (uint64_t(1) << f.mantBits) : mant; // subnormals: no implicit bit
    v.exp = int(e ? e : 1) - f.bias - int(f.mantBits);
    return v;
  }
  unsigned w = 8 * elemBytes(k);
  bits &= widthMask(elemBytes(k));
  if (isSignedInt(k) && (bits >> (w - 1))) {
    v.neg = true;
    v.sig = (0 - bits) & widthMask(elemBytes(k)); // magnitude; 2^(w-1) for the minimum
  } else {
    v.sig = bits;
  }
  return v;
}

/// sig / 2^shift (shift >= 1) rounded to an integer under `m`, on the
/// magnitude of a number with sign `neg`. Sets `inexact`.
uint64_t roundRightShift(uint64_t sig, int shift, bool neg, RoundMode m, bool &inexact) {
  uint64_t q;
  bool half, sticky; // first discarded bit; any discarded bit after it
  if (shift > 64) {
    q = 0;
    half = false;
    sticky = sig != 0;
  } else if (shift == 64) {
    q = 0;
    half = sig >> 63;
    sticky = (sig << 1) != 0;
  } else {
    q = sig >> shift;
    half = (sig >> (shift - 1)) & 1;
    sticky = (sig & ((uint64_t(1) << (shift - 1)) - 1)) != 0;
  }
  inexact = half || sticky;
  switch (m) {
  case RoundMode::Rint:
    return q + (half && (sticky || (q & 1)));
  case RoundMode::Round:
    return q + half; // ties away from zero
  case RoundMode::Floor:
    return q + (neg && inexact);
  case RoundMode::Ceil:
    return q + (!neg && inexact);
  case RoundMode::Trunc:
    return q;
  case RoundMode::Odd:
    return q | uint64_t(inexact);
  }
  return q;
}

unsigned bitLength(uint64_t x) { return x ? 64 - unsigned(__builtin_clzll(x)) : 0; }

uint64_t encodeFloat(EK k, const Value &v, RoundMode m, bool sat) {
  FloatFormat f = floatFormat(k);
  uint64_t sign = v.neg ? f.signBit() : 0;
  if (v.cls == Value::NaN)
    return sat ? 0 : sign | f.infBits() | f.quietBit() | (v.payload >> (64 - f.mantBits));
  if (v.cls == Value::Inf)
    return sign | (sat ? f.maxBits() : f.infBits());
  if (v.sig == 0)
    return sign;

  const int p = int(f.mantBits) + 1;
  const int minUlp = 1 - f.bias - int(f.mantBits); // ulp of the subnormals
  int top = v.exp + int(bitLength(v.sig)) - 1;     // value in [2^top, 2^(top+1))
  int ulp = std::max(top - (p - 1), minUlp);
  int shift = ulp - v.exp;
  uint64_t q;
  if (shift <= 0) {
    q = v.sig << -shift; // exact; fits in p bits
  } else {
    bool inexact;
    q = roundRightShift(v.sig, shift, v.neg, m, inexact);
  }
  if (q == uint64_t(1) << p) { // rounding carried into the next binade
    q >>= 1;
    ++ulp;
  }
  if (q == 0)
    return sign;
  if (ulp + p - 1 > f.bias) // above MAX with an unbounded exponent
    return sign | (sat ? f.maxBits() : f.infBits());
  uint64_t implicit = uint64_t(1) << f.mantBits;
  if (q < implicit) // subnormal (ulp == minUlp)
    return sign | q;
  return sign | (uint64_t(ulp + int(f.mantBits) + f.bias) << f.mantBits) | (q - implicit);
}

uint64_t encodeInt(EK k, const Value &v, RoundMode m, bool sat) {
  const unsigned n = 8 * elemBytes(k);
  const uint64_t mask = widthMask(elemBytes(k));
  const bool isSigned = isSignedInt(k);
  const uint64_t maxBits = isSigned ? mask >> 1 : mask;
  const uint64_t minBits = isSigned ? uint64_t(1) << (n - 1) : 0;
  if (v.cls == Value::NaN)
    return 0;
  if (v.cls == Value::Inf)
    return v.neg ? minBits : maxBits;

  // The exactly rounded integer: (-1)^neg * (mag + big * 2^64 * ...), where
  // `big` says the magnitude is >= 2^64 and `mag` is it mod 2^64.
  uint64_t mag;
  bool big = false;
  if (v.exp >= 0) {
    big = v.exp >= 64 || (v.exp > 0 && (v.sig >> (64 - v.exp)) != 0);
    mag = v.exp >= 64 ? 0 : v.sig << v.exp;
  } else {
    bool inexact;
    mag = roundRightShift(v.sig, -v.exp, v.neg, m, inexact);
  }
  if (sat) {
    const uint64_t maxMag = maxBits;                // largest positive magnitude
    const uint64_t minMag = isSigned ? minBits : 0; // largest negative magnitude
    if (!v.neg && (big || mag > maxMag))
      return maxBits;
    if (v.neg && (big || mag > minMag))
      return minBits;
  }
  return (v.neg ? 0 - mag : mag) & mask; // two's complement, mod 2^n
}

// Lane access on a register of `bytes`-wide lanes.
uint64_t getLane(const Reg &r, unsigned bytes, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, r.b + i * bytes, bytes);
  return v;
}
void setLane(Reg &r, unsigned bytes, unsigned i, uint64_t v) {
  std::memcpy(r.b + i * bytes, &v, bytes);
}

} // namespace

uint64_t convertLane(ElemKind dst, ElemKind src, uint64_t srcBits, RoundMode mode, bool saturate) {
  Value v = decode(src, srcBits);
  return isFloat(dst) ? encodeFloat(dst, v, mode, saturate) : encodeInt(dst, v, mode, saturate);
}

uint64_t castLane(const CastPairInfo &p, uint64_t srcBits, RoundMode mode, bool saturate) {
  return convertLane(p.dst, p.src, srcBits, mode, saturate);
}

uint64_t truncateLane(ElemKind t, uint64_t bits, RoundMode mode, bool saturate) {
  FloatFormat f = floatFormat(t);
  bits &= widthMask(elemBytes(t));
  Value v = decode(t, bits);
  if (v.cls == Value::NaN)
    return saturate ? 0 : bits | f.quietBit(); // the NaN made quiet, sign and payload kept
  if (v.cls == Value::Inf)
    return saturate ? (bits & f.signBit()) | f.maxBits() : bits;
  if (v.exp >= 0 || v.sig == 0)
    return bits; // already integral (|x| >= 2^mantBits), or +-0
  bool inexact;
  Value r;
  r.neg = v.neg;
  r.sig = roundRightShift(v.sig, -v.exp, v.neg, mode, inexact); // < 2^mantBits + 1: exact below
  return encodeFloat(t, r, RoundMode::Rint, saturate);          // 0 keeps the sign (IEEE)
}

void cast(const Profile &prof, const CastSpec &spec, const Reg &in, const Mask &m, Reg &out) {
  const Ctrl &ctrl = prof.ctrl;
  const CastPairInfo *p = findCastPair(spec.dst, spec.src);
  assert(p && castSpecError(spec).empty() && "illegal cast");
  const bool sat = castSaturates(*p, spec.satOperand, ctrl);
  const unsigned ws = elemBytes(spec.src), wd = elemBytes(spec.dst);
  const unsigned part = unsigned(spec.part);
  auto conv = [&](unsigned srcLane) {
    return castLane(*p, getLane(in, ws, srcLane), spec.round, sat);
  };

  Reg r;
  std::memset(r.b, 0, kVLBytes); // inactive lanes and the unselected parts are 0
  if (wd >= ws) {
    // Same width (ratio 1, part 0) or widening: dst lane k <- src lane ratio*k + part.
    const unsigned ratio = wd / ws;
    const bool dstMask = prof.castWidenMask == CastWidenMask::Destination;
    for (unsigned k = 0; k < kVLBytes / wd; ++k) {
      unsigned s = ratio * k + part;
      if (m.bit(dstMask ? wd * k : ws * s)) // cast.widen_mask: source granularity by default
        setLane(r, wd, k, conv(s));
    }
  } else {
    // Narrowing: src lane k -> dst lane ratio*k + part.
    const unsigned ratio = ws / wd;
    for (unsigned k = 0; k < kVLBytes / ws; ++k)
      if (m.bit(ws * k))
        setLane(r, wd, ratio * k + part, conv(k));
  }
  std::memcpy(out.b, r.b, kVLBytes);
}

void truncate(const Profile &prof, ElemKind t, RoundMode mode, const Reg &in, const Mask &m,
              Reg &out) {
  const Ctrl &ctrl = prof.ctrl;
  assert(truncateError(t, mode).empty() && "illegal truncate");
  const bool sat = truncateSaturates(t, ctrl);
  const unsigned w = elemBytes(t);
  Reg r;
  std::memset(r.b, 0, kVLBytes);
  for (unsigned k = 0; k < kVLBytes / w; ++k)
    if (m.bit(w * k))
      setLane(r, w, k, truncateLane(t, getLane(in, w, k), mode, sat));
  std::memcpy(out.b, r.b, kVLBytes);
}

} // namespace ref
} // namespace semantics
} // namespace ascreg
