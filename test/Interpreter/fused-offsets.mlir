// The interpreter folds a multiplication by a constant whose one use is the
// offset of a register load / store into the access (Compiler::foldIntoAccess),
// and joins a loop's iter_arg copy to its latch, in plain runs only. The
// folded product must wrap like the 64-bit index multiplication: with
// C = 2^63 + 64 and an even r, r * C = 64 r (mod 2^64).
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[i * 0.5 for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[-1.0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t/want.npy f4 "[i * 0.5 for i in list(range(64)) + list(range(128, 192))]"
// RUN: ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:0 --arg=index:4 --out=1:%t/interp.npy
// RUN: cmp %t/interp.npy %t/want.npy
// RUN: ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:0 --arg=index:4 --mode=jit --out=1:%t/jit.npy
// RUN: cmp %t/jit.npy %t/want.npy
// With the checks on nothing is fused; same result.
// RUN: ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:0 --arg=index:4 --check=all --out=1:%t/check.npy
// RUN: cmp %t/check.npy %t/want.npy
// An odd r puts the load outside UB: the fused run reports the same error,
// at the load, as the traced (unfused) run.
// RUN: not ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:1 --arg=index:4 2> %t/fused.err
// RUN: not ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:1 --arg=index:4 --trace 2> %t/traced.err > /dev/null
// RUN: cmp %t/fused.err %t/traced.err
// RUN: FileCheck %s < %t/fused.err
// CHECK: k.mlir:8:10: error: 'ascreg.load_align' op UB access outside the Unified Buffer: {{.*}}element offset -9223372036854775744 of the buffer at UB address 0x0

//--- k.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %lb: index, %ub: index) {
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %wrap = arith.constant -9223372036854775744 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %r = %lb to %ub step %c2 {
    %soff = arith.muli %r, %wrap : index
    %v = ascreg.load_align %src[%soff] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %doff = arith.muli %c32, %r : index
    ascreg.store_align %v, %dst[%doff], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}
