// Every verifier rule and every operand / result type-constraint class of the
// dav ops is rejected with a located diagnostic; one case per rule, each
// introduced by a line saying which rule it tests. The section before the
// last (type conversions: vcvt / vtrc) holds the fuzzing regressions of issue
// 10 (buffer element types without a bit width used to crash the verifiers).
// RUN: ascreg-opt %s -split-input-file -verify-diagnostics

// ===== pset_bN =====

// The pattern must be one of the vendor's PAT_* names.
func.func @pset_bad_pattern() {
  // expected-error@+2 {{expected ::ascreg::MaskPattern to be one of: ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF}}
  // expected-error@+1 {{failed to parse AscReg_MaskPatternAttr}}
  %m = dav.pset_b8 <VL5>
  return
}

// -----

// The result of pset_bN is a predicate, not a register.
func.func @pset_result_not_mask() {
  // expected-error@+1 {{'dav.pset_b16' op result #0 must be ascreg mask register, but got '!ascreg.vreg<128xu16>'}}
  %m = "dav.pset_b16"() <{pattern = #ascreg.mask_pattern<ALL>}> : () -> !ascreg.vreg<128xu16>
  return
}

// -----

// The pattern attribute must be a mask pattern.
func.func @pset_pattern_kind() {
  // expected-error@+1 {{invalid properties {pattern = #ascreg.compare_predicate<eq>} for op dav.pset_b32: Invalid attribute `pattern` in property conversion: #ascreg.compare_predicate<eq>}}
  %m = "dav.pset_b32"() <{pattern = #ascreg.compare_predicate<eq>}> : () -> !ascreg.mask
  return
}

// -----

// ===== plt_bN =====

// The count of plt_bN is a 32-bit scalar.
func.func @plt_count_i64(%n: i64) {
  // expected-error@+1 {{'dav.plt_b32' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  %m, %r = "dav.plt_b32"(%n) : (i64) -> (!ascreg.mask, i32)
  return
}

// -----

// The updated count (POST_UPDATE) is a 32-bit scalar too.
func.func @plt_rest_i64(%n: i32) {
  // expected-error@+1 {{'dav.plt_b8' op result #1 must be 32-bit signless integer, but got 'i64'}}
  %m, %r = "dav.plt_b8"(%n) : (i32) -> (!ascreg.mask, i64)
  return
}

// -----

// The first result of plt_bN is a predicate.
func.func @plt_mask_not_mask(%n: i32) {
  // expected-error@+1 {{'dav.plt_b16' op result #0 must be ascreg mask register, but got 'i32'}}
  %m, %r = "dav.plt_b16"(%n) : (i32) -> (i32, i32)
  return
}

// -----

// ===== pand / por / pnot =====

// The governing predicate of pand is a predicate.
func.func @pand_governing_register(%a: !ascreg.mask, %v: !ascreg.vreg<64xf32>) {
  // expected-error@+1 {{'dav.pand' op operand #2 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  %r = "dav.pand"(%a, %a, %v) : (!ascreg.mask, !ascreg.mask, !ascreg.vreg<64xf32>) -> !ascreg.mask
  return
}

// -----

// The result of por is a predicate.
func.func @por_result_register(%a: !ascreg.mask) {
  // expected-error@+1 {{'dav.por' op result #0 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  %r = "dav.por"(%a, %a, %a) : (!ascreg.mask, !ascreg.mask, !ascreg.mask) -> !ascreg.vreg<64xf32>
  return
}

// -----

// The input of pnot is a predicate.
func.func @pnot_input_register(%a: !ascreg.mask, %v: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{'dav.pnot' op operand #0 must be ascreg mask register, but got '!ascreg.vreg<64xu32>'}}
  %r = "dav.pnot"(%v, %a) : (!ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.mask
  return
}

// -----

// ===== ppack / punpack / pintlv_b32 =====

// The half is LOWER or HIGHER.
func.func @ppack_bad_part(%a: !ascreg.mask) {
  // expected-error@+2 {{expected ::ascreg::dav::HalfPart to be one of: lower, higher}}
  // expected-error@+1 {{failed to parse Dav_HalfPartAttr}}
  %r = dav.ppack %a <middle>
  return
}

// -----

// The part attribute must be a half, not another enum.
func.func @punpack_part_kind(%a: !ascreg.mask) {
  // expected-error@+1 {{invalid properties {part = #ascreg.reduce_kind<sum>} for op dav.punpack: Invalid attribute `part` in property conversion: #ascreg.reduce_kind<sum>}}
  %r = "dav.punpack"(%a) <{part = #ascreg.reduce_kind<sum>}> : (!ascreg.mask) -> !ascreg.mask
  return
}

// -----

// pintlv_b32 interleaves predicates, not registers.
func.func @pintlv_register_operand(%a: !ascreg.mask, %v: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{'dav.pintlv_b32' op operand #1 must be ascreg mask register, but got '!ascreg.vreg<64xu32>'}}
  %l, %h = "dav.pintlv_b32"(%a, %v) : (!ascreg.mask, !ascreg.vreg<64xu32>) -> (!ascreg.mask, !ascreg.mask)
  return
}

// -----

// ===== vlds =====

// Only physical registers exist at the intrinsic level: no 64-bit lanes.
func.func @vlds_64bit_lanes(%b: memref<?xi64>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op result #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %v = dav.vlds %b[%o] : memref<?xi64> -> !ascreg.vreg<32xi64>
  return
}

// -----

// The buffer is a rank-1 memref.
func.func @vlds_rank2(%b: memref<4x64xf32>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op operand #0 must be rank-1 UB memref, but got 'memref<4x64xf32>'}}
  %v = dav.vlds %b[%o] : memref<4x64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// The offset is an index.
func.func @vlds_offset_i32(%b: memref<?xf32>, %o: i32) {
  // expected-error@+1 {{'dav.vlds' op operand #1 must be index, but got 'i32'}}
  %v = "dav.vlds"(%b, %o) : (memref<?xf32>, i32) -> !ascreg.vreg<64xf32>
  return
}

// -----

// The lanes must have the buffer's width.
func.func @vlds_width_mismatch(%b: memref<?xf16>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op cannot access a buffer of 'f16' as lanes of 'f32'; the lanes must have the buffer's width and kind, or be 32-bit words of a 64-bit integer buffer}}
  %v = dav.vlds %b[%o] : memref<?xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

// The lanes must have the buffer's kind: an integer buffer is not read as floats.
func.func @vlds_kind_mismatch(%b: memref<?xi32>, %o: index) {
  // expected-error@+1 {{cannot access a buffer of 'i32' as lanes of 'f32'}}
  %v = dav.vlds %b[%o] : memref<?xi32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// Float lanes must be exactly the buffer's float type (bf16 is not f16).
func.func @vlds_float_mismatch(%b: memref<?xbf16>, %o: index) {
  // expected-error@+1 {{cannot access a buffer of 'bf16' as lanes of 'f16'}}
  %v = dav.vlds %b[%o] : memref<?xbf16> -> !ascreg.vreg<128xf16>
  return
}

// -----

// A 64-bit buffer is read only as 32-bit integer words, not as f32.
func.func @vlds_b64_as_f32(%b: memref<?xi64>, %o: index) {
  // expected-error@+1 {{cannot access a buffer of 'i64' as lanes of 'f32'}}
  %v = dav.vlds %b[%o] : memref<?xi64> -> !ascreg.vreg<64xf32>
  return
}

// -----

// A 64-bit buffer is read only as 32-bit words, not as 16-bit halves.
func.func @vlds_b64_as_i16(%b: memref<?xui64>, %o: index) {
  // expected-error@+1 {{cannot access a buffer of 'ui64' as lanes of 'i16'}}
  %v = dav.vlds %b[%o] : memref<?xui64> -> !ascreg.vreg<128xi16>
  return
}

// -----

// The buffer element must be a UB element type (f64 is not).
func.func @vlds_f64_buffer(%b: memref<?xf64>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'f64'}}
  %v = dav.vlds %b[%o] : memref<?xf64> -> !ascreg.vreg<64xi32>
  return
}

// -----

// ===== vlds_dintlv_b32 =====

// DIST_DINTLV_B32 yields two registers of the same type.
func.func @dintlv_types_differ(%b: memref<?xi64>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op DIST_DINTLV_B32 loads two registers of 32-bit lanes}}
  %l, %h = dav.vlds_dintlv_b32 %b[%o] : memref<?xi64> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xu32>
  return
}

// -----

// DIST_DINTLV_B32 has 32-bit lanes only.
func.func @dintlv_16bit(%b: memref<?xi16>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op DIST_DINTLV_B32 loads two registers of 32-bit lanes}}
  %l, %h = dav.vlds_dintlv_b32 %b[%o] : memref<?xi16> -> !ascreg.vreg<128xi16>, !ascreg.vreg<128xi16>
  return
}

// -----

// The words must match the buffer's kind (a f32 buffer is not read as i32).
func.func @dintlv_kind_mismatch(%b: memref<?xf32>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op cannot access a buffer of 'f32' as lanes of 'i32'}}
  %l, %h = dav.vlds_dintlv_b32 %b[%o] : memref<?xf32> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
  return
}

// -----

// No 64-bit lanes at the intrinsic level, also for the de-interleaving load.
func.func @dintlv_64bit_lanes(%b: memref<?xi64>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op result #1 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %l, %h = "dav.vlds_dintlv_b32"(%b, %o) : (memref<?xi64>, index) -> (!ascreg.vreg<64xi32>, !ascreg.vreg<32xi64>)
  return
}

// -----

// ===== vsts =====

// No 64-bit lanes in a stored register.
func.func @vsts_64bit_lanes(%v: !ascreg.vreg<64xu64>, %b: memref<?xui64>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsts' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<64xu64>'}}
  dav.vsts %v, %b[%o], %m : !ascreg.vreg<64xu64>, memref<?xui64>
  return
}

// -----

// The stored lanes must have the buffer's width.
func.func @vsts_width_mismatch(%v: !ascreg.vreg<64xf32>, %b: memref<?xf16>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsts' op cannot access a buffer of 'f16' as lanes of 'f32'}}
  dav.vsts %v, %b[%o], %m : !ascreg.vreg<64xf32>, memref<?xf16>
  return
}

// -----

// The stored lanes must have the buffer's kind: f16 lanes are not stored to i16.
func.func @vsts_kind_mismatch(%v: !ascreg.vreg<128xf16>, %b: memref<?xi16>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsts' op cannot access a buffer of 'i16' as lanes of 'f16'}}
  dav.vsts %v, %b[%o], %m : !ascreg.vreg<128xf16>, memref<?xi16>
  return
}

// -----

// The store mask is a predicate.
func.func @vsts_mask_register(%v: !ascreg.vreg<64xf32>, %b: memref<?xf32>, %o: index) {
  // expected-error@+1 {{'dav.vsts' op operand #3 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  "dav.vsts"(%v, %b, %o, %v) : (!ascreg.vreg<64xf32>, memref<?xf32>, index, !ascreg.vreg<64xf32>) -> ()
  return
}

// -----

// ===== vcadd =====

// No bf16 sums.
func.func @vcadd_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcadd' op (result '!ascreg.vreg<128xbf16>', source '!ascreg.vreg<128xbf16>') is not a legal type pair of this intrinsic}}
  %r = dav.vcadd %v, %m : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

// No 8-bit sums.
func.func @vcadd_u8(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcadd' op (result '!ascreg.vreg<64xu32>', source '!ascreg.vreg<256xu8>') is not a legal type pair}}
  %r = dav.vcadd %v, %m : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  return
}

// -----

// 16-bit integer sums only exist widened to 32 bits.
func.func @vcadd_i16_narrow(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcadd' op (result '!ascreg.vreg<128xi16>', source '!ascreg.vreg<128xi16>') is not a legal type pair}}
  %r = dav.vcadd %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  return
}

// -----

// Widening keeps signedness.
func.func @vcadd_sign_change(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcadd' op (result '!ascreg.vreg<64xu32>', source '!ascreg.vreg<128xi16>') is not a legal type pair}}
  %r = dav.vcadd %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xu32>
  return
}

// -----

// No float widening.
func.func @vcadd_f16_to_f32(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcadd' op (result '!ascreg.vreg<64xf32>', source '!ascreg.vreg<128xf16>') is not a legal type pair}}
  %r = dav.vcadd %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

// 64-bit sums are sequences of 32-bit vcadd: no 64-bit source register.
func.func @vcadd_64bit(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcadd' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %r = dav.vcadd %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  return
}

// -----

// The reduce mask is a predicate.
func.func @vcadd_mask_register(%v: !ascreg.vreg<64xf32>) {
  // expected-error@+1 {{'dav.vcadd' op operand #1 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  %r = "dav.vcadd"(%v, %v) : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>) -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== vcmax / vcmin =====

// max never widens.
func.func @vcmax_widening(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmax' op (result '!ascreg.vreg<64xi32>', source '!ascreg.vreg<128xi16>') is not a legal type pair of this intrinsic}}
  %r = dav.vcmax %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  return
}

// -----

// No bf16 max.
func.func @vcmax_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmax' op (result '!ascreg.vreg<128xbf16>', source '!ascreg.vreg<128xbf16>') is not a legal type pair}}
  %r = dav.vcmax %v, %m : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

// No 8-bit max.
func.func @vcmax_i8(%v: !ascreg.vreg<256xi8>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmax' op (result '!ascreg.vreg<256xi8>', source '!ascreg.vreg<256xi8>') is not a legal type pair}}
  %r = dav.vcmax %v, %m : !ascreg.vreg<256xi8> -> !ascreg.vreg<256xi8>
  return
}

// -----

// max keeps the signedness of its source.
func.func @vcmax_sign_change(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmax' op (result '!ascreg.vreg<64xu32>', source '!ascreg.vreg<64xi32>') is not a legal type pair}}
  %r = dav.vcmax %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// min never converts between float types.
func.func @vcmin_float_change(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmin' op (result '!ascreg.vreg<64xf32>', source '!ascreg.vreg<128xf16>') is not a legal type pair of this intrinsic}}
  %r = dav.vcmin %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

// No 8-bit min.
func.func @vcmin_u8(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmin' op (result '!ascreg.vreg<256xu8>', source '!ascreg.vreg<256xu8>') is not a legal type pair}}
  %r = dav.vcmin %v, %m : !ascreg.vreg<256xu8> -> !ascreg.vreg<256xu8>
  return
}

// -----

// No 64-bit result register at the intrinsic level.
func.func @vcmin_64bit_result(%v: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmin' op result #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xu64>'}}
  %r = dav.vcmin %v, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<32xu64>
  return
}

// -----

// ===== vcpadd =====

// vcpadd is f16 / f32 only: no integers.
func.func @vcpadd_i32(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcpadd' op vcpadd takes and returns f16 or f32 registers}}
  %r = dav.vcpadd %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  return
}

// -----

// vcpadd is f16 / f32 only: no bf16.
func.func @vcpadd_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcpadd' op vcpadd takes and returns f16 or f32 registers}}
  %r = dav.vcpadd %v, %m : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

// vcpadd returns its source type.
func.func @vcpadd_type_change(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcpadd' op vcpadd takes and returns f16 or f32 registers}}
  %r = dav.vcpadd %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  return
}

// -----

// ===== vgather2 =====

// The unit reinterprets a 64-bit integer buffer as 32-bit integer words only (no f32).
func.func @vgather2_unit_f32(%b: memref<?xi64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op unit 'f32' cannot view a buffer of 'i64'}}
  %r = dav.vgather2 %b[%i], %m {unit = f32} : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// The unit reinterprets a 64-bit buffer as 32-bit words, not 16-bit halves.
func.func @vgather2_unit_i16(%b: memref<?xi64>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op unit 'i16' cannot view a buffer of 'i64'}}
  %r = dav.vgather2 %b[%i], %m {unit = i16} : memref<?xi64>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return
}

// -----

// Only a 64-bit buffer can be viewed through another unit (not a 32-bit float buffer).
func.func @vgather2_unit_on_b32(%b: memref<?xf32>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op unit 'i32' cannot view a buffer of 'f32'}}
  %r = dav.vgather2 %b[%i], %m {unit = i32} : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// The unit must be a register element type.
func.func @vgather2_unit_index(%b: memref<?xi64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op unit 'index' cannot view a buffer of 'i64'}}
  %r = dav.vgather2 %b[%i], %m {unit = index} : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// The unit attribute holds a type.
func.func @vgather2_unit_not_type(%b: memref<?xi64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{invalid properties {unit = 4 : i32} for op dav.vgather2: Invalid attribute `unit` in property conversion: 4 : i32}}
  %r = "dav.vgather2"(%b, %i, %m) <{unit = 4 : i32}> : (memref<?xi64>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<64xu32>
  return
}

// -----

// A 64-bit buffer is gathered only as 32-bit words (unit i32): there are no 64-bit lanes.
func.func @vgather2_b64_without_unit(%b: memref<?xi64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<64xu32>', unit 'i64', index '!ascreg.vreg<64xu32>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// 16-bit data takes a u16 index.
func.func @vgather2_f16_u32_index(%b: memref<?xf16>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<128xf16>', unit 'f16', index '!ascreg.vreg<64xu32>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xf16>, !ascreg.vreg<64xu32> -> !ascreg.vreg<128xf16>
  return
}

// -----

// 32-bit data takes a u32 index.
func.func @vgather2_i32_u16_index(%b: memref<?xi32>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<64xi32>', unit 'i32', index '!ascreg.vreg<128xu16>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xi32>, !ascreg.vreg<128xu16> -> !ascreg.vreg<64xi32>
  return
}

// -----

// Indices are unsigned.
func.func @vgather2_signed_index(%b: memref<?xf16>, %i: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<128xf16>', unit 'f16', index '!ascreg.vreg<128xi16>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xf16>, !ascreg.vreg<128xi16> -> !ascreg.vreg<128xf16>
  return
}

// -----

// Indices are integers.
func.func @vgather2_float_index(%b: memref<?xf32>, %i: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<64xf32>', unit 'f32', index '!ascreg.vreg<64xf32>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xf32>, !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// No 8-bit results: 8-bit sources widen into 16-bit lanes.
func.func @vgather2_8bit_result(%b: memref<?xi8>, %i: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<256xi8>', unit 'i8', index '!ascreg.vreg<256xu8>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xi8>, !ascreg.vreg<256xu8> -> !ascreg.vreg<256xi8>
  return
}

// -----

// 8-bit sources widen into 16-bit integer lanes only, not f16.
func.func @vgather2_8bit_to_f16(%b: memref<?xi8>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<128xf16>', unit 'i8', index '!ascreg.vreg<128xu16>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
  return
}

// -----

// No conversion between float types.
func.func @vgather2_f16_to_f32(%b: memref<?xf16>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<64xf32>', unit 'f16', index '!ascreg.vreg<64xu32>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xf16>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// No narrowing of 32-bit data into 16-bit lanes.
func.func @vgather2_i32_to_i16(%b: memref<?xi32>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op (result '!ascreg.vreg<128xi16>', unit 'i32', index '!ascreg.vreg<128xu16>') is not a legal vgather2 combination}}
  %r = dav.vgather2 %b[%i], %m : memref<?xi32>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  return
}

// -----

// No 64-bit result register.
func.func @vgather2_64bit_result(%b: memref<?xi64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op result #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %r = dav.vgather2 %b[%i], %m : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xi64>
  return
}

// -----

// No 64-bit index register (u64 indices are split into words first).
func.func @vgather2_64bit_index(%b: memref<?xi64>, %i: !ascreg.vreg<32xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op operand #1 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xu64>'}}
  %r = dav.vgather2 %b[%i], %m {unit = i32} : memref<?xi64>, !ascreg.vreg<32xu64> -> !ascreg.vreg<64xu32>
  return
}

// -----

// The gather buffer is a rank-1 memref.
func.func @vgather2_rank2(%b: memref<2x64xf32>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op operand #0 must be rank-1 UB memref, but got 'memref<2x64xf32>'}}
  %r = dav.vgather2 %b[%i], %m : memref<2x64xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== vselr =====

// The index has the data's width.
func.func @vselr_width_mismatch(%v: !ascreg.vreg<128xf16>, %i: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{'dav.vselr' op vselr takes 8/16/32-bit data and an unsigned index of the same width}}
  %r = dav.vselr %v, %i : !ascreg.vreg<128xf16>, !ascreg.vreg<64xu32>
  return
}

// -----

// The vselr index is unsigned.
func.func @vselr_signed_index(%v: !ascreg.vreg<256xu8>, %i: !ascreg.vreg<256xi8>) {
  // expected-error@+1 {{'dav.vselr' op vselr takes 8/16/32-bit data and an unsigned index of the same width}}
  %r = dav.vselr %v, %i : !ascreg.vreg<256xu8>, !ascreg.vreg<256xi8>
  return
}

// -----

// The vselr index is an integer.
func.func @vselr_float_index(%v: !ascreg.vreg<64xf32>, %i: !ascreg.vreg<64xf32>) {
  // expected-error@+1 {{'dav.vselr' op vselr takes 8/16/32-bit data and an unsigned index of the same width}}
  %r = dav.vselr %v, %i : !ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>
  return
}

// -----

// The vselr result has the type of its data (AllTypesMatch).
func.func @vselr_result_type(%v: !ascreg.vreg<64xf32>, %i: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{'dav.vselr' op failed to verify that all of {src, result} have same type}}
  %r = "dav.vselr"(%v, %i) : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>) -> !ascreg.vreg<64xi32>
  return
}

// -----

// No 64-bit vselr data.
func.func @vselr_64bit(%v: !ascreg.vreg<32xi64>, %i: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{'dav.vselr' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %r = dav.vselr %v, %i : !ascreg.vreg<32xi64>, !ascreg.vreg<64xu32>
  return
}

// -----

// ===== vbr / vdup / vdup_lane0 / vci =====

// The broadcast scalar is a signless integer, f16, bf16 or f32 (not f64).
func.func @vbr_f64(%x: f64) {
  // expected-error@+1 {{'dav.vbr' op operand #0 must be signless integer or 16-bit float or bfloat16 type or 32-bit float, but got 'f64'}}
  %v = dav.vbr %x : f64 -> !ascreg.vreg<64xf32>
  return
}

// -----

// No 64-bit broadcast (64-bit data is broadcast as two words).
func.func @vbr_64bit(%x: i32) {
  // expected-error@+1 {{'dav.vbr' op result #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xu64>'}}
  %v = dav.vbr %x : i32 -> !ascreg.vreg<32xu64>
  return
}

// -----

// The vdup scalar is signless (si32 is not accepted).
func.func @vdup_signed_scalar(%x: si32, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vdup' op operand #0 must be signless integer or 16-bit float or bfloat16 type or 32-bit float, but got 'si32'}}
  %v = dav.vdup %x, %m : si32 -> !ascreg.vreg<64xi32>
  return
}

// -----

// The vdup mask is a predicate.
func.func @vdup_mask_register(%x: f32, %v: !ascreg.vreg<64xf32>) {
  // expected-error@+1 {{'dav.vdup' op operand #1 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  %r = "dav.vdup"(%x, %v) : (f32, !ascreg.vreg<64xf32>) -> !ascreg.vreg<64xf32>
  return
}

// -----

// No 64-bit masked broadcast.
func.func @vdup_64bit(%x: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vdup' op result #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<64xi64>'}}
  %v = dav.vdup %x, %m : i32 -> !ascreg.vreg<64xi64>
  return
}

// -----

// vdup_lane0 returns its source type (AllTypesMatch).
func.func @vdup_lane0_type_change(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vdup_lane0' op failed to verify that all of {src, result} have same type}}
  %r = "dav.vdup_lane0"(%v, %m) : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xu32>
  return
}

// -----

// No 64-bit vdup_lane0.
func.func @vdup_lane0_64bit(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vdup_lane0' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %r = dav.vdup_lane0 %v, %m : !ascreg.vreg<32xi64>
  return
}

// -----

// vci starts from a signless integer, f16 or f32 (no bf16).
func.func @vci_bf16(%x: bf16) {
  // expected-error@+1 {{'dav.vci' op operand #0 must be signless integer or 16-bit float or 32-bit float, but got 'bf16'}}
  %v = dav.vci %x : bf16 -> !ascreg.vreg<128xbf16>
  return
}

// -----

// No 64-bit vci.
func.func @vci_64bit(%x: i32) {
  // expected-error@+1 {{'dav.vci' op result #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %v = dav.vci %x : i32 -> !ascreg.vreg<32xi64>
  return
}

// -----

// ===== vcmp / vsel =====

// vcmp compares two registers of one type (AllTypesMatch).
func.func @vcmp_types_differ(%a: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmp' op failed to verify that all of {lhs, rhs} have same type}}
  %r = "dav.vcmp"(%a, %b, %m) <{predicate = #ascreg.compare_predicate<eq>}> : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xi32>, !ascreg.mask) -> !ascreg.mask
  return
}

// -----

// The predicate is one of eq ne lt le gt ge.
func.func @vcmp_bad_predicate(%a: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+2 {{expected ::ascreg::ComparePredicate to be one of: eq, ne, lt, le, gt, ge}}
  // expected-error@+1 {{failed to parse AscReg_ComparePredicateAttr}}
  %r = dav.vcmp <uno> %a, %a, %m : !ascreg.vreg<64xf32>
  return
}

// -----

// vcmp writes a predicate.
func.func @vcmp_result_register(%a: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmp' op result #0 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  %r = "dav.vcmp"(%a, %a, %m) <{predicate = #ascreg.compare_predicate<lt>}> : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
  return
}

// -----

// No 64-bit compares (they are built from word compares).
func.func @vcmp_64bit(%a: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcmp' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %r = dav.vcmp <eq> %a, %a, %m : !ascreg.vreg<32xi64>
  return
}

// -----

// vsel selects between two registers of the result's type (AllTypesMatch).
func.func @vsel_types_differ(%a: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsel' op failed to verify that all of {lhs, rhs, result} have same type}}
  %r = "dav.vsel"(%a, %b, %m) : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
  return
}

// -----

// No 64-bit vsel.
func.func @vsel_64bit(%a: !ascreg.vreg<64xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsel' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<64xu64>'}}
  %r = dav.vsel %a, %a, %m : !ascreg.vreg<64xu64>
  return
}

// -----

// ===== vadd / vmax / vmin / vand =====

// vadd takes and returns one register type (AllTypesMatch).
func.func @vadd_types_differ(%a: !ascreg.vreg<64xi32>, %b: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vadd' op failed to verify that all of {lhs, rhs, result} have same type}}
  %r = "dav.vadd"(%a, %b, %m) : (!ascreg.vreg<64xi32>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<64xi32>
  return
}

// -----

// No 64-bit vmax.
func.func @vmax_64bit(%a: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vmax' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %r = dav.vmax %a, %a, %m : !ascreg.vreg<32xi64>
  return
}

// -----

// The vmin mask is a predicate.
func.func @vmin_mask_register(%a: !ascreg.vreg<64xf32>) {
  // expected-error@+1 {{'dav.vmin' op operand #2 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  %r = "dav.vmin"(%a, %a, %a) : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>) -> !ascreg.vreg<64xf32>
  return
}

// -----

// vand returns its operands' type (AllTypesMatch).
func.func @vand_result_type(%a: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vand' op failed to verify that all of {lhs, rhs, result} have same type}}
  %r = "dav.vand"(%a, %a, %m) : (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<128xu16>
  return
}

// -----

// ===== vadds / vmuls / vshls / vshrs =====

// vadds returns its register's type (AllTypesMatch).
func.func @vadds_result_type(%a: !ascreg.vreg<64xu32>, %k: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vadds' op failed to verify that all of {lhs, result} have same type}}
  %r = "dav.vadds"(%a, %k, %m) : (!ascreg.vreg<64xu32>, i32, !ascreg.mask) -> !ascreg.vreg<64xi32>
  return
}

// -----

// The scalar of a scalar form is a signless integer or the float element type
// (ascreg.muls of f32 lowers to vmuls with an f32 scalar), not an index.
func.func @vmuls_index_scalar(%a: !ascreg.vreg<64xf32>, %k: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vmuls' op operand #1 must be signless integer or 16-bit float or 32-bit float, but got 'index'}}
  %r = "dav.vmuls"(%a, %k, %m) : (!ascreg.vreg<64xf32>, index, !ascreg.mask) -> !ascreg.vreg<64xf32>
  return
}

// -----

// A shift amount is a signless integer, never a float.
func.func @vshrs_float_scalar(%a: !ascreg.vreg<64xu32>, %k: f32, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vshrs' op operand #1 must be signless integer, but got 'f32'}}
  %r = "dav.vshrs"(%a, %k, %m) : (!ascreg.vreg<64xu32>, f32, !ascreg.mask) -> !ascreg.vreg<64xu32>
  return
}

// -----

// The shift amount is a signless integer, not an index.
func.func @vshls_index_scalar(%a: !ascreg.vreg<64xu32>, %k: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vshls' op operand #1 must be signless integer, but got 'index'}}
  %r = "dav.vshls"(%a, %k, %m) : (!ascreg.vreg<64xu32>, index, !ascreg.mask) -> !ascreg.vreg<64xu32>
  return
}

// -----

// No 64-bit shifts.
func.func @vshrs_64bit(%a: !ascreg.vreg<32xu64>, %k: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vshrs' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xu64>'}}
  %r = dav.vshrs %a, %k, %m : !ascreg.vreg<32xu64>, i32
  return
}

// -----

// ===== vintlv / vdintlv / reinterpret =====

// vintlv takes and returns one register type (AllTypesMatch).
func.func @vintlv_types_differ(%a: !ascreg.vreg<64xu32>, %b: !ascreg.vreg<64xi32>) {
  // expected-error@+1 {{'dav.vintlv' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %l, %h = "dav.vintlv"(%a, %b) : (!ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>) -> (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>)
  return
}

// -----

// vdintlv takes and returns one register type (AllTypesMatch).
func.func @vdintlv_types_differ(%a: !ascreg.vreg<128xi16>) {
  // expected-error@+1 {{'dav.vdintlv' op failed to verify that all of {lhs, rhs, even, odd} have same type}}
  %e, %o = "dav.vdintlv"(%a, %a) : (!ascreg.vreg<128xi16>, !ascreg.vreg<128xi16>) -> (!ascreg.vreg<128xi16>, !ascreg.vreg<128xu16>)
  return
}

// -----

// No 64-bit interleave.
func.func @vintlv_64bit(%a: !ascreg.vreg<32xi64>) {
  // expected-error@+1 {{'dav.vintlv' op operand #0 must be dav-3510 vector register (8-, 16- or 32-bit lanes), but got '!ascreg.vreg<32xi64>'}}
  %l, %h = dav.vintlv %a, %a : !ascreg.vreg<32xi64>
  return
}

// -----

// reinterpret views one register: 32 64-bit lanes (vcvt's vector_int64_t) at
// most, never the two-register form.
func.func @reinterpret_to_64bit(%a: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{'dav.reinterpret' op result #0 must be dav-3510 vector register (8-, 16-, 32-bit lanes, or 32 64-bit lanes), but got '!ascreg.vreg<64xu64>'}}
  %r = dav.reinterpret %a : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu64>
  return
}

// -----

// reinterpret views registers, not predicates.
func.func @reinterpret_mask(%m: !ascreg.mask) {
  // expected-error@+1 {{'dav.reinterpret' op operand #0 must be dav-3510 vector register (8-, 16-, 32-bit lanes, or 32 64-bit lanes), but got '!ascreg.mask'}}
  %r = "dav.reinterpret"(%m) : (!ascreg.mask) -> !ascreg.vreg<64xu32>
  return
}

// -----

// ===== issue 10: buffer element types without a bit width =====
// Each of these crashed ascreg-opt with a segfault (exit 139) in the verifier.

// vlds from an index buffer.
func.func @vlds_index_buffer(%b: memref<?xindex>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  %v = dav.vlds %b[%o] : memref<?xindex> -> !ascreg.vreg<64xi32>
  return
}

// -----

// vlds from a complex buffer.
func.func @vlds_complex_buffer(%b: memref<?xcomplex<f32>>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  %v = dav.vlds %b[%o] : memref<?xcomplex<f32>> -> !ascreg.vreg<64xf32>
  return
}

// -----

// vlds from a buffer of vectors.
func.func @vlds_vector_buffer(%b: memref<?xvector<4xf32>>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  %v = dav.vlds %b[%o] : memref<?xvector<4xf32>> -> !ascreg.vreg<64xf32>
  return
}

// -----

// vlds from a buffer of memrefs.
func.func @vlds_memref_buffer(%b: memref<?xmemref<4xf32>>, %o: index) {
  // expected-error@+1 {{'dav.vlds' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'memref<4xf32>'}}
  %v = dav.vlds %b[%o] : memref<?xmemref<4xf32>> -> !ascreg.vreg<64xf32>
  return
}

// -----

// vsts to an index buffer.
func.func @vsts_index_buffer(%v: !ascreg.vreg<64xi32>, %b: memref<?xindex>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsts' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  dav.vsts %v, %b[%o], %m : !ascreg.vreg<64xi32>, memref<?xindex>
  return
}

// -----

// vsts to a complex buffer.
func.func @vsts_complex_buffer(%v: !ascreg.vreg<64xf32>, %b: memref<?xcomplex<f32>>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsts' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  dav.vsts %v, %b[%o], %m : !ascreg.vreg<64xf32>, memref<?xcomplex<f32>>
  return
}

// -----

// vsts to a buffer of vectors.
func.func @vsts_vector_buffer(%v: !ascreg.vreg<64xf32>, %b: memref<?xvector<4xf32>>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vsts' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  dav.vsts %v, %b[%o], %m : !ascreg.vreg<64xf32>, memref<?xvector<4xf32>>
  return
}

// -----

// vlds_dintlv_b32 from an index buffer.
func.func @dintlv_index_buffer(%b: memref<?xindex>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  %l, %h = dav.vlds_dintlv_b32 %b[%o] : memref<?xindex> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
  return
}

// -----

// vlds_dintlv_b32 from a complex buffer.
func.func @dintlv_complex_buffer(%b: memref<?xcomplex<f32>>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  %l, %h = dav.vlds_dintlv_b32 %b[%o] : memref<?xcomplex<f32>> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
  return
}

// -----

// vlds_dintlv_b32 from a buffer of vectors.
func.func @dintlv_vector_buffer(%b: memref<?xvector<4xf32>>, %o: index) {
  // expected-error@+1 {{'dav.vlds_dintlv_b32' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  %l, %h = dav.vlds_dintlv_b32 %b[%o] : memref<?xvector<4xf32>> -> !ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>
  return
}

// -----

// vgather2 with unit i32 from an index buffer (the unit check asked the buffer element for its width).
func.func @vgather2_index_buffer(%b: memref<?xindex>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  %r = dav.vgather2 %b[%i], %m {unit = i32} : memref<?xindex>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// vgather2 with unit i32 from a complex buffer.
func.func @vgather2_complex_buffer(%b: memref<?xcomplex<f32>>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  %r = dav.vgather2 %b[%i], %m {unit = i32} : memref<?xcomplex<f32>>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// vgather2 with unit i32 from a buffer of vectors.
func.func @vgather2_vector_buffer(%b: memref<?xvector<4xf32>>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  %r = dav.vgather2 %b[%i], %m {unit = i32} : memref<?xvector<4xf32>>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  return
}

// -----

// vgather2 without a unit from a buffer of vectors: the same diagnostic.
func.func @vgather2_vector_buffer_no_unit(%b: memref<?xvector<4xf32>>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vgather2' op UB buffer element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  %r = dav.vgather2 %b[%i], %m : memref<?xvector<4xf32>>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== vcvt / vtrc (type conversion): the legal set in every diagnostic =====

// vcvt checks the pair's operands like ascreg.cast.
func.func @vcvt_missing_sat(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op needs a sat operand; legal: f32 -> i32 (vcvt_fi f322s32): round rint|round|floor|ceil|trunc, sat operand}}
  %r = dav.vcvt %v, %m round <rint> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @vtrc_odd(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vtrc' op round mode 'odd' is not legal for truncate; legal: f16, bf16, f32 with round rint|round|floor|ceil|trunc}}
  %r = dav.vtrc %v, %m round <odd> : !ascreg.vreg<128xbf16>
  return
}

// -----

// vcvt of a pair with no single instruction: the source's legal destinations
// and the chain to use.
func.func @vcvt_no_instruction(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op 'i16 -> i8' is not a single vcvt on dav-3510; legal from i16: i16 -> f16, f32, u32, i32, u8; use the chain i16 -> f16 -> i8}}
  %r = dav.vcvt %v, %m sat <on> part <even> : !ascreg.vreg<128xi16> -> !ascreg.vreg<256xi8>
  return
}

// -----

// A pair no chain of vcvt reaches without losing values.
func.func @vcvt_no_chain(%v: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op 'u32 -> f32' is not a single vcvt on dav-3510; legal from u32: u32 -> u16, i16, u8; no chain of vcvt instructions preserves its values}}
  %r = dav.vcvt %v, %m round <rint> : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// Same-type rounding is vtrc, not vcvt.
func.func @vcvt_same_type(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op 'f32 -> f32' is not a single vcvt on dav-3510; use truncate (vtrc) to round within a float type}}
  %r = dav.vcvt %v, %m round <rint> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// An exact widening has no round operand.
func.func @vcvt_exact_round(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op takes no round operand; legal: f16 -> f32 (vcvt_ff f162f32): part even|odd}}
  %r = dav.vcvt %v, %m round <rint> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

// f16 -> s32 has no sat operand (vcvt_fi f162s32: R, PART).
func.func @vcvt_f16_s32_sat(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op takes no sat operand; legal: f16 -> i32 (vcvt_fi f162s32): round rint|round|floor|ceil|trunc, part even|odd}}
  %r = dav.vcvt %v, %m round <rint> sat <on> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
  return
}

// -----

// A 4:1 widening needs its part (PART_P0..P3).
func.func @vcvt_missing_part(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op needs a part operand; legal: u8 -> u32 (vcvt_ii u82u32): part p0|p1|p2|p3}}
  %r = dav.vcvt %v, %m : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  return
}

// -----

// A same-width conversion has no part.
func.func @vcvt_extra_part(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op takes no part operand; legal: f32 -> i32 (vcvt_fi f322s32): round rint|round|floor|ceil|trunc, sat operand}}
  %r = dav.vcvt %v, %m round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  return
}

// -----

// ROUND_O exists for f32 -> f16 only.
func.func @vcvt_odd_bf16(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op round mode 'odd' is not legal for f32 -> bf16 (vcvt_ff f322bf16): round rint|round|floor|ceil|trunc, sat operand, part even|odd}}
  %r = dav.vcvt %v, %m round <odd> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xbf16>
  return
}

// -----

// The part is spelled by the ratio: even|odd for 2:1 ...
func.func @vcvt_part_spelling2(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{part 'p2' is not a part of a 2:1 conversion; legal: f16 -> f32 (vcvt_ff f162f32): part even|odd}}
  %r = dav.vcvt %v, %m part <p2> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ... p0..p3 for 4:1.
func.func @vcvt_part_spelling4(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{part 'odd' is not a part of a 4:1 conversion; legal: i32 -> u8 (vcvt_ii s322u8): sat operand, part p0|p1|p2|p3}}
  %r = dav.vcvt %v, %m sat <on> part <odd> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  return
}

// -----

// In the generic form a 2:1 conversion with part P2 reaches the verifier.
func.func @vcvt_generic_part(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op part 'p2' is not legal for f16 -> f32 (vcvt_ff f162f32): part even|odd}}
  %r = "dav.vcvt"(%v, %m) <{part = #ascreg.cast_part<p2>}> : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<64xf32>
  return
}

// -----

// 64-bit sides are one register of 32 lanes (vector_int64_t), not the
// two-register form.
func.func @vcvt_two_register(%v: !ascreg.vreg<64xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vcvt' op operand #0 must be dav-3510 vector register (8-, 16-, 32-bit lanes, or 32 64-bit lanes), but got '!ascreg.vreg<64xi64>'}}
  %r = dav.vcvt %v, %m sat <on> part <even> : !ascreg.vreg<64xi64> -> !ascreg.vreg<64xi32>
  return
}

// -----

// vtrc rounds within f16, bf16 and f32 only.
func.func @vtrc_int(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'dav.vtrc' op truncate (vtrc) of i32 is not legal; legal: f16, bf16, f32 with round rint|round|floor|ceil|trunc}}
  %r = dav.vtrc %v, %m round <rint> : !ascreg.vreg<64xi32>
  return
}
