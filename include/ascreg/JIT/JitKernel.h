//===- JitKernel.h - JIT-compile and run an ascreg kernel -------*- C++ -*-===//
//
// The CPU compile path of a frontend: the kernel is lowered with the
// `ascreg-lower-to-llvm` pipeline (convert-ascreg-to-vector, then upstream
// vector/memref/func/arith/cf to LLVM) and run by MLIR's ExecutionEngine.
// Arguments are passed exactly like to the interpreter (interp::Arg), so the
// two paths can be compared on the same inputs.
//
// The Unified Buffer is modelled exactly as in the interpreter: one arena of
// the configured capacity, buffers copied in by the placement rule and
// copied back after a successful run (ascreg-expose-ub). With runtime checks
// on (the default), an access outside UB, a misaligned access, a gather index
// outside UB, an allocation that does not fit or a loop step that is not
// positive stops the kernel: `run` emits the interpreter's diagnostic at the
// op's location and returns failure, and the caller's buffers are left as
// they were.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_JIT_JITKERNEL_H
#define ASCREG_JIT_JITKERNEL_H

#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
class OpPassManager;
} // namespace mlir

namespace ascreg {
namespace jit {
namespace cache {
struct Entry;
} // namespace cache

struct Options {
  /// Runtime checks of UB accesses, gather indices, allocations and loop
  /// steps. Without them a bad access is undefined behaviour of the host.
  bool runtimeChecks = true;
  /// Usable UB bytes (as interp::Options::ubCapacity).
  uint64_t ubCapacity = semantics::kDefaultUBCapacity;
  /// LLVM optimization level (0-3).
  unsigned optLevel = 2;
  /// The per-run semantic profile, as interp::Options::profile: recorded in
  /// the module that is lowered, so it wins over the module's own record
  /// and the kernel's CTRL state (ascreg.ctrl) still wins over its CTRL
  /// (ascreg::effectiveProfile). A module already lowered (compileLowered)
  /// has its profile built in: setting one there is an error.
  std::optional<semantics::Profile> profile;
  /// Runs may be stopped by interruptCurrentRun (each run then saves and
  /// restores the thread's signal mask).
  bool interruptible = false;
  /// With `interruptible`: a run does not start its compiled code once this
  /// is true (a stop requested before interruptCurrentRun could unwind).
  const std::atomic<bool> *cancel = nullptr;
  /// Directory of the on-disk cache of compiled modules (JitModule::compile
  /// only; a hit skips the lowering and LLVM); empty: no cache. See
  /// defaultCacheDir.
  std::string cacheDir;
  /// The cache's size limit in bytes (0: none): a compile that stores an
  /// entry then removes the least recently used entries (by modification
  /// time; a hit renews it) until the cache fits. See defaultCacheLimit.
  uint64_t cacheLimitBytes = 0;
};

/// The cache size limit of the command-line tools, 64 MiB.
constexpr uint64_t kDefaultCacheLimitBytes = uint64_t(64) << 20;

/// A cache size: a number of bytes with an optional K, M or G suffix
/// (powers of 1024); "0" is no limit. An error naming the text otherwise.
llvm::Expected<uint64_t> parseCacheSize(llvm::StringRef text);

/// The cache size limit of the command-line tools: $ASCREG_JIT_CACHE_SIZE
/// if set (parseCacheSize), else kDefaultCacheLimitBytes.
llvm::Expected<uint64_t> defaultCacheLimit();
/// Adds the JIT's lowering to `pm`: ascreg-lower-to-llvm with `options`'
/// runtime checks, the UB exposed and checks that report (what compile runs
/// before LLVM; a benchmark times it alone).
void buildJitLoweringPipeline(mlir::OpPassManager &pm, const Options &options);

/// The cache directory of the command-line tools: $ASCREG_JIT_CACHE if set
/// ("" or "off": no cache), else $XDG_CACHE_HOME/ascreg/jit, else
/// $HOME/.cache/ascreg/jit; "" (no cache) without any of them.
std::string defaultCacheDir();

/// Stops the run of an interruptible kernel (Options::interruptible) in
/// progress on the calling thread if it is executing compiled code: unwinds
/// to its `run`, which fails with an `Interrupted` error and discards the
/// UB contents. Otherwise returns. Async-signal-safe; meant for a signal
/// handler (the compiled code polls nothing, so a loop stops wherever it is:
/// it takes no lock and allocates only in the UB arena).
void interruptCurrentRun();

/// Several kernels of one module lowered and JIT-compiled together (one
/// LLVM compilation, which dominates the cost of a small kernel), each run
/// exactly like a JitKernel. The entries share one UB arena, so runs of the
/// same JitModule are one at a time. `module` must outlive the JitModule
/// (diagnostics point at its functions).
class JitModule {
public:
  ~JitModule();
  /// Lowers a clone of `module` and JIT-compiles the functions `entries`.
  /// Emits diagnostics and fails if a pass or the compilation fails.
  static mlir::FailureOr<std::unique_ptr<JitModule>>
  compile(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries, const Options &options = {});
  /// JIT-compiles function `entry` of a module already lowered to the LLVM
  /// dialect (ascreg-lower-to-llvm, convert-to-llvm) as it is. Its llvm.func
  /// must take the parameters of `signature` (the kernel before the
  /// lowering) in the standard expansion, a memref as its descriptor's
  /// fields (allocated, aligned, offset, size, stride), followed by the UB
  /// arena and state if it has the ascreg.ub_argument attribute
  /// (ascreg-expose-ub). Runs like an entry of compile(); a check of the
  /// module that fails (cf.assert lowered to puts + abort) or a fault stops
  /// the run with an error.
  static mlir::FailureOr<std::unique_ptr<JitModule>> compileLowered(mlir::ModuleOp module,
                                                                    mlir::func::FuncOp signature,
                                                                    llvm::StringRef entry,
                                                                    const Options &options = {});
  size_t numEntries() const;
  /// Runs entry `index` (a position in `entries`) on `args`, as JitKernel::run.
  mlir::LogicalResult run(size_t index, llvm::ArrayRef<interp::Arg> args);
  /// Memory for the buffer arguments of entry `index` bound in place, as
  /// interp::CompiledKernel::placeArguments (a failed run that discards UB
  /// leaves them 0). The entries share one UB: the places of one entry are
  /// the places of another with the same sizes.
  mlir::FailureOr<std::vector<void *>> placeArguments(size_t index,
                                                      llvm::ArrayRef<uint64_t> numElements);

private:
  JitModule();
  /// Creates the engine of `lowered` and looks up each entry's packed
  /// wrapper (`wrapperName(i)`, without the engine's "_mlir_" prefix).
  mlir::LogicalResult createEngine(mlir::ModuleOp lowered, mlir::Operation *blame,
                                   const Options &options,
                                   llvm::function_ref<std::string(size_t)> wrapperName,
                                   bool keepObject);
  /// Loads a cache entry of `module` instead of compiling it (ObjectCache.h
  /// in lib/JIT); fails, silently, if it cannot be used.
  mlir::LogicalResult loadCached(mlir::ModuleOp module, const cache::Entry &cached,
                                 const Options &options, llvm::ArrayRef<std::string> entries);
  /// Stores the compiled code of `module` (created with keepObject) in the
  /// cache `dir` under `key`.
  void storeInCache(mlir::ModuleOp module, const Options &options, llvm::StringRef key);
  struct Impl;
  std::unique_ptr<Impl> impl;
};

class JitKernel {
public:
  ~JitKernel();
  /// Lowers a clone of `module` and JIT-compiles function `entry`. Emits
  /// diagnostics and fails if a pass or the compilation fails.
  static mlir::FailureOr<std::unique_ptr<JitKernel>>
  compile(mlir::ModuleOp module, llvm::StringRef entry, const Options &options = {});
  /// JIT-compiles a module already lowered to the LLVM dialect
  /// (JitModule::compileLowered).
  static mlir::FailureOr<std::unique_ptr<JitKernel>> compileLowered(mlir::ModuleOp module,
                                                                    mlir::func::FuncOp signature,
                                                                    llvm::StringRef entry,
                                                                    const Options &options = {});
  /// Runs the kernel on `args` (one per parameter). Buffers are copied
  /// into the modelled UB and back, except those bound in place.
  mlir::LogicalResult run(llvm::ArrayRef<interp::Arg> args);
  /// JitModule::placeArguments of the kernel.
  mlir::FailureOr<std::vector<void *>> placeArguments(llvm::ArrayRef<uint64_t> numElements);

private:
  explicit JitKernel(std::unique_ptr<JitModule> module);
  std::unique_ptr<JitModule> module; // with the one entry
};

} // namespace jit
} // namespace ascreg

#endif
