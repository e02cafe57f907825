//===- Interpreter.h - CPU interpreter for ascreg kernels -------*- C++ -*-===//
//
// Executes a kernel (a func.func of func/scf/cf/arith/index/memref, ascreg
// and dav ops) on the CPU, bit-exactly with the dav-3510 semantics of
// ascreg::semantics. The function is compiled once into a flat array of
// instructions over register slots with pre-resolved handlers; running it
// involves no string compares, map lookups or heap allocation per op.
//
// The Unified Buffer is one arena of the configured capacity
// (ascreg/Semantics/UnifiedBuffer.h): buffer arguments are copied in at
// 32-byte aligned UB addresses in parameter order and copied back out after
// a successful run; memref.alloc takes UB after them. A load or gather that
// reads past the end of its buffer reads the neighbouring UB bytes, as on
// the NPU; accesses outside UB, misaligned accesses and the step limit stop
// the run with an error at the op's source location, and a failed run
// leaves the caller's buffers untouched.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_INTERPRETER_INTERPRETER_H
#define ASCREG_INTERPRETER_INTERPRETER_H

#include "ascreg/Interpreter/Debugging.h"
#include "ascreg/Semantics/Profile.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace ascreg {
namespace interp {

struct Options {
  /// Usable UB bytes: 256 KiB minus the 8 KiB reserved for register spills.
  uint64_t ubCapacity = semantics::kDefaultUBCapacity;
  /// Upper bound on loop iterations and branches taken in one run.
  uint64_t maxSteps = uint64_t(1) << 32;
  /// The per-run semantic profile: when set it wins over the module's record
  /// (`ascreg.semantics`); the kernel's CTRL state still comes from the
  /// kernel itself when it sets one (ascreg::effectiveProfile, the rule the
  /// JIT and the report read too).
  std::optional<semantics::Profile> profile;
  /// When set, every executed ascreg op is traced here (location, inputs,
  /// result; registers as hex and decoded per lane, masks as lane lists).
  llvm::raw_ostream *trace = nullptr;
  /// When set, receives every executed ascreg / dav op as structured data.
  TraceSink *traceSink = nullptr;
  /// Debugging checks (Debugging.h); findings() lists what a run found.
  CheckOptions checks;
  /// When set, a run polls it every 4,096 steps (loop iterations or
  /// branches; the first one included) and stops with an `Interrupted` error
  /// once it is true: a signal handler or another thread stops a long run
  /// this way.
  const std::atomic<bool> *cancel = nullptr;
  /// Whether plain runs (no trace, checks or explanation) run the common
  /// loops as one instruction each (numFusedLoops). Off, every instruction
  /// is dispatched on its own: the same results, for tests and measurements.
  bool fuseLoops = true;
};

/// One argument of the entry function.
struct Arg {
  bool isBuffer = false;
  /// Scalar: raw bits (integers zero-extended from their width, floats as
  /// their IEEE bits: f16/bf16 in the low 16 bits, f32 in the low 32).
  uint64_t bits = 0;
  /// Buffer: caller-owned memory of numElements elements of the memref's
  /// element type; copied into UB for the run and back after it succeeds.
  void *data = nullptr;
  uint64_t numElements = 0;
  /// Buffer: its contents are not defined on entry (an output the kernel
  /// must write); the init check treats its bytes as never written.
  bool uninitialized = false;
  /// Buffer: an output of the kernel; the coverage check reports the
  /// elements the kernel never wrote.
  bool output = false;

  static Arg scalar(uint64_t bits) { return Arg{false, bits, nullptr, 0}; }
  static Arg buffer(void *data, uint64_t numElements) { return Arg{true, 0, data, numElements}; }
};

class Machine;

/// A kernel compiled for the interpreter.
class CompiledKernel {
public:
  ~CompiledKernel();
  CompiledKernel(CompiledKernel &&) = delete;

  /// Compiles `fn`. Emits a diagnostic at the offending op and fails on
  /// anything the interpreter does not execute.
  static mlir::FailureOr<std::unique_ptr<CompiledKernel>> compile(mlir::func::FuncOp fn,
                                                                  const Options &options = {});

  /// Runs the kernel on `args` (one per parameter, in order). Runtime errors
  /// are emitted as diagnostics at the op's location; the buffers are then
  /// left as they were.
  mlir::LogicalResult run(llvm::ArrayRef<Arg> args);

  /// Memory for the buffer arguments of the next runs, bound in place: the
  /// kernel's UB at the addresses where run() places buffers of
  /// `numElements` elements (one count per memref parameter, in order). A
  /// caller that writes its inputs there and passes these pointers to run()
  /// saves the copies into UB and back; the pointers stay valid for the
  /// kernel's life, and a failed run leaves the buffers as it left them.
  mlir::FailureOr<std::vector<void *>> placeArguments(llvm::ArrayRef<uint64_t> numElements);

  /// What the debugging checks found in the last run (Options::checks).
  llvm::ArrayRef<Finding> findings() const;
  /// Distinct findings of the last run past CheckOptions::maxFindings.
  uint64_t unrecordedFindings() const;
  /// The UB bytes of every buffer of the last run: read, written, defined
  /// (Debugging.h). Empty unless a debugging check was on.
  std::vector<BufferAccess> bufferAccess() const;
  /// Emits the findings as diagnostics at their ops (errors, or warnings),
  /// with notes for their details, and a remark at the function with the
  /// number of unrecorded ones. Returns whether there were any.
  bool emitFindings(bool asWarnings = false) const;

  /// Runs the kernel on `args` and explains where the requested elements of
  /// buffer parameters come from (the run's results are copied back as by
  /// run()). Fails like run().
  mlir::FailureOr<std::vector<Explanation>> explain(llvm::ArrayRef<Arg> args,
                                                    llvm::ArrayRef<ExplainRequest> requests);

  /// Instructions executed by the last run (for dispatch-cost measurements).
  uint64_t executedInstructions() const;
  /// Number of instructions in the compiled form.
  size_t numInstructions() const;
  /// Loops compiled into one instruction each (superinstructions: plain
  /// runs only, never with a trace, the checks or an explanation).
  unsigned numFusedLoops() const;

private:
  CompiledKernel();
  std::unique_ptr<Machine> machine;
};

} // namespace interp
} // namespace ascreg

#endif
