//===- SimdReduce.cpp - Highway kernels of reduce -------------------------===//
//
// reduce sum / max / min, bit-identical to Reference.cpp (checked by
// unittests/Semantics for every compiled target). Techniques:
//  - max/min compare integer keys (floats: sign-magnitude -> two's
//    complement, which orders -0 below +0). The keys stay in registers: one
//    pass gives the extreme key and, since NaN keys lie outside the keys of
//    -inf..+inf, whether an active NaN exists; one compare + movemask per
//    vector finds the first lane. NaNs, empty masks and extremes equal to the
//    fill of inactive lanes take a slower general path;
//  - sum trees stay in registers, depth first (SimdSumTree-inl.h). f16
//    nodes are rounded after every level: when every |leaf| <= 448 no node
//    can overflow and RNE to 11 bits on the f32 bits is exact; otherwise
//    F16C round trips on 128-bit vectors (half the latency of 256-bit ones);
//  - results are zeroed with straight-line vector stores (GCC turns memsets
//    of this size into `rep stos`).
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "SimdProfileChoices.h"
#include "ascreg/Semantics/Semantics.h"

#include <cstring>
#include <type_traits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdReduce.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdLanes-inl.h"
#include "SimdOrderKey-inl.h"
#include "SimdSumTree-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void ReduceImpl(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                const Mask &m, Reg &out) {
  ref::reduce(prof, k, dst, src, in, m, out);
}
ReduceKernel ReduceKernelImpl(ReduceKind, RegType, RegType, bool) { return nullptr; }
#else

// ---------------------------------------------------------------- reduce: sum

/// The sum tree of kVecs vectors `load(k)`, inactive lanes (stride kStride)
/// replaced by +0; a full mask skips the masking.
template <size_t kStride, size_t kVecs, class D, class Load, class Round>
HWY_INLINE hn::Vec<D> maskedSumTree(D d, const Mask &m, Load &load, Round round) {
  constexpr size_t N = hn::MaxLanes(d);
  if (allLanesActive<kStride>(m))
    return sumTree<kVecs>(d, load, round);
  auto masked = [&](size_t k) HWY_ATTR {
    return hn::IfThenElseZero(activeLanes<kStride>(d, m, k * N), load(k));
  };
  return sumTree<kVecs>(d, masked, round);
}

uint32_t sumF32(const Reg &in, const Mask &m) {
  const hn::ScalableTag<float> d;
  constexpr size_t N = hn::MaxLanes(d);
  const float *src = lanesOf<float>(in);
  auto load = [&](size_t k) HWY_ATTR { return hn::Load(d, src + k * N); };
  const float r = hn::GetLane(maskedSumTree<4, 64 / N>(d, m, load, NoRound()));
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  return bits;
}

/// True if every f16 lane has |x| <= 448: then no node of the sum tree can
/// reach 65520 (128 * 448 * (1 + 2^-11)^7 < 65504), so nodes are rounded
/// with RoundF16Finite. Inactive lanes count too (that only costs speed).
HWY_INLINE bool smallF16Lanes(const Reg &in) {
  const hn::ScalableTag<int16_t> d;
  constexpr size_t N = hn::MaxLanes(d);
  const int16_t *src = lanesOf<int16_t>(in);
  auto mx = hn::Zero(d);
  for (size_t i = 0; i < 128; i += N) // magnitude bits; NaN and inf are large
    mx = hn::Max(mx, hn::And(hn::Load(d, src + i), hn::Set(d, int16_t(0x7FFF))));
  return hn::AllFalse(d, mx > hn::Set(d, int16_t(0x5F00))); // 448.0
}

#if HWY_TARGET == HWY_AVX2
// Hosts with AVX512-FP16 (Sapphire Rapids and later) run the AVX2 kernels
// (SimdTargetSet.h); their vaddph is the correctly rounded f16 addition
// every node of the small-lane tree computes, on 32 lanes at once. Checked
// against the reference by unittests/Semantics on such a host.
#define ASCREG_NATIVE_F16 __attribute__((target("avx512fp16,avx512bw,avx512f,bmi2")))

bool hostHasNativeF16() {
  static const bool has = __builtin_cpu_supports("avx512fp16") &&
                          __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi2");
  return has;
}

/// The sums of adjacent lane pairs of a (lanes 0-15), then of b (16-31).
ASCREG_NATIVE_F16 inline __m512i addPairsF16(__m512i a, __m512i b, __m512i even, __m512i odd) {
  return _mm512_castph_si512(
      _mm512_add_ph(_mm512_castsi512_ph(_mm512_permutex2var_epi16(a, even, b)),
                    _mm512_castsi512_ph(_mm512_permutex2var_epi16(a, odd, b))));
}

/// The f16 sum tree of the 128 lanes of `src`, inactive lanes +0, every
/// node rounded to f16 (lanes past a level's nodes are don't-care).
ASCREG_NATIVE_F16 uint16_t sumF16Native(const uint16_t *src, const Mask &m) {
  alignas(64) static constexpr uint16_t kEven[32] = {0,  2,  4,  6,  8,  10, 12, 14, 16, 18, 20,
                                                     22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
                                                     44, 46, 48, 50, 52, 54, 56, 58, 60, 62};
  alignas(64) static constexpr uint16_t kOdd[32] = {1,  3,  5,  7,  9,  11, 13, 15, 17, 19, 21,
                                                    23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43,
                                                    45, 47, 49, 51, 53, 55, 57, 59, 61, 63};
  const __m512i even = _mm512_load_si512(kEven), odd = _mm512_load_si512(kOdd);
  __m512i t[4];
  for (int i = 0; i < 4; ++i) // lane 32 i + j is mask bit 2 j of word i
    t[i] =
        _mm512_maskz_loadu_epi16(__mmask32(_pext_u64(m.w[i], 0x5555555555555555ull)), src + 32 * i);
  __m512i s = addPairsF16(addPairsF16(t[0], t[1], even, odd), addPairsF16(t[2], t[3], even, odd),
                          even, odd); // the 32 nodes of the second level
  for (int width = 32; width > 1; width /= 2)
    s = addPairsF16(s, s, even, odd);
  return uint16_t(_mm_cvtsi128_si32(_mm512_castsi512_si128(s)));
}
#endif

/// `saturate`: CTRL[48] = 0, every node saturates (the fast path cannot
/// overflow or meet inf / NaN, so it serves both modes).
uint16_t sumF16(const Reg &in, const Mask &m, bool saturate) {
  const uint16_t *src = lanesOf<uint16_t>(in);
  if (smallF16Lanes(in)) {
#if HWY_TARGET == HWY_AVX2
    if (hostHasNativeF16())
      return sumF16Native(src, m);
#endif
    const hn::ScalableTag<float> d;
    const DU16<decltype(d)> dh;
    constexpr size_t N = hn::MaxLanes(d);
    auto load = [&](size_t k) HWY_ATTR { return f16ToF32(d, hn::LoadU(dh, src + k * N)); };
    return hn::GetLane(f32ToF16(d, maskedSumTree<2, 128 / N>(d, m, load, RoundF16Finite())));
  }
  // Overflow, inf or NaN possible: F16C round trips, on 128-bit vectors even
  // on AVX2 because they are on the critical path and take about twice as
  // long for 256-bit vectors.
  const hn::Full128<float> d;
  const DU16<decltype(d)> dh;
  auto load = [&](size_t k) HWY_ATTR { return f16ToF32(d, hn::LoadU(dh, src + 4 * k)); };
  // The root is rounded straight to f16 bits.
  if (saturate)
    return saturateF16(hn::GetLane(f32ToF16(d, maskedSumTree<2, 32>(d, m, load, RoundF16Sat()))));
  return hn::GetLane(f32ToF16(d, maskedSumTree<2, 32>(d, m, load, RoundF16())));
}

/// Sums of 32- and 64-bit integers wrap, so any order gives the tree's result.
template <class T, size_t kStride> T sumInt(const Reg &in, unsigned lanes, const Mask &m) {
  const hn::ScalableTag<T> d;
  const size_t N = hn::Lanes(d);
  const T *src = lanesOf<T>(in);
  auto acc = hn::Zero(d);
  for (size_t i = 0; i < lanes; i += N)
    acc = hn::Add(acc, hn::IfThenElseZero(activeLanes<kStride>(d, m, i), hn::Load(d, src + i)));
  return hn::GetLane(hn::SumOfLanes(d, acc));
}

/// i16 -> i32 and u16 -> u32: each lane is widened before it is added.
template <class TS> uint32_t sumWiden(const Reg &in, const Mask &m) {
  using TW = std::conditional_t<std::is_signed<TS>::value, int32_t, uint32_t>;
  const hn::ScalableTag<TW> d;
  const hn::Rebind<TS, decltype(d)> dn;
  const size_t N = hn::Lanes(d);
  const TS *src = lanesOf<TS>(in);
  auto acc = hn::Zero(d);
  for (size_t i = 0; i < 128; i += N)
    acc = hn::Add(
        acc, hn::IfThenElseZero(activeLanes<2>(d, m, i), hn::PromoteTo(d, hn::LoadU(dn, src + i))));
  return static_cast<uint32_t>(hn::GetLane(hn::SumOfLanes(d, acc)));
}

// ---------------------------------------------------------------- reduce: max / min

/// Value and index of max / min over lanes of TK (signed, same width as the
/// element), the general way. Returns false for an empty mask.
template <class TK, int kKind, bool kMax, size_t kStride>
bool extremeSlow(const Reg &in, unsigned lanes, const Mask &m, uint64_t &value, uint64_t &index) {
  using TU = std::make_unsigned_t<TK>;
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  const TK *src = lanesOf<TK>(in);
  if constexpr (kKind == kFloatKey) { // the first active NaN decides, with its bits
    for (size_t i = 0; i < lanes; i += N) {
      const auto nan = hn::And(activeLanes<kStride>(d, m, i), isNaNBits(d, hn::Load(d, src + i)));
      const intptr_t pos = hn::FindFirstTrue(d, nan);
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
    const auto key = hn::IfThenElse(activeLanes<kStride>(d, m, i),
                                    orderKey<kKind>(d, hn::Load(d, src + i)), fill);
    best = kMax ? hn::Max(best, key) : hn::Min(best, key);
  }
  best = kMax ? hn::MaxOfLanes(d, best) : hn::MinOfLanes(d, best);
  // The first active lane holding the extreme key is the answer (ties: first).
  for (size_t i = 0; i < lanes; i += N) {
    const auto eq =
        hn::And(activeLanes<kStride>(d, m, i), orderKey<kKind>(d, hn::Load(d, src + i)) == best);
    const intptr_t pos = hn::FindFirstTrue(d, eq);
    if (pos >= 0) {
      value = TU(src[i + pos]);
      index = i + pos;
      return true;
    }
  }
  return false;
}

/// The common case of max / min: order keys of the active lanes stay in
/// registers, one pass gives the extreme key (and whether a NaN is active),
/// one compare + movemask per vector finds its first lane. Returns false when
/// extremeSlow must decide: an active NaN (the first one wins by position, not
/// by key), or an extreme equal to the key given to inactive lanes (empty
/// mask, or a tie an inactive lane could win).
template <class TK, int kKind, bool kMax, size_t kLanes, size_t kStride, bool kFull>
HWY_INLINE bool extremeFast(const Reg &in, const Mask &m, uint64_t &value, uint64_t &index) {
  using TU = std::make_unsigned_t<TK>;
  const hn::ScalableTag<TK> d;
  constexpr size_t N = hn::MaxLanes(d);
  constexpr size_t kVecs = kLanes / N;
  const TK *src = lanesOf<TK>(in);
  // Float keys of +-inf are kInf and ~kInf; every NaN key lies outside them.
  constexpr TK kInf = sizeof(TK) == 2 ? TK(0x7C00) : TK(0x7F800000);
  constexpr TK kFill = kKind == kFloatKey ? (kMax ? TK(~kInf) : kInf)
                                          : (kMax ? hwy::LimitsMin<TK>() : hwy::LimitsMax<TK>());
  constexpr bool kNeedHi = kMax || kKind == kFloatKey, kNeedLo = !kMax || kKind == kFloatKey;
  const auto fill = hn::Set(d, kFill);
  hn::Vec<decltype(d)> keys[kVecs];
  auto hi = fill, lo = fill;
  for (size_t k = 0; k < kVecs; ++k) {
    keys[k] = orderKey<kKind>(d, hn::Load(d, src + k * N));
    if constexpr (!kFull)
      keys[k] = hn::IfThenElse(activeLanes<kStride>(d, m, k * N), keys[k], fill);
    if constexpr (kNeedHi)
      hi = hn::Max(hi, keys[k]);
    if constexpr (kNeedLo)
      lo = hn::Min(lo, keys[k]);
  }
  if constexpr (kKind == kFloatKey) {
    if (!hn::AllFalse(d, hn::Or(hi > hn::Set(d, kInf), lo < hn::Set(d, TK(~kInf)))))
      return false;
  }
  const auto best = kMax ? hn::MaxOfLanes(d, hi) : hn::MinOfLanes(d, lo);
  if (hn::GetLane(best) == kFill)
    return false;
  for (size_t k = 0; k < kVecs; ++k) { // inactive lanes hold kFill, never best
    const intptr_t pos = hn::FindFirstTrue(d, keys[k] == best);
    if (pos >= 0) {
      index = k * N + size_t(pos);
      value = TU(src[index]);
      return true;
    }
  }
  return false; // not reached: best is some lane's key
}

template <class TK, int kKind, bool kMax, size_t kLanes, size_t kStride>
bool extremeOfType(const Reg &in, const Mask &m, uint64_t &v, uint64_t &i) {
  if (allLanesActive<kStride>(m)
          ? extremeFast<TK, kKind, kMax, kLanes, kStride, true>(in, m, v, i)
          : extremeFast<TK, kKind, kMax, kLanes, kStride, false>(in, m, v, i))
    return true;
  return extremeSlow<TK, kKind, kMax, kStride>(in, kLanes, m, v, i);
}

/// Result of max / min over an empty mask: -inf / type min, +inf / type max.
uint64_t emptyExtreme(EK k, bool isMax) {
  switch (k) {
  case EK::F16:
    return isMax ? 0xFC00 : 0x7C00;
  case EK::F32:
    return isMax ? 0xFF800000u : 0x7F800000u;
  case EK::I16:
    return isMax ? 0x8000 : 0x7FFF;
  case EK::I32:
    return isMax ? 0x80000000u : 0x7FFFFFFFu;
  case EK::I64:
    return isMax ? uint64_t(1) << 63 : ~uint64_t(0) >> 1;
  case EK::U16:
    return isMax ? 0 : 0xFFFF;
  case EK::U32:
    return isMax ? 0 : 0xFFFFFFFFu;
  default:
    return isMax ? 0 : ~uint64_t(0);
  }
}

/// max / min of one type: value and index of the extreme (the first index
/// among equals), or the empty-mask result. ReduceImpl and, resolved ahead,
/// simd::reduceKernel call it.
template <bool kMax, class TK, int kKind, size_t kLanes, size_t kStride, EK kElem>
void extremeKernel(const Reg &in, const Mask &m, Reg &out) {
  uint64_t value = 0, index = 0;
  if (!extremeOfType<TK, kKind, kMax, kLanes, kStride>(in, m, value, index)) {
    value = emptyExtreme(kElem, kMax);
    index = 0;
  }
  zeroReg(out, unsigned(kLanes * sizeof(TK)));
  storeLanes01<std::make_unsigned_t<TK>>(out, value, index);
}

template <bool kMax> ReduceKernel extremeKernelOf(RegType t) {
  if (t.numRegs == 2)
    return t.elem == EK::I64 ? &extremeKernel<kMax, int64_t, kSignedKey, 64, 4, EK::I64>
                             : &extremeKernel<kMax, int64_t, kUnsignedKey, 64, 4, EK::U64>;
  switch (t.elem) {
  case EK::I16:
    return &extremeKernel<kMax, int16_t, kSignedKey, 128, 2, EK::I16>;
  case EK::U16:
    return &extremeKernel<kMax, int16_t, kUnsignedKey, 128, 2, EK::U16>;
  case EK::F16:
    return &extremeKernel<kMax, int16_t, kFloatKey, 128, 2, EK::F16>;
  case EK::I32:
    return &extremeKernel<kMax, int32_t, kSignedKey, 64, 4, EK::I32>;
  case EK::U32:
    return &extremeKernel<kMax, int32_t, kUnsignedKey, 64, 4, EK::U32>;
  case EK::F32:
    return &extremeKernel<kMax, int32_t, kFloatKey, 64, 4, EK::F32>;
  case EK::I64:
    return &extremeKernel<kMax, int64_t, kSignedKey, 32, 8, EK::I64>;
  case EK::U64:
    return &extremeKernel<kMax, int64_t, kUnsignedKey, 32, 8, EK::U64>;
  default:
    return nullptr;
  }
}

/// A sum of one type with the result type of its source: what ReduceImpl
/// computes (the sum in lane 0, every other lane 0), resolved ahead.
template <EK kElem, bool kSaturate = false> void sumKernel(const Reg &in, const Mask &m, Reg &out) {
  if constexpr (kElem == EK::F16) {
    const uint16_t value = sumF16(in, m, kSaturate);
    zeroReg(out, 256);
    storeLanes01<uint16_t>(out, value, 0);
  } else if constexpr (kElem == EK::F32) {
    const uint32_t value = sumF32(in, m);
    zeroReg(out, 256);
    storeLanes01<uint32_t>(out, value, 0);
  } else {
    static_assert(kElem == EK::I32, "32-bit integer sums wrap alike signed or not");
    const uint32_t value = sumInt<uint32_t, 4>(in, 64, m);
    zeroReg(out, 256);
    storeLanes01<uint32_t>(out, value, 0);
  }
}

ReduceKernel sumKernelOf(RegType t, bool saturateF16) {
  if (t.numRegs != 1)
    return nullptr;
  switch (t.elem) {
  case EK::F16:
    return saturateF16 ? &sumKernel<EK::F16, true> : &sumKernel<EK::F16, false>;
  case EK::F32:
    return &sumKernel<EK::F32>;
  case EK::I32:
  case EK::U32:
    return &sumKernel<EK::I32>;
  default:
    return nullptr;
  }
}

ReduceKernel ReduceKernelImpl(ReduceKind k, RegType dst, RegType src, bool saturateF16) {
  if (!(dst == src))
    return nullptr;
  if (k == ReduceKind::Sum)
    return sumKernelOf(src, saturateF16);
  return k == ReduceKind::Max ? extremeKernelOf<true>(src) : extremeKernelOf<false>(src);
}

void ReduceImpl(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                const Mask &m, Reg &out) {
  uint64_t value = 0, index = 0;
  if (k == ReduceKind::Sum) {
    switch (src.elem) {
    case EK::F16:
      value = sumF16(in, m, saturatesF16Arithmetic(prof.ctrl));
      break;
    case EK::F32:
      value = sumF32(in, m);
      break;
    case EK::I16:
      value = sumWiden<int16_t>(in, m);
      break;
    case EK::U16:
      value = sumWiden<uint16_t>(in, m);
      break;
    case EK::I32:
    case EK::U32:
      value = sumInt<uint32_t, 4>(in, 64, m);
      break;
    default:
      value = src.numRegs == 2 ? sumInt<uint64_t, 4>(in, 64, m) : sumInt<uint64_t, 8>(in, 32, m);
      break;
    }
  } else if (ReduceKernel kernel = ReduceKernelImpl(k, dst, src, false)) {
    return kernel(in, m, out);
  } else { // no legal max / min: as over an empty mask
    value = emptyExtreme(src.elem, k == ReduceKind::Max);
  }
  // Everything is read; `in` may be `out`. Lane 0 = value, lane 1 = index
  // (0 for sums), all other lanes 0.
  zeroReg(out, dst.bytes());
  switch (elemBytes(dst.elem)) {
  case 2:
    storeLanes01<uint16_t>(out, value, index);
    break;
  case 4:
    storeLanes01<uint32_t>(out, value, index);
    break;
  default:
    storeLanes01<uint64_t>(out, value, index);
    break;
  }
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(ReduceImpl);
HWY_EXPORT(ReduceKernelImpl);

void reduce(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
            const Mask &m, Reg &out) {
  if (reduceIsDocumented(prof, src.elem))
    return ASCREG_DISPATCH(ReduceImpl)(prof, k, dst, src, in, m, out);
  reduceOtherChoices(prof, k, dst, src, in, m, out);
}

ReduceKernel reduceKernel(const Profile &prof, ReduceKind k, RegType dst, RegType src) {
  if (!reduceIsDocumented(prof, src.elem))
    return nullptr; // reduceOtherChoices rewrites around the kernel
  return ASCREG_DISPATCH(ReduceKernelImpl)(k, dst, src, saturatesF16Arithmetic(prof.ctrl));
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
