//===- LoadedKernel.h - a kernel file loaded as the tools load it -*- C++ -*-===//
//
// What the conformance tests start from: a kernel file in a context of its
// own, made and parsed as every front door does it (the driver's
// makeContext and parse step: limits, parser, verifier), and its @kernel;
// a case's buffers and scalars as the engine's arguments.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_COMMON_LOADEDKERNEL_H
#define ASCREG_UNITTESTS_COMMON_LOADEDKERNEL_H

#include "ConformanceCases.h"

#include "ascreg/Driver/Session.h"
#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>
#include <string>

namespace conformance {

struct LoadedKernel {
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn; // @kernel

  /// Loads the file `path`; "" on success, else why it failed.
  std::string load(const std::string &path) {
    ascreg::driver::SessionOptions options;
    options.loadAllDialects = true;
    ctx = ascreg::driver::makeContext(options);
    ascreg::driver::LoadFailure failure;
    std::string error;
    module = ascreg::driver::parseKernelFile(*ctx, path, failure, error);
    if (!module)
      return "cannot parse " + path + (error.empty() ? "" : ": " + error);
    fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
    return fn ? "" : path + " has no @kernel";
  }
};

/// The engine's arguments for a case: the buffers of `set` (run in place),
/// then `scalars`, in parameter order.
inline std::vector<ascreg::interp::Arg> argsOf(std::vector<Buffer> &set,
                                               const std::vector<uint64_t> &scalars) {
  std::vector<ascreg::interp::Arg> out;
  for (Buffer &x : set)
    out.push_back(ascreg::interp::Arg::buffer(x.bytes.data(), x.n()));
  for (uint64_t s : scalars)
    out.push_back(ascreg::interp::Arg::scalar(s));
  return out;
}

} // namespace conformance

#endif // ASCREG_UNITTESTS_COMMON_LOADEDKERNEL_H
