// gather_reg (within a register) conformance kernels (contract 6b).
// Runs every matching examples/conformance kernel on 20 seeded random cases rich in
// edge cases and compares the output bit for bit with the independent Python model
// test/Inputs/golden.py (semantics contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 20 '%ascreg_src_root/examples/conformance/gather_reg_*.mlir' | FileCheck %s
// CHECK: PASS gather_reg_bf16_u16 (20 cases)
// CHECK: PASS gather_reg_f16_u16 (20 cases)
// CHECK: PASS gather_reg_f32_u32 (20 cases)
// CHECK: PASS gather_reg_i16_u16 (20 cases)
// CHECK: PASS gather_reg_i32_u32 (20 cases)
// CHECK: PASS gather_reg_i8_u8 (20 cases)
// CHECK: PASS gather_reg_u16_u16 (20 cases)
// CHECK: PASS gather_reg_u32_u32 (20 cases)
// CHECK: PASS gather_reg_u8_u8 (20 cases)
// CHECK: 9 kernels, 20 cases each, seed 3510: 9 passed, 0 failed
