//===- SimdSumTree-inl.h - The sum tree in registers ------------*- C++ -*-===//
//
// Private to lib/Semantics; per-target. The contract's pairwise sum tree
// (docs/semantics.md) evaluated in vector registers, with the node
// roundings of the f32 and f16 sums. Used by reduce sum (SimdReduce.cpp).
//
//===----------------------------------------------------------------------===//

// Per-target include guard (Highway convention: HWY_TARGET_TOGGLE flips
// once per target, so each target compiles this header once).
#if defined(ASCREG_LIB_SEMANTICS_SIMDSUMTREE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ASCREG_LIB_SEMANTICS_SIMDSUMTREE_INL_H_
#undef ASCREG_LIB_SEMANTICS_SIMDSUMTREE_INL_H_
#else
#define ASCREG_LIB_SEMANTICS_SIMDSUMTREE_INL_H_
#endif

#include "SimdF16-inl.h"

#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET != HWY_SCALAR

/// Node roundings (f32 lanes in, f32 lanes out).
struct NoRound {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF, hn::Vec<DF> v) const { return v; }
};
struct RoundF16 {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF df, hn::Vec<DF> v) const {
    return roundToF16(df, v);
  }
};
/// Rounds f32 lanes to f16 and saturates (CTRL[48] = 0): the node rounding of
/// the saturating f16 sum tree.
struct RoundF16Sat {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF df, hn::Vec<DF> v) const {
    const auto r = roundToF16(df, v);
    const auto max = hn::CopySign(hn::Set(df, 65504.0f), r);
    return hn::IfThenZeroElse(hn::IsNaN(r), hn::IfThenElse(hn::IsInf(r), max, r));
  }
};

/// RNE to 11 significant bits on the f32 bits: the f16 rounding of a + b for
/// f16 values a, b when |a + b| stays below 65520 (no overflow). Below 2^-14
/// the sum is a multiple of 2^-24 with at most 10 bits, so exact either way;
/// an f32 rounding of a + b first is harmless (24 >= 2*11 + 2 bits). Integer
/// ops, cheaper than an F16C round trip.
struct RoundF16Finite {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF df, hn::Vec<DF> v) const {
    const hn::RebindToUnsigned<DF> du;
    const auto u = hn::BitCast(du, v);
    const auto odd = hn::And(hn::ShiftRight<13>(u), hn::Set(du, 1u));
    const auto r = hn::Add(hn::Add(u, hn::Set(du, 0xFFFu)), odd);
    return hn::BitCast(df, hn::And(r, hn::Set(du, 0xFFFFE000u)));
  }
};

// ---- The contract's sum tree, kept in registers ----
//
// Leaf k*N + j sits in lane j of vector k ("natural order"). A node is the sum
// of its two children; which lane holds it does not matter as long as the
// children are right (a + b == b + a bit for bit, NaN payloads aside, which
// the contract leaves open).

/// One tree level for two vectors of 32-bit lanes: per 128-bit block,
/// [a0+a1, a2+a3, b0+b1, b2+b3]. On 128-bit vectors that keeps the natural
/// order; on 256-bit ones it is one in-block shuffle per operand instead of a
/// cross-block ConcatEven/ConcatOdd, and sumTree restores the order every
/// third level.
template <class D> HWY_INLINE hn::Vec<D> addPairs(D d, hn::Vec<D> a, hn::Vec<D> b) {
  if constexpr (hn::MaxLanes(d) == 8) {
#if HWY_TARGET == HWY_AVX2
    return hn::Add(hn::Vec<D>{_mm256_shuffle_ps(a.raw, b.raw, _MM_SHUFFLE(2, 0, 2, 0))},
                   hn::Vec<D>{_mm256_shuffle_ps(a.raw, b.raw, _MM_SHUFFLE(3, 1, 3, 1))});
#else
    static_assert(hn::MaxLanes(d) != 8, "8 f32 lanes only on AVX2");
#endif
  } else {
    static_assert(hn::MaxLanes(d) == 4, "one 128-bit block");
    return hn::Add(hn::ConcatEven(d, b, a), hn::ConcatOdd(d, b, a));
  }
}

/// Nodes of leaf vectors [first, first + kCount) after log2(kCount) levels,
/// rounded; in natural order on 128-bit vectors (see sumTree for 256-bit).
/// Evaluated depth first, so few vectors are live at a time.
template <size_t kCount, class D, class Load, class Round>
HWY_INLINE hn::Vec<D> pairLevels(D d, size_t first, Load &load, Round round) {
  if constexpr (kCount == 1) {
    return load(first);
  } else {
    const auto a = pairLevels<kCount / 2>(d, first, load, round);
    const auto b = pairLevels<kCount / 2>(d, first + kCount / 2, load, round);
    return round(d, addPairs(d, a, b));
  }
}

/// 256-bit vectors: the level-3 nodes of leaf vectors [first, first + 8) in
/// natural order. Two addPairs levels leave [q0 q2 q4 q6 | q1 q3 q5 q7];
/// adding the two blocks gives r0..r3 (and r4..r7 from the other half).
template <class D, class Load, class Round>
HWY_INLINE hn::Vec<D> threeLevels(D d, size_t first, Load &load, Round round) {
  const auto y0 = pairLevels<4>(d, first, load, round),
             y1 = pairLevels<4>(d, first + 4, load, round);
  return round(d, hn::Add(hn::ConcatLowerLower(d, y1, y0), hn::ConcatUpperUpper(d, y1, y0)));
}

/// The contract's sum tree over kVecs vectors of leaves (natural order;
/// `load(k)` gives vector k). Every node except the root goes through `round`;
/// returns the unrounded root in lane 0.
template <size_t kVecs, class D, class Load, class Round>
HWY_INLINE hn::Vec<D> sumTree(D d, Load &load, Round round) {
  constexpr size_t N = hn::MaxLanes(d);
  if constexpr (N == 8) {
    static_assert(kVecs == 8 || kVecs == 16, "64 or 128 leaves");
    auto x = threeLevels(d, 0, load, round);
    if constexpr (kVecs == 16) { // 16 nodes r0..r15 in two vectors
      x = round(d, addPairs(d, x, threeLevels(d, 8, load, round))); // [s0 s1 s4 s5 | s2 s3 s6 s7]
      x = round(d, hn::Add(x, hn::Shuffle2301(x)));                 // t0 @0, t2 @2, t1 @4, t3 @6
      x = round(d, hn::Add(x, hn::SwapAdjacentBlocks(x)));          // u0 @0, u1 @2
      return hn::Add(x, hn::Shuffle1032(x));
    } else { // r0..r7: pairs at distance 1, 2, 4
      x = round(d, hn::Add(x, hn::Shuffle2301(x)));
      x = round(d, hn::Add(x, hn::Shuffle1032(x)));
      return hn::Add(x, hn::SwapAdjacentBlocks(x));
    }
  } else { // 128-bit: one vector of nodes in natural order, then distance 1, 2
    auto x = pairLevels<kVecs>(d, 0, load, round);
    x = round(d, hn::Add(x, hn::Shuffle2301(x)));
    return hn::Add(x, hn::Shuffle1032(x));
  }
}

#endif // HWY_TARGET != HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#endif // per-target include guard
