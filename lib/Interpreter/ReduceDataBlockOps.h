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
  void run(Machine &m) const { compute(m, m.reg(source), m.mask(mask), m.regOut(result)); }
  /// run on operands looked up by the caller (a fused loop's).
  void compute(const Machine &m, const sem::Reg &in, const sem::Mask &mk, sem::Reg &out) const {
    sem::reduceDataBlock(m.profile(), kind, resultType, sourceType, in, mk, out);
  }
  /// After run: block b's source lanes and the active ones; for max / min
  /// the lane whose value is result lane b (the first NaN, else the first
  /// of the lanes holding the result's bits: first of equal values, -0 and
  /// +0 told apart as the semantics orders them).
  void decide(Machine &m, TraceDecision &d) const {
    d.kind = TraceDecision::Kind::Blocks;
    d.isSum = kind == sem::ReduceKind::Sum;
    d.isMax = kind == sem::ReduceKind::Max;
    const sem::Mask &mk = m.mask(mask);
    const sem::Reg &in = m.reg(source), &out = m.reg(result);
    const unsigned w = sem::elemBytes(sourceType.elem), rw = sem::elemBytes(resultType.elem);
    const unsigned perBlock = sem::kDataBlockBytes / w;
    const sem::NumberFormat f = sem::numberFormat(sourceType.elem);
    for (unsigned b = 0; b < sourceType.lanes() / perBlock; ++b) {
      TraceDecision::Block blk{.firstLane = b * perBlock, .lanes = perBlock};
      for (unsigned l = blk.firstLane; l < blk.firstLane + perBlock; ++l)
        if (mk.laneActive(sourceType, l))
          blk.active.push_back(l);
      if (!d.isSum && !blk.active.empty()) {
        uint64_t value = 0;
        std::memcpy(&value, out.b + b * rw, rw);
        blk.firstNaN = sem::isNaN(f, value);
        for (unsigned l : blk.active) {
          uint64_t x = 0;
          std::memcpy(&x, in.b + l * w, w);
          if (blk.firstNaN ? sem::isNaN(f, x) : x == value) {
            blk.winner = l;
            break;
          }
        }
      }
      d.blocks.push_back(std::move(blk));
    }
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowGroupReduce(m, inst, sourceType, source, mask, result, resultType,
                             sem::kDataBlockBytes / sem::elemBytes(sourceType.elem));
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_REDUCEDATABLOCKOPS_H
