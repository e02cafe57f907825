//===- Machine.h - the interpreter's state ----------------------*- C++ -*-===//
//
// A compiled kernel (the instruction array and what it refers to) and the
// state of a run: the slot files, the Unified Buffer with the buffers placed
// in it, the step counter and the first runtime error.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_MACHINE_H
#define ASCREG_LIB_INTERPRETER_MACHINE_H

#include "Program.h"
#include "Shadow.h"

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/Semantics/RuntimeError.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace interp {

/// A buffer in UB: a memref argument, an allocation or a view of one
/// (memref.cast / subview / reinterpret_cast: the same bytes, other bounds).
struct Buffer {
  uint64_t ubAddr = 0;
  uint64_t numElements = 0;
  uint32_t elemBytes = 0;
  /// The UB address of the argument or allocation a view is of (its own
  /// address otherwise): where memref.reinterpret_cast offsets count from.
  uint64_t baseAddr = 0;
  bool view = false;
  /// One past the buffer's last UB byte.
  uint64_t end() const { return ubAddr + numElements * elemBytes; }
  /// Whether the `bytes` bytes at UB address `at` all lie in the buffer.
  bool holds(uint64_t at, uint64_t bytes) const { return at >= ubAddr && at + bytes <= end(); }
  /// "N elements": the buffer's size in findings.
  std::string elementsText() const { return std::to_string(numElements) + " elements"; }
};

enum class SlotKind : uint8_t { Scalar, Reg, Mask };

/// What the tracer prints for one operand or result.
struct TraceValue {
  SlotKind kind;
  uint32_t slot;
  mlir::Type type;
  std::string name;
};
struct TraceInfo {
  std::string header; // op name, attributes, location
  llvm::SmallVector<TraceValue> inputs, outputs;
  /// The register type whose lanes the op's mask bits select.
  std::optional<sem::RegType> maskLanes;
};

class Recorder;

class Machine {
public:
  Machine();
  ~Machine();
  // ---- The compiled program.
  std::vector<Inst> code;
  std::vector<mlir::Operation *> ops; // diagnostics and tracing, by Inst::op
  std::vector<sem::Mask> maskConstants;
  uint32_t numScalars = 0, numRegs = 0, numMasks = 0;
  /// Register slots that are views into UB (set by their load, never owned).
  std::vector<uint32_t> viewSlots;
  /// Loops that run as one instruction (Superinstructions.h).
  uint32_t superinstructions = 0;

  struct Param {
    uint32_t slot; // scalar slot (memrefs: the buffer number)
    bool isMemRef;
    uint32_t elemBytes;
    int64_t staticSize; // -1 if dynamic
    mlir::Type type;
  };
  std::vector<Param> params;
  /// The buffer records of the view ops: one per op, numbered after the
  /// memref parameters (MemRefViewInst::record); allocations follow them.
  uint32_t numParamBuffers = 0, numViews = 0;
  mlir::Operation *func = nullptr;
  Options options;
  /// The profile the run uses (effectiveProfile of the function and
  /// options.profile), resolved once when the kernel is compiled.
  sem::Profile runProfile;
  std::vector<TraceInfo> trace; // by Inst::op, only when tracing
  /// What an instruction decided (its payload's `decide`), by pc; filled
  /// only when tracing, null for payloads without one.
  std::vector<void (*)(Machine &, const Inst &, TraceDecision &)> deciders;
  /// The enclosing scf.for induction variables of each op (name, scalar
  /// slot), outermost first, by Inst::op: findings and traces say in which
  /// iteration something happened.
  std::vector<std::vector<std::pair<std::string, uint32_t>>> loopContext;
  /// Shadow state of the debugging checks (only with Options::checks).
  std::unique_ptr<ShadowState> shadow;
  /// Provenance recording (only inside CompiledKernel::explain).
  std::unique_ptr<Recorder> recorder;

  // ---- Run state.
  std::vector<uint64_t> scalarFile;
  std::vector<sem::Reg> regStorage;
  std::vector<sem::Reg *> regFile; // regFile[slot] -> its value (owned or a UB view)
  std::vector<sem::Mask> maskFile;
  sem::UnifiedBuffer ub;
  std::vector<Buffer> buffers;
  uint64_t steps = 0;
  /// countStep needs no check while steps <= this (0: check the first step).
  uint64_t stepsUnchecked = 0;
  /// Steps between two polls of Options::cancel: a few microseconds of a
  /// run, so Ctrl-C still stops it at once.
  static constexpr uint64_t kCancelPollSteps = 4096;
  uint64_t executed = 0;
  /// Instructions the fused loops of this run ran without a dispatch each.
  uint64_t fusedExecuted = 0;
  uint64_t traceEvents = 0; // events traced in this run
  bool failed = false;

  // ---- Slot access for the handlers.
  uint64_t &scalar(ScalarRef r) { return S[r.slot]; }
  /// Wraps like the index multiplication it may stand for.
  uint64_t elementOffset(ElementOffset o) const { return S[o.index.slot] * o.scale; }
  const sem::Reg &reg(RegRef r) const { return *R[r.slot]; }
  /// The owned storage of a register result.
  sem::Reg &regOut(RegRef r) { return *R[r.slot]; }
  /// Makes register `r` use its own storage again (after a view).
  void resetView(RegRef r) { R[r.slot] = &regStorage[r.slot]; }
  /// Makes register `r` read the UB bytes at `addr` (a load's view).
  void setView(RegRef r, uint64_t addr) { R[r.slot] = reinterpret_cast<sem::Reg *>(ubBase + addr); }
  sem::Mask &mask(MaskRef r) { return M[r.slot]; }
  const Buffer &buffer(BufferRef r) const { return buffers[S[r.slot]]; }
  uint8_t *ubData() const { return ubBase; }
  /// The semantic choices of the run.
  const sem::Profile &profile() const { return runProfile; }

  /// The induction variables' current values around op `op`.
  std::vector<std::pair<std::string, int64_t>> iterationAt(uint32_t op) const {
    std::vector<std::pair<std::string, int64_t>> out;
    if (op < loopContext.size())
      for (const auto &[name, slot] : loopContext[op])
        out.push_back({name, static_cast<int64_t>(S[slot])});
    return out;
  }
  /// Reports `error` at the op of `inst` (first error of the run only).
  void fail(const Inst &inst, const sem::RuntimeError &error);
  /// Counts a loop iteration or branch; reports the step limit and a
  /// cancellation (Options::cancel). The hot path is one compare: the step
  /// limit and the cancel flag (an atomic another thread writes) are looked
  /// at only when `steps` passes `stepsUnchecked`, at most every
  /// kCancelPollSteps steps while a cancel flag is set.
  bool countStep(const Inst &inst) {
    if (++steps <= stepsUnchecked)
      return true;
    return checkStep(inst);
  }
  /// countStep's slow path: the checks, then the next `stepsUnchecked`.
  bool checkStep(const Inst &inst) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::Interrupted});
      return false;
    }
    if (steps > options.maxSteps) {
      fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::StepLimit,
                                   {static_cast<int64_t>(options.maxSteps)}});
      return false;
    }
    stepsUnchecked = options.maxSteps;
    if (options.cancel && options.maxSteps - steps > kCancelPollSteps)
      stepsUnchecked = steps + kCancelPollSteps;
    return true;
  }

  /// The UB address of a register-sized access at element `offset` of `buf`,
  /// checked to be inside UB and `alignment`-byte aligned (32, or a first-
  /// element store's element size); nullopt after reporting.
  std::optional<uint64_t> registerAccess(const Inst &inst, const Buffer &buf, uint64_t offset,
                                         unsigned bytes, unsigned alignment = sem::kUBAlignment) {
    if (std::optional<uint64_t> addr = registerAddress(buf, offset, bytes, alignment))
      return addr;
    reportRegisterAccess(inst, buf, offset, bytes);
    return std::nullopt;
  }
  /// registerAccess's fast path, reporting nothing: an offset small enough
  /// that nothing wraps (the capacity is at most 2^40), inside UB and
  /// aligned; nullopt for every other access (which may still be valid).
  std::optional<uint64_t> registerAddress(const Buffer &buf, uint64_t offset, unsigned bytes,
                                          unsigned alignment = sem::kUBAlignment) const {
    if (offset <= sem::kMaxUBCapacity) {
      uint64_t addr = buf.ubAddr + offset * buf.elemBytes;
      if (sem::insideUB(addr, bytes, ub.capacity()) && addr % alignment == 0)
        return addr;
    }
    return std::nullopt;
  }
  /// For the debugging checks: where an access of `bytes` at element `index`
  /// of `buf` lands. An access outside UB (or misaligned, when `aligned`)
  /// becomes a finding when its check is on: `skip` is then set and the
  /// caller skips the access; with the check off it is left to the op's own
  /// run, which stops with the error. `valid` says whether `addr` is usable.
  struct CheckedAccess {
    bool valid = false, skip = false;
    uint64_t addr = 0;
  };
  CheckedAccess checkAccess(const Inst &inst, const Buffer &buf, uint64_t index, unsigned bytes,
                            bool aligned);
  /// Reports why a register access failed the checks.
  void reportRegisterAccess(const Inst &inst, const Buffer &buf, uint64_t offset, unsigned bytes);
  /// The UB address of element `index` of `buf` for a scalar access.
  std::optional<uint64_t> scalarAccess(const Inst &inst, const Buffer &buf, uint64_t index);
  /// Places a kernel allocation; reports when it does not fit.
  std::optional<uint32_t> allocate(const Inst &inst, uint64_t numElements, uint32_t elemBytes);

  /// Sizes the slot files for the program (once, after compilation).
  void prepareFrames();
  void execute();

private:
  uint64_t *S = nullptr;
  sem::Reg **R = nullptr;
  sem::Mask *M = nullptr;
  uint8_t *ubBase = nullptr;
  friend class CompiledKernel;
};

/// The handler of payload type P with the debugging checks: its shadow step
/// (findings, the results' taint), then the op itself unless the shadow step
/// skips it (an access the checks turned into a finding).
template <class P> uint32_t checkedStep(Machine &m, const Inst &inst, uint32_t pc) {
  const P &p = inst.as<P>();
  if constexpr (requires { p.shadow(m, inst); }) {
    if (p.shadow(m, inst) == ShadowAction::Skip)
      return pc + 1;
  }
  return step<P>(m, inst, pc);
}

/// The decision of payload type P's instruction (Machine::deciders).
template <class P> void decideStep(Machine &m, const Inst &inst, TraceDecision &out) {
  inst.as<P>().decide(m, out);
}

/// Prints `value` of register type `t` as hex and per-lane values.
void printReg(llvm::raw_ostream &os, sem::RegType t, const sem::Reg &value);
/// Prints the active lanes of `mask` for `lanes` (or the set bits).
void printMask(llvm::raw_ostream &os, const sem::Mask &mask, std::optional<sem::RegType> lanes);
/// A slot's value, copied out of the machine.
TracedValue captureValue(Machine &m, const TraceValue &v);
/// Prints one traced op the way --trace shows it.
void printTraceEvent(llvm::raw_ostream &os, const TraceEvent &event);
/// The tracing wrapper installed around every ascreg and dav instruction.
uint32_t traceHandler(Machine &m, const Inst &inst, uint32_t pc);

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_MACHINE_H
