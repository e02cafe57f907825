// The ascreg verifiers run inside the stock mlir-opt: the legal-table
// diagnostics of the plugin-loaded dialect (-verify-diagnostics).
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --split-input-file --verify-diagnostics

func.func @sum_i16_same_type(%v: !ascreg.vreg<128xi16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
  // expected-error@+1 {{'ascreg.reduce' op sum of (result i16, source i16) is not supported; legal (result, source) pairs for sum: (i32, i16) (u32, u16)}}
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  return %r : !ascreg.vreg<128xi16>
}

// -----

// expected-error@+1 {{'!ascreg.vreg' of f32 must have 64 lanes (one 256-byte register), got 32}}
func.func @bad_lanes(%v: !ascreg.vreg<32xf32>) {
  return
}
