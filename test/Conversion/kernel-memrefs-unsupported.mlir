// What the kernel language leaves out of its memref ops (docs/semantics.md,
// "Buffers, views and scratch") is the same located error on every path:
// the interpreter, the JIT (ascreg-expose-ub, then the vector lowering), the
// dav-3510 lowering and the Ascend C emission (verifyKernelMemRefs).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/b.npy f4 "[0] * 256"

// RUN: not ascreg-run %t/stride.mlir --arg=%t/b.npy 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not ascreg-run %t/stride.mlir --arg=%t/b.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not ascreg-opt %t/stride.mlir --convert-ascreg-to-vector 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not ascreg-opt %t/stride.mlir --convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not ascreg-translate --ascreg-to-ascendc %t/stride.mlir 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: stride.mlir:3:8: error: 'memref.subview' op unsupported in an ascreg kernel: a stride other than 1

// RUN: not ascreg-run %t/rank2.mlir --arg=%t/b.npy 2>&1 | FileCheck %s --check-prefix=RANK2
// RUN: not ascreg-run %t/rank2.mlir --arg=%t/b.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=RANK2
// RUN: not ascreg-opt %t/rank2.mlir --convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=RANK2
// RUN: not ascreg-translate --ascreg-to-ascendc %t/rank2.mlir 2>&1 | FileCheck %s --check-prefix=RANK2
// RANK2: rank2.mlir:3:8: error: 'memref.reinterpret_cast' op unsupported in an ascreg kernel: a view of rank other than 1

// RUN: not ascreg-run %t/loop-alloc.mlir --arg=%t/b.npy 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not ascreg-run %t/loop-alloc.mlir --arg=%t/b.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not ascreg-opt %t/loop-alloc.mlir --convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not ascreg-translate --ascreg-to-ascendc %t/loop-alloc.mlir 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: loop-alloc.mlir:6:10: error: 'memref.alloca' op unsupported in an ascreg kernel: a scratch buffer allocated inside 'scf.for' (allocate it once, at the top level of the kernel)

// RUN: not ascreg-run %t/escape.mlir --arg=%t/b.npy 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not ascreg-run %t/escape.mlir --arg=%t/b.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not ascreg-opt %t/escape.mlir --convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not ascreg-translate --ascreg-to-ascendc %t/escape.mlir 2>&1 | FileCheck %s --check-prefix=ESCAPE
// ESCAPE: escape.mlir:6:10: error: 'memref.subview' op unsupported in an ascreg kernel: the buffer is passed to 'scf.yield'

// RUN: not ascreg-run %t/copy.mlir --arg=%t/b.npy 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not ascreg-run %t/copy.mlir --arg=%t/b.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not ascreg-opt %t/copy.mlir --convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not ascreg-translate --ascreg-to-ascendc %t/copy.mlir 2>&1 | FileCheck %s --check-prefix=COPY
// COPY: copy.mlir:5:3: error: 'memref.copy' op unsupported in an ascreg kernel: the kernel language's memref ops are load, store, dim, cast, subview, reinterpret_cast, alloc, alloca and dealloc

//--- stride.mlir
func.func @kernel(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.subview %b[0] [64] [2] : memref<?xf32> to memref<64xf32, strided<[2]>>
  %r = ascreg.load_align %b[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  return
}
//--- rank2.mlir
func.func @kernel(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.reinterpret_cast %b to offset: [0], sizes: [4, 64], strides: [64, 1] : memref<?xf32> to memref<4x64xf32>
  %r = ascreg.load_align %b[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  return
}
//--- loop-alloc.mlir
func.func @kernel(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %i = %c0 to %c1 step %c1 {
    %t = memref.alloca() : memref<64xf32>
    %r = ascreg.load_align %b[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %r, %t[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
  }
  return
}
//--- escape.mlir
func.func @kernel(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %true = arith.constant true
  %w = scf.if %true -> memref<64xf32, strided<[1], offset: ?>> {
    %v = memref.subview %b[%c64] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
    scf.yield %v : memref<64xf32, strided<[1], offset: ?>>
  } else {
    %v = memref.subview %b[%c0] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
    scf.yield %v : memref<64xf32, strided<[1], offset: ?>>
  }
  %r = ascreg.load_align %w[%c0] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  return
}
//--- copy.mlir
func.func @kernel(%b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<256xf32>
  %r = ascreg.load_align %b[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  memref.copy %b, %t : memref<?xf32> to memref<256xf32>
  return
}
