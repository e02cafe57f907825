// adds, muls, maxs, mins, compares lower as their definition: the scalar
// broadcast, then the vector op's own lowering (docs/semantics.md 2.25).
// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// CHECK-LABEL: func @adds_i32
// CHECK: %[[B:.*]] = vector.broadcast %arg1 : i32 to vector<64xi32>
// CHECK: arith.addi %arg0, %[[B]] : vector<64xi32>
// CHECK-NOT: ascreg.
func.func @adds_i32(%v: !ascreg.vreg<64xi32>, %s: i32, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
  %0 = ascreg.adds %v, %s, %m : !ascreg.vreg<64xi32>, i32
  return %0 : !ascreg.vreg<64xi32>
}

// -----

// CHECK-LABEL: func @compares_f16
// CHECK: vector.broadcast %arg1 : f16 to vector<128xf16>
// CHECK: arith.cmpf olt
// CHECK-NOT: ascreg.
func.func @compares_f16(%v: !ascreg.vreg<128xf16>, %s: f16, %m: !ascreg.mask) -> !ascreg.mask {
  %0 = ascreg.compares <lt> %v, %s, %m : !ascreg.vreg<128xf16>, f16
  return %0 : !ascreg.mask
}
