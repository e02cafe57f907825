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
