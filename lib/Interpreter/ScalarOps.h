//===- ScalarOps.h - instructions on scalars and control flow ---*- C++ -*-===//
//
// The arith / index / memref scalar ops a kernel's address and loop code
// uses, and the jumps, branches and copies that structured control flow
// compiles to. Integers are kept zero-extended from their width; floats as
// their IEEE bits (f16/bf16 in the low 16 bits).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_SCALAROPS_H
#define ASCREG_LIB_INTERPRETER_SCALAROPS_H

#include "Machine.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <limits>

namespace ascreg {
namespace interp {

inline uint64_t widthMask(unsigned w) { return w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1; }
inline int64_t signExtend(uint64_t x, unsigned w) {
  if (w >= 64)
    return static_cast<int64_t>(x);
  unsigned s = 64 - w;
  return static_cast<int64_t>(x << s) >> s;
}

//===----------------------------------------------------------------------===//
// Control flow and copies
//===----------------------------------------------------------------------===//

struct HaltInst {
  static constexpr Flow flow = Flow::Jump;
  uint32_t run(Machine &, const Inst &, uint32_t) const { return kHalt; }
};

/// Unconditional jump (counts a step: loops made of branches end at the limit).
struct JumpInst {
  static constexpr Flow flow = Flow::Jump;
  uint32_t target;
  uint32_t run(Machine &m, const Inst &inst, uint32_t) const {
    return m.countStep(inst) ? target : kHalt;
  }
};

struct BranchIfFalseInst {
  static constexpr Flow flow = Flow::Jump;
  ScalarRef condition;
  uint32_t ifFalse;
  uint32_t run(Machine &m, const Inst &, uint32_t pc) const {
    return (m.scalar(condition) & 1) ? pc + 1 : ifFalse;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    if (uint8_t t = m.shadow->scalar(condition))
      m.shadow->reportTaintedUse(m, inst, t, UseKind::Branch, "branches on", {},
                                 m.shadow->scalarOrigin[condition.slot]);
    return ShadowAction::Run;
  }
};

/// scf.for bounds: the induction variable's width and signedness.
struct LoopBounds {
  ScalarRef iv, upper, step;
  uint8_t width;
  bool isUnsigned;
  /// Reports a bound, step or induction variable computed from tainted data.
  void checkTaint(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    for (ScalarRef r : {iv, upper, step})
      if (uint8_t t = s.scalar(r)) {
        s.reportTaintedUse(m, inst, t, UseKind::LoopBound, "loops with a bound computed from", {},
                           s.scalarOrigin[r.slot]);
        return;
      }
  }
  bool inRange(Machine &m) const {
    uint64_t i = m.scalar(iv), u = m.scalar(upper);
    return isUnsigned ? i < u : signExtend(i, width) < signExtend(u, width);
  }
};

/// Before the first iteration: checks the step, skips an empty loop.
struct ForEnterInst {
  static constexpr Flow flow = Flow::Jump;
  LoopBounds loop;
  uint32_t exit;
  uint32_t run(Machine &m, const Inst &inst, uint32_t pc) const {
    if (!loop.inRange(m))
      return exit;
    int64_t step = signExtend(m.scalar(loop.step), loop.width);
    if (loop.isUnsigned ? m.scalar(loop.step) == 0 : step <= 0) {
      m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::NonPositiveStep, {step}});
      return kHalt;
    }
    return m.countStep(inst) ? pc + 1 : kHalt;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    loop.checkTaint(m, inst);
    return ShadowAction::Run;
  }
};

/// After an iteration: steps the induction variable, loops back while in range.
struct ForLatchInst {
  static constexpr Flow flow = Flow::Jump;
  LoopBounds loop;
  uint32_t body;
  uint32_t run(Machine &m, const Inst &inst, uint32_t pc) const {
    // Wraps like the lowered loop (scf-to-cf: add, then compare).
    uint64_t &i = m.scalar(loop.iv);
    i = (i + m.scalar(loop.step)) & widthMask(loop.width);
    if (!loop.inRange(m))
      return pc + 1;
    return m.countStep(inst) ? body : kHalt;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    propagateScalar(*m.shadow, loop.iv, {loop.iv, loop.step});
    loop.checkTaint(m, inst);
    return ShadowAction::Run;
  }
};

/// ForLatchInst after the copy of a loop's one scalar iter_arg (its yield):
/// one dispatch instead of two in the common counted loop (Compiler::compileFor).
struct ForLatchCopyInst {
  static constexpr Flow flow = Flow::Jump;
  ForLatchInst latch;
  ScalarRef yielded, iterArg;
  uint32_t run(Machine &m, const Inst &inst, uint32_t pc) const {
    m.scalar(iterArg) = m.scalar(yielded);
    return latch.run(m, inst, pc);
  }
};

struct CopyScalarInst {
  static constexpr Flow flow = Flow::Next;
  ScalarRef from, to;
  void run(Machine &m) const { m.scalar(to) = m.scalar(from); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, to, {from});
    return ShadowAction::Run;
  }
};
/// A register's bytes into another slot, their taint with them. Two payload
/// types: a copy between slots (its value keeps its producer in a provenance
/// trace) and bitcast / reinterpret (an op of its own there).
enum class RegBytesKind : uint8_t { Copy, Reinterpret };
template <RegBytesKind> struct RegBytesInst {
  static constexpr Flow flow = Flow::Next;
  uint32_t bytes;
  RegRef from, to;
  void run(Machine &m) const { std::memcpy(m.regOut(to).b, m.reg(from).b, bytes); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->copyReg(from, to);
    return ShadowAction::Run;
  }
};
using CopyRegInst = RegBytesInst<RegBytesKind::Copy>;
using ReinterpretInst = RegBytesInst<RegBytesKind::Reinterpret>;
struct CopyMaskInst {
  static constexpr Flow flow = Flow::Next;
  MaskRef from, to;
  void run(Machine &m) const { m.mask(to) = m.mask(from); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->copyMask(from, to);
    return ShadowAction::Run;
  }
};

//===----------------------------------------------------------------------===//
// Integer scalars
//===----------------------------------------------------------------------===//

struct ConstantInst {
  static constexpr Flow flow = Flow::Next;
  uint64_t bits;
  ScalarRef result;
  void run(Machine &m) const { m.scalar(result) = bits; }
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->setScalar(result, 0, 0);
    return ShadowAction::Run;
  }
};

enum class IntOp : uint8_t {
  Add,
  Sub,
  Mul,
  And,
  Or,
  Xor,
  Shl,
  ShrU,
  ShrS,
  DivS,
  DivU,
  RemS,
  RemU,
  MaxS,
  MinS,
  MaxU,
  MinU,
  CeilDivS,
  CeilDivU,
  FloorDivS
};

/// arith and index integer binary ops.
template <IntOp OP> struct IntBinaryInst {
  static constexpr Flow flow = Flow::MayFail;
  uint8_t width;
  ScalarRef lhs, rhs, result;
  bool run(Machine &m, const Inst &inst) const {
    uint64_t a = m.scalar(lhs), b = m.scalar(rhs), r = 0;
    unsigned w = width;
    switch (OP) {
    case IntOp::Add:
      r = a + b;
      break;
    case IntOp::Sub:
      r = a - b;
      break;
    case IntOp::Mul:
      r = a * b;
      break;
    case IntOp::And:
      r = a & b;
      break;
    case IntOp::Or:
      r = a | b;
      break;
    case IntOp::Xor:
      r = a ^ b;
      break;
    case IntOp::Shl:
      r = b >= w ? 0 : a << b;
      break; // poison upstream; 0 here
    case IntOp::ShrU:
      r = b >= w ? 0 : a >> b;
      break;
    case IntOp::ShrS:
      r = static_cast<uint64_t>(signExtend(a, w) >> (b >= w ? w - 1 : b));
      break;
    case IntOp::MaxS:
      r = signExtend(a, w) >= signExtend(b, w) ? a : b;
      break;
    case IntOp::MinS:
      r = signExtend(a, w) <= signExtend(b, w) ? a : b;
      break;
    case IntOp::MaxU:
      r = a >= b ? a : b;
      break;
    case IntOp::MinU:
      r = a <= b ? a : b;
      break;
    case IntOp::DivU:
    case IntOp::RemU:
    case IntOp::CeilDivU:
      if (b == 0)
        return divisionByZero(m, inst);
      r = OP == IntOp::DivU ? a / b : OP == IntOp::RemU ? a % b : a / b + (a % b != 0);
      break;
    case IntOp::DivS:
    case IntOp::RemS:
    case IntOp::CeilDivS:
    case IntOp::FloorDivS: {
      int64_t x = signExtend(a, w), y = signExtend(b, w);
      if (y == 0)
        return divisionByZero(m, inst);
      // The most negative value divided by -1 wraps to itself (remainder 0).
      if (y == -1 && x == signExtend(uint64_t(1) << (w - 1), w)) {
        r = OP == IntOp::RemS ? 0 : a;
        break;
      }
      int64_t q = x / y, rem = x % y;
      if (OP == IntOp::DivS)
        r = static_cast<uint64_t>(q);
      else if (OP == IntOp::RemS)
        r = static_cast<uint64_t>(rem);
      else if (OP == IntOp::CeilDivS)
        r = static_cast<uint64_t>(q + ((rem != 0) && ((rem > 0) == (y > 0))));
      else
        r = static_cast<uint64_t>(q - ((rem != 0) && ((rem < 0) != (y < 0))));
      break;
    }
    }
    m.scalar(result) = r & widthMask(w);
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {lhs, rhs});
    return ShadowAction::Run;
  }
  static bool divisionByZero(Machine &m, const Inst &inst) {
    m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::DivisionByZero});
    return false;
  }
};

/// arith.cmpi / index.cmp, predicates in arith::CmpIPredicate order.
enum class IntPredicate : uint8_t { EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE };
struct CmpIInst {
  static constexpr Flow flow = Flow::Next;
  IntPredicate predicate;
  uint8_t width;
  ScalarRef lhs, rhs, result;
  void run(Machine &m) const {
    uint64_t a = m.scalar(lhs), b = m.scalar(rhs);
    int64_t x = signExtend(a, width), y = signExtend(b, width);
    bool r = false;
    switch (predicate) {
    case IntPredicate::EQ:
      r = a == b;
      break;
    case IntPredicate::NE:
      r = a != b;
      break;
    case IntPredicate::SLT:
      r = x < y;
      break;
    case IntPredicate::SLE:
      r = x <= y;
      break;
    case IntPredicate::SGT:
      r = x > y;
      break;
    case IntPredicate::SGE:
      r = x >= y;
      break;
    case IntPredicate::ULT:
      r = a < b;
      break;
    case IntPredicate::ULE:
      r = a <= b;
      break;
    case IntPredicate::UGT:
      r = a > b;
      break;
    case IntPredicate::UGE:
      r = a >= b;
      break;
    }
    m.scalar(result) = r;
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {lhs, rhs});
    return ShadowAction::Run;
  }
};

struct SelectScalarInst {
  static constexpr Flow flow = Flow::Next;
  ScalarRef condition, onTrue, onFalse, result;
  void run(Machine &m) const {
    m.scalar(result) = (m.scalar(condition) & 1) ? m.scalar(onTrue) : m.scalar(onFalse);
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {condition, (m.scalar(condition) & 1) ? onTrue : onFalse});
    return ShadowAction::Run;
  }
};

/// Integer width changes: sign extension, or truncation / zero extension /
/// bitcast (the result keeps the low bits).
struct ResizeIntInst {
  static constexpr Flow flow = Flow::Next;
  bool signExtendFrom;
  uint8_t fromWidth, toWidth;
  ScalarRef source, result;
  void run(Machine &m) const {
    uint64_t v = m.scalar(source);
    if (signExtendFrom)
      v = static_cast<uint64_t>(signExtend(v, fromWidth));
    m.scalar(result) = v & widthMask(toWidth);
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {source});
    return ShadowAction::Run;
  }
};

//===----------------------------------------------------------------------===//
// Float scalars. f16/bf16 arithmetic is done in f32 and rounded once, which
// is exact for + - * / (f32 has more than 2p+2 bits).
//===----------------------------------------------------------------------===//

enum class FloatType : uint8_t { F16, BF16, F32, F64 };

inline double toDouble(uint64_t bits, FloatType t) {
  switch (t) {
  case FloatType::F16:
    return sem::f16ToF32(static_cast<uint16_t>(bits));
  case FloatType::BF16:
    return sem::bf16ToF32(static_cast<uint16_t>(bits));
  case FloatType::F32: {
    float f;
    uint32_t u = static_cast<uint32_t>(bits);
    std::memcpy(&f, &u, 4);
    return f;
  }
  case FloatType::F64: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  }
  return 0;
}
inline uint64_t bitsOfFloat(float f, FloatType t) {
  switch (t) {
  case FloatType::F16:
    return sem::f32ToF16(f);
  case FloatType::BF16:
    return sem::f32ToBF16(f);
  default: {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  }
}
inline uint64_t bitsOfDouble(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
/// Rounds a double to `t`, through f32 for f16 / bf16: an arithmetic result
/// (computed exactly, or in double from f16 / bf16 / f32 operands) comes out
/// correctly rounded, since f32 has 24 >= 2 * 11 + 2 bits (double rounding is
/// innocuous for + - * /). Conversions use convertFloat.
inline uint64_t roundTo(double d, FloatType t) {
  if (t == FloatType::F64)
    return bitsOfDouble(d);
  return bitsOfFloat(static_cast<float>(d), t);
}

inline const llvm::fltSemantics &semanticsOf(FloatType t) {
  switch (t) {
  case FloatType::F16:
    return llvm::APFloat::IEEEhalf();
  case FloatType::BF16:
    return llvm::APFloat::BFloat();
  case FloatType::F32:
    return llvm::APFloat::IEEEsingle();
  case FloatType::F64:
    break;
  }
  return llvm::APFloat::IEEEdouble();
}

/// IEEE 754 conversion of the bits of a `from` to `to` (arith.extf /
/// arith.truncf), rounded once under `mode`: overflow gives inf or MAX as the
/// mode rounds, a NaN comes out quiet with its sign and top payload bits.
inline uint64_t convertFloat(uint64_t bits, FloatType from, FloatType to, llvm::RoundingMode mode) {
  const llvm::fltSemantics &src = semanticsOf(from);
  llvm::APFloat v(src, llvm::APInt(llvm::APFloat::getSizeInBits(src), bits));
  bool losesInfo = false;
  v.convert(semanticsOf(to), mode, &losesInfo);
  return v.bitcastToAPInt().getZExtValue();
}

enum class FloatOp : uint8_t { Add, Sub, Mul, Div, MaximumF, MinimumF, MaxNumF, MinNumF };

template <class T> T applyFloatOp(FloatOp op, T a, T b) {
  switch (op) {
  case FloatOp::Add:
    return a + b;
  case FloatOp::Sub:
    return a - b;
  case FloatOp::Mul:
    return a * b;
  case FloatOp::Div:
    return a / b;
  case FloatOp::MaximumF:
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<T>::quiet_NaN();
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  case FloatOp::MinimumF:
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<T>::quiet_NaN();
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  case FloatOp::MaxNumF:
    if (std::isnan(a))
      return b;
    if (std::isnan(b))
      return a;
    return applyFloatOp(FloatOp::MaximumF, a, b);
  case FloatOp::MinNumF:
    if (std::isnan(a))
      return b;
    if (std::isnan(b))
      return a;
    return applyFloatOp(FloatOp::MinimumF, a, b);
  }
  return a;
}

template <FloatOp OP> struct FloatBinaryInst {
  static constexpr Flow flow = Flow::Next;
  FloatType type;
  ScalarRef lhs, rhs, result;
  void run(Machine &m) const {
    if (type == FloatType::F64)
      m.scalar(result) = bitsOfDouble(
          applyFloatOp<double>(OP, toDouble(m.scalar(lhs), type), toDouble(m.scalar(rhs), type)));
    else
      m.scalar(result) =
          bitsOfFloat(applyFloatOp<float>(OP, static_cast<float>(toDouble(m.scalar(lhs), type)),
                                          static_cast<float>(toDouble(m.scalar(rhs), type))),
                      type);
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {lhs, rhs});
    return ShadowAction::Run;
  }
};

/// arith.cmpf, predicates in arith::CmpFPredicate order.
enum class FloatPredicate : uint8_t {
  False,
  OEQ,
  OGT,
  OGE,
  OLT,
  OLE,
  ONE,
  ORD,
  UEQ,
  UGT,
  UGE,
  ULT,
  ULE,
  UNE,
  UNO,
  True
};
struct CmpFInst {
  static constexpr Flow flow = Flow::Next;
  FloatPredicate predicate;
  FloatType type;
  ScalarRef lhs, rhs, result;
  void run(Machine &m) const {
    double a = toDouble(m.scalar(lhs), type), b = toDouble(m.scalar(rhs), type);
    bool uno = std::isnan(a) || std::isnan(b), r = false;
    switch (predicate) {
    case FloatPredicate::False:
      r = false;
      break;
    case FloatPredicate::OEQ:
      r = !uno && a == b;
      break;
    case FloatPredicate::OGT:
      r = !uno && a > b;
      break;
    case FloatPredicate::OGE:
      r = !uno && a >= b;
      break;
    case FloatPredicate::OLT:
      r = !uno && a < b;
      break;
    case FloatPredicate::OLE:
      r = !uno && a <= b;
      break;
    case FloatPredicate::ONE:
      r = !uno && a != b;
      break;
    case FloatPredicate::ORD:
      r = !uno;
      break;
    case FloatPredicate::UEQ:
      r = uno || a == b;
      break;
    case FloatPredicate::UGT:
      r = uno || a > b;
      break;
    case FloatPredicate::UGE:
      r = uno || a >= b;
      break;
    case FloatPredicate::ULT:
      r = uno || a < b;
      break;
    case FloatPredicate::ULE:
      r = uno || a <= b;
      break;
    case FloatPredicate::UNE:
      r = uno || a != b;
      break;
    case FloatPredicate::UNO:
      r = uno;
      break;
    case FloatPredicate::True:
      r = true;
      break;
    }
    m.scalar(result) = r;
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {lhs, rhs});
    return ShadowAction::Run;
  }
};

struct NegFInst {
  static constexpr Flow flow = Flow::Next;
  uint8_t width;
  ScalarRef source, result;
  void run(Machine &m) const { m.scalar(result) = m.scalar(source) ^ (uint64_t(1) << (width - 1)); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {source});
    return ShadowAction::Run;
  }
};

struct IntToFloatInst {
  static constexpr Flow flow = Flow::Next;
  FloatType type;
  uint8_t fromWidth;
  bool isUnsigned;
  ScalarRef source, result;
  void run(Machine &m) const {
    uint64_t a = m.scalar(source);
    if (type == FloatType::F64) {
      m.scalar(result) = bitsOfDouble(isUnsigned ? static_cast<double>(a)
                                                 : static_cast<double>(signExtend(a, fromWidth)));
      return;
    }
    // Rounded to f32, then to the narrow type (double rounding for integers
    // wider than 24 bits converted to f16/bf16).
    float f = isUnsigned ? static_cast<float>(a) : static_cast<float>(signExtend(a, fromWidth));
    m.scalar(result) = bitsOfFloat(f, type);
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {source});
    return ShadowAction::Run;
  }
};

struct FloatToIntInst {
  static constexpr Flow flow = Flow::Next;
  FloatType type;
  uint8_t toWidth;
  bool isUnsigned;
  ScalarRef source, result;
  void run(Machine &m) const {
    double d = toDouble(m.scalar(source), type);
    uint64_t r;
    if (std::isnan(d))
      r = 0;
    else if (isUnsigned)
      r = d <= 0 ? 0 : d >= 18446744073709551615.0 ? ~uint64_t(0) : static_cast<uint64_t>(d);
    else
      r = d <= -9223372036854775808.0  ? uint64_t(1) << 63
          : d >= 9223372036854775807.0 ? ~uint64_t(0) >> 1
                                       : static_cast<uint64_t>(static_cast<int64_t>(d));
    m.scalar(result) = r & widthMask(toWidth);
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {source});
    return ShadowAction::Run;
  }
};

struct FloatToFloatInst {
  static constexpr Flow flow = Flow::Next;
  FloatType from, to;
  llvm::RoundingMode mode;
  ScalarRef source, result;
  void run(Machine &m) const { m.scalar(result) = convertFloat(m.scalar(source), from, to, mode); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    propagateScalar(*m.shadow, result, {source});
    return ShadowAction::Run;
  }
};

//===----------------------------------------------------------------------===//
// memref scalar access
//===----------------------------------------------------------------------===//

struct MemRefLoadInst {
  static constexpr Flow flow = Flow::MayFail;
  BufferRef base;
  ScalarRef index, result;
  bool run(Machine &m, const Inst &inst) const {
    const Buffer &buf = m.buffer(base);
    std::optional<uint64_t> addr = m.scalarAccess(inst, buf, m.scalar(index));
    if (!addr)
      return false;
    uint64_t v = 0;
    std::memcpy(&v, m.ubData() + *addr, buf.elemBytes);
    m.scalar(result) = v;
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    Machine::CheckedAccess a = m.checkAccess(inst, buf, m.scalar(index), buf.elemBytes, false);
    if (a.skip) {
      m.scalar(result) = 0;
      s.setScalar(result, kUndef, inst.op);
    }
    if (!a.valid)
      return a.skip ? ShadowAction::Skip : ShadowAction::Run;
    uint8_t t = 0;
    for (unsigned b = 0; b < buf.elemBytes; ++b)
      t |= s.readTaint(a.addr + b, buf.ubAddr, buf.end());
    propagateScalar(s, result, {index});
    if (t)
      s.setScalar(result, s.scalar(result) | t, inst.op);
    return ShadowAction::Run;
  }
};

struct MemRefStoreInst {
  static constexpr Flow flow = Flow::MayFail;
  ScalarRef value;
  BufferRef base;
  ScalarRef index;
  bool run(Machine &m, const Inst &inst) const {
    const Buffer &buf = m.buffer(base);
    std::optional<uint64_t> addr = m.scalarAccess(inst, buf, m.scalar(index));
    if (!addr)
      return false;
    uint64_t v = m.scalar(value);
    std::memcpy(m.ubData() + *addr, &v, buf.elemBytes);
    m.ub.noteWrite(*addr, buf.elemBytes);
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    Machine::CheckedAccess a = m.checkAccess(inst, buf, m.scalar(index), buf.elemBytes, false);
    if (!a.valid)
      return a.skip ? ShadowAction::Skip : ShadowAction::Run;
    uint8_t t = s.scalar(value) | s.scalar(index);
    if (t)
      s.reportTaintedUse(m, inst, t, UseKind::Store, "stores", {}, s.scalarOrigin[value.slot]);
    if (s.options.bounds && !buf.holds(a.addr, buf.elemBytes))
      s.report(m, inst, FindingKind::OutOfBufferWrite, UseKind::Store,
               "writes element " + std::to_string(static_cast<int64_t>(m.scalar(index))) +
                   " outside its buffer of " + buf.elementsText());
    for (unsigned b = 0; b < buf.elemBytes; ++b)
      s.writeByte(a.addr + b, t);
    return ShadowAction::Run;
  }
};

struct MemRefDimInst {
  static constexpr Flow flow = Flow::Next;
  BufferRef source;
  ScalarRef result;
  void run(Machine &m) const { m.scalar(result) = m.buffer(source).numElements; }
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->setScalar(result, 0, 0);
    return ShadowAction::Run;
  }
};

/// memref.alloc / alloca: a new buffer after everything placed in UB so far.
struct MemRefAllocInst {
  static constexpr Flow flow = Flow::MayFail;
  bool dynamicSize;
  uint32_t elemBytes;
  uint64_t staticSize;
  ScalarRef size;
  BufferRef result;
  bool run(Machine &m, const Inst &inst) const {
    uint64_t n = dynamicSize ? m.scalar(size) : staticSize;
    std::optional<uint32_t> id = m.allocate(inst, n, elemBytes);
    if (!id)
      return false;
    m.scalar(ScalarRef{result.slot}) = *id;
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    if (dynamicSize && s.scalar(size))
      s.reportTaintedUse(m, inst, s.scalar(size), UseKind::Size, "allocates a size computed from",
                         {}, s.scalarOrigin[size.slot]);
    uint64_t n = dynamicSize ? m.scalar(size) : staticSize;
    if (n <= sem::kMaxUBCapacity)
      s.noteFootprint(sem::alignToUB(m.ub.allocationTop()) + n * elemBytes, inst.op);
    s.setScalar(ScalarRef{result.slot}, 0, 0);
    return ShadowAction::Run;
  }
};

/// memref.subview / reinterpret_cast: a view of the source's bytes in the
/// op's own buffer record, rewritten each time the op runs (a view does not
/// outlive its block, verifyKernelMemRefs). The address is the other paths'
/// pointer arithmetic; its accesses are checked like any buffer's. A subview
/// lies inside its source (ViewOutsideSource, as ascreg-expose-ub checks).
struct MemRefViewInst {
  static constexpr Flow flow = Flow::MayFail;
  BufferRef source, result;
  uint32_t record;
  ScalarRef offset, size;
  bool dynamicOffset, dynamicSize;
  /// reinterpret_cast: the offset counts from the source's argument or
  /// allocation (Buffer::baseAddr), not from the source view.
  bool fromBase;
  uint64_t staticOffset, staticSize;
  bool run(Machine &m, const Inst &inst) const {
    const Buffer &src = m.buffer(source);
    uint64_t off = dynamicOffset ? m.scalar(offset) : staticOffset;
    uint64_t n = dynamicSize ? m.scalar(size) : staticSize;
    // Unsigned: a negative offset or size is a huge one.
    if (!fromBase && (off > src.numElements || n > src.numElements - off)) {
      m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::ViewOutsideSource,
                                     {static_cast<int64_t>(off), static_cast<int64_t>(n),
                                      static_cast<int64_t>(src.numElements)}});
      return false;
    }
    Buffer &v = m.buffers[record];
    v.ubAddr = (fromBase ? src.baseAddr : src.ubAddr) + off * src.elemBytes;
    v.numElements = n;
    v.elemBytes = src.elemBytes;
    v.baseAddr = src.baseAddr;
    v.view = true;
    m.scalar(ScalarRef{result.slot}) = record;
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    for (auto [dynamic, ref] : {std::pair{dynamicOffset, offset}, std::pair{dynamicSize, size}})
      if (dynamic && s.scalar(ref))
        s.reportTaintedUse(m, inst, s.scalar(ref), UseKind::Address,
                           "places a view with a position computed from", {},
                           s.scalarOrigin[ref.slot]);
    s.setScalar(ScalarRef{result.slot}, 0, 0);
    return ShadowAction::Run;
  }
};

/// memref.cast: the same buffer; a cast to a static size checks it (MLIR
/// leaves a mismatch undefined).
struct MemRefCastInst {
  static constexpr Flow flow = Flow::MayFail;
  BufferRef source, result;
  int64_t staticSize; // -1: dynamic
  bool run(Machine &m, const Inst &inst) const {
    uint64_t n = m.buffer(source).numElements;
    if (staticSize >= 0 && n != static_cast<uint64_t>(staticSize)) {
      m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::CastSizeMismatch,
                                     {static_cast<int64_t>(n), staticSize}});
      return false;
    }
    m.scalar(ScalarRef{result.slot}) = m.scalar(ScalarRef{source.slot});
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->setScalar(ScalarRef{result.slot}, 0, 0);
    return ShadowAction::Run;
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_SCALAROPS_H
