//===- ProbeTest.cpp - the probes against hand-computed bits --------------===//
//
// The candidates' output bits of the probes, computed by hand from the
// candidate definitions (docs/semantics.md section 8 / 10.10), against what
// computeExpected (the interpreter) gives; and a planted probe whose
// candidates coincide, which must be refused.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Probe/Probe.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace ascreg;
using namespace ascreg::probe;

namespace {

mlir::MLIRContext &ctx() {
  static std::unique_ptr<mlir::MLIRContext> c = makeProbeContext();
  return *c;
}

/// The result bytes of `point` under each candidate (by name).
std::vector<std::vector<uint8_t>> expectedOf(const char *point) {
  const Probe *p = findProbe(point);
  EXPECT_TRUE(p) << point;
  std::vector<std::vector<uint8_t>> r;
  std::string error;
  EXPECT_TRUE(computeExpected(ctx(), *p, r, error)) << error;
  return r;
}

uint32_t lane(const std::vector<uint8_t> &bytes, unsigned byteOffset, unsigned width) {
  uint32_t v = 0;
  std::memcpy(&v, bytes.data() + byteOffset, width);
  return v;
}

TEST(Probe, OneProbePerPointInTableOrder) {
  unsigned count = 0;
  const semantics::ProfilePoint *points = semantics::profilePoints(count);
  ASSERT_EQ(probes().size(), count);
  for (unsigned i = 0; i < count; ++i)
    EXPECT_STREQ(probes()[i].point, points[i].key);
}

TEST(Probe, EveryProbeDiscriminatesItsCandidates) {
  for (const Probe &p : probes()) {
    std::vector<std::vector<uint8_t>> r;
    std::string error;
    EXPECT_TRUE(computeExpected(ctx(), p, r, error)) << error;
    for (const auto &bytes : r)
      EXPECT_EQ(bytes.size(), p.resultBytes()) << p.point;
  }
}

// O1: 1 + 127 x 2^-11 in f16: per node 1 + 2^-11 ties to 1.0 and the sum is
// 1 + 63 x 2^-10 (0x3C3F); once: 1 + 63.5 x 2^-10 ties to even 0x3C40. f32:
// 1 + 31 x 2^-23 (0x3F80001F) vs 1 + 31.5 x 2^-23 -> 0x3F800020.
TEST(Probe, SumRoundingHandComputed) {
  auto r = expectedOf("sum.rounding");
  EXPECT_EQ(lane(r[0], 0, 2), 0x3C3Fu);
  EXPECT_EQ(lane(r[1], 0, 2), 0x3C40u);
  EXPECT_EQ(lane(r[0], 256, 4), 0x3F80001Fu);
  EXPECT_EQ(lane(r[1], 256, 4), 0x3F800020u);
}

// O9: sNaN 0x7D01 + 1 -> quieted 0x7F01 (propagate) / 0x7E00 (canonical);
// f32 1 + (-NaN 0xFFC54321) keeps the second operand's NaN.
TEST(Probe, AddNaNHandComputed) {
  auto r = expectedOf("add.nan");
  EXPECT_EQ(lane(r[0], 0, 2), 0x7F01u);
  EXPECT_EQ(lane(r[1], 0, 2), 0x7E00u);
  EXPECT_EQ(lane(r[0], 256 + 4, 4), 0xFFC54321u);
  EXPECT_EQ(lane(r[1], 256 + 4, 4), 0x7FC00000u);
}

// O4: max(-NaN 0xFE55, 1) keeps 0xFE55 (first_nan) / 0x7E00; the f32 reduce
// max of a vector with NaN 0xFFA12345 in lane 3 gives it unchanged / 0x7FC00000.
TEST(Probe, MaxMinNaNHandComputed) {
  auto r = expectedOf("maxmin.nan");
  EXPECT_EQ(lane(r[0], 0, 2), 0xFE55u);
  EXPECT_EQ(lane(r[1], 0, 2), 0x7E00u);
  EXPECT_EQ(lane(r[0], 256, 4), 0xFFA12345u);
  EXPECT_EQ(lane(r[1], 256, 4), 0x7FC00000u);
}

// O5: empty f16 max: -inf 0xFC00 / -65504 0xFBFF; empty f32 min: +inf /
// FLT_MAX 0x7F7FFFFF.
TEST(Probe, MaxMinEmptyHandComputed) {
  auto r = expectedOf("maxmin.empty");
  EXPECT_EQ(lane(r[0], 0, 2), 0xFC00u);
  EXPECT_EQ(lane(r[1], 0, 2), 0xFBFFu);
  EXPECT_EQ(lane(r[0], 256, 4), 0x7F800000u);
  EXPECT_EQ(lane(r[1], 256, 4), 0x7F7FFFFFu);
}

// O3: one active lane -0: -0 + +0 = +0 (add_zero) / -0 (exact).
TEST(Probe, PairSingleLaneHandComputed) {
  auto r = expectedOf("pair.single_lane");
  EXPECT_EQ(lane(r[0], 0, 2), 0x0000u);
  EXPECT_EQ(lane(r[1], 0, 2), 0x8000u);
  EXPECT_EQ(lane(r[0], 256, 4), 0x00000000u);
  EXPECT_EQ(lane(r[1], 256, 4), 0x80000000u);
}

// O12: select(a == b, a, b) with a = 2^-149, b = +0: keep -> b (+0), flush
// -> a; f16 max(2^-24, +0): keep -> 0x0001, flush -> a zero.
TEST(Probe, CompareSubnormalsHandComputed) {
  auto r = expectedOf("compare.subnormals");
  EXPECT_EQ(lane(r[0], 0, 4), 0x00000000u);
  EXPECT_EQ(lane(r[1], 0, 4), 0x00000001u);
  EXPECT_EQ(lane(r[0], 256, 2), 0x0001u);
  EXPECT_EQ(lane(r[1], 256, 2) & 0x7FFF, 0x0000u);
}

// O7: update_mask(4) for b16 sets bits 0, 2, 4, 6. Counted on the 16-bit
// result: lanes 0..3 gather base[i] = i + 1; counted on the 8-bit source:
// lanes 0, 2, 4, 6.
TEST(Probe, GatherMaskHandComputed) {
  auto r = expectedOf("gather.mask");
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(lane(r[0], 2 * i, 2), i < 4 ? i + 1 : 0u) << "result, lane " << i;
    EXPECT_EQ(lane(r[1], 2 * i, 2), i % 2 == 0 ? i + 1 : 0u) << "source, lane " << i;
  }
}

// O-C1: f16 -> f32 PART_ODD under update_mask(5) for b32 (bits 0, 4, ..., 16):
// source granularity reads bit 4k + 2 (never set): all zero; destination
// granularity enables lanes 0..4 = f32(1 + (2k + 1) x 2^-10).
TEST(Probe, CastWidenMaskHandComputed) {
  auto r = expectedOf("cast.widen_mask");
  for (unsigned k = 0; k < 8; ++k) {
    EXPECT_EQ(lane(r[0], 4 * k, 4), 0u) << k;
    EXPECT_EQ(lane(r[1], 4 * k, 4), k < 5 ? 0x3F800000u + ((2 * k + 1) << 13) : 0u) << k;
  }
}

// O-C2: f32 65520 -> f16 RINT: +inf (CTRL[48] = 1) / 65504 (= 0); NaN -> f16
// NaN / 0; f16 65504 + 65504: +inf / 65504. PART_EVEN: source lane k lands
// in f16 lane 2k.
TEST(Probe, CtrlFloatModeHandComputed) {
  auto r = expectedOf("ctrl.float_mode");
  EXPECT_EQ(lane(r[0], 0, 2), 0x7C00u);
  EXPECT_EQ(lane(r[1], 0, 2), 0x7BFFu);
  EXPECT_EQ(lane(r[0], 8, 2) & 0x7E00, 0x7E00u);
  EXPECT_EQ(lane(r[1], 8, 2), 0x0000u);
  EXPECT_EQ(lane(r[0], 256, 2), 0x7C00u);
  EXPECT_EQ(lane(r[1], 256, 2), 0x7BFFu);
}

// O13: f16 300 * 300 = 90000, 65504 * 2, NaN * 1 with CTRL[48] = 0: 65504,
// 65504, +0 (ctrl) or +inf, +inf, the NaN (never); the fill 1 * 1 = 1.
TEST(Probe, MulF16SaturationHandComputed) {
  auto r = expectedOf("mul.f16_saturation");
  EXPECT_EQ(lane(r[0], 0, 2), 0x7BFFu);
  EXPECT_EQ(lane(r[0], 2, 2), 0x7BFFu);
  EXPECT_EQ(lane(r[0], 4, 2), 0x0000u);
  EXPECT_EQ(lane(r[1], 0, 2), 0x7C00u);
  EXPECT_EQ(lane(r[1], 2, 2), 0x7C00u);
  EXPECT_EQ(lane(r[1], 4, 2), 0x7E00u);
  EXPECT_EQ(lane(r[0], 6, 2), 0x3C00u);
}

// O14: abs of f16 0xFE01, -0, sNaN 0x7C01; f32 0xFF800001, -0.
TEST(Probe, AbsFloatHandComputed) {
  auto r = expectedOf("abs.float");
  EXPECT_EQ(lane(r[0], 0, 2), 0x7E01u);
  EXPECT_EQ(lane(r[0], 2, 2), 0x0000u);
  EXPECT_EQ(lane(r[0], 4, 2), 0x7C01u);
  EXPECT_EQ(lane(r[0], 256, 4), 0x7F800001u);
  EXPECT_EQ(lane(r[1], 0, 2), 0x7E00u);
  EXPECT_EQ(lane(r[1], 4, 2), 0x7E00u);
  EXPECT_EQ(lane(r[1], 256, 4), 0x7FC00000u);
  EXPECT_EQ(lane(r[1], 260, 4), 0x00000000u);
}

// O15: f32 2^-100 * 2^-40 = 2^-140 (0x200), 2^-140 * 2^20 = 2^-120
// (0x03800000); f16 2^-14 * 0.5 = 0x0200; f16 2^-24 - 2^-23 = -2^-24.
TEST(Probe, ArithSubnormalsHandComputed) {
  auto r = expectedOf("arith.subnormals");
  EXPECT_EQ(lane(r[0], 0, 4), 0x00000200u);
  EXPECT_EQ(lane(r[0], 4, 4), 0x03800000u);
  EXPECT_EQ(lane(r[0], 256, 2), 0x0200u);
  EXPECT_EQ(lane(r[0], 512 + 2, 2), 0x8001u);
  EXPECT_EQ(lane(r[1], 0, 4), 0u);
  EXPECT_EQ(lane(r[1], 4, 4), 0u);
  EXPECT_EQ(lane(r[1], 256, 2), 0u);
  EXPECT_EQ(lane(r[1], 512 + 2, 2), 0u);
}

// A planted probe whose inputs cannot tell the candidates apart (a sum of
// zeros rounds the same either way): computeExpected must refuse it.
TEST(Probe, NonDiscriminatingProbeIsRefused) {
  Probe planted = *findProbe("sum.rounding");
  for (ProbeBuffer &b : planted.buffers) {
    b.lanes.clear();
    b.fill = 0;
  }
  std::vector<std::vector<uint8_t>> r;
  std::string error;
  EXPECT_FALSE(computeExpected(ctx(), planted, r, error));
  EXPECT_NE(error.find("does not discriminate"), std::string::npos) << error;
  EXPECT_NE(error.find("'per_node' and 'round_once'"), std::string::npos) << error;
}

// A planted probe that also depends on another point: a signalling NaN in
// the pair probe is quieted by add_zero's add, whose NaN add.nan decides.
TEST(Probe, ProbeDependingOnAnotherPointIsRefused) {
  Probe planted = *findProbe("pair.single_lane");
  planted.buffers[1].lanes = {0x7F812345};
  std::vector<std::vector<uint8_t>> r;
  std::string error;
  EXPECT_FALSE(computeExpected(ctx(), planted, r, error));
  EXPECT_NE(error.find("depends on another point"), std::string::npos) << error;
  EXPECT_NE(error.find("under add.nan=canonical"), std::string::npos) << error;
}

// A planted probe whose dependence on another point shows only under a
// non-documented candidate of its own: f16 NaN * 1 with payload 1 gives +0
// under mul.f16_saturation=ctrl whatever add.nan says, but the payload NaN
// under the other candidate, which add.nan=canonical turns into 0x7E00.
TEST(Probe, DependenceUnderAnyCandidateIsRefused) {
  Probe planted = *findProbe("mul.f16_saturation");
  planted.buffers[0].lanes[2] = 0x7E01;
  std::vector<std::vector<uint8_t>> r;
  std::string error;
  EXPECT_FALSE(computeExpected(ctx(), planted, r, error));
  EXPECT_NE(error.find("depends on another point"), std::string::npos) << error;
  EXPECT_NE(error.find("under add.nan=canonical"), std::string::npos) << error;
}

} // namespace
