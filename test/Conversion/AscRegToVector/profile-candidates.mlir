// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// The module's semantic profile (ascreg.semantics) picks the lowering of each
// open point; lib/Semantics/Reference.cpp is the oracle. A recorded
// documented profile lowers exactly as no profile: the f16 sum rounds every
// node to f16 (added in f32, then truncated at once; no NaN rewrite), the
// empty max is -inf.
// CHECK-LABEL: func @documented_sum_f16
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK-NEXT: arith.truncf %{{.*}} : vector<64xf32> to vector<64xf16>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK-NEXT: arith.truncf %{{.*}} : vector<32xf32> to vector<32xf16>
// CHECK-NOT: arith.cmpf
// CHECK: return
module attributes {ascreg.semantics = "documented"} {
  func.func @documented_sum_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
    %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    return %r : !ascreg.vreg<128xf16>
  }
}

// -----

// sum.rounding = round_once, f16: the leaves (inactive lanes +0) widen to
// f32, the same adjacent-pair tree runs in f32, and the root is rounded to
// f16 once.
// CHECK-LABEL: func @round_once_f16
// CHECK: %[[LEAVES:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<128xi1>, vector<128xf16>
// CHECK: %[[W:.*]] = arith.extf %[[LEAVES]] : vector<128xf16> to vector<128xf32>
// CHECK: vector.deinterleave %[[W]] : vector<128xf32> -> vector<64xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK: %[[ROOT:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<1xf32>
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[ROOT]] : vector<1xf32> to vector<1xf16>
// CHECK-NEXT: vector.extract %[[H]][0] : f16 from vector<1xf16>
// CHECK-NOT: arith.addf {{.*}} : vector<{{[0-9]+}}xf16>
module attributes {ascreg.semantics = "sum.rounding=round_once"} {
  func.func @round_once_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
    %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    return %r : !ascreg.vreg<128xf16>
  }
}

// -----

// sum.rounding = round_once, f32, in the saturating mode (CTRL[48] = 0,
// ctrl.float_mode = saturating): the tree runs in f64; f32 never saturates,
// so nothing follows the one rounding.
// CHECK-LABEL: func @round_once_f32
// CHECK: arith.extf %{{.*}} : vector<64xf32> to vector<64xf64>
// CHECK: %[[ROOT:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<1xf64>
// CHECK-NEXT: %[[S:.*]] = arith.truncf %[[ROOT]] : vector<1xf64> to vector<1xf32>
// CHECK-NEXT: vector.extract %[[S]][0] : f32 from vector<1xf32>
module attributes {ascreg.semantics = "sum.rounding=round_once,ctrl.float_mode=saturating"} {
  func.func @round_once_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
    %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    return %r : !ascreg.vreg<64xf32>
  }
}

// -----

// sum.rounding = round_once with add.nan = canonical and CTRL[48] = 0 on
// f16: after the one rounding, a NaN becomes 0x7E00 and then the f16
// saturation runs (Reference.cpp's finishAdd order), once, on the root.
// CHECK-LABEL: func @round_once_f16_canonical_saturating
// CHECK: %[[H:.*]] = arith.truncf %{{.*}} : vector<1xf32> to vector<1xf16>
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[H]], %[[H]] : vector<1xf16>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<0x7E00> : vector<1xf16>
// CHECK-NEXT: %[[CAN:.*]] = arith.select %[[NAN]], %[[C]], %[[H]] : vector<1xi1>, vector<1xf16>
// CHECK-NEXT: arith.bitcast %[[CAN]] : vector<1xf16> to vector<1xi16>
// CHECK: arith.constant dense<31743> : vector<1xi16>
module attributes {ascreg.semantics = "sum.rounding=round_once,add.nan=canonical,ctrl.float_mode=saturating"} {
  func.func @round_once_f16_canonical_saturating(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
    %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    return %r : !ascreg.vreg<128xf16>
  }
}

// -----

// maxmin.empty = finite: a max with no active lane gives -65504 (f16) and a
// min +FLT_MAX (f32) instead of -inf / +inf.
// CHECK-LABEL: func @empty_finite_max_f16
// CHECK: %[[E:.*]] = arith.constant -6.550400e+04 : f16
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[E]] : f16
// CHECK-LABEL: func @empty_finite_min_f32
// CHECK: %[[E:.*]] = arith.constant 3.40282347E+38 : f32
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[E]] : f32
module attributes {ascreg.semantics = "maxmin.empty=finite"} {
  func.func @empty_finite_max_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
    %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    return %r : !ascreg.vreg<128xf16>
  }
  func.func @empty_finite_min_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
    %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    return %r : !ascreg.vreg<64xf32>
  }
}

// -----

// maxmin.nan = canonical with compare.subnormals = flush on reduce <max>:
// subnormal lanes become the zero of their sign (bit operations: exponent
// field 0 -> sign bit only) before the keys and the pick, and a picked NaN
// (only the first NaN lane can be) becomes 0x7E00.
// CHECK-LABEL: func @max_canonical_flush
// CHECK: %[[B:.*]] = arith.bitcast %[[V:.*]] : vector<128xf16> to vector<128xi16>
// CHECK-NEXT: %[[EXPM:.*]] = arith.constant dense<31744> : vector<128xi16>
// CHECK-NEXT: %[[EXP:.*]] = arith.andi %[[B]], %[[EXPM]] : vector<128xi16>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<128xi16>
// CHECK-NEXT: %[[SUB:.*]] = arith.cmpi eq, %[[EXP]], %[[Z]] : vector<128xi16>
// CHECK-NEXT: %[[SM:.*]] = arith.constant dense<-32768> : vector<128xi16>
// CHECK-NEXT: %[[SZ:.*]] = arith.andi %[[B]], %[[SM]] : vector<128xi16>
// CHECK-NEXT: %[[FB:.*]] = arith.select %[[SUB]], %[[SZ]], %[[B]] : vector<128xi1>, vector<128xi16>
// CHECK-NEXT: %[[F:.*]] = arith.bitcast %[[FB]] : vector<128xi16> to vector<128xf16>
// CHECK: %[[FI:.*]] = arith.bitcast %[[F]] : vector<128xf16> to vector<128xi16>
// CHECK: %[[K:.*]] = arith.xori %[[FI]], %{{.*}} : vector<128xi16>
// CHECK: vector.reduction <maxui>
// CHECK: %[[PB:.*]] = arith.xori %{{.*}} : i16
// CHECK-NEXT: %[[P:.*]] = arith.bitcast %[[PB]] : i16 to f16
// CHECK-NEXT: %[[PN:.*]] = arith.cmpf uno, %[[P]], %[[P]] : f16
// CHECK-NEXT: %[[C:.*]] = arith.constant 0x7E00 : f16
// CHECK-NEXT: arith.select %[[PN]], %[[C]], %[[P]] : f16
module attributes {ascreg.semantics = "maxmin.nan=canonical,compare.subnormals=flush"} {
  func.func @max_canonical_flush(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
    %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    return %r : !ascreg.vreg<128xf16>
  }
}

// -----

// compare.subnormals = flush on compare and elementwise min: both operands
// are flushed (f32: exponent mask 0x7F800000 = 2139095040) before the
// comparison; maxmin.nan = canonical rewrites the min's NaN lanes before the
// zeroing select.
// CHECK-LABEL: func @compare_min_flush
// CHECK: arith.constant dense<2139095040> : vector<64xi32>
// CHECK: arith.constant dense<2139095040> : vector<64xi32>
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK: arith.constant dense<2139095040> : vector<64xi32>
// CHECK: arith.constant dense<2139095040> : vector<64xi32>
// CHECK: arith.cmpf uno, %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK-NEXT: arith.cmpf uno, %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK-NEXT: arith.select
// CHECK-NEXT: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<64xi1>, vector<64xf32>
// CHECK-NEXT: %[[N:.*]] = arith.cmpf uno, %[[R]], %[[R]] : vector<64xf32>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<0x7FC00000> : vector<64xf32>
// CHECK-NEXT: %[[CAN:.*]] = arith.select %[[N]], %[[C]], %[[R]] : vector<64xi1>, vector<64xf32>
// CHECK: arith.select %{{.*}}, %[[CAN]], %{{.*}} : vector<64xi1>, vector<64xf32>
module attributes {ascreg.semantics = "compare.subnormals=flush,maxmin.nan=canonical"} {
  func.func @compare_min_flush(%a: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> (!ascreg.mask, !ascreg.vreg<64xf32>) {
    %c = ascreg.compare <lt> %a, %b, %m : !ascreg.vreg<64xf32>
    %n = ascreg.min %a, %b, %m : !ascreg.vreg<64xf32>
    return %c, %n : !ascreg.mask, !ascreg.vreg<64xf32>
  }
}

// -----

// add.nan = canonical on an f16 add in the saturating mode: the NaN rewrite,
// then the saturation (inf -> 65504 = 31743, NaN -> +0).
// CHECK-LABEL: func @add_canonical
// CHECK: %[[S:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<128xf16>
// CHECK-NEXT: %[[N:.*]] = arith.cmpf uno, %[[S]], %[[S]] : vector<128xf16>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<0x7E00> : vector<128xf16>
// CHECK-NEXT: %[[CAN:.*]] = arith.select %[[N]], %[[C]], %[[S]] : vector<128xi1>, vector<128xf16>
// CHECK-NEXT: arith.bitcast %[[CAN]] : vector<128xf16> to vector<128xi16>
// CHECK: arith.constant dense<31743> : vector<128xi16>
module attributes {ascreg.semantics = "add.nan=canonical,ctrl.float_mode=saturating"} {
  func.func @add_canonical(%a: !ascreg.vreg<128xf16>, %b: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
    %r = ascreg.add %a, %b, %m : !ascreg.vreg<128xf16>
    return %r : !ascreg.vreg<128xf16>
  }
}

// -----

// pair.single_lane = exact (with add.nan = canonical): the sum is finished
// (NaN -> 0x7FC00000), then a pair with exactly one active lane (the two
// lane masks differ) takes that lane's bits instead.
// CHECK-LABEL: func @pair_exact
// CHECK: %[[L:.*]] = vector.shuffle %{{.*}} : vector<256xi1>, vector<256xi1>
// CHECK: %[[E:.*]], %[[O:.*]] = vector.deinterleave %{{.*}} : vector<64xf32> -> vector<32xf32>
// CHECK: %[[S:.*]] = arith.addf %[[E]], %[[O]] : vector<32xf32>
// CHECK-NEXT: %[[N:.*]] = arith.cmpf uno, %[[S]], %[[S]] : vector<32xf32>
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<0x7FC00000> : vector<32xf32>
// CHECK-NEXT: %[[CAN:.*]] = arith.select %[[N]], %[[C]], %[[S]] : vector<32xi1>, vector<32xf32>
// CHECK-NEXT: %[[ME:.*]], %[[MO:.*]] = vector.deinterleave %[[L]] : vector<64xi1> -> vector<32xi1>
// CHECK-NEXT: %[[ONE:.*]] = arith.xori %[[ME]], %[[MO]] : vector<32xi1>
// CHECK-NEXT: %[[LANE:.*]] = arith.select %[[ME]], %[[E]], %[[O]] : vector<32xi1>, vector<32xf32>
// CHECK-NEXT: arith.select %[[ONE]], %[[LANE]], %[[CAN]] : vector<32xi1>, vector<32xf32>
module attributes {ascreg.semantics = "pair.single_lane=exact,add.nan=canonical"} {
  func.func @pair_exact(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
    %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<64xf32>
    return %r : !ascreg.vreg<64xf32>
  }
}

// -----

// gather.mask = source: a gather from an 8-bit source reads lane i's enable
// from mask bit i (bits 0..127), not 2i; a 16-bit source keeps the result
// type's stride (bits 0, 2, 4, ...). The u16 indices are gathered as i32
// offsets (zero-extended, so never negative).
// CHECK-LABEL: func @gather_source_mask
// CHECK: vector.shuffle %[[M:.*]], %[[M]] [0, 1, 2, 3, 4, 5, 6, 7, 8,
// CHECK-SAME: 126, 127] : vector<256xi1>, vector<256xi1>
// CHECK: vector.gather {{.*}} : memref<?xi8>, vector<128xi32>, vector<128xi1>, vector<128xi8> into vector<128xi8>
// CHECK-LABEL: func @gather_source_mask_16bit
// CHECK: vector.shuffle %[[M:.*]], %[[M]] [0, 2, 4, 6, 8,
// CHECK-SAME: 252, 254] : vector<256xi1>, vector<256xi1>
module attributes {ascreg.semantics = "gather.mask=source"} {
  func.func @gather_source_mask(%b: memref<?xi8>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
    %r = ascreg.gather %b[%i], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
    return %r : !ascreg.vreg<128xi16>
  }
  func.func @gather_source_mask_16bit(%b: memref<?xi16>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
    %r = ascreg.gather %b[%i], %m : memref<?xi16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
    return %r : !ascreg.vreg<128xi16>
  }
}

// -----

// cast.widen_mask = destination: a widening cast (f16 -> f32, part odd)
// enables result lane k by bit 4k (f32 granularity) directly, instead of
// picking source lanes 2k+1's bits (4k+2) with a second shuffle.
// CHECK-LABEL: func @widen_destination_mask
// CHECK: %[[ACT:.*]] = vector.shuffle %[[M:.*]], %[[M]] [0, 4, 8, 12,
// CHECK-SAME: 248, 252] : vector<256xi1>, vector<256xi1>
// CHECK-NEXT: vector.shuffle %{{.*}}, %{{.*}} [1, 3, 5, 7,
// CHECK-SAME: : vector<128xi16>, vector<128xi16>
// CHECK-NOT: vector.shuffle {{.*}} : vector<128xi1>
// CHECK: arith.select %[[ACT]], %{{.*}}, %{{.*}} : vector<64xi1>, vector<64xi32>
module attributes {ascreg.semantics = "cast.widen_mask=destination"} {
  func.func @widen_destination_mask(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
    %r = ascreg.cast %v, %m part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    return %r : !ascreg.vreg<64xf32>
  }
}
