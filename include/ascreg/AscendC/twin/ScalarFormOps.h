//===- ScalarFormOps.h - Adds, Muls, Maxs, Mins, Compares -------*- C++ -*-===//
//
// The Reg API's register-scalar calls on the host (docs/semantics.md 2.25;
// docs/regapi-ops-facts.md 8-11), with the vendor's template parameters:
// `Adds<T = DefaultType, U, MaskMergeMode mode = ZEROING, S>(dst, src,
// scalar, mask)` (the scalar's type U deduced and placed before the mode),
// `Compares<T = DefaultType, CMPMODE mode = EQ, U, S>(dst, src, scalar,
// mask)` and its alias CompareScalar. The scalar is converted to the
// register's element type as the C++ call converts it (facts 2.4): an `int`
// 1 for a u16 register is u16 1, a float for an f16 register rounds to half.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_SCALARFORMOPS_H
#define ASCREG_ASCENDC_TWIN_SCALARFORMOPS_H

#include "ascreg/AscendC/twin/ArithCalls.h"
#include "ascreg/AscendC/twin/RegOps.h"

namespace ascreg {
namespace twin {
/// A scalar argument of type U converts to element type T (a bfloat16_t
/// from any number, as scalarBits converts it).
template <class U, class T>
inline constexpr bool kScalarConverts =
    !kIsRegTensor<U> &&
    (std::is_convertible_v<U, T> || (std::is_same_v<T, bfloat16_t> && std::is_arithmetic_v<U>));
} // namespace twin
} // namespace ascreg

namespace AscendC {
namespace Reg {

#define ASCREG_TWIN_SCALAR_ARGS(NAME, R, U)                                                        \
  static_assert(kIsRegTensor<R>, NAME ": the register operands must be RegTensors");               \
  static_assert(ascreg::twin::kScalarConverts<U, typename R::ActualT>,                             \
                NAME ": the scalar must convert to the registers' element type")

#define ASCREG_TWIN_SCALAR_FORM(NAME, KIND, OP)                                                    \
  template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING,     \
            typename S>                                                                            \
  ASCREG_OP(OP " out=dstReg in=srcReg,scalarValue,mask")                                           \
  inline void NAME(S &dstReg, S &srcReg, U scalarValue, const MaskReg &mask,                       \
                   const Loc &loc = Loc::current()) {                                              \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ASCREG_TWIN_SCALAR_ARGS(#NAME, S, U);                                                          \
    static_assert(kTypeMatches<T, typename S::ActualT>,                                            \
                  #NAME "<T>: T must be the registers' element type");                             \
    ASCREG_TWIN_ZEROING(#NAME, mode);                                                              \
    ascreg::twin::scalarForm(ascreg::semantics::ScalarFormKind::KIND, S::regType(), srcReg.bits(), \
                             ascreg::twin::scalarBits<typename S::ActualT>(scalarValue), mask,     \
                             dstReg.bits(), #NAME, loc);                                           \
  }
ASCREG_TWIN_SCALAR_FORM(Adds, Adds, "adds")
ASCREG_TWIN_SCALAR_FORM(Muls, Muls, "muls")
ASCREG_TWIN_SCALAR_FORM(Maxs, Maxs, "maxs")
ASCREG_TWIN_SCALAR_FORM(Mins, Mins, "mins")
#undef ASCREG_TWIN_SCALAR_FORM

template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
ASCREG_OP("compares pred=$mode out=dst in=srcReg,scalarValue,mask")
inline void Compares(MaskReg &dst, U &srcReg, S scalarValue, const MaskReg &mask,
                     const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Compares", loc);
  ASCREG_TWIN_SCALAR_ARGS("Compares", U, S);
  static_assert(kTypeMatches<T, typename U::ActualT>,
                "Compares<T>: T must be the register's element type");
  ascreg::twin::compareScalar(ascreg::twin::comparePred(mode), U::regType(), srcReg.bits(),
                              ascreg::twin::scalarBits<typename U::ActualT>(scalarValue), mask, dst,
                              "Compares", loc);
}
template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U, typename S>
ASCREG_OP("compares pred=$mode out=dst in=srcReg,scalarValue,mask")
inline void CompareScalar(MaskReg &dst, U &srcReg, S scalarValue, const MaskReg &mask,
                          const Loc &loc = Loc::current()) {
  Compares<T, mode>(dst, srcReg, scalarValue, mask, loc);
}

#undef ASCREG_TWIN_SCALAR_ARGS

} // namespace Reg
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_SCALARFORMOPS_H
