//===- ArithCalls.h - checked calls of the issue-27 ops ---------*- C++ -*-===//
//
// The semantics calls of the ops issue 27 added (docs/semantics.md 2.20 -
// 2.25), as SemanticsCalls.h does for the others: check the verifier's type
// table with an error at the user's call, compute with the op's semantics
// entry point under ascreg_host::profile() on copies of the inputs (a
// destination may alias a source), then record the op in the trace.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_ARITHCALLS_H
#define ASCREG_ASCENDC_TWIN_ARITHCALLS_H

#include "ascreg/AscendC/twin/SemanticsCalls.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/RegApiForms.h"
#include "ascreg/Semantics/ScalarForms.h"

namespace ascreg {
namespace twin {

/// sub, mul, and, or, xor of two registers.
inline void arith(S::ArithKind k, S::RegType t, const S::Reg &a, const S::Reg &b,
                  const vector_bool &mask, S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalArith(k, t), call, std::string(S::arithName(k)) + " of " + typeName(t),
               loc);
  S::Reg x = a, y = b;
  S::Mask m = mask.m;
  S::arith(ascreg_host::profile(), k, t, x, y, m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               std::string("ascreg.") + S::arithName(k) + " " + tr->reg(&a, x, t) + ", " +
                   tr->reg(&b, y, t) + ", " + tr->mask(&mask, m) + " : " + trace::vregType(t));
}

/// abs, not of a register.
inline void unary(S::UnaryKind k, S::RegType t, const S::Reg &a, const vector_bool &mask,
                  S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalUnary(k, t), call, std::string(S::unaryName(k)) + " of " + typeName(t),
               loc);
  S::Reg x = a;
  S::Mask m = mask.m;
  S::unary(ascreg_host::profile(), k, t, x, m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               std::string("ascreg.") + S::unaryName(k) + " " + tr->reg(&a, x, t) + ", " +
                   tr->mask(&mask, m) + " : " + trace::vregType(t));
}

/// adds, muls, maxs, mins: the register and the scalar's element bits.
inline void scalarForm(S::ScalarFormKind k, S::RegType t, const S::Reg &a, uint64_t bits,
                       const vector_bool &mask, S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalScalarForm(k, t), call,
               std::string(S::scalarFormName(k)) + " of " + typeName(t), loc);
  S::Reg x = a;
  S::Mask m = mask.m;
  S::scalarForm(ascreg_host::profile(), k, t, x, bits, m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               std::string("ascreg.") + S::scalarFormName(k) + " " + tr->reg(&a, x, t) + ", " +
                   tr->constant(t.elem, bits) + ", " + tr->mask(&mask, m) + " : " +
                   trace::vregType(t) + ", " + trace::scalarType(t.elem));
}

/// compares <p>: the register against the scalar's element bits.
inline void compareScalar(S::ComparePred p, S::RegType t, const S::Reg &a, uint64_t bits,
                          const vector_bool &mask, vector_bool &out, const char *call,
                          const Loc &loc) {
  requireLegal(S::isLegalCompareScalar(t), call, "compares of " + typeName(t), loc);
  S::Reg x = a;
  S::Mask m = mask.m;
  S::compareScalar(ascreg_host::profile(), p, t, x, bits, m, out.m);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defMask(&out, out.m,
                std::string("ascreg.compares <") + comparePredName(p) + "> " + tr->reg(&a, x, t) +
                    ", " + tr->constant(t.elem, bits) + ", " + tr->mask(&mask, m) + " : " +
                    trace::vregType(t) + ", " + trace::scalarType(t.elem));
}

/// Every active lane = lane 0 of `src` (inactive lanes 0).
inline void duplicateLane(S::RegType t, const S::Reg &src, const vector_bool &mask, S::Reg &out,
                          const char *call, const Loc &loc) {
  requireLegal(S::isLegalDuplicateLane(t), call, "duplicate_lane of " + typeName(t), loc);
  S::Reg x = src;
  S::Mask m = mask.m;
  S::duplicateLane(t, x, m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               "ascreg.duplicate_lane " + tr->reg(&src, x, t) + ", " + tr->mask(&mask, m) + " : " +
                   trace::vregType(t));
}

/// Lane 0 of register `src` (at `srcAddr`) to UB pointer `dst`; the mask is
/// ignored (docs/semantics.md 2.23) but recorded, as the op keeps it.
inline void storeFirst(void *dst, const S::Reg &src, const void *srcAddr, S::RegType t,
                       const vector_bool &mask, const char *call, const Loc &loc) {
  requireLegal(S::isLegalStoreFirst(t), call, "store_first of " + typeName(t), loc);
  uint64_t w = S::elemBytes(t.elem);
  uint8_t *p = checkWrite(dst, 0, w, /*aligned=*/false, call, loc);
  trace::Recorder *tr = trace::call(loc);
  trace::Recorder::Memory mem;
  if (tr) {
    std::string v = tr->reg(srcAddr, src, t), mk = tr->mask(&mask, mask.m);
    mem = tr->memory(dst, t.elem, 0, w, /*exactBase=*/false);
    S::RegType mt = trace::memoryRegType(t, mem.region->kind);
    if (!(mt == t))
      v = tr->temp(tr->bitcastOf(v, t, mt));
    tr->emit("ascreg.store_first " + v + ", %" + mem.region->name + "[" + mem.offset + "], " + mk +
             " : " + trace::vregType(mt) + ", " + mem.region->type());
  }
  S::storeFirst(t, src, p);
  if (tr)
    tr->stored(*mem.region, mem.byteOffset, mem.byteOffset + w);
}

/// The vendor's MaskReg Xor (and the others on the governed_mask op):
/// dst = op(a, b) & governing on all 256 bits.
inline const char *maskLogicName(S::MaskLogicKind k) {
  return k == S::MaskLogicKind::And ? "and" : k == S::MaskLogicKind::Or ? "or" : "xor";
}
inline void governedMask(S::MaskLogicKind k, vector_bool &dst, const vector_bool &a,
                         const vector_bool &b, const vector_bool &governing, const Loc &loc) {
  S::Mask x = a.m, y = b.m, g = governing.m;
  S::governedMaskLogic(k, x, y, g, dst.m);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defMask(&dst, dst.m,
                std::string("ascreg.governed_mask <") + maskLogicName(k) + "> " + tr->mask(&a, x) +
                    ", " + tr->mask(&b, y) + ", " + tr->mask(&governing, g));
}

/// dst = ~a & governing on all 256 bits (the C API's asc_not of masks).
inline void governedMaskNot(vector_bool &dst, const vector_bool &a, const vector_bool &governing,
                            const Loc &loc) {
  S::Mask x = a.m, g = governing.m;
  S::governedMaskNot(x, g, dst.m);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defMask(&dst, dst.m,
                "ascreg.governed_mask_not " + tr->mask(&a, x) + ", " + tr->mask(&governing, g));
}

} // namespace twin
} // namespace ascreg

#endif // ASCREG_ASCENDC_TWIN_ARITHCALLS_H
