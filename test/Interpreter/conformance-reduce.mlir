// reduce <sum|max|min> conformance kernels (contract 4).
// Runs every matching examples/conformance kernel on 16 seeded random cases rich in
// edge cases and compares the output bit for bit with the independent Python model
// test/Inputs/golden.py (semantics contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 16 --exclude='*_ctrl*' --exclude='reduce_data_block_*' '%ascreg_src_root/examples/conformance/reduce_*.mlir' | FileCheck %s
// CHECK: PASS reduce_max_f16_f16 (16 cases)
// CHECK: PASS reduce_max_f32_f32 (16 cases)
// CHECK: PASS reduce_max_i16_i16 (16 cases)
// CHECK: PASS reduce_max_i32_i32 (16 cases)
// CHECK: PASS reduce_max_i64_i64 (16 cases)
// CHECK: PASS reduce_max_i64x2_i64x2 (16 cases)
// CHECK: PASS reduce_max_u16_u16 (16 cases)
// CHECK: PASS reduce_max_u32_u32 (16 cases)
// CHECK: PASS reduce_max_u64_u64 (16 cases)
// CHECK: PASS reduce_max_u64x2_u64x2 (16 cases)
// CHECK: PASS reduce_min_f16_f16 (16 cases)
// CHECK: PASS reduce_min_f32_f32 (16 cases)
// CHECK: PASS reduce_min_i16_i16 (16 cases)
// CHECK: PASS reduce_min_i32_i32 (16 cases)
// CHECK: PASS reduce_min_i64_i64 (16 cases)
// CHECK: PASS reduce_min_i64x2_i64x2 (16 cases)
// CHECK: PASS reduce_min_u16_u16 (16 cases)
// CHECK: PASS reduce_min_u32_u32 (16 cases)
// CHECK: PASS reduce_min_u64_u64 (16 cases)
// CHECK: PASS reduce_min_u64x2_u64x2 (16 cases)
// CHECK: PASS reduce_sum_f16_f16 (16 cases)
// CHECK: PASS reduce_sum_f32_f32 (16 cases)
// CHECK: PASS reduce_sum_i32_i16 (16 cases)
// CHECK: PASS reduce_sum_i32_i32 (16 cases)
// CHECK: PASS reduce_sum_i64_i64 (16 cases)
// CHECK: PASS reduce_sum_i64x2_i64x2 (16 cases)
// CHECK: PASS reduce_sum_u32_u16 (16 cases)
// CHECK: PASS reduce_sum_u32_u32 (16 cases)
// CHECK: PASS reduce_sum_u64_u64 (16 cases)
// CHECK: PASS reduce_sum_u64x2_u64x2 (16 cases)
// CHECK: 30 kernels, 16 cases each, seed 3510: 30 passed, 0 failed
