//===- SimdProfileChoices.cpp - Non-documented profile choices ------------===//
//
// The rewrites around the documented SIMD kernels that give the other
// candidates of the open points (SimdProfileChoices.h says when they run).
// Each calls the op's simd:: entry point with withDocumentedChoices(prof),
// which goes straight to the dispatched kernel.
//
//===----------------------------------------------------------------------===//
#include "SimdProfileChoices.h"

#include <hwy/base.h>

#include <cstring>

namespace ascreg::semantics::simd {
namespace {

uint64_t laneOf(const Reg &r, unsigned width, unsigned i) {
  uint64_t v = 0;
  std::memcpy(&v, r.b + size_t(i) * width, width);
  return v;
}
void setLaneOf(Reg &r, unsigned width, unsigned i, uint64_t v) {
  std::memcpy(r.b + size_t(i) * width, &v, width);
}
/// `in` with every subnormal lane flushed (compare.subnormals = flush).
Reg flushedCopy(RegType t, const Reg &in) {
  Reg r = in;
  const unsigned w = elemBytes(t.elem);
  for (unsigned i = 0; i < t.lanes(); ++i)
    setLaneOf(r, w, i, flushSubnormalBits(t.elem, laneOf(in, w, i)));
  return r;
}
/// Replaces the NaN lanes [0, lanes) of `r` by the canonical NaN.
void canonicalizeNaNLanes(RegType t, unsigned lanes, Reg &r) {
  const unsigned w = elemBytes(t.elem);
  for (unsigned i = 0; i < lanes; ++i)
    if (isNaN(numberFormat(t.elem), laneOf(r, w, i)))
      setLaneOf(r, w, i, canonicalNaNBits(t.elem));
}

} // namespace

HWY_NOINLINE void reduceOtherChoices(const Profile &prof, ReduceKind k, RegType dst, RegType src,
                                     const Reg &in, const Mask &m, Reg &out) {
  const Profile base = withDocumentedChoices(prof);
  if (k == ReduceKind::Sum) {
    if (prof.sumRounding != SumRounding::PerNode)
      return ref::reduce(prof, k, dst, src, in, m, out);
    reduce(base, k, dst, src, in, m, out);
    if (prof.addNaN == AddNaN::Canonical)
      canonicalizeNaNLanes(dst, 1, out);
    return;
  }
  if (flushesSubnormals(prof, src.elem)) {
    Reg flushed = flushedCopy(src, in);
    reduce(base, k, dst, src, flushed, m, out);
  } else {
    reduce(base, k, dst, src, in, m, out);
  }
  if (prof.maxMinNaN == MaxMinNaN::Canonical)
    canonicalizeNaNLanes(dst, 1, out);
  if (prof.maxMinEmpty == MaxMinEmpty::Finite) {
    bool any = false;
    for (unsigned i = 0; i < src.lanes() && !any; ++i)
      any = m.laneActive(src, i);
    if (!any) // +-inf -> +-largest finite (the bits just below, same sign)
      setLaneOf(out, elemBytes(dst.elem), 0, laneOf(out, elemBytes(dst.elem), 0) - 1);
  }
}

HWY_NOINLINE void pairReduceSumOtherChoices(const Profile &prof, RegType t, const Reg &in,
                                            const Mask &m, Reg &out) {
  const Reg source = in; // in may alias out
  pairReduceSum(withDocumentedChoices(prof), t, source, m, out);
  const unsigned w = elemBytes(t.elem);
  if (prof.addNaN == AddNaN::Canonical)
    canonicalizeNaNLanes(t, t.lanes() / 2, out);
  if (prof.pairSingleLane == PairSingleLane::Exact)
    for (unsigned i = 0; i < t.lanes() / 2; ++i) {
      bool aOn = m.laneActive(t, 2 * i), bOn = m.laneActive(t, 2 * i + 1);
      if (aOn != bOn)
        setLaneOf(out, w, i, laneOf(source, w, aOn ? 2 * i : 2 * i + 1));
    }
}

HWY_NOINLINE Status gatherOtherChoices(const Profile &prof, RegType dst, ElemKind src,
                                       RegType index, const uint8_t *base, uint64_t baseElems,
                                       const Reg &idx, const Mask &m, Reg &out) {
  const Profile documented = withDocumentedChoices(prof);
  const unsigned stride = gatherMaskStride(prof, dst, src);
  if (stride == dst.maskStride())
    return gather(documented, dst, src, index, base, baseElems, idx, m, out);
  // gather.mask = source: lane i is enabled by bit `stride * i`.
  Mask renumbered{};
  for (unsigned i = 0; i < dst.lanes(); ++i)
    renumbered.set(dst.maskStride() * i, m.bit(stride * i));
  return gather(documented, dst, src, index, base, baseElems, idx, renumbered, out);
}

HWY_NOINLINE void compareFlushed(const Profile &prof, ComparePred p, RegType t, const Reg &a,
                                 const Reg &b, const Mask &m, Mask &out) {
  Reg fa = flushedCopy(t, a), fb = flushedCopy(t, b);
  compare(withDocumentedChoices(prof), p, t, fa, fb, m, out);
}

HWY_NOINLINE void binaryOtherChoices(const Profile &prof, BinaryKind k, RegType t, const Reg &a,
                                     const Reg &b, const Mask &m, Reg &out) {
  const Profile base = withDocumentedChoices(prof);
  if (k == BinaryKind::Add || !flushesSubnormals(prof, t.elem))
    binary(base, k, t, a, b, m, out);
  else {
    Reg fa = flushedCopy(t, a), fb = flushedCopy(t, b);
    binary(base, k, t, fa, fb, m, out);
  }
  const bool canonical = k == BinaryKind::Add ? prof.addNaN == AddNaN::Canonical
                                              : prof.maxMinNaN == MaxMinNaN::Canonical;
  if (canonical && isFloat(t.elem))
    canonicalizeNaNLanes(t, t.lanes(), out);
}

} // namespace ascreg::semantics::simd
