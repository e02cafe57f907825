//===- ScalarForms.h - adds, muls, maxs, mins, compares ---------*- C++ -*-===//
//
// The vector-scalar forms of issue 27 (docs/semantics.md 2.25): a register,
// a scalar of the element type (raw bits, as duplicate takes them) and a
// mask. Each is, by definition, the vector op on the register and the
// scalar broadcast to every lane (add / mul / max / min / compare): the
// lane functions, operand order, rounding, NaN and masking rules are the
// vector op's, so the two are the same bits on every input. The ops stay
// separate in the IR because dav-3510 has their own intrinsics (vadds,
// vmuls, vmaxs, vmins, vcmps_*).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_SCALARFORMS_H
#define ASCREG_SEMANTICS_SCALARFORMS_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {

/// The register-scalar arithmetic forms.
enum class ScalarFormKind : uint8_t { Adds, Muls, Maxs, Mins };

/// The op's mnemonic ("adds", ...).
const char *scalarFormName(ScalarFormKind k);

/// The vendor's legal types (docs/regapi-ops-facts.md 8-11) within the
/// vector op's: adds / maxs / mins as add / max / min (every kind but bf16),
/// muls as mul without bf16 (i16 u16 f16 i32 u32 f32 i64 u64).
bool isLegalScalarForm(ScalarFormKind k, RegType t);
/// compares: as compare (every kind but bf16).
bool isLegalCompareScalar(RegType t);

#define ASCREG_SCALAR_FORM_OPS                                                                     \
  void scalarForm(const Profile &prof, ScalarFormKind k, RegType t, const Reg &a,                  \
                  uint64_t scalarBits, const Mask &m, Reg &out);                                   \
  void compareScalar(const Profile &prof, ComparePred p, RegType t, const Reg &a,                  \
                     uint64_t scalarBits, const Mask &m, Mask &out);

namespace ref {
ASCREG_SCALAR_FORM_OPS
} // namespace ref
namespace simd {
ASCREG_SCALAR_FORM_OPS
} // namespace simd
#undef ASCREG_SCALAR_FORM_OPS

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_SCALARFORMS_H
