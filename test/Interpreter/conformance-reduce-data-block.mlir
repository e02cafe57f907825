// reduce_data_block conformance kernels (docs/semantics.md 2.26): every legal
// (kind, result, source), 16 seeded random cases each (NaN payloads, +-0, +-inf, ties,
// subnormals, f16 overflow, the O1 discriminator 1 + half ulps, integer extremes, empty and
// partial masks, so empty and partly active blocks), plus the f16 sum in the saturating CTRL
// state; bit for bit against the independent Python model test/Inputs/golden.py (a float
// sum's NaN by NaN-ness; every other NaN bit for bit).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 16 '%ascreg_src_root/examples/conformance/reduce_data_block_*.mlir' | FileCheck %s
// The JIT against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --runner-arg=--mode=jit --tmpdir %t --seed 3511 --cases 4 '%ascreg_src_root/examples/conformance/reduce_data_block_*.mlir' | FileCheck %s --check-prefix=JIT
// CHECK: PASS reduce_data_block_max_f16_f16 (16 cases)
// CHECK: PASS reduce_data_block_min_u32_u32 (16 cases)
// CHECK: PASS reduce_data_block_sum_f16_f16 (16 cases)
// CHECK: PASS reduce_data_block_sum_f16_f16_ctrl0000 (16 cases)
// CHECK: PASS reduce_data_block_sum_i32_i16 (16 cases)
// CHECK: PASS reduce_data_block_sum_u32_u16 (16 cases)
// CHECK: 19 kernels, 16 cases each, seed 3510: 19 passed, 0 failed
// JIT: 19 kernels, 4 cases each, seed 3511: 19 passed, 0 failed
