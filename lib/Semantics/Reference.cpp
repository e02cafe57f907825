//===- Reference.cpp - Scalar reference semantics of the ascreg ops -------===//
//
// Written for clarity, one lane at a time, following docs/semantics.md
// literally. The SIMD kernels are tested against this file.
//
// Output registers: bytes [0, t.bytes()) of the result type are written; bytes
// beyond are left unchanged.
//
//===----------------------------------------------------------------------===//
#include "ReferenceLanes.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/Semantics.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

namespace ascreg {
namespace semantics {
namespace ref {

using EK = ElemKind;

namespace {

// ---- Lane access (raw bits, zero-extended to 64) ----

uint64_t laneBits(const uint8_t *bytes, unsigned width, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, bytes + uint64_t(i) * width, width); // little-endian host
  return v;
}
uint64_t getLane(const Reg &r, RegType t, unsigned i) {
  return laneBits(r.b, elemBytes(t.elem), i);
}
void setLane(Reg &r, RegType t, unsigned i, uint64_t bits) {
  std::memcpy(r.b + i * elemBytes(t.elem), &bits, elemBytes(t.elem));
}
void clearReg(Reg &r, RegType t) { std::memset(r.b, 0, t.bytes()); }

uint64_t widthMask(unsigned bytes) {
  return bytes == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * bytes)) - 1;
}

/// Sign-extends the raw bits of a signed lane; unsigned lanes stay as they are.
int64_t asSigned(EK k, uint64_t bits) {
  unsigned w = 8 * elemBytes(k);
  if (w == 64)
    return int64_t(bits);
  uint64_t signBit = uint64_t(1) << (w - 1);
  return int64_t((bits ^ signBit) - signBit);
}

bool isNaNBits(EK k, uint64_t bits) { return std::isnan(floatValue(k, bits)); }

/// The rounded float result `r` (or NaN) under the profile's add.nan; with
/// `saturate` (CTRL[48] = 0) an f16 result that is +-inf becomes +-65504 and
/// a NaN becomes +0 (f32 has no saturating mode).
uint64_t finishAdd(const Profile &prof, EK k, uint64_t r, bool saturate) {
  if (prof.addNaN == AddNaN::Canonical && isNaNBits(k, r))
    r = canonicalNaNBits(k);
  return saturate && k == EK::F16 ? saturateF16(uint16_t(r)) : r;
}
/// a + b rounded to the float element type, under the profile. For f16 / bf16
/// the f32 sum then one rounding equals the exactly rounded sum (f32 has >
/// 2p+2 bits).
uint64_t profileAdd(const Profile &prof, EK k, uint64_t a, uint64_t b, bool saturate) {
  return finishAdd(prof, k, roundFloat(k, floatValue(k, a) + floatValue(k, b)), saturate);
}
/// An operand of compare / max / min under compare.subnormals.
uint64_t orderedOperand(const Profile &prof, EK k, uint64_t bits) {
  return isFloat(k) && prof.compareSubnormals == CompareSubnormals::Flush
             ? flushSubnormalBits(k, bits)
             : bits;
}
/// The NaN a max / min gives for the NaN operand `bits` (maxmin.nan).
uint64_t maxMinNaN(const Profile &prof, EK k, uint64_t bits) {
  return prof.maxMinNaN == MaxMinNaN::Canonical ? canonicalNaNBits(k) : bits;
}

/// Total order used by max / min on non-NaN values: the numeric order with
/// -0 placed below +0. Integers compare by signedness.
bool lessThan(EK k, uint64_t a, uint64_t b) {
  if (isFloat(k)) {
    float x = floatValue(k, a), y = floatValue(k, b);
    if (x == 0 && y == 0)
      return std::signbit(x) && !std::signbit(y);
    return x < y;
  }
  if (isSignedInt(k))
    return asSigned(k, a) < asSigned(k, b);
  return a < b;
}

uint64_t typeMinBits(EK k) {
  switch (k) {
  case EK::F16:
    return 0xFC00; // -inf
  case EK::F32:
    return 0xFF800000u; // -inf
  case EK::I16:
    return 0x8000;
  case EK::I32:
    return 0x80000000u;
  case EK::I64:
    return uint64_t(1) << 63;
  default:
    return 0; // unsigned
  }
}
uint64_t typeMaxBits(EK k) {
  switch (k) {
  case EK::F16:
    return 0x7C00; // +inf
  case EK::F32:
    return 0x7F800000u; // +inf
  case EK::I16:
    return 0x7FFF;
  case EK::I32:
    return 0x7FFFFFFFu;
  case EK::I64:
    return ~uint64_t(0) >> 1;
  default:
    return widthMask(elemBytes(k));
  }
}

/// Sums leaves with the fixed tree: adjacent pairs first, then pairs of those
/// sums, until one value remains. `add` rounds/wraps each node to the type.
template <class AddFn> uint64_t treeSum(std::vector<uint64_t> level, AddFn add) {
  while (level.size() > 1) {
    std::vector<uint64_t> next(level.size() / 2);
    for (size_t i = 0; i < next.size(); ++i)
      next[i] = add(level[2 * i], level[2 * i + 1]);
    level = std::move(next);
  }
  return level[0];
}
/// The same tree over host floats (f32 or f64): each node rounds to T.
template <class T> T treeSumOf(std::vector<T> level) {
  while (level.size() > 1) {
    std::vector<T> next(level.size() / 2);
    for (size_t i = 0; i < next.size(); ++i)
      next[i] = level[2 * i] + level[2 * i + 1];
    level = std::move(next);
  }
  return level[0];
}

} // namespace

// ---------------------------------------------------------------- Masks

void createMask(RegType t, MaskPattern p, Mask &out) {
  const PatternLanes on = patternLanes(p, t.lanes());
  out = Mask{};
  for (unsigned i = 0; i < t.lanes(); ++i)
    out.set(t.maskStride() * i, on.period ? i % on.period == 0 : i < on.prefix);
}

void updateMask(RegType t, uint32_t count, Mask &out, uint32_t &rest) {
  unsigned vl = t.lanes();
  out = Mask{};
  for (unsigned i = 0; i < vl; ++i)
    out.set(t.maskStride() * i, i < count);
  rest = count < vl ? 0 : count - vl;
}

void maskAnd(const Mask &a, const Mask &b, Mask &out) {
  for (int i = 0; i < 4; ++i)
    out.w[i] = a.w[i] & b.w[i];
}

void maskOr(const Mask &a, const Mask &b, Mask &out) {
  for (int i = 0; i < 4; ++i)
    out.w[i] = a.w[i] | b.w[i];
}

void maskNot(RegType t, const Mask &a, Mask &out) {
  Mask r{};
  for (unsigned i = 0; i < t.lanes(); ++i)
    r.set(t.maskStride() * i, !a.laneActive(t, i));
  out = r; // a may alias out
}

// ---------------------------------------------------------------- reduce

namespace {
/// The reduce of lanes [first, first + count) of `in` (type src) into the
/// element kind `de`: the value, and for max / min the index of the lane
/// (counted from `first`). reduce takes the whole register, reduce_data_block
/// one 32-byte block at a time.
uint64_t reduceLanes(const Profile &prof, ReduceKind k, RegType src, EK de, const Reg &in,
                     const Mask &m, unsigned first, unsigned count, uint64_t &index) {
  EK se = src.elem;
  uint64_t value = 0;
  index = 0;

  if (k == ReduceKind::Sum) {
    // Leaves in the destination type: inactive lanes are +0; i16 / u16 widen.
    std::vector<uint64_t> leaves(count, 0);
    for (unsigned i = 0; i < count; ++i) {
      if (!m.laneActive(src, first + i))
        continue;
      uint64_t bits = getLane(in, src, first + i);
      if (isSignedInt(se))
        bits = uint64_t(asSigned(se, bits)); // sign-extend before the tree
      leaves[i] = bits & widthMask(elemBytes(de));
    }
    const bool sat = saturatesF16Arithmetic(prof.ctrl);
    if (isFloat(de) && prof.sumRounding == SumRounding::RoundOnce) {
      // sum.rounding = round_once: the same tree in the next wider float,
      // one rounding (and saturation) at the end.
      if (de == EK::F32) {
        std::vector<double> wide(count);
        for (unsigned i = 0; i < count; ++i)
          wide[i] = double(floatValue(de, leaves[i]));
        value = finishAdd(prof, de, roundFloat(de, float(treeSumOf(wide))), sat);
      } else {
        std::vector<float> wide(count);
        for (unsigned i = 0; i < count; ++i)
          wide[i] = floatValue(de, leaves[i]);
        value = finishAdd(prof, de, roundFloat(de, treeSumOf(wide)), sat);
      }
    } else if (isFloat(de)) { // every node rounds (and saturates)
      value =
          treeSum(leaves, [&](uint64_t a, uint64_t b) { return profileAdd(prof, de, a, b, sat); });
    } else
      value = treeSum(leaves, [de](uint64_t a, uint64_t b) {
        return (a + b) & widthMask(elemBytes(de)); // wraps modulo 2^width
      });
    return value;
  }
  bool isMax = k == ReduceKind::Max;
  bool found = false;
  for (unsigned i = 0; i < count; ++i) {
    if (!m.laneActive(src, first + i))
      continue;
    uint64_t v = orderedOperand(prof, se, getLane(in, src, first + i));
    if (isFloat(se) && isNaNBits(se, v)) { // the first NaN wins (maxmin.nan)
      value = maxMinNaN(prof, se, v);
      index = i;
      found = true;
      break;
    }
    // Strict comparison: on ties the first (lowest) index stays.
    bool better = !found || (isMax ? lessThan(se, value, v) : lessThan(se, v, value));
    if (better) {
      value = v;
      index = i;
      found = true;
    }
  }
  if (!found) { // empty mask
    value = isMax ? typeMinBits(se) : typeMaxBits(se);
    if (isFloat(se) && prof.maxMinEmpty == MaxMinEmpty::Finite)
      value -= 1; // +-inf -> +-largest finite (the bits just below, same sign)
    index = 0;
  }
  return value;
}
} // namespace

void reduce(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
            const Mask &m, Reg &out) {
  uint64_t index = 0;
  uint64_t value = reduceLanes(prof, k, src, dst.elem, in, m, 0, src.lanes(), index);
  clearReg(out, dst);
  setLane(out, dst, 0, value);
  if (k != ReduceKind::Sum)
    setLane(out, dst, 1, index); // raw integer bits in the dst element type
}

// One reduce per 32-byte block of the source (docs/semantics.md 2.26): block
// b's value in lane b of dst, every other lane 0.
void reduceDataBlock(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                     const Mask &m, Reg &out) {
  const unsigned perBlock = kDataBlockBytes / elemBytes(src.elem);
  const unsigned blocks = src.lanes() / perBlock;
  Reg r;
  clearReg(r, dst);
  for (unsigned b = 0; b < blocks; ++b) {
    uint64_t index = 0;
    setLane(r, dst, b, reduceLanes(prof, k, src, dst.elem, in, m, b * perBlock, perBlock, index));
  }
  std::memcpy(out.b, r.b, dst.bytes()); // in may alias out
}

void pairReduceSum(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out) {
  unsigned n = t.lanes();
  const bool sat = saturatesF16Arithmetic(prof.ctrl);
  Reg r;
  clearReg(r, t);
  for (unsigned i = 0; i < n / 2; ++i) {
    bool aOn = m.laneActive(t, 2 * i), bOn = m.laneActive(t, 2 * i + 1);
    // [decision] an inactive element enters the adder as +0: one active lane
    // gives a + (+0) (-0 -> +0, a signalling NaN quieted), none gives +0.
    uint64_t a = aOn ? getLane(in, t, 2 * i) : 0, b = bOn ? getLane(in, t, 2 * i + 1) : 0;
    uint64_t sum = 0;
    if (aOn != bOn && prof.pairSingleLane == PairSingleLane::Exact)
      sum = aOn ? a : b; // pair.single_lane = exact: the active lane's bits
    else if (aOn || bOn)
      sum = profileAdd(prof, t.elem, a, b, sat);
    setLane(r, t, i, sum);
  }
  std::memcpy(out.b, r.b, t.bytes()); // in may alias out
}

// ---------------------------------------------------------------- gather

Status gather(const Profile &prof, RegType dst, ElemKind src, RegType index, const uint8_t *base,
              uint64_t baseElems, const Reg &idx, const Mask &m, Reg &out) {
  Reg r;
  clearReg(r, dst); // inactive lanes are 0
  unsigned srcBytes = elemBytes(src);
  // gather.mask: which lane type numbers the mask bits.
  const unsigned maskStride = gatherMaskStride(prof, dst, src);
  for (unsigned i = 0; i < dst.lanes(); ++i) {
    if (!m.bit(maskStride * i))
      continue; // inactive lanes' indices are never checked or read
    uint64_t e = getLane(idx, index, i);
    if (index.elem == EK::U64)
      e &= 0xFFFFFFFFu; // only the low 32 bits of a u64 index are used
    if (e >= baseElems)
      return Status{false, i, e};
    // 8-bit sources are zero-extended into the 16-bit lane, also for i8.
    setLane(r, dst, i, laneBits(base, srcBytes, unsigned(e)));
  }
  std::memcpy(out.b, r.b, dst.bytes());
  return Status{};
}

void gatherReg(RegType t, const Reg &src, const Reg &idx, Reg &out) {
  Reg r;
  unsigned vl = t.lanes();
  RegType it{t.elem}; // the index lane has the same width as the data
  for (unsigned i = 0; i < vl; ++i)
    setLane(r, t, i, getLane(src, t, unsigned(getLane(idx, it, i) % vl)));
  std::memcpy(out.b, r.b, t.bytes());
}

// ---------------------------------------------------------------- companions

void duplicate(RegType t, uint64_t scalarBits, const Mask *m, Reg &out) {
  uint64_t bits = scalarBits & widthMask(elemBytes(t.elem));
  for (unsigned i = 0; i < t.lanes(); ++i) {
    bool active = m == nullptr || m->laneActive(t, i);
    setLane(out, t, i, active ? bits : 0); // ZEROING
  }
}

void arange(RegType t, uint64_t startBits, Reg &out) {
  EK k = t.elem;
  for (unsigned i = 0; i < t.lanes(); ++i) {
    uint64_t v;
    if (isFloat(k)) // one IEEE RNE rounding of start + i
      v = roundFloat(k, floatValue(k, startBits) + float(i));
    else
      v = (startBits + i) & widthMask(elemBytes(k)); // wraps
    setLane(out, t, i, v);
  }
}

void compare(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
             const Mask &m, Mask &out) {
  EK k = t.elem;
  Mask r{};
  for (unsigned i = 0; i < t.lanes(); ++i) {
    if (!m.laneActive(t, i))
      continue; // inactive lanes: 0
    uint64_t x = orderedOperand(prof, k, getLane(a, t, i));
    uint64_t y = orderedOperand(prof, k, getLane(b, t, i));
    bool eq, lt;
    if (isFloat(k)) { // IEEE: NaN is unordered, -0 == +0
      float fx = floatValue(k, x), fy = floatValue(k, y);
      bool unordered = std::isnan(fx) || std::isnan(fy);
      if (unordered) {
        r.set(t.maskStride() * i, p == ComparePred::NE);
        continue;
      }
      eq = fx == fy;
      lt = fx < fy;
    } else {
      eq = x == y;
      lt = lessThan(k, x, y);
    }
    bool res = false;
    switch (p) {
    case ComparePred::EQ:
      res = eq;
      break;
    case ComparePred::NE:
      res = !eq;
      break;
    case ComparePred::LT:
      res = lt;
      break;
    case ComparePred::LE:
      res = lt || eq;
      break;
    case ComparePred::GT:
      res = !lt && !eq;
      break;
    case ComparePred::GE:
      res = !lt;
      break;
    }
    r.set(t.maskStride() * i, res);
  }
  out = r;
}

void select(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out) {
  Reg r;
  for (unsigned i = 0; i < t.lanes(); ++i)
    setLane(r, t, i, m.laneActive(t, i) ? getLane(a, t, i) : getLane(b, t, i));
  std::memcpy(out.b, r.b, t.bytes());
}

void binary(const Profile &prof, BinaryKind op, RegType t, const Reg &a, const Reg &b,
            const Mask &m, Reg &out) {
  EK k = t.elem;
  const bool sat = saturatesF16Arithmetic(prof.ctrl);
  Reg r;
  for (unsigned i = 0; i < t.lanes(); ++i) {
    uint64_t res = 0; // ZEROING
    if (m.laneActive(t, i)) {
      uint64_t x = getLane(a, t, i), y = getLane(b, t, i);
      if (op == BinaryKind::Add) {
        res = isFloat(k) ? profileAdd(prof, k, x, y, sat) : (x + y) & widthMask(elemBytes(k));
        setLane(r, t, i, res);
        continue;
      }
      x = orderedOperand(prof, k, x);
      y = orderedOperand(prof, k, y);
      if (isFloat(k) && (isNaNBits(k, x) || isNaNBits(k, y))) {
        res = maxMinNaN(prof, k, isNaNBits(k, x) ? x : y); // a's NaN first, then b's
      } else {
        bool takeY = op == BinaryKind::Max ? lessThan(k, x, y) : lessThan(k, y, x);
        res = takeY ? y : x;
      }
    }
    setLane(r, t, i, res);
  }
  std::memcpy(out.b, r.b, t.bytes());
}

// ---------------------------------------------------------------- UB movement

void loadAlign(RegType t, const uint8_t *src, Reg &out) { std::memcpy(out.b, src, t.bytes()); }

void storeAlign(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  unsigned w = elemBytes(t.elem);
  for (unsigned i = 0; i < t.lanes(); ++i)
    if (m.laneActive(t, i)) // inactive lanes leave UB untouched
      std::memcpy(dst + i * w, in.b + i * w, w);
}

} // namespace ref
} // namespace semantics
} // namespace ascreg
