// The type-conversion examples of the README run on every path.
//
// examples/sum_f16_in_f32.mlir: 1.0 followed by 127 values of 2^-11, summed in f32
// and rounded to f16 once, is exactly 1 + 127 * 2^-11 = 1.06201171875 rounded to f16
// (ulp 2^-10 near 1): 1.0625 (the f16 sum tree would give 1.0615234375).
// RUN: %python %S/../Inputs/mknpy.py %t.x.npy f2 "[1.0] + [2**-11] * 127"
// RUN: %python %S/../Inputs/mknpy.py %t.s.npy f2 "[-1] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/sum_f16_in_f32.mlir --arg=%t.x.npy --arg=%t.s.npy --arg=i32:128 --arg=index:1 --print | FileCheck %s --check-prefix=SUM
// RUN: ascreg-run %ascreg_src_root/examples/sum_f16_in_f32.mlir --arg=%t.x.npy --arg=%t.s.npy --arg=i32:128 --arg=index:1 --mode=check | FileCheck %s --check-prefix=CHECKMODE
// RUN: ascreg-run %ascreg_src_root/examples/sum_f16_in_f32.mlir --arg=%t.x.npy --arg=%t.s.npy --arg=i32:128 --arg=index:1 --pass-pipeline=convert-ascreg-to-dav --print | FileCheck %s --check-prefix=SUM
// SUM: arg1: memref<128xf16> (128 elements) = [1.0625, 0, 0, 0,
// CHECKMODE: identical
//
// examples/quantize_f32_to_s8.mlir: x_i = 1.25 * (i - 128) to s8 through f16, RINT
// and saturating at both steps; expected: Python's round() (ties to even) clamped to
// -128..127, in element order.
// RUN: %python %S/../Inputs/mknpy.py %t.q.npy f4 "[1.25 * (i - 128) for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.perm.npy u1 "[4 * (i % 64) + 2 * ((i // 64) % 2) + (i // 64) // 2 for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.o.npy i1 "[0] * 256"
// RUN: %python -c "print('arg2: memref<?xi8> (256 elements) = [' + ', '.join(str(max(-128, min(127, round(1.25 * (i - 128))))) for i in range(256)) + ']')" > %t.expected
// RUN: ascreg-run %ascreg_src_root/examples/quantize_f32_to_s8.mlir --arg=%t.q.npy --arg=%t.perm.npy --arg=%t.o.npy --arg=index:1 --print | grep "^arg2" > %t.interp
// RUN: diff %t.expected %t.interp
// RUN: ascreg-run %ascreg_src_root/examples/quantize_f32_to_s8.mlir --arg=%t.q.npy --arg=%t.perm.npy --arg=%t.o.npy --arg=index:1 --mode=jit --print | grep "^arg2" > %t.jit
// RUN: diff %t.expected %t.jit
// RUN: ascreg-run %ascreg_src_root/examples/quantize_f32_to_s8.mlir --arg=%t.q.npy --arg=%t.perm.npy --arg=%t.o.npy --arg=index:1 --pass-pipeline=convert-ascreg-to-dav --print | grep "^arg2" > %t.dav
// RUN: diff %t.expected %t.dav
