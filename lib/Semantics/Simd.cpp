//===- Simd.cpp - Highway kernels of the ascreg ops -----------------------===//
//
// Bit-identical to Reference.cpp (checked by the unit tests for every compiled
// target). Compiled once per Highway target through foreach_target.h; the
// public simd:: functions at the end dispatch to the best target at run time.
//
// Techniques:
//  - masks are packed to one bit per lane (MaskBits.h) and loaded with
//    LoadMaskBits, so every mask stride (1/2/4/8, and the 4-byte stride of
//    the 64-bit two-register form) is handled the same way;
//  - float max/min compare integer keys (sign-magnitude -> two's complement),
//    which orders -0 below +0 and never touches the FP unit;
//  - sum trees add adjacent pairs with ConcatEven/ConcatOdd, which keeps the
//    lane order of the contract's tree; f16 nodes are rounded back to f16
//    after every level (exact: one f32 add then one rounding).
//
//===----------------------------------------------------------------------===//

// AVX-512 targets are left out: this code is only verified on AVX2 and below,
// and an AVX-512 machine runs the AVX2 kernels. SSSE3 adds nothing over SSE4.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_AVX3 | HWY_AVX3_DL | HWY_SSSE3)
#endif

#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/SimdTargets.h"
#include "MaskBits.h"

#include <cstring>
#include <type_traits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "Simd.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace ascreg {
namespace semantics {
namespace simd {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using detail::LaneBits;
using EK = ElemKind;

#if HWY_TARGET == HWY_SCALAR
// HWY_SCALAR (one lane, no shuffles) is the baseline only for CPUs without
// SSE4 (GCC < 12.3 disables EMU128); there the reference is as fast.
void ReduceImpl(ReduceKind k, RegType dst, RegType src, const Reg &in, const Mask &m, Reg &out) {
  ref::reduce(k, dst, src, in, m, out);
}
void PairReduceSumImpl(RegType t, const Reg &in, const Mask &m, Reg &out) { ref::pairReduceSum(t, in, m, out); }
Status GatherImpl(RegType dst, ElemKind src, RegType index, const uint8_t *base, uint64_t baseElems,
                  const Reg &idx, const Mask &m, Reg &out) {
  return ref::gather(dst, src, index, base, baseElems, idx, m, out);
}
void GatherRegImpl(RegType t, const Reg &src, const Reg &idx, Reg &out) { ref::gatherReg(t, src, idx, out); }
void DuplicateImpl(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) { ref::duplicate(t, scalarBits, m, out); }
void ArangeImpl(RegType t, uint64_t startBits, Reg &out) { ref::arange(t, startBits, out); }
void CompareImpl(ComparePred p, RegType t, const Reg &a, const Reg &b, const Mask &m, Mask &out) {
  ref::compare(p, t, a, b, m, out);
}
void SelectImpl(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) { ref::select(t, m, a, b, out); }
void BinaryImpl(BinaryKind op, RegType t, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  ref::binary(op, t, a, b, m, out);
}
void StoreAlignImpl(RegType t, const Reg &in, const Mask &m, uint8_t *dst) { ref::storeAlign(t, in, m, dst); }
#else

// F16C gives exact RNE f16 <-> f32 conversion; Highway's fallback for other
// targets truncates, so those use the bit-exact integer versions below.
#if HWY_TARGET <= HWY_AVX2 && !defined(HWY_DISABLE_F16C)
#define ASCREG_HAVE_F16C 1
#else
#define ASCREG_HAVE_F16C 0
#endif

// ---------------------------------------------------------------- helpers

template <class T> const T *lanesOf(const Reg &r) { return reinterpret_cast<const T *>(r.b); }
template <class T> T *lanesOf(Reg &r) { return reinterpret_cast<T *>(r.b); }

/// Mask of the vector holding lanes [first, first + N).
template <class D> HWY_INLINE hn::Mask<D> laneMask(D d, const LaneBits &lb, size_t first) {
  const size_t n = hn::Lanes(d);
  uint64_t bits = lb.w[first >> 6] >> (first & 63);
  if (n < 64)
    bits &= (uint64_t{1} << n) - 1;
  uint8_t bytes[8];
  std::memcpy(bytes, &bits, 8);
  return hn::LoadMaskBits(d, bytes);
}

/// ORs the lanes of `m` into `lb` at lanes [first, first + N).
template <class D> HWY_INLINE void storeLaneMask(D d, hn::Mask<D> m, LaneBits &lb, size_t first) {
  const size_t n = hn::Lanes(d);
  uint8_t bytes[8] = {0};
  hn::StoreMaskBits(d, m, bytes);
  uint64_t bits;
  std::memcpy(&bits, bytes, 8);
  if (n < 64)
    bits &= (uint64_t{1} << n) - 1;
  lb.w[first >> 6] |= bits << (first & 63);
}

bool anyLane(const LaneBits &lb) { return (lb.w[0] | lb.w[1] | lb.w[2] | lb.w[3]) != 0; }

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
  const auto finite = hn::BitCast(du, hn::Mul(hn::BitCast(df, hn::ShiftLeft<13>(mag)),
                                              hn::Set(df, 5.192296858534828e33f)));
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
  const auto isBig = hn::RebindMask(du, magI > hn::Set(di, 0x477FFFFF)); // >= 65536
  const auto isTiny = hn::RebindMask(du, magI < hn::Set(di, 0x38800000)); // < 2^-14
  const auto nanBits = hn::Or(hn::Set(du, 0x7E00), hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 0x3FF)));
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

struct NoRound {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF, hn::Vec<DF> v) const { return v; }
};
struct RoundF16 {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF df, hn::Vec<DF> v) const {
    return roundToF16(df, v);
  }
};

/// The contract's sum tree over buf[0, n): adjacent pairs, level by level,
/// each node passed through `round`. n is a power of two; buf is overwritten.
template <class DF, class Round> HWY_INLINE float treeSum(DF d, float *HWY_RESTRICT buf, size_t n, Round round) {
  const size_t N = hn::Lanes(d);
  for (; n > 1; n /= 2) {
    if (n >= 2 * N) {
      for (size_t i = 0; i < n; i += 2 * N) {
        const auto lo = hn::Load(d, buf + i), hi = hn::Load(d, buf + i + N);
        hn::Store(round(d, hn::Add(hn::ConcatEven(d, hi, lo), hn::ConcatOdd(d, hi, lo))), d, buf + i / 2);
      }
    } else { // fewer than two vectors left: lanes >= n/2 of the result are unused
      const auto v = hn::Load(d, buf);
      hn::Store(round(d, hn::Add(hn::ConcatEven(d, v, v), hn::ConcatOdd(d, v, v))), d, buf);
    }
  }
  return buf[0];
}

// ---------------------------------------------------------------- reduce: sum

uint32_t sumF32(const Reg &in, const LaneBits &lb) {
  const hn::ScalableTag<float> d;
  const size_t N = hn::Lanes(d);
  HWY_ALIGN float buf[64];
  const float *src = lanesOf<float>(in);
  for (size_t i = 0; i < 64; i += N) // inactive lanes enter as +0
    hn::Store(hn::IfThenElseZero(laneMask(d, lb, i), hn::Load(d, src + i)), d, buf + i);
  float r = treeSum(d, buf, 64, NoRound());
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  return bits;
}

uint16_t sumF16(const Reg &in, const LaneBits &lb) {
  const hn::ScalableTag<float> d;
  const DU16<decltype(d)> dh;
  const size_t N = hn::Lanes(d);
  HWY_ALIGN float buf[128];
  const uint16_t *src = lanesOf<uint16_t>(in);
  for (size_t i = 0; i < 128; i += N)
    hn::Store(hn::IfThenElseZero(laneMask(d, lb, i), f16ToF32(d, hn::LoadU(dh, src + i))), d, buf + i);
  float r = treeSum(d, buf, 128, RoundF16());
  return semantics::f32ToF16(r); // exact: r already is an f16 value
}

/// Sums of 32- and 64-bit integers wrap, so any order gives the tree's result.
template <class T> T sumInt(const Reg &in, unsigned lanes, const LaneBits &lb) {
  const hn::ScalableTag<T> d;
  const size_t N = hn::Lanes(d);
  const T *src = lanesOf<T>(in);
  auto acc = hn::Zero(d);
  for (size_t i = 0; i < lanes; i += N)
    acc = hn::Add(acc, hn::IfThenElseZero(laneMask(d, lb, i), hn::Load(d, src + i)));
  return hn::GetLane(hn::SumOfLanes(d, acc));
}

/// i16 -> i32 and u16 -> u32: each lane is widened before it is added.
template <class TS> uint32_t sumWiden(const Reg &in, const LaneBits &lb) {
  using TW = std::conditional_t<std::is_signed<TS>::value, int32_t, uint32_t>;
  const hn::ScalableTag<TW> d;
  const hn::Rebind<TS, decltype(d)> dn;
  const size_t N = hn::Lanes(d);
  const TS *src = lanesOf<TS>(in);
  auto acc = hn::Zero(d);
  for (size_t i = 0; i < 128; i += N)
    acc = hn::Add(acc, hn::IfThenElseZero(laneMask(d, lb, i), hn::PromoteTo(d, hn::LoadU(dn, src + i))));
  return static_cast<uint32_t>(hn::GetLane(hn::SumOfLanes(d, acc)));
}

// ---------------------------------------------------------------- reduce: max / min

enum KeyKind { kSignedKey, kUnsignedKey, kFloatKey };

/// Maps lanes to signed integers whose order is the order max / min use:
/// unsigned values flip the top bit; floats map sign-magnitude to two's
/// complement, which puts -0 just below +0.
template <int kKind, class D> HWY_INLINE hn::Vec<D> orderKey(D d, hn::Vec<D> v) {
  using T = hn::TFromD<D>;
  if constexpr (kKind == kUnsignedKey)
    return hn::Xor(v, hn::Set(d, hwy::LimitsMin<T>()));
  else if constexpr (kKind == kFloatKey)
    return hn::Xor(v, hn::And(hn::ShiftRight<sizeof(T) * 8 - 1>(v), hn::Set(d, hwy::LimitsMax<T>())));
  else
    return v;
}

/// NaN test on raw float bits held in signed integer lanes.
template <class D> HWY_INLINE hn::Mask<D> isNaNBits(D d, hn::Vec<D> v) {
  using T = hn::TFromD<D>;
  const T inf = sizeof(T) == 2 ? T(0x7C00) : T(0x7F800000);
  return hn::And(v, hn::Set(d, hwy::LimitsMax<T>())) > hn::Set(d, inf);
}

/// Value and index of max / min over lanes of TK (signed, same width as the
/// element). Returns false for an empty mask.
template <class TK, int kKind, bool kMax>
bool extreme(const Reg &in, unsigned lanes, const LaneBits &lb, uint64_t &value, uint64_t &index) {
  using TU = std::make_unsigned_t<TK>;
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  const TK *src = lanesOf<TK>(in);
  if constexpr (kKind == kFloatKey) { // the first active NaN decides, with its bits
    for (size_t i = 0; i < lanes; i += N) {
      const intptr_t pos = hn::FindFirstTrue(d, hn::And(laneMask(d, lb, i), isNaNBits(d, hn::Load(d, src + i))));
      if (pos >= 0) {
        value = TU(src[i + pos]);
        index = i + pos;
        return true;
      }
    }
  }
  const auto fill = hn::Set(d, kMax ? hwy::LimitsMin<TK>() : hwy::LimitsMax<TK>());
  auto best = fill;
  for (size_t i = 0; i < lanes; i += N) {
    const auto key = hn::IfThenElse(laneMask(d, lb, i), orderKey<kKind>(d, hn::Load(d, src + i)), fill);
    best = kMax ? hn::Max(best, key) : hn::Min(best, key);
  }
  best = kMax ? hn::MaxOfLanes(d, best) : hn::MinOfLanes(d, best);
  // The first active lane holding the extreme key is the answer (ties: first).
  for (size_t i = 0; i < lanes; i += N) {
    const auto eq = hn::And(laneMask(d, lb, i), orderKey<kKind>(d, hn::Load(d, src + i)) == best);
    const intptr_t pos = hn::FindFirstTrue(d, eq);
    if (pos >= 0) {
      value = TU(src[i + pos]);
      index = i + pos;
      return true;
    }
  }
  return false;
}

template <bool kMax> bool extremeOf(EK k, const Reg &in, unsigned lanes, const LaneBits &lb, uint64_t &v, uint64_t &i) {
  switch (k) {
  case EK::I16: return extreme<int16_t, kSignedKey, kMax>(in, lanes, lb, v, i);
  case EK::U16: return extreme<int16_t, kUnsignedKey, kMax>(in, lanes, lb, v, i);
  case EK::F16: return extreme<int16_t, kFloatKey, kMax>(in, lanes, lb, v, i);
  case EK::I32: return extreme<int32_t, kSignedKey, kMax>(in, lanes, lb, v, i);
  case EK::U32: return extreme<int32_t, kUnsignedKey, kMax>(in, lanes, lb, v, i);
  case EK::F32: return extreme<int32_t, kFloatKey, kMax>(in, lanes, lb, v, i);
  case EK::I64: return extreme<int64_t, kSignedKey, kMax>(in, lanes, lb, v, i);
  case EK::U64: return extreme<int64_t, kUnsignedKey, kMax>(in, lanes, lb, v, i);
  default: return false;
  }
}

/// Result of max / min over an empty mask: -inf / type min, +inf / type max.
uint64_t emptyExtreme(EK k, bool isMax) {
  switch (k) {
  case EK::F16: return isMax ? 0xFC00 : 0x7C00;
  case EK::F32: return isMax ? 0xFF800000u : 0x7F800000u;
  case EK::I16: return isMax ? 0x8000 : 0x7FFF;
  case EK::I32: return isMax ? 0x80000000u : 0x7FFFFFFFu;
  case EK::I64: return isMax ? uint64_t(1) << 63 : ~uint64_t(0) >> 1;
  case EK::U16: return isMax ? 0 : 0xFFFF;
  case EK::U32: return isMax ? 0 : 0xFFFFFFFFu;
  default: return isMax ? 0 : ~uint64_t(0);
  }
}

void ReduceImpl(ReduceKind k, RegType dst, RegType src, const Reg &in, const Mask &m, Reg &out) {
  const LaneBits lb = detail::packLanes(m, src.maskStride());
  const unsigned lanes = src.lanes();
  uint64_t value = 0, index = 0;
  if (k == ReduceKind::Sum) {
    switch (src.elem) {
    case EK::F16: value = sumF16(in, lb); break;
    case EK::F32: value = sumF32(in, lb); break;
    case EK::I16: value = sumWiden<int16_t>(in, lb); break;
    case EK::U16: value = sumWiden<uint16_t>(in, lb); break;
    case EK::I32: case EK::U32: value = sumInt<uint32_t>(in, lanes, lb); break;
    default: value = sumInt<uint64_t>(in, lanes, lb); break;
    }
  } else {
    const bool isMax = k == ReduceKind::Max;
    const bool found = isMax ? extremeOf<true>(src.elem, in, lanes, lb, value, index)
                             : extremeOf<false>(src.elem, in, lanes, lb, value, index);
    if (!found) {
      value = emptyExtreme(src.elem, isMax);
      index = 0;
    }
  }
  const unsigned w = elemBytes(dst.elem);
  std::memset(out.b, 0, dst.bytes());
  std::memcpy(out.b, &value, w); // little-endian: low bytes of the value
  if (k != ReduceKind::Sum)
    std::memcpy(out.b + w, &index, w);
}

// ---------------------------------------------------------------- pairReduceSum

void PairReduceSumImpl(RegType t, const Reg &in, const Mask &m, Reg &out) {
  const LaneBits lb = detail::packLanes(m, t.maskStride());
  // Activity of a = src[2i] and b = src[2i+1], indexed by the output lane i.
  LaneBits aOn{}, bOn{};
  aOn.w[0] = detail::compress2(lb.w[0]) | detail::compress2(lb.w[1]) << 32;
  bOn.w[0] = detail::compress2(lb.w[0] >> 1) | detail::compress2(lb.w[1] >> 1) << 32;
  const unsigned half = t.lanes() / 2;
  if (t.elem == EK::F32) {
    const hn::ScalableTag<float> d;
    const hn::RebindToUnsigned<decltype(d)> du;
    const size_t N = hn::Lanes(d);
    const float *src = lanesOf<float>(in);
    uint32_t *dst = lanesOf<uint32_t>(out);
    for (size_t i = 0; i < half; i += N) {
      const auto lo = hn::Load(d, src + 2 * i), hi = hn::Load(d, src + 2 * i + N);
      const auto a = hn::ConcatEven(d, hi, lo), b = hn::ConcatOdd(d, hi, lo);
      const auto ma = laneMask(du, aOn, i), mb = laneMask(du, bOn, i);
      const auto one = hn::IfThenElse(ma, hn::BitCast(du, a), hn::IfThenElseZero(mb, hn::BitCast(du, b)));
      hn::Store(hn::IfThenElse(hn::And(ma, mb), hn::BitCast(du, hn::Add(a, b)), one), du, dst + i);
    }
  } else { // f16
    const hn::ScalableTag<float> d;
    const DU16<decltype(d)> dh; // N u16 lanes, one per output lane
    const hn::Twice<decltype(dh)> dw; // 2N u16 lanes: the N input pairs
    const size_t N = hn::Lanes(d);
    const uint16_t *src = lanesOf<uint16_t>(in);
    uint16_t *dst = lanesOf<uint16_t>(out);
    for (size_t i = 0; i < half; i += N) {
      const auto pairs = hn::LoadU(dw, src + 2 * i);
      const auto a = hn::LowerHalf(dh, hn::ConcatEven(dw, pairs, pairs));
      const auto b = hn::LowerHalf(dh, hn::ConcatOdd(dw, pairs, pairs));
      const auto sum = f32ToF16(d, hn::Add(f16ToF32(d, a), f16ToF32(d, b)));
      const auto ma = laneMask(dh, aOn, i), mb = laneMask(dh, bOn, i);
      const auto one = hn::IfThenElse(ma, a, hn::IfThenElseZero(mb, b));
      hn::StoreU(hn::IfThenElse(hn::And(ma, mb), sum, one), dh, dst + i);
    }
  }
  std::memset(out.b + t.bytes() / 2, 0, t.bytes() / 2); // upper half is 0
}

// ---------------------------------------------------------------- gather

/// Unsigned a < b on unsigned lanes (compare with the top bit flipped).
template <class D> HWY_INLINE auto lessU(D d, hn::Vec<D> a, hn::Vec<D> b) {
  using T = hn::TFromD<D>;
  const hn::RebindToSigned<D> di;
  const auto flip = hn::Set(d, T(T(1) << (sizeof(T) * 8 - 1)));
  return hn::RebindMask(d, hn::BitCast(di, hn::Xor(a, flip)) < hn::BitCast(di, hn::Xor(b, flip)));
}

/// 32-bit data, u32 index: bounds check of the active lanes, then hardware gathers.
Status gather32(const uint8_t *base, uint64_t baseElems, const Reg &idx, const LaneBits &lb, Reg &out) {
  const hn::ScalableTag<uint32_t> du;
  const hn::RebindToSigned<decltype(du)> di;
  const size_t N = hn::Lanes(du);
  const uint32_t *ix = lanesOf<uint32_t>(idx);
  if (baseElems <= 0xFFFFFFFFu) {
    const auto limit = hn::Set(du, uint32_t(baseElems));
    for (size_t i = 0; i < 64; i += N) {
      const auto bad = hn::AndNot(lessU(du, hn::Load(du, ix + i), limit), laneMask(du, lb, i));
      const intptr_t pos = hn::FindFirstTrue(du, bad);
      if (pos >= 0)
        return Status{false, unsigned(i + pos), ix[i + pos]};
    }
  }
  Reg r; // idx may alias out
  uint32_t *dst = lanesOf<uint32_t>(r);
  if (!anyLane(lb) || baseElems > 0x7FFFFFFFu) { // no active lane, or indices beyond i32
    std::memset(dst, 0, 256);
    for (unsigned i = 0; i < 64; ++i)
      if ((lb.w[i >> 6] >> (i & 63)) & 1)
        std::memcpy(dst + i, base + uint64_t(ix[i]) * 4, 4);
  } else {
    const int32_t *b = reinterpret_cast<const int32_t *>(base);
    for (size_t i = 0; i < 64; i += N) {
      const auto m = laneMask(di, lb, i);
      // Inactive lanes read element 0, which exists: some lane is active and in bounds.
      const auto safe = hn::IfThenElseZero(m, hn::BitCast(di, hn::Load(du, ix + i)));
      hn::Store(hn::BitCast(du, hn::IfThenElseZero(m, hn::GatherIndex(di, b, safe))), du, dst + i);
    }
  }
  std::memcpy(out.b, r.b, 256);
  return Status{};
}

/// 64-bit data: u32 index (one register) or u64 index (low 32 bits used).
Status gather64(RegType dst, RegType index, const uint8_t *base, uint64_t baseElems, const Reg &idx,
                const LaneBits &lb, Reg &out) {
  const hn::ScalableTag<uint64_t> du;
  const hn::RebindToSigned<decltype(du)> di;
  const hn::Rebind<uint32_t, decltype(du)> d32;
  const size_t N = hn::Lanes(du);
  const unsigned lanes = dst.lanes();
  auto loadIndex = [&](size_t i) HWY_ATTR {
    if (index.elem == EK::U32)
      return hn::PromoteTo(du, hn::LoadU(d32, lanesOf<uint32_t>(idx) + i));
    return hn::And(hn::Load(du, lanesOf<uint64_t>(idx) + i), hn::Set(du, 0xFFFFFFFFu));
  };
  // Indices are below 2^32, so a signed 64-bit compare against min(n, 2^32) is exact.
  const auto limit = hn::Set(di, int64_t(baseElems < (uint64_t(1) << 32) ? baseElems : uint64_t(1) << 32));
  for (size_t i = 0; i < lanes; i += N) {
    const auto v = loadIndex(i);
    const auto bad = hn::And(laneMask(di, lb, i), hn::Not(hn::BitCast(di, v) < limit));
    const intptr_t pos = hn::FindFirstTrue(di, bad);
    if (pos >= 0) {
      HWY_ALIGN uint64_t tmp[hn::MaxLanes(du)];
      hn::Store(v, du, tmp);
      return Status{false, unsigned(i + pos), tmp[pos]};
    }
  }
  Reg r; // idx may alias out, and a u32 index is narrower than the data
  uint64_t *d = lanesOf<uint64_t>(r);
  if (!anyLane(lb)) {
    std::memset(d, 0, dst.bytes());
  } else {
    const int64_t *b = reinterpret_cast<const int64_t *>(base);
    for (size_t i = 0; i < lanes; i += N) {
      const auto m = laneMask(di, lb, i);
      const auto safe = hn::IfThenElseZero(m, hn::BitCast(di, loadIndex(i)));
      hn::Store(hn::BitCast(du, hn::IfThenElseZero(m, hn::GatherIndex(di, b, safe))), du, d + i);
    }
  }
  std::memcpy(out.b, r.b, dst.bytes());
  return Status{};
}

/// 16-bit lanes (x86 has no 16-bit gather): a plain loop, 8-bit sources
/// zero-extended.
Status gather16(unsigned srcBytes, const uint8_t *base, uint64_t baseElems, const Reg &idx,
                const LaneBits &lb, Reg &out) {
  const uint16_t *ix = lanesOf<uint16_t>(idx);
  uint16_t r[128];
  for (unsigned i = 0; i < 128; ++i) {
    r[i] = 0;
    if (!((lb.w[i >> 6] >> (i & 63)) & 1))
      continue;
    if (ix[i] >= baseElems)
      return Status{false, i, ix[i]};
    if (srcBytes == 1)
      r[i] = base[ix[i]];
    else
      std::memcpy(&r[i], base + 2 * uint32_t(ix[i]), 2);
  }
  std::memcpy(out.b, r, 256);
  return Status{};
}

Status GatherImpl(RegType dst, ElemKind src, RegType index, const uint8_t *base, uint64_t baseElems,
                  const Reg &idx, const Mask &m, Reg &out) {
  const LaneBits lb = detail::packLanes(m, dst.maskStride());
  switch (elemBytes(dst.elem)) {
  case 2: return gather16(elemBytes(src), base, baseElems, idx, lb, out);
  case 4: return gather32(base, baseElems, idx, lb, out);
  default: return gather64(dst, index, base, baseElems, idx, lb, out);
  }
}

void GatherRegImpl(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  Reg r; // src or idx may alias out
  switch (elemBytes(t.elem)) {
  case 1:
    for (unsigned i = 0; i < 256; ++i)
      r.b[i] = src.b[idx.b[i]]; // a u8 index is always < 256
    break;
  case 2: {
    const uint16_t *s = lanesOf<uint16_t>(src), *ix = lanesOf<uint16_t>(idx);
    uint16_t *d = lanesOf<uint16_t>(r);
    for (unsigned i = 0; i < 128; ++i)
      d[i] = s[ix[i] & 127];
    break;
  }
  default: {
    const hn::ScalableTag<int32_t> d;
    const size_t N = hn::Lanes(d);
    const int32_t *s = lanesOf<int32_t>(src), *ix = lanesOf<int32_t>(idx);
    for (size_t i = 0; i < 64; i += N)
      hn::Store(hn::GatherIndex(d, s, hn::And(hn::Load(d, ix + i), hn::Set(d, 63))), d,
                lanesOf<int32_t>(r) + i);
    break;
  }
  }
  std::memcpy(out.b, r.b, t.bytes());
}

// ---------------------------------------------------------------- companions

/// Calls f(d) with a full tag of unsigned lanes of the element's width.
template <class F> HWY_INLINE void withUnsigned(unsigned bytes, F &&f) {
  switch (bytes) {
  case 1: f(hn::ScalableTag<uint8_t>()); break;
  case 2: f(hn::ScalableTag<uint16_t>()); break;
  case 4: f(hn::ScalableTag<uint32_t>()); break;
  default: f(hn::ScalableTag<uint64_t>()); break;
  }
}

void DuplicateImpl(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  const LaneBits lb = m ? detail::packLanes(*m, t.maskStride()) : LaneBits{{~0ull, ~0ull, ~0ull, ~0ull}};
  withUnsigned(elemBytes(t.elem), [&](auto d) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    const auto v = hn::Set(d, static_cast<T>(scalarBits));
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(hn::IfThenElseZero(laneMask(d, lb, i), v), d, lanesOf<T>(out) + i);
  });
}

void ArangeImpl(RegType t, uint64_t startBits, Reg &out) {
  if (t.elem == EK::F32) {
    const hn::ScalableTag<float> d;
    const size_t N = hn::Lanes(d);
    float start;
    const uint32_t s32 = uint32_t(startBits);
    std::memcpy(&start, &s32, 4);
    for (size_t i = 0; i < 64; i += N) // i + lane is exact; one rounding in the add
      hn::Store(hn::Add(hn::Set(d, start), hn::Iota(d, float(i))), d, lanesOf<float>(out) + i);
    return;
  }
  if (t.elem == EK::F16) {
    const hn::ScalableTag<float> d;
    const DU16<decltype(d)> dh;
    const size_t N = hn::Lanes(d);
    const float start = semantics::f16ToF32(uint16_t(startBits));
    for (size_t i = 0; i < 128; i += N)
      hn::StoreU(f32ToF16(d, hn::Add(hn::Set(d, start), hn::Iota(d, float(i)))), dh, lanesOf<uint16_t>(out) + i);
    return;
  }
  if (t.elem == EK::BF16) { // not a legal arange type; keep the reference's answer
    ref::arange(t, startBits, out);
    return;
  }
  withUnsigned(elemBytes(t.elem), [&](auto d) HWY_ATTR { // integers wrap
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    const auto iota = hn::Iota(d, T(0));
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(hn::Add(iota, hn::Set(d, static_cast<T>(startBits + i))), d, lanesOf<T>(out) + i);
  });
}

/// compare on lanes of TK (signed, element width) using order keys. Float
/// keys treat -0 as +0 here (IEEE equality) and NaN as unordered.
template <class TK, int kKind>
void compareKeys(ComparePred p, unsigned lanes, const Reg &a, const Reg &b, const LaneBits &lb, LaneBits &res) {
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    auto x = hn::Load(d, lanesOf<TK>(a) + i), y = hn::Load(d, lanesOf<TK>(b) + i);
    auto ordered = laneMask(d, lb, i); // active and, for floats, neither is NaN
    if constexpr (kKind == kFloatKey) {
      const auto absMask = hn::Set(d, hwy::LimitsMax<TK>());
      ordered = hn::AndNot(hn::Or(isNaNBits(d, x), isNaNBits(d, y)), ordered);
      x = hn::IfThenZeroElse(hn::And(x, absMask) == hn::Zero(d), x); // -0 -> +0
      y = hn::IfThenZeroElse(hn::And(y, absMask) == hn::Zero(d), y);
    }
    const auto kx = orderKey<kKind>(d, x), ky = orderKey<kKind>(d, y);
    hn::Mask<decltype(d)> r;
    switch (p) {
    case ComparePred::EQ: r = hn::And(ordered, kx == ky); break;
    case ComparePred::NE: // true for unordered active lanes
      r = hn::AndNot(hn::And(ordered, kx == ky), laneMask(d, lb, i));
      break;
    case ComparePred::LT: r = hn::And(ordered, kx < ky); break;
    case ComparePred::LE: r = hn::And(ordered, hn::Not(kx > ky)); break;
    case ComparePred::GT: r = hn::And(ordered, kx > ky); break;
    case ComparePred::GE: r = hn::And(ordered, hn::Not(kx < ky)); break;
    }
    storeLaneMask(d, r, res, i);
  }
}

void CompareImpl(ComparePred p, RegType t, const Reg &a, const Reg &b, const Mask &m, Mask &out) {
  const LaneBits lb = detail::packLanes(m, t.maskStride());
  LaneBits res{};
  const unsigned n = t.lanes();
  switch (t.elem) {
  case EK::I8: compareKeys<int8_t, kSignedKey>(p, n, a, b, lb, res); break;
  case EK::U8: compareKeys<int8_t, kUnsignedKey>(p, n, a, b, lb, res); break;
  case EK::I16: compareKeys<int16_t, kSignedKey>(p, n, a, b, lb, res); break;
  case EK::U16: compareKeys<int16_t, kUnsignedKey>(p, n, a, b, lb, res); break;
  case EK::F16: compareKeys<int16_t, kFloatKey>(p, n, a, b, lb, res); break;
  case EK::I32: compareKeys<int32_t, kSignedKey>(p, n, a, b, lb, res); break;
  case EK::U32: compareKeys<int32_t, kUnsignedKey>(p, n, a, b, lb, res); break;
  case EK::F32: compareKeys<int32_t, kFloatKey>(p, n, a, b, lb, res); break;
  case EK::I64: compareKeys<int64_t, kSignedKey>(p, n, a, b, lb, res); break;
  case EK::U64: compareKeys<int64_t, kUnsignedKey>(p, n, a, b, lb, res); break;
  case EK::BF16: ref::compare(p, t, a, b, m, out); return; // not a legal type
  }
  out = detail::unpackLanes(res, t.maskStride());
}

void SelectImpl(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  const LaneBits lb = detail::packLanes(m, t.maskStride());
  withUnsigned(elemBytes(t.elem), [&](auto d) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(hn::IfThenElse(laneMask(d, lb, i), hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i)),
                d, lanesOf<T>(out) + i);
  });
}

/// max / min on order keys; floats: a NaN operand wins (a's first).
template <class TK, int kKind>
void maxMinKeys(bool isMax, unsigned lanes, const Reg &a, const Reg &b, const LaneBits &lb, Reg &out) {
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    const auto x = hn::Load(d, lanesOf<TK>(a) + i), y = hn::Load(d, lanesOf<TK>(b) + i);
    const auto kx = orderKey<kKind>(d, x), ky = orderKey<kKind>(d, y);
    auto r = hn::IfThenElse(isMax ? kx < ky : ky < kx, y, x);
    if constexpr (kKind == kFloatKey)
      r = hn::IfThenElse(isNaNBits(d, x), x, hn::IfThenElse(isNaNBits(d, y), y, r));
    hn::Store(hn::IfThenElseZero(laneMask(d, lb, i), r), d, lanesOf<TK>(out) + i);
  }
}

template <class T> void addInts(unsigned lanes, const Reg &a, const Reg &b, const LaneBits &lb, Reg &out) {
  const hn::ScalableTag<T> d; // unsigned: wraps
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N)
    hn::Store(hn::IfThenElseZero(laneMask(d, lb, i), hn::Add(hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i))),
              d, lanesOf<T>(out) + i);
}

void BinaryImpl(BinaryKind op, RegType t, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  const LaneBits lb = detail::packLanes(m, t.maskStride());
  const unsigned n = t.lanes();
  if (op == BinaryKind::Add) {
    switch (t.elem) {
    case EK::F32: {
      const hn::ScalableTag<float> d;
      const size_t N = hn::Lanes(d);
      for (size_t i = 0; i < n; i += N)
        hn::Store(hn::IfThenElseZero(laneMask(d, lb, i), hn::Add(hn::Load(d, lanesOf<float>(a) + i), hn::Load(d, lanesOf<float>(b) + i))),
                  d, lanesOf<float>(out) + i);
      return;
    }
    case EK::F16: {
      const hn::ScalableTag<float> d;
      const DU16<decltype(d)> dh;
      const size_t N = hn::Lanes(d);
      for (size_t i = 0; i < n; i += N) {
        const auto x = f16ToF32(d, hn::LoadU(dh, lanesOf<uint16_t>(a) + i));
        const auto y = f16ToF32(d, hn::LoadU(dh, lanesOf<uint16_t>(b) + i));
        hn::StoreU(hn::IfThenElseZero(laneMask(dh, lb, i), f32ToF16(d, hn::Add(x, y))), dh, lanesOf<uint16_t>(out) + i);
      }
      return;
    }
    case EK::BF16: ref::binary(op, t, a, b, m, out); return; // not a legal type
    default:
      switch (elemBytes(t.elem)) {
      case 1: addInts<uint8_t>(n, a, b, lb, out); return;
      case 2: addInts<uint16_t>(n, a, b, lb, out); return;
      case 4: addInts<uint32_t>(n, a, b, lb, out); return;
      default: addInts<uint64_t>(n, a, b, lb, out); return;
      }
    }
  }
  const bool isMax = op == BinaryKind::Max;
  switch (t.elem) {
  case EK::I8: maxMinKeys<int8_t, kSignedKey>(isMax, n, a, b, lb, out); break;
  case EK::U8: maxMinKeys<int8_t, kUnsignedKey>(isMax, n, a, b, lb, out); break;
  case EK::I16: maxMinKeys<int16_t, kSignedKey>(isMax, n, a, b, lb, out); break;
  case EK::U16: maxMinKeys<int16_t, kUnsignedKey>(isMax, n, a, b, lb, out); break;
  case EK::F16: maxMinKeys<int16_t, kFloatKey>(isMax, n, a, b, lb, out); break;
  case EK::I32: maxMinKeys<int32_t, kSignedKey>(isMax, n, a, b, lb, out); break;
  case EK::U32: maxMinKeys<int32_t, kUnsignedKey>(isMax, n, a, b, lb, out); break;
  case EK::F32: maxMinKeys<int32_t, kFloatKey>(isMax, n, a, b, lb, out); break;
  case EK::I64: maxMinKeys<int64_t, kSignedKey>(isMax, n, a, b, lb, out); break;
  case EK::U64: maxMinKeys<int64_t, kUnsignedKey>(isMax, n, a, b, lb, out); break;
  case EK::BF16: ref::binary(op, t, a, b, m, out); break; // not a legal type
  }
}

void StoreAlignImpl(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  const LaneBits lb = detail::packLanes(m, t.maskStride());
  withUnsigned(elemBytes(t.elem), [&](auto d) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    T *p = reinterpret_cast<T *>(dst);
    for (size_t i = 0; i < t.lanes(); i += N) {
      const auto mk = laneMask(d, lb, i);
      if (hn::AllFalse(d, mk))
        continue; // inactive lanes leave UB untouched
      const auto v = hn::Load(d, lanesOf<T>(in) + i);
      if (hn::AllTrue(d, mk))
        hn::StoreU(v, d, p + i);
      else
        hn::BlendedStore(v, mk, d, p + i); // writes only the active lanes
    }
  });
}

#endif // HWY_TARGET == HWY_SCALAR

const char *TargetNameImpl() { return hwy::TargetName(HWY_TARGET); }

} // namespace HWY_NAMESPACE
} // namespace simd
} // namespace semantics
} // namespace ascreg
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ascreg {
namespace semantics {
namespace simd {

HWY_EXPORT(ReduceImpl);
HWY_EXPORT(PairReduceSumImpl);
HWY_EXPORT(GatherImpl);
HWY_EXPORT(GatherRegImpl);
HWY_EXPORT(DuplicateImpl);
HWY_EXPORT(ArangeImpl);
HWY_EXPORT(CompareImpl);
HWY_EXPORT(SelectImpl);
HWY_EXPORT(BinaryImpl);
HWY_EXPORT(StoreAlignImpl);
HWY_EXPORT(TargetNameImpl);

// Mask ops are a few word operations on the packed form; no dispatch needed.

void createMask(RegType t, MaskPattern p, Mask &out) {
  const unsigned vl = t.lanes();
  detail::LaneBits lb{};
  unsigned prefix = 0;
  switch (p) {
  case MaskPattern::ALL: prefix = vl; break;
  case MaskPattern::VL1: prefix = 1; break;
  case MaskPattern::VL2: prefix = 2; break;
  case MaskPattern::VL3: prefix = 3; break;
  case MaskPattern::VL4: prefix = 4; break;
  case MaskPattern::VL8: prefix = 8; break;
  case MaskPattern::VL16: prefix = 16; break;
  case MaskPattern::VL32: prefix = 32; break;
  case MaskPattern::VL64: prefix = 64; break;
  case MaskPattern::VL128: prefix = 128; break;
  case MaskPattern::H: prefix = vl / 2; break;
  case MaskPattern::Q: prefix = vl / 4; break;
  case MaskPattern::M3:
    for (unsigned i = 0; i < vl; i += 3)
      lb.w[i >> 6] |= uint64_t(1) << (i & 63);
    break;
  case MaskPattern::M4:
    for (unsigned k = 0; k < (vl + 63) / 64; ++k)
      lb.w[k] = 0x1111111111111111ull;
    break;
  case MaskPattern::ALLF: break;
  }
  if (prefix > vl)
    prefix = vl;
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned lo = 64 * k;
    if (prefix >= lo + 64)
      lb.w[k] = ~0ull;
    else if (prefix > lo)
      lb.w[k] = (uint64_t(1) << (prefix - lo)) - 1;
  }
  if (vl < 64) // M4 above filled a whole word
    lb.w[0] &= (uint64_t(1) << vl) - 1;
  out = detail::unpackLanes(lb, t.maskStride());
}

void updateMask(RegType t, uint32_t count, Mask &out, uint32_t &rest) {
  // The lowest bit of every lane group (bit stride*i), cut below bit
  // stride*n: four word operations instead of a per-lane loop (this runs once
  // per register in every loop of a kernel).
  static constexpr uint64_t kGroupBits[9] = {0, ~0ull, 0x5555555555555555ull, 0,
                                             0x1111111111111111ull, 0, 0, 0,
                                             0x0101010101010101ull};
  const unsigned vl = t.lanes();
  const unsigned n = count < vl ? count : vl;
  const unsigned limit = n * t.maskStride(); // bits [0, limit) may be set
  const uint64_t group = kGroupBits[t.maskStride()];
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned lo = 64 * k;
    const uint64_t below =
        limit >= lo + 64 ? ~0ull : limit > lo ? (uint64_t(1) << (limit - lo)) - 1 : 0;
    out.w[k] = group & below;
  }
  rest = count < vl ? 0 : count - vl;
}

// Four word operations: nothing for SIMD to add.
void maskAnd(const Mask &a, const Mask &b, Mask &out) { ref::maskAnd(a, b, out); }
void maskOr(const Mask &a, const Mask &b, Mask &out) { ref::maskOr(a, b, out); }

void maskNot(RegType t, const Mask &a, Mask &out) {
  detail::LaneBits lb = detail::packLanes(a, t.maskStride());
  const unsigned vl = t.lanes();
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned lo = 64 * k;
    const uint64_t valid = vl >= lo + 64 ? ~0ull : vl > lo ? (uint64_t(1) << (vl - lo)) - 1 : 0;
    lb.w[k] = ~lb.w[k] & valid;
  }
  out = detail::unpackLanes(lb, t.maskStride());
}

void reduce(ReduceKind k, RegType dst, RegType src, const Reg &in, const Mask &m, Reg &out) {
  HWY_DYNAMIC_DISPATCH(ReduceImpl)(k, dst, src, in, m, out);
}
void pairReduceSum(RegType t, const Reg &in, const Mask &m, Reg &out) {
  HWY_DYNAMIC_DISPATCH(PairReduceSumImpl)(t, in, m, out);
}
Status gather(RegType dst, ElemKind src, RegType index, const uint8_t *base, uint64_t baseElems,
              const Reg &idx, const Mask &m, Reg &out) {
  return HWY_DYNAMIC_DISPATCH(GatherImpl)(dst, src, index, base, baseElems, idx, m, out);
}
void gatherReg(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  HWY_DYNAMIC_DISPATCH(GatherRegImpl)(t, src, idx, out);
}
void duplicate(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  HWY_DYNAMIC_DISPATCH(DuplicateImpl)(t, scalarBits, m, out);
}
void arange(RegType t, uint64_t startBits, Reg &out) { HWY_DYNAMIC_DISPATCH(ArangeImpl)(t, startBits, out); }
void compare(ComparePred p, RegType t, const Reg &a, const Reg &b, const Mask &m, Mask &out) {
  HWY_DYNAMIC_DISPATCH(CompareImpl)(p, t, a, b, m, out);
}
void select(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  HWY_DYNAMIC_DISPATCH(SelectImpl)(t, m, a, b, out);
}
void binary(BinaryKind k, RegType t, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  HWY_DYNAMIC_DISPATCH(BinaryImpl)(k, t, a, b, m, out);
}
void loadAlign(RegType t, const uint8_t *src, Reg &out) { std::memcpy(out.b, src, t.bytes()); }
void storeAlign(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  HWY_DYNAMIC_DISPATCH(StoreAlignImpl)(t, in, m, dst);
}

const char *targetName() { return HWY_DYNAMIC_DISPATCH(TargetNameImpl)(); }

std::vector<int64_t> availableTargets() {
  static const std::vector<int64_t> targets = [] {
    std::vector<int64_t> r;
    for (int64_t bits = hwy::SupportedTargets() & HWY_TARGETS; bits != 0; bits &= bits - 1)
      r.push_back(bits & ~(bits - 1)); // lowest bit = best target first
    return r;
  }();
  return targets;
}

const char *targetNameOf(int64_t target) { return hwy::TargetName(target); }

void forceTarget(int64_t target) {
  hwy::SetSupportedTargetsForTest(target);
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

} // namespace simd
} // namespace semantics
} // namespace ascreg
#endif // HWY_ONCE
