//===- SimdReduceDataBlock.cpp - Highway kernel of reduce_data_block ------===//
//
// reduceDataBlock, bit-identical to Reference.cpp: the source's lanes,
// inactive ones replaced by the reduction's identity (+0 for sum, the
// lowest / highest value for max / min), are reduced level by level with
// the adjacent-pair tree (ConcatEven / ConcatOdd). A 32-byte block is 8 or
// 16 consecutive lanes, a power of two, so after log2 of that many levels
// lane b holds block b's tree exactly. max / min combine pairs with the
// left operand's NaN first, then the right's, then the larger (smaller) of
// the order keys: a subtree's result is its first NaN, as the reference's
// lane scan gives. The non-documented profile choices run the reference.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "ascreg/Semantics/ReduceDataBlock.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdReduceDataBlock.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdF16-inl.h"
#include "SimdLanes-inl.h"
#include "SimdOrderKey-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void ReduceDataBlockImpl(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                         const Mask &m, Reg &out) {
  ref::reduceDataBlock(prof, k, dst, src, in, m, out);
}
#else

/// The register's lanes into buf, inactive ones replaced by `fill`.
template <size_t kStride, class D>
HWY_INLINE void leaves(D d, const Mask &m, const Reg &in, hn::TFromD<D> fill, unsigned lanes,
                       hn::TFromD<D> *buf) {
  using T = hn::TFromD<D>;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N)
    hn::Store(hn::IfThenElse(activeLanes<kStride>(d, m, i), hn::Load(d, lanesOf<T>(in) + i),
                             hn::Set(d, fill)),
              d, buf + i);
}

/// `levels` tree levels on buf: buf[j] = op(buf[2j], buf[2j + 1]). A level
/// of fewer than 2N values still reads 2N (stale lanes of buf, whose
/// results are never read), so every level is whole vectors.
template <class D, class Op>
HWY_INLINE void pairLevels(D d, hn::TFromD<D> *buf, unsigned lanes, unsigned levels, Op op) {
  const size_t N = hn::Lanes(d);
  for (unsigned n = lanes; levels > 0; --levels, n /= 2)
    for (size_t j = 0; j < n / 2; j += N) { // writes [j, j + N) after reading [2j, 2j + 2N)
      const auto lo = hn::Load(d, buf + 2 * j), hi = hn::Load(d, buf + 2 * j + N);
      hn::Store(op(hn::ConcatEven(d, hi, lo), hn::ConcatOdd(d, hi, lo)), d, buf + j);
    }
}

/// The f16 sum levels: each node in f32, rounded to f16 (RNE), saturated
/// when CTRL[48] = 0.
HWY_INLINE void f16SumLevels(uint16_t *buf, unsigned levels, bool saturate) {
  const hn::ScalableTag<float> df;
  const DU16<decltype(df)> dh;      // N u16 lanes, one per node
  const hn::Twice<decltype(dh)> dw; // 2N u16 lanes: the N pairs
  const size_t N = hn::Lanes(df);
  for (unsigned n = 128; levels > 0; --levels, n /= 2)
    for (size_t j = 0; j < n / 2; j += N) {
      const auto pairs = hn::LoadU(dw, buf + 2 * j);
      const auto a = hn::LowerHalf(dh, hn::ConcatEven(dw, pairs, pairs));
      const auto b = hn::LowerHalf(dh, hn::ConcatOdd(dw, pairs, pairs));
      auto sum = f32ToF16(df, hn::Add(f16ToF32(df, a), f16ToF32(df, b)));
      if (saturate)
        sum = saturateF16Bits(dh, sum);
      hn::StoreU(sum, dh, buf + j);
    }
}

/// max / min levels on signed lanes holding the raw bits.
template <int kKey, bool kMax, class D>
HWY_INLINE void maxMinLevels(D d, hn::TFromD<D> *buf, unsigned lanes, unsigned levels) {
  pairLevels(d, buf, lanes, levels, [d](auto a, auto b) HWY_ATTR {
    const auto ka = orderKey<kKey>(d, a), kb = orderKey<kKey>(d, b);
    auto takeB = kMax ? hn::Gt(kb, ka) : hn::Lt(kb, ka); // strict: ties keep a
    if constexpr (kKey == kFloatKey)
      takeB = hn::AndNot(isNaNBits(d, a), hn::Or(isNaNBits(d, b), takeB));
    return hn::IfThenElse(takeB, b, a);
  });
}

template <class T> HWY_INLINE void storeBlocks(const T *buf, unsigned blocks, Reg &out) {
  zeroBytes<256>(out.b);
  std::memcpy(out.b, buf, blocks * sizeof(T));
}

/// 16-bit integer sums in 32 bits: the leaves (inactive 0) widened, then the
/// four levels of a 16-lane block on 32-bit lanes.
HWY_INLINE void wideSum(const Mask &m, const Reg &in, bool isSigned, int32_t *buf32) {
  alignas(32) int16_t buf[128];
  leaves<2>(hn::ScalableTag<int16_t>(), m, in, 0, 128, buf);
  for (unsigned i = 0; i < 128; ++i)
    buf32[i] = isSigned ? int32_t(buf[i]) : int32_t(uint16_t(buf[i]));
  pairLevels(hn::ScalableTag<uint32_t>(), reinterpret_cast<uint32_t *>(buf32), 128, 4,
             [](auto a, auto b) HWY_ATTR { return hn::Add(a, b); });
}

void ReduceDataBlockImpl(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                         const Mask &m, Reg &out) {
  constexpr unsigned kBlocks = kVLBytes / kDataBlockBytes;
  const EK t = src.elem;
  const bool isMax = k == ReduceKind::Max;
  auto maxMin = [&](auto d, auto *buf, unsigned lanes, unsigned levels) {
    auto run = [&](auto key) {
      constexpr int kKey = decltype(key)::value;
      if (isMax)
        maxMinLevels<kKey, true>(d, buf, lanes, levels);
      else
        maxMinLevels<kKey, false>(d, buf, lanes, levels);
    };
    if (isFloat(t))
      run(std::integral_constant<int, kFloatKey>());
    else if (isSignedInt(t))
      run(std::integral_constant<int, kSignedKey>());
    else
      run(std::integral_constant<int, kUnsignedKey>());
  };
  if (elemBytes(t) == 2) { // 16 lanes per block: 4 levels
    if (k == ReduceKind::Sum && t != EK::F16) {
      alignas(32) int32_t wide[128];
      wideSum(m, in, t == EK::I16, wide);
      return storeBlocks(wide, kBlocks, out);
    }
    alignas(32) int16_t buf[128];
    const hn::ScalableTag<int16_t> d;
    if (k == ReduceKind::Sum) {
      leaves<2>(d, m, in, 0, 128, buf);
      f16SumLevels(reinterpret_cast<uint16_t *>(buf), 4, saturatesF16Arithmetic(prof.ctrl));
    } else {
      const int16_t lowest = t == EK::F16 ? int16_t(0xFC00) : t == EK::I16 ? int16_t(0x8000) : 0;
      const int16_t highest = t == EK::F16   ? int16_t(0x7C00)
                              : t == EK::I16 ? int16_t(0x7FFF)
                                             : int16_t(0xFFFF);
      leaves<2>(d, m, in, isMax ? lowest : highest, 128, buf);
      maxMin(d, buf, 128, 4);
    }
    return storeBlocks(buf, kBlocks, out);
  }
  alignas(32) int32_t buf[64]; // 8 lanes per block: 3 levels
  const hn::ScalableTag<int32_t> d;
  if (k == ReduceKind::Sum) {
    leaves<4>(d, m, in, 0, 64, buf);
    if (t == EK::F32)
      pairLevels(hn::ScalableTag<float>(), reinterpret_cast<float *>(buf), 64, 3,
                 [](auto a, auto b) HWY_ATTR { return hn::Add(a, b); });
    else // wraps modulo 2^32 on the unsigned lanes
      pairLevels(hn::ScalableTag<uint32_t>(), reinterpret_cast<uint32_t *>(buf), 64, 3,
                 [](auto a, auto b) HWY_ATTR { return hn::Add(a, b); });
  } else {
    const int32_t lowest = t == EK::F32   ? int32_t(0xFF800000u)
                           : t == EK::I32 ? int32_t(0x80000000u)
                                          : 0;
    const int32_t highest = t == EK::F32   ? int32_t(0x7F800000)
                            : t == EK::I32 ? int32_t(0x7FFFFFFF)
                                           : int32_t(0xFFFFFFFFu);
    leaves<4>(d, m, in, isMax ? lowest : highest, 64, buf);
    maxMin(d, buf, 64, 3);
  }
  storeBlocks(buf, kBlocks, out);
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(ReduceDataBlockImpl);

void reduceDataBlock(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                     const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(ReduceDataBlockImpl)(prof, k, dst, src, in, m, out);
  ref::reduceDataBlock(prof, k, dst, src, in, m, out); // the rewrites of the other choices
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
