//===- ScalarFormsTest.cpp - adds, muls, maxs, mins, compares -------------===//
//
// Hand-computed edge cases (the arithmetic is in the comments), on the
// reference and the SIMD entry points; the legal tables; SIMD == reference
// bit for bit on random edge-class inputs for every compiled target.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "Implementations.h"
#include "TestUtil.h"

#include "ascreg/Semantics/ScalarForms.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

class ScalarFormsHand : public EachImpl<Impl> {
protected:
  /// form(x, s) in lane 0 (active); lane 1 holds x too but is inactive: 0.
  void expectForm(ScalarFormKind k, RegType t, uint64_t x, uint64_t s, uint64_t want) {
    Reg a = zeroReg(), out;
    std::memset(out.b, 0xAB, sizeof out.b);
    setLane(a, t, 0, x);
    setLane(a, t, 1, x);
    I.scalarForm(documentedProfile(), k, t, a, s, lanes(t, {0}), out);
    EXPECT_EQ(getLane(out, t, 0), want) << I.name << " " << scalarFormName(k) << " " << typeName(t)
                                        << std::hex << " 0x" << x << ", 0x" << s;
    EXPECT_EQ(getLane(out, t, 1), 0u) << I.name << " inactive lane";
  }
  /// compares<p>(x, s): lane 0 active, lane 1 inactive.
  void expectCompare(ComparePred p, RegType t, uint64_t x, uint64_t s, bool want) {
    Reg a = zeroReg();
    Mask out{};
    setLane(a, t, 0, x);
    setLane(a, t, 1, x);
    I.compareScalar(documentedProfile(), p, t, a, s, lanes(t, {0}), out);
    EXPECT_EQ(out.laneActive(t, 0), want) << I.name << " " << typeName(t) << std::hex << " 0x" << x
                                          << " vs 0x" << s << " pred " << int(p);
    EXPECT_FALSE(out.laneActive(t, 1)) << I.name << " inactive lane";
  }
};

TEST_P(ScalarFormsHand, Arithmetic) {
  using K = ScalarFormKind;
  expectForm(K::Adds, {EK::U8}, 0xFF, 2, 1);                          // 255 + 2 wraps to 1
  expectForm(K::Adds, {EK::F32}, 0x3F800000, 0x40000000, 0x40400000); // 1 + 2 = 3
  expectForm(K::Adds, {EK::F16}, 0x6800, 0x3C00, 0x6800);             // 2048 + 1 ties to 2048
  expectForm(K::Muls, {EK::I16}, 300, 300, 0x5F90);                   // 90000 mod 2^16
  expectForm(K::Muls, {EK::F16}, 0x5CB0, 0x5CB0, 0x7C00); // 300 * 300: +inf (CTRL[48] = 1)
  expectForm(K::Muls, {EK::I64, 2}, 0xFFFFFFFFFFFFFFFF, 3, 0xFFFFFFFFFFFFFFFD); // -1 * 3
  expectForm(K::Maxs, {EK::F32}, 0x80000000, 0, 0);                             // max(-0, +0) = +0
  expectForm(K::Mins, {EK::F32}, 0, 0x80000000, 0x80000000);                    // min(+0, -0) = -0
  expectForm(K::Maxs, {EK::F16}, 0x7C01, 0x7E05, 0x7C01); // the register's NaN first
  expectForm(K::Mins, {EK::F16}, 0x3C00, 0xFE05, 0xFE05); // else the scalar's NaN
  expectForm(K::Mins, {EK::I8}, 0x80, 0x7F, 0x80);        // -128 < 127
  expectForm(K::Mins, {EK::U8}, 0x80, 0x7F, 0x7F);        // 128 > 127
}

TEST_P(ScalarFormsHand, Compares) {
  using P = ComparePred;
  expectCompare(P::NE, {EK::F32}, 0x7FC00000, 0x7FC00000, true); // NaN: only ne holds
  expectCompare(P::EQ, {EK::F32}, 0x7FC00000, 0x7FC00000, false);
  expectCompare(P::GE, {EK::F16}, 0x3C00, 0x7E00, false);
  expectCompare(P::EQ, {EK::F16}, 0x8000, 0, true);                // -0 == +0
  expectCompare(P::LT, {EK::I16}, 0xFFFF, 0, true);                // -1 < 0
  expectCompare(P::LT, {EK::U16}, 0xFFFF, 0, false);               // 65535 > 0
  expectCompare(P::GT, {EK::U64, 2}, 0x8000000000000000, 1, true); // unsigned 2^63 > 1
  expectCompare(P::LE, {EK::I64}, 0x8000000000000000, 1, true);    // INT64_MIN <= 1
}

INSTANTIATE_TEST_SUITE_P(RefAndSimd, ScalarFormsHand, ::testing::Values(&kRef, &kSimd), ImplName());

TEST(ScalarFormsLegality, VendorTablesWithinTheVectorOps) {
  for (ScalarFormKind k : {ScalarFormKind::Adds, ScalarFormKind::Maxs, ScalarFormKind::Mins})
    EXPECT_EQ(countLegal([k](RegType t) { return isLegalScalarForm(k, t); }), 12u)
        << scalarFormName(k);
  EXPECT_EQ(countLegal([](RegType t) { return isLegalScalarForm(ScalarFormKind::Muls, t); }), 10u);
  EXPECT_EQ(countLegal(isLegalCompareScalar), 12u);
  EXPECT_FALSE(isLegalScalarForm(ScalarFormKind::Muls, {EK::U8}));   // Muls.md: no 8-bit
  EXPECT_FALSE(isLegalScalarForm(ScalarFormKind::Muls, {EK::BF16})); // Muls.md: no bf16
  EXPECT_FALSE(isLegalScalarForm(ScalarFormKind::Adds, {EK::BF16})); // as add (O11)
  EXPECT_TRUE(isLegalScalarForm(ScalarFormKind::Maxs, {EK::I8}));
}

/// SIMD == reference bit for bit on every compiled target.
using ScalarFormsSimdVsRef = EachTarget;

TEST_P(ScalarFormsSimdVsRef, EveryOpAndType) {
  Gen g(22);
  for (RegType t : allRegTypes())
    for (int it = 0; it < 200; ++it) {
      const Reg a = g.reg(t), b = g.reg(t);
      const Mask m = g.mask(t);
      const uint64_t s = getLane(b, t, 0);
      for (ScalarFormKind k : {ScalarFormKind::Adds, ScalarFormKind::Muls, ScalarFormKind::Maxs,
                               ScalarFormKind::Mins}) {
        if (!isLegalScalarForm(k, t))
          continue;
        Reg want, got;
        ref::scalarForm(documentedProfile(), k, t, a, s, m, want);
        simd::scalarForm(documentedProfile(), k, t, a, s, m, got);
        // A float adds is add: its NaN payload is not fixed (add.nan, as in
        // SimdVsReferenceTest), so NaN lanes only need to be NaN in both.
        const bool anyNaN = k == ScalarFormKind::Adds && isFloat(t.elem);
        for (unsigned i = 0; i < t.lanes(); ++i) {
          const uint64_t r = getLane(want, t, i), g = getLane(got, t, i);
          ASSERT_TRUE(r == g || (anyNaN && isNaNBits(t.elem, r) && isNaNBits(t.elem, g)))
              << scalarFormName(k) << " " << typeName(t) << " it " << it << " lane " << i;
        }
      }
      if (!isLegalCompareScalar(t))
        continue;
      for (ComparePred p : {ComparePred::EQ, ComparePred::NE, ComparePred::LT, ComparePred::LE,
                            ComparePred::GT, ComparePred::GE}) {
        Mask want{}, got{};
        ref::compareScalar(documentedProfile(), p, t, a, s, m, want);
        simd::compareScalar(documentedProfile(), p, t, a, s, m, got);
        ASSERT_EQ(0, std::memcmp(want.w, got.w, sizeof want.w)) << typeName(t) << " it " << it;
      }
    }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, ScalarFormsSimdVsRef, everyTarget(), targetParamName);

} // namespace
