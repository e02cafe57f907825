//===- Dav3510.cpp - semantics of the dav-3510 intrinsic helpers -*- C++ -*-===//
#include "ascreg/Semantics/Dav3510.h"
#include "ascreg/Semantics/RegApiForms.h"

#include <cstring>

namespace ascreg {
namespace semantics {
namespace dav {

static Mask zeroMask() {
  Mask m;
  m.w[0] = m.w[1] = m.w[2] = m.w[3] = 0;
  return m;
}

void ppack(const Mask &in, bool higher, Mask &out) {
  Mask r = zeroMask();
  for (unsigned j = 0; j < 128; ++j)
    r.set(j + (higher ? 128 : 0), in.bit(2 * j));
  out = r;
}

void punpack(const Mask &in, bool higher, Mask &out) {
  Mask r = zeroMask();
  for (unsigned j = 0; j < 128; ++j)
    r.set(2 * j, in.bit(j + (higher ? 128 : 0)));
  out = r;
}

void pintlvB32(const Mask &a, const Mask &b, Mask &low, Mask &high) {
  Mask lo = zeroMask(), hi = zeroMask();
  auto group = [](const Mask &m, unsigned g, unsigned k) { return m.bit(4 * g + k); };
  for (unsigned g = 0; g < 32; ++g)
    for (unsigned k = 0; k < 4; ++k) {
      lo.set(4 * (2 * g) + k, group(a, g, k));
      lo.set(4 * (2 * g + 1) + k, group(b, g, k));
      hi.set(4 * (2 * g) + k, group(a, g + 32, k));
      hi.set(4 * (2 * g + 1) + k, group(b, g + 32, k));
    }
  low = lo;
  high = hi;
}

void pand(const Mask &a, const Mask &b, const Mask &g, Mask &out) {
  governedMaskLogic(MaskLogicKind::And, a, b, g, out);
}
void por(const Mask &a, const Mask &b, const Mask &g, Mask &out) {
  governedMaskLogic(MaskLogicKind::Or, a, b, g, out);
}
void pxor(const Mask &a, const Mask &b, const Mask &g, Mask &out) {
  governedMaskLogic(MaskLogicKind::Xor, a, b, g, out);
}
void pnot(const Mask &a, const Mask &g, Mask &out) { governedMaskNot(a, g, out); }

void vintlv(RegType t, const Reg &a, const Reg &b, Reg &low, Reg &high) {
  unsigned eb = elemBytes(t.elem), n = kVLBytes / eb;
  Reg lo, hi;
  for (unsigned i = 0; i < n / 2; ++i) {
    std::memcpy(lo.b + (2 * i) * eb, a.b + i * eb, eb);
    std::memcpy(lo.b + (2 * i + 1) * eb, b.b + i * eb, eb);
    std::memcpy(hi.b + (2 * i) * eb, a.b + (i + n / 2) * eb, eb);
    std::memcpy(hi.b + (2 * i + 1) * eb, b.b + (i + n / 2) * eb, eb);
  }
  std::memcpy(low.b, lo.b, kVLBytes);
  std::memcpy(high.b, hi.b, kVLBytes);
}

void vdintlv(RegType t, const Reg &a, const Reg &b, Reg &even, Reg &odd) {
  unsigned eb = elemBytes(t.elem), n = kVLBytes / eb;
  uint8_t cat[2 * kVLBytes];
  std::memcpy(cat, a.b, kVLBytes);
  std::memcpy(cat + kVLBytes, b.b, kVLBytes);
  Reg ev, od;
  for (unsigned i = 0; i < n; ++i) {
    std::memcpy(ev.b + i * eb, cat + (2 * i) * eb, eb);
    std::memcpy(od.b + i * eb, cat + (2 * i + 1) * eb, eb);
  }
  std::memcpy(even.b, ev.b, kVLBytes);
  std::memcpy(odd.b, od.b, kVLBytes);
}

void vldsDintlvB32(const uint8_t *src, Reg &even, Reg &odd) {
  for (unsigned i = 0; i < 64; ++i) {
    std::memcpy(even.b + 4 * i, src + 8 * i, 4);
    std::memcpy(odd.b + 4 * i, src + 8 * i + 4, 4);
  }
}

void vdupLane0(RegType t, const Reg &src, const Mask &m, Reg &out) {
  ref::duplicateLane(t, src, m, out); // the Reg API's Duplicate on a physical register
}

void vand(RegType t, const Reg &a, const Reg &b, const Mask &m, Reg &out) {
  unsigned eb = elemBytes(t.elem), n = kVLBytes / eb;
  for (unsigned i = 0; i < n; ++i) {
    uint64_t x = 0, y = 0, r = 0;
    std::memcpy(&x, a.b + i * eb, eb);
    std::memcpy(&y, b.b + i * eb, eb);
    if (m.laneActive(t, i))
      r = x & y;
    std::memcpy(out.b + i * eb, &r, eb);
  }
}

} // namespace dav
} // namespace semantics
} // namespace ascreg
