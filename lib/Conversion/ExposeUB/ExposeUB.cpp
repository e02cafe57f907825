//===- ExposeUB.cpp - the Unified Buffer as an explicit arena ---*- C++ -*-===//
//
// Gives host code the NPU's memory model: one arena for every buffer of a
// kernel (see the pass description in Passes.td).
//
//   func.func @k(%a: memref<?xf32>, %n: index) {       func.func @k(%a: memref<?xf32>, %n: index,
//     %t = memref.alloc(%n) : memref<?xf32>   ==>                  %ub: memref<?xi8>, %st:
//     memref<4xindex>) memref.store %x, %t[%i] ...                        attributes
//     {ascreg.ub_argument = 2} {
//                                                        %top = memref.load %st[0]
//                                                        %at = (%top + 31) & -32  ... check %at +
//                                                        4n <= cap memref.store %at + 4n, %st[0] %t
//                                                        = memref.view %ub[%at][%n] : ... to
//                                                        memref<?xf32>
//                                                        ... check UB bounds; record the write
//                                                        memref.store %x, %t[%i] ...
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace ascreg {
#define GEN_PASS_DEF_EXPOSEUNIFIEDBUFFERPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

/// A UB buffer or a view of one: rank 1, contiguous, default memory space.
bool isUBBuffer(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  return mt && isUBViewType(mt) && mt.getElementType().isIntOrFloat() &&
         mt.getElementTypeBitWidth() % 8 == 0;
}

unsigned elemBytes(Type memref) { return cast<MemRefType>(memref).getElementTypeBitWidth() / 8; }

struct ExposeUnifiedBufferPass
    : public ascreg::impl::ExposeUnifiedBufferPassBase<ExposeUnifiedBufferPass> {
  using ExposeUnifiedBufferPassBase::ExposeUnifiedBufferPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(verifyKernelMemRefs(module)))
      return signalPassFailure();
    RuntimeChecker checker(module, runtimeChecks, checkFailure);
    for (auto fn : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (fn.isExternal() || fn->hasAttr(kUBArgumentAttr) || fn->hasAttr(kLoopProofAttr))
        continue;
      if (failed(expose(fn, checker)))
        return signalPassFailure();
    }
  }

  LogicalResult expose(func::FuncOp fn, RuntimeChecker &checker) {
    MLIRContext *ctx = fn.getContext();
    WalkResult calls = fn.walk([&](func::CallOp call) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
      if (callee && callee->hasAttr(kLoopProofAttr))
        return WalkResult::advance();
      call.emitError() << "calls are not supported in kernels run on the host (the callee "
                          "would need the kernel's Unified Buffer)";
      return WalkResult::interrupt();
    });
    if (calls.wasInterrupted())
      return failure();
    // The arena and the state become the last two parameters.
    unsigned index = fn.getNumArguments();
    Type arenaType = MemRefType::get({ShapedType::kDynamic}, IntegerType::get(ctx, 8));
    Type stateType = MemRefType::get({4}, IndexType::get(ctx));
    Location loc = fn.getLoc();
    if (failed(fn.insertArguments({index, index}, {arenaType, stateType}, {}, {loc, loc})))
      return failure();
    fn->setAttr(kUBArgumentAttr, IntegerAttr::get(IntegerType::get(ctx, 64), index));
    UBArena ub{fn.getArgument(index), fn.getArgument(index + 1)};

    SmallVector<Operation *> allocs, accesses, deallocs, views;
    fn.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::AllocaOp>(op) && isUBBuffer(op->getResult(0).getType()))
        allocs.push_back(op);
      else if (isa<memref::SubViewOp, memref::CastOp>(op))
        views.push_back(op);
      else if (isa<memref::LoadOp, memref::StoreOp>(op))
        accesses.push_back(op);
      else if (isa<memref::DeallocOp>(op))
        deallocs.push_back(op);
    });
    for (Operation *op : allocs)
      rewriteAlloc(op, ub, checker);
    for (Operation *op : accesses)
      checkAccess(op, ub, checker);
    if (checker.enabled())
      for (Operation *op : views)
        checkView(op, checker);
    for (Operation *op : deallocs)
      op->erase(); // views of the arena: nothing to free
    return success();
  }

  /// alloc -> view of the arena at the next aligned address.
  void rewriteAlloc(Operation *op, const UBArena &ub, RuntimeChecker &checker) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto type = cast<MemRefType>(op->getResult(0).getType());
    auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
    Value n = type.isDynamicDim(0) ? op->getOperand(0) : cst(type.getDimSize(0));
    Value top = memref::LoadOp::create(b, loc, ub.state, ValueRange{cst(0)});
    Value at = arith::AndIOp::create(b, loc,
                                     arith::AddIOp::create(b, loc, top, cst(sem::kUBAlignment - 1)),
                                     cst(-static_cast<int64_t>(sem::kUBAlignment)));
    Value cap = ubCapacityOf(b, loc, ub);
    // n <= cap first, so that n * bytes cannot wrap.
    Value bytes = arith::MulIOp::create(b, loc, n, cst(type.getElementTypeBitWidth() / 8));
    Value end = arith::AddIOp::create(b, loc, at, bytes);
    Value countFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, n, cap);
    Value endFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, end, cap);
    Value fits = arith::AndIOp::create(b, loc, countFits, endFits);
    checker.require(b, op, fits, sem::RuntimeErrorKind::AllocationExceedsUB, {bytes, at});
    memref::StoreOp::create(b, loc, end, ub.state, ValueRange{cst(0)});
    SmallVector<Value> sizes;
    if (type.isDynamicDim(0))
      sizes.push_back(n);
    Value view = memref::ViewOp::create(b, loc, type, ub.arena, at, sizes);
    op->getResult(0).replaceAllUsesWith(view);
    op->erase();
  }

  /// A subview lies inside its source; a cast to a static size has it (the
  /// interpreter's ViewOutsideSource and CastSizeMismatch).
  void checkView(Operation *op, RuntimeChecker &checker) {
    Value source = op->getOperand(0);
    auto sourceType = dyn_cast<MemRefType>(source.getType());
    if (!sourceType || sourceType.getRank() != 1)
      return; // the kernel language's views are 1-D (verifyKernelMemRefs)
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto castOp = dyn_cast<memref::CastOp>(op)) {
      auto to = dyn_cast<MemRefType>(castOp.getType());
      if (!to || to.getRank() != 1 || to.isDynamicDim(0) || !sourceType.isDynamicDim(0))
        return; // static -> static: MLIR's verifier compares the sizes
      Value n = memref::DimOp::create(b, loc, source, 0);
      Value size = arith::ConstantIndexOp::create(b, loc, to.getDimSize(0));
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, n, size);
      checker.require(b, op, ok, sem::RuntimeErrorKind::CastSizeMismatch, {n, size});
      return;
    }
    auto sv = cast<memref::SubViewOp>(op);
    Value n = memref::DimOp::create(b, loc, source, 0);
    Value off = getValueOrCreateConstantIndexOp(b, loc, sv.getMixedOffsets()[0]);
    Value size = getValueOrCreateConstantIndexOp(b, loc, sv.getMixedSizes()[0]);
    // Unsigned compares: a negative offset or size is a huge one; off <= n
    // first, so that n - off cannot wrap.
    Value offFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, off, n);
    Value rest = arith::SubIOp::create(b, loc, n, off);
    Value sizeFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, size, rest);
    Value ok = arith::AndIOp::create(b, loc, offFits, sizeFits);
    checker.require(b, op, ok, sem::RuntimeErrorKind::ViewOutsideSource, {off, size, n});
  }

  /// Scalar accesses stay inside UB; stores record what they write.
  void checkAccess(Operation *op, const UBArena &ub, RuntimeChecker &checker) {
    Value base = isa<memref::LoadOp>(op) ? cast<memref::LoadOp>(op).getMemRef()
                                         : cast<memref::StoreOp>(op).getMemRef();
    if (!isUBBuffer(base.getType()) || base == ub.arena || base == ub.state)
      return;
    ValueRange indices = isa<memref::LoadOp>(op) ? cast<memref::LoadOp>(op).getIndices()
                                                 : cast<memref::StoreOp>(op).getIndices();
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value eb = arith::ConstantIndexOp::create(b, loc, elemBytes(base.getType()));
    Value bufAddr = ubAddressOf(b, loc, ub, base);
    Value addr =
        arith::AddIOp::create(b, loc, bufAddr, arith::MulIOp::create(b, loc, indices[0], eb));
    if (checker.enabled()) {
      Value cap = ubCapacityOf(b, loc, ub);
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value last = arith::SubIOp::create(b, loc, cap, eb);
      // |index| <= cap keeps index * bytes from wrapping.
      Value ok = signedWithin(b, loc, addr, zero, last);
      ok = arith::AndIOp::create(b, loc, ok, indexWithin(b, loc, indices[0], cap));
      checker.require(b, op, ok, sem::RuntimeErrorKind::ScalarAccessOutsideUB,
                      {bufAddr, indices[0], eb});
    }
    if (isa<memref::StoreOp>(op))
      noteUBWrite(b, loc, ub, addr, eb);
  }
};

} // namespace
