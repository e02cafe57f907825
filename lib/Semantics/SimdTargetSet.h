//===- SimdTargetSet.h - The Highway targets of the kernels ----*- C++ -*-===//
//
// Private to lib/Semantics. Included first (before any Highway header) by
// every file of per-target kernels: they must all compile the same targets,
// since one cached dispatch index (Dispatch.h) serves every file's table.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_SIMDTARGETSET_H
#define ASCREG_LIB_SEMANTICS_SIMDTARGETSET_H

// AVX-512 targets are left out: the kernels are only verified on AVX2 and
// below, and an AVX-512 machine runs the AVX2 kernels. SSSE3 adds nothing
// over SSE4.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_AVX3 | HWY_AVX3_DL | HWY_SSSE3)
#endif
// HWY_SCALAR (one lane, no shuffles) is the baseline only for CPUs without
// SSE4 (GCC < 12.3 disables EMU128); there the reference is as fast, so every
// kernel file forwards its scalar target to ref::.

#endif // ASCREG_LIB_SEMANTICS_SIMDTARGETSET_H
