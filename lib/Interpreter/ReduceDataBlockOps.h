//===- ReduceDataBlockOps.h - payload of reduce_data_block ------*- C++ -*-===//
//
// reduce_data_block and the dav intrinsics it lowers to (vcgadd, vcgmax,
// vcgmin): the semantics library's reduceDataBlock. The shadow taints
// result lane b with the lanes of block b that are active or whose mask bit
// is unknown, and with those mask bits; lanes 8 and up are always 0.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_REDUCEDATABLOCKOPS_H
#define ASCREG_LIB_INTERPRETER_REDUCEDATABLOCKOPS_H

#include "RegisterOps.h"

#include "ascreg/Semantics/ReduceDataBlock.h"

namespace ascreg {
namespace interp {

/// reduce_data_block <sum|max|min> / vcgadd / vcgmax / vcgmin (zeroing).
struct ReduceDataBlockInst {
  static constexpr Flow flow = Flow::Next;
  sem::ReduceKind kind;
  sem::RegType resultType, sourceType;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::reduceDataBlock(m.profile(), kind, resultType, sourceType, m.reg(source), m.mask(mask),
                         m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    uint8_t maskTaint = checkMaskUse(m, inst, mask, sourceType);
    if (!s.summary(source) && !maskTaint) {
      s.cleanReg(result);
      return ShadowAction::Run;
    }
    const sem::Mask &mk = m.mask(mask);
    const MaskTaint &mt = s.mask(mask);
    const sem::RegType src = sourceType;
    const unsigned w = sem::elemBytes(resultType.elem);
    const unsigned perBlock = sem::kDataBlockBytes / sem::elemBytes(src.elem);
    sem::Reg out;
    std::memset(out.b, 0, sizeof out.b);
    for (unsigned b = 0; b < src.lanes() / perBlock; ++b) {
      uint8_t t = 0;
      for (unsigned l = b * perBlock; l < (b + 1) * perBlock; ++l) {
        uint8_t mlt = mt.laneTaint(src, l);
        if (mk.laneActive(src, l) || mlt)
          t |= s.laneTaint(source, src, l) | mlt;
      }
      std::memset(out.b + b * w, t, w);
    }
    s.reg(result) = out;
    s.summarize(result, resultType.bytes());
    s.regOrigin[result.slot] =
        s.summary(source) ? s.regOrigin[source.slot] : s.maskOrigin[mask.slot];
    return ShadowAction::Run;
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_REDUCEDATABLOCKOPS_H
