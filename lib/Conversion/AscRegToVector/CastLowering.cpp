//===- CastLowering.cpp - cast / truncate to vector and arith ---*- C++ -*-===//
//
// ascreg.cast and ascreg.truncate with the exact semantics of every round
// mode and saturation setting (docs/semantics.md, "cast"). LLVM's own
// conversions cannot be used: fptrunc / fptosi round to nearest-even only
// (or give poison on overflow) and know nothing of CAST_ODD, saturation or
// the NaN rules. The lanes are converted with integer arithmetic on
// vector<N x i64>, or i32 where it is exact (LaneArithmetic.h: decode,
// round, encode, laneWidth), except between two integer types: those clamp
// and extend or truncate in their own width (an i64 detour costs the JIT's
// instruction selection 4-8x the work).
//
// Every mode, the saturation decision (the pair's rule under the kernel's
// CTRL state, ascreg.ctrl) and the lane placement are known when the pattern
// runs, so each cast becomes straight-line code for exactly one case; the
// canonicalizer folds what the source type makes constant (an integer source
// has exp = 0 and no NaN).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/Cast.h"

#include "../LaneArithmetic.h"
#include "VectorBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

using EK = sem::ElemKind;
using P = arith::CmpIPredicate;

using lanes::FloatRange;
using lanes::LaneBuilder;
using lanes::LaneValues;
using sem::floatFormat;
using sem::FloatFormat;

/// Element bits of a lowered register (floats bitcast to integers).
Value toBits(OpBuilder &b, Location loc, Value v) {
  auto t = cast<VectorType>(v.getType());
  if (!isa<FloatType>(t.getElementType()))
    return v;
  auto it = VectorType::get(t.getShape(), b.getIntegerType(t.getElementTypeBitWidth()));
  return arith::BitcastOp::create(b, loc, it, v);
}

/// Lowered element type of a register element kind (bf16 is stored as i16).
Type loweredElem(OpBuilder &b, EK k) {
  if (k == EK::F16)
    return b.getF16Type();
  if (k == EK::F32)
    return b.getF32Type();
  return b.getIntegerType(8 * sem::elemBytes(k));
}

/// Lanes per iteration of a conversion loop (convertInSlices): one AVX2
/// register of i32 lanes.
constexpr int64_t kSliceLanes = 8;

/// `convert` (vector<S x iW> lanes -> vector<S x resultElem>) applied to the
/// lanes of `bits` in a loop over slices of kSliceLanes, through two
/// register-sized stack buffers allocated once in the function's entry
/// block. The conversion's straight-line code on a whole register of 64-256
/// lanes is one value 8-32 AVX2 registers wide: LLVM spilled most of it and
/// spent 0.5-2 s of code generation on one cast kernel; the loop emits the
/// code once for 8 lanes.
///
///   %r = <convert> %bits : vector<128xi16> -> vector<128xi16>
/// becomes
///   vector.store %bits, %in[%c0] : memref<128xi16>, vector<128xi16>
///   scf.for %i = %c0 to %c128 step %c8 {
///     %s = vector.load %in[%i] : memref<128xi16>, vector<8xi16>
///     vector.store <convert> %s, %out[%i] : memref<128xi16>, vector<8xi16>
///   }
///   %r = vector.load %out[%c0] : memref<128xi16>, vector<128xi16>
Value convertInSlices(ConversionPatternRewriter &rw, Operation *op, Value bits, Type resultElem,
                      llvm::function_ref<Value(Value)> convert) {
  auto vt = cast<VectorType>(bits.getType());
  const int64_t n = vt.getNumElements();
  if (n <= kSliceLanes || n % kSliceLanes != 0)
    return convert(bits);
  Location loc = op->getLoc();
  tovector::VectorBuilder e{rw, loc};
  Value in = e.entryAlloca(op, MemRefType::get({n}, vt.getElementType()));
  if (!in) // not in a function: no stack buffers
    return convert(bits);
  Value out = e.entryAlloca(op, MemRefType::get({n}, resultElem));
  Value c0 = e.index(0);
  vector::StoreOp::create(rw, loc, bits, in, ValueRange{c0});
  auto loop = scf::ForOp::create(rw, loc, c0, e.index(n), e.index(kSliceLanes));
  {
    OpBuilder::InsertionGuard guard(rw);
    rw.setInsertionPoint(loop.getBody()->getTerminator());
    Value at = loop.getInductionVar();
    Value slice = vector::LoadOp::create(
        rw, loc, VectorType::get({kSliceLanes}, vt.getElementType()), in, ValueRange{at});
    vector::StoreOp::create(rw, loc, convert(slice), out, ValueRange{at});
  }
  return vector::LoadOp::create(rw, loc, VectorType::get({n}, resultElem), out, ValueRange{c0});
}

/// An integer -> integer conversion of the lanes `x` (vector<N x i(8 ws)>)
/// in their own width, not through i64 lanes (CastReference.cpp: SAT clamps
/// to the destination range, NO_SAT keeps the low bits, widening is exact).
///
///   ascreg.cast %v, %m sat <on> : !ascreg.vreg<64xi32> -> !ascreg.vreg<128xi16>
/// converts its lanes as
///   %lo = arith.maxsi %x, %c-32768 : vector<64xi32>
///   %hi = arith.minsi %lo, %c32767 : vector<64xi32>
///   %t = arith.trunci %hi : vector<64xi32> to vector<64xi16>
Value convertIntLanes(OpBuilder &b, Location loc, Value x, EK src, EK dst, bool sat) {
  auto vt = cast<VectorType>(x.getType());
  const unsigned ws = 8 * sem::elemBytes(src), wd = 8 * sem::elemBytes(dst);
  const bool srcSigned = sem::isSignedInt(src);
  auto splat = [&](const APInt &v) {
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(vt, v));
  };
  if (sat) {
    // The destination's bounds, where they lie inside the source's range.
    const APInt dstMax =
        sem::isSignedInt(dst) ? APInt::getSignedMaxValue(wd) : APInt::getMaxValue(wd);
    if (srcSigned) {
      if (!sem::isSignedInt(dst)) // [0, ...]: negative lanes become 0
        x = arith::MaxSIOp::create(b, loc, x, splat(APInt::getZero(ws)));
      else if (wd < ws)
        x = arith::MaxSIOp::create(b, loc, x, splat(APInt::getSignedMinValue(wd).sext(ws)));
      if (dstMax.getActiveBits() < ws) // below the source's signed maximum
        x = arith::MinSIOp::create(b, loc, x, splat(dstMax.zext(ws)));
    } else if (dstMax.getActiveBits() < ws) {
      x = arith::MinUIOp::create(b, loc, x, splat(dstMax.zext(ws)));
    }
  }
  auto resultType = VectorType::get(vt.getShape(), b.getIntegerType(wd));
  if (wd > ws)
    return srcSigned ? Value(arith::ExtSIOp::create(b, loc, resultType, x))
                     : Value(arith::ExtUIOp::create(b, loc, resultType, x));
  if (wd < ws)
    return arith::TruncIOp::create(b, loc, resultType, x);
  return x;
}

/// ascreg.cast. Same width: lane k -> lane k. Widening 1:r with part P: the
/// source lanes r*k+P are picked first (a shuffle) and converted. Narrowing
/// r:1: every source lane is converted, then placed at r*k+P with zeros in
/// between (a shuffle with a zero vector). Inactive lanes are 0; the mask is
/// read at source granularity, except for a widening cast under
/// cast.widen_mask = destination (result lane k: bit w_dst*k, no shuffle).
///
///   %r = ascreg.cast %v, %m round <rint> sat <off> part <even>
///        : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
/// becomes
///   %bits = arith.bitcast %v : vector<64xf32> to vector<64xi32>
///   ... decode / round (RNE) / encode on vector<64xi32> (laneWidth) ...
///   %h = arith.trunci %enc : vector<64xi32> to vector<64xi16>
///   %act = vector.shuffle %m, %m [0, 4, 8, ...] : vector<256xi1>, vector<256xi1>
///   %z = arith.select %act, %h, %zeros : vector<64xi1>, vector<64xi16>
///   %p = vector.shuffle %z, %zeros [0, 64, 1, 64, ...] : vector<64xi16>, vector<64xi16>
///   %r = arith.bitcast %p : vector<128xi16> to vector<128xf16>
struct CastLowering : public OpConversionPattern<CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(CastOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    sem::CastSpec spec = op.getSpec();
    const sem::CastPairInfo *pair = sem::findCastPair(spec.dst, spec.src);
    if (!pair)
      return rw.notifyMatchFailure(op, "not a legal conversion");
    const bool sat = sem::castSaturates(*pair, spec.satOperand, kernelCtrl(op));
    const FloatRange range = sat ? FloatRange::Saturate : FloatRange::Infinite;
    sem::RegType srcT{spec.src}, dstT{spec.dst};
    const unsigned ws = sem::elemBytes(spec.src), wd = sem::elemBytes(spec.dst);
    const int64_t part = int64_t(spec.part);
    Value bits = toBits(rw, loc, a.getSrc());
    const bool dstMask =
        wd > ws && kernelProfile(op).castWidenMask == sem::CastWidenMask::Destination;
    Value active = laneMask(rw, loc, a.getMask(), dstMask ? dstT : srcT);
    if (wd > ws) { // widening: source lanes r*k + part
      const int64_t r = wd / ws;
      SmallVector<int64_t> pick;
      for (int64_t k = 0; k < int64_t(dstT.lanes()); ++k)
        pick.push_back(r * k + part);
      bits = vector::ShuffleOp::create(rw, loc, bits, bits, pick);
      if (!dstMask)
        active = vector::ShuffleOp::create(rw, loc, active, active, pick);
    }
    const int64_t n = cast<VectorType>(bits.getType()).getNumElements();
    auto laneBits = VectorType::get({n}, rw.getIntegerType(8 * wd));
    Value conv;
    if (!sem::isFloat(spec.src) && !sem::isFloat(spec.dst)) {
      conv = convertIntLanes(rw, loc, bits, spec.src, spec.dst, sat);
    } else {
      conv = convertInSlices(rw, op, bits, laneBits.getElementType(), [&](Value slice) {
        LaneBuilder l{rw, loc, cast<VectorType>(slice.getType()).getNumElements(),
                      lanes::laneWidth(spec.src, spec.dst)};
        LaneValues v = l.decode(spec.src, slice);
        const unsigned sigBits =
            sem::isFloat(spec.src) ? floatFormat(spec.src).mantBits + 1 : 8 * ws;
        Value wide = sem::isFloat(spec.dst) ? l.encodeFloat(spec.dst, v, sigBits, spec.round, range)
                                            : l.encodeInt(spec.dst, v, spec.round, sat);
        return l.narrow(wide, laneBits.getElementType());
      });
    }
    Value zeros = tovector::VectorBuilder{rw, loc}.zeros(laneBits);
    conv = arith::SelectOp::create(rw, loc, active, conv, zeros);
    if (wd < ws) { // narrowing: source lane k to result lane r*k + part
      const int64_t r = ws / wd;
      SmallVector<int64_t> place;
      for (int64_t j = 0; j < int64_t(dstT.lanes()); ++j)
        place.push_back(j % r == part ? j / r : n);
      conv = vector::ShuffleOp::create(rw, loc, conv, zeros, place);
    }
    auto resultType = VectorType::get({int64_t(dstT.lanes())}, loweredElem(rw, spec.dst));
    if (resultType != conv.getType())
      conv = arith::BitcastOp::create(rw, loc, resultType, conv);
    rw.replaceOp(op, conv);
    return success();
  }
};

/// ascreg.truncate: rounds |x| < 2^mantBits to an integer under the mode and
/// re-encodes it; integral values, +-0, inf and NaN keep their bits (NaN
/// quieted), except that saturating f16 / bf16 (CTRL[48] = 0) turn inf into
/// +-MAX and NaN into +0.
///
///   %r = ascreg.truncate %v, %m round <floor> : !ascreg.vreg<128xf16>
/// becomes
///   %bits = arith.bitcast %v : vector<128xf16> to vector<128xi16>
///   ... decode / round (floor) / encode on vector<128xi32> (laneWidth) ...
///   %act = vector.shuffle %m, %m [0, 2, 4, ...]
///   %z = arith.select %act, %t, %zeros
///   %r = arith.bitcast %z : vector<128xi16> to vector<128xf16>
struct TruncateLowering : public OpConversionPattern<TruncateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(TruncateOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    sem::RegType t = toRegType(cast<VRegType>(op.getSrc().getType()));
    const EK k = t.elem;
    const bool sat = sem::truncateSaturates(k, kernelCtrl(op));
    const FloatRange range = sat ? FloatRange::Saturate : FloatRange::Infinite;
    FloatFormat f = floatFormat(k);
    const int64_t n = t.lanes();
    auto laneBits = VectorType::get({n}, rw.getIntegerType(8 * sem::elemBytes(k)));
    Value out = convertInSlices(
        rw, op, toBits(rw, loc, a.getSrc()), laneBits.getElementType(), [&](Value bits) {
          LaneBuilder l{rw, loc, cast<VectorType>(bits.getType()).getNumElements(),
                        lanes::laneWidth(k, k)};
          LaneValues v = l.decode(k, bits);
          Value x = l.widen(bits, false);
          Value integral = l.bor(l.cmp(P::sge, v.exp, l.c(0)), l.cmp(P::eq, v.sig, l.c(0)));
          LaneValues rounded = v;
          rounded.sig = l.roundRightShift(v.sig, l.sub(l.c(0), v.exp), v.neg,
                                          toSemantics(op.getRound()), nullptr);
          rounded.exp = l.c(0);
          rounded.isNaN = rounded.isInf = l.truth(false);
          Value r = l.sel(integral, x,
                          l.encodeFloat(k, rounded, f.mantBits + 2, sem::RoundMode::Rint, range));
          Value sign = l.band(x, l.c(f.signBit()));
          r = l.sel(v.isInf, sat ? l.bor(sign, l.c(f.maxBits())) : x, r);
          r = l.sel(v.isNaN, sat ? l.c(0) : l.bor(x, l.c(f.quietBit())), r);
          return l.narrow(r, laneBits.getElementType());
        });
    out = arith::SelectOp::create(rw, loc, laneMask(rw, loc, a.getMask(), t), out,
                                  tovector::VectorBuilder{rw, loc}.zeros(laneBits));
    auto resultType = VectorType::get({n}, loweredElem(rw, k));
    if (resultType != laneBits)
      out = arith::BitcastOp::create(rw, loc, resultType, out);
    rw.replaceOp(op, out);
    return success();
  }
};

} // namespace

void ascreg::populateCastToVectorPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<CastLowering, TruncateLowering>(converter, patterns.getContext());
}
