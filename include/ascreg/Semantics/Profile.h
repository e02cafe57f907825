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

#include <cstdint>

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
// Profile
//===----------------------------------------------------------------------===//

struct Profile {
  /// The CTRL state the kernel runs in (a kernel may set it: ascreg.ctrl).
  Ctrl ctrl;
};

/// The decisions of docs/semantics.md, with the 950 runtime's CTRL state.
const Profile &documentedProfile();

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_PROFILE_H
