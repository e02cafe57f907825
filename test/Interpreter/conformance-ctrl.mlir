// truncate (vtrc) conformance kernels, and every kernel that runs with another CTRL
// state (the _ctrlABCD variants: global saturation with the runtime's state or with
// CTRL[48] = 0 and CTRL[59] = 1, CTRL[48] = 0 in per-instruction mode, saturating f16
// reduce sum and pair_reduce_sum; docs/semantics.md 10.11), checked on 6 seeded random
// cases per kernel bit for bit against test/Inputs/golden.py, which reads the CTRL
// state from the kernel's ascreg.ctrl attribute.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 6 '%ascreg_src_root/examples/conformance/truncate_*.mlir' '%ascreg_src_root/examples/conformance/*_ctrl*.mlir' | FileCheck %s
// CHECK: PASS truncate_bf16 (6 cases)
// CHECK: PASS truncate_f16_ctrl0000 (6 cases)
// CHECK: PASS adds_f16_ctrl0000 (6 cases)
// CHECK: PASS cast_f16_f32_even_ctrl1100 (6 cases)
// CHECK: PASS mul_f16_ctrl0000 (6 cases)
// CHECK: PASS muls_f16_ctrl0000 (6 cases)
// CHECK: PASS reduce_data_block_sum_f16_f16_ctrl0000 (6 cases)
// CHECK: PASS reduce_sum_f16_f16_ctrl0000 (6 cases)
// CHECK: PASS sub_f16_ctrl0000 (6 cases)
// CHECK: 22 kernels, 6 cases each, seed 3510: 22 passed, 0 failed
