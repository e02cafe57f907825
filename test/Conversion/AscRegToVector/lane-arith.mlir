// sub / mul / abs on the lane bits (LaneArithLowering.cpp): bf16 in f32 with
// integer RNE, NaN results chosen explicitly (the first NaN operand quieted,
// then the invalid-operation NaN), integer abs as a select of 0 - x.
// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// CHECK-LABEL: func @mul_bf16
// CHECK: arith.extui %{{.*}} : vector<128xi16> to vector<128xi32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<128xf32>
// CHECK: arith.constant dense<32767> : vector<128xi32>
// CHECK: arith.trunci %{{.*}} : vector<128xi32> to vector<128xi16>
// The invalid-operation NaN 0xFFC0, then each operand's NaN with the quiet bit 0x40.
// CHECK: arith.constant dense<-64> : vector<128xi16>
// CHECK: arith.ori %arg1, %{{.*}} : vector<128xi16>
// CHECK: arith.ori %arg0, %{{.*}} : vector<128xi16>
// CHECK: vector.shuffle %arg2, %arg2 [0, 2, 4,
func.func @mul_bf16(%a: !ascreg.vreg<128xbf16>, %b: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xbf16> {
  %0 = ascreg.mul %a, %b, %m : !ascreg.vreg<128xbf16>
  return %0 : !ascreg.vreg<128xbf16>
}

// -----

// f16 sub in a kernel with CTRL[48] = 0 saturates on the bits (0x7BFF).
// CHECK-LABEL: func @sub_f16_saturating
// CHECK: arith.subf %{{.*}}, %{{.*}} : vector<128xf16>
// CHECK: arith.constant dense<31743> : vector<128xi16>
func.func @sub_f16_saturating(%a: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16>
    attributes {ascreg.ctrl = #ascreg.ctrl<saturation = global, float_overflow = saturate, int_overflow = saturate, fp8_nan = zero>} {
  %0 = ascreg.sub %a, %a, %m : !ascreg.vreg<128xf16>
  return %0 : !ascreg.vreg<128xf16>
}

// -----

// CHECK-LABEL: func @abs_i32
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %arg0 : vector<64xi32>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %arg0, %{{.*}} : vector<64xi32>
// CHECK: arith.select %[[LT]], %[[NEG]], %arg0 : vector<64xi1>, vector<64xi32>
func.func @abs_i32(%a: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %0 = ascreg.abs %a, %m : !ascreg.vreg<64xi32>
  return %0 : !ascreg.vreg<64xi32>
}
