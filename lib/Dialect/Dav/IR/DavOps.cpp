//===- DavOps.cpp - dav-3510 intrinsic dialect ------------------*- C++ -*-===//
//
// Verifiers check each intrinsic's legal types; the type tables are the
// semantics library's (restricted to one physical register).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/Semantics.h"

#include <array>

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ascreg::dav;
namespace sem = ::ascreg::semantics;
using ascreg::VRegType;

#include "ascreg/Dialect/Dav/IR/DavEnums.cpp.inc"
#include "ascreg/Dialect/Dav/IR/DavInterfaces.cpp.inc"
#include "ascreg/Dialect/Dav/IR/DavOpsDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "ascreg/Dialect/Dav/IR/DavAttrs.cpp.inc"

void DavDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ascreg/Dialect/Dav/IR/DavOps.cpp.inc"
      >();
  registerAttributes();
}

void DavDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ascreg/Dialect/Dav/IR/DavAttrs.cpp.inc"
      >();
}

bool ascreg::dav::isPhysicalReg(Type t) {
  auto v = dyn_cast<VRegType>(t);
  return v && v.getElementBytes() <= 4;
}

bool ascreg::dav::isConversionReg(Type t) {
  auto v = dyn_cast<VRegType>(t);
  return v && !v.isTwoRegister();
}

std::string ascreg::dav::vcvtCallTemplate(Operation *op) {
  sem::CastSpec spec = ascreg::conversionSpec(op);
  const sem::CastPairInfo *pair = sem::findCastPair(spec.dst, spec.src);
  std::string t = "{r0}, {0}, {1}";
  if (!pair)
    return t + ", MODE_ZEROING"; // rejected by the verifier
  std::string round = pair->hasRound ? sem::vendorRoundName(spec.round) : "";
  std::string sat = pair->hasSat ? sem::vendorSatName(spec.satOperand) : "";
  for (const std::string &operand :
       pair->satBeforeRound ? std::array{sat, round} : std::array{round, sat})
    if (!operand.empty())
      t += ", " + operand;
  if (pair->parts)
    t += std::string(", ") + sem::vendorPartName(spec.part, pair->parts);
  return t + ", MODE_ZEROING";
}

static sem::RegType rt(Value v) { return ascreg::toRegType(cast<VRegType>(v.getType())); }

/// A UB buffer element type (docs/semantics.md section 1.3): an 8-, 16-, 32-
/// or 64-bit integer of any signedness, f16, bf16 or f32. Every other memref
/// element type (index, f64, i1, complex, vector, memref, ...) is rejected
/// here, before anything asks it for a bit width.
static bool isUBElementType(Type t) {
  if (t.isF16() || t.isBF16() || t.isF32())
    return true;
  auto it = dyn_cast<IntegerType>(t);
  if (!it)
    return false;
  unsigned w = it.getWidth();
  return w == 8 || w == 16 || w == 32 || w == 64;
}

static LogicalResult verifyUBElementType(Operation *op, MemRefType m) {
  if (isUBElementType(m.getElementType()))
    return success();
  return op->emitOpError() << "UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, "
                              "bf16, i32/si32/ui32, f32 or i64/si64/ui64, got "
                           << m.getElementType();
}

/// A register can be loaded from / stored to a buffer of the same element
/// width and kind, or from a 64-bit integer buffer as 32-bit integer words.
static LogicalResult verifyRegBuffer(Operation *op, MemRefType m, VRegType r) {
  if (failed(verifyUBElementType(op, m)))
    return failure();
  Type me = m.getElementType(), re = r.getElementType();
  unsigned mw = me.getIntOrFloatBitWidth(), rw = re.getIntOrFloatBitWidth();
  bool sameKind = isa<FloatType>(me) == isa<FloatType>(re);
  if (mw == rw && sameKind && (isa<FloatType>(me) ? me == re : true))
    return success();
  if (mw == 64 && isa<IntegerType>(me) && rw == 32 && isa<IntegerType>(re))
    return success();
  return op->emitOpError() << "cannot access a buffer of " << me << " as lanes of " << re
                           << "; the lanes must have the buffer's width and kind, or be 32-bit "
                              "words of a 64-bit integer buffer";
}

LogicalResult VldsOp::verify() {
  return verifyRegBuffer(*this, getBase().getType(), getResult().getType());
}
LogicalResult VldsDintlvOp::verify() {
  if (getEven().getType() != getOdd().getType() || getEven().getType().getElementBytes() != 4)
    return emitOpError() << "DIST_DINTLV_B32 loads two registers of 32-bit lanes";
  return verifyRegBuffer(*this, getBase().getType(), getEven().getType());
}
LogicalResult VstsOp::verify() {
  return verifyRegBuffer(*this, getBase().getType(), getValue().getType());
}

/// A reduce intrinsic's (result, source) types against its legality table:
/// the whole-register reduces' or the per-data-block ones'.
template <bool (*Legal)(sem::ReduceKind, sem::RegType, sem::RegType)>
static LogicalResult verifyReduce(Operation *op, sem::ReduceKind k, Value dst, Value src) {
  if (Legal(k, rt(dst), rt(src)))
    return success();
  return op->emitOpError() << "(result " << dst.getType() << ", source " << src.getType()
                           << ") is not a legal type pair of this intrinsic";
}
LogicalResult VcaddOp::verify() {
  return verifyReduce<sem::isLegalReduce>(*this, sem::ReduceKind::Sum, getResult(), getSrc());
}
LogicalResult VcmaxOp::verify() {
  return verifyReduce<sem::isLegalReduce>(*this, sem::ReduceKind::Max, getResult(), getSrc());
}
LogicalResult VcminOp::verify() {
  return verifyReduce<sem::isLegalReduce>(*this, sem::ReduceKind::Min, getResult(), getSrc());
}
LogicalResult VcpaddOp::verify() {
  if (getResult().getType() == getSrc().getType() && sem::isLegalPairReduce(rt(getSrc())))
    return success();
  return emitOpError() << "vcpadd takes and returns f16 or f32 registers";
}

LogicalResult VcgaddOp::verify() {
  return verifyReduce<sem::isLegalReduceDataBlock>(*this, sem::ReduceKind::Sum, getResult(),
                                                   getSrc());
}
LogicalResult VcgmaxOp::verify() {
  return verifyReduce<sem::isLegalReduceDataBlock>(*this, sem::ReduceKind::Max, getResult(),
                                                   getSrc());
}
LogicalResult VcgminOp::verify() {
  return verifyReduce<sem::isLegalReduceDataBlock>(*this, sem::ReduceKind::Min, getResult(),
                                                   getSrc());
}

LogicalResult Vgather2Op::verify() {
  if (failed(verifyUBElementType(*this, getBase().getType())))
    return failure();
  Type unit = getUnit() ? *getUnit() : getBase().getType().getElementType();
  Type me = getBase().getType().getElementType();
  bool isInt = isa<IntegerType>(unit);
  // A unit reads the buffer's own elements (integers of any signedness), or
  // the 32-bit words of a 64-bit integer buffer.
  bool sameElements = unit == me || (isInt && isa<IntegerType>(me) &&
                                     unit.getIntOrFloatBitWidth() == me.getIntOrFloatBitWidth());
  bool wordsOf64 = isInt && unit.getIntOrFloatBitWidth() == 32 && isa<IntegerType>(me) &&
                   me.getIntOrFloatBitWidth() == 64;
  if (!ascreg::getElemKind(isInt ? IntegerType::get(getContext(), unit.getIntOrFloatBitWidth())
                                 : unit) ||
      !(sameElements || wordsOf64))
    return emitOpError() << "unit " << unit << " cannot view a buffer of " << me;
  sem::RegType d = rt(getResult()), i = rt(getIndex());
  // Integer units are read with the result's signedness (8-bit: zero extension).
  sem::ElemKind src = sem::ElemKind::F32;
  if (!isInt) {
    src = *ascreg::getElemKind(unit);
  } else {
    bool u = sem::isUnsignedInt(d.elem);
    switch (unit.getIntOrFloatBitWidth()) {
    case 8:
      src = sem::gatherSourceKind(d.elem, 1);
      break;
    case 16:
      src = u ? sem::ElemKind::U16 : sem::ElemKind::I16;
      break;
    case 32:
      src = u ? sem::ElemKind::U32 : sem::ElemKind::I32;
      break;
    default:
      src = u ? sem::ElemKind::U64 : sem::ElemKind::I64;
      break;
    }
  }
  if (sem::isLegalGather(d, src, i))
    return success();
  return emitOpError() << "(result " << getResult().getType() << ", unit " << unit << ", index "
                       << getIndex().getType() << ") is not a legal vgather2 combination";
}

LogicalResult VselrOp::verify() {
  if (getResult().getType() == getSrc().getType() &&
      sem::isLegalGatherReg(rt(getSrc()), rt(getIndex())))
    return success();
  return emitOpError() << "vselr takes 8/16/32-bit data and an unsigned index of the same width";
}

ParseResult VcvtOp::parse(OpAsmParser &p, OperationState &st) {
  return ascreg::parseConversion(p, st);
}
void VcvtOp::print(OpAsmPrinter &p) { ascreg::printConversion(p, *this); }
LogicalResult VcvtOp::verify() { return ascreg::verifyConversion(*this); }
LogicalResult VtrcOp::verify() {
  return ascreg::verifyTruncate(*this, getSrc().getType(), getRound());
}

#define GET_OP_CLASSES
#include "ascreg/Dialect/Dav/IR/DavOps.cpp.inc"
