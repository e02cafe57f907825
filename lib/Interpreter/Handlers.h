//===- Handlers.h - instruction handlers of the interpreter ------*- C++ -*-===//
//
// One small function per instruction kind. Handlers read and write the slot
// files directly and return the next pc; they never allocate.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_HANDLERS_H
#define ASCREG_LIB_INTERPRETER_HANDLERS_H

#include "Machine.h"

#include <cmath>
#include <cstring>

namespace ascreg {
namespace interp {
namespace handlers {

inline uint64_t widthMask(unsigned w) { return w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1; }
inline int64_t sext(uint64_t x, unsigned w) {
  if (w >= 64) return static_cast<int64_t>(x);
  unsigned s = 64 - w;
  return static_cast<int64_t>(x << s) >> s;
}

// ---- Control flow and copies ----
uint32_t halt(Machine &, const Inst &, uint32_t);
uint32_t jump(Machine &m, const Inst &I, uint32_t pc);         // imm = target, counts a step
uint32_t branchIfFalse(Machine &m, const Inst &I, uint32_t pc); // a = cond, imm = target
uint32_t forCheck(Machine &m, const Inst &I, uint32_t pc);      // a = iv, b = ub, imm = exit
uint32_t forIncrement(Machine &m, const Inst &I, uint32_t pc);  // a = iv, b = step, imm = head
uint32_t copyScalar(Machine &m, const Inst &I, uint32_t pc);
uint32_t copyReg(Machine &m, const Inst &I, uint32_t pc);
uint32_t copyMask(Machine &m, const Inst &I, uint32_t pc);

// ---- Scalars ----
uint32_t constant(Machine &m, const Inst &I, uint32_t pc);
Handler intBinary(llvm::StringRef opName);        // arith.addi ... ; nullptr if unknown
uint32_t cmpi(Machine &m, const Inst &I, uint32_t pc);
uint32_t selectScalar(Machine &m, const Inst &I, uint32_t pc);
uint32_t extsi(Machine &m, const Inst &I, uint32_t pc);
uint32_t truncOrZext(Machine &m, const Inst &I, uint32_t pc); // imm = result width mask
Handler floatBinary(llvm::StringRef opName);
uint32_t cmpf(Machine &m, const Inst &I, uint32_t pc);
uint32_t negf(Machine &m, const Inst &I, uint32_t pc);
uint32_t intToFloat(Machine &m, const Inst &I, uint32_t pc);
uint32_t floatToInt(Machine &m, const Inst &I, uint32_t pc);
uint32_t floatToFloat(Machine &m, const Inst &I, uint32_t pc);

// ---- memref ----
uint32_t memrefLoad(Machine &m, const Inst &I, uint32_t pc);
uint32_t memrefStore(Machine &m, const Inst &I, uint32_t pc);
uint32_t memrefDim(Machine &m, const Inst &I, uint32_t pc);
uint32_t memrefAlloc(Machine &m, const Inst &I, uint32_t pc);

// ---- ascreg ----
uint32_t createMask(Machine &m, const Inst &I, uint32_t pc);
uint32_t updateMask(Machine &m, const Inst &I, uint32_t pc);
uint32_t maskAnd(Machine &m, const Inst &I, uint32_t pc);
uint32_t maskOr(Machine &m, const Inst &I, uint32_t pc);
uint32_t maskNot(Machine &m, const Inst &I, uint32_t pc);
uint32_t loadAlign(Machine &m, const Inst &I, uint32_t pc);
uint32_t storeAlign(Machine &m, const Inst &I, uint32_t pc);
uint32_t reduce(Machine &m, const Inst &I, uint32_t pc);
uint32_t pairReduceSum(Machine &m, const Inst &I, uint32_t pc);
uint32_t gather(Machine &m, const Inst &I, uint32_t pc);
uint32_t gatherReg(Machine &m, const Inst &I, uint32_t pc);
uint32_t duplicate(Machine &m, const Inst &I, uint32_t pc);
uint32_t duplicateMasked(Machine &m, const Inst &I, uint32_t pc);
uint32_t arange(Machine &m, const Inst &I, uint32_t pc);
uint32_t compare(Machine &m, const Inst &I, uint32_t pc);
uint32_t select(Machine &m, const Inst &I, uint32_t pc);
uint32_t binary(Machine &m, const Inst &I, uint32_t pc);
uint32_t bitcast(Machine &m, const Inst &I, uint32_t pc);

// ---- dav-3510 intrinsics without an ascreg counterpart ----
uint32_t davPand(Machine &m, const Inst &I, uint32_t pc);
uint32_t davPor(Machine &m, const Inst &I, uint32_t pc);
uint32_t davPnot(Machine &m, const Inst &I, uint32_t pc);
uint32_t davPpack(Machine &m, const Inst &I, uint32_t pc);   // k0 = higher
uint32_t davPunpack(Machine &m, const Inst &I, uint32_t pc); // k0 = higher
uint32_t davPintlvB32(Machine &m, const Inst &I, uint32_t pc);
uint32_t davVldsDintlv(Machine &m, const Inst &I, uint32_t pc);
uint32_t davVdupLane0(Machine &m, const Inst &I, uint32_t pc);
uint32_t davScalarOp(Machine &m, const Inst &I, uint32_t pc); // k0 = ScalarOp
uint32_t davVand(Machine &m, const Inst &I, uint32_t pc);
uint32_t davVintlv(Machine &m, const Inst &I, uint32_t pc);
uint32_t davVdintlv(Machine &m, const Inst &I, uint32_t pc);
uint32_t davSelect(Machine &m, const Inst &I, uint32_t pc); // vsel(lhs, rhs, mask)

} // namespace handlers
} // namespace interp
} // namespace ascreg

#endif
