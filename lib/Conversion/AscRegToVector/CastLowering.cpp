//===- CastLowering.cpp - cast / truncate to vector and arith ---*- C++ -*-===//
//
// ascreg.cast and ascreg.truncate with the exact semantics of every round
// mode and saturation setting (docs/semantics.md, "cast"). LLVM's own
// conversions cannot be used: fptrunc / fptosi round to nearest-even only
// (or give poison on overflow) and know nothing of CAST_ODD, saturation or
// the NaN rules. The lanes are converted with integer arithmetic on
// vector<N x i64>, the algorithm of lib/Semantics/CastReference.cpp written
// as vector ops:
//
//   decode    source bits -> (neg, sig, exp, isNaN, isInf, payload), the
//             value (-1)^neg * sig * 2^exp;
//   round     sig / 2^shift to an integer under the mode (first discarded
//             bit, sticky bits, per-lane shifts clamped to [1, 64]);
//   encode    float: correctly rounded significand, carry into the next
//             binade, subnormals, overflow (+-inf or +-MAX), NaN payloads;
//             int: the rounded integer clamped (SAT) or modulo 2^N (NO_SAT).
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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

using EK = sem::ElemKind;
using P = arith::CmpIPredicate;

using sem::floatFormat;
using sem::FloatFormat;

/// A lane's value: NaN, infinity, or exactly (-1)^neg * sig * 2^exp (i64
/// lanes; neg, isNaN, isInf i1 lanes; payload = a NaN's mantissa field moved
/// to the top of 64 bits).
struct LaneValues {
  Value neg, sig, exp, isNaN, isInf, payload;
};

/// Integer arithmetic on vector<N x i64> (and its i1 masks).
struct LaneBuilder {
  OpBuilder &b;
  Location loc;
  int64_t n;

  VectorType i64s() { return VectorType::get({n}, b.getI64Type()); }
  VectorType bools() { return VectorType::get({n}, b.getI1Type()); }
  Value c(int64_t v) {
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(i64s(), b.getI64IntegerAttr(v)));
  }
  Value truth(bool v) {
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(bools(), b.getBoolAttr(v)));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value band(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value bnot(Value x) { return arith::XOrIOp::create(b, loc, x, truth(true)); }
  Value shl(Value x, Value s) { return arith::ShLIOp::create(b, loc, x, s); }
  Value shr(Value x, Value s) { return arith::ShRUIOp::create(b, loc, x, s); }
  Value cmp(P p, Value x, Value y) { return arith::CmpIOp::create(b, loc, p, x, y); }
  Value sel(Value m, Value x, Value y) { return arith::SelectOp::create(b, loc, m, x, y); }
  Value smin(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value smax(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  /// x clamped to [lo, hi] (signed), so that a shift amount is never poison.
  Value clamp(Value x, int64_t lo, int64_t hi) { return smin(smax(x, c(lo)), c(hi)); }
  Value zext(Value m) { return arith::ExtUIOp::create(b, loc, i64s(), m); }
  /// Integer lanes widened to i64 (sign- or zero-extended; i64 as is).
  Value widen(Value x, bool isSigned) {
    if (cast<VectorType>(x.getType()).getElementTypeBitWidth() == 64)
      return x;
    return isSigned ? Value(arith::ExtSIOp::create(b, loc, i64s(), x))
                    : Value(arith::ExtUIOp::create(b, loc, i64s(), x));
  }
  Value nonzero(Value x) { return cmp(P::ne, x, c(0)); }

  /// Number of significant bits of x (0 for 0); x < 2^maxBits.
  Value bitLength(Value x, unsigned maxBits) {
    Value len = c(0);
    unsigned step = 1;
    while (2 * step < maxBits)
      step *= 2;
    for (; step >= 1; step /= 2) { // binary search on the highest set bit
      Value high = shr(x, c(step));
      Value has = nonzero(high);
      x = sel(has, high, x);
      len = sel(has, add(len, c(step)), len);
    }
    return add(len, zext(nonzero(x)));
  }

  /// sig / 2^shift rounded to an integer under `mode`, on the magnitude of a
  /// number of sign `neg`, for lanes with shift >= 1 (other lanes: garbage,
  /// never poison). `inexact` is set to whether anything was discarded.
  Value roundRightShift(Value sig, Value shift, Value neg, sem::RoundMode mode, Value *inexactOut) {
    Value sh = clamp(shift, 1, 64);
    Value q = sel(cmp(P::eq, sh, c(64)), c(0), shr(sig, smin(sh, c(63))));
    Value below = sub(sh, c(1)); // 0..63
    Value over = cmp(P::sgt, shift, c(64));
    Value half = band(bnot(over), nonzero(band(shr(sig, below), c(1))));
    Value low = band(sig, sub(shl(c(1), below), c(1)));
    Value sticky = sel(over, nonzero(sig), nonzero(low));
    Value inexact = bor(half, sticky);
    if (inexactOut)
      *inexactOut = inexact;
    switch (mode) {
    case sem::RoundMode::Rint: // ties to even
      return add(q, zext(band(half, bor(sticky, nonzero(band(q, c(1)))))));
    case sem::RoundMode::Round: // ties away from zero
      return add(q, zext(half));
    case sem::RoundMode::Floor:
      return add(q, zext(band(neg, inexact)));
    case sem::RoundMode::Ceil:
      return add(q, zext(band(bnot(neg), inexact)));
    case sem::RoundMode::Trunc:
      return q;
    case sem::RoundMode::Odd: // von Neumann: the LSB set if inexact
      return bor(q, zext(inexact));
    }
    return q;
  }

  /// The value of every lane of `bits` (vector<N x iW>) of kind `k`.
  LaneValues decode(EK k, Value bits) {
    LaneValues v;
    if (sem::isFloat(k)) {
      FloatFormat f = floatFormat(k);
      Value x = widen(bits, false);
      Value mant = band(x, c((int64_t(1) << f.mantBits) - 1));
      Value e = band(shr(x, c(f.mantBits)), c(f.expAll()));
      v.neg = nonzero(band(x, c(f.signBit())));
      Value special = cmp(P::eq, e, c(f.expAll()));
      v.isNaN = band(special, nonzero(mant));
      v.isInf = band(special, bnot(nonzero(mant)));
      Value normal = nonzero(e); // subnormals have no implicit bit
      v.sig = sel(normal, bor(mant, c(int64_t(1) << f.mantBits)), mant);
      v.exp = sub(sel(normal, e, c(1)), c(f.bias + f.mantBits));
      v.payload = shl(mant, c(64 - f.mantBits));
      return v;
    }
    bool isSigned = sem::isSignedInt(k);
    Value x = widen(bits, isSigned);
    v.neg = isSigned ? cmp(P::slt, x, c(0)) : truth(false);
    v.sig = sel(v.neg, sub(c(0), x), x); // 2^63 for the i64 minimum, as an unsigned magnitude
    v.exp = c(0);
    v.isNaN = v.isInf = truth(false);
    v.payload = c(0);
    return v;
  }

  /// Float bits of kind `k` (in i64 lanes) of the lanes `v`, rounded once
  /// under `mode`; `sat`: inf and overflow give +-MAX, NaN +0.
  Value encodeFloat(EK k, const LaneValues &v, unsigned sigBits, sem::RoundMode mode, bool sat) {
    FloatFormat f = floatFormat(k);
    const int64_t p = f.mantBits + 1, minUlp = 1 - f.bias - f.mantBits;
    Value sign = sel(v.neg, c(f.signBit()), c(0));
    Value top = sub(add(v.exp, bitLength(v.sig, sigBits)), c(1)); // value in [2^top, 2^(top+1))
    Value ulp = smax(sub(top, c(p - 1)), c(minUlp));
    Value shift = sub(ulp, v.exp);
    Value exact = shl(v.sig, clamp(sub(c(0), shift), 0, 63));
    Value rounded = roundRightShift(v.sig, shift, v.neg, mode, nullptr);
    Value q = sel(cmp(P::sle, shift, c(0)), exact, rounded);
    Value carry = cmp(P::eq, q, c(int64_t(1) << p)); // rounded into the next binade
    q = sel(carry, shr(q, c(1)), q);
    ulp = sel(carry, add(ulp, c(1)), ulp);
    const int64_t implicit = int64_t(1) << f.mantBits;
    Value normal =
        bor(sign, bor(shl(add(ulp, c(f.mantBits + f.bias)), c(f.mantBits)), sub(q, c(implicit))));
    Value r = sel(cmp(P::slt, q, c(implicit)), bor(sign, q), normal);
    Value huge = bor(sign, c(sat ? f.maxBits() : f.infBits()));
    r = sel(cmp(P::sgt, add(ulp, c(p - 1)), c(f.bias)), huge, r); // above MAX
    r = sel(cmp(P::eq, q, c(0)), sign, r);
    r = sel(v.isInf, huge, r);
    Value nan =
        sat ? c(0)
            : bor(bor(sign, c(f.infBits() | f.quietBit())), shr(v.payload, c(64 - f.mantBits)));
    return sel(v.isNaN, nan, r);
  }

  /// Integer bits of kind `k` (in i64 lanes) of the lanes `v`: the exactly
  /// rounded integer, clamped (`sat`) or modulo 2^N; NaN -> 0, +-inf ->
  /// max / min.
  Value encodeInt(EK k, const LaneValues &v, sem::RoundMode mode, bool sat) {
    const unsigned w = 8 * sem::elemBytes(k);
    const bool isSigned = sem::isSignedInt(k);
    const int64_t mask = w == 64 ? -1 : (int64_t(1) << w) - 1;
    const int64_t maxBits = isSigned ? int64_t(uint64_t(mask) >> 1) : mask;
    const int64_t minBits = isSigned ? int64_t(uint64_t(1) << (w - 1)) : 0;
    // exp >= 0: sig * 2^exp, `big` when it reaches 2^64.
    Value integral = cmp(P::sge, v.exp, c(0));
    Value huge = cmp(P::sge, v.exp, c(64));
    Value shifted = sel(huge, c(0), shl(v.sig, clamp(v.exp, 0, 63)));
    Value lost = nonzero(shr(v.sig, clamp(sub(c(64), v.exp), 1, 63)));
    Value big = band(integral, bor(huge, band(cmp(P::sgt, v.exp, c(0)), lost)));
    // exp < 0: rounded under the mode.
    Value rounded = roundRightShift(v.sig, sub(c(0), v.exp), v.neg, mode, nullptr);
    Value mag = sel(integral, shifted, rounded);
    Value r = band(sel(v.neg, sub(c(0), mag), mag), c(mask)); // two's complement, mod 2^w
    if (sat) {
      Value tooBig = bor(big, cmp(P::ugt, mag, c(maxBits)));
      Value tooSmall = bor(big, cmp(P::ugt, mag, c(isSigned ? minBits : 0)));
      r = sel(band(bnot(v.neg), tooBig), c(maxBits), r);
      r = sel(band(v.neg, tooSmall), c(minBits), r);
    }
    r = sel(v.isInf, sel(v.neg, c(minBits), c(maxBits)), r);
    return sel(v.isNaN, c(0), r);
  }
};

/// Element bits of a lowered register (floats bitcast to integers).
Value toBits(OpBuilder &b, Location loc, Value v) {
  auto t = cast<VectorType>(v.getType());
  if (!isa<FloatType>(t.getElementType()))
    return v;
  auto it = VectorType::get(t.getShape(), b.getIntegerType(t.getElementTypeBitWidth()));
  return arith::BitcastOp::create(b, loc, it, v);
}

/// Lane i of register type `t` in the 256-bit mask: bit stride*i.
Value lanesOf(OpBuilder &b, Location loc, Value mask, sem::RegType t) {
  if (t.maskStride() == 1)
    return mask;
  SmallVector<int64_t> idx;
  for (unsigned i = 0; i < t.lanes(); ++i)
    idx.push_back(int64_t(t.maskStride() * i));
  return vector::ShuffleOp::create(b, loc, mask, mask, idx);
}

Value zerosLike(OpBuilder &b, Location loc, VectorType t) {
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(t, b.getZeroAttr(t.getElementType())));
}

/// Lowered element type of a register element kind (bf16 is stored as i16).
Type loweredElem(OpBuilder &b, EK k) {
  if (k == EK::F16)
    return b.getF16Type();
  if (k == EK::F32)
    return b.getF32Type();
  return b.getIntegerType(8 * sem::elemBytes(k));
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
///   %x = arith.extui %bits : vector<64xi32> to vector<64xi64>
///   ... decode / round (RNE) / encode on vector<64xi64> ...
///   %h = arith.trunci %enc : vector<64xi64> to vector<64xi16>
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
    sem::RegType srcT{spec.src}, dstT{spec.dst};
    const unsigned ws = sem::elemBytes(spec.src), wd = sem::elemBytes(spec.dst);
    const int64_t part = int64_t(spec.part);
    Value bits = toBits(rw, loc, a.getSrc());
    const bool dstMask =
        wd > ws && kernelProfile(op).castWidenMask == sem::CastWidenMask::Destination;
    Value active = lanesOf(rw, loc, a.getMask(), dstMask ? dstT : srcT);
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
    LaneBuilder l{rw, loc, n};
    LaneValues v = l.decode(spec.src, bits);
    const unsigned sigBits = sem::isFloat(spec.src) ? floatFormat(spec.src).mantBits + 1 : 8 * ws;
    Value wide = sem::isFloat(spec.dst) ? l.encodeFloat(spec.dst, v, sigBits, spec.round, sat)
                                        : l.encodeInt(spec.dst, v, spec.round, sat);
    auto laneBits = VectorType::get({n}, rw.getIntegerType(8 * wd));
    Value conv = wd == 8 ? wide : Value(arith::TruncIOp::create(rw, loc, laneBits, wide));
    Value zeros = zerosLike(rw, loc, laneBits);
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
///   ... decode / round (floor) / encode on vector<128xi64> ...
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
    FloatFormat f = floatFormat(k);
    Value bits = toBits(rw, loc, a.getSrc());
    const int64_t n = t.lanes();
    LaneBuilder l{rw, loc, n};
    LaneValues v = l.decode(k, bits);
    Value x = l.widen(bits, false);
    Value integral = l.bor(l.cmp(P::sge, v.exp, l.c(0)), l.cmp(P::eq, v.sig, l.c(0)));
    LaneValues rounded = v;
    rounded.sig =
        l.roundRightShift(v.sig, l.sub(l.c(0), v.exp), v.neg, toSemantics(op.getRound()), nullptr);
    rounded.exp = l.c(0);
    rounded.isNaN = rounded.isInf = l.truth(false);
    Value r =
        l.sel(integral, x, l.encodeFloat(k, rounded, f.mantBits + 2, sem::RoundMode::Rint, sat));
    Value sign = l.band(x, l.c(f.signBit()));
    r = l.sel(v.isInf, sat ? l.bor(sign, l.c(f.maxBits())) : x, r);
    r = l.sel(v.isNaN, sat ? l.c(0) : l.bor(x, l.c(f.quietBit())), r);
    auto laneBits = VectorType::get({n}, rw.getIntegerType(8 * sem::elemBytes(k)));
    Value out = arith::TruncIOp::create(rw, loc, laneBits, r);
    out = arith::SelectOp::create(rw, loc, lanesOf(rw, loc, a.getMask(), t), out,
                                  zerosLike(rw, loc, laneBits));
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
