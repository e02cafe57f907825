//===- LaneArithTest.cpp - sub, mul, abs, and/or/xor/not -------------------===//
//
// Hand-computed edge cases (the arithmetic is in the comments; no expected
// value comes from the code under test), each run on the reference and on
// the SIMD kernels; the legal tables; SIMD == reference bit for bit on
// random edge-class inputs for every compiled target and profile choice.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "Implementations.h"
#include "TestUtil.h"

#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

const RegType kF16{EK::F16}, kBF16{EK::BF16}, kF32{EK::F32}, kI8{EK::I8}, kU8{EK::U8},
    kI16{EK::I16}, kU16{EK::U16}, kI32{EK::I32}, kU32{EK::U32}, kI64{EK::I64}, kI64x2{EK::I64, 2};

/// Lane i of the result of a two-lane op: a = {x0, x1, ...}, b likewise.
struct Case {
  RegType t;
  uint64_t a, b, want;
};

class LaneArithHand : public EachImpl<Impl> {
protected:
  /// op(a, b) in lane 0 with every lane active; also checks that lane 1
  /// (inactive) is 0.
  void expectArith(const Profile &prof, ArithKind k, const Case &c) {
    Reg a = zeroReg(), b = zeroReg(), out;
    std::memset(out.b, 0xAB, sizeof out.b);
    setLane(a, c.t, 0, c.a);
    setLane(b, c.t, 0, c.b);
    setLane(a, c.t, 1, c.a);
    setLane(b, c.t, 1, c.b);
    I.arith(prof, k, c.t, a, b, lanes(c.t, {0}), out);
    EXPECT_EQ(getLane(out, c.t, 0), c.want) << I.name << " " << arithName(k) << " " << typeName(c.t)
                                            << std::hex << " 0x" << c.a << ", 0x" << c.b;
    EXPECT_EQ(getLane(out, c.t, 1), 0u) << I.name << " inactive lane";
  }
  void expectUnary(const Profile &prof, UnaryKind k, RegType t, uint64_t x, uint64_t want) {
    Reg a = zeroReg(), out;
    std::memset(out.b, 0xAB, sizeof out.b);
    setLane(a, t, 0, x);
    setLane(a, t, 1, x);
    I.unary(prof, k, t, a, lanes(t, {0}), out);
    EXPECT_EQ(getLane(out, t, 0), want)
        << I.name << " " << unaryName(k) << " " << typeName(t) << std::hex << " 0x" << x;
    EXPECT_EQ(getLane(out, t, 1), 0u) << I.name << " inactive lane";
  }
};

const Profile &doc() { return documentedProfile(); }
Profile with(const char *spec) {
  Profile p;
  std::string error;
  EXPECT_TRUE(parseProfile(spec, p, error)) << error;
  return p;
}

TEST_P(LaneArithHand, SubFloat) {
  const ArithKind S = ArithKind::Sub;
  expectArith(doc(), S, {kF32, 0x3F800000, 0x3F800000, 0x00000000}); // 1 - 1 = +0
  expectArith(doc(), S, {kF32, 0x80000000, 0x00000000, 0x80000000}); // -0 - +0 = -0
  expectArith(doc(), S, {kF32, 0x00000000, 0x00000000, 0x00000000}); // +0 - +0 = +0
  expectArith(doc(), S, {kF32, 0x7F800000, 0x7F800000, 0xFFC00000}); // inf - inf: invalid
  // A NaN operand: the first one, quieted, payload kept.
  expectArith(doc(), S, {kF32, 0x7F800001, 0x3F800000, 0x7FC00001});
  expectArith(doc(), S, {kF32, 0x3F800000, 0xFFC12345, 0xFFC12345});
  expectArith(doc(), S, {kF32, 0x7FC00002, 0x7FC00003, 0x7FC00002});
  expectArith(with("add.nan=canonical"), S, {kF32, 0x3F800000, 0xFFC12345, 0x7FC00000});
  // f16: 65504 - (-65504) overflows to +inf; saturated to 65504 when CTRL[48] = 0.
  expectArith(doc(), S, {kF16, 0x7BFF, 0xFBFF, 0x7C00});
  expectArith(with("ctrl.float_mode=saturating"), S, {kF16, 0x7BFF, 0xFBFF, 0x7BFF});
  expectArith(with("ctrl.float_mode=saturating"), S, {kF16, 0x7E01, 0x3C00, 0x0000}); // NaN -> +0
  // RNE ties: 2048 - (-1) = 2049 -> 2048 (even), 2048 - (-3) = 2051 -> 2052.
  expectArith(doc(), S, {kF16, 0x6800, 0xBC00, 0x6800});
  expectArith(doc(), S, {kF16, 0x6800, 0xC200, 0x6802});
  expectArith(doc(), S, {kF16, 0xFE01, 0x3C00, 0xFE01}); // -NaN payload 1, already quiet
  expectArith(doc(), S, {kF16, 0x7C01, 0x3C00, 0x7E01}); // sNaN quieted
  // Subnormals: 2^-24 - 2^-23 = -2^-24 (keep); flushed operands give 0 - 0 = +0.
  expectArith(doc(), S, {kF16, 0x0001, 0x0002, 0x8001});
  expectArith(with("arith.subnormals=flush"), S, {kF16, 0x0001, 0x0002, 0x0000});
  // f32: 2^-126 - 2^-126 * (1 - 2^-23) = 2^-149, a subnormal result; flushed -> +0.
  expectArith(doc(), S, {kF32, 0x00800000, 0x007FFFFF, 0x00000001});
  expectArith(with("arith.subnormals=flush"), S, {kF32, 0x00800000, 0x007FFFFF, 0x00800000});
  // bf16: 1 - (1 + 2^-7) = -2^-7 = 0xBC00; NaN payload kept and quieted.
  expectArith(doc(), S, {kBF16, 0x3F80, 0x3F81, 0xBC00});
  expectArith(doc(), S, {kBF16, 0x7F81, 0x3F80, 0x7FC1});
}

TEST_P(LaneArithHand, MulFloat) {
  const ArithKind M = ArithKind::Mul;
  // f16 300 * 300 = 90000 > 65504: +inf; CTRL[48] = 0 saturates under `ctrl` only.
  expectArith(doc(), M, {kF16, 0x5CB0, 0x5CB0, 0x7C00});
  expectArith(with("ctrl.float_mode=saturating"), M, {kF16, 0x5CB0, 0x5CB0, 0x7BFF});
  expectArith(with("ctrl.float_mode=saturating,mul.f16_saturation=never"), M,
              {kF16, 0x5CB0, 0x5CB0, 0x7C00});
  // f16 2^-14 * 0.5 = 2^-15, subnormal 0x0200; flushed -> +0.
  expectArith(doc(), M, {kF16, 0x0400, 0x3800, 0x0200});
  expectArith(with("arith.subnormals=flush"), M, {kF16, 0x0400, 0x3800, 0x0000});
  // f32 2^-100 * 2^-40 = 2^-140 = 2^9 * 2^-149: 0x200; flushed -> +0.
  expectArith(doc(), M, {kF32, 0x0D800000, 0x2B800000, 0x00000200});
  expectArith(with("arith.subnormals=flush"), M, {kF32, 0x0D800000, 0x2B800000, 0x00000000});
  // A subnormal operand: 2^-140 * 2^20 = 2^-120 (0x03800000); flushed: +0 * 2^20 = +0.
  expectArith(doc(), M, {kF32, 0x00000200, 0x49800000, 0x03800000});
  expectArith(with("arith.subnormals=flush"), M, {kF32, 0x00000200, 0x49800000, 0x00000000});
  expectArith(doc(), M, {kF32, 0x00000000, 0x7F800000, 0xFFC00000}); // 0 * inf: invalid
  expectArith(doc(), M, {kF32, 0x80000000, 0x40A00000, 0x80000000}); // -0 * 5 = -0
  expectArith(doc(), M, {kF32, 0x3F800000, 0x7F800005, 0x7FC00005}); // the NaN, quieted
  // bf16: 3 * 3 = 9 (0x4110); (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 -> 1 + 2^-6 (0x3F82).
  expectArith(doc(), M, {kBF16, 0x4040, 0x4040, 0x4110});
  expectArith(doc(), M, {kBF16, 0x3F81, 0x3F81, 0x3F82});
}

TEST_P(LaneArithHand, IntegersWrap) {
  expectArith(doc(), ArithKind::Sub, {kU8, 0x00, 0x01, 0xFF}); // 0 - 1 = 255
  expectArith(doc(), ArithKind::Sub, {kI8, 0x80, 0x01, 0x7F}); // -128 - 1 = 127
  expectArith(doc(), ArithKind::Sub, {kI32, 0x80000000, 1, 0x7FFFFFFF});
  expectArith(doc(), ArithKind::Mul, {kI16, 300, 300, 0x5F90});  // 90000 mod 65536 = 24464
  expectArith(doc(), ArithKind::Mul, {kU16, 0xFFFF, 0xFFFF, 1}); // (2^16 - 1)^2 mod 2^16
  expectArith(doc(), ArithKind::Mul, {kI16, 0xFFFF, 5, 0xFFFB}); // -1 * 5 = -5
  expectArith(doc(), ArithKind::Mul, {kU32, 0x10000, 0x10000, 0});
  // (2^32 + 1)^2 = 2^64 + 2^33 + 1 -> 0x200000001.
  expectArith(doc(), ArithKind::Mul, {kI64, 0x100000001, 0x100000001, 0x200000001});
  expectArith(doc(), ArithKind::Sub, {kI64x2, 0, 1, ~uint64_t(0)});
  // CTRL[48] and the float points change no integer bits.
  expectArith(with("ctrl.float_mode=saturating,arith.subnormals=flush"), ArithKind::Sub,
              {kI16, 0x0001, 0x0002, 0xFFFF});
}

TEST_P(LaneArithHand, Bitwise) {
  expectArith(doc(), ArithKind::And, {kU32, 0xF0F0F0F0, 0x0FF00FF0, 0x00F000F0});
  expectArith(doc(), ArithKind::Or, {kU32, 0xF0F0F0F0, 0x0FF00FF0, 0xFFF0FFF0});
  expectArith(doc(), ArithKind::Xor, {kU32, 0xF0F0F0F0, 0x0FF00FF0, 0xFF00FF00});
  expectArith(doc(), ArithKind::Xor, {kI8, 0x80, 0xFF, 0x7F});
  expectArith(doc(), ArithKind::And,
              {kI64, 0xFFFF0000FFFF0000, 0x0F0F0F0F0F0F0F0F, 0x0F0F00000F0F0000});
  expectUnary(doc(), UnaryKind::Not, kU16, 0x00FF, 0xFF00);
  expectUnary(doc(), UnaryKind::Not, kF32, 0x3F800000, 0xC07FFFFF); // the raw bits
  expectUnary(doc(), UnaryKind::Not, kF16, 0x7E00, 0x81FF);         // a NaN is just bits
  expectUnary(doc(), UnaryKind::Not, kI64x2, 0, ~uint64_t(0));
}

TEST_P(LaneArithHand, Abs) {
  const UnaryKind A = UnaryKind::Abs;
  expectUnary(doc(), A, kI8, 0x80, 0x80); // |-128| = 128 wraps to -128
  expectUnary(doc(), A, kI8, 0xFB, 0x05); // |-5| = 5
  expectUnary(doc(), A, kI16, 0x8000, 0x8000);
  expectUnary(doc(), A, kI16, 0x7FFF, 0x7FFF);
  expectUnary(doc(), A, kI32, 0x80000000, 0x80000000);
  expectUnary(doc(), A, kI32, 0xFFFFFFFF, 1);
  expectUnary(doc(), A, kI64, 0x8000000000000000, 0x8000000000000000);
  expectUnary(doc(), A, kI64x2, 0xFFFFFFFFFFFFFFFE, 2);
  expectUnary(doc(), A, kF16, 0x8000, 0x0000);         // -0 -> +0
  expectUnary(doc(), A, kF16, 0xFE01, 0x7E01);         // NaN: sign cleared, payload kept
  expectUnary(doc(), A, kF16, 0xFC00, 0x7C00);         // -inf -> +inf
  expectUnary(doc(), A, kF32, 0xFF800001, 0x7F800001); // an sNaN stays signalling
  expectUnary(doc(), A, kF32, 0x80000001, 0x00000001); // subnormals are kept
  expectUnary(with("abs.float=canonical"), A, kF16, 0xFE01, 0x7E00);
  expectUnary(with("abs.float=canonical"), A, kF32, 0xFF800001, 0x7FC00000);
  expectUnary(with("abs.float=canonical"), A, kF32, 0xBF800000, 0x3F800000);
  // abs ignores CTRL[48] (no overflow; a NaN stays a NaN).
  expectUnary(with("ctrl.float_mode=saturating"), A, kF16, 0xFE01, 0x7E01);
}

TEST_P(LaneArithHand, MasksZeroInactiveLanes) {
  // Empty mask: every lane 0. Partial: lanes 0 and 2 of u16 (bits 0 and 4).
  Reg a = zeroReg(), b = zeroReg(), out;
  for (unsigned i = 0; i < 128; ++i) {
    setLane(a, kU16, i, 10 + i);
    setLane(b, kU16, i, 1);
  }
  std::memset(out.b, 0xAB, sizeof out.b);
  I.arith(doc(), ArithKind::Sub, kU16, a, b, Mask{}, out);
  for (unsigned i = 0; i < 128; ++i)
    ASSERT_EQ(getLane(out, kU16, i), 0u) << I.name << " lane " << i;
  Mask m{};
  m.set(0, true);
  m.set(4, true);
  m.set(3, true); // not a lane bit of u16: ignored
  I.arith(doc(), ArithKind::Sub, kU16, a, b, m, out);
  for (unsigned i = 0; i < 128; ++i)
    ASSERT_EQ(getLane(out, kU16, i), i == 0 ? 9u : i == 2 ? 11u : 0u) << I.name << " lane " << i;
  // The two-register form counts lane i at bit 4i: lane 63 is bit 252.
  Mask hi{};
  hi.set(252, true);
  Reg x = zeroReg();
  setLane(x, kI64x2, 63, 0xFFFFFFFFFFFFFFFF);
  I.unary(doc(), UnaryKind::Abs, kI64x2, x, hi, out);
  for (unsigned i = 0; i < 64; ++i)
    ASSERT_EQ(getLane(out, kI64x2, i), i == 63 ? 1u : 0u) << I.name << " lane " << i;
}

INSTANTIATE_TEST_SUITE_P(RefAndSimd, LaneArithHand, ::testing::Values(&kRef, &kSimd), ImplName());

TEST(LaneArithLegality, VendorTables) {
  // sub: all 11 kinds + i64x2, u64x2; mul: no 8-bit; bitwise: the 8 integers
  // (+ both x2); abs: i8 i16 i32 i64 f16 f32 (+ i64x2); not: no bf16.
  EXPECT_EQ(countLegal([](RegType t) { return isLegalArith(ArithKind::Sub, t); }), 13u);
  EXPECT_EQ(countLegal([](RegType t) { return isLegalArith(ArithKind::Mul, t); }), 11u);
  for (ArithKind k : {ArithKind::And, ArithKind::Or, ArithKind::Xor})
    EXPECT_EQ(countLegal([k](RegType t) { return isLegalArith(k, t); }), 10u) << arithName(k);
  EXPECT_EQ(countLegal([](RegType t) { return isLegalUnary(UnaryKind::Abs, t); }), 7u);
  EXPECT_EQ(countLegal([](RegType t) { return isLegalUnary(UnaryKind::Not, t); }), 12u);
  EXPECT_FALSE(isLegalArith(ArithKind::Mul, kU8));
  EXPECT_TRUE(isLegalArith(ArithKind::Mul, kBF16));
  EXPECT_FALSE(isLegalUnary(UnaryKind::Abs, kU16));
  EXPECT_FALSE(isLegalUnary(UnaryKind::Abs, kBF16));
  EXPECT_FALSE(isLegalArith(ArithKind::And, kF32));
  EXPECT_TRUE(isLegalUnary(UnaryKind::Not, kF16));
  EXPECT_FALSE(isLegalArith(ArithKind::Sub, RegType{EK::I32, 2})); // x2 is 64-bit only
}

/// SIMD == reference bit for bit (NaN payloads included) for every target.
using LaneArithSimdVsRef = EachTarget;

TEST_P(LaneArithSimdVsRef, EveryOpTypeAndChoice) {
  Gen g(27);
  const char *profiles[] = {"documented",
                            "ctrl.float_mode=saturating",
                            "ctrl.float_mode=saturating,mul.f16_saturation=never",
                            "add.nan=canonical",
                            "abs.float=canonical",
                            "arith.subnormals=flush"};
  for (const char *spec : profiles) {
    const Profile prof = with(spec);
    for (RegType t : allRegTypes()) {
      for (int it = 0; it < 300; ++it) {
        const Reg a = g.reg(t), b = g.reg(t);
        const Mask m = g.mask(t);
        for (ArithKind k :
             {ArithKind::Sub, ArithKind::Mul, ArithKind::And, ArithKind::Or, ArithKind::Xor}) {
          if (!isLegalArith(k, t))
            continue;
          Reg want, got;
          ref::arith(prof, k, t, a, b, m, want);
          simd::arith(prof, k, t, a, b, m, got);
          ASSERT_EQ(0, std::memcmp(want.b, got.b, t.bytes()))
              << arithName(k) << " " << typeName(t) << " " << spec << " it " << it;
        }
        for (UnaryKind k : {UnaryKind::Abs, UnaryKind::Not}) {
          if (!isLegalUnary(k, t))
            continue;
          Reg want, got;
          ref::unary(prof, k, t, a, m, want);
          simd::unary(prof, k, t, a, m, got);
          ASSERT_EQ(0, std::memcmp(want.b, got.b, t.bytes()))
              << unaryName(k) << " " << typeName(t) << " " << spec << " it " << it;
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, LaneArithSimdVsRef, everyTarget(), targetParamName);

} // namespace
