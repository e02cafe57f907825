// --check=init through the shifts: an uninitialized amount lane taints its
// result lane only (shift_right), an uninitialized scalar every active lane
// (shift_lefts); inactive lanes stay clean zeros.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy i4 "[1] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy i4 "[0] * 64"
// RUN: not ascreg-run %t/reg.mlir --arg=%t/src.npy --arg=%t/dst.npy:uninit --check=init 2>&1 | FileCheck %s --check-prefix=REG
// REG: reg.mlir:9:5: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-15)
// REG-NOT: error
// RUN: not ascreg-run %t/scalar.mlir --arg=%t/src.npy --arg=%t/dst.npy:uninit --check=init 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: scalar.mlir:10:5: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-7)
// SCALAR: scalar.mlir:5:12: note: the data comes from 'memref.load' here
// SCALAR-NOT: error
// With defined amounts nothing is reported.
// RUN: ascreg-run %t/reg.mlir --arg=%t/src.npy --arg=%t/dst.npy --check=init
// RUN: ascreg-run %t/scalar.mlir --arg=%t/src.npy --arg=%t/dst.npy --check=init

//--- reg.mlir
module {
  func.func @kernel(%src: memref<?xi32>, %dst: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %v = ascreg.load_align %src[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %n = ascreg.load_align %dst[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %vl16 = ascreg.create_mask <VL16> for !ascreg.vreg<64xi32>
    %r = ascreg.shift_right %v, %n, %vl16 : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<64xi32>, memref<?xi32>
    return
  }
}
//--- scalar.mlir
module {
  func.func @kernel(%src: memref<?xi32>, %dst: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c9 = arith.constant 9 : index
    %s32 = memref.load %dst[%c9] : memref<?xi32>
    %s = arith.trunci %s32 : i32 to i16
    %vl8 = ascreg.create_mask <VL8> for !ascreg.vreg<64xi32>
    %v = ascreg.load_align %src[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %r = ascreg.shift_lefts %v, %s, %vl8 : !ascreg.vreg<64xi32>, i16
    ascreg.store_align %r, %dst[%c0], %vl8 : !ascreg.vreg<64xi32>, memref<?xi32>
    return
  }
}
