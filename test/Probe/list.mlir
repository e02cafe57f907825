// `ascreg-probe list` prints every open point of the profile table with its
// question, what it affects, its candidates (the documented one starred)
// and the probe program that tells them apart. Two points in full, the
// others by their headers.
// RUN: ascreg-probe list | FileCheck %s

// CHECK: 15 open points (docs/semantics.md sections 8 and 10.10)
// CHECK: sum.rounding (O1): does every vcadd tree node round, or only the result?
// CHECK-NEXT:   affects: reduce sum f16 / f32
// CHECK-NEXT:   * per_node: every node of the vcadd tree rounds to the element type (D13)
// CHECK-NEXT:     round_once: the tree runs in f32 (f16 sums) / f64 (f32 sums), one rounding at the end
// CHECK-NEXT:   probe: sum_rounding.asc -> sum.rounding.bin: reduce and reduce_data_block sum of 1.0 and 2^-11 (f16)
// CHECK: add.nan (O9):
// CHECK: probe: add_nan.asc -> add.nan.bin
// CHECK: maxmin.nan (O4):
// CHECK: probe: maxmin_nan.asc -> maxmin.nan.bin
// CHECK: maxmin.empty (O5):
// CHECK: probe: maxmin_empty.asc -> maxmin.empty.bin
// CHECK: pair.single_lane (O3):
// CHECK: probe: pair_single_lane.asc -> pair.single_lane.bin
// CHECK: compare.subnormals (O12):
// CHECK: probe: compare_subnormals.asc -> compare.subnormals.bin
// CHECK: gather.mask (O7):
// CHECK: probe: gather_mask.asc -> gather.mask.bin
// CHECK: cast.widen_mask (O-C1):
// CHECK: probe: cast_widen_mask.asc -> cast.widen_mask.bin
// CHECK: mul.f16_saturation (O13): does an f16 mul saturate when CTRL[48] = 0?
// CHECK-NEXT:   affects: mul (f16)
// CHECK-NEXT:   * ctrl:
// CHECK-NEXT:     never:
// CHECK-NEXT:   probe: mul_f16_saturation.asc -> mul.f16_saturation.bin
// CHECK: abs.float (O14):
// CHECK: probe: abs_float.asc -> abs.float.bin
// CHECK: arith.subnormals (O15):
// CHECK: probe: arith_subnormals.asc -> arith.subnormals.bin
// CHECK: shift.range (O18): what does a shift by exactly the lane width give?
// CHECK-NEXT:   affects: shift_left / shift_right (+ scalar forms)
// CHECK-NEXT:   * as_beyond:
// CHECK-NEXT:     low_bits:
// CHECK-NEXT:   probe: shift_range.asc -> shift.range.bin
// CHECK: shift.negative (O19):
// CHECK: probe: shift_negative.asc -> shift.negative.bin
// CHECK: shift.signed_left (O20):
// CHECK: probe: shift_signed_left.asc -> shift.signed_left.bin
// CHECK: ctrl.float_mode (O-C2): which CTRL[48] does a kernel that never writes CTRL see?
// CHECK-NEXT:   affects: f16 add / sub / mul, float conversions
// CHECK-NEXT:   * non_saturating:
// CHECK-NEXT:     saturating:
// CHECK-NEXT:   probe: ctrl_float_mode.asc -> ctrl.float_mode.bin
// CHECK-NOT: probe: none

// The JSON form carries the same, one object per point.
// RUN: ascreg-probe list --json | FileCheck %s --check-prefix=JSON
// JSON: "key": "sum.rounding"
// JSON: "probe": "sum_rounding.asc"
// JSON: "result_file": "sum.rounding.bin"
// JSON: "key": "ctrl.float_mode"
