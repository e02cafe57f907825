// Kernels run before and after the dav-3510 lowering give the same results.
// A 64-bit sum with lane 0 masked off: the contract's exact sum; the vendor
// library's own 32-bit emulation would return 0 here (docs/semantics.md).
// x[i] = 0xffffffff + i, lanes 1..31 active:
//   sum = 31 * 0xffffffff + (1 + ... + 31) = 133143986145 + 496 = 133143986641.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/x.npy u8 "[0xffffffff + i for i in range(32)]"
// RUN: %python %S/../Inputs/mknpy.py %t/y.npy u8 "[7] * 32"
// RUN: ascreg-run %t/sum.mlir --arg=%t/x.npy --arg=%t/y.npy --print | FileCheck %s
// RUN: ascreg-run %t/sum.mlir --arg=%t/x.npy --arg=%t/y.npy --print --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s
// CHECK: arg1: memref<?xi64> (32 elements) = [133143986641, 0, 0,

// Every kernel of the seeds, interpreted after the lowering.
// RUN: %python %S/../Inputs/mknpy.py %t/h.npy f2 "[1.14 if i in (114, 127) else (i % 50) * 0.02 for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/hd.npy f2 "[7] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/reduce_max_loop.mlir --arg=%t/hd.npy --arg=%t/h.npy --arg=i32:128 --arg=index:128 --arg=index:1 --print --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s --check-prefix=MAX
// MAX: arg0: memref<?xf16> (128 elements) = [1.13965, 6.79493e-06, 0, 0, 0,

// The argmax example through the lowering, and its trace shows dav intrinsics.
// RUN: %python %S/../Inputs/mknpy.py %t/a.npy f4 "[5.0 if i in (70, 300) else (i % 13) * 0.25 for i in range(1024)]"
// RUN: %python %S/../Inputs/mknpy.py %t/v.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/i.npy i4 "[-1] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/argmax.mlir --arg=%t/a.npy --arg=%t/v.npy --arg=%t/i.npy --arg=i32:800 --print --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s --check-prefix=ARGMAX
// ARGMAX: arg1: memref<64xf32> (64 elements) = [5, 0, 0,
// ARGMAX: arg2: memref<64xi32> (64 elements) = [70, -1, -1,
// RUN: ascreg-run %ascreg_src_root/examples/argmax.mlir --arg=%t/a.npy --arg=%t/v.npy --arg=%t/i.npy --arg=i32:800 --trace --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s --check-prefix=TRACE
// TRACE: [ascreg-trace] dav.plt_b32 at
// TRACE: [ascreg-trace] dav.vcmp <gt> at
// TRACE: [ascreg-trace] dav.vcmax at

//--- sum.mlir
module {
  func.func @kernel(%src: memref<?xi64>, %dst: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %first = ascreg.create_mask <VL1> for !ascreg.vreg<32xu64>
    %m = ascreg.mask_not %first for !ascreg.vreg<32xu64>
    %v = ascreg.load_align %src[%c0] : memref<?xi64> -> !ascreg.vreg<32xu64>
    %s = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xu64> -> !ascreg.vreg<32xu64>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<32xu64>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<32xu64>, memref<?xi64>
    return
  }
}
