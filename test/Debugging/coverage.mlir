// --check=coverage: output elements the kernel never wrote, as element ranges.
// A kernel whose tail mask counts one element short leaves the last element
// of the output unwritten; the correct count writes them all.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[1.0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 100"
// RUN: not ascreg-run %t/tail.mlir --entry=off_by_one --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2 --out=1:%t/out.npy --check=coverage 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: tail.mlir:2:3: error: [coverage] 'func.func' op output parameter 1: 1 of 100 elements never written by the kernel: [99, 100)
// RUN: ascreg-run %t/tail.mlir --entry=correct --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2 --out=1:%t/out.npy --check=coverage
// Only --out buffers are outputs: without it nothing is reported.
// RUN: ascreg-run %t/tail.mlir --entry=off_by_one --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2 --check=coverage
// A kernel that runs no iteration writes nothing: one range, the whole buffer.
// RUN: not ascreg-run %t/tail.mlir --entry=correct --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:0 --out=1:%t/out.npy --check=coverage 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: [coverage] 'func.func' op output parameter 1: 100 of 100 elements never written by the kernel: [0, 100)

//--- tail.mlir
module {
  func.func @off_by_one(%src: memref<?xf32>, %dst: memref<?xf32>, %n: i32, %repeat: index) {
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
  func.func @correct(%src: memref<?xf32>, %dst: memref<?xf32>, %n: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%k = %n) -> (i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %k for !ascreg.vreg<64xf32>
      ascreg.store_align %v, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
