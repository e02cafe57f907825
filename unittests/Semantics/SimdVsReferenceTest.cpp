//===- SimdVsReferenceTest.cpp - simd:: == ref:: on random inputs ---------===//
//
// Every op and every legal type, thousands of random registers and masks,
// for every SIMD target compiled into the library and supported by this CPU.
// Results must be bit-identical, with one exception allowed by the contract:
// a float lane that is NaN after an addition may differ in NaN payload
// (which operand's payload survives two NaNs is not fixed by C++ or x86).
//
//===----------------------------------------------------------------------===//
#include "Fixtures.h"
#include "TestUtil.h"

#include "ascreg/Semantics/GatherKernel.h"
#include "ascreg/Semantics/PairReduceKernel.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

constexpr int kIters = 3000;

class SimdVsRef : public EachTarget {
protected:
  void SetUp() override {
    EachTarget::SetUp();
    ASSERT_STREQ(simd::targetName(), simd::targetNameOf(GetParam()));
  }
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
      ref::reduce(::ascreg::semantics::documentedProfile(), c.kind, c.dst, c.src, in, m, want);
      simd::reduce(::ascreg::semantics::documentedProfile(), c.kind, c.dst, c.src, in, m, got);
      ASSERT_TRUE(sameReg(c.dst, want, got, c.kind == ReduceKind::Sum))
          << ctx("reduce", c.src, it) << " kind " << int(c.kind);
      // Bytes past the result type are left alone.
      ASSERT_EQ(0, std::memcmp(want.b + c.dst.bytes(), got.b + c.dst.bytes(),
                               sizeof want.b - c.dst.bytes()));
    }
}

/// The documented profile, and the one with CTRL[48] = 0 (saturating f16 arithmetic).
std::vector<Profile> arithmeticProfiles() {
  Profile sat = documentedProfile();
  sat.ctrl.floatNonSat = false;
  return {documentedProfile(), sat};
}

/// Whether simd::reduceKernel resolves a kernel for `c` (documented profile,
/// a SIMD target): every max / min, and the sums of f16, f32 and 32-bit
/// integers into their own type.
bool hasReduceKernel(const ReduceCase &c) {
  if (c.kind != ReduceKind::Sum)
    return true;
  return c.dst == c.src && c.src.numRegs == 1 &&
         (c.src.elem == EK::F16 || c.src.elem == EK::F32 || c.src.elem == EK::I32 ||
          c.src.elem == EK::U32);
}

TEST_P(SimdVsRef, ResolvedReduceKernelIsTheReduceOfItsKindAndTypes) {
  // What the interpreter calls per op (simd::reduceKernel): every legal max /
  // min and the sums of hasReduceKernel have one, equal to the reference
  // (sums: up to NaN payloads; f16 sums under both CTRL[48] states); the
  // other sums and float reduces under a non-documented profile (rewrites
  // around the kernel) have none, and so has every reduce on the SCALAR
  // target (it forwards to the reference).
  const bool scalarTarget = std::string(simd::targetName()) == "SCALAR";
  Profile canonicalNaN = documentedProfile();
  canonicalNaN.maxMinNaN = MaxMinNaN::Canonical;
  Profile roundOnce = documentedProfile();
  roundOnce.sumRounding = SumRounding::RoundOnce;
  Gen g(21);
  unsigned sums = 0;
  for (const ReduceCase &c : legalReduces())
    for (const Profile &prof : arithmeticProfiles()) {
      const simd::ReduceKernel kernel = simd::reduceKernel(prof, c.kind, c.dst, c.src);
      if (!hasReduceKernel(c) || scalarTarget) {
        EXPECT_EQ(kernel, nullptr) << typeName(c.src);
        continue;
      }
      ASSERT_NE(kernel, nullptr) << typeName(c.src) << " kind " << int(c.kind);
      sums += c.kind == ReduceKind::Sum;
      EXPECT_EQ(simd::reduceKernel(c.kind == ReduceKind::Sum ? roundOnce : canonicalNaN, c.kind,
                                   c.dst, c.src) == nullptr,
                isFloat(c.src.elem))
          << typeName(c.src);
      for (int it = 0; it < kIters / 3; ++it) {
        Reg in = g.reg(c.src);
        Mask m = it % 50 == 0 ? Mask{} : g.mask(c.src); // empty masks too
        if (c.src.elem == EK::F16 && it % 2)            // large values: nodes overflow
          for (unsigned i = 0; i < 128; ++i)
            setLane(in, c.src, i, (getLane(in, c.src, i) & 0x83FF) | 0x7800);
        Reg want, got;
        std::memset(want.b, 0xAB, sizeof want.b);
        std::memset(got.b, 0xAB, sizeof got.b);
        ref::reduce(prof, c.kind, c.dst, c.src, in, m, want);
        kernel(in, m, got);
        ASSERT_TRUE(sameReg(c.dst, want, got, c.kind == ReduceKind::Sum))
            << ctx("reduceKernel", c.src, it);
        ASSERT_EQ(0, std::memcmp(want.b + c.dst.bytes(), got.b + c.dst.bytes(),
                                 sizeof want.b - c.dst.bytes()));
      }
    }
  if (!scalarTarget) {
    EXPECT_EQ(sums, 2u * 4); // f16, f32, i32, u32 under both profiles
  }
}

TEST_P(SimdVsRef, PairReduceSum) {
  Gen g(2);
  for (const Profile &prof : arithmeticProfiles())
    for (EK k : {EK::F16, EK::F32}) {
      RegType t{k};
      for (int it = 0; it < kIters * 3; ++it) {
        Reg in = g.reg(t), want, got;
        Mask m = g.mask(t);
        ref::pairReduceSum(prof, t, in, m, want);
        simd::pairReduceSum(prof, t, in, m, got);
        ASSERT_TRUE(sameReg(t, want, got, true)) << ctx("pairReduceSum", t, it);
        // Where exactly one of a pair is active the sum is a + (+0): the same
        // quieted NaN on both sides (x86 keeps the payload of the NaN operand).
        for (unsigned i = 0; i < t.lanes() / 2; ++i)
          if (m.laneActive(t, 2 * i) != m.laneActive(t, 2 * i + 1)) {
            ASSERT_EQ(getLane(want, t, i), getLane(got, t, i)) << ctx("pairReduceSum", t, it);
          }
        // In place.
        simd::pairReduceSum(prof, t, in, m, in);
        ASSERT_TRUE(sameReg(t, want, in, true)) << ctx("pairReduceSum in place", t, it);
      }
    }
}

TEST_P(SimdVsRef, SaturatingF16Arithmetic) {
  // CTRL[48] = 0: the f16 sum tree (every path, incl. overflowing inputs), pair sums and adds.
  const Profile sat = arithmeticProfiles()[1];
  const RegType t{EK::F16};
  Gen g(21);
  for (int it = 0; it < kIters * 3; ++it) {
    Reg in = g.reg(t), other = g.reg(t), want, got;
    if (it % 2) // large values: nodes overflow
      for (unsigned i = 0; i < 128; ++i)
        setLane(in, t, i, (getLane(in, t, i) & 0x83FF) | 0x7800);
    Mask m = g.mask(t);
    ref::reduce(sat, ReduceKind::Sum, t, t, in, m, want);
    simd::reduce(sat, ReduceKind::Sum, t, t, in, m, got);
    ASSERT_TRUE(sameReg(t, want, got, true)) << ctx("reduce sum sat", t, it);
    ref::binary(sat, BinaryKind::Add, t, in, other, m, want);
    simd::binary(sat, BinaryKind::Add, t, in, other, m, got);
    ASSERT_TRUE(sameReg(t, want, got, true)) << ctx("add sat", t, it);
    for (unsigned i = 0; i < 128; ++i) // no inf, no NaN survives
      ASSERT_LT(getLane(got, t, i) & 0x7FFF, 0x7C00u) << ctx("add sat", t, it);
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
  ASSERT_EQ(cases.size(),
            9u + 2u * 5u); // 9 narrow + (u32x{1,2}, u64:1->1, u64x2->{1,2}) per 64-bit kind
  Gen g(3);
  for (const GatherCase &c : cases)
    for (int it = 0; it < kIters; ++it) {
      // Mostly small bases; sometimes one larger than a u16 index can reach.
      uint64_t n = g.chance(5) ? g.below(3)
                               : 1 + g.below(g.chance(5)    ? 70000
                                             : g.chance(50) ? 64
                                                            : 600);
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
      Status sw = ref::gather(::ascreg::semantics::documentedProfile(), c.dst, c.src, c.index,
                              base.data(), n, idx, m, want);
      Status sg = simd::gather(::ascreg::semantics::documentedProfile(), c.dst, c.src, c.index,
                               base.data(), n, idx, m, got);
      ASSERT_EQ(sw.ok, sg.ok) << ctx("gather", c.dst, it);
      if (!sw.ok) {
        ASSERT_EQ(sw.lane, sg.lane) << ctx("gather", c.dst, it);
        ASSERT_EQ(sw.value, sg.value) << ctx("gather", c.dst, it);
        continue;
      }
      ASSERT_TRUE(sameReg(c.dst, want, got))
          << ctx("gather", c.dst, it) << " index " << typeName(c.index);
      // The index register may be the destination.
      Reg inPlace = idx;
      simd::gather(::ascreg::semantics::documentedProfile(), c.dst, c.src, c.index, base.data(), n,
                   inPlace, m, inPlace);
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
      if (p == 14)
        continue; // unused in the vendor numbering
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
          ref::compare(::ascreg::semantics::documentedProfile(), ComparePred(p), t, a, b, m, want);
          simd::compare(::ascreg::semantics::documentedProfile(), ComparePred(p), t, a, b, m, got);
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
        ref::binary(::ascreg::semantics::documentedProfile(), k, t, a, b, m, want);
        simd::binary(::ascreg::semantics::documentedProfile(), k, t, a, b, m, got);
        ASSERT_TRUE(sameReg(t, want, got, k == BinaryKind::Add))
            << ctx("binary", t, it) << " kind " << int(k);
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

// ---- Targeted cases for the SIMD kernels' fast and slow paths ----

/// Runs ref:: and simd:: reduce on `in` / `m` and compares (NaN payloads of
/// sums may differ).
::testing::AssertionResult sameReduce(ReduceKind k, RegType dst, RegType src, const Reg &in,
                                      const Mask &m) {
  Reg want, got;
  std::memset(want.b, 0xAB, sizeof want.b);
  std::memset(got.b, 0xCD, sizeof got.b);
  ref::reduce(::ascreg::semantics::documentedProfile(), k, dst, src, in, m, want);
  simd::reduce(::ascreg::semantics::documentedProfile(), k, dst, src, in, m, got);
  auto r = sameReg(dst, want, got, k == ReduceKind::Sum);
  if (!r)
    return r << " kind " << int(k);
  for (unsigned i = dst.bytes(); i < sizeof got.b; ++i)
    if (got.b[i] != 0xCD)
      return ::testing::AssertionFailure() << "wrote byte " << i << " past the result type";
  return ::testing::AssertionSuccess();
}

/// A full mask, an empty one, a random prefix or random lanes for type t.
Mask pathMask(Gen &g, RegType t, int which) {
  Mask m{};
  switch (which % 4) {
  case 0:
    for (unsigned i = 0; i < t.lanes(); ++i)
      m.set(t.maskStride() * i, true);
    break;
  case 1:
    break;
  case 2:
    for (unsigned i = 0, n = g.below(t.lanes()); i < n; ++i)
      m.set(t.maskStride() * i, true);
    break;
  default:
    m = g.mask(t);
    break;
  }
  return m;
}

/// f16 bits with |x| <= 448 (the fast sum path): subnormals, zeros, exactly
/// +-448, and random magnitudes (ties in the tree are common).
uint64_t smallF16(Gen &g) {
  const uint64_t sign = uint64_t(g.below(2)) << 15;
  switch (g.below(8)) {
  case 0:
    return sign | g.below(0x400); // zero or subnormal
  case 1:
    return sign | 0x5F00; // 448, the bound
  case 2:
    return sign; // +-0
  default:
    return sign | g.below(0x5F01);
  }
}

TEST_P(SimdVsRef, ReduceSumF16Paths) {
  const RegType F16{EK::F16};
  Gen g(11);
  for (int it = 0; it < 4 * kIters; ++it) {
    Reg in = g.reg(F16);
    const int profile = it % 7;
    for (unsigned i = 0; i < 128; ++i)
      setLane(in, F16, i, smallF16(g));
    if (profile == 1) // all lanes equal: sums up to 128 * 448
      for (unsigned i = 0; i < 128; ++i)
        setLane(in, F16, i, getLane(in, F16, 0));
    if (profile == 2) // one lane just above the bound: the F16C path
      setLane(in, F16, g.below(128), (uint64_t(g.below(2)) << 15) | (0x5F01 + g.below(0x1D00)));
    if (profile == 3) // an inactive or active inf / NaN / large lane
      setLane(in, F16, g.below(128), g.edge(EK::F16));
    if (profile == 4) { // f16 overflow to inf inside a node: 65504 + 16 and friends
      for (unsigned i = 0; i < 128; ++i)
        setLane(in, F16, i, g.chance(50) ? 0x7BFF : (g.chance(50) ? 0x4C00 : 0xFBFF));
    }
    if (profile == 5) // cancellation into the subnormal range
      for (unsigned i = 0; i < 128; i += 2)
        setLane(in, F16, i + 1, getLane(in, F16, i) ^ (g.chance(70) ? 0x8000 : 0x8001));
    if (profile == 6) // 8192..16383, + then -: inner nodes overflow to +inf and -inf
      for (unsigned i = 0; i < 128; ++i)
        setLane(in, F16, i, (i < 64 ? 0 : 0x8000) | (0x7000 + g.below(0x400)));
    const Mask m = pathMask(g, F16, it / 7);
    ASSERT_TRUE(sameReduce(ReduceKind::Sum, F16, F16, in, m))
        << "iter " << it << " profile " << profile;
  }
}

TEST_P(SimdVsRef, ReduceSumF32Zeros) {
  const RegType F32{EK::F32};
  Gen g(12);
  for (int it = 0; it < kIters; ++it) {
    Reg in;
    for (unsigned i = 0; i < 64; ++i) // -0 everywhere, some +0 or tiny values
      setLane(in, F32, i, g.chance(90) ? 0x80000000u : g.edge(EK::F32));
    ASSERT_TRUE(sameReduce(ReduceKind::Sum, F32, F32, in, pathMask(g, F32, it))) << "iter " << it;
  }
}

TEST_P(SimdVsRef, ReduceMaxMinPaths) {
  Gen g(13);
  std::vector<RegType> types;
  for (RegType t : allRegTypes())
    if (isLegalReduce(ReduceKind::Max, t, t))
      types.push_back(t);
  ASSERT_EQ(types.size(), 10u);
  for (RegType t : types)
    for (int it = 0; it < kIters; ++it) {
      const bool isF = isFloat(t.elem), f16 = t.elem == EK::F16, sgn = isSignedInt(t.elem);
      const unsigned n = t.lanes(), w = 8 * elemBytes(t.elem);
      const uint64_t all = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1, top = uint64_t(1)
                                                                                  << (w - 1);
      const uint64_t inf = f16 ? 0x7C00 : 0x7F800000u, maxFinite = f16 ? 0x7BFF : 0x7F7FFFFF;
      Reg in = g.reg(t);
      const Mask m = pathMask(g, t, it);
      const int profile = it / 4 % 7;
      if (isF) // start from NaN-free data: finite moderate values
        for (unsigned i = 0; i < n; ++i)
          setLane(in, t, i, g.moderate(t.elem));
      switch (profile) {
      case 0:
        break; // no NaN: the key path decides
      case 1:  // NaNs of either sign, active or not
        for (unsigned k = 0, c = 1 + g.below(3); k < c; ++k)
          setLane(in, t, g.below(n),
                  isF ? (g.chance(50) ? top : 0) | (inf + 1 + g.below(f16 ? 0x3FF : 0x7FFFFF))
                      : g.bits64());
        break;
      case 2: // the extreme is the fill value of inactive lanes: -inf / +inf, type min / max
        for (unsigned i = 0; i < n; ++i)
          if (g.chance(50))
            setLane(in, t, i,
                    isF            ? (g.chance(50) ? top : 0) | inf // -inf or +inf
                    : g.chance(50) ? (sgn ? top : 0)
                                   : (sgn ? top - 1 : all));
        break;
      case 3: // every lane the same value: ties, the first active lane wins
        for (unsigned i = 0; i < n; ++i)
          setLane(in, t, i, getLane(in, t, 0));
        break;
      case 4: // signed zeros (floats), or 0 / -1 (integers)
        for (unsigned i = 0; i < n; ++i)
          setLane(in, t, i, isF ? (g.chance(50) ? top : 0) : (g.chance(50) ? 0 : all));
        break;
      case 5: // two lanes share the extreme; the first one may be inactive
        for (unsigned i = 0; i < n; ++i)
          setLane(in, t, i, isF ? g.moderate(t.elem) & ~top : g.bits64() & (top - 1) & 0xFFFF);
        setLane(in, t, g.below(n), isF ? maxFinite : top - 2);
        setLane(in, t, g.below(n), isF ? maxFinite : top - 2);
        break;
      default: // edge values everywhere (NaN, inf, subnormal, type limits)
        for (unsigned i = 0; i < n; ++i)
          setLane(in, t, i, g.edge(t.elem));
        break;
      }
      for (ReduceKind k : {ReduceKind::Max, ReduceKind::Min})
        ASSERT_TRUE(sameReduce(k, t, t, in, m)) << ctx("reduce", t, it) << " profile " << profile;
    }
}

TEST_P(SimdVsRef, GatherF32Paths) {
  Gen g(14);
  const RegType F32{EK::F32}, U32{EK::U32};
  std::vector<uint8_t> base(4 * 5000);
  for (auto &b : base)
    b = uint8_t(g.bits64());
  for (int it = 0; it < kIters; ++it) {
    const int profile = it % 5;
    uint64_t n = 1 + g.below(5000);
    if (profile == 4)
      n = g.chance(50) ? 0 : uint64_t(1) << 33; // nothing / everything in bounds
    Reg idx;
    for (unsigned i = 0; i < 64; ++i)
      setLane(idx, U32, i, g.below(n == 0 || n > 5000 ? 5000 : unsigned(n)));
    Mask m = pathMask(g, F32, it / 5);
    if (profile == 1 || profile == 2) { // out of bounds in some lane (maybe inactive)
      const unsigned lane = profile == 1 ? g.below(64) : (g.chance(50) ? 0 : 63);
      setLane(idx, U32, lane, g.chance(50) ? n + g.below(3) : 0xFFFFFFFFu - g.below(3));
    }
    if (profile == 3) // out of bounds only in inactive lanes
      for (unsigned i = 0; i < 64; ++i)
        if (!m.laneActive(F32, i))
          setLane(idx, U32, i, n + g.below(100));
    if (n == 0)
      m = Mask{};
    Reg want, got;
    std::memset(want.b, 0x5A, sizeof want.b);
    std::memset(got.b, 0x5A, sizeof got.b);
    const Status sw = ref::gather(::ascreg::semantics::documentedProfile(), F32, EK::F32, U32,
                                  base.data(), n, idx, m, want);
    const Status sg = simd::gather(::ascreg::semantics::documentedProfile(), F32, EK::F32, U32,
                                   base.data(), n, idx, m, got);
    ASSERT_EQ(sw.ok, sg.ok) << "iter " << it;
    ASSERT_EQ(sw.lane, sg.lane) << "iter " << it;
    ASSERT_EQ(sw.value, sg.value) << "iter " << it;
    ASSERT_EQ(0, std::memcmp(want.b, got.b, sizeof want.b))
        << "iter " << it; // failures leave out alone
    Reg inPlace = idx;    // the index register as the destination
    const Status si = simd::gather(::ascreg::semantics::documentedProfile(), F32, EK::F32, U32,
                                   base.data(), n, inPlace, m, inPlace);
    ASSERT_EQ(sw.ok, si.ok);
    if (sw.ok) {
      ASSERT_TRUE(sameReg(F32, want, inPlace)) << "in place, iter " << it;
    }
  }
}

TEST_P(SimdVsRef, ResolvedGatherKernelIsTheGatherOfItsTypes) {
  // What the interpreter calls per gather (simd::gatherKernel): one kernel
  // per legal gather, equal to the reference on full, partial and empty
  // masks, in bounds or not; none under a non-documented profile (rewrites
  // around the kernel) and none on the SCALAR target.
  const bool scalarTarget = std::string(simd::targetName()) == "SCALAR";
  Profile other = documentedProfile();
  other.maxMinNaN = MaxMinNaN::Canonical;
  ASSERT_FALSE(other.choicesDocumented());
  Gen g(22);
  for (const GatherCase &c : legalGathers()) {
    const simd::GatherKernel kernel =
        simd::gatherKernel(documentedProfile(), c.dst, c.src, c.index);
    EXPECT_EQ(simd::gatherKernel(other, c.dst, c.src, c.index), nullptr) << typeName(c.dst);
    if (scalarTarget) {
      EXPECT_EQ(kernel, nullptr) << typeName(c.dst);
      continue;
    }
    ASSERT_NE(kernel, nullptr) << typeName(c.dst) << " index " << typeName(c.index);
    for (int it = 0; it < kIters / 20; ++it) {
      const uint64_t n = 1 + g.below(it % 10 ? 600 : 70000);
      std::vector<uint8_t> base(n * elemBytes(c.src) + 8);
      for (size_t i = 0; i + 8 <= base.size(); i += 8) {
        const uint64_t v = g.bits64();
        std::memcpy(&base[i], &v, 8);
      }
      Reg idx = g.reg(c.index);
      const bool oob = it % 7 == 3;
      for (unsigned i = 0; i < c.index.lanes(); ++i) {
        uint64_t e = g.bits64() % (c.index.elem == EK::U16 && n > 0x10000 ? 0x10000 : n);
        if (oob && g.chance(4))
          e = n + g.below(100);
        if (c.index.elem == EK::U64)
          e |= g.bits64() << 32; // ignored high half
        setLane(idx, c.index, i, e);
      }
      const Mask m = pathMask(g, c.dst, it);
      Reg want, got;
      std::memset(want.b, 0x5A, sizeof want.b);
      std::memset(got.b, 0x5A, sizeof got.b);
      const Status sw =
          ref::gather(documentedProfile(), c.dst, c.src, c.index, base.data(), n, idx, m, want);
      const Status sg = kernel(base.data(), n, idx, m, got);
      ASSERT_EQ(sw.ok, sg.ok) << ctx("gatherKernel", c.dst, it);
      ASSERT_EQ(sw.lane, sg.lane) << ctx("gatherKernel", c.dst, it);
      ASSERT_EQ(sw.value, sg.value) << ctx("gatherKernel", c.dst, it);
      ASSERT_EQ(0, std::memcmp(want.b, got.b, sizeof want.b))
          << ctx("gatherKernel", c.dst, it) << " index " << typeName(c.index);
    }
  }
}

TEST_P(SimdVsRef, ResolvedPairReduceKernelIsThePairSumOfItsType) {
  // What the interpreter calls per pair_reduce_sum (simd::pairReduceKernel):
  // one kernel per legal type and CTRL[48] state (f16 saturating or not),
  // equal to the reference on full, partial and empty masks and with large
  // f16 pairs whose sum overflows, in place too; none for other types,
  // under a non-documented profile (rewrites around the kernel) or on the
  // SCALAR target (it forwards to the reference).
  const bool scalarTarget = std::string(simd::targetName()) == "SCALAR";
  Profile exact = documentedProfile();
  exact.pairSingleLane = PairSingleLane::Exact;
  ASSERT_FALSE(exact.choicesDocumented());
  const std::vector<Profile> profiles = arithmeticProfiles();
  for (RegType t : allRegTypes())
    if (!isLegalPairReduce(t)) {
      EXPECT_EQ(simd::pairReduceKernel(profiles[0], t), nullptr) << typeName(t);
    }
  Gen g(23);
  for (EK k : {EK::F16, EK::F32}) {
    RegType t{k};
    EXPECT_EQ(simd::pairReduceKernel(exact, t), nullptr) << typeName(t);
    const simd::PairReduceKernel plain = simd::pairReduceKernel(profiles[0], t),
                                 saturating = simd::pairReduceKernel(profiles[1], t);
    if (scalarTarget) {
      EXPECT_EQ(plain, nullptr);
      EXPECT_EQ(saturating, nullptr);
      continue;
    }
    ASSERT_NE(plain, nullptr) << typeName(t);
    ASSERT_NE(saturating, nullptr) << typeName(t);
    // CTRL[48] changes f16 sums only.
    EXPECT_EQ(plain == saturating, k == EK::F32) << typeName(t);
    for (const Profile &prof : profiles) {
      const simd::PairReduceKernel kernel = simd::pairReduceKernel(prof, t);
      for (int it = 0; it < kIters; ++it) {
        Reg in = g.reg(t);
        if (k == EK::F16 && it % 2) // large values: pairs of one sign overflow
          for (unsigned i = 0; i < 128; ++i)
            setLane(in, t, i, (getLane(in, t, i) & 0x83FF) | 0x7800);
        const Mask m = pathMask(g, t, it);
        Reg want, got;
        std::memset(want.b, 0xAB, sizeof want.b);
        std::memset(got.b, 0xAB, sizeof got.b);
        ref::pairReduceSum(prof, t, in, m, want);
        kernel(in, m, got);
        ASSERT_TRUE(sameReg(t, want, got, true)) << ctx("pairReduceKernel", t, it);
        kernel(in, m, in);
        ASSERT_TRUE(sameReg(t, want, in, true)) << ctx("pairReduceKernel in place", t, it);
      }
    }
  }
}

/// The interpreter hands out registers in its Unified Buffer: 32-byte
/// aligned, not 64. Every kernel must accept that.
TEST_P(SimdVsRef, RegistersAt32ByteAlignment) {
  Gen g(15);
  alignas(64) static uint8_t arena[4 * sizeof(Reg) + 32];
  Reg &in = *reinterpret_cast<Reg *>(arena + 32);
  Reg &out = *reinterpret_cast<Reg *>(arena + 32 + sizeof(Reg));
  Reg &idx = *reinterpret_cast<Reg *>(arena + 32 + 2 * sizeof(Reg));
  for (const ReduceCase &c : legalReduces())
    for (int it = 0; it < 50; ++it) {
      in = g.reg(c.src);
      const Mask m = g.mask(c.src);
      Reg want;
      ref::reduce(::ascreg::semantics::documentedProfile(), c.kind, c.dst, c.src, in, m, want);
      simd::reduce(::ascreg::semantics::documentedProfile(), c.kind, c.dst, c.src, in, m, out);
      ASSERT_TRUE(sameReg(c.dst, want, out, c.kind == ReduceKind::Sum));
    }
  for (RegType t : allRegTypes()) {
    in = g.reg(t);
    const Mask m = g.mask(t);
    Reg want;
    if (isLegalPairReduce(t)) {
      ref::pairReduceSum(::ascreg::semantics::documentedProfile(), t, in, m, want);
      simd::pairReduceSum(::ascreg::semantics::documentedProfile(), t, in, m, out);
      ASSERT_TRUE(sameReg(t, want, out, true)) << typeName(t);
    }
    if (t.numRegs == 1 && elemBytes(t.elem) <= 4) {
      idx = g.reg(RegType{elemBytes(t.elem) == 1   ? EK::U8
                          : elemBytes(t.elem) == 2 ? EK::U16
                                                   : EK::U32});
      ref::gatherReg(t, in, idx, want);
      simd::gatherReg(t, in, idx, out);
      ASSERT_TRUE(sameReg(t, want, out)) << typeName(t);
    }
    Reg a = g.reg(t);
    ref::select(t, m, in, a, want);
    simd::select(t, m, in, a, out);
    ASSERT_TRUE(sameReg(t, want, out)) << typeName(t);
    alignas(32) uint8_t ub1[512], ub2[512];
    std::memset(ub1, 1, sizeof ub1);
    std::memset(ub2, 1, sizeof ub2);
    ref::storeAlign(t, in, m, ub1);
    simd::storeAlign(t, in, m, ub2);
    ASSERT_EQ(0, std::memcmp(ub1, ub2, sizeof ub1)) << typeName(t);
  }
  std::vector<uint8_t> base(4 * 1000, 3);
  for (unsigned i = 0; i < 64; ++i)
    setLane(idx, RegType{EK::U32}, i, g.below(1000));
  Reg want;
  const Mask m = g.mask(RegType{EK::F32});
  ref::gather(::ascreg::semantics::documentedProfile(), RegType{EK::F32}, EK::F32, RegType{EK::U32},
              base.data(), 1000, idx, m, want);
  simd::gather(::ascreg::semantics::documentedProfile(), RegType{EK::F32}, EK::F32,
               RegType{EK::U32}, base.data(), 1000, idx, m, out);
  ASSERT_TRUE(sameReg(RegType{EK::F32}, want, out));
}

INSTANTIATE_TEST_SUITE_P(AllTargets, SimdVsRef, everyTarget(), targetParamName);

TEST(SimdTargets, DefaultIsAvx2OnThisMachineClass) {
  // Informational: the name must be non-empty; AVX2 machines pick AVX2.
  std::string name = simd::targetName();
  EXPECT_FALSE(name.empty());
  auto targets = simd::availableTargets();
  ASSERT_FALSE(targets.empty());
  EXPECT_EQ(name, simd::targetNameOf(targets.front()));
}

} // namespace
