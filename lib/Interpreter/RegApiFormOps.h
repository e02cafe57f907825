//===- RegApiFormOps.h - payloads of the Reg API forms ----------*- C++ -*-===//
//
// The payloads of the ops of AscRegRegApiOps.td that no shape of
// RegisterOps.h fits (the lane broadcast is DuplicateLaneInst there). Each
// `run` forwards to the semantics library (RegApiForms.h).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_REGAPIFORMOPS_H
#define ASCREG_LIB_INTERPRETER_REGAPIFORMOPS_H

#include "RegisterOps.h"

#include "ascreg/Semantics/RegApiForms.h"

namespace ascreg {
namespace interp {

/// store_first / vsts ONEPT_Bn: lane 0, element-aligned, no mask.
struct StoreFirstInst {
  static constexpr Flow flow = Flow::MayFail;
  sem::RegType type;
  RegRef value;
  BufferRef base;
  ElementOffset offset;
  unsigned bytes() const { return sem::elemBytes(type.elem); }
  bool run(Machine &m, const Inst &inst) const {
    std::optional<uint64_t> addr =
        m.registerAccess(inst, m.buffer(base), m.elementOffset(offset), bytes(), bytes());
    if (!addr)
      return false;
    sem::storeFirst(type, m.reg(value), m.ubData() + *addr);
    m.ub.noteWrite(*addr, bytes());
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    // Element alignment holds by construction (32-byte aligned buffers,
    // offsets in elements of the lane's width): only the bounds can fail.
    Machine::CheckedAccess a =
        checkRegisterAccess(m, inst, base, offset, bytes(), /*aligned=*/false);
    if (!a.valid)
      return a.skip ? ShadowAction::Skip : ShadowAction::Run;
    s.reportTaintedLanes(m, inst, value, type, 1, UseKind::Store, "stores",
                         [](unsigned) { return true; });
    for (unsigned i = 0; i < bytes(); ++i)
      s.writeByte(a.addr + i, s.reg(value).b[i]);
    if (s.options.bounds && !buf.holds(a.addr, bytes()))
      s.reportLanes(m, inst, FindingKind::OutOfBufferWrite, UseKind::Store, 1, "writes lanes ",
                    " outside its buffer of " + buf.elementsText(), [](unsigned) { return true; });
    return ShadowAction::Run;
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_REGAPIFORMOPS_H
