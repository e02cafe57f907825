//===- Profile.cpp - the open points and their candidates -----------------===//
//
// The table below is the one place an open point, its candidates and what
// each changes are written down; the parser, the printer, `ascreg-probe
// list` and the tests read it.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Profile.h"

#include <cstdio>
#include <cstring>

namespace ascreg {
namespace semantics {

const Profile &documentedProfile() {
  static const Profile profile{};
  return profile;
}

namespace {

/// get / set of an enum field of Profile, as candidate indices.
template <typename E, E Profile::*Field> unsigned getField(const Profile &p) {
  return unsigned(p.*Field);
}
template <typename E, E Profile::*Field> void setField(Profile &p, unsigned c) { p.*Field = E(c); }
unsigned getFloatMode(const Profile &p) { return p.ctrl.floatNonSat ? 0 : 1; }
void setFloatMode(Profile &p, unsigned c) { p.ctrl.floatNonSat = c == 0; }

#define ASCREG_FIELD(E, F) &getField<E, &Profile::F>, &setField<E, &Profile::F>

const ProfileCandidate kSumRounding[] = {
    {"per_node", "every node of the vcadd tree rounds to the element type (D13)"},
    {"round_once", "the tree runs in f32 (f16 sums) / f64 (f32 sums), one rounding at the end"},
};
const ProfileCandidate kAddNaN[] = {
    {"propagate", "a NaN result is the first NaN operand, quieted, payload kept"},
    {"canonical", "a NaN result is the default NaN 0x7E00 (f16) / 0x7FC00000 (f32)"},
};
const ProfileCandidate kMaxMinNaN[] = {
    {"first_nan", "a NaN operand wins with its bits unchanged (D4)"},
    {"canonical", "a NaN operand makes the result the default NaN 0x7E00 / 0x7FC00000"},
};
const ProfileCandidate kMaxMinEmpty[] = {
    {"infinity", "an empty mask gives -inf (max) / +inf (min) (D6)"},
    {"finite", "an empty mask gives -65504 / -FLT_MAX (max), 65504 / FLT_MAX (min)"},
};
const ProfileCandidate kPairSingleLane[] = {
    {"add_zero", "one active lane a gives a + (+0): -0 becomes +0, a NaN is quieted (D5)"},
    {"exact", "one active lane a gives a, bit for bit"},
};
const ProfileCandidate kCompareSubnormals[] = {
    {"keep", "subnormal operands compare by value"},
    {"flush", "subnormal operands are zeros of their sign (max / min return the zero)"},
};
const ProfileCandidate kGatherMask[] = {
    {"result", "mask bit 2i enables lane i (counted on the 16-bit result, D-Gather)"},
    {"source", "mask bit i enables lane i (counted on the 8-bit source)"},
};
const ProfileCandidate kCastWidenMask[] = {
    {"source", "mask bit w_src * j enables source lane j (the source's granularity)"},
    {"destination", "mask bit w_dst * k enables destination lane k"},
};
const ProfileCandidate kMulF16Saturation[] = {
    {"ctrl", "f16 mul saturates like add when CTRL[48] = 0 (inf -> +-65504, NaN -> +0)"},
    {"never", "f16 mul keeps inf / NaN whatever CTRL[48] says"},
};
const ProfileCandidate kAbsFloat[] = {
    {"clear_sign", "abs clears the sign bit: NaN payload kept, -0 -> +0"},
    {"canonical", "abs of a NaN gives the default NaN 0x7E00 (f16) / 0x7FC00000 (f32)"},
};
const ProfileCandidate kArithSubnormals[] = {
    {"keep", "sub / mul keep subnormal operands and results (gradual underflow)"},
    {"flush", "sub / mul take subnormal operands as zeros of their sign and flush such results"},
};
const ProfileCandidate kShiftRange[] = {
    {"as_beyond", "a shift by exactly the lane width gives what a larger amount gives"},
    {"low_bits", "a shift by exactly the lane width leaves the lane unchanged (width mod width)"},
};
const ProfileCandidate kShiftNegative[] = {
    {"reverse", "a negative amount shifts the other way by its magnitude"},
    {"out_of_range", "a negative amount gives what an amount past the width gives"},
};
const ProfileCandidate kShiftSignedLeft[] = {
    {"wrap", "a signed left shift is the two's complement (unsigned) shift"},
    {"keep_sign", "a signed left shift keeps the sign bit and drops the bit below it"},
};
const ProfileCandidate kFloatMode[] = {
    {"non_saturating", "a kernel that sets no CTRL runs with CTRL[48] = 1: inf / NaN kept"},
    {"saturating", "a kernel that sets no CTRL runs with CTRL[48] = 0 (the reset value)"},
};

#define ASCREG_CANDIDATES(A) A, unsigned(sizeof(A) / sizeof(A[0]))

const ProfilePoint kPoints[] = {
    {"sum.rounding", "O1", "does every vcadd tree node round, or only the result?",
     "reduce sum f16 / f32", ASCREG_CANDIDATES(kSumRounding),
     ASCREG_FIELD(SumRounding, sumRounding)},
    {"add.nan", "O9", "which NaN does a float add produce?",
     "add, reduce sum, pair_reduce_sum (f16 / f32)", ASCREG_CANDIDATES(kAddNaN),
     ASCREG_FIELD(AddNaN, addNaN)},
    {"maxmin.nan", "O4", "which NaN does max / min produce?",
     "reduce max / min, max, min (f16 / f32)", ASCREG_CANDIDATES(kMaxMinNaN),
     ASCREG_FIELD(MaxMinNaN, maxMinNaN)},
    {"maxmin.empty", "O5", "what does a float reduce max / min give with no active lane?",
     "reduce max / min (f16 / f32)", ASCREG_CANDIDATES(kMaxMinEmpty),
     ASCREG_FIELD(MaxMinEmpty, maxMinEmpty)},
    {"pair.single_lane", "O3", "is a pair with one active lane added to +0?",
     "pair_reduce_sum (f16 / f32)", ASCREG_CANDIDATES(kPairSingleLane),
     ASCREG_FIELD(PairSingleLane, pairSingleLane)},
    {"compare.subnormals", "O12", "does compare / max / min flush subnormal operands?",
     "compare, max, min, reduce max / min (f16 / f32)", ASCREG_CANDIDATES(kCompareSubnormals),
     ASCREG_FIELD(CompareSubnormals, compareSubnormals)},
    {"gather.mask", "O7", "is the mask of an 8-bit gather counted on the result or the source?",
     "gather from i8 / u8", ASCREG_CANDIDATES(kGatherMask), ASCREG_FIELD(GatherMask, gatherMask)},
    {"cast.widen_mask", "O-C1", "is the mask of a widening cast counted on the source?",
     "widening cast", ASCREG_CANDIDATES(kCastWidenMask),
     ASCREG_FIELD(CastWidenMask, castWidenMask)},
    {"mul.f16_saturation", "O13", "does an f16 mul saturate when CTRL[48] = 0?", "mul (f16)",
     ASCREG_CANDIDATES(kMulF16Saturation), ASCREG_FIELD(MulF16Saturation, mulF16Saturation)},
    {"abs.float", "O14", "does abs keep a NaN's payload and clear its sign?", "abs (f16 / f32)",
     ASCREG_CANDIDATES(kAbsFloat), ASCREG_FIELD(AbsFloat, absFloat)},
    {"arith.subnormals", "O15", "do float sub / mul flush subnormal operands and results?",
     "sub, mul (f16 / bf16 / f32)", ASCREG_CANDIDATES(kArithSubnormals),
     ASCREG_FIELD(ArithSubnormals, arithSubnormals)},
    {"shift.range", "O18", "what does a shift by exactly the lane width give?",
     "shift_left / shift_right (+ scalar forms)", ASCREG_CANDIDATES(kShiftRange),
     ASCREG_FIELD(ShiftRange, shiftRange)},
    {"shift.negative", "O19", "what does a negative shift amount do?",
     "shift_left / shift_right (+ scalar forms)", ASCREG_CANDIDATES(kShiftNegative),
     ASCREG_FIELD(ShiftNegative, shiftNegative)},
    {"shift.signed_left", "O20", "does a left shift of a signed lane keep the sign bit?",
     "shift_left / shift_lefts (signed)", ASCREG_CANDIDATES(kShiftSignedLeft),
     ASCREG_FIELD(ShiftSignedLeft, shiftSignedLeft)},
    {"ctrl.float_mode", "O-C2", "which CTRL[48] does a kernel that never writes CTRL see?",
     "f16 add / sub / mul, float conversions", ASCREG_CANDIDATES(kFloatMode), &getFloatMode,
     &setFloatMode},
};

} // namespace

const ProfilePoint *profilePoints(unsigned &count) {
  count = unsigned(sizeof(kPoints) / sizeof(kPoints[0]));
  return kPoints;
}

const ProfilePoint *findProfilePoint(std::string_view key) {
  for (const ProfilePoint &p : kPoints)
    if (key == p.key)
      return &p;
  return nullptr;
}

namespace {

/// `text` in single quotes, control bytes (a NUL too) as \xNN: errors
/// quote what the user gave, which may be anything.
std::string quoted(std::string_view text) {
  std::string s = "'";
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) {
      char hex[5];
      std::snprintf(hex, sizeof(hex), "\\x%02X", c);
      s += hex;
    } else {
      s += char(c);
    }
  }
  return s + "'";
}

/// The index of point `key`'s candidate named `value`, or an error.
const ProfilePoint *findChoice(std::string_view key, std::string_view value, unsigned &candidate,
                               std::string &error) {
  const ProfilePoint *point = findProfilePoint(key);
  if (!point) {
    error = "unknown semantic point " + quoted(key) + "; the points are:";
    for (const ProfilePoint &q : kPoints)
      error += std::string(" ") + q.key;
    return nullptr;
  }
  for (candidate = 0; candidate < point->numCandidates; ++candidate)
    if (value == point->candidates[candidate].name)
      return point;
  error = quoted(value) + " is not a candidate of '" + point->key + "'; its candidates are:";
  for (unsigned i = 0; i < point->numCandidates; ++i)
    error += std::string(" ") + point->candidates[i].name;
  return nullptr;
}

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
}

} // namespace

bool setProfileChoices(const std::vector<std::pair<std::string_view, std::string_view>> &choices,
                       Profile &out, std::string &error) {
  Profile p = documentedProfile();
  std::vector<const ProfilePoint *> seen;
  for (const auto &[key, value] : choices) {
    unsigned c = 0;
    const ProfilePoint *point = findChoice(key, value, c, error);
    if (!point)
      return false;
    for (const ProfilePoint *q : seen)
      if (q == point) {
        error = "the semantic point '" + std::string(point->key) + "' is given twice";
        return false;
      }
    seen.push_back(point);
    point->set(p, c);
  }
  out = p;
  return true;
}

bool parseProfile(std::string_view spec, Profile &out, std::string &error) {
  std::vector<std::pair<std::string_view, std::string_view>> choices;
  size_t pos = 0;
  bool any = false;
  while (pos <= spec.size()) {
    size_t comma = std::min(spec.find(',', pos), spec.size());
    std::string_view item = trimmed(spec.substr(pos, comma - pos));
    pos = comma + 1;
    if (item.empty()) {
      if (comma == spec.size() && any)
        break;
      error = "empty entry in the semantics profile " + quoted(spec);
      return false;
    }
    any = true;
    if (item == "documented")
      continue;
    size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      error = "unknown semantics profile " + quoted(item) +
              " (expected 'documented' or key=candidate; `ascreg-probe list` names them)";
      return false;
    }
    choices.emplace_back(trimmed(item.substr(0, eq)), trimmed(item.substr(eq + 1)));
  }
  return setProfileChoices(choices, out, error);
}

std::string printProfile(const Profile &p) {
  std::string s;
  for (const ProfilePoint &point : kPoints) {
    unsigned c = point.get(p);
    if (c == 0)
      continue;
    if (!s.empty())
      s += ',';
    s += std::string(point.key) + "=" + point.candidates[c].name;
  }
  return s.empty() ? "documented" : s;
}

} // namespace semantics
} // namespace ascreg
