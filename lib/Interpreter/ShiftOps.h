//===- ShiftOps.h - payloads of the shifts ----------------------*- C++ -*-===//
//
// shift_left / shift_right / shift_lefts / shift_rights and the dav
// intrinsics they lower to (vshl, vshr, vshls, vshrs): the semantics
// library's shifts (Shifts.h) under the run's profile. The shadow is
// lane-wise: a result lane is tainted by its source lane and its amount
// (the amount lane, or the scalar on every lane).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_SHIFTOPS_H
#define ASCREG_LIB_INTERPRETER_SHIFTOPS_H

#include "RegisterOps.h"

#include "ascreg/Semantics/Shifts.h"

namespace ascreg {
namespace interp {

/// shift_left / shift_right and vshl / vshr (zeroing).
struct ShiftInst {
  static constexpr Flow flow = Flow::Next;
  sem::ShiftKind kind;
  sem::RegType type;
  RegRef source, amount;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::shift(m.profile(), kind, type, m.reg(source), m.reg(amount), m.mask(mask),
               m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowZeroing(m, inst, type, mask, result, {source, amount});
  }
};

/// shift_lefts / shift_rights and vshls / vshrs (zeroing): the scalar is
/// the signed value of its `scalarBits`-bit integer.
struct ShiftScalarInst {
  static constexpr Flow flow = Flow::Next;
  sem::ShiftKind kind;
  sem::RegType type;
  unsigned scalarBits;
  RegRef source;
  ScalarRef scalar;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    const unsigned unused = 64 - scalarBits;
    const int64_t amount = int64_t(m.scalar(scalar) << unused) >> unused;
    sem::shiftScalar(m.profile(), kind, type, m.reg(source), amount, m.mask(mask),
                     m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowRegisterAndScalar(m, inst, type, source, scalar, mask, result);
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_SHIFTOPS_H
