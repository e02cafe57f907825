//===- Dispatch.h - cached Highway dispatch for the kernels -----*- C++ -*-===//
//
// Private to lib/Semantics; included after <hwy/highway.h> under HWY_ONCE.
// HWY_DYNAMIC_DISPATCH calls hwy::GetChosenTarget() (out of line, in libhwy)
// and decodes its target mask on every op: three dependent loads before the
// jump. The library keeps the decoded index instead (one load), set when
// the library is loaded and by forceTarget(). Until then it is 0, Highway's
// own entry that chooses the target and calls the kernel, so a kernel called
// from another library's static initializer still runs the right code.
// Every kernel file compiles the same targets (SimdTargetSet.h), so one index
// serves every file's table.
//
// The SIMD kernels, one family per file (each compiled once per target
// through foreach_target.h): SimdReduce.cpp, SimdPairReduce.cpp,
// SimdGather.cpp, SimdElementwise.cpp, SimdLoadStore.cpp, CastSimd.cpp,
// SimdLaneArith.cpp (sub, mul, abs, the bitwise ops), SimdReduceDataBlock.cpp;
// the mask ops (SimdMasks.cpp) need no dispatch. Shared per-target helpers
// are the Simd*-inl.h headers, their namespace SimdTargetNamespace.h; the profile's other choices
// are rewrites around the kernels (SimdProfileChoices.h); target control is SimdTargets.cpp.
//
// Adding a family (e.g. SimdFoo.cpp for an op `foo`):
//  1. start the file with #include "SimdTargetSet.h", then
//     #define HWY_TARGET_INCLUDE "SimdFoo.cpp", <hwy/foreach_target.h>,
//     <hwy/highway.h>, "SimdTargetNamespace.h" and the Simd*-inl.h helpers
//     it uses;
//  2. between ASCREG_SIMD_TARGET_BEGIN; and ASCREG_SIMD_TARGET_END; (the
//     per-target namespace) define FooImpl, forwarding to ref::foo on
//     HWY_SCALAR (as the other families do);
//  3. under #if HWY_ONCE include this header, HWY_EXPORT(FooImpl) and define
//     the public simd::foo as ASCREG_DISPATCH(FooImpl)(...), testing the
//     profile inline first if a non-documented choice changes foo
//     (SimdProfileChoices.h);
//  4. add the file to CMakeLists.txt and foo to SimdVsReferenceTest.
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
/// The index chosen when the library is loaded: one initializer per kernel
/// file, since a program links only the files of the static library it uses.
[[maybe_unused]] static const bool chosenAtLoad = (refreshChosenIndex(), true);
} // namespace dispatch
} // namespace simd
} // namespace semantics
} // namespace ascreg
#define ASCREG_DISPATCH(FUNC)                                                                      \
  (*(HWY_DISPATCH_TABLE(                                                                           \
      FUNC)[::ascreg::semantics::simd::dispatch::chosenIndex.load(std::memory_order_relaxed)]))
#endif

#endif // ASCREG_LIB_SEMANTICS_DISPATCH_H
