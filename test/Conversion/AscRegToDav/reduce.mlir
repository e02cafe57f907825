// reduce lowers to vcadd / vcmax / vcmin: 1:1 with the same (result, source)
// types for every legal 8/16/32-bit pair (docs/semantics.md 2.7, 2.8), and to
// 32-bit word sequences for the 64-bit forms (docs/semantics.md 9.2).
// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// ===== sum: every legal 8/16/32-bit pair is one vcadd =====

// sum of f16 stays f16.
// CHECK-LABEL: func @sum_f16
// CHECK-NEXT: %[[R:.*]] = dav.vcadd %arg0, %arg1 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
// CHECK-NEXT: return %[[R]]
func.func @sum_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// sum of f32 stays f32.
// CHECK-LABEL: func @sum_f32
// CHECK-NEXT: %[[R:.*]] = dav.vcadd %arg0, %arg1 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK-NEXT: return %[[R]]
func.func @sum_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// sum of i16 widens to i32 inside vcadd (no separate extension).
// CHECK-LABEL: func @sum_i32_i16
// CHECK-NEXT: %[[R:.*]] = dav.vcadd %arg0, %arg1 : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
// CHECK-NEXT: return %[[R]]
func.func @sum_i32_i16(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  return %r : !ascreg.vreg<64xi32>
}

// -----

// sum of u16 widens to u32 inside vcadd (zero extension).
// CHECK-LABEL: func @sum_u32_u16
// CHECK-NEXT: %[[R:.*]] = dav.vcadd %arg0, %arg1 : !ascreg.vreg<128xu16> -> !ascreg.vreg<64xu32>
// CHECK-NEXT: return %[[R]]
func.func @sum_u32_u16(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<64xu32> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xu32>
}

// -----

// sum of i32 stays i32.
// CHECK-LABEL: func @sum_i32
// CHECK-NEXT: %[[R:.*]] = dav.vcadd %arg0, %arg1 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK-NEXT: return %[[R]]
func.func @sum_i32(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  return %r : !ascreg.vreg<64xi32>
}

// -----

// sum of u32 stays u32.
// CHECK-LABEL: func @sum_u32
// CHECK-NEXT: %[[R:.*]] = dav.vcadd %arg0, %arg1 : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK-NEXT: return %[[R]]
func.func @sum_u32(%v: !ascreg.vreg<64xu32>, %m: !ascreg.mask) -> !ascreg.vreg<64xu32> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xu32>
}

// -----

// ===== max: every legal 8/16/32-bit type is one vcmax =====

// max of i16 (signed compare in the intrinsic).
// CHECK-LABEL: func @max_i16
// CHECK-NEXT: %[[R:.*]] = dav.vcmax %arg0, %arg1 : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
// CHECK-NEXT: return %[[R]]
func.func @max_i16(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  return %r : !ascreg.vreg<128xi16>
}

// -----

// max of u16 (unsigned compare in the intrinsic).
// CHECK-LABEL: func @max_u16
// CHECK-NEXT: %[[R:.*]] = dav.vcmax %arg0, %arg1 : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
// CHECK-NEXT: return %[[R]]
func.func @max_u16(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xu16> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return %r : !ascreg.vreg<128xu16>
}

// -----

// max of f16.
// CHECK-LABEL: func @max_f16
// CHECK-NEXT: %[[R:.*]] = dav.vcmax %arg0, %arg1 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
// CHECK-NEXT: return %[[R]]
func.func @max_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// max of i32.
// CHECK-LABEL: func @max_i32
// CHECK-NEXT: %[[R:.*]] = dav.vcmax %arg0, %arg1 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK-NEXT: return %[[R]]
func.func @max_i32(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  return %r : !ascreg.vreg<64xi32>
}

// -----

// max of u32.
// CHECK-LABEL: func @max_u32
// CHECK-NEXT: %[[R:.*]] = dav.vcmax %arg0, %arg1 : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK-NEXT: return %[[R]]
func.func @max_u32(%v: !ascreg.vreg<64xu32>, %m: !ascreg.mask) -> !ascreg.vreg<64xu32> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xu32>
}

// -----

// max of f32.
// CHECK-LABEL: func @max_f32
// CHECK-NEXT: %[[R:.*]] = dav.vcmax %arg0, %arg1 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// ===== min: every legal 8/16/32-bit type is one vcmin =====

// min of i16 (signed compare in the intrinsic).
// CHECK-LABEL: func @min_i16
// CHECK-NEXT: %[[R:.*]] = dav.vcmin %arg0, %arg1 : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
// CHECK-NEXT: return %[[R]]
func.func @min_i16(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  return %r : !ascreg.vreg<128xi16>
}

// -----

// min of u16 (unsigned compare in the intrinsic).
// CHECK-LABEL: func @min_u16
// CHECK-NEXT: %[[R:.*]] = dav.vcmin %arg0, %arg1 : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
// CHECK-NEXT: return %[[R]]
func.func @min_u16(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xu16> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return %r : !ascreg.vreg<128xu16>
}

// -----

// min of f16.
// CHECK-LABEL: func @min_f16
// CHECK-NEXT: %[[R:.*]] = dav.vcmin %arg0, %arg1 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
// CHECK-NEXT: return %[[R]]
func.func @min_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// min of i32.
// CHECK-LABEL: func @min_i32
// CHECK-NEXT: %[[R:.*]] = dav.vcmin %arg0, %arg1 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK-NEXT: return %[[R]]
func.func @min_i32(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  return %r : !ascreg.vreg<64xi32>
}

// -----

// min of u32.
// CHECK-LABEL: func @min_u32
// CHECK-NEXT: %[[R:.*]] = dav.vcmin %arg0, %arg1 : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK-NEXT: return %[[R]]
func.func @min_u32(%v: !ascreg.vreg<64xu32>, %m: !ascreg.mask) -> !ascreg.vreg<64xu32> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xu32>
}

// -----

// min of f32.
// CHECK-LABEL: func @min_f32
// CHECK-NEXT: %[[R:.*]] = dav.vcmin %arg0, %arg1 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK-NEXT: return %[[R]]
func.func @min_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// ===== 64-bit sum: 32-bit tree sums of 16-bit halves, carries under ALL =====

// sum of i64 (one register): de-interleave into (low, high) words, mask to the
// 32-bit layout, split the low words into 16-bit halves, three u32 vcadd under
// the packed mask, recombine with carry under pset_b32 ALL, re-interleave.
// CHECK-LABEL: func @sum_i64
// CHECK-SAME: (%arg0: !ascreg.vreg<64xi32>, %arg1: !ascreg.mask) -> !ascreg.vreg<64xi32>
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK: %[[ALL:.*]] = dav.pset_b32 <ALL>
// CHECK: %[[L:.*]] = dav.reinterpret %[[LO]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: %[[H:.*]] = dav.reinterpret %[[HI]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: %[[L16:.*]] = dav.vand %[[L]], %{{.*}}, %[[ALL]] : !ascreg.vreg<64xu32>
// CHECK: %[[H16:.*]] = dav.vshrs %[[L]], %{{.*}}, %[[ALL]] : !ascreg.vreg<64xu32>, i32
// CHECK: %[[SL:.*]] = dav.vcadd %[[L16]], %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[SM:.*]] = dav.vcadd %[[H16]], %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[SH:.*]] = dav.vcadd %[[H]], %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[SHIFT:.*]] = dav.vshls %[[SM]], %{{.*}}, %[[ALL]]
// CHECK: %[[LOW:.*]] = dav.vadd %[[SL]], %[[SHIFT]], %[[ALL]]
// CHECK: %[[C:.*]] = dav.vcmp <lt> %[[LOW]], %[[SHIFT]], %[[ALL]] : !ascreg.vreg<64xu32>
// CHECK: %[[CARRY:.*]] = dav.vsel %{{.*}}, %{{.*}}, %[[C]] : !ascreg.vreg<64xu32>
// CHECK: %[[TOP:.*]] = dav.vshrs %[[SM]], %{{.*}}, %[[ALL]]
// CHECK: %[[HS:.*]] = dav.vadd %[[SH]], %[[TOP]], %[[ALL]] : !ascreg.vreg<64xu32>
// CHECK: %[[HIGH:.*]] = dav.vadd %[[HS]], %[[CARRY]], %[[ALL]] : !ascreg.vreg<64xu32>
// CHECK: %[[RL:.*]] = dav.reinterpret %[[LOW]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
// CHECK: %[[RH:.*]] = dav.reinterpret %[[HIGH]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
// CHECK: %[[OUT:.*]], %{{.*}} = dav.vintlv %[[RL]], %[[RH]] : !ascreg.vreg<64xi32>
// CHECK: return %[[OUT]]
func.func @sum_i64(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  return %r : !ascreg.vreg<32xi64>
}

// -----

// sum of u64 (one register): the same sequence on u32 words (no reinterpret).
// CHECK-LABEL: func @sum_u64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK: %[[ALL:.*]] = dav.pset_b32 <ALL>
// CHECK-NOT: dav.reinterpret
// CHECK: dav.vand %[[LO]], %{{.*}}, %[[ALL]]
// CHECK: dav.vcadd %{{.*}}, %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcadd %{{.*}}, %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcadd %[[HI]], %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmp <lt> %{{.*}}, %{{.*}}, %[[ALL]]
// CHECK: %[[OUT:.*]], %{{.*}} = dav.vintlv %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: return %[[OUT]]
func.func @sum_u64(%v: !ascreg.vreg<32xu64>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xu64> -> !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// sum of i64x2: the (low, high) registers and the 32-bit-layout mask are used
// as they are (no vdintlv, no ppack), and the result stays two registers.
// CHECK-LABEL: func @sum_i64x2
// CHECK-SAME: (%arg0: !ascreg.vreg<64xi32>, %arg1: !ascreg.vreg<64xi32>, %arg2: !ascreg.mask) -> (!ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>)
// CHECK-NOT: dav.vdintlv
// CHECK-NOT: dav.ppack
// CHECK: %[[ALL:.*]] = dav.pset_b32 <ALL>
// CHECK: %[[L:.*]] = dav.reinterpret %arg0 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: %[[H:.*]] = dav.reinterpret %arg1 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcadd %{{.*}}, %arg2 : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcadd %{{.*}}, %arg2 : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcadd %[[H]], %arg2 : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmp <lt> %{{.*}}, %{{.*}}, %[[ALL]]
// CHECK-NOT: dav.vintlv
// CHECK: return %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
func.func @sum_i64x2(%v: !ascreg.vreg<64xi64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xi64> -> !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}

// -----

// ===== 64-bit max: extreme of the high words, then of the low words among them =====

// max of i64: signed vcmax of the high words, broadcast of its lane 0, lanes
// equal to it (under the packed mask), unsigned vcmax of their low words; the
// high result keeps only lane 0 (vadd 0 under pset_b32 VL1).
// CHECK-LABEL: func @max_i64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK: %[[ALL:.*]] = dav.pset_b32 <ALL>
// CHECK: %[[HR:.*]] = dav.vcmax %[[HI]], %[[M]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %[[ALL]] : !ascreg.vreg<64xi32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %[[HI]], %[[HB]], %[[M]] : !ascreg.vreg<64xi32>
// CHECK: %[[L:.*]] = dav.reinterpret %[[LO]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: %[[LR:.*]] = dav.vcmax %[[L]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[HRU:.*]] = dav.reinterpret %[[HR]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: %[[VL1:.*]] = dav.pset_b32 <VL1>
// CHECK: dav.vadd %[[HRU]], %{{.*}}, %[[VL1]] : !ascreg.vreg<64xu32>
// CHECK: %[[OUT:.*]], %{{.*}} = dav.vintlv %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: return %[[OUT]]
func.func @max_i64(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  return %r : !ascreg.vreg<32xi64>
}

// -----

// max of u64: the high words compare unsigned.
// CHECK-LABEL: func @max_u64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK: %[[HR:.*]] = dav.vcmax %[[HI]], %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %[[HI]], %[[HB]], %[[M]] : !ascreg.vreg<64xu32>
// CHECK: dav.vcmax %[[LO]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.pset_b32 <VL1>
// CHECK: dav.vintlv
func.func @max_u64(%v: !ascreg.vreg<32xu64>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<32xu64> -> !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// max of i64x2: the same on the two registers, with the mask as it is.
// CHECK-LABEL: func @max_i64x2
// CHECK-NOT: dav.ppack
// CHECK: %[[HR:.*]] = dav.vcmax %arg1, %arg2 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %arg1, %[[HB]], %arg2 : !ascreg.vreg<64xi32>
// CHECK: %[[L:.*]] = dav.reinterpret %arg0 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmax %[[L]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.pset_b32 <VL1>
// CHECK-NOT: dav.vintlv
// CHECK: return %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
func.func @max_i64x2(%v: !ascreg.vreg<64xi64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xi64> -> !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}

// -----

// ===== 64-bit min: the max sequence with vcmin =====

// min of i64: signed vcmin of the high words, unsigned vcmin of the low words.
// CHECK-LABEL: func @min_i64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK-NOT: dav.vcmax
// CHECK: %[[HR:.*]] = dav.vcmin %[[HI]], %[[M]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %[[HI]], %[[HB]], %[[M]] : !ascreg.vreg<64xi32>
// CHECK: %[[L:.*]] = dav.reinterpret %[[LO]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmin %[[L]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.pset_b32 <VL1>
// CHECK: dav.vintlv
func.func @min_i64(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  return %r : !ascreg.vreg<32xi64>
}

// -----

// min of u64: both word minima unsigned.
// CHECK-LABEL: func @min_u64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK-NOT: dav.vcmax
// CHECK: %[[HR:.*]] = dav.vcmin %[[HI]], %[[M]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %[[HI]], %[[HB]], %[[M]] : !ascreg.vreg<64xu32>
// CHECK: dav.vcmin %[[LO]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.pset_b32 <VL1>
// CHECK: dav.vintlv
func.func @min_u64(%v: !ascreg.vreg<32xu64>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<32xu64> -> !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// min of i64x2: on the two registers, with the mask as it is.
// CHECK-LABEL: func @min_i64x2
// CHECK-NOT: dav.ppack
// CHECK: %[[HR:.*]] = dav.vcmin %arg1, %arg2 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %arg1, %[[HB]], %arg2 : !ascreg.vreg<64xi32>
// CHECK: %[[L:.*]] = dav.reinterpret %arg0 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmin %[[L]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.pset_b32 <VL1>
// CHECK-NOT: dav.vintlv
// CHECK: return %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
func.func @min_i64x2(%v: !ascreg.vreg<64xi64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xi64> -> !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}
