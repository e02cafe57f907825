//===- ReduceDataBlockTest.cpp - one reduce per 32-byte block -------------===//
//
// Hand-computed cases (the arithmetic in the comments; the f16 constants
// checked with numpy's float16, whose adds round each node to f16 like the
// tree) on the reference and the SIMD entry points; the legal table; SIMD ==
// reference bit for bit (NaN payloads of sums aside) on random edge-class
// inputs for every compiled target, non-saturating and saturating.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "Implementations.h"
#include "TestUtil.h"

#include "ascreg/Semantics/Profile.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

/// A register of type t whose lanes [b * per, b * per + values.size()) are
/// `values` for block b of `blocks`; every other lane 0.
struct Case {
  RegType t, dst; // source and result types
  Reg in = zeroReg();
  Mask m{};
  explicit Case(RegType t) : t(t), dst(t) {}
  Case(RegType t, RegType dst) : t(t), dst(dst) {}
  unsigned perBlock() const { return kDataBlockBytes / elemBytes(t.elem); }
  /// Block b's first lanes are `values`, all active.
  Case &block(unsigned b, std::initializer_list<uint64_t> values) {
    unsigned i = b * perBlock();
    for (uint64_t v : values) {
      setLane(in, t, i, v);
      m.set(t.maskStride() * i++, true);
    }
    return *this;
  }
  /// Lane `i` of block b holds v, inactive.
  Case &inactive(unsigned b, unsigned i, uint64_t v) {
    setLane(in, t, b * perBlock() + i, v);
    m.set(t.maskStride() * (b * perBlock() + i), false);
    return *this;
  }
};

class ReduceDataBlockHand : public EachImpl<Impl> {
protected:
  /// Runs k on c (in place: out aliases in) and checks lanes 0..7 against
  /// `want` and every other lane against 0.
  void expect(ReduceKind k, const Case &c, std::initializer_list<uint64_t> want,
              const Profile &prof = documentedProfile()) {
    ASSERT_TRUE(isLegalReduceDataBlock(k, c.dst, c.t));
    Reg r = c.in;
    I.reduceDataBlock(prof, k, c.dst, c.t, r, c.m, r);
    unsigned b = 0;
    for (uint64_t w : want) {
      EXPECT_EQ(getLane(r, c.dst, b), w)
          << I.name << " " << typeName(c.t) << " kind " << int(k) << " block " << b;
      ++b;
    }
    for (unsigned i = 8; i < c.dst.lanes(); ++i)
      ASSERT_EQ(getLane(r, c.dst, i), 0u) << I.name << " lane " << i << " must be 0";
  }
};

constexpr uint64_t kF16Inf = 0x7C00, kF16NegInf = 0xFC00;

TEST_P(ReduceDataBlockHand, F16SumTreeOrderPerBlock) {
  // Block 0: (2048 + 0) + (1 + 1) = 2048 + 2 = 2050 (0x6801); added left to
  // right it would be 2048 (2048 + 1 ties to even twice).
  // Block 1: (2048 + 1) + (0 + 1): 2049 ties to 2048, then 2048 + 1 again
  // 2048 (0x6800); rounding once at the end would give 2050.
  // Block 7: one lane: 1.0. Blocks 2..6 have no active lane: +0.
  Case c({EK::F16});
  c.block(0, {0x6800, 0, 0x3C00, 0x3C00}).block(1, {0x6800, 0x3C00, 0, 0x3C00});
  c.block(7, {0x3C00});
  expect(ReduceKind::Sum, c, {0x6801, 0x6800, 0, 0, 0, 0, 0, 0x3C00});
  Profile once = documentedProfile();
  once.sumRounding = SumRounding::RoundOnce; // the other candidate of sum.rounding
  expect(ReduceKind::Sum, c, {0x6801, 0x6801, 0, 0, 0, 0, 0, 0x3C00}, once);
}

TEST_P(ReduceDataBlockHand, F16SumOverflowAndSaturation) {
  // The vendor's BlockReduceSum example [60000, 60000, -30000, 100]:
  // 60000 + 60000 overflows; -30000 + 100 = -29900 rounds to -29904 (0xF74D).
  // Non-saturating (CTRL[48] = 1): inf + -29904 = +inf.
  // Saturating: 65504 - 29904 = 35600, a tie between 35584 and 35616: 35584
  // (0x7858; the vendor's text says 35604, unrounded).
  Case c({EK::F16});
  c.block(3, {0x7B53, 0x7B53, 0xF753, 0x5640});
  expect(ReduceKind::Sum, c, {0, 0, 0, kF16Inf, 0, 0, 0, 0});
  Profile sat = documentedProfile();
  sat.ctrl.floatNonSat = false;
  expect(ReduceKind::Sum, c, {0, 0, 0, 0x7858, 0, 0, 0, 0}, sat);
}

TEST_P(ReduceDataBlockHand, SignedZerosNaNAndMaskedLanes) {
  // Sum: an active -0 alone gives -0 + (+0 of the inactive lanes) = +0; a
  // block of sixteen active -0 stays -0. Inactive lanes do not contribute.
  Case z({EK::F16});
  z.block(0, {0x8000});
  z.block(1, {0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000,
              0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000});
  z.block(2, {0x3C00}).inactive(2, 5, 0x7E00); // an inactive NaN is ignored
  expect(ReduceKind::Sum, z, {0, 0x8000, 0x3C00, 0, 0, 0, 0, 0});
  // Max / min: -0 below +0; the first NaN's bits; a block with no active
  // lane gives -inf / +inf (maxmin.empty = infinity).
  Case f({EK::F32});
  f.block(0, {0x80000000, 0});
  f.block(1, {0x3F800000, 0x7F800001, 0xFFC00000});    // 1, sNaN, -qNaN
  f.block(2, {0xBF800000}).inactive(2, 1, 0x7F000000); // -1; inactive 2^127 ignored
  expect(ReduceKind::Max, f,
         {0, 0x7F800001, 0xBF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000});
  expect(ReduceKind::Min, f,
         {0x80000000, 0x7F800001, 0xBF800000, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000,
          0x7F800000});
  Profile finite = documentedProfile();
  finite.maxMinEmpty = MaxMinEmpty::Finite; // the other candidate: largest finite
  expect(ReduceKind::Max, f,
         {0, 0x7F800001, 0xBF800000, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF},
         finite);
  // f32 overflow to inf: FLT_MAX + FLT_MAX.
  Case o({EK::F32});
  o.block(4, {0x7F7FFFFF, 0x7F7FFFFF});
  expect(ReduceKind::Sum, o, {0, 0, 0, 0, 0x7F800000, 0, 0, 0});
  // An f16 NaN in a sum: NaN (the quieted first NaN, add.nan = propagate).
  Case n({EK::F16});
  n.block(6, {0x3C00, 0x7C01});
  expect(ReduceKind::Sum, n, {0, 0, 0, 0, 0, 0, 0x7E01, 0});
  (void)kF16NegInf;
}

TEST_P(ReduceDataBlockHand, IntegersWrapAndOrder) {
  // 16-bit sums are 32-bit (the vendor's (i32, i16), (u32, u16)): no wrap.
  Case s({EK::I16}, {EK::I32});
  s.block(0, {0x7FFF, 1});                 // 32767 + 1 = 32768
  s.block(1, {0xFFFF, 0xFFFF, 0xFFFF});    // -3
  s.block(5, {5}).inactive(5, 15, 0x7000); // inactive lane ignored
  expect(ReduceKind::Sum, s, {0x8000, 0xFFFFFFFD, 0, 0, 0, 5, 0, 0});
  Case su({EK::U16}, {EK::U32});
  su.block(2, {0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF,
               0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF}); // 16 * 65535
  expect(ReduceKind::Sum, su, {0, 0, 0xFFFF0, 0, 0, 0, 0, 0});
  s.dst = s.t;
  expect(ReduceKind::Max, s, {0x7FFF, 0xFFFF, 0x8000, 0x8000, 0x8000, 5, 0x8000, 0x8000});
  expect(ReduceKind::Min, s, {1, 0xFFFF, 0x7FFF, 0x7FFF, 0x7FFF, 5, 0x7FFF, 0x7FFF});
  Case u({EK::U32});
  u.block(0, {0xFFFFFFFF, 2}); // wraps to 1
  u.block(7, {0x80000000, 0x7FFFFFFF});
  expect(ReduceKind::Sum, u, {1, 0, 0, 0, 0, 0, 0, 0xFFFFFFFF});
  expect(ReduceKind::Max, u, {0xFFFFFFFF, 0, 0, 0, 0, 0, 0, 0x80000000});
  expect(ReduceKind::Min, u,
         {2, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF});
}

INSTANTIATE_TEST_SUITE_P(RefAndSimd, ReduceDataBlockHand, ::testing::Values(&kRef, &kSimd),
                         ImplName());

TEST(ReduceDataBlockLegality, VendorTable) {
  for (ReduceKind k : {ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min}) {
    unsigned n = 0;
    for (RegType d : allRegTypes())
      for (RegType s : allRegTypes())
        n += isLegalReduceDataBlock(k, d, s);
    EXPECT_EQ(n, 6u) << int(k);
  }
  using K = ReduceKind;
  EXPECT_TRUE(isLegalReduceDataBlock(K::Sum, {EK::I32}, {EK::I16}));
  EXPECT_TRUE(isLegalReduceDataBlock(K::Sum, {EK::U32}, {EK::U16}));
  EXPECT_FALSE(isLegalReduceDataBlock(K::Sum, {EK::I16}, {EK::I16})); // C API: widening only
  EXPECT_TRUE(isLegalReduceDataBlock(K::Max, {EK::U16}, {EK::U16}));
  EXPECT_FALSE(isLegalReduceDataBlock(K::Max, {EK::BF16}, {EK::BF16}));
  EXPECT_FALSE(isLegalReduceDataBlock(K::Min, {EK::I8}, {EK::I8}));
  EXPECT_FALSE(isLegalReduceDataBlock(K::Sum, {EK::I64}, {EK::I64}));
}

/// SIMD == reference bit for bit on every compiled target, for the
/// documented profile and the saturating CTRL state.
using ReduceDataBlockSimdVsRef = EachTarget;

TEST_P(ReduceDataBlockSimdVsRef, EveryKindAndType) {
  Gen g(27);
  Profile sat = documentedProfile();
  sat.ctrl.floatNonSat = false;
  const Profile *profiles[] = {&documentedProfile(), &sat};
  for (RegType t : allRegTypes())
    for (RegType d : allRegTypes())
      for (ReduceKind k : {ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min}) {
        if (!isLegalReduceDataBlock(k, d, t))
          continue;
        for (int it = 0; it < 400; ++it) {
          const Reg a = g.reg(t);
          const Mask m = g.mask(t);
          for (const Profile *prof : profiles) {
            Reg want, got;
            std::memset(want.b, 0xCD, sizeof want.b);
            std::memset(got.b, 0xEF, sizeof got.b);
            ref::reduceDataBlock(*prof, k, d, t, a, m, want);
            simd::reduceDataBlock(*prof, k, d, t, a, m, got);
            // Which payload an addition of two NaNs keeps is not fixed
            // (add.nan, O9; a compiler may swap the operands), so a float
            // sum's NaN lanes only need to be NaN in both.
            const bool anyNaN = k == ReduceKind::Sum && isFloat(t.elem);
            for (unsigned i = 0; i < d.lanes(); ++i) {
              const uint64_t r = getLane(want, d, i), s = getLane(got, d, i);
              ASSERT_TRUE(r == s || (anyNaN && isNaNBits(d.elem, r) && isNaNBits(d.elem, s)))
                  << typeName(t) << " kind " << int(k) << " it " << it << " lane " << i;
            }
          }
        }
      }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, ReduceDataBlockSimdVsRef, everyTarget(), targetParamName);

} // namespace
