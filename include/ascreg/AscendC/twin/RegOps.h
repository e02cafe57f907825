//===- RegOps.h - the Reg API's functions on the host -----------*- C++ -*-===//
//
// The functions of the vendor's Reg API that ascreg has an op for, with the
// vendor's template parameters, defaults and deduction (regapi-facts.md §1),
// each forwarding to the semantics library entry point of its ascreg op
// (the same call HostIntrinsics.h makes for the op's intrinsic), under the
// run's semantic profile and CTRL state (ascreg_host::profile()). Every
// declaration carries ASCREG_OP naming its ascreg op: the one table of the
// API, read by the importer (format: docs/regapi.md, "The op table").
//
// Every function takes the user's location as a last, defaulted parameter:
// illegal type combinations and UB violations stop the run there, and the
// call hook (Core.h) sees it.
//
// Differences from the vendor's signatures, all source compatible: input
// masks are `const MaskReg &` (real kernels pass `UpdateMask<T>(n)`
// temporaries); the memory and register element types of a load / store
// need only have the same size.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_REGOPS_H
#define ASCREG_ASCENDC_TWIN_REGOPS_H

#include "ascreg/AscendC/twin/RegTypes.h"
#include "ascreg/AscendC/twin/SemanticsCalls.h"

namespace AscendC {
namespace Reg {

using ascreg::twin::kIsRegTensor;
using ascreg::twin::kTypeMatches;
using ascreg::twin::Loc;

// The checks every call header shares (ArithOps.h, ScalarFormOps.h,
// LaneFormOps.h use them too).
#define ASCREG_TWIN_REGS(...)                                                                      \
  static_assert((kIsRegTensor<__VA_ARGS__>), "the register operands must be RegTensors")
#define ASCREG_TWIN_ZEROING(NAME, MODE)                                                            \
  static_assert(MODE == MaskMergeMode::ZEROING,                                                    \
                NAME " with MaskMergeMode::MERGING is not supported by the ascreg host twin yet "  \
                     "(dav-3510 implements zeroing only)")
#define ASCREG_TWIN_POST_UPDATE(NAME, MODE)                                                        \
  static_assert(MODE == PostLiteral::POST_MODE_UPDATE,                                             \
                NAME " with PostLiteral::POST_MODE_NORMAL is not supported (the vendor supports "  \
                     "POST_MODE_UPDATE only)")
#define ASCREG_TWIN_NORM_LOAD(DIST)                                                                \
  static_assert(DIST == LoadDist::DIST_NORM,                                                       \
                "LoadAlign with a LoadDist other than DIST_NORM is not supported by the ascreg "   \
                "host twin yet")
#define ASCREG_TWIN_NORM_STORE(T, DIST)                                                            \
  static_assert(ascreg::twin::isNormStore<T>(DIST),                                                \
                "StoreAlign with a StoreDist other than DIST_NORM (or DIST_NORM_Bn of the "        \
                "element width) is not supported by the ascreg host twin yet")

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

template <typename T, const RegTrait &regTrait = RegTraitNumOne>
ASCREG_OP("update_mask type=$T,$regTrait out=return,scalarValue in=scalarValue")
inline MaskReg UpdateMask(uint32_t &scalarValue, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("UpdateMask", loc);
  MaskReg m;
  ascreg::twin::updateMask(ascreg::twin::regTypeOf<T, regTrait>(), scalarValue, m, loc);
  return m;
}

template <typename T, MaskPattern mode = MaskPattern::ALL,
          const RegTrait &regTrait = RegTraitNumOne>
ASCREG_OP("create_mask type=$T,$regTrait pattern=$mode out=return")
inline MaskReg CreateMask(const Loc &loc = Loc::current()) {
  ascreg::twin::enter("CreateMask", loc);
  MaskReg m;
  ascreg::twin::createMask(ascreg::twin::regTypeOf<T, regTrait>(), mode, m, loc);
  return m;
}

// The vendor's mask logic takes a governing mask: dst = op(src...) & mask
// on all 256 bits (the dav-3510 pand / por / pnot).
ASCREG_OP("mask_not governed out=dst in=src,mask")
inline void Not(MaskReg &dst, const MaskReg &src, const MaskReg &mask,
                const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Not", loc);
  ascreg::twin::maskLogic(ascreg::twin::MaskLogic::Not, dst, src, nullptr, mask, loc);
}
ASCREG_OP("mask_and governed out=dst in=src0,src1,mask")
inline void And(MaskReg &dst, const MaskReg &src0, const MaskReg &src1, const MaskReg &mask,
                const Loc &loc = Loc::current()) {
  ascreg::twin::enter("And", loc);
  ascreg::twin::maskLogic(ascreg::twin::MaskLogic::And, dst, src0, &src1, mask, loc);
}
ASCREG_OP("mask_or governed out=dst in=src0,src1,mask")
inline void Or(MaskReg &dst, const MaskReg &src0, const MaskReg &src1, const MaskReg &mask,
               const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Or", loc);
  ascreg::twin::maskLogic(ascreg::twin::MaskLogic::Or, dst, src0, &src1, mask, loc);
}
ASCREG_OP("mask_not governed out=dst in=src,mask")
inline void MaskNot(MaskReg &dst, const MaskReg &src, const MaskReg &mask,
                    const Loc &loc = Loc::current()) {
  Not(dst, src, mask, loc);
}
ASCREG_OP("mask_and governed out=dst in=src0,src1,mask")
inline void MaskAnd(MaskReg &dst, const MaskReg &src0, const MaskReg &src1, const MaskReg &mask,
                    const Loc &loc = Loc::current()) {
  And(dst, src0, src1, mask, loc);
}
ASCREG_OP("mask_or governed out=dst in=src0,src1,mask")
inline void MaskOr(MaskReg &dst, const MaskReg &src0, const MaskReg &src1, const MaskReg &mask,
                   const Loc &loc = Loc::current()) {
  Or(dst, src0, src1, mask, loc);
}

//===----------------------------------------------------------------------===//
// Aligned loads and stores (NORM), plain and post-update
//===----------------------------------------------------------------------===//

template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
ASCREG_OP("load_align out=dstReg in=srcAddr")
inline void LoadAlign(U &dstReg, __ubuf__ T *srcAddr, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("LoadAlign", loc);
  ASCREG_TWIN_REGS(U);
  ASCREG_TWIN_NORM_LOAD(dist);
  ascreg::twin::loadAlign<T, U>(dstReg, srcAddr, "LoadAlign", loc);
}
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM,
          typename U>
ASCREG_OP("load_align out=dstReg in=srcAddr post=srcAddr,postUpdateStride")
inline void LoadAlign(U &dstReg, __ubuf__ T *&srcAddr, int32_t postUpdateStride,
                      const Loc &loc = Loc::current()) {
  ascreg::twin::enter("LoadAlign", loc);
  ASCREG_TWIN_REGS(U);
  ASCREG_TWIN_POST_UPDATE("LoadAlign", postMode);
  ASCREG_TWIN_NORM_LOAD(dist);
  ascreg::twin::loadAlign<T, U>(dstReg, srcAddr, "LoadAlign", loc);
  srcAddr += postUpdateStride;
}

template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
ASCREG_OP("store_align in=srcReg,dstAddr,mask")
inline std::enable_if_t<!ascreg::twin::isFirstElementDist(dist)> StoreAlign(
    __ubuf__ T *dstAddr, U &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("StoreAlign", loc);
  ASCREG_TWIN_REGS(U);
  ASCREG_TWIN_NORM_STORE(T, dist);
  ascreg::twin::storeAlign<T, U>(dstAddr, srcReg, mask, "StoreAlign", loc);
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM,
          typename U>
ASCREG_OP("store_align in=srcReg,dstAddr,mask post=dstAddr,postUpdateStride")
inline std::enable_if_t<!ascreg::twin::isFirstElementDist(dist)> StoreAlign(
    __ubuf__ T *&dstAddr, U &srcReg, int32_t postUpdateStride, const MaskReg &mask,
    const Loc &loc = Loc::current()) {
  ascreg::twin::enter("StoreAlign", loc);
  ASCREG_TWIN_REGS(U);
  ASCREG_TWIN_POST_UPDATE("StoreAlign", postMode);
  ASCREG_TWIN_NORM_STORE(T, dist);
  ascreg::twin::storeAlign<T, U>(dstAddr, srcReg, mask, "StoreAlign", loc);
  dstAddr += postUpdateStride;
}

// DataCopy: the legacy name of the same loads and stores.
template <typename T = DefaultType, LoadDist dist = LoadDist::DIST_NORM, typename U>
ASCREG_OP("load_align out=dstReg in=srcAddr")
inline void DataCopy(U &dstReg, __ubuf__ T *srcAddr, const Loc &loc = Loc::current()) {
  LoadAlign<T, dist>(dstReg, srcAddr, loc);
}
template <typename T = DefaultType, PostLiteral postMode, LoadDist dist = LoadDist::DIST_NORM,
          typename U>
ASCREG_OP("load_align out=dstReg in=srcAddr post=srcAddr,postUpdateStride")
inline void DataCopy(U &dstReg, __ubuf__ T *&srcAddr, int32_t postUpdateStride,
                     const Loc &loc = Loc::current()) {
  LoadAlign<T, postMode, dist>(dstReg, srcAddr, postUpdateStride, loc);
}
template <typename T = DefaultType, StoreDist dist = StoreDist::DIST_NORM, typename U>
ASCREG_OP("store_align in=srcReg,dstAddr,mask")
inline std::enable_if_t<!ascreg::twin::isFirstElementDist(dist)> DataCopy(
    __ubuf__ T *dstAddr, U &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {
  StoreAlign<T, dist>(dstAddr, srcReg, mask, loc);
}
template <typename T = DefaultType, PostLiteral postMode, StoreDist dist = StoreDist::DIST_NORM,
          typename U>
ASCREG_OP("store_align in=srcReg,dstAddr,mask post=dstAddr,postUpdateStride")
inline std::enable_if_t<!ascreg::twin::isFirstElementDist(dist)> DataCopy(
    __ubuf__ T *&dstAddr, U &srcReg, int32_t postUpdateStride, const MaskReg &mask,
    const Loc &loc = Loc::current()) {
  StoreAlign<T, postMode, dist>(dstAddr, srcReg, postUpdateStride, mask, loc);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

template <ReduceType type = ReduceType::SUM, typename T = DefaultType, typename U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>
ASCREG_OP("reduce kind=$type out=dstReg in=srcReg,mask")
inline void Reduce(S &dstReg, V srcReg, MaskReg mask, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Reduce", loc);
  ASCREG_TWIN_REGS(S);
  ASCREG_TWIN_REGS(V);
  static_assert(kTypeMatches<T, typename S::ActualT> && kTypeMatches<U, typename V::ActualT>,
                "Reduce<type, T, U>: T and U must be the element types of dstReg and srcReg");
  static_assert(type != ReduceType::NONE, "Reduce<ReduceType::NONE> does not reduce");
  ASCREG_TWIN_ZEROING("Reduce", mode);
  ascreg::twin::reduce(ascreg::twin::reduceKind(type), S::regType(), V::regType(), srcReg.bits(),
                       mask, dstReg.bits(), "Reduce", loc);
}
template <typename T = DefaultType, typename U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V>
ASCREG_OP("reduce kind=sum out=dstReg in=srcReg,mask")
inline void ReduceSum(S &dstReg, V srcReg, MaskReg mask, const Loc &loc = Loc::current()) {
  Reduce<ReduceType::SUM, T, U, mode>(dstReg, srcReg, mask, loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("reduce kind=max out=dstReg in=srcReg,mask")
inline void ReduceMax(U &dstReg, U srcReg, MaskReg mask, const Loc &loc = Loc::current()) {
  Reduce<ReduceType::MAX, T, T, mode>(dstReg, srcReg, mask, loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("reduce kind=min out=dstReg in=srcReg,mask")
inline void ReduceMin(U &dstReg, U srcReg, MaskReg mask, const Loc &loc = Loc::current()) {
  Reduce<ReduceType::MIN, T, T, mode>(dstReg, srcReg, mask, loc);
}

template <PairReduce type = PairReduce::SUM, typename T = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("pair_reduce_sum out=dstReg in=srcReg,mask")
inline void PairReduceElem(U &dstReg, U srcReg, MaskReg mask, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("PairReduceElem", loc);
  ASCREG_TWIN_REGS(U);
  static_assert(kTypeMatches<T, typename U::ActualT>,
                "PairReduceElem<type, T>: T must be the registers' element type");
  ASCREG_TWIN_ZEROING("PairReduceElem", mode);
  ascreg::twin::pairReduceSum(U::regType(), srcReg.bits(), mask, dstReg.bits(), "PairReduceElem",
                              loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
ASCREG_OP("pair_reduce_sum out=dstReg in=srcReg,mask")
inline void PairReduceSum(U &dstReg, U srcReg, MaskReg mask, const Loc &loc = Loc::current()) {
  PairReduceElem<PairReduce::SUM, T, mode>(dstReg, srcReg, mask, loc);
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

template <typename T0 = DefaultType, typename T1, typename T2 = DefaultType, typename T3,
          typename T4>
ASCREG_OP("gather out=dstReg in=baseAddr,index,mask")
inline void Gather(T3 &dstReg, __ubuf__ T1 *baseAddr, T4 &index, const MaskReg &mask,
                   const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Gather", loc);
  ASCREG_TWIN_REGS(T3);
  ASCREG_TWIN_REGS(T4);
  static_assert(kTypeMatches<T0, typename T3::ActualT> && kTypeMatches<T2, typename T4::ActualT>,
                "Gather<T0, T1, T2>: T0 and T2 must be the element types of dstReg and index");
  ascreg::twin::gather(T3::regType(), baseAddr, sizeof(T1), T4::regType(), index.bits(), mask,
                       dstReg.bits(), "Gather", loc);
}
template <typename T = DefaultType, typename U = DefaultType, typename S, typename V>
ASCREG_OP("gather_reg out=dstReg in=srcReg,indexReg")
inline void Gather(S &dstReg, S &srcReg, V &indexReg, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Gather", loc);
  ASCREG_TWIN_REGS(S);
  ASCREG_TWIN_REGS(V);
  static_assert(kTypeMatches<T, typename S::ActualT> && kTypeMatches<U, typename V::ActualT>,
                "Gather<T, U>: T and U must be the element types of srcReg and indexReg");
  ascreg::twin::gatherReg(S::regType(), srcReg.bits(), V::regType(), indexReg.bits(), dstReg.bits(),
                          "Gather", loc);
}

//===----------------------------------------------------------------------===//
// Lane-wise
//===----------------------------------------------------------------------===//

/// The start of a call writing register type S whose T, if given, must be
/// S's element type.
#define ASCREG_TWIN_DST_CALL(NAME, T, S)                                                           \
  ascreg::twin::enter(NAME, loc);                                                                  \
  ASCREG_TWIN_REGS(S);                                                                             \
  static_assert(kTypeMatches<T, typename S::ActualT>,                                              \
                NAME "<T>: T must be the element type of dstReg")

template <typename T = DefaultType, typename U, typename S>
ASCREG_OP("duplicate out=dstReg in=scalarValue")
inline void Duplicate(S &dstReg, U scalarValue, const Loc &loc = Loc::current()) {
  ASCREG_TWIN_DST_CALL("Duplicate", T, S);
  ascreg::twin::duplicate(S::regType(), ascreg::twin::scalarBits<typename S::ActualT>(scalarValue),
                          nullptr, dstReg.bits(), loc);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U,
          typename S>
ASCREG_OP("duplicate out=dstReg in=scalarValue,mask")
inline void Duplicate(S &dstReg, U scalarValue, const MaskReg &mask,
                      const Loc &loc = Loc::current()) {
  ASCREG_TWIN_DST_CALL("Duplicate", T, S);
  ASCREG_TWIN_ZEROING("Duplicate", mode);
  ascreg::twin::duplicate(S::regType(), ascreg::twin::scalarBits<typename S::ActualT>(scalarValue),
                          &mask, dstReg.bits(), loc);
}
template <typename T = DefaultType, IndexOrder order = IndexOrder::INCREASE_ORDER, typename U,
          typename S>
ASCREG_OP("arange out=dstReg in=scalarValue")
inline void Arange(S &dstReg, U scalarValue, const Loc &loc = Loc::current()) {
  ASCREG_TWIN_DST_CALL("Arange", T, S);
  static_assert(order == IndexOrder::INCREASE_ORDER,
                "Arange with IndexOrder::DECREASE_ORDER is not supported by the ascreg host twin "
                "yet");
  ascreg::twin::arange(S::regType(), ascreg::twin::scalarBits<typename S::ActualT>(scalarValue),
                       dstReg.bits(), "Arange", loc);
}

template <typename T = DefaultType, CMPMODE mode = CMPMODE::EQ, typename U>
ASCREG_OP("compare pred=$mode out=dst in=srcReg0,srcReg1,mask")
inline void Compare(MaskReg &dst, U &srcReg0, U &srcReg1, const MaskReg &mask,
                    const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Compare", loc);
  ASCREG_TWIN_REGS(U);
  static_assert(kTypeMatches<T, typename U::ActualT>,
                "Compare<T>: T must be the registers' element type");
  ascreg::twin::compare(ascreg::twin::comparePred(mode), U::regType(), srcReg0.bits(),
                        srcReg1.bits(), mask, dst, "Compare", loc);
}

template <typename T = DefaultType, typename U>
ASCREG_OP("select out=dstReg in=mask,srcReg0,srcReg1")
inline void Select(U &dstReg, U &srcReg0, U &srcReg1, const MaskReg &mask,
                   const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Select", loc);
  static_assert(kIsRegTensor<U>, "Select of masks (psel) is not supported by the ascreg host twin "
                                 "yet");
  if constexpr (kIsRegTensor<U>) {
    static_assert(kTypeMatches<T, typename U::ActualT>,
                  "Select<T>: T must be the registers' element type");
    ascreg::twin::select(U::regType(), mask, srcReg0.bits(), srcReg1.bits(), dstReg.bits(), loc);
  }
}

#define ASCREG_TWIN_BINARY(NAME, KIND, SPEC)                                                       \
  template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>     \
  ASCREG_OP(SPEC " out=dstReg in=srcReg0,srcReg1,mask")                                            \
  inline void NAME(U &dstReg, U &srcReg0, U &srcReg1, const MaskReg &mask,                         \
                   const Loc &loc = Loc::current()) {                                              \
    ascreg::twin::enter(#NAME, loc);                                                               \
    ASCREG_TWIN_REGS(U);                                                                           \
    static_assert(kTypeMatches<T, typename U::ActualT>,                                            \
                  #NAME "<T>: T must be the registers' element type");                             \
    ASCREG_TWIN_ZEROING(#NAME, mode);                                                              \
    ascreg::twin::binary(ascreg::semantics::BinaryKind::KIND, U::regType(), srcReg0.bits(),        \
                         srcReg1.bits(), mask, dstReg.bits(), #NAME, loc);                         \
  }
ASCREG_TWIN_BINARY(Add, Add, "add")
ASCREG_TWIN_BINARY(Max, Max, "max")
ASCREG_TWIN_BINARY(Min, Min, "min")
#undef ASCREG_TWIN_BINARY

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

template <typename T = DefaultType, typename U = DefaultType, const CastTrait &trait = castTrait,
          typename S, typename V>
ASCREG_OP("cast trait=$trait out=dstReg in=srcReg,mask")
inline void Cast(S &dstReg, V &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Cast", loc);
  ASCREG_TWIN_REGS(S);
  ASCREG_TWIN_REGS(V);
  static_assert(kTypeMatches<T, typename S::ActualT> && kTypeMatches<U, typename V::ActualT>,
                "Cast<T, U>: T and U must be the element types of dstReg and srcReg");
  static_assert(S::REG_NUM == 1 && V::REG_NUM == 1,
                "Cast of the two-register form is not supported by the ascreg host twin yet");
  static_assert(trait.mrgMode != MaskMergeMode::MERGING,
                "Cast with MaskMergeMode::MERGING is not supported by the ascreg host twin yet");
  ascreg::twin::cast(S::kind, V::kind, ascreg::twin::castRound(trait.roundMode),
                     trait.satMode == SatMode::SAT, ascreg::twin::castPart(trait.layoutMode),
                     srcReg.bits(), mask, dstReg.bits(), loc);
}

template <typename T = DefaultType, RoundMode roundMode = RoundMode::CAST_NONE,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
ASCREG_OP("truncate round=$roundMode out=dstReg in=srcReg,mask")
inline void Truncate(S &dstReg, S &srcReg, const MaskReg &mask, const Loc &loc = Loc::current()) {
  ascreg::twin::enter("Truncate", loc);
  ASCREG_TWIN_REGS(S);
  static_assert(kTypeMatches<T, typename S::ActualT>,
                "Truncate<T>: T must be the registers' element type");
  ASCREG_TWIN_ZEROING("Truncate", mode);
  ascreg::twin::truncate(S::kind, ascreg::twin::truncateRound(roundMode), srcReg.bits(), mask,
                         dstReg.bits(), loc);
}

//===----------------------------------------------------------------------===//
// Calls the twin has no function for yet (the issue-27 ops are in
// ArithOps.h, ScalarFormOps.h and LaneFormOps.h)
//===----------------------------------------------------------------------===//

ASCREG_TWIN_UNSUPPORTED(Div)
ASCREG_TWIN_UNSUPPORTED(Neg)
ASCREG_TWIN_UNSUPPORTED(Exp)
ASCREG_TWIN_UNSUPPORTED(Ln)
ASCREG_TWIN_UNSUPPORTED(Sqrt)
ASCREG_TWIN_UNSUPPORTED(Relu)
ASCREG_TWIN_UNSUPPORTED(Interleave)
ASCREG_TWIN_UNSUPPORTED(DeInterleave)
ASCREG_TWIN_UNSUPPORTED(GatherB)
ASCREG_TWIN_UNSUPPORTED(Scatter)
ASCREG_TWIN_UNSUPPORTED(Squeeze)
ASCREG_TWIN_UNSUPPORTED(Pack)
ASCREG_TWIN_UNSUPPORTED(UnPack)
ASCREG_TWIN_UNSUPPORTED(LoadUnAlign)
ASCREG_TWIN_UNSUPPORTED(StoreUnAlign)
ASCREG_TWIN_UNSUPPORTED(Histograms)

} // namespace Reg
} // namespace AscendC

namespace AscendC {
namespace MicroAPI = Reg;
} // namespace AscendC

#include "ascreg/AscendC/twin/ReduceDataBlock.h"

#endif // ASCREG_ASCENDC_TWIN_REGOPS_H
