//===- PairReduceKernel.h - a pair_reduce_sum resolved ahead ----*- C++ -*-===//
//
// The pair_reduce_sum counterpart of simd::reduceKernel (Semantics.h) and
// simd::gatherKernel (GatherKernel.h): for an interpreter that compiles a
// kernel once and runs its pair sums many times.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_PAIRREDUCEKERNEL_H
#define ASCREG_SEMANTICS_PAIRREDUCEKERNEL_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {
namespace simd {

/// pairReduceSum(prof, t, in, m, out) with the profile, the type and the
/// chosen target's kernel fixed: a call skips the dispatch on all of them
/// (and, for f16, the test of CTRL[48]). `in` may be `out`.
using PairReduceKernel = void (*)(const Reg &in, const Mask &m, Reg &out);
/// The kernel of pair sums of type `t` under `prof` on the chosen target
/// (forceTarget afterwards does not change it), or null where only the
/// general entry point does (other profile choices, illegal types, the
/// scalar target).
PairReduceKernel pairReduceKernel(const Profile &prof, RegType t);

} // namespace simd
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_PAIRREDUCEKERNEL_H
