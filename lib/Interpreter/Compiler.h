//===- Compiler.h - compiling a kernel into instructions ---------*- C++ -*-===//
//
// The compiler walks a func.func once: structured control flow (scf.for /
// if / while) and cf branches become jumps, block arguments and
// loop-carried values become slot copies, and every other op is handed to
// its binding (Bindings.cpp), which builds the op's instruction from named
// operands. Anything without a binding is rejected here, at compile time,
// with the op's location.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_COMPILER_H
#define ASCREG_LIB_INTERPRETER_COMPILER_H

#include "Machine.h"
#include "Provenance.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Support/LLVM.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace ascreg {
namespace interp {

struct Slot {
  SlotKind kind;
  uint32_t index;
};

class Compiler {
public:
  Compiler(Machine &m, mlir::func::FuncOp fn, bool recordNames = false)
      : m(m), fn(fn), recordNames(recordNames) {}
  LogicalResult compile();

  // ---- What bindings use.
  ScalarRef scalar(Value v) { return {slotFor(v).index}; }
  RegRef reg(Value v) { return {slotFor(v).index}; }
  MaskRef mask(Value v) { return {slotFor(v).index}; }
  BufferRef buffer(Value v) { return {slotFor(v).index}; }
  /// The element offset of a register access: `v`, or the operands of the
  /// multiplication by a constant folded into the access (foldIntoAccess).
  ElementOffset offset(Value v) {
    auto it = foldedOffsets.find(v);
    return it != foldedOffsets.end() ? it->second.offset : ElementOffset{scalar(v), 1};
  }
  /// The semantic choices of the kernel being compiled (fixed before).
  const sem::Profile &profile() const { return m.profile(); }
  static sem::RegType regType(Value v) { return toRegType(cast<VRegType>(v.getType())); }
  /// Bit width of a scalar (index: 64).
  static unsigned widthOf(Type t);
  /// A mask known at compile time.
  uint32_t maskConstant(const sem::Mask &mask);
  /// Whether the load defining `v` may leave it as a view into UB: every use
  /// of v is in the load's block and runs before any op that may write UB.
  bool mayViewUB(Value v);
  /// The register type whose lanes the current op's mask selects (tracing).
  void setMaskLanes(sem::RegType t) { maskLanes = t; }
  /// Appends the instruction of the current op.
  template <class P> LogicalResult emit(const P &payload) {
    push(payload);
    emittedForOp = true;
    return success();
  }
  LogicalResult unsupported(Operation *op, const Twine &why = "");
  /// The buffer number of a new view op's record (Machine::numViews).
  uint32_t newViewRecord() { return m.numParamBuffers + m.numViews++; }

private:
  Machine &m;
  mlir::func::FuncOp fn;
  llvm::DenseMap<Value, Slot> slots;
  llvm::DenseMap<Block *, uint32_t> blockStart;
  SmallVector<std::pair<uint32_t, Block *>> blockFixups;
  std::optional<mlir::AsmState> asmState;
  Operation *current = nullptr;
  std::optional<uint32_t> currentIndex;
  bool emittedForOp = false;
  std::optional<sem::RegType> maskLanes;
  bool recordNames;
  /// Fused instructions (foldIntoAccess, ForLatchCopyInst): only in plain
  /// runs, so that traces, findings and provenance see one instruction per op.
  bool fuse = false;
  /// Products of a multiplication by a constant, not computed where they are
  /// defined: their one use reads them as an access's offset (offset()), or
  /// through their slot (any other read: slotFor), which computes them there.
  struct FoldedProduct {
    ElementOffset offset;
    Operation *mul;
  };
  llvm::DenseMap<Value, FoldedProduct> foldedOffsets;
  bool foldIntoAccess(Operation *op);
  void materialize(llvm::DenseMap<Value, FoldedProduct>::iterator folded);
  /// Induction variables of the scf.for loops being compiled (name, slot).
  std::vector<std::pair<std::string, uint32_t>> loops;
  std::string nameOf(Value v);

  Slot slotFor(Value v);
  Slot newSlot(Type t);
  uint32_t pc() const { return static_cast<uint32_t>(m.code.size()); }
  uint32_t currentOpIndex();
  template <class P> uint32_t emitAt(Operation *op, const P &payload) {
    Operation *saved = current;
    auto savedIndex = currentIndex;
    current = op;
    currentIndex.reset();
    push(payload);
    current = saved;
    currentIndex = savedIndex;
    return pc() - 1;
  }
  /// Appends the instruction of `payload` (and, when tracing, what reports
  /// what it decided: Machine::deciders).
  template <class P> void push(const P &payload) {
    m.code.push_back(makeInst(payload, currentOpIndex(), handlerOf<P>()));
    if constexpr (requires(Machine &mm, TraceDecision &d) { payload.decide(mm, d); })
      if (m.options.trace || m.options.traceSink) {
        m.deciders.resize(pc());
        m.deciders.back() = &decideStep<P>;
      }
  }
  template <class P> Handler handlerOf() const {
    if (m.recorder)
      return &recordStep<P>;
    return m.options.checks.any() ? &checkedStep<P> : &step<P>;
  }
  template <class P> P &payloadAt(uint32_t at) {
    return *reinterpret_cast<P *>(m.code[at].payload);
  }
  void emitCopy(Slot from, Slot to, Type type, Operation *op);
  void emitParallelCopy(ValueRange from, ValueRange to, Operation *op);
  LogicalResult compileBlock(Block &block);
  LogicalResult compileOp(Operation *op);
  LogicalResult compileFor(mlir::scf::ForOp op);
  LogicalResult compileIf(mlir::scf::IfOp op);
  LogicalResult compileWhile(mlir::scf::WhileOp op);
  LogicalResult compileBranch(Operation *op);
  void addTrace(Operation *op, uint32_t firstInst, bool installTracer);
};

/// Builds the instruction of `op` through its binding; fails with a
/// diagnostic when the interpreter does not execute the op.
LogicalResult bindOp(Operation *op, Compiler &c);

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_COMPILER_H
