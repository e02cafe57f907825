//===- ArithOps.h - Sub, Mul, Abs and the bitwise register calls -*- C++ -*-===//
//
// The Reg API's lane-wise arithmetic of issue 27 on the host
// (docs/semantics.md 2.20, 2.21; docs/regapi-ops-facts.md 3-7): Sub, Mul,
// And, Or, Xor, Abs and Not of registers, with the vendor's template
// parameters `<T = DefaultType, MaskMergeMode mode = ZEROING, U>` (T only
// checked, U deduced). And / Or / Not of masks (the governed mask logic)
// are in RegOps.h and LaneFormOps.h; the register forms here take part in
// overload resolution only for RegTensor arguments.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_ARITHOPS_H
#define ASCREG_ASCENDC_TWIN_ARITHOPS_H

#include "ascreg/AscendC/twin/ArithCalls.h"
#include "ascreg/AscendC/twin/RegOps.h"

namespace AscendC {
namespace Reg {

#define ASCREG_TWIN_ARITH(NAME, KIND, OP)                                                          \
  template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,     \
            std::enable_if_t<kIsRegTensor<U>, int> = 0>                                            \
  ASCREG_OP(OP " out=dstReg in=srcReg0,srcReg1,mask")                                              \
  inline void NAME(U &dstReg, U &srcReg0, U &srcReg1, const MaskReg &mask,                         \
                   const Loc &loc = Loc::current()) {                                              \
    ascreg::twin::enter(#NAME, loc);                                                               \
    static_assert(kTypeMatches<T, typename U::ActualT>,                                            \
                  #NAME "<T>: T must be the registers' element type");                             \
    ASCREG_TWIN_ZEROING(#NAME, mode);                                                              \
    ascreg::twin::arith(ascreg::semantics::ArithKind::KIND, U::regType(), srcReg0.bits(),          \
                        srcReg1.bits(), mask, dstReg.bits(), #NAME, loc);                          \
  }
ASCREG_TWIN_ARITH(Sub, Sub, "sub")
ASCREG_TWIN_ARITH(Mul, Mul, "mul")
ASCREG_TWIN_ARITH(And, And, "and")
ASCREG_TWIN_ARITH(Or, Or, "or")
ASCREG_TWIN_ARITH(Xor, Xor, "xor")
#undef ASCREG_TWIN_ARITH

#define ASCREG_TWIN_UNARY(NAME, KIND, OP)                                                          \
  template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,     \
            std::enable_if_t<kIsRegTensor<U>, int> = 0>                                            \
  ASCREG_OP(OP " out=dstReg in=srcReg,mask")                                                       \
  inline void NAME(U &dstReg, U &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {   \
    ascreg::twin::enter(#NAME, loc);                                                               \
    static_assert(kTypeMatches<T, typename U::ActualT>,                                            \
                  #NAME "<T>: T must be the registers' element type");                             \
    ASCREG_TWIN_ZEROING(#NAME, mode);                                                              \
    ascreg::twin::unary(ascreg::semantics::UnaryKind::KIND, U::regType(), srcReg.bits(), mask,     \
                        dstReg.bits(), #NAME, loc);                                                \
  }
ASCREG_TWIN_UNARY(Abs, Abs, "abs")
ASCREG_TWIN_UNARY(Not, Not, "not")
#undef ASCREG_TWIN_UNARY

} // namespace Reg
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_ARITHOPS_H
