//===- Dav3510Test.cpp - The dav-3510 helper intrinsics, by hand ----------===//
//
// The helper intrinsics of lib/Semantics/Dav3510.cpp (docs/semantics.md 9.1)
// checked against values written by hand: small explicit bit lists and mask
// words (the arithmetic is in the comments), or closed-form lane formulas
// that do not call the function under test. Every output is pre-filled with
// garbage, so a helper that leaves part of its result unwritten fails.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Dav3510.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <initializer_list>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;
namespace dav = ascreg::semantics::dav;

namespace {

const RegType kI8{EK::I8}, kU8{EK::U8}, kI16{EK::I16}, kU16{EK::U16}, kI32{EK::I32}, kU32{EK::U32},
    kF32{EK::F32};

Mask maskOfBits(std::initializer_list<unsigned> bits) {
  Mask m{};
  for (unsigned b : bits)
    m.set(b, true);
  return m;
}
Mask garbageMask() {
  Mask m;
  m.w[0] = 0xDEADBEEFDEADBEEFull;
  m.w[1] = 0x0123456789ABCDEFull;
  m.w[2] = 0xFFFFFFFFFFFFFFFFull;
  m.w[3] = 0xA5A5A5A5A5A5A5A5ull;
  return m;
}
Reg garbageReg() {
  Reg r;
  for (unsigned i = 0; i < sizeof r.b; ++i)
    r.b[i] = uint8_t(0xA7 ^ (i * 13));
  return r;
}

void expectWords(const Mask &m, uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
  EXPECT_EQ(m.w[0], w0) << "bits 0..63";
  EXPECT_EQ(m.w[1], w1) << "bits 64..127";
  EXPECT_EQ(m.w[2], w2) << "bits 128..191";
  EXPECT_EQ(m.w[3], w3) << "bits 192..255";
}

// ---------------------------------------------------------------- ppack / punpack

// Input bits 0, 2, 3, 8, 130, 254, 255. The even ones are 2j for j = 0, 1, 4,
// 65, 127; the odd bits 3 and 255 are dropped.
const std::initializer_list<unsigned> kPackInput = {0, 2, 3, 8, 130, 254, 255};

TEST(DavHelpers, PpackLowerPutsEveryEvenBitIntoTheLowerHalf) {
  Mask out = garbageMask();
  dav::ppack(maskOfBits(kPackInput), /*higher=*/false, out);
  // bits 0, 1, 4 -> w0 = 0b10011 = 0x13; bits 65, 127 -> w1 bits 1 and 63.
  expectWords(out, 0x13, 0x8000000000000002ull, 0, 0);
}

TEST(DavHelpers, PpackHigherPutsEveryEvenBitIntoTheUpperHalf) {
  Mask out = garbageMask();
  dav::ppack(maskOfBits(kPackInput), /*higher=*/true, out);
  // The same bits + 128: 128, 129, 132 -> w2 = 0x13; 193, 255 -> w3 bits 1 and 63.
  expectWords(out, 0, 0, 0x13, 0x8000000000000002ull);
}

TEST(DavHelpers, PpackOfAFullMaskFillsExactlyOneHalf) {
  Mask full;
  for (auto &w : full.w)
    w = ~uint64_t(0);
  Mask lo = garbageMask(), hi = garbageMask();
  dav::ppack(full, false, lo);
  dav::ppack(full, true, hi);
  expectWords(lo, ~uint64_t(0), ~uint64_t(0), 0, 0);
  expectWords(hi, 0, 0, ~uint64_t(0), ~uint64_t(0));
}

// Input bits 0, 1, 5, 127 (lower half) and 128, 200 (upper half).
const std::initializer_list<unsigned> kUnpackInput = {0, 1, 5, 127, 128, 200};

TEST(DavHelpers, PunpackLowerSpreadsTheLowerHalfToEvenBits) {
  Mask out = garbageMask();
  dav::punpack(maskOfBits(kUnpackInput), /*higher=*/false, out);
  // j = 0, 1, 5, 127 -> bits 0, 2, 10, 254: w0 = 1 + 4 + 0x400 = 0x405, w3 bit 62.
  expectWords(out, 0x405, 0, 0, 0x4000000000000000ull);
}

TEST(DavHelpers, PunpackHigherSpreadsTheUpperHalfToEvenBits) {
  Mask out = garbageMask();
  dav::punpack(maskOfBits(kUnpackInput), /*higher=*/true, out);
  // 128 -> j = 0 -> bit 0; 200 -> j = 72 -> bit 144 = w2 bit 16.
  expectWords(out, 1, 0, 0x10000, 0);
}

TEST(DavHelpers, PunpackThenPpackGivesBackTheChosenHalf) {
  // Any pattern: the lower half of m comes back in the lower half, the upper
  // half of m in the upper half; nothing else survives.
  Mask m;
  m.w[0] = 0x0123456789ABCDEFull;
  m.w[1] = 0xFEDCBA9876543210ull;
  m.w[2] = 0x5555AAAA5555AAAAull;
  m.w[3] = 0x8000000000000001ull;
  Mask u = garbageMask(), lo = garbageMask(), hi = garbageMask();
  dav::punpack(m, false, u);
  dav::ppack(u, false, lo);
  expectWords(lo, m.w[0], m.w[1], 0, 0);
  dav::punpack(m, true, u);
  dav::ppack(u, true, hi);
  expectWords(hi, 0, 0, m.w[2], m.w[3]);
}

// ---------------------------------------------------------------- pintlv_b32

TEST(DavHelpers, PintlvB32InterleavesFourBitGroupsOfBothPredicates) {
  // a: group 0 = 0001 (bit 0), group 1 = 1010 (bits 5, 7), group 33 = 0100
  //    (bit 134), group 63 = 1000 (bit 255).
  // b: group 0 = 1000 (bit 3), group 31 = 0001 (bit 124), group 32 = 0011
  //    (bits 128, 129).
  Mask a = maskOfBits({0, 5, 7, 134, 255});
  Mask b = maskOfBits({3, 124, 128, 129});
  Mask low = garbageMask(), high = garbageMask();
  dav::pintlvB32(a, b, low, high);
  // low: group 2g = a_g, group 2g+1 = b_g (g < 32).
  //   a_0 -> group 0: bit 0; b_0 -> group 1: bit 4+3 = 7;
  //   a_1 = 1010 -> group 2: bits 9, 11; b_31 = 0001 -> group 63: bit 252.
  //   w0 = 1 + 0x80 + 0x200 + 0x800 = 0xA81; w3 = bit 60.
  expectWords(low, 0xA81, 0, 0, 0x1000000000000000ull);
  // high: group 2(g-32) = a_g, group 2(g-32)+1 = b_g (g >= 32).
  //   b_32 = 0011 -> group 1: bits 4, 5; a_33 = 0100 -> group 2: bit 10;
  //   a_63 = 1000 -> group 62: bit 251.
  //   w0 = 0x10 + 0x20 + 0x400 = 0x430; w3 = bit 59.
  expectWords(high, 0x430, 0, 0, 0x0800000000000000ull);
}

TEST(DavHelpers, PintlvB32OfTwoEqualLaneMasksActivatesBothWordsOfEachLane) {
  // 64 lanes of the 32-bit layout (bit 4i) with lanes 0, 31, 32, 63 active:
  // lane i lands on the word lanes 2i and 2i+1 of the half it belongs to.
  Mask m = lanes(kU32, {0, 31, 32, 63});
  Mask low = garbageMask(), high = garbageMask();
  dav::pintlvB32(m, m, low, high);
  // Lanes 0, 31, 32, 63 are groups 0, 31, 32, 63 (value 0001 each).
  // low: a_0, b_0 -> groups 0, 1; a_31, b_31 -> groups 62, 63: bits 0, 4, 248, 252,
  // i.e. w0 = 0x11 and w3 bits 56, 60.
  expectWords(low, 0x11, 0, 0, 0x1100000000000000ull);
  // high: a_32, b_32 -> groups 0, 1; a_63, b_63 -> groups 62, 63: the same bits.
  expectWords(high, 0x11, 0, 0, 0x1100000000000000ull);
}

// ---------------------------------------------------------------- pand / por / pnot

// Words chosen so every combination of input bits meets a governing bit that
// is set and one that is clear.
const Mask kA = {{0xFF00FF00FF00FF00ull, 0x0123456789ABCDEFull, ~uint64_t(0), 0}};
const Mask kB = {{0x0FF00FF00FF00FF0ull, ~uint64_t(0), 0x8000000000000001ull, ~uint64_t(0)}};
const Mask kG = {{~uint64_t(0), 0x00000000FFFFFFFFull, 0xAAAAAAAAAAAAAAAAull, 0}};

TEST(DavHelpers, PandIsTheAndOfBothInputsAndTheGoverningPredicate) {
  Mask out = garbageMask();
  dav::pand(kA, kB, kG, out);
  // w0: FF00.. & 0FF0.. = 0F00 0F00 0F00 0F00; w1: low 32 bits of a;
  // w2: a = ~0, b = bits 63 and 0, g = 1010.. keeps bit 63 only; w3: g = 0.
  expectWords(out, 0x0F000F000F000F00ull, 0x0000000089ABCDEFull, 0x8000000000000000ull, 0);
}

TEST(DavHelpers, PorIsTheOrOfBothInputsUnderTheGoverningPredicate) {
  Mask out = garbageMask();
  dav::por(kA, kB, kG, out);
  // w0: FF00.. | 0FF0.. = FFF0 FFF0 FFF0 FFF0; w1: ~0 & g; w2: ~0 & g;
  // w3: a | b = ~0 but g = 0.
  expectWords(out, 0xFFF0FFF0FFF0FFF0ull, 0x00000000FFFFFFFFull, 0xAAAAAAAAAAAAAAAAull, 0);
}

TEST(DavHelpers, PnotInvertsOnlyUnderTheGoverningPredicate) {
  Mask out = garbageMask();
  dav::pnot(kA, kG, out);
  // w0: ~FF00.. = 00FF..; w1: ~0123456789ABCDEF = FEDCBA9876543210, low 32
  // bits kept; w2: ~~0 = 0; w3: ~0 & 0 = 0.
  expectWords(out, 0x00FF00FF00FF00FFull, 0x0000000076543210ull, 0, 0);
}

// ---------------------------------------------------------------- vintlv / vdintlv

/// a[i] = aBase + i and b[i] = bBase + i (wrapping to the lane width).
void fillLinear(RegType t, Reg &a, Reg &b, uint64_t aBase, uint64_t bBase) {
  a = garbageReg();
  b = garbageReg();
  for (unsigned i = 0; i < t.lanes(); ++i) {
    setLane(a, t, i, aBase + i);
    setLane(b, t, i, bBase + i);
  }
}
uint64_t wrap(RegType t, uint64_t v) {
  unsigned w = 8 * elemBytes(t.elem);
  return w == 64 ? v : v & ((uint64_t(1) << w) - 1);
}

struct LaneCase {
  RegType t;
  uint64_t aBase, bBase;
};
const LaneCase kLaneCases[] = {
    {kU8, 0x00, 0x80},              // 256 lanes: a = 0..255, b = 128..383 (wrapping)
    {kI16, 0x0000, 0x1000},         // 128 lanes
    {kF32, 0xA0000000, 0xB0000000}, // 64 lanes (bits only)
};

TEST(DavHelpers, VintlvAlternatesLanesOfTheFirstHalvesThenOfTheSecondHalves) {
  for (const LaneCase &c : kLaneCases) {
    Reg a, b;
    fillLinear(c.t, a, b, c.aBase, c.bBase);
    Reg low = garbageReg(), high = garbageReg();
    dav::vintlv(c.t, a, b, low, high);
    unsigned n = c.t.lanes(), h = n / 2;
    for (unsigned k = 0; k < h; ++k) {
      // low = a_0 b_0 a_1 b_1 ... a_{h-1} b_{h-1}; high = a_h b_h ... .
      EXPECT_EQ(getLane(low, c.t, 2 * k), wrap(c.t, c.aBase + k))
          << typeName(c.t) << " low " << 2 * k;
      EXPECT_EQ(getLane(low, c.t, 2 * k + 1), wrap(c.t, c.bBase + k))
          << typeName(c.t) << " low " << 2 * k + 1;
      EXPECT_EQ(getLane(high, c.t, 2 * k), wrap(c.t, c.aBase + h + k))
          << typeName(c.t) << " high " << 2 * k;
      EXPECT_EQ(getLane(high, c.t, 2 * k + 1), wrap(c.t, c.bBase + h + k))
          << typeName(c.t) << " high " << 2 * k + 1;
    }
  }
}

TEST(DavHelpers, VintlvOfHalfWordsSpotChecks) {
  // 16-bit lanes, a[i] = i, b[i] = 0x1000 + i: written out lane by lane.
  Reg a, b;
  fillLinear(kU16, a, b, 0, 0x1000);
  Reg low = garbageReg(), high = garbageReg();
  dav::vintlv(kU16, a, b, low, high);
  expectLanes(
      low, kU16,
      {{0, 0}, {1, 0x1000}, {2, 1}, {3, 0x1001}, {4, 2}, {5, 0x1002}, {126, 63}, {127, 0x103F}},
      "low");
  expectLanes(
      high, kU16,
      {{0, 64}, {1, 0x1040}, {2, 65}, {3, 0x1041}, {4, 66}, {5, 0x1042}, {126, 127}, {127, 0x107F}},
      "high");
}

TEST(DavHelpers, VdintlvTakesEvenAndOddLanesOfTheConcatenation) {
  for (const LaneCase &c : kLaneCases) {
    Reg a, b;
    fillLinear(c.t, a, b, c.aBase, c.bBase);
    Reg even = garbageReg(), odd = garbageReg();
    dav::vdintlv(c.t, a, b, even, odd);
    unsigned n = c.t.lanes(), h = n / 2;
    for (unsigned i = 0; i < n; ++i) {
      // concat(a, b)[j] = a[j] for j < n, b[j - n] after. even[i] = cat[2i]:
      // a[2i] for i < n/2, b[2i - n] after; odd[i] = cat[2i + 1].
      uint64_t e = i < h ? c.aBase + 2 * i : c.bBase + 2 * i - n;
      uint64_t o = i < h ? c.aBase + 2 * i + 1 : c.bBase + 2 * i + 1 - n;
      EXPECT_EQ(getLane(even, c.t, i), wrap(c.t, e)) << typeName(c.t) << " even " << i;
      EXPECT_EQ(getLane(odd, c.t, i), wrap(c.t, o)) << typeName(c.t) << " odd " << i;
    }
  }
}

TEST(DavHelpers, VdintlvOfWordsSpotChecks) {
  // 32-bit lanes, a[i] = i, b[i] = 100 + i.
  Reg a, b;
  fillLinear(kI32, a, b, 0, 100);
  Reg even = garbageReg(), odd = garbageReg();
  dav::vdintlv(kI32, a, b, even, odd);
  expectLanes(even, kI32, {{0, 0}, {31, 62}, {32, 100}, {63, 162}}, "even");
  expectLanes(odd, kI32, {{0, 1}, {31, 63}, {32, 101}, {63, 163}}, "odd");
}

TEST(DavHelpers, VdintlvUndoesVintlv) {
  // Interleaving then de-interleaving gives back the two inputs.
  for (const LaneCase &c : kLaneCases) {
    Reg a, b;
    fillLinear(c.t, a, b, c.aBase * 3 + 7, c.bBase ^ 0x5A);
    Reg low = garbageReg(), high = garbageReg(), even = garbageReg(), odd = garbageReg();
    dav::vintlv(c.t, a, b, low, high);
    dav::vdintlv(c.t, low, high, even, odd);
    EXPECT_EQ(std::memcmp(even.b, a.b, kVLBytes), 0) << typeName(c.t);
    EXPECT_EQ(std::memcmp(odd.b, b.b, kVLBytes), 0) << typeName(c.t);
  }
}

// ---------------------------------------------------------------- vlds DINTLV_B32

TEST(DavHelpers, VldsDintlvB32SendsEvenWordsToTheFirstRegisterAndOddWordsToTheSecond) {
  // 64 little-endian u64 values v[k] = (0x80000000 + k) << 32 | (0x100 + k):
  // word 2k is the low half, word 2k+1 the high half.
  uint8_t src[2 * kVLBytes];
  for (unsigned k = 0; k < 64; ++k) {
    uint64_t v = (uint64_t(0x80000000u + k) << 32) | (0x100u + k);
    std::memcpy(src + 8 * k, &v, 8);
  }
  Reg even = garbageReg(), odd = garbageReg();
  dav::vldsDintlvB32(src, even, odd);
  for (unsigned k = 0; k < 64; ++k) {
    EXPECT_EQ(getLane(even, kU32, k), 0x100u + k) << "low word of element " << k;
    EXPECT_EQ(getLane(odd, kU32, k), 0x80000000u + k) << "high word of element " << k;
  }
}

TEST(DavHelpers, VldsDintlvB32WordsAreConsecutiveLittleEndianByteQuads) {
  // Byte j of the source is j % 251: word w covers bytes 4w..4w+3.
  uint8_t src[2 * kVLBytes + 16];
  for (unsigned j = 0; j < sizeof src; ++j)
    src[j] = uint8_t(j % 251);
  Reg even = garbageReg(), odd = garbageReg();
  dav::vldsDintlvB32(src, even, odd);
  // even lane 0 = bytes 0..3, odd lane 0 = bytes 4..7,
  // even lane 63 = bytes 504..507 = 504%251=2 .. 5, odd lane 63 = bytes 508..511 = 6..9.
  expectLanes(even, kU32, {{0, 0x03020100}, {63, 0x05040302}}, "even");
  expectLanes(odd, kU32, {{0, 0x07060504}, {63, 0x09080706}}, "odd");
}

// ---------------------------------------------------------------- vdup_lane0

TEST(DavHelpers, VdupLane0CopiesLaneZeroToActiveLanesAndZeroesTheRest) {
  // f32: lane 0 = 1.0f (0x3F800000), every other lane 0x40000000 + i.
  Reg src = garbageReg();
  for (unsigned i = 0; i < 64; ++i)
    setLane(src, kF32, i, i == 0 ? 0x3F800000u : 0x40000000u + i);
  // Lanes 0, 5, 63 active (bits 0, 20, 252); bit 1 is not a lane bit of f32.
  Mask m = maskOfBits({0, 1, 20, 252});
  Reg out = garbageReg();
  dav::vdupLane0(kF32, src, m, out);
  for (unsigned i = 0; i < 64; ++i) {
    bool active = i == 0 || i == 5 || i == 63;
    EXPECT_EQ(getLane(out, kF32, i), active ? 0x3F800000u : 0u) << "lane " << i;
  }
}

TEST(DavHelpers, VdupLane0ReadsLaneZeroEvenWhenLaneZeroIsInactive) {
  // u16: lane 0 = 0xBEEF; only lanes 1 and 127 (bits 2, 254) are active.
  Reg src = zeroReg();
  setLane(src, kU16, 0, 0xBEEF);
  setLane(src, kU16, 1, 0x1111);
  Reg out = garbageReg();
  dav::vdupLane0(kU16, src, maskOfBits({2, 254}), out);
  expectLanes(out, kU16, {{0, 0}, {1, 0xBEEF}, {2, 0}, {126, 0}, {127, 0xBEEF}});
  // 8-bit lanes: lane 255 (bit 255) only.
  Reg s8 = zeroReg();
  setLane(s8, kI8, 0, 0x9C);
  Reg o8 = garbageReg();
  dav::vdupLane0(kI8, s8, maskOfBits({255}), o8);
  for (unsigned i = 0; i < 255; ++i)
    ASSERT_EQ(getLane(o8, kI8, i), 0u) << "lane " << i;
  EXPECT_EQ(getLane(o8, kI8, 255), 0x9Cu);
}

// ---------------------------------------------------------------- vand

TEST(DavHelpers, VandIsTheBitwiseAndOfActiveLanesAndZeroElsewhere) {
  // u32: lanes 0..63 = 0xF0F0F0F0 & 0xFF00FF00 = 0xF000F000, lane 2 inactive.
  Reg a = zeroReg(), b = zeroReg();
  for (unsigned i = 0; i < 64; ++i) {
    setLane(a, kU32, i, 0xF0F0F0F0u);
    setLane(b, kU32, i, 0xFF00FF00u);
  }
  Mask m = allLanes(kU32);
  m.set(4 * 2, false);
  Reg out = garbageReg();
  dav::vand(kU32, a, b, m, out);
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(getLane(out, kU32, i), i == 2 ? 0u : 0xF000F000u) << "lane " << i;
  // u16 with a sparse mask: 0x1234 & 0x00FF = 0x0034 on lanes 3 and 100 only.
  Reg c = zeroReg(), d = zeroReg();
  for (unsigned i = 0; i < 128; ++i) {
    setLane(c, kU16, i, 0x1234);
    setLane(d, kU16, i, 0x00FF);
  }
  Reg o16 = garbageReg();
  dav::vand(kU16, c, d, lanes(kU16, {3, 100}), o16);
  for (unsigned i = 0; i < 128; ++i)
    EXPECT_EQ(getLane(o16, kU16, i), (i == 3 || i == 100) ? 0x34u : 0u) << "lane " << i;
  // i8: 0xAA & 0x0F = 0x0A, 0x80 & 0xFF = 0x80.
  Reg e = zeroReg(), f = zeroReg();
  setLane(e, kI8, 0, 0xAA);
  setLane(f, kI8, 0, 0x0F);
  setLane(e, kI8, 1, 0x80);
  setLane(f, kI8, 1, 0xFF);
  Reg o8 = garbageReg();
  dav::vand(kI8, e, f, allLanes(kI8), o8);
  expectLanes(o8, kI8, {{0, 0x0A}, {1, 0x80}, {2, 0}});
}

} // namespace
