//===- Interpreter.cpp - C API: run ascreg kernels --------------*- C++ -*-===//
#include "ascreg-c/Interpreter.h"

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <vector>

using namespace mlir;

static std::vector<ascreg::interp::Arg> toArgs(const AscregArg *args, intptr_t numArgs) {
  std::vector<ascreg::interp::Arg> out;
  out.reserve(numArgs > 0 ? numArgs : 0);
  for (intptr_t i = 0; i < numArgs; ++i) {
    const AscregArg &a = args[i];
    out.push_back(a.kind == AscregArgBuffer ? ascreg::interp::Arg::buffer(a.data, a.numElements)
                                            : ascreg::interp::Arg::scalar(a.bits));
  }
  return out;
}

MlirLogicalResult ascregInterpretFunctionWithOptions(MlirOperation func, const AscregArg *args,
                                                     intptr_t numArgs,
                                                     const AscregInterpreterOptions *options) {
  Operation *op = unwrap(func);
  auto fn = dyn_cast_or_null<func::FuncOp>(op);
  if (!fn) {
    if (op)
      op->emitError() << "ascregInterpretFunction expects a func.func operation";
    return mlirLogicalResultFailure();
  }
  ascreg::interp::Options interpOptions;
  if (options && options->ubCapacity)
    interpOptions.ubCapacity = options->ubCapacity;
  if (options && options->maxSteps)
    interpOptions.maxSteps = options->maxSteps;
  auto kernel = ascreg::interp::CompiledKernel::compile(fn, interpOptions);
  if (failed(kernel))
    return mlirLogicalResultFailure();
  return wrap((*kernel)->run(toArgs(args, numArgs)));
}

MlirLogicalResult ascregInterpretFunction(MlirOperation func, const AscregArg *args,
                                          intptr_t numArgs) {
  return ascregInterpretFunctionWithOptions(func, args, numArgs, nullptr);
}

MlirLogicalResult ascregJitRunFunction(MlirModule module, MlirStringRef entry,
                                       const AscregArg *args, intptr_t numArgs,
                                       bool runtimeChecks) {
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  ascreg::jit::Options jitOptions;
  jitOptions.runtimeChecks = runtimeChecks;
  auto kernel = ascreg::jit::JitKernel::compile(unwrap(module), unwrap(entry), jitOptions);
  if (failed(kernel))
    return mlirLogicalResultFailure();
  return wrap((*kernel)->run(toArgs(args, numArgs)));
}
