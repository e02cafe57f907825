// The README's example kernel: value and first index of the maximum.
// x[70] = x[300] = 5 (a tie across registers and lanes: the first index 70
// wins), x[900] = 9 lies beyond n = 800 and must be ignored by the mask.
// RUN: %python %S/../Inputs/mknpy.py %t.x.npy f4 "[5.0 if i in (70, 300) else 9.0 if i == 900 else (i % 13) * 0.25 for i in range(1024)]"
// RUN: %python %S/../Inputs/mknpy.py %t.v.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.i.npy i4 "[-1] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/argmax.mlir --arg=%t.x.npy --arg=%t.v.npy --arg=%t.i.npy --arg=i32:800 --print | FileCheck %s
// CHECK: arg1: memref<64xf32> (64 elements) = [5, 0, 0,
// CHECK: arg2: memref<64xi32> (64 elements) = [70, -1, -1,
// With n = 1000 the 9 at index 900 is the maximum.
// RUN: ascreg-run %ascreg_src_root/examples/argmax.mlir --arg=%t.x.npy --arg=%t.v.npy --arg=%t.i.npy --arg=i32:1000 --print | FileCheck %s --check-prefix=ALL
// ALL: arg1: memref<64xf32> (64 elements) = [9, 0, 0,
// ALL: arg2: memref<64xi32> (64 elements) = [900, -1, -1,
