//===- LimitTest.cpp - the hand-written loops against ascreg's semantics --===//
//
// Each loop of LimitKernels.h (scalar, and AVX2 where the host has it) runs
// on NaN-free registers: random values, ties, signed zeros, infinities,
// subnormals and sums that overflow f16, under every kind of count (none,
// partial, exact, carried over). The expected result is computed register by
// register with ascreg's reference semantics (semantics::ref, the
// interpreter's oracle), never with the loops themselves.
//
//===----------------------------------------------------------------------===//
#include "LimitKernels.h"

#include "ascreg/Semantics/Profile.h"
#include "ascreg/Semantics/Semantics.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

using namespace ascreg;
namespace sem = ascreg::semantics;
using sem::ElemKind;
using sem::RegType;

namespace {

constexpr size_t kRegs = 6;
/// Counts over kRegs registers: none, inside the first register, at and
/// around register boundaries, all and more than all (the carry saturates).
const uint32_t kCounts[] = {0,   1,   2,   31,  63,  64,  65,  100, 127, 128,  129,
                            200, 255, 256, 300, 383, 384, 500, 767, 768, 1000, 0xFFFFFFFFu};

std::vector<const limit::Kernels *> kernelSets() {
  std::vector<const limit::Kernels *> sets = {&limit::scalarKernels()};
  if (limit::hostHasAvx2())
    sets.push_back(&limit::avx2Kernels());
  if (limit::hostHasAvx512Fp16())
    sets.push_back(&limit::avx512Fp16Kernels());
  return sets;
}

/// NaN-free f32 bits: a mix of small integers (ties), +-0, +-inf, subnormals
/// and arbitrary finite values.
uint32_t randomF32Bits(std::mt19937 &rng) {
  switch (rng() % 8) {
  case 0:
    return rng() % 2 ? 0x80000000u : 0u;
  case 1:
    return rng() % 2 ? 0xFF800000u : 0x7F800000u;
  case 2:
    return (rng() & 0x807FFFFFu); // subnormal or zero
  case 3: {
    float f = float(int(rng() % 9) - 4);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  default: {
    uint32_t b = rng();
    return (b & 0x7F800000u) == 0x7F800000u ? b & 0xBFFFFFFFu : b; // no NaN
  }
  }
}

uint16_t randomF16Bits(std::mt19937 &rng) {
  switch (rng() % 8) {
  case 0:
    return rng() % 2 ? 0x8000 : 0;
  case 1:
    return rng() % 2 ? 0xFC00 : 0x7C00;
  case 2:
    return uint16_t(rng() & 0x83FF); // subnormal or zero
  case 3:
    return uint16_t((rng() % 2 ? 0x8000 : 0) | (0x7800 + rng() % 0x3FF)); // sums overflow
  default: {
    uint16_t b = uint16_t(rng());
    return (b & 0x7C00) == 0x7C00 ? uint16_t(b & 0xBFFF) : b; // no NaN
  }
  }
}

/// ascreg's reduce / pair_reduce_sum conformance loop, register by register.
template <typename Op>
std::vector<uint8_t> expectedLoop(RegType t, const uint8_t *src, uint32_t count, Op op) {
  std::vector<uint8_t> out(kRegs * sem::kVLBytes);
  for (size_t r = 0; r < kRegs; ++r) {
    sem::Mask m;
    uint32_t rest;
    sem::ref::updateMask(t, count, m, rest);
    count = rest;
    sem::Reg in, res;
    sem::ref::loadAlign(t, src + r * sem::kVLBytes, in);
    op(in, m, res);
    std::memcpy(out.data() + r * sem::kVLBytes, res.b, sem::kVLBytes);
  }
  return out;
}

template <typename T> std::vector<uint8_t> bytesOf(const std::vector<T> &v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

TEST(LimitKernels, ReduceMaxF32) {
  const RegType f32{ElemKind::F32};
  std::mt19937 rng(1);
  for (const limit::Kernels *k : kernelSets())
    for (int trial = 0; trial < 20; ++trial)
      for (uint32_t count : kCounts) {
        std::vector<uint32_t> src(kRegs * 64);
        for (uint32_t &b : src)
          b = trial < 5 ? (rng() % 4 == 0 ? 0x80000000u : 0u) : randomF32Bits(rng);
        std::vector<float> dst(kRegs * 64, 1.0f);
        std::vector<float> in(src.size());
        std::memcpy(in.data(), src.data(), 4 * src.size());
        k->reduceMaxF32(in.data(), dst.data(), count, kRegs);
        auto want = expectedLoop(f32, bytesOf(src).data(), count,
                                 [&](const sem::Reg &v, const sem::Mask &m, sem::Reg &res) {
                                   sem::ref::reduce(sem::documentedProfile(), sem::ReduceKind::Max,
                                                    f32, f32, v, m, res);
                                 });
        ASSERT_EQ(bytesOf(dst), want) << k->name << " count " << count << " trial " << trial;
      }
}

TEST(LimitKernels, ReduceSumF16) {
  const RegType f16{ElemKind::F16};
  std::mt19937 rng(2);
  for (const limit::Kernels *k : kernelSets())
    for (int trial = 0; trial < 20; ++trial)
      for (uint32_t count : kCounts) {
        std::vector<uint16_t> src(kRegs * 128), dst(kRegs * 128, 0x3C00);
        for (uint16_t &b : src)
          b = randomF16Bits(rng);
        k->reduceSumF16(src.data(), dst.data(), count, kRegs);
        auto want = expectedLoop(f16, bytesOf(src).data(), count,
                                 [&](const sem::Reg &v, const sem::Mask &m, sem::Reg &res) {
                                   sem::ref::reduce(sem::documentedProfile(), sem::ReduceKind::Sum,
                                                    f16, f16, v, m, res);
                                 });
        ASSERT_EQ(bytesOf(dst), want) << k->name << " count " << count << " trial " << trial;
      }
}

// The f16 inputs tell the tree order from others: a left-to-right sum of
// the same register gives another value (so a loop summing in the wrong
// order fails ReduceSumF16).
TEST(LimitKernels, ReduceSumF16InputsDistinguishTheOrder) {
  std::vector<uint16_t> src(128, limit::f32ToF16(1.0f)), dst(128);
  src[0] = limit::f32ToF16(2048.0f); // 2048 + 1 rounds back to 2048 in f16
  float sequential = 0;
  for (uint16_t h : src)
    sequential = limit::f16ToF32(limit::f32ToF16(sequential + limit::f16ToF32(h)));
  for (const limit::Kernels *k : kernelSets()) {
    k->reduceSumF16(src.data(), dst.data(), 128, 1);
    sem::Reg in, res;
    sem::Mask m;
    uint32_t rest;
    sem::ref::updateMask(RegType{ElemKind::F16}, 128, m, rest);
    std::memcpy(in.b, src.data(), 256);
    sem::ref::reduce(sem::documentedProfile(), sem::ReduceKind::Sum, RegType{ElemKind::F16},
                     RegType{ElemKind::F16}, in, m, res);
    uint16_t tree;
    std::memcpy(&tree, res.b, 2);
    EXPECT_EQ(dst[0], tree) << k->name;
    EXPECT_NE(dst[0], limit::f32ToF16(sequential)) << k->name;
  }
}

TEST(LimitKernels, PairReduceSumF32) {
  const RegType f32{ElemKind::F32};
  std::mt19937 rng(3);
  for (const limit::Kernels *k : kernelSets())
    for (int trial = 0; trial < 20; ++trial)
      for (uint32_t count : kCounts) {
        std::vector<uint32_t> src(kRegs * 64);
        for (uint32_t &b : src)
          b = randomF32Bits(rng);
        std::vector<float> in(src.size()), dst(kRegs * 64, 1.0f);
        std::memcpy(in.data(), src.data(), 4 * src.size());
        k->pairReduceSumF32(in.data(), dst.data(), count, kRegs);
        auto want =
            expectedLoop(f32, bytesOf(src).data(), count,
                         [&](const sem::Reg &v, const sem::Mask &m, sem::Reg &res) {
                           sem::ref::pairReduceSum(sem::documentedProfile(), f32, v, m, res);
                         });
        ASSERT_EQ(bytesOf(dst), want) << k->name << " count " << count << " trial " << trial;
      }
}

TEST(LimitKernels, GatherF32) {
  const RegType f32{ElemKind::F32}, u32{ElemKind::U32};
  std::mt19937 rng(4);
  const size_t baseElems = 1000;
  for (const limit::Kernels *k : kernelSets())
    for (int trial = 0; trial < 10; ++trial)
      for (uint32_t count : kCounts) {
        std::vector<uint32_t> base(baseElems), index(kRegs * 64);
        for (uint32_t &b : base)
          b = randomF32Bits(rng);
        for (uint32_t &i : index)
          i = rng() % baseElems;
        // Past the active lanes an index may point anywhere.
        uint32_t active = std::min<uint64_t>(count, index.size());
        for (size_t i = active; i < index.size(); ++i)
          index[i] = rng();
        std::vector<float> fbase(baseElems), dst(kRegs * 64, 1.0f);
        std::memcpy(fbase.data(), base.data(), 4 * baseElems);
        ASSERT_TRUE(k->gatherF32(fbase.data(), baseElems, index.data(), dst.data(), count, kRegs));
        std::vector<uint8_t> baseBytes = bytesOf(base);
        auto want = expectedLoop(
            u32, bytesOf(index).data(), count,
            [&](const sem::Reg &idx, const sem::Mask &m, sem::Reg &res) {
              ASSERT_TRUE(sem::ref::gather(sem::documentedProfile(), f32, ElemKind::F32, u32,
                                           baseBytes.data(), baseElems, idx, m, res)
                              .ok);
            });
        ASSERT_EQ(bytesOf(dst), want) << k->name << " count " << count << " trial " << trial;
      }
}

TEST(LimitKernels, GatherF32StopsAtAnIndexOutsideTheBase) {
  std::vector<float> base(100, 1.0f), dst(128);
  for (const limit::Kernels *k : kernelSets())
    for (uint32_t bad : {100u, 0x80000000u, 0xFFFFFFFFu}) {
      std::vector<uint32_t> index(128, 5);
      index[70] = bad;
      EXPECT_FALSE(k->gatherF32(base.data(), base.size(), index.data(), dst.data(), 128, 2))
          << k->name << " " << bad;
      EXPECT_TRUE(k->gatherF32(base.data(), base.size(), index.data(), dst.data(), 70, 2))
          << k->name << " " << bad << " in an inactive lane";
    }
}

TEST(LimitKernels, F16ConversionsRoundTrip) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7FFF) > 0x7C00) // NaN
      continue;
    ASSERT_EQ(limit::f32ToF16(limit::f16ToF32(uint16_t(h))), h) << h;
  }
  for (uint32_t x = 0; x < 0x7F800000u; x += 0x1003) {
    float f;
    std::memcpy(&f, &x, 4);
    ASSERT_EQ(limit::f32ToF16(f), sem::f32ToF16(f)) << x;
  }
}

} // namespace
