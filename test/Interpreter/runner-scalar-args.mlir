// Contract 8a: a scalar parameter takes TYPE:VALUE. Every i32 count must be read as
// the value written, in particular the single digits 8 and 9, and -1 (all ones).
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy i4 "[1] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i4 "[7] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:7 --arg=index:1 --print | FileCheck %s --check-prefix=C7
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:8 --arg=index:1 --print | FileCheck %s --check-prefix=C8
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:9 --arg=index:1 --print | FileCheck %s --check-prefix=C9
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:0x8 --arg=index:1 --print | FileCheck %s --check-prefix=C8
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:0x80 --arg=index:1 --print | FileCheck %s --check-prefix=CALL
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:-1 --arg=index:1 --print | FileCheck %s --check-prefix=CALL
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_i32_i32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:4294967295 --arg=index:1 --print | FileCheck %s --check-prefix=CALL
// C7: arg1: memref<?xi32> (64 elements) = [7, 0, 0,
// C8: arg1: memref<?xi32> (64 elements) = [8, 0, 0,
// C9: arg1: memref<?xi32> (64 elements) = [9, 0, 0,
// CALL: arg1: memref<?xi32> (64 elements) = [64, 0, 0,
