//===- ReduceDataBlock.h - the Reg API's ReduceDataBlock --------*- C++ -*-===//
//
// ReduceDataBlock and its aliases Reduce{Sum,Max,Min}WithDataBlock on the
// host: ascreg.reduce_data_block (docs/semantics.md 2.26), one reduction
// per 32-byte block. The vendor declares a one-type form
// ReduceDataBlock<type, T, mode>(U& dst, U src, mask) and a two-type form
// ReduceDataBlock<type, T, U, mode>(S& dst, V src, mask) for the widening
// 16-bit sums ((i32, i16), (u32, u16)); the two-type form here takes only
// differing register types, so a call never matches both. Included by
// RegOps.h.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_REDUCEDATABLOCK_H
#define ASCREG_ASCENDC_TWIN_REDUCEDATABLOCK_H

#include "ascreg/AscendC/twin/SemanticsCalls.h"
#include "ascreg/Semantics/ReduceDataBlock.h"

#include <type_traits>

namespace ascreg {
namespace twin {

/// reduce_data_block after its legal table, traced as the ascreg op.
inline void reduceDataBlock(S::ReduceKind k, S::RegType dst, S::RegType src, const S::Reg &in,
                            const vector_bool &mask, S::Reg &out, const char *call,
                            const Loc &loc) {
  requireLegal(S::isLegalReduceDataBlock(k, dst, src), call,
               std::string("reduce_data_block <") + reduceName(k) + "> from " + typeName(src) +
                   " to " + typeName(dst),
               loc);
  S::Reg a = in;
  S::reduceDataBlock(ascreg_host::profile(), k, dst, src, a, mask.m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, dst,
               std::string("ascreg.reduce_data_block <") + reduceName(k) + "> " +
                   tr->reg(&in, a, src) + ", " + tr->mask(&mask, mask.m) + " : " +
                   trace::vregType(src) + " -> " + trace::vregType(dst));
}

/// The checks and the call of both forms.
template <AscendC::Reg::ReduceType type, class T, class U, AscendC::Reg::MaskMergeMode mode,
          class Dst, class Src>
inline void reduceDataBlockCall(Dst &dstReg, Src srcReg, const AscendC::Reg::MaskReg &mask,
                                const Loc &loc) {
  enter("ReduceDataBlock", loc);
  static_assert(kIsRegTensor<Dst> && kIsRegTensor<Src>, "the register operands must be RegTensors");
  static_assert(kTypeMatches<T, typename Dst::ActualT> && kTypeMatches<U, typename Src::ActualT>,
                "ReduceDataBlock<type, T, U>: T and U must be the element types of dstReg and "
                "srcReg");
  static_assert(type != AscendC::Reg::ReduceType::NONE,
                "ReduceDataBlock<ReduceType::NONE> does not reduce");
  static_assert(mode == AscendC::Reg::MaskMergeMode::ZEROING,
                "ReduceDataBlock with MaskMergeMode::MERGING is not supported by the ascreg host "
                "twin yet (dav-3510 implements zeroing only)");
  reduceDataBlock(reduceKind(type), Dst::regType(), Src::regType(), srcReg.bits(), mask,
                  dstReg.bits(), "ReduceDataBlock", loc);
}

} // namespace twin
} // namespace ascreg

namespace AscendC {
namespace Reg {

template <ReduceType type = ReduceType::SUM, typename T = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("reduce_data_block kind=$type out=dstReg in=srcReg,mask")
inline void ReduceDataBlock(U &dstReg, U srcReg, MaskReg mask,
                            const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::reduceDataBlockCall<type, T, T, mode>(dstReg, srcReg, mask, loc);
}
template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V,
          std::enable_if_t<!std::is_same_v<S, V>, int> = 0>
ASCREG_OP("reduce_data_block kind=$type out=dstReg in=srcReg,mask")
inline void ReduceDataBlock(S &dstReg, V srcReg, MaskReg mask,
                            const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::reduceDataBlockCall<type, T, U, mode>(dstReg, srcReg, mask, loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("reduce_data_block kind=sum out=dstReg in=srcReg,mask")
inline void ReduceSumWithDataBlock(U &dstReg, U srcReg, MaskReg mask,
                                   const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::reduceDataBlockCall<ReduceType::SUM, T, T, mode>(dstReg, srcReg, mask, loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("reduce_data_block kind=max out=dstReg in=srcReg,mask")
inline void ReduceMaxWithDataBlock(U &dstReg, U srcReg, MaskReg mask,
                                   const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::reduceDataBlockCall<ReduceType::MAX, T, T, mode>(dstReg, srcReg, mask, loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("reduce_data_block kind=min out=dstReg in=srcReg,mask")
inline void ReduceMinWithDataBlock(U &dstReg, U srcReg, MaskReg mask,
                                   const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::reduceDataBlockCall<ReduceType::MIN, T, T, mode>(dstReg, srcReg, mask, loc);
}

} // namespace Reg
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_REDUCEDATABLOCK_H
