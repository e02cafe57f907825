//===- TestUtil.h - Random registers and masks for the semantics tests ----===//
#ifndef ASCREG_UNITTESTS_SEMANTICS_TESTUTIL_H
#define ASCREG_UNITTESTS_SEMANTICS_TESTUTIL_H

#include "ascreg/Semantics/Semantics.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

namespace ascreg {
namespace semantics {
namespace test {

using EK = ElemKind;

inline std::vector<RegType> allRegTypes() {
  std::vector<RegType> r;
  for (EK k : {EK::I8, EK::U8, EK::I16, EK::U16, EK::F16, EK::BF16, EK::I32, EK::U32, EK::F32,
               EK::I64, EK::U64})
    r.push_back(RegType{k, 1});
  r.push_back(RegType{EK::I64, 2});
  r.push_back(RegType{EK::U64, 2});
  return r;
}

/// How many of allRegTypes() satisfy `legal` (a legality table's size).
template <class Legal> unsigned countLegal(Legal legal) {
  unsigned n = 0;
  for (RegType t : allRegTypes())
    n += legal(t);
  return n;
}

inline std::string typeName(RegType t) {
  return std::string(elemName(t.elem)) + (t.numRegs == 2 ? "x2" : "");
}

inline uint64_t getLane(const Reg &r, RegType t, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, r.b + i * elemBytes(t.elem), elemBytes(t.elem));
  return v;
}
inline void setLane(Reg &r, RegType t, unsigned i, uint64_t v) {
  std::memcpy(r.b + i * elemBytes(t.elem), &v, elemBytes(t.elem));
}
/// A lane and the bits expected there: one row of a spot-check table.
struct LaneBits {
  unsigned lane;
  uint64_t bits;
};
/// Expects each listed lane of `r`, read as `t`, to hold its bits; `what`
/// names the register in a failure.
inline void expectLanes(const Reg &r, RegType t, std::initializer_list<LaneBits> expected,
                        const std::string &what = "") {
  for (const LaneBits &e : expected)
    EXPECT_EQ(getLane(r, t, e.lane), e.bits) << what << " lane " << e.lane;
}

/// A register of zero bytes.
inline Reg zeroReg() {
  Reg r;
  std::memset(r.b, 0, sizeof r.b);
  return r;
}
/// The mask with lanes `on` of `t` active (bit stride * i).
inline Mask lanes(RegType t, std::initializer_list<unsigned> on) {
  Mask m{};
  for (unsigned i : on)
    m.set(t.maskStride() * i, true);
  return m;
}
/// The mask with every lane of `t` active.
inline Mask allLanes(RegType t) {
  Mask m{};
  for (unsigned i = 0; i < t.lanes(); ++i)
    m.set(t.maskStride() * i, true);
  return m;
}

inline bool isNaNBits(EK k, uint64_t bits) {
  switch (k) {
  case EK::F16:
    return (bits & 0x7FFF) > 0x7C00;
  case EK::BF16:
    return (bits & 0x7FFF) > 0x7F80;
  case EK::F32:
    return (bits & 0x7FFFFFFF) > 0x7F800000;
  default:
    return false;
  }
}

/// Random inputs mixing raw bits with the values that break kernels: NaNs
/// with various payloads, signed zeros, infinities, extreme finite values,
/// subnormals, and repeated values (ties).
class Gen {
public:
  explicit Gen(uint64_t seed) : rng(seed) {}

  uint64_t bits64() { return rng(); }
  unsigned below(unsigned n) { return unsigned(rng() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }

  uint64_t edge(EK k) {
    static const uint64_t f16[] = {0x7C01, 0x7E00, 0xFE37, 0x7FFF, 0x0000, 0x8000, 0x7C00, 0xFC00,
                                   0x7BFF, 0xFBFF, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00};
    static const uint64_t f32[] = {0x7F800001, 0x7FC00000, 0xFFC12345, 0x7FFFFFFF,
                                   0x00000000, 0x80000000, 0x7F800000, 0xFF800000,
                                   0x7F7FFFFF, 0xFF7FFFFF, 0x00000001, 0x80000001,
                                   0x007FFFFF, 0x00800000, 0x3F800000, 0xBF800000};
    static const uint64_t bf16[] = {0x7F81, 0x7FC0, 0xFFC5, 0x0000, 0x8000,
                                    0x7F80, 0xFF80, 0x7F7F, 0x0001, 0x3F80};
    unsigned w = 8 * elemBytes(k);
    switch (k) {
    case EK::F16:
      return f16[below(16)];
    case EK::F32:
      return f32[below(16)];
    case EK::BF16:
      return bf16[below(10)];
    default: {
      uint64_t top = uint64_t(1) << (w - 1);
      uint64_t all = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
      const uint64_t ints[] = {0, 1, all, top, top - 1, top + 1, 2, all - 1};
      return ints[below(8)];
    }
    }
  }

  /// A finite float of moderate magnitude (so sums do not just saturate).
  uint64_t moderate(EK k) {
    uint64_t sign = rng() & 1;
    switch (k) {
    case EK::F16:
      return (sign << 15) | uint64_t(8 + below(16)) << 10 | (rng() & 0x3FF);
    case EK::BF16:
      return (sign << 15) | uint64_t(120 + below(16)) << 7 | (rng() & 0x7F);
    case EK::F32:
      return (sign << 31) | uint64_t(100 + below(50)) << 23 | (rng() & 0x7FFFFF);
    default:
      return rng() & 0xFF;
    }
  }

  /// A register of type t: one of four profiles.
  Reg reg(RegType t) {
    Reg r;
    for (auto &b : r.b)
      b = uint8_t(rng());
    unsigned profile = below(4);
    uint64_t pool[4];
    for (auto &p : pool)
      p = chance(50) ? edge(t.elem) : moderate(t.elem);
    for (unsigned i = 0; i < t.lanes(); ++i) {
      uint64_t v;
      switch (profile) {
      case 0:
        v = rng();
        if (chance(5))
          v = edge(t.elem);
        break; // raw bits
      case 1:
        v = chance(3) ? edge(t.elem) : moderate(t.elem);
        break; // mostly finite
      case 2:
        v = pool[below(4)];
        break; // ties
      default:
        v = edge(t.elem);
        break; // edge-heavy
      }
      setLane(r, t, i, v);
    }
    return r;
  }

  /// A mask for lanes of t: random bits (also in the unread positions),
  /// empty, full, a prefix, or sparse.
  Mask mask(RegType t) {
    Mask m{};
    switch (below(6)) {
    case 0:
      for (auto &w : m.w)
        w = rng();
      break;
    case 1:
      break;
    case 2:
      for (auto &w : m.w)
        w = ~uint64_t(0);
      break;
    case 3: {
      unsigned n = below(t.lanes() + 1);
      for (unsigned i = 0; i < n; ++i)
        m.set(t.maskStride() * i, true);
      break;
    }
    case 4:
      for (unsigned i = 0; i < 3; ++i)
        m.set(t.maskStride() * below(t.lanes()), true);
      break;
    default:
      for (auto &w : m.w)
        w = rng() & rng();
      break;
    }
    return m;
  }

private:
  std::mt19937_64 rng;
};

} // namespace test
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_UNITTESTS_SEMANTICS_TESTUTIL_H
