//===- ShiftsTest.cpp - shift_left / shift_right, by hand -----------------===//
//
// The shifts of lib/Semantics (docs/semantics.md 2.26) against values
// written by hand (the arithmetic is in the comments): the edge amounts 0,
// width - 1, width, past the width and negative; INT_MIN; the top bit of
// unsigned lanes; inactive lanes and an empty mask; every profile choice.
// Each case runs the reference and the SIMD kernel, register and scalar
// form, so a kernel that disagrees with the hand-computed bits fails.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Shifts.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <random>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

const RegType kI8{EK::I8}, kU8{EK::U8}, kI16{EK::I16}, kU16{EK::U16}, kI32{EK::I32}, kU32{EK::U32};
constexpr ShiftKind L = ShiftKind::Left, R = ShiftKind::Right;

Reg garbageReg() {
  Reg r;
  for (unsigned i = 0; i < sizeof r.b; ++i)
    r.b[i] = uint8_t(0xA5 ^ i);
  return r;
}

/// Shifts lanes `in` (the rest 0) by `amount`, all lanes active but
/// `inactive`, through all four entry points (ref / simd x register /
/// scalar) and compares with `want` lane by lane (inactive lanes and the
/// zero lanes past `in` must give 0 -- 0 shifted is 0 under every rule).
void expectShift(const Profile &prof, ShiftKind s, RegType t, std::initializer_list<uint64_t> in,
                 int64_t amount, std::initializer_list<uint64_t> want, int inactive = -1) {
  Reg a = zeroReg(), n = zeroReg();
  unsigned i = 0;
  for (uint64_t v : in)
    setLane(a, t, i++, v);
  const RegType nt = shiftAmountType(t);
  for (unsigned l = 0; l < t.lanes(); ++l)
    setLane(n, nt, l, uint64_t(amount));
  Mask m = allLanes(t);
  if (inactive >= 0)
    m.set(t.maskStride() * unsigned(inactive), false);
  const bool fitsLane = amount >= -int64_t(1) << (8 * elemBytes(t.elem) - 1) &&
                        amount < int64_t(1) << (8 * elemBytes(t.elem) - 1);
  for (int path = 0; path < 4; ++path) {
    if (path < 2 && !fitsLane)
      continue; // the register form holds amounts of the lane width only
    Reg out = garbageReg();
    if (path == 0)
      ref::shift(prof, s, t, a, n, m, out);
    else if (path == 1)
      simd::shift(prof, s, t, a, n, m, out);
    else if (path == 2)
      ref::shiftScalar(prof, s, t, a, amount, m, out);
    else
      simd::shiftScalar(prof, s, t, a, amount, m, out);
    i = 0;
    for (uint64_t w : want) {
      EXPECT_EQ(getLane(out, t, i), w)
          << typeName(t) << " lane " << i << " amount " << amount << " path " << path;
      ++i;
    }
    for (; i < t.lanes(); ++i)
      ASSERT_EQ(getLane(out, t, i), 0u) << typeName(t) << " lane " << i << " path " << path;
  }
}

Profile with(ShiftRange r, ShiftNegative n, ShiftSignedLeft s) {
  Profile p;
  p.shiftRange = r;
  p.shiftNegative = n;
  p.shiftSignedLeft = s;
  return p;
}
const Profile kDoc{};

TEST(Shifts, LegalTypesAreEveryIntegerRegister) {
  unsigned legal = 0;
  for (RegType t : allRegTypes()) {
    EXPECT_EQ(isLegalShift(t), !isFloat(t.elem)) << typeName(t);
    legal += isLegalShift(t);
  }
  EXPECT_EQ(legal, 10u); // i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2
  EXPECT_TRUE(shiftAmountType(kU8) == kI8);
  EXPECT_TRUE(shiftAmountType(kU32) == kI32);
  EXPECT_TRUE(shiftAmountType(RegType{EK::U64}) == RegType{EK::I64});
  EXPECT_TRUE(shiftAmountType(RegType{EK::U64, 2}) == (RegType{EK::I64, 2}));
}

TEST(Shifts, LeftShiftOfUnsignedLanesShiftsInZeros) {
  // u32: 0x80000001 << 1 = 0x1_0000_0002 -> 2; 3 << 1 = 6; 1 << 31 = 0x80000000.
  expectShift(kDoc, L, kU32, {0x80000001u, 3}, 1, {2, 6});
  expectShift(kDoc, L, kU32, {1}, 31, {0x80000000u});
  expectShift(kDoc, L, kU32, {0xDEADBEEFu}, 0, {0xDEADBEEFu});
  // Amounts past the width give 0 and are not taken modulo the width.
  expectShift(kDoc, L, kU32, {0xFFFFFFFFu}, 33, {0});
  expectShift(kDoc, L, kU32, {0xFFFFFFFFu}, 100, {0});
  expectShift(kDoc, L, kU16, {0x00FF}, 8, {0xFF00});
  expectShift(kDoc, L, kU16, {0x00FF}, 17, {0});
  expectShift(kDoc, L, kU8, {0x03}, 7, {0x80});
  expectShift(kDoc, L, kU8, {0x03}, 9, {0});
  expectShift(kDoc, L, kU8, {0x03}, 300, {0}); // a scalar larger than any u8 lane
}

TEST(Shifts, RightShiftOfUnsignedLanesIsLogical) {
  // The top bit of an unsigned lane is not a sign: 0x80000000 >> 31 = 1.
  expectShift(kDoc, R, kU32, {0x80000000u, 0xF0000000u}, 31, {1, 1});
  expectShift(kDoc, R, kU32, {0xF0000000u}, 4, {0x0F000000u});
  expectShift(kDoc, R, kU32, {0xFFFFFFFFu}, 33, {0});
  expectShift(kDoc, R, kU16, {0x8000}, 15, {1});
  expectShift(kDoc, R, kU16, {0xAAAA}, 1, {0x5555}); // the vendor's example
  expectShift(kDoc, R, kU8, {0x90}, 4, {0x09});
  expectShift(kDoc, R, kU8, {0x90}, 0, {0x90});
}

TEST(Shifts, RightShiftOfSignedLanesIsArithmetic) {
  // i32: 0x80000000 (INT_MIN) >> 31 = -1; >> 4 = 0xF8000000; 0x70000000 >> 4 = 0x07000000.
  expectShift(kDoc, R, kI32, {0x80000000u, 0x70000000u}, 4, {0xF8000000u, 0x07000000u});
  expectShift(kDoc, R, kI32, {0x80000000u}, 31, {0xFFFFFFFFu});
  // i16: the vendor's examples: 0xAAAA >> 1 = 0xD555, >> 3 = 0xF555.
  expectShift(kDoc, R, kI16, {0xAAAA}, 1, {0xD555});
  expectShift(kDoc, R, kI16, {0xAAAA}, 3, {0xF555});
  expectShift(kDoc, R, kI16, {0xFFFA}, 1, {0xFFFD}); // -6 >> 1 = -3
  expectShift(kDoc, R, kI8, {0x80, 0x7F}, 7, {0xFF, 0});
  // Past the width: -1 for negative lanes, 0 otherwise ("输出-1" / "输出0").
  expectShift(kDoc, R, kI32, {0x80000001u, 1}, 40, {0xFFFFFFFFu, 0});
  expectShift(kDoc, R, kI8, {0x90, 0x40}, 200, {0xFF, 0});
}

TEST(Shifts, LeftShiftOfSignedLanesWrapsByDefault) {
  // The two's complement shift: 0xAAAA << 1 = 0x5554 (ShiftLefts.md: "去掉最高位").
  expectShift(kDoc, L, kI16, {0xAAAA, 0x4001}, 1, {0x5554, 0x8002});
  // INT_MIN << 1 = 0; -1 << 31 = INT_MIN; 1 << 31 = INT_MIN (i32).
  expectShift(kDoc, L, kI32, {0x80000000u, 0xFFFFFFFFu, 1}, 31, {0, 0x80000000u, 0x80000000u});
  expectShift(kDoc, L, kI32, {0x80000000u}, 1, {0});
  expectShift(kDoc, L, kI8, {0x81}, 1, {0x02});
  // Past the width: 0, negative or not ("则输出0").
  expectShift(kDoc, L, kI32, {0x80000000u, 5}, 33, {0, 0});
}

TEST(Shifts, KeepSignKeepsTheSignBitOfASignedLeftShift) {
  const Profile p = with(ShiftRange::AsBeyond, ShiftNegative::Reverse, ShiftSignedLeft::KeepSign);
  // The ShiftLeft page's examples (i16): 0xAAAA << 1 = 0xD554, << 3 = 0xD550.
  expectShift(p, L, kI16, {0xAAAA}, 1, {0xD554});
  expectShift(p, L, kI16, {0xAAAA}, 3, {0xD550});
  expectShift(p, L, kI16, {0x4001}, 1, {0x0002}); // bit 14 dropped, the sign (0) stays
  expectShift(p, L, kI32, {0x80000000u, 0xFFFFFFFFu, 1}, 31, {0x80000000u, 0x80000000u, 0});
  expectShift(p, L, kI8, {0x81}, 1, {0x82});
  expectShift(p, L, kI32, {0x80000000u}, 33, {0}); // past the width: 0 still
  // Unsigned lanes and right shifts do not depend on the point.
  expectShift(p, L, kU16, {0xAAAA}, 1, {0x5554});
  expectShift(p, R, kI16, {0xAAAA}, 1, {0xD555});
}

TEST(Shifts, AShiftByExactlyTheWidthIsLikeALargerAmountByDefault) {
  expectShift(kDoc, L, kU32, {0xFFFFFFFFu}, 32, {0});
  expectShift(kDoc, L, kI32, {0x80000001u}, 32, {0});
  expectShift(kDoc, R, kU16, {0xFFFF}, 16, {0});
  expectShift(kDoc, R, kI16, {0x9000, 0x1000}, 16, {0xFFFF, 0});
  expectShift(kDoc, L, kI8, {0x80}, 8, {0});
}

TEST(Shifts, LowBitsLeavesALaneShiftedByExactlyTheWidthUnchanged) {
  const Profile p = with(ShiftRange::LowBits, ShiftNegative::Reverse, ShiftSignedLeft::Wrap);
  expectShift(p, L, kU32, {0xFFFFFFFFu, 0x80000001u}, 32, {0xFFFFFFFFu, 0x80000001u});
  expectShift(p, R, kI16, {0x9000, 0x1000}, 16, {0x9000, 0x1000});
  expectShift(p, R, kU8, {0x90}, 8, {0x90});
  // Past the width, and a negative amount of magnitude w (reversed): still the rules.
  expectShift(p, L, kU32, {0xFFFFFFFFu}, 33, {0});
  expectShift(p, R, kU8, {0x90}, -8, {0x90});
  expectShift(p, R, kU8, {0x90}, -9, {0});
}

TEST(Shifts, ANegativeAmountShiftsTheOtherWayByDefault) {
  // left by -4 = right by 4 (arithmetic for i32), right by -4 = left by 4.
  expectShift(kDoc, L, kI32, {0x80000000u, 0x100}, -4, {0xF8000000u, 0x10});
  expectShift(kDoc, R, kU32, {0x0F000001u}, -4, {0xF0000010u});
  expectShift(kDoc, R, kU8, {0x03}, -9, {0}); // left by 9: past the width
  // The most negative amount of the lane (its magnitude is past the width).
  expectShift(kDoc, L, kI8, {0x80, 0x40}, -128, {0xFF, 0});
  expectShift(kDoc, R, kU16, {0xFFFF}, -32768, {0});
}

TEST(Shifts, OutOfRangeTakesANegativeAmountAsOnePastTheWidth) {
  const Profile p = with(ShiftRange::AsBeyond, ShiftNegative::OutOfRange, ShiftSignedLeft::Wrap);
  expectShift(p, L, kI32, {0x80000000u, 0x100}, -4, {0, 0});
  expectShift(p, R, kI32, {0x80000000u, 0x100}, -1, {0xFFFFFFFFu, 0});
  expectShift(p, R, kU32, {0xFFFFFFFFu}, -1, {0});
}

TEST(Shifts, InactiveLanesAndAnEmptyMaskGiveZero) {
  expectShift(kDoc, L, kU16, {1, 1, 1}, 2, {4, 0, 4}, /*inactive=*/1);
  expectShift(kDoc, R, kI32, {0x80000000u, 0x80000000u}, 1, {0, 0xC0000000u}, /*inactive=*/0);
  for (RegType t : {kI8, kU16, kI32}) {
    Reg a = zeroReg(), n = zeroReg();
    for (unsigned l = 0; l < t.lanes(); ++l)
      setLane(a, t, l, 0xFFFFFFFFu);
    const Mask none{};
    Reg o1 = garbageReg(), o2 = garbageReg(), o3 = garbageReg(), o4 = garbageReg();
    ref::shift(kDoc, R, t, a, n, none, o1);
    simd::shift(kDoc, R, t, a, n, none, o2);
    ref::shiftScalar(kDoc, L, t, a, 1, none, o3);
    simd::shiftScalar(kDoc, L, t, a, 1, none, o4);
    for (unsigned l = 0; l < t.lanes(); ++l) {
      ASSERT_EQ(getLane(o1, t, l), 0u);
      ASSERT_EQ(getLane(o2, t, l), 0u);
      ASSERT_EQ(getLane(o3, t, l), 0u);
      ASSERT_EQ(getLane(o4, t, l), 0u);
    }
  }
}

// 64-bit lanes: the vendor's word sequence (docs/semantics.md 2.27).
const RegType kI64{EK::I64}, kU64{EK::U64}, kI64x2{EK::I64, 2}, kU64x2{EK::U64, 2};

/// Lane 1 of `t` (lane 0 inactive, its garbage amount ignored) shifted by
/// `amount` in the register form (the amount lane) or the scalar form,
/// through ref and simd.
uint64_t shift64(const Profile &prof, ShiftKind s, RegType t, bool scalar, uint64_t x,
                 int64_t amount) {
  Reg a = zeroReg(), n = zeroReg();
  setLane(a, t, 0, ~x);
  setLane(a, t, 1, x);
  setLane(n, t, 0, 5);
  setLane(n, t, 1, uint64_t(amount));
  Mask m = allLanes(t);
  m.set(0, false);
  Reg r1 = garbageReg(), r2 = garbageReg();
  if (scalar) {
    ref::shiftScalar(prof, s, t, a, amount, m, r1);
    simd::shiftScalar(prof, s, t, a, amount, m, r2);
  } else {
    ref::shift(prof, s, t, a, n, m, r1);
    simd::shift(prof, s, t, a, n, m, r2);
  }
  EXPECT_EQ(getLane(r1, t, 0), 0u);
  EXPECT_EQ(getLane(r2, t, 1), getLane(r1, t, 1));
  for (unsigned i = 2; i < t.lanes(); ++i)
    EXPECT_EQ(getLane(r1, t, i), 0u) << i;
  return getLane(r1, t, 1);
}

/// The plain 64-bit shift under the documented choices (a negative amount
/// shifts the other way, |n| >= 64 shifts everything out, arithmetic right
/// shift of signed lanes): C++'s own shifts, not the word sequence.
uint64_t natural64(ShiftKind s, bool isSigned, uint64_t x, int64_t n) {
  if (n < 0) {
    s = s == L ? R : L;
    n = n == INT64_MIN ? 64 : -n;
  }
  const bool negative = isSigned && int64_t(x) < 0;
  if (n >= 64)
    return s == R && negative ? ~uint64_t(0) : 0;
  if (s == L)
    return x << n;
  return isSigned ? uint64_t(int64_t(x) >> n) : x >> n;
}

TEST(Shifts, SixtyFourBitLanesShiftLikeSixtyFourBitIntegersInTheCommonRange) {
  // Amounts |n| <= 64 or so (and anything the int16 scalar holds for u64):
  // the sequence gives the plain 64-bit shift, both forms, both kinds.
  const uint64_t xs[] = {0x8123456789ABCDEFull, 0x0123456789ABCDEFull, 1, ~uint64_t(0),
                         0x0000000180000000ull};
  const int64_t ns[] = {0,  1,  4,   31,  32,  33,  63,  64,  65,   100,   32767,
                        -1, -4, -31, -32, -33, -63, -64, -65, -100, -32768};
  for (RegType t : {kI64, kU64, kI64x2, kU64x2})
    for (ShiftKind s : {L, R})
      for (uint64_t x : xs)
        for (int64_t n : ns)
          for (bool scalar : {false, true}) {
            const bool isSigned = isSignedInt(t.elem);
            // The scalar form's quirks on negative lanes (next test): a
            // left shift by n <= -33 shifts the high word into the low one
            // logically; 32 - n wraps in int16 at n = -32768.
            if (scalar && isSigned && int64_t(x) < 0 &&
                ((s == L && n <= -33) || (s == R && n == -32768)))
              continue;
            EXPECT_EQ(shift64(kDoc, s, t, scalar, x, n), natural64(s, isSigned, x, n))
                << typeName(t) << (s == L ? " left " : " right ") << std::hex << x << " by "
                << std::dec << n << (scalar ? " scalar" : " register");
          }
}

TEST(Shifts, SixtyFourBitLanesFollowTheVendorsWordSequenceElsewhere) {
  const uint64_t neg = 0xFFFFFFFF00000000ull | 0x12345678u; // -0xEDCBA988
  // The register form reads the low word of the amount only: INT64_MIN and
  // 2^32 shift by 0, 2^32 + 4 by 4.
  EXPECT_EQ(shift64(kDoc, L, kU64, false, 0xABCDull, INT64_MIN), 0xABCDull);
  EXPECT_EQ(shift64(kDoc, R, kI64x2, false, neg, INT64_MIN), neg);
  EXPECT_EQ(shift64(kDoc, R, kU64, false, 0xABCD0ull, (int64_t(1) << 32) + 4), 0xABCDull);
  // 32 - n and n + 32 wrap in int32: a left shift by 2^31 - 1 (a right
  // shift by -2^31) ORs the high word's sign fill into the low word.
  EXPECT_EQ(shift64(kDoc, L, kI64, false, neg, INT32_MAX), 0x00000000FFFFFFFFull);
  EXPECT_EQ(shift64(kDoc, L, kI64, false, 0x7FFFFFFFFFFFFFFFull, INT32_MAX), 0u);
  EXPECT_EQ(shift64(kDoc, R, kI64, false, neg, INT32_MIN), 0x00000000FFFFFFFFull);
  EXPECT_EQ(shift64(kDoc, L, kU64, false, ~uint64_t(0), INT32_MAX), 0u);
  // The scalar form shifts the high word into the low one as u32: a signed
  // left shift by -40 of -1 fills the low word's top 8 bits with 0
  // (lo = 0xFFFFFFFF >> 8); by -64 and -32768 the low word is 0.
  EXPECT_EQ(shift64(kDoc, L, kI64, true, ~uint64_t(0), -40), 0xFFFFFFFF00FFFFFFull);
  EXPECT_EQ(shift64(kDoc, L, kI64, true, ~uint64_t(0), -64), 0xFFFFFFFF00000000ull);
  EXPECT_EQ(shift64(kDoc, L, kI64x2, true, neg, -32768), 0xFFFFFFFF00000000ull);
  // ... while the register form shifts it arithmetically.
  EXPECT_EQ(shift64(kDoc, L, kI64, false, ~uint64_t(0), -40), ~uint64_t(0));
  // 32 - n wraps in int16: a right shift by -32768 of a negative lane.
  EXPECT_EQ(shift64(kDoc, R, kI64, true, neg, -32768), 0x00000000FFFFFFFFull);
}

TEST(Shifts, SixtyFourBitLanesTakeTheProfileChoicesOfTheirWordShifts) {
  // shift.range = low_bits: the words' shifts by exactly 32 keep the word,
  // so even n = 0 ORs the other word in: (lo | hi) in both words.
  const Profile low = with(ShiftRange::LowBits, ShiftNegative::Reverse, ShiftSignedLeft::Wrap);
  EXPECT_EQ(shift64(low, L, kU64, false, 0x0000000100000002ull, 0), 0x0000000300000003ull);
  // shift.signed_left = keep_sign: the high word keeps its sign bit, and
  // the right shift's high-into-low step (a signed left shift) ORs it in.
  const Profile keep =
      with(ShiftRange::AsBeyond, ShiftNegative::Reverse, ShiftSignedLeft::KeepSign);
  EXPECT_EQ(shift64(keep, L, kI64, false, 0x8000000000000000ull, 1), 0x8000000000000000ull);
  EXPECT_EQ(shift64(kDoc, L, kI64, false, 0x8000000000000000ull, 1), 0u);
  EXPECT_EQ(shift64(keep, R, kI64, false, 0x8000000000000000ull, 4), 0xF800000080000000ull);
  EXPECT_EQ(shift64(keep, R, kU64, false, 0x8000000000000000ull, 4), 0x0800000000000000ull);
  // shift.negative = out_of_range: n < 0 shifts everything out of a word,
  // so a left shift by 1 loses the low word's top bit (32 - 1 > 0, fine)
  // but by 0 keeps it; a left shift by 33 needs 32 - 33 < 0: the low word
  // is not carried into the high one.
  const Profile oor = with(ShiftRange::AsBeyond, ShiftNegative::OutOfRange, ShiftSignedLeft::Wrap);
  EXPECT_EQ(shift64(oor, L, kU64, false, 0x0000000080000001ull, 1), 0x0000000100000002ull);
  EXPECT_EQ(shift64(oor, L, kU64, false, 0x0000000000000001ull, 33), 0u);
  EXPECT_EQ(shift64(kDoc, L, kU64, false, 0x0000000000000001ull, 33), 0x0000000200000000ull);
}

// The SIMD kernels against the reference on random lanes and amounts
// around the edges, every legal type, every profile combination.
TEST(Shifts, SimdEqualsTheReferenceOnEveryChoice) {
  std::mt19937_64 rng(27);
  for (unsigned c = 0; c < 8; ++c) {
    const Profile p = with(ShiftRange(c & 1), ShiftNegative((c >> 1) & 1), ShiftSignedLeft(c >> 2));
    for (RegType t : allRegTypes()) {
      if (!isLegalShift(t))
        continue;
      const int w = 8 * int(elemBytes(t.elem));
      const RegType nt = shiftAmountType(t);
      Reg a = zeroReg(), n = zeroReg();
      for (unsigned l = 0; l < t.lanes(); ++l) {
        setLane(a, t, l, rng());
        const int64_t amounts[] = {0, 1, w - 1, w, w + 1, -1, -w, -w - 1, int64_t(rng() % 80) - 40};
        setLane(n, nt, l, uint64_t(amounts[rng() % 9]));
      }
      Mask m{};
      for (auto &word : m.w)
        word = rng();
      for (ShiftKind s : {L, R}) {
        Reg r1, r2;
        ref::shift(p, s, t, a, n, m, r1);
        simd::shift(p, s, t, a, n, m, r2);
        ASSERT_EQ(0, std::memcmp(r1.b, r2.b, t.bytes())) << typeName(t) << " choice " << c;
        for (int64_t k : {int64_t(0), int64_t(w), int64_t(w + 1), int64_t(-w), int64_t(-32768),
                          int64_t(32767), int64_t(3)}) {
          ref::shiftScalar(p, s, t, a, k, m, r1);
          simd::shiftScalar(p, s, t, a, k, m, r2);
          ASSERT_EQ(0, std::memcmp(r1.b, r2.b, t.bytes()))
              << typeName(t) << " scalar " << k << " choice " << c;
        }
      }
    }
  }
}

} // namespace
