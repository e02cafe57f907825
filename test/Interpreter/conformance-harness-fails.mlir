// The conformance harness must be able to fail.
// RUN: rm -rf %t && mkdir -p %t

// 1. --inject-fault flips one bit of an expected element of the first case: every
//    kernel must be reported as a mismatch and the harness must exit non-zero.
// RUN: not %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 2 --inject-fault %ascreg_src_root/examples/conformance/reduce_sum_f16_f16.mlir %ascreg_src_root/examples/conformance/gather_i16_i8_u16.mlir %ascreg_src_root/examples/conformance/gather_reg_u8_u8.mlir > %t/inject.txt
// RUN: FileCheck %s --check-prefix=INJECT < %t/inject.txt
// INJECT: FAIL reduce_sum_f16_f16: element {{[0-9]+}} (register 0, lane {{[0-9]+}}): expected 0x{{[0-9a-f]+}}, actual 0x{{[0-9a-f]+}}
// INJECT-NEXT: case 0 (profile
// INJECT-NEXT: inputs: {{.*}}arg0.npy {{.*}}arg1.npy
// INJECT: FAIL gather_i16_i8_u16: element
// INJECT: FAIL gather_reg_u8_u8: element
// INJECT: 3 kernels, 2 cases each, seed 3510: 0 passed, 3 failed

// 2. A real semantic difference is caught too: a reduce <min> kernel presented
//    under the name of the matching reduce <max> kernel.
// RUN: cp %ascreg_src_root/examples/conformance/reduce_min_i32_i32.mlir %t/reduce_max_i32_i32.mlir
// RUN: not %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 3 %t/reduce_max_i32_i32.mlir | FileCheck %s --check-prefix=SWAP
// SWAP: FAIL reduce_max_i32_i32: element {{[0-9]+}}
// SWAP: 0 passed, 1 failed

// 3. The same kernels without the fault pass (so the failures above are the fault's).
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 2 %ascreg_src_root/examples/conformance/reduce_sum_f16_f16.mlir %ascreg_src_root/examples/conformance/gather_i16_i8_u16.mlir %ascreg_src_root/examples/conformance/gather_reg_u8_u8.mlir | FileCheck %s --check-prefix=CLEAN
// CLEAN: 3 kernels, 2 cases each, seed 3510: 3 passed, 0 failed
