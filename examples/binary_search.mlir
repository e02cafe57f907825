// A vectorised bucketize (the pattern of the vendor library's bucketize
// kernels): for each of n floats x[i], the number of bounds below it, found
// by a binary search run in every lane at once over nb sorted bounds in UB.
// The search lifts each lane's answer pos by a step that halves every round
// (a scalar: 2^(steps-1), ..., 2, 1), keeping a candidate when the bound
// just below it is still below x:
//   cand = pos + step                        adds (under the tail's mask)
//   ok   = cand <= nb                        compares <le>
//   b    = bounds[cand - 1]                  sub, gather from UB (under ok)
//   x > b ? pos = cand                       compare <gt>, select
// Lanes past n and candidates past nb read no bound. A NaN is above no
// bound: 0, as numpy's (bounds < x).sum() gives.
//
//   ascreg-run examples/binary_search.mlir --arg=out.npy --arg=x.npy --arg=bounds.npy \
//       --arg=i32:N --arg=i32:NB --arg=index:STEPS --print
//
// (%out: memref<?xi32>, %x: memref<?xf32>, %bounds: memref<?xf32>, %n: i32,
// %nb: i32, %steps: index): x and out hold n elements rounded up to a
// multiple of 64, bounds the nb sorted bounds (1 <= nb); %steps is the bit
// length of nb (the first step, 2^(steps-1), is the largest power of two
// <= nb). out[i] for i < n receives numpy.searchsorted(bounds, x[i],
// 'left'); out past n is untouched.
// test/Examples/reduce-gather-examples.mlir checks it against numpy on every
// path.
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%out: memref<?xi32>, %x: memref<?xf32>, %bounds: memref<?xf32>, %n: i32,
                    %nb: i32, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %nidx = arith.index_castui %n : i32 to index
    %nregs = arith.ceildivui %nidx, %c64 : index
    %steps32 = arith.index_castui %steps : index to i32
    %log = arith.subi %steps32, %one : i32
    %top = arith.shli %one, %log : i32
    %pos0 = ascreg.duplicate %zero : i32 -> !ascreg.vreg<64xu32>
    %ones = ascreg.duplicate %one : i32 -> !ascreg.vreg<64xu32>
    %left = scf.for %r = %c0 to %nregs step %c1 iter_args(%cnt = %n) -> (i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %x[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %m, %rest = ascreg.update_mask %cnt for !ascreg.vreg<64xf32>
      %pos, %last = scf.for %s = %c0 to %steps step %c1 iter_args(%p = %pos0, %st = %top)
          -> (!ascreg.vreg<64xu32>, i32) {
        %cand = ascreg.adds %p, %st, %m : !ascreg.vreg<64xu32>, i32
        %ok = ascreg.compares <le> %cand, %nb, %m : !ascreg.vreg<64xu32>, i32
        %probe = ascreg.sub %cand, %ones, %ok : !ascreg.vreg<64xu32>
        %b = ascreg.gather %bounds[%probe], %ok : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
        %above = ascreg.compare <gt> %v, %b, %ok : !ascreg.vreg<64xf32>
        %np = ascreg.select %above, %cand, %p : !ascreg.vreg<64xu32>
        %half = arith.shrui %st, %one : i32
        scf.yield %np, %half : !ascreg.vreg<64xu32>, i32
      }
      %res = ascreg.bitcast %pos : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
      ascreg.store_align %res, %out[%off], %m : !ascreg.vreg<64xi32>, memref<?xi32>
      scf.yield %rest : i32
    }
    return
  }
}
