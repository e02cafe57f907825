//===- LaneArithSimd.cpp - Highway kernels of sub, mul, abs, bitwise ------===//
//
// Bit-identical to LaneArithReference.cpp (unittests/Semantics check every
// compiled target). Compiled once per Highway target through
// foreach_target.h, dispatched like Simd.cpp (Dispatch.h; the same targets,
// so the same table index).
//
// The mask is packed to one bit per lane once (MaskBits.h) and each vector's
// lanes are loaded from it with LoadMaskBits. Float NaNs are fixed up
// explicitly (first NaN operand quieted, else the invalid-operation NaN), so
// no rule is left to the instruction set. f16 is computed in f32 with F16C
// (exact RNE both ways); the kinds and choices without a vector kernel here
// (bf16, f16 without F16C, 64-bit mul, the non-documented profile choices
// other than CTRL) run the reference.
//
//===----------------------------------------------------------------------===//

// The targets of Simd.cpp (Dispatch.h relies on it).
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_AVX3 | HWY_AVX3_DL | HWY_SSSE3)
#endif

#include "MaskBits.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "LaneArithSimd.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace ascreg {
namespace semantics {
namespace simd {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using EK = ElemKind;

#if HWY_TARGET == HWY_SCALAR
void ArithImpl(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b,
               const Mask &m, Reg &out) {
  ref::arith(prof, k, t, a, b, m, out);
}
void UnaryImpl(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out) {
  ref::unary(prof, k, t, a, m, out);
}
#else

#undef ASCREG_LANE_ARITH_F16C // defined once per target
#if HWY_TARGET <= HWY_AVX2 && !defined(HWY_DISABLE_F16C)
#define ASCREG_LANE_ARITH_F16C 1
#else
#define ASCREG_LANE_ARITH_F16C 0
#endif

template <class T> const T *lanesOf(const Reg &r) { return reinterpret_cast<const T *>(r.b); }
template <class T> T *lanesOf(Reg &r) { return reinterpret_cast<T *>(r.b); }

/// Lanes [first, first + Lanes(d)) of the packed mask (bit i = lane i). A
/// vector's lanes never straddle a 64-bit word: Lanes(d) divides 64.
template <class D>
HWY_INLINE hn::Mask<D> chunkActive(D d, const detail::LaneBits &lb, size_t first) {
  const uint64_t word = lb.w[first / 64] >> (first % 64);
  uint8_t bytes[8];
  std::memcpy(bytes, &word, 8);
  return hn::LoadMaskBits(d, bytes);
}

/// out = op(a, b) on the active lanes of type T, 0 elsewhere.
template <class T, class Op>
HWY_INLINE void binaryLanes(unsigned lanes, const detail::LaneBits &lb, const Reg &a, const Reg &b,
                            Reg &out, Op op) {
  const hn::ScalableTag<T> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N)
    hn::Store(hn::IfThenElseZero(chunkActive(d, lb, i), op(d, hn::Load(d, lanesOf<T>(a) + i),
                                                           hn::Load(d, lanesOf<T>(b) + i))),
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

void f32Lanes(ArithKind k, const detail::LaneBits &lb, const Reg &a, const Reg &b, Reg &out) {
  binaryLanes<float>(64, lb, a, b, out, [k](auto d, auto x, auto y) HWY_ATTR {
    return fixNaNs(d, x, y, floatOp<decltype(d)>(k, x, y));
  });
}

#if ASCREG_LANE_ARITH_F16C
/// f16 lanes in f32 (F16C), saturated on the bits when `saturate`.
void f16Lanes(ArithKind k, bool saturate, const detail::LaneBits &lb, const Reg &a, const Reg &b,
              Reg &out) {
  const hn::ScalableTag<float> df;
  const hn::Rebind<hwy::float16_t, decltype(df)> dh;
  const hn::Rebind<uint16_t, decltype(df)> du;
  const hn::Rebind<int16_t, decltype(df)> di;
  const size_t N = hn::Lanes(df);
  for (size_t i = 0; i < 128; i += N) {
    const auto x = hn::PromoteTo(df, hn::BitCast(dh, hn::LoadU(du, lanesOf<uint16_t>(a) + i)));
    const auto y = hn::PromoteTo(df, hn::BitCast(dh, hn::LoadU(du, lanesOf<uint16_t>(b) + i)));
    auto r = hn::BitCast(du, hn::DemoteTo(dh, fixNaNs(df, x, y, floatOp<decltype(df)>(k, x, y))));
    if (saturate) { // +-inf -> +-65504, NaN -> +0
      const auto mag = hn::BitCast(di, hn::And(r, hn::Set(du, 0x7FFF)));
      const auto inf = hn::RebindMask(du, mag == hn::Set(di, 0x7C00));
      const auto nan = hn::RebindMask(du, mag > hn::Set(di, 0x7C00));
      r = hn::IfThenElse(inf, hn::Or(hn::And(r, hn::Set(du, 0x8000)), hn::Set(du, 0x7BFF)), r);
      r = hn::IfThenZeroElse(nan, r);
    }
    hn::StoreU(hn::IfThenElseZero(chunkActive(du, lb, i), r), du, lanesOf<uint16_t>(out) + i);
  }
}
#endif

/// Integer sub / mul / and / or / xor (and the bitwise ops of any kind) on
/// lanes of T.
template <class T>
void intLanes(ArithKind k, unsigned lanes, const detail::LaneBits &lb, const Reg &a, const Reg &b,
              Reg &out) {
  switch (k) {
  case ArithKind::Sub:
    return binaryLanes<T>(lanes, lb, a, b, out,
                          [](auto, auto x, auto y) HWY_ATTR { return hn::Sub(x, y); });
  case ArithKind::Mul:
    if constexpr (sizeof(T) == 2 || sizeof(T) == 4)
      return binaryLanes<T>(lanes, lb, a, b, out,
                            [](auto, auto x, auto y) HWY_ATTR { return hn::Mul(x, y); });
    return;
  case ArithKind::And:
    return binaryLanes<T>(lanes, lb, a, b, out,
                          [](auto, auto x, auto y) HWY_ATTR { return hn::And(x, y); });
  case ArithKind::Or:
    return binaryLanes<T>(lanes, lb, a, b, out,
                          [](auto, auto x, auto y) HWY_ATTR { return hn::Or(x, y); });
  case ArithKind::Xor:
    return binaryLanes<T>(lanes, lb, a, b, out,
                          [](auto, auto x, auto y) HWY_ATTR { return hn::Xor(x, y); });
  }
}

/// The lane type of a kind for integer arithmetic (wrapping, so unsigned).
template <class F> HWY_INLINE void withUnsigned(unsigned bytes, F f) {
  switch (bytes) {
  case 1:
    return f(uint8_t());
  case 2:
    return f(uint16_t());
  case 4:
    return f(uint32_t());
  default:
    return f(uint64_t());
  }
}

void ArithImpl(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b,
               const Mask &m, Reg &out) {
  const bool bitwise = k != ArithKind::Sub && k != ArithKind::Mul;
  const unsigned w = elemBytes(t.elem);
  const bool floatArith = isFloat(t.elem) && !bitwise;
  if (!prof.choicesDocumented() || t.elem == EK::BF16 ||
      (k == ArithKind::Mul && w == 8 && !floatArith) ||
      (t.elem == EK::F16 && !ASCREG_LANE_ARITH_F16C))
    return ref::arith(prof, k, t, a, b, m, out);
  const detail::LaneBits lb = detail::packLanes(m, t.maskStride());
  if (t.elem == EK::F32 && floatArith)
    return f32Lanes(k, lb, a, b, out);
#if ASCREG_LANE_ARITH_F16C
  if (t.elem == EK::F16 && floatArith) {
    const bool saturate = saturatesF16Arithmetic(prof.ctrl) &&
                          (k == ArithKind::Sub || prof.mulF16Saturation == MulF16Saturation::Ctrl);
    return f16Lanes(k, saturate, lb, a, b, out);
  }
#endif
  withUnsigned(w,
               [&](auto lane) HWY_ATTR { intLanes<decltype(lane)>(k, t.lanes(), lb, a, b, out); });
}

void UnaryImpl(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out) {
  if (!prof.choicesDocumented())
    return ref::unary(prof, k, t, a, m, out);
  const detail::LaneBits lb = detail::packLanes(m, t.maskStride());
  const unsigned w = elemBytes(t.elem);
  const bool isAbs = k == UnaryKind::Abs, clearSign = isAbs && isFloat(t.elem);
  withUnsigned(w, [&](auto lane) HWY_ATTR {
    using T = decltype(lane);
    // One operand: b is a, and ignored.
    binaryLanes<T>(t.lanes(), lb, a, a, out, [&](auto d, auto x, auto) HWY_ATTR {
      if (!isAbs)
        return hn::Not(x);
      if (clearSign) // IEEE abs: the sign bit cleared, NaN payload kept
        return hn::And(x, hn::Set(d, T(~(T(1) << (8 * sizeof(T) - 1)))));
      const hn::RebindToSigned<decltype(d)> ds;
      const auto negative = hn::RebindMask(d, hn::BitCast(ds, x) < hn::Zero(ds));
      return hn::IfThenElse(negative, hn::Sub(hn::Zero(d), x), x); // INT_MIN stays INT_MIN
    });
  });
}

#endif // HWY_TARGET == HWY_SCALAR

} // namespace HWY_NAMESPACE
} // namespace simd
} // namespace semantics
} // namespace ascreg
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg {
namespace semantics {
namespace simd {

HWY_EXPORT(ArithImpl);
HWY_EXPORT(UnaryImpl);

void arith(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b, const Mask &m,
           Reg &out) {
  ASCREG_DISPATCH(ArithImpl)(prof, k, t, a, b, m, out);
}
void unary(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out) {
  ASCREG_DISPATCH(UnaryImpl)(prof, k, t, a, m, out);
}

} // namespace simd
} // namespace semantics
} // namespace ascreg
#endif // HWY_ONCE
