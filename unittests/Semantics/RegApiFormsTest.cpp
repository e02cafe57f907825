//===- RegApiFormsTest.cpp - lane broadcast, first store, governed masks --===//
//
// Hand-computed cases (the expected bits are written out, never taken from
// the code under test), each on the reference and on the SIMD entry points;
// the legal tables; SIMD == reference on random inputs for every target.
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "Implementations.h"
#include "TestUtil.h"

#include "ascreg/Semantics/RegApiForms.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

using RegApiFormsHand = EachImpl<Impl>;

TEST_P(RegApiFormsHand, DuplicateLaneBroadcastsLaneZeroEvenWhenInactive) {
  const RegType f32{EK::F32};
  Reg src = zeroReg(), out;
  setLane(src, f32, 0, 0x7FA00001); // a signalling NaN: copied, not quieted
  setLane(src, f32, 1, 0x3F800000);
  I.duplicateLane(f32, src, lanes(f32, {1, 2, 63}), out); // lane 0 itself inactive
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(getLane(out, f32, i), (i == 1 || i == 2 || i == 63) ? 0x7FA00001u : 0u) << i;
}

TEST_P(RegApiFormsHand, DuplicateLaneTwoRegisterForm) {
  const RegType x2{EK::I64, 2};
  Reg src = zeroReg(), out;
  setLane(src, x2, 0, 0x8000000000000001ull);
  setLane(src, x2, 32, 5); // lane 32 lives in the second register: not the source
  I.duplicateLane(x2, src, lanes(x2, {0, 40, 63}), out);
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(getLane(out, x2, i), (i == 0 || i == 40 || i == 63) ? 0x8000000000000001ull : 0u)
        << i;
}

TEST_P(RegApiFormsHand, StoreFirstWritesOneElement) {
  const RegType u16{EK::U16};
  Reg src = zeroReg();
  setLane(src, u16, 0, 0xBEEF);
  setLane(src, u16, 1, 0x1234);
  uint8_t ub[6] = {1, 2, 3, 4, 5, 6};
  I.storeFirst(u16, src, ub + 2); // an address aligned to 2 bytes only
  const uint8_t want[6] = {1, 2, 0xEF, 0xBE, 5, 6};
  EXPECT_EQ(0, std::memcmp(ub, want, 6));
}

TEST_P(RegApiFormsHand, GovernedLogicWorksPerBit) {
  Mask a{}, b{}, g{};
  a.w[0] = 0b1100, b.w[0] = 0b1010, g.w[0] = 0b0111;
  a.w[3] = ~0ull, g.w[3] = 0xF0;
  Mask r;
  I.governedMaskLogic(MaskLogicKind::And, a, b, g, r);
  EXPECT_EQ(r.w[0], 0b0000u); // 1000 & 0111
  EXPECT_EQ(r.w[3], 0u);
  I.governedMaskLogic(MaskLogicKind::Or, a, b, g, r);
  EXPECT_EQ(r.w[0], 0b0110u); // 1110 & 0111
  EXPECT_EQ(r.w[3], 0xF0u);
  I.governedMaskLogic(MaskLogicKind::Xor, a, b, g, r);
  EXPECT_EQ(r.w[0], 0b0110u); // 0110 & 0111
  I.governedMaskNot(a, g, r);
  EXPECT_EQ(r.w[0], 0b0011u); // 0011 & 0111
  EXPECT_EQ(r.w[3], 0u);
}

TEST_P(RegApiFormsHand, GovernedNotSetsBitsBetweenWiderLanes) {
  // A 32-bit lane mask (bit 4i) inverted under an 8-bit all-lanes governing
  // mask: every bit but the 32-bit lanes' own is set, unlike mask_not.
  Mask a{}, g{}, r;
  for (unsigned i = 0; i < 64; i += 2)
    a.set(4 * i, true); // even 32-bit lanes active: bits 0, 8, 16, ...
  for (auto &w : g.w)
    w = ~0ull;
  I.governedMaskNot(a, g, r);
  for (unsigned k = 0; k < 4; ++k)
    EXPECT_EQ(r.w[k], 0xFEFEFEFEFEFEFEFEull) << k; // bits 4i+1..4i+3 and odd lanes set
}

INSTANTIATE_TEST_SUITE_P(Impls, RegApiFormsHand, ::testing::Values(&kRef, &kSimd), ImplName());

TEST(RegApiFormsLegality, Tables) {
  unsigned dup = 0, first = 0;
  for (RegType t : allRegTypes()) {
    dup += isLegalDuplicateLane(t);
    first += isLegalStoreFirst(t);
  }
  EXPECT_EQ(dup, 13u);  // every register type
  EXPECT_EQ(first, 9u); // 8-, 16-, 32-bit; no 64-bit form
  EXPECT_FALSE(isLegalStoreFirst({EK::U64, 1}));
  EXPECT_TRUE(isLegalStoreFirst({EK::BF16, 1}));
}

using RegApiFormsSimdVsRef = EachTarget;

TEST_P(RegApiFormsSimdVsRef, EveryTypeAndMask) {
  Gen g(2722);
  for (RegType t : allRegTypes())
    for (int it = 0; it < 200; ++it) {
      const Reg a = g.reg(t);
      const Mask m = g.mask(t), m2 = g.mask(t), m3 = g.mask(t);
      Reg want, got;
      ref::duplicateLane(t, a, m, want);
      simd::duplicateLane(t, a, m, got);
      ASSERT_EQ(0, std::memcmp(want.b, got.b, t.bytes())) << typeName(t) << " it " << it;
      for (MaskLogicKind k : {MaskLogicKind::And, MaskLogicKind::Or, MaskLogicKind::Xor}) {
        Mask mw, mg;
        ref::governedMaskLogic(k, m, m2, m3, mw);
        simd::governedMaskLogic(k, m, m2, m3, mg);
        ASSERT_EQ(0, std::memcmp(mw.w, mg.w, sizeof mw.w));
      }
      Mask nw, ng;
      ref::governedMaskNot(m, m3, nw);
      simd::governedMaskNot(m, m3, ng);
      ASSERT_EQ(0, std::memcmp(nw.w, ng.w, sizeof nw.w));
    }
}

INSTANTIATE_TEST_SUITE_P(AllTargets, RegApiFormsSimdVsRef, everyTarget(), targetParamName);

} // namespace
