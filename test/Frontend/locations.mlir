// Location fidelity with the tools: the locations a frontend attaches (here a
// NameLoc over a FileLineColLoc into user.py) are kept by the lowering and
// named by the interpreter's runtime errors.
// RUN: ascreg-opt %s --convert-ascreg-to-vector --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: ascreg-opt %s --ascreg-lower-to-llvm --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LLVM
// RUN: %python %S/../Inputs/mknpy.py %t.table.npy f4 "[i * 1.5 for i in range(16)]"
// RUN: %python %S/../Inputs/mknpy.py %t.rows.npy i4 "[i %% 16 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.bad.npy i4 "[100000 if i == 5 else i %% 16 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.out.npy f4 "[0] * 64"
// RUN: ascreg-run %s --entry=gather_rows --arg=%t.table.npy --arg=%t.rows.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=OK
// RUN: not ascreg-run %s --entry=gather_rows --arg=%t.table.npy --arg=%t.bad.npy --arg=%t.out.npy 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not ascreg-run %s --entry=gather_rows --mode=jit --arg=%t.table.npy --arg=%t.bad.npy --arg=%t.out.npy 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: ascreg-run %s --entry=gather_rows --mode=jit --arg=%t.table.npy --arg=%t.rows.npy --arg=%t.out.npy --print 2>&1 | FileCheck %s --check-prefix=OK

// CHECK-LABEL: func.func @gather_rows
// CHECK: vector.gather {{.*}} loc("gather_rows"("user.py":12:3))
// CHECK: vector.maskedstore {{.*}} loc("out"("user.py":12:5))
// LLVM-LABEL: llvm.func @gather_rows
// LLVM: llvm.intr.masked.gather {{.*}} loc("gather_rows"("user.py":12:3))
// OK: arg2: memref<64xf32> (64 elements) = [0, 1.5, 3,
// OOB: user.py:12:3: error: {{.*}}gather index 100000 in lane 5 reads UB byte 400000, outside the Unified Buffer
module attributes {ascreg.target = "dav-3510"} {
  func.func @gather_rows(%table: memref<?xf32>, %rows: memref<64xi32>, %out: memref<64xf32>) {
    %c0 = arith.constant 0 : index loc("out"("user.py":12:5))
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32> loc("out"("user.py":12:5))
    %i = ascreg.load_align %rows[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32> loc("rows"("user.py":12:28))
    %g = ascreg.gather %table[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32> loc("gather_rows"("user.py":12:3))
    ascreg.store_align %g, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32> loc("out"("user.py":12:5))
    return loc("out"("user.py":12:5))
  } loc("gather_rows"("user.py":11:1))
}
