// A vectorised bucketize (the pattern of the vendor library's bucketize
// kernels): for each of n floats x[i], the number of bounds below it, found
// by a binary search run in every lane at once over nb sorted bounds in UB.
// Each lane keeps a half-open interval [left, right) of candidate answers;
// a step, governed by the lanes whose interval is not empty yet
// (compare <ne>):
//   mid = left + ((right - left) >> 1)        sub, shift_rights, add
//   b   = bounds[mid]                         gather from UB
//   x > b ? left = mid + 1 : right = mid      compare <gt>, governed_mask_not,
//                                             adds, select
// Lanes past n start with an empty governing mask (the tail's update_mask),
// so they read no bound; the result is stored under the same mask. A NaN is
// above no bound: 0, as numpy's (bounds < x).sum() gives.
//
//   ascreg-run examples/binary_search.mlir --arg=out.npy --arg=x.npy --arg=bounds.npy \
//       --arg=i32:N --arg=i32:NB --arg=index:STEPS --print
//
// (%out: memref<?xi32>, %x: memref<?xf32>, %bounds: memref<?xf32>, %n: i32,
// %nb: i32, %steps: index): x and out hold n elements rounded up to a
// multiple of 64, bounds the nb sorted bounds (1 <= nb); %steps halvings
// (the bit length of nb) empty every interval. out[i] for i < n receives
// numpy.searchsorted(bounds, x[i], 'left'); out past n is untouched.
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
    %one16 = arith.constant 1 : i16
    %nidx = arith.index_castui %n : i32 to index
    %nregs = arith.ceildivui %nidx, %c64 : index
    %lo0 = ascreg.duplicate %zero : i32 -> !ascreg.vreg<64xu32>
    %hi0 = ascreg.duplicate %nb : i32 -> !ascreg.vreg<64xu32>
    %left = scf.for %r = %c0 to %nregs step %c1 iter_args(%cnt = %n) -> (i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %x[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %m, %rest = ascreg.update_mask %cnt for !ascreg.vreg<64xf32>
      %lo, %hi, %p = scf.for %s = %c0 to %steps step %c1 iter_args(%l = %lo0, %h = %hi0, %g = %m)
          -> (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, !ascreg.mask) {
        %open = ascreg.compare <ne> %l, %h, %g : !ascreg.vreg<64xu32>
        %width = ascreg.sub %h, %l, %open : !ascreg.vreg<64xu32>
        %half = ascreg.shift_rights %width, %one16, %open : !ascreg.vreg<64xu32>, i16
        %mid = ascreg.add %l, %half, %open : !ascreg.vreg<64xu32>
        %b = ascreg.gather %bounds[%mid], %open : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
        %above = ascreg.compare <gt> %v, %b, %open : !ascreg.vreg<64xf32>
        %below = ascreg.governed_mask_not %above, %open
        %next = ascreg.adds %mid, %one, %open : !ascreg.vreg<64xu32>, i32
        %nl = ascreg.select %above, %next, %l : !ascreg.vreg<64xu32>
        %nh = ascreg.select %below, %mid, %h : !ascreg.vreg<64xu32>
        scf.yield %nl, %nh, %open : !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, !ascreg.mask
      }
      %res = ascreg.bitcast %lo : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
      ascreg.store_align %res, %out[%off], %m : !ascreg.vreg<64xi32>, memref<?xi32>
      scf.yield %rest : i32
    }
    return
  }
}
