//===- Bisect.h - which pass of a pipeline changes a kernel's results -*- C++ -*-===//
//
// Pass bisection: the kernel runs on the same inputs before a pass pipeline
// and after each of its passes; every buffer is compared bit for bit with the
// run before the pipeline (NaN payloads only where the semantics fixes them,
// as in `ascreg-run --mode=check`: NaNPayloads.h), and the first pass after which a buffer
// differs is the one that changed the kernel's meaning.
//
// Each stage runs in the interpreter when it executes the stage's IR
// (ascreg, dav, scf, arith, memref, ...). Past the point where the IR leaves
// what the interpreter executes (vector, ascreg-expose-ub), the stage's
// module is lowered the rest of the way with the standard lowering and run
// by the JIT; a module already in the LLVM dialect (ascreg-lower-to-llvm,
// convert-to-llvm) runs in the JIT as it is, with the kernel's original
// signature. EmitC and a module lowered to LLVM only in part cannot run:
// such a stage is reported as such, never counted as a difference.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DEBUGGING_BISECT_H
#define ASCREG_DEBUGGING_BISECT_H

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/Semantics.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace debugging {

/// One argument of the bisected kernel, in parameter order: the initial
/// contents of a buffer, or a scalar's raw bits.
struct KernelInput {
  bool isBuffer = false;
  std::vector<uint8_t> bytes; // buffer contents
  uint64_t numElements = 0;   // buffer elements
  uint64_t bits = 0;          // scalar bits
};

/// How the bits of an element or scalar of type `elem` read: signed
/// integers signed; unsigned, signless integers and index unsigned.
semantics::NumberFormat numberFormatOf(mlir::Type elem);
/// Whether `bits` is a NaN of the float type `elem` (false for integers).
bool isNaNBits(mlir::Type elem, uint64_t bits);
/// An element's value as text (semantics::formatNumber).
std::string describeElement(mlir::Type elem, uint64_t bits);

/// One element that differs between two runs.
struct ElementDiff {
  unsigned argument;
  uint64_t element;
  uint64_t expected, actual; // raw bits (before / after)
};

/// The buffers of two runs of `fn` compared bit for bit, a NaN equal to any
/// NaN only in the buffers whose NaN payloads the semantics leaves open
/// (NaNPayloads.h): the first `limit` differing elements (parameter order,
/// then element order) and how many differ in all.
struct BufferComparison {
  std::vector<ElementDiff> first;
  uint64_t count = 0;
};
BufferComparison compareBuffers(mlir::func::FuncOp fn,
                                const std::vector<std::vector<uint8_t>> &expected,
                                const std::vector<std::vector<uint8_t>> &actual,
                                unsigned limit = 8);
/// compareBuffers over views of the buffers (a caller's own memory);
/// `nanOpen` is unspecifiedNaNPayloadParams(fn) when the caller keeps it,
/// else empty (computed here).
BufferComparison compareBuffers(mlir::func::FuncOp fn,
                                llvm::ArrayRef<llvm::ArrayRef<uint8_t>> expected,
                                llvm::ArrayRef<llvm::ArrayRef<uint8_t>> actual, unsigned limit,
                                const std::vector<bool> &nanOpen = {});

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
  /// Differences from the run before the pipeline.
  BufferComparison diff;
  bool differs() const { return !cannotRun && (runFailed || diff.count != 0); }
};

struct BisectOptions {
  std::string entry = "kernel";
  interp::Options interp;
  jit::Options jit;
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

/// Splits a textual pipeline into its passes, one pipeline each: top-level
/// passes as they are, nested pipelines into one per nested pass
/// ("func.func(cse,canonicalize)" -> "func.func(cse)",
/// "func.func(canonicalize)"). Accepts the anchored form
/// "builtin.module(...)" or a plain list. Iterative and linear in the
/// text's length plus the stages' (lib/Debugging/PipelineSplit.cpp); fails
/// on an unbalanced bracket or quote.
mlir::FailureOr<std::vector<std::string>> splitPipeline(llvm::StringRef pipeline,
                                                        std::string &error);

/// Runs the bisection on a clone of `module`. Fails (with diagnostics) when
/// the pipeline does not parse, a pass fails, or the run before the pipeline
/// fails; a later stage that fails to run is a difference.
mlir::FailureOr<BisectResult> bisectPipeline(mlir::ModuleOp module, llvm::StringRef pipeline,
                                             const std::vector<KernelInput> &inputs,
                                             const BisectOptions &options);

} // namespace debugging
} // namespace ascreg

#endif // ASCREG_DEBUGGING_BISECT_H
