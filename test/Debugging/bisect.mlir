// --bisect-pipeline: the kernel runs before the pipeline and after each pass
// on the same inputs; the first pass after which a buffer differs is named.
// The planted miscompiles come from a pass plugin (test/lib/TestPasses).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float((i * 37) % 101) for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 128"
// DEFINE: %{args} = --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2 --load-pass-plugin=%ascreg_test_passes

// A pass that swaps reduce <max> and <min> is named; passes before it are
// identical, passes after it inherit the difference. Every stage here is
// ascreg or dav IR, so the interpreter runs all of them.
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='canonicalize,test-ascreg-swap-reduce-kind,convert-ascreg-to-dav' | FileCheck %s --check-prefix=SWAP
// SWAP: bisect: 3 passes
// SWAP-NEXT: before the pipeline {{ *}}interpreter reference
// SWAP-NEXT: 1 canonicalize {{ *}}interpreter identical
// SWAP-NEXT: 2 test-ascreg-swap-reduce-kind {{ *}}interpreter DIFFERS: 4 elements
// SWAP-NEXT: 3 convert-ascreg-to-dav {{ *}}interpreter DIFFERS: 4 elements
// SWAP-NEXT: bisect: the results first differ after pass 2 'test-ascreg-swap-reduce-kind'
// The max of 37*i mod 101 over lanes 0-63 is 100 at lane 30 (37*30 = 1110 = 10*101 + 100),
// its index stored as the raw bits 30; the min is 0 at lane 0.
// SWAP-NEXT: parameter 1 element 0: before 100 (0x42c80000), after 0 (0x00000000)
// SWAP-NEXT: parameter 1 element 1: before 4.20389539e-44 (0x0000001e), after 0 (0x00000000)

// Dropping the loop's first iteration loses the first register's results;
// with --explain the same element is explained in both runs.
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='builtin.module(func.func(cse),test-ascreg-drop-first-iteration)' --explain=1:0 --explain-depth=1 | FileCheck %s --check-prefix=DROP
// DROP: 1 func.func(cse) {{ *}}interpreter identical
// DROP-NEXT: 2 test-ascreg-drop-first-iteration {{ *}}interpreter DIFFERS: 2 elements
// DROP: bisect: the results first differ after pass 2 'test-ascreg-drop-first-iteration'
// DROP: before the pipeline:
// DROP-NEXT: explain: parameter 1 element 0 = 100 (0x42c80000)
// DROP-NEXT: ascreg.store_align at {{.*}}k.mlir:11:7 [%arg4 (scf.for at line 6) = 0]: stores lane 0 of %3 = 100
// DROP-NEXT: ascreg.reduce at {{.*}}k.mlir:10:12 [%arg4 (scf.for at line 6) = 0]: lane 0 of %3 = 100 (0x42c80000) = max of the 64 active lanes 0-63 of %2 = 100 (0x42c80000); lane 30 decides it
// DROP: after pass 2 'test-ascreg-drop-first-iteration':
// DROP-NEXT: explain: parameter 1 element 0 = 0 (0x00000000)
// DROP-NEXT: never written by the kernel

// Past the vector lowering the interpreter cannot run the IR: those stages
// are lowered the rest of the way and run by the JIT, and the report says so
// (here the first op it cannot run is the call of the loop's access proof).
// The miscompile before them is still the one named.
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='test-ascreg-swap-reduce-kind,convert-ascreg-to-vector' | FileCheck %s --check-prefix=JIT
// JIT: 1 test-ascreg-swap-reduce-kind {{ *}}interpreter DIFFERS: 4 elements
// JIT-NEXT: 2 convert-ascreg-to-vector {{ *}}JIT {{ *}}DIFFERS: 4 elements
// JIT-NEXT: (the interpreter does not execute this IR: {{.*}}k.mlir:{{[0-9]+}}:{{[0-9]+}}: the ascreg interpreter does not execute 'func.call'{{.*}}; the standard lowering was finished and the JIT ran it)
// JIT-NEXT: bisect: the results first differ after pass 1 'test-ascreg-swap-reduce-kind'

// --report draws the run before the pipeline and the run after the guilty
// pass side by side (docs/report.md).
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='canonicalize,test-ascreg-swap-reduce-kind' --report=%t/bisect.html > /dev/null
// RUN: FileCheck %s --check-prefix=HTML < %t/bisect.html
// HTML: <!DOCTYPE html>
// HTML: before the pipeline
// HTML: after pass 2 'test-ascreg-swap-reduce-kind'

// A correct pipeline, through the dav-3510 lowering and the vector lowering:
// every stage identical, exit 0.
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='canonicalize,cse,convert-ascreg-to-vector,canonicalize' | FileCheck %s --check-prefix=CLEAN
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='convert-ascreg-to-dav,canonicalize' | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: DIFFERS
// CLEAN: bisect: no pass changes the results

// Errors: an unknown pass, a pass that fails, a plugin that does not load,
// and options bisection does not take.
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='canonicalize,no-such-pass' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: --bisect-pipeline: 'no-such-pass': {{.*}}no-such-pass
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='convert-ascreg-to-dav,convert-ascreg-to-vector' 2>&1 | FileCheck %s --check-prefix=PASSFAIL
// PASSFAIL: error: --bisect-pipeline: pass 2 'convert-ascreg-to-vector' failed
// RUN: not ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2 --load-pass-plugin=%t/none.so --bisect-pipeline=cse 2>&1 | FileCheck %s --check-prefix=PLUGIN
// PLUGIN: ascreg-run: error: --load-pass-plugin={{.*}}none.so: Could not load library
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline=cse --out=1:%t/out.npy 2>&1 | FileCheck %s --check-prefix=OPTS
// OPTS: --bisect-pipeline compares runs of its own: it takes none of --out, --check, --mode, --repeat, --print

//--- k.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%k = %n) -> (i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %k for !ascreg.vreg<64xf32>
      %m = ascreg.reduce <max> %v, %mask : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %m, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
