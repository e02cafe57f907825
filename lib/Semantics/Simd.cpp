//===- Simd.cpp - Highway kernels of the ascreg ops -----------------------===//
//
// Bit-identical to Reference.cpp (checked by the unit tests for every compiled
// target). Compiled once per Highway target through foreach_target.h; the
// public simd:: functions at the end dispatch to the best target at run time.
//
// Techniques:
//  - masks are read straight from the mask register (activeLanes): per
//    vector, a broadcast of the word holding its lanes' bits and one bit test
//    per lane (8/16-bit lanes: a byte shuffle first). No packing to one bit
//    per lane; full masks are detected with four word ops and skip masking.
//    compare builds its result mask from byte movemasks;
//  - max/min compare integer keys (floats: sign-magnitude -> two's
//    complement, which orders -0 below +0). The keys stay in registers: one
//    pass gives the extreme key and, since NaN keys lie outside the keys of
//    -inf..+inf, whether an active NaN exists; one compare + movemask per
//    vector finds the first lane. NaNs, empty masks and extremes equal to the
//    fill of inactive lanes take a slower general path;
//  - sum trees stay in registers, depth first. On AVX2 adjacent pairs are
//    added with in-block shuffles and the lane order is restored every third
//    level (contract's tree; a + b == b + a). f16 nodes are rounded after
//    every level: when every |leaf| <= 448 no node can overflow and RNE to 11
//    bits on the f32 bits is exact; otherwise F16C round trips on 128-bit
//    vectors (half the latency of 256-bit ones);
//  - gathers check bounds with vector compares of all active lanes at once
//    and load with scalar loads (eight vpgatherdd are slower on e.g. Zen 3);
//    gather_reg of 8-bit lanes uses byte-shuffle table lookups;
//  - results are zeroed with straight-line vector stores (GCC turns memsets
//    of this size into `rep stos`).
//
//===----------------------------------------------------------------------===//

// AVX-512 targets are left out: this code is only verified on AVX2 and below,
// and an AVX-512 machine runs the AVX2 kernels. SSSE3 adds nothing over SSE4.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_AVX3 | HWY_AVX3_DL | HWY_SSSE3)
#endif

#include "MaskBits.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <cstring>
#include <type_traits>
#include <utility>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "Simd.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace ascreg {
namespace semantics {
namespace simd {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using EK = ElemKind;

#if HWY_TARGET == HWY_SCALAR
// HWY_SCALAR (one lane, no shuffles) is the baseline only for CPUs without
// SSE4 (GCC < 12.3 disables EMU128); there the reference is as fast.
void ReduceImpl(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                const Mask &m, Reg &out) {
  ref::reduce(prof, k, dst, src, in, m, out);
}
ReduceKernel ReduceKernelImpl(ReduceKind, RegType, RegType) { return nullptr; }
void PairReduceSumImpl(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  ref::pairReduceSum(prof, t, in, m, out);
}
Status GatherImpl(const Profile &prof, RegType dst, ElemKind src, RegType index,
                  const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                  Reg &out) {
  return ref::gather(prof, dst, src, index, base, baseElems, idx, m, out);
}
void GatherRegImpl(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  ref::gatherReg(t, src, idx, out);
}
void DuplicateImpl(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  ref::duplicate(t, scalarBits, m, out);
}
void ArangeImpl(RegType t, uint64_t startBits, Reg &out) { ref::arange(t, startBits, out); }
void CompareImpl(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
                 const Mask &m, Mask &out) {
  ref::compare(prof, p, t, a, b, m, out);
}
void SelectImpl(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  ref::select(t, m, a, b, out);
}
void BinaryImpl(const Profile &prof, BinaryKind op, RegType t, const Reg &a, const Reg &b,
                const Mask &m, Reg &out) {
  ref::binary(prof, op, t, a, b, m, out);
}
void StoreAlignImpl(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  ref::storeAlign(t, in, m, dst);
}
#else

// F16C gives exact RNE f16 <-> f32 conversion; Highway's fallback for other
// targets truncates, so those use the bit-exact integer versions below.
#undef ASCREG_HAVE_F16C // defined once per target
#if HWY_TARGET <= HWY_AVX2 && !defined(HWY_DISABLE_F16C)
#define ASCREG_HAVE_F16C 1
#else
#define ASCREG_HAVE_F16C 0
#endif

// ---------------------------------------------------------------- helpers

template <class T> const T *lanesOf(const Reg &r) { return reinterpret_cast<const T *>(r.b); }
template <class T> T *lanesOf(Reg &r) { return reinterpret_cast<T *>(r.b); }

// ---- Mask bits straight to vector masks (no packing) ----

/// Per-lane constants for activeLanes: for each position `c` of the chunk in
/// a lane-sized mask word, bit c*N*kStride + kStride*j for lane j.
template <class T, size_t kStride, size_t N> struct LaneBitTable {
  static constexpr size_t kChunks = 8 * sizeof(T) / (N * kStride);
  alignas(32) T bit[kChunks][N];
  constexpr LaneBitTable() : bit() {
    for (size_t c = 0; c < kChunks; ++c)
      for (size_t j = 0; j < N; ++j)
        bit[c][j] = T(T(1) << (c * N * kStride + kStride * j));
  }
};
template <size_t kLaneBytes> struct ByteTables {
  alignas(32) uint8_t idx[32]; // chunk byte holding the bit of data byte b
  alignas(32) uint8_t bit[32]; // that bit, in the lowest byte of each lane only
  constexpr ByteTables() : idx(), bit() {
    for (size_t b = 0; b < 32; ++b) {
      idx[b] = uint8_t(b / 8);
      bit[b] = b % kLaneBytes == 0 ? uint8_t(1u << (b % 8)) : 0;
    }
  }
};

/// Lanes [first, first + N) of a type with mask stride kStride, held in the
/// lanes of d (which may be wider than the type, e.g. f16 lanes as f32). Reads
/// the mask register directly, without packing: a broadcast load of the
/// lane-sized word holding the N*kStride bits and one bit test per lane, or
/// for 8/16-bit lanes (N*kStride bits exceed the lane) a byte shuffle first.
template <size_t kStride, class D>
HWY_INLINE hn::Mask<D> activeLanes(D d, const Mask &m, size_t first) {
  using T = hn::TFromD<D>;
  using TU = hwy::MakeUnsigned<T>;
  const hn::RebindToUnsigned<D> du;
  constexpr size_t N = hn::MaxLanes(d);
  constexpr size_t kBits = N * kStride;
  static_assert(kBits == 8 || kBits == 16 || kBits == 32, "chunk of 8/16/32 mask bits");
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(m.w);
  const size_t bit = first * kStride; // a multiple of kBits
  if constexpr (kBits <= 8 * sizeof(T)) {
    static constexpr LaneBitTable<TU, kStride, N> kTab{};
    TU word;
    std::memcpy(&word, bytes + bit / (8 * sizeof(TU)) * sizeof(TU), sizeof(TU));
    const size_t chunk = bit % (8 * sizeof(TU)) / kBits;
    return hn::RebindMask(d, hn::TestBit(hn::Set(du, word), hn::Load(du, kTab.bit[chunk])));
  } else {
    static_assert(kStride == sizeof(T), "byte shuffle needs one lane per stride");
    static constexpr ByteTables<sizeof(T)> kTab{};
    const hn::Repartition<uint8_t, D> d8;
    const hn::Repartition<uint32_t, D> d32;
    uint32_t word = 0;
    std::memcpy(&word, bytes + bit / 8, kBits / 8);
    const auto spread =
        hn::TableLookupBytes(hn::BitCast(d8, hn::Set(d32, word)), hn::Load(d8, kTab.idx));
    return hn::RebindMask(
        d, hn::TestBit(hn::BitCast(du, spread), hn::BitCast(du, hn::Load(d8, kTab.bit))));
  }
}

/// The lowest bit of every group of kStride mask bits, in one word.
template <size_t kStride>
constexpr uint64_t kGroupBits = kStride == 1   ? ~0ull
                                : kStride == 2 ? 0x5555555555555555ull
                                : kStride == 4 ? 0x1111111111111111ull
                                               : 0x0101010101010101ull;

/// ORs the true lanes of r (lanes [first, first + N) of a type with mask
/// stride kStride, held in d) into `out`, at the lowest bit of each group.
template <size_t kStride, class D>
HWY_INLINE void storeActive(D d, hn::Mask<D> r, Mask &out, size_t first) {
  using T = hn::TFromD<D>;
  uint64_t bits = 0;
  uint8_t bytes[8] = {0};
  if constexpr (kStride == sizeof(T)) { // a byte movemask has one bit per data byte
    const hn::Repartition<uint8_t, D> d8;
    hn::StoreMaskBits(d8, hn::MaskFromVec(hn::BitCast(d8, hn::VecFromMask(d, r))), bytes);
    std::memcpy(&bits, bytes, 8);
    bits &= kGroupBits<kStride>;
  } else { // 64-bit lanes with stride 4 (the two-register form)
    static_assert(sizeof(T) == 8 && kStride == 4, "one-register strides equal the lane size");
    hn::StoreMaskBits(d, r, bytes);
    std::memcpy(&bits, bytes, 8);
    bits = detail::expand4(bits);
  }
  const size_t bit = first * kStride; // a multiple of the chunk size, so it fits one word
  out.w[bit / 64] |= bits << (bit % 64);
}

/// True iff every lane of a type with mask stride kStride is active (every
/// register type has 256 / stride lanes).
template <size_t kStride> HWY_INLINE bool allLanesActive(const Mask &m) {
  return (m.w[0] & m.w[1] & m.w[2] & m.w[3] & kGroupBits<kStride>) == kGroupBits<kStride>;
}
/// True iff some lane of a type with mask stride kStride is active.
template <size_t kStride> HWY_INLINE bool anyLaneActive(const Mask &m) {
  return ((m.w[0] | m.w[1] | m.w[2] | m.w[3]) & kGroupBits<kStride>) != 0;
}

/// Zeroes the vectors kI at p with straight-line stores (GCC turns a loop or
/// a memset of a few hundred bytes into `rep stos`, slower than the op).
template <size_t... kI> HWY_INLINE void zeroVectors(uint8_t *p, std::index_sequence<kI...>) {
  const hn::ScalableTag<uint8_t> d8;
  (hn::Store(hn::Zero(d8), d8, p + kI * hn::MaxLanes(d8)), ...);
}
/// Zeroes kBytes (a multiple of the vector size) at the aligned p.
template <size_t kBytes> HWY_INLINE void zeroBytes(uint8_t *p) {
  zeroVectors(p, std::make_index_sequence<kBytes / hn::MaxLanes(hn::ScalableTag<uint8_t>())>());
}
/// Zeroes bytes [0, bytes) of r (256 or 512).
HWY_INLINE void zeroReg(Reg &r, unsigned bytes) {
  zeroBytes<256>(r.b);
  if (bytes > 256)
    zeroBytes<256>(r.b + 256);
}

/// Lanes 0 and 1 of r as T (low bits of the values).
template <class T> HWY_INLINE void storeLanes01(Reg &r, uint64_t lane0, uint64_t lane1) {
  const T v[2] = {static_cast<T>(lane0), static_cast<T>(lane1)};
  std::memcpy(r.b, v, sizeof v);
}

// ---- f16 <-> f32 on N lanes (u16 bits in a half-width vector) ----

template <class DF> using DU16 = hn::Rebind<uint16_t, DF>;

/// f16 bits -> f32, exactly as f16ToF32 (NaNs made quiet).
template <class DF> HWY_INLINE hn::Vec<DF> f16ToF32(DF df, hn::Vec<DU16<DF>> h) {
#if ASCREG_HAVE_F16C
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::PromoteTo(df, hn::BitCast(dh, h));
#else
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto u = hn::PromoteTo(du, h);
  const auto sign = hn::ShiftLeft<16>(hn::And(u, hn::Set(du, 0x8000)));
  const auto mag = hn::And(u, hn::Set(du, 0x7FFF));
  // Zero, subnormal and normal: move into f32 position and scale by 2^112.
  const auto finite = hn::BitCast(
      du, hn::Mul(hn::BitCast(df, hn::ShiftLeft<13>(mag)), hn::Set(df, 5.192296858534828e33f)));
  const auto mant = hn::And(mag, hn::Set(du, 0x3FF));
  const auto quiet = hn::IfThenElseZero(hn::RebindMask(du, hn::BitCast(di, mant) > hn::Zero(di)),
                                        hn::Set(du, 0x00400000));
  const auto special = hn::Or(hn::Or(hn::Set(du, 0x7F800000), hn::ShiftLeft<13>(mant)), quiet);
  const auto isSpecial = hn::RebindMask(du, hn::BitCast(di, mag) > hn::Set(di, 0x7BFF));
  return hn::BitCast(df, hn::Or(sign, hn::IfThenElse(isSpecial, special, finite)));
#endif
}

/// f32 -> f16 bits, RNE and non-saturating, exactly as f32ToF16.
template <class DF> HWY_INLINE hn::Vec<DU16<DF>> f32ToF16(DF df, hn::Vec<DF> v) {
  const DU16<DF> du16;
#if ASCREG_HAVE_F16C
  const hn::Rebind<hwy::float16_t, DF> dh;
  return hn::BitCast(du16, hn::DemoteTo(dh, v));
#else
  // F. Giesen's float_to_half_fast3_rtne, with NaN payloads kept as F16C does.
  const hn::RebindToUnsigned<DF> du;
  const hn::RebindToSigned<DF> di;
  const auto u = hn::BitCast(du, v);
  const auto sign = hn::And(u, hn::Set(du, 0x80000000u));
  const auto mag = hn::Xor(u, sign);
  const auto magI = hn::BitCast(di, mag);
  const auto isNaN = hn::RebindMask(du, magI > hn::Set(di, 0x7F800000));
  const auto isBig = hn::RebindMask(du, magI > hn::Set(di, 0x477FFFFF));  // >= 65536
  const auto isTiny = hn::RebindMask(du, magI < hn::Set(di, 0x38800000)); // < 2^-14
  const auto nanBits =
      hn::Or(hn::Set(du, 0x7E00), hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 0x3FF)));
  const auto bigBits = hn::IfThenElse(isNaN, nanBits, hn::Set(du, 0x7C00));
  // Subnormal results: adding 0.5 rounds at the absolute f16 ulp 2^-24.
  const auto tinyBits = hn::Sub(hn::BitCast(du, hn::Add(hn::BitCast(df, mag), hn::Set(df, 0.5f))),
                                hn::Set(du, 0x3F000000));
  // Normal results: rebias the exponent and round the 13 dropped bits to even.
  const auto odd = hn::And(hn::ShiftRight<13>(mag), hn::Set(du, 1));
  const auto normBits = hn::ShiftRight<13>(hn::Add(hn::Add(mag, hn::Set(du, 0xC8000FFFu)), odd));
  auto bits = hn::IfThenElse(isBig, bigBits, hn::IfThenElse(isTiny, tinyBits, normBits));
  bits = hn::Or(bits, hn::ShiftRight<16>(sign));
  return hn::DemoteTo(du16, hn::BitCast(di, bits));
#endif
}

/// Rounds f32 lanes to the nearest f16 value (kept as f32).
template <class DF> HWY_INLINE hn::Vec<DF> roundToF16(DF df, hn::Vec<DF> v) {
  return f16ToF32(df, f32ToF16(df, v));
}

struct NoRound {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF, hn::Vec<DF> v) const { return v; }
};
struct RoundF16 {
  template <class DF> HWY_INLINE hn::Vec<DF> operator()(DF df, hn::Vec<DF> v) const {
    return roundToF16(df, v);
  }
};
/// f16 bits in the saturating mode (CTRL[48] = 0), as saturateF16: +-inf ->
/// +-65504, NaN -> +0.
template <class DU> HWY_INLINE hn::Vec<DU> saturateF16Bits(DU du, hn::Vec<DU> h) {
  const hn::RebindToSigned<DU> di;
  const auto mag = hn::BitCast(di, hn::And(h, hn::Set(du, 0x7FFF)));
  const auto isNaN = hn::RebindMask(du, mag > hn::Set(di, int16_t(0x7C00)));
  const auto isInf = hn::RebindMask(du, mag == hn::Set(di, int16_t(0x7C00)));
  const auto max = hn::Or(hn::And(h, hn::Set(du, 0x8000)), hn::Set(du, 0x7BFF));
  return hn::IfThenZeroElse(isNaN, hn::IfThenElse(isInf, max, h));
}
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

// ---------------------------------------------------------------- reduce: sum

/// The sum tree of kVecs vectors `load(k)`, inactive lanes (stride kStride)
/// replaced by +0; a full mask skips the masking.
template <size_t kStride, size_t kVecs, class D, class Load, class Round>
HWY_INLINE hn::Vec<D> maskedSumTree(D d, const Mask &m, Load &load, Round round) {
  constexpr size_t N = hn::MaxLanes(d);
  if (allLanesActive<kStride>(m))
    return sumTree<kVecs>(d, load, round);
  auto masked = [&](size_t k) HWY_ATTR {
    return hn::IfThenElseZero(activeLanes<kStride>(d, m, k * N), load(k));
  };
  return sumTree<kVecs>(d, masked, round);
}

uint32_t sumF32(const Reg &in, const Mask &m) {
  const hn::ScalableTag<float> d;
  constexpr size_t N = hn::MaxLanes(d);
  const float *src = lanesOf<float>(in);
  auto load = [&](size_t k) HWY_ATTR { return hn::Load(d, src + k * N); };
  const float r = hn::GetLane(maskedSumTree<4, 64 / N>(d, m, load, NoRound()));
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  return bits;
}

/// True if every f16 lane has |x| <= 448: then no node of the sum tree can
/// reach 65520 (128 * 448 * (1 + 2^-11)^7 < 65504), so nodes are rounded
/// with RoundF16Finite. Inactive lanes count too (that only costs speed).
HWY_INLINE bool smallF16Lanes(const Reg &in) {
  const hn::ScalableTag<int16_t> d;
  constexpr size_t N = hn::MaxLanes(d);
  const int16_t *src = lanesOf<int16_t>(in);
  auto mx = hn::Zero(d);
  for (size_t i = 0; i < 128; i += N) // magnitude bits; NaN and inf are large
    mx = hn::Max(mx, hn::And(hn::Load(d, src + i), hn::Set(d, int16_t(0x7FFF))));
  return hn::AllFalse(d, mx > hn::Set(d, int16_t(0x5F00))); // 448.0
}

/// `saturate`: CTRL[48] = 0, every node saturates (the fast path cannot
/// overflow or meet inf / NaN, so it serves both modes).
uint16_t sumF16(const Reg &in, const Mask &m, bool saturate) {
  const uint16_t *src = lanesOf<uint16_t>(in);
  if (smallF16Lanes(in)) {
    const hn::ScalableTag<float> d;
    const DU16<decltype(d)> dh;
    constexpr size_t N = hn::MaxLanes(d);
    auto load = [&](size_t k) HWY_ATTR { return f16ToF32(d, hn::LoadU(dh, src + k * N)); };
    return hn::GetLane(f32ToF16(d, maskedSumTree<2, 128 / N>(d, m, load, RoundF16Finite())));
  }
  // Overflow, inf or NaN possible: F16C round trips, on 128-bit vectors even
  // on AVX2 because they are on the critical path and take about twice as
  // long for 256-bit vectors.
  const hn::Full128<float> d;
  const DU16<decltype(d)> dh;
  auto load = [&](size_t k) HWY_ATTR { return f16ToF32(d, hn::LoadU(dh, src + 4 * k)); };
  // The root is rounded straight to f16 bits.
  if (saturate)
    return saturateF16(hn::GetLane(f32ToF16(d, maskedSumTree<2, 32>(d, m, load, RoundF16Sat()))));
  return hn::GetLane(f32ToF16(d, maskedSumTree<2, 32>(d, m, load, RoundF16())));
}

/// Sums of 32- and 64-bit integers wrap, so any order gives the tree's result.
template <class T, size_t kStride> T sumInt(const Reg &in, unsigned lanes, const Mask &m) {
  const hn::ScalableTag<T> d;
  const size_t N = hn::Lanes(d);
  const T *src = lanesOf<T>(in);
  auto acc = hn::Zero(d);
  for (size_t i = 0; i < lanes; i += N)
    acc = hn::Add(acc, hn::IfThenElseZero(activeLanes<kStride>(d, m, i), hn::Load(d, src + i)));
  return hn::GetLane(hn::SumOfLanes(d, acc));
}

/// i16 -> i32 and u16 -> u32: each lane is widened before it is added.
template <class TS> uint32_t sumWiden(const Reg &in, const Mask &m) {
  using TW = std::conditional_t<std::is_signed<TS>::value, int32_t, uint32_t>;
  const hn::ScalableTag<TW> d;
  const hn::Rebind<TS, decltype(d)> dn;
  const size_t N = hn::Lanes(d);
  const TS *src = lanesOf<TS>(in);
  auto acc = hn::Zero(d);
  for (size_t i = 0; i < 128; i += N)
    acc = hn::Add(
        acc, hn::IfThenElseZero(activeLanes<2>(d, m, i), hn::PromoteTo(d, hn::LoadU(dn, src + i))));
  return static_cast<uint32_t>(hn::GetLane(hn::SumOfLanes(d, acc)));
}

// ---------------------------------------------------------------- reduce: max / min

enum KeyKind { kSignedKey, kUnsignedKey, kFloatKey };

/// Maps lanes to signed integers whose order is the order max / min use:
/// unsigned values flip the top bit; floats map sign-magnitude to two's
/// complement, which puts -0 just below +0.
template <int kKind, class D> HWY_INLINE hn::Vec<D> orderKey(D d, hn::Vec<D> v) {
  using T = hn::TFromD<D>;
  if constexpr (kKind == kUnsignedKey)
    return hn::Xor(v, hn::Set(d, hwy::LimitsMin<T>()));
  else if constexpr (kKind == kFloatKey)
    return hn::Xor(v,
                   hn::And(hn::ShiftRight<sizeof(T) * 8 - 1>(v), hn::Set(d, hwy::LimitsMax<T>())));
  else
    return v;
}

/// NaN test on raw float bits held in signed integer lanes.
template <class D> HWY_INLINE hn::Mask<D> isNaNBits(D d, hn::Vec<D> v) {
  using T = hn::TFromD<D>;
  const T inf = sizeof(T) == 2 ? T(0x7C00) : T(0x7F800000);
  return hn::And(v, hn::Set(d, hwy::LimitsMax<T>())) > hn::Set(d, inf);
}

/// Value and index of max / min over lanes of TK (signed, same width as the
/// element), the general way. Returns false for an empty mask.
template <class TK, int kKind, bool kMax, size_t kStride>
bool extremeSlow(const Reg &in, unsigned lanes, const Mask &m, uint64_t &value, uint64_t &index) {
  using TU = std::make_unsigned_t<TK>;
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  const TK *src = lanesOf<TK>(in);
  if constexpr (kKind == kFloatKey) { // the first active NaN decides, with its bits
    for (size_t i = 0; i < lanes; i += N) {
      const auto nan = hn::And(activeLanes<kStride>(d, m, i), isNaNBits(d, hn::Load(d, src + i)));
      const intptr_t pos = hn::FindFirstTrue(d, nan);
      if (pos >= 0) {
        value = TU(src[i + pos]);
        index = i + pos;
        return true;
      }
    }
  }
  const auto fill = hn::Set(d, kMax ? hwy::LimitsMin<TK>() : hwy::LimitsMax<TK>());
  auto best = fill;
  for (size_t i = 0; i < lanes; i += N) {
    const auto key = hn::IfThenElse(activeLanes<kStride>(d, m, i),
                                    orderKey<kKind>(d, hn::Load(d, src + i)), fill);
    best = kMax ? hn::Max(best, key) : hn::Min(best, key);
  }
  best = kMax ? hn::MaxOfLanes(d, best) : hn::MinOfLanes(d, best);
  // The first active lane holding the extreme key is the answer (ties: first).
  for (size_t i = 0; i < lanes; i += N) {
    const auto eq =
        hn::And(activeLanes<kStride>(d, m, i), orderKey<kKind>(d, hn::Load(d, src + i)) == best);
    const intptr_t pos = hn::FindFirstTrue(d, eq);
    if (pos >= 0) {
      value = TU(src[i + pos]);
      index = i + pos;
      return true;
    }
  }
  return false;
}

/// The common case of max / min: order keys of the active lanes stay in
/// registers, one pass gives the extreme key (and whether a NaN is active),
/// one compare + movemask per vector finds its first lane. Returns false when
/// extremeSlow must decide: an active NaN (the first one wins by position, not
/// by key), or an extreme equal to the key given to inactive lanes (empty
/// mask, or a tie an inactive lane could win).
template <class TK, int kKind, bool kMax, size_t kLanes, size_t kStride, bool kFull>
HWY_INLINE bool extremeFast(const Reg &in, const Mask &m, uint64_t &value, uint64_t &index) {
  using TU = std::make_unsigned_t<TK>;
  const hn::ScalableTag<TK> d;
  constexpr size_t N = hn::MaxLanes(d);
  constexpr size_t kVecs = kLanes / N;
  const TK *src = lanesOf<TK>(in);
  // Float keys of +-inf are kInf and ~kInf; every NaN key lies outside them.
  constexpr TK kInf = sizeof(TK) == 2 ? TK(0x7C00) : TK(0x7F800000);
  constexpr TK kFill = kKind == kFloatKey ? (kMax ? TK(~kInf) : kInf)
                                          : (kMax ? hwy::LimitsMin<TK>() : hwy::LimitsMax<TK>());
  constexpr bool kNeedHi = kMax || kKind == kFloatKey, kNeedLo = !kMax || kKind == kFloatKey;
  const auto fill = hn::Set(d, kFill);
  hn::Vec<decltype(d)> keys[kVecs];
  auto hi = fill, lo = fill;
  for (size_t k = 0; k < kVecs; ++k) {
    keys[k] = orderKey<kKind>(d, hn::Load(d, src + k * N));
    if constexpr (!kFull)
      keys[k] = hn::IfThenElse(activeLanes<kStride>(d, m, k * N), keys[k], fill);
    if constexpr (kNeedHi)
      hi = hn::Max(hi, keys[k]);
    if constexpr (kNeedLo)
      lo = hn::Min(lo, keys[k]);
  }
  if constexpr (kKind == kFloatKey) {
    if (!hn::AllFalse(d, hn::Or(hi > hn::Set(d, kInf), lo < hn::Set(d, TK(~kInf)))))
      return false;
  }
  const auto best = kMax ? hn::MaxOfLanes(d, hi) : hn::MinOfLanes(d, lo);
  if (hn::GetLane(best) == kFill)
    return false;
  for (size_t k = 0; k < kVecs; ++k) { // inactive lanes hold kFill, never best
    const intptr_t pos = hn::FindFirstTrue(d, keys[k] == best);
    if (pos >= 0) {
      index = k * N + size_t(pos);
      value = TU(src[index]);
      return true;
    }
  }
  return false; // not reached: best is some lane's key
}

template <class TK, int kKind, bool kMax, size_t kLanes, size_t kStride>
bool extremeOfType(const Reg &in, const Mask &m, uint64_t &v, uint64_t &i) {
  if (allLanesActive<kStride>(m)
          ? extremeFast<TK, kKind, kMax, kLanes, kStride, true>(in, m, v, i)
          : extremeFast<TK, kKind, kMax, kLanes, kStride, false>(in, m, v, i))
    return true;
  return extremeSlow<TK, kKind, kMax, kStride>(in, kLanes, m, v, i);
}

/// Result of max / min over an empty mask: -inf / type min, +inf / type max.
uint64_t emptyExtreme(EK k, bool isMax) {
  switch (k) {
  case EK::F16:
    return isMax ? 0xFC00 : 0x7C00;
  case EK::F32:
    return isMax ? 0xFF800000u : 0x7F800000u;
  case EK::I16:
    return isMax ? 0x8000 : 0x7FFF;
  case EK::I32:
    return isMax ? 0x80000000u : 0x7FFFFFFFu;
  case EK::I64:
    return isMax ? uint64_t(1) << 63 : ~uint64_t(0) >> 1;
  case EK::U16:
    return isMax ? 0 : 0xFFFF;
  case EK::U32:
    return isMax ? 0 : 0xFFFFFFFFu;
  default:
    return isMax ? 0 : ~uint64_t(0);
  }
}

/// max / min of one type: value and index of the extreme (the first index
/// among equals), or the empty-mask result. ReduceImpl and, resolved ahead,
/// simd::reduceKernel call it.
template <bool kMax, class TK, int kKind, size_t kLanes, size_t kStride, EK kElem>
void extremeKernel(const Reg &in, const Mask &m, Reg &out) {
  uint64_t value = 0, index = 0;
  if (!extremeOfType<TK, kKind, kMax, kLanes, kStride>(in, m, value, index)) {
    value = emptyExtreme(kElem, kMax);
    index = 0;
  }
  zeroReg(out, unsigned(kLanes * sizeof(TK)));
  storeLanes01<std::make_unsigned_t<TK>>(out, value, index);
}

template <bool kMax> ReduceKernel extremeKernelOf(RegType t) {
  if (t.numRegs == 2)
    return t.elem == EK::I64 ? &extremeKernel<kMax, int64_t, kSignedKey, 64, 4, EK::I64>
                             : &extremeKernel<kMax, int64_t, kUnsignedKey, 64, 4, EK::U64>;
  switch (t.elem) {
  case EK::I16:
    return &extremeKernel<kMax, int16_t, kSignedKey, 128, 2, EK::I16>;
  case EK::U16:
    return &extremeKernel<kMax, int16_t, kUnsignedKey, 128, 2, EK::U16>;
  case EK::F16:
    return &extremeKernel<kMax, int16_t, kFloatKey, 128, 2, EK::F16>;
  case EK::I32:
    return &extremeKernel<kMax, int32_t, kSignedKey, 64, 4, EK::I32>;
  case EK::U32:
    return &extremeKernel<kMax, int32_t, kUnsignedKey, 64, 4, EK::U32>;
  case EK::F32:
    return &extremeKernel<kMax, int32_t, kFloatKey, 64, 4, EK::F32>;
  case EK::I64:
    return &extremeKernel<kMax, int64_t, kSignedKey, 32, 8, EK::I64>;
  case EK::U64:
    return &extremeKernel<kMax, int64_t, kUnsignedKey, 32, 8, EK::U64>;
  default:
    return nullptr;
  }
}

ReduceKernel ReduceKernelImpl(ReduceKind k, RegType dst, RegType src) {
  if (k == ReduceKind::Sum || !(dst == src))
    return nullptr;
  return k == ReduceKind::Max ? extremeKernelOf<true>(src) : extremeKernelOf<false>(src);
}

void ReduceImpl(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                const Mask &m, Reg &out) {
  uint64_t value = 0, index = 0;
  if (k == ReduceKind::Sum) {
    switch (src.elem) {
    case EK::F16:
      value = sumF16(in, m, saturatesF16Arithmetic(prof.ctrl));
      break;
    case EK::F32:
      value = sumF32(in, m);
      break;
    case EK::I16:
      value = sumWiden<int16_t>(in, m);
      break;
    case EK::U16:
      value = sumWiden<uint16_t>(in, m);
      break;
    case EK::I32:
    case EK::U32:
      value = sumInt<uint32_t, 4>(in, 64, m);
      break;
    default:
      value = src.numRegs == 2 ? sumInt<uint64_t, 4>(in, 64, m) : sumInt<uint64_t, 8>(in, 32, m);
      break;
    }
  } else if (ReduceKernel kernel = ReduceKernelImpl(k, dst, src)) {
    return kernel(in, m, out);
  } else { // no legal max / min: as over an empty mask
    value = emptyExtreme(src.elem, k == ReduceKind::Max);
  }
  // Everything is read; `in` may be `out`. Lane 0 = value, lane 1 = index
  // (0 for sums), all other lanes 0.
  zeroReg(out, dst.bytes());
  switch (elemBytes(dst.elem)) {
  case 2:
    storeLanes01<uint16_t>(out, value, index);
    break;
  case 4:
    storeLanes01<uint32_t>(out, value, index);
    break;
  default:
    storeLanes01<uint64_t>(out, value, index);
    break;
  }
}

// ---------------------------------------------------------------- pairReduceSum

/// Activity of a = input lane 2i and b = lane 2i + 1 for the output lanes
/// [first, first + N) of d. Output lane i owns mask bits [2*S*i, 2*S*i + 2*S)
/// for input stride S: a is the first bit, b the bit S above.
template <size_t kStride, class D>
HWY_INLINE void pairActive(D d, const Mask &m, size_t first, hn::Mask<D> &ma, hn::Mask<D> &mb) {
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(m.w);
  const hn::RebindToUnsigned<D> du;
  constexpr size_t N = hn::MaxLanes(d);
  if constexpr (kStride == 4) { // one mask byte per output lane: bits 0 and 4
    const auto v = hn::PromoteTo(du, hn::LoadU(hn::Rebind<uint8_t, decltype(du)>(), bytes + first));
    ma = hn::RebindMask(d, hn::TestBit(v, hn::Set(du, 1u)));
    mb = hn::RebindMask(d, hn::TestBit(v, hn::Set(du, 16u)));
  } else { // f16 in u16 lanes, one nibble per output lane: bits 0 and 2
    static_assert(kStride == 2 && sizeof(hn::TFromD<D>) == 2 && N <= 8, "u16 lanes, one block");
    struct Tables {
      alignas(16) uint8_t idx[16];
      alignas(16) uint16_t a[8], b[8];
      constexpr Tables() : idx(), a(), b() {
        for (size_t i = 0; i < 8; ++i) {
          idx[2 * i] = idx[2 * i + 1] = uint8_t(i / 2); // the byte holding lane i's nibble
          a[i] = uint16_t(1u << (4 * (i % 2)));
          b[i] = uint16_t(4u << (4 * (i % 2)));
        }
      }
    };
    static constexpr Tables kTab{};
    const hn::Repartition<uint8_t, decltype(du)> d8;
    const hn::Repartition<uint32_t, decltype(du)> d32;
    uint32_t word = 0;
    std::memcpy(&word, bytes + first / 2, N / 2);
    const auto v = hn::BitCast(
        du, hn::TableLookupBytes(hn::BitCast(d8, hn::Set(d32, word)), hn::LoadU(d8, kTab.idx)));
    ma = hn::RebindMask(d, hn::TestBit(v, hn::LoadU(du, kTab.a)));
    mb = hn::RebindMask(d, hn::TestBit(v, hn::LoadU(du, kTab.b)));
  }
}

void PairReduceSumImpl(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  // Output lanes [i, i + N) are written after their inputs [2i, 2i + 2N)
  // are read, so `in` may be `out`.
  // Inactive elements enter the adder as +0, so every output lane is
  // (a or +0) + (b or +0); with neither active that is +0.
  const unsigned half = t.lanes() / 2;
  if (t.elem == EK::F32) {
    const hn::ScalableTag<float> d;
    const hn::RebindToUnsigned<decltype(d)> du;
    const size_t N = hn::Lanes(d);
    const float *src = lanesOf<float>(in);
    float *dst = lanesOf<float>(out);
    for (size_t i = 0; i < half; i += N) {
      const auto lo = hn::Load(d, src + 2 * i), hi = hn::Load(d, src + 2 * i + N);
      const auto a = hn::ConcatEven(d, hi, lo), b = hn::ConcatOdd(d, hi, lo);
      hn::Mask<decltype(du)> ma, mb;
      pairActive<4>(du, m, i, ma, mb);
      hn::Store(hn::Add(hn::IfThenElseZero(hn::RebindMask(d, ma), a),
                        hn::IfThenElseZero(hn::RebindMask(d, mb), b)),
                d, dst + i);
    }
  } else { // f16
    const bool saturate = saturatesF16Arithmetic(prof.ctrl);
    const hn::ScalableTag<float> d;
    const DU16<decltype(d)> dh;       // N u16 lanes, one per output lane
    const hn::Twice<decltype(dh)> dw; // 2N u16 lanes: the N input pairs
    const size_t N = hn::Lanes(d);
    const uint16_t *src = lanesOf<uint16_t>(in);
    uint16_t *dst = lanesOf<uint16_t>(out);
    for (size_t i = 0; i < half; i += N) {
      const auto pairs = hn::LoadU(dw, src + 2 * i);
      const auto a = hn::LowerHalf(dh, hn::ConcatEven(dw, pairs, pairs));
      const auto b = hn::LowerHalf(dh, hn::ConcatOdd(dw, pairs, pairs));
      hn::Mask<decltype(dh)> ma, mb;
      pairActive<2>(dh, m, i, ma, mb);
      auto sum = f32ToF16(d, hn::Add(f16ToF32(d, hn::IfThenElseZero(ma, a)),
                                     f16ToF32(d, hn::IfThenElseZero(mb, b))));
      if (saturate)
        sum = saturateF16Bits(dh, sum);
      hn::StoreU(sum, dh, dst + i);
    }
  }
  zeroBytes<128>(out.b + 128); // the upper half is 0
}

// ---------------------------------------------------------------- gather

/// Loads base[ix[i] & kIndexMask] (32-bit) into dst[i] for i < 64: scalar
/// loads straight into vector lanes (vmovd / vpinsrd with a memory operand),
/// four lanes per 128-bit store. On e.g. Zen 3 that beats both eight
/// vpgatherdd and plain scalar copies. dst may be ix: each group of lanes is
/// read before it is written.
template <uint32_t kIndexMask = 0xFFFFFFFFu>
HWY_INLINE void gatherLoads32(const uint8_t *base, const uint32_t *ix, uint32_t *dst) {
  const hn::Full128<uint32_t> d;
  auto at = [base](uint64_t e) {
    uint32_t v;
    std::memcpy(&v, base + (e & kIndexMask) * 4, 4);
    return v;
  };
#pragma GCC unroll 16
  for (size_t i = 0; i < 64; i += 4) {
    uint64_t p01, p23; // two indices per load
    std::memcpy(&p01, ix + i, 8);
    std::memcpy(&p23, ix + i + 2, 8);
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_SSE4
    hn::Vec<decltype(d)> v{_mm_cvtsi32_si128(int(at(p01 & 0xFFFFFFFFu)))}; // vmovd, no broadcast
#else
    auto v = hn::Set(d, at(p01 & 0xFFFFFFFFu));
#endif
    v = hn::InsertLane(v, 1, at(p01 >> 32));
    v = hn::InsertLane(v, 2, at(p23 & 0xFFFFFFFFu));
    v = hn::InsertLane(v, 3, at(p23 >> 32));
    hn::StoreU(v, d, dst + i);
  }
}

/// Loads base16[ix[i] & kIndexMask] into dst[i] for i < 128, into vector
/// lanes as in gatherLoads32 (eight per 128-bit store). dst may be ix.
template <uint16_t kIndexMask = 0xFFFF>
HWY_INLINE void gatherLoads16(const uint8_t *base, const uint16_t *ix, uint16_t *dst) {
  const hn::Full128<uint16_t> d;
  for (size_t i = 0; i < 128; i += 8) {
    auto at = [&](size_t j) {
      uint16_t v;
      std::memcpy(&v, base + 2 * size_t(ix[i + j] & kIndexMask), 2);
      return v;
    };
    auto v = hn::Set(d, at(0));
#pragma GCC unroll 8 // InsertLane needs a constant lane
    for (size_t j = 1; j < 8; ++j)
      v = hn::InsertLane(v, j, at(j));
    hn::StoreU(v, d, dst + i);
  }
}

/// Zeroes the inactive lanes [0, lanes) of the gather result `r`.
template <size_t kStride, class D>
HWY_INLINE void zeroInactive(D d, const Mask &m, size_t lanes, Reg &r) {
  using T = hn::TFromD<D>;
  for (size_t i = 0; i < lanes; i += hn::Lanes(d))
    hn::Store(hn::IfThenElseZero(activeLanes<kStride>(d, m, i), hn::Load(d, lanesOf<T>(r) + i)), d,
              lanesOf<T>(r) + i);
}

/// The first active lane whose index is out of bounds (some lane is).
HWY_NOINLINE Status firstOutOfBounds32(const uint32_t *ix, uint64_t baseElems, const Mask &m) {
  for (unsigned i = 0; i < 64; ++i)
    if (m.bit(4 * i) && ix[i] >= baseElems)
      return Status{false, i, ix[i]};
  return Status{};
}

/// gather32 with some lanes inactive: they read element 0 (it exists when any
/// lane is active and in bounds) and are zeroed afterwards.
HWY_NOINLINE void gather32Partial(const uint8_t *base, const Reg &idx, const Mask &m, Reg &out) {
  const hn::ScalableTag<uint32_t> du;
  constexpr size_t N = hn::MaxLanes(du);
  if (!anyLaneActive<4>(m)) {
    zeroReg(out, 256);
    return;
  }
  HWY_ALIGN uint32_t safe[64];
  for (size_t i = 0; i < 64; i += N)
    hn::Store(
        hn::IfThenElseZero(activeLanes<4>(du, m, i), hn::Load(du, lanesOf<uint32_t>(idx) + i)), du,
        safe + i);
  gatherLoads32(base, safe, lanesOf<uint32_t>(out));
  zeroInactive<4>(du, m, 64, out);
}

/// 32-bit data, u32 index: a vector bounds check of the active lanes (the
/// lane is only searched on failure), then scalar loads.
Status gather32(const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m, Reg &out) {
  const hn::ScalableTag<uint32_t> du;
  constexpr size_t N = hn::MaxLanes(du);
  const uint32_t *ix = lanesOf<uint32_t>(idx);
  const bool full = allLanesActive<4>(m);
  if (baseElems <= 0xFFFFFFFFu) { // else every u32 index is in bounds
    const auto limit = hn::Set(du, uint32_t(baseElems));
    auto bad = hn::Zero(du);
    for (size_t i = 0; i < 64; i += N) {
      const auto v = hn::Load(du, ix + i);
      auto oob = hn::VecFromMask(du, hn::Max(v, limit) == v); // v >= limit
      if (!full)
        oob = hn::And(oob, hn::VecFromMask(du, activeLanes<4>(du, m, i)));
      bad = hn::Or(bad, oob);
    }
    if (!hn::AllFalse(du, hn::MaskFromVec(bad))) {
      const Status st = firstOutOfBounds32(ix, baseElems, m);
      if (!st.ok)
        return st;
    }
  }
  if (full)
    gatherLoads32(base, ix, lanesOf<uint32_t>(out));
  else
    gather32Partial(base, idx, m, out);
  return Status{};
}

/// 64-bit data: u32 index or u64 index (low 32 bits used). The indices of
/// the active lanes (0 for the others) are checked and kept in `e` first: a
/// u32 index register that is also the destination is narrower than the data.
template <size_t kStride>
Status gather64(RegType index, const uint8_t *base, uint64_t baseElems, const Reg &idx,
                const Mask &m, size_t lanes, Reg &out) {
  const hn::ScalableTag<uint64_t> du;
  const hn::RebindToSigned<decltype(du)> di;
  const hn::Rebind<uint32_t, decltype(du)> d32;
  constexpr size_t N = hn::MaxLanes(du);
  // Indices are below 2^32, so a signed 64-bit compare against min(n, 2^32) is exact.
  const auto limit =
      hn::Set(di, int64_t(baseElems < (uint64_t(1) << 32) ? baseElems : uint64_t(1) << 32));
  HWY_ALIGN uint64_t e[64];
  auto bad = hn::Zero(di);
  for (size_t i = 0; i < lanes; i += N) {
    const auto raw =
        index.elem == EK::U32
            ? hn::PromoteTo(du, hn::LoadU(d32, lanesOf<uint32_t>(idx) + i))
            : hn::And(hn::Load(du, lanesOf<uint64_t>(idx) + i), hn::Set(du, 0xFFFFFFFFu));
    const auto v = hn::IfThenElseZero(activeLanes<kStride>(du, m, i), raw);
    bad = hn::Or(bad, hn::VecFromMask(di, hn::Not(hn::BitCast(di, v) < limit)));
    hn::Store(v, du, e + i);
  }
  if (!hn::AllFalse(di, hn::MaskFromVec(bad))) // inactive lanes hold 0: only baseElems == 0
    for (unsigned i = 0; i < lanes; ++i)
      if (m.bit(kStride * i) && e[i] >= baseElems)
        return Status{false, i, e[i]};
  if (!anyLaneActive<kStride>(m)) { // base may be empty
    zeroReg(out, unsigned(lanes * 8));
    return Status{};
  }
  uint64_t *dst = lanesOf<uint64_t>(out);
#pragma GCC unroll 8 // 64-bit lanes: plain copies beat vpgatherqq and lane inserts
  for (size_t i = 0; i < lanes; ++i)
    std::memcpy(dst + i, base + e[i] * 8, 8);
  if (!allLanesActive<kStride>(m))
    zeroInactive<kStride>(du, m, lanes, out);
  return Status{};
}

/// 16-bit lanes (x86 has no 16-bit gather): a vector bounds check, then
/// scalar loads; 8-bit sources are zero-extended.
Status gather16(unsigned srcBytes, const uint8_t *base, uint64_t baseElems, const Reg &idx,
                const Mask &m, Reg &out) {
  const hn::ScalableTag<uint16_t> du;
  constexpr size_t N = hn::MaxLanes(du);
  const uint16_t *ix = lanesOf<uint16_t>(idx);
  HWY_ALIGN uint16_t e[128]; // the active lanes' indices, 0 for the others
  auto bad = hn::Zero(du);
  const auto limit = hn::Set(du, uint16_t(baseElems < 0xFFFF ? baseElems : 0xFFFF));
  for (size_t i = 0; i < 128; i += N) {
    const auto v = hn::IfThenElseZero(activeLanes<2>(du, m, i), hn::Load(du, ix + i));
    bad = hn::Or(bad, hn::VecFromMask(du, hn::Max(v, limit) == v)); // v >= limit
    hn::Store(v, du, e + i);
  }
  if (baseElems <= 0xFFFF &&
      !hn::AllFalse(du, hn::MaskFromVec(bad))) // inactive: 0 >= limit only if empty
    for (unsigned i = 0; i < 128; ++i)
      if (m.bit(2 * i) && e[i] >= baseElems)
        return Status{false, i, e[i]};
  if (!anyLaneActive<2>(m)) { // base may be empty
    zeroReg(out, 256);
    return Status{};
  }
  // Loads into lanes, as in gatherLoads32: eight per 128-bit store.
  uint16_t *dst = lanesOf<uint16_t>(out);
  if (srcBytes == 1) {
    const hn::Simd<uint8_t, 8, 0> d8;
    const hn::Rebind<uint16_t, decltype(d8)> d16;
    for (size_t i = 0; i < 128; i += 8) {
      auto v = hn::Set(d8, base[e[i]]);
#pragma GCC unroll 8 // InsertLane needs a constant lane
      for (size_t j = 1; j < 8; ++j)
        v = hn::InsertLane(v, j, base[e[i + j]]);
      hn::StoreU(hn::PromoteTo(d16, v), d16, dst + i); // zero-extended
    }
  } else {
    gatherLoads16(base, e, dst);
  }
  if (!allLanesActive<2>(m))
    zeroInactive<2>(du, m, 128, out);
  return Status{};
}

Status GatherImpl(const Profile &prof, RegType dst, ElemKind src, RegType index,
                  const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                  Reg &out) {
  switch (elemBytes(dst.elem)) {
  case 2:
    return gather16(elemBytes(src), base, baseElems, idx, m, out);
  case 4:
    return gather32(base, baseElems, idx, m, out);
  default:
    return dst.numRegs == 2 ? gather64<4>(index, base, baseElems, idx, m, 64, out)
                            : gather64<8>(index, base, baseElems, idx, m, 32, out);
  }
}

/// gather_reg for 8-bit lanes: the 256-byte register is 16 tables of 16
/// bytes; each is looked up with a byte shuffle, and the 4 high index bits
/// pick the result (a blend tree). No scalar loop over 256 lanes.
HWY_INLINE void gatherReg8(const Reg &src, const Reg &idx, Reg &r) {
  const hn::ScalableTag<uint8_t> d;
  constexpr size_t N = hn::MaxLanes(d);
  hn::Vec<decltype(d)> tab[16];
  for (size_t k = 0; k < 16; ++k)
    tab[k] = hn::LoadDup128(d, src.b + 16 * k);
  for (size_t i = 0; i < 256; i += N) {
    const auto ix = hn::Load(d, idx.b + i);
    const auto entry = hn::And(ix, hn::Set(d, uint8_t(15)));
    hn::Vec<decltype(d)> t[16];
    for (size_t k = 0; k < 16; ++k)
      t[k] = hn::TableLookupBytes(tab[k], entry);
    for (int bit = 4; bit < 8; ++bit) {
      const auto hi = hn::TestBit(ix, hn::Set(d, uint8_t(1u << bit)));
      for (int q = 0; q < (1 << (7 - bit)); ++q)
        t[q] = hn::IfThenElse(hi, t[2 * q + 1], t[2 * q]);
    }
    hn::Store(t[0], d, r.b + i);
  }
}

void GatherRegImpl(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  Reg r; // src or idx may alias out
  switch (elemBytes(t.elem)) {
  case 1:
    gatherReg8(src, idx, r);
    break;
  case 2:
    gatherLoads16<127>(src.b, lanesOf<uint16_t>(idx), lanesOf<uint16_t>(r));
    break;
  default:
    gatherLoads32<63>(src.b, lanesOf<uint32_t>(idx), lanesOf<uint32_t>(r));
    break;
  }
  std::memcpy(out.b, r.b, 256);
}

// ---------------------------------------------------------------- companions

/// Calls f(d) with a full tag of unsigned lanes of the element's width.
template <class F> HWY_INLINE void withUnsigned(unsigned bytes, F &&f) {
  switch (bytes) {
  case 1:
    f(hn::ScalableTag<uint8_t>());
    break;
  case 2:
    f(hn::ScalableTag<uint16_t>());
    break;
  case 4:
    f(hn::ScalableTag<uint32_t>());
    break;
  default:
    f(hn::ScalableTag<uint64_t>());
    break;
  }
}

template <size_t kStride> using StrideC = std::integral_constant<size_t, kStride>;

/// Calls f(d, stride): d the full tag of unsigned lanes of t's element, stride
/// its mask stride as a StrideC (4 for the 64-bit two-register form).
template <class F> HWY_INLINE void withLanes(RegType t, F &&f) {
  if (t.numRegs == 2)
    return f(hn::ScalableTag<uint64_t>(), StrideC<4>());
  switch (elemBytes(t.elem)) {
  case 1:
    f(hn::ScalableTag<uint8_t>(), StrideC<1>());
    break;
  case 2:
    f(hn::ScalableTag<uint16_t>(), StrideC<2>());
    break;
  case 4:
    f(hn::ScalableTag<uint32_t>(), StrideC<4>());
    break;
  default:
    f(hn::ScalableTag<uint64_t>(), StrideC<8>());
    break;
  }
}

void DuplicateImpl(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    const auto v = hn::Set(d, static_cast<T>(scalarBits));
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(m ? hn::IfThenElseZero(activeLanes<decltype(stride)::value>(d, *m, i), v) : v, d,
                lanesOf<T>(out) + i);
  });
}

void ArangeImpl(RegType t, uint64_t startBits, Reg &out) {
  if (t.elem == EK::F32) {
    const hn::ScalableTag<float> d;
    const size_t N = hn::Lanes(d);
    float start;
    const uint32_t s32 = uint32_t(startBits);
    std::memcpy(&start, &s32, 4);
    for (size_t i = 0; i < 64; i += N) // i + lane is exact; one rounding in the add
      hn::Store(hn::Add(hn::Set(d, start), hn::Iota(d, float(i))), d, lanesOf<float>(out) + i);
    return;
  }
  if (t.elem == EK::F16) {
    const hn::ScalableTag<float> d;
    const DU16<decltype(d)> dh;
    const size_t N = hn::Lanes(d);
    const float start = semantics::f16ToF32(uint16_t(startBits));
    for (size_t i = 0; i < 128; i += N)
      hn::StoreU(f32ToF16(d, hn::Add(hn::Set(d, start), hn::Iota(d, float(i)))), dh,
                 lanesOf<uint16_t>(out) + i);
    return;
  }
  if (t.elem == EK::BF16) { // not a legal arange type; keep the reference's answer
    ref::arange(t, startBits, out);
    return;
  }
  withUnsigned(elemBytes(t.elem), [&](auto d) HWY_ATTR { // integers wrap
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    const auto iota = hn::Iota(d, T(0));
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(hn::Add(iota, hn::Set(d, static_cast<T>(startBits + i))), d, lanesOf<T>(out) + i);
  });
}

/// compare on lanes of TK (signed, element width) using order keys. Float
/// keys treat -0 as +0 here (IEEE equality) and NaN as unordered.
template <class TK, int kKind, size_t kStride>
void compareKeys(ComparePred p, unsigned lanes, const Reg &a, const Reg &b, const Mask &m,
                 Mask &res) {
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    auto x = hn::Load(d, lanesOf<TK>(a) + i), y = hn::Load(d, lanesOf<TK>(b) + i);
    const auto active = activeLanes<kStride>(d, m, i);
    auto ordered = active; // active and, for floats, neither is NaN
    if constexpr (kKind == kFloatKey) {
      const auto absMask = hn::Set(d, hwy::LimitsMax<TK>());
      ordered = hn::AndNot(hn::Or(isNaNBits(d, x), isNaNBits(d, y)), ordered);
      x = hn::IfThenZeroElse(hn::And(x, absMask) == hn::Zero(d), x); // -0 -> +0
      y = hn::IfThenZeroElse(hn::And(y, absMask) == hn::Zero(d), y);
    }
    const auto kx = orderKey<kKind>(d, x), ky = orderKey<kKind>(d, y);
    hn::Mask<decltype(d)> r;
    switch (p) {
    case ComparePred::EQ:
      r = hn::And(ordered, kx == ky);
      break;
    case ComparePred::NE: // true for unordered active lanes
      r = hn::AndNot(hn::And(ordered, kx == ky), active);
      break;
    case ComparePred::LT:
      r = hn::And(ordered, kx < ky);
      break;
    case ComparePred::LE:
      r = hn::And(ordered, hn::Not(kx > ky));
      break;
    case ComparePred::GT:
      r = hn::And(ordered, kx > ky);
      break;
    case ComparePred::GE:
      r = hn::And(ordered, hn::Not(kx < ky));
      break;
    }
    storeActive<kStride>(d, r, res, i);
  }
}

void CompareImpl(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
                 const Mask &m, Mask &out) {
  Mask res{}; // m may be out
  const unsigned n = t.lanes();
  const bool x2 = t.numRegs == 2;
  switch (t.elem) {
  case EK::I8:
    compareKeys<int8_t, kSignedKey, 1>(p, n, a, b, m, res);
    break;
  case EK::U8:
    compareKeys<int8_t, kUnsignedKey, 1>(p, n, a, b, m, res);
    break;
  case EK::I16:
    compareKeys<int16_t, kSignedKey, 2>(p, n, a, b, m, res);
    break;
  case EK::U16:
    compareKeys<int16_t, kUnsignedKey, 2>(p, n, a, b, m, res);
    break;
  case EK::F16:
    compareKeys<int16_t, kFloatKey, 2>(p, n, a, b, m, res);
    break;
  case EK::I32:
    compareKeys<int32_t, kSignedKey, 4>(p, n, a, b, m, res);
    break;
  case EK::U32:
    compareKeys<int32_t, kUnsignedKey, 4>(p, n, a, b, m, res);
    break;
  case EK::F32:
    compareKeys<int32_t, kFloatKey, 4>(p, n, a, b, m, res);
    break;
  case EK::I64:
    x2 ? compareKeys<int64_t, kSignedKey, 4>(p, n, a, b, m, res)
       : compareKeys<int64_t, kSignedKey, 8>(p, n, a, b, m, res);
    break;
  case EK::U64:
    x2 ? compareKeys<int64_t, kUnsignedKey, 4>(p, n, a, b, m, res)
       : compareKeys<int64_t, kUnsignedKey, 8>(p, n, a, b, m, res);
    break;
  case EK::BF16:
    ref::compare(prof, p, t, a, b, m, out);
    return; // not a legal type
  }
  out = res;
}

void SelectImpl(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    for (size_t i = 0; i < t.lanes(); i += N)
      hn::Store(hn::IfThenElse(activeLanes<decltype(stride)::value>(d, m, i),
                               hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i)),
                d, lanesOf<T>(out) + i);
  });
}

/// max / min on order keys; floats: a NaN operand wins (a's first).
template <class TK, int kKind, size_t kStride>
void maxMinKeys(bool isMax, unsigned lanes, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  const hn::ScalableTag<TK> d;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N) {
    const auto x = hn::Load(d, lanesOf<TK>(a) + i), y = hn::Load(d, lanesOf<TK>(b) + i);
    const auto kx = orderKey<kKind>(d, x), ky = orderKey<kKind>(d, y);
    auto r = hn::IfThenElse(isMax ? kx < ky : ky < kx, y, x);
    if constexpr (kKind == kFloatKey)
      r = hn::IfThenElse(isNaNBits(d, x), x, hn::IfThenElse(isNaNBits(d, y), y, r));
    hn::Store(hn::IfThenElseZero(activeLanes<kStride>(d, m, i), r), d, lanesOf<TK>(out) + i);
  }
}

/// Integer add (unsigned lanes: wraps).
template <class D, size_t kStride>
void addInts(D d, unsigned lanes, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  using T = hn::TFromD<D>;
  const size_t N = hn::Lanes(d);
  for (size_t i = 0; i < lanes; i += N)
    hn::Store(
        hn::IfThenElseZero(activeLanes<kStride>(d, m, i),
                           hn::Add(hn::Load(d, lanesOf<T>(a) + i), hn::Load(d, lanesOf<T>(b) + i))),
        d, lanesOf<T>(out) + i);
}

void BinaryImpl(const Profile &prof, BinaryKind op, RegType t, const Reg &a, const Reg &b,
                const Mask &m, Reg &out) {
  const unsigned n = t.lanes();
  if (op == BinaryKind::Add) {
    switch (t.elem) {
    case EK::F32: {
      const hn::ScalableTag<float> d;
      const size_t N = hn::Lanes(d);
      for (size_t i = 0; i < n; i += N)
        hn::Store(hn::IfThenElseZero(activeLanes<4>(d, m, i),
                                     hn::Add(hn::Load(d, lanesOf<float>(a) + i),
                                             hn::Load(d, lanesOf<float>(b) + i))),
                  d, lanesOf<float>(out) + i);
      return;
    }
    case EK::F16: {
      const bool saturate = saturatesF16Arithmetic(prof.ctrl);
      const hn::ScalableTag<float> d;
      const DU16<decltype(d)> dh;
      const size_t N = hn::Lanes(d);
      for (size_t i = 0; i < n; i += N) {
        const auto x = f16ToF32(d, hn::LoadU(dh, lanesOf<uint16_t>(a) + i));
        const auto y = f16ToF32(d, hn::LoadU(dh, lanesOf<uint16_t>(b) + i));
        auto sum = f32ToF16(d, hn::Add(x, y));
        if (saturate)
          sum = saturateF16Bits(dh, sum);
        hn::StoreU(hn::IfThenElseZero(activeLanes<2>(dh, m, i), sum), dh,
                   lanesOf<uint16_t>(out) + i);
      }
      return;
    }
    case EK::BF16:
      ref::binary(prof, op, t, a, b, m, out);
      return; // not a legal type
    default:
      withLanes(t, [&](auto d, auto stride) HWY_ATTR {
        addInts<decltype(d), decltype(stride)::value>(d, n, a, b, m, out);
      });
      return;
    }
  }
  const bool isMax = op == BinaryKind::Max;
  const bool x2 = t.numRegs == 2;
  switch (t.elem) {
  case EK::I8:
    maxMinKeys<int8_t, kSignedKey, 1>(isMax, n, a, b, m, out);
    break;
  case EK::U8:
    maxMinKeys<int8_t, kUnsignedKey, 1>(isMax, n, a, b, m, out);
    break;
  case EK::I16:
    maxMinKeys<int16_t, kSignedKey, 2>(isMax, n, a, b, m, out);
    break;
  case EK::U16:
    maxMinKeys<int16_t, kUnsignedKey, 2>(isMax, n, a, b, m, out);
    break;
  case EK::F16:
    maxMinKeys<int16_t, kFloatKey, 2>(isMax, n, a, b, m, out);
    break;
  case EK::I32:
    maxMinKeys<int32_t, kSignedKey, 4>(isMax, n, a, b, m, out);
    break;
  case EK::U32:
    maxMinKeys<int32_t, kUnsignedKey, 4>(isMax, n, a, b, m, out);
    break;
  case EK::F32:
    maxMinKeys<int32_t, kFloatKey, 4>(isMax, n, a, b, m, out);
    break;
  case EK::I64:
    x2 ? maxMinKeys<int64_t, kSignedKey, 4>(isMax, n, a, b, m, out)
       : maxMinKeys<int64_t, kSignedKey, 8>(isMax, n, a, b, m, out);
    break;
  case EK::U64:
    x2 ? maxMinKeys<int64_t, kUnsignedKey, 4>(isMax, n, a, b, m, out)
       : maxMinKeys<int64_t, kUnsignedKey, 8>(isMax, n, a, b, m, out);
    break;
  case EK::BF16:
    ref::binary(prof, op, t, a, b, m, out);
    break; // not a legal type
  }
}

void StoreAlignImpl(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    T *p = reinterpret_cast<T *>(dst);
    for (size_t i = 0; i < t.lanes(); i += N) {
      const auto mk = activeLanes<decltype(stride)::value>(d, m, i);
      if (hn::AllFalse(d, mk))
        continue; // inactive lanes leave UB untouched
      const auto v = hn::Load(d, lanesOf<T>(in) + i);
      if (hn::AllTrue(d, mk))
        hn::StoreU(v, d, p + i);
      else
        hn::BlendedStore(v, mk, d, p + i); // writes only the active lanes
    }
  });
}

#endif // HWY_TARGET == HWY_SCALAR

const char *TargetNameImpl() { return hwy::TargetName(HWY_TARGET); }

} // namespace HWY_NAMESPACE
} // namespace simd
} // namespace semantics
} // namespace ascreg
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg {
namespace semantics {
namespace simd {

HWY_EXPORT(ReduceImpl);
HWY_EXPORT(ReduceKernelImpl);
HWY_EXPORT(PairReduceSumImpl);
HWY_EXPORT(GatherImpl);
HWY_EXPORT(GatherRegImpl);
HWY_EXPORT(DuplicateImpl);
HWY_EXPORT(ArangeImpl);
HWY_EXPORT(CompareImpl);
HWY_EXPORT(SelectImpl);
HWY_EXPORT(BinaryImpl);
HWY_EXPORT(StoreAlignImpl);
HWY_EXPORT(TargetNameImpl);

// Mask ops are a few word operations; no dispatch needed.

void createMask(RegType t, MaskPattern p, Mask &out) {
  const unsigned vl = t.lanes();
  const PatternLanes on = patternLanes(p, vl);
  detail::LaneBits lb{};
  if (on.period == 3) {
    for (unsigned i = 0; i < vl; i += 3)
      lb.w[i >> 6] |= uint64_t(1) << (i & 63);
  } else if (on.period == 4) {
    for (unsigned k = 0; k < (vl + 63) / 64; ++k)
      lb.w[k] = 0x1111111111111111ull;
    if (vl < 64) // a whole word was filled
      lb.w[0] &= (uint64_t(1) << vl) - 1;
  } else {
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned lo = 64 * k;
      if (on.prefix >= lo + 64)
        lb.w[k] = ~0ull;
      else if (on.prefix > lo)
        lb.w[k] = (uint64_t(1) << (on.prefix - lo)) - 1;
    }
  }
  out = detail::unpackLanes(lb, t.maskStride());
}

/// The lowest bit of every lane group (bit stride*i) in one mask word.
static uint64_t laneGroupBits(unsigned stride) {
  static constexpr uint64_t kGroupBits[9] = {
      0, ~0ull, 0x5555555555555555ull, 0, 0x1111111111111111ull, 0, 0, 0, 0x0101010101010101ull};
  return kGroupBits[stride];
}

void updateMask(RegType t, uint32_t count, Mask &out, uint32_t &rest) {
  // The lane groups' lowest bits, cut below bit stride*n: four word
  // operations instead of a per-lane loop (this runs once per register in
  // every loop of a kernel).
  const unsigned vl = t.lanes();
  const unsigned n = count < vl ? count : vl;
  const unsigned limit = n * t.maskStride(); // bits [0, limit) may be set
  const uint64_t group = laneGroupBits(t.maskStride());
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned lo = 64 * k;
    const uint64_t below = limit >= lo + 64 ? ~0ull
                           : limit > lo     ? (uint64_t(1) << (limit - lo)) - 1
                                            : 0;
    out.w[k] = group & below;
  }
  rest = count < vl ? 0 : count - vl;
}

// Four word operations: nothing for SIMD to add.
void maskAnd(const Mask &a, const Mask &b, Mask &out) { ref::maskAnd(a, b, out); }
void maskOr(const Mask &a, const Mask &b, Mask &out) { ref::maskOr(a, b, out); }

void maskNot(RegType t, const Mask &a, Mask &out) {
  // Every register type has 256 / stride lanes, so its lanes are exactly the
  // groups' lowest bits: four word operations (a may be out).
  const uint64_t group = laneGroupBits(t.maskStride());
  for (unsigned k = 0; k < 4; ++k)
    out.w[k] = ~a.w[k] & group;
}

// ---- The profile's non-documented candidates (Profile.h) ----
//
// The kernels above implement the documented choices. The other candidates
// are input or output rewrites around them (a flushed operand copy, a mask
// renumbered, a NaN made canonical), except sum.rounding = round_once, which
// runs the reference tree: nothing in a kernel is spent on them when the
// profile is the documented one.
namespace {

using EK = ElemKind;

uint64_t laneOf(const Reg &r, unsigned width, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, r.b + size_t(i) * width, width);
  return v;
}
void setLaneOf(Reg &r, unsigned width, unsigned i, uint64_t v) {
  std::memcpy(r.b + size_t(i) * width, &v, width);
}
/// `in` with every subnormal lane flushed (compare.subnormals = flush).
Reg flushedCopy(RegType t, const Reg &in) {
  Reg r = in;
  const unsigned w = elemBytes(t.elem);
  for (unsigned i = 0; i < t.lanes(); ++i)
    setLaneOf(r, w, i, flushSubnormalBits(t.elem, laneOf(in, w, i)));
  return r;
}
bool flushes(const Profile &prof, EK k) {
  return isFloat(k) && prof.compareSubnormals == CompareSubnormals::Flush;
}
/// Replaces the NaN lanes [0, lanes) of `r` by the canonical NaN.
void canonicalizeNaNLanes(RegType t, unsigned lanes, Reg &r) {
  const unsigned w = elemBytes(t.elem);
  for (unsigned i = 0; i < lanes; ++i)
    if (isNaN(numberFormat(t.elem), laneOf(r, w, i)))
      setLaneOf(r, w, i, canonicalNaNBits(t.elem));
}

} // namespace

// The public entry points. Each tests the profile inline and calls the
// documented kernel at once; the other candidates are rewrites around the
// documented kernels, out of line (HWY_NOINLINE) so that the common call
// stays a compare and a jump, without their stack frames (register copies).

HWY_NOINLINE void reduceOtherChoices(const Profile &prof, ReduceKind k, RegType dst, RegType src,
                                     const Reg &in, const Mask &m, Reg &out) {
  const Profile base = withDocumentedChoices(prof);
  if (k == ReduceKind::Sum) {
    if (prof.sumRounding != SumRounding::PerNode)
      return ref::reduce(prof, k, dst, src, in, m, out);
    ASCREG_DISPATCH(ReduceImpl)(base, k, dst, src, in, m, out);
    if (prof.addNaN == AddNaN::Canonical)
      canonicalizeNaNLanes(dst, 1, out);
    return;
  }
  if (flushes(prof, src.elem)) {
    Reg flushed = flushedCopy(src, in);
    ASCREG_DISPATCH(ReduceImpl)(base, k, dst, src, flushed, m, out);
  } else {
    ASCREG_DISPATCH(ReduceImpl)(base, k, dst, src, in, m, out);
  }
  if (prof.maxMinNaN == MaxMinNaN::Canonical)
    canonicalizeNaNLanes(dst, 1, out);
  if (prof.maxMinEmpty == MaxMinEmpty::Finite) {
    bool any = false;
    for (unsigned i = 0; i < src.lanes() && !any; ++i)
      any = m.laneActive(src, i);
    if (!any) // +-inf -> +-largest finite (the bits just below, same sign)
      setLaneOf(out, elemBytes(dst.elem), 0, laneOf(out, elemBytes(dst.elem), 0) - 1);
  }
}
void reduce(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
            const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented() || !isFloat(src.elem)))
    return ASCREG_DISPATCH(ReduceImpl)(prof, k, dst, src, in, m, out);
  reduceOtherChoices(prof, k, dst, src, in, m, out);
}

ReduceKernel reduceKernel(const Profile &prof, ReduceKind k, RegType dst, RegType src) {
  if (!prof.choicesDocumented() && isFloat(src.elem))
    return nullptr; // reduceOtherChoices rewrites around the kernel
  return ASCREG_DISPATCH(ReduceKernelImpl)(k, dst, src);
}

HWY_NOINLINE void pairReduceSumOtherChoices(const Profile &prof, RegType t, const Reg &in,
                                            const Mask &m, Reg &out) {
  const Reg source = in; // in may alias out
  ASCREG_DISPATCH(PairReduceSumImpl)(withDocumentedChoices(prof), t, source, m, out);
  const unsigned w = elemBytes(t.elem);
  if (prof.addNaN == AddNaN::Canonical)
    canonicalizeNaNLanes(t, t.lanes() / 2, out);
  if (prof.pairSingleLane == PairSingleLane::Exact)
    for (unsigned i = 0; i < t.lanes() / 2; ++i) {
      bool aOn = m.laneActive(t, 2 * i), bOn = m.laneActive(t, 2 * i + 1);
      if (aOn != bOn)
        setLaneOf(out, w, i, laneOf(source, w, aOn ? 2 * i : 2 * i + 1));
    }
}
void pairReduceSum(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(PairReduceSumImpl)(prof, t, in, m, out);
  pairReduceSumOtherChoices(prof, t, in, m, out);
}

HWY_NOINLINE Status gatherOtherChoices(const Profile &prof, RegType dst, ElemKind src,
                                       RegType index, const uint8_t *base, uint64_t baseElems,
                                       const Reg &idx, const Mask &m, Reg &out) {
  const Profile documented = withDocumentedChoices(prof);
  const unsigned stride = gatherMaskStride(prof, dst, src);
  if (stride == dst.maskStride())
    return ASCREG_DISPATCH(GatherImpl)(documented, dst, src, index, base, baseElems, idx, m, out);
  // gather.mask = source: lane i is enabled by bit `stride * i`.
  Mask renumbered{};
  for (unsigned i = 0; i < dst.lanes(); ++i)
    renumbered.set(dst.maskStride() * i, m.bit(stride * i));
  return ASCREG_DISPATCH(GatherImpl)(documented, dst, src, index, base, baseElems, idx, renumbered,
                                     out);
}
Status gather(const Profile &prof, RegType dst, ElemKind src, RegType index, const uint8_t *base,
              uint64_t baseElems, const Reg &idx, const Mask &m, Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(GatherImpl)(prof, dst, src, index, base, baseElems, idx, m, out);
  return gatherOtherChoices(prof, dst, src, index, base, baseElems, idx, m, out);
}
void gatherReg(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  ASCREG_DISPATCH(GatherRegImpl)(t, src, idx, out);
}
void duplicate(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  ASCREG_DISPATCH(DuplicateImpl)(t, scalarBits, m, out);
}
void arange(RegType t, uint64_t startBits, Reg &out) {
  ASCREG_DISPATCH(ArangeImpl)(t, startBits, out);
}

HWY_NOINLINE void compareFlushed(const Profile &prof, ComparePred p, RegType t, const Reg &a,
                                 const Reg &b, const Mask &m, Mask &out) {
  Reg fa = flushedCopy(t, a), fb = flushedCopy(t, b);
  ASCREG_DISPATCH(CompareImpl)(withDocumentedChoices(prof), p, t, fa, fb, m, out);
}
void compare(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
             const Mask &m, Mask &out) {
  if (HWY_LIKELY(!flushes(prof, t.elem)))
    return ASCREG_DISPATCH(CompareImpl)(prof, p, t, a, b, m, out);
  compareFlushed(prof, p, t, a, b, m, out);
}
void select(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  ASCREG_DISPATCH(SelectImpl)(t, m, a, b, out);
}

HWY_NOINLINE void binaryOtherChoices(const Profile &prof, BinaryKind k, RegType t, const Reg &a,
                                     const Reg &b, const Mask &m, Reg &out) {
  const Profile base = withDocumentedChoices(prof);
  if (k == BinaryKind::Add || !flushes(prof, t.elem))
    ASCREG_DISPATCH(BinaryImpl)(base, k, t, a, b, m, out);
  else {
    Reg fa = flushedCopy(t, a), fb = flushedCopy(t, b);
    ASCREG_DISPATCH(BinaryImpl)(base, k, t, fa, fb, m, out);
  }
  const bool canonical = k == BinaryKind::Add ? prof.addNaN == AddNaN::Canonical
                                              : prof.maxMinNaN == MaxMinNaN::Canonical;
  if (canonical && isFloat(t.elem))
    canonicalizeNaNLanes(t, t.lanes(), out);
}
void binary(const Profile &prof, BinaryKind k, RegType t, const Reg &a, const Reg &b, const Mask &m,
            Reg &out) {
  if (HWY_LIKELY(prof.choicesDocumented()))
    return ASCREG_DISPATCH(BinaryImpl)(prof, k, t, a, b, m, out);
  binaryOtherChoices(prof, k, t, a, b, m, out);
}
// Out of line: its register-sized copy would otherwise give every store,
// the common full-mask one included, a 256-byte stack frame.
static HWY_NOINLINE void storeAlignFromCopy(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  Reg copy;
  std::memcpy(copy.b, in.b, t.bytes());
  ASCREG_DISPATCH(StoreAlignImpl)(t, copy, m, dst);
}
void loadAlign(RegType t, const uint8_t *src, Reg &out) { std::memcpy(out.b, src, t.bytes()); }
void storeAlign(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  // Most stores of a kernel have every lane or no lane active: one copy or
  // nothing, decided with four word operations. (`in` may be a view of UB
  // overlapping `dst`: memmove.)
  const uint64_t group = laneGroupBits(t.maskStride());
  uint64_t missing = 0, present = 0;
  for (unsigned k = 0; k < 4; ++k) {
    missing |= ~m.w[k] & group;
    present |= m.w[k] & group;
  }
  if (!present)
    return;
  if (!missing) {
    if (t.bytes() == kVLBytes) { // inline: all loads before the stores
      uint8_t copy[kVLBytes];
      std::memcpy(copy, in.b, kVLBytes);
      std::memcpy(dst, copy, kVLBytes);
    } else {
      std::memmove(dst, in.b, t.bytes());
    }
    return;
  }
  // A partial store from a view that overlaps `dst` would read bytes it has
  // already written (found by random-program differential testing, seed 1
  // index 23): store from a copy.
  if (in.b < dst + t.bytes() && dst < in.b + t.bytes())
    return storeAlignFromCopy(t, in, m, dst);
  ASCREG_DISPATCH(StoreAlignImpl)(t, in, m, dst);
}

const char *targetName() { return ASCREG_DISPATCH(TargetNameImpl)(); }

std::vector<int64_t> availableTargets() {
  static const std::vector<int64_t> targets = [] {
    std::vector<int64_t> r;
    for (int64_t bits = hwy::SupportedTargets() & HWY_TARGETS; bits != 0; bits &= bits - 1)
      r.push_back(bits & ~(bits - 1)); // lowest bit = best target first
    return r;
  }();
  return targets;
}

const char *targetNameOf(int64_t target) { return hwy::TargetName(target); }

void forceTarget(int64_t target) {
  hwy::SetSupportedTargetsForTest(target);
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
#ifndef ASCREG_DISPATCH_IS_HIGHWAYS
  dispatch::refreshChosenIndex();
#endif
}

#ifndef ASCREG_DISPATCH_IS_HIGHWAYS
// The kernels' dispatch index, chosen when the library is loaded (Dispatch.h).
[[maybe_unused]] static const bool chosenAtLoad = (dispatch::refreshChosenIndex(), true);
#endif

} // namespace simd
} // namespace semantics
} // namespace ascreg
#endif // HWY_ONCE
