//===- Shifts.h - shift_left / shift_right and their scalar forms -*- C++ -*-===//
//
// The shifts of issue 27 (docs/semantics.md 2.27): a register shifted lane
// by lane by the signed lanes of a second register of the same width
// (ShiftLeft / ShiftRight, vshl / vshr) or by one int16 scalar (ShiftLefts /
// ShiftRights, vshls / vshrs). Right shifts are arithmetic for signed lanes,
// logical for unsigned ones. The amounts the vendor leaves open are choices
// of the profile: shift.range (exactly the width), shift.negative and
// shift.signed_left. Same conventions as Semantics.h (raw lane bits, ref::
// reference, simd:: Highway kernels).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_SHIFTS_H
#define ASCREG_SEMANTICS_SHIFTS_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {

enum class ShiftKind : uint8_t { Left, Right };

/// The op's mnemonic: "shift_left", "shift_right", or with `scalar`
/// "shift_lefts", "shift_rights".
const char *shiftName(ShiftKind k, bool scalar);

/// The legal data types (the Reg API's ShiftLeft / ShiftRight /
/// ShiftLefts / ShiftRights tables, docs/semantics.md 2.27): the 8-, 16- and
/// 32-bit integers in one register, and the 64-bit ones in both forms.
bool isLegalShift(RegType t);
/// The type of the amount register of `t`: the signed integer of its width.
RegType shiftAmountType(RegType t);

/// One lane: `x` (raw bits of kind `k`, 8 to 32 bits) shifted by the amount
/// `n` under the profile's shift choices.
uint64_t shiftLane(const Profile &prof, ShiftKind s, ElemKind k, uint64_t x, int64_t n);

/// One 64-bit lane: the vendor library's word sequence (ShiftL / ShiftR,
/// ShiftLeftsB64Impl / ShiftRightsB64Impl; docs/semantics.md 2.27): four
/// 32-bit shifts of the low and high words by n, 32 - n and n + 32, each
/// under shiftLane's rules, OR-ed per word. `n` is the amount lane (its low
/// word counts, as int32) or, with `scalarForm`, the int16 scalar.
uint64_t shiftLane64(const Profile &prof, ShiftKind s, bool isSigned, bool scalarForm, uint64_t x,
                     int64_t n);

#define ASCREG_SHIFT_OPS                                                                           \
  void shift(const Profile &prof, ShiftKind s, RegType t, const Reg &a, const Reg &amount,         \
             const Mask &m, Reg &out);                                                             \
  void shiftScalar(const Profile &prof, ShiftKind s, RegType t, const Reg &a, int64_t amount,      \
                   const Mask &m, Reg &out);

namespace ref {
ASCREG_SHIFT_OPS
} // namespace ref
namespace simd {
ASCREG_SHIFT_OPS
} // namespace simd
#undef ASCREG_SHIFT_OPS

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_SHIFTS_H
