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
