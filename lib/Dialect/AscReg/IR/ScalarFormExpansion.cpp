//===- ScalarFormExpansion.cpp - adds ... as duplicate + vector op -------===//
//
// The scalar forms are defined as their vector op on the broadcast scalar
// (docs/semantics.md 2.25); the vector lowering uses this for every type,
// the dav-3510 lowering for the 64-bit types, where the vendor's library
// itself calls Duplicate + Add / Mul / Max / Min / Compare.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace ascreg {

namespace {
template <class VectorOp, class FormOp> Value expandArith(OpBuilder &b, FormOp op) {
  Location loc = op.getLoc();
  Type t = op.getResult().getType();
  Value dup = DuplicateOp::create(b, loc, t, op.getScalar(), Value());
  return VectorOp::create(b, loc, t, op.getSource(), dup, op.getMask(), op.getModeAttr());
}
} // namespace

Value expandScalarForm(OpBuilder &b, Operation *op) {
  if (auto o = dyn_cast<AddsOp>(op))
    return expandArith<AddOp>(b, o);
  if (auto o = dyn_cast<MulsOp>(op))
    return expandArith<MulOp>(b, o);
  if (auto o = dyn_cast<MaxsOp>(op))
    return expandArith<MaxOp>(b, o);
  if (auto o = dyn_cast<MinsOp>(op))
    return expandArith<MinOp>(b, o);
  if (auto o = dyn_cast<ComparesOp>(op)) {
    Value dup = DuplicateOp::create(b, o.getLoc(), o.getSource().getType(), o.getScalar(), Value());
    return CompareOp::create(b, o.getLoc(), o.getResult().getType(), o.getPredicateAttr(),
                             o.getSource(), dup, o.getMask());
  }
  return Value();
}

} // namespace ascreg
