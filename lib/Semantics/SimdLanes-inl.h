//===- SimdLanes-inl.h - Lanes and mask bits in vectors ---------*- C++ -*-===//
//
// Private to lib/Semantics; per-target helpers every kernel family uses:
// lanes of a Reg as arrays, mask bits straight to vector masks and back (no
// packing to one bit per lane), whole-mask tests, zeroing, and the dispatch
// of a lambda on the unsigned lane type of a register type. Include it
// after <hwy/highway.h> in a file compiled through foreach_target.h.
//
//===----------------------------------------------------------------------===//

// Per-target include guard (Highway convention: HWY_TARGET_TOGGLE flips
// once per target, so each target compiles this header once).
#if defined(ASCREG_LIB_SEMANTICS_SIMDLANES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ASCREG_LIB_SEMANTICS_SIMDLANES_INL_H_
#undef ASCREG_LIB_SEMANTICS_SIMDLANES_INL_H_
#else
#define ASCREG_LIB_SEMANTICS_SIMDLANES_INL_H_
#endif

#include "MaskBits.h"
#include "ascreg/Semantics/Semantics.h"

#include <cstring>
#include <type_traits>
#include <utility>

#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET != HWY_SCALAR

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

#endif // HWY_TARGET != HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#endif // per-target include guard
