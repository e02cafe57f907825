//===- Dav3510.h - semantics of the dav-3510 intrinsic helpers --*- C++ -*-===//
//
// The intrinsics that have no ascreg counterpart but that the lowering of
// 64-bit and mask ops is built from: predicate pack/unpack/interleave, lane
// interleave/de-interleave, broadcast of lane 0, scalar-operand lane ops.
// Semantics from the vendor documentation as summarised in
// docs/semantics.md ("dav-3510 intrinsic helpers"). Scalar code: these run
// rarely and only on the intrinsic path.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_DAV3510_H
#define ASCREG_SEMANTICS_DAV3510_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {
namespace dav {

/// ppack: bit j of the chosen half (lower: bits [0,128), higher: [128,256))
/// of the result = bit 2j of `in` (j < 128); the other half is 0.
void ppack(const Mask &in, bool higher, Mask &out);
/// punpack: bit 2j of the result = bit j of the chosen half of `in`
/// (j < 128), bit 2j+1 = 0.
void punpack(const Mask &in, bool higher, Mask &out);
/// pintlv_b32: 4-bit groups g; low = a_0 b_0 a_1 b_1 ... a_31 b_31,
/// high = a_32 b_32 ... a_63 b_63.
void pintlvB32(const Mask &a, const Mask &b, Mask &low, Mask &high);
/// pand/por/pxor/pnot with a governing predicate (the governed mask logic of
/// RegApiForms.h).
void pand(const Mask &a, const Mask &b, const Mask &g, Mask &out);
void por(const Mask &a, const Mask &b, const Mask &g, Mask &out);
void pxor(const Mask &a, const Mask &b, const Mask &g, Mask &out);
void pnot(const Mask &a, const Mask &g, Mask &out);

/// vintlv on lanes of t: low = a_0 b_0 a_1 b_1 ... (first halves),
/// high = the same for the second halves.
void vintlv(RegType t, const Reg &a, const Reg &b, Reg &low, Reg &high);
/// vdintlv: even = even lanes of concat(a, b), odd = odd lanes.
void vdintlv(RegType t, const Reg &a, const Reg &b, Reg &even, Reg &odd);
/// vlds DIST_DINTLV_B32: 512 bytes; even 32-bit words to `even`, odd to `odd`.
void vldsDintlvB32(const uint8_t *src, Reg &even, Reg &odd);
/// Duplicate(dst, srcReg, mask) LOWEST: active lanes = lane 0 of src, others 0.
void vdupLane0(RegType t, const Reg &src, const Mask &m, Reg &out);

/// Bitwise and of integer lanes (zeroing mask).
void vand(RegType t, const Reg &a, const Reg &b, const Mask &m, Reg &out);

} // namespace dav
} // namespace semantics
} // namespace ascreg

#endif
