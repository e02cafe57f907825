// --bisect-pipeline over the Ascend C preparation passes: every stage up to
// convert-dav-to-emitc is ascreg or dav IR, which the interpreter runs, so
// the bisector can name any of them. A bug planted in the barrier pass
// (its test-only option test-planted-bug=hoist-load: a vector load that
// must wait for the vector store right before it is moved above that store
// instead of getting mem_bar(VST_VLD)) makes the load read what the buffer
// held before the store, and the bisector names the barrier pass.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float((i * 37) % 101) for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 256"
// DEFINE: %{args} = --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:100 --arg=index:128
// DEFINE: %{prep} = convert-ascreg-to-dav,canonicalize,cse,ascreg-dav-unsigned-vselr,ascreg-dav-normalize-loops

// RUN: not ascreg-run %t/k.mlir %{args} --bisect-pipeline='%{prep},ascreg-dav-insert-mem-barriers{test-planted-bug=hoist-load}' | FileCheck %s --check-prefix=BUG
// BUG: bisect: 6 passes
// BUG-NEXT: before the pipeline {{ *}}interpreter reference
// BUG-NEXT: 1 convert-ascreg-to-dav {{ *}}interpreter identical
// BUG-NEXT: 2 canonicalize {{ *}}interpreter identical
// BUG-NEXT: 3 cse {{ *}}interpreter identical
// BUG-NEXT: 4 ascreg-dav-unsigned-vselr {{ *}}interpreter identical
// BUG-NEXT: 5 ascreg-dav-normalize-loops {{ *}}interpreter identical
// BUG-NEXT: 6 ascreg-dav-insert-mem-barriers{test-planted-bug=hoist-load} {{ *}}interpreter DIFFERS: 4 elements
// BUG-NEXT: bisect: the results first differ after pass 6 'ascreg-dav-insert-mem-barriers{test-planted-bug=hoist-load}'
// The copies at 128.. of what each iteration stored at 0.. and 64..: the
// max of (37 i) mod 101 over lanes 0-63 is 100 at lane 30, over the 36
// active lanes 64-99 it is 98 at lane 26 (i = 90); with the bug the loads
// read the zeros the buffer held before.
// BUG-NEXT: parameter 1 element 128: before 100 (0x42c80000), after 0 (0x00000000)
// BUG-NEXT: parameter 1 element 129: before 4.20389539e-44 (0x0000001e), after 0 (0x00000000)
// BUG-NEXT: parameter 1 element 192: before 98 (0x42c40000), after 0 (0x00000000)
// BUG-NEXT: parameter 1 element 193: before 3.64337601e-44 (0x0000001a), after 0 (0x00000000)

// The same pipeline without the planted bug: every stage identical, exit 0.
// RUN: ascreg-run %t/k.mlir %{args} --bisect-pipeline='%{prep},ascreg-dav-insert-mem-barriers' | FileCheck %s --check-prefix=CLEAN
// CLEAN: 6 ascreg-dav-insert-mem-barriers {{ *}}interpreter identical
// CLEAN: bisect: no pass changes the results

//--- k.mlir
// Each iteration stores a reduction to dst[off] and copies it, read back
// through UB, to dst[off + len]: the read-back load needs mem_bar(VST_VLD).
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: i32, %len: index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %left = scf.for %off = %c0 to %len step %c64 iter_args(%k = %n) -> (i32) {
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %k for !ascreg.vreg<64xf32>
      %m = ascreg.reduce <max> %v, %mask : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %m, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      %back = ascreg.load_align %dst[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %copy = arith.addi %off, %len : index
      ascreg.store_align %back, %dst[%copy], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
