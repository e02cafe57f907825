//===- LaneArithLowering.cpp - sub, mul, abs, bitwise to vector -*- C++ -*-===//
//
// The ops of lib/Semantics/LaneArithReference.cpp on vector / arith, with
// every rule built explicitly on the lane bits rather than left to LLVM
// (which promises nothing about NaN results and has no bf16 arithmetic on
// x86 without runtime calls):
//   - a float NaN result is the first NaN operand quieted, else the
//     invalid-operation NaN (invalidNaNBits), then add.nan = canonical;
//   - bf16 is computed in f32 on its bits (extend = shift, round = RNE on
//     the integer bits), f16 / f32 with subf / mulf (correctly rounded: the
//     f16 promotion LLVM does has > 2p + 2 bits);
//   - f16 saturation (CTRL[48] = 0, mul.f16_saturation), arith.subnormals,
//     abs.float on the bits; inactive lanes 0.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/LaneArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

Value ascreg::laneMask(OpBuilder &b, Location loc, Value mask, sem::RegType t) {
  if (t.maskStride() == 1)
    return mask;
  SmallVector<int64_t> idx;
  for (unsigned i = 0; i < t.lanes(); ++i)
    idx.push_back(int64_t(t.maskStride() * i));
  return vector::ShuffleOp::create(b, loc, mask, mask, idx);
}

Value ascreg::zeroInactive(OpBuilder &b, Location loc, Value mask, sem::RegType t, Value r,
                           Type to) {
  auto vt = cast<VectorType>(r.getType());
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(vt, b.getZeroAttr(vt.getElementType())));
  Value z = arith::SelectOp::create(b, loc, laneMask(b, loc, mask, t), r, zero);
  return z.getType() == to ? z : Value(arith::BitcastOp::create(b, loc, to, z));
}

namespace {

using EK = sem::ElemKind;
using P = arith::CmpIPredicate;

/// Integer arithmetic on the bits of one lowered register (vector<N x iW>).
struct LaneBits {
  OpBuilder &b;
  Location loc;
  VectorType it; // the integer lanes

  Value c(uint64_t v) {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            it, IntegerAttr::get(it.getElementType(),
                                 APInt(it.getElementTypeBitWidth(), v, /*isSigned=*/false,
                                       /*implicitTrunc=*/true))));
  }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value cmp(P p, Value x, Value y) { return arith::CmpIOp::create(b, loc, p, x, y); }
  Value sel(Value m, Value x, Value y) { return arith::SelectOp::create(b, loc, m, x, y); }
  Value bits(Value v) {
    return v.getType() == it ? v : Value(arith::BitcastOp::create(b, loc, it, v));
  }

  /// The float encoding of `k`: sign bit, infinity's bits, quiet bit.
  static uint64_t signOf(EK k) { return k == EK::F32 ? 0x80000000u : 0x8000; }
  static uint64_t infOf(EK k) {
    return k == EK::F32 ? 0x7F800000u : k == EK::F16 ? 0x7C00 : 0x7F80;
  }
  Value isNaN(EK k, Value x) { return cmp(P::ugt, andI(x, c(signOf(k) - 1)), c(infOf(k))); }
  Value quiet(EK k, Value x) { return orI(x, c(sem::quietNaNBits(k, 0))); }
  /// Subnormals (exponent field 0) -> the zero of their sign.
  Value flush(EK k, Value x) {
    Value sub = cmp(P::eq, andI(x, c(infOf(k))), c(0));
    return sel(sub, andI(x, c(signOf(k))), x);
  }
};

/// bf16 bits (i16 lanes) -> f32 lanes, exactly.
Value bf16ToF32(OpBuilder &b, Location loc, Value x) {
  auto n = cast<VectorType>(x.getType()).getShape();
  auto i32s = VectorType::get(n, b.getI32Type());
  Value w = arith::ExtUIOp::create(b, loc, i32s, x);
  Value sh = arith::ShLIOp::create(
      b, loc, w,
      arith::ConstantOp::create(b, loc, DenseElementsAttr::get(i32s, b.getI32IntegerAttr(16))));
  return arith::BitcastOp::create(b, loc, VectorType::get(n, b.getF32Type()), sh);
}

/// f32 lanes -> bf16 bits, RNE (a NaN gives some NaN; the caller replaces it).
Value f32ToBF16(OpBuilder &b, Location loc, Value f) {
  auto n = cast<VectorType>(f.getType()).getShape();
  auto i32s = VectorType::get(n, b.getI32Type());
  LaneBits w{b, loc, i32s};
  Value u = w.bits(f);
  Value sixteen = w.c(16);
  Value lsb = w.andI(arith::ShRUIOp::create(b, loc, u, sixteen), w.c(1));
  Value rounded = arith::AddIOp::create(b, loc, arith::AddIOp::create(b, loc, u, w.c(0x7FFF)), lsb);
  Value hi = arith::ShRUIOp::create(b, loc, rounded, sixteen);
  return arith::TruncIOp::create(b, loc, VectorType::get(n, b.getI16Type()), hi);
}

/// What a pattern knows of its op: the register type, the lowered vector
/// type and integer arithmetic on its lane bits.
struct LaneOp {
  sem::RegType t;
  VectorType lowered;
  LaneBits L;
};
LaneOp laneOp(OpBuilder &b, Operation *op, const TypeConverter &converter) {
  auto reg = cast<VRegType>(op->getResult(0).getType());
  auto lowered = cast<VectorType>(converter.convertType(reg));
  const sem::RegType t = toRegType(reg);
  const unsigned w = sem::elemBytes(t.elem) * 8;
  return {t, lowered,
          LaneBits{b, op->getLoc(), VectorType::get(lowered.getShape(), b.getIntegerType(w))}};
}

/// The frame every pattern here shares: `Derived::lanes` computes the
/// result's lane bits from the op's, then inactive lanes become 0 (zeroing).
template <typename Derived, typename OpTy> struct LanePattern : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult matchAndRewrite(OpTy op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    LaneOp lane = laneOp(rw, op, *this->getTypeConverter());
    Value r = Derived::lanes(op, a, rw, lane);
    rw.replaceOp(op, zeroInactive(rw, op.getLoc(), a.getMask(), lane.t, r, lane.lowered));
    return success();
  }
};

/// sub / mul / and / or / xor.
template <typename OpTy, sem::ArithKind K>
struct ArithLowering : LanePattern<ArithLowering<OpTy, K>, OpTy> {
  using LanePattern<ArithLowering, OpTy>::LanePattern;
  static Value lanes(OpTy op, typename OpTy::Adaptor a, OpBuilder &rw, LaneOp &lane) {
    Location loc = op.getLoc();
    sem::RegType t = lane.t;
    LaneBits &L = lane.L;
    Value x = L.bits(a.getLhs()), y = L.bits(a.getRhs()), r;
    const bool floatArith =
        sem::isFloat(t.elem) && (K == sem::ArithKind::Sub || K == sem::ArithKind::Mul);
    if (!floatArith) {
      switch (K) {
      case sem::ArithKind::Sub:
        r = arith::SubIOp::create(rw, loc, x, y);
        break;
      case sem::ArithKind::Mul:
        r = arith::MulIOp::create(rw, loc, x, y);
        break;
      case sem::ArithKind::And:
        r = arith::AndIOp::create(rw, loc, x, y);
        break;
      case sem::ArithKind::Or:
        r = arith::OrIOp::create(rw, loc, x, y);
        break;
      case sem::ArithKind::Xor:
        r = arith::XOrIOp::create(rw, loc, x, y);
        break;
      }
    } else {
      r = floatLanes(rw, loc, L, kernelProfile(op), t.elem, x, y, lane.lowered);
    }
    return r;
  }

  /// The float lane function on bits (LaneArithReference.cpp's floatLane).
  static Value floatLanes(OpBuilder &b, Location loc, LaneBits &L, const sem::Profile &prof, EK k,
                          Value x, Value y, VectorType lowered) {
    const bool flush = prof.arithSubnormals == sem::ArithSubnormals::Flush;
    if (flush) {
      x = L.flush(k, x);
      y = L.flush(k, y);
    }
    auto op = [&](Value p, Value q) -> Value {
      if (K == sem::ArithKind::Sub)
        return arith::SubFOp::create(b, loc, p, q);
      return arith::MulFOp::create(b, loc, p, q);
    };
    Value r;
    if (k == EK::BF16) {
      r = f32ToBF16(b, loc, op(bf16ToF32(b, loc, x), bf16ToF32(b, loc, y)));
    } else {
      Value xf = arith::BitcastOp::create(b, loc, lowered, x);
      Value yf = arith::BitcastOp::create(b, loc, lowered, y);
      r = L.bits(op(xf, yf));
    }
    if (flush)
      r = L.flush(k, r); // a NaN is not subnormal: the order does not matter
    r = L.sel(L.isNaN(k, r), L.c(sem::invalidNaNBits(k)), r);
    r = L.sel(L.isNaN(k, y), L.quiet(k, y), r);
    r = L.sel(L.isNaN(k, x), L.quiet(k, x), r);
    if (prof.addNaN == sem::AddNaN::Canonical)
      r = L.sel(L.isNaN(k, r), L.c(sem::canonicalNaNBits(k)), r);
    const bool saturate =
        k == EK::F16 && sem::saturatesF16Arithmetic(prof.ctrl) &&
        (K == sem::ArithKind::Sub || prof.mulF16Saturation == sem::MulF16Saturation::Ctrl);
    if (!saturate)
      return r;
    tovector::VectorBuilder e{b, loc};
    return tovector::saturateF16Bits(e, r);
  }
};

/// abs / not.
template <typename OpTy, sem::UnaryKind K>
struct UnaryLowering : LanePattern<UnaryLowering<OpTy, K>, OpTy> {
  using LanePattern<UnaryLowering, OpTy>::LanePattern;
  static Value lanes(OpTy op, typename OpTy::Adaptor a, OpBuilder &rw, LaneOp &lane) {
    Location loc = op.getLoc();
    sem::RegType t = lane.t;
    LaneBits &L = lane.L;
    const unsigned w = sem::elemBytes(t.elem) * 8;
    Value x = L.bits(a.getSource()), r;
    const uint64_t sign = uint64_t(1) << (w - 1);
    if (K == sem::UnaryKind::Not) {
      r = arith::XOrIOp::create(rw, loc, x, L.c(~uint64_t(0)));
    } else if (sem::isFloat(t.elem)) {
      r = L.andI(x, L.c(sign - 1)); // the sign bit cleared, payload kept
      if (kernelProfile(op).absFloat == sem::AbsFloat::Canonical)
        r = L.sel(L.isNaN(t.elem, x), L.c(sem::canonicalNaNBits(t.elem)), r);
    } else { // |INT_MIN| wraps to INT_MIN
      Value neg = arith::SubIOp::create(rw, loc, L.c(0), x);
      r = L.sel(L.cmp(P::slt, x, L.c(0)), neg, x);
    }
    return r;
  }
};

} // namespace

void ascreg::populateLaneArithToVectorPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  using AK = sem::ArithKind;
  using UK = sem::UnaryKind;
  patterns.add<ArithLowering<SubOp, AK::Sub>, ArithLowering<MulOp, AK::Mul>,
               ArithLowering<AndOp, AK::And>, ArithLowering<OrOp, AK::Or>,
               ArithLowering<XorOp, AK::Xor>, UnaryLowering<AbsOp, UK::Abs>,
               UnaryLowering<NotOp, UK::Not>>(converter, patterns.getContext());
}
