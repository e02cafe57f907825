//===- Machine.h - interpreter internals -------------------------*- C++ -*-===//
//
// The compiled form of a kernel: a flat array of instructions, each holding a
// pre-resolved handler and the slot numbers of its operands and results.
// Values live in three slot files: 64-bit scalars (integers, index, floats as
// bits, memref = buffer number), vector registers and masks.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_MACHINE_H
#define ASCREG_LIB_INTERPRETER_MACHINE_H

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace ascreg {
namespace interp {

namespace sem = ::ascreg::semantics;

class Machine;
struct Inst;

/// Returns the next pc, or kHalt.
using Handler = uint32_t (*)(Machine &, const Inst &, uint32_t pc);
inline constexpr uint32_t kHalt = UINT32_MAX;

struct Inst {
  Handler fn = nullptr;
  Handler inner = nullptr; // the real handler when `fn` is the tracer
  uint32_t op = 0;         // index into Machine::ops
  uint32_t a = 0, b = 0, c = 0, d = 0; // operand slots
  uint32_t r = 0, r2 = 0;              // result slots
  uint64_t imm = 0;        // constant / width mask / jump target
  sem::RegType t0{sem::ElemKind::I8, 1}, t1{sem::ElemKind::I8, 1};
  uint8_t k0 = 0, k1 = 0, k2 = 0; // small parameters (kinds, widths, predicates)
};

/// A UB buffer: a memref parameter or an allocation.
struct Buffer {
  uint8_t *data = nullptr; // inside the arena
  uint64_t numElements = 0;
  uint32_t elemBytes = 0;
  uint64_t ubAddr = 0;     // byte offset in UB
};

enum class SlotKind : uint8_t { Scalar, Reg, Mask };

/// What the tracer needs to print one operand or result.
struct TraceValue {
  SlotKind kind;
  uint32_t slot;
  mlir::Type type;
  std::string name;
};
struct TraceInfo {
  std::string header; // op name + location
  llvm::SmallVector<TraceValue> inputs, outputs;
  /// Register type that gives mask bits their lanes in this op.
  std::optional<sem::RegType> maskLanes;
};

class Machine {
public:
  // Compiled program.
  std::vector<Inst> code;
  std::vector<mlir::Operation *> ops; // for diagnostics
  std::vector<sem::Mask> maskConstants;
  uint32_t numScalars = 0, numRegs = 0, numMasks = 0;

  // Parameters.
  struct Param {
    uint32_t slot; // a scalar slot (memrefs hold their buffer number)
    bool isMemRef;
    uint32_t elemBytes;
    int64_t staticSize; // -1 if dynamic
    mlir::Type type;
  };
  std::vector<Param> params;
  mlir::Operation *func = nullptr;

  // Execution state.
  std::vector<uint64_t> scalarFile;
  std::vector<sem::Reg> regFile;
  std::vector<sem::Mask> maskFile;
  uint64_t *S = nullptr;
  sem::Reg *R = nullptr;
  sem::Mask *M = nullptr;
  std::vector<Buffer> buffers;
  uint8_t *arena = nullptr;
  std::unique_ptr<uint8_t[]> arenaStorage;
  uint64_t arenaUsed = 0;
  uint64_t steps = 0;
  uint64_t executed = 0;
  bool failed = false;

  Options options;
  std::vector<TraceInfo> trace; // per op, only when tracing

  /// Emits an error at the op of `inst` and returns kHalt.
  uint32_t fail(const Inst &inst, const llvm::Twine &message);
  /// Places a buffer in UB (32-byte aligned, after the previous ones). With
  /// `external`, the bytes stay in the caller's memory and only the UB
  /// address is assigned (no copies in and out); otherwise they live in the
  /// arena (memref.alloc inside the kernel).
  mlir::FailureOr<uint32_t> allocate(uint64_t numElements, uint32_t elemBytes,
                                     mlir::Operation *at, uint8_t *external = nullptr);

  void prepareFrames();
  void execute();
};

/// Prints `value` of register type `t` as hex and per-lane values.
void printReg(llvm::raw_ostream &os, sem::RegType t, const sem::Reg &value);
/// Prints the active lanes of `mask` for `lanes` (or the set bits).
void printMask(llvm::raw_ostream &os, const sem::Mask &mask, std::optional<sem::RegType> lanes);
/// The tracing wrapper installed around every ascreg instruction.
uint32_t traceHandler(Machine &m, const Inst &inst, uint32_t pc);

} // namespace interp
} // namespace ascreg

#endif
