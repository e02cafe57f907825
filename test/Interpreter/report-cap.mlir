// The report's cap counts every traced op, wherever it runs: ops outside
// every scf loop (here the body of a cf loop) were always drawn, so a cf
// loop around an scf.for drew every trip (20,000 trips: a 72 MB page). Now
// at most ReportCaps::drawnOps = 1024 ops are drawn per run and the page
// says it was truncated (docs/report.md).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: ascreg-run %t/cf-loop.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:3000 --report=%t/page.html
// RUN: FileCheck %s < %t/page.html
// RUN: %python -c "import os, sys; n = os.path.getsize(sys.argv[1]); sys.exit(0 if n < 5000000 else 'page of %%d bytes' %% n)" %t/page.html
// The create_mask, then 5 ops in 3 groups per trip: the load outside loops
// (trip 0's joins the create_mask's group), then %i = 0 and %i = 1 with an
// add and a store each. 1024 drawn ops keep 2 tail groups of at most 64
// ops; the other 896 go, in run order, to the create_mask, the first 4 loop
// groups (8 ops, trips 0 and 1) and the loads of trips 0-886; then the 2
// tail groups (%i = 0 and 1 of the last trip, 4 ops): 900 drawn. (The
// page was 11 MB before; it is about 3.3 MB.)
// CHECK: 15001 ops in 9000 groups; 900 drawn
// CHECK: &hellip; truncated: this run reached the page's cap of 1024 drawn ops
// And a kernel below the cap draws everything, with no such note.
// RUN: ascreg-run %t/cf-loop.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:3 --report=%t/small.html
// RUN: FileCheck %s --check-prefix=SMALL < %t/small.html
// SMALL: 16 ops in 9 groups; 16 drawn
// SMALL-NOT: truncated

//--- cf-loop.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %trips: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    cf.br ^loop(%c0 : index)
  ^loop(%t: index):
    %more = arith.cmpi slt, %t, %trips : index
    cf.cond_br %more, ^body, ^done
  ^body:
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %w = ascreg.add %v, %v, %all : !ascreg.vreg<64xf32>
      ascreg.store_align %w, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    %next = arith.addi %t, %c1 : index
    cf.br ^loop(%next : index)
  ^done:
    return
  }
}
