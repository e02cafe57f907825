//===- Bisect.h - which pass of a pipeline changes a kernel's results -*- C++ -*-===//
//
// Pass bisection: the kernel runs on the same inputs before a pass pipeline
// and after each of its passes; every buffer is compared with the run
// before the pipeline by check mode's comparison (compareCheckRuns,
// Compare.h: bit for bit, NaN payloads only where the semantics fixes
// them), and the first pass after which a buffer differs is the one that
// changed the kernel's meaning. The pipeline is read and split by the
// driver's rule (Pipeline.h), each stage compiled by PreparedKernel
// (Prepare.h) with the caller's PrepareOptions.
//
// Each stage runs in the interpreter when it executes the stage's IR
// (ascreg, dav, scf, arith, memref, ...). Past the point where the IR leaves
// what the interpreter executes (vector, ascreg-expose-ub), the stage's
// module is lowered the rest of the way with the standard lowering and run
// by the JIT; a module already in the LLVM dialect (ascreg-lower-to-llvm,
// convert-to-llvm) runs in the JIT as it is (PreparedKernel::prepareLowered),
// with the kernel's original signature. EmitC and a module lowered to LLVM
// only in part cannot run: such a stage is reported as such, never counted
// as a difference.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_BISECT_H
#define ASCREG_DRIVER_BISECT_H

#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace driver {

/// One argument of the bisected kernel, in parameter order: the initial
/// contents of a buffer, or a scalar's raw bits.
struct KernelInput {
  bool isBuffer = false;
  std::vector<uint8_t> bytes; // buffer contents
  uint64_t numElements = 0;   // buffer elements
  uint64_t bits = 0;          // scalar bits
};

/// How a stage's kernel ran.
enum class Executor : uint8_t { Interpreter, Jit, None };
const char *executorName(Executor e);

struct BisectStage {
  /// The pass as a pipeline of its own ("canonicalize",
  /// "func.func(cse)"); empty for the run before the pipeline.
  std::string pass;
  Executor executor = Executor::None;
  /// Why the stage did not run in the interpreter (the JIT ran it, or
  /// nothing could): the first op the interpreter does not execute.
  std::string fallbackReason;
  /// How a stage the interpreter did not run ran, or why it could not, as
  /// a sentence for the report (empty for the interpreter).
  std::string note;
  /// Nothing here executes the stage's IR (EmitC, a module lowered to the
  /// LLVM dialect only in part): it is reported, not compared, never
  /// blamed.
  bool cannotRun = false;
  /// The run failed (a runtime error of the kernel, or its compilation);
  /// the diagnostics' text.
  bool runFailed = false;
  std::string failure;
  /// Differences from the run before the pipeline (compareCheckRuns).
  CheckComparison diff;
  bool differs() const { return !cannotRun && (runFailed || diff.count != 0); }
};

struct BisectOptions {
  std::string entry = "kernel";
  /// Every stage's executors are compiled with these (a stage the JIT
  /// runs after finishing the standard lowering without its runtime
  /// checks: the stage's own accesses are checked by the UB arena's guard).
  PrepareOptions prepare;
  unsigned maxDiffs = 8;
};

struct BisectResult {
  /// stages[0] is the run before the pipeline; stages[i] the run after
  /// pass i.
  std::vector<BisectStage> stages;
  /// The first stage whose results differ from stages[0].
  std::optional<size_t> firstDiffering;
  /// The modules before the pipeline and after the first differing pass
  /// (null when none differs), for provenance of the divergence.
  mlir::OwningOpRef<mlir::ModuleOp> before, after;
  /// The buffers after the first differing stage's run (parameter order,
  /// empty for scalars).
  std::vector<std::vector<uint8_t>> afterBuffers;
};

/// Runs the bisection on a clone of `module`. Fails (with diagnostics) when
/// the pipeline does not parse, a pass fails, or the run before the pipeline
/// fails; a later stage that fails to run is a difference.
mlir::FailureOr<BisectResult> bisectPipeline(mlir::ModuleOp module, llvm::StringRef pipeline,
                                             const std::vector<KernelInput> &inputs,
                                             const BisectOptions &options);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_BISECT_H
