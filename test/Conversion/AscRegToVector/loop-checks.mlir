// UB access checks proven once at loop entry (ProvenAccessLoops.cpp).
// RUN: split-file %s %t
// RUN: ascreg-opt %t/lower.mlir --convert-ascreg-to-vector | FileCheck %t/lower.mlir
// RUN: ascreg-opt %t/ub.mlir --ascreg-expose-ub --convert-ascreg-to-vector --canonicalize --cse | FileCheck %t/ub.mlir
// RUN: %python %S/../../Inputs/mknpy.py %t/src.npy f4 "[float(i) for i in range(128)]"
// RUN: %python %S/../../Inputs/mknpy.py %t/dst.npy f4 "[0.5] * 64"

// Executed (src at UB byte 0, dst at 512, a UB of 253952 bytes): two
// iterations stay inside src, the proof holds and no check runs in the loop;
// dst gets the second register of src, as in the interpreter.
// RUN: ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:2 --arg=index:0 --mode=jit --print | FileCheck %s --check-prefix=FAST
// RUN: ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:2 --arg=index:0 --print | FileCheck %s --check-prefix=FAST
// FAST: arg1: memref<?xf32> (64 elements) = [64, 65, 66, {{.*}}, 126, 127]

// 992 iterations: the last one loads the last 256 bytes of UB; the proof
// holds at the very end of UB and both paths agree.
// RUN: ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:992 --arg=index:0 --mode=check | FileCheck %s --check-prefix=END
// END: identical

// 993 iterations: only the last one (iteration 992) leaves UB. The proof
// fails, every iteration checks and the last one reports its access, with
// the interpreter's message.
// RUN: not ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:993 --arg=index:0 --mode=jit 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: not ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:993 --arg=index:0 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: exec.mlir:9:10: error: 'ascreg.load_align' op UB access outside the Unified Buffer: UB bytes [253952, 254208) (element offset 63488 of the buffer at UB address 0x0)

// A start at element 4 (byte 16) is misaligned: the proof fails on the
// first iteration's alignment and iteration 0 reports it.
// RUN: not ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:2 --arg=index:4 --mode=jit 2>&1 | FileCheck %s --check-prefix=MIS
// RUN: not ascreg-run %t/exec.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:2 --arg=index:4 2>&1 | FileCheck %s --check-prefix=MIS
// MIS: exec.mlir:9:10: error: 'ascreg.load_align' op misaligned

//--- lower.mlir
// A load whose offset steps by one register per iteration and a store at a
// fixed offset: the checks of the first and the last iteration's accesses
// are evaluated once before the loop, by a call of the loop's proof;
// inside it, each access checks only when they fail (one loop-invariant
// branch), so the loop exists once.
// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[PROVEN:.*]] = call @[[PROOF:__ascreg_loop_proof[_0-9]*]](%[[N]], %[[SRC]], %[[DST]]) : (index, memref<?xf32>, memref<?xf32>) -> i1
// CHECK-NEXT: scf.for %[[I:.*]] = %{{.*}} to %[[N]]
// CHECK: %[[UNPROVEN:.*]] = arith.xori %[[PROVEN]], %{{.*}} : i1
// CHECK-NEXT: scf.if %[[UNPROVEN]] {
// CHECK: cf.assert %{{.*}}, "ascreg.load_align at {{.*}}: UB access outside the Unified Buffer"
// CHECK: cf.assert %{{.*}}, "ascreg.load_align at {{.*}}: misaligned UB address
// CHECK-NEXT: }
// CHECK-NEXT: vector.load %[[SRC]]
// CHECK: %[[UNPROVEN2:.*]] = arith.xori %[[PROVEN]], %{{.*}} : i1
// CHECK-NEXT: scf.if %[[UNPROVEN2]] {
// CHECK: cf.assert %{{.*}}, "ascreg.store_align at {{.*}}: UB access outside the Unified Buffer"
// CHECK: vector.maskedstore %[[DST]]
// CHECK-NOT: scf.for
// The proof is a function of the loop's bounds and the buffers, which LLVM
// neither inlines nor optimizes: no iteration, or the checks at the first
// and the last one (lb + (ub - lb - 1) / step * step) hold.
// CHECK: func.func private @[[PROOF]](%[[PN:.*]]: index, %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>) -> i1 attributes {ascreg.loop_proof, passthrough = ["noinline", "optnone", "nounwind", ["ascreg-loop-proof", ""]]}
// CHECK: %[[EMPTY:.*]] = arith.cmpi sle, %[[PN]], %{{.*}} : index
// CHECK: %[[LASTSPAN:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK: %[[LASTOFF:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[PROOFV:.*]] = arith.ori %[[EMPTY]], %{{.*}} : i1
// CHECK-NEXT: return %[[PROOFV]] : i1
func.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %off = arith.muli %i, %c64 : index
    %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}

// An offset that is not affine in the induction variable (i * i) has no
// proof at the loop's entry: its checks run unconditionally.
// CHECK-LABEL: func.func @square
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: cf.assert %{{.*}}, "ascreg.load_align at {{.*}}: UB access outside the Unified Buffer"
// CHECK-NOT: scf.for
func.func @square(%src: memref<?xf32>, %n: index) -> !ascreg.vreg<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (!ascreg.vreg<64xf32>) {
    %off = arith.muli %i, %i : index
    %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
    scf.yield %v : !ascreg.vreg<64xf32>
  }
  return %r : !ascreg.vreg<64xf32>
}

// A stride of 16 bytes keeps 32-byte alignment only every other
// iteration: the first one's alignment proves nothing, the checks run
// unconditionally.
// CHECK-LABEL: func.func @half_stride
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: cf.assert %{{.*}}, "ascreg.load_align at {{.*}}: misaligned UB address
func.func @half_stride(%src: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c1 {
    %off = arith.muli %i, %c4 : index
    %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
  }
  return
}

//--- exec.mlir
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index, %start: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %step = arith.muli %i, %c64 : index
    %off = arith.addi %step, %start : index
    %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}

//--- ub.mlir
// With an explicit UB (ascreg-expose-ub) each store records the range it
// writes in the UB state. A proven loop that nothing else can stop (no
// unproven check, nothing else with memory effects) records the union of
// all its iterations' ranges once, before it, when it runs at all: [lowest
// store address, highest + 256 bytes), which its proof returns too; each
// iteration records its range only when the proof failed.
// CHECK-LABEL: func.func @copy
// CHECK-SAME: %[[N:[^:]*]]: index, %{{.*}}: memref<?xi8>, %[[STATE:.*]]: memref<4xindex>
// CHECK: %[[P:.*]]:4 = call @[[PROOF:__ascreg_loop_proof[_0-9]*]](%[[N]], {{.*}}) -> (i1, i1, index, index)
// CHECK-NEXT: scf.if %[[P]]#1 {
// CHECK-NEXT: %[[WEND:.*]] = arith.addi %[[P]]#2, %[[P]]#3 : index
// CHECK: memref.store %{{.*}}, %[[STATE]]
// CHECK: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK: %[[UNPROVEN:.*]] = arith.xori %[[P]]#0, %{{.*}} : i1
// CHECK: scf.if %[[UNPROVEN]] {
// CHECK: cf.assert %{{.*}}, "ascreg.store_align at {{.*}}: UB access outside the Unified Buffer"
// CHECK: scf.if %[[UNPROVEN]] {
// CHECK: memref.store %{{.*}}, %[[STATE]]
// CHECK: memref.store %{{.*}}, %[[STATE]]
// CHECK-NEXT: }
// CHECK-NEXT: vector.store
// CHECK-NOT: scf.for
// The proof returns whether it holds, whether the loop runs and the range.
// CHECK: func.func private @[[PROOF]](%[[PN:[^:]*]]: index, {{.*}}) -> (i1, i1, index, index) attributes {ascreg.loop_proof
// CHECK: %[[EMPTY:.*]] = arith.cmpi sle, %[[PN]], %{{.*}} : index
// CHECK: %[[DSTADDR:.*]] = arith.subi %intptr_{{.*}}, %intptr
// CHECK: %[[LASTBYTES:.*]] = arith.muli %{{.*}}, %[[C256:.*]] : index
// CHECK: %[[LASTADDR:.*]] = arith.addi %[[DSTADDR]], %[[LASTBYTES]] : index
// CHECK: %[[LO:.*]] = arith.minsi %[[DSTADDR]], %[[LASTADDR]] : index
// CHECK: %[[HI:.*]] = arith.maxsi %[[DSTADDR]], %[[LASTADDR]] : index
// CHECK: %[[SPAN:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK: %[[BYTES:.*]] = arith.addi %[[SPAN]], %[[C256]] : index
// CHECK: %[[PROVEN:.*]] = arith.ori %[[EMPTY]], %[[HOLDS:.*]] : i1
// CHECK: %[[RUNS:.*]] = arith.andi %[[HOLDS]], %{{.*}} : i1
// CHECK-NEXT: return %[[PROVEN]], %[[RUNS]], %[[LO]], %[[BYTES]] : i1, i1, index, index
func.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %off = arith.muli %i, %c64 : index
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}
