// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// Masks are byte-granular 256-bit vectors: an f32 pattern sets every 4th bit.
// CHECK-LABEL: func @create_mask
// CHECK: %[[M:.*]] = arith.constant dense<"0x1111111100000000000000000000000000000000000000000000000000000000"> : vector<256xi1>
// CHECK: return %[[M]] : vector<256xi1>
func.func @create_mask() -> !ascreg.mask {
  %m = ascreg.create_mask <VL8> for !ascreg.vreg<64xf32>
  return %m : !ascreg.mask
}

// -----

// update_mask: lanes [0, min(n, VL)) spread to bit 2*i for 16-bit lanes; the
// rest of the count saturates at 0.
// CHECK-LABEL: func @update_mask
// CHECK-SAME: (%[[N:.*]]: i32)
// CHECK: %[[VL:.*]] = arith.constant 128 : i32
// CHECK: %[[MIN:.*]] = arith.minui %[[N]], %[[VL]] : i32
// CHECK: %[[IDX:.*]] = arith.index_castui %[[MIN]] : i32 to index
// CHECK: %[[LANES:.*]] = vector.create_mask %[[IDX]] : vector<128xi1>
// CHECK: %[[NONE:.*]] = arith.constant dense<false> : vector<128xi1>
// CHECK: %[[BITS:.*]] = vector.shuffle %[[LANES]], %[[NONE]] [0, 128, 1, 128, 2, 128,
// CHECK-SAME: : vector<128xi1>, vector<128xi1>
// CHECK: %[[LT:.*]] = arith.cmpi ult, %[[N]], %[[VL]] : i32
// CHECK: %[[SUB:.*]] = arith.subi %[[N]], %[[VL]] : i32
// CHECK: %[[REST:.*]] = arith.select %[[LT]], %{{.*}}, %[[SUB]] : i32
// CHECK: return %[[BITS]], %[[REST]]
func.func @update_mask(%n: i32) -> (!ascreg.mask, i32) {
  %m, %r = ascreg.update_mask %n for !ascreg.vreg<128xbf16>
  return %m, %r : !ascreg.mask, i32
}

// -----

// The two-register 64-bit form uses the 32-bit layout (bit 4*i, 64 lanes).
// CHECK-LABEL: func @update_mask_b64x2
// CHECK: arith.constant 64 : i32
// CHECK: vector.create_mask %{{.*}} : vector<64xi1>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 64, 64, 64, 1, 64, 64, 64, 2,
func.func @update_mask_b64x2(%n: i32) -> (!ascreg.mask, i32) {
  %m, %r = ascreg.update_mask %n for !ascreg.vreg<64xu64>
  return %m, %r : !ascreg.mask, i32
}

// -----

// mask_not sets only the lowest bit of each lane's group: (m ^ P) & P.
// CHECK-LABEL: func @mask_ops
// CHECK: %[[AND:.*]] = arith.andi %arg0, %arg1 : vector<256xi1>
// CHECK: %[[OR:.*]] = arith.ori %[[AND]], %arg1 : vector<256xi1>
// CHECK: %[[P:.*]] = arith.constant dense<"0x5555
// CHECK: %[[X:.*]] = arith.xori %[[OR]], %[[P]] : vector<256xi1>
// CHECK: arith.andi %[[X]], %[[P]] : vector<256xi1>
func.func @mask_ops(%a: !ascreg.mask, %b: !ascreg.mask) -> !ascreg.mask {
  %x = ascreg.mask_and %a, %b
  %y = ascreg.mask_or %x, %b
  %z = ascreg.mask_not %y for !ascreg.vreg<128xf16>
  return %z : !ascreg.mask
}
