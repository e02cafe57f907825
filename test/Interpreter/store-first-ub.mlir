// The first-element store needs only the element's alignment and only its
// own bytes inside UB, on every path (docs/semantics.md 2.23).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i + 1) for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0.5] * 8"

// Element 3 of dst is byte 12 of a 32-byte aligned buffer: lane 0 lands
// there; the mask (no lane active) is ignored; nothing else changes.
// RUN: ascreg-run %t/first.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:3 --print | FileCheck %s --check-prefix=ELEM
// RUN: ascreg-run %t/first.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:3 --print --mode=jit | FileCheck %s --check-prefix=ELEM
// RUN: ascreg-run %t/first.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:3 --print --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s --check-prefix=ELEM
// ELEM: arg1: memref<?xf32> (8 elements) = [0.5, 0.5, 0.5, 1, 0.5, 0.5, 0.5, 0.5]

// The last 4 bytes of a 253952-byte UB (dst starts at byte 512): a store.
// RUN: ascreg-run %t/first.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:63359 --mode=check | FileCheck %s --check-prefix=LAST
// LAST: identical

// One element further is outside UB: a located error on both paths.
// RUN: not ascreg-run %t/first.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:63360 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: not ascreg-run %t/first.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:63360 --mode=jit 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: first.mlir:5:3: error: 'ascreg.store_first' op UB access outside the Unified Buffer: UB bytes [253952, 253956)

//--- first.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  %none = ascreg.create_mask <ALLF> for !ascreg.vreg<64xf32>
  ascreg.store_first %v, %dst[%i], %none : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
