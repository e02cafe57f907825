//===- LegalityTest.cpp - The legal type tables of docs/semantics.md ------===//
//
// Each test lists the contract's table by hand and checks that exactly those
// combinations are accepted among all register types.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

const RegType F16{EK::F16}, BF16{EK::BF16}, F32{EK::F32}, I8{EK::I8}, U8{EK::U8}, I16{EK::I16},
    U16{EK::U16}, I32{EK::I32}, U32{EK::U32}, I64{EK::I64}, U64{EK::U64}, I64x2{EK::I64, 2},
    U64x2{EK::U64, 2};

/// All RegTypes plus invalid ones (two-register forms of narrow kinds).
std::vector<RegType> candidates() {
  std::vector<RegType> r = allRegTypes();
  for (EK k : {EK::I8, EK::F16, EK::I32, EK::U32, EK::F32})
    r.push_back(RegType{k, 2});
  return r;
}

bool contains(const std::vector<std::pair<RegType, RegType>> &v, RegType a, RegType b) {
  return std::any_of(v.begin(), v.end(), [&](auto &p) { return p.first == a && p.second == b; });
}

TEST(Legality, ReduceSum) {
  const std::vector<std::pair<RegType, RegType>> legal = {
      {F16, F16}, {F32, F32}, {I32, I16}, {U32, U16},     {I32, I32},
      {U32, U32}, {I64, I64}, {U64, U64}, {I64x2, I64x2}, {U64x2, U64x2}};
  for (RegType d : candidates())
    for (RegType s : candidates())
      EXPECT_EQ(isLegalReduce(ReduceKind::Sum, d, s), contains(legal, d, s))
          << "sum " << typeName(d) << " <- " << typeName(s);
  // Samples of illegal ones spelled out.
  EXPECT_FALSE(isLegalReduce(ReduceKind::Sum, I16, I16));
  EXPECT_FALSE(isLegalReduce(ReduceKind::Sum, I32, U16));
  EXPECT_FALSE(isLegalReduce(ReduceKind::Sum, BF16, BF16));
  EXPECT_FALSE(isLegalReduce(ReduceKind::Sum, I64, I64x2)); // register counts differ
}

TEST(Legality, ReduceMaxMin) {
  const std::vector<std::pair<RegType, RegType>> legal = {
      {I16, I16}, {U16, U16}, {F16, F16}, {I32, I32},     {U32, U32},
      {F32, F32}, {I64, I64}, {U64, U64}, {I64x2, I64x2}, {U64x2, U64x2}};
  for (ReduceKind k : {ReduceKind::Max, ReduceKind::Min})
    for (RegType d : candidates())
      for (RegType s : candidates())
        EXPECT_EQ(isLegalReduce(k, d, s), contains(legal, d, s))
            << typeName(d) << " <- " << typeName(s);
  EXPECT_FALSE(isLegalReduce(ReduceKind::Max, I8, I8));
  EXPECT_FALSE(isLegalReduce(ReduceKind::Max, BF16, BF16));
  EXPECT_FALSE(isLegalReduce(ReduceKind::Min, I32, I16));
}

TEST(Legality, PairReduce) {
  for (RegType t : candidates())
    EXPECT_EQ(isLegalPairReduce(t), t == F16 || t == F32) << typeName(t);
}

TEST(Legality, Gather) {
  struct G {
    RegType dst;
    EK src;
    RegType idx;
  };
  const std::vector<G> legal = {{I16, EK::I8, U16},
                                {U16, EK::U8, U16},
                                {I16, EK::I16, U16},
                                {U16, EK::U16, U16},
                                {F16, EK::F16, U16},
                                {BF16, EK::BF16, U16},
                                {I32, EK::I32, U32},
                                {U32, EK::U32, U32},
                                {F32, EK::F32, U32},
                                // 64-bit (seed 003 B64 table), for i64 and u64 alike.
                                {I64, EK::I64, U32},
                                {I64x2, EK::I64, U32},
                                {I64, EK::I64, U64},
                                {I64, EK::I64, U64x2},
                                {I64x2, EK::I64, U64x2},
                                {U64, EK::U64, U32},
                                {U64x2, EK::U64, U32},
                                {U64, EK::U64, U64},
                                {U64, EK::U64, U64x2},
                                {U64x2, EK::U64, U64x2}};
  int accepted = 0;
  for (RegType d : candidates())
    for (RegType s : allRegTypes())
      for (RegType ix : candidates()) {
        if (s.numRegs != 1)
          continue;
        bool want = std::any_of(legal.begin(), legal.end(), [&](const G &g) {
          return g.dst == d && g.src == s.elem && g.idx == ix;
        });
        bool got = isLegalGather(d, s.elem, ix);
        EXPECT_EQ(got, want) << typeName(d) << " <- " << elemName(s.elem) << " [" << typeName(ix)
                             << "]";
        accepted += got;
      }
  EXPECT_EQ(accepted, 19);
  // The combination the vendor rejects with a static_assert.
  EXPECT_FALSE(isLegalGather(U64x2, EK::U64, U64));
  EXPECT_FALSE(isLegalGather(I64x2, EK::I64, U64));
  // Mixed signedness, byte indices, wrong index width.
  EXPECT_FALSE(isLegalGather(I64, EK::U64, U32));
  EXPECT_FALSE(isLegalGather(I16, EK::U8, U16));
  EXPECT_FALSE(isLegalGather(I32, EK::I32, U16));
  EXPECT_FALSE(isLegalGather(I8, EK::I8, U8));
}

TEST(Legality, GatherReg) {
  const std::vector<std::pair<RegType, RegType>> legal = {{I8, U8},   {U8, U8},   {I16, U16},
                                                          {U16, U16}, {F16, U16}, {BF16, U16},
                                                          {I32, U32}, {U32, U32}, {F32, U32}};
  for (RegType d : candidates())
    for (RegType ix : candidates())
      EXPECT_EQ(isLegalGatherReg(d, ix), contains(legal, d, ix))
          << typeName(d) << " [" << typeName(ix) << "]";
}

TEST(Legality, Companions) {
  for (RegType t : candidates()) {
    bool valid = t.numRegs == 1 || t == I64x2 || t == U64x2;
    EXPECT_EQ(isValidRegType(t), valid) << typeName(t);
    EXPECT_EQ(isLegalArange(t), valid && t.elem != EK::BF16) << typeName(t);
    EXPECT_EQ(isLegalCompare(t), valid && t.elem != EK::BF16) << typeName(t);
    EXPECT_EQ(isLegalBinary(t), valid && t.elem != EK::BF16) << typeName(t);
  }
}

} // namespace
