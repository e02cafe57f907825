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
#include "llvm/Support/FormatVariadic.h"

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
  m.runProfile = effectiveProfile(fn, options.profile);
  std::string error;
  if (!m.ub.reserve(options.ubCapacity, error))
    return fn.emitError() << error;
  Compiler compiler(m, fn);
  if (failed(compiler.compile()))
    return failure();
  m.prepareFrames();
  if (options.checks.any()) {
    m.shadow = std::make_unique<ShadowState>(m, options.checks);
    if (!m.shadow->ub)
      return fn.emitError() << "cannot reserve host memory for the UB shadow of the checks";
  }
  return kernel;
}

LogicalResult CompiledKernel::run(ArrayRef<Arg> args) {
  Machine &m = *machine;
  if (args.size() != m.params.size())
    return m.func->emitError() << "kernel takes " << m.params.size() << " arguments, got "
                               << args.size();
  m.ub.clearArguments();
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
    m.ub.addArgument(a.data, a.numElements * p.elemBytes);
  }
  std::string error;
  if (!m.ub.bindArguments(error))
    return m.func->emitError() << error;

  m.buffers.clear();
  m.steps = 0;
  m.stepsUnchecked = 0; // the first step checks the limit and the cancel flag
  m.traceEvents = 0;
  m.failed = false;
  size_t nextBuffer = 0;
  for (auto [i, p] : llvm::enumerate(m.params)) {
    if (!p.isMemRef) {
      m.scalar(ScalarRef{p.slot}) = args[i].bits;
      continue;
    }
    uint64_t at = m.ub.argumentAddress(nextBuffer++);
    m.buffers.push_back(Buffer{at, args[i].numElements, p.elemBytes, at});
    m.scalar(ScalarRef{p.slot}) = m.buffers.size() - 1;
  }
  m.buffers.resize(m.buffers.size() + m.numViews, Buffer{.view = true});
  if (m.shadow) {
    // Arguments are defined unless marked uninitialised; every other UB
    // byte (gaps, allocations, the rest) is not.
    std::vector<std::pair<uint64_t, uint64_t>> defined;
    size_t b = 0;
    for (auto [i, p] : llvm::enumerate(m.params)) {
      if (!p.isMemRef)
        continue;
      if (!args[i].uninitialized)
        defined.push_back(
            {m.ub.argumentAddress(b), m.ub.argumentAddress(b) + m.ub.argumentBytes(b)});
      ++b;
    }
    m.shadow->beginRun(defined, m.ub.allocationTop());
  }
  m.execute();
  if (m.failed)
    return failure();
  if (m.shadow) {
    std::vector<int> outputs;
    for (auto [i, p] : llvm::enumerate(m.params))
      if (p.isMemRef && args[i].output)
        outputs.push_back(static_cast<int>(i));
    m.shadow->endRun(outputs);
  }
  m.ub.copyOut();
  return success();
}

FailureOr<std::vector<void *>> CompiledKernel::placeArguments(ArrayRef<uint64_t> numElements) {
  Machine &m = *machine;
  std::vector<unsigned> elemBytes;
  for (const Machine::Param &p : m.params)
    if (p.isMemRef)
      elemBytes.push_back(p.elemBytes);
  std::vector<void *> places;
  std::string error;
  if (!m.ub.placeArguments(elemBytes, {numElements.begin(), numElements.end()}, places, error))
    return m.func->emitError() << error;
  return places;
}

ArrayRef<Finding> CompiledKernel::findings() const {
  return machine->shadow ? ArrayRef<Finding>(machine->shadow->findings) : ArrayRef<Finding>();
}

uint64_t CompiledKernel::unrecordedFindings() const {
  return machine->shadow ? machine->shadow->unrecorded : 0;
}

std::vector<BufferAccess> CompiledKernel::bufferAccess() const {
  const Machine &m = *machine;
  std::vector<BufferAccess> out;
  if (!m.shadow)
    return out;
  // Buffers are the memref parameters in order, then the views, then the
  // allocations.
  std::vector<int> params;
  for (auto [i, p] : llvm::enumerate(m.params))
    if (p.isMemRef)
      params.push_back(static_cast<int>(i));
  const ShadowState &s = *m.shadow;
  for (auto [b, buf] : llvm::enumerate(m.buffers)) {
    if (buf.view) // the bytes of a view are its buffer's
      continue;
    BufferAccess a{b < params.size() ? params[b] : -1, buf.ubAddr, buf.numElements, buf.elemBytes};
    a.bytes.resize(buf.numElements * buf.elemBytes);
    for (uint64_t i = 0; i < a.bytes.size(); ++i) {
      uint8_t u = s.ub[buf.ubAddr + i], r = s.ubRead[buf.ubAddr + i];
      a.bytes[i] = uint8_t((r & (kByteRead | kByteReadUndefined)) |
                           (u & kUBWritten ? kByteWritten : 0) | (u & kUBInit ? kByteDefined : 0));
    }
    out.push_back(std::move(a));
  }
  return out;
}

bool CompiledKernel::emitFindings(bool asWarnings) const {
  for (const Finding &f : findings()) {
    std::string text =
        llvm::formatv("[{0}] '{1}' op {2}", checkName(f.kind), f.opName, f.message).str();
    InFlightDiagnostic d = asWarnings ? mlir::emitWarning(f.loc) : mlir::emitError(f.loc);
    d << text;
    if (!f.iteration.empty()) {
      std::string it;
      for (auto &[name, v] : f.iteration)
        it += (it.empty() ? "" : ", ") + name + " = " + std::to_string(v);
      d.attachNote(f.loc) << "first in the iteration " << it
                          << (f.occurrences > 1
                                  ? "; " + std::to_string(f.occurrences) + " occurrences in all"
                                  : "");
    } else if (f.occurrences > 1) {
      d.attachNote(f.loc) << f.occurrences << " occurrences in all";
    }
    for (auto &[loc, note] : f.notes)
      d.attachNote(loc) << note;
  }
  if (uint64_t more = unrecordedFindings())
    mlir::emitRemark(machine->func->getLoc())
        << more << " more distinct findings were not recorded: the limit is "
        << machine->shadow->options.maxFindings << " per run (the run went on to its end)";
  return !findings().empty();
}

uint64_t CompiledKernel::executedInstructions() const { return machine->executed; }
size_t CompiledKernel::numInstructions() const { return machine->code.size(); }
unsigned CompiledKernel::numFusedLoops() const { return machine->superinstructions; }

} // namespace interp
} // namespace ascreg
