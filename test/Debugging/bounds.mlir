// --check=bounds and --check=align: accesses outside their buffer but inside
// UB (a store's active lanes, an active gather index, data loaded from
// outside its buffer that reaches a use), and accesses outside UB or
// misaligned, which become findings while the run goes on (the access is
// skipped), all of them, up to --check-limit.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/base.npy f4 "[float(i) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/idx.npy u4 "[70 if i == 5 else i for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"

// Index 70 in lane 5 reads past the 64-element base; the store at element 8
// writes lanes 56-63 past the 64-element destination.
// RUN: not ascreg-run %t/k.mlir --arg=%t/base.npy --arg=%t/idx.npy --arg=%t/dst.npy --arg=index:8 --check=bounds 2>&1 | FileCheck %s --check-prefix=INUB
// INUB: k.mlir:6:10: error: [bounds] 'ascreg.gather' op gathers lanes 5 from outside its base buffer of 64 elements
// INUB: k.mlir:7:5: error: [bounds] 'ascreg.store_align' op stores data read outside its buffer (lanes 5)
// INUB: k.mlir:6:10: note: the data comes from 'ascreg.gather' here
// INUB: k.mlir:7:5: error: [bounds] 'ascreg.store_align' op writes lanes 56-63 outside its buffer of 64 elements
// Without the check the kernel runs as on the NPU (neighbouring UB bytes).
// RUN: ascreg-run %t/k.mlir --arg=%t/base.npy --arg=%t/idx.npy --arg=%t/dst.npy --arg=index:8

// Outside UB and misaligned: findings, and the run goes on to the end.
// RUN: not ascreg-run %t/k.mlir --arg=%t/base.npy --arg=%t/idx.npy --arg=%t/dst.npy --arg=index:100000 --check=bounds 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: k.mlir:7:5: error: [bounds] 'ascreg.store_align' op UB access outside the Unified Buffer: UB bytes [400512, 400768) (element offset 100000 of the buffer at UB address 0x200); the UB has 253952 bytes (set it with --ub-capacity); the access is skipped
// RUN: not ascreg-run %t/k.mlir --arg=%t/base.npy --arg=%t/idx.npy --arg=%t/dst.npy --arg=index:3 --check=align 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: k.mlir:7:5: error: [align] 'ascreg.store_align' op misaligned UB address 0x20c {{.*}}; the access is skipped
// Every violation of a loop is one finding with its count.
// RUN: not ascreg-run %t/loop.mlir --arg=%t/dst.npy --arg=index:5 --check=align 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: loop.mlir:8:7: error: [align] 'ascreg.store_align' op misaligned UB address 0x4
// COUNT: note: first in the iteration %arg2 (scf.for at line 6) = 0; 5 occurrences in all
// --check-limit records at most that many findings (check-limit.mlir).
// RUN: not ascreg-run %t/k.mlir --arg=%t/base.npy --arg=%t/idx.npy --arg=%t/dst.npy --arg=index:8 --check=bounds --check-limit=1 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: error: [bounds] 'ascreg.gather'
// LIMIT-NOT: error

//--- k.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %idx: memref<?xui32>, %dst: memref<?xf32>, %off: index) {
    %c0 = arith.constant 0 : index
    %i = ascreg.load_align %idx[%c0] : memref<?xui32> -> !ascreg.vreg<64xu32>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %g = ascreg.gather %src[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %g, %dst[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
//--- loop.mlir
module {
  func.func @kernel(%dst: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    scf.for %r = %c0 to %n step %c1 {
      %v = ascreg.load_align %dst[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %v, %dst[%c1], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
