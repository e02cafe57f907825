// The kernel language's memref views and UB scratch (docs/semantics.md,
// "Buffers, views and scratch"): memref.cast both ways, memref.subview with
// static and dynamic offsets and sizes, memref.reinterpret_cast, memref.dim,
// memref.alloc / alloca / dealloc. Every path runs it with the same result
// (unittests/Emission/ViewsTest.cpp: interpreter, JIT, dav-3510 lowering,
// emitted Ascend C on the host, against a scalar C++ model):
//   dst[0]          = the wrapping sum of src[off + i], i < min(len, 64)
//   dst[1]          = len (memref.dim of the window)
//   dst[64 + i]     = src[off + i], i < 64
// with `off` a multiple of 8 (a 32-byte aligned window) and len <= 64.
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<256xi32>, %dst: memref<?xi32>, %off: index, %len: index) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %stage = memref.alloc() : memref<128xi32>
    %sum = memref.alloca() : memref<64xi32>
    %s = memref.cast %src : memref<256xi32> to memref<?xi32>
    %win = memref.subview %s[%off] [%len] [1]
        : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %n = memref.dim %win, %c0 : memref<?xi32, strided<[1], offset: ?>>
    // Stage the window's first register in the upper half of %stage.
    %hi = memref.subview %stage[64] [64] [1]
        : memref<128xi32> to memref<64xi32, strided<[1], offset: 64>>
    %v = ascreg.load_align %win[%c0]
        : memref<?xi32, strided<[1], offset: ?>> -> !ascreg.vreg<64xi32>
    ascreg.store_align %v, %hi[%c0], %all
        : !ascreg.vreg<64xi32>, memref<64xi32, strided<[1], offset: 64>>
    // The same bytes again, addressed from the allocation's start.
    %again = memref.reinterpret_cast %hi to offset: [64], sizes: [64], strides: [1]
        : memref<64xi32, strided<[1], offset: 64>> to memref<64xi32, strided<[1], offset: 64>>
    %w = ascreg.load_align %again[%c0]
        : memref<64xi32, strided<[1], offset: 64>> -> !ascreg.vreg<64xi32>
    %count = arith.index_cast %n : index to i32
    %m, %rest = ascreg.update_mask %count for !ascreg.vreg<64xi32>
    %r = ascreg.reduce <sum> %w, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %r, %sum[%c0], %all : !ascreg.vreg<64xi32>, memref<64xi32>
    %d = memref.cast %dst : memref<?xi32> to memref<128xi32>
    %total = memref.load %sum[%c0] : memref<64xi32>
    memref.store %total, %d[%c0] : memref<128xi32>
    %ni = arith.index_cast %n : index to i32
    %c1 = arith.constant 1 : index
    memref.store %ni, %d[%c1] : memref<128xi32>
    %out = memref.subview %d[64] [64] [1]
        : memref<128xi32> to memref<64xi32, strided<[1], offset: 64>>
    ascreg.store_align %w, %out[%c0], %all
        : !ascreg.vreg<64xi32>, memref<64xi32, strided<[1], offset: 64>>
    memref.dealloc %stage : memref<128xi32>
    return
  }
}
