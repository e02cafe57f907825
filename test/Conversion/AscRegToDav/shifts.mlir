// shift_left, shift_right, shift_lefts, shift_rights: one vendor intrinsic each
// (vshl, vshr, vshls, vshrs), as the vendor's library does for 8/16/32-bit data
// (docs/semantics.md 2.27).
// RUN: ascreg-opt %s --convert-ascreg-to-dav | FileCheck %s

// CHECK-LABEL: func @one_intrinsic
// CHECK: dav.vshl %arg0, %arg1, %arg5 : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
// CHECK: dav.vshr %arg2, %arg3, %arg5 : !ascreg.vreg<256xi8>, !ascreg.vreg<256xi8>
// CHECK: dav.vshls %arg0, %arg4, %arg5 : !ascreg.vreg<64xu32>, i16
// CHECK: dav.vshrs %arg2, %arg4, %arg5 : !ascreg.vreg<256xi8>, i16
func.func @one_intrinsic(%a: !ascreg.vreg<64xu32>, %n: !ascreg.vreg<64xi32>,
                         %b: !ascreg.vreg<256xi8>, %k: !ascreg.vreg<256xi8>, %s: i16,
                         %m: !ascreg.mask) {
  %0 = ascreg.shift_left %a, %n, %m : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
  %1 = ascreg.shift_right %b, %k, %m : !ascreg.vreg<256xi8>, !ascreg.vreg<256xi8>
  %2 = ascreg.shift_lefts %a, %s, %m : !ascreg.vreg<64xu32>, i16
  %3 = ascreg.shift_rights %b, %s, %m : !ascreg.vreg<256xi8>, i16
  return
}

// 64-bit data: the vendor's word sequence (ShiftL / ShiftR, ShiftLeftsB64Impl /
// ShiftRightsB64Impl; docs/semantics.md 2.27). One register: de-interleave the data
// and the amount (its low words count), k + 32 / 32 - k as vadd / vsub, four shifts
// (the high words as i32 for i64), two vor, interleave back.
// CHECK-LABEL: func @words_i64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[M:.*]] = dav.ppack %arg2 <lower>
// CHECK: %[[LOU:.*]] = dav.reinterpret %[[LO]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: %[[K:.*]], %{{.*}} = dav.vdintlv %arg1, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[C32:.*]] = dav.vbr %{{.*}} : i32 -> !ascreg.vreg<64xi32>
// CHECK: %[[UP:.*]] = dav.vadd %[[K]], %[[C32]], %[[M]] : !ascreg.vreg<64xi32>
// CHECK: %[[DOWN:.*]] = dav.vsub %[[C32]], %[[K]], %[[M]] : !ascreg.vreg<64xi32>
// CHECK: %[[L0:.*]] = dav.vshl %[[LOU]], %[[K]], %[[M]] : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
// CHECK: %[[L1:.*]] = dav.vshl %[[HI]], %[[UP]], %[[M]] : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
// CHECK: %[[L1U:.*]] = dav.reinterpret %[[L1]]
// CHECK: %[[RLO:.*]] = dav.vor %[[L0]], %[[L1U]], %[[M]] : !ascreg.vreg<64xu32>
// CHECK: %[[H0:.*]] = dav.vshr %[[LOU]], %[[DOWN]], %[[M]] : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
// CHECK: %[[H1:.*]] = dav.vshl %[[HI]], %[[K]], %[[M]] : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
// CHECK: %[[H1U:.*]] = dav.reinterpret %[[H1]]
// CHECK: %[[RHI:.*]] = dav.vor %[[H0]], %[[H1U]], %[[M]] : !ascreg.vreg<64xu32>
// CHECK: %[[R:.*]], %{{.*}} = dav.vintlv
// CHECK: return %[[R]]
func.func @words_i64(%a: !ascreg.vreg<32xi64>, %n: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %0 = ascreg.shift_left %a, %n, %m : !ascreg.vreg<32xi64>, !ascreg.vreg<32xi64>
  return %0 : !ascreg.vreg<32xi64>
}

// Two registers, scalar: k + 32 / 32 - k in i16 (they wrap as the vendor's int16_t
// arithmetic does); u64 high words shift logically.
// CHECK-LABEL: func @words_u64x2_scalar
// CHECK-SAME: (%[[LO:.*]]: !ascreg.vreg<64xu32>, %[[HI:.*]]: !ascreg.vreg<64xu32>, %[[S:.*]]: i16, %[[M:.*]]: !ascreg.mask)
// CHECK: %[[UP:.*]] = arith.addi %[[S]], %{{.*}} : i16
// CHECK: %[[DOWN:.*]] = arith.subi %{{.*}}, %[[S]] : i16
// CHECK: %[[L0:.*]] = dav.vshrs %[[LO]], %[[S]], %[[M]] : !ascreg.vreg<64xu32>, i16
// CHECK: %[[L1:.*]] = dav.vshls %[[HI]], %[[DOWN]], %[[M]] : !ascreg.vreg<64xu32>, i16
// CHECK: %[[RLO:.*]] = dav.vor %[[L0]], %[[L1]], %[[M]]
// CHECK: %[[H0:.*]] = dav.vshrs %[[LO]], %[[UP]], %[[M]] : !ascreg.vreg<64xu32>, i16
// CHECK: %[[H1:.*]] = dav.vshrs %[[HI]], %[[S]], %[[M]] : !ascreg.vreg<64xu32>, i16
// CHECK: %[[RHI:.*]] = dav.vor %[[H0]], %[[H1]], %[[M]]
// CHECK: return %[[RLO]], %[[RHI]]
func.func @words_u64x2_scalar(%a: !ascreg.vreg<64xu64>, %s: i16, %m: !ascreg.mask) -> !ascreg.vreg<64xu64> {
  %0 = ascreg.shift_rights %a, %s, %m : !ascreg.vreg<64xu64>, i16
  return %0 : !ascreg.vreg<64xu64>
}
