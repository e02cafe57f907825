// A pairwise tree sum (the hand-written MLIR of pairwise_sum.asc): per block
// of 512 floats, eight registers added in a tree, then pair_reduce_sum
// 64 -> 32 -> 16 -> 8 lanes; the 8 partial sums of block b go to dst[8b].
//
//   ascreg-run examples/regapi/pairwise_sum.mlir --arg=dst.npy --arg=src.npy --arg=index:BLOCKS
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xf32>, %src: memref<?xf32>, %blocks: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c512 = arith.constant 512 : index
    %c64x1 = arith.constant 64 : index
    %c64x2 = arith.constant 128 : index
    %c64x3 = arith.constant 192 : index
    %c64x4 = arith.constant 256 : index
    %c64x5 = arith.constant 320 : index
    %c64x6 = arith.constant 384 : index
    %c64x7 = arith.constant 448 : index
    %n64 = arith.constant 64 : i32
    %n32 = arith.constant 32 : i32
    %n16 = arith.constant 16 : i32
    %n8 = arith.constant 8 : i32
    %m64, %r64 = ascreg.update_mask %n64 for !ascreg.vreg<64xf32>
    %m32, %r32 = ascreg.update_mask %n32 for !ascreg.vreg<64xf32>
    %m16, %r16 = ascreg.update_mask %n16 for !ascreg.vreg<64xf32>
    %m8, %r8 = ascreg.update_mask %n8 for !ascreg.vreg<64xf32>
    scf.for %b = %c0 to %blocks step %c1 {
      %base = arith.muli %b, %c512 : index
      %o1 = arith.addi %base, %c64x1 : index
      %o2 = arith.addi %base, %c64x2 : index
      %o3 = arith.addi %base, %c64x3 : index
      %o4 = arith.addi %base, %c64x4 : index
      %o5 = arith.addi %base, %c64x5 : index
      %o6 = arith.addi %base, %c64x6 : index
      %o7 = arith.addi %base, %c64x7 : index
      %v0 = ascreg.load_align %src[%base] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v1 = ascreg.load_align %src[%o1] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v2 = ascreg.load_align %src[%o2] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v3 = ascreg.load_align %src[%o3] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v4 = ascreg.load_align %src[%o4] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v5 = ascreg.load_align %src[%o5] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v6 = ascreg.load_align %src[%o6] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %v7 = ascreg.load_align %src[%o7] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %a01 = ascreg.add %v0, %v1, %m64 : !ascreg.vreg<64xf32>
      %a23 = ascreg.add %v2, %v3, %m64 : !ascreg.vreg<64xf32>
      %a45 = ascreg.add %v4, %v5, %m64 : !ascreg.vreg<64xf32>
      %a67 = ascreg.add %v6, %v7, %m64 : !ascreg.vreg<64xf32>
      %a03 = ascreg.add %a01, %a23, %m64 : !ascreg.vreg<64xf32>
      %a47 = ascreg.add %a45, %a67, %m64 : !ascreg.vreg<64xf32>
      %a07 = ascreg.add %a03, %a47, %m64 : !ascreg.vreg<64xf32>
      %p32 = ascreg.pair_reduce_sum %a07, %m64 : !ascreg.vreg<64xf32>
      %p16 = ascreg.pair_reduce_sum %p32, %m32 : !ascreg.vreg<64xf32>
      %p8 = ascreg.pair_reduce_sum %p16, %m16 : !ascreg.vreg<64xf32>
      %doff = arith.muli %b, %c8 : index
      ascreg.store_align %p8, %dst[%doff], %m8 : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
