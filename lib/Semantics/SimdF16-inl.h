//===- SimdF16-inl.h - f16 <-> f32 on vector lanes --------------*- C++ -*-===//
//
// Private to lib/Semantics; per-target, bit-exact f16 conversions of the
// kernels that compute in f32 (sum trees, pair sums, add, arange).
//
//===----------------------------------------------------------------------===//

// Per-target include guard (Highway convention: HWY_TARGET_TOGGLE flips
// once per target, so each target compiles this header once).
#if defined(ASCREG_LIB_SEMANTICS_SIMDF16_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ASCREG_LIB_SEMANTICS_SIMDF16_INL_H_
#undef ASCREG_LIB_SEMANTICS_SIMDF16_INL_H_
#else
#define ASCREG_LIB_SEMANTICS_SIMDF16_INL_H_
#endif

#include "ascreg/Semantics/Semantics.h"

#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET != HWY_SCALAR

// F16C gives exact RNE f16 <-> f32 conversion; Highway's fallback for other
// targets truncates, so those use the bit-exact integer versions below.
#undef ASCREG_HAVE_F16C // defined once per target
#if HWY_TARGET <= HWY_AVX2 && !defined(HWY_DISABLE_F16C)
#define ASCREG_HAVE_F16C 1
#else
#define ASCREG_HAVE_F16C 0
#endif

// ---- f16 <-> f32 on N lanes (u16 bits in a half-width vector) ----

template <class DF> using DU16 = hn::Rebind<uint16_t, DF>;

/// f16 bits -> f32, exactly as f16ToF32 (NaNs made quiet).
template <class DF> HWY_INLINE hn::Vec<DF> f16ToF32(DF df, hn::Vec<DU16<DF>> h) {
#if ASCREG_HAVE_F16C
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::PromoteTo(df, hn::BitCast(dh, h));
#else
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto u = hn::PromoteTo(du, h);
  const auto sign = hn::ShiftLeft<16>(hn::And(u, hn::Set(du, 0x8000)));
  const auto mag = hn::And(u, hn::Set(du, 0x7FFF));
  // Zero, subnormal and normal: move into f32 position and scale by 2^112.
  const auto finite = hn::BitCast(
      du, hn::Mul(hn::BitCast(df, hn::ShiftLeft<13>(mag)), hn::Set(df, 5.192296858534828e33f)));
  const auto mant = hn::And(mag, hn::Set(du, 0x3FF));
  const auto quiet = hn::IfThenElseZero(hn::RebindMask(du, hn::BitCast(di, mant) > hn::Zero(di)),
                                        hn::Set(du, 0x00400000));
  const auto special = hn::Or(hn::Or(hn::Set(du, 0x7F800000), hn::ShiftLeft<13>(mant)), quiet);
  const auto isSpecial = hn::RebindMask(du, hn::BitCast(di, mag) > hn::Set(di, 0x7BFF));
  return hn::BitCast(df, hn::Or(sign, hn::IfThenElse(isSpecial, special, finite)));
#endif
}

/// f32 -> f16 bits, RNE and non-saturating, exactly as f32ToF16.
template <class DF> HWY_INLINE hn::Vec<DU16<DF>> f32ToF16(DF df, hn::Vec<DF> v) {
  const DU16<DF> du16;
#if ASCREG_HAVE_F16C
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::BitCast(du16, hn::DemoteTo(dh, v));
#else
  // F. Giesen's float_to_half_fast3_rtne, with NaN payloads kept as F16C does.
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto u = hn::BitCast(du, v);
  const auto sign = hn::And(u, hn::Set(du, 0x80000000u));
  const auto mag = hn::Xor(u, sign);
  const auto magI = hn::BitCast(di, mag);
  const auto isNaN = hn::RebindMask(du, magI > hn::Set(di, 0x7F800000));
  const auto isBig = hn::RebindMask(du, magI > hn::Set(di, 0x477FFFFF));  // >= 65536
  const auto isTiny = hn::RebindMask(du, magI < hn::Set(di, 0x38800000)); // < 2^-14
  const auto nanBits =
      hn::Or(hn::Set(du, 0x7E00), hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 0x3FF)));
  const auto bigBits = hn::IfThenElse(isNaN, nanBits, hn::Set(du, 0x7C00));
  // Subnormal results: adding 0.5 rounds at the absolute f16 ulp 2^-24.
  const auto tinyBits = hn::Sub(hn::BitCast(du, hn::Add(hn::BitCast(df, mag), hn::Set(df, 0.5f))),
                                hn::Set(du, 0x3F000000));
  // Normal results: rebias the exponent and round the 13 dropped bits to even.
  const auto odd = hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 1));
  const auto normBits = hn::ShiftRight<13>(hn::Add(hn::Add(mag, hn::Set(du, 0xC8000FFFu)), odd));
  auto bits = hn::IfThenElse(isBig, bigBits, hn::IfThenElse(isTiny, tinyBits, normBits));
  bits = hn::Or(bits, hn::ShiftRight<16>(sign));
  return hn::DemoteTo(du16, hn::BitCast(di, bits));
#endif
}

/// Rounds f32 lanes to the nearest f16 value (kept as f32).
template <class DF> HWY_INLINE hn::Vec<DF> roundToF16(DF df, hn::Vec<DF> v) {
  return f16ToF32(df, f32ToF16(df, v));
}

/// f16 bits in the saturating mode (CTRL[48] = 0), as saturateF16: +-inf ->
/// +-65504, NaN -> +0.
template <class DU> HWY_INLINE hn::Vec<DU> saturateF16Bits(DU du, hn::Vec<DU> h) {
  const hn::RebindToSigned<DU> di;
  const auto mag = hn::BitCast(di, hn::And(h, hn::Set(du, 0x7FFF)));
  const auto isNaN = hn::RebindMask(du, mag > hn::Set(di, int16_t(0x7C00)));
  const auto isInf = hn::RebindMask(du, mag == hn::Set(di, int16_t(0x7C00)));
  const auto max = hn::Or(hn::And(h, hn::Set(du, 0x8000)), hn::Set(du, 0x7BFF));
  return hn::IfThenZeroElse(isNaN, hn::IfThenElse(isInf, max, h));
}

#endif // HWY_TARGET != HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#endif // per-target include guard
