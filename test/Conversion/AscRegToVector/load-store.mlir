// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s
// RUN: ascreg-opt %s --convert-ascreg-to-vector=runtime-checks=false --split-input-file | FileCheck %s --check-prefix=NOCHECK

// A load is one vector.load, guarded by a UB bounds check and a 32-byte
// alignment check. Stand-alone (no ascreg-expose-ub), the buffer is all the
// memory there is: address 0, capacity = its size in bytes.
// CHECK-LABEL: func @load
// CHECK-SAME: (%[[B:.*]]: memref<?xi16>, %[[OFF:.*]]: index)
// CHECK: %[[DIM:.*]] = memref.dim %[[B]], %{{.*}} : memref<?xi16>
// CHECK: %[[CAP:.*]] = arith.muli %[[DIM]], %[[C2:.*]] : index
// CHECK: %[[BYTE:.*]] = arith.muli %[[OFF]], %[[C2]] : index
// CHECK: %[[ADDR:.*]] = arith.addi %{{.*}}, %[[BYTE]] : index
// CHECK: %[[LAST:.*]] = arith.subi %[[CAP]], %{{.*}} : index
// CHECK: arith.cmpi sge, %[[ADDR]]
// CHECK: arith.cmpi sle, %[[ADDR]], %[[LAST]] : index
// CHECK: cf.assert %{{.*}}, "ascreg.load_align at {{.*}}load-store.mlir:{{[0-9]+}}:{{[0-9]+}}: UB access outside the Unified Buffer"
// CHECK: arith.remsi %[[ADDR]], %{{.*}} : index
// CHECK: cf.assert %{{.*}}, "ascreg.load_align at {{.*}}: misaligned UB address
// CHECK: %[[V:.*]] = vector.load %[[B]][%[[OFF]]] : memref<?xi16>, vector<128xi16>
// CHECK: return %[[V]] : vector<128xi16>
// NOCHECK-LABEL: func @load
// NOCHECK-NOT: cf.assert
// NOCHECK: vector.load
func.func @load(%b: memref<?xui16>, %off: index) -> !ascreg.vreg<128xu16> {
  %v = ascreg.load_align %b[%off] : memref<?xui16> -> !ascreg.vreg<128xu16>
  return %v : !ascreg.vreg<128xu16>
}

// -----

// A store writes only active lanes: the f32 lanes of the mask (bit 4*i)
// become the mask of a vector.maskedstore.
// CHECK-LABEL: func @store
// CHECK-SAME: (%[[V:.*]]: vector<64xf32>, %[[B:.*]]: memref<?xf32>, %[[OFF:.*]]: index, %[[M:.*]]: vector<256xi1>)
// CHECK: cf.assert
// CHECK: %[[L:.*]] = vector.shuffle %[[M]], %[[M]] [0, 4, 8, 12, 16,
// CHECK-SAME: 248, 252] : vector<256xi1>, vector<256xi1>
// CHECK: vector.maskedstore %[[B]][%[[OFF]]], %[[L]], %[[V]] : memref<?xf32>, vector<64xi1>, vector<64xf32>
func.func @store(%v: !ascreg.vreg<64xf32>, %b: memref<?xf32>, %off: index, %m: !ascreg.mask) {
  ascreg.store_align %v, %b[%off], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}

// -----

// The 64-bit two-register form is one 512-byte vector.
// CHECK-LABEL: func @load_b64x2
// CHECK: arith.subi %{{.*}}, %c512 : index
// CHECK: vector.load %{{.*}} : memref<?xi64>, vector<64xi64>
func.func @load_b64x2(%b: memref<?xi64>, %off: index) -> !ascreg.vreg<64xi64> {
  %v = ascreg.load_align %b[%off] : memref<?xi64> -> !ascreg.vreg<64xi64>
  return %v : !ascreg.vreg<64xi64>
}

// -----

// bf16 registers and buffers travel as their i16 bits.
// CHECK-LABEL: func @load_bf16
// CHECK-SAME: (%{{.*}}: memref<?xi16>, %{{.*}}: index) -> vector<128xi16>
// CHECK: vector.load %{{.*}} : memref<?xi16>, vector<128xi16>
func.func @load_bf16(%b: memref<?xbf16>, %off: index) -> !ascreg.vreg<128xbf16> {
  %v = ascreg.load_align %b[%off] : memref<?xbf16> -> !ascreg.vreg<128xbf16>
  return %v : !ascreg.vreg<128xbf16>
}

// -----

// Loop-carried registers and masks convert with the loop.
// CHECK-LABEL: func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<64xf32>)
// CHECK: scf.yield %{{.*}} : vector<64xf32>
func.func @loop(%b: memref<?xf32>, %n: index) -> !ascreg.vreg<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %init = ascreg.duplicate %z : f32 -> !ascreg.vreg<64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!ascreg.vreg<64xf32>) {
    %v = ascreg.load_align %b[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    scf.yield %v : !ascreg.vreg<64xf32>
  }
  return %r : !ascreg.vreg<64xf32>
}
