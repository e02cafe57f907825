// The debugging checks through memref views (docs/debugging.md): the shadow
// state is per UB byte, so a subview of a scratch buffer reads the bytes it
// covers; a read of bytes nothing wrote is found at the op that uses them,
// with the load through the view as their origin; an access past the end of
// a view is outside its buffer.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[1.0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"

// The kernel fills the lower half of %scratch but reads a window that
// starts in its upper half.
// RUN: not ascreg-run %t/uninit.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:64 --check=init 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: uninit.mlir:10:3: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-63)
// INIT: uninit.mlir:9:8: note: the data comes from 'ascreg.load_align' here
// With the window on the written half nothing uninitialised is used.
// RUN: ascreg-run %t/uninit.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:0 --check=init 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: error
// Half a register inside the window: lanes 32-63 are uninitialised.
// RUN: not ascreg-run %t/uninit.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:32 --check=init 2>&1 | FileCheck %s --check-prefix=HALF
// HALF: uninit.mlir:10:3: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 32-63)

// A window of 32 elements read as a 64-lane register: lanes 32-63 come from
// outside the view (inside its source buffer), and storing them is found.
// RUN: not ascreg-run %t/bounds.mlir --arg=%t/src.npy --arg=%t/dst.npy --check=bounds 2>&1 | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: bounds.mlir:7:3: error: [bounds] 'ascreg.store_align' op stores data read outside its buffer (lanes 32-63)
// BOUNDS: bounds.mlir:6:8: note: the data comes from 'ascreg.load_align' here

//--- uninit.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %at: index) {
  %c0 = arith.constant 0 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %scratch = memref.alloc() : memref<128xf32>
  %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %scratch[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
  %win = memref.subview %scratch[%at] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1], offset: ?>>
  %c = arith.constant 0 : index
  %w = ascreg.load_align %win[%c] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  ascreg.store_align %w, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
//--- bounds.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %win = memref.subview %src[0] [32] [1] : memref<?xf32> to memref<32xf32, strided<[1]>>
  %c = arith.constant 0 : index
  %w = ascreg.load_align %win[%c] : memref<32xf32, strided<[1]>> -> !ascreg.vreg<64xf32>
  ascreg.store_align %w, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
