// shift_left, shift_right, shift_lefts, shift_rights conformance kernels
// (docs/semantics.md 2.27): every legal type, 8 seeded random cases each (amounts 0, 1,
// width - 1, width, width + 1, negative ones and random ones; integer extremes; empty and
// partial masks), bit for bit against the independent Python model test/Inputs/golden.py.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 8 '%ascreg_src_root/examples/conformance/shift_*.mlir' | FileCheck %s
// The JIT against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --runner-arg=--mode=jit --tmpdir %t --seed 3511 --cases 3 '%ascreg_src_root/examples/conformance/shift_*.mlir' | FileCheck %s --check-prefix=JIT
// CHECK: PASS shift_left_i16 (8 cases)
// CHECK: PASS shift_left_i64x2 (8 cases)
// CHECK: PASS shift_left_u8 (8 cases)
// CHECK: PASS shift_lefts_i32 (8 cases)
// CHECK: PASS shift_lefts_u64 (8 cases)
// CHECK: PASS shift_right_i64 (8 cases)
// CHECK: PASS shift_right_i8 (8 cases)
// CHECK: PASS shift_right_u32 (8 cases)
// CHECK: PASS shift_rights_i16 (8 cases)
// CHECK: PASS shift_rights_u64x2 (8 cases)
// CHECK: PASS shift_rights_u8 (8 cases)
// CHECK: 40 kernels, 8 cases each, seed 3510: 40 passed, 0 failed
// JIT: 40 kernels, 3 cases each, seed 3511: 40 passed, 0 failed
