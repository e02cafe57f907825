// RUN: ascreg-opt %s --convert-ascreg-to-vector --split-input-file | FileCheck %s

// The f16 sum is the hardware's adjacent-pair tree: 7 levels of
// deinterleave + addf over all 128 lanes (each node rounds to f16), with
// inactive lanes as +0 -- never an unordered vector.reduction. The nodes add
// in f32 and each is rounded to f16 before the next level (the f16 sum,
// exactly), so that the deinterleaves move 32-bit lanes.
// CHECK-LABEL: func @sum_f16
// CHECK-SAME: (%[[V:.*]]: vector<128xf16>, %[[M:.*]]: vector<256xi1>)
// CHECK-NOT: vector.reduction <add>
// CHECK: %[[L:.*]] = vector.shuffle %[[M]], %[[M]] [0, 2, 4,
// CHECK: %[[S:.*]] = arith.select %[[L]], %[[V]], %{{.*}} : vector<128xi1>, vector<128xf16>
// CHECK: %[[W:.*]] = arith.extf %[[S]] : vector<128xf16> to vector<128xf32>
// CHECK: %[[E1:.*]], %[[O1:.*]] = vector.deinterleave %[[W]] : vector<128xf32> -> vector<64xf32>
// CHECK: %[[A1:.*]] = arith.addf %[[E1]], %[[O1]] : vector<64xf32>
// CHECK: %[[R1:.*]] = arith.truncf %[[A1]] : vector<64xf32> to vector<64xf16>
// CHECK: %[[W1:.*]] = arith.extf %[[R1]] : vector<64xf16> to vector<64xf32>
// CHECK: vector.deinterleave %[[W1]] : vector<64xf32> -> vector<32xf32>
// CHECK: arith.addf %{{.*}} : vector<32xf32>
// CHECK: arith.truncf %{{.*}} : vector<32xf32> to vector<32xf16>
// CHECK: arith.addf %{{.*}} : vector<16xf32>
// CHECK: arith.addf %{{.*}} : vector<8xf32>
// CHECK: arith.addf %{{.*}} : vector<4xf32>
// CHECK: arith.addf %{{.*}} : vector<2xf32>
// CHECK: %[[LAST:.*]] = arith.addf %{{.*}} : vector<1xf32>
// CHECK: %[[ROOT:.*]] = arith.truncf %[[LAST]] : vector<1xf32> to vector<1xf16>
// CHECK-NEXT: %[[SUM:.*]] = vector.extract %[[ROOT]][0] : f16 from vector<1xf16>
// CHECK: vector.insert %[[SUM]], %{{.*}} [0] : f16 into vector<128xf16>
// CHECK-NOT: vector.reduction <add>
func.func @sum_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// i16 -> i32 widens each lane (sign-extension) before the tree of 128 lanes;
// u16 -> u32 zero-extends.
// CHECK-LABEL: func @sum_widening
// CHECK: arith.extsi %{{.*}} : vector<128xi16> to vector<128xi32>
// CHECK: vector.deinterleave %{{.*}} : vector<128xi32> -> vector<64xi32>
// CHECK: arith.addi %{{.*}} : vector<64xi32>
// CHECK: vector.insert %{{.*}}, %{{.*}} [0] : i32 into vector<64xi32>
// CHECK: arith.extui %{{.*}} : vector<128xi16> to vector<128xi32>
func.func @sum_widening(%v: !ascreg.vreg<128xi16>, %u: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> (!ascreg.vreg<64xi32>, !ascreg.vreg<64xu32>) {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  %s = ascreg.reduce <sum> %u, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<64xu32>
  return %r, %s : !ascreg.vreg<64xi32>, !ascreg.vreg<64xu32>
}

// -----

// Float max: an integer key orders -0 below +0; the first NaN wins; else the
// first lane holding the maximum; empty masks give -inf and index 0. The
// value keeps the chosen lane's bits; the index is stored as raw f32 bits.
// f32 lanes first take the float compares: inactive lanes become -inf, a
// tree of compare-and-select halves (maxps on x86) finds the maximum, and
// the first level's unordered compare says whether a NaN is active. With
// no NaN and a maximum that is neither a zero nor -inf, float equality is
// bit equality: the first lane equal to the maximum wins.
// CHECK-LABEL: func @max_f32
// CHECK-SAME: (%[[V:.*]]: vector<64xf32>, %[[M:.*]]: vector<256xi1>)
// CHECK: %[[L:.*]] = vector.shuffle %[[M]], %[[M]] [0, 4, 8,
// CHECK: %[[NINFS:.*]] = arith.constant dense<0xFF800000> : vector<64xf32>
// CHECK: %[[FF:.*]] = arith.select %[[L]], %[[V]], %[[NINFS]] : vector<64xi1>, vector<64xf32>
// CHECK: %[[LO:.*]] = vector.shuffle %[[FF]], %[[FF]] [0, 1, {{.*}}, 31] :
// CHECK: %[[HI:.*]] = vector.shuffle %[[FF]], %[[FF]] [32, 33, {{.*}}, 63] :
// CHECK: %[[UNO:.*]] = arith.cmpf uno, %[[LO]], %[[HI]] : vector<32xf32>
// CHECK: %[[ANYNAN:.*]] = vector.reduction <or>, %[[UNO]] : vector<32xi1> into i1
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[LO]], %[[HI]] : vector<32xf32>
// CHECK: arith.select %[[GT]], %[[LO]], %[[HI]] : vector<32xi1>, vector<32xf32>
// CHECK-COUNT-5: arith.cmpf ogt
// CHECK: %[[ROOT:.*]] = arith.select %{{.*}} : vector<1xi1>, vector<1xf32>
// CHECK: %[[MAX:.*]] = vector.extract %[[ROOT]][0] : f32 from vector<1xf32>
// CHECK: %[[NZ:.*]] = arith.cmpf one, %[[MAX]], %{{.*}} : f32
// CHECK: %[[NI:.*]] = arith.cmpf one, %[[MAX]], %{{.*}} : f32
// CHECK: %[[NONAN:.*]] = arith.xori %[[ANYNAN]], %{{.*}} : i1
// CHECK: %[[NZNI:.*]] = arith.andi %[[NZ]], %[[NI]] : i1
// CHECK: %[[PLAIN:.*]] = arith.andi %[[NZNI]], %[[NONAN]] : i1
// CHECK: %[[RES:.*]]:3 = scf.if %[[PLAIN]] -> (f32, i1, i32) {
// CHECK:   %[[SPLATMAX:.*]] = vector.broadcast %[[MAX]] : f32 to vector<64xf32>
// CHECK:   %[[FEQ:.*]] = arith.cmpf oeq, %[[FF]], %[[SPLATMAX]] : vector<64xf32>
// CHECK:   vector.bitcast %[[FEQ]] : vector<64xi1> to vector<1xi64>
// CHECK:   %[[FIDX:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK:   scf.yield %[[MAX]], %{{.*}}, %[[FIDX]] : f32, i1, i32
// CHECK: } else {
// Otherwise the integer keys decide, on the filled lanes (the source is
// not kept live for this path). One unsigned reduction and one search
// (issue 30): the key plus 0x7F800001 puts -inf at 0 and every NaN above
// +inf (0xFF000001), the negative ones wrapped round, so no NaN select is
// needed and the maximum alone says whether a NaN won; inactive lanes are
// 0. The first set lane of the comparison with the maximum is the trailing
// zero count of its lanes as one i64 (bitcast + math.cttz). The value is
// the maximum key mapped back (the key map is its own inverse).
// CHECK: %[[BITS:.*]] = arith.bitcast %[[FF]] : vector<64xf32> to vector<64xi32>
// CHECK: %[[BIAS:.*]] = arith.constant dense<2139095041> : vector<64xi32>
// CHECK: %[[SH:.*]] = arith.shrsi %[[BITS]], %{{.*}} : vector<64xi32>
// CHECK: %[[MAG:.*]] = arith.andi %[[SH]], %{{.*}} : vector<64xi32>
// CHECK: %[[KEY:.*]] = arith.xori %[[BITS]], %[[MAG]] : vector<64xi32>
// CHECK: %[[UKEY:.*]] = arith.addi %[[KEY]], %[[BIAS]] : vector<64xi32>
// CHECK-NOT: arith.cmpf
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0> : vector<64xi32>
// CHECK: %[[FILLED:.*]] = arith.select %[[L]], %[[UKEY]], %[[ZEROS]] : vector<64xi1>, vector<64xi32>
// CHECK: %[[TOP:.*]] = vector.reduction <maxui>, %[[FILLED]] : vector<64xi32> into i32
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[TOP]] : i32 to vector<64xi32>
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[FILLED]], %[[SPLAT]] : vector<64xi32>
// CHECK: %[[EQW:.*]] = vector.bitcast %[[EQ]] : vector<64xi1> to vector<1xi64>
// CHECK: %[[EQB:.*]] = vector.extract %[[EQW]][0] : i64 from vector<1xi64>
// CHECK: %[[EQTZ:.*]] = math.cttz %[[EQB]] : i64
// CHECK: %[[IDX:.*]] = arith.trunci %[[EQTZ]] : i64 to i32
// CHECK: %[[INFKEY:.*]] = arith.constant -16777215 : i32
// CHECK: %[[NANWON:.*]] = arith.cmpi ugt, %[[TOP]], %[[INFKEY]] : i32
// A NaN won: the first lane above +inf's key, and that lane's key, read in
// registers (compare with the lane numbers, select, OR-reduce).
// CHECK: %[[WIN:.*]]:2 = scf.if %[[NANWON]] -> (i32, i32) {
// CHECK:   %[[ABOVE:.*]] = arith.cmpi ugt, %[[FILLED]], %{{.*}} : vector<64xi32>
// CHECK:   %[[NIDX:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK:   %[[POS:.*]] = vector.broadcast %[[NIDX]] : i32 to vector<64xi32>
// CHECK:   %[[LANES:.*]] = arith.constant dense<[0, 1, 2, {{.*}}, 63]> : vector<64xi32>
// CHECK:   %[[HIT:.*]] = arith.cmpi eq, %[[LANES]], %[[POS]] : vector<64xi32>
// CHECK:   %[[ONLY:.*]] = arith.select %[[HIT]], %[[FILLED]], %{{.*}} : vector<64xi1>, vector<64xi32>
// CHECK:   %[[NKEY:.*]] = vector.reduction <or>, %[[ONLY]] : vector<64xi32> into i32
// CHECK:   scf.yield %[[NKEY]], %[[NIDX]] : i32, i32
// CHECK: } else {
// CHECK:   scf.yield %[[TOP]], %[[IDX]] : i32, i32
// CHECK: }
// A maximum of 0 is -inf's key and the inactive lanes': the mask says
// whether any lane was active, and which first.
// CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[TOP]], %{{.*}} : i32
// CHECK: %[[SEL:.*]]:2 = scf.if %[[ZERO]] -> (i1, i32) {
// CHECK:   vector.bitcast %[[L]] : vector<64xi1> to vector<1xi64>
// CHECK:   scf.yield
// CHECK: } else {
// CHECK:   %[[TRUE:.*]] = arith.constant true
// CHECK:   scf.yield %[[TRUE]], %[[WIN]]#1 : i1, i32
// CHECK: }
// CHECK: %[[K:.*]] = arith.subi %[[WIN]]#0, %{{.*}} : i32
// CHECK: %[[MSH:.*]] = arith.shrsi %[[K]], %{{.*}} : i32
// CHECK: %[[MMAG:.*]] = arith.andi %[[MSH]], %{{.*}} : i32
// CHECK: %[[MBITS:.*]] = arith.xori %[[K]], %[[MMAG]] : i32
// CHECK: %[[BEST:.*]] = arith.bitcast %[[MBITS]] : i32 to f32
// CHECK: scf.yield %[[BEST]], %[[SEL]]#0, %[[SEL]]#1 : f32, i1, i32
// CHECK: }
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[VAL:.*]] = arith.select %[[RES]]#1, %[[RES]]#0, %[[NINF]] : f32
// CHECK: %[[IDXF:.*]] = arith.bitcast %[[RES]]#2 : i32 to f32
// CHECK: %[[R0:.*]] = vector.insert %[[VAL]], %{{.*}} [0] : f32 into vector<64xf32>
// CHECK: vector.insert %[[IDXF]], %[[R0]] [1] : f32 into vector<64xf32>
func.func @max_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) -> !ascreg.vreg<64xf32> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// Float min is max on the lanes with their sign flipped (the order of the
// numbers reversed, NaNs still above +inf), and the winner's sign flipped
// back; f16 keys are biased by 0x7C01 and a NaN won above 0xF801 (-2047).
// CHECK-LABEL: func @min_f16
// CHECK: %[[SIGN:.*]] = arith.constant dense<-32768> : vector<128xi16>
// CHECK: %[[FLIP:.*]] = arith.xori %{{.*}}, %[[SIGN]] : vector<128xi16>
// CHECK: %[[BIAS:.*]] = arith.constant dense<31745> : vector<128xi16>
// CHECK: %[[KEY:.*]] = arith.xori %[[FLIP]], %{{.*}} : vector<128xi16>
// CHECK: arith.addi %[[KEY]], %[[BIAS]] : vector<128xi16>
// CHECK: %[[TOP:.*]] = vector.reduction <maxui>, %{{.*}} : vector<128xi16> into i16
// CHECK: vector.bitcast %{{.*}} : vector<128xi1> to vector<1xi128>
// CHECK: %[[INFKEY:.*]] = arith.constant -2047 : i16
// CHECK: %[[NANWON:.*]] = arith.cmpi ugt, %[[TOP]], %[[INFKEY]] : i16
// CHECK: scf.if %[[NANWON]] -> (i16, i32)
// CHECK: scf.if %{{.*}} -> (i1, i32)
// CHECK: %[[SIGN1:.*]] = arith.constant -32768 : i16
// CHECK: arith.xori %{{.*}}, %[[SIGN1]] : i16
// CHECK: %[[INF:.*]] = arith.constant 0x7C00 : f16
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[INF]] : f16
func.func @min_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// Unsigned min: unsigned reduction, +max fill, index truncated to u16 bits.
// CHECK-LABEL: func @min_u16
// CHECK-NOT: arith.cmpf
// CHECK: arith.constant dense<-1> : vector<128xi16>
// CHECK: vector.reduction <minui>, %{{.*}} : vector<128xi16> into i16
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @min_u16(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xu16> {
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return %r : !ascreg.vreg<128xu16>
}

// -----

// 64-bit: exact i64 tree (wraps mod 2^64), signed max with an i64 index.
// CHECK-LABEL: func @b64
// CHECK: vector.shuffle %{{.*}} [0, 8, 16,
// CHECK: arith.addi %{{.*}} : vector<16xi64>
// CHECK: vector.reduction <maxsi>, %{{.*}} : vector<32xi64> into i64
// CHECK: arith.extui %{{.*}} : i32 to i64
func.func @b64(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> (!ascreg.vreg<32xi64>, !ascreg.vreg<32xi64>) {
  %s = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  %x = ascreg.reduce <max> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  return %s, %x : !ascreg.vreg<32xi64>, !ascreg.vreg<32xi64>
}

// -----

// pair_reduce_sum: the mask is applied to all lanes first (an inactive lane
// enters the adder as +0: one active, a + (+0); none, +0), then the even and
// odd lanes are added; the upper half is 0. No deinterleave of the mask.
// CHECK-LABEL: func @pair
// CHECK: %[[L:.*]] = vector.shuffle %{{.*}} : vector<256xi1>, vector<256xi1>
// CHECK: %[[A:.*]] = arith.select %[[L]], %arg0, %{{.*}} : vector<128xi1>, vector<128xf16>
// CHECK: %[[E:.*]], %[[O:.*]] = vector.deinterleave %[[A]] : vector<128xf16> -> vector<64xf16>
// CHECK-NOT: vector.deinterleave
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<64xf16>
// CHECK: %[[LOW:.*]] = arith.addf %[[E]], %[[O]] : vector<64xf16>
// CHECK-NOT: arith.cmpi
// CHECK: vector.shuffle %[[LOW]], %[[Z]] [0, 1, 2,
// CHECK-SAME: 126, 127] : vector<64xf16>, vector<64xf16>
func.func @pair(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) -> !ascreg.vreg<128xf16> {
  %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<128xf16>
  return %r : !ascreg.vreg<128xf16>
}

// -----

// CTRL[48] = 0: every f16 node of the sum tree, the pair sums and f16 adds
// saturate on the bits (|x| > 0x7C00 is NaN -> +0, == 0x7C00 is inf ->
// sign | 0x7BFF); f32 additions do not.
// CHECK-LABEL: func @saturating_f16
// CHECK: %[[A1:.*]] = arith.addf %{{.*}} : vector<64xf32>
// CHECK: %[[T1:.*]] = arith.truncf %[[A1]] : vector<64xf32> to vector<64xf16>
// CHECK: %[[B1:.*]] = arith.bitcast %[[T1]] : vector<64xf16> to vector<64xi16>
// CHECK: %[[MAG:.*]] = arith.andi %[[B1]], %{{.*}} : vector<64xi16>
// CHECK: %[[NAN:.*]] = arith.cmpi ugt, %[[MAG]], %{{.*}} : vector<64xi16>
// CHECK: %[[INF:.*]] = arith.cmpi eq, %[[MAG]], %{{.*}} : vector<64xi16>
// CHECK: arith.select %[[INF]]
// CHECK: arith.select %[[NAN]]
// CHECK-COUNT-6: arith.cmpi ugt
// CHECK: vector.deinterleave %{{.*}} : vector<128xf16> -> vector<64xf16>
// CHECK: arith.addf
// CHECK: arith.cmpi ugt
// CHECK: arith.addf %{{.*}} : vector<128xf16>
// CHECK: arith.cmpi ugt
// CHECK: arith.addf %{{.*}} : vector<64xf32>
// CHECK-NOT: arith.cmpi ugt
// CHECK: return
func.func @saturating_f16(%v: !ascreg.vreg<128xf16>, %f: !ascreg.vreg<64xf32>, %m: !ascreg.mask)
    -> (!ascreg.vreg<128xf16>, !ascreg.vreg<128xf16>, !ascreg.vreg<128xf16>, !ascreg.vreg<64xf32>)
    attributes {ascreg.ctrl = #ascreg.ctrl<float_overflow = saturate>} {
  %s = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %p = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<128xf16>
  %a = ascreg.add %v, %v, %m : !ascreg.vreg<128xf16>
  %g = ascreg.add %f, %f, %m : !ascreg.vreg<64xf32>
  return %s, %p, %a, %g : !ascreg.vreg<128xf16>, !ascreg.vreg<128xf16>, !ascreg.vreg<128xf16>, !ascreg.vreg<64xf32>
}
