// Type conversion conformance kernels with a float destination (cast_f*, cast_bf*;
// docs/semantics.md 10.11): every round mode and sat setting of the pair in one kernel,
// run in per-instruction saturation mode, checked on 6 seeded random cases per kernel
// (one per input profile: mixed edge classes, ties at the destination's precision,
// overflow thresholds, the subnormal grid, random bits, normal values) bit for bit
// against the independent Python model test/Inputs/golden.py (exact rational
// arithmetic from the cast fact sheet). The _ctrl variants are in conformance-ctrl.mlir.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 6 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/cast_f*.mlir' '%ascreg_src_root/examples/conformance/cast_bf*.mlir' | FileCheck %s
// CHECK: PASS cast_f16_f32_even (6 cases)
// CHECK: PASS cast_f16_f32_odd (6 cases)
// CHECK: PASS cast_f32_i64_odd (6 cases)
// CHECK: PASS cast_bf16_f16 (6 cases)
// CHECK: 20 kernels, 6 cases each, seed 3510: 20 passed, 0 failed
