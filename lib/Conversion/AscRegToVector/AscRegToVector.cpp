//===- AscRegToVector.cpp - ascreg to vector/arith/memref -------*- C++ -*-===//
//
// Lowers every ascreg op to upstream ops with the exact semantics of
// docs/semantics.md. The upstream ops promise less than the hardware does,
// so the patterns build the semantics explicitly:
//   - masks are byte-granular: lane i of a W-byte type is bit W*i, extracted
//     with a strided vector.shuffle (and expanded back the same way);
//   - reduce <sum> is the adjacent-pair tree (vector.deinterleave + add per
//     level, each node rounded to the element type), never vector.reduction;
//   - reduce <max|min> compares floats through an integer key in which
//     -0 < +0, reports the first NaN lane when there is one, and otherwise the
//     first lane holding the extreme;
//   - gathers zero-extend 8-bit sources, use the low 32 bits of u64 indices,
//     and gather_reg reduces indices modulo the lane count;
//   - f16 additions saturate on the bits when the kernel's CTRL[48] is 0;
//   - cast and truncate are built from integer arithmetic (CastLowering.cpp);
//   - the kernel's semantic profile (kernelProfile: `ascreg.semantics`)
//     picks the candidate of every open point, exactly as
//     lib/Semantics/Reference.cpp does; the documented profile adds no IR.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/UnifiedBuffer.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascreg {
#define GEN_PASS_DEF_CONVERTASCREGTOVECTORPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;
using namespace ::ascreg::tovector;

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

AscRegToVectorTypeConverter::AscRegToVectorTypeConverter() {
  addConversion([](Type t) { return t; });
  addConversion([](IntegerType t) { return signless(t); });
  addConversion([](VRegType t) -> Type {
    return VectorType::get({static_cast<int64_t>(t.getLanes())}, storageType(t.getElementType()));
  });
  addConversion([](MaskType t) -> Type {
    return VectorType::get({sem::kMaskBits}, IntegerType::get(t.getContext(), 1));
  });
  addConversion([](MemRefType t) -> Type {
    return MemRefType::get(t.getShape(), storageType(t.getElementType()), t.getLayout(),
                           t.getMemorySpace());
  });
}

namespace {

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// The key of float bits `bits` (an integer scalar or vector): the magnitude
/// bits flipped when the sign is set. Its own inverse: the key of a key is
/// the bits.
Value flipNegativeMagnitude(VectorBuilder &e, Value bits) {
  Type t = bits.getType();
  unsigned w = getElementTypeOrSelf(t).getIntOrFloatBitWidth();
  Value sh = arith::ShRSIOp::create(e.b, e.loc, bits, e.intConst(t, APInt(w, w - 1)));
  Value magMask = arith::AndIOp::create(e.b, e.loc, sh, e.intConst(t, APInt::getSignedMaxValue(w)));
  return arith::XOrIOp::create(e.b, e.loc, bits, magMask);
}

/// Totally ordered integer keys of float lanes: signed comparison of the keys
/// orders -inf < ... < -0 < +0 < ... < +inf (NaNs are handled separately).
Value floatKeys(VectorBuilder &e, Value v) {
  VectorType it = intVecType(cast<VectorType>(v.getType()));
  return flipNegativeMagnitude(e, arith::BitcastOp::create(e.b, e.loc, it, v));
}

/// Moves `e.b` into a new `scf.if !proof {}` until `guard` ends: what a
/// proven access (ProvenAccessLoops.cpp) emits there runs only when its
/// loop's proof failed, one loop-invariant branch.
void enterUnproven(VectorBuilder &e, Value proof, std::optional<OpBuilder::InsertionGuard> &guard) {
  guard.emplace(e.b);
  auto unproven = scf::IfOp::create(e.b, e.loc, e.notI1(proof), /*withElseRegion=*/false);
  e.b.setInsertionPointToStart(unproven.thenBlock());
}

/// Checks a whole-register access at element `offset` of `base`: inside UB
/// and 32-byte aligned. Returns the access's UB address.
Value checkRegAccess(VectorBuilder &e, RuntimeChecker &checker, Operation *op, Value base,
                     Value offset, unsigned regBytes, unsigned alignment = sem::kUBAlignment) {
  UBPlace p = placeAccess(e, op, base, offset);
  if (!checker.enabled())
    return p.addr;
  std::optional<OpBuilder::InsertionGuard> unprovenOnly;
  if (Value proof = checker.proofOf(op))
    enterUnproven(e, proof, unprovenOnly);
  auto mt = cast<MemRefType>(base.getType());
  Value eb = e.index(mt.getElementTypeBitWidth() / 8), bytes = e.index(regBytes);
  Value zero = e.index(0);
  Value last = arith::SubIOp::create(e.b, e.loc, p.capacity, bytes);
  Value inside = signedWithin(e.b, e.loc, p.addr, zero, last);
  inside = arith::AndIOp::create(e.b, e.loc, inside, indexWithin(e.b, e.loc, offset, p.capacity));
  checker.require(e.b, op, inside, sem::RuntimeErrorKind::RegisterAccessOutsideUB,
                  {p.bufferAddr, offset, eb, bytes});
  // Buffers are 32-byte aligned and offsets count elements: an alignment of
  // at most the element size holds by construction.
  if (alignment <= mt.getElementTypeBitWidth() / 8)
    return p.addr;
  Value rem = arith::RemSIOp::create(e.b, e.loc, p.addr, e.index(alignment));
  Value aligned = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, rem, zero);
  checker.require(e.b, op, aligned, sem::RuntimeErrorKind::MisalignedAccess,
                  {p.bufferAddr, offset, eb});
  return p.addr;
}

} // namespace

Value ascreg::checkUBAccess(OpBuilder &b, Location loc, RuntimeChecker &checker, Operation *op,
                            Value base, Value offset, unsigned bytes, unsigned alignment) {
  VectorBuilder e{b, loc};
  return checkRegAccess(e, checker, op, base, offset, bytes, alignment);
}

namespace {

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

struct CreateMaskLowering : public AscRegPattern<CreateMaskOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(CreateMaskOp op, OpAdaptor,
                                ConversionPatternRewriter &rw) const override {
    sem::Mask m;
    sem::createMask(toRegType(cast<VRegType>(op.getRegType())),
                    static_cast<sem::MaskPattern>(op.getPattern()), m);
    SmallVector<bool> bits;
    for (unsigned i = 0; i < sem::kMaskBits; ++i)
      bits.push_back(m.bit(i));
    VectorBuilder e{rw, op.getLoc()};
    rw.replaceOp(op, e.bools(bits));
    return success();
  }
};

struct UpdateMaskLowering : public AscRegPattern<UpdateMaskOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(UpdateMaskOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = toRegType(cast<VRegType>(op.getRegType()));
    Type i32 = rw.getI32Type();
    Value vl = e.intConst(i32, t.lanes());
    Value count = a.getCount();
    // Lanes [0, min(count, VL)) active (count is unsigned).
    Value n = arith::MinUIOp::create(rw, op.getLoc(), count, vl);
    Value nIdx = arith::IndexCastUIOp::create(rw, op.getLoc(), rw.getIndexType(), n);
    auto laneType = VectorType::get({static_cast<int64_t>(t.lanes())}, rw.getI1Type());
    Value lanes = vector::CreateMaskOp::create(rw, op.getLoc(), laneType, ValueRange{nIdx});
    Value mask = e.expandMask(lanes, t);
    // rest = count < VL ? 0 : count - VL.
    Value lt = arith::CmpIOp::create(rw, op.getLoc(), arith::CmpIPredicate::ult, count, vl);
    Value sub = arith::SubIOp::create(rw, op.getLoc(), count, vl);
    Value rest = arith::SelectOp::create(rw, op.getLoc(), lt, e.intConst(i32, 0), sub);
    rw.replaceOp(op, {mask, rest});
    return success();
  }
};

/// mask_and / mask_or: the bitwise op on the i1 vectors, one pattern for
/// both.
template <typename OpTy, typename ArithOpTy> struct MaskLogicLowering : public AscRegPattern<OpTy> {
  using AscRegPattern<OpTy>::AscRegPattern;
  using OpAdaptor = typename AscRegPattern<OpTy>::OpAdaptor;
  LogicalResult matchAndRewrite(OpTy op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<ArithOpTy>(op, a.getLhs(), a.getRhs());
    return success();
  }
};
using MaskAndLowering = MaskLogicLowering<MaskAndOp, arith::AndIOp>;
using MaskOrLowering = MaskLogicLowering<MaskOrOp, arith::OrIOp>;

struct MaskNotLowering : public AscRegPattern<MaskNotOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(MaskNotOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    // ~m & P, where P holds the lowest bit of every lane's group.
    sem::RegType t = toRegType(cast<VRegType>(op.getRegType()));
    SmallVector<bool> p(sem::kMaskBits, false);
    for (unsigned i = 0; i < t.lanes(); ++i)
      p[t.maskStride() * i] = true;
    VectorBuilder e{rw, op.getLoc()};
    Value pattern = e.bools(p);
    Value x = arith::XOrIOp::create(rw, op.getLoc(), a.getInput(), pattern);
    rw.replaceOpWithNewOp<arith::AndIOp>(op, x, pattern);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

struct LoadAlignLowering : public AscRegPattern<LoadAlignOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(LoadAlignOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getResult());
    checkRegAccess(e, checker, op, a.getBase(), a.getOffset(), t.bytes());
    rw.replaceOpWithNewOp<vector::LoadOp>(op, vecType(getContext(), t), a.getBase(),
                                          ValueRange{a.getOffset()});
    return success();
  }
};

struct StoreAlignLowering : public AscRegPattern<StoreAlignOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(StoreAlignOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getValue());
    Value addr = checkRegAccess(e, checker, op, a.getBase(), a.getOffset(), t.bytes());
    std::optional<UBArena> ub = getUBArena(op);
    if (ub) {
      // A write noted before its loop when the proof holds.
      std::optional<OpBuilder::InsertionGuard> unprovenOnly;
      if (checker.isWriteNoted(op))
        enterUnproven(e, checker.proofOf(op), unprovenOnly);
      noteUBWrite(rw, op.getLoc(), *ub, addr, e.index(t.bytes()));
    }
    // Only active lanes are written; inactive lanes leave UB untouched.
    Value lanes = e.laneMask(a.getMask(), t);
    rw.replaceOpWithNewOp<vector::MaskedStoreOp>(op, a.getBase(), ValueRange{a.getOffset()}, lanes,
                                                 a.getValue());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// f16 lanes in the saturating mode (CTRL[48] = 0): +-inf -> +-65504, NaN
/// -> +0, on the bits.
Value saturateF16(VectorBuilder &e, Value v) {
  auto vt = cast<VectorType>(v.getType());
  VectorType it = intVecType(vt);
  Value bits = arith::BitcastOp::create(e.b, e.loc, it, v);
  Value mag = arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(16, 0x7FFF)));
  Value inf = e.splatInt(it, APInt(16, 0x7C00));
  Value isNaN = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::ugt, mag, inf);
  Value isInf = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, mag, inf);
  Value max = arith::OrIOp::create(
      e.b, e.loc, arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(16, 0x8000))),
      e.splatInt(it, APInt(16, 0x7BFF)));
  Value r = arith::SelectOp::create(e.b, e.loc, isInf, max, bits);
  r = arith::SelectOp::create(e.b, e.loc, isNaN, e.zeros(it), r);
  return arith::BitcastOp::create(e.b, e.loc, vt, r);
}

/// Whether f16 additions in `op`'s kernel saturate (its CTRL[48]).
bool saturatesF16(Operation *op, Type elem) {
  return elem.isF16() && sem::saturatesF16Arithmetic(kernelCtrl(op));
}

//===----------------------------------------------------------------------===//
// Profile candidates (Profile.h; the oracle is lib/Semantics/Reference.cpp)
//
// Each helper is called only when the kernel's profile picks a candidate
// other than the documented one, so a kernel without a recorded profile
// lowers to the IR it always did.
//===----------------------------------------------------------------------===//

/// A float constant of type `t` (a scalar float or a vector of them, splat).
Value floatConst(VectorBuilder &e, Type t, const APFloat &value) {
  auto vt = dyn_cast<VectorType>(t);
  Attribute a = e.b.getFloatAttr(vt ? vt.getElementType() : t, value);
  if (vt)
    return e.splat(vt, a);
  return arith::ConstantOp::create(e.b, e.loc, cast<TypedAttr>(a));
}

/// NaNs of `v` (f16 / f32, scalar or vector) replaced by the positive default
/// NaN (0x7E00 / 0x7FC00000): the `canonical` candidates of add.nan and
/// maxmin.nan (canonicalNaNBits).
///
///   %nan = arith.cmpf uno, %v, %v : vector<64xf16>
///   %r = arith.select %nan, %cst_0x7E00, %v : vector<64xi1>, vector<64xf16>
Value canonicalizeNaN(VectorBuilder &e, Value v) {
  auto elem = cast<FloatType>(getElementTypeOrSelf(v.getType()));
  const sem::ElemKind kind = *getElemKind(elem); // f16, bf16 or f32
  APFloat nan(elem.getFloatSemantics(), APInt(elem.getWidth(), sem::canonicalNaNBits(kind)));
  Value isNaN = arith::CmpFOp::create(e.b, e.loc, arith::CmpFPredicate::UNO, v, v);
  return arith::SelectOp::create(e.b, e.loc, isNaN, floatConst(e, v.getType(), nan), v);
}

/// f16 / f32 lanes whose exponent field is 0 replaced by the zero of their
/// sign: the operands of compare / max / min under compare.subnormals =
/// flush (flushSubnormalBits). A bit operation, so no FTZ mode is involved.
///
///   %b = arith.bitcast %v : vector<64xf32> to vector<64xi32>
///   %exp = arith.andi %b, 0x7F800000 ; %sub = arith.cmpi eq, %exp, 0
///   %r = arith.select %sub, (%b & 0x80000000), %b ; bitcast back
Value flushSubnormals(VectorBuilder &e, Value v) {
  auto vt = cast<VectorType>(v.getType());
  VectorType it = intVecType(vt);
  unsigned w = vt.getElementTypeBitWidth();
  const uint64_t sign = w == 32 ? 0x80000000u : 0x8000, exp = w == 32 ? 0x7F800000u : 0x7C00;
  Value bits = arith::BitcastOp::create(e.b, e.loc, it, v);
  Value expField = arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(w, exp)));
  Value subnormal =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, expField, e.zeros(it));
  Value signedZero = arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(w, sign)));
  Value r = arith::SelectOp::create(e.b, e.loc, subnormal, signedZero, bits);
  return arith::BitcastOp::create(e.b, e.loc, vt, r);
}

/// The operands of a compare / max / min of `t` under compare.subnormals.
Value orderedOperand(VectorBuilder &e, const sem::Profile &prof, sem::RegType t, Value v) {
  return sem::isFloat(t.elem) && prof.compareSubnormals == sem::CompareSubnormals::Flush
             ? flushSubnormals(e, v)
             : v;
}

/// A rounded float addition result (f16 / f32) under add.nan, then
/// saturated when `saturate` (CTRL[48] = 0, f16): Reference.cpp's finishAdd.
Value finishAdd(VectorBuilder &e, const sem::Profile &prof, Value sum, bool saturate) {
  if (prof.addNaN == sem::AddNaN::Canonical)
    sum = canonicalizeNaN(e, sum);
  return saturate ? saturateF16(e, sum) : sum;
}

/// Adjacent-pair tree: (l0+l1),(l2+l3),... per level, one rounding per node
/// in the element type of `v`; `finishNode` is applied to every float level
/// (finishAdd). Returns the root as a one-lane vector.
Value pairTree(VectorBuilder &e, Value v, function_ref<Value(Value)> finishNode) {
  while (cast<VectorType>(v.getType()).getNumElements() > 1) {
    auto d = vector::DeinterleaveOp::create(e.b, e.loc, v);
    Value even = d.getRes1(), odd = d.getRes2();
    if (isa<FloatType>(cast<VectorType>(v.getType()).getElementType()))
      v = finishNode(arith::AddFOp::create(e.b, e.loc, even, odd));
    else
      v = arith::AddIOp::create(e.b, e.loc, even, odd);
  }
  return v;
}

/// The per-node f16 tree with its nodes added in f32 and each rounded to f16
/// (and finished) there: the f32 sum of two f16 values rounded to f16 is
/// their correctly rounded f16 sum (f32 has 24 >= 2 * 11 + 2 significand
/// bits), so every node is the f16 addition. It is what LLVM makes of an f16
/// addition on a CPU without f16 arithmetic, but with the deinterleaves
/// moving 32-bit lanes, which AVX2 shuffles in one instruction where 16-bit
/// lanes take several (the 256-register loop of reduce_sum_f16_f16 on an
/// AVX2 host: 15.3 -> 11.2 us):
///
///   %w = arith.extf %leaves : vector<128xf16> to vector<128xf32>
///   %even, %odd = vector.deinterleave %w : vector<128xf32> -> vector<64xf32>
///   %s = arith.addf %even, %odd : vector<64xf32>
///   %n = arith.truncf %s : vector<64xf32> to vector<64xf16>
///   (add.nan and the f16 saturation on %n)
///   %w1 = arith.extf %n : vector<64xf16> to vector<64xf32>
///   ... 6 more levels; the root stays vector<1xf16> ...
Value perNodeF16TreeSum(VectorBuilder &e, Value leaves, function_ref<Value(Value)> finish) {
  auto widened = [&](Value v) {
    auto t = cast<VectorType>(v.getType());
    return arith::ExtFOp::create(e.b, e.loc, VectorType::get(t.getShape(), e.b.getF32Type()), v);
  };
  auto rounded = [&](Value v) {
    auto t = cast<VectorType>(v.getType());
    return arith::TruncFOp::create(e.b, e.loc, VectorType::get(t.getShape(), e.b.getF16Type()), v);
  };
  return pairTree(e, widened(leaves), [&](Value sum) {
    Value node = finish(rounded(sum));
    return cast<VectorType>(node.getType()).getNumElements() == 1 ? node : widened(node);
  });
}

/// reduce <sum> of f16 / f32 leaves (inactive lanes already +0) under
/// sum.rounding. per_node: every node rounded (and finished) in the element
/// type. round_once: the same tree in the next wider float, then one
/// rounding and one finish:
///
///   %w = arith.extf %leaves : vector<128xf16> to vector<128xf32>
///   ... the deinterleave / arith.addf tree on f32 ...
///   %r = arith.truncf %root : vector<1xf32> to vector<1xf16>
///   (then add.nan and, if CTRL[48] = 0, the f16 saturation on %r)
Value floatTreeSum(VectorBuilder &e, const sem::Profile &prof, Value leaves, bool saturate) {
  auto finish = [&](Value v) { return finishAdd(e, prof, v, saturate); };
  auto vt = cast<VectorType>(leaves.getType());
  if (prof.sumRounding == sem::SumRounding::PerNode && vt.getElementType().isF16())
    return perNodeF16TreeSum(e, leaves, finish);
  if (prof.sumRounding == sem::SumRounding::PerNode)
    return pairTree(e, leaves, finish);
  Type wideElem = vt.getElementType().isF16() ? Type(e.b.getF32Type()) : Type(e.b.getF64Type());
  Value wide = arith::ExtFOp::create(e.b, e.loc, VectorType::get(vt.getShape(), wideElem), leaves);
  Value root = pairTree(e, wide, [](Value v) { return v; });
  Value rounded =
      arith::TruncFOp::create(e.b, e.loc, VectorType::get({1}, vt.getElementType()), root);
  return finish(rounded);
}

struct ReduceLowering : public AscRegPattern<ReduceOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(ReduceOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType srcT = regTypeOf(op.getSrc()), dstT = regTypeOf(op.getResult());
    VectorType dstVec = vecType(getContext(), dstT);
    Value src = a.getSrc();
    Value lanes = e.laneMask(a.getMask(), srcT);
    Value result = e.zeros(dstVec);
    if (op.getKind() == ReduceKind::sum) {
      // Widen 16-bit integers before the tree (i16 -> i32 signed, u16 -> u32 unsigned).
      if (sem::elemBytes(srcT.elem) != sem::elemBytes(dstT.elem)) {
        auto wide = VectorType::get({static_cast<int64_t>(srcT.lanes())}, dstVec.getElementType());
        src = sem::isSignedInt(srcT.elem)
                  ? Value(arith::ExtSIOp::create(rw, op.getLoc(), wide, src))
                  : Value(arith::ExtUIOp::create(rw, op.getLoc(), wide, src));
      }
      // Inactive lanes enter the tree as +0.
      Value z = e.zeros(cast<VectorType>(src.getType()));
      Value v = arith::SelectOp::create(rw, op.getLoc(), lanes, src, z);
      Value root = sem::isFloat(dstT.elem) ? floatTreeSum(e, kernelProfile(op), v,
                                                          saturatesF16(op, dstVec.getElementType()))
                                           : pairTree(e, v, [](Value x) { return x; });
      Value sum = vector::ExtractOp::create(rw, op.getLoc(), root, ArrayRef<int64_t>{0});
      rw.replaceOpWithNewOp<vector::InsertOp>(op, sum, result, ArrayRef<int64_t>{0});
      return success();
    }
    rw.replaceOp(op, lowerMaxMin(e, op, src, lanes, srcT, dstVec));
    return success();
  }

  Value lowerMaxMin(VectorBuilder &e, ReduceOp op, Value src, Value lanes, sem::RegType t,
                    VectorType vt) const {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    bool isMax = op.getKind() == ReduceKind::max;
    int64_t n = t.lanes();
    unsigned w = sem::elemBytes(t.elem) * 8;
    VectorType it = intVecType(vt);
    bool isF = sem::isFloat(t.elem);
    bool isUnsigned = sem::isUnsignedInt(t.elem);
    const sem::Profile prof = kernelProfile(op);
    src = orderedOperand(e, prof, t, src); // the flushed bits are also the value
    if (auto ft = dyn_cast<FloatType>(vt.getElementType()); ft && nanKeysBeyondInfinities(ft))
      return lowerFloatMaxMin(e, isMax, src, lanes, t, vt, prof);
    // Keys compared as signed (floats, signed ints) or unsigned integers.
    Value keys = isF ? floatKeys(e, src) : src;
    Value valid = lanes;
    Value anyNaN, firstNaN;
    if (isF) {
      Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, src, src);
      Value nanActive = arith::AndIOp::create(b, loc, isNaN, lanes);
      firstNaN = e.firstSet(nanActive);
      anyNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, firstNaN,
                                     e.intConst(b.getI32Type(), n));
      Value notNaN = arith::XOrIOp::create(b, loc, isNaN, e.bools(SmallVector<bool>(n, true)));
      valid = arith::AndIOp::create(b, loc, lanes, notNaN);
    }
    // Lanes that cannot win get the identity of the comparison.
    APInt fill = isUnsigned ? (isMax ? APInt::getMinValue(w) : APInt::getMaxValue(w))
                            : (isMax ? APInt::getSignedMinValue(w) : APInt::getSignedMaxValue(w));
    Value filled = arith::SelectOp::create(b, loc, valid, keys, e.splatInt(it, fill));
    vector::CombiningKind kind =
        isUnsigned ? (isMax ? vector::CombiningKind::MAXUI : vector::CombiningKind::MINUI)
                   : (isMax ? vector::CombiningKind::MAXSI : vector::CombiningKind::MINSI);
    Value extreme = e.reduction(kind, filled);
    Value splatExt = vector::BroadcastOp::create(b, loc, it, extreme);
    Value eq = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, filled, splatExt);
    Value hit = arith::AndIOp::create(b, loc, eq, valid);
    Value firstHit = e.firstSet(hit); // n if no active lane
    Value anyActive = e.anyTrue(lanes);
    Type i32 = b.getI32Type();
    Value zero32 = e.intConst(i32, 0);
    Value index = arith::SelectOp::create(b, loc, anyActive, firstHit, zero32);
    // The value keeps the bits of the chosen lane (so -0 survives): the
    // extreme key's bits, without moving the register through memory.
    Type elem = vt.getElementType();
    Value picked =
        isF ? Value(arith::BitcastOp::create(b, loc, elem, flipNegativeMagnitude(e, extreme)))
            : extreme;
    if (isF) {
      // A NaN wins with its payload: the first NaN lane, read only when
      // there is one.
      index = arith::SelectOp::create(b, loc, anyNaN, firstNaN, index);
      picked = pickNaNIf(e, anyNaN, src, firstNaN, picked, prof);
    }
    return finishMaxMin(e, isMax, t, vt, prof, picked, anyActive, index);
  }

  /// Whether every key of floatKeys beyond the infinities' is a NaN's: the
  /// format has infinities, and the bits just above +inf and the largest
  /// magnitude (all-ones without the sign; with the sign, the same beyond
  /// -inf) are NaNs, as in every IEEE interchange format. True of f16, bf16
  /// and f32; lowerFloatMaxMin's biased keys rely on it.
  static bool nanKeysBeyondInfinities(FloatType elem) {
    const llvm::fltSemantics &fs = elem.getFloatSemantics();
    unsigned w = elem.getWidth();
    APFloat inf = APFloat::getInf(fs);
    if (!inf.isInfinity())
      return false;
    return APFloat(fs, inf.bitcastToAPInt() + 1).isNaN() &&
           APFloat(fs, APInt::getSignedMaxValue(w)).isNaN() &&
           APFloat(fs, APInt::getAllOnes(w)).isNaN();
  }

  /// Float max / min with one unsigned reduction and one search, no select
  /// for NaNs and the lanes' bits kept in the keys. The keys of floatKeys
  /// plus `bias` (modulo 2^w) order the lanes as unsigned integers with -inf
  /// at 0, +inf at `nanAbove` and every NaN above it (the negative ones wrap
  /// round from below -inf), so the maximum is above `nanAbove` exactly
  /// when an active lane is a NaN; min runs the same on the lanes with their
  /// sign flipped (the order of the numbers reversed, NaNs still on top).
  /// Inactive lanes are 0 (and of the mask, not a select: AVX2 runs it on
  /// every vector port), which -inf shares: a maximum of 0 (no active lane,
  /// or only -inf ones) asks the mask for the first active lane. The winner's
  /// bits come back from its key, so the source is not needed after the
  /// keys (on AVX2 it was spilled to keep it for the NaN case):
  ///
  ///   %keys = arith.addi (floatKeys %src), %bias : vector<64xi32>
  ///   %filled = arith.select %lanes, %keys, %zeros
  ///   %top = vector.reduction <maxui>, %filled : vector<64xi32> into i32
  ///   %index = first lane of (arith.cmpi eq, %filled, splat %top)
  ///   %key, %index = scf.if (%top >u %nanAbove) { first lane of
  ///                    (%filled >u splat %nanAbove) and its key }
  ///   scf.if (%top == 0) { first active lane, or 0 and none active }
  ///   %bits = flipNegativeMagnitude(%key - %bias) (xor the sign for min)
  ///
  /// Formats whose keys beyond the infinities are all NaNs (f16, bf16, f32:
  /// nanKeysBeyondInfinities).
  Value lowerFloatMaxMin(VectorBuilder &e, bool isMax, Value src, Value lanes, sem::RegType t,
                         VectorType vt, const sem::Profile &prof) const {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    unsigned w = sem::elemBytes(t.elem) * 8;
    int64_t n = t.lanes();
    VectorType it = intVecType(vt);
    Type iw = b.getIntegerType(w);
    const llvm::fltSemantics &fs = cast<FloatType>(vt.getElementType()).getFloatSemantics();
    APInt sign = APInt::getSignMask(w);
    APInt negInfKey = APFloat::getInf(fs, /*Negative=*/true).bitcastToAPInt() ^
                      APInt::getSignedMaxValue(w); // floatKeys of -inf
    APInt bias = -negInfKey;
    APInt nanAbove = APFloat::getInf(fs, /*Negative=*/false).bitcastToAPInt() + bias;
    Value bits = arith::BitcastOp::create(b, loc, it, src);
    if (!isMax)
      bits = arith::XOrIOp::create(b, loc, bits, e.splatInt(it, sign));
    Value keys =
        arith::AddIOp::create(b, loc, flipNegativeMagnitude(e, bits), e.splatInt(it, bias));
    Value filled = arith::SelectOp::create(b, loc, lanes, keys, e.splatInt(it, APInt(w, 0)));
    Value top = e.reduction(vector::CombiningKind::MAXUI, filled);
    Value splatTop = vector::BroadcastOp::create(b, loc, it, top);
    Value index =
        e.firstSet(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, filled, splatTop));
    Value nanWon =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, top, e.intConst(iw, nanAbove));

    // A NaN won: the first NaN lane and its key.
    Type i32 = b.getI32Type();
    auto ifNaN = scf::IfOp::create(b, loc, TypeRange{iw, i32}, nanWon, /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifNaN.thenBlock());
      Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, filled,
                                          e.splatInt(it, nanAbove));
      Value first = e.firstSet(isNaN);
      scf::YieldOp::create(b, loc, ValueRange{e.laneAt(filled, first), first});
      b.setInsertionPointToStart(ifNaN.elseBlock());
      scf::YieldOp::create(b, loc, ValueRange{top, index});
    }
    Value key = ifNaN.getResult(0);
    index = ifNaN.getResult(1);

    // A maximum of 0: no active lane, or only -inf ones (the first active).
    Value topIsZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, top, e.intConst(iw, APInt(w, 0)));
    Type i1 = b.getI1Type();
    auto ifZero = scf::IfOp::create(b, loc, TypeRange{i1, i32}, topIsZero,
                                    /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifZero.thenBlock());
      Value first = e.firstSet(lanes);
      Value any =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, first, e.intConst(i32, n));
      Value at = arith::SelectOp::create(b, loc, any, first, e.intConst(i32, 0));
      scf::YieldOp::create(b, loc, ValueRange{any, at});
      b.setInsertionPointToStart(ifZero.elseBlock());
      scf::YieldOp::create(b, loc, ValueRange{e.intConst(i1, 1), index});
    }
    Value anyActive = ifZero.getResult(0);
    index = ifZero.getResult(1);

    Value winner =
        flipNegativeMagnitude(e, arith::SubIOp::create(b, loc, key, e.intConst(iw, bias)));
    if (!isMax)
      winner = arith::XOrIOp::create(b, loc, winner, e.intConst(iw, sign));
    Value picked = arith::BitcastOp::create(b, loc, vt.getElementType(), winner);
    if (prof.maxMinNaN == sem::MaxMinNaN::Canonical)
      picked = canonicalizeNaN(e, picked);
    return finishMaxMin(e, isMax, t, vt, prof, picked, anyActive, index);
  }

  /// `picked`, or when `cond` lane `pos` of `src` (a NaN, with its payload
  /// or canonical under maxmin.nan), read only then.
  static Value pickNaNIf(VectorBuilder &e, Value cond, Value src, Value pos, Value picked,
                         const sem::Profile &prof) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    Type elem = picked.getType();
    auto ifNaN = scf::IfOp::create(b, loc, TypeRange{elem}, cond, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifNaN.thenBlock());
    Value nan = e.laneAt(src, pos);
    if (prof.maxMinNaN == sem::MaxMinNaN::Canonical)
      nan = canonicalizeNaN(e, nan);
    scf::YieldOp::create(b, loc, nan);
    b.setInsertionPointToStart(ifNaN.elseBlock());
    scf::YieldOp::create(b, loc, picked);
    return ifNaN.getResult(0);
  }

  /// The result register: lane 0 the value (the empty-mask value when no
  /// lane is active), lane 1 the index as the element's raw bits.
  static Value finishMaxMin(VectorBuilder &e, bool isMax, sem::RegType t, VectorType vt,
                            const sem::Profile &prof, Value picked, Value anyActive, Value index) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    unsigned w = sem::elemBytes(t.elem) * 8;
    bool isF = sem::isFloat(t.elem);
    bool isUnsigned = sem::isUnsignedInt(t.elem);
    Type elem = vt.getElementType();
    // Empty mask: -inf / +inf (maxmin.empty = finite: the largest finite
    // value of that sign), or the integer type's minimum / maximum.
    Attribute emptyAttr;
    if (isF) {
      const auto &fs = cast<FloatType>(elem).getFloatSemantics();
      emptyAttr = b.getFloatAttr(elem, prof.maxMinEmpty == sem::MaxMinEmpty::Finite
                                           ? APFloat::getLargest(fs, /*Negative=*/isMax)
                                           : APFloat::getInf(fs, /*Negative=*/isMax));
    } else {
      APInt v = isUnsigned ? (isMax ? APInt::getMinValue(w) : APInt::getMaxValue(w))
                           : (isMax ? APInt::getSignedMinValue(w) : APInt::getSignedMaxValue(w));
      emptyAttr = b.getIntegerAttr(elem, v);
    }
    Value empty = arith::ConstantOp::create(b, loc, cast<TypedAttr>(emptyAttr));
    Value value = arith::SelectOp::create(b, loc, anyActive, picked, empty);
    // The index is stored as the raw integer bits of the element type.
    Type iw = b.getIntegerType(w);
    Value idxBits = w < 32   ? Value(arith::TruncIOp::create(b, loc, iw, index))
                    : w > 32 ? Value(arith::ExtUIOp::create(b, loc, iw, index))
                             : index;
    Value idxElem = isF ? Value(arith::BitcastOp::create(b, loc, elem, idxBits)) : idxBits;
    Value res = e.zeros(vt);
    res = vector::InsertOp::create(b, loc, value, res, ArrayRef<int64_t>{0});
    return vector::InsertOp::create(b, loc, idxElem, res, ArrayRef<int64_t>{1});
  }
};

struct PairReduceSumLowering : public AscRegPattern<PairReduceSumOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(PairReduceSumOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getSrc());
    int64_t n = t.lanes();
    Value lanes = e.laneMask(a.getMask(), t);
    // Inactive elements enter the adder as +0 (one active lane: a + (+0);
    // none: +0 + +0 = +0). The mask is applied before the deinterleave: a
    // deinterleaved vector<64xi1> costs AVX2 packs, byte shuffles and unpacks,
    // several times the select it feeds (the 256-register loop of
    // pair_reduce_sum_f32 on an AVX2 host: 4.5 -> 2.5 us).
    //   %active = arith.select %lanes, %src, %zeros : vector<64xi1>, vector<64xf32>
    //   %even, %odd = vector.deinterleave %active
    //   %sum = arith.addf %even, %odd : vector<32xf32>
    Value active = arith::SelectOp::create(rw, op.getLoc(), lanes, a.getSrc(),
                                           e.zeros(vecType(getContext(), t)));
    auto d = vector::DeinterleaveOp::create(rw, op.getLoc(), active);
    Value first = d.getRes1(), second = d.getRes2();
    auto half = cast<VectorType>(first.getType());
    Value zero = e.zeros(half);
    const sem::Profile prof = kernelProfile(op);
    Value low = finishAdd(e, prof, arith::AddFOp::create(rw, op.getLoc(), first, second),
                          saturatesF16(op, half.getElementType()));
    if (prof.pairSingleLane == sem::PairSingleLane::Exact) {
      // pair.single_lane = exact: a pair with one active lane gives that
      // lane's bits (the inactive one entered as +0), not a + (+0).
      //   %me, %mo = vector.deinterleave %lanes : vector<64xi1>
      //   %one = arith.xori %me, %mo : vector<32xi1>
      //   %lane = arith.select %me, %even, %odd
      //   %low = arith.select %one, %lane, %sum
      auto m = vector::DeinterleaveOp::create(rw, op.getLoc(), lanes);
      Value me = m.getRes1(), mo = m.getRes2();
      Value single = arith::XOrIOp::create(rw, op.getLoc(), me, mo);
      Value lane = arith::SelectOp::create(rw, op.getLoc(), me, first, second);
      low = arith::SelectOp::create(rw, op.getLoc(), single, lane, low);
    }
    SmallVector<int64_t> concat;
    for (int64_t i = 0; i < n; ++i)
      concat.push_back(i);
    rw.replaceOp(op, e.shuffle(low, zero, concat)); // upper half 0
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Companions
//===----------------------------------------------------------------------===//

struct DuplicateLowering : public AscRegPattern<DuplicateOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(DuplicateOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getResult());
    VectorType vt = vecType(getContext(), t);
    Value scalar = a.getScalar();
    if (scalar.getType() != vt.getElementType()) // bf16 travels as its bits
      scalar = arith::BitcastOp::create(rw, op.getLoc(), vt.getElementType(), scalar);
    Value v = vector::BroadcastOp::create(rw, op.getLoc(), vt, scalar);
    if (a.getMask())
      v = arith::SelectOp::create(rw, op.getLoc(), e.laneMask(a.getMask(), t), v, e.zeros(vt));
    rw.replaceOp(op, v);
    return success();
  }
};

struct ArangeLowering : public AscRegPattern<ArangeOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(ArangeOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getResult());
    VectorType vt = vecType(getContext(), t);
    Value start = vector::BroadcastOp::create(rw, op.getLoc(), vt, a.getStart());
    Value steps = e.iota(t.lanes(), vt.getElementType());
    // Integers wrap; floats round start + i once.
    if (isa<FloatType>(vt.getElementType()))
      rw.replaceOpWithNewOp<arith::AddFOp>(op, start, steps);
    else
      rw.replaceOpWithNewOp<arith::AddIOp>(op, start, steps);
    return success();
  }
};

/// The float predicate of `p`. IEEE: NaN is unordered, so only `ne` holds;
/// -0 == +0. (Every case returns, so no path leaves a predicate unset.)
arith::CmpFPredicate cmpFPredicate(ComparePredicate p) {
  switch (p) {
  case ComparePredicate::eq:
    return arith::CmpFPredicate::OEQ;
  case ComparePredicate::ne:
    return arith::CmpFPredicate::UNE;
  case ComparePredicate::lt:
    return arith::CmpFPredicate::OLT;
  case ComparePredicate::le:
    return arith::CmpFPredicate::OLE;
  case ComparePredicate::gt:
    return arith::CmpFPredicate::OGT;
  case ComparePredicate::ge:
    return arith::CmpFPredicate::OGE;
  }
  llvm_unreachable("unknown compare predicate");
}

/// The integer predicate of `p` on unsigned or signed lanes.
arith::CmpIPredicate cmpIPredicate(ComparePredicate p, bool isUnsigned) {
  switch (p) {
  case ComparePredicate::eq:
    return arith::CmpIPredicate::eq;
  case ComparePredicate::ne:
    return arith::CmpIPredicate::ne;
  case ComparePredicate::lt:
    return isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  case ComparePredicate::le:
    return isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
  case ComparePredicate::gt:
    return isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
  case ComparePredicate::ge:
    return isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
  }
  llvm_unreachable("unknown compare predicate");
}

struct CompareLowering : public AscRegPattern<CompareOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(CompareOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getLhs());
    Value r;
    if (sem::isFloat(t.elem)) {
      const sem::Profile prof = kernelProfile(op);
      Value lhs = orderedOperand(e, prof, t, a.getLhs()),
            rhs = orderedOperand(e, prof, t, a.getRhs());
      r = arith::CmpFOp::create(rw, op.getLoc(), cmpFPredicate(op.getPredicate()), lhs, rhs);
    } else {
      r = arith::CmpIOp::create(rw, op.getLoc(),
                                cmpIPredicate(op.getPredicate(), sem::isUnsignedInt(t.elem)),
                                a.getLhs(), a.getRhs());
    }
    // Inactive lanes give 0.
    Value active = arith::AndIOp::create(rw, op.getLoc(), r, e.laneMask(a.getMask(), t));
    rw.replaceOp(op, e.expandMask(active, t));
    return success();
  }
};

struct SelectLowering : public AscRegPattern<SelectOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(SelectOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    Value lanes = e.laneMask(a.getMask(), regTypeOf(op.getResult()));
    rw.replaceOpWithNewOp<arith::SelectOp>(op, lanes, a.getTrueValue(), a.getFalseValue());
    return success();
  }
};

template <typename OpTy> struct BinaryLowering : public AscRegPattern<OpTy> {
  using AscRegPattern<OpTy>::AscRegPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult matchAndRewrite(OpTy op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    Location loc = op.getLoc();
    sem::RegType t = regTypeOf(op.getResult());
    VectorType vt = vecType(rw.getContext(), t);
    Value x = a.getLhs(), y = a.getRhs(), r;
    bool f = sem::isFloat(t.elem), u = sem::isUnsignedInt(t.elem);
    const sem::Profile prof = kernelProfile(op);
    if constexpr (std::is_same_v<OpTy, AddOp>) {
      r = f ? finishAdd(e, prof, arith::AddFOp::create(rw, loc, x, y),
                        saturatesF16(op, vt.getElementType()))
            : Value(arith::AddIOp::create(rw, loc, x, y));
    } else {
      constexpr bool isMax = std::is_same_v<OpTy, MaxOp>;
      if (!f) {
        if (isMax)
          r = u ? Value(arith::MaxUIOp::create(rw, loc, x, y))
                : Value(arith::MaxSIOp::create(rw, loc, x, y));
        else
          r = u ? Value(arith::MinUIOp::create(rw, loc, x, y))
                : Value(arith::MinSIOp::create(rw, loc, x, y));
      } else {
        // -0 < +0 through the keys; a NaN operand gives that NaN, lhs first
        // (maxmin.nan = canonical: the default NaN).
        x = orderedOperand(e, prof, t, x);
        y = orderedOperand(e, prof, t, y);
        Value kx = floatKeys(e, x), ky = floatKeys(e, y);
        Value pickX = arith::CmpIOp::create(
            rw, loc, isMax ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sle, kx, ky);
        Value ordered = arith::SelectOp::create(rw, loc, pickX, x, y);
        Value nanY = arith::CmpFOp::create(rw, loc, arith::CmpFPredicate::UNO, y, y);
        Value nanX = arith::CmpFOp::create(rw, loc, arith::CmpFPredicate::UNO, x, x);
        r = arith::SelectOp::create(rw, loc, nanY, y, ordered);
        r = arith::SelectOp::create(rw, loc, nanX, x, r);
        if (prof.maxMinNaN == sem::MaxMinNaN::Canonical)
          r = canonicalizeNaN(e, r);
      }
    }
    // Zeroing: inactive lanes are 0.
    rw.replaceOpWithNewOp<arith::SelectOp>(op, e.laneMask(a.getMask(), t), r, e.zeros(vt));
    return success();
  }
};

struct BitcastLowering : public AscRegPattern<BitcastOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(BitcastOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Type to = getTypeConverter()->convertType(op.getResult().getType());
    if (to == a.getSource().getType()) {
      rw.replaceOp(op, a.getSource());
      return success();
    }
    rw.replaceOpWithNewOp<vector::BitCastOp>(op, to, a.getSource());
    return success();
  }
};

/// memref ops whose types mention signed/unsigned integers: same op, signless
/// types.
struct MemRefTypeLowering : public ConversionPattern {
  MemRefTypeLowering(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    if (!isa<memref::MemRefDialect>(op->getDialect()) || op->getNumRegions() != 0)
      return failure();
    // Scalar bf16 loads and stores move the bits through the i16 buffer.
    if (auto ld = dyn_cast<memref::LoadOp>(op); ld && ld.getType().isBF16()) {
      Value bits = memref::LoadOp::create(rw, op->getLoc(), operands[0], operands.drop_front());
      rw.replaceOpWithNewOp<arith::BitcastOp>(op, ld.getType(), bits);
      return success();
    }
    if (auto st = dyn_cast<memref::StoreOp>(op); st && st.getValueToStore().getType().isBF16()) {
      Value bits = arith::BitcastOp::create(rw, op->getLoc(), rw.getI16Type(), operands[0]);
      rw.replaceOpWithNewOp<memref::StoreOp>(op, bits, operands[1], operands.drop_front(2));
      return success();
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, results, op->getAttrs());
    Operation *made = rw.create(state);
    rw.replaceOp(op, made->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// A loop whose step is not positive never ends (the interpreter stops it
/// with an error): check the steps that are not positive constants.
void checkLoopSteps(ModuleOp module, RuntimeChecker &checker) {
  if (!checker.enabled())
    return;
  module.walk([&](scf::ForOp loop) {
    Value step = loop.getStep();
    if (auto c = getConstantIntValue(step); c && *c > 0)
      return;
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(step.getType()));
    Value positive = arith::CmpIOp::create(
        b, loc, loop.getUnsignedCmp() ? arith::CmpIPredicate::ne : arith::CmpIPredicate::sgt, step,
        zero);
    checker.require(b, loop, positive, sem::RuntimeErrorKind::NonPositiveStep, {step});
  });
}

struct ConvertAscRegToVectorPass
    : public ascreg::impl::ConvertAscRegToVectorPassBase<ConvertAscRegToVectorPass> {
  using ConvertAscRegToVectorPassBase::ConvertAscRegToVectorPassBase;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    if (failed(verifyKernelMemRefs(module)))
      return signalPassFailure();
    // Every pattern reads the profile (kernelProfile); a legacy string
    // record is parsed here once instead of in each of them.
    normalizeProfileRecords(module);
    RuntimeChecker checker(module, runtimeChecks, checkFailure);
    checkLoopSteps(module, checker);
    proveLoopAccesses(module, checker);
    AscRegToVectorTypeConverter converter;
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<AscRegDialect>();
    target.addLegalDialect<arith::ArithDialect, math::MathDialect, vector::VectorDialect,
                           cf::ControlFlowDialect>();
    target.addDynamicallyLegalDialect<memref::MemRefDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) && converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) { return converter.isLegal(op); });
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    populateAscRegToVectorPatterns(converter, patterns, checker);
    patterns.add<MemRefTypeLowering>(converter, ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void ascreg::populateAscRegToVectorPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns, RuntimeChecker &checker) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<CreateMaskLowering, UpdateMaskLowering, MaskAndLowering, MaskOrLowering, MaskNotLowering,
           LoadAlignLowering, StoreAlignLowering, ReduceLowering, PairReduceSumLowering,
           DuplicateLowering, ArangeLowering, CompareLowering, SelectLowering,
           BinaryLowering<AddOp>, BinaryLowering<MaxOp>, BinaryLowering<MinOp>, BitcastLowering>(
          converter, ctx, checker);
  populateCastToVectorPatterns(converter, patterns);
  populateGatherToVectorPatterns(converter, patterns, checker);
  populateLaneArithToVectorPatterns(converter, patterns);
  populateRegApiFormsToVectorPatterns(converter, patterns, checker);
  populateScalarFormToVectorPatterns(converter, patterns);
  populateReduceDataBlockToVectorPatterns(converter, patterns);
  populateShiftToVectorPatterns(converter, patterns);
}
