//===- ReduceLowering.cpp - reduce and pair_reduce_sum to vector ---------===//
//
// reduce <sum> is the adjacent-pair tree (vector.deinterleave + add per
// level, each node rounded to the element type, or once under the
// round_once profile), never vector.reduction; reduce <max|min> compares
// floats through an integer key in which -0 < +0 (f32 first through float
// compares, where they give the same answer), reports the first NaN lane
// when there is one, and otherwise the first lane holding the extreme;
// pair_reduce_sum adds adjacent lanes into the low half.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;
using namespace ::ascreg::tovector;

namespace {

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

/// What a max / min reduction found before the result register is built:
/// the winning value, whether any lane was active, the winner's lane (i32).
struct MaxMinLanes {
  Value picked, anyActive, index;
};

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
  /// and f32; keyedFloatMaxMin's biased keys rely on it.
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

  /// Float max / min: f32 lanes take the native float compares when the
  /// answer needs no key (nativeFloatMaxMin), every other case and format
  /// the keyed lowering.
  Value lowerFloatMaxMin(VectorBuilder &e, bool isMax, Value src, Value lanes, sem::RegType t,
                         VectorType vt, const sem::Profile &prof) const {
    MaxMinLanes r = vt.getElementType().isF32()
                        ? nativeFloatMaxMin(e, isMax, src, lanes, t, vt, prof)
                        : keyedFloatMaxMin(e, isMax, src, lanes, t, vt, prof);
    return finishMaxMin(e, isMax, t, vt, prof, r.picked, r.anyActive, r.index);
  }

  /// f32 max / min on the float lanes themselves, as a CPU with native f32
  /// compares runs them: inactive lanes filled with the comparison's
  /// identity (-inf for max), a tree of compare-and-select pairs (one
  /// maxps / minps per 8 lanes on AVX2, where the keys cost a shift, a
  /// shift, an xor and an add), and a NaN check on the tree's first level.
  /// Float equality is bit equality for every value but the zeros and NaNs,
  /// so when no active lane is a NaN and the extreme is neither a zero
  /// (-0 < +0 is the key's order, not the compare's) nor the fill (no active
  /// lane, or only -inf ones), the extreme is the winner's bits and its
  /// first lane the first equal one. Otherwise the keyed lowering decides:
  ///
  ///   %filled = arith.select %lanes, %src, (splat -inf)
  ///   %nan = vector.reduction <or>, (arith.cmpf uno, %low, %high)
  ///   %m = tree of arith.select (arith.cmpf ogt, %x, %y), %x, %y
  ///   scf.if (!%nan && %m one 0 && %m one -inf) {
  ///     %m, true, first lane of (arith.cmpf oeq, %filled, splat %m)
  ///   } else { keyedFloatMaxMin }
  static MaxMinLanes nativeFloatMaxMin(VectorBuilder &e, bool isMax, Value src, Value lanes,
                                       sem::RegType t, VectorType vt, const sem::Profile &prof) {
    OpBuilder &b = e.b;
    Location loc = e.loc;
    Type elem = vt.getElementType();
    const llvm::fltSemantics &fs = cast<FloatType>(elem).getFloatSemantics();
    APFloat fillValue = APFloat::getInf(fs, /*Negative=*/isMax);
    Value filled = arith::SelectOp::create(b, loc, lanes, src, floatConst(e, vt, fillValue));
    auto halves = [&](Value v) {
      int64_t n = cast<VectorType>(v.getType()).getNumElements();
      SmallVector<int64_t> low, high;
      for (int64_t i = 0; i < n / 2; ++i) {
        low.push_back(i);
        high.push_back(n / 2 + i);
      }
      Value lowHalf = e.shuffle(v, v, low);
      return std::make_pair(lowHalf, e.shuffle(v, v, high));
    };
    // select (x > y), x, y is maxps x, y on x86: y when unordered or equal.
    arith::CmpFPredicate wins = isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT;
    auto extremeOf = [&](std::pair<Value, Value> xy) -> Value {
      auto [x, y] = xy;
      return arith::SelectOp::create(b, loc, arith::CmpFOp::create(b, loc, wins, x, y), x, y);
    };
    auto [low, high] = halves(filled);
    Value anyNaN = e.anyTrue(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, low, high));
    Value extremes = extremeOf({low, high});
    while (cast<VectorType>(extremes.getType()).getNumElements() > 1)
      extremes = extremeOf(halves(extremes));
    Value m = vector::ExtractOp::create(b, loc, extremes, ArrayRef<int64_t>{0});
    Value nonZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, m,
                                          floatConst(e, elem, APFloat::getZero(fs)));
    Value notFill =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, m, floatConst(e, elem, fillValue));
    Value plain = arith::AndIOp::create(b, loc, arith::AndIOp::create(b, loc, nonZero, notFill),
                                        e.notI1(anyNaN));
    Type i1 = b.getI1Type(), i32 = b.getI32Type();
    auto ifPlain = scf::IfOp::create(b, loc, TypeRange{elem, i1, i32}, plain,
                                     /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifPlain.thenBlock());
    Value splatM = vector::BroadcastOp::create(b, loc, vt, m);
    Value index =
        e.firstSet(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, filled, splatM));
    scf::YieldOp::create(b, loc, ValueRange{m, e.intConst(i1, 1), index});
    b.setInsertionPointToStart(ifPlain.elseBlock());
    // The filled lanes are the source's where active: the source need not
    // stay live (AVX2 spilled it to keep it for this path).
    MaxMinLanes keyed = keyedFloatMaxMin(e, isMax, filled, lanes, t, vt, prof);
    scf::YieldOp::create(b, loc, ValueRange{keyed.picked, keyed.anyActive, keyed.index});
    return {ifPlain.getResult(0), ifPlain.getResult(1), ifPlain.getResult(2)};
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
  static MaxMinLanes keyedFloatMaxMin(VectorBuilder &e, bool isMax, Value src, Value lanes,
                                      sem::RegType t, VectorType vt, const sem::Profile &prof) {
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
    return {picked, anyActive, index};
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

} // namespace

void ascreg::populateReduceToVectorPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns, RuntimeChecker &checker) {
  patterns.add<ReduceLowering, PairReduceSumLowering>(converter, patterns.getContext(), checker);
}
