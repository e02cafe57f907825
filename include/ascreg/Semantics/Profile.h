//===- Profile.h - the semantic choices a run is made with -------*- C++ -*-===//
//
// Where the public evidence does not decide the bits an op produces
// (docs/semantics.md section 8), ascreg makes a named choice. A Profile holds
// one value per choice, plus the kernel's CTRL register state; every
// semantics op that depends on one takes the Profile of the run. The
// default, `documentedProfile()`, is the set of decisions docs/semantics.md
// documents. No MLIR dependency.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_PROFILE_H
#define ASCREG_SEMANTICS_PROFILE_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ascreg {
namespace semantics {

//===----------------------------------------------------------------------===//
// CTRL register (facts §2.3)
//===----------------------------------------------------------------------===//

inline constexpr unsigned kCtrlBitFloatNonSat = 48; // CTRL[48]
inline constexpr unsigned kCtrlBitFp8NanKeep = 50;  // CTRL[50]
inline constexpr unsigned kCtrlBitIntTruncate = 59; // CTRL[59]
inline constexpr unsigned kCtrlBitGlobalSat = 60;   // CTRL[60]
/// `ResetCtrlSprImpl`'s defaultCtrl (I-Ctl): bits 60 and 3 only, i.e. the
/// hardware reset has CTRL[48] = 0 (saturating float mode).
inline constexpr uint64_t kCtrlResetValue = 0x1000000000000008ull;

/// The CTRL bits that conversions read. The defaults are the state a kernel
/// runs in on the 950 runtime: CTRL[60] = 1 (hardware default) and CTRL[48] =
/// 1, because the runtime supports only the Inf/NaN (non-saturating) float
/// mode on 950 (aclrtFloatOverflowMode: "Ascend 950PR/950DT 仅支持Inf/NaN模式")
/// and Ascend C leaves it. decodeCtrl(kCtrlResetValue) differs in CTRL[48].
struct Ctrl {
  bool globalSat = true;    // CTRL[60]: 1 = the CTRL bits decide, the sat operand is ignored
  bool floatNonSat = true;  // CTRL[48]: 1 = float conversions keep inf/NaN
  bool intTruncate = false; // CTRL[59]: 0 = float->int / int->int saturate, 1 = keep the LSBs
  bool fp8NanKeep = false;  // CTRL[50]: fp8 only (no core cast reads it)
  bool operator==(const Ctrl &o) const {
    return globalSat == o.globalSat && floatNonSat == o.floatNonSat &&
           intTruncate == o.intTruncate && fp8NanKeep == o.fp8NanKeep;
  }
};
/// Whether f16 arithmetic (add, the reduce / pair_reduce_sum adders)
/// saturates: CTRL[48] = 0, whatever CTRL[60] says (the adders have no
/// per-instruction saturation operand). f32 arithmetic never saturates.
inline bool saturatesF16Arithmetic(const Ctrl &c) { return !c.floatNonSat; }

/// `other` with bits 48, 50, 59, 60 replaced by `c`.
uint64_t encodeCtrl(const Ctrl &c, uint64_t other = 0);
Ctrl decodeCtrl(uint64_t ctrl);

//===----------------------------------------------------------------------===//
// Profile: one named choice per open point
//===----------------------------------------------------------------------===//

/// `sum.rounding` (O1): how the vcadd tree of an f16 / f32 `reduce sum` rounds.
enum class SumRounding : uint8_t {
  PerNode,   ///< `per_node`: every tree node rounded to the element type (D13)
  RoundOnce, ///< `round_once`: the same tree in the next wider float (f16 in
             ///< f32, f32 in f64), rounded once to the element type at the end
};
/// `add.nan` (O9): the NaN an f16 / f32 add (add, reduce sum, pair sum) gives.
enum class AddNaN : uint8_t {
  Propagate, ///< `propagate`: the first NaN operand, quieted, payload kept
  Canonical, ///< `canonical`: the positive default NaN (0x7E00 / 0x7FC00000)
};
/// `maxmin.nan` (O4): the value a NaN operand makes max / min (elementwise
/// and reduce) produce. The reduce index is the first NaN lane either way.
enum class MaxMinNaN : uint8_t {
  FirstNaN,  ///< `first_nan`: the first NaN's bits, unchanged (D4)
  Canonical, ///< `canonical`: the positive default NaN
};
/// `maxmin.empty` (O5): f16 / f32 reduce max / min with no active lane.
enum class MaxMinEmpty : uint8_t {
  Infinity, ///< `infinity`: max gives -inf, min +inf (D6)
  Finite,   ///< `finite`: max gives the lowest finite value (-65504,
            ///< -FLT_MAX), min the largest
};
/// `pair.single_lane` (O3): a pair of pair_reduce_sum with one active lane.
enum class PairSingleLane : uint8_t {
  AddZero, ///< `add_zero`: a + (+0) (-0 -> +0, NaN quieted; D5 revised)
  Exact,   ///< `exact`: a, bit for bit
};
/// `compare.subnormals` (O12): f16 / f32 subnormal operands of compare and of
/// max / min (elementwise and reduce).
enum class CompareSubnormals : uint8_t {
  Keep,  ///< `keep`: ordered by value
  Flush, ///< `flush`: taken as a zero of the same sign (max / min return it)
};
/// `gather.mask` (O7): which lane type numbers the mask bits of a gather from
/// an 8-bit source (no other gather differs).
enum class GatherMask : uint8_t {
  Result, ///< `result`: the 16-bit result type (bit 2i for lane i; D-Gather)
  Source, ///< `source`: the 8-bit source type (bit i for lane i)
};
/// `cast.widen_mask` (O-C1): which lane type numbers the mask bits of a
/// widening cast.
enum class CastWidenMask : uint8_t {
  Source,      ///< `source`: the source element (bit w_src * j)
  Destination, ///< `destination`: the destination element (bit w_dst * k)
};
/// `mul.f16_saturation` (O13): does an f16 mul saturate under CTRL[48] = 0?
enum class MulF16Saturation : uint8_t {
  Ctrl,  ///< `ctrl`: like add (+-inf -> +-65504, NaN -> +0 when CTRL[48] = 0)
  Never, ///< `never`: "输出结果为不饱和模式" read for floats too: inf / NaN kept
};
/// `abs.float` (O14): what abs does to a float NaN (and -0).
enum class AbsFloat : uint8_t {
  ClearSign, ///< `clear_sign`: the sign bit cleared, payload kept (IEEE abs; -0 -> +0)
  Canonical, ///< `canonical`: a NaN gives the default NaN 0x7E00 / 0x7FC00000
};
/// `arith.subnormals` (O15): do float sub / mul flush subnormals?
enum class ArithSubnormals : uint8_t {
  Keep,  ///< `keep`: IEEE gradual underflow
  Flush, ///< `flush`: subnormal operands and results are zeros of their sign
};
/// `shift.range` (O18): a shift by exactly the lane width (the vendor
/// documents amounts greater than the width only).
enum class ShiftRange : uint8_t {
  AsBeyond, ///< `as_beyond`: like a larger amount (0; a signed right shift -1 / 0)
  LowBits,  ///< `low_bits`: the shifter sees width mod width = 0: the lane unchanged
};
/// `shift.negative` (O19): a negative amount ("负数行为未定义").
enum class ShiftNegative : uint8_t {
  Reverse,    ///< `reverse`: a shift the other way by |amount|
  OutOfRange, ///< `out_of_range`: like an amount greater than the width
};
/// `shift.signed_left` (O20): a left shift of a signed lane.
enum class ShiftSignedLeft : uint8_t {
  Wrap,     ///< `wrap`: two's complement (the bits of an unsigned shift)
  KeepSign, ///< `keep_sign`: the sign bit stays, the bit below it is dropped
};

/// Every choice a run is made with. Default-constructed = documented.
struct Profile {
  /// The CTRL state a kernel starts in (`ctrl.float_mode`, O-C2, is its
  /// CTRL[48]); a kernel may set its own (ascreg.ctrl).
  Ctrl ctrl;
  SumRounding sumRounding = SumRounding::PerNode;
  AddNaN addNaN = AddNaN::Propagate;
  MaxMinNaN maxMinNaN = MaxMinNaN::FirstNaN;
  MaxMinEmpty maxMinEmpty = MaxMinEmpty::Infinity;
  PairSingleLane pairSingleLane = PairSingleLane::AddZero;
  CompareSubnormals compareSubnormals = CompareSubnormals::Keep;
  GatherMask gatherMask = GatherMask::Result;
  CastWidenMask castWidenMask = CastWidenMask::Source;
  MulF16Saturation mulF16Saturation = MulF16Saturation::Ctrl;
  AbsFloat absFloat = AbsFloat::ClearSign;
  ArithSubnormals arithSubnormals = ArithSubnormals::Keep;
  ShiftRange shiftRange = ShiftRange::AsBeyond;
  ShiftNegative shiftNegative = ShiftNegative::Reverse;
  ShiftSignedLeft shiftSignedLeft = ShiftSignedLeft::Wrap;

  bool operator==(const Profile &o) const { // inline: the SIMD ops test it per call
    return ctrl == o.ctrl && sumRounding == o.sumRounding && addNaN == o.addNaN &&
           maxMinNaN == o.maxMinNaN && maxMinEmpty == o.maxMinEmpty &&
           pairSingleLane == o.pairSingleLane && compareSubnormals == o.compareSubnormals &&
           gatherMask == o.gatherMask && castWidenMask == o.castWidenMask &&
           mulF16Saturation == o.mulF16Saturation && absFloat == o.absFloat &&
           arithSubnormals == o.arithSubnormals && shiftRange == o.shiftRange &&
           shiftNegative == o.shiftNegative && shiftSignedLeft == o.shiftSignedLeft;
  }
  bool operator!=(const Profile &o) const { return !(*this == o); }
  /// True iff every open-point choice is the documented one (the CTRL state
  /// may be any): what the SIMD kernels implement without rewrites. Every
  /// documented candidate is 0 and the choices are 14 consecutive bytes, so
  /// this is two 64-bit compares (each SIMD op tests it per call).
  bool choicesDocumented() const {
    // Bytes 0-7 and 6-13: two overlapping full loads (a 6-byte copy into a
    // zeroed word stalls store-to-load forwarding on every call).
    const char *first = reinterpret_cast<const char *>(&sumRounding);
    uint64_t head, tail;
    std::memcpy(&head, first, 8), std::memcpy(&tail, first + 6, 8);
    return (head | tail) == 0;
  }
};
static_assert(std::is_standard_layout_v<Profile> &&
                  offsetof(Profile, castWidenMask) == offsetof(Profile, sumRounding) + 7 &&
                  offsetof(Profile, shiftSignedLeft) == offsetof(Profile, sumRounding) + 13 &&
                  sizeof(Profile::shiftSignedLeft) == 1,
              "the fourteen choices are consecutive bytes (Profile::choicesDocumented)");
static_assert(
    SumRounding::PerNode == SumRounding(0) && AddNaN::Propagate == AddNaN(0) &&
        MaxMinNaN::FirstNaN == MaxMinNaN(0) && MaxMinEmpty::Infinity == MaxMinEmpty(0) &&
        PairSingleLane::AddZero == PairSingleLane(0) &&
        CompareSubnormals::Keep == CompareSubnormals(0) && GatherMask::Result == GatherMask(0) &&
        CastWidenMask::Source == CastWidenMask(0) &&
        MulF16Saturation::Ctrl == MulF16Saturation(0) && AbsFloat::ClearSign == AbsFloat(0) &&
        ArithSubnormals::Keep == ArithSubnormals(0) && ShiftRange::AsBeyond == ShiftRange(0) &&
        ShiftNegative::Reverse == ShiftNegative(0) && ShiftSignedLeft::Wrap == ShiftSignedLeft(0),
    "documented candidates are 0 (Profile::choicesDocumented)");

/// The decisions of docs/semantics.md, with the 950 runtime's CTRL state.
const Profile &documentedProfile();
/// `p`'s CTRL state with every open-point choice documented: what the SIMD
/// kernels implement themselves (the other candidates are rewrites around
/// them, lib/Semantics/SimdProfileChoices.h).
inline Profile withDocumentedChoices(const Profile &p) {
  Profile d;
  d.ctrl = p.ctrl;
  return d;
}

//===----------------------------------------------------------------------===//
// The open points, as data (the one table `ascreg-probe list`, the parser,
// the printer and the docs are written from)
//===----------------------------------------------------------------------===//

/// One candidate answer of an open point.
struct ProfileCandidate {
  const char *name;   ///< e.g. "round_once"
  const char *effect; ///< one line: the bits it gives
};

/// One open point. Candidate 0 is the documented choice.
struct ProfilePoint {
  const char *key;       ///< e.g. "sum.rounding"
  const char *openPoint; ///< its entry in docs/semantics.md, e.g. "O1"
  const char *question;  ///< one line: what the evidence does not decide
  const char *affects;   ///< the ops whose bits it changes
  const ProfileCandidate *candidates;
  unsigned numCandidates;
  /// The index of this point's candidate in `p`.
  unsigned (*get)(const Profile &p);
  void (*set)(Profile &p, unsigned candidate);
};

/// All open points, in the order docs/semantics.md lists them.
const ProfilePoint *profilePoints(unsigned &count);
/// The point named `key`, or null.
const ProfilePoint *findProfilePoint(std::string_view key);

/// The documented profile with each (key, candidate) of `choices` set (exact
/// names, no blanks); a point given twice is an error. On failure returns
/// false and says why in `error` (what the user gave is quoted with control
/// bytes escaped).
bool setProfileChoices(const std::vector<std::pair<std::string_view, std::string_view>> &choices,
                       Profile &out, std::string &error);
/// The profile spelled `spec`: "documented" or a comma-separated list of
/// `key=candidate` (blanks around each part are dropped) applied to the
/// documented profile ("documented,key=c" is accepted too). A point given
/// twice and a NUL anywhere are errors. On failure returns false and says why
/// in `error`.
bool parseProfile(std::string_view spec, Profile &out, std::string &error);
/// The same for a C string (null: the empty spelling).
inline bool parseProfile(const char *spec, Profile &out, std::string &error) {
  return parseProfile(std::string_view(spec ? spec : ""), out, error);
}
/// The canonical spelling of `p`: "documented", or its non-documented
/// choices as `key=candidate,...` in table order. parseProfile reads it back.
std::string printProfile(const Profile &p);

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_PROFILE_H
