// reduce_data_block rejects what the vendor's table does not list, naming the
// legal (result, source) pairs of the kind (docs/semantics.md 2.26).
// RUN: ascreg-opt %s -split-input-file -verify-diagnostics

func.func @bf16(%v: !ascreg.vreg<128xbf16>, %m: !ascreg.mask) {
  // expected-error@+1 {{max of (result bf16, source bf16) is not supported; legal (result, source) pairs for max: (i16, i16) (u16, u16) (f16, f16) (i32, i32) (u32, u32) (f32, f32)}}
  %r = ascreg.reduce_data_block <max> %v, %m : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xbf16>
  return
}

// -----

// 16-bit integer sums are 32-bit: (i16, i16) is not in the table.
func.func @sum_i16_same_type(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{sum of (result i16, source i16) is not supported; legal (result, source) pairs for sum: (i32, i16) (u32, u16) (f16, f16) (i32, i32) (u32, u32) (f32, f32)}}
  %r = ascreg.reduce_data_block <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  return
}

// -----

func.func @i64(%v: !ascreg.vreg<32xi64>, %m: !ascreg.mask) {
  // expected-error@+1 {{min of (result i64, source i64) is not supported}}
  %r = ascreg.reduce_data_block <min> %v, %m : !ascreg.vreg<32xi64> -> !ascreg.vreg<32xi64>
  return
}

// -----

func.func @widening_max(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // expected-error@+1 {{max of (result i32, source i16) is not supported}}
  %r = ascreg.reduce_data_block <max> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  return
}

// -----

func.func @merging(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{merging mode is not supported on dav-3510}}
  %r = ascreg.reduce_data_block <sum> %v, %m mode <merging> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}
