//===- ExpandFloatConversions.cpp - exact arith.truncf / extf ---*- C++ -*-===//
//
// ascreg-expand-float-conversions (Passes.td says which conversions and
// why): the arith.truncf / arith.extf that LLVM does not lower as IEEE 754
// converts become the integer arithmetic of LaneArithmetic.h, so that the
// JIT agrees bit for bit with the interpreter (APFloat).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"

#include "LaneArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace ascreg {
#define GEN_PASS_DEF_EXPANDFLOATCONVERSIONSPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;
using namespace ascreg::lanes;

namespace {

/// The field layout of a float type the expansion handles.
std::optional<FloatFormat> formatOf(Type t) {
  if (t.isF16())
    return floatFormat(EK::F16);
  if (t.isBF16())
    return floatFormat(EK::BF16);
  if (t.isF32())
    return floatFormat(EK::F32);
  if (t.isF64())
    return kF64Format;
  return std::nullopt;
}

/// arith's rounding modes are IEEE's five; the cast round modes name the
/// same roundings.
sem::RoundMode roundModeOf(arith::RoundingMode m) {
  switch (m) {
  case arith::RoundingMode::to_nearest_even:
    return sem::RoundMode::Rint;
  case arith::RoundingMode::to_nearest_away:
    return sem::RoundMode::Round;
  case arith::RoundingMode::downward:
    return sem::RoundMode::Floor;
  case arith::RoundingMode::upward:
    return sem::RoundMode::Ceil;
  case arith::RoundingMode::toward_zero:
    return sem::RoundMode::Trunc;
  }
  return sem::RoundMode::Rint;
}

/// `in` (a float scalar or 1-D vector) converted to `resultType` with IEEE
/// 754's rules, or null if a type is not one the expansion handles.
Value convertExactly(PatternRewriter &rw, Location loc, Value in, Type resultType,
                     sem::RoundMode mode) {
  Type srcElem = getElementTypeOrSelf(in.getType()), dstElem = getElementTypeOrSelf(resultType);
  std::optional<FloatFormat> from = formatOf(srcElem), to = formatOf(dstElem);
  auto vt = dyn_cast<VectorType>(in.getType());
  if (!from || !to || (vt && (vt.getRank() != 1 || vt.isScalable())))
    return {};
  // i32 arithmetic is exact between formats of up to 32 bits (laneWidth).
  const bool wide = srcElem.isF64() || dstElem.isF64();
  LaneBuilder l{rw, loc, vt ? vt.getNumElements() : 0, wide ? 64u : 32u};
  Value bits = arith::BitcastOp::create(
      rw, loc, l.lanesOf(rw.getIntegerType(srcElem.getIntOrFloatBitWidth())), in);
  LaneValues v = l.decodeFloat(*from, bits);
  Value out = l.encodeFloat(*to, v, from->mantBits + 1, mode, FloatRange::IEEE);
  out = l.narrow(out, rw.getIntegerType(dstElem.getIntOrFloatBitWidth()));
  return arith::BitcastOp::create(rw, loc, resultType, out);
}

/// The rounding an arith.truncf is expanded with: one with a rounding mode
/// other than to_nearest_even, or to bf16 (LLVM's __truncsfbf2 would see a
/// widened bf16 and a kernel's sNaN alike); none if LLVM converts it exactly.
std::optional<sem::RoundMode> expandedRounding(arith::TruncFOp op) {
  arith::RoundingMode mode = op.getRoundingmode().value_or(arith::RoundingMode::to_nearest_even);
  if (mode == arith::RoundingMode::to_nearest_even && !getElementTypeOrSelf(op.getType()).isBF16())
    return std::nullopt;
  return roundModeOf(mode);
}

/// An arith.extf is expanded from bf16 only (exact; a signalling NaN comes
/// out quiet, which LLVM's shift does not do).
std::optional<sem::RoundMode> expandedRounding(arith::ExtFOp op) {
  if (!getElementTypeOrSelf(op.getIn().getType()).isBF16())
    return std::nullopt;
  return sem::RoundMode::Rint;
}

/// A conversion that expandedRounding selects, as integer arithmetic:
///
///   %h = arith.truncf %x upward : f32 to f16
/// becomes
///   %bits = arith.bitcast %x : f32 to i32
///   ... decode / round (upward) / encode on i32, IEEE overflow ...
///   %t = arith.trunci %enc : i32 to i16
///   %h = arith.bitcast %t : i16 to f16
template <class ConversionOp> struct ExactFloatConversion : public OpRewritePattern<ConversionOp> {
  using OpRewritePattern<ConversionOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ConversionOp op, PatternRewriter &rw) const override {
    std::optional<sem::RoundMode> rounding = expandedRounding(op);
    if (!rounding)
      return rw.notifyMatchFailure(op, "LLVM converts it exactly");
    Value r = convertExactly(rw, op.getLoc(), op.getIn(), op.getType(), *rounding);
    if (!r)
      return rw.notifyMatchFailure(op, "not a conversion between f16, bf16, f32 and f64");
    rw.replaceOp(op, r);
    return success();
  }
};

struct ExpandFloatConversionsPass
    : public ascreg::impl::ExpandFloatConversionsPassBase<ExpandFloatConversionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateExpandFloatConversionPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What is left would lose its rounding mode in LLVM without a word.
    WalkResult walk = getOperation()->walk([](arith::TruncFOp op) {
      if (op.getRoundingmode().value_or(arith::RoundingMode::to_nearest_even) ==
          arith::RoundingMode::to_nearest_even)
        return WalkResult::advance();
      op.emitError() << "arith.truncf with rounding mode '"
                     << arith::stringifyRoundingMode(*op.getRoundingmode())
                     << "' has no exact lowering for " << op.getIn().getType() << " to "
                     << op.getType() << " (f16, bf16, f32, f64 scalars and 1-D vectors)";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void ascreg::populateExpandFloatConversionPatterns(RewritePatternSet &patterns) {
  patterns.add<ExactFloatConversion<arith::TruncFOp>, ExactFloatConversion<arith::ExtFOp>>(
      patterns.getContext());
}
