// The shifts lower to the lane rule on the bits (docs/semantics.md 2.27): LLVM's
// shifts only see amounts below the width (clamped by a select), a signed right shift
// at most width - 1; the i16 scalar of shift_rights is broadcast and clamped to +-(w + 1)
// before it is narrowed to the lane. The profile's choices add or drop IR.
// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// CHECK-LABEL: func @shift_right_i32
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi ult
// CHECK: arith.minui
// CHECK: arith.shrsi
// CHECK-NOT: ascreg.
func.func @shift_right_i32(%v: !ascreg.vreg<64xi32>, %n: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %0 = ascreg.shift_right %v, %n, %m : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
  return %0 : !ascreg.vreg<64xi32>
}

// -----

// CHECK-LABEL: func @shift_rights_u8
// CHECK: vector.broadcast %arg1 : i16 to vector<256xi16>
// CHECK: arith.minsi %{{.*}}, %{{.*}} : vector<256xi16>
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : vector<256xi16>
// CHECK: arith.trunci %{{.*}} : vector<256xi16> to vector<256xi8>
// CHECK: arith.shrui
// CHECK-NOT: arith.shrsi
// CHECK-NOT: ascreg.
func.func @shift_rights_u8(%v: !ascreg.vreg<256xu8>, %s: i16, %m: !ascreg.mask) -> !ascreg.vreg<256xu8> {
  %0 = ascreg.shift_rights %v, %s, %m : !ascreg.vreg<256xu8>, i16
  return %0 : !ascreg.vreg<256xu8>
}

// -----

// shift.signed_left = wrap (documented): a signed left shift is LLVM's shl.
// CHECK-LABEL: func @shift_lefts_i16
// CHECK: arith.extsi
// CHECK-NOT: arith.extsi
// CHECK: arith.shli
// CHECK-NOT: arith.ori
func.func @shift_lefts_i16(%v: !ascreg.vreg<64xi32>, %s: i16, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %0 = ascreg.shift_lefts %v, %s, %m : !ascreg.vreg<64xi32>, i16
  return %0 : !ascreg.vreg<64xi32>
}

// -----

// 64-bit lanes: the vendor's word sequence on the truncated words (docs/semantics.md
// 2.27): the amount's low word, k + 32 and 32 - k wrapped in i32, 32-bit shifts, the
// words joined back.
// CHECK-LABEL: func @shift_left_i64
// CHECK: %[[K:.*]] = arith.trunci %arg1 : vector<32xi64> to vector<32xi32>
// CHECK: arith.addi %[[K]], %{{.*}} : vector<32xi32>
// CHECK: arith.subi %{{.*}}, %[[K]] : vector<32xi32>
// CHECK: arith.trunci %arg0 : vector<32xi64> to vector<32xi32>
// CHECK: arith.shrui %arg0, %{{.*}} : vector<32xi64>
// CHECK: arith.shli %{{.*}} : vector<32xi32>
// CHECK: arith.extui %{{.*}} : vector<32xi32> to vector<32xi64>
// CHECK: arith.ori %{{.*}} : vector<32xi64>
// CHECK-NOT: ascreg.
func.func @shift_left_i64(%v: !ascreg.vreg<32xi64>, %n: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %0 = ascreg.shift_left %v, %n, %m : !ascreg.vreg<32xi64>, !ascreg.vreg<32xi64>
  return %0 : !ascreg.vreg<32xi64>
}

// -----

// The scalar: k + 32 and 32 - k wrap in i16 before they are widened.
// CHECK-LABEL: func @shift_rights_u64x2
// CHECK: %[[S:.*]] = vector.broadcast %arg1 : i16 to vector<64xi16>
// CHECK: arith.addi %[[S]], %{{.*}} : vector<64xi16>
// CHECK: arith.subi %{{.*}}, %[[S]] : vector<64xi16>
// CHECK: arith.extsi %[[S]] : vector<64xi16> to vector<64xi32>
// CHECK-NOT: ascreg.
func.func @shift_rights_u64x2(%v: !ascreg.vreg<64xu64>, %s: i16, %m: !ascreg.mask) -> !ascreg.vreg<64xu64> {
  %0 = ascreg.shift_rights %v, %s, %m : !ascreg.vreg<64xu64>, i16
  return %0 : !ascreg.vreg<64xu64>
}
