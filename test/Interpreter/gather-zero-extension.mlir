// Seed 003: an 8-bit source is zero-extended into the 16-bit lane, also for
// int8: -40 (0xd8) becomes 216 and 40 stays 40.
// RUN: %python %S/../Inputs/mknpy.py %t.base.npy i1 "[-40, 40, -1, 127, -128] + [0] * 59"
// RUN: %python %S/../Inputs/mknpy.py %t.idx.npy u2 "[0, 1, 2, 3, 4] + [0] * 123"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i2 "[0] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_i16_i8_u16.mlir --arg=%t.base.npy --arg=%t.idx.npy --arg=%t.dst.npy --arg=i32:5 --arg=index:1 --print | FileCheck %s
// CHECK: arg2: memref<?xi16> (128 elements) = [216, 40, 255, 127, 128, 0, 0,
