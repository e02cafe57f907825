// A planted bug for `ascreg-run --check=init` (docs/debugging.md): the
// kernel stages each 64-float block of %src through a scratch buffer in UB,
// but the copy-in loop runs over `%blocks - 1` blocks, so the last block of
// the scratch buffer is read before anything wrote it. On the NPU that block
// holds whatever the previous kernel left in UB.
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %blocks: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %scratch = memref.alloc() : memref<256xf32>
    %filled = arith.subi %blocks, %c1 : index
    scf.for %b = %c0 to %filled step %c1 {
      %off = arith.muli %b, %c64 : index
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %v, %scratch[%off], %all : !ascreg.vreg<64xf32>, memref<256xf32>
    }
    scf.for %b = %c0 to %blocks step %c1 {
      %off = arith.muli %b, %c64 : index
      %v = ascreg.load_align %scratch[%off] : memref<256xf32> -> !ascreg.vreg<64xf32>
      %m = ascreg.reduce <max> %v, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %m, %dst[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
