// Round trip of the Reg API forms (AscRegRegApiOps.td), custom and generic.
// RUN: ascreg-opt %s | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --mlir-print-op-generic | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --verify-roundtrip

// CHECK-LABEL: @duplicate_lane
// CHECK: ascreg.duplicate_lane %arg0, %arg2 : !ascreg.vreg<64xf32>
// CHECK: ascreg.duplicate_lane %arg1, %arg2 : !ascreg.vreg<64xi64>
// CHECK: ascreg.duplicate_lane %arg0, %arg2 : !ascreg.vreg<64xf32>
func.func @duplicate_lane(%f: !ascreg.vreg<64xf32>, %w: !ascreg.vreg<64xi64>, %m: !ascreg.mask) {
  %0 = ascreg.duplicate_lane %f, %m : !ascreg.vreg<64xf32>
  %1 = ascreg.duplicate_lane %w, %m : !ascreg.vreg<64xi64>
  %2 = ascreg.duplicate_lane %f, %m pos <lowest> : !ascreg.vreg<64xf32>
  return
}

// CHECK-LABEL: @store_first
// CHECK: ascreg.store_first %arg0, %arg1[%arg2], %arg3 : !ascreg.vreg<64xf32>, memref<?xf32>
// CHECK: ascreg.store_first %arg4, %arg5[%arg2], %arg3 : !ascreg.vreg<256xu8>, memref<?xi8>
func.func @store_first(%f: !ascreg.vreg<64xf32>, %out: memref<?xf32>, %i: index, %m: !ascreg.mask,
                       %b: !ascreg.vreg<256xu8>, %bytes: memref<?xi8>) {
  ascreg.store_first %f, %out[%i], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  ascreg.store_first %b, %bytes[%i], %m : !ascreg.vreg<256xu8>, memref<?xi8>
  return
}

// CHECK-LABEL: @governed_mask
// CHECK: ascreg.governed_mask <and> %arg0, %arg1, %arg2
// CHECK: ascreg.governed_mask <or> %arg0, %arg1, %arg2
// CHECK: ascreg.governed_mask <xor> %arg0, %arg1, %arg2
// CHECK: ascreg.governed_mask_not %arg0, %arg2
func.func @governed_mask(%a: !ascreg.mask, %b: !ascreg.mask, %g: !ascreg.mask) {
  %0 = ascreg.governed_mask <and> %a, %b, %g
  %1 = ascreg.governed_mask <or> %a, %b, %g
  %2 = ascreg.governed_mask <xor> %a, %b, %g
  %3 = ascreg.governed_mask_not %a, %g
  return
}
