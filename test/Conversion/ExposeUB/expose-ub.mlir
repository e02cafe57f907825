// RUN: ascreg-opt %s --ascreg-expose-ub --split-input-file | FileCheck %s
// RUN: ascreg-opt %s --ascreg-expose-ub=check-failure=report --split-input-file | FileCheck %s --check-prefix=REPORT
// RUN: ascreg-opt %s --ascreg-expose-ub="runtime-checks=false" --split-input-file | FileCheck %s --check-prefix=NOCHECK
// RUN: not ascreg-opt %s --ascreg-expose-ub=check-failure=maybe --split-input-file 2>&1 | FileCheck %s --check-prefix=BADOPT

// The kernel gains the UB arena and the UB state as its last two parameters,
// and the attribute naming the arena's position.
// CHECK-LABEL: func.func @params
// CHECK-SAME: (%{{.*}}: memref<?xf32>, %{{.*}}: i32, %[[UB:.*]]: memref<?xi8>, %[[ST:.*]]: memref<4xindex>)
// CHECK-SAME: attributes {ascreg.ub_argument = 2 : i64}
func.func @params(%a: memref<?xf32>, %n: i32) {
  return
}

// -----

// An allocation is a view of the arena at the next 32-byte aligned address:
// (top + 31) & -32, checked to fit, and the new top is stored back.
// CHECK-LABEL: func.func @alloc
// CHECK-SAME: (%[[N:.*]]: index, %[[UB:.*]]: memref<?xi8>, %[[ST:.*]]: memref<4xindex>)
// CHECK: %[[TOP:.*]] = memref.load %[[ST]][%{{.*}}] : memref<4xindex>
// CHECK: %[[UP:.*]] = arith.addi %[[TOP]], %c31 : index
// CHECK: %[[AT:.*]] = arith.andi %[[UP]], %c-32 : index
// CHECK: %[[CAP:.*]] = memref.dim %[[UB]], %{{.*}} : memref<?xi8>
// CHECK: %[[BYTES:.*]] = arith.muli %[[N]], %c2 : index
// CHECK: %[[END:.*]] = arith.addi %[[AT]], %[[BYTES]] : index
// CHECK: cf.assert %{{.*}}, "memref.alloc at {{.*}}: UB capacity exceeded by an allocation"
// CHECK: memref.store %[[END]], %[[ST]][%{{.*}}] : memref<4xindex>
// CHECK: %[[V:.*]] = memref.view %[[UB]][%[[AT]]][%[[N]]] : memref<?xi8> to memref<?xf16>
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @alloc(%n: index) {
  %t = memref.alloc(%n) : memref<?xf16>
  memref.dealloc %t : memref<?xf16>
  return
}

// -----

// Scalar accesses stay inside UB; a store records the bytes it writes in
// the state's written range [state[1], state[2]).
// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[B:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[UB:.*]]: memref<?xi8>, %[[ST:.*]]: memref<4xindex>)
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[UB]]
// CHECK: %[[BUF:.*]] = arith.subi %[[P]], %[[BASE]] : index
// CHECK: cf.assert %{{.*}}, "memref.load at {{.*}}: memref access outside the Unified Buffer"
// CHECK: memref.load %[[B]][%[[I]]]
// CHECK: cf.assert %{{.*}}, "memref.store at {{.*}}: memref access outside the Unified Buffer"
// CHECK: %[[B0:.*]] = memref.load %[[ST]][%c1{{.*}}]
// CHECK: %[[E0:.*]] = memref.load %[[ST]][%c2{{.*}}]
// CHECK: arith.minsi %[[B0]]
// CHECK: arith.maxsi %[[E0]]
// CHECK: memref.store %{{.*}}, %[[B]][%[[I]]]
// NOCHECK-LABEL: func.func @scalar
// NOCHECK-NOT: cf.assert
// NOCHECK: arith.maxsi
func.func @scalar(%b: memref<?xi32>, %i: index) {
  %x = memref.load %b[%i] : memref<?xi32>
  memref.store %x, %b[%i] : memref<?xi32>
  return
}

// -----

// check-failure=report: a failed check calls __ascreg_runtime_error(kind,
// site, values...), declared once; the module lists each site's op and
// location (kind 4 = scalar access outside UB). The function does not
// return: it is declared with LLVM's noreturn.
// REPORT: module attributes {ascreg.runtime_check_sites = {{\[}}["memref.load", {{.*}}]]}
// REPORT: func.func private @__ascreg_runtime_error(i32, i32, i64, i64, i64, i64) attributes {passthrough = ["noreturn"]}
// REPORT-LABEL: func.func @report
// REPORT: scf.if
// REPORT: %[[KIND:.*]] = arith.constant 4 : i32
// REPORT: %[[SITE:.*]] = arith.constant 0 : i32
// REPORT: func.call @__ascreg_runtime_error(%[[KIND]], %[[SITE]],
// REPORT-NOT: cf.assert
func.func @report(%b: memref<?xi32>, %i: index) -> i32 {
  %x = memref.load %b[%i] : memref<?xi32>
  return %x : i32
}

// -----

// Calls would need the callee to share the kernel's UB.
// BADOPT: for the --check-failure option: Cannot find option named 'maybe'!
// CHECK-LABEL: func.func @no_calls
func.func @no_calls() {
  return
}
