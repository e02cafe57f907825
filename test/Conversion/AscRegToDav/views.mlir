// The dav-3510 lowering keeps memref views: vlds / vsts take the view
// (docs/semantics.md §1.3.1); the view ops stay for the interpreter and the
// emission, which gives them their Ascend C form.
// RUN: ascreg-opt %s --convert-ascreg-to-dav | FileCheck %s

// CHECK-LABEL: func.func @views
// CHECK: %[[S:.*]] = memref.alloca() : memref<128xf32>
// CHECK: %[[W:.*]] = memref.subview %{{.*}}[%{{.*}}] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
// CHECK: dav.vlds %[[W]][%{{.*}}]
// CHECK: %[[H:.*]] = memref.reinterpret_cast %[[S]] to offset: [64], sizes: [64], strides: [1]
// CHECK: dav.vsts %{{.*}}, %[[H]][%{{.*}}]
func.func @views(%b: memref<?xf32>, %o: index) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %s = memref.alloca() : memref<128xf32>
  %w = memref.subview %b[%o] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
  %v = ascreg.load_align %w[%c0] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  %h = memref.reinterpret_cast %s to offset: [64], sizes: [64], strides: [1] : memref<128xf32> to memref<64xf32, strided<[1], offset: 64>>
  ascreg.store_align %v, %h[%c0], %m : !ascreg.vreg<64xf32>, memref<64xf32, strided<[1], offset: 64>>
  return
}
