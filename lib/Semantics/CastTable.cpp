//===- CastTable.cpp - Legal vcvt / vtrc forms of dav-3510 ----------------===//
//
// The legality table of cast-facts.md §1 (core types), the saturation rules
// of §2.3/§2.4, CTRL encoding, and the diagnostics the verifier prints. Every
// consumer (verifier, interpreter, lowering, emitter) reads these functions.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Cast.h"

#include <algorithm>
#include <cmath>

namespace ascreg {
namespace semantics {

using EK = ElemKind;
using SR = CastSatRule;

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

const char *roundModeName(RoundMode m) {
  switch (m) {
  case RoundMode::Rint:
    return "rint";
  case RoundMode::Round:
    return "round";
  case RoundMode::Floor:
    return "floor";
  case RoundMode::Ceil:
    return "ceil";
  case RoundMode::Trunc:
    return "trunc";
  case RoundMode::Odd:
    return "odd";
  }
  return "?";
}

std::optional<RoundMode> parseRoundMode(std::string_view s) {
  for (unsigned i = 0; i < kNumRoundModes; ++i)
    if (s == roundModeName(RoundMode(i)))
      return RoundMode(i);
  return std::nullopt;
}

const char *castPartName(CastPart p, unsigned numParts) {
  static const char *const kTwo[] = {"even", "odd"};
  static const char *const kFour[] = {"p0", "p1", "p2", "p3"};
  unsigned i = unsigned(p) & 3;
  return numParts == 2 && i < 2 ? kTwo[i] : kFour[i];
}

const char *vendorRoundName(RoundMode m) {
  static const char *const kNames[] = {"ROUND_R", "ROUND_A", "ROUND_F",
                                       "ROUND_C", "ROUND_Z", "ROUND_O"};
  return unsigned(m) < kNumRoundModes ? kNames[unsigned(m)] : "?";
}

const char *vendorPartName(CastPart p, unsigned numParts) {
  static const char *const kTwo[] = {"PART_EVEN", "PART_ODD"};
  static const char *const kFour[] = {"PART_P0", "PART_P1", "PART_P2", "PART_P3"};
  unsigned i = unsigned(p) & 3;
  return numParts == 2 && i < 2 ? kTwo[i] : kFour[i];
}

//===----------------------------------------------------------------------===//
// CTRL
//===----------------------------------------------------------------------===//

uint64_t encodeCtrl(const Ctrl &c, uint64_t other) {
  auto put = [&](unsigned bit, bool v) {
    other = (other & ~(uint64_t(1) << bit)) | (uint64_t(v) << bit);
  };
  put(kCtrlBitFloatNonSat, c.floatNonSat);
  put(kCtrlBitFp8NanKeep, c.fp8NanKeep);
  put(kCtrlBitIntTruncate, c.intTruncate);
  put(kCtrlBitGlobalSat, c.globalSat);
  return other;
}

Ctrl decodeCtrl(uint64_t ctrl) {
  auto get = [&](unsigned bit) { return bool((ctrl >> bit) & 1); };
  Ctrl c;
  c.floatNonSat = get(kCtrlBitFloatNonSat);
  c.fp8NanKeep = get(kCtrlBitFp8NanKeep);
  c.intTruncate = get(kCtrlBitIntTruncate);
  c.globalSat = get(kCtrlBitGlobalSat);
  return c;
}

//===----------------------------------------------------------------------===//
// The table (facts §1 "Core types"; D-Cast Tables 3, 6-9 and I-Reg SupportType)
//===----------------------------------------------------------------------===//

namespace {

constexpr uint8_t R5 = kFiveRoundModes;
constexpr uint8_t R6 = kFiveRoundModes | roundModeBit(RoundMode::Odd);

// dst, src, hasRound, roundModes, hasSat, parts, family, mnemonic, satRule, satBeforeRound
const CastPairInfo kCastPairs[] = {
    // vcvt_ff
    {EK::F16, EK::F32, true, R6, true, 2, "vcvt_ff", "f322f16", SR::FloatNarrow, false},
    {EK::BF16, EK::F32, true, R5, true, 2, "vcvt_ff", "f322bf16", SR::FloatNarrow, false},
    {EK::F32, EK::F16, false, 0, false, 2, "vcvt_ff", "f162f32", SR::None, false},
    {EK::F32, EK::BF16, false, 0, false, 2, "vcvt_ff", "bf162f32", SR::None, false},
    {EK::BF16, EK::F16, true, R5, false, 0, "vcvt_ff", "f162bf16", SR::Ctrl48Only, false},
    {EK::F16, EK::BF16, true, R5, true, 0, "vcvt_ff", "bf162f16", SR::FloatNarrow, true},
    // vcvt_fi
    {EK::I32, EK::F32, true, R5, true, 0, "vcvt_fi", "f322s32", SR::IntNarrow, false},
    {EK::I16, EK::F16, true, R5, true, 0, "vcvt_fi", "f162s16", SR::IntNarrow, false},
    {EK::I16, EK::F32, true, R5, true, 2, "vcvt_fi", "f322s16", SR::IntNarrow, false},
    {EK::I8, EK::F16, true, R5, true, 2, "vcvt_fi", "f162s8", SR::IntNarrow, false},
    {EK::U8, EK::F16, true, R5, true, 2, "vcvt_fi", "f162u8", SR::IntNarrow, false},
    {EK::I64, EK::F32, true, R5, true, 2, "vcvt_fi", "f322s64", SR::IntNarrow, false},
    {EK::I32, EK::BF16, true, R5, true, 2, "vcvt_fi", "bf162s32", SR::IntNarrow, false},
    {EK::I32, EK::F16, true, R5, false, 2, "vcvt_fi", "f162s32", SR::IntNoOperand, false},
    // vcvt_if
    {EK::F32, EK::I32, true, R5, false, 0, "vcvt_if", "s322f32", SR::None, false},
    {EK::F16, EK::I16, true, R5, false, 0, "vcvt_if", "s162f16", SR::None, false},
    {EK::F32, EK::I16, false, 0, false, 2, "vcvt_if", "s162f32", SR::None, false},
    {EK::F16, EK::I8, false, 0, false, 2, "vcvt_if", "s82f16", SR::None, false},
    {EK::F16, EK::U8, false, 0, false, 2, "vcvt_if", "u82f16", SR::None, false},
    {EK::F32, EK::I64, true, R5, false, 2, "vcvt_if", "s642f32", SR::None, false},
    // vcvt_ii widening
    {EK::U16, EK::U8, false, 0, false, 2, "vcvt_ii", "u82u16", SR::None, false},
    {EK::I16, EK::I8, false, 0, false, 2, "vcvt_ii", "s82s16", SR::None, false},
    {EK::U32, EK::U16, false, 0, false, 2, "vcvt_ii", "u162u32", SR::None, false},
    {EK::U32, EK::I16, false, 0, false, 2, "vcvt_ii", "s162u32", SR::AlwaysSat, false},
    {EK::I32, EK::I16, false, 0, false, 2, "vcvt_ii", "s162s32", SR::None, false},
    {EK::I64, EK::I32, false, 0, false, 2, "vcvt_ii", "s322s64", SR::None, false},
    {EK::U32, EK::U8, false, 0, false, 4, "vcvt_ii", "u82u32", SR::None, false},
    {EK::I32, EK::I8, false, 0, false, 4, "vcvt_ii", "s82s32", SR::None, false},
    // vcvt_ii narrowing (s32->u16 from D-Cast Table 9 and I-Reg, not Table 3)
    {EK::U8, EK::U16, false, 0, true, 2, "vcvt_ii", "u162u8", SR::IntNarrow, false},
    {EK::U8, EK::I16, false, 0, true, 2, "vcvt_ii", "s162u8", SR::IntNarrow, false},
    {EK::U16, EK::U32, false, 0, true, 2, "vcvt_ii", "u322u16", SR::IntNarrow, false},
    {EK::I16, EK::U32, false, 0, true, 2, "vcvt_ii", "u322s16", SR::IntNarrow, false},
    {EK::U16, EK::I32, false, 0, true, 2, "vcvt_ii", "s322u16", SR::IntNarrow, false},
    {EK::I16, EK::I32, false, 0, true, 2, "vcvt_ii", "s322s16", SR::IntNarrow, false},
    {EK::I32, EK::I64, false, 0, true, 2, "vcvt_ii", "s642s32", SR::IntNarrow, false},
    {EK::U8, EK::U32, false, 0, true, 4, "vcvt_ii", "u322u8", SR::IntNarrow, false},
    {EK::U8, EK::I32, false, 0, true, 4, "vcvt_ii", "s322u8", SR::IntNarrow, false},
};

} // namespace

CastPairList allCastPairs() { return {kCastPairs, sizeof(kCastPairs) / sizeof(kCastPairs[0])}; }

const CastPairInfo *findCastPair(ElemKind dst, ElemKind src) {
  for (const CastPairInfo &p : allCastPairs())
    if (p.dst == dst && p.src == src)
      return &p;
  return nullptr;
}

CastShape castShape(const CastPairInfo &p) {
  unsigned s = elemBytes(p.src), d = elemBytes(p.dst);
  if (s == d)
    return CastShape::Same;
  if (d > s)
    return d == 2 * s ? CastShape::Widen2 : CastShape::Widen4;
  return s == 2 * d ? CastShape::Narrow2 : CastShape::Narrow4;
}

//===----------------------------------------------------------------------===//
// Saturation
//===----------------------------------------------------------------------===//
//
// | rule         | pairs                         | CTRL[60]=1 (global)  | CTRL[60]=0          |
// source            |
// |--------------|-------------------------------|----------------------|---------------------|-------------------|
// | FloatNarrow  | f32->f16, f32->bf16, bf16->f16| CTRL[48]==0          | sat operand         |
// §2.3 D-Ctrl T3/T6 | | Ctrl48Only   | f16->bf16                     | CTRL[48]==0          |
// CTRL[48]==0         | §2.4 NPU-IR, #4   | | IntNarrow    | float->int, int->int narrowing|
// CTRL[59]==0          | sat operand         | §2.3 D-Ctrl T3/T6 | | IntNoOperand | f16->s32 |
// CTRL[59]==0          | no (no operand)  *  | §1 "SatMode::UNKNOWN" | | AlwaysSat    | s16->u32 |
// yes                  | yes                 | §2.2 D-Cast       | | None         | ->f32 widening,
// int->float,   | no                   | no                  | §2.2 "int→float 不支持", | | | int
// widening                  |                      |                     | §2.4 "widen to f32" |
//
// * [decision] f16->s32 cannot overflow (|f16| <= 65504) and inf/NaN map to
//   min/max/0 in both modes (§2.2), so the choice is unobservable.
// [decision] CTRL[48] is the bit for f32->f16/bf16 in global mode, following
//   D-Ctrl over pto-isa's CTRL[59] (conflict #3, open question 6).

bool castSaturates(const CastPairInfo &p, bool satOperand, const Ctrl &ctrl) {
  switch (p.satRule) {
  case SR::None:
    return false;
  case SR::FloatNarrow:
    return ctrl.globalSat ? !ctrl.floatNonSat : satOperand;
  case SR::Ctrl48Only:
    return !ctrl.floatNonSat;
  case SR::IntNarrow:
    return ctrl.globalSat ? !ctrl.intTruncate : satOperand;
  case SR::IntNoOperand:
    return ctrl.globalSat && !ctrl.intTruncate;
  case SR::AlwaysSat:
    return true;
  }
  return false;
}

bool isLegalTruncate(ElemKind t) { return isFloat(t); }

bool truncateSaturates(ElemKind t, const Ctrl &ctrl) {
  if (t == EK::F32)
    return false;           // D-Trunc: "float类型只支持不饱和模式"
  return !ctrl.floatNonSat; // §2.4: vtrc f16/bf16 follow CTRL[48] alone
}

//===----------------------------------------------------------------------===//
// Descriptions
//===----------------------------------------------------------------------===//

namespace {

std::string roundList(uint8_t modes) {
  std::string s;
  for (unsigned i = 0; i < kNumRoundModes; ++i)
    if (modes & (1u << i)) {
      if (!s.empty())
        s += '|';
      s += roundModeName(RoundMode(i));
    }
  return s;
}

std::string partList(unsigned parts) {
  std::string s;
  for (unsigned i = 0; i < parts; ++i) {
    if (i)
      s += '|';
    s += castPartName(CastPart(i), parts);
  }
  return s;
}

/// Concatenates by appending (GCC 12 warns falsely, -Wrestrict, about
/// `const char * + std::string&&`).
template <class... T> std::string cat(const T &...parts) {
  std::string s;
  (s += ... += parts);
  return s;
}

std::string arrow(EK dst, EK src) { return cat(elemName(src), " -> ", elemName(dst)); }

} // namespace

std::string describeCastPair(const CastPairInfo &p) {
  std::string ops;
  auto add = [&](const std::string &x) {
    if (!ops.empty())
      ops += ", ";
    ops += x;
  };
  if (p.hasRound)
    add(cat("round ", roundList(p.roundModes)));
  if (p.hasSat)
    add("sat operand");
  if (p.parts)
    add(cat("part ", partList(p.parts)));
  return cat(arrow(p.dst, p.src), " (", p.family, " ", p.mnemonic,
             "): ", ops.empty() ? "no operands" : ops);
}

std::string describeLegalCasts(ElemKind src) {
  std::string s;
  for (const CastPairInfo &p : allCastPairs())
    if (p.src == src) {
      if (!s.empty())
        s += ", ";
      s += elemName(p.dst);
    }
  return s.empty() ? "none" : cat(elemName(src), " -> ", s);
}

std::string describeLegalTruncates() {
  return cat("f16, bf16, f32 with round ", roundList(kFiveRoundModes));
}

std::string castSpecError(const CastSpec &spec) {
  const CastPairInfo *p = findCastPair(spec.dst, spec.src);
  if (!p) {
    std::string s = cat("'", arrow(spec.dst, spec.src), "' is not a single vcvt on dav-3510");
    if (spec.dst == spec.src)
      return cat(s, isFloat(spec.src) ? "; use truncate (vtrc) to round within a float type"
                                      : "; it is a no-op");
    s += cat("; legal from ", elemName(spec.src), ": ", describeLegalCasts(spec.src));
    std::vector<ElemKind> chain = suggestCastChain(spec.dst, spec.src);
    if (!chain.empty())
      s += cat("; use the chain ", describeCastChain(chain));
    else
      s += "; no chain of vcvt instructions preserves its values";
    return s;
  }
  const std::string pair = cat("'", arrow(p->dst, p->src), "'");
  if (p->hasRound && !isLegalCastRound(*p, spec.round))
    return cat("round mode '", roundModeName(spec.round), "' is not legal for ",
               describeCastPair(*p));
  if (!p->hasRound && spec.round != RoundMode::Rint)
    return cat(pair, " is exact and has no round operand");
  if (!p->hasSat && spec.satOperand)
    return cat(pair, " has no saturation operand",
               p->satRule == SR::AlwaysSat ? " (it always saturates)" : "");
  if (!isLegalCastPart(*p, spec.part))
    return p->parts == 0 ? cat(pair, " keeps the lane count and has no part operand")
                         : cat("part '", castPartName(spec.part, 4), "' is not legal for ",
                               describeCastPair(*p));
  return "";
}

std::string truncateError(ElemKind t, RoundMode m) {
  if (!isLegalTruncate(t))
    return cat("truncate (vtrc) of ", elemName(t),
               " is not legal; legal: ", describeLegalTruncates());
  if (!isLegalTruncateRound(m))
    return cat("round mode '", roundModeName(m),
               "' is not legal for truncate; legal: ", describeLegalTruncates());
  return "";
}

//===----------------------------------------------------------------------===//
// Chains
//===----------------------------------------------------------------------===//
//
// Each type's value set is {x = m * 2^k : |odd part of m| < 2^prec, k >= q,
// lo <= x <= hi} (floats with subnormals; integers have q = 0 and a large
// prec). Intersections of such sets have the same form, which makes
// "every value of A is in B" a few comparisons.

namespace {

struct ValueSet {
  int prec;    // significant bits of the odd part
  int quantum; // exponent of the smallest step
  double lo, hi;
};

ValueSet valueSet(EK k) {
  const double two63 = std::ldexp(1.0, 63);
  switch (k) {
  case EK::I8:
    return {64, 0, -128, 127};
  case EK::U8:
    return {64, 0, 0, 255};
  case EK::I16:
    return {64, 0, -32768, 32767};
  case EK::U16:
    return {64, 0, 0, 65535};
  case EK::I32:
    return {64, 0, -2147483648.0, 2147483647.0};
  case EK::U32:
    return {64, 0, 0, 4294967295.0};
  case EK::I64:
    return {64, 0, -two63, two63 - 1024}; // below 2^63 (doubles cannot say 2^63 - 1)
  case EK::U64:
    return {64, 0, 0, 2 * two63 - 2048};
  case EK::F16:
    return {11, -24, -65504, 65504};
  case EK::BF16: {
    double max = std::ldexp(255.0, 120); // (2 - 2^-7) * 2^127
    return {8, -133, -max, max};
  }
  case EK::F32: {
    double max = std::ldexp(16777215.0, 104); // (2 - 2^-23) * 2^127
    return {24, -149, -max, max};
  }
  }
  return {0, 0, 0, 0};
}

ValueSet intersect(ValueSet a, ValueSet b) {
  return {std::min(a.prec, b.prec), std::max(a.quantum, b.quantum), std::max(a.lo, b.lo),
          std::min(a.hi, b.hi)};
}

/// Bits an odd part can need: from 2^quantum up to the largest magnitude.
int effectivePrec(const ValueSet &s) {
  double maxAbs = std::max(std::fabs(s.lo), std::fabs(s.hi));
  if (maxAbs < std::ldexp(1.0, s.quantum))
    return 0;
  int e;
  std::frexp(maxAbs, &e); // maxAbs in [2^(e-1), 2^e)
  return std::min(s.prec, e - s.quantum);
}

bool contains(const ValueSet &outer, const ValueSet &inner) {
  if (inner.lo > inner.hi)
    return true; // empty
  return inner.lo >= outer.lo && inner.hi <= outer.hi && inner.quantum >= outer.quantum &&
         effectivePrec(inner) <= outer.prec;
}

ValueSet clip(ValueSet s, const ValueSet &range) {
  s.lo = std::max(s.lo, range.lo);
  s.hi = std::min(s.hi, range.hi);
  return s;
}

/// Scores a chain: the steps that can round a value that ends up inside the
/// destination's range (so the round mode should apply once), the length, and
/// the detours through the other domain (a float between two integer types).
struct ChainScore {
  unsigned lossy = ~0u, length = ~0u, detours = ~0u;
  bool operator<(const ChainScore &o) const {
    if (lossy != o.lossy)
      return lossy < o.lossy;
    if (length != o.length)
      return length < o.length;
    return detours < o.detours;
  }
};

ChainScore scoreChain(const std::vector<EK> &path) {
  const EK src = path.front(), dst = path.back();
  ValueSet flowing = valueSet(src), d = valueSet(dst);
  ChainScore s{0, unsigned(path.size() - 1), 0};
  for (size_t i = 1; i < path.size(); ++i) {
    ValueSet m = valueSet(path[i]);
    ValueSet v = clip(clip(flowing, m), d);
    bool lossy = !contains(m, v);
    // A float step that is exact on its normal range, and whose subnormals
    // stay below half of dst's quantum, rounds tiny values only on the same
    // side of dst's grid (sign kept, nothing flushed): harmless.
    const int minNormalExp = m.quantum + m.prec - 1;
    if (lossy && isFloat(path[i]) && std::min(v.prec, effectivePrec(v)) <= m.prec &&
        minNormalExp < d.quantum - 1)
      lossy = false;
    s.lossy += lossy;
    flowing = intersect(flowing, m); // rounding and clamping stay within both
    if (i + 1 < path.size())
      s.detours += isFloat(path[i]) != isFloat(src) && isFloat(path[i]) != isFloat(dst);
  }
  return s;
}

struct ChainSearch {
  EK dst;
  ValueSet mustKeep;
  std::vector<EK> path, best;
  ChainScore bestScore;

  void visit(unsigned depth) {
    EK cur = path.back();
    if (cur == dst) {
      ChainScore s = scoreChain(path);
      if (s < bestScore) { // ties: the first found (table order, depth-first)
        best = path;
        bestScore = s;
      }
      return;
    }
    if (depth == 0)
      return;
    for (const CastPairInfo &p : allCastPairs()) {
      if (p.src != cur || std::find(path.begin(), path.end(), p.dst) != path.end())
        continue;
      if (p.dst != dst && !contains(valueSet(p.dst), mustKeep))
        continue; // an intermediate that would change a representable value
      path.push_back(p.dst);
      visit(depth - 1);
      path.pop_back();
    }
  }
};

} // namespace

std::vector<ElemKind> suggestCastChain(ElemKind dst, ElemKind src) {
  if (dst == src)
    return {src};
  if (isLegalCast(dst, src))
    return {src, dst};
  ChainSearch s{dst, intersect(valueSet(src), valueSet(dst)), {src}, {}, {}};
  s.visit(/*max steps=*/4);
  return s.best;
}

std::string describeCastChain(const std::vector<ElemKind> &chain) {
  if (chain.empty())
    return "none";
  std::string s;
  for (ElemKind k : chain) {
    if (!s.empty())
      s += " -> ";
    s += elemName(k);
  }
  return s;
}

} // namespace semantics
} // namespace ascreg
