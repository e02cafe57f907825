//===- LaneFormOps.h - lane broadcast, first-element store, Xor of masks -*- C++ -*-===//
//
// The Reg API forms issue 27 added around existing calls (docs/semantics.md
// 2.22 - 2.24; docs/regapi-ops-facts.md 14, 15, 17):
//   - Duplicate<T, HighLowPart pos = LOWEST, MaskMergeMode mode = ZEROING>(
//     dst, srcReg, mask): lane 0 of srcReg to every active lane;
//   - StoreAlign / DataCopy<T, StoreDist::DIST_FIRST_ELEMENT_Bn>(addr, src,
//     mask), plain and post-update: lane 0 to addr, the mask ignored (the
//     NORM forms in RegOps.h take every other StoreDist);
//   - Xor / MaskXor of masks under a governing mask.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_LANEFORMOPS_H
#define ASCREG_ASCENDC_TWIN_LANEFORMOPS_H

#include "ascreg/AscendC/twin/ArithCalls.h"
#include "ascreg/AscendC/twin/RegOps.h"

namespace AscendC {
namespace Reg {

template <typename T = DefaultType, HighLowPart pos = HighLowPart::LOWEST,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
ASCREG_OP("duplicate_lane out=dstReg in=srcReg,mask")
inline void Duplicate(S &dstReg, S &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {
  ASCREG_TWIN_DST_CALL("Duplicate", T, S);
  static_assert(pos == HighLowPart::LOWEST,
                "Duplicate with HighLowPart::HIGHEST is not supported (the vendor documents "
                "LOWEST only)");
  static_assert(mode == MaskMergeMode::ZEROING,
                "Duplicate of a register lane with MaskMergeMode::MERGING is not supported by "
                "the ascreg host twin yet");
  ascreg::twin::duplicateLane(S::regType(), srcReg.bits(), mask, dstReg.bits(), "Duplicate", loc);
}

/// The first-element store of T's width (the vendor's DIST_FIRST_ELEMENT_B8
/// / B16 / B32; no 64-bit form).
template <class T> constexpr bool firstElementStore(StoreDist d) {
  return (d == StoreDist::DIST_FIRST_ELEMENT_B8 && sizeof(T) == 1) ||
         (d == StoreDist::DIST_FIRST_ELEMENT_B16 && sizeof(T) == 2) ||
         (d == StoreDist::DIST_FIRST_ELEMENT_B32 && sizeof(T) == 4);
}

#define ASCREG_TWIN_STORE_FIRST(NAME)                                                              \
  template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>           \
  ASCREG_OP("store_first in=srcReg,dstAddr,mask")                                                  \
  inline std::enable_if_t<ascreg::twin::isFirstElementDist(dist)> NAME(                            \
      __ubuf__ T *dstAddr, U &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {      \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ASCREG_TWIN_FIRST_CHECKS(NAME, T, U, dist);                                                    \
    ascreg::twin::storeFirst(dstAddr, srcReg.bits(), &srcReg, U::regType(), mask, #NAME, loc);     \
  }                                                                                                \
  template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM, \
            typename U>                                                                            \
  ASCREG_OP("store_first in=srcReg,dstAddr,mask post=dstAddr,postUpdateStride")                    \
  inline std::enable_if_t<ascreg::twin::isFirstElementDist(dist)> NAME(                            \
      __ubuf__ T *&dstAddr, U &srcReg, int32_t postUpdateStride, const MaskReg &mask,              \
      const Loc &loc = Loc::current()) {                                                           \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ASCREG_TWIN_POST_UPDATE(#NAME, postMode);                                                      \
    ASCREG_TWIN_FIRST_CHECKS(NAME, T, U, dist);                                                    \
    ascreg::twin::storeFirst(dstAddr, srcReg.bits(), &srcReg, U::regType(), mask, #NAME, loc);     \
    dstAddr += postUpdateStride;                                                                   \
  }
#define ASCREG_TWIN_FIRST_CHECKS(NAME, T, U, dist)                                                 \
  ASCREG_TWIN_REGS(U);                                                                             \
  ascreg::twin::checkMemoryType<T, U>();                                                           \
  static_assert(U::REG_NUM == 1 && firstElementStore<typename U::ActualT>(dist),                   \
                #NAME ": DIST_FIRST_ELEMENT_Bn must name the element width (B8, B16, B32; "        \
                      "64-bit data has no first-element store)")
ASCREG_TWIN_STORE_FIRST(StoreAlign)
ASCREG_TWIN_STORE_FIRST(DataCopy)
#undef ASCREG_TWIN_STORE_FIRST
#undef ASCREG_TWIN_FIRST_CHECKS

ASCREG_OP("governed_mask kind=xor out=dst in=src0,src1,mask")
inline void Xor(MaskReg &dst, const MaskReg &src0, const MaskReg &src1, const MaskReg &mask,
                const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Xor", loc);
  ascreg::twin::governedMask(ascreg::semantics::MaskLogicKind::Xor, dst, src0, src1, mask, loc);
}
ASCREG_OP("governed_mask kind=xor out=dst in=src0,src1,mask")
inline void MaskXor(MaskReg &dst, const MaskReg &src0, const MaskReg &src1, const MaskReg &mask,
                    const Loc &loc = Loc::current()) {
  Xor(dst, src0, src1, mask, loc);
}

} // namespace Reg
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_LANEFORMOPS_H
