//===- RegApiFormsToDav.cpp - Reg API forms to dav-3510 ---------*- C++ -*-===//
//
// The ops of AscRegRegApiOps.td to the intrinsics the vendor's Reg API
// calls (docs/regapi-ops-facts.md 14-17):
//   - duplicate_lane -> vdup(dst, src, mask, POS_LOWEST, MODE_ZEROING); the
//     64-bit forms broadcast the low and the high words separately under the
//     32-bit-layout mask, as the vendor's TraitTwo path does;
//   - store_first -> vsts(src, addr, offset, ONEPT_Bn, mask);
//   - governed_mask <and|or|xor> -> pand / por / pxor(dst, a, b, g),
//     governed_mask_not -> pnot(dst, a, g): the same per-bit rule.
// The 64-bit word layout is AscRegToDav.cpp's (one register of 64 words in
// natural order, or the low and the high words as two registers).
//
//===----------------------------------------------------------------------===//
#include "DavBuilder.h"
#include "ascreg/Conversion/AscRegToDav/AscRegToDav.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace ascreg;

namespace {

using namespace ascreg::davlowering;

struct DuplicateLaneLowering : DavPattern<DuplicateLaneOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(DuplicateLaneOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = op.getResult().getType();
    ValueRange src = a.getSrc();
    Value mask = a.getMask()[0];
    auto dup = [&](Value v, Value m) -> Value {
      return dav::VdupLaneOp::create(rw, op.getLoc(), v.getType(), v, m);
    };
    if (!is64(t)) {
      rw.replaceOp(op, dup(src[0], mask));
      return success();
    }
    // The low and the high words (one register of 64 words: de-interleaved,
    // the mask to the 32-bit layout), each broadcast, then back.
    auto [lo, hi] = b.splitLowHighWords(src, t);
    Value m32 = b.toWordLayoutMask(mask, t);
    Value dupLo = dup(lo, m32), dupHi = dup(hi, m32);
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(dupLo, dupHi, t)});
    return success();
  }
};

struct StoreFirstLowering : DavPattern<StoreFirstOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(StoreFirstOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<dav::VstsFirstOp>(op, a.getValue()[0], a.getBase()[0], a.getOffset()[0],
                                            a.getMask()[0]);
    return success();
  }
};

struct GovernedMaskLowering : DavPattern<GovernedMaskOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(GovernedMaskOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Value x = a.getLhs()[0], y = a.getRhs()[0], g = a.getGoverning()[0];
    Type t = op.getResult().getType();
    switch (op.getKind()) {
    case MaskLogicKind::And:
      rw.replaceOpWithNewOp<dav::PandOp>(op, t, x, y, g);
      break;
    case MaskLogicKind::Or:
      rw.replaceOpWithNewOp<dav::PorOp>(op, t, x, y, g);
      break;
    case MaskLogicKind::Xor:
      rw.replaceOpWithNewOp<dav::PxorOp>(op, t, x, y, g);
      break;
    }
    return success();
  }
};

struct GovernedMaskNotLowering : DavPattern<GovernedMaskNotOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(GovernedMaskNotOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<dav::PnotOp>(op, op.getResult().getType(), a.getInput()[0],
                                       a.getGoverning()[0]);
    return success();
  }
};

} // namespace

void ascreg::populateRegApiFormsToDavPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<DuplicateLaneLowering, StoreFirstLowering, GovernedMaskLowering,
               GovernedMaskNotLowering>(converter, patterns.getContext());
}
