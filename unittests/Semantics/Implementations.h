//===- Implementations.h - The ref:: and simd:: tables of the tests -------===//
//
// A hand-computed case runs on both implementations of the semantics: the
// reference (ref::) and the SIMD kernels (simd::). Impl is one of them as a
// table of entry points named as the functions are; the list of entry
// points is written once and fills the type and both tables.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_SEMANTICS_IMPLEMENTATIONS_H
#define ASCREG_UNITTESTS_SEMANTICS_IMPLEMENTATIONS_H

#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/RegApiForms.h"
#include "ascreg/Semantics/ScalarForms.h"
#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {
namespace test {

// The entry points ref:: and simd:: both define, with one signature.
#define ASCREG_TEST_ENTRY_POINTS(X)                                                                \
  X(reduce)                                                                                        \
  X(pairReduceSum)                                                                                 \
  X(gather)                                                                                        \
  X(gatherReg)                                                                                     \
  X(createMask)                                                                                    \
  X(updateMask)                                                                                    \
  X(maskNot)                                                                                       \
  X(duplicate)                                                                                     \
  X(arange)                                                                                        \
  X(compare)                                                                                       \
  X(binary)                                                                                        \
  X(storeAlign)                                                                                    \
  X(cast)                                                                                          \
  X(arith)                                                                                         \
  X(unary)                                                                                         \
  X(scalarForm)                                                                                    \
  X(compareScalar)                                                                                 \
  X(reduceDataBlock)                                                                               \
  X(duplicateLane)                                                                                 \
  X(storeFirst)                                                                                    \
  X(governedMaskLogic)                                                                             \
  X(governedMaskNot)

/// One implementation of the ops: ref:: or simd::.
struct Impl {
  const char *name;
#define ASCREG_TEST_MEMBER(op) decltype(&ref::op) op;
  ASCREG_TEST_ENTRY_POINTS(ASCREG_TEST_MEMBER)
#undef ASCREG_TEST_MEMBER
};

#define ASCREG_TEST_REF(op) ref::op,
#define ASCREG_TEST_SIMD(op) simd::op,
inline const Impl kRef{"ref", ASCREG_TEST_ENTRY_POINTS(ASCREG_TEST_REF)};
inline const Impl kSimd{"simd", ASCREG_TEST_ENTRY_POINTS(ASCREG_TEST_SIMD)};
#undef ASCREG_TEST_REF
#undef ASCREG_TEST_SIMD
#undef ASCREG_TEST_ENTRY_POINTS

} // namespace test
} // namespace semantics
} // namespace ascreg

#endif // ASCREG_UNITTESTS_SEMANTICS_IMPLEMENTATIONS_H
