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

// 4. Conversions: an injected fault, a cast kernel presented under the name of
//    its other part (f32 -> f16 results in the even lanes checked as odd), and a
//    kernel whose CTRL state differs from its twin's (CTRL[48] = 0 saturates the
//    f16 -> bf16 conversion) are all caught.
// RUN: not %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 2 --inject-fault %ascreg_src_root/examples/conformance/cast_i8_f16_odd.mlir | FileCheck %s --check-prefix=CASTINJECT
// CASTINJECT: FAIL cast_i8_f16_odd: element
// RUN: mkdir -p %t/parts && cp %ascreg_src_root/examples/conformance/cast_f16_f32_even.mlir %t/parts/cast_f16_f32_odd.mlir
// RUN: not %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 2 %t/parts/cast_f16_f32_odd.mlir | FileCheck %s --check-prefix=PART
// PART: FAIL cast_f16_f32_odd: element
// RUN: mkdir -p %t/ctrl && sed 's/float_overflow = inf_nan/float_overflow = saturate/' %ascreg_src_root/examples/conformance/cast_bf16_f16.mlir > %t/ctrl/cast_bf16_f16.mlir
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 6 %t/ctrl/cast_bf16_f16.mlir | FileCheck %s --check-prefix=CTRLREAD
// CTRLREAD: PASS cast_bf16_f16 (6 cases)
// The model reading a CTRL state other than the one the kernel runs in (a comment
// with the runtime's state placed before the attribute) must fail.
// RUN: mkdir -p %t/ctrl2 && echo '// #ascreg.ctrl<float_overflow = inf_nan>' > %t/ctrl2/cast_bf16_f16.mlir
// RUN: cat %t/ctrl/cast_bf16_f16.mlir >> %t/ctrl2/cast_bf16_f16.mlir
// RUN: not %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --cases 6 %t/ctrl2/cast_bf16_f16.mlir | FileCheck %s --check-prefix=CTRLWRONG
// CTRLWRONG: FAIL cast_bf16_f16: element
