//===- HandComputedTest.cpp - Contract cases with hand-computed answers ---===//
//
// Every expected value here is written by hand from docs/semantics.md (the
// arithmetic is in the comments); none comes from the code under test. Each
// test runs against both the reference and the SIMD kernels.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "Implementations.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

using Hand = EachImpl<Impl>;

const RegType kF16{EK::F16}, kF32{EK::F32}, kI16{EK::I16}, kU16{EK::U16}, kI32{EK::I32},
    kU32{EK::U32}, kI64{EK::I64}, kU64{EK::U64}, kI64x2{EK::I64, 2}, kU64x2{EK::U64, 2},
    kI8{EK::I8}, kU8{EK::U8};

Reg filled(RegType t, uint64_t v) {
  Reg r = zeroReg();
  for (unsigned i = 0; i < t.lanes(); ++i)
    setLane(r, t, i, v);
  return r;
}
uint32_t f32Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

/// Runs reduce and checks lane 0 / lane 1 and that every other lane is 0.
void expectReduce(const Impl &I, ReduceKind k, RegType dst, RegType src, const Reg &in,
                  const Mask &m, uint64_t value, uint64_t index = 0) {
  Reg out;
  std::memset(out.b, 0xAB, sizeof out.b); // stale contents must be cleared
  I.reduce(::ascreg::semantics::documentedProfile(), k, dst, src, in, m, out);
  EXPECT_EQ(getLane(out, dst, 0), value) << I.name << " value, src " << typeName(src);
  EXPECT_EQ(getLane(out, dst, 1), k == ReduceKind::Sum ? 0 : index)
      << I.name << " lane 1, src " << typeName(src);
  for (unsigned i = 2; i < dst.lanes(); ++i)
    ASSERT_EQ(getLane(out, dst, i), 0u) << I.name << " lane " << i << " must be 0";
}

// ---------------------------------------------------------------- reduce max/min

TEST_P(Hand, MaxReportsFirstNaNWithItsBits) {
  Reg in = filled(kF32, f32Bits(1.0f));
  setLane(in, kF32, 3, 0xFF800123); // signalling NaN, negative
  setLane(in, kF32, 5, 0x7FC00001); // quiet NaN
  setLane(in, kF32, 9, f32Bits(100.0f));
  expectReduce(I, ReduceKind::Max, kF32, kF32, in, allLanes(kF32), 0xFF800123, 3);
  expectReduce(I, ReduceKind::Min, kF32, kF32, in, allLanes(kF32), 0xFF800123, 3);
  // With lane 3 masked off, the NaN at 5 is the first active one.
  Mask m = allLanes(kF32);
  m.set(4 * 3, false);
  expectReduce(I, ReduceKind::Max, kF32, kF32, in, m, 0x7FC00001, 5);
  // f16: NaN 0x7D55 at lane 70 after a +inf at lane 2.
  Reg h = filled(kF16, 0x3C00);
  setLane(h, kF16, 2, 0x7C00);
  setLane(h, kF16, 70, 0x7D55);
  expectReduce(I, ReduceKind::Max, kF16, kF16, h, allLanes(kF16), 0x7D55, 70);
}

TEST_P(Hand, SignedZeroOrdersBelowPositiveZero) {
  Reg in = filled(kF32, f32Bits(-1.0f));
  setLane(in, kF32, 2, 0x80000000); // -0
  setLane(in, kF32, 7, 0x00000000); // +0
  Mask m = lanes(kF32, {2, 7});
  expectReduce(I, ReduceKind::Max, kF32, kF32, in, m, 0x00000000, 7);
  expectReduce(I, ReduceKind::Min, kF32, kF32, in, m, 0x80000000, 2);
  // Order reversed in the register: +0 first.
  setLane(in, kF32, 2, 0x00000000);
  setLane(in, kF32, 7, 0x80000000);
  expectReduce(I, ReduceKind::Max, kF32, kF32, in, m, 0x00000000, 2);
  expectReduce(I, ReduceKind::Min, kF32, kF32, in, m, 0x80000000, 7);
  Reg h = filled(kF16, 0xBC00); // -1.0
  setLane(h, kF16, 100, 0x8000);
  setLane(h, kF16, 101, 0x0000);
  Mask mh = lanes(kF16, {100, 101});
  expectReduce(I, ReduceKind::Max, kF16, kF16, h, mh, 0x0000, 101);
  expectReduce(I, ReduceKind::Min, kF16, kF16, h, mh, 0x8000, 100);
}

TEST_P(Hand, TiesGiveTheFirstIndex) {
  Reg in = filled(kI32, 1);
  setLane(in, kI32, 10, 5);
  setLane(in, kI32, 40, 5);
  setLane(in, kI32, 20, uint32_t(-7));
  setLane(in, kI32, 50, uint32_t(-7));
  expectReduce(I, ReduceKind::Max, kI32, kI32, in, allLanes(kI32), 5, 10);
  expectReduce(I, ReduceKind::Min, kI32, kI32, in, allLanes(kI32), uint32_t(-7), 20);
  // All lanes equal: index 0.
  expectReduce(I, ReduceKind::Max, kU16, kU16, filled(kU16, 9), allLanes(kU16), 9, 0);
}

TEST_P(Hand, SignednessDecidesMaxMin) {
  Reg in = filled(kU16, 1);
  setLane(in, kU16, 3, 0x8000); // 32768 unsigned, -32768 signed
  expectReduce(I, ReduceKind::Max, kU16, kU16, in, allLanes(kU16), 0x8000, 3);
  expectReduce(I, ReduceKind::Min, kI16, kI16, in, allLanes(kI16), 0x8000, 3);
  expectReduce(I, ReduceKind::Max, kI16, kI16, in, allLanes(kI16), 1, 0);
}

TEST_P(Hand, EmptyMaskResultsForEveryReduceType) {
  Mask none{};
  Reg in = filled(kU64x2, 0x1234567890ABCDEFull); // any data; nothing is active
  // sum -> +0 / 0
  for (RegType t : {kF16, kF32, kI32, kU32, kI64, kU64, kI64x2, kU64x2})
    expectReduce(I, ReduceKind::Sum, t, t, in, none, 0);
  expectReduce(I, ReduceKind::Sum, kI32, kI16, in, none, 0);
  expectReduce(I, ReduceKind::Sum, kU32, kU16, in, none, 0);
  // max -> -inf / type minimum, index 0; min -> +inf / type maximum.
  struct Case {
    RegType t;
    uint64_t maxV, minV;
  };
  const Case cases[] = {
      {kF16, 0xFC00, 0x7C00},
      {kF32, 0xFF800000, 0x7F800000},
      {kI16, 0x8000, 0x7FFF},
      {kU16, 0x0000, 0xFFFF},
      {kI32, 0x80000000, 0x7FFFFFFF},
      {kU32, 0x00000000, 0xFFFFFFFF},
      {kI64, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull},
      {kU64, 0, 0xFFFFFFFFFFFFFFFFull},
      {kI64x2, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull},
      {kU64x2, 0, 0xFFFFFFFFFFFFFFFFull},
  };
  for (const Case &c : cases) {
    expectReduce(I, ReduceKind::Max, c.t, c.t, in, none, c.maxV, 0);
    expectReduce(I, ReduceKind::Min, c.t, c.t, in, none, c.minV, 0);
  }
}

TEST_P(Hand, F16MaxIndexIsStoredAsRawBits) {
  Reg in = filled(kF16, 0x3C00);  // 1.0
  setLane(in, kF16, 114, 0x4000); // 2.0
  // Index 114 is written as the f16 with bits 0x0072 (about 6.8e-06).
  expectReduce(I, ReduceKind::Max, kF16, kF16, in, allLanes(kF16), 0x4000, 0x0072);
  // f32 index 63 -> bits 0x0000003F.
  Reg f = filled(kF32, f32Bits(1.0f));
  setLane(f, kF32, 63, f32Bits(-5.0f));
  expectReduce(I, ReduceKind::Min, kF32, kF32, f, allLanes(kF32), f32Bits(-5.0f), 0x3F);
}

TEST_P(Hand, MaxIgnoresInactiveLanes) {
  Reg in = filled(kF32, f32Bits(-3.0f));
  setLane(in, kF32, 0, f32Bits(50.0f)); // inactive
  setLane(in, kF32, 1, 0x7FC00000);     // inactive NaN
  setLane(in, kF32, 33, f32Bits(-2.0f));
  Mask m = allLanes(kF32);
  m.set(0, false);
  m.set(4, false);
  expectReduce(I, ReduceKind::Max, kF32, kF32, in, m, f32Bits(-2.0f), 33);
}

// ---------------------------------------------------------------- reduce sum

TEST_P(Hand, F16SumOverflowsAtAnInnerNode) {
  // Lanes 0..2 = 60000, 60000, -60000 (f16 0x7B53 = 1.8310546875 * 2^15).
  // Left to right the sum would be 60000; the tree adds (l0+l1) first, which
  // is 120000 > 65504 -> +inf, and inf + (-60000 + 0) stays +inf.
  Reg in = zeroReg();
  setLane(in, kF16, 0, 0x7B53);
  setLane(in, kF16, 1, 0x7B53);
  setLane(in, kF16, 2, 0xFB53);
  expectReduce(I, ReduceKind::Sum, kF16, kF16, in, allLanes(kF16), 0x7C00);
}

TEST_P(Hand, F16SumFollowsTheTreeNotLeftToRight) {
  // [2048, 0, 1, 1]: tree (2048+0) + (1+1) = 2050 (0x6801, f16 spacing at
  // 2048 is 2). Left to right: 2048+0+1 = 2049 -> ties to even 2048, +1 -> 2048.
  Reg in = zeroReg();
  setLane(in, kF16, 0, 0x6800);
  setLane(in, kF16, 2, 0x3C00);
  setLane(in, kF16, 3, 0x3C00);
  expectReduce(I, ReduceKind::Sum, kF16, kF16, in, allLanes(kF16), 0x6801);
  // Lane 127 pairs with lane 126 at the first level, then climbs the tree:
  // put 1.0 at 126 and 127 -> 2.0 joins 2050 only at the root: 2052 (0x6802).
  setLane(in, kF16, 126, 0x3C00);
  setLane(in, kF16, 127, 0x3C00);
  expectReduce(I, ReduceKind::Sum, kF16, kF16, in, allLanes(kF16), 0x6802);
}

TEST_P(Hand, F32SumRoundsEveryNode) {
  // [2^24, 1, 1, 0]: (2^24 + 1) rounds to 2^24 (tie, even), (1 + 0) = 1,
  // 2^24 + 1 -> 2^24 again. Exact sum 2^24 + 2 would be representable.
  Reg in = zeroReg();
  setLane(in, kF32, 0, f32Bits(16777216.0f));
  setLane(in, kF32, 1, f32Bits(1.0f));
  setLane(in, kF32, 2, f32Bits(1.0f));
  expectReduce(I, ReduceKind::Sum, kF32, kF32, in, allLanes(kF32), f32Bits(16777216.0f));
}

TEST_P(Hand, F32SumInactiveNegativeZeroEntersAsPositiveZero) {
  Reg in = filled(kF32, 0x80000000); // all -0
  // All active: -0 + -0 = -0 at every node.
  expectReduce(I, ReduceKind::Sum, kF32, kF32, in, allLanes(kF32), 0x80000000);
  // One inactive lane enters as +0: -0 + +0 = +0 and the root is +0.
  Mask m = allLanes(kF32);
  m.set(4 * 17, false);
  expectReduce(I, ReduceKind::Sum, kF32, kF32, in, m, 0x00000000);
}

TEST_P(Hand, I16SumWidensBeforeAdding) {
  // 128 * 30000 = 3840000: fits in i32, would wrap in i16.
  expectReduce(I, ReduceKind::Sum, kI32, kI16, filled(kI16, 30000), allLanes(kI16), 3840000);
  // 128 * -30000 = -3840000 (sign extension of each lane).
  expectReduce(I, ReduceKind::Sum, kI32, kI16, filled(kI16, uint16_t(-30000)), allLanes(kI16),
               uint32_t(-3840000));
  // u16: 128 * 65535 = 8388480 (zero extension).
  expectReduce(I, ReduceKind::Sum, kU32, kU16, filled(kU16, 0xFFFF), allLanes(kU16), 8388480);
}

TEST_P(Hand, I32SumWraps) {
  Reg in = zeroReg();
  setLane(in, kI32, 0, 0x7FFFFFFF);
  setLane(in, kI32, 1, 0x7FFFFFFF);
  expectReduce(I, ReduceKind::Sum, kI32, kI32, in, allLanes(kI32), 0xFFFFFFFE); // -2
}

TEST_P(Hand, SixtyFourBitSums) {
  // 0xFFFFFFFF + 0xFFFFFFFF = 0x1FFFFFFFE: the carry crosses the 32-bit boundary.
  Reg in = zeroReg();
  setLane(in, kU64, 0, 0xFFFFFFFF);
  setLane(in, kU64, 31, 0xFFFFFFFF);
  expectReduce(I, ReduceKind::Sum, kU64, kU64, in, allLanes(kU64), 0x1FFFFFFFEull);
  // Two-register form, lane 63: 2^64 - 1 + 2 wraps to 1.
  Reg w = zeroReg();
  setLane(w, kU64x2, 0, 2);
  setLane(w, kU64x2, 63, 0xFFFFFFFFFFFFFFFFull);
  expectReduce(I, ReduceKind::Sum, kU64x2, kU64x2, w, allLanes(kU64x2), 1);
  // Lane 0 masked off: the sum is still exact (no vendor-emulation artifact).
  Mask m = allLanes(kI64);
  m.set(0, false);
  Reg s = filled(kI64, 3);
  expectReduce(I, ReduceKind::Sum, kI64, kI64, s, m, 93); // 31 * 3
}

TEST_P(Hand, SixtyFourBitMaxWithEqualHighWords) {
  Reg in = filled(kI64, 0x0000000500000000ull);
  setLane(in, kI64, 4, 0x0000000500000001ull);
  setLane(in, kI64, 9, 0x00000005FFFFFFFFull); // low word largest as unsigned
  setLane(in, kI64, 12, 0x0000000500000002ull);
  expectReduce(I, ReduceKind::Max, kI64, kI64, in, allLanes(kI64), 0x00000005FFFFFFFFull, 9);
  // Negative: -2^32 (0xFFFFFFFF00000000) < -2^31 (0xFFFFFFFF80000000).
  Reg n = filled(kI64, 0xFFFFFFFF00000000ull);
  setLane(n, kI64, 20, 0xFFFFFFFF80000000ull);
  expectReduce(I, ReduceKind::Max, kI64, kI64, n, allLanes(kI64), 0xFFFFFFFF80000000ull, 20);
  expectReduce(I, ReduceKind::Min, kI64, kI64, n, allLanes(kI64), 0xFFFFFFFF00000000ull, 0);
  // Unsigned two-register form, maximum in the upper half (lane 50).
  Reg u = filled(kU64x2, 0x7FFFFFFFFFFFFFFFull);
  setLane(u, kU64x2, 50, 0x8000000000000000ull);
  expectReduce(I, ReduceKind::Max, kU64x2, kU64x2, u, allLanes(kU64x2), 0x8000000000000000ull, 50);
}

// ---------------------------------------------------------------- pair reduce

TEST_P(Hand, PairReduceSeed001) {
  // src[i] = i * 0.25, all 64 lanes active: dst[i] = (2i + 2i + 1) * 0.25 = i + 0.25.
  Reg in = zeroReg();
  for (unsigned i = 0; i < 64; ++i)
    setLane(in, kF32, i, f32Bits(float(i) * 0.25f));
  Mask m;
  uint32_t rest;
  I.updateMask(kF32, 64, m, rest);
  Reg out;
  std::memset(out.b, 0xAB, sizeof out.b);
  I.pairReduceSum(::ascreg::semantics::documentedProfile(), kF32, in, m, out);
  for (unsigned i = 0; i < 32; ++i)
    EXPECT_EQ(getLane(out, kF32, i), f32Bits(float(i) + 0.25f)) << I.name << " lane " << i;
  for (unsigned i = 32; i < 64; ++i)
    EXPECT_EQ(getLane(out, kF32, i), 0u) << I.name << " lane " << i;
}

TEST_P(Hand, PairReduceOneActiveAddsPlusZero) {
  // An inactive element enters the adder as +0 (docs/semantics.md D5, revised).
  Reg in = zeroReg();
  setLane(in, kF16, 0, 0x8000); // -0 alone in pair 0: -0 + +0 = +0
  setLane(in, kF16, 1, 0x3C00);
  setLane(in, kF16, 2, 0x4000);
  setLane(in, kF16, 3, 0x7C01); // sNaN alone in pair 1: quieted, top payload bits kept
  setLane(in, kF16, 4, 0x3C00); // pair 2: 1 + 1 = 2
  setLane(in, kF16, 5, 0x3C00);
  setLane(in, kF16, 6, 0x4000); // pair 3: neither active -> +0
  setLane(in, kF16, 8, 0xBE00); // pair 4: -1.5 alone -> -1.5
  Mask m = lanes(kF16, {0, 3, 4, 5, 8});
  Reg out;
  I.pairReduceSum(::ascreg::semantics::documentedProfile(), kF16, in, m, out);
  expectLanes(out, kF16, {{0, 0x0000}, {1, 0x7E01}, {2, 0x4000}, {3, 0x0000}, {4, 0xBE00}});
  // f32: a single active -0 gives +0 as well.
  Reg f = zeroReg();
  setLane(f, kF32, 1, 0x80000000);
  I.pairReduceSum(::ascreg::semantics::documentedProfile(), kF32, f, lanes(kF32, {1}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0u);
  // f16 pair overflow is non-saturating: 60000 + 60000 -> +inf.
  setLane(in, kF16, 8, 0x7B53);
  setLane(in, kF16, 9, 0x7B53);
  I.pairReduceSum(::ascreg::semantics::documentedProfile(), kF16, in, allLanes(kF16), out);
  EXPECT_EQ(getLane(out, kF16, 4), 0x7C00u);
}

/// The documented profile with CTRL[48] = 0: f16 arithmetic saturates.
Profile saturatingF16() {
  Profile p = documentedProfile();
  p.ctrl.floatNonSat = false;
  return p;
}

TEST_P(Hand, SaturatingF16Arithmetic) {
  // CTRL[48] = 0: every f16 sum that would be +-inf is +-65504, every NaN +0;
  // f32 is not affected. 60000 = 0x7B53, 65504 = 0x7BFF.
  const Profile sat = saturatingF16();
  Reg out;
  Reg in = zeroReg();
  setLane(in, kF16, 0, 0x7B53);
  setLane(in, kF16, 1, 0x7B53);
  I.reduce(sat, ReduceKind::Sum, kF16, kF16, in, lanes(kF16, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7BFFu); // 120000 saturates at the first node
  // Every node saturates: 65504 + 65504 + (-65504) = 65504 + (-65504) = 0 after the
  // first node was clamped (non-saturating: inf + -65504 = inf).
  Reg three = zeroReg();
  setLane(three, kF16, 0, 0x7BFF);
  setLane(three, kF16, 1, 0x7BFF);
  setLane(three, kF16, 2, 0xFBFF);
  I.reduce(sat, ReduceKind::Sum, kF16, kF16, three, lanes(kF16, {0, 1, 2}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x0000u);
  I.reduce(documentedProfile(), ReduceKind::Sum, kF16, kF16, three, lanes(kF16, {0, 1, 2}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7C00u);
  // inf + -inf = NaN -> +0; a NaN input -> +0; -inf alone -> -65504.
  Reg sp = zeroReg();
  setLane(sp, kF16, 0, 0x7C00);
  setLane(sp, kF16, 1, 0xFC00);
  setLane(sp, kF16, 2, 0x7E00);
  setLane(sp, kF16, 3, 0x3C00);
  setLane(sp, kF16, 4, 0xFC00);
  I.reduce(sat, ReduceKind::Sum, kF16, kF16, sp, lanes(kF16, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x0000u);
  I.pairReduceSum(sat, kF16, sp, lanes(kF16, {0, 1, 2, 3, 4}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x0000u); // inf + -inf
  EXPECT_EQ(getLane(out, kF16, 1), 0x0000u); // NaN + 1
  EXPECT_EQ(getLane(out, kF16, 2), 0xFBFFu); // -inf + (+0)
  I.binary(sat, BinaryKind::Add, kF16, in, in, lanes(kF16, {0, 5}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7BFFu);
  EXPECT_EQ(getLane(out, kF16, 5), 0x0000u); // 0 + 0
  I.binary(sat, BinaryKind::Add, kF16, sp, sp, lanes(kF16, {0, 2, 3}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7BFFu); // inf + inf
  EXPECT_EQ(getLane(out, kF16, 2), 0x0000u); // NaN
  EXPECT_EQ(getLane(out, kF16, 3), 0x4000u); // 1 + 1
  // f32 keeps inf: 3e38 + 3e38.
  Reg f = filled(kF32, f32Bits(3e38f));
  I.binary(sat, BinaryKind::Add, kF32, f, f, lanes(kF32, {0}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0x7F800000u);
}

// ---------------------------------------------------------------- gather

TEST_P(Hand, GatherZeroExtendsI8) {
  int8_t base[64] = {};
  base[5] = -40;
  base[6] = 40;
  Reg idx = zeroReg();
  setLane(idx, kU16, 0, 5);
  setLane(idx, kU16, 1, 6);
  setLane(idx, kU16, 2, 5); // inactive below
  Mask m = lanes(kI16, {0, 1});
  Reg out;
  Status s = I.gather(::ascreg::semantics::documentedProfile(), kI16, EK::I8, kU16,
                      reinterpret_cast<const uint8_t *>(base), 64, idx, m, out);
  ASSERT_TRUE(s.ok);
  EXPECT_EQ(getLane(out, kI16, 0), 216u); // 0xD8 zero-extended
  EXPECT_EQ(getLane(out, kI16, 1), 40u);
  EXPECT_EQ(getLane(out, kI16, 2), 0u); // inactive -> 0
}

TEST_P(Hand, GatherIndexCountsElements) {
  uint32_t base[16];
  for (unsigned i = 0; i < 16; ++i)
    base[i] = 1000 + i;
  Reg idx = zeroReg();
  setLane(idx, kU32, 0, 15);
  setLane(idx, kU32, 63, 2);
  Reg out;
  Status s = I.gather(::ascreg::semantics::documentedProfile(), kU32, EK::U32, kU32,
                      reinterpret_cast<const uint8_t *>(base), 16, idx, lanes(kU32, {0, 63}), out);
  ASSERT_TRUE(s.ok);
  EXPECT_EQ(getLane(out, kU32, 0), 1015u);
  EXPECT_EQ(getLane(out, kU32, 63), 1002u);
  EXPECT_EQ(getLane(out, kU32, 1), 0u);
}

TEST_P(Hand, Gather64BitIndexForms) {
  uint64_t base[40];
  for (unsigned i = 0; i < 40; ++i)
    base[i] = 0xA000000000000000ull + i;
  const uint8_t *b = reinterpret_cast<const uint8_t *>(base);
  // u64 index: only the low 32 bits count (0x00000007_00000021 -> 33).
  Reg idx = zeroReg();
  setLane(idx, kU64, 0, 0x0000000700000021ull);
  Reg out;
  ASSERT_TRUE(I.gather(::ascreg::semantics::documentedProfile(), kU64, EK::U64, kU64, b, 40, idx,
                       lanes(kU64, {0}), out)
                  .ok);
  EXPECT_EQ(getLane(out, kU64, 0), 0xA000000000000021ull);
  // u32 index with a two-register destination: 64 indices, lane 63 used.
  Reg idx32 = zeroReg();
  setLane(idx32, kU32, 63, 39);
  ASSERT_TRUE(I.gather(::ascreg::semantics::documentedProfile(), kU64x2, EK::U64, kU32, b, 40,
                       idx32, lanes(kU64x2, {63}), out)
                  .ok);
  EXPECT_EQ(getLane(out, kU64x2, 63), 0xA000000000000027ull);
  EXPECT_EQ(getLane(out, kU64x2, 0), 0u);
}

TEST_P(Hand, GatherOutOfBoundsReportsFirstActiveLane) {
  uint16_t base[10] = {};
  Reg idx = zeroReg();
  setLane(idx, kU16, 1, 1000); // out of bounds but inactive: never checked
  setLane(idx, kU16, 3, 10);   // == baseElems: out of bounds
  setLane(idx, kU16, 7, 11);
  Reg out;
  Status s =
      I.gather(::ascreg::semantics::documentedProfile(), kU16, EK::U16, kU16,
               reinterpret_cast<const uint8_t *>(base), 10, idx, lanes(kU16, {0, 3, 7}), out);
  EXPECT_FALSE(s.ok);
  EXPECT_EQ(s.lane, 3u);
  EXPECT_EQ(s.value, 10u);
  uint32_t base32[4] = {};
  Reg i32 = zeroReg();
  setLane(i32, kU32, 9, 0x80000000u); // negative as i32: must still be caught
  s = I.gather(::ascreg::semantics::documentedProfile(), kU32, EK::U32, kU32,
               reinterpret_cast<const uint8_t *>(base32), 4, i32, lanes(kU32, {9}), out);
  EXPECT_FALSE(s.ok);
  EXPECT_EQ(s.lane, 9u);
  EXPECT_EQ(s.value, 0x80000000u);
}

TEST_P(Hand, GatherRegIndexWrapsModuloLanes) {
  Reg src = zeroReg();
  setLane(src, kF16, 40, 0x1234);
  setLane(src, kF16, 127, 0x5678);
  Reg idx = zeroReg();
  setLane(idx, kU16, 0, 168);    // 168 mod 128 = 40
  setLane(idx, kU16, 1, 0xFFFF); // 65535 mod 128 = 127
  Reg out;
  I.gatherReg(kF16, src, idx, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x1234u);
  EXPECT_EQ(getLane(out, kF16, 1), 0x5678u);
  // b32: 64 + 3 -> lane 3.
  Reg s32 = zeroReg();
  setLane(s32, kF32, 3, 0xDEADBEEF);
  Reg i32 = zeroReg();
  setLane(i32, kU32, 5, 67);
  I.gatherReg(kF32, s32, i32, out);
  EXPECT_EQ(getLane(out, kF32, 5), 0xDEADBEEFu);
  // b8: 256 lanes, every u8 index is in range.
  Reg s8 = zeroReg();
  s8.b[255] = 0x77;
  Reg i8 = zeroReg();
  i8.b[0] = 255;
  I.gatherReg(kU8, s8, i8, out);
  EXPECT_EQ(out.b[0], 0x77);
}

// ---------------------------------------------------------------- masks

TEST_P(Hand, MaskLayouts) {
  Mask m;
  uint32_t rest;
  // b32, 3 lanes: bits 0, 4, 8.
  I.updateMask(kF32, 3, m, rest);
  EXPECT_EQ(m.w[0], 0x111ull);
  EXPECT_EQ(m.w[1] | m.w[2] | m.w[3], 0u);
  EXPECT_EQ(rest, 0u);
  // b64 one register: 32 lanes at bit 8*i; count 40 leaves 8.
  I.updateMask(kI64, 40, m, rest);
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(m.w[k], 0x0101010101010101ull);
  EXPECT_EQ(rest, 8u);
  // b64 two registers: 64 lanes at bit 4*i; count 64 leaves 0.
  I.updateMask(kI64x2, 64, m, rest);
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(m.w[k], 0x1111111111111111ull);
  EXPECT_EQ(rest, 0u);
  // VL128 on b32 (64 lanes) activates all of them.
  I.createMask(kF32, MaskPattern::VL128, m);
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(m.w[k], 0x1111111111111111ull);
  // M3 on b16: lanes 0, 3, 6, ... at bits 0, 6, 12, ...
  I.createMask(kI16, MaskPattern::M3, m);
  EXPECT_EQ(m.w[0] & 0xFFFF, 0x1041ull); // bits 0, 6, 12
  // H on b8: lowest 128 lanes.
  I.createMask(kU8, MaskPattern::H, m);
  EXPECT_EQ(m.w[0], ~0ull);
  EXPECT_EQ(m.w[1], ~0ull);
  EXPECT_EQ(m.w[2], 0u);
  // Q on b64 one register: 8 lanes -> bits 0, 8, ..., 56.
  I.createMask(kU64, MaskPattern::Q, m);
  EXPECT_EQ(m.w[0], 0x0101010101010101ull);
  EXPECT_EQ(m.w[1], 0u);
  // maskNot inverts lanes only, writing just the lowest bit of each group.
  Mask a{};
  a.w[0] = 0xFFFF0001ull; // b16 lane 0 set; bits of lanes 8..15 set too
  I.maskNot(kI16, a, m);
  EXPECT_EQ(m.w[0], 0x5555555500005554ull); // lanes 1..7 and 16..31 (8..15 were set)
  EXPECT_EQ(m.w[1], 0x5555555555555555ull);
}

// ---------------------------------------------------------------- companions

TEST_P(Hand, CompareFloats) {
  Reg a = zeroReg(), b = zeroReg();
  setLane(a, kF32, 0, 0x80000000); // -0 vs +0
  setLane(b, kF32, 0, 0x00000000);
  setLane(a, kF32, 1, 0x7FC00000); // NaN vs 1
  setLane(b, kF32, 1, f32Bits(1.0f));
  setLane(a, kF32, 2, f32Bits(1.0f)); // 1 vs 2
  setLane(b, kF32, 2, f32Bits(2.0f));
  Mask m = lanes(kF32, {0, 1, 2});
  Mask out;
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::EQ, kF32, a, b, m, out);
  EXPECT_EQ(out.w[0], 0x001ull); // -0 == +0
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::NE, kF32, a, b, m, out);
  EXPECT_EQ(out.w[0], 0x110ull); // NaN != 1, 1 != 2
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::LT, kF32, a, b, m, out);
  EXPECT_EQ(out.w[0], 0x100ull);
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::GE, kF32, a, b, m, out);
  EXPECT_EQ(out.w[0], 0x001ull);
  // f16 the same way: -0 <= +0, NaN unordered.
  Reg h1 = zeroReg(), h2 = zeroReg();
  setLane(h1, kF16, 0, 0x8000);
  setLane(h1, kF16, 1, 0x7E00);
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::LE, kF16, h1, h2,
            lanes(kF16, {0, 1}), out);
  EXPECT_EQ(out.w[0], 0x1ull);
}

TEST_P(Hand, CompareUnsignedAndInactive) {
  Reg a = filled(kU8, 0xFF), b = filled(kU8, 0x01);
  Mask m = lanes(kU8, {0, 1});
  Mask out;
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::GT, kU8, a, b, m, out);
  EXPECT_EQ(out.w[0], 0x3ull); // 255 > 1 unsigned, lanes 2.. inactive
  I.compare(::ascreg::semantics::documentedProfile(), ComparePred::GT, kI8, a, b, m, out);
  EXPECT_EQ(out.w[0], 0x0ull); // -1 < 1 signed
}

TEST_P(Hand, BinaryMaxMinNaNAndZeros) {
  Reg a = zeroReg(), b = zeroReg();
  setLane(a, kF32, 0, 0x7FC00011); // both NaN: a's bits
  setLane(b, kF32, 0, 0x7FC00022);
  setLane(a, kF32, 1, f32Bits(1.0f)); // only b NaN: b's bits
  setLane(b, kF32, 1, 0xFFC00033);
  setLane(a, kF32, 2, 0x80000000); // -0 vs +0
  setLane(b, kF32, 2, 0x00000000);
  setLane(a, kF32, 3, f32Bits(7.0f)); // inactive -> 0
  Mask m = lanes(kF32, {0, 1, 2});
  Reg out;
  I.binary(::ascreg::semantics::documentedProfile(), BinaryKind::Max, kF32, a, b, m, out);
  EXPECT_EQ(getLane(out, kF32, 0), 0x7FC00011u);
  EXPECT_EQ(getLane(out, kF32, 1), 0xFFC00033u);
  EXPECT_EQ(getLane(out, kF32, 2), 0x00000000u);
  EXPECT_EQ(getLane(out, kF32, 3), 0u);
  I.binary(::ascreg::semantics::documentedProfile(), BinaryKind::Min, kF32, a, b, m, out);
  EXPECT_EQ(getLane(out, kF32, 2), 0x80000000u);
  // f16 add: 2048 + 1 = 2049 -> ties to even 2048; 65504 + 16 -> +inf (non-saturating).
  Reg h1 = zeroReg(), h2 = zeroReg();
  setLane(h1, kF16, 0, 0x6800);
  setLane(h2, kF16, 0, 0x3C00);
  setLane(h1, kF16, 1, 0x7BFF);
  setLane(h2, kF16, 1, 0x4C00);
  I.binary(::ascreg::semantics::documentedProfile(), BinaryKind::Add, kF16, h1, h2,
           lanes(kF16, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x6800u);
  EXPECT_EQ(getLane(out, kF16, 1), 0x7C00u);
  // i8 add wraps: 127 + 1 = -128.
  I.binary(::ascreg::semantics::documentedProfile(), BinaryKind::Add, kI8, filled(kI8, 127),
           filled(kI8, 1), allLanes(kI8), out);
  EXPECT_EQ(out.b[200], 0x80);
}

TEST_P(Hand, ArangeAndDuplicate) {
  Reg out;
  // f16 from 2048: lane 1 = 2049 -> 2048 (tie, even), lane 3 = 2051 -> 2052.
  I.arange(kF16, 0x6800, out);
  EXPECT_EQ(getLane(out, kF16, 1), 0x6800u);
  EXPECT_EQ(getLane(out, kF16, 2), 0x6801u);
  EXPECT_EQ(getLane(out, kF16, 3), 0x6802u);
  // i8 wraps: 120 + 10 = 130 -> -126 (0x82).
  I.arange(kI8, 120, out);
  EXPECT_EQ(out.b[10], 0x82);
  // u32 as gather indices: 5, 6, ..., 68.
  I.arange(kU32, 5, out);
  EXPECT_EQ(getLane(out, kU32, 63), 68u);
  // f32 from -1.5: lane 2 = 0.5.
  I.arange(kF32, f32Bits(-1.5f), out);
  EXPECT_EQ(getLane(out, kF32, 2), f32Bits(0.5f));
  // duplicate with a mask zeroes the inactive lanes.
  Mask m = lanes(kI64x2, {0, 63});
  I.duplicate(kI64x2, 0x1122334455667788ull, &m, out);
  EXPECT_EQ(getLane(out, kI64x2, 0), 0x1122334455667788ull);
  EXPECT_EQ(getLane(out, kI64x2, 1), 0u);
  EXPECT_EQ(getLane(out, kI64x2, 63), 0x1122334455667788ull);
  I.duplicate(kU16, 0xABCDEF, nullptr, out); // only the low 16 bits
  EXPECT_EQ(getLane(out, kU16, 127), 0xCDEFu);
}

TEST_P(Hand, StoreAlignLeavesInactiveLanesUntouched) {
  uint8_t ub[256];
  std::memset(ub, 0xEE, sizeof ub);
  Reg r = filled(kU16, 0x1234);
  I.storeAlign(kU16, r, lanes(kU16, {0, 127}), ub);
  EXPECT_EQ(ub[0], 0x34);
  EXPECT_EQ(ub[1], 0x12);
  EXPECT_EQ(ub[2], 0xEE);
  EXPECT_EQ(ub[253], 0xEE);
  EXPECT_EQ(ub[254], 0x34);
}

INSTANTIATE_TEST_SUITE_P(RefAndSimd, Hand, ::testing::Values(&kRef, &kSimd), ImplName());

// ---------------------------------------------------------------- f16 helpers

TEST(Float16, Conversions) {
  EXPECT_EQ(f32ToF16(1.0f), 0x3C00);
  EXPECT_EQ(f32ToF16(65504.0f), 0x7BFF);
  EXPECT_EQ(f32ToF16(65520.0f), 0x7C00); // halfway to 2^16: rounds up to inf
  EXPECT_EQ(f32ToF16(65519.99f), 0x7BFF);
  EXPECT_EQ(f32ToF16(-1e10f), 0xFC00);     // non-saturating
  EXPECT_EQ(f32ToF16(0x1p-24f), 0x0001);   // smallest subnormal
  EXPECT_EQ(f32ToF16(0x1p-25f), 0x0000);   // tie to even (0)
  EXPECT_EQ(f32ToF16(0x1.8p-24f), 0x0002); // 1.5 ulp -> tie to even (2)
  EXPECT_EQ(f32ToF16(-0.0f), 0x8000);
  EXPECT_EQ(f32ToF16(2049.0f), 0x6800); // tie to even
  EXPECT_EQ(f32ToF16(2051.0f), 0x6802);
  float nan;
  uint32_t nanBits = 0x7F802000; // sNaN with payload bit 13
  std::memcpy(&nan, &nanBits, 4);
  EXPECT_EQ(f32ToF16(nan), 0x7E01); // quieted, top payload bits kept
  EXPECT_EQ(f32Bits(f16ToF32(0x0001)), f32Bits(0x1p-24f));
  EXPECT_EQ(f32Bits(f16ToF32(0x7C01)), 0x7FC02000u); // quieted
  EXPECT_EQ(f32Bits(f16ToF32(0xFC00)), 0xFF800000u);
  EXPECT_EQ(f32ToBF16(1.0f), 0x3F80);
  EXPECT_EQ(f32ToBF16(f16ToF32(0x3C00) + 0x1p-8f), 0x3F80); // tie to even
  EXPECT_EQ(f32Bits(bf16ToF32(0x3F80)), f32Bits(1.0f));
  EXPECT_STREQ(elemName(ElemKind::BF16), "bf16");
}

} // namespace
