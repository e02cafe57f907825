// ascreg-dav-normalize-loops: every index scf.for counts from 0 in steps of
// 1 (a hardware loop); the body reads the original induction value.
// RUN: ascreg-opt %s --ascreg-dav-normalize-loops --split-input-file | FileCheck %s

// Bounds known only at run time: the trip count is (hi - lo + step - 1) /u
// step when hi > lo (signed, as scf.for compares) and 0 otherwise; the body
// gets lo + i * step.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:    %[[LO:.*]]: index, %[[HI:.*]]: index, %[[STEP:.*]]: index, %[[BUF:.*]]: memref<?xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[SPAN:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK:         %[[SM1:.*]] = arith.subi %[[STEP]], %[[C1]] : index
// CHECK:         %[[UP:.*]] = arith.addi %[[SPAN]], %[[SM1]] : index
// CHECK:         %[[COUNT:.*]] = arith.divui %[[UP]], %[[STEP]] : index
// CHECK:         %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[HI]], %[[LO]] : index
// CHECK:         %[[TRIPS:.*]] = arith.select %[[NONEMPTY]], %[[COUNT]], %[[C0]] : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[TRIPS]] step %[[C1]] {
// CHECK-NEXT:      %[[MUL:.*]] = arith.muli %[[I]], %[[STEP]] : index
// CHECK-NEXT:      %[[IV:.*]] = arith.addi %[[LO]], %[[MUL]] : index
// CHECK-NEXT:      %[[X:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK-NEXT:      memref.store %[[X]], %[[BUF]][%[[IV]]] : memref<?xi32>
func.func @dynamic(%lo: index, %hi: index, %step: index, %buf: memref<?xi32>) {
  scf.for %iv = %lo to %hi step %step {
    %x = arith.index_cast %iv : index to i32
    memref.store %x, %buf[%iv] : memref<?xi32>
  }
  return
}

// -----

// Constant bounds fold: 0 to 256 step 64 is 4 trips, the body reads i * 64.
// (The constants the folding made stay for canonicalize to remove.)
// CHECK-LABEL: func.func @constant(
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[C4]] step %[[C1]] {
// CHECK-NEXT:      %[[IV:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%[[IV]]] : memref<?xi32>
func.func @constant(%buf: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c64 = arith.constant 64 : index
  %x = arith.constant 7 : i32
  scf.for %iv = %c0 to %c256 step %c64 {
    memref.store %x, %buf[%iv] : memref<?xi32>
  }
  return
}

// -----

// A loop from 0 in steps of 1 already is one; loops over integers other
// than index are left alone.
// CHECK-LABEL: func.func @unchanged(
// CHECK:         scf.for %[[I:.*]] = %[[C0:.*]] to %{{.*}} step %[[C1:.*]] {
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%[[I]]] : memref<?xi32>
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:      memref.store
func.func @unchanged(%n: index, %buf: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 7 : i32
  scf.for %iv = %c0 to %n step %c1 {
    memref.store %x, %buf[%iv] : memref<?xi32>
  }
  %a = arith.constant 2 : i32
  %b = arith.constant 10 : i32
  %s = arith.constant 3 : i32
  scf.for %j = %a to %b step %s : i32 {
    memref.store %j, %buf[%c0] : memref<?xi32>
  }
  return
}
