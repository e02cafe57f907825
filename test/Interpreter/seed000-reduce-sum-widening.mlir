// Seed 000 (Reduce) SUM loop with (dst int32_t, src int16_t): 128 lanes of
// 30000 sum to 3840000, far beyond int16, because each lane widens to i32
// before the tree. Count 200 gives 128 active lanes in the first repeat and
// the remaining 72 in the second.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy i2 "[30000] * 256"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i4 "[5] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/reduce_sum_loop.mlir --arg=%t.dst.npy --arg=%t.src.npy --arg=i32:200 --arg=index:128 --arg=index:64 --arg=index:2 --print | FileCheck %s

// 128 * 30000 = 3840000 and 72 * 30000 = 2160000. The vendor pattern stores
// the result with the SOURCE mask (i16 lanes, bit 2i), so in i32 lanes
// (bit 4i) the first repeat writes lanes 0..63 and the second lanes 0..35 of
// its register; the rest of dst keeps 5.
// CHECK: arg0: memref<?xi32> (128 elements) = [3840000, 0, 0,
// CHECK-SAME: 0, 2160000, 0, 0,
// Element 64 + 36 = 100 onwards is not written (i32 lane 36 is i16 lane 72).
// CHECK-SAME: 0, 0, 5, 5,
// CHECK-SAME: 5, 5]
