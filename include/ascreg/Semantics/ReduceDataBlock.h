//===- ReduceDataBlock.h - one reduce per 32-byte block ---------*- C++ -*-===//
//
// reduce_data_block <sum|max|min> (vcgadd / vcgmax / vcgmin, the Reg API's
// ReduceDataBlock; docs/semantics.md 2.26): each 32-byte block of the
// source register (16 lanes of 16 bits, 8 of 32 bits) is reduced like
// `reduce` reduces a register, and block b's result is lane b of the result;
// every other lane is 0. Sums take the reduce tree inside each block
// (adjacent pairs; floats: sum.rounding, add.nan, CTRL[48]); 16-bit integers
// are summed in 32 bits (the vendor's (i32, i16) and (u32, u16)), 32-bit ones
// wrap. max / min follow reduce's rules (first NaN, -0 below +0,
// maxmin.empty for a block with no active lane) without an index.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_REDUCEDATABLOCK_H
#define ASCREG_SEMANTICS_REDUCEDATABLOCK_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {

/// The Reg API's DataBlock: 32 bytes.
inline constexpr unsigned kDataBlockBytes = 32;

/// The vendor's table (docs/semantics.md 2.26: REGDOC ReduceDataBlock.md, the
/// C API asc_reduce_{sum,max,min}_datablock): sum (f16, f16) (f32, f32)
/// (i32, i16) (u32, u16) (i32, i32) (u32, u32); max / min the same type, one
/// of i16 u16 f16 i32 u32 f32. One register each.
constexpr bool isLegalReduceDataBlock(ReduceKind k, RegType dst, RegType src) {
  using K = ElemKind;
  if (dst.numRegs != 1 || src.numRegs != 1)
    return false;
  const K d = dst.elem, s = src.elem;
  if (k == ReduceKind::Sum)
    return (d == s && (s == K::F16 || s == K::F32 || s == K::I32 || s == K::U32)) ||
           (d == K::I32 && s == K::I16) || (d == K::U32 && s == K::U16);
  return d == s &&
         (s == K::I16 || s == K::U16 || s == K::F16 || s == K::I32 || s == K::U32 || s == K::F32);
}

#define ASCREG_REDUCE_DATA_BLOCK_OPS                                                               \
  void reduceDataBlock(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in, \
                       const Mask &m, Reg &out);

namespace ref {
ASCREG_REDUCE_DATA_BLOCK_OPS
} // namespace ref
namespace simd {
ASCREG_REDUCE_DATA_BLOCK_OPS
} // namespace simd
#undef ASCREG_REDUCE_DATA_BLOCK_OPS

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_REDUCEDATABLOCK_H
