//===- SimdTargets.cpp - Choosing the SIMD target -------------------------===//
//
// Target control of the simd:: kernels (SimdTargets.h): the targets this
// CPU runs, their names, and forcing one of them (tests, benchmarks). The
// kernels themselves dispatch through Dispatch.h's cached index.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/SimdTargets.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdTargets.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

ASCREG_SIMD_TARGET_BEGIN;
const char *TargetNameImpl() { return hwy::TargetName(HWY_TARGET); }

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(TargetNameImpl);

const char *targetName() { return ASCREG_DISPATCH(TargetNameImpl)(); }

std::vector<int64_t> availableTargets() {
  static const std::vector<int64_t> targets = [] {
    std::vector<int64_t> r;
    for (int64_t bits = hwy::SupportedTargets() & HWY_TARGETS; bits != 0; bits &= bits - 1)
      r.push_back(bits & ~(bits - 1)); // lowest bit = best target first
    return r;
  }();
  return targets;
}

const char *targetNameOf(int64_t target) { return hwy::TargetName(target); }

void forceTarget(int64_t target) {
  hwy::SetSupportedTargetsForTest(target);
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
#ifndef ASCREG_DISPATCH_IS_HIGHWAYS
  dispatch::refreshChosenIndex();
#endif
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
