//===- ScalarLowering.cpp - scalar arith ops in Ascend C -------*- C++ -*-===//
//
// The scalar arith ops whose upstream EmitC form is not the vendor's or is
// missing: float constants spelled bit-exactly, index constants as
// uint32_t, and the unsigned divisions.
//
//===----------------------------------------------------------------------===//
#include "AscendCEmission.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace ascreg;
using namespace ascreg::emission;

namespace {

/// The bit-exact spelling of a float constant of type `t` with `bits`: the
/// bits reinterpreted (`__builtin_bit_cast(half, (uint16_t)0x3C00U)`), which
/// clang-based bisheng and g++/clang++ (with the host header) both accept and
/// which keeps NaN signs and payloads, unlike any decimal or NAN spelling.
std::string bitExactFloat(Type t, uint64_t bits) {
  unsigned width = t.getIntOrFloatBitWidth();
  return llvm::formatv("__builtin_bit_cast({0}, (uint{1}_t)0x{2:X-}U)", cElemName(t), width, bits)
      .str();
}

/// arith.constant of a float type: f16 / bf16 always, and f32 inf / NaN,
/// through bitExactFloat (finite f32 keep EmitC's round-trip decimal); of
/// index type: a uint32_t constant.
struct ConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  ConstantLowering(const TypeConverter &tc, MLIRContext *ctx)
      : OpConversionPattern(tc, ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rw) const override {
    // index constants take the converted type (uint32_t).
    if (auto index = dyn_cast<IntegerAttr>(op.getValue()); index && op.getType().isIndex()) {
      Type t = getTypeConverter()->convertType(op.getType());
      if (!t)
        return failure();
      // The low 32 bits (an index constant of a valid kernel fits).
      rw.replaceOpWithNewOp<emitc::ConstantOp>(op, t,
                                               rw.getIntegerAttr(t, index.getValue().trunc(32)));
      return success();
    }
    auto value = dyn_cast<FloatAttr>(op.getValue());
    if (!value)
      return failure();
    APFloat f = value.getValue();
    if (value.getType().isF32() && f.isFinite())
      return failure(); // the upstream pattern prints it exactly
    Type t = getTypeConverter()->convertType(op.getType());
    if (!t)
      return failure();
    uint64_t bits = f.bitcastToAPInt().getZExtValue();
    rw.replaceOpWithNewOp<emitc::ConstantOp>(
        op, t, emitc::OpaqueAttr::get(rw.getContext(), bitExactFloat(value.getType(), bits)));
    return success();
  }
};

/// arith.divui / arith.remui (no upstream EmitC pattern in 22): the
/// operation on the unsigned type (size_t is unsigned already).
template <typename ArithOp, typename EmitCOp>
struct UnsignedDivLowering : public OpConversionPattern<ArithOp> {
  using OpConversionPattern<ArithOp>::OpConversionPattern;
  LogicalResult matchAndRewrite(ArithOp op, typename ArithOp::Adaptor a,
                                ConversionPatternRewriter &rw) const override {
    Type t = this->getTypeConverter()->convertType(op.getType());
    if (!t)
      return failure();
    Type u = t;
    if (auto it = dyn_cast<IntegerType>(t))
      u = rw.getIntegerType(it.getWidth(), /*isSigned=*/false);
    else if (!isa<emitc::SizeTType>(t))
      return failure();
    auto toU = [&](Value v) -> Value {
      // A size_t materialization of a `u` value: the value itself.
      if (auto c = v.getDefiningOp<emitc::CastOp>(); c && c.getSource().getType() == u)
        return c.getSource();
      return v.getType() == u ? v : emitc::CastOp::create(rw, op.getLoc(), u, v);
    };
    Value r = EmitCOp::create(rw, op.getLoc(), u, toU(a.getLhs()), toU(a.getRhs()));
    if (u != t)
      r = emitc::CastOp::create(rw, op.getLoc(), t, r);
    rw.replaceOp(op, r);
    return success();
  }
};

} // namespace

void emission::populateScalarPatterns(const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ConstantLowering>(converter, ctx);
  patterns.add<UnsignedDivLowering<arith::DivUIOp, emitc::DivOp>,
               UnsignedDivLowering<arith::RemUIOp, emitc::RemOp>>(converter, ctx);
}
