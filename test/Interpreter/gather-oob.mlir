// Contract 6a: a gather index outside the base buffer stops the interpreter with an
// error naming the op's source location (the hardware behaviour is undefined).
// The conformance kernel gather_f16_f16_u16 runs on a 16-element base buffer.
// RUN: %python %S/../Inputs/mknpy.py %t.base.npy f2 "[i for i in range(16)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f2 "[0] * 128"

// The last element (index 15) is inside the buffer: the run succeeds.
// RUN: %python %S/../Inputs/mknpy.py %t.in.npy u2 "[0, 15, 7, 15] + [15] * 124"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.in.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --out=2:%t.out.npy --print | FileCheck %s --check-prefix=IN
// IN: arg2: memref<?xf16> (128 elements) = [0, 15, 7, 15, 15,

// Index 16 (one past the end) in the active lane 3: error.
// RUN: %python %S/../Inputs/mknpy.py %t.oob.npy u2 "[0, 1, 2, 16] + [0] * 124"
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.oob.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: gather_f16_f16_u16.mlir:14:14: error: {{.*}}gather index 16 in lane 3 is outside the base buffer
// OOB-NOT: error

// The largest u16 index, in the second register (lane 0 of register 1).
// RUN: %python %S/../Inputs/mknpy.py %t.big.npy u2 "[1] * 128 + [65535] + [0] * 127"
// RUN: %python %S/../Inputs/mknpy.py %t.dst2.npy f2 "[0] * 256"
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.big.npy --arg=%t.dst2.npy --arg=i32:256 --arg=index:2 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: gather_f16_f16_u16.mlir:14:14: error: {{.*}}gather index 65535 {{.*}}outside the base buffer

// u64 index: only the low 32 bits count, so 5 + 2^32 reads element 5 but
// 16 + 7 * 2^32 is index 16, past the end of a 16-element i64 base.
// RUN: %python %S/../Inputs/mknpy.py %t.b64.npy i8 "list(range(16))"
// RUN: %python %S/../Inputs/mknpy.py %t.d64.npy i8 "[0] * 32"
// RUN: %python %S/../Inputs/mknpy.py %t.i64.npy u8 "[5 + (1 << 32), 16 + (7 << 32)] + [0] * 62"
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_i64_i64_u64x2.mlir --arg=%t.b64.npy --arg=%t.i64.npy --arg=%t.d64.npy --arg=i32:2 --arg=index:1 2>&1 | FileCheck %s --check-prefix=U64
// U64: gather_i64_i64_u64x2.mlir:14:14: error: {{.*}}gather index 16 in lane 1 is outside the base buffer
