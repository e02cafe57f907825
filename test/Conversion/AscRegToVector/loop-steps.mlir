// RUN: ascreg-opt %s --convert-ascreg-to-vector | FileCheck %s
// RUN: ascreg-opt %s --convert-ascreg-to-vector=runtime-checks=false | FileCheck %s --check-prefix=NOCHECK

// A loop whose step is not positive never ends; the interpreter stops it
// with an error, the lowered code checks the step before the loop.
// CHECK-LABEL: func.func @dynamic_step
// CHECK-SAME: (%[[N:.*]]: index, %[[S:.*]]: index)
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[S]], %{{.*}} : index
// CHECK: cf.assert %[[POS]], "scf.for at {{.*}}loop-steps.mlir:{{[0-9]+}}:{{[0-9]+}}: loop step is not positive"
// CHECK: scf.for
// NOCHECK-LABEL: func.func @dynamic_step
// NOCHECK-NOT: cf.assert
func.func @dynamic_step(%n: index, %s: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %s {
  }
  return
}

// An unsigned loop (unsignedCmp) only needs a step other than 0.
// CHECK-LABEL: func.func @unsigned_step
// CHECK: arith.cmpi ne
// CHECK: cf.assert
func.func @unsigned_step(%n: i32, %s: i32) {
  %c0 = arith.constant 0 : i32
  scf.for unsigned %i = %c0 to %n step %s : i32 {
  }
  return
}

// A positive constant step needs no check.
// CHECK-LABEL: func.func @constant_step
// CHECK-NOT: cf.assert
// CHECK: scf.for
func.func @constant_step(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}
