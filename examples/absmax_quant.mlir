// The scale of a symmetric int8 quantisation of n floats: amax / 127, where
// amax is the largest absolute value (the pattern of the vendor library's
// dynamic-quant kernels). Per register: abs under the mask of the elements
// left (zero past n, whatever the padding holds), a running lane-wise max
// under the full mask; then reduce <max> puts amax in lane 0 (lane 1 holds
// its index), duplicate_lane broadcasts lane 0 to every lane, and muls by
// the f32 nearest 1/127 (0x3C010204) gives the scale in every lane, ready
// for a vector multiply.
//
//   ascreg-run examples/absmax_quant.mlir --arg=scale.npy --arg=x.npy --arg=i32:N --print
//
// (%scale: memref<64xf32>, %x: memref<?xf32>, %n: i32): x holds n floats
// rounded up to a multiple of 64; every lane of scale receives
// f32(amax * f32(1/127)) (amax = 0 for n = 0).
// test/Examples/reduce-gather-examples.mlir checks it against numpy on every
// path.
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%scale: memref<64xf32>, %x: memref<?xf32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %inv127 = arith.constant 0x3C010204 : f32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %init = ascreg.duplicate %zero : f32 -> !ascreg.vreg<64xf32>
    %nidx = arith.index_castui %n : i32 to index
    %nregs = arith.ceildivui %nidx, %c64 : index
    %vmax, %left = scf.for %r = %c0 to %nregs step %c1 iter_args(%mx = %init, %cnt = %n)
        -> (!ascreg.vreg<64xf32>, i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %x[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %m, %rest = ascreg.update_mask %cnt for !ascreg.vreg<64xf32>
      %a = ascreg.abs %v, %m : !ascreg.vreg<64xf32>
      %next = ascreg.max %a, %mx, %all : !ascreg.vreg<64xf32>
      scf.yield %next, %rest : !ascreg.vreg<64xf32>, i32
    }
    %amax = ascreg.reduce <max> %vmax, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %b = ascreg.duplicate_lane %amax, %all : !ascreg.vreg<64xf32>
    %s = ascreg.muls %b, %inv127, %all : !ascreg.vreg<64xf32>, f32
    ascreg.store_align %s, %scale[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
