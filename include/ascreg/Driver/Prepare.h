//===- Prepare.h - a loaded kernel compiled for a RunMode -------*- C++ -*-===//
//
// The step between loading a kernel (Session.h) and running it: its entry
// compiled for the executors of a RunMode, the interpreter for interp and
// check, the JIT for jit and check, with one set of options (the UB
// capacity and the per-run profile shared by both, the JIT's cache as the
// command-line tools use it). A PreparedKernel runs any number of times on
// bound arguments (Arguments.h) or on a caller's buffers bound in place.
// Every front door (runKernel, the Python package, the C API, the
// benchmarks, the fuzz targets, the probes, the random-program harness)
// compiles kernels only through this step.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_PREPARE_H
#define ASCREG_DRIVER_PREPARE_H

#include "ascreg/Driver/RunMode.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace driver {

/// The usable UB bytes of a run with the UB check (which measures the
/// kernel's footprint, so the run gets room to reach it) unless the caller
/// sets a capacity.
constexpr uint64_t kUBCheckCapacity = 64 * 1024 * 1024;

/// How a kernel is compiled: each executor's options, and what the two
/// share set on both at once.
struct PrepareOptions {
  interp::Options interp;
  jit::Options jit;

  /// The usable UB bytes of both executors.
  void setUBCapacity(uint64_t bytes) { interp.ubCapacity = jit.ubCapacity = bytes; }
  /// The per-run profile of both executors (ascreg::effectiveProfile).
  void setProfile(std::optional<semantics::Profile> profile) {
    interp.profile = jit.profile = profile;
  }
  /// The per-run profile `nameOrFile` names (ascreg::resolveProfile's
  /// forms; empty: none, the module's record decides) on both executors.
  /// Fails with the reason, the profile left as it was.
  llvm::Error setProfileText(llvm::StringRef nameOrFile);
  /// The interpreter's debugging checks `list` names
  /// (interp::CheckOptions::parse: "all" or a list), at most `maxFindings`
  /// findings per run (unset: the checks' default). Fails with the reason.
  llvm::Error setChecks(llvm::StringRef list, std::optional<unsigned> maxFindings = std::nullopt);
  /// The JIT's on-disk cache as the command-line tools use it: `dir`, else
  /// jit::defaultCacheDir(); its size limit parsed from `limit`
  /// (jit::parseCacheSize), else jit::defaultCacheLimit(). Fails with the
  /// size's error.
  llvm::Error setJitCache(const std::optional<std::string> &dir,
                          const std::optional<std::string> &limit);
};

/// One entry of a loaded module compiled for a RunMode. Its module must
/// outlive it (the compiled forms point at its ops for diagnostics).
class PreparedKernel {
public:
  /// Compiles function `entry` of `module` for `mode`; `withInterpreter`
  /// adds the interpreter to a jit-mode kernel (to explain its run).
  /// Emits the executors' diagnostics and fails as they do.
  static mlir::FailureOr<PreparedKernel> prepare(mlir::ModuleOp module, llvm::StringRef entry,
                                                 RunMode mode, const PrepareOptions &options,
                                                 bool withInterpreter = false);
  /// prepare() of the function `fn` itself: the interpreter compiles it,
  /// the JIT the module around it.
  static mlir::FailureOr<PreparedKernel> prepare(mlir::func::FuncOp fn, RunMode mode,
                                                 const PrepareOptions &options);
  /// A JIT-only kernel of function `entry` of a module already lowered to
  /// the LLVM dialect, compiled as it is (jit::JitModule::compileLowered:
  /// `signature` is the kernel before the lowering); run it with
  /// RunMode::Jit.
  static mlir::FailureOr<PreparedKernel> prepareLowered(mlir::ModuleOp module,
                                                        mlir::func::FuncOp signature,
                                                        llvm::StringRef entry,
                                                        const PrepareOptions &options);
  /// Adds the executors `mode` runs that this kernel lacks (a front door
  /// that compiles the JIT on first use), as prepare() compiles them.
  mlir::LogicalResult addExecutors(mlir::ModuleOp module, llvm::StringRef entry, RunMode mode,
                                   const PrepareOptions &options);

  /// Runs the kernel on `args` with the executor `path` (Interp or Jit,
  /// one it was prepared for), as interp::CompiledKernel::run and
  /// jit::JitKernel::run do.
  mlir::LogicalResult run(RunMode path, llvm::ArrayRef<interp::Arg> args) {
    return path == RunMode::Jit ? jitModule->run(jitEntry, args) : interpKernel->run(args);
  }
  /// Memory for the buffer arguments of `path`'s runs bound in place
  /// (interp::CompiledKernel::placeArguments).
  mlir::FailureOr<std::vector<void *>> placeArguments(RunMode path,
                                                      llvm::ArrayRef<uint64_t> numElements);

  /// The interpreter's form (findings, explanations, instruction counts),
  /// null when not prepared.
  interp::CompiledKernel *interpreter() const { return interpKernel.get(); }
  bool hasInterpreter() const { return interpKernel != nullptr; }
  bool hasJit() const { return jitModule != nullptr; }

private:
  friend mlir::FailureOr<std::vector<PreparedKernel>>
  prepareKernels(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries, RunMode mode,
                 const PrepareOptions &options);
  std::unique_ptr<interp::CompiledKernel> interpKernel;
  /// Shared by the kernels prepared together (prepareKernels).
  std::shared_ptr<jit::JitModule> jitModule;
  size_t jitEntry = 0;
};

/// The functions `entries` of `module` prepared together: the JIT compiles
/// them in one LLVM compilation (jit::JitModule; its cost dominates a small
/// kernel's), so their JIT runs share one UB and are one at a time. Fails
/// as a whole when any entry fails.
mlir::FailureOr<std::vector<PreparedKernel>> prepareKernels(mlir::ModuleOp module,
                                                            llvm::ArrayRef<std::string> entries,
                                                            RunMode mode,
                                                            const PrepareOptions &options);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_PREPARE_H
