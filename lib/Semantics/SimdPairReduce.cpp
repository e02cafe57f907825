//===- SimdPairReduce.cpp - Highway kernel of pair_reduce_sum -------------===//
//
// pairReduceSum (adjacent lanes summed into the lower half), bit-identical
// to Reference.cpp: the pairs are split with ConcatEven / ConcatOdd, their
// mask bits read straight from the mask register (pairActive). One kernel
// per type (pairSumF32, pairSumF16 saturating or not), which
// PairReduceSumImpl picks per call and simd::pairReduceKernel once.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "SimdProfileChoices.h"
#include "ascreg/Semantics/PairReduceKernel.h"
#include "ascreg/Semantics/Semantics.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdPairReduce.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdF16-inl.h"
#include "SimdLanes-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void PairReduceSumImpl(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  ref::pairReduceSum(prof, t, in, m, out);
}
PairReduceKernel PairReduceKernelImpl(RegType, bool) { return nullptr; }
#else

// ---------------------------------------------------------------- pairReduceSum

/// Activity of a = input lane 2i and b = lane 2i + 1 for the output lanes
/// [first, first + N) of d. Output lane i owns mask bits [2*S*i, 2*S*i + 2*S)
/// for input stride S: a is the first bit, b the bit S above.
template <size_t kStride, class D>
HWY_INLINE void pairActive(D d, const Mask &m, size_t first, hn::Mask<D> &ma, hn::Mask<D> &mb) {
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(m.w);
  const hn::RebindToUnsigned<D> du;
  constexpr size_t N = hn::MaxLanes(d);
  if constexpr (kStride == 4) { // one mask byte per output lane: bits 0 and 4
    const auto v = hn::PromoteTo(du, hn::LoadU(hn::Rebind<uint8_t, decltype(du)>(), bytes + first));
    ma = hn::RebindMask(d, hn::TestBit(v, hn::Set(du, 1u)));
    mb = hn::RebindMask(d, hn::TestBit(v, hn::Set(du, 16u)));
  } else { // f16 in u16 lanes, one nibble per output lane: bits 0 and 2
    static_assert(kStride == 2 && sizeof(hn::TFromD<D>) == 2 && N <= 8, "u16 lanes, one block");
    struct Tables {
      alignas(16) uint8_t idx[16];
      alignas(16) uint16_t a[8], b[8];
      constexpr Tables() : idx(), a(), b() {
        for (size_t i = 0; i < 8; ++i) {
          idx[2 * i] = idx[2 * i + 1] = uint8_t(i / 2); // the byte holding lane i's nibble
          a[i] = uint16_t(1u << (4 * (i % 2)));
          b[i] = uint16_t(4u << (4 * (i % 2)));
        }
      }
    };
    static constexpr Tables kTab{};
    const hn::Repartition<uint8_t, decltype(du)> d8;
    const hn::Repartition<uint32_t, decltype(du)> d32;
    uint32_t word = 0;
    std::memcpy(&word, bytes + first / 2, N / 2);
    const auto v = hn::BitCast(
        du, hn::TableLookupBytes(hn::BitCast(d8, hn::Set(d32, word)), hn::LoadU(d8, kTab.idx)));
    ma = hn::RebindMask(d, hn::TestBit(v, hn::LoadU(du, kTab.a)));
    mb = hn::RebindMask(d, hn::TestBit(v, hn::LoadU(du, kTab.b)));
  }
}

// The kernels of one type each. Output lanes [i, i + N) are written after
// their inputs [2i, 2i + 2N) are read, so `in` may be `out`. Inactive
// elements enter the adder as +0, so every output lane is (a or +0) +
// (b or +0); with neither active that is +0. The upper half is 0.

void pairSumF32(const Reg &in, const Mask &m, Reg &out) {
  constexpr size_t kHalf = 32;
  const hn::ScalableTag<float> d;
  const hn::RebindToUnsigned<decltype(d)> du;
  const size_t N = hn::Lanes(d);
  const float *src = lanesOf<float>(in);
  float *dst = lanesOf<float>(out);
  if (allLanesActive<4>(m)) { // the common full register: nothing to mask
    for (size_t i = 0; i < kHalf; i += N) {
      const auto lo = hn::Load(d, src + 2 * i), hi = hn::Load(d, src + 2 * i + N);
      hn::Store(hn::Add(hn::ConcatEven(d, hi, lo), hn::ConcatOdd(d, hi, lo)), d, dst + i);
    }
  } else {
    for (size_t i = 0; i < kHalf; i += N) {
      const auto lo = hn::Load(d, src + 2 * i), hi = hn::Load(d, src + 2 * i + N);
      const auto a = hn::ConcatEven(d, hi, lo), b = hn::ConcatOdd(d, hi, lo);
      hn::Mask<decltype(du)> ma, mb;
      pairActive<4>(du, m, i, ma, mb);
      hn::Store(hn::Add(hn::IfThenElseZero(hn::RebindMask(d, ma), a),
                        hn::IfThenElseZero(hn::RebindMask(d, mb), b)),
                d, dst + i);
    }
  }
  zeroBytes<128>(out.b + 128);
}

/// kSaturate: CTRL[48] = 0 (saturatesF16Arithmetic).
template <bool kSaturate> void pairSumF16(const Reg &in, const Mask &m, Reg &out) {
  constexpr size_t kHalf = 64;
  const hn::ScalableTag<float> d;
  const DU16<decltype(d)> dh;       // N u16 lanes, one per output lane
  const hn::Twice<decltype(dh)> dw; // 2N u16 lanes: the N input pairs
  const size_t N = hn::Lanes(d);
  const uint16_t *src = lanesOf<uint16_t>(in);
  uint16_t *dst = lanesOf<uint16_t>(out);
  for (size_t i = 0; i < kHalf; i += N) {
    const auto pairs = hn::LoadU(dw, src + 2 * i);
    const auto a = hn::LowerHalf(dh, hn::ConcatEven(dw, pairs, pairs));
    const auto b = hn::LowerHalf(dh, hn::ConcatOdd(dw, pairs, pairs));
    hn::Mask<decltype(dh)> ma, mb;
    pairActive<2>(dh, m, i, ma, mb);
    auto sum = f32ToF16(
        d, hn::Add(f16ToF32(d, hn::IfThenElseZero(ma, a)), f16ToF32(d, hn::IfThenElseZero(mb, b))));
    if constexpr (kSaturate)
      sum = saturateF16Bits(dh, sum);
    hn::StoreU(sum, dh, dst + i);
  }
  zeroBytes<128>(out.b + 128);
}

/// The kernel of a legal type (f16 or f32, one register).
PairReduceKernel PairReduceKernelImpl(RegType t, bool saturateF16) {
  if (!isLegalPairReduce(t))
    return nullptr;
  if (t.elem == EK::F32)
    return &pairSumF32;
  return saturateF16 ? &pairSumF16<true> : &pairSumF16<false>;
}

void PairReduceSumImpl(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  if (t.elem == EK::F32)
    pairSumF32(in, m, out);
  else if (saturatesF16Arithmetic(prof.ctrl))
    pairSumF16<true>(in, m, out);
  else
    pairSumF16<false>(in, m, out);
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(PairReduceSumImpl);
HWY_EXPORT(PairReduceKernelImpl);

void pairReduceSum(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(PairReduceSumImpl)(prof, t, in, m, out);
  pairReduceSumOtherChoices(prof, t, in, m, out);
}

PairReduceKernel pairReduceKernel(const Profile &prof, RegType t) {
  if (!prof.choicesDocumented())
    return nullptr; // pairReduceSumOtherChoices rewrites around the kernel
  return ASCREG_DISPATCH(PairReduceKernelImpl)(t, saturatesF16Arithmetic(prof.ctrl));
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
