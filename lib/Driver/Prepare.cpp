//===- Prepare.cpp - a loaded kernel compiled for a RunMode ----*- C++ -*-===//
#include "ascreg/Driver/Prepare.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace ascreg {
namespace driver {

llvm::Error PrepareOptions::setJitCache(const std::optional<std::string> &dir,
                                        const std::optional<std::string> &limit) {
  jit.cacheDir = dir ? *dir : jit::defaultCacheDir();
  if (!limit && jit.cacheDir.empty())
    return llvm::Error::success();
  auto bytes = limit ? jit::parseCacheSize(*limit) : jit::defaultCacheLimit();
  if (!bytes)
    return bytes.takeError();
  jit.cacheLimitBytes = *bytes;
  return llvm::Error::success();
}

namespace {

/// The interpreter's form of `entry` (diagnosed when missing).
FailureOr<std::unique_ptr<interp::CompiledKernel>>
compileInterpreter(ModuleOp module, StringRef entry, const PrepareOptions &options) {
  auto fn = module.lookupSymbol<func::FuncOp>(entry);
  if (!fn)
    return emitError(module.getLoc()) << "no function @" << entry << " to run";
  return interp::CompiledKernel::compile(fn, options.interp);
}

} // namespace

FailureOr<PreparedKernel> PreparedKernel::prepare(ModuleOp module, StringRef entry, RunMode mode,
                                                  const PrepareOptions &options,
                                                  bool withInterpreter) {
  // The interpreter first, as in every mode that runs it.
  std::unique_ptr<interp::CompiledKernel> interpreter;
  if (withInterpreter && !runsInterpreter(mode)) {
    auto compiled = compileInterpreter(module, entry, options);
    if (failed(compiled))
      return failure();
    interpreter = std::move(*compiled);
  }
  auto kernels = prepareKernels(module, {entry.str()}, mode, options);
  if (failed(kernels))
    return failure();
  PreparedKernel kernel = std::move(kernels->front());
  if (interpreter)
    kernel.interpKernel = std::move(interpreter);
  return kernel;
}

FailureOr<std::vector<void *>> PreparedKernel::placeArguments(RunMode path,
                                                              ArrayRef<uint64_t> numElements) {
  return path == RunMode::Jit ? jitModule->placeArguments(jitEntry, numElements)
                              : interpKernel->placeArguments(numElements);
}

FailureOr<std::vector<PreparedKernel>> prepareKernels(ModuleOp module,
                                                      ArrayRef<std::string> entries, RunMode mode,
                                                      const PrepareOptions &options) {
  std::vector<PreparedKernel> kernels(entries.size());
  if (runsInterpreter(mode))
    for (size_t i = 0; i < entries.size(); ++i) {
      auto compiled = compileInterpreter(module, entries[i], options);
      if (failed(compiled))
        return failure();
      kernels[i].interpKernel = std::move(*compiled);
    }
  if (runsJit(mode)) {
    auto compiled = jit::JitModule::compile(module, entries, options.jit);
    if (failed(compiled))
      return failure();
    std::shared_ptr<jit::JitModule> shared = std::move(*compiled);
    for (size_t i = 0; i < entries.size(); ++i) {
      kernels[i].jitModule = shared;
      kernels[i].jitEntry = i;
    }
  }
  return kernels;
}

} // namespace driver
} // namespace ascreg
