//===- SimdShifts.cpp - Highway kernels of the shifts ----------------------===//
//
// Bit-identical to ShiftsReference.cpp (unittests/Semantics check every
// compiled target). The documented choices (shift.negative = reverse,
// shift.range = as_beyond, shift.signed_left = wrap) on 16- and 32-bit
// lanes; 8-bit lanes (Highway 1.0 has no 8-bit variable shift) and the other
// choices run the reference.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "ascreg/Semantics/Shifts.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdShifts.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdLanes-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void ShiftImpl(const Profile &prof, ShiftKind s, RegType t, const Reg &a, const Reg *amount,
               int64_t scalar, const Mask &m, Reg &out) {
  if (amount)
    return ref::shift(prof, s, t, a, *amount, m, out);
  ref::shiftScalar(prof, s, t, a, scalar, m, out);
}
#else

/// The documented lane rule on unsigned lanes of d; `isSigned` picks the
/// arithmetic right shift (a left shift wraps either way).
template <size_t kStride, class D>
HWY_INLINE void shiftLanes(D d, ShiftKind s, bool isSigned, unsigned lanes, const Reg &a,
                           const Reg *amount, int64_t scalar, const Mask &m, Reg &out) {
  using T = hn::TFromD<D>;
  using TS = hwy::MakeSigned<T>;
  const hn::RebindToSigned<D> ds;
  constexpr unsigned kW = 8 * sizeof(T);
  // A scalar past +-(w + 1) shifts like +-(w + 1): clamp it into the lane.
  const int64_t clamped = scalar > int64_t(kW) + 1    ? int64_t(kW) + 1
                          : scalar < -int64_t(kW) - 1 ? -int64_t(kW) - 1
                                                      : scalar;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    const auto x = hn::Load(d, lanesOf<T>(a) + i);
    const auto n = amount ? hn::Load(ds, lanesOf<TS>(*amount) + i) : hn::Set(ds, TS(clamped));
    const auto negative = n < hn::Zero(ds);
    // |n| as unsigned; INT_MIN stays 2^(w-1), past the width.
    const auto mag = hn::BitCast(d, hn::IfThenElse(negative, hn::Neg(n), n));
    const auto left =
        s == ShiftKind::Left ? hn::Not(hn::RebindMask(d, negative)) : hn::RebindMask(d, negative);
    const auto inRange = mag < hn::Set(d, T(kW));
    const auto safe = hn::IfThenElseZero(inRange, mag);
    const auto l = hn::IfThenElseZero(inRange, hn::Shl(x, safe));
    const auto r =
        isSigned ? hn::BitCast(d, hn::Shr(hn::BitCast(ds, x),
                                          hn::BitCast(ds, hn::Min(mag, hn::Set(d, T(kW - 1))))))
                 : hn::IfThenElseZero(inRange, hn::Shr(x, safe));
    hn::Store(hn::IfThenElseZero(activeLanes<kStride>(d, m, i), hn::IfThenElse(left, l, r)), d,
              lanesOf<T>(out) + i);
  }
}

void ShiftImpl(const Profile &prof, ShiftKind s, RegType t, const Reg &a, const Reg *amount,
               int64_t scalar, const Mask &m, Reg &out) {
  const unsigned w = elemBytes(t.elem);
  if (!prof.choicesDocumented() || t.numRegs != 1 || (w != 2 && w != 4)) {
    if (amount)
      return ref::shift(prof, s, t, a, *amount, m, out);
    return ref::shiftScalar(prof, s, t, a, scalar, m, out);
  }
  const bool isSigned = isSignedInt(t.elem);
  if (w == 2)
    shiftLanes<2>(hn::ScalableTag<uint16_t>(), s, isSigned, t.lanes(), a, amount, scalar, m, out);
  else
    shiftLanes<4>(hn::ScalableTag<uint32_t>(), s, isSigned, t.lanes(), a, amount, scalar, m, out);
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(ShiftImpl);

void shift(const Profile &prof, ShiftKind s, RegType t, const Reg &a, const Reg &amount,
           const Mask &m, Reg &out) {
  ASCREG_DISPATCH(ShiftImpl)(prof, s, t, a, &amount, 0, m, out);
}
void shiftScalar(const Profile &prof, ShiftKind s, RegType t, const Reg &a, int64_t amount,
                 const Mask &m, Reg &out) {
  ASCREG_DISPATCH(ShiftImpl)(prof, s, t, a, nullptr, amount, m, out);
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
