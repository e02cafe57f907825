// gather (UB, index register, mask) conformance kernels (contract 6a).
// Runs every matching examples/conformance kernel on 16 seeded random cases rich in
// edge cases and compares the output bit for bit with the independent Python model
// test/Inputs/golden.py (semantics contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 16 '%ascreg_src_root/examples/conformance/gather_[!r]*.mlir' | FileCheck %s
// CHECK: PASS gather_bf16_bf16_u16 (16 cases)
// CHECK: PASS gather_f16_f16_u16 (16 cases)
// CHECK: PASS gather_f32_f32_u32 (16 cases)
// CHECK: PASS gather_i16_i16_u16 (16 cases)
// CHECK: PASS gather_i16_i8_u16 (16 cases)
// CHECK: PASS gather_i32_i32_u32 (16 cases)
// CHECK: PASS gather_i64_i64_u32 (16 cases)
// CHECK: PASS gather_i64_i64_u64 (16 cases)
// CHECK: PASS gather_i64_i64_u64x2 (16 cases)
// CHECK: PASS gather_i64x2_i64_u32 (16 cases)
// CHECK: PASS gather_i64x2_i64_u64x2 (16 cases)
// CHECK: PASS gather_u16_u16_u16 (16 cases)
// CHECK: PASS gather_u16_u8_u16 (16 cases)
// CHECK: PASS gather_u32_u32_u32 (16 cases)
// CHECK: PASS gather_u64_u64_u32 (16 cases)
// CHECK: PASS gather_u64_u64_u64 (16 cases)
// CHECK: PASS gather_u64_u64_u64x2 (16 cases)
// CHECK: PASS gather_u64x2_u64_u32 (16 cases)
// CHECK: PASS gather_u64x2_u64_u64x2 (16 cases)
// CHECK: 19 kernels, 16 cases each, seed 3510: 19 passed, 0 failed
