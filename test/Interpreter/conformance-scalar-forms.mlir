// adds, muls, maxs, mins, compares conformance kernels (docs/semantics.md 2.25):
// every legal type, 8 seeded random cases each (NaN payloads, +-0, +-inf, ties with the
// scalar, subnormals, f16 overflow, integer extremes, empty and partial masks), bit for
// bit against the independent Python model test/Inputs/golden.py (a float adds NaN by
// NaN-ness, as add; every other NaN bit for bit). compares_T stores bit p of lane i =
// predicate p (eq ne lt le gt ge) held.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 8 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/adds_*.mlir' '%ascreg_src_root/examples/conformance/muls_*.mlir' '%ascreg_src_root/examples/conformance/maxs_*.mlir' '%ascreg_src_root/examples/conformance/mins_*.mlir' '%ascreg_src_root/examples/conformance/compares_*.mlir' | FileCheck %s
// The JIT and the dav-3510-lowered kernel against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --runner-arg=--mode=jit --tmpdir %t --seed 3511 --cases 3 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/adds_*.mlir' '%ascreg_src_root/examples/conformance/muls_*.mlir' '%ascreg_src_root/examples/conformance/maxs_*.mlir' '%ascreg_src_root/examples/conformance/mins_*.mlir' '%ascreg_src_root/examples/conformance/compares_*.mlir' | FileCheck %s --check-prefix=JIT
// CHECK: PASS adds_f16 (8 cases)
// CHECK: PASS adds_i64x2 (8 cases)
// CHECK: PASS adds_u8 (8 cases)
// CHECK: PASS muls_f16 (8 cases)
// CHECK: PASS muls_u64 (8 cases)
// CHECK: PASS maxs_f32 (8 cases)
// CHECK: PASS mins_i8 (8 cases)
// CHECK: PASS compares_f16 (8 cases)
// CHECK: PASS compares_f32 (8 cases)
// CHECK: PASS compares_u64x2 (8 cases)
// CHECK: 58 kernels, 8 cases each, seed 3510: 58 passed, 0 failed
// JIT: 58 kernels, 3 cases each, seed 3511: 58 passed, 0 failed
