//===- AscRegOps.cpp - ascreg operations and verifiers ----------*- C++ -*-===//
//
// The verifiers enforce the vendor's legal type tables exactly. The tables
// themselves live in the semantics library (semantics::isLegal*), so the
// verifier, the interpreter and the lowerings can never disagree; each
// diagnostic lists the legal set, enumerated from those same functions.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Every register type: the 11 one-register types and the two 64-bit
/// two-register forms, in the contract's order.
static ArrayRef<sem::RegType> allRegTypes() {
  using K = sem::ElemKind;
  static const sem::RegType types[] = {
      {K::I8, 1},  {K::U8, 1},  {K::I16, 1}, {K::U16, 1}, {K::F16, 1}, {K::BF16, 1}, {K::I32, 1},
      {K::U32, 1}, {K::F32, 1}, {K::I64, 1}, {K::U64, 1}, {K::I64, 2}, {K::U64, 2}};
  return types;
}

static std::string token(sem::RegType t) {
  return std::string(sem::elemName(t.elem)) + (t.numRegs == 2 ? "x2" : "");
}

static StringRef kindName(ReduceKind k) { return stringifyReduceKind(k); }

static sem::ReduceKind toSem(ReduceKind k) {
  switch (k) {
  case ReduceKind::sum:
    return sem::ReduceKind::Sum;
  case ReduceKind::max:
    return sem::ReduceKind::Max;
  case ReduceKind::min:
    return sem::ReduceKind::Min;
  }
  llvm_unreachable("bad reduce kind");
}

/// Element kinds a memref element type can stand for: exactly one for floats
/// and signed/unsigned integers, both signednesses for a signless integer.
static SmallVector<sem::ElemKind, 2> memrefElemKinds(Type t) {
  using K = sem::ElemKind;
  if (t.isF16())
    return {K::F16};
  if (t.isBF16())
    return {K::BF16};
  if (t.isF32())
    return {K::F32};
  auto it = dyn_cast<IntegerType>(t);
  if (!it)
    return {};
  K s, u;
  switch (it.getWidth()) {
  case 8:
    s = K::I8;
    u = K::U8;
    break;
  case 16:
    s = K::I16;
    u = K::U16;
    break;
  case 32:
    s = K::I32;
    u = K::U32;
    break;
  case 64:
    s = K::I64;
    u = K::U64;
    break;
  default:
    return {};
  }
  if (it.isSigned())
    return {s};
  if (it.isUnsigned())
    return {u};
  return {s, u};
}

/// A UB buffer: rank 1, contiguous (identity layout), default memory space.
static LogicalResult verifyUBMemRef(Operation *op, MemRefType type) {
  if (type.getMemorySpace())
    return op->emitOpError() << "operates on Unified Buffer memrefs, which have the default "
                                "memory space; got memory space "
                             << type.getMemorySpace();
  if (!type.getLayout().isIdentity())
    return op->emitOpError() << "needs a contiguous UB memref (identity layout), got " << type;
  if (memrefElemKinds(type.getElementType()).empty())
    return op->emitOpError() << "UB memref element type must be i8/si8/ui8, i16/si16/ui16, "
                                "f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got "
                             << type.getElementType();
  return success();
}

/// The register element must be one of the kinds the memref element allows.
static LogicalResult verifyMemRefMatchesReg(Operation *op, MemRefType memref, VRegType reg) {
  if (failed(verifyUBMemRef(op, memref)))
    return failure();
  sem::ElemKind k = toRegType(reg).elem;
  if (llvm::is_contained(memrefElemKinds(memref.getElementType()), k))
    return success();
  return op->emitOpError() << "register element " << reg.getElementToken()
                           << " does not match UB memref element type " << memref.getElementType()
                           << "; a register of " << reg.getElementToken() << " needs a memref of "
                           << (sem::isFloat(k)
                                   ? std::string(reg.getElementToken())
                                   : llvm::formatv("i{0} or {1}{0}", reg.getElementBytes() * 8,
                                                   sem::isUnsignedInt(k) ? "ui" : "si")
                                         .str());
}

static LogicalResult verifyZeroing(Operation *op, MergeMode mode) {
  if (mode == MergeMode::zeroing)
    return success();
  return op->emitOpError() << "merging mode is not supported on dav-3510; the only legal mode is "
                              "zeroing (inactive lanes are written as 0)";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult LoadAlignOp::verify() {
  return verifyMemRefMatchesReg(*this, getBase().getType(), getResult().getType());
}

LogicalResult StoreAlignOp::verify() {
  return verifyMemRefMatchesReg(*this, getBase().getType(), getValue().getType());
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  if (failed(verifyZeroing(*this, getMode())))
    return failure();
  sem::RegType dst = toRegType(getResult().getType()), src = toRegType(getSrc().getType());
  sem::ReduceKind k = toSem(getKind());
  if (sem::isLegalReduce(k, dst, src))
    return success();
  SmallVector<std::string> legal;
  for (sem::RegType s : allRegTypes())
    for (sem::RegType d : allRegTypes())
      if (sem::isLegalReduce(k, d, s))
        legal.push_back("(" + token(d) + ", " + token(s) + ")");
  return emitOpError() << kindName(getKind()) << " of (result " << token(dst) << ", source "
                       << token(src) << ") is not supported; legal (result, source) pairs for "
                       << kindName(getKind()) << ": " << llvm::join(legal, " ")
                       << " (x2 = 64-bit two-register form)";
}

LogicalResult PairReduceSumOp::verify() {
  if (failed(verifyZeroing(*this, getMode())))
    return failure();
  sem::RegType t = toRegType(getSrc().getType());
  if (sem::isLegalPairReduce(t))
    return success();
  SmallVector<std::string> legal;
  for (sem::RegType r : allRegTypes())
    if (sem::isLegalPairReduce(r))
      legal.push_back(token(r));
  return emitOpError() << "element type " << token(t)
                       << " is not supported; legal: " << llvm::join(legal, ", ");
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  MemRefType base = getBase().getType();
  if (failed(verifyUBMemRef(*this, base)))
    return failure();
  sem::RegType dst = toRegType(getResult().getType()), idx = toRegType(getIndex().getType());
  SmallVector<sem::ElemKind, 2> srcKinds = memrefElemKinds(base.getElementType());
  for (sem::ElemKind s : srcKinds)
    if (sem::isLegalGather(dst, s, idx))
      return success();
  SmallVector<std::string> legal;
  for (sem::RegType d : allRegTypes())
    for (sem::RegType s : allRegTypes())
      for (sem::RegType i : allRegTypes())
        if (s.numRegs == 1 && sem::isLegalGather(d, s.elem, i))
          legal.push_back("(" + token(d) + ", " + token(s) + ", " + token(i) + ")");
  SmallVector<std::string> srcNames;
  for (sem::ElemKind s : srcKinds)
    srcNames.push_back(sem::elemName(s));
  return emitOpError() << "(result " << token(dst) << ", source " << llvm::join(srcNames, "/")
                       << ", index " << token(idx)
                       << ") is not a supported combination; legal (result, source, index): "
                       << llvm::join(legal, " ")
                       << " (x2 = 64-bit two-register form; source = memref element type, a "
                          "signless integer memref matches either signedness)";
}

LogicalResult GatherRegOp::verify() {
  sem::RegType data = toRegType(getSrc().getType()), idx = toRegType(getIndex().getType());
  if (sem::isLegalGatherReg(data, idx))
    return success();
  SmallVector<std::string> legal;
  for (sem::RegType d : allRegTypes())
    for (sem::RegType i : allRegTypes())
      if (sem::isLegalGatherReg(d, i))
        legal.push_back("(" + token(d) + ", " + token(i) + ")");
  return emitOpError() << "(data " << token(data) << ", index " << token(idx)
                       << ") is not supported: data must be 8, 16 or 32 bits and the index the "
                          "unsigned integer of the same width; legal (data, index): "
                       << llvm::join(legal, " ");
}

//===----------------------------------------------------------------------===//
// Companions
//===----------------------------------------------------------------------===//

/// A scalar feeding every lane: the element's float type, or a signless
/// integer of the element width.
static LogicalResult verifyLaneScalar(Operation *op, Type scalar, VRegType reg, StringRef what) {
  Type elem = reg.getElementType();
  if (isa<FloatType>(elem)) {
    if (scalar == elem)
      return success();
    return op->emitOpError() << what << " of a " << reg.getElementToken() << " register must be "
                             << elem << ", got " << scalar;
  }
  if (scalar.isSignlessInteger(elem.getIntOrFloatBitWidth()))
    return success();
  return op->emitOpError() << what << " of a " << reg.getElementToken()
                           << " register must be the signless integer i"
                           << elem.getIntOrFloatBitWidth() << ", got " << scalar;
}

LogicalResult DuplicateOp::verify() {
  return verifyLaneScalar(*this, getScalar().getType(), getResult().getType(), "scalar");
}

LogicalResult ArangeOp::verify() {
  VRegType t = getResult().getType();
  sem::ElemKind k = toRegType(t).elem;
  if (k == sem::ElemKind::BF16)
    return emitOpError() << "element type bf16 is not supported; legal: i8 u8 i16 u16 i32 u32 "
                            "i64 u64 f16 f32";
  return verifyLaneScalar(*this, getStart().getType(), t, "start");
}

static LogicalResult verifyArithmetic(Operation *op, VRegType t) {
  if (toRegType(t).elem != sem::ElemKind::BF16)
    return success();
  return op->emitOpError() << "element type bf16 is not supported; legal: i8 u8 i16 u16 f16 i32 "
                              "u32 f32 i64 u64 (one- or two-register form)";
}

LogicalResult CompareOp::verify() { return verifyArithmetic(*this, getLhs().getType()); }

static LogicalResult verifyBinary(Operation *op, VRegType t, MergeMode mode) {
  if (failed(verifyZeroing(op, mode)))
    return failure();
  return verifyArithmetic(op, t);
}
LogicalResult AddOp::verify() { return verifyBinary(*this, getResult().getType(), getMode()); }
LogicalResult MaxOp::verify() { return verifyBinary(*this, getResult().getType(), getMode()); }
LogicalResult MinOp::verify() { return verifyBinary(*this, getResult().getType(), getMode()); }

LogicalResult BitcastOp::verify() {
  VRegType from = getSource().getType(), to = getResult().getType();
  if (from.getNumRegs() == to.getNumRegs())
    return success();
  return emitOpError() << "cannot reinterpret " << from << " (" << from.getNumRegs()
                       << " register(s)) as " << to << " (" << to.getNumRegs()
                       << " register(s)); the sizes must match";
}

#define GET_OP_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegOps.cpp.inc"
