// Contract 6a with the Unified Buffer model (docs/semantics.md 2.10, D11,
// P12): a gather index that points past the end of the base buffer but inside
// UB reads the neighbouring UB bytes (as the NPU does) on every path, with no
// error; one that points outside UB stops the run with an error at the op's
// source location, on every path.
// RUN: %python %S/../Inputs/mknpy.py %t.base.npy f2 "[i for i in range(16)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f2 "[0] * 128"

// The last element (index 15) is inside the buffer: the run succeeds.
// RUN: %python %S/../Inputs/mknpy.py %t.in.npy u2 "[0, 15, 7, 15] + [15] * 124"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.in.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --out=2:%t.out.npy --print | FileCheck %s --check-prefix=IN
// IN: arg2: memref<?xf16> (128 elements) = [0, 15, 7, 15, 15,

// Index 16 (one past the end) reads UB byte 32: the first element of the
// next buffer, the index buffer, whose element 0 is 0x3c00 = f16 1.0. Index
// 1000 reads UB byte 2000, after every buffer, which is 0.
// RUN: %python %S/../Inputs/mknpy.py %t.past.npy u2 "[0x3c00, 1000, 2, 16] + [0] * 124"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.past.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --print 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.past.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --mode=check | FileCheck %s --check-prefix=SAME
// The same bits on the JIT and the dav-3510 path, and no error on any path;
// --check=bounds reports the three lanes past the base buffer as a finding.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.past.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --mode=jit --print 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --pass-pipeline=convert-ascreg-to-dav --arg=%t.base.npy --arg=%t.past.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --print 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f16_f16_u16.mlir --arg=%t.base.npy --arg=%t.past.npy --arg=%t.dst.npy --arg=i32:128 --arg=index:1 --check=bounds 2>&1 | FileCheck %s --check-prefix=FINDING
// PAST: arg2: memref<?xf16> (128 elements) = [0, 0, 2, 1, 0,
// PAST-NOT: error
// SAME: identical
// FINDING: gather_f16_f16_u16.mlir:14:14: error: [bounds] 'ascreg.gather' op gathers lanes 0-1,3 from outside its base buffer of 16 elements

// f32 with a u32 index: index 100000 is UB byte 400000, outside the 248 KiB UB.
// RUN: %python %S/../Inputs/mknpy.py %t.b32.npy f4 "[1.0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.d32.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.i32.npy u4 "[0, 1, 2, 100000] + [0] * 60"
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b32.npy --arg=%t.i32.npy --arg=%t.d32.npy --arg=i32:64 --arg=index:1 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b32.npy --arg=%t.i32.npy --arg=%t.d32.npy --arg=i32:64 --arg=index:1 --mode=jit 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: gather_f32_f32_u32.mlir:14:14: error: 'ascreg.gather' op gather index 100000 in lane 3 reads UB byte 400000, outside the Unified Buffer of 253952 bytes (base buffer at UB address 0x0)
// OOB-NOT: error

// The same index in an inactive lane (count 3) is not read: no error.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b32.npy --arg=%t.i32.npy --arg=%t.d32.npy --arg=i32:3 --arg=index:1 --mode=check | FileCheck %s --check-prefix=SAME

// u64 index: only the low 32 bits count, so 5 + 2^32 reads element 5 but
// 2^31 + 7 * 2^32 is index 2^31, far outside UB.
// RUN: %python %S/../Inputs/mknpy.py %t.b64.npy i8 "list(range(16))"
// RUN: %python %S/../Inputs/mknpy.py %t.d64.npy i8 "[0] * 32"
// RUN: %python %S/../Inputs/mknpy.py %t.i64.npy u8 "[5 + (1 << 32), (1 << 31) + (7 << 32)] + [0] * 62"
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_i64_i64_u64x2.mlir --arg=%t.b64.npy --arg=%t.i64.npy --arg=%t.d64.npy --arg=i32:2 --arg=index:1 2>&1 | FileCheck %s --check-prefix=U64
// U64: gather_i64_i64_u64x2.mlir:14:14: error: 'ascreg.gather' op gather index 2147483648 in lane 1 reads UB byte 17179869184, outside the Unified Buffer
