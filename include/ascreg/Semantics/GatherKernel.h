//===- GatherKernel.h - a UB gather resolved ahead --------------*- C++ -*-===//
//
// The gather counterpart of simd::reduceKernel (Semantics.h): for an
// interpreter that compiles a kernel once and runs its gathers many times.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_GATHERKERNEL_H
#define ASCREG_SEMANTICS_GATHERKERNEL_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {
namespace simd {

/// gather(prof, dst, src, index, base, baseElems, idx, m, out) with the
/// profile, the types and the chosen target's kernel fixed: a call skips the
/// dispatch on all of them.
using GatherKernel = Status (*)(const uint8_t *base, uint64_t baseElems, const Reg &idx,
                                const Mask &m, Reg &out);
/// The kernel of gathers of these types on the chosen target (forceTarget
/// afterwards does not change it), or null where only the general entry
/// point does (other profile choices, the scalar target).
GatherKernel gatherKernel(const Profile &prof, RegType dst, ElemKind src, RegType index);

} // namespace simd
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_GATHERKERNEL_H
