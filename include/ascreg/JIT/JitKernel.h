//===- JitKernel.h - JIT-compile and run an ascreg kernel -------*- C++ -*-===//
//
// The CPU compile path of a frontend: the kernel is lowered with the
// `ascreg-lower-to-llvm` pipeline (convert-ascreg-to-vector, then upstream
// vector/memref/func/arith/cf to LLVM) and run by MLIR's ExecutionEngine.
// Arguments are passed exactly like to the interpreter (interp::Arg), so the
// two paths can be compared on the same inputs.
//
// With runtime checks on (the default), an out-of-range or misaligned UB
// access or gather index aborts the process through cf.assert with a message
// naming the op and its location; callers that must survive bad inputs
// validate them with the interpreter first (ascreg-run --mode=check does).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_JIT_JITKERNEL_H
#define ASCREG_JIT_JITKERNEL_H

#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace ascreg {
namespace jit {

struct Options {
  /// cf.assert checks of UB accesses and gather indices.
  bool runtimeChecks = true;
  /// LLVM optimization level (0-3).
  unsigned optLevel = 2;
};

class JitKernel {
public:
  ~JitKernel();
  /// Lowers a clone of `module` and JIT-compiles function `entry`. Emits
  /// diagnostics and fails if a pass or the compilation fails.
  static mlir::FailureOr<std::unique_ptr<JitKernel>> compile(mlir::ModuleOp module,
                                                             llvm::StringRef entry,
                                                             const Options &options = {});
  /// Runs the kernel on `args` (one per parameter, buffers are used in place).
  mlir::LogicalResult run(llvm::ArrayRef<interp::Arg> args);

private:
  JitKernel();
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace jit
} // namespace ascreg

#endif
