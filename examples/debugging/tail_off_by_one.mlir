// A planted bug for `ascreg-run --check=coverage` (docs/debugging.md): the
// tail count starts one short (`%n - 1`), so the last element of the output
// is never written; the kernel passes every test whose output buffer was
// pre-filled with the right answer.
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1 : i32
    %short = arith.subi %n, %one : i32
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%k = %short) -> (i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %k for !ascreg.vreg<64xf32>
      ascreg.store_align %v, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
