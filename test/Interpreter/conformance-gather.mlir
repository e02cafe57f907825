// gather (UB, index register, mask) conformance kernels (contract 6a).
// Runs every matching examples/conformance kernel on seeded random cases rich in edge
// cases: 8 by default (every integer value profile, the full-range u16 indices of case 5,
// 8 of the 10 count kinds; the float kernels, bit copies, the first 8 float profiles, NaN
// payloads included), 16 in long runs (ASCREG_LONG_TESTS=1: every float profile and count
// kind too). It compares the output bit for bit with the independent Python model
// test/Inputs/golden.py (semantics contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases %conformance_cases '%ascreg_src_root/examples/conformance/gather_[!r]*.mlir' | FileCheck %s -DCASES=%conformance_cases
// CHECK: PASS gather_bf16_bf16_u16 ([[CASES]] cases)
// CHECK: PASS gather_f16_f16_u16 ([[CASES]] cases)
// CHECK: PASS gather_f32_f32_u32 ([[CASES]] cases)
// CHECK: PASS gather_i16_i16_u16 ([[CASES]] cases)
// CHECK: PASS gather_i16_i8_u16 ([[CASES]] cases)
// CHECK: PASS gather_i32_i32_u32 ([[CASES]] cases)
// CHECK: PASS gather_i64_i64_u32 ([[CASES]] cases)
// CHECK: PASS gather_i64_i64_u64 ([[CASES]] cases)
// CHECK: PASS gather_i64_i64_u64x2 ([[CASES]] cases)
// CHECK: PASS gather_i64x2_i64_u32 ([[CASES]] cases)
// CHECK: PASS gather_i64x2_i64_u64x2 ([[CASES]] cases)
// CHECK: PASS gather_u16_u16_u16 ([[CASES]] cases)
// CHECK: PASS gather_u16_u8_u16 ([[CASES]] cases)
// CHECK: PASS gather_u32_u32_u32 ([[CASES]] cases)
// CHECK: PASS gather_u64_u64_u32 ([[CASES]] cases)
// CHECK: PASS gather_u64_u64_u64 ([[CASES]] cases)
// CHECK: PASS gather_u64_u64_u64x2 ([[CASES]] cases)
// CHECK: PASS gather_u64x2_u64_u32 ([[CASES]] cases)
// CHECK: PASS gather_u64x2_u64_u64x2 ([[CASES]] cases)
// CHECK: 19 kernels, [[CASES]] cases each, seed 3510: 19 passed, 0 failed
