//===- MemRefViews.cpp - views and UB scratch in Ascend C -------*- C++ -*-===//
//
// The kernel language's memref views and scratch buffers in the emission
// (docs/dav3510.md, "Emission conventions"):
//   memref.cast                  -> the same __ubuf__ pointer;
//   memref.subview [o] [n] [1]   -> p + o;
//   memref.reinterpret_cast [o]  -> base + o, base the kernel parameter or
//                                   scratch buffer the source is a view of;
//   memref.dim                   -> the size the view or allocation was made
//                                   with (a dynamic kernel parameter's size
//                                   has no Ascend C form: an error);
//   memref.alloc / alloca        -> with a static size, a trailing parameter
//                                   of the vector function that the entry
//                                   declares as a __ubuf__ array and passes
//                                   (FinalizeAscendC.cpp); with a dynamic
//                                   size, an error: a __ubuf__ array has a
//                                   size fixed at compile time;
//   memref.dealloc               -> nothing.
//
//===----------------------------------------------------------------------===//
#include "AscendCEmission.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace ascreg;

namespace {

/// The kernel parameter or allocation `v` is a view of.
Value rootOf(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<memref::CastOp, memref::SubViewOp, memref::ReinterpretCastOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

/// The size `v` was made with: a static size, the size operand of its view
/// or allocation (through casts); null if only the run knows it.
OpFoldResult sizeOf(Value v) {
  while (true) {
    auto t = cast<MemRefType>(v.getType());
    if (!t.isDynamicDim(0))
      return IntegerAttr::get(IndexType::get(v.getContext()), t.getDimSize(0));
    Operation *def = v.getDefiningOp();
    if (auto c = dyn_cast_if_present<memref::CastOp>(def)) {
      v = c.getSource();
      continue;
    }
    if (auto view = dyn_cast_if_present<OffsetSizeAndStrideOpInterface>(def))
      return view.getMixedSizes()[0];
    if (isa_and_present<memref::AllocOp, memref::AllocaOp>(def))
      return def->getOperand(0);
    return OpFoldResult();
  }
}

LogicalResult prepareFunction(func::FuncOp fn, SmallVectorImpl<int64_t> &scratch) {
  // memref.dim -> the size it reads.
  SmallVector<memref::DimOp> dims;
  fn.walk([&](memref::DimOp d) { dims.push_back(d); });
  for (memref::DimOp dim : dims) {
    OpFoldResult size = sizeOf(dim.getSource());
    if (!size)
      continue; // a dynamic parameter's size: checkEmittable reports it
    OpBuilder b(dim);
    Value v = isa<Value>(size)
                  ? cast<Value>(size)
                  : arith::ConstantIndexOp::create(b, dim.getLoc(), *getConstantIntValue(size))
                        .getResult();
    dim.replaceAllUsesWith(v);
    dim.erase();
  }
  // reinterpret_cast offsets count from the buffer the source is a view of.
  fn.walk([](memref::ReinterpretCastOp op) { op->setOperand(0, rootOf(op.getSource())); });
  // UB scratch -> trailing parameters (allocated at the kernel's top level,
  // verifyKernelMemRefs).
  SmallVector<Operation *> allocs;
  fn.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op))
      allocs.push_back(op);
  });
  for (Operation *op : allocs) {
    auto t = cast<MemRefType>(op->getResult(0).getType());
    if (t.isDynamicDim(0))
      return op->emitOpError()
             << "of a dynamic size has no Ascend C form: the emitted entry declares UB scratch "
                "as __ubuf__ arrays of a size fixed at compile time; allocate the largest "
                "size the kernel needs and take a memref.subview of it";
    unsigned index = fn.getNumArguments();
    if (failed(fn.insertArgument(index, t, {}, op->getLoc())))
      return failure();
    op->getResult(0).replaceAllUsesWith(fn.getArgument(index));
    scratch.push_back(t.getDimSize(0));
  }
  for (Operation *op : allocs)
    op->erase();
  fn.walk([](memref::DeallocOp op) { op->erase(); });
  return success();
}

/// memref.cast, subview and reinterpret_cast on the converted pointers.
class ViewLowering : public ConversionPattern {
public:
  ViewLowering(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    if (isa<memref::CastOp>(op)) {
      rw.replaceOp(op, operands[0]);
      return success();
    }
    auto view = dyn_cast<OffsetSizeAndStrideOpInterface>(op);
    if (!view || !isa<memref::SubViewOp, memref::ReinterpretCastOp>(op))
      return failure();
    Type ptr = getTypeConverter()->convertType(op->getResult(0).getType());
    if (!ptr)
      return rw.notifyMatchFailure(op, "no pointer type");
    OpFoldResult offset = view.getMixedOffsets()[0];
    std::optional<int64_t> constant = getConstantIntValue(offset);
    if (constant && *constant == 0) {
      rw.replaceOp(op, operands[0]);
      return success();
    }
    // Dynamic offsets follow the source among the operands.
    Value off = operands.size() > 1 && isa<Value>(offset) ? operands[1] : Value();
    if (!off) {
      Type u32 = getTypeConverter()->convertType(rw.getIndexType());
      off = emitc::ConstantOp::create(rw, op->getLoc(), u32,
                                      rw.getIntegerAttr(u32, static_cast<uint64_t>(*constant)));
    }
    rw.replaceOpWithNewOp<emitc::AddOp>(op, ptr, operands[0], off);
    return success();
  }
};

} // namespace

FailureOr<llvm::StringMap<SmallVector<int64_t>>> emission::prepareMemRefViews(ModuleOp module) {
  llvm::StringMap<SmallVector<int64_t>> scratch;
  for (func::FuncOp fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    SmallVector<int64_t> sizes;
    if (failed(prepareFunction(fn, sizes)))
      return failure();
    if (!sizes.empty())
      scratch[fn.getSymName()] = std::move(sizes);
  }
  return scratch;
}

void emission::populateViewPatterns(const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ViewLowering>(converter, patterns.getContext());
}
