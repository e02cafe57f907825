//===- ShiftOps.h - the Reg API's shifts on the host ------------*- C++ -*-===//
//
// ShiftLeft / ShiftRight (an amount register) and ShiftLefts / ShiftRights
// (a scalar amount) with the vendor's template parameters and defaults
// (regapi-facts.md §1; the Reg API pages of docs/semantics.md 2.27), each
// forwarding to the semantics library's shift under the run's profile, as
// HostIntrinsics.h does for vshl / vshr / vshls / vshrs. ASCREG_OP names the
// ascreg op (docs/regapi.md, "The op table").
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_SHIFTOPS_H
#define ASCREG_ASCENDC_TWIN_SHIFTOPS_H

#include "ascreg/AscendC/twin/RegOps.h"
#include "ascreg/AscendC/twin/RegTypes.h"
#include "ascreg/AscendC/twin/SemanticsCalls.h"
#include "ascreg/Semantics/Shifts.h"

#include <type_traits>

namespace ascreg {
namespace twin {

/// A shift by the lanes of `amount` (type `at`) or, with `amount` null, by
/// the int16 `scalar`; records `ascreg.shift_*` in the trace.
inline void shift(S::ShiftKind k, S::RegType t, const S::Reg &a, S::RegType at,
                  const S::Reg *amount, int16_t scalar, const vector_bool &mask, S::Reg &out,
                  const char *call, const Loc &loc) {
  requireLegal(S::isLegalShift(t), call, std::string(call) + " of " + typeName(t), loc);
  if (amount)
    requireLegal(at == S::shiftAmountType(t), call,
                 std::string(call) + " of " + typeName(t) + " by " + typeName(at), loc);
  S::Reg x = a, n = amount ? *amount : S::Reg{};
  S::Mask m = mask.m;
  if (amount)
    S::shift(ascreg_host::profile(), k, t, x, n, m, out);
  else
    S::shiftScalar(ascreg_host::profile(), k, t, x, scalar, m, out);
  if (trace::Recorder *tr = trace::call(loc)) {
    std::string by =
        amount ? tr->reg(amount, n, at) : tr->constant(S::ElemKind::I16, uint16_t(scalar));
    std::string type = trace::vregType(t) + ", " + (amount ? trace::vregType(at) : "i16");
    tr->defReg(&out, out, t,
               std::string("ascreg.") + S::shiftName(k, !amount) + " " + tr->reg(&a, x, t) + ", " +
                   by + ", " + tr->mask(&mask, m) + " : " + type);
  }
}

} // namespace twin
} // namespace ascreg

namespace AscendC {
namespace Reg {

#define ASCREG_TWIN_SHIFT(NAME, KIND, OP)                                                          \
  template <typename T = DefaultType, typename U = DefaultType,                                    \
            MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>                   \
  ASCREG_OP(OP " out=dstReg in=srcReg0,srcReg1,mask")                                              \
  inline void NAME(S &dstReg, S &srcReg0, V &srcReg1, const MaskReg &mask,                         \
                   const ::ascreg::twin::Loc &loc = ::ascreg::twin::Loc::current()) {              \
    ::ascreg::twin::enter(#NAME, loc);                                                             \
    static_assert(::ascreg::twin::kIsRegTensor<S> && ::ascreg::twin::kIsRegTensor<V>,              \
                  #NAME ": the register operands must be RegTensors");                             \
    static_assert(::ascreg::twin::kTypeMatches<T, typename S::ActualT> &&                          \
                      ::ascreg::twin::kTypeMatches<U, typename V::ActualT>,                        \
                  #NAME "<T, U>: T and U must be the element types of srcReg0 and srcReg1");       \
    ASCREG_TWIN_ZEROING(#NAME, mode);                                                              \
    ::ascreg::twin::shift(::ascreg::semantics::ShiftKind::KIND, S::regType(), srcReg0.bits(),      \
                          V::regType(), &srcReg1.bits(), 0, mask, dstReg.bits(), #NAME, loc);      \
  }
ASCREG_TWIN_SHIFT(ShiftLeft, Left, "shift_left")
ASCREG_TWIN_SHIFT(ShiftRight, Right, "shift_right")
#undef ASCREG_TWIN_SHIFT

// The scalar is int16_t in every row of the vendor's tables; another
// integer type converts to int16_t as C++ converts.
#define ASCREG_TWIN_SHIFT_SCALAR(NAME, KIND, OP)                                                   \
  template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING,     \
            typename S>                                                                            \
  ASCREG_OP(OP " out=dstReg in=srcReg,scalarValue,mask")                                           \
  inline void NAME(S &dstReg, S &srcReg, U scalarValue, const MaskReg &mask,                       \
                   const ::ascreg::twin::Loc &loc = ::ascreg::twin::Loc::current()) {              \
    ::ascreg::twin::enter(#NAME, loc);                                                             \
    static_assert(::ascreg::twin::kIsRegTensor<S>, #NAME ": the registers must be RegTensors");    \
    static_assert(::ascreg::twin::kTypeMatches<T, typename S::ActualT>,                            \
                  #NAME "<T>: T must be the registers' element type");                             \
    static_assert(std::is_integral_v<U>, #NAME ": the shift amount must be an integer");           \
    ASCREG_TWIN_ZEROING(#NAME, mode);                                                              \
    ::ascreg::twin::shift(::ascreg::semantics::ShiftKind::KIND, S::regType(), srcReg.bits(),       \
                          S::regType(), nullptr, static_cast<int16_t>(scalarValue), mask,          \
                          dstReg.bits(), #NAME, loc);                                              \
  }
ASCREG_TWIN_SHIFT_SCALAR(ShiftLefts, Left, "shift_lefts")
ASCREG_TWIN_SHIFT_SCALAR(ShiftRights, Right, "shift_rights")
#undef ASCREG_TWIN_SHIFT_SCALAR

} // namespace Reg
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_SHIFTOPS_H
