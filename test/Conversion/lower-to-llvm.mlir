// The named pipeline takes a whole kernel to the LLVM dialect.
// RUN: ascreg-opt %ascreg_src_root/examples/argmax.mlir --ascreg-lower-to-llvm | FileCheck %s
// CHECK: llvm.func @kernel(
// CHECK-NOT: {{ (ascreg|vector|memref|scf|arith|cf)\.}}
// The max key reduction: an integer reduction (floats are ordered by keys).
// CHECK: llvm.intr.vector.reduce.smax
// CHECK-NOT: {{ (ascreg|vector|memref|scf|arith|cf)\.}}
