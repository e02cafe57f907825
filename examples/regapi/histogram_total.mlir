// The total of n u32 histogram counts (the hand-written MLIR of
// histogram_total.asc): per register, reduce <sum> of the counts under the
// mask of the elements left (u32 sums wrap), added into lane 0 of an
// accumulator; lane 0 goes to out[1] with store_first (4-byte alignment,
// one element written).
//
//   ascreg-run examples/regapi/histogram_total.mlir --arg=out.npy --arg=counts.npy --arg=i32:N
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%out: memref<8xi32>, %counts: memref<?xi32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xu32>
    %init = ascreg.duplicate %zero, %all : i32 -> !ascreg.vreg<64xu32>
    %nidx = arith.index_castui %n : i32 to index
    %nregs = arith.ceildivui %nidx, %c64 : index
    %acc, %left = scf.for %r = %c0 to %nregs step %c1 iter_args(%a = %init, %cnt = %n)
        -> (!ascreg.vreg<64xu32>, i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %counts[%off] : memref<?xi32> -> !ascreg.vreg<64xu32>
      %m, %rest = ascreg.update_mask %cnt for !ascreg.vreg<64xu32>
      %s = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
      %next = ascreg.add %a, %s, %m : !ascreg.vreg<64xu32>
      scf.yield %next, %rest : !ascreg.vreg<64xu32>, i32
    }
    ascreg.store_first %acc, %out[%c1], %all : !ascreg.vreg<64xu32>, memref<8xi32>
    return
  }
}
