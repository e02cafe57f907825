//===- Cast.h - Type conversion (vcvt) and vtrc of dav-3510 ------*- C++ -*-===//
//
// The bit-exact semantics of the register type conversions of Ascend 950
// (dav-3510): `Reg::Cast` / `vcvt*` and `Reg::Truncate` / `vtrc`. No MLIR
// dependency. The legality table, the saturation rules and the diagnostic
// helpers here are the single source of truth for the verifier, the
// interpreter, the vector lowering and the emitter.
//
// Evidence: the fact sheet `cast-facts.md` (shared reference; cited "facts
// §N"), summarised with every decision in docs/cast-semantics-draft.md.
//
// Two implementations share the register-op signatures, as in Semantics.h:
// ref:: (scalar, lane by lane, the oracle-checked definition) and simd::
// (Highway kernels, bit-identical). castLane / truncateLane are the per-lane
// definition every path can call.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_CAST_H
#define ASCREG_SEMANTICS_CAST_H

#include "ascreg/Semantics/Profile.h"
#include "ascreg/Semantics/Semantics.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ascreg {
namespace semantics {

//===----------------------------------------------------------------------===//
// Float formats
//===----------------------------------------------------------------------===//

/// Field layout of the float element types (IEEE binary16, bfloat16,
/// binary32): the reference's decode / encode and the vector lowering's
/// lane arithmetic read it from here. Signed fields: exponent arithmetic on
/// them goes below zero.
struct FloatFormat {
  int mantBits; // stored mantissa bits; precision is mantBits + 1
  int expBits;
  int bias;
  constexpr uint64_t expAll() const { return (uint64_t(1) << expBits) - 1; }
  constexpr uint64_t signBit() const { return uint64_t(1) << (mantBits + expBits); }
  constexpr uint64_t quietBit() const { return uint64_t(1) << (mantBits - 1); }
  constexpr uint64_t infBits() const { return expAll() << mantBits; }
  constexpr uint64_t maxBits() const { return infBits() - 1; }
};
/// The format of f16, bf16 or f32 (`k` must be one of them).
constexpr FloatFormat floatFormat(ElemKind k) {
  return k == ElemKind::F16    ? FloatFormat{10, 5, 15}
         : k == ElemKind::BF16 ? FloatFormat{7, 8, 127}
                               : FloatFormat{23, 8, 127};
}

//===----------------------------------------------------------------------===//
// Operand enums (vendor numbering, facts §1 "Operand encodings")
//===----------------------------------------------------------------------===//

/// ROUND_R/A/F/C/Z/O. Round = to nearest, ties away from zero. Odd = von
/// Neumann: truncate, then set the result's LSB if inexact (f32->f16 only).
enum class RoundMode : uint8_t { Rint = 0, Round = 1, Floor = 2, Ceil = 3, Trunc = 4, Odd = 5 };
inline constexpr unsigned kNumRoundModes = 6;
constexpr uint8_t roundModeBit(RoundMode m) { return uint8_t(1u << unsigned(m)); }
/// The "5 modes" of the fact sheet: RINT, ROUND, FLOOR, CEIL, TRUNC.
inline constexpr uint8_t kFiveRoundModes = 0x1F;

/// PART_EVEN = P0, PART_ODD = P1 (2:1 casts); PART_P0..P3 (4:1 casts).
enum class CastPart : uint8_t { P0 = 0, P1 = 1, P2 = 2, P3 = 3 };
inline constexpr CastPart kPartEven = CastPart::P0;
inline constexpr CastPart kPartOdd = CastPart::P1;

const char *roundModeName(RoundMode m); // "rint" "round" "floor" "ceil" "trunc" "odd"
std::optional<RoundMode> parseRoundMode(std::string_view s);
/// "even"/"odd" for 2-part casts, "p0".."p3" for 4-part casts.
const char *castPartName(CastPart p, unsigned numParts);
/// Intrinsic operand spellings (facts §4): "ROUND_R" .. "ROUND_O";
/// "PART_EVEN"/"PART_ODD" (2 parts) or "PART_P0".."PART_P3" (4 parts);
/// "RS_ENABLE"/"RS_DISABLE".
const char *vendorRoundName(RoundMode m);
const char *vendorPartName(CastPart p, unsigned numParts);
inline const char *vendorSatName(bool sat) { return sat ? "RS_ENABLE" : "RS_DISABLE"; }

//===----------------------------------------------------------------------===//
// Legality table (facts §1, core types)
//===----------------------------------------------------------------------===//

/// How a pair decides whether it saturates (see castSaturates).
enum class CastSatRule : uint8_t {
  None,         // exact or cannot overflow: widening to f32, int->float, int widening
  FloatNarrow,  // f32->f16, f32->bf16, bf16->f16: CTRL[48] (global) or the sat operand
  Ctrl48Only,   // f16->bf16: CTRL[48] whatever CTRL[60] says (facts §2.4, conflict #4)
  IntNarrow,    // float->int, int->int narrowing: CTRL[59] (global) or the sat operand
  IntNoOperand, // f16->s32: no sat operand; the result does not depend on the choice
  AlwaysSat,    // s16->u32: "只支持饱和模式" (negatives -> 0)
};

/// Lane placement (facts §3), from the element widths.
enum class CastShape : uint8_t { Same, Widen2, Widen4, Narrow2, Narrow4 };

struct CastPairInfo {
  ElemKind dst, src;
  bool hasRound;      // round operand present
  uint8_t roundModes; // bitmask of roundModeBit(); 0 without a round operand
  bool hasSat;        // RS_ENABLE / RS_DISABLE operand present
  uint8_t parts;      // 0 (same width), 2 (PART_EVEN/ODD) or 4 (PART_P0..P3)
  const char *family; // "vcvt_ff", "vcvt_fi", "vcvt_if", "vcvt_ii" (I-Reg comments)
  const char
      *mnemonic; // type suffix of the intrinsic, e.g. "f322f16" (hivm.vcvtff.f322f16) [inferred]
  CastSatRule satRule;
  bool satBeforeRound; // operand order (dst, src, mask, S, R): bf16->f16 only
};

struct CastPairList {
  const CastPairInfo *data;
  size_t size;
  const CastPairInfo *begin() const { return data; }
  const CastPairInfo *end() const { return data + size; }
};
/// Every legal core pair (37), in the fact sheet's table order.
CastPairList allCastPairs();
/// nullptr if `src -> dst` is not a single vcvt.
const CastPairInfo *findCastPair(ElemKind dst, ElemKind src);
inline bool isLegalCast(ElemKind dst, ElemKind src) { return findCastPair(dst, src) != nullptr; }
CastShape castShape(const CastPairInfo &p);
inline bool isLegalCastRound(const CastPairInfo &p, RoundMode m) {
  return p.hasRound && (p.roundModes & roundModeBit(m));
}
/// P0 is the only part of a same-width cast (it has no part operand).
inline bool isLegalCastPart(const CastPairInfo &p, CastPart part) {
  return unsigned(part) < (p.parts == 0 ? 1u : p.parts);
}

/// A cast instruction as the dialect spells it. For a pair without a round
/// (sat) operand, `round` must be Rint (`satOperand` false): the op omits it.
struct CastSpec {
  ElemKind dst, src;
  RoundMode round = RoundMode::Rint;
  bool satOperand = false; // RS_ENABLE
  CastPart part = CastPart::P0;
};

/// Whether the conversion saturates (facts §2.3, §2.4; table in CastTable.cpp).
bool castSaturates(const CastPairInfo &p, bool satOperand, const Ctrl &ctrl);

/// vtrc: f16, bf16, f32 with RINT/ROUND/FLOOR/CEIL/TRUNC.
bool isLegalTruncate(ElemKind t);
inline bool isLegalTruncateRound(RoundMode m) { return kFiveRoundModes & roundModeBit(m); }
/// f32: never ("float类型只支持不饱和模式"); f16/bf16: CTRL[48] only (facts §2.4).
bool truncateSaturates(ElemKind t, const Ctrl &ctrl);

//===----------------------------------------------------------------------===//
// Diagnostics for the verifier
//===----------------------------------------------------------------------===//

/// e.g. "f32 -> f16 (vcvt_ff f322f16): round rint|round|floor|ceil|trunc|odd, sat operand, part
/// even|odd".
std::string describeCastPair(const CastPairInfo &p);
/// The legal destinations of `src`, e.g. "f16 -> f32, bf16, i16, i8, u8, i32"; "none" if there are
/// none.
std::string describeLegalCasts(ElemKind src);
/// "f16, bf16, f32 with round rint|round|floor|ceil|trunc".
std::string describeLegalTruncates();
/// "" if `spec` is a legal instruction, else one sentence saying what is
/// wrong and what is legal (and, for an illegal pair, a suggested chain).
std::string castSpecError(const CastSpec &spec);
std::string truncateError(ElemKind t, RoundMode m);

/// A chain of at most 4 vcvt instructions for `src -> dst`: {src, m1, ...,
/// dst}; {src, dst} when the pair is legal, {src} when dst == src, empty when
/// no chain exists. A chain is only offered if every value exactly
/// representable in both src and dst passes every step unchanged. Among
/// those: the fewest steps that can round a value ending up in dst's range
/// (so the round mode applies once where possible), then the fewest steps,
/// then the fewest detours through the other domain. Each step rounds and
/// saturates on its own, so NO_SAT wrapping of out-of-range values may differ
/// from a hypothetical single instruction.
std::vector<ElemKind> suggestCastChain(ElemKind dst, ElemKind src);
/// "i16 -> f16 -> i8", or "none".
std::string describeCastChain(const std::vector<ElemKind> &chain);

//===----------------------------------------------------------------------===//
// Semantics
//===----------------------------------------------------------------------===//

namespace ref {
/// One lane of a legal cast: raw source bits (zero-extended) in, raw result
/// bits out (f16/bf16 as 16-bit patterns). `saturate` is castSaturates(...).
/// The round mode is ignored by exact pairs.
uint64_t castLane(const CastPairInfo &p, uint64_t srcBits, RoundMode mode, bool saturate);
/// The same conversion rules for any two core types, legal or not (used to
/// define and test chains). castLane(p, ...) == convertLane(p.dst, p.src, ...).
uint64_t convertLane(ElemKind dst, ElemKind src, uint64_t srcBits, RoundMode mode, bool saturate);
/// One lane of vtrc: round to an integral value in the same float type.
uint64_t truncateLane(ElemKind t, uint64_t bits, RoundMode mode, bool saturate);
} // namespace ref
using ref::castLane;
using ref::convertLane;
using ref::truncateLane;

/// Register ops (facts §3). One-register values only (64-bit: 32 lanes).
/// cast: widening 1:r with part P reads source lane r*k+P into destination
/// lane k; narrowing r:1 writes source lane k to destination lane r*k+P and
/// zeroes every other lane; same width maps lane k to lane k. The mask is read
/// at source granularity (bit srcBytes*srcLane); inactive results are 0.
/// truncate: lane k to lane k, inactive lanes 0. Both write bytes [0, 256) of
/// `out` (which may alias `in`); `spec` must be legal (castSpecError == "").
#define ASCREG_CAST_OPS                                                                            \
  void cast(const Profile &prof, const CastSpec &spec, const Reg &in, const Mask &m, Reg &out);    \
  void truncate(const Profile &prof, ElemKind t, RoundMode mode, const Reg &in, const Mask &m,     \
                Reg &out);

namespace ref {
ASCREG_CAST_OPS
} // namespace ref
namespace simd {
ASCREG_CAST_OPS
} // namespace simd

#undef ASCREG_CAST_OPS

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_CAST_H
