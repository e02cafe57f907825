//===- CApi.h - the vendor's C API form of the Reg ops on the host -*- C++ -*-===//
//
// The C form of the register ops that seed 001's program calls
// (asc_update_mask_bN, asc_loadalign, asc_pair_reduce_sum, asc_storealign)
// on the C API's register types (vector_float, vector_bool, ...: the
// HostIntrinsics.h types). Each goes through the same checked semantics
// calls as its Reg form (SemanticsCalls.h) and carries the same ASCREG_OP
// annotation.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_CAPI_H
#define ASCREG_ASCENDC_TWIN_CAPI_H

#include "ascreg/AscendC/twin/SemanticsCalls.h"

namespace ascreg {
namespace twin {
/// A load / store of a register of kind K through a T pointer: same size.
template <class T, S::ElemKind K> constexpr void checkCMemoryType() {
  static_assert(ElemOf<std::remove_cv_t<T>>::valid && sizeof(T) == S::elemBytes(K),
                "the __ubuf__ pointer's element type and the register's differ in size");
}
} // namespace twin
} // namespace ascreg

#define ASCREG_TWIN_UPDATE_MASK(BITS)                                                              \
  ASCREG_OP("update_mask type=b" #BITS " out=return,count in=count")                               \
  inline vector_bool asc_update_mask_b##BITS(uint32_t &count, const ascreg::twin::Loc &loc =       \
                                                                  ascreg::twin::Loc::current()) {  \
    ascreg::twin::enter("asc_update_mask_b" #BITS, loc);                                           \
    vector_bool m;                                                                                 \
    ascreg::twin::updateMask(ascreg_host::laneType(BITS), count, m, loc);                          \
    return m;                                                                                      \
  }
ASCREG_TWIN_UPDATE_MASK(8)
ASCREG_TWIN_UPDATE_MASK(16)
ASCREG_TWIN_UPDATE_MASK(32)
#undef ASCREG_TWIN_UPDATE_MASK

template <ascreg::semantics::ElemKind K, typename T>
ASCREG_OP("load_align out=dst in=src")
inline void asc_loadalign(ascreg_host::Vec<K> &dst, __ubuf__ T *src,
                          const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::enter("asc_loadalign", loc);
  ascreg::twin::checkCMemoryType<T, K>();
  ascreg::twin::loadRegister(src, ascreg::semantics::RegType{K, 1}, dst.r, &dst, "asc_loadalign",
                             loc);
}

template <ascreg::semantics::ElemKind K, typename T>
ASCREG_OP("store_align in=src,dst,mask")
inline void asc_storealign(__ubuf__ T *dst, const ascreg_host::Vec<K> &src, const vector_bool &mask,
                           const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::enter("asc_storealign", loc);
  ascreg::twin::checkCMemoryType<T, K>();
  ascreg::twin::storeRegister(dst, src.r, &src, ascreg::semantics::RegType{K, 1}, mask,
                              "asc_storealign", loc);
}

template <ascreg::semantics::ElemKind K>
ASCREG_OP("pair_reduce_sum out=dst in=src,mask")
inline void asc_pair_reduce_sum(ascreg_host::Vec<K> &dst, ascreg_host::Vec<K> src, vector_bool mask,
                                const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::enter("asc_pair_reduce_sum", loc);
  ascreg::twin::pairReduceSum(ascreg::semantics::RegType{K, 1}, src.r, mask, dst.r,
                              "asc_pair_reduce_sum", loc);
}
template <ascreg::semantics::ElemKind K>
ASCREG_OP("pair_reduce_sum out=return in=src,mask")
inline ascreg_host::Vec<K> asc_pair_reduce_sum(
    ascreg_host::Vec<K> src, vector_bool mask,
    const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg_host::Vec<K> dst;
  asc_pair_reduce_sum(dst, src, mask, loc);
  return dst;
}

#endif // ASCREG_ASCENDC_TWIN_CAPI_H
