//===- ScalarFormLowering.cpp - adds, muls, maxs, mins, compares ---------===//
//
// Both lowerings of the vector-scalar forms (docs/semantics.md 2.25):
//   - to vector: the form's definition, duplicate + the vector op, whose
//     own patterns then lower it (one lowering of each rule);
//   - to dav-3510: 8/16/32-bit registers to the vendor's intrinsic (vadds,
//     vmuls, vmaxs, vmins, vcmps_*); 64-bit ones, as the vendor's library
//     does, to Duplicate + the vector op (docs/regapi-ops-facts.md 8-11).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/AscRegToDav/AscRegToDav.h"
#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

using namespace mlir;
using namespace ascreg;

namespace {

/// The form as duplicate + vector op, for every type (vector) or for the
/// 64-bit types only (dav).
template <class OpTy> struct ExpandScalarForm : OpConversionPattern<OpTy> {
  ExpandScalarForm(const TypeConverter &tc, MLIRContext *ctx, bool only64)
      : OpConversionPattern<OpTy>(tc, ctx), only64(only64) {}
  LogicalResult matchAndRewrite(OpTy op, typename OpConversionPattern<OpTy>::OneToNOpAdaptor,
                                ConversionPatternRewriter &rw) const override {
    if (only64 && cast<VRegType>(op.getSource().getType()).getElementBytes() != 8)
      return rw.notifyMatchFailure(op, "an intrinsic takes the scalar");
    rw.replaceOp(op, expandScalarForm(rw, op));
    return success();
  }
  bool only64;
};

/// A form on 8/16/32-bit lanes: one intrinsic.
template <class OpTy, class DavOpTy> struct ScalarFormToDav : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult matchAndRewrite(OpTy op, typename OpConversionPattern<OpTy>::OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    if (cast<VRegType>(op.getSource().getType()).getElementBytes() == 8)
      return rw.notifyMatchFailure(op, "64-bit: duplicate + the vector op");
    Value x = a.getSource()[0];
    if constexpr (std::is_same_v<OpTy, ComparesOp>)
      rw.replaceOpWithNewOp<dav::VcmpsOp>(op, op.getResult().getType(), op.getPredicateAttr(), x,
                                          a.getScalar()[0], a.getMask()[0]);
    else
      rw.replaceOpWithNewOp<DavOpTy>(op, x.getType(), x, a.getScalar()[0], a.getMask()[0]);
    return success();
  }
};

template <class... OpTy>
void addExpansions(const TypeConverter &tc, RewritePatternSet &patterns, bool only64) {
  (patterns.add<ExpandScalarForm<OpTy>>(tc, patterns.getContext(), only64), ...);
}

} // namespace

void ascreg::populateScalarFormToVectorPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  addExpansions<AddsOp, MulsOp, MaxsOp, MinsOp, ComparesOp>(converter, patterns,
                                                            /*only64=*/false);
}

void ascreg::populateScalarFormToDavPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  addExpansions<AddsOp, MulsOp, MaxsOp, MinsOp, ComparesOp>(converter, patterns,
                                                            /*only64=*/true);
  patterns.add<ScalarFormToDav<AddsOp, dav::VaddsOp>, ScalarFormToDav<MulsOp, dav::VmulsOp>,
               ScalarFormToDav<MaxsOp, dav::VmaxsOp>, ScalarFormToDav<MinsOp, dav::VminsOp>,
               ScalarFormToDav<ComparesOp, dav::VcmpsOp>>(converter, patterns.getContext());
}
