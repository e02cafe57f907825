// The Reg API form conformance kernels (docs/semantics.md 2.22 onwards): every
// legal type, seeded random cases (edge values, empty, partial and full masks,
// lane 0 inactive), bit for bit against the independent Python model
// test/Inputs/golden.py.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3520 --cases 8 '%ascreg_src_root/examples/conformance/duplicate_lane_*.mlir' '%ascreg_src_root/examples/conformance/store_first_*.mlir' '%ascreg_src_root/examples/conformance/governed_mask_*.mlir' | FileCheck %s
// The JIT against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --runner-arg=--mode=jit --tmpdir %t --seed 3521 --cases 3 '%ascreg_src_root/examples/conformance/duplicate_lane_*.mlir' '%ascreg_src_root/examples/conformance/store_first_*.mlir' '%ascreg_src_root/examples/conformance/governed_mask_*.mlir' | FileCheck %s --check-prefix=JIT
// The dav-3510-lowered kernels, interpreted, against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run '--runner-arg=--pass-pipeline=builtin.module(convert-ascreg-to-dav)' --tmpdir %t --seed 3522 --cases 3 '%ascreg_src_root/examples/conformance/duplicate_lane_*.mlir' '%ascreg_src_root/examples/conformance/store_first_*.mlir' '%ascreg_src_root/examples/conformance/governed_mask_*.mlir' | FileCheck %s --check-prefix=DAV
// CHECK: PASS duplicate_lane_bf16 (8 cases)
// CHECK: PASS duplicate_lane_i64 (8 cases)
// CHECK: PASS duplicate_lane_u64x2 (8 cases)
// CHECK: PASS store_first_bf16 (8 cases)
// CHECK: PASS store_first_u8 (8 cases)
// CHECK: PASS governed_mask_not_i64x2 (8 cases)
// CHECK: PASS governed_mask_xor_u8 (8 cases)
// CHECK: 42 kernels, 8 cases each, seed 3520: 42 passed, 0 failed
// JIT: 42 kernels, 3 cases each, seed 3521: 42 passed, 0 failed
// DAV: 42 kernels, 3 cases each, seed 3522: 42 passed, 0 failed
