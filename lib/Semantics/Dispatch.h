//===- Dispatch.h - cached Highway dispatch for the kernels -----*- C++ -*-===//
//
// Private to lib/Semantics; included after <hwy/highway.h> under HWY_ONCE.
// HWY_DYNAMIC_DISPATCH calls hwy::GetChosenTarget() (out of line, in libhwy)
// on every op; the object it returns never moves (forceTarget updates it in
// place), so it is looked up once for all of the library's kernels.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_DISPATCH_H
#define ASCREG_LIB_SEMANTICS_DISPATCH_H

#include <atomic>

#if HWY_IDE || ((HWY_TARGETS & (HWY_TARGETS - 1)) == 0)
#define ASCREG_DISPATCH(FUNC) HWY_DYNAMIC_DISPATCH(FUNC)
#else
namespace ascreg {
namespace semantics {
namespace simd {
namespace dispatch {
inline std::atomic<hwy::ChosenTarget *> chosen{nullptr}; // constant-initialized
HWY_NOINLINE inline hwy::ChosenTarget *lookUpChosenTarget() {
  hwy::ChosenTarget *c = &hwy::GetChosenTarget();
  chosen.store(c, std::memory_order_relaxed);
  return c;
}
inline hwy::ChosenTarget &chosenTarget() {
  hwy::ChosenTarget *c = chosen.load(std::memory_order_relaxed);
  return HWY_LIKELY(c) ? *c : *lookUpChosenTarget();
}
} // namespace dispatch
} // namespace simd
} // namespace semantics
} // namespace ascreg
#define ASCREG_DISPATCH(FUNC)                                                                      \
  (*(HWY_DISPATCH_TABLE(FUNC)[::ascreg::semantics::simd::dispatch::chosenTarget().GetIndex()]))
#endif

#endif // ASCREG_LIB_SEMANTICS_DISPATCH_H
