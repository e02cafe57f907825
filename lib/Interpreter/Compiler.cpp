//===- Compiler.cpp - compiling a kernel into instructions ------*- C++ -*-===//
//
// Structure and slots. Ops are compiled by their bindings (Bindings.cpp);
// this file lays out control flow:
//
//   scf.for:   iv = lb; iter = init;            scf.if:   if !c goto else
//              ForEnter (exit if empty)                   then...; res = yields
//      body:   ...; iter = yields                         goto end
//              ForLatch (iv += step; loop)       else:    else...; res = yields
//      exit:   results = iter                    end:
//
// "Register views": a load_align / vlds whose value is used only in its own
// block, before any op that may write UB, does not copy the register: its
// slot points at the UB bytes (see mayViewUB).
//
// Fused instructions, in plain runs only (no trace, checks or provenance,
// which report per op):
//   - a multiplication by a constant whose one use is in its block is not
//     computed where it stands: a register load / store reads it as its
//     offset, index times scale (foldIntoAccess); any other use computes it
//     just before itself (materialize);
//   - the copy of a loop's one scalar iter_arg joins the latch
//     (ForLatchCopyInst);
//   - a loop whose body has a common shape (load, update_mask, an op,
//     store) runs as one instruction (Superinstructions.h).
// The conformance loops run 5 instructions per iteration instead of 8, all
// in one call of the fused loop's handler.
//
//===----------------------------------------------------------------------===//
#include "Compiler.h"
#include "ScalarOps.h"
#include "Superinstructions.h"

#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace ascreg {
namespace interp {

unsigned Compiler::widthOf(Type t) { return t.isIndex() ? 64 : t.getIntOrFloatBitWidth(); }

Slot Compiler::newSlot(Type t) {
  if (isa<VRegType>(t))
    return {SlotKind::Reg, m.numRegs++};
  if (isa<MaskType>(t))
    return {SlotKind::Mask, m.numMasks++};
  return {SlotKind::Scalar, m.numScalars++};
}

Slot Compiler::slotFor(Value v) {
  if (!foldedOffsets.empty())
    if (auto f = foldedOffsets.find(v); f != foldedOffsets.end())
      materialize(f);
  auto it = slots.find(v);
  if (it != slots.end())
    return it->second;
  Slot s = newSlot(v.getType());
  slots[v] = s;
  return s;
}

std::string Compiler::nameOf(Value v) {
  if (!asmState)
    return "";
  std::string name;
  llvm::raw_string_ostream os(name);
  v.printAsOperand(os, *asmState);
  return name;
}

uint32_t Compiler::currentOpIndex() {
  if (!currentIndex) {
    m.ops.push_back(current);
    m.loopContext.push_back(loops);
    currentIndex = static_cast<uint32_t>(m.ops.size() - 1);
  }
  return *currentIndex;
}

uint32_t Compiler::maskConstant(const sem::Mask &mask) {
  m.maskConstants.push_back(mask);
  return static_cast<uint32_t>(m.maskConstants.size() - 1);
}

LogicalResult Compiler::unsupported(Operation *op, const Twine &why) {
  InFlightDiagnostic d = op->emitError()
                         << "the ascreg interpreter does not execute '" << op->getName() << "'";
  if (!why.isTriviallyEmpty())
    d << " " << why;
  return d;
}

/// Whether `op` (or anything nested in it) may write memory.
static bool mayWriteMemory(Operation *op) {
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    if (effects.hasEffect<MemoryEffects::Write>())
      return true;
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    return true; // unknown effects
  }
  for (Region &r : op->getRegions())
    for (Operation &nested : r.getOps())
      if (mayWriteMemory(&nested))
        return true;
  return false;
}

bool Compiler::mayViewUB(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  Block *block = def->getBlock();
  Operation *lastUse = nullptr;
  for (Operation *user : v.getUsers()) {
    if (user->getBlock() != block)
      return false; // nested or elsewhere: copy
    if (!lastUse || lastUse->isBeforeInBlock(user))
      lastUse = user;
  }
  if (!lastUse)
    return true;
  // The users themselves may write (a store of the loaded register reads it
  // first); anything strictly between the load and the last use may not.
  for (Operation *op = def->getNextNode(); op && op != lastUse; op = op->getNextNode())
    if (mayWriteMemory(op))
      return false;
  return true;
}

void Compiler::emitCopy(Slot from, Slot to, Type type, Operation *op) {
  if (from.kind == to.kind && from.index == to.index)
    return;
  switch (from.kind) {
  case SlotKind::Reg:
    emitAt(op, CopyRegInst{.bytes = toRegType(cast<VRegType>(type)).bytes(),
                           .from = {from.index},
                           .to = {to.index}});
    break;
  case SlotKind::Mask:
    emitAt(op, CopyMaskInst{.from = {from.index}, .to = {to.index}});
    break;
  case SlotKind::Scalar:
    emitAt(op, CopyScalarInst{.from = {from.index}, .to = {to.index}});
    break;
  }
}

/// Parallel copy `from[i] -> to[i]`, through temporaries when a source is
/// also a destination (e.g. a loop yielding its iter args swapped).
void Compiler::emitParallelCopy(ValueRange from, ValueRange to, Operation *op) {
  SmallVector<Slot> src, dst;
  for (Value v : from)
    src.push_back(slotFor(v));
  for (Value v : to)
    dst.push_back(slotFor(v));
  bool overlap = false;
  for (const Slot &a : src)
    for (const Slot &b : dst)
      if (a.kind == b.kind && a.index == b.index)
        overlap = true;
  if (!overlap) {
    for (auto [a, b, v] : llvm::zip(src, dst, from))
      emitCopy(a, b, v.getType(), op);
    return;
  }
  SmallVector<Slot> tmp;
  for (Value v : from)
    tmp.push_back(newSlot(v.getType()));
  for (auto [a, t, v] : llvm::zip(src, tmp, from))
    emitCopy(a, t, v.getType(), op);
  for (auto [t, b, v] : llvm::zip(tmp, dst, from))
    emitCopy(t, b, v.getType(), op);
}

LogicalResult Compiler::compile() {
  if (fn.isExternal())
    return fn.emitError() << "cannot interpret the external function @" << fn.getSymName();
  if (fn.getFunctionType().getNumResults() != 0)
    return fn.emitError() << "kernel @" << fn.getSymName()
                          << " must not return values (a vector function writes its results "
                             "to UB buffers)";
  m.func = fn;
  fuse = !(m.options.trace || m.options.traceSink || m.options.checks.any() || m.recorder ||
           recordNames);
  // Value names (%v) for traces and findings.
  if (m.options.trace || m.options.traceSink || m.options.checks.any() || m.recorder || recordNames)
    asmState.emplace(fn);
  for (BlockArgument arg : fn.getArguments()) {
    Type t = arg.getType();
    Machine::Param p{0, false, 0, -1, t};
    if (auto mt = dyn_cast<MemRefType>(t)) {
      FailureOr<unsigned> elemBytes = ubBufferParameterElementBytes(arg);
      if (failed(elemBytes))
        return failure();
      p.isMemRef = true;
      p.elemBytes = *elemBytes;
      p.staticSize = mt.isDynamicDim(0) ? -1 : mt.getDimSize(0);
    } else if (!t.isIntOrIndexOrFloat() || widthOf(t) > 64) {
      return emitError(arg.getLoc())
             << "parameter " << arg.getArgNumber() << " has type " << t
             << "; kernel parameters are UB memrefs and integer, index or float scalars of at "
                "most 64 bits";
    }
    p.slot = slotFor(arg).index;
    m.params.push_back(p);
    m.numParamBuffers += p.isMemRef;
  }
  // The kernel language's memref ops, checked as on every path.
  if (failed(verifyKernelMemRefs(fn)))
    return failure();
  for (Block &b : fn.getBody()) {
    blockStart[&b] = pc();
    if (failed(compileBlock(b)))
      return failure();
  }
  for (auto [at, block] : blockFixups)
    payloadAt<JumpInst>(at).target = blockStart[block];
  return success();
}

LogicalResult Compiler::compileBlock(Block &block) {
  for (Operation &op : block)
    if (failed(compileOp(&op)))
      return failure();
  return success();
}

LogicalResult Compiler::compileOp(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return compileFor(f);
  if (auto i = dyn_cast<scf::IfOp>(op))
    return compileIf(i);
  if (auto w = dyn_cast<scf::WhileOp>(op))
    return compileWhile(w);
  if (isa<func::ReturnOp>(op)) {
    emitAt(op, HaltInst{});
    return success();
  }
  if (isa<cf::BranchOp, cf::CondBranchOp>(op))
    return compileBranch(op);
  // Scalars wider than 64 bits would be truncated silently.
  for (Type t : llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    if (t.isIntOrIndexOrFloat() && widthOf(t) > 64)
      return unsupported(op, "on " + std::to_string(widthOf(t)) +
                                 "-bit values (scalars are at most 64 bits)");
  if (fuse && foldIntoAccess(op))
    return success();
  current = op;
  currentIndex.reset();
  emittedForOp = false;
  maskLanes.reset();
  uint32_t first = pc();
  if (failed(bindOp(op, *this)))
    return failure();
  bool traced = isa<AscRegDialect, dav::DavDialect>(op->getDialect()) &&
                (m.options.trace || m.options.traceSink);
  // Provenance records every op (with its operand slots), traced or not.
  if (emittedForOp && (traced || m.recorder))
    addTrace(op, first, /*installTracer=*/traced);
  current = nullptr;
  return success();
}

bool Compiler::foldIntoAccess(Operation *op) {
  if (!isa<arith::MulIOp, index::MulOp>(op) || widthOf(op->getResult(0).getType()) != 64)
    return false;
  Value product = op->getResult(0);
  if (!product.hasOneUse() || (*product.getUsers().begin())->getBlock() != op->getBlock())
    return false;
  // 64-bit products wrap like scalar * scale in uint64_t.
  APInt c;
  Value factor;
  if (matchPattern(op->getOperand(1), m_ConstantInt(&c)))
    factor = op->getOperand(0);
  else if (matchPattern(op->getOperand(0), m_ConstantInt(&c)))
    factor = op->getOperand(1);
  else
    return false;
  foldedOffsets[product] = FoldedProduct{ElementOffset{scalar(factor), c.getZExtValue()}, op};
  return true;
}

/// The one use of a folded product reads it through its slot, not as an
/// access offset: computes it just before that use. Its operands still hold
/// their values there (one slot per value, and no block boundary lies
/// between the two ops).
void Compiler::materialize(llvm::DenseMap<Value, FoldedProduct>::iterator folded) {
  const FoldedProduct f = folded->second;
  Value product = folded->first;
  foldedOffsets.erase(folded);
  emitAt(f.mul, IntBinaryInst<IntOp::Mul>{.width = 64,
                                          .lhs = scalar(f.mul->getOperand(0)),
                                          .rhs = scalar(f.mul->getOperand(1)),
                                          .result = scalar(product)});
}

LogicalResult Compiler::compileBranch(Operation *op) {
  auto jumpTo = [&](Block *dest) {
    blockFixups.push_back({emitAt(op, JumpInst{.target = 0}), dest});
  };
  if (auto br = dyn_cast<cf::BranchOp>(op)) {
    emitParallelCopy(br.getDestOperands(), br.getDest()->getArguments(), op);
    jumpTo(br.getDest());
    return success();
  }
  auto cbr = cast<cf::CondBranchOp>(op);
  uint32_t branch = emitAt(op, BranchIfFalseInst{.condition = scalar(cbr.getCondition())});
  emitParallelCopy(cbr.getTrueDestOperands(), cbr.getTrueDest()->getArguments(), op);
  jumpTo(cbr.getTrueDest());
  payloadAt<BranchIfFalseInst>(branch).ifFalse = pc();
  emitParallelCopy(cbr.getFalseDestOperands(), cbr.getFalseDest()->getArguments(), op);
  jumpTo(cbr.getFalseDest());
  return success();
}

LogicalResult Compiler::compileFor(scf::ForOp op) {
  Value iv = op.getInductionVar();
  LoopBounds loop{.iv = scalar(iv),
                  .upper = scalar(op.getUpperBound()),
                  .step = scalar(op.getStep()),
                  .width = static_cast<uint8_t>(widthOf(iv.getType())),
                  .isUnsigned = op.getUnsignedCmp()};
  emitCopy(slotFor(op.getLowerBound()), slotFor(iv), iv.getType(), op);
  emitParallelCopy(op.getInitArgs(), op.getRegionIterArgs(), op);
  uint32_t enter = emitAt(op, ForEnterInst{.loop = loop, .exit = 0});
  uint32_t body = pc();
  // "%arg3 (scf.for at line 10)": SSA names are not kept by the parser, the
  // loop's line says which induction variable it is.
  std::string ivName = nameOf(iv);
  if (auto fl = op.getLoc()->findInstanceOf<FileLineColLoc>())
    ivName += " (scf.for at line " + std::to_string(fl.getLine()) + ")";
  loops.push_back({ivName, loop.iv.slot});
  for (Operation &inner : op.getBody()->without_terminator())
    if (failed(compileOp(&inner)))
      return failure();
  loops.pop_back();
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  ForLatchInst latch{.loop = loop, .body = body};
  if (fuse && yield.getNumOperands() == 1 &&
      slotFor(yield.getOperand(0)).kind == SlotKind::Scalar) {
    Slot from = slotFor(yield.getOperand(0)), to = slotFor(op.getRegionIterArgs()[0]);
    emitAt(op, ForLatchCopyInst{.latch = latch, .yielded = {from.index}, .iterArg = {to.index}});
  } else {
    emitParallelCopy(yield.getOperands(), op.getRegionIterArgs(), yield);
    emitAt(op, latch);
  }
  if (fuse && m.options.fuseLoops)
    fuseLoop(m, body, pc() - 1);
  payloadAt<ForEnterInst>(enter).exit = pc();
  for (auto [iter, res] : llvm::zip(op.getRegionIterArgs(), op.getResults()))
    emitCopy(slotFor(iter), slotFor(res), res.getType(), op);
  return success();
}

LogicalResult Compiler::compileIf(scf::IfOp op) {
  uint32_t branch = emitAt(op, BranchIfFalseInst{.condition = scalar(op.getCondition())});
  auto compileRegion = [&](Region &r) -> LogicalResult {
    if (r.empty())
      return success();
    Block &b = r.front();
    for (Operation &inner : b.without_terminator())
      if (failed(compileOp(&inner)))
        return failure();
    auto yield = cast<scf::YieldOp>(b.getTerminator());
    emitParallelCopy(yield.getOperands(), op.getResults(), yield);
    return success();
  };
  if (failed(compileRegion(op.getThenRegion())))
    return failure();
  uint32_t skipElse = emitAt(op, JumpInst{.target = 0});
  payloadAt<BranchIfFalseInst>(branch).ifFalse = pc();
  if (failed(compileRegion(op.getElseRegion())))
    return failure();
  payloadAt<JumpInst>(skipElse).target = pc();
  return success();
}

LogicalResult Compiler::compileWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  Block &after = op.getAfter().front();
  emitParallelCopy(op.getInits(), before.getArguments(), op);
  uint32_t head = pc();
  for (Operation &inner : before.without_terminator())
    if (failed(compileOp(&inner)))
      return failure();
  auto cond = cast<scf::ConditionOp>(before.getTerminator());
  uint32_t branch = emitAt(cond, BranchIfFalseInst{.condition = scalar(cond.getCondition())});
  emitParallelCopy(cond.getArgs(), after.getArguments(), cond);
  for (Operation &inner : after.without_terminator())
    if (failed(compileOp(&inner)))
      return failure();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  emitParallelCopy(yield.getOperands(), before.getArguments(), yield);
  emitAt(op, JumpInst{.target = head});
  payloadAt<BranchIfFalseInst>(branch).ifFalse = pc();
  emitParallelCopy(cond.getArgs(), op.getResults(), cond);
  return success();
}

void Compiler::addTrace(Operation *op, uint32_t firstInst, bool installTracer) {
  if (installTracer)
    for (uint32_t i = firstInst; i < pc(); ++i)
      m.code[i].fn = traceHandler;
  uint32_t index = m.code[firstInst].op;
  if (m.trace.size() <= index)
    m.trace.resize(index + 1);
  TraceInfo &info = m.trace[index];
  llvm::raw_string_ostream os(info.header);
  os << op->getName();
  // The enum operands that tell ops of one name apart: <max>, <gt>, <VL16>.
  for (StringRef name : {"kind", "predicate", "pattern"}) {
    if (Attribute a = op->getAttr(name)) {
      std::string text;
      llvm::raw_string_ostream ts(text);
      a.print(ts);
      os << " " << StringRef(text).drop_until([](char c) { return c == '<'; });
    }
  }
  os << " at ";
  Location loc = op->getLoc();
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    os << fl.getFilename().getValue() << ":" << fl.getLine() << ":" << fl.getColumn();
  else
    loc.print(os);
  auto describe = [&](Value v) {
    TraceValue tv{slotFor(v).kind, slotFor(v).index, v.getType(), nameOf(v)};
    return tv;
  };
  for (Value v : op->getOperands())
    info.inputs.push_back(describe(v));
  for (Value v : op->getResults())
    info.outputs.push_back(describe(v));
  info.maskLanes = maskLanes;
}

} // namespace interp
} // namespace ascreg
