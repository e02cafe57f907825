// The kernel language's memref views and UB scratch (docs/semantics.md,
// "Buffers, views and scratch") on every executing path: the interpreter,
// the JIT, both compared (check), and the dav-3510 lowering interpreted.
// src = 0..255, off = 8, len = 10: dst[0] = 8 + ... + 17 = 125, dst[1] = 10,
// dst[64..127] = 8..71, the rest as given (-1).
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy i4 "list(range(256))"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i4 "[-1] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/views/views_scratch.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --arg=index:10 --print | FileCheck %s
// RUN: ascreg-run %ascreg_src_root/examples/views/views_scratch.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --arg=index:10 --mode=jit --print | FileCheck %s
// RUN: ascreg-run %ascreg_src_root/examples/views/views_scratch.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --arg=index:10 --mode=check --print | FileCheck %s
// RUN: ascreg-run %ascreg_src_root/examples/views/views_scratch.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --arg=index:10 --pass-pipeline=convert-ascreg-to-dav --print | FileCheck %s
// CHECK: arg1: memref<?xi32> (128 elements) = [125, 10, -1, -1,
// CHECK-SAME: -1, 8, 9, 10, 11,
// CHECK-SAME: 70, 71]

// The init check sees through views: every byte the kernel reads was written.
// RUN: ascreg-run %ascreg_src_root/examples/views/views_scratch.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --arg=index:10 --check=init 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: error

// Provenance follows the bytes through the views: dst[64] was stored through
// the %out subview (UB byte 1024 + 64 * 4), loaded through the
// reinterpret_cast of the scratch buffer (placed after the arguments at byte
// 1536, + 64 * 4), stored there through the %hi subview, and loaded from the
// window of src at off = 8 (byte 32).
// RUN: ascreg-run %ascreg_src_root/examples/views/views_scratch.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=index:8 --arg=index:10 --explain=1:64 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: explain: parameter 1 element 64 = 8 (0x00000008)
// EXPLAIN-NEXT: ascreg.store_align at {{.*}}views_scratch.mlir:45:5: stores lane 0 of %{{[0-9]+}} = 8 (0x00000008) to UB byte 1280
// EXPLAIN-NEXT: ascreg.load_align at {{.*}}views_scratch.mlir:31:10: lane 0 of %{{[0-9]+}} = 8 (0x00000008), loaded from UB byte 1792 (element 0 of %reinterpret_cast)
// EXPLAIN-NEXT: ascreg.store_align at {{.*}}views_scratch.mlir:26:5: stores lane 0 of %{{[0-9]+}} = 8 (0x00000008) to UB byte 1792
// EXPLAIN-NEXT: ascreg.load_align at {{.*}}views_scratch.mlir:24:10: lane 0 of %{{[0-9]+}} = 8 (0x00000008), loaded from UB byte 32 (element 0 of %subview)
