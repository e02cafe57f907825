//===- RegApiFormsLowering.cpp - Reg API forms to vector --------*- C++ -*-===//
//
// The ops of AscRegRegApiOps.td on vector / arith / memref, with the rules
// of lib/Semantics/RegApiFormsReference.cpp built explicitly:
//   - duplicate_lane: lane 0 broadcast, inactive lanes 0;
//   - store_first: lane 0 by memref.store, the UB check with the element's
//     alignment; the mask is not read;
//   - governed_mask / governed_mask_not: arith on all 256 mask bits, then
//     and with the governing mask.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"
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

using tovector::AscRegPattern;

struct DuplicateLaneLowering : AscRegPattern<DuplicateLaneOp> {
  using AscRegPattern::AscRegPattern;
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

struct StoreFirstLowering : AscRegPattern<StoreFirstOp> {
  using AscRegPattern::AscRegPattern;
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

struct GovernedMaskLowering : AscRegPattern<GovernedMaskOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(GovernedMaskOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Value x = a.getLhs(), y = a.getRhs(), r;
    switch (op.getKind()) {
    case MaskLogicKind::And:
      r = arith::AndIOp::create(rw, loc, x, y);
      break;
    case MaskLogicKind::Or:
      r = arith::OrIOp::create(rw, loc, x, y);
      break;
    case MaskLogicKind::Xor:
      r = arith::XOrIOp::create(rw, loc, x, y);
      break;
    }
    rw.replaceOpWithNewOp<arith::AndIOp>(op, r, a.getGoverning());
    return success();
  }
};

struct GovernedMaskNotLowering : AscRegPattern<GovernedMaskNotOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(GovernedMaskNotOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    // ~x & g == (x ^ g) & g.
    Value flipped = arith::XOrIOp::create(rw, op.getLoc(), a.getInput(), a.getGoverning());
    rw.replaceOpWithNewOp<arith::AndIOp>(op, flipped, a.getGoverning());
    return success();
  }
};

} // namespace

void ascreg::populateRegApiFormsToVectorPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns,
                                                 RuntimeChecker &checker) {
  patterns.add<DuplicateLaneLowering, StoreFirstLowering, GovernedMaskLowering,
               GovernedMaskNotLowering>(converter, patterns.getContext(), checker);
}
