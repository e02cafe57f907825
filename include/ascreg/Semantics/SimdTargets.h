//===- SimdTargets.h - Choosing the SIMD target (tests, benchmarks) -*- C++ -*-===//
//
// The simd:: kernels are compiled for several Highway targets and the best one
// the CPU supports is picked at run time. Tests use these hooks to check every
// compiled target against the reference, not only the one this machine picks.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_SIMDTARGETS_H
#define ASCREG_SEMANTICS_SIMDTARGETS_H

#include <cstdint>
#include <vector>

namespace ascreg {
namespace semantics {
namespace simd {

/// Targets (one Highway HWY_* bit each) compiled into the library and
/// supported by this CPU, best first.
std::vector<int64_t> availableTargets();
/// Name of a target bit, e.g. "AVX2".
const char *targetNameOf(int64_t target);
/// Restricts dispatch to `target`; 0 restores the normal choice.
void forceTarget(int64_t target);

} // namespace simd
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_SIMDTARGETS_H
