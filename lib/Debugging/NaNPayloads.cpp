//===- NaNPayloads.cpp - where path comparisons may ignore NaN payloads ---===//
//
// A forward may-analysis over the kernel: a value is "open" when it may hold
// a NaN whose payload the semantics leaves open; a buffer when an open value
// may have been stored into it. Iterated to a fixed point over loops and
// branches. Conservative: whatever is not understood spreads openness, which
// only relaxes a comparison, never makes a false mismatch.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Debugging/ElementBits.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace ascreg {
namespace debugging {

bool makesUnspecifiedNaNPayload(Operation *op) {
  // docs/semantics.md section 4, "NaN payloads in check": additions (the
  // host's IEEE arithmetic, whose NaN operand order a compiler may swap).
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return reduce.getKind() == ReduceKind::sum;
  if (auto block = dyn_cast<ReduceDataBlockOp>(op))
    return block.getKind() == ReduceKind::sum;
  return llvm::StringSwitch<bool>(op->getName().getStringRef())
      .Cases({"ascreg.add", "ascreg.adds", "ascreg.pair_reduce_sum"}, true)
      .Cases({"dav.vadd", "dav.vadds", "dav.vcadd", "dav.vcpadd", "dav.vcgadd"}, true)
      .Cases({"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf"}, true)
      .Default(false);
}

namespace {

Type elementTypeOf(Type t) {
  if (auto reg = dyn_cast<VRegType>(t))
    return reg.getElementType();
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.getElementType();
  return t;
}

/// Masks and booleans say whether lanes are NaN, never which NaN.
bool carriesNoPayload(Type t) { return isa<MaskType>(t) || t.isInteger(1); }

class OpenNaNs {
public:
  explicit OpenNaNs(func::FuncOp fn) : fn(fn) {}

  std::vector<bool> run() {
    do {
      changed = false;
      fn.walk([&](Operation *op) { visit(op); });
    } while (changed);
    std::vector<bool> out;
    for (BlockArgument arg : fn.getArguments())
      out.push_back(isa<MemRefType>(arg.getType()) &&
                    isa<FloatType>(elementTypeOf(arg.getType())) &&
                    (allMemory || openRoots.count(arg)));
    return out;
  }

private:
  func::FuncOp fn;
  llvm::DenseSet<Value> open;      // non-memref values
  llvm::DenseSet<Value> openRoots; // buffers: parameters and allocations
  bool allMemory = false;          // an open store to a buffer not traced
  bool changed = false;

  void mark(Value v) {
    if (isa<MemRefType>(v.getType()) || carriesNoPayload(v.getType()))
      return;
    changed |= open.insert(v).second;
  }

  /// The parameters or allocations a memref value views; false if unknown
  /// (a memref passed through a loop or a branch).
  bool roots(Value m, SmallVectorImpl<Value> &out, unsigned depth = 0) {
    if (depth > 64)
      return false;
    if (auto arg = dyn_cast<BlockArgument>(m)) {
      if (arg.getOwner()->getParentOp() != fn.getOperation() || !arg.getOwner()->isEntryBlock())
        return false;
      out.push_back(m);
      return true;
    }
    Operation *def = m.getDefiningOp();
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      return roots(view.getViewSource(), out, depth + 1);
    bool any = false;
    for (Value operand : def->getOperands())
      if (isa<MemRefType>(operand.getType())) {
        any = true;
        if (!roots(operand, out, depth + 1))
          return false;
      }
    if (!any)
      out.push_back(m); // an allocation
    return true;
  }

  bool readsOpen(Value m) {
    SmallVector<Value> rs;
    if (!roots(m, rs))
      return allMemory || !openRoots.empty();
    return allMemory || llvm::any_of(rs, [&](Value r) { return openRoots.count(r) != 0; });
  }

  void writeOpen(Value m) {
    SmallVector<Value> rs;
    if (!roots(m, rs)) {
      changed |= !allMemory;
      allMemory = true;
      return;
    }
    for (Value r : rs)
      changed |= openRoots.insert(r).second;
  }

  void visit(Operation *op) {
    bool openOperand = llvm::any_of(op->getOperands(), [&](Value v) { return open.count(v); });
    // Buffers read and written; without declared effects, every memref
    // operand is both.
    SmallVector<Value> read, written;
    auto memOp = dyn_cast<MemoryEffectOpInterface>(op);
    SmallVector<MemoryEffects::EffectInstance> effects;
    if (memOp)
      memOp.getEffects(effects);
    for (Value v : op->getOperands()) {
      if (!isa<MemRefType>(v.getType()))
        continue;
      bool r = !memOp, w = !memOp;
      for (auto &e : effects)
        if (!e.getValue() || e.getValue() == v) { // an effect on no value may be on v
          r |= isa<MemoryEffects::Read>(e.getEffect());
          w |= isa<MemoryEffects::Write>(e.getEffect());
        }
      if (r)
        read.push_back(v);
      if (w)
        written.push_back(v);
    }
    bool openInput = openOperand || llvm::any_of(read, [&](Value v) { return readsOpen(v); });
    bool source = makesUnspecifiedNaNPayload(op);
    for (Value r : op->getResults())
      if (openInput || (source && isa<FloatType>(elementTypeOf(r.getType()))))
        mark(r);
    if (openInput)
      for (Value w : written)
        writeOpen(w);
    // Control flow: branch operands into block arguments; region ops'
    // operands into their regions, their regions' yields into their results
    // and (loop-carried) region arguments.
    if (auto branch = dyn_cast<BranchOpInterface>(op)) {
      for (unsigned s = 0; s < op->getNumSuccessors(); ++s) {
        SuccessorOperands operands = branch.getSuccessorOperands(s);
        Block *succ = op->getSuccessor(s);
        unsigned produced = operands.getProducedOperandCount();
        OperandRange forwarded = operands.getForwardedOperands();
        for (unsigned j = 0; j < forwarded.size(); ++j)
          if (open.count(forwarded[j]) && produced + j < succ->getNumArguments())
            mark(succ->getArgument(produced + j));
      }
    } else if (op->hasTrait<OpTrait::IsTerminator>() && op->getParentOp() != fn.getOperation() &&
               openOperand) {
      markRegionOp(op->getParentOp());
    }
    if (op->getNumRegions() && openOperand)
      markRegionOp(op);
  }

  void markRegionOp(Operation *op) {
    for (Value r : op->getResults())
      mark(r);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          mark(arg);
  }
};

} // namespace

std::vector<bool> unspecifiedNaNPayloadParams(func::FuncOp fn) { return OpenNaNs(fn).run(); }

bool sameElementBits(Type elem, bool nanPayloadUnspecified, uint64_t a, uint64_t b) {
  return a == b || (nanPayloadUnspecified && isNaNBits(elem, a) && isNaNBits(elem, b));
}

} // namespace debugging
} // namespace ascreg
