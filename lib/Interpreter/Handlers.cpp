//===- Handlers.cpp - instruction handlers of the interpreter ---*- C++ -*-===//
#include "Handlers.h"

#include "ascreg/Semantics/Dav3510.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

namespace ascreg {
namespace interp {
namespace handlers {

//===----------------------------------------------------------------------===//
// Control flow and copies
//===----------------------------------------------------------------------===//

uint32_t halt(Machine &, const Inst &, uint32_t) { return kHalt; }

static inline bool countStep(Machine &m) { return ++m.steps <= m.options.maxSteps; }

static uint32_t stepLimit(Machine &m, const Inst &I) {
  return m.fail(I, llvm::formatv("step limit of {0} loop iterations and branches exceeded "
                                 "(endless loop?); raise it with --max-steps",
                                 m.options.maxSteps));
}

uint32_t jump(Machine &m, const Inst &I, uint32_t) {
  if (!countStep(m)) return stepLimit(m, I);
  return static_cast<uint32_t>(I.imm);
}

uint32_t branchIfFalse(Machine &m, const Inst &I, uint32_t pc) {
  return (m.S[I.a] & 1) ? pc + 1 : static_cast<uint32_t>(I.imm);
}

// k0 = iv width, k1 = 1 for unsigned comparison.
uint32_t forCheck(Machine &m, const Inst &I, uint32_t pc) {
  uint64_t iv = m.S[I.a], ub = m.S[I.b];
  bool inRange = I.k1 ? iv < ub : sext(iv, I.k0) < sext(ub, I.k0);
  if (!inRange) return static_cast<uint32_t>(I.imm);
  if (!countStep(m)) return stepLimit(m, I);
  return pc + 1;
}

uint32_t forIncrement(Machine &m, const Inst &I, uint32_t) {
  m.S[I.a] = (m.S[I.a] + m.S[I.b]) & widthMask(I.k0);
  return static_cast<uint32_t>(I.imm);
}

uint32_t copyScalar(Machine &m, const Inst &I, uint32_t pc) {
  m.S[I.r] = m.S[I.a];
  return pc + 1;
}
uint32_t copyReg(Machine &m, const Inst &I, uint32_t pc) {
  std::memcpy(m.R[I.r].b, m.R[I.a].b, sizeof(sem::Reg));
  return pc + 1;
}
uint32_t copyMask(Machine &m, const Inst &I, uint32_t pc) {
  m.M[I.r] = m.M[I.a];
  return pc + 1;
}

//===----------------------------------------------------------------------===//
// Integer scalars: canonical form is the value zero-extended from its width.
// k0 = width, imm = width mask.
//===----------------------------------------------------------------------===//

uint32_t constant(Machine &m, const Inst &I, uint32_t pc) {
  m.S[I.r] = I.imm;
  return pc + 1;
}

namespace {
enum class IntOp { Add, Sub, Mul, And, Or, Xor, Shl, ShrU, ShrS, DivS, DivU, RemS, RemU, MaxS,
                   MinS, MaxU, MinU, CeilDivS, CeilDivU, FloorDivS };
}

template <IntOp OP>
static uint32_t intBin(Machine &m, const Inst &I, uint32_t pc) {
  uint64_t a = m.S[I.a], b = m.S[I.b], mask = I.imm;
  unsigned w = I.k0;
  uint64_t r = 0;
  switch (OP) {
  case IntOp::Add: r = a + b; break;
  case IntOp::Sub: r = a - b; break;
  case IntOp::Mul: r = a * b; break;
  case IntOp::And: r = a & b; break;
  case IntOp::Or: r = a | b; break;
  case IntOp::Xor: r = a ^ b; break;
  case IntOp::Shl: r = b >= w ? 0 : a << b; break; // poison upstream; 0 here
  case IntOp::ShrU: r = b >= w ? 0 : a >> b; break;
  case IntOp::ShrS: r = static_cast<uint64_t>(sext(a, w) >> (b >= w ? w - 1 : b)); break;
  case IntOp::MaxS: r = sext(a, w) >= sext(b, w) ? a : b; break;
  case IntOp::MinS: r = sext(a, w) <= sext(b, w) ? a : b; break;
  case IntOp::MaxU: r = a >= b ? a : b; break;
  case IntOp::MinU: r = a <= b ? a : b; break;
  case IntOp::DivU: case IntOp::RemU: case IntOp::CeilDivU:
    if (b == 0) return m.fail(I, "integer division by zero");
    r = OP == IntOp::DivU ? a / b : OP == IntOp::RemU ? a % b : a / b + (a % b != 0);
    break;
  case IntOp::DivS: case IntOp::RemS: case IntOp::CeilDivS: case IntOp::FloorDivS: {
    int64_t x = sext(a, w), y = sext(b, w);
    if (y == 0) return m.fail(I, "integer division by zero");
    if (y == -1 && x == std::numeric_limits<int64_t>::min()) { r = OP == IntOp::RemS ? 0 : a; break; }
    if (y == -1 && w < 64 && x == -(int64_t(1) << (w - 1))) { r = OP == IntOp::RemS ? 0 : a; break; }
    int64_t q = x / y, rem = x % y;
    if (OP == IntOp::DivS) r = static_cast<uint64_t>(q);
    else if (OP == IntOp::RemS) r = static_cast<uint64_t>(rem);
    else if (OP == IntOp::CeilDivS) r = static_cast<uint64_t>(q + ((rem != 0) && ((rem > 0) == (y > 0))));
    else r = static_cast<uint64_t>(q - ((rem != 0) && ((rem < 0) != (y < 0))));
    break;
  }
  }
  m.S[I.r] = r & mask;
  return pc + 1;
}

Handler intBinary(llvm::StringRef name) {
  return llvm::StringSwitch<Handler>(name)
      .Cases({"arith.addi", "index.add"}, &intBin<IntOp::Add>)
      .Cases({"arith.subi", "index.sub"}, &intBin<IntOp::Sub>)
      .Cases({"arith.muli", "index.mul"}, &intBin<IntOp::Mul>)
      .Cases({"arith.andi", "index.and"}, &intBin<IntOp::And>)
      .Cases({"arith.ori", "index.or"}, &intBin<IntOp::Or>)
      .Cases({"arith.xori", "index.xor"}, &intBin<IntOp::Xor>)
      .Cases({"arith.shli", "index.shl"}, &intBin<IntOp::Shl>)
      .Cases({"arith.shrui", "index.shru"}, &intBin<IntOp::ShrU>)
      .Cases({"arith.shrsi", "index.shrs"}, &intBin<IntOp::ShrS>)
      .Cases({"arith.divsi", "index.divs"}, &intBin<IntOp::DivS>)
      .Cases({"arith.divui", "index.divu"}, &intBin<IntOp::DivU>)
      .Cases({"arith.remsi", "index.rems"}, &intBin<IntOp::RemS>)
      .Cases({"arith.remui", "index.remu"}, &intBin<IntOp::RemU>)
      .Cases({"arith.maxsi", "index.maxs"}, &intBin<IntOp::MaxS>)
      .Cases({"arith.minsi", "index.mins"}, &intBin<IntOp::MinS>)
      .Cases({"arith.maxui", "index.maxu"}, &intBin<IntOp::MaxU>)
      .Cases({"arith.minui", "index.minu"}, &intBin<IntOp::MinU>)
      .Cases({"arith.ceildivsi", "index.ceildivs"}, &intBin<IntOp::CeilDivS>)
      .Cases({"arith.ceildivui", "index.ceildivu"}, &intBin<IntOp::CeilDivU>)
      .Cases({"arith.floordivsi", "index.floordivs"}, &intBin<IntOp::FloorDivS>)
      .Default(nullptr);
}

// k1 = predicate in arith::CmpIPredicate numbering (eq ne slt sle sgt sge ult ule ugt uge).
uint32_t cmpi(Machine &m, const Inst &I, uint32_t pc) {
  uint64_t a = m.S[I.a], b = m.S[I.b];
  int64_t x = sext(a, I.k0), y = sext(b, I.k0);
  bool r = false;
  switch (I.k1) {
  case 0: r = a == b; break;
  case 1: r = a != b; break;
  case 2: r = x < y; break;
  case 3: r = x <= y; break;
  case 4: r = x > y; break;
  case 5: r = x >= y; break;
  case 6: r = a < b; break;
  case 7: r = a <= b; break;
  case 8: r = a > b; break;
  case 9: r = a >= b; break;
  }
  m.S[I.r] = r;
  return pc + 1;
}

uint32_t selectScalar(Machine &m, const Inst &I, uint32_t pc) {
  m.S[I.r] = (m.S[I.a] & 1) ? m.S[I.b] : m.S[I.c];
  return pc + 1;
}

// k0 = source width, imm = result mask.
uint32_t extsi(Machine &m, const Inst &I, uint32_t pc) {
  m.S[I.r] = static_cast<uint64_t>(sext(m.S[I.a], I.k0)) & I.imm;
  return pc + 1;
}

uint32_t truncOrZext(Machine &m, const Inst &I, uint32_t pc) {
  m.S[I.r] = m.S[I.a] & I.imm;
  return pc + 1;
}

//===----------------------------------------------------------------------===//
// Float scalars. Type codes: 0 f16, 1 bf16, 2 f32, 3 f64. f16/bf16 arithmetic
// is done in f32 and rounded once, which is exact for + - * / (p32 >= 2p+2).
//===----------------------------------------------------------------------===//

static inline double toDouble(uint64_t bits, unsigned code) {
  switch (code) {
  case 0: return sem::f16ToF32(static_cast<uint16_t>(bits));
  case 1: return sem::bf16ToF32(static_cast<uint16_t>(bits));
  case 2: { float f; uint32_t u = static_cast<uint32_t>(bits); std::memcpy(&f, &u, 4); return f; }
  default: { double d; std::memcpy(&d, &bits, 8); return d; }
  }
}
static inline float toFloat(uint64_t bits, unsigned code) {
  return static_cast<float>(toDouble(bits, code));
}
static inline uint64_t fromFloat(float f, unsigned code) {
  switch (code) {
  case 0: return sem::f32ToF16(f);
  case 1: return sem::f32ToBF16(f);
  default: { uint32_t u; std::memcpy(&u, &f, 4); return u; }
  }
}
static inline uint64_t fromDouble(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
/// Rounds a double to the type. Exact for f16/bf16/f32 sources (exact in
/// f32); an f64 source truncated to f16/bf16 is rounded twice (via f32), a
/// known limit of arith.truncf f64 -> f16 in the interpreter.
static inline uint64_t roundTo(double d, unsigned code) {
  if (code == 3) return fromDouble(d);
  return fromFloat(static_cast<float>(d), code);
}

namespace {
enum class FOp { Add, Sub, Mul, Div, MaximumF, MinimumF, MaxNumF, MinNumF };
}

template <typename T>
static T fop(FOp op, T a, T b) {
  switch (op) {
  case FOp::Add: return a + b;
  case FOp::Sub: return a - b;
  case FOp::Mul: return a * b;
  case FOp::Div: return a / b;
  case FOp::MaximumF:
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    if (a == b) return std::signbit(a) ? b : a;
    return a > b ? a : b;
  case FOp::MinimumF:
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    if (a == b) return std::signbit(a) ? a : b;
    return a < b ? a : b;
  case FOp::MaxNumF: return std::isnan(a) ? b : std::isnan(b) ? a : (a == b ? (std::signbit(a) ? b : a) : (a > b ? a : b));
  case FOp::MinNumF: return std::isnan(a) ? b : std::isnan(b) ? a : (a == b ? (std::signbit(a) ? a : b) : (a < b ? a : b));
  }
  return a;
}

template <FOp OP>
static uint32_t floatBin(Machine &m, const Inst &I, uint32_t pc) {
  unsigned code = I.k0;
  if (code == 3)
    m.S[I.r] = fromDouble(fop<double>(OP, toDouble(m.S[I.a], 3), toDouble(m.S[I.b], 3)));
  else
    m.S[I.r] = fromFloat(fop<float>(OP, toFloat(m.S[I.a], code), toFloat(m.S[I.b], code)), code);
  return pc + 1;
}

Handler floatBinary(llvm::StringRef name) {
  return llvm::StringSwitch<Handler>(name)
      .Case("arith.addf", &floatBin<FOp::Add>)
      .Case("arith.subf", &floatBin<FOp::Sub>)
      .Case("arith.mulf", &floatBin<FOp::Mul>)
      .Case("arith.divf", &floatBin<FOp::Div>)
      .Case("arith.maximumf", &floatBin<FOp::MaximumF>)
      .Case("arith.minimumf", &floatBin<FOp::MinimumF>)
      .Case("arith.maxnumf", &floatBin<FOp::MaxNumF>)
      .Case("arith.minnumf", &floatBin<FOp::MinNumF>)
      .Default(nullptr);
}

// k1 = arith::CmpFPredicate numbering.
uint32_t cmpf(Machine &m, const Inst &I, uint32_t pc) {
  double a = toDouble(m.S[I.a], I.k0), b = toDouble(m.S[I.b], I.k0);
  bool uno = std::isnan(a) || std::isnan(b);
  bool r = false;
  switch (I.k1) {
  case 0: r = false; break;
  case 1: r = !uno && a == b; break;  // oeq
  case 2: r = !uno && a > b; break;   // ogt
  case 3: r = !uno && a >= b; break;  // oge
  case 4: r = !uno && a < b; break;   // olt
  case 5: r = !uno && a <= b; break;  // ole
  case 6: r = !uno && a != b; break;  // one
  case 7: r = !uno; break;            // ord
  case 8: r = uno || a == b; break;   // ueq
  case 9: r = uno || a > b; break;    // ugt
  case 10: r = uno || a >= b; break;  // uge
  case 11: r = uno || a < b; break;   // ult
  case 12: r = uno || a <= b; break;  // ule
  case 13: r = uno || a != b; break;  // une
  case 14: r = uno; break;            // uno
  case 15: r = true; break;
  }
  m.S[I.r] = r;
  return pc + 1;
}

uint32_t negf(Machine &m, const Inst &I, uint32_t pc) {
  unsigned bits = I.k0 == 3 ? 64 : I.k0 == 2 ? 32 : 16;
  m.S[I.r] = m.S[I.a] ^ (uint64_t(1) << (bits - 1));
  return pc + 1;
}

// k0 = float code of the result, k1 = source width, k2 = 1 if unsigned.
uint32_t intToFloat(Machine &m, const Inst &I, uint32_t pc) {
  uint64_t a = m.S[I.a];
  if (I.k0 == 3) {
    m.S[I.r] = fromDouble(I.k2 ? static_cast<double>(a) : static_cast<double>(sext(a, I.k1)));
  } else {
    // One rounding to f32, then to the narrow type (documented double rounding
    // for integers wider than 24 bits converted to f16/bf16).
    float f = I.k2 ? static_cast<float>(a) : static_cast<float>(sext(a, I.k1));
    m.S[I.r] = fromFloat(f, I.k0);
  }
  return pc + 1;
}

// k0 = float code of the source, k1 = result width, k2 = 1 if unsigned.
uint32_t floatToInt(Machine &m, const Inst &I, uint32_t pc) {
  double d = toDouble(m.S[I.a], I.k0);
  uint64_t r;
  if (std::isnan(d)) r = 0;
  else if (I.k2) r = d <= 0 ? 0 : d >= 18446744073709551615.0 ? ~uint64_t(0) : static_cast<uint64_t>(d);
  else r = d <= -9223372036854775808.0 ? uint64_t(1) << 63
           : d >= 9223372036854775807.0 ? ~uint64_t(0) >> 1
                                        : static_cast<uint64_t>(static_cast<int64_t>(d));
  m.S[I.r] = r & widthMask(I.k1);
  return pc + 1;
}

// k0 = source code, k1 = result code.
uint32_t floatToFloat(Machine &m, const Inst &I, uint32_t pc) {
  m.S[I.r] = roundTo(toDouble(m.S[I.a], I.k0), I.k1);
  return pc + 1;
}

//===----------------------------------------------------------------------===//
// memref (scalar element access); k0 = element bytes.
//===----------------------------------------------------------------------===//

static bool checkIndex(Machine &m, const Inst &I, const Buffer &buf, uint64_t idx) {
  if (idx < buf.numElements) return true;
  m.fail(I, llvm::formatv("index {0} is outside the buffer of {1} elements",
                          static_cast<int64_t>(idx), buf.numElements));
  return false;
}

uint32_t memrefLoad(Machine &m, const Inst &I, uint32_t pc) {
  const Buffer &buf = m.buffers[m.S[I.a]];
  uint64_t idx = m.S[I.b];
  if (!checkIndex(m, I, buf, idx)) return kHalt;
  uint64_t v = 0;
  std::memcpy(&v, buf.data + idx * I.k0, I.k0);
  m.S[I.r] = v & I.imm;
  return pc + 1;
}

uint32_t memrefStore(Machine &m, const Inst &I, uint32_t pc) {
  const Buffer &buf = m.buffers[m.S[I.b]];
  uint64_t idx = m.S[I.c];
  if (!checkIndex(m, I, buf, idx)) return kHalt;
  uint64_t v = m.S[I.a];
  std::memcpy(buf.data + idx * I.k0, &v, I.k0);
  return pc + 1;
}

uint32_t memrefDim(Machine &m, const Inst &I, uint32_t pc) {
  if (m.S[I.b] != 0) return m.fail(I, "memref.dim of a rank-1 memref needs dimension 0");
  m.S[I.r] = m.buffers[m.S[I.a]].numElements;
  return pc + 1;
}

// imm = static element count, or a = dynamic size slot when k1 = 1; k0 = element bytes.
uint32_t memrefAlloc(Machine &m, const Inst &I, uint32_t pc) {
  uint64_t n = I.k1 ? m.S[I.a] : I.imm;
  auto id = m.allocate(n, I.k0, m.ops[I.op]);
  if (mlir::failed(id)) {
    m.failed = true;
    return kHalt;
  }
  m.S[I.r] = *id;
  return pc + 1;
}

//===----------------------------------------------------------------------===//
// ascreg
//===----------------------------------------------------------------------===//

uint32_t createMask(Machine &m, const Inst &I, uint32_t pc) {
  m.M[I.r] = m.maskConstants[I.imm];
  return pc + 1;
}

uint32_t updateMask(Machine &m, const Inst &I, uint32_t pc) {
  uint32_t rest;
  sem::updateMask(I.t0, static_cast<uint32_t>(m.S[I.a]), m.M[I.r], rest);
  m.S[I.r2] = rest;
  return pc + 1;
}

uint32_t maskAnd(Machine &m, const Inst &I, uint32_t pc) {
  sem::maskAnd(m.M[I.a], m.M[I.b], m.M[I.r]);
  return pc + 1;
}
uint32_t maskOr(Machine &m, const Inst &I, uint32_t pc) {
  sem::maskOr(m.M[I.a], m.M[I.b], m.M[I.r]);
  return pc + 1;
}
uint32_t maskNot(Machine &m, const Inst &I, uint32_t pc) {
  sem::maskNot(I.t0, m.M[I.a], m.M[I.r]);
  return pc + 1;
}

/// Checks a register-sized UB access at element `offset` of `buf`.
static bool checkRegAccess(Machine &m, const Inst &I, const Buffer &buf, uint64_t offsetBits,
                           unsigned bytes) {
  int64_t offset = static_cast<int64_t>(offsetBits);
  uint64_t elems = bytes / buf.elemBytes;
  if (offset < 0 || static_cast<uint64_t>(offset) > buf.numElements ||
      buf.numElements - static_cast<uint64_t>(offset) < elems) {
    m.fail(I, llvm::formatv("UB access out of range: elements [{0}, {1}) of a buffer of {2} "
                            "elements",
                            offset, offset + static_cast<int64_t>(elems), buf.numElements));
    return false;
  }
  uint64_t addr = buf.ubAddr + static_cast<uint64_t>(offset) * buf.elemBytes;
  if (addr % 32 != 0) {
    m.fail(I, llvm::formatv("misaligned UB address {0:x} (element offset {1} x {2} bytes from "
                            "the buffer at {3:x}): aligned loads and stores need a 32-byte-"
                            "aligned address",
                            addr, offset, buf.elemBytes, buf.ubAddr));
    return false;
  }
  return true;
}

uint32_t loadAlign(Machine &m, const Inst &I, uint32_t pc) {
  const Buffer &buf = m.buffers[m.S[I.a]];
  uint64_t off = m.S[I.b];
  if (!checkRegAccess(m, I, buf, off, I.t0.bytes())) return kHalt;
  sem::loadAlign(I.t0, buf.data + off * buf.elemBytes, m.R[I.r]);
  return pc + 1;
}

uint32_t storeAlign(Machine &m, const Inst &I, uint32_t pc) {
  const Buffer &buf = m.buffers[m.S[I.b]];
  uint64_t off = m.S[I.c];
  if (!checkRegAccess(m, I, buf, off, I.t0.bytes())) return kHalt;
  sem::storeAlign(I.t0, m.R[I.a], m.M[I.d], buf.data + off * buf.elemBytes);
  return pc + 1;
}

// k0 = ReduceKind, t0 = result, t1 = source.
uint32_t reduce(Machine &m, const Inst &I, uint32_t pc) {
  sem::reduce(static_cast<sem::ReduceKind>(I.k0), I.t0, I.t1, m.R[I.a], m.M[I.b], m.R[I.r]);
  return pc + 1;
}

uint32_t pairReduceSum(Machine &m, const Inst &I, uint32_t pc) {
  sem::pairReduceSum(I.t0, m.R[I.a], m.M[I.b], m.R[I.r]);
  return pc + 1;
}

// t0 = result, t1 = index, k0 = source ElemKind.
uint32_t gather(Machine &m, const Inst &I, uint32_t pc) {
  const Buffer &buf = m.buffers[m.S[I.a]];
  if (buf.ubAddr % 32 != 0)
    return m.fail(I, llvm::formatv("gather base at UB address {0:x} is not 32-byte aligned",
                                   buf.ubAddr));
  // k1: units per buffer element (2 when a 64-bit buffer is gathered as words).
  uint64_t units = buf.numElements * (I.k1 ? I.k1 : 1);
  sem::Status st = sem::gather(I.t0, static_cast<sem::ElemKind>(I.k0), I.t1, buf.data, units,
                               m.R[I.b], m.M[I.c], m.R[I.r]);
  if (!st.ok)
    return m.fail(I, llvm::formatv("gather index {0} in lane {1} is outside the base buffer of "
                                   "{2} elements",
                                   st.value, st.lane, units));
  return pc + 1;
}

uint32_t gatherReg(Machine &m, const Inst &I, uint32_t pc) {
  sem::gatherReg(I.t0, m.R[I.a], m.R[I.b], m.R[I.r]);
  return pc + 1;
}

uint32_t duplicate(Machine &m, const Inst &I, uint32_t pc) {
  sem::duplicate(I.t0, m.S[I.a], nullptr, m.R[I.r]);
  return pc + 1;
}
uint32_t duplicateMasked(Machine &m, const Inst &I, uint32_t pc) {
  sem::duplicate(I.t0, m.S[I.a], &m.M[I.b], m.R[I.r]);
  return pc + 1;
}

uint32_t arange(Machine &m, const Inst &I, uint32_t pc) {
  sem::arange(I.t0, m.S[I.a], m.R[I.r]);
  return pc + 1;
}

// k0 = ComparePred.
uint32_t compare(Machine &m, const Inst &I, uint32_t pc) {
  sem::compare(static_cast<sem::ComparePred>(I.k0), I.t0, m.R[I.a], m.R[I.b], m.M[I.c],
               m.M[I.r]);
  return pc + 1;
}

uint32_t select(Machine &m, const Inst &I, uint32_t pc) {
  sem::select(I.t0, m.M[I.a], m.R[I.b], m.R[I.c], m.R[I.r]);
  return pc + 1;
}

// k0 = BinaryKind.
uint32_t binary(Machine &m, const Inst &I, uint32_t pc) {
  sem::binary(static_cast<sem::BinaryKind>(I.k0), I.t0, m.R[I.a], m.R[I.b], m.M[I.c], m.R[I.r]);
  return pc + 1;
}

uint32_t bitcast(Machine &m, const Inst &I, uint32_t pc) {
  std::memcpy(m.R[I.r].b, m.R[I.a].b, I.t0.bytes());
  return pc + 1;
}

//===----------------------------------------------------------------------===//
// dav-3510 intrinsics
//===----------------------------------------------------------------------===//

namespace dv = sem::dav;

uint32_t davPand(Machine &m, const Inst &I, uint32_t pc) {
  dv::pand(m.M[I.a], m.M[I.b], m.M[I.c], m.M[I.r]);
  return pc + 1;
}
uint32_t davPor(Machine &m, const Inst &I, uint32_t pc) {
  dv::por(m.M[I.a], m.M[I.b], m.M[I.c], m.M[I.r]);
  return pc + 1;
}
uint32_t davPnot(Machine &m, const Inst &I, uint32_t pc) {
  dv::pnot(m.M[I.a], m.M[I.b], m.M[I.r]);
  return pc + 1;
}
uint32_t davPpack(Machine &m, const Inst &I, uint32_t pc) {
  dv::ppack(m.M[I.a], I.k0, m.M[I.r]);
  return pc + 1;
}
uint32_t davPunpack(Machine &m, const Inst &I, uint32_t pc) {
  dv::punpack(m.M[I.a], I.k0, m.M[I.r]);
  return pc + 1;
}
uint32_t davPintlvB32(Machine &m, const Inst &I, uint32_t pc) {
  dv::pintlvB32(m.M[I.a], m.M[I.b], m.M[I.r], m.M[I.r2]);
  return pc + 1;
}
uint32_t davVldsDintlv(Machine &m, const Inst &I, uint32_t pc) {
  const Buffer &buf = m.buffers[m.S[I.a]];
  uint64_t off = m.S[I.b];
  if (!checkRegAccess(m, I, buf, off, 2 * sem::kVLBytes)) return kHalt;
  dv::vldsDintlvB32(buf.data + off * buf.elemBytes, m.R[I.r], m.R[I.r2]);
  return pc + 1;
}
uint32_t davVdupLane0(Machine &m, const Inst &I, uint32_t pc) {
  dv::vdupLane0(I.t0, m.R[I.a], m.M[I.b], m.R[I.r]);
  return pc + 1;
}
uint32_t davScalarOp(Machine &m, const Inst &I, uint32_t pc) {
  dv::scalarOp(static_cast<dv::ScalarOp>(I.k0), I.t0, m.R[I.a], m.S[I.b], m.M[I.c], m.R[I.r]);
  return pc + 1;
}
uint32_t davVand(Machine &m, const Inst &I, uint32_t pc) {
  dv::vand(I.t0, m.R[I.a], m.R[I.b], m.M[I.c], m.R[I.r]);
  return pc + 1;
}
uint32_t davVintlv(Machine &m, const Inst &I, uint32_t pc) {
  dv::vintlv(I.t0, m.R[I.a], m.R[I.b], m.R[I.r], m.R[I.r2]);
  return pc + 1;
}
uint32_t davVdintlv(Machine &m, const Inst &I, uint32_t pc) {
  dv::vdintlv(I.t0, m.R[I.a], m.R[I.b], m.R[I.r], m.R[I.r2]);
  return pc + 1;
}
uint32_t davSelect(Machine &m, const Inst &I, uint32_t pc) {
  sem::select(I.t0, m.M[I.c], m.R[I.a], m.R[I.b], m.R[I.r]);
  return pc + 1;
}

} // namespace handlers
} // namespace interp
} // namespace ascreg
