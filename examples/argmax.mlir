// Masked argmax over a UB buffer of n floats: the value and the FIRST index of
// the maximum (NaNs are skipped, like numpy.nanargmax). The pattern of the
// vendor library's ReduceIndexTemplate: per-lane running maximum with
// compare + select, lane indices from arange, then reduce <max> for the value
// and reduce <min> over the indices of the lanes holding it.
//
//   ascreg-run examples/argmax.mlir --arg=x.npy --arg=val.npy --arg=idx.npy --arg=i32:N --print
//
// x: n floats (rounded up to a multiple of 64 elements); val: 64 f32, idx: 64 i32
// (one register each; element 0 receives the result).
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%x: memref<?xf32>, %val: memref<64xf32>, %idx: memref<64xi32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %vl = arith.constant 64 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %first = ascreg.create_mask <VL1> for !ascreg.vreg<64xf32>
    %best0 = ascreg.duplicate %ninf : f32 -> !ascreg.vreg<64xf32>
    %bidx0 = ascreg.duplicate %zero : i32 -> !ascreg.vreg<64xu32>
    %lane0 = ascreg.arange %zero : i32 -> !ascreg.vreg<64xu32>
    %step = ascreg.duplicate %vl : i32 -> !ascreg.vreg<64xu32>
    %nidx = arith.index_castui %n : i32 to index
    %nregs = arith.ceildivui %nidx, %c64 : index
    %best, %bidx, %lane, %left = scf.for %r = %c0 to %nregs step %c1
        iter_args(%b = %best0, %bi = %bidx0, %l = %lane0, %cnt = %n)
        -> (!ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %x[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %m, %rest = ascreg.update_mask %cnt for !ascreg.vreg<64xf32>
      // Strictly greater: an earlier register keeps its index on ties.
      %gt = ascreg.compare <gt> %v, %b, %m : !ascreg.vreg<64xf32>
      %nb = ascreg.select %gt, %v, %b : !ascreg.vreg<64xf32>
      %nbi = ascreg.select %gt, %l, %bi : !ascreg.vreg<64xu32>
      %nl = ascreg.add %l, %step, %all : !ascreg.vreg<64xu32>
      scf.yield %nb, %nbi, %nl, %rest : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, i32
    }
    // The maximum over the lanes, broadcast back to every lane.
    %mx = ascreg.reduce <max> %best, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %mx, %val[%c0], %first : !ascreg.vreg<64xf32>, memref<64xf32>
    %mxs = memref.load %val[%c0] : memref<64xf32>
    %mxv = ascreg.duplicate %mxs : f32 -> !ascreg.vreg<64xf32>
    // The smallest global index among the lanes that hold the maximum.
    %eq = ascreg.compare <eq> %best, %mxv, %all : !ascreg.vreg<64xf32>
    %imin = ascreg.reduce <min> %bidx, %eq : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
    %imins = ascreg.bitcast %imin : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %imins, %idx[%c0], %first : !ascreg.vreg<64xi32>, memref<64xi32>
    return
  }
}
