// The named pipeline takes a whole kernel to the LLVM dialect.
// RUN: ascreg-opt %ascreg_src_root/examples/argmax.mlir --ascreg-lower-to-llvm | FileCheck %s
// CHECK: llvm.func @kernel(
// CHECK-NOT: {{ (ascreg|vector|memref|scf|arith|cf)\.}}
// The max key reduction: an unsigned integer reduction (floats are ordered
// by biased keys).
// CHECK: llvm.intr.vector.reduce.umax
// CHECK-NOT: {{ (ascreg|vector|memref|scf|arith|cf)\.}}

// check-failure is an enum option: 'report' makes a failed check call the
// host's __ascreg_runtime_error, and the pipeline prints it by its
// spelling; a value outside assert / report is refused by the parser.
// RUN: ascreg-opt %ascreg_src_root/examples/argmax.mlir --ascreg-lower-to-llvm=check-failure=report | FileCheck %s --check-prefix=REPORT
// The host's function does not return (RuntimeChecks.h): declared noreturn,
// so LLVM spills nothing around the failure calls.
// REPORT: llvm.func @__ascreg_runtime_error(i32, i32, i64, i64, i64, i64) attributes {passthrough = ["noreturn"]
// REPORT: llvm.call @__ascreg_runtime_error(
// RUN: ascreg-opt %ascreg_src_root/examples/argmax.mlir --pass-pipeline='builtin.module(convert-ascreg-to-vector{check-failure=report})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: convert-ascreg-to-vector{check-failure=report runtime-checks=true}
// RUN: not ascreg-opt %ascreg_src_root/examples/argmax.mlir --ascreg-lower-to-llvm=check-failure=abort 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --check-failure option: Cannot find option named 'abort'!
