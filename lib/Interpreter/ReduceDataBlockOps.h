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
    return shadowGroupReduce(m, inst, sourceType, source, mask, result, resultType,
                             sem::kDataBlockBytes / sem::elemBytes(sourceType.elem));
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_REDUCEDATABLOCKOPS_H
