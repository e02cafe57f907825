// reduce_data_block lowers to per-block trees: log2(lanes per block) levels of
// vector.deinterleave and a combine, then the 8 block results shuffled into
// lanes 0..7 over zeros (docs/semantics.md 2.26).
// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// f32: 8 lanes per block, three levels of addf.
// CHECK-LABEL: func @sum_f32
// CHECK: arith.select {{.*}} : vector<64xi1>, vector<64xf32>
// CHECK: vector.deinterleave {{.*}} : vector<64xf32> -> vector<32xf32>
// CHECK: arith.addf {{.*}} : vector<32xf32>
// CHECK: vector.deinterleave {{.*}} : vector<32xf32> -> vector<16xf32>
// CHECK: vector.deinterleave {{.*}} : vector<16xf32> -> vector<8xf32>
// CHECK: arith.addf {{.*}} : vector<8xf32>
// CHECK: vector.shuffle {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK-NOT: ascreg.
func.func @sum_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %0 = ascreg.reduce_data_block <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return %0 : !ascreg.vreg<64xf32>
}

// -----

// i16 sums widen first, then four levels on i32.
// CHECK-LABEL: func @sum_i16
// CHECK: arith.extsi {{.*}} : vector<128xi16> to vector<128xi32>
// CHECK: arith.addi {{.*}} : vector<8xi32>
// CHECK: vector.shuffle {{.*}} : vector<8xi32>, vector<8xi32>
// CHECK-NOT: ascreg.
func.func @sum_i16(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %0 = ascreg.reduce_data_block <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  return %0 : !ascreg.vreg<64xi32>
}

// -----

// max on u16: the identity 0 for inactive lanes, unsigned comparisons.
// CHECK-LABEL: func @max_u16
// CHECK: arith.cmpi ugt
// CHECK: vector.shuffle {{.*}} : vector<8xi16>, vector<8xi16>
// CHECK-NOT: ascreg.
func.func @max_u16(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xu16> {
  %0 = ascreg.reduce_data_block <max> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return %0 : !ascreg.vreg<128xu16>
}
