//===- ShiftLowering.cpp - shift_left / shift_right (+ scalar forms) ------===//
//
// Both lowerings of the shifts (docs/semantics.md 2.26):
//   - to vector: the lane rule of ShiftsReference.cpp on the lane bits under
//     the kernel's profile (shift.range / shift.negative /
//     shift.signed_left), never LLVM's shifts past the width (poison);
//   - to dav-3510: one intrinsic each (vshl, vshr, vshls, vshrs), as the
//     vendor's library does for 8/16/32-bit data.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/AscRegToDav/AscRegToDav.h"
#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/Semantics/Shifts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

using P = arith::CmpIPredicate;

/// The lane rule on vector<N x iW> lanes `x` shifted by the signed lanes `n`.
struct ShiftBuilder {
  OpBuilder &b;
  Location loc;
  VectorType it;
  unsigned w;

  Value c(uint64_t v) {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            it, IntegerAttr::get(it.getElementType(), APInt(w, v, /*isSigned=*/false,
                                                            /*implicitTrunc=*/true))));
  }
  Value cmp(P p, Value x, Value y) { return arith::CmpIOp::create(b, loc, p, x, y); }
  Value sel(Value m, Value x, Value y) { return arith::SelectOp::create(b, loc, m, x, y); }

  Value lanes(const sem::Profile &prof, sem::ShiftKind s, bool isSigned, Value x, Value n) {
    const uint64_t sign = uint64_t(1) << (w - 1);
    Value negative = cmp(P::slt, n, c(0));
    Value mag, left; // left: a lane whose shift goes left (null: every lane, per `s`)
    if (prof.shiftNegative == sem::ShiftNegative::Reverse) {
      // |n| unsigned; INT_MIN stays 2^(w-1), past the width.
      mag = sel(negative, arith::SubIOp::create(b, loc, c(0), n), n);
      left = s == sem::ShiftKind::Right ? negative : cmp(P::sge, n, c(0));
    } else {
      mag = sel(negative, c(w + 1), n);
    }
    if (prof.shiftRange == sem::ShiftRange::LowBits) // the shifter's bits of w are 0
      mag = sel(cmp(P::eq, mag, c(w)), c(0), mag);
    Value inRange = cmp(P::ult, mag, c(w));
    Value safe = sel(inRange, mag, c(0));
    // Left.
    Value shl = arith::ShLIOp::create(b, loc, x, safe);
    if (isSigned && prof.shiftSignedLeft == sem::ShiftSignedLeft::KeepSign)
      shl = arith::OrIOp::create(b, loc, arith::AndIOp::create(b, loc, shl, c(~sign)),
                                 arith::AndIOp::create(b, loc, x, c(sign)));
    Value l = sel(inRange, shl, c(0));
    // Right: the sign fill of a signed lane covers every amount >= w - 1.
    Value r = isSigned ? Value(arith::ShRSIOp::create(
                             b, loc, x, arith::MinUIOp::create(b, loc, mag, c(w - 1))))
                       : sel(inRange, arith::ShRUIOp::create(b, loc, x, safe), c(0));
    if (left)
      return sel(left, l, r);
    return s == sem::ShiftKind::Left ? l : r;
  }
};

template <class OpTy, sem::ShiftKind K> struct ShiftToVector : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult matchAndRewrite(OpTy op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    auto reg = cast<VRegType>(op.getResult().getType());
    auto lowered = cast<VectorType>(this->getTypeConverter()->convertType(reg));
    const sem::RegType t = toRegType(reg);
    const unsigned w = sem::elemBytes(t.elem) * 8;
    ShiftBuilder sb{rw, loc, VectorType::get(lowered.getShape(), rw.getIntegerType(w)), w};
    auto bits = [&](Value v) -> Value {
      return v.getType() == sb.it ? v : Value(arith::BitcastOp::create(rw, loc, sb.it, v));
    };
    Value n;
    if constexpr (std::is_same_v<OpTy, ShiftLeftsOp> || std::is_same_v<OpTy, ShiftRightsOp>) {
      // The i16 scalar broadcast, clamped to +-(w + 1) (every amount past
      // that shifts alike) so that it fits the lane, then narrowed / widened.
      VectorType v16 = VectorType::get(lowered.getShape(), rw.getI16Type());
      auto k16 = [&](int64_t v) {
        return arith::ConstantOp::create(rw, loc,
                                         DenseElementsAttr::get(v16, rw.getI16IntegerAttr(v)));
      };
      Value s = vector::BroadcastOp::create(rw, loc, v16, a.getScalar());
      s = arith::MinSIOp::create(rw, loc, s, k16(int64_t(w) + 1));
      s = arith::MaxSIOp::create(rw, loc, s, k16(-int64_t(w) - 1));
      if (w < 16)
        s = arith::TruncIOp::create(rw, loc, sb.it, s);
      else if (w > 16)
        s = arith::ExtSIOp::create(rw, loc, sb.it, s);
      n = s;
    } else {
      n = bits(a.getAmount());
    }
    Value r = sb.lanes(kernelProfile(op), K, sem::isSignedInt(t.elem), bits(a.getSource()), n);
    rw.replaceOp(op, zeroInactive(rw, loc, a.getMask(), t, r, lowered));
    return success();
  }
};

/// One intrinsic per op (8/16/32-bit registers, the only legal ones).
template <class OpTy, class DavOpTy> struct ShiftToDav : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult matchAndRewrite(OpTy op, typename OpConversionPattern<OpTy>::OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Value x = a.getSource()[0];
    if constexpr (std::is_same_v<OpTy, ShiftLeftsOp> || std::is_same_v<OpTy, ShiftRightsOp>)
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, a.getScalar()[0], a.getMask()[0]);
    else
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, a.getAmount()[0], a.getMask()[0]);
    return success();
  }
};

} // namespace

void ascreg::populateShiftToVectorPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  using SK = sem::ShiftKind;
  patterns.add<ShiftToVector<ShiftLeftOp, SK::Left>, ShiftToVector<ShiftRightOp, SK::Right>,
               ShiftToVector<ShiftLeftsOp, SK::Left>, ShiftToVector<ShiftRightsOp, SK::Right>>(
      converter, patterns.getContext());
}

void ascreg::populateShiftToDavPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<ShiftToDav<ShiftLeftOp, dav::VshlOp>, ShiftToDav<ShiftRightOp, dav::VshrOp>,
               ShiftToDav<ShiftLeftsOp, dav::VshlsOp>, ShiftToDav<ShiftRightsOp, dav::VshrsOp>>(
      converter, patterns.getContext());
}
