// A view's alignment is checked at its real UB byte address on every path: a
// subview 4 f32 elements into a buffer is 16 bytes past a 32-byte boundary
// (docs/semantics.md §1.3.1); 8 elements in, the load is aligned.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f4 "[i * 1.0 for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f4 "[0] * 64"
// RUN: not ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --arg=index:4 2>&1 | FileCheck %s --check-prefix=MIS
// RUN: not ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --arg=index:4 --mode=jit 2>&1 | FileCheck %s --check-prefix=MIS
// RUN: not ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --arg=index:4 --pass-pipeline=convert-ascreg-to-dav 2>&1 | FileCheck %s --check-prefix=MIS
// MIS: memref-views-align.mlir:[[@LINE+10]]:8: error: '{{ascreg.load_align|dav.vlds}}' op misaligned UB address 0x10 (element offset 0 x 4 bytes from the buffer at 0x10)
// RUN: ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --mode=check --print | FileCheck %s --check-prefix=OK
// OK: identical
// OK: arg1: memref<?xf32> (64 elements) = [8, 9, 10,
// OK-SAME: 70, 71]

func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %o: index) {
  %c0 = arith.constant 0 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %w = memref.subview %src[%o] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
  %v = ascreg.load_align %w[%c0] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
