//===- ShiftLowering.cpp - shift_left / shift_right (+ scalar forms) ------===//
//
// Both lowerings of the shifts (docs/semantics.md 2.27):
//   - to vector: the lane rule of ShiftsReference.cpp on the lane bits under
//     the kernel's profile (shift.range / shift.negative /
//     shift.signed_left), never LLVM's shifts past the width (poison);
//   - to dav-3510: one intrinsic each (vshl, vshr, vshls, vshrs), as the
//     vendor's library does for 8/16/32-bit data; 64-bit data as its word
//     sequence of those intrinsics (ShiftToDav).
//
//===----------------------------------------------------------------------===//
#include "AscRegToDav/DavBuilder.h"
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

/// A 64-bit lane: the vendor's word sequence (sem::shiftLane64) on the low
/// and high words of `x`, with the amount `k` (i32 lanes: the low word of
/// the amount, or the sign-extended i16 scalar) and 32 - k, k + 32 wrapped
/// in `up` / `down` as the sequence computes them.
Value shiftWords(OpBuilder &b, Location loc, const sem::Profile &prof, sem::ShiftKind s,
                 bool isSigned, bool scalarForm, Value x, Value k, Value up, Value down) {
  auto it = cast<VectorType>(x.getType());
  VectorType wt = VectorType::get(it.getShape(), b.getI32Type());
  ShiftBuilder wb{b, loc, wt, 32};
  ShiftBuilder xb{b, loc, it, 64};
  Value lo = arith::TruncIOp::create(b, loc, wt, x);
  Value hi = arith::TruncIOp::create(b, loc, wt, arith::ShRUIOp::create(b, loc, x, xb.c(32)));
  using SK = sem::ShiftKind;
  auto sh = [&](SK d, bool signedWord, Value v, Value by) {
    return wb.lanes(prof, d, signedWord, v, by);
  };
  auto orr = [&](Value p, Value q) { return arith::OrIOp::create(b, loc, p, q); };
  // The four shifts in the vendor's order (one declaration each: sequenced).
  Value rlo, rhi;
  if (s == SK::Left) { // the scalar form shifts the high word into the low one as u32
    Value l0 = sh(SK::Left, false, lo, k);
    Value l1 = sh(SK::Left, isSigned && !scalarForm, hi, up);
    rlo = orr(l0, l1);
    Value h0 = sh(SK::Right, false, lo, down);
    Value h1 = sh(SK::Left, isSigned, hi, k);
    rhi = orr(h0, h1);
  } else {
    Value l0 = sh(SK::Right, false, lo, k);
    Value l1 = sh(SK::Left, isSigned, hi, down);
    rlo = orr(l0, l1);
    Value h0 = sh(SK::Right, false, lo, up);
    Value h1 = sh(SK::Right, isSigned, hi, k);
    rhi = orr(h0, h1);
  }
  Value wideHi = arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, it, rhi), xb.c(32));
  return orr(wideHi, arith::ExtUIOp::create(b, loc, it, rlo));
}

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
    constexpr bool kScalar =
        std::is_same_v<OpTy, ShiftLeftsOp> || std::is_same_v<OpTy, ShiftRightsOp>;
    if (w == 64) {
      VectorType wt = VectorType::get(lowered.getShape(), rw.getI32Type());
      VectorType v16 = VectorType::get(lowered.getShape(), rw.getI16Type());
      Value k, up, down;
      auto plusMinus32 = [&](VectorType vt, unsigned bitsOf, Value n) {
        Value c32 = arith::ConstantOp::create(
            rw, loc,
            DenseElementsAttr::get(vt, IntegerAttr::get(vt.getElementType(), APInt(bitsOf, 32))));
        return std::pair<Value, Value>{arith::AddIOp::create(rw, loc, n, c32),
                                       arith::SubIOp::create(rw, loc, c32, n)};
      };
      if constexpr (kScalar) { // 32 +- s wrap in int16, as the int16_t arithmetic does
        Value s16 = vector::BroadcastOp::create(rw, loc, v16, a.getScalar());
        auto [u16, d16] = plusMinus32(v16, 16, s16);
        k = arith::ExtSIOp::create(rw, loc, wt, s16);
        up = arith::ExtSIOp::create(rw, loc, wt, u16);
        down = arith::ExtSIOp::create(rw, loc, wt, d16);
      } else { // the low word of the amount, as int32
        k = arith::TruncIOp::create(rw, loc, wt, bits(a.getAmount()));
        std::tie(up, down) = plusMinus32(wt, 32, k);
      }
      Value r = shiftWords(rw, loc, kernelProfile(op), K, sem::isSignedInt(t.elem), kScalar,
                           bits(a.getSource()), k, up, down);
      rw.replaceOp(op, zeroInactive(rw, loc, a.getMask(), t, r, lowered));
      return success();
    }
    Value n;
    if constexpr (kScalar) {
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

/// One intrinsic per op for 8/16/32-bit registers; 64-bit ones as the
/// vendor's word sequence (ShiftL / ShiftR, ShiftLeftsB64Impl /
/// ShiftRightsB64Impl; sem::shiftLane64): on the low words (u32) and high
/// words (i32 / u32), with k the amount's low words or the scalar,
///   left:  lo = vshl(lo, k) | vshl(hi, k + 32)   (scalar form: hi as u32)
///          hi = vshr(lo, 32 - k) | vshl(hi, k)
///   right: lo = vshr(lo, k) | vshl(hi, 32 - k)
///          hi = vshr(lo, k + 32) | vshr(hi, k)
/// where 32 - k and k + 32 are an i32 vsub / vadd (register form) or int16
/// scalar arithmetic (scalar form), wrapping as the vendor's do.
template <class OpTy, class DavOpTy> struct ShiftToDav : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  static constexpr bool kScalar =
      std::is_same_v<OpTy, ShiftLeftsOp> || std::is_same_v<OpTy, ShiftRightsOp>;
  LogicalResult matchAndRewrite(OpTy op, typename OpConversionPattern<OpTy>::OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    auto t = cast<VRegType>(op.getResult().getType());
    if (davlowering::is64(t))
      return lowerWords(op, a, t, rw);
    Value x = a.getSource()[0];
    if constexpr (kScalar)
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, a.getScalar()[0], a.getMask()[0]);
    else
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, a.getAmount()[0], a.getMask()[0]);
    return success();
  }

  LogicalResult lowerWords(OpTy op, typename OpConversionPattern<OpTy>::OneToNOpAdaptor a,
                           VRegType t, ConversionPatternRewriter &rw) const {
    Location loc = op.getLoc();
    davlowering::DavBuilder b{rw, loc};
    auto [l, h] = b.splitLowHighWords(a.getSource(), t);
    Value m = b.toWordLayoutMask(a.getMask()[0], t);
    VRegType u32 = b.u32(), i32 = b.reg(32, IntegerType::Signless);
    const bool isSigned = sem::isSignedInt(toRegType(t).elem);
    Value lo = b.as(l, u32), hi = b.as(h, isSigned ? i32 : u32);
    // by(x, d, n): x shifted by n (the amount register or the scalar).
    auto by = [&](Value x, bool left, Value n) -> Value {
      if (isa<VRegType>(n.getType())) {
        if (left)
          return dav::VshlOp::create(rw, loc, x.getType(), x, n, m);
        return dav::VshrOp::create(rw, loc, x.getType(), x, n, m);
      }
      if (left)
        return dav::VshlsOp::create(rw, loc, x.getType(), x, n, m);
      return dav::VshrsOp::create(rw, loc, x.getType(), x, n, m);
    };
    Value k, up, down;
    if constexpr (kScalar) {
      k = a.getScalar()[0];
      Value c32 = arith::ConstantIntOp::create(rw, loc, rw.getI16Type(), 32);
      up = arith::AddIOp::create(rw, loc, k, c32);
      down = arith::SubIOp::create(rw, loc, c32, k);
    } else {
      auto at = cast<VRegType>(op.getAmount().getType());
      k = b.as(b.splitLowHighWords(a.getAmount(), at).first, i32);
      Value c32 = b.splat32(32, i32);
      up = dav::VaddOp::create(rw, loc, i32, k, c32, m);
      down = dav::VsubOp::create(rw, loc, i32, c32, k, m);
    }
    auto orr = [&](Value p, Value q) {
      return dav::VorOp::create(rw, loc, u32, b.as(p, u32), b.as(q, u32), m);
    };
    // The four shifts in the vendor's order (one declaration each: sequenced).
    Value rlo, rhi;
    if (std::is_same_v<DavOpTy, dav::VshlOp> || std::is_same_v<DavOpTy, dav::VshlsOp>) {
      Value l0 = by(lo, true, k);
      Value l1 = kScalar ? by(b.as(hi, u32), true, up) : by(hi, true, up);
      rlo = orr(l0, l1);
      Value h0 = by(lo, false, down);
      Value h1 = by(hi, true, k);
      rhi = orr(h0, h1);
    } else {
      Value l0 = by(lo, false, k);
      Value l1 = by(hi, true, down);
      rlo = orr(l0, l1);
      Value h0 = by(lo, false, up);
      Value h1 = by(hi, false, k);
      rhi = orr(h0, h1);
    }
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(rlo, rhi, t)});
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
