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

// A product whose one use reads it otherwise (an add, a yield, a loop bound,
// a scalar store's index) is computed just before that use, in fused and
// unfused runs alike (the checks, except coverage: the kernel writes one
// element): dst[3] = 3 * (the loop below over i < 4) = 1710.
// RUN: %python %S/../Inputs/mknpy.py %t/zeros.npy i8 "[0] * 4"
// RUN: %python %S/../Inputs/mknpy.py %t/want-other.npy i8 "[0, 0, 0, 1710]"
// RUN: ascreg-run %t/other.mlir --arg=%t/zeros.npy --arg=index:4 --out=0:%t/other.npy
// RUN: cmp %t/other.npy %t/want-other.npy
// RUN: ascreg-run %t/other.mlir --arg=%t/zeros.npy --arg=index:4 --check=init,bounds,align,ub --out=0:%t/other-check.npy
// RUN: cmp %t/other-check.npy %t/want-other.npy
// RUN: ascreg-run %t/other.mlir --arg=%t/zeros.npy --arg=index:4 --mode=jit --out=0:%t/other-jit.npy
// RUN: cmp %t/other-jit.npy %t/want-other.npy

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

//--- other.mlir
func.func @kernel(%dst: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %bound = arith.muli %n, %c1 : index
  %sum = scf.for %i = %c0 to %bound step %c1 iter_args(%acc = %c0) -> (index) {
    %p = arith.muli %i, %c3 : index
    %q = arith.addi %acc, %p : index
    %y = arith.muli %q, %c5 : index
    scf.yield %y : index
  }
  %t = arith.muli %sum, %c3 : index
  %v = arith.index_cast %t : index to i64
  %k = arith.muli %c1, %c3 : index
  memref.store %v, %dst[%k] : memref<?xi64>
  return
}
