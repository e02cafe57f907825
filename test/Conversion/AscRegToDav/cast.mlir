// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// cast -> vcvt with the same operands, truncate -> vtrc. A kernel that
// converts in global saturation mode (the default CTRL state) is switched to
// per-instruction mode: each sat operand becomes the saturation the global
// state gives (float narrowing: CTRL[48] = 1, no saturation; integer
// narrowing: CTRL[59] = 0, saturation), whatever it was.
// CHECK-LABEL: func @default_ctrl
// CHECK-SAME: attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction, float_overflow = inf_nan, int_overflow = saturate, fp8_nan = zero>}
// CHECK: dav.vcvt %{{.*}}, %{{.*}} round <rint> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
// CHECK: dav.vcvt %{{.*}}, %{{.*}} round <trunc> sat <on> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
// CHECK: dav.vcvt %{{.*}}, %{{.*}} round <round> sat <off> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
// CHECK: dav.vcvt %{{.*}}, %{{.*}} round <ceil> part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
// CHECK: dav.vtrc %{{.*}}, %{{.*}} round <floor> : !ascreg.vreg<128xf16>
func.func @default_ctrl(%f: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<128xbf16>, %h: !ascreg.vreg<128xf16>, %m: !ascreg.mask)
    -> (!ascreg.vreg<128xf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<128xf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<128xf16>) {
  %0 = ascreg.cast %f, %m round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  %1 = ascreg.cast %f, %m round <trunc> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  %2 = ascreg.cast %b, %m round <round> sat <on> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
  %3 = ascreg.cast %h, %m round <ceil> part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
  %4 = ascreg.truncate %h, %m round <floor> : !ascreg.vreg<128xf16>
  return %0, %1, %2, %3, %4 : !ascreg.vreg<128xf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<128xf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<128xf16>
}

// -----

// Global mode with CTRL[48] = 0 and CTRL[59] = 1: float narrowing saturates,
// integer narrowing keeps the low bits; the kept bits stay in the attribute.
// CHECK-LABEL: func @saturating_ctrl
// CHECK-SAME: attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction, float_overflow = saturate, int_overflow = truncate, fp8_nan = zero>}
// CHECK: dav.vcvt %{{.*}}, %{{.*}} round <rint> sat <on> part <even>
// CHECK: dav.vcvt %{{.*}}, %{{.*}} sat <off> part <p1> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
func.func @saturating_ctrl(%f: !ascreg.vreg<64xf32>, %i: !ascreg.vreg<64xi32>, %m: !ascreg.mask)
    -> (!ascreg.vreg<128xf16>, !ascreg.vreg<256xu8>)
    attributes {ascreg.ctrl = #ascreg.ctrl<float_overflow = saturate, int_overflow = truncate>} {
  %0 = ascreg.cast %f, %m round <rint> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  %1 = ascreg.cast %i, %m sat <on> part <p1> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  return %0, %1 : !ascreg.vreg<128xf16>, !ascreg.vreg<256xu8>
}

// -----

// Per-instruction mode already: the operands are kept as written.
// CHECK-LABEL: func @per_instruction
// CHECK: dav.vcvt %{{.*}}, %{{.*}} round <rint> sat <on> part <even>
func.func @per_instruction(%f: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16>
    attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction>} {
  %0 = ascreg.cast %f, %m round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  return %0 : !ascreg.vreg<128xf16>
}

// -----

// 64-bit sides: the words of a one-register i64 value viewed as 32 i64 lanes
// (vector_int64_t) around the vcvt.
// CHECK-LABEL: func @wide
// CHECK: %[[W:.*]] = dav.vcvt %{{.*}}, %{{.*}} part <even> : !ascreg.vreg<64xi32> -> !ascreg.vreg<32xi64>
// CHECK: %[[WW:.*]] = dav.reinterpret %[[W]] : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xi32>
// CHECK: %[[V:.*]] = dav.reinterpret %[[WW]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<32xi64>
// CHECK: dav.vcvt %[[V]], %{{.*}} round <trunc> part <odd> : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xf32>
func.func @wide(%i: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %0 = ascreg.cast %i, %m part <even> : !ascreg.vreg<64xi32> -> !ascreg.vreg<32xi64>
  %1 = ascreg.cast %0, %m round <trunc> part <odd> : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xf32>
  return %1 : !ascreg.vreg<64xf32>
}
