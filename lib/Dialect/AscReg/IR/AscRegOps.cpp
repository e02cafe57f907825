//===- AscRegOps.cpp - ascreg operations and verifiers ----------*- C++ -*-===//
//
// The verifiers enforce the vendor's legal type tables exactly. The tables
// themselves live in the semantics library (semantics::isLegal*), so the
// verifier, the interpreter and the lowerings can never disagree; each
// diagnostic lists the legal set, enumerated from those same functions.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/RegApiForms.h"
#include "ascreg/Semantics/ScalarForms.h"
#include "ascreg/Semantics/Shifts.h"

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

/// A UB buffer or a view of one: rank 1, contiguous (identity layout or
/// unit stride at any offset), default memory space.
static LogicalResult verifyUBMemRef(Operation *op, MemRefType type) {
  if (type.getMemorySpace())
    return op->emitOpError() << "operates on Unified Buffer memrefs, which have the default "
                                "memory space; got memory space "
                             << type.getMemorySpace();
  if (!isUBViewType(type))
    return op->emitOpError() << "needs a contiguous UB memref (identity layout or strided<[1], "
                                "offset: ...>), got "
                             << type;
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

/// A reduction whose legal (result, source) pairs of kind k are `legal`:
/// names them on an illegal pair (`note` follows the list).
template <typename Legal>
static LogicalResult verifyReducePair(Operation *op, ReduceKind kind, MergeMode mode,
                                      VRegType result, VRegType source, Legal legal,
                                      StringRef note) {
  if (failed(verifyZeroing(op, mode)))
    return failure();
  sem::RegType dst = toRegType(result), src = toRegType(source);
  sem::ReduceKind k = toSem(kind);
  if (legal(k, dst, src))
    return success();
  SmallVector<std::string> pairs;
  for (sem::RegType s : allRegTypes())
    for (sem::RegType d : allRegTypes())
      if (legal(k, d, s))
        pairs.push_back(llvm::formatv("({0}, {1})", token(d), token(s)).str());
  return op->emitOpError() << kindName(kind) << " of (result " << token(dst) << ", source "
                           << token(src) << ") is not supported; legal (result, source) pairs for "
                           << kindName(kind) << ": " << llvm::join(pairs, " ") << note;
}

LogicalResult ReduceOp::verify() {
  return verifyReducePair(*this, getKind(), getMode(), getResult().getType(), getSrc().getType(),
                          sem::isLegalReduce, " (x2 = 64-bit two-register form)");
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
          legal.push_back(llvm::formatv("({0}, {1}, {2})", token(d), token(s), token(i)).str());
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
        legal.push_back(llvm::formatv("({0}, {1})", token(d), token(i)).str());
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

/// An op whose legal types are `legal`: names the legal set on an illegal one.
template <typename Legal>
static LogicalResult verifyLaneOp(Operation *op, VRegType reg, MergeMode mode, Legal legal) {
  if (failed(verifyZeroing(op, mode)))
    return failure();
  sem::RegType t = toRegType(reg);
  if (legal(t))
    return success();
  SmallVector<std::string> names;
  for (sem::RegType r : allRegTypes())
    if (legal(r))
      names.push_back(token(r));
  return op->emitOpError() << "element type " << token(t)
                           << " is not supported; legal: " << llvm::join(names, " ")
                           << " (x2 = 64-bit two-register form)";
}
static LogicalResult verifyArith(Operation *op, sem::ArithKind k, VRegType t, MergeMode mode) {
  return verifyLaneOp(op, t, mode, [k](sem::RegType r) { return sem::isLegalArith(k, r); });
}
static LogicalResult verifyUnary(Operation *op, sem::UnaryKind k, VRegType t, MergeMode mode) {
  return verifyLaneOp(op, t, mode, [k](sem::RegType r) { return sem::isLegalUnary(k, r); });
}
LogicalResult SubOp::verify() {
  return verifyArith(*this, sem::ArithKind::Sub, getResult().getType(), getMode());
}
LogicalResult MulOp::verify() {
  return verifyArith(*this, sem::ArithKind::Mul, getResult().getType(), getMode());
}
LogicalResult AndOp::verify() {
  return verifyArith(*this, sem::ArithKind::And, getResult().getType(), getMode());
}
LogicalResult OrOp::verify() {
  return verifyArith(*this, sem::ArithKind::Or, getResult().getType(), getMode());
}
LogicalResult XorOp::verify() {
  return verifyArith(*this, sem::ArithKind::Xor, getResult().getType(), getMode());
}
LogicalResult AbsOp::verify() {
  return verifyUnary(*this, sem::UnaryKind::Abs, getResult().getType(), getMode());
}
LogicalResult NotOp::verify() {
  return verifyUnary(*this, sem::UnaryKind::Not, getResult().getType(), getMode());
}

/// A scalar form: the scalar of the element type, the type in the op's table.
static LogicalResult verifyScalarForm(Operation *op, sem::ScalarFormKind k, VRegType t, Type scalar,
                                      MergeMode mode) {
  if (failed(
          verifyLaneOp(op, t, mode, [k](sem::RegType r) { return sem::isLegalScalarForm(k, r); })))
    return failure();
  return verifyLaneScalar(op, scalar, t, "scalar");
}
LogicalResult AddsOp::verify() {
  return verifyScalarForm(*this, sem::ScalarFormKind::Adds, getResult().getType(),
                          getScalar().getType(), getMode());
}
LogicalResult MulsOp::verify() {
  return verifyScalarForm(*this, sem::ScalarFormKind::Muls, getResult().getType(),
                          getScalar().getType(), getMode());
}
LogicalResult MaxsOp::verify() {
  return verifyScalarForm(*this, sem::ScalarFormKind::Maxs, getResult().getType(),
                          getScalar().getType(), getMode());
}
LogicalResult MinsOp::verify() {
  return verifyScalarForm(*this, sem::ScalarFormKind::Mins, getResult().getType(),
                          getScalar().getType(), getMode());
}
LogicalResult ComparesOp::verify() {
  VRegType t = getSource().getType();
  if (failed(verifyLaneOp(*this, t, MergeMode::zeroing, sem::isLegalCompareScalar)))
    return failure();
  return verifyLaneScalar(*this, getScalar().getType(), t, "scalar");
}

/// A shift: the data type in the shift table; a register amount of the
/// signed type of the data's width (docs/semantics.md 2.27).
static LogicalResult verifyShift(Operation *op, VRegType t, MergeMode mode) {
  return verifyLaneOp(op, t, mode, sem::isLegalShift);
}
static LogicalResult verifyShiftAmount(Operation *op, VRegType t, VRegType amount) {
  sem::RegType want = sem::shiftAmountType(toRegType(t));
  if (toRegType(amount) == want)
    return success();
  return op->emitOpError() << "amount of a " << token(toRegType(t)) << " register must be "
                           << token(want) << " lanes, got " << token(toRegType(amount));
}
LogicalResult ShiftLeftOp::verify() {
  if (failed(verifyShift(*this, getResult().getType(), getMode())))
    return failure();
  return verifyShiftAmount(*this, getResult().getType(), getAmount().getType());
}
LogicalResult ShiftRightOp::verify() {
  if (failed(verifyShift(*this, getResult().getType(), getMode())))
    return failure();
  return verifyShiftAmount(*this, getResult().getType(), getAmount().getType());
}
LogicalResult ShiftLeftsOp::verify() {
  return verifyShift(*this, getResult().getType(), getMode());
}
LogicalResult ShiftRightsOp::verify() {
  return verifyShift(*this, getResult().getType(), getMode());
}

LogicalResult BitcastOp::verify() {
  VRegType from = getSource().getType(), to = getResult().getType();
  if (from.getNumRegs() == to.getNumRegs())
    return success();
  return emitOpError() << "cannot reinterpret " << from << " (" << from.getNumRegs()
                       << " register(s)) as " << to << " (" << to.getNumRegs()
                       << " register(s)); the sizes must match";
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//
//
// ascreg.cast and dav.vcvt share the syntax and the checks:
//   %r = OP %src, %mask [round <M>] [sat <off|on>] [part <P>] attr-dict : T -> U
// where the keywords present are exactly the operands of the pair T -> U in
// the semantics library's table (one source of truth); P is even|odd for a
// 2:1 conversion and p0..p3 for a 4:1 conversion.

namespace {
/// Parses `< keyword >`.
ParseResult parseAngleKeyword(OpAsmParser &p, StringRef &kw, SMLoc &loc) {
  if (p.parseLess())
    return failure();
  loc = p.getCurrentLocation();
  if (p.parseKeyword(&kw) || p.parseGreater())
    return failure();
  return success();
}

/// The legal pair of a result / source register type, or null.
const sem::CastPairInfo *castPairOf(Type dst, Type src) {
  auto d = dyn_cast<VRegType>(dst), s = dyn_cast<VRegType>(src);
  if (!d || !s)
    return nullptr;
  return sem::findCastPair(toRegType(d).elem, toRegType(s).elem);
}
} // namespace

ParseResult ascreg::parseConversion(OpAsmParser &p, OperationState &st) {
  MLIRContext *ctx = p.getContext();
  OpAsmParser::UnresolvedOperand src, mask;
  if (p.parseOperand(src) || p.parseComma() || p.parseOperand(mask))
    return failure();
  StringRef kw;
  SMLoc loc, partLoc;
  std::optional<StringRef> partName;
  if (succeeded(p.parseOptionalKeyword("round"))) {
    if (parseAngleKeyword(p, kw, loc))
      return failure();
    std::optional<RoundMode> m = symbolizeRoundMode(kw);
    if (!m)
      return p.emitError(loc) << "round mode must be rint, round, floor, ceil, trunc or odd, got '"
                              << kw << "'";
    st.addAttribute("round", RoundModeAttr::get(ctx, *m));
  }
  if (succeeded(p.parseOptionalKeyword("sat"))) {
    if (parseAngleKeyword(p, kw, loc))
      return failure();
    std::optional<SatMode> s = symbolizeSatMode(kw);
    if (!s)
      return p.emitError(loc) << "sat must be off or on, got '" << kw << "'";
    st.addAttribute("sat", SatModeAttr::get(ctx, *s));
  }
  if (succeeded(p.parseOptionalKeyword("part"))) {
    if (parseAngleKeyword(p, kw, partLoc))
      return failure();
    partName = kw;
  }
  Type srcType, resultType;
  if (p.parseOptionalAttrDict(st.attributes) || p.parseColon() || p.parseType(srcType) ||
      p.parseArrow() || p.parseType(resultType))
    return failure();
  if (partName) {
    // The spelling follows the ratio: even|odd (2:1), p0..p3 (4:1).
    const sem::CastPairInfo *pair = castPairOf(resultType, srcType);
    unsigned parts = pair && pair->parts ? pair->parts : 0;
    std::optional<unsigned> value;
    for (unsigned i = 0; i < 4; ++i) {
      bool two = StringRef(sem::castPartName(sem::CastPart(i), 2)) == *partName && i < 2;
      bool four = StringRef(sem::castPartName(sem::CastPart(i), 4)) == *partName;
      if ((parts == 2 && two) || (parts == 4 && four) || (parts == 0 && (two || four)))
        value = i;
    }
    if (!value && parts)
      return p.emitError(partLoc) << "part '" << *partName << "' is not a part of a " << parts
                                  << ":1 conversion; legal: " << sem::describeCastPair(*pair);
    if (!value)
      return p.emitError(partLoc) << "part must be even, odd, p0, p1, p2 or p3, got '" << *partName
                                  << "'";
    st.addAttribute("part", CastPartAttr::get(ctx, static_cast<CastPart>(*value)));
  }
  st.addTypes(resultType);
  return failure(p.resolveOperand(src, srcType, st.operands) ||
                 p.resolveOperand(mask, MaskType::get(ctx), st.operands));
}

void ascreg::printConversion(OpAsmPrinter &p, Operation *op) {
  Type src = op->getOperand(0).getType(), dst = op->getResult(0).getType();
  p << " " << op->getOperand(0) << ", " << op->getOperand(1);
  if (auto r = op->getAttrOfType<RoundModeAttr>("round"))
    p << " round <" << stringifyRoundMode(r.getValue()) << ">";
  if (auto s = op->getAttrOfType<SatModeAttr>("sat"))
    p << " sat <" << stringifySatMode(s.getValue()) << ">";
  if (auto part = op->getAttrOfType<CastPartAttr>("part")) {
    const sem::CastPairInfo *pair = castPairOf(dst, src);
    p << " part <"
      << sem::castPartName(toSemantics(part.getValue()), pair && pair->parts ? pair->parts : 4)
      << ">";
  }
  p.printOptionalAttrDict(op->getAttrs(), {"round", "sat", "part"});
  p << " : " << src << " -> " << dst;
}

sem::CastSpec ascreg::conversionSpec(Operation *op) {
  sem::CastSpec spec;
  spec.dst = toRegType(cast<VRegType>(op->getResult(0).getType())).elem;
  spec.src = toRegType(cast<VRegType>(op->getOperand(0).getType())).elem;
  if (auto r = op->getAttrOfType<RoundModeAttr>("round"))
    spec.round = toSemantics(r.getValue());
  if (auto s = op->getAttrOfType<SatModeAttr>("sat"))
    spec.satOperand = s.getValue() == SatMode::on;
  if (auto part = op->getAttrOfType<CastPartAttr>("part"))
    spec.part = toSemantics(part.getValue());
  return spec;
}

LogicalResult ascreg::verifyConversion(Operation *op) {
  auto src = cast<VRegType>(op->getOperand(0).getType());
  auto dst = cast<VRegType>(op->getResult(0).getType());
  if (src.isTwoRegister() || dst.isTwoRegister())
    return op->emitOpError() << "converts one register; 64-bit values take the one-register form "
                                "(32 lanes), got "
                             << (src.isTwoRegister() ? src : dst);
  sem::CastSpec spec = conversionSpec(op);
  const sem::CastPairInfo *pair = sem::findCastPair(spec.dst, spec.src);
  if (!pair)
    return op->emitOpError() << sem::castSpecError(spec);
  // Exactly the pair's operands, no more, no fewer.
  auto missingOrExtra = [&](StringRef what, bool has, bool takes) -> LogicalResult {
    if (has == takes)
      return success();
    return op->emitOpError() << (takes ? "needs a " : "takes no ") << what
                             << " operand; legal: " << sem::describeCastPair(*pair);
  };
  if (failed(missingOrExtra("round", op->hasAttr("round"), pair->hasRound)) ||
      failed(missingOrExtra("sat", op->hasAttr("sat"), pair->hasSat)) ||
      failed(missingOrExtra("part", op->hasAttr("part"), pair->parts != 0)))
    return failure();
  std::string error = sem::castSpecError(spec);
  if (error.empty())
    return success();
  return op->emitOpError() << error;
}

ParseResult CastOp::parse(OpAsmParser &p, OperationState &st) { return parseConversion(p, st); }
void CastOp::print(OpAsmPrinter &p) { printConversion(p, *this); }
LogicalResult CastOp::verify() { return verifyConversion(*this); }
sem::CastSpec CastOp::getSpec() { return conversionSpec(*this); }

LogicalResult ascreg::verifyTruncate(Operation *op, Type type, RoundMode round) {
  sem::ElemKind k = toRegType(cast<VRegType>(type)).elem;
  std::string error = sem::truncateError(k, toSemantics(round));
  if (error.empty())
    return success();
  return op->emitOpError() << error;
}

LogicalResult TruncateOp::verify() { return verifyTruncate(*this, getSrc().getType(), getRound()); }

//===----------------------------------------------------------------------===//
// Reg API forms (issue 27 items 4-7; AscRegRegApiOps.td)
//===----------------------------------------------------------------------===//

LogicalResult DuplicateLaneOp::verify() {
  if (getPos() == LanePosition::lowest)
    return success();
  return emitOpError() << "pos <highest> is not supported: the vendor documents only LOWEST for "
                          "Duplicate(dst, srcReg, mask) (lane 0 of the source); legal: pos "
                          "<lowest>";
}

LogicalResult StoreFirstOp::verify() {
  if (failed(verifyLaneOp(*this, getValue().getType(), MergeMode::zeroing, sem::isLegalStoreFirst)))
    return failure();
  return verifyMemRefMatchesReg(*this, getBase().getType(), getValue().getType());
}

LogicalResult ReduceDataBlockOp::verify() {
  return verifyReducePair(*this, getKind(), getMode(), getResult().getType(), getSrc().getType(),
                          sem::isLegalReduceDataBlock, "");
}

#define GET_OP_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegOps.cpp.inc"
