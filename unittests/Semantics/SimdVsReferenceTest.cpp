//===- SimdVsReferenceTest.cpp - simd:: == ref:: on random inputs ---------===//
//
// Every op and every legal type, thousands of random registers and masks,
// for every SIMD target compiled into the library and supported by this CPU.
// Results must be bit-identical, with one exception allowed by the contract:
// a float lane that is NaN after an addition may differ in NaN payload
// (which operand's payload survives two NaNs is not fixed by C++ or x86).
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

constexpr int kIters = 3000;

class SimdVsRef : public ::testing::TestWithParam<int64_t> {
protected:
  void SetUp() override {
    simd::forceTarget(GetParam());
    ASSERT_STREQ(simd::targetName(), simd::targetNameOf(GetParam()));
  }
  void TearDown() override { simd::forceTarget(0); }
};

/// Compares the first t.bytes() bytes lane by lane. With `arith`, NaN lanes
/// of a float type only need to be NaN in both.
::testing::AssertionResult sameReg(RegType t, const Reg &ref, const Reg &got, bool arith = false) {
  for (unsigned i = 0; i < t.lanes(); ++i) {
    uint64_t r = getLane(ref, t, i), g = getLane(got, t, i);
    if (r == g)
      continue;
    if (arith && isNaNBits(t.elem, r) && isNaNBits(t.elem, g))
      continue;
    std::ostringstream os; // AssertionResult streams each item separately, so format here
    os << typeName(t) << " lane " << i << ": ref 0x" << std::hex << r << " simd 0x" << g;
    return ::testing::AssertionFailure() << os.str();
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult sameMask(const Mask &ref, const Mask &got) {
  for (int k = 0; k < 4; ++k)
    if (ref.w[k] != got.w[k]) {
      std::ostringstream os;
      os << "mask word " << k << ": ref 0x" << std::hex << ref.w[k] << " simd 0x" << got.w[k];
      return ::testing::AssertionFailure() << os.str();
    }
  return ::testing::AssertionSuccess();
}

std::string ctx(const char *op, RegType t, int iter) {
  return std::string(op) + " " + typeName(t) + " iter " + std::to_string(iter);
}

struct ReduceCase {
  ReduceKind kind;
  RegType dst, src;
};

std::vector<ReduceCase> legalReduces() {
  std::vector<ReduceCase> r;
  for (ReduceKind k : {ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min})
    for (RegType d : allRegTypes())
      for (RegType s : allRegTypes())
        if (isLegalReduce(k, d, s))
          r.push_back({k, d, s});
  return r;
}

TEST_P(SimdVsRef, Reduce) {
  auto cases = legalReduces();
  ASSERT_EQ(cases.size(), 10u + 10u + 10u); // each kind: 8 one-register + 2 two-register
  Gen g(1);
  for (const ReduceCase &c : cases)
    for (int it = 0; it < kIters; ++it) {
      Reg in = g.reg(c.src);
      Mask m = g.mask(c.src);
      Reg want, got;
      std::memset(want.b, 0xAB, sizeof want.b);
      std::memset(got.b, 0xAB, sizeof got.b);
      ref::reduce(c.kind, c.dst, c.src, in, m, want);
      simd::reduce(c.kind, c.dst, c.src, in, m, got);
      ASSERT_TRUE(sameReg(c.dst, want, got, c.kind == ReduceKind::Sum))
          << ctx("reduce", c.src, it) << " kind " << int(c.kind);
      // Bytes past the result type are left alone.
      ASSERT_EQ(0, std::memcmp(want.b + c.dst.bytes(), got.b + c.dst.bytes(), sizeof want.b - c.dst.bytes()));
    }
}

TEST_P(SimdVsRef, PairReduceSum) {
  Gen g(2);
  for (EK k : {EK::F16, EK::F32}) {
    RegType t{k};
    for (int it = 0; it < kIters * 3; ++it) {
      Reg in = g.reg(t), want, got;
      Mask m = g.mask(t);
      ref::pairReduceSum(t, in, m, want);
      simd::pairReduceSum(t, in, m, got);
      ASSERT_TRUE(sameReg(t, want, got, true)) << ctx("pairReduceSum", t, it);
      // Where exactly one of a pair is active the bits pass through, NaN payloads included.
      for (unsigned i = 0; i < t.lanes() / 2; ++i)
        if (m.laneActive(t, 2 * i) != m.laneActive(t, 2 * i + 1)) {
          ASSERT_EQ(getLane(want, t, i), getLane(got, t, i)) << ctx("pairReduceSum", t, it);
        }
      // In place.
      simd::pairReduceSum(t, in, m, in);
      ASSERT_TRUE(sameReg(t, want, in, true)) << ctx("pairReduceSum in place", t, it);
    }
  }
}

struct GatherCase {
  RegType dst;
  EK src;
  RegType index;
};

std::vector<GatherCase> legalGathers() {
  std::vector<GatherCase> r;
  for (RegType d : allRegTypes())
    for (RegType s : allRegTypes())
      for (RegType ix : allRegTypes())
        if (s.numRegs == 1 && isLegalGather(d, s.elem, ix))
          r.push_back({d, s.elem, ix});
  return r;
}

TEST_P(SimdVsRef, Gather) {
  auto cases = legalGathers();
  ASSERT_EQ(cases.size(), 9u + 2u * 5u); // 9 narrow + (u32x{1,2}, u64:1->1, u64x2->{1,2}) per 64-bit kind
  Gen g(3);
  for (const GatherCase &c : cases)
    for (int it = 0; it < kIters; ++it) {
      // Mostly small bases; sometimes one larger than a u16 index can reach.
      uint64_t n = g.chance(5) ? g.below(3) : 1 + g.below(g.chance(5) ? 70000 : g.chance(50) ? 64 : 600);
      std::vector<uint8_t> base(n * elemBytes(c.src) + 8);
      for (size_t i = 0; i + 8 <= base.size(); i += 8) {
        uint64_t v = g.bits64();
        std::memcpy(&base[i], &v, 8);
      }
      Reg idx = g.reg(c.index);
      bool wantOob = g.chance(10);
      for (unsigned i = 0; i < c.index.lanes(); ++i) {
        uint64_t e = n ? g.bits64() % n : 0;
        if (wantOob && g.chance(2))
          e = n + g.below(1000);
        if (c.index.elem == EK::U16 && e > 0xFFFF)
          e = g.bits64() % (n < 0x10000 ? n : 0x10000);
        if (c.index.elem == EK::U64)
          e |= g.bits64() << 32; // ignored high half
        setLane(idx, c.index, i, e);
      }
      Mask m = g.mask(c.dst);
      Reg want, got;
      Status sw = ref::gather(c.dst, c.src, c.index, base.data(), n, idx, m, want);
      Status sg = simd::gather(c.dst, c.src, c.index, base.data(), n, idx, m, got);
      ASSERT_EQ(sw.ok, sg.ok) << ctx("gather", c.dst, it);
      if (!sw.ok) {
        ASSERT_EQ(sw.lane, sg.lane) << ctx("gather", c.dst, it);
        ASSERT_EQ(sw.value, sg.value) << ctx("gather", c.dst, it);
        continue;
      }
      ASSERT_TRUE(sameReg(c.dst, want, got)) << ctx("gather", c.dst, it) << " index " << typeName(c.index);
      // The index register may be the destination.
      Reg inPlace = idx;
      simd::gather(c.dst, c.src, c.index, base.data(), n, inPlace, m, inPlace);
      ASSERT_TRUE(sameReg(c.dst, want, inPlace)) << ctx("gather in place", c.dst, it);
    }
}

TEST_P(SimdVsRef, GatherReg) {
  Gen g(4);
  int combos = 0;
  for (RegType t : allRegTypes())
    for (RegType ix : allRegTypes()) {
      if (!isLegalGatherReg(t, ix))
        continue;
      ++combos;
      for (int it = 0; it < kIters; ++it) {
        Reg src = g.reg(t), idx = g.reg(ix), want, got;
        ref::gatherReg(t, src, idx, want);
        simd::gatherReg(t, src, idx, got);
        ASSERT_TRUE(sameReg(t, want, got)) << ctx("gatherReg", t, it);
        simd::gatherReg(t, src, idx, src);
        ASSERT_TRUE(sameReg(t, want, src)) << ctx("gatherReg in place", t, it);
      }
    }
  EXPECT_EQ(combos, 9);
}

TEST_P(SimdVsRef, Masks) {
  Gen g(5);
  for (RegType t : allRegTypes()) {
    for (int p = 0; p <= int(MaskPattern::ALLF); ++p) {
      if (p == 14) continue; // unused in the vendor numbering
      Mask want, got;
      ref::createMask(t, MaskPattern(p), want);
      simd::createMask(t, MaskPattern(p), got);
      ASSERT_TRUE(sameMask(want, got)) << typeName(t) << " pattern " << p;
    }
    for (int it = 0; it < kIters; ++it) {
      uint32_t count = g.chance(50) ? g.below(300) : uint32_t(g.bits64());
      Mask want, got;
      uint32_t restW, restG;
      ref::updateMask(t, count, want, restW);
      simd::updateMask(t, count, got, restG);
      ASSERT_TRUE(sameMask(want, got)) << ctx("updateMask", t, it);
      ASSERT_EQ(restW, restG);
      Mask a = g.mask(t), b = g.mask(t);
      ref::maskNot(t, a, want);
      simd::maskNot(t, a, got);
      ASSERT_TRUE(sameMask(want, got)) << ctx("maskNot", t, it);
      ref::maskAnd(a, b, want);
      simd::maskAnd(a, b, got);
      ASSERT_TRUE(sameMask(want, got));
      ref::maskOr(a, b, want);
      simd::maskOr(a, b, got);
      ASSERT_TRUE(sameMask(want, got));
    }
  }
}

TEST_P(SimdVsRef, DuplicateArange) {
  Gen g(6);
  for (RegType t : allRegTypes())
    for (int it = 0; it < kIters; ++it) {
      uint64_t s = g.chance(30) ? g.edge(t.elem) : g.chance(50) ? g.moderate(t.elem) : g.bits64();
      Mask m = g.mask(t);
      Reg want, got;
      const Mask *mp = g.chance(30) ? nullptr : &m;
      ref::duplicate(t, s, mp, want);
      simd::duplicate(t, s, mp, got);
      ASSERT_TRUE(sameReg(t, want, got)) << ctx("duplicate", t, it);
      if (!isLegalArange(t))
        continue;
      ref::arange(t, s, want);
      simd::arange(t, s, got);
      ASSERT_TRUE(sameReg(t, want, got)) << ctx("arange", t, it);
    }
}

TEST_P(SimdVsRef, CompareSelect) {
  Gen g(7);
  for (RegType t : allRegTypes())
    for (int it = 0; it < kIters; ++it) {
      Reg a = g.reg(t), b = g.chance(30) ? a : g.reg(t);
      if (g.chance(50)) // mix equal lanes into unequal registers
        for (unsigned i = 0; i < t.lanes(); i += 1 + g.below(4))
          setLane(b, t, i, getLane(a, t, i));
      Mask m = g.mask(t);
      if (isLegalCompare(t))
        for (int p = 0; p <= int(ComparePred::GE); ++p) {
          Mask want, got;
          ref::compare(ComparePred(p), t, a, b, m, want);
          simd::compare(ComparePred(p), t, a, b, m, got);
          ASSERT_TRUE(sameMask(want, got)) << ctx("compare", t, it) << " pred " << p;
        }
      Reg want, got;
      ref::select(t, m, a, b, want);
      simd::select(t, m, a, b, got);
      ASSERT_TRUE(sameReg(t, want, got)) << ctx("select", t, it);
    }
}

TEST_P(SimdVsRef, Binary) {
  Gen g(8);
  for (RegType t : allRegTypes()) {
    if (!isLegalBinary(t))
      continue;
    for (int it = 0; it < kIters; ++it) {
      Reg a = g.reg(t), b = g.reg(t);
      Mask m = g.mask(t);
      for (BinaryKind k : {BinaryKind::Add, BinaryKind::Max, BinaryKind::Min}) {
        Reg want, got;
        ref::binary(k, t, a, b, m, want);
        simd::binary(k, t, a, b, m, got);
        ASSERT_TRUE(sameReg(t, want, got, k == BinaryKind::Add)) << ctx("binary", t, it) << " kind " << int(k);
      }
    }
  }
}

TEST_P(SimdVsRef, LoadStoreAlign) {
  Gen g(9);
  for (RegType t : allRegTypes())
    for (int it = 0; it < kIters / 3; ++it) {
      alignas(64) uint8_t src[512], want[512], got[512];
      for (auto &b : src)
        b = uint8_t(g.bits64());
      for (unsigned i = 0; i < 512; ++i)
        want[i] = got[i] = uint8_t(g.bits64());
      Reg r1, r2;
      ref::loadAlign(t, src, r1);
      simd::loadAlign(t, src, r2);
      ASSERT_EQ(0, std::memcmp(r1.b, r2.b, t.bytes()));
      Mask m = g.mask(t);
      ref::storeAlign(t, r1, m, want);
      simd::storeAlign(t, r1, m, got);
      ASSERT_EQ(0, std::memcmp(want, got, 512)) << ctx("storeAlign", t, it);
    }
}

std::string targetParamName(const ::testing::TestParamInfo<int64_t> &info) {
  return simd::targetNameOf(info.param);
}

INSTANTIATE_TEST_SUITE_P(AllTargets, SimdVsRef, ::testing::ValuesIn(simd::availableTargets()), targetParamName);

TEST(SimdTargets, DefaultIsAvx2OnThisMachineClass) {
  // Informational: the name must be non-empty; AVX2 machines pick AVX2.
  std::string name = simd::targetName();
  EXPECT_FALSE(name.empty());
  auto targets = simd::availableTargets();
  ASSERT_FALSE(targets.empty());
  EXPECT_EQ(name, simd::targetNameOf(targets.front()));
}

} // namespace
