// Round trip of reduce_data_block, custom and generic.
// RUN: ascreg-opt %s | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --mlir-print-op-generic | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --verify-roundtrip

// CHECK-LABEL: @reduce_data_block
// CHECK: ascreg.reduce_data_block <sum> %arg0, %arg2 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK: ascreg.reduce_data_block <sum> %arg1, %arg2 : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
// CHECK: ascreg.reduce_data_block <max> %arg1, %arg2 : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
// CHECK: ascreg.reduce_data_block <min> %arg0, %arg2 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
func.func @reduce_data_block(%f: !ascreg.vreg<64xf32>, %h: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  %0 = ascreg.reduce_data_block <sum> %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  %1 = ascreg.reduce_data_block <sum> %h, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  %2 = ascreg.reduce_data_block <max> %h, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  %3 = ascreg.reduce_data_block <min> %f, %m mode <zeroing> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}
