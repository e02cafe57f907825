// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// CHECK-LABEL: func @duplicate
// CHECK: %[[B:.*]] = vector.broadcast %arg0 : f32 to vector<64xf32>
// CHECK: %[[L:.*]] = vector.shuffle %arg1, %arg1 [0, 4,
// CHECK: arith.select %[[L]], %[[B]], %{{.*}} : vector<64xi1>, vector<64xf32>
func.func @duplicate(%x: f32, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %v = ascreg.duplicate %x, %m : f32 -> !ascreg.vreg<64xf32>
  return %v : !ascreg.vreg<64xf32>
}

// -----

// Integer arange wraps (addi); float arange rounds start + i once (addf).
// CHECK-LABEL: func @arange
// CHECK: %[[S:.*]] = vector.broadcast %arg0 : i8 to vector<256xi8>
// CHECK: arith.addi %[[S]], %{{.*}} : vector<256xi8>
// CHECK: %[[F:.*]] = vector.broadcast %arg1 : f16 to vector<128xf16>
// CHECK: arith.addf %[[F]], %{{.*}} : vector<128xf16>
func.func @arange(%a: i8, %f: f16) -> (!ascreg.vreg<256xu8>, !ascreg.vreg<128xf16>) {
  %x = ascreg.arange %a : i8 -> !ascreg.vreg<256xu8>
  %y = ascreg.arange %f : f16 -> !ascreg.vreg<128xf16>
  return %x, %y : !ascreg.vreg<256xu8>, !ascreg.vreg<128xf16>
}

// -----

// Float compare is IEEE (ne is unordered-or-not-equal); the result keeps only
// active lanes and is spread back to the byte-granular mask.
// CHECK-LABEL: func @compare
// CHECK: %[[C:.*]] = arith.cmpf une, %arg0, %arg1 : vector<64xf32>
// CHECK: %[[L:.*]] = vector.shuffle %arg2, %arg2 [0, 4,
// CHECK: %[[A:.*]] = arith.andi %[[C]], %[[L]] : vector<64xi1>
// CHECK: vector.shuffle %[[A]], %{{.*}} [0, 64, 64, 64, 1, 64, 64, 64,
// CHECK: arith.cmpi ult, %{{.*}} : vector<128xi16>
func.func @compare(%a: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<64xf32>, %m: !ascreg.mask,
                   %u: !ascreg.vreg<128xu16>) -> (!ascreg.mask, !ascreg.mask) {
  %c = ascreg.compare <ne> %a, %b, %m : !ascreg.vreg<64xf32>
  %d = ascreg.compare <lt> %u, %u, %m : !ascreg.vreg<128xu16>
  return %c, %d : !ascreg.mask, !ascreg.mask
}

// -----

// CHECK-LABEL: func @select
// CHECK: %[[L:.*]] = vector.shuffle %arg0, %arg0 [0, 8, 16,
// CHECK: arith.select %[[L]], %arg1, %arg2 : vector<32xi1>, vector<32xi64>
func.func @select(%m: !ascreg.mask, %a: !ascreg.vreg<32xi64>, %b: !ascreg.vreg<32xi64>) -> !ascreg.vreg<32xi64> {
  %r = ascreg.select %m, %a, %b : !ascreg.vreg<32xi64>
  return %r : !ascreg.vreg<32xi64>
}

// -----

// Elementwise max of floats: keys order -0 below +0; a NaN operand wins,
// lhs first; inactive lanes are zeroed.
// CHECK-LABEL: func @max_f16
// CHECK: %[[PICK:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : vector<128xi16>
// CHECK: %[[ORD:.*]] = arith.select %[[PICK]], %arg0, %arg1
// CHECK: %[[NY:.*]] = arith.cmpf uno, %arg1, %arg1
// CHECK: %[[NX:.*]] = arith.cmpf uno, %arg0, %arg0
// CHECK: %[[R1:.*]] = arith.select %[[NY]], %arg1, %[[ORD]]
// CHECK: %[[R2:.*]] = arith.select %[[NX]], %arg0, %[[R1]]
// CHECK: arith.select %{{.*}}, %[[R2]], %{{.*}} : vector<128xi1>, vector<128xf16>
// CHECK: arith.addi %{{.*}} : vector<64xi32>
// CHECK: arith.minui %{{.*}} : vector<64xi32>
func.func @max_f16(%a: !ascreg.vreg<128xf16>, %b: !ascreg.vreg<128xf16>, %m: !ascreg.mask,
                   %u: !ascreg.vreg<64xu32>) -> (!ascreg.vreg<128xf16>, !ascreg.vreg<64xu32>) {
  %r = ascreg.max %a, %b, %m : !ascreg.vreg<128xf16>
  %s = ascreg.add %u, %u, %m : !ascreg.vreg<64xu32>
  %t = ascreg.min %s, %u, %m : !ascreg.vreg<64xu32>
  return %r, %t : !ascreg.vreg<128xf16>, !ascreg.vreg<64xu32>
}

// -----

// CHECK-LABEL: func @bitcast
// CHECK: vector.bitcast %arg0 : vector<128xf16> to vector<64xi32>
func.func @bitcast(%a: !ascreg.vreg<128xf16>) -> !ascreg.vreg<64xu32> {
  %r = ascreg.bitcast %a : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xu32>
}
