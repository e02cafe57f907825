//===- LaneArithmetic.h - exact conversions in integer ops ------*- C++ -*-===//
//
// Private to lib/Conversion. Float and integer conversions written as
// integer arithmetic on vector<N x iW> lanes or on one iW scalar, W = 64 or
// 32 (laneWidth), the algorithm of lib/Semantics/CastReference.cpp:
//
//   decode    source bits -> (neg, sig, exp, isNaN, isInf, payload), the
//             value (-1)^neg * sig * 2^exp;
//   round     sig / 2^shift to an integer under the mode (first discarded
//             bit, sticky bits, per-lane shifts clamped to [1, W]);
//   encode    float: correctly rounded significand, carry into the next
//             binade, subnormals, overflow (+-inf or +-MAX), NaN payloads;
//             int: the rounded integer clamped (SAT) or modulo 2^N (NO_SAT).
//
// Users: ascreg.cast / ascreg.truncate (AscRegToVector/CastLowering.cpp, the
// vendor's range rules) and ascreg-expand-float-conversions (arith.truncf /
// arith.extf, IEEE 754's).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_CONVERSION_LANEARITHMETIC_H
#define ASCREG_LIB_CONVERSION_LANEARITHMETIC_H

#include "ascreg/Semantics/Cast.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace ascreg::lanes {

using mlir::Value;
namespace arith = mlir::arith;
namespace sem = ::ascreg::semantics;
using EK = sem::ElemKind;
using P = arith::CmpIPredicate;
using sem::floatFormat;
using sem::FloatFormat;

/// IEEE binary64, for arith.truncf from f64 (the register types stop at f32).
constexpr FloatFormat kF64Format{52, 11, 1023};

/// What a float encoding does with inf, NaN and finite values beyond MAX.
enum class FloatRange {
  /// The vendor's NO_SAT: inf and overflow -> +-inf under every mode; NaN ->
  /// quiet NaN, sign and top payload bits kept (docs/semantics.md 10.5).
  Infinite,
  /// The vendor's SAT: inf and overflow -> +-MAX; NaN -> +0.
  Saturate,
  /// IEEE 754 (arith.truncf / arith.extf): inf -> +-inf; overflow -> +-inf
  /// or +-MAX as the mode rounds; NaN as Infinite.
  IEEE,
};

/// The lane width W a conversion from `src` to `dst` is exact in: 32 bits
/// when every intermediate stays below 2^31 (float significands of at most
/// 24 bits plus a carry, integer sources of at most 16 bits, exponents and
/// shift counts; an integer result of up to 32 bits is formed modulo 2^W
/// with its overflow seen by the shift checks, as with 64), else 64. On
/// AVX2, which has no 64-bit lane min, max, unsigned compare or arithmetic
/// shift, i32 lanes halved the JIT compile of truncate_f16 (five truncates
/// of a 128-lane f16 register: 2.1 -> 1.05 s).
inline unsigned laneWidth(EK src, EK dst) {
  auto fits = [](EK k, unsigned intBytes) {
    return sem::elemBytes(k) <= (sem::isFloat(k) ? 4u : intBytes);
  };
  return fits(src, 2) && fits(dst, 4) ? 32 : 64;
}

/// A lane's value: NaN, infinity, or exactly (-1)^neg * sig * 2^exp (iW
/// lanes; neg, isNaN, isInf i1 lanes; payload = a NaN's mantissa field moved
/// to the top of W bits).
struct LaneValues {
  Value neg, sig, exp, isNaN, isInf, payload;
};

/// Integer arithmetic on vector<N x iW> lanes (and their i1 masks), or on
/// one iW scalar (and an i1) when `n` is 0.
struct LaneBuilder {
  mlir::OpBuilder &b;
  mlir::Location loc;
  int64_t n;           // lanes; 0: one scalar
  unsigned width = 64; // W: 64, or 32 where laneWidth allows it

  /// `elem`, or n lanes of it.
  mlir::Type lanesOf(mlir::Type elem) {
    return n ? mlir::Type(mlir::VectorType::get({n}, elem)) : elem;
  }
  mlir::Type words() { return lanesOf(b.getIntegerType(width)); }
  mlir::Type bools() { return lanesOf(b.getI1Type()); }
  Value constant(mlir::Type t, mlir::TypedAttr v) {
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
      return arith::ConstantOp::create(b, loc, mlir::DenseElementsAttr::get(vt, v));
    return arith::ConstantOp::create(b, loc, v);
  }
  /// v modulo 2^W in every lane.
  Value c(int64_t v) {
    return constant(words(), b.getIntegerAttr(b.getIntegerType(width),
                                              llvm::APInt(width, uint64_t(v), /*isSigned=*/false,
                                                          /*implicitTrunc=*/true)));
  }
  Value truth(bool v) { return constant(bools(), b.getBoolAttr(v)); }
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
  Value zext(Value m) { return arith::ExtUIOp::create(b, loc, words(), m); }
  /// Integer lanes widened to W bits (sign- or zero-extended; iW as is).
  Value widen(Value x, bool isSigned) {
    unsigned w = mlir::getElementTypeOrSelf(x.getType()).getIntOrFloatBitWidth();
    assert(w <= width && "lanes wider than the arithmetic");
    if (w == width)
      return x;
    return isSigned ? Value(arith::ExtSIOp::create(b, loc, words(), x))
                    : Value(arith::ExtUIOp::create(b, loc, words(), x));
  }
  /// W-bit lanes narrowed to `elem` (as is when it is W bits wide).
  Value narrow(Value x, mlir::Type elem) {
    if (elem.getIntOrFloatBitWidth() == width)
      return x;
    return arith::TruncIOp::create(b, loc, lanesOf(elem), x);
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
    const int64_t w = width;
    Value sh = clamp(shift, 1, w);
    Value q = sel(cmp(P::eq, sh, c(w)), c(0), shr(sig, smin(sh, c(w - 1))));
    Value below = sub(sh, c(1)); // 0..W-1
    Value over = cmp(P::sgt, shift, c(w));
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

  /// The value of every lane of `bits` (iW lanes) holding floats of format `f`.
  LaneValues decodeFloat(const FloatFormat &f, Value bits) {
    LaneValues v;
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
    v.payload = shl(mant, c(width - f.mantBits));
    return v;
  }

  /// The value of every lane of `bits` (iW lanes) of kind `k`.
  LaneValues decode(EK k, Value bits) {
    if (sem::isFloat(k))
      return decodeFloat(floatFormat(k), bits);
    LaneValues v;
    bool isSigned = sem::isSignedInt(k);
    Value x = widen(bits, isSigned);
    v.neg = isSigned ? cmp(P::slt, x, c(0)) : truth(false);
    v.sig = sel(v.neg, sub(c(0), x), x); // 2^(W-1) for the iW minimum, as an unsigned magnitude
    v.exp = c(0);
    v.isNaN = v.isInf = truth(false);
    v.payload = c(0);
    return v;
  }

  /// IEEE 754 overflow: +-inf when the mode rounds the value away from
  /// zero past MAX (to nearest, and the directed modes in their own
  /// direction), else +-MAX.
  Value ieeeOverflow(const FloatFormat &f, Value neg, Value sign, sem::RoundMode mode) {
    Value inf = bor(sign, c(f.infBits())), max = bor(sign, c(f.maxBits()));
    switch (mode) {
    case sem::RoundMode::Rint:
    case sem::RoundMode::Round:
      return inf;
    case sem::RoundMode::Floor:
      return sel(neg, inf, max);
    case sem::RoundMode::Ceil:
      return sel(neg, max, inf);
    case sem::RoundMode::Trunc:
    case sem::RoundMode::Odd:
      return max;
    }
    return inf;
  }

  /// Float bits of format `f` (in iW lanes) of the lanes `v`, whose
  /// significands have at most `sigBits` bits, rounded once under `mode`;
  /// `range` says what becomes of inf, NaN and values beyond MAX.
  Value encodeFloat(const FloatFormat &f, const LaneValues &v, unsigned sigBits,
                    sem::RoundMode mode, FloatRange range) {
    const bool sat = range == FloatRange::Saturate;
    const int64_t p = f.mantBits + 1, minUlp = 1 - f.bias - f.mantBits;
    Value sign = sel(v.neg, c(f.signBit()), c(0));
    Value top = sub(add(v.exp, bitLength(v.sig, sigBits)), c(1)); // value in [2^top, 2^(top+1))
    Value ulp = smax(sub(top, c(p - 1)), c(minUlp));
    Value shift = sub(ulp, v.exp);
    Value exact = shl(v.sig, clamp(sub(c(0), shift), 0, width - 1));
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
    Value above = range == FloatRange::IEEE ? ieeeOverflow(f, v.neg, sign, mode) : huge;
    r = sel(cmp(P::sgt, add(ulp, c(p - 1)), c(f.bias)), above, r); // above MAX
    r = sel(cmp(P::eq, q, c(0)), sign, r);
    r = sel(v.isInf, huge, r);
    Value nan =
        sat ? c(0)
            : bor(bor(sign, c(f.infBits() | f.quietBit())), shr(v.payload, c(width - f.mantBits)));
    return sel(v.isNaN, nan, r);
  }

  Value encodeFloat(EK k, const LaneValues &v, unsigned sigBits, sem::RoundMode mode,
                    FloatRange range) {
    return encodeFloat(floatFormat(k), v, sigBits, mode, range);
  }

  /// Integer bits of kind `k` (in iW lanes) of the lanes `v`: the exactly
  /// rounded integer, clamped (`sat`) or modulo 2^N; NaN -> 0, +-inf ->
  /// max / min.
  Value encodeInt(EK k, const LaneValues &v, sem::RoundMode mode, bool sat) {
    const unsigned w = 8 * sem::elemBytes(k);
    const bool isSigned = sem::isSignedInt(k);
    const int64_t mask = w == 64 ? -1 : (int64_t(1) << w) - 1;
    const int64_t maxBits = isSigned ? int64_t(uint64_t(mask) >> 1) : mask;
    const int64_t minBits = isSigned ? int64_t(uint64_t(1) << (w - 1)) : 0;
    // exp >= 0: sig * 2^exp, `big` when it reaches 2^W.
    const int64_t ww = width;
    Value integral = cmp(P::sge, v.exp, c(0));
    Value huge = cmp(P::sge, v.exp, c(ww));
    Value shifted = sel(huge, c(0), shl(v.sig, clamp(v.exp, 0, ww - 1)));
    Value lost = nonzero(shr(v.sig, clamp(sub(c(ww), v.exp), 1, ww - 1)));
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

} // namespace ascreg::lanes

#endif // ASCREG_LIB_CONVERSION_LANEARITHMETIC_H
