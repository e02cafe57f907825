//===- ProfileTest.cpp - The semantic profile: every candidate, by hand ---===//
//
// Each open point of docs/semantics.md section 8 is a choice of the Profile.
// For every point these tests compute, by hand, one input on which its
// candidates give different bits (the arithmetic is in the comments), and
// require both the reference and the SIMD kernels to give them. Then a random
// sweep requires SIMD == reference under every single non-documented
// candidate. The spelling (parseProfile / printProfile) is tested against the
// point table.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "Implementations.h"
#include "TestUtil.h"

#include "ascreg/Semantics/Cast.h"

#include <gtest/gtest.h>

#include <set>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

const RegType kF16{EK::F16}, kF32{EK::F32}, kI16{EK::I16}, kU16{EK::U16};

/// The profile with one point set to its candidate `c`.
Profile with(const char *key, const char *candidate) {
  Profile p;
  std::string error;
  EXPECT_TRUE(parseProfile((std::string(key) + "=" + candidate).c_str(), p, error)) << error;
  return p;
}

/// Calls f(point, candidate, profile) for every candidate of every point,
/// with the profile that picks it and leaves the other points documented.
template <class F> void forEachSingleChoice(F f) {
  unsigned n = 0;
  const ProfilePoint *points = profilePoints(n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned c = 0; c < points[i].numCandidates; ++c) {
      Profile p;
      points[i].set(p, c);
      f(i, c, p);
    }
}

// ---------------------------------------------------------------- spelling

TEST(ProfileSpelling, EveryPointHasADocumentedDefaultAndAnAlternative) {
  unsigned n = 0;
  const ProfilePoint *points = profilePoints(n);
  ASSERT_EQ(n, 15u);
  std::set<std::string> keys;
  for (unsigned i = 0; i < n; ++i) {
    EXPECT_TRUE(keys.insert(points[i].key).second) << points[i].key;
    EXPECT_GE(points[i].numCandidates, 2u) << points[i].key;
    EXPECT_EQ(points[i].get(documentedProfile()), 0u) << points[i].key;
  }
}

TEST(ProfileSpelling, EverySingleCandidatePrintsAndParsesBack) {
  unsigned n = 0;
  const ProfilePoint *points = profilePoints(n);
  forEachSingleChoice([&](unsigned i, unsigned c, const Profile &p) {
    EXPECT_EQ(points[i].get(p), c);
    std::string text = printProfile(p);
    EXPECT_EQ(text, c == 0 ? std::string("documented")
                           : std::string(points[i].key) + "=" + points[i].candidates[c].name);
    Profile back;
    std::string error;
    ASSERT_TRUE(parseProfile(text.c_str(), back, error)) << error;
    EXPECT_TRUE(back == p) << text;
    // Only this point moved.
    for (unsigned j = 0; j < n; ++j)
      if (j != i) { // braces: EXPECT_EQ expands to an if / else
        EXPECT_EQ(points[j].get(back), 0u) << text << " moved " << points[j].key;
      }
  });
}

TEST(ProfileSpelling, SeveralChoicesWithBlanksAndTheDocumentedPrefix) {
  Profile p;
  std::string error;
  ASSERT_TRUE(parseProfile("documented, maxmin.nan = canonical,sum.rounding=round_once", p, error));
  EXPECT_EQ(p.maxMinNaN, MaxMinNaN::Canonical);
  EXPECT_EQ(p.sumRounding, SumRounding::RoundOnce);
  EXPECT_EQ(printProfile(p), "sum.rounding=round_once,maxmin.nan=canonical"); // table order
  ASSERT_TRUE(parseProfile("ctrl.float_mode=saturating", p, error));
  EXPECT_FALSE(p.ctrl.floatNonSat);
}

TEST(ProfileSpelling, UnknownPointsAndCandidatesAreRefusedWithTheAlternatives) {
  Profile p;
  std::string error;
  EXPECT_FALSE(parseProfile("sum.rounding=exactly", p, error));
  EXPECT_NE(error.find("per_node round_once"), std::string::npos) << error;
  EXPECT_FALSE(parseProfile("sum.round=per_node", p, error));
  EXPECT_NE(error.find("sum.rounding"), std::string::npos) << error;
  EXPECT_FALSE(parseProfile("fast", p, error));
  EXPECT_FALSE(parseProfile("", p, error));
  EXPECT_FALSE(parseProfile("add.nan=canonical,,maxmin.nan=canonical", p, error));
}

TEST(ProfileSpelling, APointGivenTwiceAndANulAreRefused) {
  Profile p;
  std::string error;
  EXPECT_FALSE(parseProfile("sum.rounding=per_node,sum.rounding=round_once", p, error));
  EXPECT_NE(error.find("'sum.rounding' is given twice"), std::string::npos) << error;
  // A NUL was the end of a C string: "round_once\0x" was round_once.
  const std::string withNul("sum.rounding=round_once\0x", 25);
  EXPECT_FALSE(parseProfile(std::string_view(withNul), p, error));
  EXPECT_NE(error.find("'round_once\\x00x' is not a candidate"), std::string::npos) << error;
}

TEST(ProfileChoices, NamesAreTakenAsTheyAre) {
  // A profile file's choices are set one by one: a ',' or '=' inside a
  // candidate no longer sets a second point.
  Profile p;
  std::string error;
  EXPECT_FALSE(setProfileChoices({{"sum.rounding", "per_node,maxmin.nan=canonical"}}, p, error));
  EXPECT_NE(error.find("is not a candidate of 'sum.rounding'"), std::string::npos) << error;
  EXPECT_FALSE(setProfileChoices({{"maxmin.nan=canonical,sum.rounding", "per_node"}}, p, error));
  EXPECT_NE(error.find("unknown semantic point"), std::string::npos) << error;
  EXPECT_FALSE(setProfileChoices({{"add.nan", "canonical"}, {"add.nan", "canonical"}}, p, error));
  ASSERT_TRUE(setProfileChoices({{"maxmin.nan", "canonical"}}, p, error)) << error;
  EXPECT_EQ(p.maxMinNaN, MaxMinNaN::Canonical);
  EXPECT_EQ(printProfile(p), "maxmin.nan=canonical");
}

// ---------------------------------------------------------------- by hand

class ByHand : public EachImpl<Impl> {
protected:
  uint64_t reduceLane0(const Profile &p, ReduceKind k, RegType t, const Reg &in, const Mask &m) {
    Reg out;
    I.reduce(p, k, t, t, in, m, out);
    return getLane(out, t, 0);
  }
};

TEST_P(ByHand, SumRoundingPerNodeLosesWhatRoundOnceKeeps) {
  // O1: f16 lane 0 = 1.0, lanes 1..127 = 2^-11 (0x1000). Per node, the first
  // node 1 + 2^-11 ties to even (1.0) and the rest sums exactly to 126 *
  // 2^-11 = 63 * 2^-10: 1 + 63 ulp = 0x3C3F. Rounded once: 1 + 63.5 ulp, a
  // tie to even: 1 + 64 ulp = 1.0625 = 0x3C40.
  Reg in = zeroReg();
  setLane(in, kF16, 0, 0x3C00);
  for (unsigned i = 1; i < 128; ++i)
    setLane(in, kF16, i, 0x1000);
  EXPECT_EQ(reduceLane0(Profile{}, ReduceKind::Sum, kF16, in, allLanes(kF16)), 0x3C3Fu);
  EXPECT_EQ(
      reduceLane0(with("sum.rounding", "round_once"), ReduceKind::Sum, kF16, in, allLanes(kF16)),
      0x3C40u);
  // f32: lane 0 = 1.0, lanes 1..63 = 2^-24. Per node 1 + 2^-24 ties to 1.0,
  // the rest is exact: 1 + 62 * 2^-24 = 1 + 31 ulp (0x3F80001F). Once: 1 +
  // 31.5 ulp ties to even: 1 + 32 ulp (0x3F800020).
  Reg f = zeroReg();
  setLane(f, kF32, 0, 0x3F800000);
  for (unsigned i = 1; i < 64; ++i)
    setLane(f, kF32, i, 0x33800000); // 2^-24
  EXPECT_EQ(reduceLane0(Profile{}, ReduceKind::Sum, kF32, f, allLanes(kF32)), 0x3F80001Fu);
  EXPECT_EQ(
      reduceLane0(with("sum.rounding", "round_once"), ReduceKind::Sum, kF32, f, allLanes(kF32)),
      0x3F800020u);
}

TEST_P(ByHand, SumRoundOnceSaturatesOnlyTheResult) {
  // CTRL[48] = 0 with lanes 65504, 65504, -65504, -65504. Per node: 65504 +
  // 65504 = inf -> 65504 (saturated), then 65504 + (-65504) = 0. Once (f32
  // tree): 131008 - 131008 = 0 as well; but lanes 65504, 65504, -65504, 0
  // give per node 65504 + (-65504) = 0 and once 65504.
  Profile sat = with("ctrl.float_mode", "saturating");
  Profile satOnce = sat;
  satOnce.sumRounding = SumRounding::RoundOnce;
  Reg in = zeroReg();
  setLane(in, kF16, 0, 0x7BFF);
  setLane(in, kF16, 1, 0x7BFF);
  setLane(in, kF16, 2, 0xFBFF);
  Mask m = lanes(kF16, {0, 1, 2, 3});
  EXPECT_EQ(reduceLane0(sat, ReduceKind::Sum, kF16, in, m), 0x0000u);
  EXPECT_EQ(reduceLane0(satOnce, ReduceKind::Sum, kF16, in, m), 0x7BFFu);
}

TEST_P(ByHand, AddNaNPropagatesThePayloadOrIsCanonical) {
  // f32 add: lane 0 = -qNaN with payload 1 (0xFFC00001) + 1.0.
  Reg a = zeroReg(), b = zeroReg(), out;
  setLane(a, kF32, 0, 0xFFC00001u);
  setLane(b, kF32, 0, 0x3F800000u);
  I.binary(Profile{}, BinaryKind::Add, kF32, a, b, lanes(kF32, {0}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0xFFC00001u);
  I.binary(with("add.nan", "canonical"), BinaryKind::Add, kF32, a, b, lanes(kF32, {0}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0x7FC00000u);
  // pair sum f16: sNaN 0x7C01 + 1.0 -> quieted 0x7E01, canonical 0x7E00.
  Reg h = zeroReg();
  setLane(h, kF16, 0, 0x7C01);
  setLane(h, kF16, 1, 0x3C00);
  I.pairReduceSum(Profile{}, kF16, h, lanes(kF16, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7E01u);
  I.pairReduceSum(with("add.nan", "canonical"), kF16, h, lanes(kF16, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7E00u);
  // reduce sum f16 with that NaN: the same two answers.
  EXPECT_EQ(
      reduceLane0(with("add.nan", "canonical"), ReduceKind::Sum, kF16, h, lanes(kF16, {0, 1})),
      0x7E00u);
}

TEST_P(ByHand, MaxMinNaNKeepsTheFirstNaNOrIsCanonical) {
  // reduce max f16 lanes [1.0, -qNaN payload 5 (0xFE05), 0x7E07]: the first
  // NaN, lane 1, wins; its bits or the canonical NaN; the index is 1 either way.
  Reg in = zeroReg(), out;
  setLane(in, kF16, 0, 0x3C00);
  setLane(in, kF16, 1, 0xFE05);
  setLane(in, kF16, 2, 0x7E07);
  Mask m = lanes(kF16, {0, 1, 2});
  I.reduce(Profile{}, ReduceKind::Max, kF16, kF16, in, m, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0xFE05u);
  EXPECT_EQ(getLane(out, kF16, 1), 1u);
  I.reduce(with("maxmin.nan", "canonical"), ReduceKind::Max, kF16, kF16, in, m, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7E00u);
  EXPECT_EQ(getLane(out, kF16, 1), 1u);
  // elementwise min f32: 2.0 vs 0xFFC00007.
  Reg a = zeroReg(), b = zeroReg();
  setLane(a, kF32, 0, 0x40000000u);
  setLane(b, kF32, 0, 0xFFC00007u);
  I.binary(Profile{}, BinaryKind::Min, kF32, a, b, lanes(kF32, {0}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0xFFC00007u);
  I.binary(with("maxmin.nan", "canonical"), BinaryKind::Min, kF32, a, b, lanes(kF32, {0}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0x7FC00000u);
}

TEST_P(ByHand, EmptyMaxMinIsInfiniteOrTheLargestFinite) {
  Reg in = zeroReg();
  Mask none{};
  const Profile finite = with("maxmin.empty", "finite");
  EXPECT_EQ(reduceLane0(Profile{}, ReduceKind::Max, kF16, in, none), 0xFC00u);  // -inf
  EXPECT_EQ(reduceLane0(finite, ReduceKind::Max, kF16, in, none), 0xFBFFu);     // -65504
  EXPECT_EQ(reduceLane0(Profile{}, ReduceKind::Min, kF16, in, none), 0x7C00u);  // +inf
  EXPECT_EQ(reduceLane0(finite, ReduceKind::Min, kF16, in, none), 0x7BFFu);     // 65504
  EXPECT_EQ(reduceLane0(finite, ReduceKind::Max, kF32, in, none), 0xFF7FFFFFu); // -FLT_MAX
  EXPECT_EQ(reduceLane0(finite, ReduceKind::Min, kF32, in, none), 0x7F7FFFFFu); // FLT_MAX
  // Integers are not an open point: i16 max of nothing is -32768 either way.
  EXPECT_EQ(reduceLane0(finite, ReduceKind::Max, kI16, in, none), 0x8000u);
}

TEST_P(ByHand, PairWithOneActiveLaneAddsZeroOrIsExact) {
  // Pair 0: -0 (0x8000) alone; pair 1: sNaN 0x7C01 alone (second lane).
  Reg in = zeroReg(), out;
  setLane(in, kF16, 0, 0x8000);
  setLane(in, kF16, 3, 0x7C01);
  Mask m = lanes(kF16, {0, 3});
  I.pairReduceSum(Profile{}, kF16, in, m, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x0000u); // -0 + +0 = +0
  EXPECT_EQ(getLane(out, kF16, 1), 0x7E01u); // quieted
  I.pairReduceSum(with("pair.single_lane", "exact"), kF16, in, m, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x8000u);
  EXPECT_EQ(getLane(out, kF16, 1), 0x7C01u);
}

TEST_P(ByHand, SubnormalOperandsCompareByValueOrAsZeros) {
  // f16 0x0001 (2^-24) vs +0: eq is false by value, true flushed.
  Reg a = zeroReg(), b = zeroReg(), out;
  setLane(a, kF16, 0, 0x0001);
  setLane(a, kF16, 1, 0x8001);
  Mask m = lanes(kF16, {0, 1}), got;
  const Profile flush = with("compare.subnormals", "flush");
  I.compare(Profile{}, ComparePred::EQ, kF16, a, b, m, got);
  EXPECT_FALSE(got.laneActive(kF16, 0));
  I.compare(flush, ComparePred::EQ, kF16, a, b, m, got);
  EXPECT_TRUE(got.laneActive(kF16, 0));
  EXPECT_TRUE(got.laneActive(kF16, 1)); // -0 == +0
  I.compare(flush, ComparePred::LT, kF16, a, b, m, got);
  EXPECT_FALSE(got.laneActive(kF16, 1)); // -0 < +0 is false for compare
  // max(0x0001, +0): by value 0x0001; flushed, +0 vs +0: the first operand, +0.
  I.binary(Profile{}, BinaryKind::Max, kF16, a, b, m, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x0001u);
  I.binary(flush, BinaryKind::Max, kF16, a, b, m, out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x0000u);
  // reduce max f32 [+0, 0x00000003]: by value lane 1; flushed a tie, lane 0.
  Reg r = zeroReg();
  setLane(r, kF32, 1, 3);
  I.reduce(Profile{}, ReduceKind::Max, kF32, kF32, r, lanes(kF32, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 3u);
  EXPECT_EQ(getLane(out, kF32, 1), 1u);
  I.reduce(flush, ReduceKind::Max, kF32, kF32, r, lanes(kF32, {0, 1}), out);
  EXPECT_EQ(getLane(out, kF32, 0), 0u);
  EXPECT_EQ(getLane(out, kF32, 1), 0u);
}

TEST_P(ByHand, EightBitGatherMaskCountsResultOrSourceLanes) {
  // base = bytes 10, 11, 12, ...; index lane i = i; mask bit 1 only.
  // Result numbering (bit 2i is lane i): bit 1 enables nothing -> all 0.
  // Source numbering (bit i is lane i): lane 1 reads base[1] = 11.
  std::vector<uint8_t> base(256);
  for (unsigned i = 0; i < base.size(); ++i)
    base[i] = uint8_t(10 + i);
  Reg idx = zeroReg(), out;
  for (unsigned i = 0; i < 128; ++i)
    setLane(idx, kU16, i, i);
  Mask m{};
  m.set(1, true);
  ASSERT_TRUE(I.gather(Profile{}, kI16, EK::I8, kU16, base.data(), base.size(), idx, m, out).ok);
  for (unsigned i = 0; i < 128; ++i)
    EXPECT_EQ(getLane(out, kI16, i), 0u) << i;
  ASSERT_TRUE(I.gather(with("gather.mask", "source"), kI16, EK::I8, kU16, base.data(), base.size(),
                       idx, m, out)
                  .ok);
  for (unsigned i = 0; i < 128; ++i)
    EXPECT_EQ(getLane(out, kI16, i), i == 1 ? 11u : 0u) << i;
}

TEST_P(ByHand, WideningCastMaskCountsSourceOrDestinationLanes) {
  // O-C1: f16 -> f32 PART_ODD (dst lane k <- src lane 2k+1) with the mask
  // update_mask gives for 64 f32 lanes (bits 4k). Source numbering reads bit
  // 2(2k+1) = 4k+2: never set, all zero. Destination numbering reads bit 4k:
  // every lane converts; src lane 2k+1 = 2.0 (0x4000) -> 0x40000000.
  Reg in = zeroReg(), out;
  for (unsigned i = 0; i < 128; ++i)
    setLane(in, kF16, i, i % 2 ? 0x4000 : 0x3C00);
  CastSpec spec{EK::F32, EK::F16, RoundMode::Rint, false, CastPart::P1};
  I.cast(Profile{}, spec, in, allLanes(kF32), out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(getLane(out, kF32, k), 0u) << k;
  I.cast(with("cast.widen_mask", "destination"), spec, in, allLanes(kF32), out);
  for (unsigned k = 0; k < 64; ++k)
    EXPECT_EQ(getLane(out, kF32, k), 0x40000000u) << k;
}

TEST_P(ByHand, InitialFloatModeDecidesF16Overflow) {
  // 65504 + 65504: inf (CTRL[48] = 1) or 65504 (CTRL[48] = 0).
  Reg a = zeroReg(), out;
  setLane(a, kF16, 0, 0x7BFF);
  I.binary(Profile{}, BinaryKind::Add, kF16, a, a, lanes(kF16, {0}), out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7C00u);
  I.binary(with("ctrl.float_mode", "saturating"), BinaryKind::Add, kF16, a, a, lanes(kF16, {0}),
           out);
  EXPECT_EQ(getLane(out, kF16, 0), 0x7BFFu);
}

INSTANTIATE_TEST_SUITE_P(Impls, ByHand, ::testing::Values(&kRef, &kSimd), ImplName());

// ---------------------------------------------------------------- SIMD == reference

/// Every profile with exactly one non-documented candidate.
std::vector<Profile> singleChoiceProfiles() {
  std::vector<Profile> r;
  forEachSingleChoice([&](unsigned, unsigned c, const Profile &p) {
    if (c != 0)
      r.push_back(p);
  });
  return r;
}

::testing::AssertionResult sameBits(RegType t, unsigned n, const Reg &a, const Reg &b,
                                    bool nanOnly) {
  for (unsigned i = 0; i < n; ++i) {
    uint64_t x = getLane(a, t, i), y = getLane(b, t, i);
    if (x == y || (nanOnly && isNaNBits(t.elem, x) && isNaNBits(t.elem, y)))
      continue;
    return ::testing::AssertionFailure()
           << "lane " << i << ": ref 0x" << std::hex << x << " simd 0x" << y;
  }
  return ::testing::AssertionSuccess();
}

TEST(ProfileSimdVsRef, EverySingleCandidateOnRandomEdgeInputs) {
  Gen g(77);
  const int iters = 400;
  for (const Profile &p : singleChoiceProfiles()) {
    const std::string name = printProfile(p);
    // NaN payloads of additions are compared for NaN-ness unless canonical.
    const bool sumNaNOnly = p.addNaN == AddNaN::Propagate;
    for (RegType t : {kF16, kF32}) {
      for (int it = 0; it < iters; ++it) {
        Reg in = g.reg(t), b = g.reg(t), want, got;
        Mask m = g.mask(t);
        for (ReduceKind k : {ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min}) {
          ref::reduce(p, k, t, t, in, m, want);
          simd::reduce(p, k, t, t, in, m, got);
          ASSERT_TRUE(sameBits(t, 2, want, got, k == ReduceKind::Sum && sumNaNOnly))
              << name << " reduce " << int(k) << " " << typeName(t) << " it " << it;
        }
        ref::pairReduceSum(p, t, in, m, want);
        simd::pairReduceSum(p, t, in, m, got);
        ASSERT_TRUE(sameBits(t, t.lanes() / 2, want, got, sumNaNOnly)) << name << " pair " << it;
        for (BinaryKind k : {BinaryKind::Add, BinaryKind::Max, BinaryKind::Min}) {
          ref::binary(p, k, t, in, b, m, want);
          simd::binary(p, k, t, in, b, m, got);
          ASSERT_TRUE(sameBits(t, t.lanes(), want, got, k == BinaryKind::Add && sumNaNOnly))
              << name << " binary " << int(k) << " it " << it;
        }
        for (unsigned pred = 0; pred < 6; ++pred) {
          Mask mw, mg;
          ref::compare(p, ComparePred(pred), t, in, b, m, mw);
          simd::compare(p, ComparePred(pred), t, in, b, m, mg);
          ASSERT_EQ(0, std::memcmp(&mw, &mg, sizeof mw)) << name << " compare " << pred;
        }
      }
    }
    // 8-bit gathers with random masks (odd bits included).
    std::vector<uint8_t> base(300);
    for (auto &v : base)
      v = uint8_t(g.bits64());
    for (int it = 0; it < iters; ++it) {
      Reg idx = zeroReg(), want, got;
      for (unsigned i = 0; i < 128; ++i)
        setLane(idx, kU16, i, g.below(300));
      Mask m{};
      for (auto &w : m.w)
        w = g.bits64();
      for (EK dst : {EK::I16, EK::U16}) {
        EK src = dst == EK::I16 ? EK::I8 : EK::U8;
        ASSERT_TRUE(ref::gather(p, RegType{dst}, src, kU16, base.data(), 300, idx, m, want).ok);
        ASSERT_TRUE(simd::gather(p, RegType{dst}, src, kU16, base.data(), 300, idx, m, got).ok);
        ASSERT_TRUE(sameBits(RegType{dst}, 128, want, got, false)) << name << " gather " << it;
      }
    }
    // Widening casts, every part, random masks.
    for (const CastPairInfo &pair : allCastPairs()) {
      unsigned ws = elemBytes(pair.src), wd = elemBytes(pair.dst);
      if (wd <= ws)
        continue;
      for (unsigned part = 0; part < wd / ws; ++part)
        for (int it = 0; it < 50; ++it) {
          Reg in = g.reg(RegType{pair.src}), want, got;
          Mask m{};
          for (auto &w : m.w)
            w = g.bits64();
          CastSpec spec{pair.dst, pair.src, RoundMode::Rint, false, CastPart(part)};
          for (unsigned r = 0; r < 8 && pair.hasRound; ++r)
            if (isLegalCastRound(pair, RoundMode(r))) {
              spec.round = RoundMode(r);
              break;
            }
          ASSERT_EQ(castSpecError(spec), "");
          ref::cast(p, spec, in, m, want);
          simd::cast(p, spec, in, m, got);
          ASSERT_EQ(0, std::memcmp(want.b, got.b, kVLBytes))
              << name << " cast " << elemName(pair.dst) << "<-" << elemName(pair.src) << " part "
              << part;
        }
    }
  }
}

} // namespace
