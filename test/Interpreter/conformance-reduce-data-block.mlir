// reduce_data_block conformance kernels (docs/semantics.md 2.26): every legal
// (kind, result, source), seeded random cases (NaN payloads, +-0, +-inf, ties, subnormals,
// f16 overflow, the O1 discriminator 1 + half ulps, integer extremes, empty and partial
// masks, so empty and partly active blocks), plus the f16 sum in the saturating CTRL state;
// bit for bit against the independent Python model test/Inputs/golden.py (a float sum's NaN
// by NaN-ness; every other NaN bit for bit). The float kernels draw 16 cases in every run
// (each of the 16 float value profiles once); the integer kernels 8 by default (each of the
// 8 integer value profiles once, 8 of the 10 count kinds) and 16 in long runs
// (ASCREG_LONG_TESTS=1).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 16 '%ascreg_src_root/examples/conformance/reduce_data_block_*_f*.mlir' | FileCheck %s --check-prefix=FLOAT
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases %conformance_cases '%ascreg_src_root/examples/conformance/reduce_data_block_*_[iu]*.mlir' | FileCheck %s --check-prefix=INT -DCASES=%conformance_cases
// The JIT against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --runner-arg=--mode=jit --tmpdir %t --seed 3511 --cases 4 '%ascreg_src_root/examples/conformance/reduce_data_block_*.mlir' | FileCheck %s --check-prefix=JIT
// FLOAT: PASS reduce_data_block_max_f16_f16 (16 cases)
// FLOAT: PASS reduce_data_block_sum_f16_f16 (16 cases)
// FLOAT: PASS reduce_data_block_sum_f16_f16_ctrl0000 (16 cases)
// FLOAT: 7 kernels, 16 cases each, seed 3510: 7 passed, 0 failed
// INT: PASS reduce_data_block_min_u32_u32 ([[CASES]] cases)
// INT: PASS reduce_data_block_sum_i32_i16 ([[CASES]] cases)
// INT: PASS reduce_data_block_sum_u32_u16 ([[CASES]] cases)
// INT: 12 kernels, [[CASES]] cases each, seed 3510: 12 passed, 0 failed
// JIT: 19 kernels, 4 cases each, seed 3511: 19 passed, 0 failed
