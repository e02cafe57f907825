//===- Prepare.cpp - a loaded kernel compiled for a RunMode ----*- C++ -*-===//
#include "ascreg/Driver/Prepare.h"

#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"

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

llvm::Error PrepareOptions::setProfileText(StringRef nameOrFile) {
  if (nameOrFile.empty()) {
    setProfile(std::nullopt);
    return llvm::Error::success();
  }
  semantics::Profile profile;
  std::string error;
  if (failed(resolveProfile(nameOrFile, profile, error)))
    return llvm::createStringError(error);
  setProfile(profile);
  return llvm::Error::success();
}

llvm::Error PrepareOptions::setChecks(StringRef list, std::optional<unsigned> maxFindings) {
  std::string error;
  auto checks = interp::CheckOptions::parse(list, error);
  if (!checks)
    return llvm::createStringError(error);
  if (maxFindings)
    checks->maxFindings = *maxFindings;
  interp.checks = *checks;
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
  PreparedKernel kernel;
  if (withInterpreter && failed(kernel.addExecutors(module, entry, RunMode::Interp, options)))
    return failure();
  if (failed(kernel.addExecutors(module, entry, mode, options)))
    return failure();
  return kernel;
}

FailureOr<PreparedKernel> PreparedKernel::prepare(func::FuncOp fn, RunMode mode,
                                                  const PrepareOptions &options) {
  PreparedKernel kernel;
  if (runsInterpreter(mode)) {
    auto compiled = interp::CompiledKernel::compile(fn, options.interp);
    if (failed(compiled))
      return failure();
    kernel.interpKernel = std::move(*compiled);
  }
  if (runsJit(mode)) {
    auto module = fn->getParentOfType<ModuleOp>();
    if (!module)
      return fn.emitError() << "the JIT compiles a module: @" << fn.getSymName() << " is in none";
    if (failed(kernel.addExecutors(module, fn.getSymName(), mode, options)))
      return failure();
  }
  return kernel;
}

FailureOr<PreparedKernel> PreparedKernel::prepareLowered(ModuleOp module, func::FuncOp signature,
                                                         StringRef entry,
                                                         const PrepareOptions &options) {
  auto compiled = jit::JitModule::compileLowered(module, signature, entry, options.jit);
  if (failed(compiled))
    return failure();
  PreparedKernel kernel;
  kernel.jitModule = std::move(*compiled);
  kernel.jitEntry = 0;
  return kernel;
}

LogicalResult PreparedKernel::addExecutors(ModuleOp module, StringRef entry, RunMode mode,
                                           const PrepareOptions &options) {
  if (runsInterpreter(mode) && !interpKernel) {
    auto compiled = compileInterpreter(module, entry, options);
    if (failed(compiled))
      return failure();
    interpKernel = std::move(*compiled);
  }
  if (runsJit(mode) && !jitModule) {
    auto compiled = jit::JitModule::compile(module, {entry.str()}, options.jit);
    if (failed(compiled))
      return failure();
    jitModule = std::move(*compiled);
    jitEntry = 0;
  }
  return success();
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
