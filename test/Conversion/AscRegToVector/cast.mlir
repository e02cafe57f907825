// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// cast is built from integer arithmetic on i32 lanes, or i64 where a value
// may need more (@i32_to_f32 below; between two integer types in their own
// width, @int_to_int), never from LLVM's own conversions (RNE only, poison on
// overflow): f32 -> f16 narrowing, part even. The source bits are the i32
// lanes, converted 8 at a time in a loop through two stack buffers of the
// entry block (a whole register of straight-line code cost LLVM up to 2 s),
// the result truncated to i16 bits, inactive lanes zeroed (mask read at f32
// granularity: bits 0, 4, 8, ...), then placed in lanes 2k with zeros in the
// odd lanes.
// CHECK-LABEL: func @f32_to_f16_even
// CHECK-SAME: (%[[V:.*]]: vector<64xf32>, %[[M:.*]]: vector<256xi1>)
// CHECK-NOT: arith.truncf
// CHECK-DAG: %[[IN:.*]] = memref.alloca() : memref<64xi32>
// CHECK-DAG: %[[OUT:.*]] = memref.alloca() : memref<64xi16>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : vector<64xf32> to vector<64xi32>
// CHECK: %[[ACT:.*]] = vector.shuffle %[[M]], %[[M]] [0, 4, 8, 12,
// CHECK: vector.store %[[BITS]], %[[IN]][%[[C0:.*]]] : memref<64xi32>, vector<64xi32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   vector.load %[[IN]][%[[I]]] : memref<64xi32>, vector<8xi32>
// CHECK-NOT: xi64>
// CHECK:   %[[T:.*]] = arith.trunci %{{.*}} : vector<8xi32> to vector<8xi16>
// CHECK:   vector.store %[[T]], %[[OUT]][%[[I]]] : memref<64xi16>, vector<8xi16>
// CHECK: }
// CHECK: %[[H:.*]] = vector.load %[[OUT]][%[[C0]]] : memref<64xi16>, vector<64xi16>
// CHECK: %[[Z:.*]] = arith.select %[[ACT]], %[[H]], %{{.*}} : vector<64xi1>, vector<64xi16>
// CHECK: %[[P:.*]] = vector.shuffle %[[Z]], %{{.*}} [0, 64, 1, 64, 2, 64,
// CHECK: arith.bitcast %[[P]] : vector<128xi16> to vector<128xf16>
// CHECK-NOT: arith.truncf
func.func @f32_to_f16_even(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.cast %v, %m round <rint> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// Saturation picks +-MAX (0x7BFF = 31743) instead of +-inf (0x7C00 = 31744)
// for overflow and inf, and +0 for NaN; per-instruction mode, so the sat
// operand decides. ODD ORs the inexact bit into the truncated significand.
// CHECK-LABEL: func @f32_to_f16_sat_odd
// CHECK: arith.constant dense<31743> : vector<8xi32>
// CHECK-NOT: arith.constant dense<31744> : vector<8xi32>
// CHECK: arith.ori
// CHECK: return
func.func @f32_to_f16_sat_odd(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16>
    attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction>} {
  %r = ascreg.cast %v, %m round <odd> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// In the default (global) CTRL state the sat operand of a float narrowing is
// ignored: CTRL[48] = 1 keeps inf (31744) even with sat <on>.
// CHECK-LABEL: func @global_ignores_operand
// CHECK: arith.constant dense<31744> : vector<8xi32>
// CHECK-NOT: arith.constant dense<31743> : vector<8xi32>
// CHECK: return
func.func @global_ignores_operand(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.cast %v, %m round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// Widening with part odd reads source lanes 2k+1 (and their mask bits at f16
// granularity, 4k+2) before converting; f16 -> f32 is exact.
// CHECK-LABEL: func @f16_to_f32_odd
// CHECK-SAME: (%[[V:.*]]: vector<128xf16>, %[[M:.*]]: vector<256xi1>)
// CHECK-NOT: arith.extf
// CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : vector<128xf16> to vector<128xi16>
// CHECK: %[[ACT:.*]] = vector.shuffle %[[M]], %[[M]] [0, 2, 4,
// CHECK: %[[PICK:.*]] = vector.shuffle %[[BITS]], %[[BITS]] [1, 3, 5, 7,
// CHECK: %[[APICK:.*]] = vector.shuffle %[[ACT]], %[[ACT]] [1, 3, 5, 7,
// CHECK: vector.store %[[PICK]], %{{.*}} : memref<64xi16>, vector<64xi16>
// CHECK: scf.for
// CHECK: arith.extui %{{.*}} : vector<8xi16> to vector<8xi32>
// CHECK-NOT: arith.trunci
// CHECK: arith.select %[[APICK]], %{{.*}} : vector<64xi1>, vector<64xi32>
// CHECK: arith.bitcast %{{.*}} : vector<64xi32> to vector<64xf32>
func.func @f16_to_f32_odd(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %r = ascreg.cast %v, %m part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// float -> int with a directed mode: no fptosi, i32 lanes (the result is
// formed modulo 2^32, overflow seen by the shift checks); 4:1 narrowing s32
// -> u8 part p3 places source lane k at lane 4k+3. Without saturation an
// integer narrowing keeps the low bits: a truncation in the source's own
// width.
// CHECK-LABEL: func @to_int
// CHECK-NOT: arith.fptosi
// CHECK-NOT: xi64>
// CHECK: arith.trunci %{{.*}} : vector<64xi32> to vector<64xi8>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [64, 64, 64, 0, 64, 64, 64, 1,
// CHECK-NOT: arith.fptosi
func.func @to_int(%v: !ascreg.vreg<64xf32>, %w: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> (!ascreg.vreg<64xi32>, !ascreg.vreg<256xu8>) {
  %a = ascreg.cast %v, %m round <floor> sat <on> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  %b = ascreg.cast %w, %m sat <off> part <p3> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  return %a, %b : !ascreg.vreg<64xi32>, !ascreg.vreg<256xu8>
}

// -----

// A 32-bit integer source keeps i64 lanes (laneWidth): its magnitude may
// need all 32 bits.
// CHECK-LABEL: func @i32_to_f32
// CHECK: arith.extsi %{{.*}} : vector<8xi32> to vector<8xi64>
// CHECK: arith.trunci %{{.*}} : vector<8xi64> to vector<8xi32>
func.func @i32_to_f32(%w: !ascreg.vreg<64xi32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %r = ascreg.cast %w, %m round <rint> : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// Integer -> integer casts stay in their own width (no i64 lanes):
// saturating s32 -> s16 clamps to [-32768, 32767] in i32 and truncates;
// s16 -> u32 (always saturating) turns negative lanes into 0, then extends.
// CHECK-LABEL: func @int_to_int
// CHECK-NOT: xi64>
// CHECK: %[[MIN:.*]] = arith.constant dense<-32768> : vector<64xi32>
// CHECK: %[[LO:.*]] = arith.maxsi %{{.*}}, %[[MIN]] : vector<64xi32>
// CHECK: %[[MAX:.*]] = arith.constant dense<32767> : vector<64xi32>
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %[[MAX]] : vector<64xi32>
// CHECK: arith.trunci %[[HI]] : vector<64xi32> to vector<64xi16>
// CHECK: %[[POS:.*]] = arith.maxsi %{{.*}}, %{{.*}} : vector<64xi16>
// CHECK: arith.extsi %[[POS]] : vector<64xi16> to vector<64xi32>
// CHECK-NOT: xi64>
func.func @int_to_int(%w: !ascreg.vreg<64xi32>, %h: !ascreg.vreg<128xi16>, %m: !ascreg.mask) -> (!ascreg.vreg<128xi16>, !ascreg.vreg<64xu32>) {
  %a = ascreg.cast %w, %m sat <on> part <even> : !ascreg.vreg<64xi32> -> !ascreg.vreg<128xi16>
  %b = ascreg.cast %h, %m part <even> : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xu32>
  return %a, %b : !ascreg.vreg<128xi16>, !ascreg.vreg<64xu32>
}

// -----

// truncate: zeroing on the f16 lanes (mask bits 2k), bits in and out.
// CHECK-LABEL: func @truncate_f16
// CHECK: arith.bitcast %{{.*}} : vector<128xf16> to vector<128xi16>
// CHECK: scf.for
// CHECK: arith.extui %{{.*}} : vector<8xi16> to vector<8xi32>
// CHECK-NOT: xi64>
// CHECK: arith.trunci %{{.*}} : vector<8xi32> to vector<8xi16>
// CHECK: vector.load %{{.*}} : memref<128xi16>, vector<128xi16>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4,
// CHECK: arith.select
// CHECK: arith.bitcast %{{.*}} : vector<128xi16> to vector<128xf16>
func.func @truncate_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.truncate %v, %m round <ceil> : !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}
