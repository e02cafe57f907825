//===- CastSimd.cpp - Highway kernels of vcvt / vtrc ----------------------===//
//
// Bit-identical to CastReference.cpp (checked exhaustively for every 8- and
// 16-bit source pattern by unittests/Semantics/CastOracleTest.cpp, for every
// compiled target). Compiled once per Highway target through foreach_target.h,
// like the other kernel families (Dispatch.h).
//
// Technique: the 256-byte register is processed as 64 32-bit words. A 32-bit
// word holds whole groups of source and destination lanes for every pair with
// lanes of at most 32 bits: for a widening cast with part P, destination lane
// j of a word comes from source lane r*j+P of the same word; for a narrowing
// cast, source lane j goes to destination lane r*j+P. So each pair is one or
// two "sub-lane" conversions per word: shift the source sub-lane down, convert
// it in a 32-bit lane, shift the result into place, OR under the mask of that
// sub-lane's source element.
//
// The conversions themselves work on integers, in 32-bit lanes:
//  - every float source (and every int source up to 16 bits) is first made an
//    exact f32; all f16/bf16 values are exact in f32, so rounding happens once;
//  - f32 -> f16/bf16 rounds the significand with a per-lane shift (13 for
//    normal f16 results, more for subnormal ones, 16 for bf16), which gives
//    every round mode, subnormals and overflow without touching MXCSR;
//  - f32 -> int rounds with the exact roundps-based Round/Floor/Ceil/Trunc
//    (ties away: trunc, then +-1 if |x - trunc(x)| >= 0.5), then clamps or
//    wraps; s32 -> f32 rounds the magnitude to 24 bits the same way as f16.
// Rare pairs (f32 -> s64, s64 -> f32) use the reference.
//
//===----------------------------------------------------------------------===//

#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "ascreg/Semantics/Cast.h"

#include "MaskBits.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "CastSimd.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no gain over the reference (SimdTargetSet.h).
void CastImpl(const Profile &prof, const CastSpec &spec, const Reg &in, const Mask &m, Reg &out) {
  ref::cast(prof, spec, in, m, out);
}
void TruncateImpl(const Profile &prof, ElemKind t, RoundMode mode, const Reg &in, const Mask &m,
                  Reg &out) {
  ref::truncate(prof, t, mode, in, m, out);
}
#else

// Helpers have internal linkage: the other kernel files define kernels in
// the same per-target namespace.
namespace {

using DU = hn::ScalableTag<uint32_t>;
using VU = hn::Vec<DU>;
using MU = hn::Mask<DU>;
using DI = hn::RebindToSigned<DU>;
using DF = hn::RebindToFloat<DU>;

// ---------------------------------------------------------------- masks

using detail::compress4;
using detail::compress8;

/// Bit w = mask bit (stride*w + off), for the 256/stride words of a register.
uint64_t wordMaskBits(const Mask &m, unsigned stride, unsigned off) {
  uint64_t r = 0;
  for (unsigned k = 0; k < 4; ++k)
    r |= stride == 4 ? compress4(m.w[k] >> off) << (16 * k) : compress8(m.w[k] >> off) << (8 * k);
  return r;
}

/// Mask of the vector holding words [first, first + N).
template <class D> HWY_INLINE hn::Mask<D> wordMask(D d, uint64_t bits, size_t first) {
  const size_t n = hn::Lanes(d);
  uint64_t b = bits >> first;
  if (n < 64)
    b &= (uint64_t{1} << n) - 1;
  uint8_t bytes[8];
  std::memcpy(bytes, &b, 8);
  return hn::LoadMaskBits(d, bytes);
}

// ---------------------------------------------------------------- rounding

HWY_INLINE VU signExtend(DU d, VU x, int bits) {
  const DI di;
  return hn::BitCast(
      d, hn::ShiftRightSame(hn::ShiftLeftSame(hn::BitCast(di, x), 32 - bits), 32 - bits));
}

/// sig >> shift (shift 0..31 per lane) and the two facts rounding needs:
/// the first discarded bit, and whether any later discarded bit is set.
HWY_INLINE VU splitShift(DU d, VU sig, VU shift, MU &half, MU &sticky) {
  const VU one = hn::Set(d, 1u), zero = hn::Zero(d);
  const VU pow = one << shift;
  const VU rem = hn::And(sig, hn::Sub(pow, one));
  const VU halfBit = hn::ShiftRight<1>(pow); // 0 when shift == 0
  half = hn::Ne(hn::And(rem, halfBit), zero);
  sticky = hn::Ne(hn::And(rem, hn::Sub(halfBit, one)), zero);
  return sig >> shift;
}

/// An f32 lane's sign bit (the result), its magnitude (the other 31 bits)
/// and whether it is negative.
HWY_INLINE VU splitF32Sign(DU d, VU x, VU &mag, MU &neg) {
  const VU signBit = hn::And(x, hn::Set(d, 0x80000000u));
  mag = hn::Xor(x, signBit);
  neg = hn::Ne(signBit, hn::Zero(d));
  return signBit;
}
/// Whether an f32 magnitude (sign bit clear) is a NaN.
HWY_INLINE MU isF32NaN(DU d, VU mag) {
  const DI di;
  return hn::RebindMask(d, hn::Gt(hn::BitCast(di, mag), hn::Set(di, 0x7F800000)));
}

/// The rounded quotient of a magnitude whose number has sign `neg`.
template <RoundMode M> HWY_INLINE VU roundQuotient(DU d, VU q, MU half, MU sticky, MU neg) {
  const VU one = hn::Set(d, 1u);
  const MU inexact = hn::Or(half, sticky);
  if constexpr (M == RoundMode::Rint) {
    const MU odd = hn::Ne(hn::And(q, one), hn::Zero(d));
    return hn::Add(q, hn::IfThenElseZero(hn::And(half, hn::Or(sticky, odd)), one));
  } else if constexpr (M == RoundMode::Round) {
    return hn::Add(q, hn::IfThenElseZero(half, one));
  } else if constexpr (M == RoundMode::Floor) {
    return hn::Add(q, hn::IfThenElseZero(hn::And(neg, inexact), one));
  } else if constexpr (M == RoundMode::Ceil) {
    return hn::Add(q, hn::IfThenElseZero(hn::AndNot(neg, inexact), one));
  } else if constexpr (M == RoundMode::Trunc) {
    return q;
  } else { // Odd: set the LSB if inexact
    return hn::Or(q, hn::IfThenElseZero(inexact, one));
  }
}

/// f32 rounded to an integral f32 under M (exact; NaN stays NaN).
template <RoundMode M> HWY_INLINE hn::Vec<DF> roundIntegral(DF df, hn::Vec<DF> f) {
  if constexpr (M == RoundMode::Rint) {
    return hn::Round(f); // ties to even
  } else if constexpr (M == RoundMode::Floor) {
    return hn::Floor(f);
  } else if constexpr (M == RoundMode::Ceil) {
    return hn::Ceil(f);
  } else if constexpr (M == RoundMode::Round) {
    // |f - trunc(f)| is exact; a tie or more moves one step away from zero
    // (|trunc(f)| < 2^23 whenever the difference is nonzero, so +-1 is exact).
    const auto t = hn::Trunc(f);
    const auto away = hn::Add(t, hn::CopySign(hn::Set(df, 1.0f), f));
    return hn::IfThenElse(hn::Ge(hn::Abs(hn::Sub(f, t)), hn::Set(df, 0.5f)), away, t);
  } else { // Trunc (Odd is never legal for an integral result)
    return hn::Trunc(f);
  }
}

// ---------------------------------------------------------------- to f32

/// The exact f32 bits of a source lane (zero-extended bits in x). NaNs become
/// quiet and keep their payload at the top of the mantissa.
HWY_INLINE VU toF32(DU d, VU x, EK src) {
  const DI di;
  const DF df;
  switch (src) {
  case EK::F16: {
    const VU sign = hn::ShiftLeft<16>(hn::And(x, hn::Set(d, 0x8000u)));
    const VU mag = hn::And(x, hn::Set(d, 0x7FFFu));
    const VU mant = hn::And(mag, hn::Set(d, 0x3FFu));
    // Normal: rebias the exponent (15 -> 127). Subnormal: mant * 2^-24, two
    // exact operations on normal numbers (no dependence on DAZ).
    const VU normal = hn::Add(hn::ShiftLeft<13>(mag), hn::Set(d, 112u << 23));
    const VU sub =
        hn::BitCast(d, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, mant)), hn::Set(df, 0x1p-24f)));
    const VU special =
        hn::Or(hn::Or(hn::Set(d, 0x7F800000u), hn::ShiftLeft<13>(mant)),
               hn::IfThenElseZero(hn::Ne(mant, hn::Zero(d)), hn::Set(d, 0x00400000u)));
    const MU isSub = hn::RebindMask(d, hn::Lt(hn::BitCast(di, mag), hn::Set(di, 0x400)));
    const MU isSpecial = hn::RebindMask(d, hn::Gt(hn::BitCast(di, mag), hn::Set(di, 0x7BFF)));
    return hn::Or(sign, hn::IfThenElse(isSpecial, special, hn::IfThenElse(isSub, sub, normal)));
  }
  case EK::BF16: {
    const MU isNaN = hn::RebindMask(
        d, hn::Gt(hn::BitCast(di, hn::And(x, hn::Set(d, 0x7FFFu))), hn::Set(di, 0x7F80)));
    return hn::Or(hn::ShiftLeft<16>(x), hn::IfThenElseZero(isNaN, hn::Set(d, 0x00400000u)));
  }
  case EK::I8:
    return hn::BitCast(d, hn::ConvertTo(df, hn::BitCast(di, signExtend(d, x, 8))));
  case EK::I16:
    return hn::BitCast(d, hn::ConvertTo(df, hn::BitCast(di, signExtend(d, x, 16))));
  case EK::U8:
    return hn::BitCast(d, hn::ConvertTo(df, hn::BitCast(di, x)));
  default:
    return x; // F32
  }
}

// ---------------------------------------------------------------- from f32

/// f32 bits -> f16 bits under M (see CastReference.cpp for the rules).
template <RoundMode M> HWY_INLINE VU f32ToF16(DU d, VU x, bool sat) {
  const DI di;
  const VU zero = hn::Zero(d);
  VU mag;
  MU neg;
  const VU signBit = splitF32Sign(d, x, mag, neg);
  const VU e = hn::ShiftRight<23>(mag); // biased f32 exponent
  const VU mant = hn::And(mag, hn::Set(d, 0x7FFFFFu));
  const VU sig = hn::Or(mant, hn::IfThenElseZero(hn::Ne(e, zero), hn::Set(d, 0x800000u)));
  // value = sig * 2^(max(e,1) - 150). f16 ulp: 2^(e-137) for normal results
  // (e >= 113), else 2^-24; shift = ulp exponent - (max(e,1) - 150), capped
  // at 31 (a cap >= 25 keeps q = 0, half = 0, sticky = sig != 0).
  const MU normal = hn::RebindMask(d, hn::Gt(hn::BitCast(di, e), hn::Set(di, 112)));
  const VU subShift =
      hn::Min(hn::Sub(hn::Set(d, 126u), hn::Max(e, hn::Set(d, 1u))), hn::Set(d, 31u));
  const VU shift = hn::IfThenElse(normal, hn::Set(d, 13u), subShift);
  MU half, sticky;
  VU q = splitShift(d, sig, shift, half, sticky);
  q = roundQuotient<M>(d, q, half, sticky, neg);
  // Normal: q in [1024, 2048]; (e-113)<<10 + q lets a carry reach the exponent.
  const VU bits =
      hn::IfThenElse(normal, hn::Add(hn::ShiftLeft<10>(hn::Sub(e, hn::Set(d, 113u))), q), q);
  const MU big =
      hn::RebindMask(d, hn::Gt(hn::BitCast(di, bits), hn::Set(di, 0x7BFF))); // overflow or inf
  const VU sign16 = hn::ShiftRight<16>(signBit);
  const VU fin = hn::Or(hn::IfThenElse(big, hn::Set(d, sat ? 0x7BFFu : 0x7C00u), bits), sign16);
  const MU isNaN = isF32NaN(d, mag);
  const VU nan = sat ? zero : hn::Or(hn::Or(hn::Set(d, 0x7E00u), hn::ShiftRight<13>(mant)), sign16);
  return hn::IfThenElse(isNaN, nan, fin);
}

/// f32 bits -> bf16 bits under M: the same exponent range, so a fixed shift
/// of 16 serves normal and subnormal results alike.
template <RoundMode M> HWY_INLINE VU f32ToBF16(DU d, VU x, bool sat) {
  const DI di;
  const VU zero = hn::Zero(d);
  VU mag;
  MU neg;
  const VU signBit = splitF32Sign(d, x, mag, neg);
  const MU half = hn::Ne(hn::And(mag, hn::Set(d, 0x8000u)), zero);
  const MU sticky = hn::Ne(hn::And(mag, hn::Set(d, 0x7FFFu)), zero);
  const VU q = roundQuotient<M>(d, hn::ShiftRight<16>(mag), half, sticky, neg);
  const MU big =
      hn::RebindMask(d, hn::Gt(hn::BitCast(di, q), hn::Set(di, 0x7F7F))); // overflow or inf
  const VU sign16 = hn::ShiftRight<16>(signBit);
  const VU fin = hn::Or(hn::IfThenElse(big, hn::Set(d, sat ? 0x7F7Fu : 0x7F80u), q), sign16);
  const MU isNaN = isF32NaN(d, mag);
  const VU nan = sat ? zero : hn::Or(hn::Or(hn::ShiftRight<16>(mag), hn::Set(d, 0x40u)), sign16);
  return hn::IfThenElse(isNaN, nan, fin);
}

/// f32 bits -> an integer in [lo, hi] (32-bit two's complement result; the
/// placement keeps the low bits of narrower types).
template <RoundMode M> HWY_INLINE VU f32ToInt(DU d, VU x, bool sat, int32_t lo, int32_t hi) {
  const DI di;
  const DF df;
  const VU zero = hn::Zero(d);
  const auto f = hn::BitCast(df, x);
  const auto r = roundIntegral<M>(df, f);
  const auto inRange =
      hn::And(hn::Ge(r, hn::Set(df, -2147483648.0f)), hn::Lt(r, hn::Set(df, 2147483648.0f)));
  const VU i = hn::BitCast(d, hn::ConvertTo(di, hn::IfThenElseZero(inRange, r))); // exact
  VU mag;
  MU neg;
  const VU signBit = splitF32Sign(d, x, mag, neg);
  const VU loV = hn::BitCast(d, hn::Set(di, lo)), hiV = hn::BitCast(d, hn::Set(di, hi));
  const VU limit = hn::IfThenElse(neg, loV, hiV); // +-inf, and out of range with SAT
  const MU inR = hn::RebindMask(d, inRange);
  VU v;
  if (sat) {
    const auto clamped = hn::Min(hn::Max(hn::BitCast(di, i), hn::Set(di, lo)), hn::Set(di, hi));
    v = hn::IfThenElse(inR, hn::BitCast(d, clamped), limit);
  } else {
    // |x| >= 2^31 is an integer: sig * 2^(e-150) with e >= 158; its low 32
    // bits are sig << (e-150), 0 once the shift reaches 32.
    const VU e = hn::ShiftRight<23>(mag);
    const VU sig = hn::Or(hn::And(mag, hn::Set(d, 0x7FFFFFu)), hn::Set(d, 0x800000u));
    const VU k = hn::Sub(e, hn::Set(d, 150u));
    const MU fits = hn::RebindMask(d, hn::Lt(hn::BitCast(di, k), hn::Set(di, 32)));
    const VU low = hn::IfThenElseZero(fits, sig << hn::Min(k, hn::Set(d, 31u)));
    const VU wrapped = hn::IfThenElse(neg, hn::Sub(zero, low), low);
    const MU isInf = hn::Eq(mag, hn::Set(d, 0x7F800000u));
    v = hn::IfThenElse(inR, i, hn::IfThenElse(isInf, limit, wrapped));
  }
  const MU isNaN = isF32NaN(d, mag);
  return hn::IfThenZeroElse(isNaN, v);
}

/// s32 -> f32 under M: the magnitude rounded to 24 significant bits.
template <RoundMode M> HWY_INLINE VU s32ToF32(DU d, VU x) {
  const DI di;
  const DF df;
  const VU zero = hn::Zero(d);
  const MU neg = hn::RebindMask(d, hn::Lt(hn::BitCast(di, x), hn::Zero(di)));
  const VU mag = hn::IfThenElse(neg, hn::Sub(zero, x), x); // 2^31 for INT32_MIN
  // bitlen(mag) = bitlen(mag >> 8) + 8; mag >> 8 < 2^24 converts exactly and
  // its biased exponent is bitlen + 126. shift = max(0, bitlen(mag) - 24).
  const VU hiExp = hn::ShiftRight<23>(
      hn::BitCast(d, hn::ConvertTo(df, hn::BitCast(di, hn::ShiftRight<8>(mag)))));
  const MU long_ = hn::RebindMask(d, hn::Gt(hn::BitCast(di, hiExp), hn::Set(di, 142)));
  const VU shift = hn::IfThenElseZero(long_, hn::Sub(hiExp, hn::Set(d, 142u)));
  MU half, sticky;
  VU q = splitShift(d, mag, shift, half, sticky);
  q = roundQuotient<M>(d, q, half, sticky, neg); // <= 2^24: exact in f32
  const auto scale = hn::BitCast(df, hn::ShiftLeft<23>(hn::Add(shift, hn::Set(d, 127u))));
  const VU r = hn::BitCast(d, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, q)), scale));
  return hn::Or(r, hn::And(x, hn::Set(d, 0x80000000u)));
}

// ---------------------------------------------------------------- lane kernels

/// Any pair whose source is exact in f32 and whose destination is f16, bf16,
/// f32 or an integer of at most 32 bits.
template <RoundMode M> struct ViaF32 {
  EK src, dst;
  bool sat;
  int32_t lo, hi; // integer destinations
  HWY_INLINE VU operator()(DU d, VU x) const {
    const VU f = toF32(d, x, src);
    switch (dst) {
    case EK::F16:
      return f32ToF16<M>(d, f, sat);
    case EK::BF16:
      return f32ToBF16<M>(d, f, sat);
    case EK::F32:
      return f;
    default:
      return f32ToInt<M>(d, f, sat, lo, hi);
    }
  }
};

template <RoundMode M> struct S32ToF32 {
  HWY_INLINE VU operator()(DU d, VU x) const { return s32ToF32<M>(d, x); }
};

/// Integer pairs up to 32 bits: extend by the source's signedness, then clamp
/// if saturating (widening never clamps except s16 -> u32).
struct IntToInt {
  int srcBits;
  bool srcSigned;
  bool clamp;
  bool unsignedClamp; // u32 sources: compare as unsigned
  int32_t lo, hi;
  HWY_INLINE VU operator()(DU d, VU x) const {
    const DI di;
    const VU v = srcSigned ? signExtend(d, x, srcBits) : x;
    if (!clamp)
      return v;
    if (unsignedClamp)
      return hn::Min(v, hn::Set(d, uint32_t(hi)));
    return hn::BitCast(d, hn::Min(hn::Max(hn::BitCast(di, v), hn::Set(di, lo)), hn::Set(di, hi)));
  }
};

template <RoundMode M> struct TruncateOp {
  EK t;
  bool sat;
  HWY_INLINE VU operator()(DU d, VU x) const {
    const DI di;
    const DF df;
    const VU f = toF32(d, x, t);
    const VU r = hn::BitCast(d, roundIntegral<M>(df, hn::BitCast(df, f)));
    if (t == EK::F32) { // never saturates; NaN made quiet
      const MU isNaN = hn::RebindMask(
          d, hn::Gt(hn::BitCast(di, hn::And(x, hn::Set(d, 0x7FFFFFFFu))), hn::Set(di, 0x7F800000)));
      return hn::IfThenElse(isNaN, hn::Or(x, hn::Set(d, 0x00400000u)), r);
    }
    // The integral value is exact in the source type: any mode converts back.
    const bool isF16 = t == EK::F16;
    const VU back =
        isF16 ? f32ToF16<RoundMode::Trunc>(d, r, sat) : f32ToBF16<RoundMode::Trunc>(d, r, sat);
    const VU mag = hn::And(x, hn::Set(d, 0x7FFFu));
    const MU isNaN =
        hn::RebindMask(d, hn::Gt(hn::BitCast(di, mag), hn::Set(di, isF16 ? 0x7C00 : 0x7F80)));
    const VU nan = sat ? hn::Zero(d) : hn::Or(x, hn::Set(d, isF16 ? 0x200u : 0x40u));
    return hn::IfThenElse(isNaN, nan, back); // inf: back is +-inf or +-MAX already
  }
};

// ---------------------------------------------------------------- placement

/// How one 32-bit word maps source sub-lanes to destination sub-lanes.
struct WordLayout {
  unsigned n; // conversions per word
  unsigned srcBits, dstBits;
  unsigned srcShift[2], dstShift[2], maskOff[2];
};

WordLayout wordLayout(unsigned ws, unsigned wd, unsigned part) {
  WordLayout L{};
  L.n = 4 / (ws > wd ? ws : wd);
  L.srcBits = 8 * ws;
  L.dstBits = 8 * wd;
  for (unsigned j = 0; j < L.n; ++j) {
    unsigned srcSub = j, dstSub = j;
    if (wd > ws)
      srcSub = (wd / ws) * j + part; // widening reads every r-th source lane
    else if (ws > wd)
      dstSub = (ws / wd) * j + part; // narrowing writes every r-th destination lane
    L.srcShift[j] = L.srcBits * srcSub;
    L.dstShift[j] = L.dstBits * dstSub;
    L.maskOff[j] = ws * srcSub; // the source element's mask bit within the word's 4 bits
  }
  return L;
}

template <class K>
void runWords(const WordLayout &L, const Reg &in, const Mask &m, Reg &out, const K &kernel) {
  const DU d;
  const size_t N = hn::Lanes(d);
  const VU srcMask = hn::Set(d, L.srcBits == 32 ? ~0u : (1u << L.srcBits) - 1);
  const VU dstMask = hn::Set(d, L.dstBits == 32 ? ~0u : (1u << L.dstBits) - 1);
  uint64_t bits[2] = {0, 0};
  for (unsigned j = 0; j < L.n; ++j)
    bits[j] = wordMaskBits(m, 4, L.maskOff[j]);
  const uint32_t *src = reinterpret_cast<const uint32_t *>(in.b);
  uint32_t *dst = reinterpret_cast<uint32_t *>(out.b);
  // Each output word depends only on the same input word: in may alias out.
  for (size_t w = 0; w < kVLBytes / 4; w += N) {
    const VU word = hn::LoadU(d, src + w);
    VU acc = hn::Zero(d);
    for (unsigned j = 0; j < L.n; ++j) {
      const VU s = hn::And(hn::ShiftRightSame(word, int(L.srcShift[j])), srcMask);
      const VU r = hn::ShiftLeftSame(hn::And(kernel(d, s), dstMask), int(L.dstShift[j]));
      acc = hn::Or(acc, hn::IfThenElseZero(wordMask(d, bits[j], w), r));
    }
    hn::StoreU(acc, d, dst + w);
  }
}

/// s32 <-> s64 on 32 64-bit words: word k holds s32 lanes 2k, 2k+1.
void castS32S64(bool widen, bool sat, unsigned part, const Reg &in, const Mask &m, Reg &out) {
  const hn::ScalableTag<uint64_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const size_t N = hn::Lanes(d);
  const uint64_t bits = wordMaskBits(m, 8, widen ? 4 * part : 0);
  const uint64_t *src = reinterpret_cast<const uint64_t *>(in.b);
  uint64_t *dst = reinterpret_cast<uint64_t *>(out.b);
  for (size_t w = 0; w < kVLBytes / 8; w += N) {
    const auto word = hn::LoadU(d, src + w);
    hn::Vec<decltype(d)> r;
    if (widen) { // sign-extend the selected half
      const auto top =
          part ? hn::And(word, hn::Set(d, 0xFFFFFFFF00000000ull)) : hn::ShiftLeft<32>(word);
      r = hn::BitCast(d, hn::ShiftRight<32>(hn::BitCast(di, top)));
    } else {
      auto v = hn::BitCast(di, word);
      if (sat)
        v = hn::Min(hn::Max(v, hn::Set(di, int64_t(INT32_MIN))), hn::Set(di, int64_t(INT32_MAX)));
      r = hn::ShiftLeftSame(hn::And(hn::BitCast(d, v), hn::Set(d, 0xFFFFFFFFull)), int(32 * part));
    }
    hn::StoreU(hn::IfThenElseZero(wordMask(d, bits, w), r), d, dst + w);
  }
}

template <template <RoundMode> class Op, class... Args>
void runMode(RoundMode mode, const WordLayout &L, const Reg &in, const Mask &m, Reg &out,
             Args... args) {
  switch (mode) {
  case RoundMode::Rint:
    return runWords(L, in, m, out, Op<RoundMode::Rint>{args...});
  case RoundMode::Round:
    return runWords(L, in, m, out, Op<RoundMode::Round>{args...});
  case RoundMode::Floor:
    return runWords(L, in, m, out, Op<RoundMode::Floor>{args...});
  case RoundMode::Ceil:
    return runWords(L, in, m, out, Op<RoundMode::Ceil>{args...});
  case RoundMode::Trunc:
    return runWords(L, in, m, out, Op<RoundMode::Trunc>{args...});
  case RoundMode::Odd:
    return runWords(L, in, m, out, Op<RoundMode::Odd>{args...});
  }
}

struct IntRange {
  int32_t lo, hi;
};
IntRange intRange(EK k) {
  switch (k) {
  case EK::I8:
    return {-128, 127};
  case EK::U8:
    return {0, 255};
  case EK::I16:
    return {-32768, 32767};
  case EK::U16:
    return {0, 65535};
  default:
    return {INT32_MIN, INT32_MAX};
  }
}

} // namespace

void CastImpl(const Profile &prof, const CastSpec &spec, const Reg &in, const Mask &m, Reg &out) {
  const Ctrl &ctrl = prof.ctrl;
  const CastPairInfo *p = findCastPair(spec.dst, spec.src);
  if (!p) // illegal: the reference asserts
    return ref::cast(prof, spec, in, m, out);
  const EK s = spec.src, t = spec.dst;
  const bool sat = castSaturates(*p, spec.satOperand, ctrl);
  const unsigned part = unsigned(spec.part);
  const unsigned ws = elemBytes(s), wd = elemBytes(t);

  if (ws == 8 || wd == 8) {
    if (isFloat(s) || isFloat(t)) // f32 -> s64, s64 -> f32: rare
      return ref::cast(prof, spec, in, m, out);
    return castS32S64(wd == 8, sat, part, in, m, out);
  }
  const WordLayout L = wordLayout(ws, wd, part);
  if (s == EK::I32 && t == EK::F32)
    return runMode<S32ToF32>(spec.round, L, in, m, out);
  if (isFloat(s) || isFloat(t)) {
    // Exact pairs ignore the mode; Rint keeps the instantiations few.
    const RoundMode mode = p->hasRound ? spec.round : RoundMode::Rint;
    const IntRange r = intRange(t);
    return runMode<ViaF32>(mode, L, in, m, out, s, t, sat, r.lo, r.hi);
  }
  // Integer to integer.
  IntToInt k{int(8 * ws), isSignedInt(s), false, s == EK::U32, 0, 0};
  if (wd < ws) {
    const IntRange r = intRange(t);
    k.clamp = sat;
    k.lo = r.lo;
    k.hi = r.hi;
  } else if (s == EK::I16 && t == EK::U32) { // only saturating: negatives -> 0
    k.clamp = true;
    k.lo = 0;
    k.hi = INT32_MAX;
  }
  runWords(L, in, m, out, k);
}

void TruncateImpl(const Profile &prof, ElemKind t, RoundMode mode, const Reg &in, const Mask &m,
                  Reg &out) {
  const unsigned w = elemBytes(t);
  runMode<TruncateOp>(mode, wordLayout(w, w, 0), in, m, out, t, truncateSaturates(t, prof.ctrl));
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(CastImpl);
HWY_EXPORT(TruncateImpl);

// cast.widen_mask = destination: source lane ratio*k + part is enabled by the
// bit of destination lane k; the kernel reads source granularity. Out of line
// so that the common call is a compare and a jump.
HWY_NOINLINE void castDestinationMask(const Profile &prof, const CastSpec &spec, const Reg &in,
                                      const Mask &m, Reg &out) {
  const unsigned ws = elemBytes(spec.src), wd = elemBytes(spec.dst);
  Mask renumbered{};
  const unsigned ratio = wd / ws, part = unsigned(spec.part);
  for (unsigned k = 0; k < kVLBytes / wd; ++k)
    renumbered.set(ws * (ratio * k + part), m.bit(wd * k));
  ASCREG_DISPATCH(CastImpl)(withDocumentedChoices(prof), spec, in, renumbered, out);
}
void cast(const Profile &prof, const CastSpec &spec, const Reg &in, const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.castWidenMask == CastWidenMask::Source ||
                 elemBytes(spec.dst) <= elemBytes(spec.src)))
    return ASCREG_DISPATCH(CastImpl)(withDocumentedChoices(prof), spec, in, m, out);
  castDestinationMask(prof, spec, in, m, out);
}
void truncate(const Profile &prof, ElemKind t, RoundMode mode, const Reg &in, const Mask &m,
              Reg &out) {
  ASCREG_DISPATCH(TruncateImpl)(prof, t, mode, in, m, out);
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
