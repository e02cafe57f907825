//===- ScalarFormOps.h - payloads of the vector-scalar forms ----*- C++ -*-===//
//
// adds / muls / maxs / mins / compares and the dav intrinsics they lower to
// (vadds, vmuls, vmaxs, vmins, vcmps_*): the semantics library's scalar
// forms (ScalarForms.h). The shadow is the vector op's with the scalar's
// taint on every lane.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_SCALARFORMOPS_H
#define ASCREG_LIB_INTERPRETER_SCALARFORMOPS_H

#include "RegisterOps.h"

#include "ascreg/Semantics/ScalarForms.h"

namespace ascreg {
namespace interp {

/// adds / muls / maxs / mins and vadds / vmuls / vmaxs / vmins (zeroing).
struct ScalarFormInst {
  static constexpr Flow flow = Flow::Next;
  sem::ScalarFormKind kind;
  sem::RegType type;
  RegRef source;
  ScalarRef scalar;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::scalarForm(m.profile(), kind, type, m.reg(source), m.scalar(scalar), m.mask(mask),
                    m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowRegisterAndScalar(m, inst, type, source, scalar, mask, result);
  }
};

/// compares / vcmps_*: an active lane's result bit is tainted by its source
/// lane, the scalar and its mask bit; inactive lanes by the mask bit only.
struct CompareScalarInst {
  static constexpr Flow flow = Flow::Next;
  sem::ComparePred predicate;
  sem::RegType type;
  RegRef source;
  ScalarRef scalar;
  MaskRef mask, result;
  void run(Machine &m) const {
    sem::compareScalar(m.profile(), predicate, type, m.reg(source), m.scalar(scalar), m.mask(mask),
                       m.mask(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    uint8_t scalarTaint = s.scalar(scalar);
    return shadowCompare(
        m, inst, type, mask, result, s.summary(source) || scalarTaint,
        s.summary(source) || !scalarTaint ? s.regOrigin[source.slot] : s.scalarOrigin[scalar.slot],
        [&](unsigned l) { return uint8_t(s.laneTaint(source, type, l) | scalarTaint); });
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_SCALARFORMOPS_H
