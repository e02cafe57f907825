//===- SimdLaneArith.cpp - Highway kernels of sub, mul, abs, bitwise ------===//
//
// Bit-identical to LaneArithReference.cpp (unittests/Semantics check every
// compiled target). Masks are read straight from the mask register
// (SimdLanes-inl.h). Float NaNs are fixed up explicitly (first NaN operand
// quieted, else the invalid-operation NaN), so no rule is left to the
// instruction set. f16 is computed in f32 through the bit-exact conversions
// of SimdF16-inl.h; the kinds and choices without a vector kernel here
// (bf16, 64-bit mul, the non-documented profile choices other than CTRL)
// run the reference.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "ascreg/Semantics/LaneArith.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdLaneArith.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdF16-inl.h"
#include "SimdLanes-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void ArithImpl(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b,
               const Mask &m, Reg &out) {
  ref::arith(prof, k, t, a, b, m, out);
}
void UnaryImpl(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out) {
  ref::unary(prof, k, t, a, m, out);
}
#else

/// out = op(a, b) on the active lanes (mask stride kStride) of d's type, 0
/// elsewhere.
template <size_t kStride, class D, class Op>
HWY_INLINE void binaryLanes(D d, unsigned lanes, const Mask &m, const Reg &a, const Reg &b,
                            Reg &out, Op op) {
  using T = hn::TFromD<D>;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N)
    hn::Store(
        hn::IfThenElseZero(activeLanes<kStride>(d, m, i),
                           op(d, hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i))),
        d, lanesOf<T>(out) + i);
}

/// The NaN rule on f32 lanes: x's NaN quieted, else y's, else an invalid
/// operation's NaN.
template <class DF>
HWY_INLINE hn::Vec<DF> fixNaNs(DF df, hn::Vec<DF> x, hn::Vec<DF> y, hn::Vec<DF> r) {
  const hn::RebindToUnsigned<DF> du;
  const auto quiet = [&](hn::Vec<DF> v) {
    return hn::BitCast(df, hn::Or(hn::BitCast(du, v), hn::Set(du, 0x00400000u)));
  };
  r = hn::IfThenElse(hn::IsNaN(r), hn::BitCast(df, hn::Set(du, 0xFFC00000u)), r);
  r = hn::IfThenElse(hn::IsNaN(y), quiet(y), r);
  return hn::IfThenElse(hn::IsNaN(x), quiet(x), r);
}

template <class DF> HWY_INLINE hn::Vec<DF> floatOp(ArithKind k, hn::Vec<DF> x, hn::Vec<DF> y) {
  return k == ArithKind::Sub ? hn::Sub(x, y) : hn::Mul(x, y);
}

void f32Lanes(ArithKind k, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  binaryLanes<4>(hn::ScalableTag<float>(), 64, m, a, b, out, [k](auto d, auto x, auto y) HWY_ATTR {
    return fixNaNs(d, x, y, floatOp<decltype(d)>(k, x, y));
  });
}

/// f16 lanes in f32 (bit-exact conversions), saturated on the bits when
/// `saturate`. An f16 NaN widens quieted with its payload, so the f32 NaN
/// rule narrows back to the f16 rule.
void f16Lanes(ArithKind k, bool saturate, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  const hn::ScalableTag<float> df;
  const DU16<decltype(df)> du;
  const size_t N = hn::Lanes(df);
  for (size_t i = 0; i < 128; i += N) {
    const auto x = f16ToF32(df, hn::LoadU(du, lanesOf<uint16_t>(a) + i));
    const auto y = f16ToF32(df, hn::LoadU(du, lanesOf<uint16_t>(b) + i));
    auto r = f32ToF16(df, fixNaNs(df, x, y, floatOp<decltype(df)>(k, x, y)));
    if (saturate) // +-inf -> +-65504, NaN -> +0
      r = saturateF16Bits(du, r);
    hn::StoreU(hn::IfThenElseZero(activeLanes<2>(du, m, i), r), du, lanesOf<uint16_t>(out) + i);
  }
}

/// Integer sub / mul / and / or / xor on the unsigned lanes of d (wrapping).
template <size_t kStride, class D>
void intLanes(D d, ArithKind k, unsigned lanes, const Mask &m, const Reg &a, const Reg &b,
              Reg &out) {
  using T = hn::TFromD<D>;
  switch (k) {
  case ArithKind::Sub:
    return binaryLanes<kStride>(d, lanes, m, a, b, out,
                                [](auto, auto x, auto y) HWY_ATTR { return hn::Sub(x, y); });
  case ArithKind::Mul:
    if constexpr (sizeof(T) == 2 || sizeof(T) == 4)
      return binaryLanes<kStride>(d, lanes, m, a, b, out,
                                  [](auto, auto x, auto y) HWY_ATTR { return hn::Mul(x, y); });
    return;
  case ArithKind::And:
    return binaryLanes<kStride>(d, lanes, m, a, b, out,
                                [](auto, auto x, auto y) HWY_ATTR { return hn::And(x, y); });
  case ArithKind::Or:
    return binaryLanes<kStride>(d, lanes, m, a, b, out,
                                [](auto, auto x, auto y) HWY_ATTR { return hn::Or(x, y); });
  case ArithKind::Xor:
    return binaryLanes<kStride>(d, lanes, m, a, b, out,
                                [](auto, auto x, auto y) HWY_ATTR { return hn::Xor(x, y); });
  }
}

void ArithImpl(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b,
               const Mask &m, Reg &out) {
  const bool bitwise = k != ArithKind::Sub && k != ArithKind::Mul;
  const bool floatArith = isFloat(t.elem) && !bitwise;
  if (!prof.choicesDocumented() || t.elem == EK::BF16 ||
      (k == ArithKind::Mul && elemBytes(t.elem) == 8 && !floatArith))
    return ref::arith(prof, k, t, a, b, m, out);
  if (t.elem == EK::F32 && floatArith)
    return f32Lanes(k, m, a, b, out);
  if (t.elem == EK::F16 && floatArith) {
    const bool saturate = saturatesF16Arithmetic(prof.ctrl) &&
                          (k == ArithKind::Sub || prof.mulF16Saturation == MulF16Saturation::Ctrl);
    return f16Lanes(k, saturate, m, a, b, out);
  }
  withLanes(t, [&](auto d, auto stride)
                   HWY_ATTR { intLanes<decltype(stride)::value>(d, k, t.lanes(), m, a, b, out); });
}

void UnaryImpl(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out) {
  if (!prof.choicesDocumented())
    return ref::unary(prof, k, t, a, m, out);
  const bool isAbs = k == UnaryKind::Abs, clearSign = isAbs && isFloat(t.elem);
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    // One operand: b is a, and ignored.
    binaryLanes<decltype(stride)::value>(
        d, t.lanes(), m, a, a, out, [&](auto dd, auto x, auto) HWY_ATTR {
          if (!isAbs)
            return hn::Not(x);
          if (clearSign) // IEEE abs: the sign bit cleared, NaN payload kept
            return hn::And(x, hn::Set(dd, T(~(T(1) << (8 * sizeof(T) - 1)))));
          const hn::RebindToSigned<decltype(dd)> ds;
          const auto negative = hn::RebindMask(dd, hn::BitCast(ds, x) < hn::Zero(ds));
          return hn::IfThenElse(negative, hn::Sub(hn::Zero(dd), x), x); // INT_MIN stays INT_MIN
        });
  });
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(ArithImpl);
HWY_EXPORT(UnaryImpl);

void arith(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b, const Mask &m,
           Reg &out) {
  ASCREG_DISPATCH(ArithImpl)(prof, k, t, a, b, m, out);
}
void unary(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out) {
  ASCREG_DISPATCH(UnaryImpl)(prof, k, t, a, m, out);
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
