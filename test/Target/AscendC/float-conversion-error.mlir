// A scalar arith.truncf / arith.extf has no Ascend C form (docs/semantics.md
// P16): no public vendor source says how a vector function's scalar unit
// converts floats, so the emission stops at the op instead of guessing.
// RUN: ascreg-opt %s --convert-dav-to-emitc --verify-diagnostics --split-input-file
// The whole translation fails at the op's location with a non-zero exit.
// RUN: not ascreg-translate --ascreg-to-ascendc %S/Inputs/scalar-truncf.mlir 2>&1 | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: scalar-truncf.mlir:6:10: error: arith.truncf from 'f32' to 'f16' has no Ascend C form

// A truncation to nearest even: the one a C cast would be read as.
func.func @truncf_nearest_even(%x: f32) -> f16 {
  // expected-error @+1 {{arith.truncf from 'f32' to 'f16' has no Ascend C form}}
  %h = arith.truncf %x : f32 to f16
  return %h : f16
}

// -----

// A directed rounding mode.
func.func @truncf_upward(%x: f32) -> f16 {
  // expected-error @+1 {{arith.truncf from 'f32' to 'f16' has no Ascend C form}}
  %h = arith.truncf %x upward : f32 to f16
  return %h : f16
}

// -----

// A widening, exact in value, still decides NaN bits.
func.func @extf_bf16(%x: bf16) -> f32 {
  // expected-error @+1 {{arith.extf from 'bf16' to 'f32' has no Ascend C form}}
  %f = arith.extf %x : bf16 to f32
  return %f : f32
}
