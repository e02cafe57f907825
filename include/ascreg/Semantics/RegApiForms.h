//===- RegApiForms.h - Reg API forms of broadcast, store, masks --*- C++ -*-===//
//
// The forms the vendor's Reg API adds around the existing ops (issue 27,
// docs/semantics.md 2.22 onwards): the lane broadcast Duplicate(dst, srcReg,
// mask), the first-element store StoreAlign<T, DIST_FIRST_ELEMENT_Bn>, the
// mask logic with a governing mask And/Or/Xor/Not(dst, src..., mask). Same conventions as
// Semantics.h (raw lane bits, ref:: reference, simd:: Highway kernels, the unqualified entry points
// are simd::).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_REGAPIFORMS_H
#define ASCREG_SEMANTICS_REGAPIFORMS_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {

/// The governed mask logic (the vendor's MaskReg And / Or / Xor).
enum class MaskLogicKind : uint8_t { And, Or, Xor };

/// duplicate_lane: every valid register type (the Reg API's Duplicate takes
/// every type, docs/regapi-ops-facts.md 14).
bool isLegalDuplicateLane(RegType t);
/// store_first: the one-register 8-, 16- and 32-bit types (the vendor has
/// DIST_FIRST_ELEMENT_B8/B16/B32 and no 64-bit form, facts 15).
bool isLegalStoreFirst(RegType t);
/// The raw bits of lane 0 of a register of type t.
uint64_t lane0Bits(RegType t, const Reg &r);

#define ASCREG_REG_API_FORM_OPS                                                                    \
  /* Active lanes (mask counted on t) = lane 0 of src, whether or not lane 0 is active; */         \
  /* inactive lanes 0. */                                                                          \
  void duplicateLane(RegType t, const Reg &src, const Mask &m, Reg &out);                          \
  /* The elemBytes(t) bytes of lane 0 to dst (already bounds-checked); no mask. */                 \
  void storeFirst(RegType t, const Reg &in, uint8_t *dst);                                         \
  /* Per bit of the 256: op(a, b) & g; not: ~a & g (bits outside g are 0). */                      \
  void governedMaskLogic(MaskLogicKind k, const Mask &a, const Mask &b, const Mask &g, Mask &out); \
  void governedMaskNot(const Mask &a, const Mask &g, Mask &out);

namespace ref {
ASCREG_REG_API_FORM_OPS
} // namespace ref
namespace simd {
ASCREG_REG_API_FORM_OPS
} // namespace simd
#undef ASCREG_REG_API_FORM_OPS

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_REGAPIFORMS_H
