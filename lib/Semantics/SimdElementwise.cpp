//===- SimdElementwise.cpp - Highway kernels, lane by lane ----------------===//
//
// The companion ops that work lane by lane: duplicate, arange, compare,
// select and binary add / max / min, bit-identical to Reference.cpp.
// Masks are read straight from the mask register (SimdLanes-inl.h);
// compare builds its result mask from byte movemasks; compare and max / min
// order lanes by integer keys (SimdOrderKey-inl.h).
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "SimdProfileChoices.h"
#include "ascreg/Semantics/Semantics.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdElementwise.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdF16-inl.h"
#include "SimdLanes-inl.h"
#include "SimdOrderKey-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void DuplicateImpl(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  ref::duplicate(t, scalarBits, m, out);
}
void ArangeImpl(RegType t, uint64_t startBits, Reg &out) { ref::arange(t, startBits, out); }
void CompareImpl(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
                 const Mask &m, Mask &out) {
  ref::compare(prof, p, t, a, b, m, out);
}
void SelectImpl(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  ref::select(t, m, a, b, out);
}
void BinaryImpl(const Profile &prof, BinaryKind op, RegType t, const Reg &a, const Reg &b,
                const Mask &m, Reg &out) {
  ref::binary(prof, op, t, a, b, m, out);
}
#else

void DuplicateImpl(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    const auto v = hn::Set(d, static_cast<T>(scalarBits));
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(m ? hn::IfThenElseZero(activeLanes<decltype(stride)::value>(d, *m, i), v) : v, d,
                lanesOf<T>(out) + i);
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
      hn::StoreU(f32ToF16(d, hn::Add(hn::Set(d, start), hn::Iota(d, float(i)))), dh,
                 lanesOf<uint16_t>(out) + i);
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
/// Calls `f.template operator()<TK, kKind, kStride>()` with the lane type,
/// order-key kind and mask stride of `t`'s elements (a pair of registers of
/// 64-bit lanes has stride 4); false for BF16, which has none (not a legal
/// type: the caller takes the reference).
template <class F> HWY_INLINE bool withOrderKeys(RegType t, F &&f) {
  const bool x2 = t.numRegs == 2;
  switch (t.elem) {
  case EK::I8:
    f.template operator()<int8_t, kSignedKey, 1>();
    return true;
  case EK::U8:
    f.template operator()<int8_t, kUnsignedKey, 1>();
    return true;
  case EK::I16:
    f.template operator()<int16_t, kSignedKey, 2>();
    return true;
  case EK::U16:
    f.template operator()<int16_t, kUnsignedKey, 2>();
    return true;
  case EK::F16:
    f.template operator()<int16_t, kFloatKey, 2>();
    return true;
  case EK::I32:
    f.template operator()<int32_t, kSignedKey, 4>();
    return true;
  case EK::U32:
    f.template operator()<int32_t, kUnsignedKey, 4>();
    return true;
  case EK::F32:
    f.template operator()<int32_t, kFloatKey, 4>();
    return true;
  case EK::I64:
    x2 ? f.template operator()<int64_t, kSignedKey, 4>()
       : f.template operator()<int64_t, kSignedKey, 8>();
    return true;
  case EK::U64:
    x2 ? f.template operator()<int64_t, kUnsignedKey, 4>()
       : f.template operator()<int64_t, kUnsignedKey, 8>();
    return true;
  case EK::BF16:
    return false;
  }
  return false;
}

template <class TK, int kKind, size_t kStride>
void compareKeys(ComparePred p, unsigned lanes, const Reg &a, const Reg &b, const Mask &m,
                 Mask &res) {
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    auto x = hn::Load(d, lanesOf<TK>(a) + i), y = hn::Load(d, lanesOf<TK>(b) + i);
    const auto active = activeLanes<kStride>(d, m, i);
    auto ordered = active; // active and, for floats, neither is NaN
    if constexpr (kKind == kFloatKey) {
      const auto absMask = hn::Set(d, hwy::LimitsMax<TK>());
      ordered = hn::AndNot(hn::Or(isNaNBits(d, x), isNaNBits(d, y)), ordered);
      x = hn::IfThenZeroElse(hn::And(x, absMask) == hn::Zero(d), x); // -0 -> +0
      y = hn::IfThenZeroElse(hn::And(y, absMask) == hn::Zero(d), y);
    }
    const auto kx = orderKey<kKind>(d, x), ky = orderKey<kKind>(d, y);
    hn::Mask<decltype(d)> r;
    switch (p) {
    case ComparePred::EQ:
      r = hn::And(ordered, kx == ky);
      break;
    case ComparePred::NE: // true for unordered active lanes
      r = hn::AndNot(hn::And(ordered, kx == ky), active);
      break;
    case ComparePred::LT:
      r = hn::And(ordered, kx < ky);
      break;
    case ComparePred::LE:
      r = hn::And(ordered, hn::Not(kx > ky));
      break;
    case ComparePred::GT:
      r = hn::And(ordered, kx > ky);
      break;
    case ComparePred::GE:
      r = hn::And(ordered, hn::Not(kx < ky));
      break;
    }
    storeActive<kStride>(d, r, res, i);
  }
}

void CompareImpl(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
                 const Mask &m, Mask &out) {
  Mask res{}; // m may be out
  const unsigned n = t.lanes();
  if (!withOrderKeys(t, [&]<class TK, int kKind, size_t kStride>()
                            HWY_ATTR { compareKeys<TK, kKind, kStride>(p, n, a, b, m, res); })) {
    ref::compare(prof, p, t, a, b, m, out);
    return; // not a legal type
  }
  out = res;
}

void SelectImpl(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(hn::IfThenElse(activeLanes<decltype(stride)::value>(d, m, i),
                               hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i)),
                d, lanesOf<T>(out) + i);
  });
}

/// max / min on order keys; floats: a NaN operand wins (a's first).
template <class TK, int kKind, size_t kStride>
void maxMinKeys(bool isMax, unsigned lanes, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    const auto x = hn::Load(d, lanesOf<TK>(a) + i), y = hn::Load(d, lanesOf<TK>(b) + i);
    const auto kx = orderKey<kKind>(d, x), ky = orderKey<kKind>(d, y);
    auto r = hn::IfThenElse(isMax ? kx < ky : ky < kx, y, x);
    if constexpr (kKind == kFloatKey)
      r = hn::IfThenElse(isNaNBits(d, x), x, hn::IfThenElse(isNaNBits(d, y), y, r));
    hn::Store(hn::IfThenElseZero(activeLanes<kStride>(d, m, i), r), d, lanesOf<TK>(out) + i);
  }
}

/// Integer add (unsigned lanes: wraps).
template <class D, size_t kStride>
void addInts(D d, unsigned lanes, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  using T = hn::TFromD<D>;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N)
    hn::Store(
        hn::IfThenElseZero(activeLanes<kStride>(d, m, i),
                           hn::Add(hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i))),
        d, lanesOf<T>(out) + i);
}

void BinaryImpl(const Profile &prof, BinaryKind op, RegType t, const Reg &a, const Reg &b,
                const Mask &m, Reg &out) {
  const unsigned n = t.lanes();
  if (op == BinaryKind::Add) {
    switch (t.elem) {
    case EK::F32: {
      const hn::ScalableTag<float> d;
      const size_t N = hn::Lanes(d);
      for (size_t i = 0; i < n; i += N)
        hn::Store(hn::IfThenElseZero(activeLanes<4>(d, m, i),
                                     hn::Add(hn::Load(d, lanesOf<float>(a) + i),
                                             hn::Load(d, lanesOf<float>(b) + i))),
                  d, lanesOf<float>(out) + i);
      return;
    }
    case EK::F16: {
      const bool saturate = saturatesF16Arithmetic(prof.ctrl);
      const hn::ScalableTag<float> d;
      const DU16<decltype(d)> dh;
      const size_t N = hn::Lanes(d);
      for (size_t i = 0; i < n; i += N) {
        const auto x = f16ToF32(d, hn::LoadU(dh, lanesOf<uint16_t>(a) + i));
        const auto y = f16ToF32(d, hn::LoadU(dh, lanesOf<uint16_t>(b) + i));
        auto sum = f32ToF16(d, hn::Add(x, y));
        if (saturate)
          sum = saturateF16Bits(dh, sum);
        hn::StoreU(hn::IfThenElseZero(activeLanes<2>(dh, m, i), sum), dh,
                   lanesOf<uint16_t>(out) + i);
      }
      return;
    }
    case EK::BF16:
      ref::binary(prof, op, t, a, b, m, out);
      return; // not a legal type
    default:
      withLanes(t, [&](auto d, auto stride) HWY_ATTR {
        addInts<decltype(d), decltype(stride)::value>(d, n, a, b, m, out);
      });
      return;
    }
  }
  const bool isMax = op == BinaryKind::Max;
  if (!withOrderKeys(t, [&]<class TK, int kKind, size_t kStride>()
                            HWY_ATTR { maxMinKeys<TK, kKind, kStride>(isMax, n, a, b, m, out); }))
    ref::binary(prof, op, t, a, b, m, out); // not a legal type
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(DuplicateImpl);
HWY_EXPORT(ArangeImpl);
HWY_EXPORT(CompareImpl);
HWY_EXPORT(SelectImpl);
HWY_EXPORT(BinaryImpl);

void duplicate(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  ASCREG_DISPATCH(DuplicateImpl)(t, scalarBits, m, out);
}
void arange(RegType t, uint64_t startBits, Reg &out) {
  ASCREG_DISPATCH(ArangeImpl)(t, startBits, out);
}
void compare(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
             const Mask &m, Mask &out) {
  if (HWY_LIKELY(!flushesSubnormals(prof, t.elem)))
    return ASCREG_DISPATCH(CompareImpl)(prof, p, t, a, b, m, out);
  compareFlushed(prof, p, t, a, b, m, out);
}
void select(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  ASCREG_DISPATCH(SelectImpl)(t, m, a, b, out);
}
void binary(const Profile &prof, BinaryKind k, RegType t, const Reg &a, const Reg &b, const Mask &m,
            Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(BinaryImpl)(prof, k, t, a, b, m, out);
  binaryOtherChoices(prof, k, t, a, b, m, out);
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
