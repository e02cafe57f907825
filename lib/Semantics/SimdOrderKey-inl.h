//===- SimdOrderKey-inl.h - Keys ordered as max / min -----------*- C++ -*-===//
//
// Private to lib/Semantics; per-target. Maps lanes to signed integers whose
// order is the one max / min and compare use, and tests NaN on raw bits.
//
//===----------------------------------------------------------------------===//

// Per-target include guard (Highway convention: HWY_TARGET_TOGGLE flips
// once per target, so each target compiles this header once).
#if defined(ASCREG_LIB_SEMANTICS_SIMDORDERKEY_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ASCREG_LIB_SEMANTICS_SIMDORDERKEY_INL_H_
#undef ASCREG_LIB_SEMANTICS_SIMDORDERKEY_INL_H_
#else
#define ASCREG_LIB_SEMANTICS_SIMDORDERKEY_INL_H_
#endif

#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET != HWY_SCALAR

enum KeyKind { kSignedKey, kUnsignedKey, kFloatKey };

/// Maps lanes to signed integers whose order is the order max / min use:
/// unsigned values flip the top bit; floats map sign-magnitude to two's
/// complement, which puts -0 just below +0.
template <int kKind, class D> HWY_INLINE hn::Vec<D> orderKey(D d, hn::Vec<D> v) {
  using T = hn::TFromD<D>;
  if constexpr (kKind == kUnsignedKey)
    return hn::Xor(v, hn::Set(d, hwy::LimitsMin<T>()));
  else if constexpr (kKind == kFloatKey)
    return hn::Xor(v,
                   hn::And(hn::ShiftRight<sizeof(T) * 8 - 1>(v), hn::Set(d, hwy::LimitsMax<T>())));
  else
    return v;
}

/// NaN test on raw float bits held in signed integer lanes.
template <class D> HWY_INLINE hn::Mask<D> isNaNBits(D d, hn::Vec<D> v) {
  using T = hn::TFromD<D>;
  const T inf = sizeof(T) == 2 ? T(0x7C00) : T(0x7F800000);
  return hn::And(v, hn::Set(d, hwy::LimitsMax<T>())) > hn::Set(d, inf);
}

#endif // HWY_TARGET != HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#endif // per-target include guard
