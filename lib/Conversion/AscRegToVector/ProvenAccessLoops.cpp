//===- ProvenAccessLoops.cpp - UB checks proven at loop entry -----*- C++ -*-===//
//
// The vector lowering checks every load_align / store_align at run time:
// the access inside UB, its offset bounded, its address 32-byte aligned
// (checkRegAccess). Inside a loop these checks run in every iteration, and
// most kernels' accesses step through a buffer at a constant stride:
//
//   scf.for %r = %lb to %ub step %c1 {
//     %off = arith.muli %r, %c64 : index
//     %v = ascreg.load_align %src[%off] ...
//
// Then the offset is affine in the induction variable and the checks of all
// iterations hold if they hold for the first and the last one (the address
// is monotone in between) and, for the alignment, for the first one with a
// stride that is a multiple of the alignment. Those checks are evaluated
// once before the loop, and each proven access checks only when they fail:
//
//   %proven = <no iteration> or <the checks of the first and last iteration>
//   scf.for ... {
//     scf.if !%proven { <the access's checks> }
//     <the access>
//
// so a failing access still fails in the same iteration with the same
// message, and a proven loop pays one loop-invariant branch per access.
// (Versioning the loop, a checked and an unchecked copy, ran as fast but
// doubled the JIT's compile time of every loop kernel: LLVM compiled both.)
//
// The proof is a function of its own, called once before the loop, that
// LLVM's module optimizer skips (`optnone`; the JIT lets the code generator
// optimize it, kLoopProofLLVMAttr):
//
//   func.func private @__ascreg_loop_proof(<what it reads>) -> (i1, ...)
//       attributes {ascreg.loop_proof, passthrough = ["noinline",
//                   "optnone", "nounwind", ["ascreg-loop-proof", ""]]}
//   %proof:N = func.call @__ascreg_loop_proof(...)
//   scf.for ... { scf.if !%proof#0 { <the access's checks> } ...
//
// Its long conjunction of compares is cold code, run once per loop entry,
// but as code of the kernel it was half of LLVM's module optimization of a
// loop kernel (InstCombine asks isImpliedCondition of every `and` in the
// chain): `opt -O2` of and_i32's IR 17.5 -> 7.6 ms when outlined so.
//
// Wrap-around: the proof evaluates the offsets with the loop's own i64
// arithmetic, congruent modulo 2^64 to slope * iv + c. With |slope| <=
// 2^20 and both ends of the iteration space within 2^40, the exact values
// at the two ends lie within 2^63 + 2^60 of 0, so their wrapped values can
// be inside the checked ranges (a few times the UB capacity) only if the
// exact values are: every iteration's offset lies between them, unwrapped.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace ascreg {
namespace tovector {
namespace {

/// The largest |slope| of an offset in the induction variable, and the
/// largest |bound| of the iteration space, that the proof accepts (see the
/// file comment).
constexpr int64_t kMaxSlope = int64_t(1) << 20;
constexpr int64_t kMaxBound = int64_t(1) << 40;
constexpr int64_t kAlignment = sem::kUBAlignment;

/// One register access of a loop's body whose offset is affine in the
/// induction variable.
struct Access {
  Operation *op;
  Value base, offset;
  unsigned bytes;
  bool isStore;
};

/// The slope of `v` in the induction variable of `loop` if `v` is an affine
/// function of it built with arith.addi/subi/muli (by constants) from values
/// defined in the loop's body or before the loop.
std::optional<int64_t> slopeOf(Value v, scf::ForOp loop, unsigned depth = 0) {
  if (v == loop.getInductionVar())
    return 1;
  if (loop.isDefinedOutsideOfLoop(v))
    return 0;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || depth > 16 || !v.getType().isIndex())
    return std::nullopt;
  if (isa<arith::ConstantOp>(def))
    return 0;
  auto bounded = [](int64_t s) -> std::optional<int64_t> {
    if (s < -kMaxSlope || s > kMaxSlope)
      return std::nullopt;
    return s;
  };
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    std::optional<int64_t> l = slopeOf(def->getOperand(0), loop, depth + 1);
    std::optional<int64_t> r = slopeOf(def->getOperand(1), loop, depth + 1);
    if (!l || !r)
      return std::nullopt;
    return bounded(isa<arith::AddIOp>(def) ? *l + *r : *l - *r);
  }
  if (isa<arith::MulIOp>(def)) {
    std::optional<int64_t> l = slopeOf(def->getOperand(0), loop, depth + 1);
    std::optional<int64_t> r = slopeOf(def->getOperand(1), loop, depth + 1);
    if (!l || !r)
      return std::nullopt;
    if (*l == 0 && *r == 0)
      return 0;
    std::optional<int64_t> c = getConstantIntValue(def->getOperand(*l == 0 ? 0 : 1));
    if (!c || (*l != 0 && *r != 0))
      return std::nullopt;
    int64_t s;
    if (llvm::MulOverflow(*c, *l == 0 ? *r : *l, s))
      return std::nullopt;
    return bounded(s);
  }
  return std::nullopt;
}

/// `v` (accepted by slopeOf) at induction variable `iv`, built at `b`.
Value valueAt(OpBuilder &b, Value v, scf::ForOp loop, IRMapping &at) {
  if (Value known = at.lookupOrNull(v))
    return known;
  if (loop.isDefinedOutsideOfLoop(v))
    return v;
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    valueAt(b, operand, loop, at);
  b.clone(*def, at);
  return at.lookup(v);
}

/// The accesses of `loop`'s body (not of nested regions) that the proof
/// covers: a base defined before the loop, an affine offset and, for
/// alignments above the element size, a stride that keeps the alignment.
SmallVector<Access> provableAccesses(scf::ForOp loop, int64_t step) {
  SmallVector<Access> accesses;
  for (Operation &op : loop.getBody()->without_terminator()) {
    Value base, offset, reg;
    if (auto load = dyn_cast<LoadAlignOp>(op)) {
      base = load.getBase();
      offset = load.getOffset();
      reg = load.getResult();
    } else if (auto store = dyn_cast<StoreAlignOp>(op)) {
      base = store.getBase();
      offset = store.getOffset();
      reg = store.getValue();
    } else {
      continue;
    }
    if (!loop.isDefinedOutsideOfLoop(base))
      continue;
    std::optional<int64_t> slope = slopeOf(offset, loop);
    if (!slope)
      continue;
    int64_t elemBytes = cast<MemRefType>(base.getType()).getElementTypeBitWidth() / 8;
    // checkRegAccess checks the alignment only above the element size.
    if (kAlignment > elemBytes && (*slope * step * elemBytes) % kAlignment != 0)
      continue;
    accesses.push_back({&op, base, offset, regTypeOf(reg).bytes(), isa<StoreAlignOp>(op)});
  }
  return accesses;
}

/// The checks of checkRegAccess on `offset` of `a` (i1): inside UB, the
/// offset bounded and, if `withAlignment`, the address aligned. `addr`
/// receives the access's UB address.
Value accessHolds(VectorBuilder &e, const Access &a, Value offset, bool withAlignment,
                  Value &addr) {
  UBPlace p = placeAccess(e, a.op, a.base, offset);
  addr = p.addr;
  Value zero = e.index(0);
  Value last = arith::SubIOp::create(e.b, e.loc, p.capacity, e.index(a.bytes));
  Value ok = signedWithin(e.b, e.loc, p.addr, zero, last);
  ok = arith::AndIOp::create(e.b, e.loc, ok, indexWithin(e.b, e.loc, offset, p.capacity));
  int64_t elemBytes = cast<MemRefType>(a.base.getType()).getElementTypeBitWidth() / 8;
  if (!withAlignment || kAlignment <= elemBytes)
    return ok;
  Value rem = arith::RemSIOp::create(e.b, e.loc, p.addr, e.index(kAlignment));
  Value aligned = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, rem, zero);
  return arith::AndIOp::create(e.b, e.loc, ok, aligned);
}

/// Whether nothing in the body of `loop` can stop the kernel when `proof`
/// holds: every op is an access proven by it or free of memory effects (a
/// runtime check is a call or cf.assert; an unproven access, gather or
/// scalar access has effects).
bool runsToTheEnd(scf::ForOp loop, Value proof, RuntimeChecker &checker) {
  WalkResult r = loop.getBody()->walk([&](Operation *op) {
    if (checker.proofOf(op) == proof || op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !r.wasInterrupted();
}

/// Values computed for `loop` in a function of their own, called before
/// the loop: built with builder() as if before the loop (reading the
/// kernel's values directly), then made a function by callBefore, which
/// passes what they read as arguments (constants are cloned).
class ProofFunction {
public:
  explicit ProofFunction(scf::ForOp loop)
      : fn(func::FuncOp::create(loop.getLoc(), "__ascreg_loop_proof",
                                FunctionType::get(loop.getContext(), {}, {}))),
        b(loop.getContext()) {
    b.setInsertionPointToStart(fn.addEntryBlock());
  }
  OpBuilder &builder() { return b; }

  /// Returns `results` as computed by a call before `loop`; the function
  /// goes after the loop's function in `symbols` (renamed if its name is
  /// taken).
  SmallVector<Value> callBefore(scf::ForOp loop, ValueRange results, SymbolTable &symbols) {
    Location loc = loop.getLoc();
    func::ReturnOp::create(b, loc, results);
    Region &body = fn.getBody();
    Block *entry = &body.front();
    // The values read from the kernel (getUsedValuesDefinedAbove does not
    // see them: the function is not in the module yet).
    llvm::SetVector<Value> captured;
    body.walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (!body.isAncestor(v.getParentRegion()))
          captured.insert(v);
    });
    SmallVector<Value> args;
    for (Value v : captured) {
      Operation *def = v.getDefiningOp();
      Value inside;
      if (def && def->hasTrait<OpTrait::ConstantLike>()) {
        OpBuilder atStart = OpBuilder::atBlockBegin(entry);
        inside = atStart.clone(*def)->getResult(cast<OpResult>(v).getResultNumber());
      } else {
        args.push_back(v);
        inside = entry->addArgument(v.getType(), v.getLoc());
      }
      replaceAllUsesInRegionWith(v, inside, body);
    }
    fn.setFunctionType(
        FunctionType::get(fn.getContext(), entry->getArgumentTypes(), results.getTypes()));
    fn.setPrivate();
    OpBuilder attrs(fn.getContext());
    fn->setAttr("passthrough",
                attrs.getArrayAttr({attrs.getStringAttr("noinline"), attrs.getStringAttr("optnone"),
                                    attrs.getStringAttr("nounwind"),
                                    attrs.getStrArrayAttr({kLoopProofLLVMAttr, ""})}));
    fn->setAttr(kLoopProofAttr, attrs.getUnitAttr());
    auto parent = loop->getParentOfType<func::FuncOp>();
    symbols.insert(fn, std::next(Block::iterator(parent)));
    OpBuilder before(loop);
    return SmallVector<Value>(func::CallOp::create(before, loc, fn, args).getResults());
  }

private:
  func::FuncOp fn;
  OpBuilder b;
};

/// Computes the proof of `accesses` before `loop` and marks them proven by it.
void proveLoop(scf::ForOp loop, int64_t step, ArrayRef<Access> accesses, RuntimeChecker &checker,
               SymbolTable &symbols) {
  ProofFunction proof(loop);
  OpBuilder &b = proof.builder();
  VectorBuilder e{b, loop.getLoc()};
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value limit = e.index(kMaxBound);
  Value negLimit = e.index(-kMaxBound);
  // No iteration: nothing to check.
  Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, ub, lb);
  Value bounded = arith::AndIOp::create(b, loc, signedWithin(b, loc, lb, negLimit, limit),
                                        signedWithin(b, loc, ub, negLimit, limit));
  // The last iteration: lb + (ub - lb - 1) / step * step.
  Value span = arith::SubIOp::create(b, loc, arith::SubIOp::create(b, loc, ub, lb), e.index(1));
  Value stepC = e.index(step);
  Value lastIv = arith::AddIOp::create(
      b, loc, lb,
      arith::MulIOp::create(b, loc, arith::DivSIOp::create(b, loc, span, stepC), stepC));
  Value holds = bounded;
  // The UB range each store writes over all iterations: [lowest address,
  // highest address + bytes), the address being monotone.
  SmallVector<Value> storeRanges;
  for (const Access &a : accesses) {
    IRMapping atFirst, atLast;
    atFirst.map(loop.getInductionVar(), lb);
    atLast.map(loop.getInductionVar(), lastIv);
    Value first = valueAt(b, a.offset, loop, atFirst);
    Value last = valueAt(b, a.offset, loop, atLast);
    Value firstAddr, lastAddr;
    holds = arith::AndIOp::create(b, loc, holds,
                                  accessHolds(e, a, first, /*withAlignment=*/true, firstAddr));
    holds = arith::AndIOp::create(b, loc, holds,
                                  accessHolds(e, a, last, /*withAlignment=*/false, lastAddr));
    if (a.isStore) {
      Value lo = arith::MinSIOp::create(b, loc, firstAddr, lastAddr);
      Value hi = arith::MaxSIOp::create(b, loc, firstAddr, lastAddr);
      Value bytes =
          arith::AddIOp::create(b, loc, arith::SubIOp::create(b, loc, hi, lo), e.index(a.bytes));
      storeRanges.append({lo, bytes});
    }
  }
  // The function returns whether the accesses are proven and, for the
  // stores' records below, whether the loop runs at all and the ranges.
  SmallVector<Value> results = {arith::OrIOp::create(b, loc, empty, holds)};
  std::optional<UBArena> arena = getUBArena(loop);
  if (arena && !storeRanges.empty()) {
    results.push_back(arith::AndIOp::create(b, loc, holds, e.notI1(empty)));
    results.append(storeRanges);
  }
  SmallVector<Value> computed = proof.callBefore(loop, results, symbols);
  Value proven = computed[0];
  for (const Access &a : accesses)
    checker.markProvenWhen(a.op, proven);

  // The stores record their writes in the UB state (noteUBWrite), a load,
  // two min/max and two stores through memory per store and iteration.
  // When nothing else in the loop can stop the kernel (every other op is
  // free of memory effects), a proven loop runs all its iterations: the
  // union of its stores' ranges is recorded once before it, which is what
  // the per-iteration records add up to.
  if (computed.size() == 1 || !runsToTheEnd(loop, proven, checker))
    return;
  OpBuilder before(loop);
  auto note = scf::IfOp::create(before, loc, computed[1], /*withElseRegion=*/false);
  before.setInsertionPointToStart(note.thenBlock());
  for (size_t i = 2; i < computed.size(); i += 2)
    noteUBWrite(before, loc, *arena, computed[i], computed[i + 1]);
  for (const Access &a : accesses)
    if (a.isStore)
      checker.markWriteNoted(a.op);
}

} // namespace
} // namespace tovector

void proveLoopAccesses(ModuleOp module, RuntimeChecker &checker) {
  using namespace tovector;
  if (!checker.enabled())
    return;
  // Post-order: inner loops first; an access is proven by its innermost
  // loop only (provableAccesses looks at a loop's own body).
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  SymbolTable symbols(module);
  for (scf::ForOp loop : loops) {
    if (!loop.getInductionVar().getType().isIndex() || loop.getUnsignedCmp() ||
        !loop->getParentOfType<func::FuncOp>())
      continue;
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!step || *step <= 0 || *step > kMaxSlope)
      continue;
    SmallVector<Access> accesses = provableAccesses(loop, *step);
    if (!accesses.empty())
      proveLoop(loop, *step, accesses, checker, symbols);
  }
}

} // namespace ascreg
