//===- Dispatch.h - cached Highway dispatch for the kernels -----*- C++ -*-===//
//
// Private to lib/Semantics; included after <hwy/highway.h> under HWY_ONCE.
// HWY_DYNAMIC_DISPATCH calls hwy::GetChosenTarget() (out of line, in libhwy)
// and decodes its target mask on every op: three dependent loads before the
// jump. The library keeps the decoded index instead (one load), set when
// the library is loaded and by forceTarget(). Until then it is 0, Highway's
// own entry that chooses the target and calls the kernel, so a kernel called
// from another library's static initializer still runs the right code.
// (Simd.cpp and CastSimd.cpp compile the same targets, so one index serves
// both files' tables.)
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_DISPATCH_H
#define ASCREG_LIB_SEMANTICS_DISPATCH_H

#include <atomic>

#if HWY_IDE || ((HWY_TARGETS & (HWY_TARGETS - 1)) == 0)
#define ASCREG_DISPATCH(FUNC) HWY_DYNAMIC_DISPATCH(FUNC)
#define ASCREG_DISPATCH_IS_HIGHWAYS 1
#else
namespace ascreg {
namespace semantics {
namespace simd {
namespace dispatch {
inline std::atomic<int> chosenIndex{0};
/// Makes Highway choose (if no dispatch has yet) and caches its choice.
inline void refreshChosenIndex() {
  hwy::ChosenTarget &c = hwy::GetChosenTarget();
  if (!c.IsInitialized())
    c.Update(hwy::SupportedTargets());
  chosenIndex.store(int(c.GetIndex()), std::memory_order_relaxed);
}
} // namespace dispatch
} // namespace simd
} // namespace semantics
} // namespace ascreg
#define ASCREG_DISPATCH(FUNC)                                                                      \
  (*(HWY_DISPATCH_TABLE(                                                                           \
      FUNC)[::ascreg::semantics::simd::dispatch::chosenIndex.load(std::memory_order_relaxed)]))
#endif

#endif // ASCREG_LIB_SEMANTICS_DISPATCH_H
