// pair_reduce_sum conformance kernels (contract 5).
// Runs every matching examples/conformance kernel on seeded random cases rich in edge
// cases, 16 by default (every float value profile and count kind once), 40 in long runs
// (ASCREG_LONG_TESTS=1); the _ctrl variants run in conformance-ctrl.mlir. It compares the
// output bit for bit with the independent Python model test/Inputs/golden.py (semantics
// contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases %conformance_cases_pair --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/pair_reduce_sum_*.mlir' | FileCheck %s -DCASES=%conformance_cases_pair
// CHECK: PASS pair_reduce_sum_f16 ([[CASES]] cases)
// CHECK: PASS pair_reduce_sum_f32 ([[CASES]] cases)
// CHECK: 2 kernels, [[CASES]] cases each, seed 3510: 2 passed, 0 failed
