// sub, mul, abs, and, or, xor, not conformance kernels (docs/semantics.md 2.20, 2.21):
// every legal type, 8 seeded random cases each (NaN payloads, +-0, +-inf, ties,
// subnormals, f16 overflow, integer extremes, empty and partial masks), bit for bit
// against the independent Python model test/Inputs/golden.py, NaN payloads included.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 3510 --cases 8 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/sub_*.mlir' '%ascreg_src_root/examples/conformance/mul_*.mlir' '%ascreg_src_root/examples/conformance/abs_*.mlir' '%ascreg_src_root/examples/conformance/and_*.mlir' '%ascreg_src_root/examples/conformance/or_*.mlir' '%ascreg_src_root/examples/conformance/xor_*.mlir' '%ascreg_src_root/examples/conformance/not_*.mlir' | FileCheck %s
// The JIT and the dav-3510-lowered kernel against the same model:
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --runner-arg=--mode=jit --tmpdir %t --seed 3511 --cases 3 --exclude='*_ctrl*' '%ascreg_src_root/examples/conformance/sub_*.mlir' '%ascreg_src_root/examples/conformance/mul_*.mlir' '%ascreg_src_root/examples/conformance/abs_*.mlir' | FileCheck %s --check-prefix=JIT
// CHECK: PASS sub_bf16 (8 cases)
// CHECK: PASS sub_f16 (8 cases)
// CHECK: PASS sub_i64x2 (8 cases)
// CHECK: PASS mul_bf16 (8 cases)
// CHECK: PASS mul_f32 (8 cases)
// CHECK: PASS mul_u64x2 (8 cases)
// CHECK: PASS abs_i64x2 (8 cases)
// CHECK: PASS abs_i8 (8 cases)
// CHECK: PASS and_u8 (8 cases)
// CHECK: PASS xor_i64 (8 cases)
// CHECK: PASS not_f16 (8 cases)
// CHECK: 73 kernels, 8 cases each, seed 3510: 73 passed, 0 failed
// JIT: 31 kernels, 3 cases each, seed 3511: 31 passed, 0 failed
