// --bisect-pipeline splits a pipeline into one stage per pass in one
// iterative pass over its text (lib/Debugging/PipelineSplit.cpp): nested
// anchors are repeated around each pass, options stay with their pass, and
// a pipeline nested 25,000 deep no longer overflows the stack (it crashed
// with SIGSEGV after 20 s of quadratic copying).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float((i * 37) % 101) for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 128"
// DEFINE: %{args} = --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2

// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='builtin.module(func.func(cse, canonicalize{max-iterations=1 test-convergence=false}), any(func.func(cse)), canonicalize)' | FileCheck %s --check-prefix=SPLIT
// SPLIT: bisect: 4 passes
// SPLIT: 1 func.func(cse) {{ *}}interpreter identical
// SPLIT-NEXT: 2 func.func(canonicalize{max-iterations=1 test-convergence=false}) {{ *}}interpreter identical
// SPLIT-NEXT: 3 any(func.func(cse)) {{ *}}interpreter identical
// SPLIT-NEXT: 4 canonicalize {{ *}}interpreter identical

// Unbalanced brackets are a located error, before anything runs.
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='func.func(cse' 2>&1 | FileCheck %s --check-prefix=OPEN
// OPEN: error: --bisect-pipeline: the pipeline does not parse: unbalanced '(' at offset 9
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='cse),canonicalize' 2>&1 | FileCheck %s --check-prefix=CLOSE
// CLOSE: error: --bisect-pipeline: the pipeline does not parse: unbalanced ')' at offset 3

// 25,000 nested anchors (a response file holds the option): the run ends
// with an exit status, not a signal (a parse limit of the tools may refuse
// the pipeline; the splitter itself handles it).
// RUN: %python -c "print('--bisect-pipeline=' + 'any(' * 25000 + 'cse' + ')' * 25000)" > %t/deep.rsp
// RUN: %python -c "import subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); sys.exit(0 if r.returncode in (0, 1) else 'exit status %%d' %% r.returncode)" ascreg-run %t/k.mlir %{args} @%t/deep.rsp

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
