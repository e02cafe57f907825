// A register access through a view (memref.subview) is checked at the view's
// real UB address: its buffer's address in the arena plus the view's offset
// (memref.extract_strided_metadata), so the 32-byte alignment check sees a
// subview that starts mid-block (docs/semantics.md §1.3.1).
// RUN: ascreg-opt %s --ascreg-expose-ub --convert-ascreg-to-vector | FileCheck %s

// CHECK-LABEL: func.func @load_view
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[V:.*]] : memref<64xf32, strided<[1], offset: ?>> -> index
// CHECK: %[[A:.*]] = memref.extract_aligned_pointer_as_index %{{.*}} : memref<?xi8> -> index
// CHECK: %[[REL:.*]] = arith.subi %[[P]], %[[A]] : index
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[V]]
// CHECK: %[[BYTES:.*]] = arith.muli %[[OFF]], %{{.*}} : index
// CHECK: %[[ADDR:.*]] = arith.addi %[[REL]], %[[BYTES]] : index
// CHECK: arith.remsi %{{.*}}, %{{.*}} : index
// CHECK: vector.load %[[V]][%{{.*}}] : memref<64xf32, strided<[1], offset: ?>>, vector<64xf32>
func.func @load_view(%b: memref<?xf32>, %o: index) -> !ascreg.vreg<64xf32> {
  %c0 = arith.constant 0 : index
  %w = memref.subview %b[%o] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
  %v = ascreg.load_align %w[%c0] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  return %v : !ascreg.vreg<64xf32>
}
