// --explain=I:E: where an output element comes from: the store that last
// wrote it, and recursively the ops and input lanes before it.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f2 "[float(i % 50) for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/nan.npy f2 "[float('nan') if i == 17 else float(i % 50) for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f2 "[0] * 256"
// DEFINE: %{seed} = %ascreg_src_root/examples/seeds/reduce_max_loop.mlir --arg=%t/dst.npy

// Seed 000 as the seed writes it: the reduce result is stored with the
// reduce's own mask. With 129 elements the last register has a tail count of
// 1, so only lane 0 (the max) is stored and the max's index in lane 1 is lost:
// element 129 was never written, and the explanation says why.
// RUN: ascreg-run %{seed} --arg=%t/src.npy --arg=i32:129 --arg=index:128 --arg=index:2 --explain=0:128-129 | FileCheck %s --check-prefix=SEED
// SEED: explain: parameter 0 element 128 = 28 (0x4f00)
// SEED-NEXT: ascreg.store_align at {{.*}}reduce_max_loop.mlir:22:7 [%arg5 (scf.for at line 16) = 1]: stores lane 0 of %3 = 28 (0x4f00) to UB byte 256
// SEED-NEXT: ascreg.reduce at {{.*}}reduce_max_loop.mlir:20:17 [%arg5 (scf.for at line 16) = 1]: lane 0 of %3 = 28 (0x4f00) = max of the 1 active lanes 0 of %2 = 28 (0x4f00); lane 0 decides it
// SEED-NEXT: ascreg.load_align at {{.*}}reduce_max_loop.mlir:18:17 [%arg5 (scf.for at line 16) = 1]: lane 0 of %2 = 28 (0x4f00), loaded from UB byte 768 (element 128 of %arg1)
// SEED-NEXT: UB bytes [768, 1024): input data of parameter 1 (no store of this run wrote them)
// SEED-NEXT: explain: parameter 0 element 129 = 0 (0x0000)
// SEED-NEXT: never written by the kernel (it keeps its input value); the last store over it:
// SEED-NEXT: ascreg.store_align at {{.*}}reduce_max_loop.mlir:22:7 [%arg5 (scf.for at line 16) = 1]: covered the element with lane 1 of %3 = 0 (0x0000), but its mask %mask has only lanes 0 active: lane 1 was not stored

// A NaN decides a max: the first NaN wins, and lane 1 holds its index (17,
// the raw f16 bits 0x0011). --explain-depth=1 stops below the reduce.
// RUN: ascreg-run %{seed} --arg=%t/nan.npy --arg=i32:256 --arg=index:128 --arg=index:2 --explain=0:0,1 --explain-depth=1 | FileCheck %s --check-prefix=NAN
// NAN: explain: parameter 0 element 0 = nan (0x7e00)
// NAN: ascreg.reduce at {{.*}}: lane 0 of %3 = nan (0x7e00) = max of the 128 active lanes 0-127 of %2 = nan (0x7e00); lane 17 decides it (first NaN at lane 17)
// NAN-NOT: ascreg.load_align
// NAN: explain: parameter 0 element 1 = 1.01328e-06 (0x0011)
// NAN: ascreg.reduce at {{.*}}: lane 1 of %3 = 1.01328e-06 (0x0011): the index 17 of the max of the 128 active lanes 0-127 of %2 (the max is nan (0x7e00)); lane 17 decides it (first NaN at lane 17)

// Ties: the first of the lanes holding the max wins (49 at lanes 49 and 99).
// RUN: ascreg-run %{seed} --arg=%t/src.npy --arg=i32:256 --arg=index:128 --arg=index:2 --explain=0:0 --explain-depth=1 | FileCheck %s --check-prefix=TIE
// TIE: lane 49 decides it (the first of the lanes 49,99 holding it)

// An element no store covered at all.
// RUN: ascreg-run %{seed} --arg=%t/src.npy --arg=i32:256 --arg=index:128 --arg=index:1 --explain=0:200 | FileCheck %s --check-prefix=NEVER
// NEVER: explain: parameter 0 element 200 = 0 (0x0000)
// NEVER-NEXT: never written by the kernel, and no store covered it: it keeps its input value

// A gather: the element comes from the buffer element its index names
// (index lane 3 = 3 * 7 = 21, table[21] = 10.5).
// RUN: %python %S/../Inputs/mknpy.py %t/table.npy f4 "[i * 0.5 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/idx.npy u4 "[(i * 7) % 64 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/out.npy f4 "[0] * 64"
// RUN: ascreg-run %t/gather.mlir --arg=%t/table.npy --arg=%t/idx.npy --arg=%t/out.npy --explain=2:3 | FileCheck %s --check-prefix=GATHER
// GATHER: explain: parameter 2 element 3 = 10.5 (0x41280000)
// GATHER-NEXT: ascreg.store_align at {{.*}}gather.mlir:8:5: stores lane 3 of %2 = 10.5 (0x41280000) to UB byte 524
// GATHER-NEXT: ascreg.gather at {{.*}}gather.mlir:7:10: lane 3 of %2 = 10.5 (0x41280000) = %arg0[21] (UB byte 84); the index is lane 3 of %1
// GATHER-NEXT: ascreg.load_align at {{.*}}gather.mlir:5:10: lane 3 of %1 = 21 (0x00000015), loaded from UB byte 268 (element 3 of %arg1)

// Bad requests are errors of the command line.
// RUN: not ascreg-run %{seed} --arg=%t/src.npy --arg=i32:256 --arg=index:128 --arg=index:2 --explain=0:300 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ascreg-run: error: --explain=0:300: element 300 is outside the 256 elements of parameter 0
// RUN: not ascreg-run %{seed} --arg=%t/src.npy --arg=i32:256 --arg=index:128 --arg=index:2 --explain=2:0 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: ascreg-run: error: --explain=2:0: parameter 2 is not a memref parameter
// RUN: not ascreg-run %{seed} --arg=%t/src.npy --arg=i32:256 --arg=index:128 --arg=index:2 --explain=0:x 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: ascreg-run: error: --explain=0:x: 'x' is not an element or a range E-F

//--- gather.mlir
module {
  func.func @kernel(%table: memref<?xf32>, %idx: memref<?xi32>, %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %i = ascreg.load_align %idx[%c0] : memref<?xi32> -> !ascreg.vreg<64xu32>
    // (a comment line keeps the gather on line 7)
    %g = ascreg.gather %table[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %g, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
