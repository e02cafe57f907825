//===- SimdGather.cpp - Highway kernels of gather, gather_reg -------------===//
//
// The UB gather and the register gather, bit-identical to Reference.cpp.
// Gathers check bounds with vector compares of all active lanes at once and
// load with scalar loads into vector lanes (faster than vpgatherdd on Zen 3
// and Zen 5: gatherLoads32);
// gather_reg of 8-bit lanes uses byte-shuffle table lookups.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "SimdProfileChoices.h"
#include "ascreg/Semantics/GatherKernel.h"
#include "ascreg/Semantics/Semantics.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdGather.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdLanes-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
Status GatherImpl(const Profile &prof, RegType dst, ElemKind src, RegType index,
                  const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                  Reg &out) {
  return ref::gather(prof, dst, src, index, base, baseElems, idx, m, out);
}
GatherKernel GatherKernelImpl(RegType, ElemKind, RegType) { return nullptr; }
void GatherRegImpl(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  ref::gatherReg(t, src, idx, out);
}
#else

// ---------------------------------------------------------------- gather

/// Loads base[ix[i] & kIndexMask] (32-bit) into dst[i] for i < 64: scalar
/// loads straight into vector lanes (vmovd / vpinsrd with a memory operand),
/// four lanes per 128-bit store. On e.g. Zen 3 that beats both eight
/// vpgatherdd and plain scalar copies, and on Zen 5 (AVX-512 EPYC) still
/// eight vpgatherdd: with them the interpreter's gather loop ran 140 fewer
/// instructions per register but took 15% longer (issue 30). dst may be ix:
/// each group of lanes is read before it is written.
template <uint32_t kIndexMask = 0xFFFFFFFFu>
HWY_INLINE void gatherLoads32(const uint8_t *base, const uint32_t *ix, uint32_t *dst) {
  const hn::Full128<uint32_t> d;
  auto at = [base](uint64_t e) {
    uint32_t v;
    std::memcpy(&v, base + (e & kIndexMask) * 4, 4);
    return v;
  };
#pragma GCC unroll 16
  for (size_t i = 0; i < 64; i += 4) {
    uint64_t p01, p23; // two indices per load
    std::memcpy(&p01, ix + i, 8);
    std::memcpy(&p23, ix + i + 2, 8);
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_SSE4
    hn::Vec<decltype(d)> v{_mm_cvtsi32_si128(int(at(p01 & 0xFFFFFFFFu)))}; // vmovd, no broadcast
#else
    auto v = hn::Set(d, at(p01 & 0xFFFFFFFFu));
#endif
    v = hn::InsertLane(v, 1, at(p01 >> 32));
    v = hn::InsertLane(v, 2, at(p23 & 0xFFFFFFFFu));
    v = hn::InsertLane(v, 3, at(p23 >> 32));
    hn::StoreU(v, d, dst + i);
  }
}

/// Loads base16[ix[i] & kIndexMask] into dst[i] for i < 128, into vector
/// lanes as in gatherLoads32 (eight per 128-bit store). dst may be ix.
template <uint16_t kIndexMask = 0xFFFF>
HWY_INLINE void gatherLoads16(const uint8_t *base, const uint16_t *ix, uint16_t *dst) {
  const hn::Full128<uint16_t> d;
  for (size_t i = 0; i < 128; i += 8) {
    auto at = [&](size_t j) {
      uint16_t v;
      std::memcpy(&v, base + 2 * size_t(ix[i + j] & kIndexMask), 2);
      return v;
    };
    auto v = hn::Set(d, at(0));
#pragma GCC unroll 8 // InsertLane needs a constant lane
    for (size_t j = 1; j < 8; ++j)
      v = hn::InsertLane(v, j, at(j));
    hn::StoreU(v, d, dst + i);
  }
}

/// Zeroes the inactive lanes [0, lanes) of the gather result `r`.
template <size_t kStride, class D>
HWY_INLINE void zeroInactive(D d, const Mask &m, size_t lanes, Reg &r) {
  using T = hn::TFromD<D>;
  for (size_t i = 0; i < lanes; i += hn::Lanes(d))
    hn::Store(hn::IfThenElseZero(activeLanes<kStride>(d, m, i), hn::Load(d, lanesOf<T>(r) + i)), d,
              lanesOf<T>(r) + i);
}

/// The first active lane whose index is out of bounds (some lane is).
HWY_NOINLINE Status firstOutOfBounds32(const uint32_t *ix, uint64_t baseElems, const Mask &m) {
  for (unsigned i = 0; i < 64; ++i)
    if (m.bit(4 * i) && ix[i] >= baseElems)
      return Status{false, i, ix[i]};
  return Status{};
}

/// gather32 with some lanes inactive: they read element 0 (it exists when any
/// lane is active and in bounds) and are zeroed afterwards.
HWY_NOINLINE void gather32Partial(const uint8_t *base, const Reg &idx, const Mask &m, Reg &out) {
  const hn::ScalableTag<uint32_t> du;
  constexpr size_t N = hn::MaxLanes(du);
  if (!anyLaneActive<4>(m)) {
    zeroReg(out, 256);
    return;
  }
  HWY_ALIGN uint32_t safe[64];
  for (size_t i = 0; i < 64; i += N)
    hn::Store(
        hn::IfThenElseZero(activeLanes<4>(du, m, i), hn::Load(du, lanesOf<uint32_t>(idx) + i)), du,
        safe + i);
  gatherLoads32(base, safe, lanesOf<uint32_t>(out));
  zeroInactive<4>(du, m, 64, out);
}

/// 32-bit data, u32 index: a vector bounds check of the active lanes (the
/// lane is only searched on failure), then scalar loads.
Status gather32(const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m, Reg &out) {
  const hn::ScalableTag<uint32_t> du;
  constexpr size_t N = hn::MaxLanes(du);
  const uint32_t *ix = lanesOf<uint32_t>(idx);
  const bool full = allLanesActive<4>(m);
  if (baseElems <= 0xFFFFFFFFu) { // else every u32 index is in bounds
    const auto limit = hn::Set(du, uint32_t(baseElems));
    auto bad = hn::Zero(du);
    for (size_t i = 0; i < 64; i += N) {
      const auto v = hn::Load(du, ix + i);
      auto oob = hn::VecFromMask(du, hn::Max(v, limit) == v); // v >= limit
      if (!full)
        oob = hn::And(oob, hn::VecFromMask(du, activeLanes<4>(du, m, i)));
      bad = hn::Or(bad, oob);
    }
    if (!hn::AllFalse(du, hn::MaskFromVec(bad))) {
      const Status st = firstOutOfBounds32(ix, baseElems, m);
      if (!st.ok)
        return st;
    }
  }
  if (full)
    gatherLoads32(base, ix, lanesOf<uint32_t>(out));
  else
    gather32Partial(base, idx, m, out);
  return Status{};
}

/// 64-bit data: u32 index or u64 index (low 32 bits used). The indices of
/// the active lanes (0 for the others) are checked and kept in `e` first: a
/// u32 index register that is also the destination is narrower than the data.
template <size_t kStride>
Status gather64(RegType index, const uint8_t *base, uint64_t baseElems, const Reg &idx,
                const Mask &m, size_t lanes, Reg &out) {
  const hn::ScalableTag<uint64_t> du;
  const hn::RebindToSigned<decltype(du)> di;
  const hn::Rebind<uint32_t, decltype(du)> d32;
  constexpr size_t N = hn::MaxLanes(du);
  // Indices are below 2^32, so a signed 64-bit compare against min(n, 2^32) is exact.
  const auto limit =
      hn::Set(di, int64_t(baseElems < (uint64_t(1) << 32) ? baseElems : uint64_t(1) << 32));
  HWY_ALIGN uint64_t e[64];
  auto bad = hn::Zero(di);
  for (size_t i = 0; i < lanes; i += N) {
    const auto raw =
        index.elem == EK::U32
            ? hn::PromoteTo(du, hn::LoadU(d32, lanesOf<uint32_t>(idx) + i))
            : hn::And(hn::Load(du, lanesOf<uint64_t>(idx) + i), hn::Set(du, 0xFFFFFFFFu));
    const auto v = hn::IfThenElseZero(activeLanes<kStride>(du, m, i), raw);
    bad = hn::Or(bad, hn::VecFromMask(di, hn::Not(hn::BitCast(di, v) < limit)));
    hn::Store(v, du, e + i);
  }
  if (!hn::AllFalse(di, hn::MaskFromVec(bad))) // inactive lanes hold 0: only baseElems == 0
    for (unsigned i = 0; i < lanes; ++i)
      if (m.bit(kStride * i) && e[i] >= baseElems)
        return Status{false, i, e[i]};
  if (!anyLaneActive<kStride>(m)) { // base may be empty
    zeroReg(out, unsigned(lanes * 8));
    return Status{};
  }
  uint64_t *dst = lanesOf<uint64_t>(out);
#pragma GCC unroll 8 // 64-bit lanes: plain copies beat vpgatherqq and lane inserts
  for (size_t i = 0; i < lanes; ++i)
    std::memcpy(dst + i, base + e[i] * 8, 8);
  if (!allLanesActive<kStride>(m))
    zeroInactive<kStride>(du, m, lanes, out);
  return Status{};
}

/// 16-bit lanes (x86 has no 16-bit gather): a vector bounds check, then
/// scalar loads; 8-bit sources are zero-extended.
Status gather16(unsigned srcBytes, const uint8_t *base, uint64_t baseElems, const Reg &idx,
                const Mask &m, Reg &out) {
  const hn::ScalableTag<uint16_t> du;
  constexpr size_t N = hn::MaxLanes(du);
  const uint16_t *ix = lanesOf<uint16_t>(idx);
  HWY_ALIGN uint16_t e[128]; // the active lanes' indices, 0 for the others
  auto bad = hn::Zero(du);
  const auto limit = hn::Set(du, uint16_t(baseElems < 0xFFFF ? baseElems : 0xFFFF));
  for (size_t i = 0; i < 128; i += N) {
    const auto v = hn::IfThenElseZero(activeLanes<2>(du, m, i), hn::Load(du, ix + i));
    bad = hn::Or(bad, hn::VecFromMask(du, hn::Max(v, limit) == v)); // v >= limit
    hn::Store(v, du, e + i);
  }
  if (baseElems <= 0xFFFF &&
      !hn::AllFalse(du, hn::MaskFromVec(bad))) // inactive: 0 >= limit only if empty
    for (unsigned i = 0; i < 128; ++i)
      if (m.bit(2 * i) && e[i] >= baseElems)
        return Status{false, i, e[i]};
  if (!anyLaneActive<2>(m)) { // base may be empty
    zeroReg(out, 256);
    return Status{};
  }
  // Loads into lanes, as in gatherLoads32: eight per 128-bit store.
  uint16_t *dst = lanesOf<uint16_t>(out);
  if (srcBytes == 1) {
    const hn::Simd<uint8_t, 8, 0> d8;
    const hn::Rebind<uint16_t, decltype(d8)> d16;
    for (size_t i = 0; i < 128; i += 8) {
      auto v = hn::Set(d8, base[e[i]]);
#pragma GCC unroll 8 // InsertLane needs a constant lane
      for (size_t j = 1; j < 8; ++j)
        v = hn::InsertLane(v, j, base[e[i + j]]);
      hn::StoreU(hn::PromoteTo(d16, v), d16, dst + i); // zero-extended
    }
  } else {
    gatherLoads16(base, e, dst);
  }
  if (!allLanesActive<2>(m))
    zeroInactive<2>(du, m, 128, out);
  return Status{};
}

Status GatherImpl(const Profile &prof, RegType dst, ElemKind src, RegType index,
                  const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                  Reg &out) {
  switch (elemBytes(dst.elem)) {
  case 2:
    return gather16(elemBytes(src), base, baseElems, idx, m, out);
  case 4:
    return gather32(base, baseElems, idx, m, out);
  default:
    return dst.numRegs == 2 ? gather64<4>(index, base, baseElems, idx, m, 64, out)
                            : gather64<8>(index, base, baseElems, idx, m, 32, out);
  }
}

/// gather16 and gather64 with their types fixed: simd::gatherKernel.
template <unsigned kSrcBytes>
Status gather16Kernel(const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                      Reg &out) {
  return gather16(kSrcBytes, base, baseElems, idx, m, out);
}
template <size_t kStride, size_t kLanes, EK kIndex>
Status gather64Kernel(const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                      Reg &out) {
  return gather64<kStride>(RegType{kIndex}, base, baseElems, idx, m, kLanes, out);
}

/// GatherImpl's kernel for these types.
GatherKernel GatherKernelImpl(RegType dst, ElemKind src, RegType index) {
  switch (elemBytes(dst.elem)) {
  case 2:
    return elemBytes(src) == 1 ? &gather16Kernel<1> : &gather16Kernel<2>;
  case 4:
    return &gather32;
  default:
    if (dst.numRegs == 2)
      return index.elem == EK::U32 ? &gather64Kernel<4, 64, EK::U32>
                                   : &gather64Kernel<4, 64, EK::U64>;
    return index.elem == EK::U32 ? &gather64Kernel<8, 32, EK::U32>
                                 : &gather64Kernel<8, 32, EK::U64>;
  }
}

/// gather_reg for 8-bit lanes: the 256-byte register is 16 tables of 16
/// bytes; each is looked up with a byte shuffle, and the 4 high index bits
/// pick the result (a blend tree). No scalar loop over 256 lanes.
HWY_INLINE void gatherReg8(const Reg &src, const Reg &idx, Reg &r) {
  const hn::ScalableTag<uint8_t> d;
  constexpr size_t N = hn::MaxLanes(d);
  hn::Vec<decltype(d)> tab[16];
  for (size_t k = 0; k < 16; ++k)
    tab[k] = hn::LoadDup128(d, src.b + 16 * k);
  for (size_t i = 0; i < 256; i += N) {
    const auto ix = hn::Load(d, idx.b + i);
    const auto entry = hn::And(ix, hn::Set(d, uint8_t(15)));
    hn::Vec<decltype(d)> t[16];
    for (size_t k = 0; k < 16; ++k)
      t[k] = hn::TableLookupBytes(tab[k], entry);
    for (int bit = 4; bit < 8; ++bit) {
      const auto hi = hn::TestBit(ix, hn::Set(d, uint8_t(1u << bit)));
      for (int q = 0; q < (1 << (7 - bit)); ++q)
        t[q] = hn::IfThenElse(hi, t[2 * q + 1], t[2 * q]);
    }
    hn::Store(t[0], d, r.b + i);
  }
}

void GatherRegImpl(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  Reg r; // src or idx may alias out
  switch (elemBytes(t.elem)) {
  case 1:
    gatherReg8(src, idx, r);
    break;
  case 2:
    gatherLoads16<127>(src.b, lanesOf<uint16_t>(idx), lanesOf<uint16_t>(r));
    break;
  default:
    gatherLoads32<63>(src.b, lanesOf<uint32_t>(idx), lanesOf<uint32_t>(r));
    break;
  }
  std::memcpy(out.b, r.b, 256);
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(GatherImpl);
HWY_EXPORT(GatherKernelImpl);
HWY_EXPORT(GatherRegImpl);

Status gather(const Profile &prof, RegType dst, ElemKind src, RegType index, const uint8_t *base,
              uint64_t baseElems, const Reg &idx, const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(GatherImpl)(prof, dst, src, index, base, baseElems, idx, m, out);
  return gatherOtherChoices(prof, dst, src, index, base, baseElems, idx, m, out);
}
GatherKernel gatherKernel(const Profile &prof, RegType dst, ElemKind src, RegType index) {
  if (!prof.choicesDocumented())
    return nullptr; // gatherOtherChoices rewrites around the kernel
  return ASCREG_DISPATCH(GatherKernelImpl)(dst, src, index);
}
void gatherReg(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  ASCREG_DISPATCH(GatherRegImpl)(t, src, idx, out);
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
