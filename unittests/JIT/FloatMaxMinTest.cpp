//===- FloatMaxMinTest.cpp - f32 reduce max / min at the shortcut's edges -===//
//
// The JIT lowers f32 reduce <max|min> with native float compares and hands
// to the integer keys whenever float order is not the key order: a NaN in
// an active lane, an extreme that is a zero (-0 < +0), an extreme that is
// the fill of the inactive lanes (-inf for max: no active lane, or only
// -inf ones). Each case here sits on one of those edges, with the mask
// from a compare (lanes whose selector is NaN are inactive), so lane 0 can
// be inactive. The expected bits are hand-computed from docs/semantics.md
// (reduce max / min: the first NaN with its payload, else the first lane
// holding the extreme in the order -inf < ... < -0 < +0 < ... < +inf; an
// empty mask gives -inf / +inf, or -FLT_MAX / FLT_MAX under
// maxmin.empty = finite, and index 0). Both engines run every case.
//
//===----------------------------------------------------------------------===//
#include "BothEngines.h"
#include "ParsedModule.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace sem = ascreg::semantics;
using ascreg::interp::Arg;

/// @<kind>: out = reduce <kind> of x over the lanes whose selector is not a
/// NaN (the mask of `compare <eq> sel, sel`).
std::string reduceFunction(const std::string &kind) {
  return "  func.func @" + kind +
         R"mlir((%x: memref<64xf32>, %sel: memref<64xf32>, %out: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %x[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %s = ascreg.load_align %sel[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %m = ascreg.compare <eq> %s, %s, %all : !ascreg.vreg<64xf32>
    %r = ascreg.reduce <)mlir" +
         kind + R"mlir(> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %r, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
)mlir";
}

constexpr uint32_t kNegInf = 0xFF800000, kPosInf = 0x7F800000, kNegZero = 0x80000000,
                   kPosZero = 0x00000000, kNegMax = 0xFF7FFFFF, kPosMax = 0x7F7FFFFF,
                   kQuietNaN = 0x7FC00123, kNegNaN = 0xFFC00456, kSelectorNaN = 0x7FC00000;

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

/// 64 lanes: the bits of each, and whether it is active.
struct Lanes {
  std::vector<uint32_t> bits = std::vector<uint32_t>(64, bitsOf(-1.0f));
  std::vector<bool> active = std::vector<bool>(64, true);
  Lanes &set(int lane, uint32_t b) {
    bits[lane] = b;
    return *this;
  }
  Lanes &off(int lane) {
    active[lane] = false;
    return *this;
  }
  Lanes &allOff() {
    active.assign(64, false);
    return *this;
  }
};

struct Result {
  uint32_t value, index;
  bool operator==(const Result &o) const { return value == o.value && index == o.index; }
};

void PrintTo(const Result &r, std::ostream *os) {
  *os << "value 0x" << std::hex << r.value << ", index " << std::dec << r.index;
}

class FloatMaxMin : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_TRUE(parsed.module) << parsed.diagnostics; }

  /// Lanes 0 and 1 of `entry`'s result on `in`, by the interpreter or the JIT.
  Result run(const char *entry, const Lanes &in, bool jit,
             const std::optional<sem::Profile> &profile = std::nullopt) {
    std::vector<uint32_t> x = in.bits, sel(64, 0), out(64, 0xDEADBEEF);
    for (int i = 0; i < 64; ++i)
      sel[i] = in.active[i] ? 0 : kSelectorNaN;
    std::vector<Arg> args = {Arg::buffer(x.data(), 64), Arg::buffer(sel.data(), 64),
                             Arg::buffer(out.data(), 64)};
    EXPECT_TRUE(runOnEngine(*parsed.module, entry, args, jit, profile))
        << entry << (jit ? " jit" : " interpreter");
    return {out[0], out[1]};
  }

  /// Both engines give `expected` for `entry` on `in`.
  void expectBoth(const char *entry, const Lanes &in, Result expected,
                  const std::optional<sem::Profile> &profile = std::nullopt) {
    for (bool jit : {false, true})
      EXPECT_EQ(run(entry, in, jit, profile), expected) << entry << (jit ? " jit" : " interpreter");
  }

  ParsedModule parsed{"module {\n" + reduceFunction("max") + reduceFunction("min") + "}\n",
                      "float-max-min.mlir"};
};

TEST_F(FloatMaxMin, OnlyMinusInfinityActiveGivesTheFirstActiveLane) {
  Lanes in;
  for (int i = 0; i < 64; ++i)
    in.set(i, kNegInf);
  in.off(0).off(1).off(2).set(1, bitsOf(7.0f)); // the larger value is inactive
  expectBoth("max", in, {kNegInf, 3});
  Lanes pos;
  for (int i = 0; i < 64; ++i)
    pos.set(i, kPosInf);
  pos.off(0).off(1).off(2).off(3).off(4);
  expectBoth("min", pos, {kPosInf, 5});
}

TEST_F(FloatMaxMin, AnEmptyMaskGivesTheInfinityOrTheFiniteExtremeAtLaneZero) {
  Lanes none;
  none.allOff().set(0, bitsOf(3.0f));
  expectBoth("max", none, {kNegInf, 0});
  expectBoth("min", none, {kPosInf, 0});
  sem::Profile finite;
  finite.maxMinEmpty = sem::MaxMinEmpty::Finite;
  expectBoth("max", none, {kNegMax, 0}, finite);
  expectBoth("min", none, {kPosMax, 0}, finite);
}

TEST_F(FloatMaxMin, PlusZeroBeatsAnEarlierMinusZero) {
  Lanes in; // every other lane -1
  in.set(4, kNegZero).set(9, kPosZero).set(12, kNegZero);
  expectBoth("max", in, {kPosZero, 9});
  Lanes neg;
  neg.set(4, kNegZero).set(9, kNegZero);
  expectBoth("max", neg, {kNegZero, 4});
  Lanes pos;
  for (int i = 0; i < 64; ++i)
    pos.set(i, bitsOf(2.0f));
  pos.set(6, kPosZero).set(8, kNegZero).set(11, kPosZero);
  expectBoth("min", pos, {kNegZero, 8});
}

TEST_F(FloatMaxMin, AnActiveNaNWinsWithItsPayloadAndAnInactiveOneIsIgnored) {
  Lanes in;
  in.set(3, bitsOf(100.0f)).set(10, kQuietNaN).set(20, kNegNaN);
  expectBoth("max", in, {kQuietNaN, 10});
  expectBoth("min", in, {kQuietNaN, 10});
  in.off(10);
  expectBoth("max", in, {kNegNaN, 20});
  in.off(20);
  expectBoth("max", in, {bitsOf(100.0f), 3});
  expectBoth("min", in, {bitsOf(-1.0f), 0});
}

TEST_F(FloatMaxMin, TheFirstActiveLaneHoldingTheExtremeWins) {
  Lanes in;
  in.set(0, bitsOf(5.0f)).off(0).set(9, bitsOf(5.0f)).set(30, bitsOf(5.0f));
  expectBoth("max", in, {bitsOf(5.0f), 9});
  in.set(2, bitsOf(-9.0f)).off(2).set(40, bitsOf(-9.0f)).set(41, bitsOf(-9.0f));
  expectBoth("min", in, {bitsOf(-9.0f), 40});
  Lanes subnormal; // the smallest subnormal above -1s and below a larger one
  subnormal.set(17, 0x00000001).set(33, 0x00000002).set(35, 0x00000002);
  expectBoth("max", subnormal, {0x00000002, 33});
  sem::Profile flush; // compare.subnormals = flush: a subnormal is a zero of its sign
  flush.compareSubnormals = sem::CompareSubnormals::Flush;
  Lanes tiny;
  tiny.set(17, 0x80000002).set(20, 0x00000001).set(22, kPosZero);
  expectBoth("max", tiny, {kPosZero, 20}, flush);
}

} // namespace
