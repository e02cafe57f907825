// A memref.subview lies inside its source and a memref.cast to a static size
// has that size, on every path (docs/semantics.md, "Buffers, views and
// scratch"). What the IR states is a located error before anything runs
// (verifyKernelMemRefs); what only the run knows is a located run error on
// the interpreter (also on the dav-3510 path) and the JIT (ascreg-expose-ub's
// runtime checks), with the same text.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/a128.npy f4 "[i * 1.0 for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/d.npy f4 "[0] * 64"

// A static size past a static source, at a dynamic offset (memref.subview's
// own verifier checks static offsets and all-static views only).
// RUN: not ascreg-run %t/static-size.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=SSIZE
// RUN: not ascreg-run %t/static-size.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:0 --mode=jit 2>&1 | FileCheck %s --check-prefix=SSIZE
// RUN: not ascreg-opt %t/static-size.mlir --convert-ascreg-to-vector 2>&1 | FileCheck %s --check-prefix=SSIZE
// RUN: not ascreg-opt %t/static-size.mlir --convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=SSIZE
// RUN: not ascreg-translate --ascreg-to-ascendc %t/static-size.mlir 2>&1 | FileCheck %s --check-prefix=SSIZE
// SSIZE: static-size.mlir:3:8: error: 'memref.subview' op unsupported in an ascreg kernel: a view at offset ? of 192 elements, outside its source of 128 elements

// A dynamic offset: 64 elements from 64 fit, from 72 they do not, nor from -8.
// RUN: ascreg-run %t/dynamic.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:64 --mode=check | FileCheck %s --check-prefix=FITS
// FITS: identical
// RUN: not ascreg-run %t/dynamic.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:72 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not ascreg-run %t/dynamic.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:72 --mode=jit 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not ascreg-run %t/dynamic.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:72 --pass-pipeline=convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: dynamic.mlir:4:8: error: 'memref.subview' op view of elements [72, 136) is outside its source buffer of 128 elements
// RUN: not ascreg-run %t/dynamic.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:-8 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not ascreg-run %t/dynamic.mlir --arg=%t/a128.npy --arg=%t/d.npy --arg=index:-8 --mode=jit 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: dynamic.mlir:4:8: error: 'memref.subview' op view of elements [-8, 56) is outside its source buffer of 128 elements

// A cast of the 128-element argument to 64 elements.
// RUN: not ascreg-run %t/cast.mlir --arg=%t/a128.npy --arg=%t/d.npy 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: not ascreg-run %t/cast.mlir --arg=%t/a128.npy --arg=%t/d.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: not ascreg-run %t/cast.mlir --arg=%t/a128.npy --arg=%t/d.npy --pass-pipeline=convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=CAST
// CAST: cast.mlir:3:8: error: 'memref.cast' op casts a buffer of 128 elements to a static size of 64 elements
// RUN: ascreg-run %t/cast.mlir --arg=%t/d.npy --arg=%t/d.npy --mode=check | FileCheck %s --check-prefix=FITS

//--- static-size.mlir
func.func @kernel(%src: memref<128xf32>, %dst: memref<?xf32>, %o: index) {
  %c0 = arith.constant 0 : index
  %w = memref.subview %src[%o] [192] [1] : memref<128xf32> to memref<192xf32, strided<[1], offset: ?>>
  %v = ascreg.load_align %w[%c0] : memref<192xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
//--- dynamic.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %o: index) {
  %c0 = arith.constant 0 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %w = memref.subview %src[%o] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
  %v = ascreg.load_align %w[%c0] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
//--- cast.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %w = memref.cast %src : memref<?xf32> to memref<64xf32>
  %v = ascreg.load_align %w[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
