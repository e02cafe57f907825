//===- SimdLoadStore.cpp - UB loads and stores of registers ---------------===//
//
// load_align / store_align on an already checked UB address. A store
// with every lane or no lane active is one copy or nothing; a partial one
// is a Highway kernel writing only the active lanes.
//
//===----------------------------------------------------------------------===//
#include "SimdTargetSet.h" // first: the targets every kernel file compiles

#include "MaskBits.h"
#include "ascreg/Semantics/Semantics.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "SimdLoadStore.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>

#include "SimdTargetNamespace.h"

#include "SimdLanes-inl.h"

ASCREG_SIMD_TARGET_BEGIN;

#if HWY_TARGET == HWY_SCALAR
// One lane, no shuffles: the reference is as fast (SimdTargetSet.h).
void StoreAlignImpl(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  ref::storeAlign(t, in, m, dst);
}
#else

void StoreAlignImpl(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  withLanes(t, [&](auto d, auto stride) HWY_ATTR {
    using T = hn::TFromD<decltype(d)>;
    const size_t N = hn::Lanes(d);
    T *p = reinterpret_cast<T *>(dst);
    for (size_t i = 0; i < t.lanes(); i += N) {
      const auto mk = activeLanes<decltype(stride)::value>(d, m, i);
      if (hn::AllFalse(d, mk))
        continue; // inactive lanes leave UB untouched
      const auto v = hn::Load(d, lanesOf<T>(in) + i);
      if (hn::AllTrue(d, mk))
        hn::StoreU(v, d, p + i);
      else
        hn::BlendedStore(v, mk, d, p + i); // writes only the active lanes
    }
  });
}

#endif // HWY_TARGET == HWY_SCALAR

ASCREG_SIMD_TARGET_END;

#if HWY_ONCE
#include "Dispatch.h"

namespace ascreg::semantics::simd {

HWY_EXPORT(StoreAlignImpl);

// Out of line: its register-sized copy would otherwise give every store,
// the common full-mask one included, a 256-byte stack frame.
static HWY_NOINLINE void storeAlignFromCopy(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  Reg copy;
  std::memcpy(copy.b, in.b, t.bytes());
  ASCREG_DISPATCH(StoreAlignImpl)(t, copy, m, dst);
}
void loadAlign(RegType t, const uint8_t *src, Reg &out) { std::memcpy(out.b, src, t.bytes()); }
void storeAlign(RegType t, const Reg &in, const Mask &m, uint8_t *dst) {
  // Most stores of a kernel have every lane or no lane active: one copy or
  // nothing, decided with four word operations. (`in` may be a view of UB
  // overlapping `dst`: memmove.)
  const uint64_t group = detail::laneGroupBits(t.maskStride());
  uint64_t missing = 0, present = 0;
  for (unsigned k = 0; k < 4; ++k) {
    missing |= ~m.w[k] & group;
    present |= m.w[k] & group;
  }
  if (!present)
    return;
  if (!missing) {
    if (t.bytes() == kVLBytes) { // inline: all loads before the stores
      uint8_t copy[kVLBytes];
      std::memcpy(copy, in.b, kVLBytes);
      std::memcpy(dst, copy, kVLBytes);
    } else {
      std::memmove(dst, in.b, t.bytes());
    }
    return;
  }
  // A partial store from a view that overlaps `dst` would read bytes it has
  // already written (found by random-program differential testing, seed 1
  // index 23): store from a copy.
  if (in.b < dst + t.bytes() && dst < in.b + t.bytes())
    return storeAlignFromCopy(t, in, m, dst);
  ASCREG_DISPATCH(StoreAlignImpl)(t, in, m, dst);
}

} // namespace ascreg::semantics::simd
#endif // HWY_ONCE
