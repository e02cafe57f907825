//===- BothEngines.h - one kernel run by the interpreter or the JIT -*- C++ -*-===//
//
// The tests that hold the two engines to the same expected bits run each
// case twice through this one corridor: compile `entry` of a module for the
// interpreter or the JIT under a per-run profile, then run it on the
// caller's buffers in place.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_JIT_BOTHENGINES_H
#define ASCREG_UNITTESTS_JIT_BOTHENGINES_H

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/Profile.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

/// Whether `entry` of `module` compiled and ran on `args`, by the JIT when
/// `jit`, else by the interpreter, under the per-run `profile`.
inline bool runOnEngine(mlir::ModuleOp module, llvm::StringRef entry,
                        llvm::ArrayRef<ascreg::interp::Arg> args, bool jit,
                        const std::optional<ascreg::semantics::Profile> &profile) {
  if (jit) {
    ascreg::jit::Options o;
    o.profile = profile;
    auto k = ascreg::jit::JitKernel::compile(module, entry, o);
    return mlir::succeeded(k) && mlir::succeeded((*k)->run(args));
  }
  ascreg::interp::Options o;
  o.profile = profile;
  auto k =
      ascreg::interp::CompiledKernel::compile(module.lookupSymbol<mlir::func::FuncOp>(entry), o);
  return mlir::succeeded(k) && mlir::succeeded((*k)->run(args));
}

#endif // ASCREG_UNITTESTS_JIT_BOTHENGINES_H
