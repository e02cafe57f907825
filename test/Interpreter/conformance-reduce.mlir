// reduce <sum|max|min> conformance kernels (contract 4).
// Runs every matching examples/conformance kernel on seeded random cases rich in edge
// cases and compares the output bit for bit with the independent Python model
// test/Inputs/golden.py (semantics contract 4-6, 8b). Inputs of a failing case are kept in %t.
// The float kernels draw 16 cases in every run (each of the 16 float value profiles once,
// among them the O1 discriminator 1 + half ulps, ties and subnormals); the integer kernels
// 8 by default (each of the 8 integer value profiles once, 8 of the 10 count kinds) and 16
// in long runs (ASCREG_LONG_TESTS=1).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 16 --exclude='*_ctrl*' --exclude='reduce_data_block_*' '%ascreg_src_root/examples/conformance/reduce_*_f*.mlir' | FileCheck %s --check-prefix=FLOAT
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases %conformance_cases --exclude='*_ctrl*' --exclude='reduce_data_block_*' '%ascreg_src_root/examples/conformance/reduce_*_[iu]*.mlir' | FileCheck %s --check-prefix=INT -DCASES=%conformance_cases
// FLOAT: PASS reduce_max_f16_f16 (16 cases)
// FLOAT: PASS reduce_max_f32_f32 (16 cases)
// FLOAT: PASS reduce_min_f16_f16 (16 cases)
// FLOAT: PASS reduce_min_f32_f32 (16 cases)
// FLOAT: PASS reduce_sum_f16_f16 (16 cases)
// FLOAT: PASS reduce_sum_f32_f32 (16 cases)
// FLOAT: 6 kernels, 16 cases each, seed 3510: 6 passed, 0 failed
// INT: PASS reduce_max_i16_i16 ([[CASES]] cases)
// INT: PASS reduce_max_i32_i32 ([[CASES]] cases)
// INT: PASS reduce_max_i64_i64 ([[CASES]] cases)
// INT: PASS reduce_max_i64x2_i64x2 ([[CASES]] cases)
// INT: PASS reduce_max_u16_u16 ([[CASES]] cases)
// INT: PASS reduce_max_u32_u32 ([[CASES]] cases)
// INT: PASS reduce_max_u64_u64 ([[CASES]] cases)
// INT: PASS reduce_max_u64x2_u64x2 ([[CASES]] cases)
// INT: PASS reduce_min_i16_i16 ([[CASES]] cases)
// INT: PASS reduce_min_i32_i32 ([[CASES]] cases)
// INT: PASS reduce_min_i64_i64 ([[CASES]] cases)
// INT: PASS reduce_min_i64x2_i64x2 ([[CASES]] cases)
// INT: PASS reduce_min_u16_u16 ([[CASES]] cases)
// INT: PASS reduce_min_u32_u32 ([[CASES]] cases)
// INT: PASS reduce_min_u64_u64 ([[CASES]] cases)
// INT: PASS reduce_min_u64x2_u64x2 ([[CASES]] cases)
// INT: PASS reduce_sum_i32_i16 ([[CASES]] cases)
// INT: PASS reduce_sum_i32_i32 ([[CASES]] cases)
// INT: PASS reduce_sum_i64_i64 ([[CASES]] cases)
// INT: PASS reduce_sum_i64x2_i64x2 ([[CASES]] cases)
// INT: PASS reduce_sum_u32_u16 ([[CASES]] cases)
// INT: PASS reduce_sum_u32_u32 ([[CASES]] cases)
// INT: PASS reduce_sum_u64_u64 ([[CASES]] cases)
// INT: PASS reduce_sum_u64x2_u64x2 ([[CASES]] cases)
// INT: 24 kernels, [[CASES]] cases each, seed 3510: 24 passed, 0 failed
