//===- Interpreter.cpp - compile a kernel for the interpreter ---*- C++ -*-===//
//
// The compiler walks a func.func once and emits a flat instruction array:
// structured control flow (scf.for/if/while) and cf branches become jumps,
// block arguments and loop-carried values become slot copies, and every op
// gets a handler chosen here, with its types pre-resolved into the
// instruction. Anything the interpreter does not execute is rejected here,
// at compile time, with the op's location.
//
//===----------------------------------------------------------------------===//
#include "Handlers.h"
#include "Machine.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/Semantics/Dav3510.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace mlir;
namespace ar = ::ascreg;

namespace ascreg {
namespace interp {

namespace H = handlers;

//===----------------------------------------------------------------------===//
// Machine
//===----------------------------------------------------------------------===//

uint32_t Machine::fail(const Inst &inst, const llvm::Twine &message) {
  failed = true;
  ops[inst.op]->emitOpError() << message;
  return kHalt;
}

FailureOr<uint32_t> Machine::allocate(uint64_t numElements, uint32_t elemBytes, Operation *at,
                                      uint8_t *external) {
  uint64_t start = (arenaUsed + 31) & ~uint64_t(31);
  uint64_t bytes = numElements * elemBytes;
  if (numElements > options.ubCapacity || start + bytes > options.ubCapacity) {
    at->emitError() << "UB capacity exceeded: placing " << bytes << " bytes at UB offset "
                    << start << " needs " << start + bytes << " bytes, the capacity is "
                    << options.ubCapacity << " (set it with --ub-capacity)";
    return failure();
  }
  Buffer buf;
  buf.data = external ? external : arena + start;
  buf.numElements = numElements;
  buf.elemBytes = elemBytes;
  buf.ubAddr = start;
  arenaUsed = start + bytes;
  buffers.push_back(buf);
  return static_cast<uint32_t>(buffers.size() - 1);
}

void Machine::prepareFrames() {
  scalarFile.assign(numScalars + 1, 0);
  regFile.resize(numRegs + 1);
  maskFile.resize(numMasks + 1);
  S = scalarFile.data();
  R = regFile.data();
  M = maskFile.data();
  if (!arenaStorage) {
    arenaStorage.reset(new uint8_t[options.ubCapacity + 64]);
    auto p = reinterpret_cast<uintptr_t>(arenaStorage.get());
    arena = reinterpret_cast<uint8_t *>((p + 63) & ~uintptr_t(63));
  }
}

void Machine::execute() {
  const Inst *prog = code.data();
  uint32_t pc = 0;
  uint64_t n = 0;
  while (pc != kHalt) {
    const Inst &inst = prog[pc];
    pc = inst.fn(*this, inst, pc);
    ++n;
  }
  executed = n;
}

//===----------------------------------------------------------------------===//
// Compiler
//===----------------------------------------------------------------------===//

namespace {

struct Slot {
  SlotKind kind;
  uint32_t index;
};

/// Float type code used by the scalar handlers.
std::optional<uint8_t> floatCode(Type t) {
  if (t.isF16()) return 0;
  if (t.isBF16()) return 1;
  if (t.isF32()) return 2;
  if (t.isF64()) return 3;
  return std::nullopt;
}

unsigned scalarWidth(Type t) {
  if (t.isIndex()) return 64;
  return t.getIntOrFloatBitWidth();
}

class Compiler {
public:
  Compiler(Machine &m, func::FuncOp fn) : m(m), fn(fn) {}

  LogicalResult compile();

private:
  Machine &m;
  func::FuncOp fn;
  llvm::DenseMap<Value, Slot> slots;
  llvm::DenseMap<Block *, uint32_t> blockStart;
  SmallVector<std::pair<uint32_t, Block *>> blockFixups;
  std::optional<AsmState> asmState;

  Slot slotFor(Value v) {
    auto it = slots.find(v);
    if (it != slots.end()) return it->second;
    Slot s = newSlot(v.getType());
    slots[v] = s;
    return s;
  }
  Slot newSlot(Type t) {
    if (isa<ar::VRegType>(t)) return {SlotKind::Reg, m.numRegs++};
    if (isa<ar::MaskType>(t)) return {SlotKind::Mask, m.numMasks++};
    return {SlotKind::Scalar, m.numScalars++};
  }
  uint32_t s(Value v) { return slotFor(v).index; }

  uint32_t pc() const { return static_cast<uint32_t>(m.code.size()); }
  Inst &emit(Handler h, Operation *op) {
    Inst inst;
    inst.fn = h;
    inst.op = opIndex(op);
    m.code.push_back(inst);
    return m.code.back();
  }
  /// An instruction reading operand 0 (and 1) and writing result 0.
  Inst &emitUnary(Handler h, Operation *op) {
    Inst &i = emit(h, op);
    i.a = s(op->getOperand(0));
    i.r = s(op->getResult(0));
    return i;
  }
  Inst &emitBinary(Handler h, Operation *op) {
    Inst &i = emitUnary(h, op);
    i.b = s(op->getOperand(1));
    return i;
  }
  uint32_t opIndex(Operation *op) {
    m.ops.push_back(op);
    return static_cast<uint32_t>(m.ops.size() - 1);
  }

  void emitCopy(Slot from, Slot to, Operation *op) {
    if (from.kind == to.kind && from.index == to.index) return;
    Handler h = from.kind == SlotKind::Reg    ? H::copyReg
                : from.kind == SlotKind::Mask ? H::copyMask
                                              : H::copyScalar;
    Inst &i = emit(h, op);
    i.a = from.index;
    i.r = to.index;
  }
  /// Parallel copy `from[i] -> to[i]`, through temporaries when a source is
  /// also a destination (e.g. a loop yielding its iter args swapped).
  void emitParallelCopy(ValueRange from, ArrayRef<Slot> to, Operation *op) {
    SmallVector<Slot> src;
    for (Value v : from) src.push_back(slotFor(v));
    bool overlap = false;
    for (const Slot &a : src)
      for (const Slot &b : to)
        if (a.kind == b.kind && a.index == b.index) overlap = true;
    if (!overlap) {
      for (auto [a, b] : llvm::zip(src, to)) emitCopy(a, b, op);
      return;
    }
    SmallVector<Slot> tmp;
    for (Value v : from) tmp.push_back(newSlot(v.getType()));
    for (auto [a, t] : llvm::zip(src, tmp)) emitCopy(a, t, op);
    for (auto [t, b] : llvm::zip(tmp, to)) emitCopy(t, b, op);
  }
  SmallVector<Slot> slotsOf(ValueRange values) {
    SmallVector<Slot> out;
    for (Value v : values) out.push_back(slotFor(v));
    return out;
  }

  LogicalResult compileBlock(Block &block);
  LogicalResult compileOp(Operation *op);
  LogicalResult compileFor(scf::ForOp op);
  LogicalResult compileIf(scf::IfOp op);
  LogicalResult compileWhile(scf::WhileOp op);
  LogicalResult compileArith(Operation *op);
  LogicalResult compileAscReg(Operation *op);
  LogicalResult compileDav(Operation *op);
  LogicalResult compileMemRef(Operation *op);
  void addTrace(Operation *op, Inst &inst);
};

LogicalResult Compiler::compile() {
  if (fn.isExternal())
    return fn.emitError() << "cannot interpret the external function @" << fn.getSymName();
  if (fn.getFunctionType().getNumResults() != 0)
    return fn.emitError() << "kernel @" << fn.getSymName()
                          << " must not return values (a vector function writes its results "
                             "to UB buffers)";
  m.func = fn;
  if (m.options.trace) asmState.emplace(fn);
  for (BlockArgument arg : fn.getArguments()) {
    Type t = arg.getType();
    Machine::Param p;
    p.type = t;
    p.isMemRef = false;
    p.elemBytes = 0;
    p.staticSize = -1;
    if (auto mt = dyn_cast<MemRefType>(t)) {
      if (mt.getRank() != 1 || !mt.getLayout().isIdentity() || mt.getMemorySpace() ||
          !mt.getElementType().isIntOrFloat() || mt.getElementTypeBitWidth() % 8 != 0)
        return fn.emitError() << "parameter " << arg.getArgNumber() << " has type " << t
                              << "; kernel buffers must be rank-1 contiguous memrefs of integers "
                                 "or floats in the default memory space (UB)";
      p.isMemRef = true;
      p.elemBytes = mt.getElementTypeBitWidth() / 8;
      p.staticSize = mt.isDynamicDim(0) ? -1 : mt.getDimSize(0);
    } else if (!t.isIntOrIndexOrFloat()) {
      return fn.emitError() << "parameter " << arg.getArgNumber() << " has type " << t
                            << "; kernel parameters are UB memrefs and integer, index or float "
                               "scalars";
    }
    Slot sl = slotFor(arg);
    p.slot = sl.index;
    m.params.push_back(p);
  }
  Region &body = fn.getBody();
  for (Block &b : body) {
    blockStart[&b] = pc();
    if (failed(compileBlock(b))) return failure();
  }
  for (auto [at, block] : blockFixups) m.code[at].imm = blockStart[block];
  return success();
}

LogicalResult Compiler::compileBlock(Block &block) {
  for (Operation &op : block)
    if (failed(compileOp(&op))) return failure();
  return success();
}

LogicalResult Compiler::compileOp(Operation *op) {
  if (isa<ar::AscRegDialect>(op->getDialect())) return compileAscReg(op);
  if (isa<dav::DavDialect>(op->getDialect())) return compileDav(op);
  if (isa<arith::ArithDialect, index::IndexDialect>(op->getDialect())) return compileArith(op);
  if (isa<memref::MemRefDialect>(op->getDialect())) return compileMemRef(op);
  if (auto f = dyn_cast<scf::ForOp>(op)) return compileFor(f);
  if (auto i = dyn_cast<scf::IfOp>(op)) return compileIf(i);
  if (auto w = dyn_cast<scf::WhileOp>(op)) return compileWhile(w);
  if (isa<func::ReturnOp>(op)) {
    emit(H::halt, op);
    return success();
  }
  if (auto br = dyn_cast<cf::BranchOp>(op)) {
    emitParallelCopy(br.getDestOperands(), slotsOf(br.getDest()->getArguments()), op);
    Inst &j = emit(H::jump, op);
    (void)j;
    blockFixups.push_back({pc() - 1, br.getDest()});
    return success();
  }
  if (auto cbr = dyn_cast<cf::CondBranchOp>(op)) {
    Inst &b = emit(H::branchIfFalse, op);
    b.a = s(cbr.getCondition());
    uint32_t branchAt = pc() - 1;
    emitParallelCopy(cbr.getTrueDestOperands(), slotsOf(cbr.getTrueDest()->getArguments()), op);
    emit(H::jump, op);
    blockFixups.push_back({pc() - 1, cbr.getTrueDest()});
    m.code[branchAt].imm = pc();
    emitParallelCopy(cbr.getFalseDestOperands(), slotsOf(cbr.getFalseDest()->getArguments()),
                     op);
    emit(H::jump, op);
    blockFixups.push_back({pc() - 1, cbr.getFalseDest()});
    return success();
  }
  return op->emitError() << "the ascreg interpreter does not execute '" << op->getName()
                         << "'; it runs func, scf, cf, arith, index, memref and ascreg ops";
}

LogicalResult Compiler::compileFor(scf::ForOp op) {
  Block *body = op.getBody();
  Slot iv = slotFor(op.getInductionVar());
  emitCopy(slotFor(op.getLowerBound()), iv, op);
  SmallVector<Slot> iterSlots = slotsOf(op.getRegionIterArgs());
  emitParallelCopy(op.getInitArgs(), iterSlots, op);
  uint32_t head = pc();
  Inst &check = emit(H::forCheck, op);
  check.a = iv.index;
  check.b = s(op.getUpperBound());
  check.k0 = scalarWidth(op.getInductionVar().getType());
  check.k1 = op.getUnsignedCmp() ? 1 : 0;
  for (Operation &inner : body->without_terminator())
    if (failed(compileOp(&inner))) return failure();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  emitParallelCopy(yield.getOperands(), iterSlots, yield);
  Inst &inc = emit(H::forIncrement, op);
  inc.a = iv.index;
  inc.b = s(op.getStep());
  inc.k0 = scalarWidth(op.getInductionVar().getType());
  inc.imm = head;
  m.code[head].imm = pc();
  for (auto [from, res] : llvm::zip(iterSlots, op.getResults())) emitCopy(from, slotFor(res), op);
  return success();
}

LogicalResult Compiler::compileIf(scf::IfOp op) {
  Inst &br = emit(H::branchIfFalse, op);
  br.a = s(op.getCondition());
  uint32_t branchAt = pc() - 1;
  SmallVector<Slot> results = slotsOf(op.getResults());
  auto compileRegion = [&](Region &r) -> LogicalResult {
    if (r.empty()) return success();
    Block &b = r.front();
    for (Operation &inner : b.without_terminator())
      if (failed(compileOp(&inner))) return failure();
    auto yield = cast<scf::YieldOp>(b.getTerminator());
    emitParallelCopy(yield.getOperands(), results, yield);
    return success();
  };
  if (failed(compileRegion(op.getThenRegion()))) return failure();
  uint32_t jumpAt = pc();
  emit(H::jump, op);
  m.code[branchAt].imm = pc();
  if (failed(compileRegion(op.getElseRegion()))) return failure();
  m.code[jumpAt].imm = pc();
  return success();
}

LogicalResult Compiler::compileWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  Block &after = op.getAfter().front();
  SmallVector<Slot> beforeArgs = slotsOf(before.getArguments());
  emitParallelCopy(op.getInits(), beforeArgs, op);
  uint32_t head = pc();
  for (Operation &inner : before.without_terminator())
    if (failed(compileOp(&inner))) return failure();
  auto cond = cast<scf::ConditionOp>(before.getTerminator());
  Inst &br = emit(H::branchIfFalse, cond);
  br.a = s(cond.getCondition());
  uint32_t branchAt = pc() - 1;
  emitParallelCopy(cond.getArgs(), slotsOf(after.getArguments()), cond);
  for (Operation &inner : after.without_terminator())
    if (failed(compileOp(&inner))) return failure();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  emitParallelCopy(yield.getOperands(), beforeArgs, yield);
  Inst &back = emit(H::jump, op);
  back.imm = head;
  m.code[branchAt].imm = pc();
  emitParallelCopy(cond.getArgs(), slotsOf(op.getResults()), cond);
  return success();
}

LogicalResult Compiler::compileArith(Operation *op) {
  StringRef name = op->getName().getStringRef();
  auto unsupported = [&]() {
    return op->emitError() << "the ascreg interpreter does not execute '" << name
                           << "' on type "
                           << (op->getNumResults() ? op->getResult(0).getType()
                                                   : op->getOperand(0).getType());
  };
  // Only scalars: vector/tensor forms of arith are not part of a kernel.
  for (Value v : op->getOperands())
    if (!v.getType().isIntOrIndexOrFloat()) return unsupported();
  for (Value v : op->getResults())
    if (!v.getType().isIntOrIndexOrFloat()) return unsupported();

  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    Inst &i = emit(H::constant, op);
    i.r = s(c.getResult());
    Attribute v = c.getValue();
    if (auto ia = dyn_cast<IntegerAttr>(v))
      i.imm = ia.getValue().getZExtValue() & H::widthMask(scalarWidth(c.getType()));
    else if (auto fa = dyn_cast<FloatAttr>(v))
      i.imm = fa.getValue().bitcastToAPInt().getZExtValue();
    else
      return unsupported();
    return success();
  }
  if (auto c = dyn_cast<index::ConstantOp>(op)) {
    Inst &i = emit(H::constant, op);
    i.r = s(c.getResult());
    i.imm = c.getValue().getZExtValue();
    return success();
  }
  if (auto c = dyn_cast<index::BoolConstantOp>(op)) {
    Inst &i = emit(H::constant, op);
    i.r = s(c.getResult());
    i.imm = c.getValue() ? 1 : 0;
    return success();
  }
  if (Handler h = H::intBinary(name)) {
    Type t = op->getResult(0).getType();
    Inst &i = emitBinary(h, op);
    i.k0 = scalarWidth(t);
    i.imm = H::widthMask(i.k0);
    return success();
  }
  if (Handler h = H::floatBinary(name)) {
    Inst &i = emitBinary(h, op);
    auto code = floatCode(op->getResult(0).getType());
    if (!code) return unsupported();
    i.k0 = *code;
    return success();
  }
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    Inst &i = emit(H::cmpi, op);
    i.a = s(c.getLhs());
    i.b = s(c.getRhs());
    i.r = s(c.getResult());
    i.k0 = scalarWidth(c.getLhs().getType());
    i.k1 = static_cast<uint8_t>(c.getPredicate());
    return success();
  }
  if (auto c = dyn_cast<index::CmpOp>(op)) {
    // index.cmp predicates: eq ne slt sle sgt sge ult ule ugt uge, same order as arith.
    Inst &i = emit(H::cmpi, op);
    i.a = s(c.getLhs());
    i.b = s(c.getRhs());
    i.r = s(c.getResult());
    i.k0 = 64;
    i.k1 = static_cast<uint8_t>(c.getPred());
    return success();
  }
  if (auto c = dyn_cast<arith::CmpFOp>(op)) {
    Inst &i = emit(H::cmpf, op);
    i.a = s(c.getLhs());
    i.b = s(c.getRhs());
    i.r = s(c.getResult());
    auto code = floatCode(c.getLhs().getType());
    if (!code) return unsupported();
    i.k0 = *code;
    i.k1 = static_cast<uint8_t>(c.getPredicate());
    return success();
  }
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    Inst &i = emit(H::selectScalar, op);
    i.a = s(sel.getCondition());
    i.b = s(sel.getTrueValue());
    i.c = s(sel.getFalseValue());
    i.r = s(sel.getResult());
    return success();
  }
  if (isa<arith::ExtSIOp, arith::IndexCastOp, index::CastSOp>(op)) {
    unsigned from = scalarWidth(op->getOperand(0).getType());
    unsigned to = scalarWidth(op->getResult(0).getType());
    Inst &i = emitUnary(from < to ? H::extsi : H::truncOrZext, op);
    i.k0 = from;
    i.imm = H::widthMask(to);
    return success();
  }
  if (isa<arith::ExtUIOp, arith::TruncIOp, arith::IndexCastUIOp, index::CastUOp>(op)) {
    Inst &i = emitUnary(H::truncOrZext, op);
    i.imm = H::widthMask(scalarWidth(op->getResult(0).getType()));
    return success();
  }
  if (isa<arith::BitcastOp>(op)) {
    Inst &i = emitUnary(H::truncOrZext, op);
    i.imm = H::widthMask(scalarWidth(op->getResult(0).getType()));
    return success();
  }
  if (isa<arith::NegFOp>(op)) {
    Inst &i = emitUnary(H::negf, op);
    i.k0 = *floatCode(op->getResult(0).getType());
    return success();
  }
  if (isa<arith::SIToFPOp, arith::UIToFPOp>(op)) {
    auto code = floatCode(op->getResult(0).getType());
    if (!code) return unsupported();
    Inst &i = emitUnary(H::intToFloat, op);
    i.k0 = *code;
    i.k1 = scalarWidth(op->getOperand(0).getType());
    i.k2 = isa<arith::UIToFPOp>(op);
    return success();
  }
  if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
    auto code = floatCode(op->getOperand(0).getType());
    if (!code) return unsupported();
    Inst &i = emitUnary(H::floatToInt, op);
    i.k0 = *code;
    i.k1 = scalarWidth(op->getResult(0).getType());
    i.k2 = isa<arith::FPToUIOp>(op);
    return success();
  }
  if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
    auto from = floatCode(op->getOperand(0).getType());
    auto to = floatCode(op->getResult(0).getType());
    if (!from || !to) return unsupported();
    Inst &i = emitUnary(H::floatToFloat, op);
    i.k0 = *from;
    i.k1 = *to;
    return success();
  }
  return unsupported();
}

LogicalResult Compiler::compileMemRef(Operation *op) {
  auto elemBytesOf = [](MemRefType t) -> uint8_t { return t.getElementTypeBitWidth() / 8; };
  if (auto ld = dyn_cast<memref::LoadOp>(op)) {
    if (ld.getMemRefType().getRank() != 1)
      return op->emitError() << "the ascreg interpreter supports rank-1 memrefs only";
    Inst &i = emit(H::memrefLoad, op);
    i.a = s(ld.getMemRef());
    i.b = s(ld.getIndices()[0]);
    i.r = s(ld.getResult());
    i.k0 = elemBytesOf(ld.getMemRefType());
    i.imm = H::widthMask(ld.getMemRefType().getElementTypeBitWidth());
    return success();
  }
  if (auto st = dyn_cast<memref::StoreOp>(op)) {
    if (st.getMemRefType().getRank() != 1)
      return op->emitError() << "the ascreg interpreter supports rank-1 memrefs only";
    Inst &i = emit(H::memrefStore, op);
    i.a = s(st.getValueToStore());
    i.b = s(st.getMemRef());
    i.c = s(st.getIndices()[0]);
    i.k0 = elemBytesOf(st.getMemRefType());
    return success();
  }
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    Inst &i = emit(H::memrefDim, op);
    i.a = s(dim.getSource());
    i.b = s(dim.getIndex());
    i.r = s(dim.getResult());
    return success();
  }
  if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
    auto t = cast<MemRefType>(op->getResult(0).getType());
    if (t.getRank() != 1 || !t.getLayout().isIdentity() || t.getMemorySpace() ||
        !t.getElementType().isIntOrFloat())
      return op->emitError() << "the ascreg interpreter allocates rank-1 UB memrefs of integers "
                                "or floats only";
    Inst &i = emit(H::memrefAlloc, op);
    i.r = s(op->getResult(0));
    i.k0 = elemBytesOf(t);
    if (t.isDynamicDim(0)) {
      i.k1 = 1;
      i.a = s(op->getOperand(0));
    } else {
      i.imm = t.getDimSize(0);
    }
    return success();
  }
  if (isa<memref::DeallocOp>(op)) return success(); // UB is reset per run
  return op->emitError() << "the ascreg interpreter does not execute '" << op->getName() << "'";
}

LogicalResult Compiler::compileAscReg(Operation *op) {
  auto rt = [](Value v) { return ar::toRegType(cast<ar::VRegType>(v.getType())); };
  Inst *inst = nullptr;
  auto make = [&](Handler h) -> Inst & {
    inst = &emit(h, op);
    return *inst;
  };
  LogicalResult result =
      llvm::TypeSwitch<Operation *, LogicalResult>(op)
          .Case([&](ar::CreateMaskOp o) {
            Inst &i = make(H::createMask);
            i.r = s(o.getMask());
            sem::Mask mask;
            sem::createMask(ar::toRegType(cast<ar::VRegType>(o.getRegType())),
                            static_cast<sem::MaskPattern>(o.getPattern()), mask);
            m.maskConstants.push_back(mask);
            i.imm = m.maskConstants.size() - 1;
            return success();
          })
          .Case([&](ar::UpdateMaskOp o) {
            Inst &i = make(H::updateMask);
            i.a = s(o.getCount());
            i.r = s(o.getMask());
            i.r2 = s(o.getRest());
            i.t0 = ar::toRegType(cast<ar::VRegType>(o.getRegType()));
            return success();
          })
          .Case([&](ar::MaskAndOp o) {
            Inst &i = make(H::maskAnd);
            i.a = s(o.getLhs());
            i.b = s(o.getRhs());
            i.r = s(o.getResult());
            return success();
          })
          .Case([&](ar::MaskOrOp o) {
            Inst &i = make(H::maskOr);
            i.a = s(o.getLhs());
            i.b = s(o.getRhs());
            i.r = s(o.getResult());
            return success();
          })
          .Case([&](ar::MaskNotOp o) {
            Inst &i = make(H::maskNot);
            i.a = s(o.getInput());
            i.r = s(o.getResult());
            i.t0 = ar::toRegType(cast<ar::VRegType>(o.getRegType()));
            return success();
          })
          .Case([&](ar::LoadAlignOp o) {
            Inst &i = make(H::loadAlign);
            i.a = s(o.getBase());
            i.b = s(o.getOffset());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](ar::StoreAlignOp o) {
            Inst &i = make(H::storeAlign);
            i.a = s(o.getValue());
            i.b = s(o.getBase());
            i.c = s(o.getOffset());
            i.d = s(o.getMask());
            i.t0 = rt(o.getValue());
            return success();
          })
          .Case([&](ar::ReduceOp o) {
            Inst &i = make(H::reduce);
            i.a = s(o.getSrc());
            i.b = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            i.t1 = rt(o.getSrc());
            i.k0 = static_cast<uint8_t>(o.getKind()); // sum max min, same order
            return success();
          })
          .Case([&](ar::PairReduceSumOp o) {
            Inst &i = make(H::pairReduceSum);
            i.a = s(o.getSrc());
            i.b = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getSrc());
            return success();
          })
          .Case([&](ar::GatherOp o) -> LogicalResult {
            Inst &i = make(H::gather);
            i.a = s(o.getBase());
            i.b = s(o.getIndex());
            i.c = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            i.t1 = rt(o.getIndex());
            // The source kind: the one of the memref's candidates that is legal.
            Type e = o.getBase().getType().getElementType();
            sem::ElemKind src = i.t0.elem;
            if (e.getIntOrFloatBitWidth() == 8)
              src = sem::isUnsignedInt(i.t0.elem) ? sem::ElemKind::U8 : sem::ElemKind::I8;
            i.k0 = static_cast<uint8_t>(src);
            return success();
          })
          .Case([&](ar::GatherRegOp o) {
            Inst &i = make(H::gatherReg);
            i.a = s(o.getSrc());
            i.b = s(o.getIndex());
            i.r = s(o.getResult());
            i.t0 = rt(o.getSrc());
            return success();
          })
          .Case([&](ar::DuplicateOp o) {
            Inst &i = make(o.getMask() ? H::duplicateMasked : H::duplicate);
            i.a = s(o.getScalar());
            if (o.getMask()) i.b = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](ar::ArangeOp o) {
            Inst &i = make(H::arange);
            i.a = s(o.getStart());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](ar::CompareOp o) {
            Inst &i = make(H::compare);
            i.a = s(o.getLhs());
            i.b = s(o.getRhs());
            i.c = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getLhs());
            i.k0 = static_cast<uint8_t>(o.getPredicate()); // eq ne lt le gt ge, same order
            return success();
          })
          .Case([&](ar::SelectOp o) {
            Inst &i = make(H::select);
            i.a = s(o.getMask());
            i.b = s(o.getTrueValue());
            i.c = s(o.getFalseValue());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case<ar::AddOp, ar::MaxOp, ar::MinOp>([&](auto o) {
            Inst &i = make(H::binary);
            i.a = s(o.getLhs());
            i.b = s(o.getRhs());
            i.c = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            i.k0 = static_cast<uint8_t>(isa<ar::AddOp>(o.getOperation())   ? sem::BinaryKind::Add
                                        : isa<ar::MaxOp>(o.getOperation()) ? sem::BinaryKind::Max
                                                                           : sem::BinaryKind::Min);
            return success();
          })
          .Case([&](ar::BitcastOp o) {
            Inst &i = make(H::bitcast);
            i.a = s(o.getSource());
            i.r = s(o.getResult());
            i.t0 = rt(o.getSource());
            return success();
          })
          .Default([&](Operation *) {
            return op->emitError() << "the ascreg interpreter does not execute '"
                                   << op->getName() << "'";
          });
  if (succeeded(result) && inst && m.options.trace) addTrace(op, *inst);
  return result;
}

/// The register type of a lane width in bits (predicate ops of pset/plt).
static sem::RegType laneType(unsigned bits) {
  return {bits == 8 ? sem::ElemKind::U8 : bits == 16 ? sem::ElemKind::U16 : sem::ElemKind::U32, 1};
}

LogicalResult Compiler::compileDav(Operation *op) {
  auto rt = [](Value v) { return ar::toRegType(cast<ar::VRegType>(v.getType())); };
  Inst *inst = nullptr;
  auto make = [&](Handler h) -> Inst & {
    inst = &emit(h, op);
    return *inst;
  };
  auto pset = [&](Value result, ar::MaskPattern p, unsigned bits) {
    Inst &i = make(H::createMask);
    i.r = s(result);
    sem::Mask mask;
    sem::createMask(laneType(bits), static_cast<sem::MaskPattern>(p), mask);
    m.maskConstants.push_back(mask);
    i.imm = m.maskConstants.size() - 1;
    return success();
  };
  auto plt = [&](Operation *o, unsigned bits) {
    Inst &i = make(H::updateMask);
    i.a = s(o->getOperand(0));
    i.r = s(o->getResult(0));
    i.r2 = s(o->getResult(1));
    i.t0 = laneType(bits);
    return success();
  };
  auto binary = [&](Operation *o, Handler h, uint8_t k0) {
    Inst &i = make(h);
    i.a = s(o->getOperand(0));
    i.b = s(o->getOperand(1));
    i.c = s(o->getOperand(2));
    i.r = s(o->getResult(0));
    if (isa<ar::VRegType>(o->getResult(0).getType())) i.t0 = rt(o->getResult(0));
    i.k0 = k0;
    return success();
  };
  auto reduce = [&](Operation *o, Handler h, uint8_t k0) {
    Inst &i = make(h);
    i.a = s(o->getOperand(0));
    i.b = s(o->getOperand(1));
    i.r = s(o->getResult(0));
    i.t0 = rt(o->getResult(0));
    i.t1 = rt(o->getOperand(0));
    i.k0 = k0;
    return success();
  };
  auto twoResults = [&](Operation *o, Handler h) {
    Inst &i = make(h);
    i.a = s(o->getOperand(0));
    i.b = o->getNumOperands() > 1 ? s(o->getOperand(1)) : 0;
    i.r = s(o->getResult(0));
    i.r2 = s(o->getResult(1));
    if (auto t = dyn_cast<ar::VRegType>(o->getResult(0).getType())) i.t0 = ar::toRegType(t);
    return success();
  };
  using SO = sem::dav::ScalarOp;
  LogicalResult result =
      llvm::TypeSwitch<Operation *, LogicalResult>(op)
          .Case([&](dav::PsetB8Op o) { return pset(o.getMask(), o.getPattern(), 8); })
          .Case([&](dav::PsetB16Op o) { return pset(o.getMask(), o.getPattern(), 16); })
          .Case([&](dav::PsetB32Op o) { return pset(o.getMask(), o.getPattern(), 32); })
          .Case([&](dav::PltB8Op o) { return plt(o, 8); })
          .Case([&](dav::PltB16Op o) { return plt(o, 16); })
          .Case([&](dav::PltB32Op o) { return plt(o, 32); })
          .Case([&](dav::PandOp o) { return binary(o, H::davPand, 0); })
          .Case([&](dav::PorOp o) { return binary(o, H::davPor, 0); })
          .Case([&](dav::PnotOp o) {
            Inst &i = make(H::davPnot);
            i.a = s(o.getInput());
            i.b = s(o.getMask());
            i.r = s(o.getResult());
            return success();
          })
          .Case([&](dav::PpackOp o) {
            Inst &i = make(H::davPpack);
            i.a = s(o.getInput());
            i.r = s(o.getResult());
            i.k0 = o.getPart() == dav::HalfPart::higher;
            return success();
          })
          .Case([&](dav::PunpackOp o) {
            Inst &i = make(H::davPunpack);
            i.a = s(o.getInput());
            i.r = s(o.getResult());
            i.k0 = o.getPart() == dav::HalfPart::higher;
            return success();
          })
          .Case([&](dav::PintlvB32Op o) { return twoResults(o, H::davPintlvB32); })
          .Case([&](dav::VldsOp o) {
            Inst &i = make(H::loadAlign);
            i.a = s(o.getBase());
            i.b = s(o.getOffset());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](dav::VldsDintlvOp o) { return twoResults(o, H::davVldsDintlv); })
          .Case([&](dav::VstsOp o) {
            Inst &i = make(H::storeAlign);
            i.a = s(o.getValue());
            i.b = s(o.getBase());
            i.c = s(o.getOffset());
            i.d = s(o.getMask());
            i.t0 = rt(o.getValue());
            return success();
          })
          .Case([&](dav::VcaddOp o) { return reduce(o, H::reduce, static_cast<uint8_t>(sem::ReduceKind::Sum)); })
          .Case([&](dav::VcmaxOp o) { return reduce(o, H::reduce, static_cast<uint8_t>(sem::ReduceKind::Max)); })
          .Case([&](dav::VcminOp o) { return reduce(o, H::reduce, static_cast<uint8_t>(sem::ReduceKind::Min)); })
          .Case([&](dav::VcpaddOp o) { return reduce(o, H::pairReduceSum, 0); })
          .Case([&](dav::Vgather2Op o) {
            Inst &i = make(H::gather);
            i.a = s(o.getBase());
            i.b = s(o.getIndex());
            i.c = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            i.t1 = rt(o.getIndex());
            Type me = o.getBase().getType().getElementType();
            Type unit = o.getUnit() ? *o.getUnit() : me;
            unsigned ub = unit.getIntOrFloatBitWidth() / 8;
            sem::ElemKind src = i.t0.elem;
            if (ub == 1)
              src = sem::isUnsignedInt(i.t0.elem) ? sem::ElemKind::U8 : sem::ElemKind::I8;
            i.k0 = static_cast<uint8_t>(src);
            i.k1 = static_cast<uint8_t>(me.getIntOrFloatBitWidth() / 8 / ub);
            return success();
          })
          .Case([&](dav::VselrOp o) {
            Inst &i = make(H::gatherReg);
            i.a = s(o.getSrc());
            i.b = s(o.getIndex());
            i.r = s(o.getResult());
            i.t0 = rt(o.getSrc());
            return success();
          })
          .Case([&](dav::VbrOp o) {
            Inst &i = make(H::duplicate);
            i.a = s(o.getScalar());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](dav::VdupOp o) {
            Inst &i = make(H::duplicateMasked);
            i.a = s(o.getScalar());
            i.b = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](dav::VdupLaneOp o) {
            Inst &i = make(H::davVdupLane0);
            i.a = s(o.getSrc());
            i.b = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](dav::VciOp o) {
            Inst &i = make(H::arange);
            i.a = s(o.getStart());
            i.r = s(o.getResult());
            i.t0 = rt(o.getResult());
            return success();
          })
          .Case([&](dav::VcmpOp o) {
            Inst &i = make(H::compare);
            i.a = s(o.getLhs());
            i.b = s(o.getRhs());
            i.c = s(o.getMask());
            i.r = s(o.getResult());
            i.t0 = rt(o.getLhs());
            i.k0 = static_cast<uint8_t>(o.getPredicate());
            return success();
          })
          .Case([&](dav::VselOp o) { return binary(o, H::davSelect, 0); })
          .Case([&](dav::VaddOp o) { return binary(o, H::binary, static_cast<uint8_t>(sem::BinaryKind::Add)); })
          .Case([&](dav::VmaxOp o) { return binary(o, H::binary, static_cast<uint8_t>(sem::BinaryKind::Max)); })
          .Case([&](dav::VminOp o) { return binary(o, H::binary, static_cast<uint8_t>(sem::BinaryKind::Min)); })
          .Case([&](dav::VandOp o) { return binary(o, H::davVand, 0); })
          .Case([&](dav::VaddsOp o) { return binary(o, H::davScalarOp, static_cast<uint8_t>(SO::Adds)); })
          .Case([&](dav::VmulsOp o) { return binary(o, H::davScalarOp, static_cast<uint8_t>(SO::Muls)); })
          .Case([&](dav::VshlsOp o) { return binary(o, H::davScalarOp, static_cast<uint8_t>(SO::Shls)); })
          .Case([&](dav::VshrsOp o) { return binary(o, H::davScalarOp, static_cast<uint8_t>(SO::Shrs)); })
          .Case([&](dav::VintlvOp o) { return twoResults(o, H::davVintlv); })
          .Case([&](dav::VdintlvOp o) { return twoResults(o, H::davVdintlv); })
          .Case([&](dav::ReinterpretOp o) {
            Inst &i = make(H::bitcast);
            i.a = s(o.getSource());
            i.r = s(o.getResult());
            i.t0 = rt(o.getSource());
            return success();
          })
          .Default([&](Operation *) {
            return op->emitError() << "the ascreg interpreter does not execute '"
                                   << op->getName() << "'";
          });
  if (succeeded(result) && inst && m.options.trace) addTrace(op, *inst);
  return result;
}

void Compiler::addTrace(Operation *op, Inst &inst) {
  inst.inner = inst.fn;
  inst.fn = traceHandler;
  if (m.trace.size() < m.ops.size()) m.trace.resize(m.ops.size());
  TraceInfo &info = m.trace[inst.op];
  std::string header;
  llvm::raw_string_ostream os(header);
  os << op->getName();
  if (auto kind = op->getAttrOfType<ar::ReduceKindAttr>("kind"))
    os << " <" << ar::stringifyReduceKind(kind.getValue()) << ">";
  if (auto pred = op->getAttrOfType<ar::ComparePredicateAttr>("predicate"))
    os << " <" << ar::stringifyComparePredicate(pred.getValue()) << ">";
  if (auto pat = op->getAttrOfType<ar::MaskPatternAttr>("pattern"))
    os << " <" << ar::stringifyMaskPattern(pat.getValue()) << ">";
  os << " at ";
  Location loc = op->getLoc();
  if (auto fl = loc->findInstanceOf<FileLineColLoc>())
    os << fl.getFilename().getValue() << ":" << fl.getLine() << ":" << fl.getColumn();
  else
    loc.print(os);
  info.header = header;
  auto describe = [&](Value v) {
    TraceValue tv;
    Slot sl = slotFor(v);
    tv.kind = sl.kind;
    tv.slot = sl.index;
    tv.type = v.getType();
    llvm::raw_string_ostream nos(tv.name);
    v.printAsOperand(nos, *asmState);
    return tv;
  };
  for (Value v : op->getOperands()) info.inputs.push_back(describe(v));
  for (Value v : op->getResults()) info.outputs.push_back(describe(v));
  // Which register type gives the mask bits their lanes.
  if (auto g = dyn_cast<ar::GatherOp>(op))
    info.maskLanes = ar::toRegType(g.getResult().getType());
  else if (auto u = dyn_cast<ar::UpdateMaskOp>(op))
    info.maskLanes = ar::toRegType(cast<ar::VRegType>(u.getRegType()));
  else if (auto c = dyn_cast<ar::CreateMaskOp>(op))
    info.maskLanes = ar::toRegType(cast<ar::VRegType>(c.getRegType()));
  else if (auto n = dyn_cast<ar::MaskNotOp>(op))
    info.maskLanes = ar::toRegType(cast<ar::VRegType>(n.getRegType()));
  else
    for (Value v : op->getOperands())
      if (auto t = dyn_cast<ar::VRegType>(v.getType())) {
        info.maskLanes = ar::toRegType(t);
        break;
      }
}

} // namespace

//===----------------------------------------------------------------------===//
// CompiledKernel
//===----------------------------------------------------------------------===//

CompiledKernel::CompiledKernel() : machine(std::make_unique<Machine>()) {}
CompiledKernel::~CompiledKernel() = default;

FailureOr<std::unique_ptr<CompiledKernel>> CompiledKernel::compile(func::FuncOp fn,
                                                                  const Options &options) {
  std::unique_ptr<CompiledKernel> kernel(new CompiledKernel());
  kernel->machine->options = options;
  Compiler compiler(*kernel->machine, fn);
  if (failed(compiler.compile())) return failure();
  kernel->machine->prepareFrames();
  return kernel;
}

LogicalResult CompiledKernel::run(ArrayRef<Arg> args) {
  Machine &m = *machine;
  if (args.size() != m.params.size())
    return m.func->emitError() << "kernel takes " << m.params.size() << " arguments, got "
                               << args.size();
  m.buffers.clear();
  m.arenaUsed = 0;
  m.steps = 0;
  m.failed = false;
  // Place the buffers in UB in parameter order and bind the scalars.
  for (auto [i, p] : llvm::enumerate(m.params)) {
    const Arg &a = args[i];
    if (p.isMemRef != a.isBuffer)
      return m.func->emitError() << "argument " << i << " must be "
                                 << (p.isMemRef ? "a buffer" : "a scalar") << " for parameter type "
                                 << p.type;
    if (!p.isMemRef) {
      m.S[p.slot] = a.bits;
      continue;
    }
    if (p.staticSize >= 0 && static_cast<uint64_t>(p.staticSize) != a.numElements)
      return m.func->emitError() << "argument " << i << " has " << a.numElements
                                 << " elements but parameter type " << p.type << " needs "
                                 << p.staticSize;
    // The kernel works on the caller's buffer in place; UB placement (and so
    // alignment and capacity) is modelled by the assigned UB address.
    auto id = m.allocate(a.numElements, p.elemBytes, m.func, static_cast<uint8_t *>(a.data));
    if (failed(id)) return failure();
    m.S[p.slot] = *id;
  }
  m.execute();
  // After a failure the buffers hold the partial results (useful for
  // debugging; callers must not trust them).
  return failure(m.failed);
}

uint64_t CompiledKernel::executedInstructions() const { return machine->executed; }
size_t CompiledKernel::numInstructions() const { return machine->code.size(); }

} // namespace interp
} // namespace ascreg
