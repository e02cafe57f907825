//===- AscRegToDav.cpp - ascreg to the dav-3510 intrinsics ------*- C++ -*-===//
//
// Legalises every ascreg op to dav-3510 intrinsics. Registers of 8-, 16- and
// 32-bit lanes map 1:1 (vcadd, vcmax, vgather2, vselr, plt_bN, pset_bN, ...).
// 64-bit data exists on the hardware only as 32-bit words:
//   - one-register form (32 lanes): one register of 64 words in natural
//     order (lo, hi, lo, hi, ...); its masks use bit 8*i;
//   - two-register form (64 lanes): 1:N type conversion to two registers,
//     the low words and the high words (the vendor's RegTraitNumTwo); masks
//     use the 32-bit layout.
// 64-bit ops are built from 32-bit sequences on the de-interleaved words
// (vdintlv / vintlv convert between the forms, ppack / punpack / pintlv
// convert the masks). Where the vendor library's own sequence deviates from
// the contract (its 64-bit sum returns 0 when lane 0 is masked off, because
// the carry steps run under the zeroing mask), this lowering computes the
// carries under an all-true predicate and so returns the contract's result.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/AscRegToDav/AscRegToDav.h"
#include "DavBuilder.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace ascreg {
#define GEN_PASS_DEF_CONVERTASCREGTODAVPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

using namespace ascreg::davlowering;

VRegType vt(Value v) { return cast<VRegType>(v.getType()); }

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

struct CreateMaskLowering : DavPattern<CreateMaskOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(CreateMaskOp op, OneToNOpAdaptor,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    auto t = cast<VRegType>(op.getRegType());
    MaskPattern p = op.getPattern();
    if (!is64(t)) {
      rw.replaceOp(op, b.pset(t.getElementBytes() * 8, p));
      return success();
    }
    if (t.isTwoRegister()) {
      rw.replaceOp(op, b.pset(32, p));
      return success();
    }
    // One register of 32 lanes: the vendor's remapping for the 32-bit pattern
    // (H -> VL16, Q -> VL8), then the lower half unpacked to bit 8*i.
    if (p == MaskPattern::H)
      p = MaskPattern::VL16;
    if (p == MaskPattern::Q)
      p = MaskPattern::VL8;
    rw.replaceOp(op, b.punpackLow(b.pset(32, p)));
    return success();
  }
};

struct UpdateMaskLowering : DavPattern<UpdateMaskOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(UpdateMaskOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    auto t = cast<VRegType>(op.getRegType());
    Value count = a.getCount()[0];
    if (!is64(t) || t.isTwoRegister()) {
      unsigned bits = is64(t) ? 32 : t.getElementBytes() * 8;
      Operation *plt =
          bits == 8    ? dav::PltB8Op::create(rw, op.getLoc(), b.maskT(), rw.getI32Type(), count)
                             .getOperation()
          : bits == 16 ? dav::PltB16Op::create(rw, op.getLoc(), b.maskT(), rw.getI32Type(), count)
                             .getOperation()
                       : dav::PltB32Op::create(rw, op.getLoc(), b.maskT(), rw.getI32Type(), count)
                             .getOperation();
      rw.replaceOp(op, plt->getResults());
      return success();
    }
    // One register of 32 lanes (vendor: plt_b32 + punpack, scalar rewritten
    // in software): rest = count > 32 ? count - 32 : 0.
    auto plt = dav::PltB32Op::create(rw, op.getLoc(), b.maskT(), rw.getI32Type(), count);
    Value mask = b.punpackLow(plt.getMask());
    Value vl = b.cst32(32);
    Value gt = arith::CmpIOp::create(rw, op.getLoc(), arith::CmpIPredicate::ugt, count, vl);
    Value sub = arith::SubIOp::create(rw, op.getLoc(), count, vl);
    Value rest = arith::SelectOp::create(rw, op.getLoc(), gt, sub, b.cst32(0));
    rw.replaceOp(op, {mask, rest});
    return success();
  }
};

/// mask_and / mask_or: the predicate op under an all-true governor (every
/// bit, so any lane width), one pattern for both.
template <typename OpTy, typename DavOpTy> struct MaskLogicLowering : DavPattern<OpTy> {
  using DavPattern<OpTy>::DavPattern;
  using OneToNOpAdaptor = typename DavPattern<OpTy>::OneToNOpAdaptor;
  LogicalResult matchAndRewrite(OpTy op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    rw.replaceOpWithNewOp<DavOpTy>(op, b.maskT(), a.getLhs()[0], a.getRhs()[0], b.all8());
    return success();
  }
};
using MaskAndLowering = MaskLogicLowering<MaskAndOp, dav::PandOp>;
using MaskOrLowering = MaskLogicLowering<MaskOrOp, dav::PorOp>;
struct MaskNotLowering : DavPattern<MaskNotOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(MaskNotOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    auto t = cast<VRegType>(op.getRegType());
    // The governing predicate holds the lowest bit of every lane's group.
    Value lanes = !is64(t)            ? b.pset(t.getElementBytes() * 8, MaskPattern::ALL)
                  : t.isTwoRegister() ? b.all32()
                                      : b.punpackLow(b.all32());
    rw.replaceOpWithNewOp<dav::PnotOp>(op, b.maskT(), a.getInput()[0], lanes);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

struct LoadAlignLowering : DavPattern<LoadAlignOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(LoadAlignOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VRegType t = vt(op.getResult());
    Value base = a.getBase()[0], off = a.getOffset()[0];
    if (!is64(t)) {
      rw.replaceOpWithNewOp<dav::VldsOp>(op, t, base, off);
      return success();
    }
    VRegType w = wordType(t);
    if (!t.isTwoRegister()) {
      rw.replaceOpWithNewOp<dav::VldsOp>(op, w, base, off);
      return success();
    }
    auto ld = dav::VldsDintlvOp::create(rw, op.getLoc(), w, w, base, off);
    rw.replaceOpWithMultiple(op, {ld.getResults()});
    return success();
  }
};

struct StoreAlignLowering : DavPattern<StoreAlignOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(StoreAlignOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = vt(op.getValue());
    Value base = a.getBase()[0], off = a.getOffset()[0], mask = a.getMask()[0];
    ValueRange v = a.getValue();
    if (!is64(t)) {
      rw.replaceOpWithNewOp<dav::VstsOp>(op, v[0], base, off, mask);
      return success();
    }
    if (!t.isTwoRegister()) {
      rw.replaceOpWithNewOp<dav::VstsOp>(op, v[0], base, off, b.wordMaskOfOneRegister(mask));
      return success();
    }
    // Vendor sequence: pintlv_b32(mask, mask), vintlv(lo, hi), two vsts.
    auto m = dav::PintlvB32Op::create(rw, op.getLoc(), b.maskT(), b.maskT(), mask, mask);
    auto r = dav::VintlvOp::create(rw, op.getLoc(), v[0].getType(), v[0].getType(), v[0], v[1]);
    dav::VstsOp::create(rw, op.getLoc(), r.getLow(), base, off, m.getLow());
    Value off2 = arith::AddIOp::create(rw, op.getLoc(), off,
                                       arith::ConstantIndexOp::create(rw, op.getLoc(), 32));
    rw.replaceOpWithNewOp<dav::VstsOp>(op, r.getHigh(), base, off2, m.getHigh());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The vcadd / vcmax / vcmin of a reduce kind.
Value reduceIntrinsic(DavBuilder &b, ReduceKind k, Type t, Value src, Value mask) {
  switch (k) {
  case ReduceKind::sum:
    return dav::VcaddOp::create(b.rw, b.loc, t, src, mask);
  case ReduceKind::max:
    return dav::VcmaxOp::create(b.rw, b.loc, t, src, mask);
  case ReduceKind::min:
    return dav::VcminOp::create(b.rw, b.loc, t, src, mask);
  }
  llvm_unreachable("unknown reduce kind");
}

struct ReduceLowering : DavPattern<ReduceOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(ReduceOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType src = vt(op.getSrc()), dst = vt(op.getResult());
    Value mask = a.getMask()[0];
    if (!is64(src)) {
      rw.replaceOp(op, reduceIntrinsic(b, op.getKind(), dst, a.getSrc()[0], mask));
      return success();
    }
    auto [lo, hi] = b.splitLowHighWords(a.getSrc(), src);
    Value m = b.toWordLayoutMask(mask, src);
    Value all = b.all32();
    VRegType u32 = b.u32();
    Value resLo, resHi;
    if (op.getKind() == ReduceKind::sum) {
      // Exact sum mod 2^64 from 32-bit tree sums: the low words split into
      // 16-bit halves (their sums cannot wrap), carries under ALL.
      Value l = b.as(lo, u32), h = b.as(hi, u32);
      Value l16 = dav::VandOp::create(rw, op.getLoc(), l.getType(), l, b.splat32(0xFFFF, u32), all);
      Value h16 = dav::VshrsOp::create(rw, op.getLoc(), l.getType(), l, b.cst32(16), all);
      Value sl = dav::VcaddOp::create(rw, op.getLoc(), u32, l16, m);
      Value sh = dav::VcaddOp::create(rw, op.getLoc(), u32, h16, m);
      Value shi = dav::VcaddOp::create(rw, op.getLoc(), u32, h, m);
      Value shifted = dav::VshlsOp::create(rw, op.getLoc(), sh.getType(), sh, b.cst32(16), all);
      Value low = b.vadd(sl, shifted, all);
      Value carry = b.onesWhereActive(b.cmp(ComparePredicate::lt, low, shifted, all));
      Value top = dav::VshrsOp::create(rw, op.getLoc(), sh.getType(), sh, b.cst32(16), all);
      resLo = low;
      resHi = b.vadd(b.vadd(shi, top, all), carry, all);
    } else {
      // The vendor's sequence: extreme of the high words (signed for i64),
      // then among the lanes holding it, the extreme low word (unsigned) and
      // its first index.
      VRegType hiView = wordType(src);
      Value h = b.as(hi, hiView);
      Value hiRes = reduceIntrinsic(b, op.getKind(), hiView, h, m);
      Value hiB = dav::VdupLaneOp::create(rw, op.getLoc(), hiRes.getType(), hiRes, all);
      Value eq = b.cmp(ComparePredicate::eq, h, hiB, m);
      Value l = b.as(lo, u32);
      resLo = reduceIntrinsic(b, op.getKind(), u32, l, eq);
      // Keep only lane 0 of the high result (lane 1 of the value is the index).
      Value hiWords = b.as(hiRes, u32), zeros = b.splat32(0, u32);
      resHi = b.vadd(hiWords, zeros, b.pset(32, MaskPattern::VL1));
    }
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(resLo, resHi, dst)});
    return success();
  }
};

struct PairReduceSumLowering : DavPattern<PairReduceSumOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(PairReduceSumOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<dav::VcpaddOp>(op, vt(op.getResult()), a.getSrc()[0], a.getMask()[0]);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

struct GatherLowering : DavPattern<GatherOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(GatherOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType dst = vt(op.getResult()), idx = vt(op.getIndex());
    Value base = a.getBase()[0], mask = a.getMask()[0];
    if (!is64(dst)) {
      rw.replaceOpWithNewOp<dav::Vgather2Op>(op, dst, base, a.getIndex()[0], mask, TypeAttr());
      return success();
    }
    // 32-bit word indices: u32 as is, u64 by its low words.
    Value idx32;
    if (!is64(idx))
      idx32 = a.getIndex()[0];
    else
      idx32 = b.splitLowHighWords(a.getIndex(), idx).first;
    VRegType u32 = b.u32();
    idx32 = b.as(idx32, u32);
    Value all = b.all32();
    // The vendor's emulation: words 2*idx (low) and 2*idx+1 (high) of the
    // buffer viewed as u32; a one-register result uses the first 32 indices.
    Value w0 = dav::VmulsOp::create(rw, op.getLoc(), idx32.getType(), idx32, b.cst32(2), all);
    Value w1 = dav::VaddsOp::create(rw, op.getLoc(), w0.getType(), w0, b.cst32(1), all);
    Value m = b.toWordLayoutMask(mask, dst);
    TypeAttr unit = TypeAttr::get(rw.getI32Type());
    Value lo = dav::Vgather2Op::create(rw, op.getLoc(), u32, base, w0, m, unit);
    Value hi = dav::Vgather2Op::create(rw, op.getLoc(), u32, base, w1, m, unit);
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(lo, hi, dst)});
    return success();
  }
};

struct GatherRegLowering : DavPattern<GatherRegOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(GatherRegOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<dav::VselrOp>(op, a.getSrc()[0].getType(), a.getSrc()[0],
                                        a.getIndex()[0]);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Companions
//===----------------------------------------------------------------------===//

struct DuplicateLowering : DavPattern<DuplicateOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(DuplicateOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = vt(op.getResult());
    Value s = a.getScalar()[0];
    Value mask = a.getMask().empty() ? Value() : a.getMask()[0];
    if (!is64(t)) {
      if (mask)
        rw.replaceOpWithNewOp<dav::VdupOp>(op, t, s, mask);
      else
        rw.replaceOpWithNewOp<dav::VbrOp>(op, t, s);
      return success();
    }
    Location loc = op.getLoc();
    auto [lo, hi] = b.splitScalarWords(s);
    VRegType w = wordType(t);
    Value vlo, vhi;
    if (mask) {
      Value m = b.toWordLayoutMask(mask, t);
      vlo = dav::VdupOp::create(rw, loc, w, lo, m);
      vhi = dav::VdupOp::create(rw, loc, w, hi, m);
    } else {
      vlo = dav::VbrOp::create(rw, loc, w, lo);
      vhi = dav::VbrOp::create(rw, loc, w, hi);
    }
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(vlo, vhi, t)});
    return success();
  }
};

struct ArangeLowering : DavPattern<ArangeOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(ArangeOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    Location loc = op.getLoc();
    VRegType t = vt(op.getResult());
    Value s = a.getStart()[0];
    if (!is64(t)) {
      // vci exists for signed integers and floats; unsigned lanes are the
      // reinterpreted signed result (the vendor library does the same).
      VRegType gen = t;
      if (auto it = dyn_cast<IntegerType>(t.getElementType()); it && it.isUnsigned())
        gen = VRegType::get(rw.getContext(), t.getLanes(),
                            IntegerType::get(rw.getContext(), it.getWidth()));
      rw.replaceOp(op, b.as(dav::VciOp::create(rw, loc, gen, s), t));
      return success();
    }
    // 64-bit: low words from vci, high words + the carry out of the low words.
    auto [lo, hi] = b.splitScalarWords(s);
    VRegType u32 = b.u32();
    Value all = b.all32();
    Value vlo = b.as(dav::VciOp::create(rw, loc, b.reg(32, IntegerType::Signless), lo), u32);
    Value start = dav::VbrOp::create(rw, loc, u32, lo);
    Value carry = b.onesWhereActive(b.cmp(ComparePredicate::lt, vlo, start, all));
    Value vhi = b.vadd(dav::VbrOp::create(rw, loc, u32, hi), carry, all);
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(vlo, vhi, t)});
    return success();
  }
};

/// 64-bit comparison from word comparisons; result in the 32-bit layout.
Value compare64FromWords(DavBuilder &b, ComparePredicate p, Value la, Value ha, Value lb, Value hb,
                         Value m, VRegType t) {
  VRegType u32 = b.u32(), hv = wordType(t);
  la = b.as(la, u32);
  lb = b.as(lb, u32);
  ha = b.as(ha, hv);
  hb = b.as(hb, hv);
  Value all8 = b.all8();
  auto pand = [&](Value x, Value y) {
    return Value(dav::PandOp::create(b.rw, b.loc, b.maskT(), x, y, all8));
  };
  auto por = [&](Value x, Value y) {
    return Value(dav::PorOp::create(b.rw, b.loc, b.maskT(), x, y, all8));
  };
  Value hiEq = b.cmp(ComparePredicate::eq, ha, hb, m);
  switch (p) {
  case ComparePredicate::eq:
    return pand(hiEq, b.cmp(ComparePredicate::eq, la, lb, m));
  case ComparePredicate::ne: { // (operands of one call are created in an order C++ leaves open)
    Value hiDiffers = b.cmp(ComparePredicate::ne, ha, hb, m);
    return por(hiDiffers, b.cmp(ComparePredicate::ne, la, lb, m));
  }
  default:
    break;
  }
  // lt/le/gt/ge: the high words decide (signed for i64), ties go to the low
  // words (unsigned).
  ComparePredicate strict = (p == ComparePredicate::lt || p == ComparePredicate::le)
                                ? ComparePredicate::lt
                                : ComparePredicate::gt;
  return por(b.cmp(strict, ha, hb, m), pand(hiEq, b.cmp(p, la, lb, m)));
}

struct CompareLowering : DavPattern<CompareOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(CompareOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = vt(op.getLhs());
    Value mask = a.getMask()[0];
    if (!is64(t)) {
      rw.replaceOpWithNewOp<dav::VcmpOp>(op, b.maskT(), op.getPredicateAttr(), a.getLhs()[0],
                                         a.getRhs()[0], mask);
      return success();
    }
    auto [la, ha] = b.splitLowHighWords(a.getLhs(), t);
    auto [lb, hb] = b.splitLowHighWords(a.getRhs(), t);
    Value r =
        compare64FromWords(b, op.getPredicate(), la, ha, lb, hb, b.toWordLayoutMask(mask, t), t);
    rw.replaceOp(op, b.fromWordLayoutMask(r, t));
    return success();
  }
};

struct SelectLowering : DavPattern<SelectOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(SelectOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = vt(op.getResult());
    Value mask = a.getMask()[0];
    ValueRange x = a.getTrueValue(), y = a.getFalseValue();
    if (!is64(t)) {
      rw.replaceOpWithNewOp<dav::VselOp>(op, x[0].getType(), x[0], y[0], mask);
      return success();
    }
    if (!t.isTwoRegister()) {
      rw.replaceOpWithNewOp<dav::VselOp>(op, x[0].getType(), x[0], y[0],
                                         b.wordMaskOfOneRegister(mask));
      return success();
    }
    Value lo = dav::VselOp::create(rw, op.getLoc(), x[0].getType(), x[0], y[0], mask);
    Value hi = dav::VselOp::create(rw, op.getLoc(), x[1].getType(), x[1], y[1], mask);
    rw.replaceOpWithMultiple(op, {SmallVector<Value>{lo, hi}});
    return success();
  }
};

/// add / max / min: one intrinsic; 64-bit add with a carry, max / min by a
/// word-wise comparison.
template <typename OpTy, typename DavOpTy> struct BinaryLowering : DavPattern<OpTy> {
  using DavPattern<OpTy>::DavPattern;
  using OneToNOpAdaptor = typename DavPattern<OpTy>::OneToNOpAdaptor;
  LogicalResult matchAndRewrite(OpTy op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = vt(op.getResult());
    Value mask = a.getMask()[0];
    constexpr bool isAdd = std::is_same_v<OpTy, AddOp>, isMax = std::is_same_v<OpTy, MaxOp>;
    if (!is64(t)) {
      Value x = a.getLhs()[0], y = a.getRhs()[0];
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, y, mask);
      return success();
    }
    auto [la, ha] = b.splitLowHighWords(a.getLhs(), t);
    auto [lb, hb] = b.splitLowHighWords(a.getRhs(), t);
    Value m = b.toWordLayoutMask(mask, t);
    Value all = b.all32();
    VRegType u32 = b.u32();
    Value lo, hi;
    if (isAdd) {
      Value x = b.as(la, u32), y = b.as(lb, u32);
      Value sum = b.vadd(x, y, all);
      Value carry = b.onesWhereActive(b.cmp(ComparePredicate::lt, sum, x, all));
      lo = b.zeroInactive(sum, m);
      Value hx = b.as(ha, u32), hy = b.as(hb, u32);
      Value h = b.vadd(b.vadd(hx, hy, all), carry, all);
      hi = b.zeroInactive(h, m);
    } else {
      Value pick = compare64FromWords(b, isMax ? ComparePredicate::ge : ComparePredicate::le, la,
                                      ha, lb, hb, all, t);
      Value lx = b.as(la, u32), ly = b.as(lb, u32);
      Value l = dav::VselOp::create(rw, op.getLoc(), u32, lx, ly, pick);
      Value hx = b.as(ha, u32), hy = b.as(hb, u32);
      Value h = dav::VselOp::create(rw, op.getLoc(), u32, hx, hy, pick);
      lo = b.zeroInactive(l, m);
      hi = b.zeroInactive(h, m);
    }
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(lo, hi, t)});
    return success();
  }
};

/// sub / mul / and / or / xor: one intrinsic; a 64-bit value as 32-bit word
/// sequences (the vendor's emulation, docs/regapi-ops-facts.md 3, 4, 6).
template <typename OpTy, typename DavOpTy> struct LaneArithLowering : DavPattern<OpTy> {
  using DavPattern<OpTy>::DavPattern;
  using OneToNOpAdaptor = typename DavPattern<OpTy>::OneToNOpAdaptor;
  LogicalResult matchAndRewrite(OpTy op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType t = vt(op.getResult());
    Value mask = a.getMask()[0];
    if (!is64(t)) {
      Value x = a.getLhs()[0], y = a.getRhs()[0];
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, y, mask);
      return success();
    }
    auto [la, ha] = b.splitLowHighWords(a.getLhs(), t);
    auto [lb, hb] = b.splitLowHighWords(a.getRhs(), t);
    Value m = b.toWordLayoutMask(mask, t), all = b.all32();
    VRegType u32 = b.u32();
    Value lx = b.as(la, u32), ly = b.as(lb, u32), hx = b.as(ha, u32), hy = b.as(hb, u32);
    auto op2 = [&](auto tag, Value p, Value q, Value g) -> Value {
      return decltype(tag)::create(rw, op.getLoc(), u32, p, q, g);
    };
    Value lo, hi;
    if constexpr (std::is_same_v<OpTy, SubOp>) { // borrow from the low words
      Value borrow = b.onesWhereActive(b.cmp(ComparePredicate::lt, lx, ly, all));
      lo = op2(dav::VsubOp(), lx, ly, m);
      hi = op2(dav::VsubOp(), op2(dav::VsubOp(), hx, hy, all), borrow, m);
    } else if constexpr (std::is_same_v<OpTy, MulOp>) {
      // The product modulo 2^64: lo*lo in full (its high word from 16-bit
      // halves, Hacker's Delight mulhu) plus both cross products' low words.
      auto mul = [&](Value p, Value q) { return op2(dav::VmulOp(), p, q, all); };
      auto add = [&](Value p, Value q) { return b.vadd(p, q, all); };
      auto shr16 = [&](Value p) -> Value {
        return dav::VshrsOp::create(rw, op.getLoc(), u32, p, b.cst32(16), all);
      };
      Value low16 = b.splat32(0xFFFF, u32);
      auto lowHalf = [&](Value p) { return op2(dav::VandOp(), p, low16, all); };
      Value a0 = lowHalf(lx), a1 = shr16(lx), b0 = lowHalf(ly), b1 = shr16(ly);
      Value t0 = mul(a0, b0);
      Value u = add(mul(a1, b0), shr16(t0));
      Value v = add(mul(a0, b1), lowHalf(u));
      Value mulhi = add(add(mul(a1, b1), shr16(u)), shr16(v));
      lo = op2(dav::VmulOp(), lx, ly, m);
      hi = b.vadd(add(mulhi, mul(lx, hy)), mul(hx, ly), m);
    } else { // bitwise: the same op on both words
      lo = op2(DavOpTy(), lx, ly, m);
      hi = op2(DavOpTy(), hx, hy, m);
    }
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(lo, hi, t)});
    return success();
  }
};

/// abs / not: one intrinsic; 64-bit as word sequences.
template <typename OpTy, typename DavOpTy> struct LaneUnaryLowering : DavPattern<OpTy> {
  using DavPattern<OpTy>::DavPattern;
  using OneToNOpAdaptor = typename DavPattern<OpTy>::OneToNOpAdaptor;
  LogicalResult matchAndRewrite(OpTy op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    Location loc = op.getLoc();
    VRegType t = vt(op.getResult());
    Value mask = a.getMask()[0];
    if (!is64(t)) {
      Value x = a.getSource()[0];
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, mask);
      return success();
    }
    auto [l, h] = b.splitLowHighWords(a.getSource(), t);
    Value m = b.toWordLayoutMask(mask, t), all = b.all32();
    VRegType u32 = b.u32();
    Value lx = b.as(l, u32), hx = b.as(h, u32), lo, hi;
    if constexpr (std::is_same_v<OpTy, NotOp>) {
      lo = DavOpTy::create(rw, loc, u32, lx, m);
      hi = DavOpTy::create(rw, loc, u32, hx, m);
    } else { // abs of i64: 0 - x with borrow where the high word is negative
      Value zero = b.splat32(0, u32);
      Value nl = dav::VsubOp::create(rw, loc, u32, zero, lx, all);
      Value borrow = b.onesWhereActive(b.cmp(ComparePredicate::ne, lx, zero, all));
      Value nh = dav::VsubOp::create(rw, loc, u32, dav::VsubOp::create(rw, loc, u32, zero, hx, all),
                                     borrow, all);
      VRegType i32 = b.reg(32, IntegerType::Signless); // i32 lanes compare signed
      Value negative = b.cmp(ComparePredicate::lt, b.as(hx, i32), b.splat32(0, i32), all);
      lo = b.vadd(dav::VselOp::create(rw, loc, u32, nl, lx, negative), zero, m); // zeroing
      hi = b.vadd(dav::VselOp::create(rw, loc, u32, nh, hx, negative), zero, m);
    }
    rw.replaceOpWithMultiple(op, {b.joinLowHighWords(lo, hi, t)});
    return success();
  }
};

struct BitcastLowering : DavPattern<BitcastOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(BitcastOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    SmallVector<Type> to;
    if (failed(getTypeConverter()->convertType(op.getResult().getType(), to)))
      return failure();
    SmallVector<Value> out;
    for (auto [v, t] : llvm::zip(a.getSource(), to))
      out.push_back(b.as(v, cast<VRegType>(t)));
    rw.replaceOpWithMultiple(op, {out});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

/// The sat operand a conversion needs in per-instruction mode (CTRL[60] = 0)
/// to saturate exactly as it does under the kernel's CTRL state `ctrl`.
SatModeAttr effectiveSat(MLIRContext *ctx, const sem::CastSpec &spec, const sem::Ctrl &ctrl) {
  const sem::CastPairInfo *pair = sem::findCastPair(spec.dst, spec.src);
  bool on = sem::castSaturates(*pair, spec.satOperand, ctrl);
  return SatModeAttr::get(ctx, on ? SatMode::on : SatMode::off);
}

/// cast -> vcvt (64-bit sides: the words viewed as one register of 32 64-bit
/// lanes, the vendor's vector_int64_t). The lowered kernel runs with
/// per-instruction saturation (see ConvertAscRegToDavPass), so the sat
/// operand becomes the saturation the kernel's CTRL state gives.
struct CastLowering : DavPattern<CastOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(CastOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    DavBuilder b{rw, op.getLoc()};
    VRegType src = vt(op.getSrc()), dst = vt(op.getResult());
    Value s = b.as(a.getSrc()[0], src);
    SatModeAttr sat = op.getSatAttr();
    if (sat)
      sat = effectiveSat(rw.getContext(), op.getSpec(), kernelCtrl(op));
    Value r = dav::VcvtOp::create(rw, op.getLoc(), dst, s, a.getMask()[0], op.getRoundAttr(), sat,
                                  op.getPartAttr());
    rw.replaceOp(op, b.as(r, is64(dst) ? wordType(dst) : dst));
    return success();
  }
};

struct TruncateLowering : DavPattern<TruncateOp> {
  using DavPattern::DavPattern;
  LogicalResult matchAndRewrite(TruncateOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<dav::VtrcOp>(op, vt(op.getResult()), a.getSrc()[0], a.getMask()[0],
                                       op.getRoundAttr());
    return success();
  }
};

// A function that converts types in global saturation mode (CTRL[60] = 1,
// the runtime's default) is switched to per-instruction mode, as the
// vendor's MLIR compiler does at kernel entry: every vcvt (already there, or
// made from a cast) carries the saturation the old state gives, and the
// function's ascreg.ctrl says `saturation = instruction`. Conversions
// without a sat operand, truncate and f16 arithmetic do not depend on
// CTRL[60], so nothing else changes. This also settles which CTRL bit
// governs f32 -> f16 in global mode (cast-facts conflict #3) for the code
// that runs on the NPU: none does.
bool convertsTypes(func::FuncOp fn) {
  bool any = false;
  fn.walk([&](Operation *op) { any |= isa<CastOp, dav::VcvtOp>(op); });
  return any;
}

/// Before the conversion: the vcvt ops already in `fn` get their effective
/// sat operand (the cast patterns compute it for the new ones).
void fixExistingVcvtSaturation(func::FuncOp fn) {
  sem::Ctrl ctrl = kernelCtrl(fn);
  if (!ctrl.globalSat)
    return;
  fn.walk([&](dav::VcvtOp op) {
    if (op.getSatAttr())
      op.setSatAttr(effectiveSat(op.getContext(), conversionSpec(op), ctrl));
  });
}

/// After the conversion: the function runs with per-instruction saturation.
void markPerInstructionSaturation(func::FuncOp fn) {
  sem::Ctrl ctrl = kernelCtrl(fn);
  if (!ctrl.globalSat)
    return;
  ctrl.globalSat = false;
  fn->setAttr(AscRegDialect::getCtrlAttrName(), CtrlAttr::get(fn.getContext(), ctrl));
}

struct ConvertAscRegToDavPass
    : public ascreg::impl::ConvertAscRegToDavPassBase<ConvertAscRegToDavPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    if (failed(verifyKernelMemRefs(getOperation())))
      return signalPassFailure();
    // The patterns read the kernel's CTRL state (kernelCtrl); a legacy
    // string profile record is parsed here once instead of in each.
    normalizeProfileRecords(getOperation());
    AscRegToDavTypeConverter converter;
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<AscRegDialect>();
    target.addLegalDialect<dav::DavDialect, arith::ArithDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) && converter.isLegal(&op.getBody());
    });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) { return converter.isLegal(op); });
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    populateAscRegToDavPatterns(converter, patterns);
    // Conversions in global saturation mode: existing vcvt ops first (the
    // cast patterns compute their own sat operand), the attribute last.
    SmallVector<func::FuncOp> converting;
    getOperation().walk([&](func::FuncOp fn) {
      if (convertsTypes(fn)) {
        converting.push_back(fn);
        fixExistingVcvtSaturation(fn);
      }
    });
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      return signalPassFailure();
    for (func::FuncOp fn : converting)
      markPerInstructionSaturation(fn);
  }
};

} // namespace

AscRegToDavTypeConverter::AscRegToDavTypeConverter() {
  addConversion([](Type t) { return t; });
  addConversion([](VRegType t, SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
    if (!is64(t)) {
      out.push_back(t);
      return success();
    }
    out.push_back(wordType(t));
    if (t.isTwoRegister())
      out.push_back(wordType(t));
    return success();
  });
}

void ascreg::populateAscRegToDavPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns
      .add<CreateMaskLowering, UpdateMaskLowering, MaskAndLowering, MaskOrLowering, MaskNotLowering,
           LoadAlignLowering, StoreAlignLowering, ReduceLowering, PairReduceSumLowering,
           GatherLowering, GatherRegLowering, DuplicateLowering, ArangeLowering, CompareLowering,
           SelectLowering, BinaryLowering<AddOp, dav::VaddOp>, BinaryLowering<MaxOp, dav::VmaxOp>,
           BinaryLowering<MinOp, dav::VminOp>, BitcastLowering, CastLowering, TruncateLowering,
           LaneArithLowering<SubOp, dav::VsubOp>, LaneArithLowering<MulOp, dav::VmulOp>,
           LaneArithLowering<AndOp, dav::VandOp>, LaneArithLowering<OrOp, dav::VorOp>,
           LaneArithLowering<XorOp, dav::VxorOp>, LaneUnaryLowering<AbsOp, dav::VabsOp>,
           LaneUnaryLowering<NotOp, dav::VnotOp>>(converter, patterns.getContext());
  populateRegApiFormsToDavPatterns(converter, patterns);
  populateScalarFormToDavPatterns(converter, patterns);
  populateReduceDataBlockToDavPatterns(converter, patterns);
  populateShiftToDavPatterns(converter, patterns);
}
