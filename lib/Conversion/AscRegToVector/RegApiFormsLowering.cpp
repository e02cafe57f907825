//===- RegApiFormsLowering.cpp - Reg API forms to vector --------*- C++ -*-===//
//
// The ops of AscRegRegApiOps.td on vector / arith / memref, with the rules
// of lib/Semantics/RegApiFormsReference.cpp built explicitly:
//   - duplicate_lane: lane 0 broadcast, inactive lanes 0;
//   - store_first: lane 0 by memref.store, the UB check with the element's
//     alignment; the mask is not read.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/RegApiForms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

template <typename OpTy> struct FormPattern : OpConversionPattern<OpTy> {
  FormPattern(const TypeConverter &tc, MLIRContext *ctx, RuntimeChecker &checker)
      : OpConversionPattern<OpTy>(tc, ctx), checker(checker) {}
  RuntimeChecker &checker;
};

struct DuplicateLaneLowering : FormPattern<DuplicateLaneOp> {
  using FormPattern::FormPattern;
  LogicalResult matchAndRewrite(DuplicateLaneOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    sem::RegType t = toRegType(op.getResult().getType());
    auto vt = cast<VectorType>(a.getSrc().getType());
    Value lane0 = vector::ExtractOp::create(rw, loc, a.getSrc(), ArrayRef<int64_t>{0});
    Value v = vector::BroadcastOp::create(rw, loc, vt, lane0);
    rw.replaceOp(op, zeroInactive(rw, loc, a.getMask(), t, v, vt));
    return success();
  }
};

struct StoreFirstLowering : FormPattern<StoreFirstOp> {
  using FormPattern::FormPattern;
  LogicalResult matchAndRewrite(StoreFirstOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    const unsigned w = op.getValue().getType().getElementBytes();
    Value addr = checkUBAccess(rw, loc, checker, op, a.getBase(), a.getOffset(), w, w);
    if (std::optional<UBArena> ub = getUBArena(op))
      noteUBWrite(rw, loc, *ub, addr, arith::ConstantIndexOp::create(rw, loc, w));
    Value lane0 = vector::ExtractOp::create(rw, loc, a.getValue(), ArrayRef<int64_t>{0});
    rw.replaceOpWithNewOp<memref::StoreOp>(op, lane0, a.getBase(), ValueRange{a.getOffset()});
    return success();
  }
};

} // namespace

void ascreg::populateRegApiFormsToVectorPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns,
                                                 RuntimeChecker &checker) {
  patterns.add<DuplicateLaneLowering, StoreFirstLowering>(converter, patterns.getContext(),
                                                          checker);
}
