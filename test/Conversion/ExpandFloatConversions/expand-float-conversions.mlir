// ascreg-expand-float-conversions rewrites exactly the conversions LLVM would
// not lower as IEEE 754 does, and leaves every other one to LLVM.
// RUN: ascreg-opt %s --ascreg-expand-float-conversions --split-input-file --verify-diagnostics | FileCheck %s

// A directed rounding mode becomes integer arithmetic (LLVM would drop it):
// the bits in i32 (f64 takes i64), the rounding, the f16 bits back.
// CHECK-LABEL: func.func @truncf_upward
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK-NOT: i64
// CHECK: %[[H:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[R:.*]] = arith.bitcast %[[H]] : i16 to f16
// CHECK-NOT: arith.truncf
// CHECK: return %[[R]]
func.func @truncf_upward(%x: f32) -> f16 {
  %r = arith.truncf %x upward : f32 to f16
  return %r : f16
}

// -----

// f64 is decoded in place (64-bit bits need no widening).
// CHECK-LABEL: func.func @truncf_f64_toward_zero
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f64 to i64
// CHECK-NOT: arith.extui %[[BITS]]
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK-NOT: arith.truncf
func.func @truncf_f64_toward_zero(%x: f64) -> f32 {
  %r = arith.truncf %x toward_zero : f64 to f32
  return %r : f32
}

// -----

// Any truncation to bf16 is expanded, to nearest even included (LLVM's
// __truncsfbf2 would see a widened bf16 and a kernel's sNaN alike).
// CHECK-LABEL: func.func @truncf_bf16
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
func.func @truncf_bf16(%x: f32) -> bf16 {
  %r = arith.truncf %x : f32 to bf16
  return %r : bf16
}

// -----

// 1-D vectors are converted lane by lane in vector<N x i32>.
// CHECK-LABEL: func.func @truncf_vector
// CHECK: arith.bitcast %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK-NOT: xi64>
// CHECK: arith.trunci %{{.*}} : vector<4xi32> to vector<4xi16>
// CHECK: arith.bitcast %{{.*}} : vector<4xi16> to vector<4xf16>
// CHECK-NOT: arith.truncf
func.func @truncf_vector(%x: vector<4xf32>) -> vector<4xf16> {
  %r = arith.truncf %x to_nearest_away : vector<4xf32> to vector<4xf16>
  return %r : vector<4xf16>
}

// -----

// Widening from bf16 is expanded (a shift would keep a signalling NaN).
// CHECK-LABEL: func.func @extf_bf16
// CHECK: arith.bitcast %{{.*}} : bf16 to i16
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK-NOT: arith.extf
func.func @extf_bf16(%x: bf16) -> f64 {
  %r = arith.extf %x : bf16 to f64
  return %r : f64
}

// -----

// What LLVM converts exactly stays: to nearest even to f16 / f32, widening
// from f16 / f32, and to_nearest_even spelled out.
// CHECK-LABEL: func.func @left_to_llvm
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.truncf %{{.*}} : f64 to f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK-NOT: arith.bitcast
func.func @left_to_llvm(%a: f32, %b: f64, %h: f16) -> (f16, f32, f16, f32, f64) {
  %0 = arith.truncf %a to_nearest_even : f32 to f16
  %1 = arith.truncf %b : f64 to f32
  %2 = arith.truncf %b : f64 to f16
  %3 = arith.extf %h : f16 to f32
  %4 = arith.extf %a : f32 to f64
  return %0, %1, %2, %3, %4 : f16, f32, f16, f32, f64
}

// -----

// A rounding mode on a type the expansion does not handle is an error, not
// a silently dropped mode.
func.func @f80(%x: f80) -> f64 {
  // expected-error @below {{arith.truncf with rounding mode 'upward' has no exact lowering for 'f80' to 'f64'}}
  %r = arith.truncf %x upward : f80 to f64
  return %r : f64
}
