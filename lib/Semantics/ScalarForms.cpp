//===- ScalarForms.cpp - adds, muls, maxs, mins, compares ----------------===//
//
// Each scalar form is its vector op on the broadcast scalar (ScalarForms.h,
// docs/semantics.md 2.25): ref:: composes the reference ops, simd:: the
// Highway kernels, so both inherit the vector op's rules and its tests.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/ScalarForms.h"
#include "ascreg/Semantics/LaneArith.h"

#include <utility>

namespace ascreg {
namespace semantics {

const char *scalarFormName(ScalarFormKind k) {
  static const char *const kNames[] = {"adds", "muls", "maxs", "mins"};
  return kNames[unsigned(k)];
}

bool isLegalScalarForm(ScalarFormKind k, RegType t) {
  if (k == ScalarFormKind::Muls)
    return isLegalArith(ArithKind::Mul, t) && t.elem != ElemKind::BF16;
  return isLegalBinary(t);
}

bool isLegalCompareScalar(RegType t) { return isLegalCompare(t); }

namespace {
/// The lane function of a scalar form, applied with one implementation's ops.
template <class Ops>
void applyScalarForm(const Profile &prof, ScalarFormKind k, RegType t, const Reg &a,
                     uint64_t scalarBits, const Mask &m, Reg &out) {
  Reg b;
  Ops::duplicate(t, scalarBits, nullptr, b);
  switch (k) {
  case ScalarFormKind::Adds:
    return Ops::binary(prof, BinaryKind::Add, t, a, b, m, out);
  case ScalarFormKind::Muls:
    return Ops::arith(prof, ArithKind::Mul, t, a, b, m, out);
  case ScalarFormKind::Maxs:
    return Ops::binary(prof, BinaryKind::Max, t, a, b, m, out);
  case ScalarFormKind::Mins:
    return Ops::binary(prof, BinaryKind::Min, t, a, b, m, out);
  }
}
template <class Ops>
void applyCompareScalar(const Profile &prof, ComparePred p, RegType t, const Reg &a,
                        uint64_t scalarBits, const Mask &m, Mask &out) {
  Reg b;
  Ops::duplicate(t, scalarBits, nullptr, b);
  Ops::compare(prof, p, t, a, b, m, out);
}

#define ASCREG_FORWARD(NS, NAME)                                                                   \
  template <class... A> static void NAME(A &&...args) { NS::NAME(std::forward<A>(args)...); }
struct RefOps {
  ASCREG_FORWARD(ref, duplicate)
  ASCREG_FORWARD(ref, binary)
  ASCREG_FORWARD(ref, arith)
  ASCREG_FORWARD(ref, compare)
};
struct SimdOps {
  ASCREG_FORWARD(simd, duplicate)
  ASCREG_FORWARD(simd, binary)
  ASCREG_FORWARD(simd, arith)
  ASCREG_FORWARD(simd, compare)
};
#undef ASCREG_FORWARD
} // namespace

namespace ref {
void scalarForm(const Profile &prof, ScalarFormKind k, RegType t, const Reg &a, uint64_t scalarBits,
                const Mask &m, Reg &out) {
  applyScalarForm<RefOps>(prof, k, t, a, scalarBits, m, out);
}
void compareScalar(const Profile &prof, ComparePred p, RegType t, const Reg &a, uint64_t scalarBits,
                   const Mask &m, Mask &out) {
  applyCompareScalar<RefOps>(prof, p, t, a, scalarBits, m, out);
}
} // namespace ref

namespace simd {
void scalarForm(const Profile &prof, ScalarFormKind k, RegType t, const Reg &a, uint64_t scalarBits,
                const Mask &m, Reg &out) {
  applyScalarForm<SimdOps>(prof, k, t, a, scalarBits, m, out);
}
void compareScalar(const Profile &prof, ComparePred p, RegType t, const Reg &a, uint64_t scalarBits,
                   const Mask &m, Mask &out) {
  applyCompareScalar<SimdOps>(prof, p, t, a, scalarBits, m, out);
}
} // namespace simd

} // namespace semantics
} // namespace ascreg
