// --report of a run that fails (issue 25, item 15): the page is written
// with the run's error, as Kernel.report and the C API write it (the same
// recordRun), and the exit is still 1. A failed run is when a picture helps.
// (An access outside UB is not a failure here: the report run's checks turn
// it into a finding and skip it, docs/report.md.)
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/a.npy f4 "[1.0] * 128"

// A loop step of 0: the error on stderr, the page with the error.
// RUN: not ascreg-run %t/step.mlir --arg=%t/a.npy --arg=index:0 --report=%t/interp.html --out=0:%t/out.npy 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: step.mlir:5:3: error: 'scf.for' op loop step 0 is not positive
// RUN: FileCheck %s --check-prefix=PAGE < %t/interp.html
// PAGE: interpreter: failed
// PAGE: interpreter failed: step.mlir:5:3: {{.*}}loop step 0 is not positive
// No output of a failed run.
// RUN: not test -e %t/out.npy

// In check mode the interpreter's failure is drawn the same way.
// RUN: not ascreg-run %t/step.mlir --arg=%t/a.npy --arg=index:0 --mode=check --report=%t/check.html 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: FileCheck %s --check-prefix=PAGE < %t/check.html

//--- step.mlir
func.func @kernel(%a: memref<?xf32>, %step: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %i = %c0 to %c128 step %step {
    %v = ascreg.load_align %a[%i] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %a[%i], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}
