// Type conversion conformance kernels with an integer destination (cast_i*, cast_u*;
// docs/semantics.md 10.11), checked on 6 seeded random cases per kernel bit for bit
// against the independent Python model test/Inputs/golden.py (see
// conformance-cast-to-float.mlir).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 6 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/cast_i*.mlir' '%ascreg_src_root/examples/conformance/cast_u*.mlir' | FileCheck %s
// CHECK: PASS cast_i32_f32 (6 cases)
// CHECK: PASS cast_i64_f32_even (6 cases)
// CHECK: PASS cast_u8_i32_p3 (6 cases)
// CHECK: 56 kernels, 6 cases each, seed 3510: 56 passed, 0 failed
