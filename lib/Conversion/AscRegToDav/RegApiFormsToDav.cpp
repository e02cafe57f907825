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
#include "ascreg/Conversion/AscRegToDav/AscRegToDav.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace ascreg;

namespace {

template <typename OpTy> struct FormPattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;
};

Value half(OpBuilder &b, Location loc, Value m, bool unpack) {
  auto lower = dav::HalfPartAttr::get(b.getContext(), dav::HalfPart::lower);
  Type maskT = MaskType::get(b.getContext());
  return unpack ? Value(dav::PunpackOp::create(b, loc, maskT, m, lower))
                : Value(dav::PpackOp::create(b, loc, maskT, m, lower));
}

struct DuplicateLaneLowering : FormPattern<DuplicateLaneOp> {
  using FormPattern::FormPattern;
  LogicalResult matchAndRewrite(DuplicateLaneOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    VRegType t = op.getResult().getType();
    ValueRange src = a.getSrc();
    Value mask = a.getMask()[0];
    auto dup = [&](Value v, Value m) -> Value {
      return dav::VdupLaneOp::create(rw, loc, v.getType(), v, m);
    };
    if (t.getElementBytes() != 8) {
      rw.replaceOp(op, dup(src[0], mask));
      return success();
    }
    if (t.isTwoRegister()) { // low words, high words; the mask has the 32-bit layout
      rw.replaceOpWithMultiple(op, {{dup(src[0], mask), dup(src[1], mask)}});
      return success();
    }
    // One register of 64 words: de-interleave to (low, high) words, the mask
    // to the 32-bit layout (bit 8i -> 4i), broadcast each, interleave back.
    auto w = cast<VRegType>(src[0].getType());
    Value zero =
        dav::VbrOp::create(rw, loc, w, arith::ConstantIntOp::create(rw, loc, rw.getI32Type(), 0));
    auto d = dav::VdintlvOp::create(rw, loc, w, w, src[0], zero);
    Value m32 = half(rw, loc, mask, /*unpack=*/false);
    auto il = dav::VintlvOp::create(rw, loc, w, w, dup(d.getEven(), m32), dup(d.getOdd(), m32));
    rw.replaceOp(op, il.getLow());
    return success();
  }
};

struct StoreFirstLowering : FormPattern<StoreFirstOp> {
  using FormPattern::FormPattern;
  LogicalResult matchAndRewrite(StoreFirstOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<dav::VstsFirstOp>(op, a.getValue()[0], a.getBase()[0], a.getOffset()[0],
                                            a.getMask()[0]);
    return success();
  }
};

struct GovernedMaskLowering : FormPattern<GovernedMaskOp> {
  using FormPattern::FormPattern;
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

struct GovernedMaskNotLowering : FormPattern<GovernedMaskNotOp> {
  using FormPattern::FormPattern;
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
