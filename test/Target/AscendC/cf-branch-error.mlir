// Ascend C emission takes structured control flow only: a function with
// cf branches stops at its first branch with a located error that says what
// to write instead (it produced invalid EmitC IR before: a block argument
// kept the type 'index' while its branch passed the converted 'uint32_t').
// RUN: ascreg-opt %s --convert-ascreg-to-dav --convert-dav-to-emitc --verify-diagnostics
// The whole translation fails with a non-zero exit.
// RUN: not ascreg-translate --ascreg-to-ascendc %s 2>&1 | FileCheck %s
// CHECK: error: unstructured control flow ('cf.br') has no Ascend C form

func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %trips: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  // expected-error @+1 {{unstructured control flow ('cf.br') has no Ascend C form: write the loop with scf.for / scf.if (or run --lift-cf-to-scf first)}}
  cf.br ^loop(%c0 : index)
^loop(%t: index):
  %more = arith.cmpi slt, %t, %trips : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  %next = arith.addi %t, %c1 : index
  cf.br ^loop(%next : index)
^done:
  return
}
