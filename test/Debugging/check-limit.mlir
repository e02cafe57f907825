// --check-limit bounds what is RECORDED, never what runs (issue 25, item 6):
// the kernel runs to its end, so --check-warn writes complete outputs and
// --mode=check compares complete runs; findings past the limit are counted
// in one remark. --check-limit=0 means no limit.
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/a.npy f4 "[i * 0.5 for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/zero.npy f4 "[0] * 256"
// DEFINE: %{run} = ascreg-run %t/copy2.mlir --arg=%t/a.npy:uninit --arg=%t/zero.npy --arg=%t/zero.npy --arg=index:256 --check=init --check-warn

// Two distinct findings (the two stores of uninitialised data, 4 times
// each); the limit 1 records the first and counts the second. Both outputs
// are complete copies of a (they were 64 of 256 elements when the limit
// stopped the run).
// RUN: %{run} --check-limit=1 --out=1:%t/b.npy --out=2:%t/c.npy 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: copy2.mlir:9:7: warning: [init] 'ascreg.store_align' op stores uninitialized data
// ONE-NOT: warning: [init]
// ONE: copy2.mlir:2:3: remark: 1 more distinct findings were not recorded: the limit is 1 per run (the run went on to its end)
// RUN: cmp %t/b.npy %t/a.npy
// RUN: cmp %t/c.npy %t/a.npy

// Check mode: the interpreter's run is complete, so it agrees with the JIT.
// RUN: %{run} --check-limit=1 --mode=check | FileCheck %s --check-prefix=CHECKMODE
// CHECKMODE: identical

// --check-limit=0: no limit (it once meant 1).
// RUN: %{run} --check-limit=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: copy2.mlir:9:7: warning: [init] 'ascreg.store_align' op stores uninitialized data
// ZERO: copy2.mlir:10:7: warning: [init] 'ascreg.store_align' op stores uninitialized data
// ZERO-NOT: remark

//--- copy2.mlir
module {
  func.func @kernel(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    scf.for %i = %c0 to %n step %c64 {
      %v = ascreg.load_align %a[%i] : memref<?xf32> -> !ascreg.vreg<64xf32>
      // The stores of lines 9 and 10.
      ascreg.store_align %v, %b[%i], %all : !ascreg.vreg<64xf32>, memref<?xf32>
      ascreg.store_align %v, %c[%i], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
