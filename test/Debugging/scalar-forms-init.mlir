// --check=init through the scalar forms: the scalar's taint reaches every
// active lane of adds (the store reports them) and every active lane's bit
// of compares (the select that uses the mask reports it); inactive lanes
// stay clean zeros.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[1.0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: not ascreg-run %t/adds.mlir --arg=%t/src.npy --arg=%t/dst.npy:uninit --check=init 2>&1 | FileCheck %s --check-prefix=ADDS
// ADDS: adds.mlir:9:5: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-7)
// ADDS: adds.mlir:5:10: note: the data comes from 'memref.load' here
// ADDS-NOT: error
// RUN: not ascreg-run %t/compares.mlir --arg=%t/src.npy --arg=%t/dst.npy:uninit --check=init 2>&1 | FileCheck %s --check-prefix=CMPS
// CMPS: compares.mlir:9:10: error: [init] 'ascreg.select' op uses a mask computed from uninitialized data (lanes 0-3)
// With a defined scalar nothing is reported.
// RUN: ascreg-run %t/adds.mlir --arg=%t/src.npy --arg=%t/dst.npy --check=init
// RUN: ascreg-run %t/compares.mlir --arg=%t/src.npy --arg=%t/dst.npy --check=init

//--- adds.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c9 = arith.constant 9 : index
    %s = memref.load %dst[%c9] : memref<?xf32>
    %vl8 = ascreg.create_mask <VL8> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r = ascreg.adds %v, %s, %vl8 : !ascreg.vreg<64xf32>, f32
    ascreg.store_align %r, %dst[%c0], %vl8 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
//--- compares.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c9 = arith.constant 9 : index
    %s = memref.load %dst[%c9] : memref<?xf32>
    %vl4 = ascreg.create_mask <VL4> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %c = ascreg.compares <gt> %v, %s, %vl4 : !ascreg.vreg<64xf32>, f32
    %r = ascreg.select %c, %v, %v : !ascreg.vreg<64xf32>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
