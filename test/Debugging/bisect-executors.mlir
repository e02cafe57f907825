// --bisect-pipeline runs every stage where it can: the interpreter, the JIT
// (finishing the lowering, or as it is for LLVM-dialect IR), or not at all
// (EmitC, partly lowered IR): such a stage is reported, never blamed. The
// planted miscompiles come from a pass plugin (test/lib/TestPasses).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float((i * 37) % 101) for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 128"
// DEFINE: %{args} = --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:2 --load-pass-plugin=%ascreg_test_passes

// ascreg-lower-to-llvm: the LLVM-dialect module runs in the JIT as it is,
// with the kernel's parameters as memref descriptors. Correct: nothing is
// blamed. A miscompile before it is still the one named, and the LLVM
// stage computes the miscompiled results too (it is really run).
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline=ascreg-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// LLVM: 1 ascreg-lower-to-llvm {{ *}}JIT {{ *}}identical
// LLVM-NEXT: (the stage is in the LLVM dialect: the JIT ran it as it is)
// LLVM-NEXT: bisect: no pass changes the results
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='test-ascreg-swap-reduce-kind,ascreg-lower-to-llvm{runtime-checks=0}' | FileCheck %s --check-prefix=LLVM-BUG
// LLVM-BUG: 1 test-ascreg-swap-reduce-kind {{ *}}interpreter DIFFERS: 4 elements
// LLVM-BUG-NEXT: 2 ascreg-lower-to-llvm{runtime-checks=0} {{ *}}JIT {{ *}}DIFFERS: 4 elements
// LLVM-BUG: bisect: the results first differ after pass 1 'test-ascreg-swap-reduce-kind'
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='ascreg-lower-to-llvm{expose-ub=1}' | FileCheck %s --check-prefix=LLVM-UB
// LLVM-UB: 1 ascreg-lower-to-llvm{expose-ub=1} {{ *}}JIT {{ *}}identical
// A check of the lowered module that fails (a load past %src, whose memref
// size the stand-alone lowering checks) stops the stage, not the process.
// RUN: not ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:3 --bisect-pipeline=ascreg-lower-to-llvm | FileCheck %s --check-prefix=ABORT
// ABORT: 1 ascreg-lower-to-llvm {{ *}}JIT {{ *}}FAILS: {{.*}}k.mlir:2:3: a runtime check of the lowered kernel failed (it called abort): ascreg.load_align at {{.*}}k.mlir:8:12:

// convert-to-llvm straight on ascreg ops leaves them inside llvm.func:
// nothing runs that, so it cannot run here and is not blamed. After the
// vector lowering it lowers everything but leaves casts between the types
// (cannot run either); reconcile-unrealized-casts removes them and the JIT
// runs the module.
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline=convert-to-llvm | FileCheck %s --check-prefix=CTL
// CTL: 1 convert-to-llvm {{ *}}not run {{ *}}cannot run here
// CTL-NEXT: (cannot run here: the stage is only partly lowered to the LLVM dialect ('ascreg.load_align' at {{.*}}k.mlir:8:12 remains), which neither the interpreter nor the JIT executes)
// CTL-NEXT: bisect: no pass changes the results
// DEFINE: %{tollvm} = convert-ascreg-to-vector{runtime-checks=0},convert-scf-to-cf,convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='%{tollvm}' | FileCheck %s --check-prefix=CTL-FULL
// CTL-FULL: 4 convert-to-llvm {{ *}}not run {{ *}}cannot run here
// CTL-FULL-NEXT: (cannot run here: the stage is only partly lowered to the LLVM dialect ('builtin.unrealized_conversion_cast' at {{.*}} remains), which neither the interpreter nor the JIT executes)
// CTL-FULL-NEXT: 5 reconcile-unrealized-casts {{ *}}JIT {{ *}}identical
// CTL-FULL-NEXT: (the stage is in the LLVM dialect: the JIT ran it as it is)
// CTL-FULL-NEXT: bisect: no pass changes the results
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='test-ascreg-drop-first-iteration,%{tollvm}' | FileCheck %s --check-prefix=CTL-BUG
// CTL-BUG: 5 convert-to-llvm {{ *}}not run {{ *}}cannot run here
// CTL-BUG: 6 reconcile-unrealized-casts {{ *}}JIT {{ *}}DIFFERS: 2 elements
// CTL-BUG: bisect: the results first differ after pass 1 'test-ascreg-drop-first-iteration'

// ascreg-expose-ub adds the UB arena and state parameters: the JIT runs the
// kernel with them (it did not count them as kernel parameters before).
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline=ascreg-expose-ub | FileCheck %s --check-prefix=UB
// UB: 1 ascreg-expose-ub {{ *}}JIT {{ *}}identical
// UB: bisect: no pass changes the results
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='test-ascreg-drop-first-iteration,ascreg-expose-ub' | FileCheck %s --check-prefix=UB-BUG
// UB-BUG: 1 test-ascreg-drop-first-iteration {{ *}}interpreter DIFFERS: 2 elements
// UB-BUG-NEXT: 2 ascreg-expose-ub {{ *}}JIT {{ *}}DIFFERS: 2 elements
// UB-BUG: bisect: the results first differ after pass 1 'test-ascreg-drop-first-iteration'

// convert-dav-to-emitc: EmitC cannot run here; reported, never blamed.
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='convert-ascreg-to-dav,convert-dav-to-emitc' | FileCheck %s --check-prefix=EMITC
// EMITC: 1 convert-ascreg-to-dav {{ *}}interpreter identical
// EMITC-NEXT: 2 convert-dav-to-emitc {{ *}}not run {{ *}}cannot run here
// EMITC-NEXT: (cannot run here: the stage is EmitC ('emitc.{{.*}}' at {{.*}}), the form the Ascend C source is printed from, which nothing here executes)
// EMITC-NEXT: bisect: no pass changes the results
// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='test-ascreg-swap-reduce-kind,convert-ascreg-to-dav,convert-dav-to-emitc' | FileCheck %s --check-prefix=EMITC-BUG
// EMITC-BUG: 1 test-ascreg-swap-reduce-kind {{ *}}interpreter DIFFERS: 4 elements
// EMITC-BUG-NEXT: 2 convert-ascreg-to-dav {{ *}}interpreter DIFFERS: 4 elements
// EMITC-BUG-NEXT: 3 convert-dav-to-emitc {{ *}}not run {{ *}}cannot run here
// EMITC-BUG: bisect: the results first differ after pass 1 'test-ascreg-swap-reduce-kind'

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
