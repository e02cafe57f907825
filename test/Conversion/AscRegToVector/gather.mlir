// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// 8-bit sources: gather bytes (indices zero-extended to i32 element counts,
// mask counted on the 16-bit result) and zero-extend into the lane.
// The bounds check compares i32 lanes against the room clamped to 2^32 - 1;
// room for 2^32 elements or more passes every index (the ori). Zero-extended
// 16-bit indices are never negative as i32 offsets: one gather, no scf.if.
// CHECK-LABEL: func @gather_i8
// CHECK-SAME: (%[[B:.*]]: memref<?xi8>, %[[I:.*]]: vector<128xi16>, %[[M:.*]]: vector<256xi1>)
// CHECK: %[[I32:.*]] = arith.extui %[[I]] : vector<128xi16> to vector<128xi32>
// CHECK: %[[L:.*]] = vector.shuffle %[[M]], %[[M]] [0, 2, 4,
// CHECK: %[[DIM:.*]] = memref.dim %[[B]]
// CHECK: cf.assert %{{.*}}, "ascreg.gather at {{.*}}: gather base not 32-byte aligned"
// CHECK: %[[ROOM:.*]] = arith.divui
// CHECK: %[[U32MAX:.*]] = arith.constant 4294967295 : index
// CHECK: %[[ALL:.*]] = arith.cmpi ugt, %[[ROOM]], %[[U32MAX]] : index
// CHECK: %[[CLAMP:.*]] = arith.minui %[[ROOM]], %[[U32MAX]] : index
// CHECK: %[[ROOM32:.*]] = arith.index_castui %[[CLAMP]] : index to i32
// CHECK: %[[LIMIT:.*]] = vector.broadcast %[[ROOM32]] : i32 to vector<128xi32>
// CHECK: %[[OOB:.*]] = arith.cmpi uge, %[[I32]], %[[LIMIT]] : vector<128xi32>
// CHECK: %[[BAD:.*]] = arith.andi %[[OOB]], %[[L]] : vector<128xi1>
// CHECK: %[[ANYBAD:.*]] = vector.reduction <or>, %[[BAD]]
// CHECK: %[[NONE:.*]] = arith.xori %[[ANYBAD]], %{{.*}} : i1
// CHECK: %[[OK:.*]] = arith.ori %[[NONE]], %[[ALL]] : i1
// CHECK: cf.assert %[[OK]], "ascreg.gather at {{.*}}: gather index outside the Unified Buffer"
// CHECK-NOT: scf.if
// CHECK: %[[G:.*]] = vector.gather %[[B]][%{{.*}}] [%[[I32]]], %[[L]], %{{.*}} : memref<?xi8>, vector<128xi32>, vector<128xi1>, vector<128xi8> into vector<128xi8>
// CHECK: arith.extui %[[G]] : vector<128xi8> to vector<128xi16>
func.func @gather_i8(%b: memref<?xi8>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
  %r = ascreg.gather %b[%i], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  return %r : !ascreg.vreg<128xi16>
}

// -----

// One-register 64-bit result with a u32 index: only the first 32 indices,
// mask bits 8*i. u32 indices are gathered as i32 offsets unless an active
// one has the sign bit set (2^31 or more): then as i64 offsets, in two
// half gathers (one gather of i64 offsets in both branches would let LLVM
// merge them into a single i64-offset gather).
// CHECK-LABEL: func @gather_b64_u32
// CHECK: %[[FIRST:.*]] = vector.shuffle %arg1, %arg1 [0, 1, 2,
// CHECK-SAME: 31] : vector<64xi32>, vector<64xi32>
// CHECK: %[[L:.*]] = vector.shuffle %arg2, %arg2 [0, 8, 16,
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[FIRST]], %{{.*}} : vector<32xi32>
// CHECK: %[[NEGL:.*]] = arith.andi %[[NEG]], %[[L]] : vector<32xi1>
// CHECK: %[[WIDE:.*]] = vector.reduction <or>, %[[NEGL]] : vector<32xi1> into i1
// CHECK: scf.if %[[WIDE]] -> (vector<32xi64>) {
// CHECK: arith.extui %[[FIRST]] : vector<32xi32> to vector<32xi64>
// CHECK: vector.gather {{.*}} : memref<?xi64>, vector<16xi64>, vector<16xi1>, vector<16xi64> into vector<16xi64>
// CHECK: vector.gather {{.*}} : memref<?xi64>, vector<16xi64>, vector<16xi1>, vector<16xi64> into vector<16xi64>
// CHECK: } else {
// CHECK: vector.gather %{{.*}}[%{{.*}}] [%[[FIRST]]], %[[L]], %{{.*}} : memref<?xi64>, vector<32xi32>, vector<32xi1>, vector<32xi64> into vector<32xi64>
func.func @gather_b64_u32(%b: memref<?xui64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.gather %b[%i], %m : memref<?xui64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// u64 indices contribute their low 32 bits; the two-register form takes 64
// (gathered as i32 offsets, or as i64 ones in two halves of 32 lanes).
// CHECK-LABEL: func @gather_b64x2_u64x2
// CHECK: %[[LO:.*]] = arith.trunci %arg1 : vector<64xi64> to vector<64xi32>
// CHECK: vector.shuffle %arg2, %arg2 [0, 4, 8,
// CHECK: arith.extui %[[LO]] : vector<64xi32> to vector<64xi64>
// CHECK: vector.gather {{.*}} into vector<32xi64>
// CHECK: } else {
// CHECK: vector.gather {{.*}} [%[[LO]]], {{.*}} into vector<64xi64>
func.func @gather_b64x2_u64x2(%b: memref<?xi64>, %i: !ascreg.vreg<64xu64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.gather %b[%i], %m : memref<?xi64>, !ascreg.vreg<64xu64> -> !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}

// -----

// Register gather: index mod VL (an AND for the power-of-two lane count),
// through a register-sized scratch buffer allocated once at function entry.
// CHECK-LABEL: func @gather_reg
// CHECK-NEXT: %[[SCRATCH:.*]] = memref.alloca() : memref<128xf16>
// CHECK: scf.for
// CHECK: vector.store %{{.*}}, %[[SCRATCH]][%{{.*}}] : memref<128xf16>, vector<128xf16>
// CHECK: %[[MOD:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<128xi16>
// CHECK: %[[I64:.*]] = arith.extui %[[MOD]] : vector<128xi16> to vector<128xi64>
// CHECK: vector.gather %[[SCRATCH]][%{{.*}}] [%[[I64]]]
func.func @gather_reg(%v: !ascreg.vreg<128xf16>, %i: !ascreg.vreg<128xu16>, %n: index) -> !ascreg.vreg<128xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %v) -> (!ascreg.vreg<128xf16>) {
    %g = ascreg.gather_reg %acc[%i] : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
    scf.yield %g : !ascreg.vreg<128xf16>
  }
  return %r : !ascreg.vreg<128xf16>
}
