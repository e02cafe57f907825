//===- CastTest.cpp - vcvt / vtrc cases with hand-computed answers --------===//
//
// Every expected value is computed by hand from cast-facts.md (the arithmetic
// is in the comments); none comes from the code under test. Register cases run
// against both ref:: and simd::. Candidates for the lit tests of ascreg.cast.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "TestUtil.h"

#include "ascreg/Semantics/Cast.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

constexpr RoundMode R = RoundMode::Rint, A = RoundMode::Round, F = RoundMode::Floor,
                    C = RoundMode::Ceil, Z = RoundMode::Trunc, O = RoundMode::Odd;

uint64_t lane(EK dst, EK src, uint64_t bits, RoundMode m, bool sat) {
  const CastPairInfo *p = findCastPair(dst, src);
  EXPECT_NE(p, nullptr) << elemName(src) << "->" << elemName(dst);
  return p ? castLane(*p, bits, m, sat) : ~uint64_t(0);
}

// ---------------------------------------------------------------- lanes

TEST(CastLane, F32ToF16OverflowAtTie) {
  // 65520.0f = 0x477FF000 lies halfway between 65504 (0x7BFF) and 2^16; RINT
  // rounds to the even 2^16, which overflows: inf without saturation, MAX with.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x477FF000, R, false), 0x7C00u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x477FF000, R, true), 0x7BFFu);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0xC77FF000, R, false), 0xFC00u);
  // TRUNC/FLOOR keep 65504: no overflow with an unbounded exponent.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x477FF000, Z, false), 0x7BFFu);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x477FF000, F, false), 0x7BFFu);
  // 2^17 under TRUNC overflows: +inf without saturation (conflict #9), MAX with.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x48000000, Z, false), 0x7C00u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x48000000, Z, true), 0x7BFFu);
}

TEST(CastLane, NaNToIntIsZero) {
  for (uint64_t nan : {0x7FC00000ull, 0x7F800001ull, 0xFFFFFFFFull, 0xFFC12345ull})
    for (bool sat : {false, true}) {
      EXPECT_EQ(lane(EK::I32, EK::F32, nan, R, sat), 0u);
      EXPECT_EQ(lane(EK::I16, EK::F32, nan, C, sat), 0u);
    }
  EXPECT_EQ(lane(EK::U8, EK::F16, 0x7E00, R, false), 0u);
  EXPECT_EQ(lane(EK::I32, EK::F16, 0xFC01, R, false), 0u);
}

TEST(CastLane, F32ToS32EachMode) {
  // 2.5 = 0x40200000: RINT 2 (even), ROUND 3 (away), FLOOR 2, CEIL 3, TRUNC 2.
  const uint64_t m2 = 0xFFFFFFFE, m3 = 0xFFFFFFFD; // -2, -3
  const std::pair<RoundMode, std::pair<uint64_t, uint64_t>> want[] = {
      {R, {2, m2}}, {A, {3, m3}}, {F, {2, m3}}, {C, {3, m2}}, {Z, {2, m2}}};
  for (auto [mode, res] : want)
    for (bool sat : {false, true}) {
      EXPECT_EQ(lane(EK::I32, EK::F32, 0x40200000, mode, sat), res.first) << roundModeName(mode);
      EXPECT_EQ(lane(EK::I32, EK::F32, 0xC0200000, mode, sat), res.second)
          << roundModeName(mode); // -2.5
    }
  // 3.5 = 0x40600000 under RINT: 4 (even).
  EXPECT_EQ(lane(EK::I32, EK::F32, 0x40600000, R, false), 4u);
  // -0.5 under ROUND: -1; under CEIL: 0 (integers have no -0).
  EXPECT_EQ(lane(EK::I32, EK::F32, 0xBF000000, A, false), 0xFFFFFFFFu);
  EXPECT_EQ(lane(EK::I32, EK::F32, 0xBF000000, C, false), 0u);
}

TEST(CastLane, F32ToF16Odd) {
  // 1 + 2^-9 + 2^-11 = 0x3F805000: halfway between f16 0x3C02 (1+2^-9) and
  // 0x3C03. RINT -> even 0x3C02; ODD: truncate to 0x3C02, inexact -> LSB set.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F805000, R, false), 0x3C02u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F805000, O, false), 0x3C03u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F805000, A, false), 0x3C03u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F805000, Z, false), 0x3C02u);
  // 1 + 2^-20 = 0x3F800008: ODD gives 0x3C01 (RINT 0x3C00); exactly 1.0 stays 0x3C00.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F800008, O, false), 0x3C01u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F800008, R, false), 0x3C00u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F800000, O, false), 0x3C00u);
  // 1 + 2^-10 + 2^-12 = 0x3F802800: truncation 0x3C01 is already odd -> 0x3C01.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x3F802800, O, false), 0x3C01u);
  // 2^-30 (0x30800000) is below half the smallest subnormal: ODD -> 0x0001.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x30800000, O, false), 0x0001u);
}

TEST(CastLane, HalfToU8) {
  // D-Cast Table 4: half 257 (0x5C04) -> uint8 NO_SAT 1 (low bits), SAT 255.
  EXPECT_EQ(lane(EK::U8, EK::F16, 0x5C04, R, false), 1u);
  EXPECT_EQ(lane(EK::U8, EK::F16, 0x5C04, R, true), 255u);
  // -1.0 (0xBC00): NO_SAT low bits 0xFF; SAT 0. -inf -> 0 (min) in both.
  EXPECT_EQ(lane(EK::U8, EK::F16, 0xBC00, R, false), 0xFFu);
  EXPECT_EQ(lane(EK::U8, EK::F16, 0xBC00, R, true), 0u);
  EXPECT_EQ(lane(EK::U8, EK::F16, 0xFC00, R, false), 0u);
  EXPECT_EQ(lane(EK::U8, EK::F16, 0x7C00, R, false), 255u);
  // +inf -> s8 max 127 in both modes.
  EXPECT_EQ(lane(EK::I8, EK::F16, 0x7C00, R, false), 0x7Fu);
}

TEST(CastLane, Bf16ToF16Subnormal) {
  // D-Prec: bf16 2.90573e-06 = 0x3643 = 1.5234375 * 2^-19 = 48.75 * 2^-24.
  // RINT/CEIL/ROUND -> 49 * 2^-24 (0x0031); FLOOR/TRUNC -> 48 * 2^-24 (0x0030).
  EXPECT_EQ(lane(EK::F16, EK::BF16, 0x3643, R, false), 0x31u);
  EXPECT_EQ(lane(EK::F16, EK::BF16, 0x3643, C, false), 0x31u);
  EXPECT_EQ(lane(EK::F16, EK::BF16, 0x3643, A, false), 0x31u);
  EXPECT_EQ(lane(EK::F16, EK::BF16, 0x3643, F, false), 0x30u);
  EXPECT_EQ(lane(EK::F16, EK::BF16, 0x3643, Z, false), 0x30u);
}

TEST(CastLane, FloatSpecials) {
  // f32 -> f16 NaN: quiet, top payload bits kept (NO_SAT); 0 (SAT).
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x7F800001, R, false), 0x7E00u); // payload below f16: just quiet
  EXPECT_EQ(lane(EK::F16, EK::F32, 0xFFC02000, R, false), 0xFE01u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x7FC00000, R, true), 0u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0xFF800000, R, true), 0xFBFFu); // -inf -> -MAX
  EXPECT_EQ(lane(EK::BF16, EK::F32, 0x7F800000, R, true), 0x7F7Fu);
  EXPECT_EQ(lane(EK::BF16, EK::F32, 0x7F800001, R, false), 0x7FC0u);
  // f16 -> f32: exact, subnormal 0x0001 = 2^-24 = 0x33800000; NaN quieted.
  EXPECT_EQ(lane(EK::F32, EK::F16, 0x0001, R, false), 0x33800000u);
  EXPECT_EQ(lane(EK::F32, EK::F16, 0x7C01, R, false), 0x7FC02000u);
  EXPECT_EQ(lane(EK::F32, EK::BF16, 0xFF81, R, false), 0xFFC10000u);
  // f32 -> bf16 keeps f32 subnormals: 0x00018000 is a tie -> even 0x0002.
  EXPECT_EQ(lane(EK::BF16, EK::F32, 0x00018000, R, false), 0x0002u);
  EXPECT_EQ(lane(EK::BF16, EK::F32, 0x00018000, Z, false), 0x0001u);
  // -0 stays -0; a negative value that underflows under CEIL is -0.
  EXPECT_EQ(lane(EK::F16, EK::F32, 0x80000000, R, false), 0x8000u);
  EXPECT_EQ(lane(EK::F16, EK::F32, 0xB0800000, C, false), 0x8000u); // -2^-30
  EXPECT_EQ(lane(EK::F16, EK::F32, 0xB0800000, F, false), 0x8001u);
}

TEST(CastLane, IntegerRanges) {
  // f32 40000.0 (0x471C4000) -> s16: NO_SAT 40000 - 65536 = -25536 = 0x9C40; SAT 0x7FFF.
  EXPECT_EQ(lane(EK::I16, EK::F32, 0x471C4000, R, false), 0x9C40u);
  EXPECT_EQ(lane(EK::I16, EK::F32, 0x471C4000, R, true), 0x7FFFu);
  // f32 2^40 (0x53800000) -> s32: NO_SAT low 32 bits = 0; SAT INT32_MAX.
  EXPECT_EQ(lane(EK::I32, EK::F32, 0x53800000, R, false), 0u);
  // f32 -(2^31 + 2^8) (0xCF000001) -> s32 NO_SAT: -2147483904 mod 2^32 = 0x7FFFFF00.
  EXPECT_EQ(lane(EK::I32, EK::F32, 0xCF000001, R, false), 0x7FFFFF00u);
  EXPECT_EQ(lane(EK::I32, EK::F32, 0xCF000001, R, true), 0x80000000u);
  // 3e9 (0x4F32D05E) -> s32 NO_SAT: 3000000000 = 0xB2D05E00.
  EXPECT_EQ(lane(EK::I32, EK::F32, 0x4F32D05E, R, false), 0xB2D05E00u);
  // f32 2^63 (0x5F000000) -> s64: NO_SAT 2^63 mod 2^64 = 0x8000...; SAT INT64_MAX.
  EXPECT_EQ(lane(EK::I64, EK::F32, 0x5F000000, R, false), 0x8000000000000000ull);
  EXPECT_EQ(lane(EK::I64, EK::F32, 0x5F000000, R, true), 0x7FFFFFFFFFFFFFFFull);
  // int32 256 -> uint8 NO_SAT 0 (D-Cast Table 4); SAT 255. -1 -> u8 NO_SAT 0xFF, SAT 0.
  EXPECT_EQ(lane(EK::U8, EK::I32, 256, R, false), 0u);
  EXPECT_EQ(lane(EK::U8, EK::I32, 256, R, true), 255u);
  EXPECT_EQ(lane(EK::U8, EK::I32, 0xFFFFFFFF, R, false), 0xFFu);
  EXPECT_EQ(lane(EK::U8, EK::I32, 0xFFFFFFFF, R, true), 0u);
  // u32 0x80000000 -> s16 SAT 0x7FFF (unsigned source), NO_SAT 0.
  EXPECT_EQ(lane(EK::I16, EK::U32, 0x80000000, R, true), 0x7FFFu);
  EXPECT_EQ(lane(EK::I16, EK::U32, 0x80000000, R, false), 0u);
  // s64 0x100000001 -> s32 NO_SAT 1 (EX); SAT INT32_MAX.
  EXPECT_EQ(lane(EK::I32, EK::I64, 0x100000001ull, R, false), 1u);
  EXPECT_EQ(lane(EK::I32, EK::I64, 0x100000001ull, R, true), 0x7FFFFFFFu);
  // Widening extends by the source's signedness.
  EXPECT_EQ(lane(EK::I16, EK::I8, 0x80, R, false), 0xFF80u);
  EXPECT_EQ(lane(EK::U16, EK::U8, 0x80, R, false), 0x0080u);
  EXPECT_EQ(lane(EK::I64, EK::I32, 0xFFFFFFFE, R, false), 0xFFFFFFFFFFFFFFFEull);
}

TEST(CastLane, S16ToU32SaturatesNegatives) {
  // D-Cast: "只支持饱和模式，输入负数会被饱和成0". castSaturates is always true.
  const CastPairInfo *p = findCastPair(EK::U32, EK::I16);
  ASSERT_NE(p, nullptr);
  for (Ctrl c : {Ctrl{}, Ctrl{false, true, true, false}, Ctrl{true, false, true, true}})
    EXPECT_TRUE(castSaturates(*p, false, c));
  EXPECT_EQ(castLane(*p, 0xFFFF, R, true), 0u);      // -1
  EXPECT_EQ(castLane(*p, 0x8000, R, true), 0u);      // -32768
  EXPECT_EQ(castLane(*p, 0x7FFF, R, true), 0x7FFFu); // 32767
}

TEST(CastLane, IntToFloatRounding) {
  // 16777217 = 2^24 + 1 is a tie between f32 2^24 (0x4B800000) and 2^24 + 2 (0x4B800001).
  EXPECT_EQ(lane(EK::F32, EK::I32, 16777217, R, false), 0x4B800000u);
  EXPECT_EQ(lane(EK::F32, EK::I32, 16777217, A, false), 0x4B800001u);
  EXPECT_EQ(lane(EK::F32, EK::I32, 16777217, C, false), 0x4B800001u);
  EXPECT_EQ(lane(EK::F32, EK::I32, 16777217, F, false), 0x4B800000u);
  EXPECT_EQ(lane(EK::F32, EK::I32, uint32_t(-16777217), F, false), 0xCB800001u);
  EXPECT_EQ(lane(EK::F32, EK::I32, 0x80000000, R, false), 0xCF000000u); // -2^31 exact
  // s16 2049 -> f16: tie between 2048 (0x6800) and 2050 (0x6801).
  EXPECT_EQ(lane(EK::F16, EK::I16, 2049, R, false), 0x6800u);
  EXPECT_EQ(lane(EK::F16, EK::I16, 2049, A, false), 0x6801u);
  EXPECT_EQ(lane(EK::F16, EK::I16, 2049, Z, false), 0x6800u);
  // u8 255 -> f16 exact: 255 = 1.9921875 * 2^7 -> 0x5BF8.
  EXPECT_EQ(lane(EK::F16, EK::U8, 255, R, false), 0x5BF8u);
  // s64 2^63 - 1 -> f32 RINT 2^63 (0x5F000000); TRUNC 2^63 - 2^39 (0x5EFFFFFF).
  EXPECT_EQ(lane(EK::F32, EK::I64, 0x7FFFFFFFFFFFFFFFull, R, false), 0x5F000000u);
  EXPECT_EQ(lane(EK::F32, EK::I64, 0x7FFFFFFFFFFFFFFFull, Z, false), 0x5EFFFFFFu);
}

TEST(CastLane, TruncateLane) {
  // vtrc f32: 2.5 -> RINT 2.0 (0x40000000), ROUND 3.0 (0x40400000); -0.5 CEIL -> -0.
  EXPECT_EQ(truncateLane(EK::F32, 0x40200000, R, false), 0x40000000u);
  EXPECT_EQ(truncateLane(EK::F32, 0x40200000, A, false), 0x40400000u);
  EXPECT_EQ(truncateLane(EK::F32, 0xBF000000, C, false), 0x80000000u);
  EXPECT_EQ(truncateLane(EK::F32, 0xBF000000, F, false), 0xBF800000u);
  EXPECT_EQ(truncateLane(EK::F32, 0x7F800001, R, false), 0x7FC00001u); // quiet, payload kept
  // f16 1.5 (0x3E00): FLOOR 1.0 (0x3C00), CEIL 2.0 (0x4000); inf SAT -> MAX; NaN SAT -> 0.
  EXPECT_EQ(truncateLane(EK::F16, 0x3E00, F, false), 0x3C00u);
  EXPECT_EQ(truncateLane(EK::F16, 0x3E00, C, false), 0x4000u);
  EXPECT_EQ(truncateLane(EK::F16, 0xFC00, R, true), 0xFBFFu);
  EXPECT_EQ(truncateLane(EK::F16, 0x7D00, R, true), 0u);
  EXPECT_EQ(truncateLane(EK::BF16, 0x3FC0, A, false), 0x4000u); // bf16 1.5 -> 2.0
}

// ---------------------------------------------------------------- CTRL

TEST(CastCtrl, EncodeDecode) {
  // Default Ctrl: bits 60 and 48.
  EXPECT_EQ(encodeCtrl(Ctrl{}), (uint64_t(1) << 60) | (uint64_t(1) << 48));
  // The hardware reset value 0x1000000000000008: CTRL[60] = 1, CTRL[48] = 0.
  Ctrl reset = decodeCtrl(kCtrlResetValue);
  EXPECT_TRUE(reset.globalSat);
  EXPECT_FALSE(reset.floatNonSat);
  EXPECT_FALSE(reset.intTruncate);
  EXPECT_FALSE(reset.fp8NanKeep);
  // Other bits are kept; each field maps to its bit.
  Ctrl c{false, false, true, true};
  EXPECT_EQ(encodeCtrl(c, 0x8), 0x8 | (uint64_t(1) << 59) | (uint64_t(1) << 50));
  for (unsigned bits = 0; bits < 16; ++bits) {
    Ctrl x{bool(bits & 1), bool(bits & 2), bool(bits & 4), bool(bits & 8)};
    EXPECT_TRUE(decodeCtrl(encodeCtrl(x, ~uint64_t(0))) == x);
  }
}

TEST(CastCtrl, SaturationRules) {
  // Expected per rule, written from facts §2.3/§2.4, for all 16 CTRL states x operand.
  for (unsigned bits = 0; bits < 16; ++bits)
    for (bool op : {false, true}) {
      Ctrl c{bool(bits & 1), bool(bits & 2), bool(bits & 4), bool(bits & 8)};
      const bool g = c.globalSat;
      auto sat = [&](EK d, EK s) { return castSaturates(*findCastPair(d, s), op, c); };
      const bool floatNarrow = g ? !c.floatNonSat : op;
      const bool intNarrow = g ? !c.intTruncate : op;
      for (auto [d, s] : {std::pair{EK::F16, EK::F32}, {EK::BF16, EK::F32}, {EK::F16, EK::BF16}})
        EXPECT_EQ(sat(d, s), floatNarrow) << bits << op;
      EXPECT_EQ(sat(EK::BF16, EK::F16), !c.floatNonSat); // CTRL[48] whatever CTRL[60]
      for (auto [d, s] : {std::pair{EK::I32, EK::F32},
                          {EK::I8, EK::F16},
                          {EK::I32, EK::BF16},
                          {EK::U8, EK::I32},
                          {EK::I32, EK::I64},
                          {EK::I16, EK::U32}})
        EXPECT_EQ(sat(d, s), intNarrow) << bits << op;
      EXPECT_EQ(sat(EK::I32, EK::F16), g && !c.intTruncate); // no operand
      for (auto [d, s] : {std::pair{EK::F32, EK::F16},
                          {EK::F32, EK::BF16},
                          {EK::F32, EK::I32},
                          {EK::F16, EK::I16},
                          {EK::I16, EK::I8},
                          {EK::I64, EK::I32},
                          {EK::F32, EK::I64}})
        EXPECT_FALSE(sat(d, s));
      EXPECT_TRUE(sat(EK::U32, EK::I16));
      EXPECT_EQ(truncateSaturates(EK::F32, c), false);
      EXPECT_EQ(truncateSaturates(EK::F16, c), !c.floatNonSat);
      EXPECT_EQ(truncateSaturates(EK::BF16, c), !c.floatNonSat);
    }
}

// ---------------------------------------------------------------- registers

/// One implementation's register ops, called with a CTRL state (the rest of
/// the profile is the documented one).
struct Impl {
  const char *name;
  decltype(&ref::cast) castOp;
  decltype(&ref::truncate) truncateOp;
  void cast(const CastSpec &spec, const Ctrl &ctrl, const Reg &in, const Mask &m, Reg &out) const {
    Profile p = documentedProfile();
    p.ctrl = ctrl;
    castOp(p, spec, in, m, out);
  }
  void truncate(ElemKind t, RoundMode mode, const Ctrl &ctrl, const Reg &in, const Mask &m,
                Reg &out) const {
    Profile p = documentedProfile();
    p.ctrl = ctrl;
    truncateOp(p, t, mode, in, m, out);
  }
};
const Impl kRef{"ref", ref::cast, ref::truncate};
const Impl kSimd{"simd", simd::cast, simd::truncate};

using CastReg = EachImpl<Impl>;

Mask allOn() {
  Mask m;
  for (auto &w : m.w)
    w = ~uint64_t(0);
  return m;
}
template <class T> T at(const Reg &r, unsigned i) {
  T v;
  std::memcpy(&v, r.b + i * sizeof(T), sizeof(T));
  return v;
}
template <class T> void put(Reg &r, unsigned i, T v) {
  std::memcpy(r.b + i * sizeof(T), &v, sizeof(T));
}

/// f16 bits of a small non-negative integer k (exact): k = 1.m * 2^e.
uint16_t f16OfInt(unsigned k) {
  if (k == 0)
    return 0;
  unsigned e = 0;
  while ((k >> (e + 1)) != 0)
    ++e;
  return uint16_t(((e + 15) << 10) | ((k << (10 - e)) & 0x3FF));
}

TEST_P(CastReg, CtrlDefaultVsPerInstruction) {
  Reg in = zeroReg(), out;
  for (unsigned i = 0; i < 64; ++i)
    put<uint32_t>(in, i, 0x477FF000); // 65520.0f
  CastSpec spec{EK::F16, EK::F32, R, /*satOperand=*/true, kPartEven};
  // Default CTRL (60 = 1, 48 = 1): the operand is ignored, inf/NaN kept -> inf.
  I.cast(spec, Ctrl{}, in, allOn(), out);
  EXPECT_EQ(at<uint16_t>(out, 0), 0x7C00u);
  // Hardware reset CTRL (48 = 0): global saturation -> MAX.
  I.cast(spec, decodeCtrl(kCtrlResetValue), in, allOn(), out);
  EXPECT_EQ(at<uint16_t>(out, 0), 0x7BFFu);
  // CTRL[60] = 0: the operand decides.
  Ctrl perInstr;
  perInstr.globalSat = false;
  I.cast(spec, perInstr, in, allOn(), out);
  EXPECT_EQ(at<uint16_t>(out, 0), 0x7BFFu);
  spec.satOperand = false;
  I.cast(spec, perInstr, in, allOn(), out);
  EXPECT_EQ(at<uint16_t>(out, 0), 0x7C00u);

  // Integers: 3e9 -> s32. Default CTRL[59] = 0 saturates even with RS_DISABLE.
  for (unsigned i = 0; i < 64; ++i)
    put<uint32_t>(in, i, 0x4F32D05E);
  CastSpec toInt{EK::I32, EK::F32, R, false, CastPart::P0};
  I.cast(toInt, Ctrl{}, in, allOn(), out);
  EXPECT_EQ(at<uint32_t>(out, 5), 0x7FFFFFFFu);
  Ctrl truncating;
  truncating.intTruncate = true;
  I.cast(toInt, truncating, in, allOn(), out);
  EXPECT_EQ(at<uint32_t>(out, 5), 0xB2D05E00u);
  I.cast(toInt, perInstr, in, allOn(), out);
  EXPECT_EQ(at<uint32_t>(out, 5), 0xB2D05E00u);
  toInt.satOperand = true;
  I.cast(toInt, perInstr, in, allOn(), out);
  EXPECT_EQ(at<uint32_t>(out, 5), 0x7FFFFFFFu);

  // f16 -> bf16 has no operand; CTRL[48] = 0 saturates inf even with CTRL[60] = 0.
  for (unsigned i = 0; i < 128; ++i)
    put<uint16_t>(in, i, 0x7C00);
  CastSpec h2b{EK::BF16, EK::F16, R, false, CastPart::P0};
  I.cast(h2b, Ctrl{}, in, allOn(), out);
  EXPECT_EQ(at<uint16_t>(out, 3), 0x7F80u);
  Ctrl c48{false, false, false, false};
  I.cast(h2b, c48, in, allOn(), out);
  EXPECT_EQ(at<uint16_t>(out, 3), 0x7F7Fu);
}

TEST_P(CastReg, WideningPartOddReadsOddLanes) {
  // f16 lane i holds the integer i (exact in f16); f32 lane k must be 2k+1.
  Reg in = zeroReg(), out;
  for (unsigned i = 0; i < 128; ++i)
    put<uint16_t>(in, i, f16OfInt(i));
  I.cast({EK::F32, EK::F16, R, false, kPartOdd}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(at<float>(out, k), float(2 * k + 1)) << k;
  I.cast({EK::F32, EK::F16, R, false, kPartEven}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(at<float>(out, k), float(2 * k)) << k;
}

TEST_P(CastReg, NarrowingZeroesTheOtherPart) {
  // f32 lane k = k -> f16 (exact): lane 2k+1 = k, lane 2k = 0.
  Reg in = zeroReg(), out;
  std::memset(out.b, 0xEE, sizeof out.b);
  for (unsigned k = 0; k < 64; ++k)
    put<float>(in, k, float(k));
  I.cast({EK::F16, EK::F32, Z, false, kPartOdd}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 64; ++k) {
    EXPECT_EQ(at<uint16_t>(out, 2 * k), 0u) << k;
    EXPECT_EQ(at<uint16_t>(out, 2 * k + 1), f16OfInt(k)) << k;
  }
  for (unsigned i = 256; i < 512; ++i) // the second half of the Reg is not written
    EXPECT_EQ(out.b[i], 0xEE) << i;
}

TEST_P(CastReg, FourToOnePlacement) {
  // u8 -> u32 with P2 reads byte lanes 4k+2; s32 -> u8 with P3 writes lanes 4k+3.
  Reg in = zeroReg(), out;
  for (unsigned i = 0; i < 256; ++i)
    put<uint8_t>(in, i, uint8_t(i));
  I.cast({EK::U32, EK::U8, R, false, CastPart::P2}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(at<uint32_t>(out, k), 4 * k + 2) << k;
  for (unsigned k = 0; k < 64; ++k)
    put<int32_t>(in, k, int32_t(k) * 10 - 100);                                // -100 .. 530
  I.cast({EK::U8, EK::I32, R, false, CastPart::P3}, Ctrl{}, in, allOn(), out); // default CTRL: SAT
  for (unsigned k = 0; k < 64; ++k) {
    int v = int(k) * 10 - 100;
    EXPECT_EQ(at<uint8_t>(out, 4 * k + 3), uint8_t(std::min(255, std::max(0, v)))) << k;
    EXPECT_EQ(at<uint8_t>(out, 4 * k), 0u);
    EXPECT_EQ(at<uint8_t>(out, 4 * k + 1), 0u);
    EXPECT_EQ(at<uint8_t>(out, 4 * k + 2), 0u);
  }
}

TEST_P(CastReg, MaskAtSourceGranularity) {
  // A mask with only bits 4k (the b32 lane layout). f16 -> f32 with P0 reads
  // f16 lanes 2k, mask bit 4k: all active. With P1 it reads lanes 2k+1, mask
  // bit 4k+2: all inactive -> zero (conflict #1: source granularity).
  Reg in = zeroReg(), out;
  for (unsigned i = 0; i < 128; ++i)
    put<uint16_t>(in, i, 0x3C00); // 1.0
  Mask m{};
  for (unsigned k = 0; k < 64; ++k)
    m.set(4 * k, true);
  I.cast({EK::F32, EK::F16, R, false, kPartEven}, Ctrl{}, in, m, out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(at<float>(out, k), 1.0f);
  I.cast({EK::F32, EK::F16, R, false, kPartOdd}, Ctrl{}, in, m, out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(at<uint32_t>(out, k), 0u);
  // Narrowing f32 -> f16 P1: source lane k active iff bit 4k; lane 3 off -> dst lane 7 = 0.
  for (unsigned k = 0; k < 64; ++k)
    put<float>(in, k, 2.0f);
  m.set(12, false);
  I.cast({EK::F16, EK::F32, R, false, kPartOdd}, Ctrl{}, in, m, out);
  EXPECT_EQ(at<uint16_t>(out, 5), 0x4000u); // src lane 2
  EXPECT_EQ(at<uint16_t>(out, 7), 0u);      // src lane 3 inactive
  EXPECT_EQ(at<uint16_t>(out, 9), 0x4000u); // src lane 4
}

TEST_P(CastReg, S64Forms) {
  // s32 -> s64 P1: lane k = sign-extended s32 lane 2k+1. s64 -> s32 P1 SAT:
  // lane 2k+1 = clamp(s64 lane k), lane 2k = 0. Masks at bit 4*(2k+1) / 8k.
  Reg in = zeroReg(), out;
  for (unsigned i = 0; i < 64; ++i)
    put<int32_t>(in, i, i % 2 ? -int32_t(i) : int32_t(i));
  I.cast({EK::I64, EK::I32, R, false, kPartOdd}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 32; ++k)
    EXPECT_EQ(at<int64_t>(out, k), -int64_t(2 * k + 1));
  for (unsigned k = 0; k < 32; ++k)
    put<int64_t>(in, k, (k % 3 == 0 ? 1 : -1) * (int64_t(1) << (k + 16)));
  I.cast({EK::I32, EK::I64, R, true, kPartOdd}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 32; ++k) {
    int64_t v = (k % 3 == 0 ? 1 : -1) * (int64_t(1) << (k + 16));
    int64_t clamped = std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, v));
    EXPECT_EQ(at<int32_t>(out, 2 * k + 1), clamped) << k;
    EXPECT_EQ(at<int32_t>(out, 2 * k), 0);
  }
  // f32 -> s64 P0: lane k = f32 lane 2k, rounded.
  for (unsigned i = 0; i < 64; ++i)
    put<float>(in, i, float(i) + 0.5f);
  I.cast({EK::I64, EK::F32, R, false, kPartEven}, Ctrl{}, in, allOn(), out);
  for (unsigned k = 0; k < 32; ++k)
    EXPECT_EQ(at<int64_t>(out, k), int64_t(2 * k)) << k; // 2k + 0.5 -> the even 2k
}

TEST_P(CastReg, TruncateZeroing) {
  Reg in = zeroReg(), out;
  for (unsigned k = 0; k < 64; ++k)
    put<float>(in, k, -2.5f);
  Mask m{};
  m.set(0, true);
  m.set(8, true);
  I.truncate(EK::F32, A, Ctrl{}, in, m, out);
  EXPECT_EQ(at<float>(out, 0), -3.0f);
  EXPECT_EQ(at<uint32_t>(out, 1), 0u);
  EXPECT_EQ(at<float>(out, 2), -3.0f);
  I.truncate(EK::F32, R, Ctrl{}, in, m, out);
  EXPECT_EQ(at<float>(out, 0), -2.0f);
}

INSTANTIATE_TEST_SUITE_P(Impls, CastReg, ::testing::Values(&kRef, &kSimd), ImplName());

// ---------------------------------------------------------------- legality

TEST(CastTable, ExactlyTheFactSheetPairs) {
  // facts §1 "Core types", in (src, dst) order, written out by hand.
  const std::pair<EK, EK> legal[] = {
      {EK::F32, EK::F16},  {EK::F32, EK::BF16}, {EK::F16, EK::F32}, {EK::BF16, EK::F32},
      {EK::F16, EK::BF16}, {EK::BF16, EK::F16}, {EK::F32, EK::I32}, {EK::F16, EK::I16},
      {EK::F32, EK::I16},  {EK::F16, EK::I8},   {EK::F16, EK::U8},  {EK::F32, EK::I64},
      {EK::BF16, EK::I32}, {EK::F16, EK::I32},  {EK::I32, EK::F32}, {EK::I16, EK::F16},
      {EK::I16, EK::F32},  {EK::I8, EK::F16},   {EK::U8, EK::F16},  {EK::I64, EK::F32},
      {EK::U8, EK::U16},   {EK::I8, EK::I16},   {EK::U16, EK::U32}, {EK::I16, EK::U32},
      {EK::I16, EK::I32},  {EK::I32, EK::I64},  {EK::U8, EK::U32},  {EK::I8, EK::I32},
      {EK::U16, EK::U8},   {EK::I16, EK::U8},   {EK::U32, EK::U16}, {EK::U32, EK::I16},
      {EK::I32, EK::U16},  {EK::I32, EK::I16},  {EK::I64, EK::I32}, {EK::U32, EK::U8},
      {EK::I32, EK::U8}};
  const EK all[] = {EK::I8,  EK::U8,  EK::I16, EK::U16, EK::F16, EK::BF16,
                    EK::I32, EK::U32, EK::F32, EK::I64, EK::U64};
  unsigned n = 0;
  for (EK s : all)
    for (EK d : all) {
      bool want = std::find(std::begin(legal), std::end(legal), std::pair{s, d}) != std::end(legal);
      EXPECT_EQ(isLegalCast(d, s), want) << elemName(s) << " -> " << elemName(d);
      n += want;
    }
  EXPECT_EQ(n, 37u);
  EXPECT_EQ(allCastPairs().size, 37u);
}

TEST(CastTable, Operands) {
  const CastPairInfo *f2h = findCastPair(EK::F16, EK::F32);
  EXPECT_TRUE(isLegalCastRound(*f2h, O));
  EXPECT_FALSE(isLegalCastRound(*findCastPair(EK::BF16, EK::F32), O));
  EXPECT_TRUE(f2h->hasSat);
  EXPECT_EQ(f2h->parts, 2);
  EXPECT_EQ(castShape(*f2h), CastShape::Narrow2);
  EXPECT_FALSE(findCastPair(EK::I32, EK::F16)->hasSat); // f16->s32: SatMode::UNKNOWN
  EXPECT_TRUE(findCastPair(EK::F16, EK::BF16)->satBeforeRound);
  EXPECT_FALSE(findCastPair(EK::BF16, EK::F16)->hasSat);
  EXPECT_EQ(findCastPair(EK::U8, EK::I32)->parts, 4);
  EXPECT_EQ(castShape(*findCastPair(EK::U32, EK::U8)), CastShape::Widen4);
  EXPECT_FALSE(findCastPair(EK::F32, EK::F16)->hasRound);
  EXPECT_TRUE(findCastPair(EK::F32, EK::I64)->hasRound);
  EXPECT_STREQ(findCastPair(EK::I32, EK::F16)->family, "vcvt_fi");
  EXPECT_FALSE(isLegalCastPart(*findCastPair(EK::I32, EK::F32), kPartOdd));
  EXPECT_TRUE(isLegalCastPart(*findCastPair(EK::U32, EK::U8), CastPart::P3));
  EXPECT_FALSE(isLegalCastPart(*findCastPair(EK::U32, EK::U16), CastPart::P2));
  // vtrc.
  EXPECT_TRUE(isLegalTruncate(EK::BF16));
  EXPECT_FALSE(isLegalTruncate(EK::I32));
  EXPECT_FALSE(isLegalTruncateRound(O));
}

TEST(CastTable, Diagnostics) {
  EXPECT_EQ(describeCastPair(*findCastPair(EK::F16, EK::F32)),
            "f32 -> f16 (vcvt_ff f322f16): round rint|round|floor|ceil|trunc|odd, sat operand, "
            "part even|odd");
  EXPECT_EQ(describeCastPair(*findCastPair(EK::U32, EK::U8)),
            "u8 -> u32 (vcvt_ii u82u32): part p0|p1|p2|p3");
  EXPECT_EQ(describeLegalCasts(EK::F16), "f16 -> f32, bf16, i16, i8, u8, i32");
  EXPECT_EQ(describeLegalCasts(EK::U64), "none");
  EXPECT_EQ(describeLegalTruncates(), "f16, bf16, f32 with round rint|round|floor|ceil|trunc");
  EXPECT_EQ(castSpecError({EK::F16, EK::F32, O, true, kPartOdd}), "");
  EXPECT_EQ(castSpecError({EK::U8, EK::I32, R, false, CastPart::P3}), "");
  EXPECT_EQ(castSpecError({EK::BF16, EK::F32, O, false, kPartEven}),
            "round mode 'odd' is not legal for f32 -> bf16 (vcvt_ff f322bf16): round "
            "rint|round|floor|ceil|trunc, "
            "sat operand, part even|odd");
  EXPECT_EQ(castSpecError({EK::I32, EK::F16, R, true, kPartEven}),
            "'f16 -> i32' has no saturation operand");
  EXPECT_EQ(castSpecError({EK::U32, EK::I16, R, true, kPartEven}),
            "'i16 -> u32' has no saturation operand (it always saturates)");
  EXPECT_EQ(castSpecError({EK::F32, EK::F16, C, false, kPartEven}),
            "'f16 -> f32' is exact and has no round operand");
  EXPECT_EQ(castSpecError({EK::I32, EK::F32, R, false, kPartOdd}),
            "'f32 -> i32' keeps the lane count and has no part operand");
  EXPECT_EQ(castSpecError({EK::U8, EK::F32, R, false, kPartEven}),
            "'f32 -> u8' is not a single vcvt on dav-3510; legal from f32: f32 -> f16, bf16, i32, "
            "i16, i64; use the "
            "chain f32 -> i32 -> u8");
  EXPECT_EQ(castSpecError({EK::F32, EK::U32, R, false, kPartEven}),
            "'u32 -> f32' is not a single vcvt on dav-3510; legal from u32: u32 -> u16, i16, u8; "
            "no chain of vcvt "
            "instructions preserves its values");
  EXPECT_EQ(castSpecError({EK::F32, EK::F32, R, false, kPartEven}),
            "'f32 -> f32' is not a single vcvt on dav-3510; use truncate (vtrc) to round within a "
            "float type");
  EXPECT_EQ(truncateError(EK::F16, Z), "");
  EXPECT_NE(truncateError(EK::F16, O), "");
  EXPECT_NE(truncateError(EK::I16, R), "");
  EXPECT_STREQ(vendorRoundName(O), "ROUND_O");
  EXPECT_STREQ(vendorRoundName(A), "ROUND_A");
  EXPECT_STREQ(vendorPartName(kPartOdd, 2), "PART_ODD");
  EXPECT_STREQ(vendorPartName(CastPart::P2, 4), "PART_P2");
  EXPECT_STREQ(castPartName(kPartEven, 2), "even");
  EXPECT_EQ(parseRoundMode("ceil"), C);
  EXPECT_EQ(parseRoundMode("nearest"), std::nullopt);
}

TEST(CastTable, Chains) {
  using V = std::vector<EK>;
  // The fact sheet's examples of pairs without a single instruction.
  EXPECT_EQ(suggestCastChain(EK::I8, EK::I16), (V{EK::I16, EK::F16, EK::I8}));
  EXPECT_EQ(suggestCastChain(EK::U8, EK::F32),
            (V{EK::F32, EK::I32, EK::U8})); // rounds once, in f32 -> i32
  EXPECT_EQ(suggestCastChain(EK::U16, EK::F32), (V{EK::F32, EK::I32, EK::U16}));
  EXPECT_EQ(suggestCastChain(EK::U8, EK::I8),
            (V{EK::I8, EK::I16, EK::U8})); // exact: widen, then clamp
  EXPECT_EQ(suggestCastChain(EK::U32, EK::I8),
            (V{EK::I8, EK::I16, EK::U32})); // s16->u32 clamps negatives
  EXPECT_EQ(suggestCastChain(EK::I8, EK::I32), (V{EK::I32, EK::I16, EK::F16, EK::I8}));
  EXPECT_EQ(suggestCastChain(EK::I8, EK::F32),
            (V{EK::F32, EK::I16, EK::F16, EK::I8})); // not f32->f16->i8: rounds twice
  EXPECT_EQ(suggestCastChain(EK::I32, EK::U8), (V{EK::U8, EK::F16, EK::I32}));
  EXPECT_EQ(suggestCastChain(EK::BF16, EK::I16),
            (V{EK::I16, EK::F32, EK::BF16})); // exact widening, then one rounding
  // No chain: u32 -> f32 (nothing leaves u32 without losing 2^16..2^32), i32 -> u32, u16 -> f16,
  // u64.
  EXPECT_TRUE(suggestCastChain(EK::F32, EK::U32).empty());
  EXPECT_TRUE(suggestCastChain(EK::U32, EK::I32).empty());
  EXPECT_TRUE(suggestCastChain(EK::F16, EK::U16).empty());
  EXPECT_TRUE(suggestCastChain(EK::U64, EK::I64).empty());
  // Legal pairs and identity.
  EXPECT_EQ(suggestCastChain(EK::F16, EK::F32), (V{EK::F32, EK::F16}));
  EXPECT_EQ(suggestCastChain(EK::F32, EK::F32), (V{EK::F32}));
  EXPECT_EQ(describeCastChain(V{EK::I16, EK::F16, EK::I8}), "i16 -> f16 -> i8");
  EXPECT_EQ(describeCastChain({}), "none");
  // Every chain consists of legal steps.
  const EK all[] = {EK::I8,  EK::U8,  EK::I16, EK::U16, EK::F16, EK::BF16,
                    EK::I32, EK::U32, EK::F32, EK::I64, EK::U64};
  for (EK s : all)
    for (EK d : all) {
      V c = suggestCastChain(d, s);
      for (size_t i = 0; i + 1 < c.size(); ++i)
        EXPECT_TRUE(isLegalCast(c[i + 1], c[i])) << describeCastChain(c);
      if (!c.empty()) {
        EXPECT_EQ(c.front(), s);
        EXPECT_EQ(c.back(), d);
      }
    }
}

} // namespace
