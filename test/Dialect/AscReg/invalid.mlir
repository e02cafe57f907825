// Every illegal combination class of the seed tables, malformed masks, wrong
// lane counts and bad UB operands are rejected with a diagnostic that names
// the legal set.
// RUN: ascreg-opt %s -split-input-file -verify-diagnostics

// ===== reduce sum (seed 000 table 3) =====

func.func @sum_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result bf16, source bf16) is not supported; legal (result, source) pairs for sum: (i32, i16) (u32, u16) (f16, f16) (i32, i32) (u32, u32) (f32, f32) (i64, i64) (u64, u64) (i64x2, i64x2) (u64x2, u64x2) (x2 = 64-bit two-register form)}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @sum_i8(%v: !ascreg.vreg<256xi8>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i32, source i8) is not supported; legal (result, source) pairs for sum:}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<256xi8> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @sum_u8(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result u8, source u8) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<256xu8> -> !ascreg.vreg<256xu8>
  return
}

// -----

// 16-bit integer sums only exist widened to 32 bits.
func.func @sum_i16_narrow(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i16, source i16) is not supported; legal (result, source) pairs for sum: (i32, i16) (u32, u16) (f16, f16)}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  return
}

// -----

func.func @sum_u16_narrow(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result u16, source u16) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return
}

// -----

// Widening keeps signedness.
func.func @sum_sign_change(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result u32, source i16) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xu32>
  return
}

// -----

func.func @sum_u32_from_u16_signed(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i32, source u16) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<64xi32>
  return
}

// -----

// No float widening.
func.func @sum_f16_to_f32(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result f32, source f16) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @sum_i32_to_i64(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i64, source i32) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<32xi64>
  return
}

// -----

// The 64-bit result keeps the source's register form.
func.func @sum_i64_form_change(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i64x2, source i64) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xi64>
  return
}

// -----

func.func @sum_u64_sign_change(%v: !ascreg.vreg<32xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i64, source u64) is not supported}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xu64> -> !ascreg.vreg<32xi64>
  return
}

// -----

// ===== reduce max / min (seed 000 table 4) =====

func.func @max_widening(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{max of (result i32, source i16) is not supported; legal (result, source) pairs for max: (i16, i16) (u16, u16) (f16, f16) (i32, i32) (u32, u32) (f32, f32) (i64, i64) (u64, u64) (i64x2, i64x2) (u64x2, u64x2)}}
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @max_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{max of (result bf16, source bf16) is not supported}}
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @max_i8(%v: !ascreg.vreg<256xi8>, %m: !ascreg.mask) {
  // expected-error@+1 {{max of (result i8, source i8) is not supported}}
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<256xi8> -> !ascreg.vreg<256xi8>
  return
}

// -----

func.func @min_u8(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{min of (result u8, source u8) is not supported; legal (result, source) pairs for min: (i16, i16)}}
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<256xu8> -> !ascreg.vreg<256xu8>
  return
}

// -----

func.func @min_sign_change(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{min of (result u32, source i32) is not supported}}
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
  return
}

// -----

func.func @min_float_change(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{min of (result f32, source f16) is not supported}}
  %r = ascreg.reduce <min> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @max_u64_form_change(%v: !ascreg.vreg<64xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{max of (result u64, source u64x2) is not supported}}
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xu64> -> !ascreg.vreg<32xu64>
  return
}

// -----

func.func @reduce_merging(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{merging mode is not supported on dav-3510; the only legal mode is zeroing}}
  %r = ascreg.reduce <sum> %v, %m mode <merging> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @reduce_bad_kind(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+2 {{expected ::ascreg::ReduceKind to be one of: sum, max, min}}
  // expected-error@+1 {{failed to parse AscReg_ReduceKindAttr}}
  %r = ascreg.reduce <prod> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== pair_reduce_sum (seed 001) =====

func.func @pair_i32(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{element type i32 is not supported; legal: f16, f32}}
  %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<64xi32>
  return
}

// -----

func.func @pair_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{element type bf16 is not supported; legal: f16, f32}}
  %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @pair_i16(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{element type i16 is not supported; legal: f16, f32}}
  %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<128xi16>
  return
}

// -----

func.func @pair_merging(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{merging mode is not supported on dav-3510}}
  %r = ascreg.pair_reduce_sum %v, %m mode <merging> : !ascreg.vreg<64xf32>
  return
}

// -----

func.func @pair_type_change(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{all of {src, result} have same type}}
  %r = "ascreg.pair_reduce_sum"(%v, %m) : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<128xf16>
  return
}

// -----

// ===== gather from UB (seed 003 table 5 and the B64 table) =====

// 8-bit sources keep their signedness in the result: i8 -> i16, u8 -> u16.
func.func @gather_u8_to_i16(%b: memref<?xui8>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i16, source u8, index u16) is not a supported combination; legal (result, source, index): (i16, i8, u16) (i16, i16, u16) (u16, u8, u16) (u16, u16, u16) (f16, f16, u16) (bf16, bf16, u16) (i32, i32, u32) (u32, u32, u32) (f32, f32, u32) (i64, i64, u32) (i64, i64, u64) (i64, i64, u64x2) (u64, u64, u32) (u64, u64, u64) (u64, u64, u64x2) (i64x2, i64, u32) (i64x2, i64, u64x2) (u64x2, u64, u32) (u64x2, u64, u64x2)}}
  %r = ascreg.gather %b[%i], %m : memref<?xui8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  return
}

// -----

func.func @gather_i8_to_u16(%b: memref<?xsi8>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result u16, source i8, index u16) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xsi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return
}

// -----

// No 8-bit results.
func.func @gather_8bit_result(%b: memref<?xi8>, %i: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i8, source i8/u8, index u8) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi8>, !ascreg.vreg<256xu8> -> !ascreg.vreg<256xi8>
  return
}

// -----

// 16-bit data takes a u16 index.
func.func @gather_f16_u32_index(%b: memref<?xf16>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result f16, source f16, index u32) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xf16>, !ascreg.vreg<64xu32> -> !ascreg.vreg<128xf16>
  return
}

// -----

// 32-bit data takes a u32 index.
func.func @gather_i32_u16_index(%b: memref<?xi32>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i32, source i32/u32, index u16) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi32>, !ascreg.vreg<128xu16> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @gather_i32_u64_index(%b: memref<?xi32>, %i: !ascreg.vreg<32xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i32, source i32/u32, index u64) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi32>, !ascreg.vreg<32xu64> -> !ascreg.vreg<64xi32>
  return
}

// -----

// Indices are unsigned.
func.func @gather_signed_index(%b: memref<?xf16>, %i: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result f16, source f16, index i16) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xf16>, !ascreg.vreg<128xi16> -> !ascreg.vreg<128xf16>
  return
}

// -----

func.func @gather_float_index(%b: memref<?xf32>, %i: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result f32, source f32, index f32) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xf32>, !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// No conversion between element types (other than 8 -> 16 zero extension).
func.func @gather_f16_to_f32(%b: memref<?xf16>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result f32, source f16, index u32) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xf16>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @gather_bf16_from_f16(%b: memref<?xf16>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result bf16, source f16, index u16) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @gather_i16_from_i32(%b: memref<?xi32>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i16, source i32/u32, index u16) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi32>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  return
}

// -----

// B64 table: a one-register u64 index cannot feed a two-register result.
func.func @gather_b64_u64_index_two_reg_result(%b: memref<?xi64>, %i: !ascreg.vreg<32xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i64x2, source i64/u64, index u64) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi64>, !ascreg.vreg<32xu64> -> !ascreg.vreg<64xi64>
  return
}

// -----

func.func @gather_b64_u64x2_index_u64(%b: memref<?xui64>, %i: !ascreg.vreg<32xu64>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result u64x2, source u64, index u64) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xui64>, !ascreg.vreg<32xu64> -> !ascreg.vreg<64xu64>
  return
}

// -----

func.func @gather_b64_u16_index(%b: memref<?xi64>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i64, source i64/u64, index u16) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi64>, !ascreg.vreg<128xu16> -> !ascreg.vreg<32xi64>
  return
}

// -----

func.func @gather_b64_signed_index(%b: memref<?xi64>, %i: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i64, source i64/u64, index i32) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi64>, !ascreg.vreg<64xi32> -> !ascreg.vreg<32xi64>
  return
}

// -----

func.func @gather_b64_sign_change(%b: memref<?xui64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i64, source u64, index u32) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xui64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xi64>
  return
}

// -----

func.func @gather_b64_from_b32(%b: memref<?xi32>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{(result i64, source i32/u32, index u32) is not a supported combination}}
  %r = ascreg.gather %b[%i], %m : memref<?xi32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xi64>
  return
}

// -----

func.func @gather_memory_space(%b: memref<?xf32, 1>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{operates on Unified Buffer memrefs, which have the default memory space; got memory space 1}}
  %r = ascreg.gather %b[%i], %m : memref<?xf32, 1>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== gather within a register (seed 003) =====

func.func @gather_reg_b64(%v: !ascreg.vreg<32xi64>, %i: !ascreg.vreg<32xu64>) {
  // expected-error@+1 {{(data i64, index u64) is not supported: data must be 8, 16 or 32 bits and the index the unsigned integer of the same width; legal (data, index): (i8, u8) (u8, u8) (i16, u16) (u16, u16) (f16, u16) (bf16, u16) (i32, u32) (u32, u32) (f32, u32)}}
  %r = ascreg.gather_reg %v[%i] : !ascreg.vreg<32xi64>, !ascreg.vreg<32xu64>
  return
}

// -----

func.func @gather_reg_width_mismatch(%v: !ascreg.vreg<128xf16>, %i: !ascreg.vreg<64xu32>) {
  // expected-error@+1 {{(data f16, index u32) is not supported}}
  %r = ascreg.gather_reg %v[%i] : !ascreg.vreg<128xf16>, !ascreg.vreg<64xu32>
  return
}

// -----

func.func @gather_reg_signed_index(%v: !ascreg.vreg<256xu8>, %i: !ascreg.vreg<256xi8>) {
  // expected-error@+1 {{(data u8, index i8) is not supported}}
  %r = ascreg.gather_reg %v[%i] : !ascreg.vreg<256xu8>, !ascreg.vreg<256xi8>
  return
}

// -----

func.func @gather_reg_float_index(%v: !ascreg.vreg<64xf32>, %i: !ascreg.vreg<64xf32>) {
  // expected-error@+1 {{(data f32, index f32) is not supported}}
  %r = ascreg.gather_reg %v[%i] : !ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>
  return
}

// -----

// ===== register types: lane counts fixed by the 256-byte VL =====

// expected-error@+1 {{'!ascreg.vreg' of f32 must have 64 lanes (one 256-byte register), got 32}}
func.func private @lanes_f32(!ascreg.vreg<32xf32>)

// -----

// expected-error@+1 {{'!ascreg.vreg' of u16 must have 128 lanes (one 256-byte register), got 64}}
func.func private @lanes_u16(!ascreg.vreg<64xu16>)

// -----

// expected-error@+1 {{'!ascreg.vreg' of i8 must have 256 lanes (one 256-byte register), got 512}}
func.func private @lanes_i8(!ascreg.vreg<512xi8>)

// -----

// expected-error@+1 {{'!ascreg.vreg' of i64 must have 32 lanes (one 256-byte register) or 64 (two-register form), got 16}}
func.func private @lanes_i64(!ascreg.vreg<16xi64>)

// -----

// expected-error@+1 {{'!ascreg.vreg' element type must be one of i8 u8 i16 u16 f16 bf16 i32 u32 f32 i64 u64, got 'f64'}}
func.func private @elem_f64(!ascreg.vreg<32xf64>)

// -----

// expected-error@+1 {{'!ascreg.vreg' element type must be one of i8 u8 i16 u16 f16 bf16 i32 u32 f32 i64 u64, got 'si32'}}
func.func private @elem_si32(!ascreg.vreg<64xsi32>)

// -----

// expected-error@+1 {{'!ascreg.vreg' takes exactly one lane count, e.g. <64xf32>}}
func.func private @two_dims(!ascreg.vreg<2x64xf32>)

// -----

// expected-error@+1 {{expected static shape}}
func.func private @dynamic_lanes(!ascreg.vreg<?xf32>)

// -----

// ===== masks =====

func.func @bad_pattern() {
  // expected-error@+2 {{expected ::ascreg::MaskPattern to be one of: ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF}}
  // expected-error@+1 {{failed to parse AscReg_MaskPatternAttr}}
  %m = ascreg.create_mask <VL5> for !ascreg.vreg<64xf32>
  return
}

// -----

func.func @mask_for_non_register() {
  // expected-error@+1 {{attribute 'reg_type' failed to satisfy constraint: type attribute of a 256-byte vector register}}
  %m = ascreg.create_mask <ALL> for vector<64xf32>
  return
}

// -----

// The mask type takes no parameters.
// expected-error@+1 {{'!ascreg.mask' takes no parameters: it is always 256 bits, one per data byte, for every element width}}
func.func private @mask_params(!ascreg.mask<64>)

// -----

func.func @update_mask_i64(%n: i64) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%n' expects different type than prior uses: 'i32' vs 'i64'}}
  %m, %r = ascreg.update_mask %n for !ascreg.vreg<64xf32>
  return
}

// -----

func.func @register_as_mask(%v: !ascreg.vreg<64xf32>, %b: memref<?xf32>, %o: index) {
  // expected-error@+1 {{'ascreg.store_align' op operand #3 must be ascreg mask register, but got '!ascreg.vreg<64xf32>'}}
  "ascreg.store_align"(%v, %b, %o, %v) : (!ascreg.vreg<64xf32>, memref<?xf32>, index, !ascreg.vreg<64xf32>) -> ()
  return
}

// -----

// ===== UB loads and stores =====

func.func @load_elem_mismatch(%b: memref<?xf16>, %o: index) {
  // expected-error@+1 {{register element f32 does not match UB memref element type 'f16'; a register of f32 needs a memref of f32}}
  %v = ascreg.load_align %b[%o] : memref<?xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @load_sign_mismatch(%b: memref<?xui16>, %o: index) {
  // expected-error@+1 {{register element i16 does not match UB memref element type 'ui16'; a register of i16 needs a memref of i16 or si16}}
  %v = ascreg.load_align %b[%o] : memref<?xui16> -> !ascreg.vreg<128xi16>
  return
}

// -----

func.func @store_width_mismatch(%v: !ascreg.vreg<32xu64>, %b: memref<?xi32>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{register element u64 does not match UB memref element type 'i32'; a register of u64 needs a memref of i64 or ui64}}
  ascreg.store_align %v, %b[%o], %m : !ascreg.vreg<32xu64>, memref<?xi32>
  return
}

// -----

func.func @load_memory_space(%b: memref<?xf32, 2>, %o: index) {
  // expected-error@+1 {{operates on Unified Buffer memrefs, which have the default memory space}}
  %v = ascreg.load_align %b[%o] : memref<?xf32, 2> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @load_rank2(%b: memref<4x64xf32>, %o: index) {
  // expected-error@+1 {{operand #0 must be rank-1 UB memref}}
  %v = ascreg.load_align %b[%o] : memref<4x64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @load_strided(%b: memref<?xf32, strided<[2]>>, %o: index) {
  // expected-error@+1 {{needs a contiguous UB memref (identity layout or strided<[1], offset: ...>), got}}
  %v = ascreg.load_align %b[%o] : memref<?xf32, strided<[2]>> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @load_f64(%b: memref<?xf64>, %o: index) {
  // expected-error@+1 {{UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'f64'}}
  %v = ascreg.load_align %b[%o] : memref<?xf64> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== companions =====

func.func @duplicate_type(%x: f16) {
  // expected-error@+1 {{scalar of a f32 register must be 'f32', got 'f16'}}
  %v = ascreg.duplicate %x : f16 -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @duplicate_width(%x: i32) {
  // expected-error@+1 {{scalar of a u16 register must be the signless integer i16, got 'i32'}}
  %v = ascreg.duplicate %x : i32 -> !ascreg.vreg<128xu16>
  return
}

// -----

func.func @arange_bf16(%x: bf16) {
  // expected-error@+1 {{'ascreg.arange' op operand #0 must be}}
  %v = ascreg.arange %x : bf16 -> !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @arange_bf16_bits(%x: i16) {
  // expected-error@+1 {{element type bf16 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 f16 f32}}
  %v = ascreg.arange %x : i16 -> !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @compare_bf16(%a: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{element type bf16 is not supported; legal: i8 u8 i16 u16 f16 i32 u32 f32 i64 u64}}
  %c = ascreg.compare <eq> %a, %a, %m : !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @add_merging(%a: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{merging mode is not supported on dav-3510}}
  %c = ascreg.add %a, %a, %m mode <merging> : !ascreg.vreg<64xf32>
  return
}

// -----

func.func @max_bf16_lanes(%a: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{element type bf16 is not supported}}
  %c = ascreg.max %a, %a, %m : !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @bitcast_size(%a: !ascreg.vreg<64xu64>) {
  // expected-error@+1 {{cannot reinterpret '!ascreg.vreg<64xu64>' (2 register(s)) as '!ascreg.vreg<64xf32>' (1 register(s)); the sizes must match}}
  %c = ascreg.bitcast %a : !ascreg.vreg<64xu64> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== target =====

// expected-error@+1 {{'ascreg.target' must be "dav-3510" (the only architecture ascreg implements), got "dav-2201"}}
module attributes {ascreg.target = "dav-2201"} {
}

// -----

// expected-error@+1 {{unknown ascreg attribute 'ascreg.arch'; the dialect defines 'ascreg.target', 'ascreg.ctrl', 'ascreg.semantics', 'ascreg.ub_argument', 'ascreg.loop_proof' and 'ascreg.runtime_check_sites'}}
module attributes {ascreg.arch = "dav-3510"} {
}

// -----

// ===== issue 10: buffer element types without a bit width =====
// The dav verifiers crashed on these element types; the ascreg verifiers must
// keep rejecting them with a diagnostic (regression cases for every UB op).

// load_align from an index buffer.
func.func @load_index_buffer(%b: memref<?xindex>, %o: index) {
  // expected-error@+1 {{'ascreg.load_align' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  %v = ascreg.load_align %b[%o] : memref<?xindex> -> !ascreg.vreg<32xi64>
  return
}

// -----

// load_align from a complex buffer.
func.func @load_complex_buffer(%b: memref<?xcomplex<f32>>, %o: index) {
  // expected-error@+1 {{'ascreg.load_align' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  %v = ascreg.load_align %b[%o] : memref<?xcomplex<f32>> -> !ascreg.vreg<64xf32>
  return
}

// -----

// load_align from a buffer of vectors.
func.func @load_vector_buffer(%b: memref<?xvector<4xf32>>, %o: index) {
  // expected-error@+1 {{'ascreg.load_align' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  %v = ascreg.load_align %b[%o] : memref<?xvector<4xf32>> -> !ascreg.vreg<64xf32>
  return
}

// -----

// store_align to an index buffer.
func.func @store_index_buffer(%v: !ascreg.vreg<32xi64>, %b: memref<?xindex>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.store_align' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  ascreg.store_align %v, %b[%o], %m : !ascreg.vreg<32xi64>, memref<?xindex>
  return
}

// -----

// store_align to a complex buffer.
func.func @store_complex_buffer(%v: !ascreg.vreg<64xf32>, %b: memref<?xcomplex<f32>>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.store_align' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  ascreg.store_align %v, %b[%o], %m : !ascreg.vreg<64xf32>, memref<?xcomplex<f32>>
  return
}

// -----

// store_align to a buffer of vectors.
func.func @store_vector_buffer(%v: !ascreg.vreg<64xf32>, %b: memref<?xvector<4xf32>>, %o: index, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.store_align' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  ascreg.store_align %v, %b[%o], %m : !ascreg.vreg<64xf32>, memref<?xvector<4xf32>>
  return
}

// -----

// gather from an index buffer.
func.func @gather_index_buffer(%b: memref<?xindex>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.gather' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'index'}}
  %r = ascreg.gather %b[%i], %m : memref<?xindex>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xi64>
  return
}

// -----

// gather from a complex buffer.
func.func @gather_complex_buffer(%b: memref<?xcomplex<f32>>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.gather' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'complex<f32>'}}
  %r = ascreg.gather %b[%i], %m : memref<?xcomplex<f32>>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// gather from a buffer of vectors.
func.func @gather_vector_buffer(%b: memref<?xvector<4xf32>>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.gather' op UB memref element type must be i8/si8/ui8, i16/si16/ui16, f16, bf16, i32/si32/ui32, f32 or i64/si64/ui64, got 'vector<4xf32>'}}
  %r = ascreg.gather %b[%i], %m : memref<?xvector<4xf32>>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ===== cast (vcvt): the legal set is named in every diagnostic =====

// No single instruction: the legal destinations and a chain.
func.func @cast_s16_s8(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.cast' op 'i16 -> i8' is not a single vcvt on dav-3510; legal from i16: i16 -> f16, f32, u32, i32, u8; use the chain i16 -> f16 -> i8}}
  %r = ascreg.cast %v, %m sat <on> part <even> : !ascreg.vreg<128xi16> -> !ascreg.vreg<256xi8>
  return
}

// -----

func.func @cast_u32_f32(%v: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'u32 -> f32' is not a single vcvt on dav-3510; legal from u32: u32 -> u16, i16, u8; no chain of vcvt instructions preserves its values}}
  %r = ascreg.cast %v, %m round <rint> : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @cast_same(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'f32 -> f32' is not a single vcvt on dav-3510; use truncate (vtrc) to round within a float type}}
  %r = ascreg.cast %v, %m round <rint> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// -----

// ODD rounding exists for f32 -> f16 only.
func.func @cast_odd_bf16(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{round mode 'odd' is not legal for f32 -> bf16 (vcvt_ff f322bf16): round rint|round|floor|ceil|trunc, sat operand, part even|odd}}
  %r = ascreg.cast %v, %m round <odd> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @cast_missing_round(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{needs a round operand; legal: f32 -> f16 (vcvt_ff f322f16): round rint|round|floor|ceil|trunc|odd, sat operand, part even|odd}}
  %r = ascreg.cast %v, %m sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  return
}

// -----

// Widening to f32 is exact: no round and no sat operand.
func.func @cast_exact_round(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{takes no round operand; legal: f16 -> f32 (vcvt_ff f162f32): part even|odd}}
  %r = ascreg.cast %v, %m round <rint> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

// f16 -> s32 has no saturation operand (SatMode::UNKNOWN in the vendor table).
func.func @cast_f16_s32_sat(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{takes no sat operand; legal: f16 -> i32 (vcvt_fi f162s32): round rint|round|floor|ceil|trunc, part even|odd}}
  %r = ascreg.cast %v, %m round <rint> sat <on> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @cast_missing_part(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{needs a part operand; legal: u8 -> u32 (vcvt_ii u82u32): part p0|p1|p2|p3}}
  %r = ascreg.cast %v, %m : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  return
}

// -----

func.func @cast_same_width_part(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{takes no part operand; legal: f32 -> i32 (vcvt_fi f322s32): round rint|round|floor|ceil|trunc, sat operand}}
  %r = ascreg.cast %v, %m round <rint> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  return
}

// -----

// A 2:1 conversion's parts are even|odd.
func.func @cast_part_spelling(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{part 'p2' is not a part of a 2:1 conversion; legal: f16 -> f32 (vcvt_ff f162f32): part even|odd}}
  %r = ascreg.cast %v, %m part <p2> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  return
}

// -----

func.func @cast_part_spelling4(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{part 'odd' is not a part of a 4:1 conversion; legal: i32 -> u8 (vcvt_ii s322u8): sat operand, part p0|p1|p2|p3}}
  %r = ascreg.cast %v, %m sat <on> part <odd> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  return
}

// -----

// A part name that no conversion has (on a pair without parts).
func.func @cast_part_unknown(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{part must be even, odd, p0, p1, p2 or p3, got 'high'}}
  %r = ascreg.cast %v, %m round <rint> sat <off> part <high> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @cast_two_register(%v: !ascreg.vreg<64xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{converts one register; 64-bit values take the one-register form (32 lanes), got '!ascreg.vreg<64xi64>'}}
  %r = ascreg.cast %v, %m sat <on> part <even> : !ascreg.vreg<64xi64> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @cast_bad_round(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{round mode must be rint, round, floor, ceil, trunc or odd, got 'nearest'}}
  %r = ascreg.cast %v, %m round <nearest> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
  return
}

// -----

// ===== truncate (vtrc) =====

func.func @truncate_int(%v: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{truncate (vtrc) of i32 is not legal; legal: f16, bf16, f32 with round rint|round|floor|ceil|trunc}}
  %r = ascreg.truncate %v, %m round <rint> : !ascreg.vreg<64xi32>
  return
}

// -----

func.func @truncate_odd(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{round mode 'odd' is not legal for truncate; legal: f16, bf16, f32 with round rint|round|floor|ceil|trunc}}
  %r = ascreg.truncate %v, %m round <odd> : !ascreg.vreg<64xf32>
  return
}

// -----

// ===== the kernel's CTRL state =====

// expected-error@+1 {{'ascreg.ctrl' is the CTRL state of a kernel: it belongs on a function}}
module attributes {ascreg.ctrl = #ascreg.ctrl<>} {
}

// -----

// expected-error@+1 {{'ascreg.ctrl' must be a #ascreg.ctrl<...> attribute, got 1 : i64}}
func.func @ctrl_not_attr() attributes {ascreg.ctrl = 1} {
  return
}

// -----

// expected-error@+1 {{'float_overflow' is 'inf_nan' or 'saturate', got 'sat'}}
func.func @ctrl_bad_value() attributes {ascreg.ctrl = #ascreg.ctrl<float_overflow = sat>} {
  return
}

// -----

// expected-error@+1 {{unknown '#ascreg.ctrl' field 'ctrl48'; fields: saturation, float_overflow, int_overflow, fp8_nan}}
func.func @ctrl_bad_field() attributes {ascreg.ctrl = #ascreg.ctrl<ctrl48 = saturate>} {
  return
}

// -----

// ===== sub, mul, abs, and/or/xor/not: the Reg API's tables (regapi-ops-facts 3-7) =====

// sub takes every element type; only the mode can be wrong.
func.func @sub_merging(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.sub' op merging mode is not supported on dav-3510}}
  %r = ascreg.sub %v, %v, %m mode <merging> : !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @mul_u8(%v: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.mul' op element type u8 is not supported; legal: i16 u16 f16 bf16 i32 u32 f32 i64 u64 i64x2 u64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.mul %v, %v, %m : !ascreg.vreg<256xu8>
  return
}

// -----

func.func @mul_merging(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{merging mode is not supported on dav-3510; the only legal mode is zeroing}}
  %r = ascreg.mul %v, %v, %m mode <merging> : !ascreg.vreg<64xf32>
  return
}

// -----

func.func @abs_u16(%v: !ascreg.vreg<128xu16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.abs' op element type u16 is not supported; legal: i8 i16 f16 i32 f32 i64 i64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.abs %v, %m : !ascreg.vreg<128xu16>
  return
}

// -----

func.func @abs_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.abs' op element type bf16 is not supported; legal: i8 i16 f16 i32 f32 i64 i64x2}}
  %r = ascreg.abs %v, %m : !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @and_f32(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.and' op element type f32 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.and %v, %v, %m : !ascreg.vreg<64xf32>
  return
}

// -----

func.func @or_f16(%v: !ascreg.vreg<128xf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.or' op element type f16 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2}}
  %r = ascreg.or %v, %v, %m : !ascreg.vreg<128xf16>
  return
}

// -----

func.func @xor_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.xor' op element type bf16 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2}}
  %r = ascreg.xor %v, %v, %m : !ascreg.vreg<128xbf16>
  return
}

// -----

func.func @not_bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.not' op element type bf16 is not supported; legal: i8 u8 i16 u16 f16 i32 u32 f32 i64 u64 i64x2 u64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.not %v, %m : !ascreg.vreg<128xbf16>
  return
}

// -----

// ===== adds, muls, maxs, mins, compares: the Reg API's tables within the vector op's =====

func.func @adds_bf16(%v: !ascreg.vreg<128xbf16>, %s: i16, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.adds' op element type bf16 is not supported; legal: i8 u8 i16 u16 f16 i32 u32 f32 i64 u64 i64x2 u64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.adds %v, %s, %m : !ascreg.vreg<128xbf16>, i16
  return
}

// -----

func.func @muls_u8(%v: !ascreg.vreg<256xu8>, %s: i8, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.muls' op element type u8 is not supported; legal: i16 u16 f16 i32 u32 f32 i64 u64 i64x2 u64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.muls %v, %s, %m : !ascreg.vreg<256xu8>, i8
  return
}

// -----

func.func @muls_bf16(%v: !ascreg.vreg<128xbf16>, %s: i16, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.muls' op element type bf16 is not supported; legal: i16 u16 f16 i32 u32 f32 i64 u64 i64x2 u64x2}}
  %r = ascreg.muls %v, %s, %m : !ascreg.vreg<128xbf16>, i16
  return
}

// -----

func.func @maxs_bf16(%v: !ascreg.vreg<128xbf16>, %s: i16, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.maxs' op element type bf16 is not supported; legal: i8 u8 i16 u16 f16 i32 u32 f32 i64 u64 i64x2 u64x2}}
  %r = ascreg.maxs %v, %s, %m : !ascreg.vreg<128xbf16>, i16
  return
}

// -----

func.func @mins_merging(%v: !ascreg.vreg<64xi32>, %s: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.mins' op merging mode is not supported on dav-3510}}
  %r = ascreg.mins %v, %s, %m mode <merging> : !ascreg.vreg<64xi32>, i32
  return
}

// -----

func.func @compares_bf16(%v: !ascreg.vreg<128xbf16>, %s: i16, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.compares' op element type bf16 is not supported; legal: i8 u8 i16 u16 f16 i32 u32 f32 i64 u64 i64x2 u64x2 (x2 = 64-bit two-register form)}}
  %r = ascreg.compares <lt> %v, %s, %m : !ascreg.vreg<128xbf16>, i16
  return
}

// -----

// The scalar has the element type: the float type of a float register.
func.func @adds_f32_int_scalar(%v: !ascreg.vreg<64xf32>, %s: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.adds' op scalar of a f32 register must be 'f32', got 'i32'}}
  %r = ascreg.adds %v, %s, %m : !ascreg.vreg<64xf32>, i32
  return
}

// -----

func.func @compares_u8_wide_scalar(%v: !ascreg.vreg<256xu8>, %s: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.compares' op scalar of a u8 register must be the signless integer i8, got 'i32'}}
  %r = ascreg.compares <eq> %v, %s, %m : !ascreg.vreg<256xu8>, i32
  return
}

// -----

// ===== shift_left, shift_right, shift_lefts, shift_rights: the Reg API's tables =====

func.func @shift_left_f32(%v: !ascreg.vreg<64xf32>, %n: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_left' op element type f32 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2}}
  %r = ascreg.shift_left %v, %n, %m : !ascreg.vreg<64xf32>, !ascreg.vreg<64xi32>
  return
}

// -----

func.func @shift_right_i64_two_register_amount(%v: !ascreg.vreg<32xi64>, %n: !ascreg.vreg<64xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_right' op amount of a i64 register must be i64 lanes, got i64x2}}
  %r = ascreg.shift_right %v, %n, %m : !ascreg.vreg<32xi64>, !ascreg.vreg<64xi64>
  return
}

// -----

func.func @shift_rights_bf16(%v: !ascreg.vreg<128xbf16>, %s: i16, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_rights' op element type bf16 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2}}
  %r = ascreg.shift_rights %v, %s, %m : !ascreg.vreg<128xbf16>, i16
  return
}

// -----

func.func @shift_lefts_f16(%v: !ascreg.vreg<128xf16>, %s: i16, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_lefts' op element type f16 is not supported; legal: i8 u8 i16 u16 i32 u32 i64 u64 i64x2 u64x2}}
  %r = ascreg.shift_lefts %v, %s, %m : !ascreg.vreg<128xf16>, i16
  return
}

// -----

func.func @shift_left_u64x2_narrow_amount(%v: !ascreg.vreg<64xu64>, %n: !ascreg.vreg<64xi32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_left' op amount of a u64x2 register must be i64x2 lanes, got i32}}
  %r = ascreg.shift_left %v, %n, %m : !ascreg.vreg<64xu64>, !ascreg.vreg<64xi32>
  return
}

// -----

func.func @shift_left_unsigned_amount(%v: !ascreg.vreg<64xu32>, %n: !ascreg.vreg<64xu32>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_left' op amount of a u32 register must be i32 lanes, got u32}}
  %r = ascreg.shift_left %v, %n, %m : !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>
  return
}

// -----

func.func @shift_right_narrow_amount(%v: !ascreg.vreg<64xi32>, %n: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_right' op amount of a i32 register must be i32 lanes, got i16}}
  %r = ascreg.shift_right %v, %n, %m : !ascreg.vreg<64xi32>, !ascreg.vreg<128xi16>
  return
}

// -----

func.func @shift_rights_i32_scalar(%v: !ascreg.vreg<64xi32>, %s: i32, %m: !ascreg.mask) {
  // expected-error@+1 {{'ascreg.shift_rights' op operand #1 must be 16-bit signless integer, but got 'i32'}}
  %r = ascreg.shift_rights %v, %s, %m : !ascreg.vreg<64xi32>, i32
  return
}

// -----

func.func @shift_left_merging(%v: !ascreg.vreg<128xi16>, %n: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{merging}}
  %r = ascreg.shift_left %v, %n, %m mode <merging> : !ascreg.vreg<128xi16>, !ascreg.vreg<128xi16>
  return
}
