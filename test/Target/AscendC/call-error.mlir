// Ascend C emission has no form for func.call: each function becomes a
// __simd_vf__ function and an __aicore__ entry that launches it, and a call
// was emitted as a call of the callee's __aicore__ entry from vector code
// (for a recursive call, of a function not declared yet), which does not
// compile. It stops at the call with a located error.
// RUN: ascreg-opt %s --convert-ascreg-to-dav --convert-dav-to-emitc --split-input-file --verify-diagnostics
// RUN: not ascreg-translate --ascreg-to-ascendc %s --split-input-file 2>&1 | FileCheck %s
// CHECK: error: a call ('@helper') has no Ascend C form
// CHECK: error: a call ('@kernel') has no Ascend C form

func.func @helper(%dst: memref<?xf32>) {
  return
}
func.func @kernel(%dst: memref<?xf32>) {
  // expected-error @+1 {{a call ('@helper') has no Ascend C form: each function is its own kernel; inline the callee (--inline) or launch it separately}}
  func.call @helper(%dst) : (memref<?xf32>) -> ()
  return
}

// -----

func.func @kernel(%n: index) {
  // expected-error @+1 {{a call ('@kernel') has no Ascend C form}}
  func.call @kernel(%n) : (index) -> ()
  return
}
