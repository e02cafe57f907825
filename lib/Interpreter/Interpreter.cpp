//===- Interpreter.cpp - CompiledKernel: compile once, run many --*- C++ -*-===//
//
// A run binds the arguments (buffers copied into the Unified Buffer by the
// placement rule, scalars into their slots), executes the instructions and,
// if nothing failed, copies the buffers the kernel may have written back to
// the caller.
//
//===----------------------------------------------------------------------===//
#include "Compiler.h"
#include "Machine.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace ascreg {
namespace interp {

CompiledKernel::CompiledKernel() : machine(std::make_unique<Machine>()) {}
CompiledKernel::~CompiledKernel() = default;

FailureOr<std::unique_ptr<CompiledKernel>> CompiledKernel::compile(func::FuncOp fn,
                                                                   const Options &options) {
  std::unique_ptr<CompiledKernel> kernel(new CompiledKernel());
  Machine &m = *kernel->machine;
  m.options = options;
  std::string error;
  if (!m.ub.reserve(options.ubCapacity, error))
    return fn.emitError() << error;
  Compiler compiler(m, fn);
  if (failed(compiler.compile()))
    return failure();
  m.prepareFrames();
  return kernel;
}

LogicalResult CompiledKernel::run(ArrayRef<Arg> args) {
  Machine &m = *machine;
  if (args.size() != m.params.size())
    return m.func->emitError() << "kernel takes " << m.params.size() << " arguments, got "
                               << args.size();
  std::vector<sem::UBArgument> ubArgs;
  for (auto [i, p] : llvm::enumerate(m.params)) {
    const Arg &a = args[i];
    if (p.isMemRef != a.isBuffer)
      return m.func->emitError() << "argument " << i << " must be "
                                 << (p.isMemRef ? "a buffer" : "a scalar") << " for parameter type "
                                 << p.type;
    if (!p.isMemRef)
      continue;
    if (p.staticSize >= 0 && static_cast<uint64_t>(p.staticSize) != a.numElements)
      return m.func->emitError() << "argument " << i << " has " << a.numElements
                                 << " elements but parameter type " << p.type << " needs "
                                 << p.staticSize;
    if (a.numElements > sem::kMaxUBCapacity / p.elemBytes)
      return m.func->emitError() << "argument " << i << " has " << a.numElements
                                 << " elements, more than any UB holds";
    ubArgs.push_back({a.data, a.numElements * p.elemBytes});
  }
  std::vector<uint64_t> addresses;
  std::string error;
  if (!m.ub.bindArguments(ubArgs, addresses, error))
    return m.func->emitError() << error;

  m.buffers.clear();
  m.steps = 0;
  m.failed = false;
  size_t nextBuffer = 0;
  for (auto [i, p] : llvm::enumerate(m.params)) {
    if (!p.isMemRef) {
      m.scalar(ScalarRef{p.slot}) = args[i].bits;
      continue;
    }
    m.buffers.push_back(Buffer{addresses[nextBuffer++], args[i].numElements, p.elemBytes});
    m.scalar(ScalarRef{p.slot}) = m.buffers.size() - 1;
  }
  m.execute();
  if (m.failed)
    return failure();
  m.ub.copyOut(ubArgs, addresses);
  return success();
}

uint64_t CompiledKernel::executedInstructions() const { return machine->executed; }
size_t CompiledKernel::numInstructions() const { return machine->code.size(); }

} // namespace interp
} // namespace ascreg
