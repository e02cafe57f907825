// Seed 001 (asc_pair_reduce_sum): the vector function `compute` of the
// example kernel. 64 floats; the mask comes from asc_update_mask_b32(64).
// With src[i] = i * 0.25 the result holds src[2i] + src[2i+1] in the lower
// 32 lanes and zeros above.
//
//   __simd_vf__ inline void compute(__ubuf__ float* dst, __ubuf__ float* src) {
//     vector_float dst_reg; vector_float src_reg;
//     uint32_t count = ELEMENT_COUNT;
//     vector_bool mask = asc_update_mask_b32(count);
//     asc_loadalign(src_reg, src);
//     asc_pair_reduce_sum(dst_reg, src_reg, mask);
//     asc_storealign(dst, dst_reg, mask);
//   }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<64xf32>, %src: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %count = arith.constant 64 : i32
    %mask, %rest = ascreg.update_mask %count for !ascreg.vreg<64xf32>
    %src_reg = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %dst_reg = ascreg.pair_reduce_sum %src_reg, %mask : !ascreg.vreg<64xf32>
    ascreg.store_align %dst_reg, %dst[%c0], %mask : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
