// Gather indices of 2^31 or more from a UB that large (the reservation is
// lazy): u32 indices are unsigned element counts on every path. The JIT
// gathers with i32 offsets, which x86 sign-extends, so an active index with
// the top bit set must take its i64-offset gathers (GatherLowering.cpp).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/idx.npy u4 "[3 if i % 2 else 2147483650 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0.0] * 64"
// DEFINE: %{run} = ascreg-run %t/far.mlir --arg=%t/idx.npy --arg=%t/dst.npy --ub-capacity=17179869184 --print
// RUN: %{run} | FileCheck %s
// RUN: %{run} --mode=jit | FileCheck %s
// RUN: %{run} --mode=jit --jit-no-checks | FileCheck %s
// CHECK: arg1: memref<?xf32> (64 elements) = [7.5, 1.25, 7.5, 1.25, 7.5, 1.25,
// CHECK-SAME: 7.5, 1.25]

//--- far.mlir
func.func @kernel(%idx: memref<?xi32>, %dst: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 2147483712 : index
  %big = memref.alloc(%n) : memref<?xf32>
  %far = arith.constant 2147483650 : index
  %x = arith.constant 7.5 : f32
  %y = arith.constant 1.25 : f32
  memref.store %x, %big[%far] : memref<?xf32>
  memref.store %y, %big[%c3] : memref<?xf32>
  %i = ascreg.load_align %idx[%c0] : memref<?xi32> -> !ascreg.vreg<64xu32>
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %g = ascreg.gather %big[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %g, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
