// Round trip of every ascreg op and type, in custom and generic form.
// RUN: ascreg-opt %s | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --mlir-print-op-generic | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ascreg-opt %s --verify-roundtrip

// CHECK-LABEL: @types
// CHECK-SAME: !ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>, !ascreg.vreg<128xi16>, !ascreg.vreg<128xu16>
// CHECK-SAME: !ascreg.vreg<128xf16>, !ascreg.vreg<128xbf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<64xu32>
// CHECK-SAME: !ascreg.vreg<64xf32>, !ascreg.vreg<32xi64>, !ascreg.vreg<32xu64>, !ascreg.vreg<64xi64>
// CHECK-SAME: !ascreg.vreg<64xu64>, !ascreg.mask
func.func private @types(!ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>, !ascreg.vreg<128xi16>,
  !ascreg.vreg<128xui16>, !ascreg.vreg<128xf16>, !ascreg.vreg<128xbf16>, !ascreg.vreg<64xi32>,
  !ascreg.vreg<64xu32>, !ascreg.vreg<64xf32>, !ascreg.vreg<32xi64>, !ascreg.vreg<32xu64>,
  !ascreg.vreg<64xi64>, !ascreg.vreg<64xu64>, !ascreg.mask)

// CHECK-LABEL: @masks
func.func @masks(%n: i32) -> (!ascreg.mask, i32) {
  // CHECK: %[[A:.*]] = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %a = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  // CHECK: ascreg.create_mask <VL16> for !ascreg.vreg<128xf16>
  %b = ascreg.create_mask <VL16> for !ascreg.vreg<128xf16>
  // CHECK: ascreg.create_mask <M3> for !ascreg.vreg<256xu8>
  %c = ascreg.create_mask <M3> for !ascreg.vreg<256xu8>
  // CHECK: ascreg.create_mask <ALLF> for !ascreg.vreg<64xu64>
  %d = ascreg.create_mask <ALLF> for !ascreg.vreg<64xu64>
  // CHECK: %[[M:.*]], %[[R:.*]] = ascreg.update_mask %{{.*}} for !ascreg.vreg<32xi64>
  %m, %rest = ascreg.update_mask %n for !ascreg.vreg<32xi64>
  // CHECK: %[[X:.*]] = ascreg.mask_and %[[A]], %{{.*}}
  %x = ascreg.mask_and %a, %b
  // CHECK: ascreg.mask_or %[[X]], %{{.*}}
  %y = ascreg.mask_or %x, %c
  // CHECK: ascreg.mask_not %{{.*}} for !ascreg.vreg<128xf16>
  %z = ascreg.mask_not %y for !ascreg.vreg<128xf16>
  %w = ascreg.mask_or %z, %d
  %v = ascreg.mask_and %w, %m
  return %v, %rest : !ascreg.mask, i32
}

// CHECK-LABEL: @data_movement
func.func @data_movement(%src: memref<?xf32>, %dst: memref<?xf32>, %s64: memref<?xui64>, %off: index) {
  // CHECK: %[[V:.*]] = ascreg.load_align %{{.*}}[%{{.*}}] : memref<?xf32> -> !ascreg.vreg<64xf32>
  %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  // CHECK: ascreg.store_align %[[V]], %{{.*}}[%{{.*}}], %{{.*}} : !ascreg.vreg<64xf32>, memref<?xf32>
  ascreg.store_align %v, %dst[%off], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  // CHECK: ascreg.load_align %{{.*}}[%{{.*}}] : memref<?xui64> -> !ascreg.vreg<64xu64>
  %w = ascreg.load_align %s64[%off] : memref<?xui64> -> !ascreg.vreg<64xu64>
  // CHECK: ascreg.store_align %{{.*}} : !ascreg.vreg<64xu64>, memref<?xui64>
  ascreg.store_align %w, %s64[%off], %m : !ascreg.vreg<64xu64>, memref<?xui64>
  return
}

// CHECK-LABEL: @reductions
func.func @reductions(%h: !ascreg.vreg<128xf16>, %s: !ascreg.vreg<128xi16>,
                      %l: !ascreg.vreg<64xu64>, %f: !ascreg.vreg<64xf32>, %m: !ascreg.mask)
    -> (!ascreg.vreg<128xf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<64xu64>, !ascreg.vreg<64xf32>, !ascreg.vreg<128xf16>) {
  // CHECK: ascreg.reduce <max> %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %0 = ascreg.reduce <max> %h, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  // CHECK: ascreg.reduce <sum> %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  %1 = ascreg.reduce <sum> %s, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  // CHECK: ascreg.reduce <min> %{{.*}}, %{{.*}} : !ascreg.vreg<64xu64> -> !ascreg.vreg<64xu64>
  %2 = ascreg.reduce <min> %l, %m mode <zeroing> : !ascreg.vreg<64xu64> -> !ascreg.vreg<64xu64>
  // CHECK: ascreg.pair_reduce_sum %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %3 = ascreg.pair_reduce_sum %f, %m : !ascreg.vreg<64xf32>
  // CHECK: ascreg.pair_reduce_sum %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16>
  %4 = ascreg.pair_reduce_sum %h, %m : !ascreg.vreg<128xf16>
  return %0, %1, %2, %3, %4 : !ascreg.vreg<128xf16>, !ascreg.vreg<64xi32>, !ascreg.vreg<64xu64>, !ascreg.vreg<64xf32>, !ascreg.vreg<128xf16>
}

// CHECK-LABEL: @gathers
func.func @gathers(%b8: memref<?xi8>, %b64: memref<?xi64>, %i16: !ascreg.vreg<128xu16>,
                   %i32: !ascreg.vreg<64xu32>, %i64: !ascreg.vreg<64xu64>, %h: !ascreg.vreg<128xf16>,
                   %m: !ascreg.mask) -> (!ascreg.vreg<128xi16>, !ascreg.vreg<32xi64>, !ascreg.vreg<64xi64>, !ascreg.vreg<128xf16>) {
  // CHECK: ascreg.gather %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  %0 = ascreg.gather %b8[%i16], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  // CHECK: ascreg.gather %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xi64>
  %1 = ascreg.gather %b64[%i32], %m : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xi64>
  // CHECK: ascreg.gather %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi64>, !ascreg.vreg<64xu64> -> !ascreg.vreg<64xi64>
  %2 = ascreg.gather %b64[%i64], %m : memref<?xi64>, !ascreg.vreg<64xu64> -> !ascreg.vreg<64xi64>
  // CHECK: ascreg.gather_reg %{{.*}}[%{{.*}}] : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
  %3 = ascreg.gather_reg %h[%i16] : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
  return %0, %1, %2, %3 : !ascreg.vreg<128xi16>, !ascreg.vreg<32xi64>, !ascreg.vreg<64xi64>, !ascreg.vreg<128xf16>
}

// CHECK-LABEL: @companions
func.func @companions(%x: f32, %k: i32, %a: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xu32> {
  // CHECK: %[[D:.*]] = ascreg.duplicate %{{.*}} : f32 -> !ascreg.vreg<64xf32>
  %d = ascreg.duplicate %x : f32 -> !ascreg.vreg<64xf32>
  // CHECK: ascreg.duplicate %{{.*}}, %{{.*}} : i32 -> !ascreg.vreg<64xu32>
  %e = ascreg.duplicate %k, %m : i32 -> !ascreg.vreg<64xu32>
  // CHECK: %[[I:.*]] = ascreg.arange %{{.*}} : i32 -> !ascreg.vreg<64xu32>
  %i = ascreg.arange %k : i32 -> !ascreg.vreg<64xu32>
  // CHECK: %[[C:.*]] = ascreg.compare <gt> %{{.*}}, %[[D]], %{{.*}} : !ascreg.vreg<64xf32>
  %c = ascreg.compare <gt> %a, %d, %m : !ascreg.vreg<64xf32>
  // CHECK: ascreg.select %[[C]], %{{.*}}, %[[D]] : !ascreg.vreg<64xf32>
  %s = ascreg.select %c, %a, %d : !ascreg.vreg<64xf32>
  // CHECK: ascreg.add %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %t = ascreg.add %s, %a, %m : !ascreg.vreg<64xf32>
  // CHECK: ascreg.max %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %u = ascreg.max %t, %a, %m : !ascreg.vreg<64xf32>
  // CHECK: ascreg.min %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
  %v = ascreg.min %i, %e, %m : !ascreg.vreg<64xu32>
  // CHECK: ascreg.bitcast %{{.*}} : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xu32>
  %w = ascreg.bitcast %u : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xu32>
  %r = ascreg.add %v, %w, %m : !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xu32>
}

// The target attribute is checked.
// CHECK-LABEL: module attributes {ascreg.target = "dav-3510"}
module attributes {ascreg.target = "dav-3510"} {
}

// GENERIC: "ascreg.create_mask"() <{pattern = #ascreg.mask_pattern<ALL>, reg_type = !ascreg.vreg<64xf32>}> : () -> !ascreg.mask
// GENERIC: "ascreg.update_mask"(%{{.*}}) <{reg_type = !ascreg.vreg<32xi64>}> : (i32) -> (!ascreg.mask, i32)
// GENERIC: "ascreg.reduce"(%{{.*}}, %{{.*}}) <{kind = #ascreg.reduce_kind<max>, mode = #ascreg.merge_mode<zeroing>}> : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<128xf16>
// GENERIC: "ascreg.gather"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<?xi8>, !ascreg.vreg<128xu16>, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "ascreg.compare"(%{{.*}}, %{{.*}}, %{{.*}}) <{predicate = #ascreg.compare_predicate<gt>}>

// Conversions: every operand the pair takes, and only those; the part of a
// 2:1 conversion is even|odd, of a 4:1 conversion p0..p3.
// CHECK-LABEL: @conversions
// GENERIC-LABEL: sym_name = "conversions"
func.func @conversions(%f: !ascreg.vreg<64xf32>, %h: !ascreg.vreg<128xf16>,
                       %w: !ascreg.vreg<64xi32>, %b: !ascreg.vreg<256xu8>,
                       %l: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} round <odd> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  // GENERIC: "ascreg.cast"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p1>, round = #ascreg.round_mode<odd>, sat = #ascreg.sat_mode<on>}>
  %0 = ascreg.cast %f, %m round <odd> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  %1 = ascreg.cast %h, %m part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} round <trunc> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  %2 = ascreg.cast %f, %m round <trunc> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} round <floor> : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
  %3 = ascreg.cast %w, %m round <floor> : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} part <p3> : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  // GENERIC: "ascreg.cast"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p3>}>
  %4 = ascreg.cast %b, %m part <p3> : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} sat <on> part <p2> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  %5 = ascreg.cast %w, %m sat <on> part <p2> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} round <ceil> part <odd> : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xf32>
  %6 = ascreg.cast %l, %m round <ceil> part <odd> : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xf32>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} round <round> : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xbf16>
  // CHECK: ascreg.cast %{{.*}}, %{{.*}} round <round> sat <off> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
  %bf = ascreg.cast %h, %m round <round> : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xbf16>
  %7 = ascreg.cast %bf, %m round <round> sat <off> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
  // CHECK: ascreg.truncate %{{.*}}, %{{.*}} round <floor> : !ascreg.vreg<128xf16>
  // GENERIC: "ascreg.truncate"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<floor>}>
  %8 = ascreg.truncate %h, %m round <floor> : !ascreg.vreg<128xf16>
  return
}

// The kernel's CTRL state; every field is printed.
// CHECK-LABEL: @ctrl_default
// CHECK-SAME: attributes {ascreg.ctrl = #ascreg.ctrl<saturation = global, float_overflow = inf_nan, int_overflow = saturate, fp8_nan = zero>}
func.func @ctrl_default() attributes {ascreg.ctrl = #ascreg.ctrl<>} {
  return
}
// adds, muls, maxs, mins, compares (issue 27): a register and a scalar of its element type.
// CHECK-LABEL: func.func @scalar_forms
func.func @scalar_forms(%a: !ascreg.vreg<64xf32>, %f: f32, %h: !ascreg.vreg<128xf16>, %g: f16,
                        %u: !ascreg.vreg<256xu8>, %b: i8, %q: !ascreg.vreg<64xi64>, %w: i64,
                        %m: !ascreg.mask) -> !ascreg.mask {
  // CHECK: ascreg.adds %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>, f32
  %s = ascreg.adds %a, %f, %m : !ascreg.vreg<64xf32>, f32
  // CHECK: ascreg.muls %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16>, f16
  %p = ascreg.muls %h, %g, %m : !ascreg.vreg<128xf16>, f16
  // CHECK: ascreg.maxs %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<256xu8>, i8
  %x = ascreg.maxs %u, %b, %m : !ascreg.vreg<256xu8>, i8
  // CHECK: ascreg.mins %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xi64>, i64
  %n = ascreg.mins %q, %w, %m : !ascreg.vreg<64xi64>, i64
  // CHECK: ascreg.compares <ge> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>, f32
  %c = ascreg.compares <ge> %s, %f, %m : !ascreg.vreg<64xf32>, f32
  return %c : !ascreg.mask
}

// CHECK-LABEL: @ctrl_set
// CHECK-SAME: attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction, float_overflow = saturate, int_overflow = truncate, fp8_nan = keep>}
func.func @ctrl_set() attributes {ascreg.ctrl = #ascreg.ctrl<int_overflow = truncate, saturation = instruction, fp8_nan = keep, float_overflow = saturate>} {
  return
}

// sub, mul, abs and the bitwise ops (issue 27), one- and two-register forms.
// CHECK-LABEL: func.func @lane_arith
func.func @lane_arith(%a: !ascreg.vreg<64xf32>, %h: !ascreg.vreg<128xbf16>,
                      %i: !ascreg.vreg<256xi8>, %q: !ascreg.vreg<64xi64>,
                      %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  // CHECK: ascreg.sub %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %s = ascreg.sub %a, %a, %m : !ascreg.vreg<64xf32>
  // CHECK: ascreg.mul %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xbf16>
  %p = ascreg.mul %h, %h, %m : !ascreg.vreg<128xbf16>
  // CHECK: ascreg.abs %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %b = ascreg.abs %s, %m : !ascreg.vreg<64xf32>
  // CHECK: ascreg.and %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>
  %x = ascreg.and %i, %i, %m : !ascreg.vreg<256xi8>
  // CHECK: ascreg.or %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>
  %y = ascreg.or %x, %i, %m : !ascreg.vreg<256xi8>
  // CHECK: ascreg.xor %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>
  %z = ascreg.xor %y, %i, %m : !ascreg.vreg<256xi8>
  // CHECK: ascreg.not %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>
  %n = ascreg.not %z, %m : !ascreg.vreg<256xi8>
  // CHECK: ascreg.mul %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xi64>
  %qq = ascreg.mul %q, %q, %m : !ascreg.vreg<64xi64>
  // CHECK: ascreg.abs %{{.*}}, %{{.*}} : !ascreg.vreg<64xi64>
  %qa = ascreg.abs %qq, %m : !ascreg.vreg<64xi64>
  return %qa : !ascreg.vreg<64xi64>
}

// shift_left, shift_right (an amount register of the signed type of the width) and
// shift_lefts, shift_rights (an i16 scalar) (issue 27).
// CHECK-LABEL: func.func @shifts
func.func @shifts(%a: !ascreg.vreg<64xu32>, %n: !ascreg.vreg<64xi32>, %b: !ascreg.vreg<256xi8>,
                  %k: !ascreg.vreg<256xi8>, %s: i16, %m: !ascreg.mask) {
  // CHECK: ascreg.shift_left %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
  %0 = ascreg.shift_left %a, %n, %m : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
  // CHECK: ascreg.shift_right %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>, !ascreg.vreg<256xi8>
  %1 = ascreg.shift_right %b, %k, %m : !ascreg.vreg<256xi8>, !ascreg.vreg<256xi8>
  // CHECK: ascreg.shift_lefts %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, i16
  %2 = ascreg.shift_lefts %a, %s, %m : !ascreg.vreg<64xu32>, i16
  // CHECK: ascreg.shift_rights %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>, i16
  %3 = ascreg.shift_rights %b, %s, %m : !ascreg.vreg<256xi8>, i16
  return
}

// The UB ops take contiguous views (strided<[1], offset: ...>) of a buffer.
// CHECK-LABEL: func.func @views
func.func @views(%b: memref<?xf32>, %o: index) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %w = memref.subview %b[%o] [64] [1] : memref<?xf32> to memref<64xf32, strided<[1], offset: ?>>
  // CHECK: ascreg.load_align %{{.*}}[%{{.*}}] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  %v = ascreg.load_align %w[%c0] : memref<64xf32, strided<[1], offset: ?>> -> !ascreg.vreg<64xf32>
  // CHECK: ascreg.store_align %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : !ascreg.vreg<64xf32>, memref<64xf32, strided<[1], offset: ?>>
  ascreg.store_align %v, %w[%c0], %m : !ascreg.vreg<64xf32>, memref<64xf32, strided<[1], offset: ?>>
  return
}
