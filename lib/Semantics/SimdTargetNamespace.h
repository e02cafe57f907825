//===- SimdTargetNamespace.h - The kernels' per-target namespace -*- C++ -*-===//
//
// Private to lib/Semantics. Every file compiled once per Highway target (the
// kernel files and the Simd*-inl.h helpers) puts its per-target code between
//   ASCREG_SIMD_TARGET_BEGIN;
//   ...
//   ASCREG_SIMD_TARGET_END;
// which is Highway's HWY_BEFORE_NAMESPACE() / namespace HWY_NAMESPACE /
// HWY_AFTER_NAMESPACE() pattern for ascreg::semantics::simd, with the two
// names every kernel uses (hn, EK). The macros expand where they are used,
// so they follow the target foreach_target.h is compiling.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_SEMANTICS_SIMDTARGETNAMESPACE_H
#define ASCREG_LIB_SEMANTICS_SIMDTARGETNAMESPACE_H

#include "ascreg/Semantics/Semantics.h"

#include <hwy/highway.h>

#define ASCREG_SIMD_TARGET_BEGIN                                                                   \
  HWY_BEFORE_NAMESPACE();                                                                          \
  namespace ascreg::semantics::simd::HWY_NAMESPACE {                                               \
  namespace hn = hwy::HWY_NAMESPACE;                                                               \
  using EK = ElemKind

#define ASCREG_SIMD_TARGET_END                                                                     \
  } /* namespace ascreg::semantics::simd::HWY_NAMESPACE */                                         \
  HWY_AFTER_NAMESPACE()

#endif // ASCREG_LIB_SEMANTICS_SIMDTARGETNAMESPACE_H
