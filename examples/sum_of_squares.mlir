// Sum of squares of n floats with a masked tail (the pattern of the vendor
// library's square-sum kernels): each register is squared under the mask
// of the elements left (ascreg.mul zeroes the lanes past n, whatever the
// padding holds), the squares are accumulated lane by lane in f32 under the
// full mask (a masked add would zero the accumulator's inactive lanes), the
// 64 lanes are summed by reduce <sum> and lane 0 of the result is written
// with ascreg.store_first (one element, element alignment; the rest of %out
// is left as it was).
//
//   ascreg-run examples/sum_of_squares.mlir --arg=out.npy --arg=x.npy --arg=i32:N --print
//
// (%out: memref<8xf32>, %x: memref<?xf32>, %n: i32): x holds n floats rounded
// up to a multiple of 64; out[0] receives the sum, out[1..7] are untouched.
// In numpy terms (every f32 operation rounded to nearest even):
//   acc = sum over the registers r of (x_r * x_r, 0 past n)    (lane by lane)
//   out[0] = adjacent-pair tree of acc's 64 lanes (reduce <sum>)
// test/Examples/reduce-gather-examples.mlir checks it against numpy on every
// path.
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%out: memref<8xf32>, %x: memref<?xf32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %init = ascreg.duplicate %zero : f32 -> !ascreg.vreg<64xf32>
    %nidx = arith.index_castui %n : i32 to index
    %nregs = arith.ceildivui %nidx, %c64 : index
    %acc, %left = scf.for %r = %c0 to %nregs step %c1 iter_args(%a = %init, %cnt = %n)
        -> (!ascreg.vreg<64xf32>, i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %x[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %m, %rest = ascreg.update_mask %cnt for !ascreg.vreg<64xf32>
      %sq = ascreg.mul %v, %v, %m : !ascreg.vreg<64xf32>
      %next = ascreg.add %a, %sq, %all : !ascreg.vreg<64xf32>
      scf.yield %next, %rest : !ascreg.vreg<64xf32>, i32
    }
    %total = ascreg.reduce <sum> %acc, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_first %total, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<8xf32>
    return
  }
}
