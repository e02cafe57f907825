// pair_reduce_sum conformance kernels (contract 5).
// Runs every matching examples/conformance kernel on 40 seeded random cases rich in
// edge cases (the _ctrl variants run in conformance-ctrl.mlir) and compares the output
// bit for bit with the independent Python model test/Inputs/golden.py (semantics
// contract 4-6, 8b). Inputs of a failing case are kept in %t.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 40 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/pair_reduce_sum_*.mlir' | FileCheck %s
// CHECK: PASS pair_reduce_sum_f16 (40 cases)
// CHECK: PASS pair_reduce_sum_f32 (40 cases)
// CHECK: 2 kernels, 40 cases each, seed 3510: 2 passed, 0 failed
