//===- MpfrFloat.h - IEEE binary formats with MPFR, for oracles -*- C++ -*-===//
//
// The parts of the tests' rounding oracles that are IEEE 754 and nothing
// else: the field layout of a binary format, rounding an exact MPFR value
// to its precision and subnormal grid, and the bits of a representable
// value. Written from IEEE 754 alone; it calls no ascreg code. Users: the
// vcvt / vtrc oracle (Semantics/CastOracleTest.cpp, which adds the vendor's
// range rules) and the arith.truncf / extf oracle (JIT/FloatConversionTest.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_COMMON_MPFRFLOAT_H
#define ASCREG_UNITTESTS_COMMON_MPFRFLOAT_H

// <cstdint> first: MPFR declares its intmax_t functions (mpfr_get_uj, ...)
// only when the fixed-width types are already defined.
#include <cstdint>

#include <mpfr.h>

#include <gtest/gtest.h>

namespace ascreg::test::mpfr_float {

/// An IEEE binary format: precision p (with the implicit bit), the
/// exponents of the smallest and largest normals, the fields.
struct Format {
  const char *name;
  int p, emin, emax;
  unsigned mantBits, expBits;
  int bias() const { return emax; }
  unsigned width() const { return 1 + expBits + mantBits; }
  uint64_t signBit() const { return uint64_t(1) << (mantBits + expBits); }
  uint64_t infBits() const { return ((uint64_t(1) << expBits) - 1) << mantBits; }
  uint64_t maxBits() const { return infBits() - 1; }
  uint64_t quietBit() const { return uint64_t(1) << (mantBits - 1); }
  uint64_t mantMask() const { return (uint64_t(1) << mantBits) - 1; }
};
inline constexpr Format kF16{"f16", 11, -14, 15, 10, 5};
inline constexpr Format kBF16{"bf16", 8, -126, 127, 7, 8};
inline constexpr Format kF32{"f32", 24, -126, 127, 23, 8};
inline constexpr Format kF64{"f64", 53, -1022, 1023, 52, 11};

/// An MPFR number on the stack (the custom interface: no malloc per value,
/// which dominates an oracle's cost otherwise).
struct Mp {
  static constexpr mpfr_prec_t kMaxPrec = 128;
  mp_limb_t limbs[(kMaxPrec + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS];
  mpfr_t v;
  // 64 bits hold every source value exactly (53-bit floats, 64-bit ints) and
  // every integral result (at most 25 significant bits from f32, 64 from ints).
  explicit Mp(mpfr_prec_t prec = 64) { reset(prec); }
  /// Re-initialises with precision prec (<= kMaxPrec); the value becomes NaN.
  void reset(mpfr_prec_t prec) {
    mpfr_custom_init(limbs, prec);
    mpfr_custom_init_set(v, MPFR_NAN_KIND, 0, prec, limbs);
  }
  Mp(const Mp &) = delete;
  Mp &operator=(const Mp &) = delete;
};

/// The exact value of the finite bits `bits` of format f (f's NaN and inf
/// patterns are the caller's).
inline void setFinite(Mp &x, uint64_t bits, const Format &f) {
  const uint64_t e = (bits >> f.mantBits) & ((uint64_t(1) << f.expBits) - 1);
  const uint64_t mant = bits & f.mantMask();
  // value = significand * 2^(max(e,1) - bias - mantBits)
  const uint64_t sig = e ? mant | (uint64_t(1) << f.mantBits) : mant;
  x.reset(64);
  mpfr_set_uj_2exp(x.v, sig, long(e ? e : 1) - f.bias() - long(f.mantBits), MPFR_RNDN); // exact
  if (bits & f.signBit())
    mpfr_neg(x.v, x.v, MPFR_RNDN);
}

/// Rounds x to format f with MPFR's emulation of subnormals; the exponent is
/// unbounded above (overflow is judged by the caller). Returns the ternary.
inline int roundToFormat(Mp &y, const mpfr_t x, const Format &f, mpfr_rnd_t rnd) {
  y.reset(f.p);
  int t = mpfr_set(y.v, x, rnd);
  mpfr_exp_t oldEmin = mpfr_get_emin();
  mpfr_set_emin(f.emin - f.p + 2); // MPFR's exponent of the smallest subnormal
  t = mpfr_check_range(y.v, t, rnd);
  t = mpfr_subnormalize(y.v, t, rnd);
  mpfr_set_emin(oldEmin);
  return t;
}

/// IEEE 754's five roundings.
enum class Rounding { NearestEven, NearestAway, Downward, Upward, TowardZero };

/// x rounded to f (roundToFormat) under r. Ties away from zero, which MPFR
/// lacks: the nearer of the two neighbours, the larger one at their exact
/// midpoint. Returns the ternary of the rounding toward zero for NearestAway.
inline int roundIeee(Mp &y, const mpfr_t x, const Format &f, Rounding r) {
  switch (r) {
  case Rounding::NearestEven:
    return roundToFormat(y, x, f, MPFR_RNDN);
  case Rounding::Downward:
    return roundToFormat(y, x, f, MPFR_RNDD);
  case Rounding::Upward:
    return roundToFormat(y, x, f, MPFR_RNDU);
  case Rounding::TowardZero:
    return roundToFormat(y, x, f, MPFR_RNDZ);
  case Rounding::NearestAway:
    break;
  }
  Mp z, a, mid(Mp::kMaxPrec);
  int t = roundToFormat(z, x, f, MPFR_RNDZ);
  roundToFormat(a, x, f, MPFR_RNDA);
  mpfr_add(mid.v, z.v, a.v, MPFR_RNDN); // exact: adjacent p-bit values
  mpfr_div_2ui(mid.v, mid.v, 1, MPFR_RNDN);
  y.reset(f.p);
  mpfr_set(y.v, mpfr_cmpabs(x, mid.v) >= 0 ? a.v : z.v, MPFR_RNDN);
  return t;
}

/// Whether a value rounded to f's precision (roundToFormat) is above MAX:
/// y has p bits, so |y| > MAX iff |y| >= 2^(emax+1), MPFR exponent >= emax + 2.
inline bool aboveMax(const mpfr_t y, const Format &f) {
  return !mpfr_zero_p(y) && mpfr_get_exp(y) >= f.emax + 2;
}

/// Bits of a finite value representable in f (including +-0).
inline uint64_t encode(const Format &f, const mpfr_t y) {
  uint64_t sign = mpfr_signbit(y) ? f.signBit() : 0;
  if (mpfr_zero_p(y))
    return sign;
  Mp a;
  mpfr_abs(a.v, y, MPFR_RNDN);
  long e = long(mpfr_get_exp(a.v)) - 1; // |y| in [2^e, 2^(e+1))
  if (e < f.emin) {                     // subnormal: a multiple of 2^(emin-p+1)
    mpfr_mul_2si(a.v, a.v, -(f.emin - f.p + 1), MPFR_RNDN);
    EXPECT_TRUE(mpfr_integer_p(a.v));
    return sign | mpfr_get_uj(a.v, MPFR_RNDN);
  }
  mpfr_mul_2si(a.v, a.v, f.p - 1 - e, MPFR_RNDN); // integer in [2^(p-1), 2^p)
  EXPECT_TRUE(mpfr_integer_p(a.v));
  uint64_t m = mpfr_get_uj(a.v, MPFR_RNDN);
  return sign | (uint64_t(e + f.bias()) << f.mantBits) | (m - (uint64_t(1) << (f.p - 1)));
}

} // namespace ascreg::test::mpfr_float

#endif // ASCREG_UNITTESTS_COMMON_MPFRFLOAT_H
