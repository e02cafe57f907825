// Per-lane bit fields (the hand-written MLIR of bit_field.asc): each i32
// lane shifted right by its own amount (arithmetic), then left by the i16
// scalar, stored under the remaining count's mask.
//
//   ascreg-run examples/regapi/bit_field.mlir --arg=dst.npy --arg=src.npy --arg=amounts.npy --arg=i16:SCALE --arg=i32:COUNT
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xi32>, %src: memref<?xi32>, %amounts: memref<?xi32>,
                    %scale: i16, %count: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %n = arith.index_castui %count : i32 to index
    %repeats = arith.ceildivui %n, %c64 : index
    %left = scf.for %i = %c0 to %repeats step %c1 iter_args(%rem = %count) -> (i32) {
      %mask, %rest = ascreg.update_mask %rem for !ascreg.vreg<64xi32>
      %off = arith.muli %i, %c64 : index
      %x = ascreg.load_align %src[%off] : memref<?xi32> -> !ascreg.vreg<64xi32>
      %k = ascreg.load_align %amounts[%off] : memref<?xi32> -> !ascreg.vreg<64xi32>
      %r = ascreg.shift_right %x, %k, %mask : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
      %field = ascreg.shift_lefts %r, %scale, %mask : !ascreg.vreg<64xi32>, i16
      ascreg.store_align %field, %dst[%off], %mask : !ascreg.vreg<64xi32>, memref<?xi32>
      scf.yield %rest : i32
    }
    return
  }
}
