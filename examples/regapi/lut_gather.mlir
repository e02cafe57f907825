// A lookup table within a register (the hand-written MLIR of lut_gather.asc):
// a 128-entry bf16 table loaded once, each register of u16 codes looked up
// with gather_reg (codes modulo 128), stored under the remaining count's mask.
//
//   ascreg-run examples/regapi/lut_gather.mlir --arg=dst.npy --arg=table.npy --arg=codes.npy --arg=i32:COUNT
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xbf16>, %table: memref<128xbf16>, %codes: memref<?xi16>,
                    %count: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %lut = ascreg.load_align %table[%c0] : memref<128xbf16> -> !ascreg.vreg<128xbf16>
    %n = arith.index_castui %count : i32 to index
    %repeats = arith.ceildivui %n, %c128 : index
    %left = scf.for %i = %c0 to %repeats step %c1 iter_args(%rem = %count) -> (i32) {
      %mask, %rest = ascreg.update_mask %rem for !ascreg.vreg<128xbf16>
      %off = arith.muli %i, %c128 : index
      %code = ascreg.load_align %codes[%off] : memref<?xi16> -> !ascreg.vreg<128xu16>
      %values = ascreg.gather_reg %lut[%code] : !ascreg.vreg<128xbf16>, !ascreg.vreg<128xu16>
      ascreg.store_align %values, %dst[%off], %mask : !ascreg.vreg<128xbf16>, memref<?xbf16>
      scf.yield %rest : i32
    }
    return
  }
}
