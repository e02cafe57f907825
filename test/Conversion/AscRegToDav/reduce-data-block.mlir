// reduce_data_block on dav-3510 is the vendor's vcgadd / vcgmax / vcgmin
// (docs/semantics.md 2.26), widening 16-bit sums included.
// RUN: ascreg-opt %s --convert-ascreg-to-dav | FileCheck %s

// CHECK-LABEL: func @blocks
// CHECK: dav.vcgadd %arg0, %arg2 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK: dav.vcgadd %arg1, %arg2 : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
// CHECK: dav.vcgmax %arg1, %arg2 : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
// CHECK: dav.vcgmin %arg0, %arg2 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK-NOT: ascreg.reduce_data_block
func.func @blocks(%f: !ascreg.vreg<64xf32>, %h: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  %0 = ascreg.reduce_data_block <sum> %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  %1 = ascreg.reduce_data_block <sum> %h, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  %2 = ascreg.reduce_data_block <max> %h, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  %3 = ascreg.reduce_data_block <min> %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}
