//===- SimdProfileChoices.h - Non-documented profile choices ----*- C++ -*-===//
//
// Private to lib/Semantics. The SIMD kernels implement the documented
// candidate of every open point (Profile.h). The other candidates are input
// or output rewrites around them (a flushed operand copy, a mask renumbered,
// a NaN made canonical), except sum.rounding = round_once, which runs the
// reference tree: nothing in a kernel is spent on them when the profile is
// the documented one.
//
// Each op's entry point (in its family's Simd*.cpp) tests its predicate
// inline and calls the documented kernel at once; only a run with another
// choice calls the rewrite below, out of line, so that the common call stays
// a compare and a jump, without the rewrite's stack frame (register copies).
// A rewrite calls the op's entry point again with withDocumentedChoices().
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_SIMDPROFILECHOICES_H
#define ASCREG_LIB_SEMANTICS_SIMDPROFILECHOICES_H

#include "ascreg/Semantics/Semantics.h"

#include <hwy/base.h>

namespace ascreg::semantics::simd {

/// True iff reduce over `src` elements is the documented kernel's result:
/// every choice that changes reduce is about float elements. (HWY_LIKELY
/// here, around both tests, keeps the documented call a fall-through.)
inline bool reduceIsDocumented(const Profile &prof, ElemKind src) {
  return HWY_LIKELY(prof.choicesDocumented() || !isFloat(src));
}
/// True iff compare (and max / min) flush subnormal float operands first
/// (compare.subnormals = flush).
inline bool flushesSubnormals(const Profile &prof, ElemKind k) {
  return isFloat(k) && prof.compareSubnormals == CompareSubnormals::Flush;
}

// The rewrites, for the runs whose predicate above (or
// Profile::choicesDocumented) is false.
void reduceOtherChoices(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,
                        const Mask &m, Reg &out);
void pairReduceSumOtherChoices(const Profile &prof, RegType t, const Reg &in, const Mask &m,
                               Reg &out);
Status gatherOtherChoices(const Profile &prof, RegType dst, ElemKind src, RegType index,
                          const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m,
                          Reg &out);
void compareFlushed(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,
                    const Mask &m, Mask &out);
void binaryOtherChoices(const Profile &prof, BinaryKind k, RegType t, const Reg &a, const Reg &b,
                        const Mask &m, Reg &out);

} // namespace ascreg::semantics::simd

#endif // ASCREG_LIB_SEMANTICS_SIMDPROFILECHOICES_H
