//===- CApiOps.h - the C form of the issue-27 register calls ----*- C++ -*-===//
//
// The vendor's C API of the ops issue 27 added, on the C API's register
// types (vector_float, vector_bool, ...): asc_sub / asc_mul / asc_and /
// asc_or / asc_xor (dst, src0, src1, mask), asc_abs / asc_not (dst, src,
// mask), the scalar forms asc_add_scalar / asc_mul_scalar / asc_max_scalar
// / asc_min_scalar (alias asc_mins) (dst, src, value, mask), the compares
// asc_eq_scalar ... asc_le_scalar (dstMask, src, value, mask), the lane
// broadcast asc_duplicate (dst, src, mask), asc_storealign_1st (dst, src
// [, mask]), asc_select (dst, src0, src1, mask) and the mask forms of
// asc_and / asc_or / asc_xor / asc_not (governed by `mask`). One template
// per call over the register kind: the semantics' legal-type check stops a
// kind the op lacks at the user's call, as for the Reg form, with which
// each shares its checked semantics call (ArithCalls.h) and its ASCREG_OP
// annotation.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_CAPIOPS_H
#define ASCREG_ASCENDC_TWIN_CAPIOPS_H

#include "ascreg/AscendC/twin/ArithCalls.h"
#include "ascreg/AscendC/twin/CApi.h"

namespace ascreg {
namespace twin {
/// The C scalar type of register kind K (the `value` of a scalar form).
template <S::ElemKind K> struct CScalar;
#define ASCREG_TWIN_C_SCALAR(KIND, TYPE)                                                           \
  template <> struct CScalar<S::ElemKind::KIND> {                                                  \
    using type = TYPE;                                                                             \
  };
ASCREG_TWIN_C_SCALAR(I8, int8_t)
ASCREG_TWIN_C_SCALAR(U8, uint8_t)
ASCREG_TWIN_C_SCALAR(I16, int16_t)
ASCREG_TWIN_C_SCALAR(U16, uint16_t)
ASCREG_TWIN_C_SCALAR(F16, half)
ASCREG_TWIN_C_SCALAR(BF16, bfloat16_t)
ASCREG_TWIN_C_SCALAR(I32, int32_t)
ASCREG_TWIN_C_SCALAR(U32, uint32_t)
ASCREG_TWIN_C_SCALAR(F32, float)
ASCREG_TWIN_C_SCALAR(I64, int64_t)
ASCREG_TWIN_C_SCALAR(U64, uint64_t)
#undef ASCREG_TWIN_C_SCALAR
template <S::ElemKind K> using CScalarT = typename CScalar<K>::type;
} // namespace twin
} // namespace ascreg

#define ASCREG_TWIN_C_LOC const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()
#define ASCREG_TWIN_C_VEC ascreg_host::Vec<K>
#define ASCREG_TWIN_C_RT ascreg::semantics::RegType{K, 1}

#define ASCREG_TWIN_C_ARITH(NAME, KIND, OP)                                                        \
  template <ascreg::semantics::ElemKind K>                                                         \
  ASCREG_OP(OP " out=dst in=src0,src1,mask")                                                       \
  inline void NAME(ASCREG_TWIN_C_VEC &dst, ASCREG_TWIN_C_VEC src0, ASCREG_TWIN_C_VEC src1,         \
                   vector_bool mask, ASCREG_TWIN_C_LOC) {                                          \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ascreg::twin::arith(ascreg::semantics::ArithKind::KIND, ASCREG_TWIN_C_RT, src0.r, src1.r,      \
                        mask, dst.r, #NAME, loc);                                                  \
  }
ASCREG_TWIN_C_ARITH(asc_sub, Sub, "sub")
ASCREG_TWIN_C_ARITH(asc_mul, Mul, "mul")
ASCREG_TWIN_C_ARITH(asc_and, And, "and")
ASCREG_TWIN_C_ARITH(asc_or, Or, "or")
ASCREG_TWIN_C_ARITH(asc_xor, Xor, "xor")
#undef ASCREG_TWIN_C_ARITH

#define ASCREG_TWIN_C_UNARY(NAME, KIND, OP)                                                        \
  template <ascreg::semantics::ElemKind K>                                                         \
  ASCREG_OP(OP " out=dst in=src,mask")                                                             \
  inline void NAME(ASCREG_TWIN_C_VEC &dst, ASCREG_TWIN_C_VEC src, vector_bool mask,                \
                   ASCREG_TWIN_C_LOC) {                                                            \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ascreg::twin::unary(ascreg::semantics::UnaryKind::KIND, ASCREG_TWIN_C_RT, src.r, mask, dst.r,  \
                        #NAME, loc);                                                               \
  }
ASCREG_TWIN_C_UNARY(asc_abs, Abs, "abs")
ASCREG_TWIN_C_UNARY(asc_not, Not, "not")
#undef ASCREG_TWIN_C_UNARY

#define ASCREG_TWIN_C_SCALAR_FORM(NAME, KIND, OP)                                                  \
  template <ascreg::semantics::ElemKind K>                                                         \
  ASCREG_OP(OP " out=dst in=src,value,mask")                                                       \
  inline void NAME(ASCREG_TWIN_C_VEC &dst, ASCREG_TWIN_C_VEC src, ascreg::twin::CScalarT<K> value, \
                   vector_bool mask, ASCREG_TWIN_C_LOC) {                                          \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ascreg::twin::scalarForm(ascreg::semantics::ScalarFormKind::KIND, ASCREG_TWIN_C_RT, src.r,     \
                             ascreg::twin::scalarBits<ascreg::twin::CScalarT<K>>(value), mask,     \
                             dst.r, #NAME, loc);                                                   \
  }
ASCREG_TWIN_C_SCALAR_FORM(asc_add_scalar, Adds, "adds")
ASCREG_TWIN_C_SCALAR_FORM(asc_mul_scalar, Muls, "muls")
ASCREG_TWIN_C_SCALAR_FORM(asc_max_scalar, Maxs, "maxs")
ASCREG_TWIN_C_SCALAR_FORM(asc_min_scalar, Mins, "mins")
ASCREG_TWIN_C_SCALAR_FORM(asc_mins, Mins, "mins")
#undef ASCREG_TWIN_C_SCALAR_FORM

#define ASCREG_TWIN_C_COMPARE_SCALAR(NAME, PRED)                                                   \
  template <ascreg::semantics::ElemKind K>                                                         \
  ASCREG_OP("compares pred=" #PRED " out=dst in=src,value,mask")                                   \
  inline void NAME(vector_bool &dst, ASCREG_TWIN_C_VEC src, ascreg::twin::CScalarT<K> value,       \
                   vector_bool mask, ASCREG_TWIN_C_LOC) {                                          \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ascreg::twin::compareScalar(ascreg::semantics::ComparePred::PRED, ASCREG_TWIN_C_RT, src.r,     \
                                ascreg::twin::scalarBits<ascreg::twin::CScalarT<K>>(value), mask,  \
                                dst, #NAME, loc);                                                  \
  }
ASCREG_TWIN_C_COMPARE_SCALAR(asc_eq_scalar, EQ)
ASCREG_TWIN_C_COMPARE_SCALAR(asc_ne_scalar, NE)
ASCREG_TWIN_C_COMPARE_SCALAR(asc_lt_scalar, LT)
ASCREG_TWIN_C_COMPARE_SCALAR(asc_le_scalar, LE)
ASCREG_TWIN_C_COMPARE_SCALAR(asc_gt_scalar, GT)
ASCREG_TWIN_C_COMPARE_SCALAR(asc_ge_scalar, GE)
#undef ASCREG_TWIN_C_COMPARE_SCALAR

/// dst = mask ? src0 : src1, lane by lane (the existing select op).
template <ascreg::semantics::ElemKind K>
ASCREG_OP("select out=dst in=mask,src0,src1")
inline void asc_select(ASCREG_TWIN_C_VEC &dst, ASCREG_TWIN_C_VEC src0, ASCREG_TWIN_C_VEC src1,
                       vector_bool mask, ASCREG_TWIN_C_LOC) {
  ascreg::twin::enter("asc_select", loc);
  ascreg::twin::select(ASCREG_TWIN_C_RT, mask, src0.r, src1.r, dst.r, loc);
}

template <ascreg::semantics::ElemKind K>
ASCREG_OP("duplicate_lane out=dst in=src,mask")
inline void asc_duplicate(ASCREG_TWIN_C_VEC &dst, ASCREG_TWIN_C_VEC src, vector_bool mask,
                          ASCREG_TWIN_C_LOC) {
  ascreg::twin::enter("asc_duplicate", loc);
  ascreg::twin::duplicateLane(ASCREG_TWIN_C_RT, src.r, mask, dst.r, "asc_duplicate", loc);
}

template <ascreg::semantics::ElemKind K, typename T>
ASCREG_OP("store_first in=src,dst,mask")
inline void asc_storealign_1st(__ubuf__ T *dst, const ASCREG_TWIN_C_VEC &src, vector_bool mask,
                               ASCREG_TWIN_C_LOC) {
  ascreg::twin::enter("asc_storealign_1st", loc);
  ascreg::twin::checkCMemoryType<T, K>();
  ascreg::twin::storeFirst(dst, src.r, &src, ASCREG_TWIN_C_RT, mask, "asc_storealign_1st", loc);
}
/// The form without a mask (the op's mask operand is ignored anyway).
template <ascreg::semantics::ElemKind K, typename T>
ASCREG_OP("store_first in=src,dst")
inline void asc_storealign_1st(__ubuf__ T *dst, const ASCREG_TWIN_C_VEC &src, ASCREG_TWIN_C_LOC) {
  asc_storealign_1st(dst, src, vector_bool(), loc);
}

// The mask forms: op(src0, src1) & mask on all 256 bits.
#define ASCREG_TWIN_C_MASK_LOGIC(NAME, KIND, SPELLING)                                             \
  ASCREG_OP("governed_mask kind=" SPELLING " out=dst in=src0,src1,mask")                           \
  inline void NAME(vector_bool &dst, vector_bool src0, vector_bool src1, vector_bool mask,         \
                   ASCREG_TWIN_C_LOC) {                                                            \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ascreg::twin::governedMask(ascreg::semantics::MaskLogicKind::KIND, dst, src0, src1, mask,      \
                               loc);                                                               \
  }
ASCREG_TWIN_C_MASK_LOGIC(asc_and, And, "and")
ASCREG_TWIN_C_MASK_LOGIC(asc_or, Or, "or")
ASCREG_TWIN_C_MASK_LOGIC(asc_xor, Xor, "xor")
#undef ASCREG_TWIN_C_MASK_LOGIC
ASCREG_OP("governed_mask_not out=dst in=src,mask")
inline void asc_not(vector_bool &dst, vector_bool src, vector_bool mask, ASCREG_TWIN_C_LOC) {
  ascreg::twin::enter("asc_not", loc);
  ascreg::twin::governedMaskNot(dst, src, mask, loc);
}

#undef ASCREG_TWIN_C_LOC
#undef ASCREG_TWIN_C_VEC
#undef ASCREG_TWIN_C_RT

#endif // ASCREG_ASCENDC_TWIN_CAPIOPS_H
