// A dynamic memref.dim has no Ascend C form: UB buffers are raw pointers.
// RUN: ascreg-opt %s --convert-dav-to-emitc --verify-diagnostics --split-input-file

func.func @kernel(%src: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{memref.dim of a dynamic UB buffer has no Ascend C form}}
  %n = memref.dim %src, %c0 : memref<?xf32>
  return %n : index
}
