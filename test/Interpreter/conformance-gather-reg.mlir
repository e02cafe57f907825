// gather_reg (within a register) conformance kernels (contract 6b).
// Runs every matching examples/conformance kernel on seeded random cases rich in edge
// cases: 8 by default (every integer value profile, the first 8 float profiles, NaN
// payloads included), 20 in long runs (ASCREG_LONG_TESTS=1: every float profile). It
// compares the output bit for bit with the independent Python model
// test/Inputs/golden.py (semantics contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases %conformance_cases_reg '%ascreg_src_root/examples/conformance/gather_reg_*.mlir' | FileCheck %s -DCASES=%conformance_cases_reg
// CHECK: PASS gather_reg_bf16_u16 ([[CASES]] cases)
// CHECK: PASS gather_reg_f16_u16 ([[CASES]] cases)
// CHECK: PASS gather_reg_f32_u32 ([[CASES]] cases)
// CHECK: PASS gather_reg_i16_u16 ([[CASES]] cases)
// CHECK: PASS gather_reg_i32_u32 ([[CASES]] cases)
// CHECK: PASS gather_reg_i8_u8 ([[CASES]] cases)
// CHECK: PASS gather_reg_u16_u16 ([[CASES]] cases)
// CHECK: PASS gather_reg_u32_u32 ([[CASES]] cases)
// CHECK: PASS gather_reg_u8_u8 ([[CASES]] cases)
// CHECK: 9 kernels, [[CASES]] cases each, seed 3510: 9 passed, 0 failed
