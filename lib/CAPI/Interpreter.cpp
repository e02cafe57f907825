//===- Interpreter.cpp - C API: run ascreg kernels --------------*- C++ -*-===//
//
// The C API's front door: its structs mapped onto the driver's steps
// (ascreg/Driver/Prepare.h: the options, the per-run profile, a kernel
// compiled for a mode, runs on the caller's buffers, the report's run:
// ascreg/Driver/Report.h) and the findings handed back as AscregFinding.
//
//===----------------------------------------------------------------------===//
#include "ascreg-c/Interpreter.h"

#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Report.h"
#include "ascreg/Interpreter/FindingKinds.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstring>
#include <vector>

using namespace mlir;

/// The engines' arguments from the C ones, or an error diagnostic at `at`
/// for what would make them read through a null pointer: a NULL array of a
/// non-zero count, a negative count, a buffer with no data but elements.
static FailureOr<std::vector<ascreg::interp::Arg>> toArgs(Operation *at, const AscregArg *args,
                                                          intptr_t numArgs) {
  if (numArgs < 0 || (numArgs > 0 && !args))
    return at->emitError() << "the argument array is " << (args ? "given" : "NULL")
                           << " with numArgs " << numArgs;
  std::vector<ascreg::interp::Arg> out;
  out.reserve(numArgs);
  for (intptr_t i = 0; i < numArgs; ++i) {
    const AscregArg &a = args[i];
    if (a.kind == AscregArgBuffer && !a.data && a.numElements)
      return at->emitError() << "argument " << i << " is a buffer of " << a.numElements
                             << " elements whose data is NULL";
    out.push_back(a.kind == AscregArgBuffer ? ascreg::interp::Arg::buffer(a.data, a.numElements)
                                            : ascreg::interp::Arg::scalar(a.bits));
    out.back().uninitialized = a.flags & AscregArgUninitialized;
    out.back().output = a.flags & AscregArgOutput;
  }
  return out;
}

/// The per-run profile `semantics` names (NULL or "": none, the module's
/// record decides) on both executors, or an error diagnostic on `at`.
static LogicalResult runProfile(Operation *at, const char *semantics,
                                ascreg::driver::PrepareOptions &out) {
  if (llvm::Error e = out.setProfileText(semantics ? semantics : ""))
    return at->emitError() << "semantics: " << llvm::toString(std::move(e));
  return success();
}

/// The interpreter's options from the C ones (zero fields: the defaults).
/// Fails with a diagnostic on `fn` for a bad check list.
static LogicalResult toOptions(func::FuncOp fn, const AscregInterpreterOptions *options,
                               ascreg::driver::PrepareOptions &out) {
  if (!options)
    return success();
  if (options->ubCapacity)
    out.interp.ubCapacity = options->ubCapacity;
  if (options->maxSteps)
    out.interp.maxSteps = options->maxSteps;
  if (options->checks && *options->checks)
    if (llvm::Error e = out.setChecks(options->checks, options->maxFindings
                                                           ? std::optional(options->maxFindings)
                                                           : std::nullopt))
      return fn.emitError() << "checks: " << llvm::toString(std::move(e));
  return runProfile(fn, options->semantics, out);
}

/// The func.func of `func` and the interpreter options, or a diagnostic.
static LogicalResult prepare(MlirOperation func, const char *api,
                             const AscregInterpreterOptions *options, func::FuncOp &fn,
                             ascreg::driver::PrepareOptions &prepareOptions) {
  Operation *op = unwrap(func);
  fn = dyn_cast_or_null<func::FuncOp>(op);
  if (!fn) {
    if (op)
      op->emitError() << api << " expects a func.func operation";
    return failure();
  }
  return toOptions(fn, options, prepareOptions);
}

/// prepare() and the engine's arguments of a one-shot call.
static FailureOr<std::vector<ascreg::interp::Arg>>
prepareCall(MlirOperation func, const char *api, const AscregInterpreterOptions *options,
            const AscregArg *args, intptr_t numArgs, func::FuncOp &fn,
            ascreg::driver::PrepareOptions &prepareOptions) {
  if (failed(prepare(func, api, options, fn, prepareOptions)))
    return failure();
  return toArgs(fn, args, numArgs);
}

/// Hands each finding to the callback as an AscregFinding.
static void deliverFindings(llvm::ArrayRef<ascreg::interp::Finding> findings,
                            AscregFindingCallback callback, void *userData) {
  for (const ascreg::interp::Finding &f : findings) {
    std::vector<std::string> noteText;
    for (auto &[loc, text] : f.notes) {
      std::string line;
      llvm::raw_string_ostream os(line);
      if (loc)
        os << *loc << ": ";
      os << text;
      noteText.push_back(std::move(line));
    }
    std::vector<const char *> notes, iterationNames;
    for (const std::string &n : noteText)
      notes.push_back(n.c_str());
    std::vector<int64_t> iterationValues;
    for (auto &[name, value] : f.iteration) {
      iterationNames.push_back(name.c_str());
      iterationValues.push_back(value);
    }
    std::vector<uint32_t> lanes;
    for (auto [first, last] : f.lanes) {
      lanes.push_back(first);
      lanes.push_back(last);
    }
    std::vector<uint64_t> elements;
    for (auto [begin, end] : f.elements) {
      elements.push_back(begin);
      elements.push_back(end);
    }
    AscregFinding c;
    c.check = ascreg::interp::checkName(f.kind);
    c.kind = ascreg::interp::findingKindName(f.kind);
    c.use = ascreg::interp::useKindName(f.use);
    c.opName = f.opName.c_str();
    c.location = wrap(f.loc);
    c.message = f.message.c_str();
    c.numNotes = static_cast<intptr_t>(notes.size());
    c.notes = notes.data();
    c.numLaneRanges = static_cast<intptr_t>(f.lanes.size());
    c.laneRanges = lanes.data();
    c.argument = f.argument;
    c.numElementRanges = static_cast<intptr_t>(f.elements.size());
    c.elementRanges = elements.data();
    c.numIterations = static_cast<intptr_t>(iterationNames.size());
    c.iterationNames = iterationNames.data();
    c.iterationValues = iterationValues.data();
    c.occurrences = f.occurrences;
    callback(&c, userData);
  }
}

/// One interpreter run, its findings handed to the callback or emitted as
/// errors (then the run fails) when checks are on.
static LogicalResult runInterpreter(ascreg::driver::PreparedKernel &kernel,
                                    llvm::ArrayRef<ascreg::interp::Arg> args,
                                    const ascreg::interp::Options &interpOptions,
                                    const AscregInterpreterOptions *options) {
  LogicalResult ran = kernel.run(ascreg::driver::RunMode::Interp, args);
  if (!interpOptions.checks.any())
    return ran;
  if (options->onFinding) {
    deliverFindings(kernel.interpreter()->findings(), options->onFinding, options->findingUserData);
    return ran;
  }
  bool found = kernel.interpreter()->emitFindings();
  return success(succeeded(ran) && !found);
}

MlirLogicalResult ascregInterpretFunctionWithOptions(MlirOperation func, const AscregArg *args,
                                                     intptr_t numArgs,
                                                     const AscregInterpreterOptions *options) {
  func::FuncOp fn;
  ascreg::driver::PrepareOptions prepareOptions;
  auto engineArgs =
      prepareCall(func, "ascregInterpretFunction", options, args, numArgs, fn, prepareOptions);
  if (failed(engineArgs))
    return mlirLogicalResultFailure();
  auto kernel =
      ascreg::driver::PreparedKernel::prepare(fn, ascreg::driver::RunMode::Interp, prepareOptions);
  if (failed(kernel))
    return mlirLogicalResultFailure();
  return wrap(runInterpreter(*kernel, *engineArgs, prepareOptions.interp, options));
}

MlirLogicalResult ascregInterpretFunctionWithReport(MlirOperation func, const AscregArg *args,
                                                    intptr_t numArgs,
                                                    const AscregInterpreterOptions *options,
                                                    MlirStringRef reportPath) {
  func::FuncOp fn;
  ascreg::driver::PrepareOptions prepareOptions;
  auto engineArgs = prepareCall(func, "ascregInterpretFunctionWithReport", options, args, numArgs,
                                fn, prepareOptions);
  if (failed(engineArgs))
    return mlirLogicalResultFailure();
  if (llvm::Error err =
          ascreg::driver::reportRun(fn, *engineArgs, prepareOptions, unwrap(reportPath))) {
    fn.emitError() << llvm::toString(std::move(err));
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult ascregInterpretFunction(MlirOperation func, const AscregArg *args,
                                          intptr_t numArgs) {
  return ascregInterpretFunctionWithOptions(func, args, numArgs, nullptr);
}

/// The JIT's options from the C ones and the compiled kernel, or a
/// diagnostic.
static FailureOr<ascreg::driver::PreparedKernel> compileJit(MlirModule module, MlirStringRef entry,
                                                            const AscregJitOptions *options) {
  ascreg::driver::PrepareOptions prepareOptions;
  if (options) {
    prepareOptions.jit.runtimeChecks = !options->noRuntimeChecks;
    if (options->ubCapacity)
      prepareOptions.jit.ubCapacity = options->ubCapacity;
    Operation *blame = unwrap(module).lookupSymbol(unwrap(entry));
    if (failed(runProfile(blame ? blame : unwrap(module).getOperation(), options->semantics,
                          prepareOptions)))
      return failure();
  }
  return ascreg::driver::PreparedKernel::prepare(unwrap(module), unwrap(entry),
                                                 ascreg::driver::RunMode::Jit, prepareOptions);
}

MlirLogicalResult ascregJitRunFunction(MlirModule module, MlirStringRef entry,
                                       const AscregArg *args, intptr_t numArgs,
                                       bool runtimeChecks) {
  AscregJitOptions options;
  std::memset(&options, 0, sizeof(options));
  options.noRuntimeChecks = !runtimeChecks;
  return ascregJitRunFunctionWithOptions(module, entry, args, numArgs, &options);
}

MlirLogicalResult ascregJitRunFunctionWithOptions(MlirModule module, MlirStringRef entry,
                                                  const AscregArg *args, intptr_t numArgs,
                                                  const AscregJitOptions *options) {
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  auto engineArgs = toArgs(unwrap(module), args, numArgs);
  if (failed(engineArgs))
    return mlirLogicalResultFailure();
  auto kernel = compileJit(module, entry, options);
  if (failed(kernel))
    return mlirLogicalResultFailure();
  return wrap(kernel->run(ascreg::driver::RunMode::Jit, *engineArgs));
}

//===----------------------------------------------------------------------===//
// Kernels compiled once, run many times, buffers bound in place.
//===----------------------------------------------------------------------===//

namespace {
/// What an AscregKernel points to: a kernel prepared for one path.
struct CapiKernel {
  Operation *blame; // where argument errors are reported
  ascreg::driver::PreparedKernel kernel;
  ascreg::driver::RunMode path = ascreg::driver::RunMode::Interp;
  ascreg::interp::Options interpOptions;
  AscregInterpreterOptions options; // the finding callback (checks parsed)
  bool hasOptions = false;
};
} // namespace

static CapiKernel *unwrapKernel(AscregKernel k) { return static_cast<CapiKernel *>(k.ptr); }

AscregKernel ascregKernelCreateInterpreter(MlirOperation func,
                                           const AscregInterpreterOptions *options) {
  auto k = std::make_unique<CapiKernel>();
  func::FuncOp fn;
  ascreg::driver::PrepareOptions prepareOptions;
  if (failed(prepare(func, "ascregKernelCreateInterpreter", options, fn, prepareOptions)))
    return {nullptr};
  auto compiled =
      ascreg::driver::PreparedKernel::prepare(fn, ascreg::driver::RunMode::Interp, prepareOptions);
  if (failed(compiled))
    return {nullptr};
  k->blame = fn;
  k->kernel = std::move(*compiled);
  k->interpOptions = prepareOptions.interp;
  if (options) {
    k->options = *options;
    k->options.checks = nullptr; // parsed into interpOptions; the text may go
    k->options.semantics = nullptr;
    k->hasOptions = true;
  }
  return {k.release()};
}

AscregKernel ascregKernelCreateJit(MlirModule module, MlirStringRef entry,
                                   const AscregJitOptions *options) {
  if (mlirModuleIsNull(module))
    return {nullptr};
  auto compiled = compileJit(module, entry, options);
  if (failed(compiled))
    return {nullptr};
  auto k = std::make_unique<CapiKernel>();
  k->blame = unwrap(module);
  k->kernel = std::move(*compiled);
  k->path = ascreg::driver::RunMode::Jit;
  return {k.release()};
}

MlirLogicalResult ascregKernelPlaceArguments(AscregKernel kernel, const uint64_t *numElements,
                                             intptr_t numBuffers, void **places) {
  CapiKernel *k = unwrapKernel(kernel);
  if (!k)
    return mlirLogicalResultFailure();
  if (numBuffers < 0 || (numBuffers > 0 && (!numElements || !places))) {
    k->blame->emitError() << "ascregKernelPlaceArguments: the counts or places are NULL with "
                             "numBuffers "
                          << numBuffers;
    return mlirLogicalResultFailure();
  }
  llvm::ArrayRef<uint64_t> counts(numElements, numBuffers);
  auto placed = k->kernel.placeArguments(k->path, counts);
  if (failed(placed))
    return mlirLogicalResultFailure();
  std::copy(placed->begin(), placed->end(), places);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult ascregKernelRun(AscregKernel kernel, const AscregArg *args, intptr_t numArgs) {
  CapiKernel *k = unwrapKernel(kernel);
  if (!k)
    return mlirLogicalResultFailure();
  auto engineArgs = toArgs(k->blame, args, numArgs);
  if (failed(engineArgs))
    return mlirLogicalResultFailure();
  if (k->path == ascreg::driver::RunMode::Jit)
    return wrap(k->kernel.run(k->path, *engineArgs));
  return wrap(runInterpreter(k->kernel, *engineArgs, k->interpOptions,
                             k->hasOptions ? &k->options : nullptr));
}

void ascregKernelDestroy(AscregKernel kernel) { delete unwrapKernel(kernel); }
