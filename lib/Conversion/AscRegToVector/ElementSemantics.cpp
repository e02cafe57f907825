//===- ElementSemantics.cpp - lane semantics shared by the patterns -------===//
//
// What several pattern families build on one lane: the ordered integer key
// of a float, the f16 saturation of CTRL[48] = 0, and the profile
// candidates (Profile.h; the oracle is lib/Semantics/Reference.cpp) of the
// additions, compares and max / min. Each candidate helper is called only
// when the kernel's profile picks a candidate other than the documented
// one, so a kernel without a recorded profile lowers to the IR it always
// did.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
namespace sem = ::ascreg::semantics;

namespace ascreg {
namespace tovector {

/// The key of float bits `bits` (an integer scalar or vector): the magnitude
/// bits flipped when the sign is set. Its own inverse: the key of a key is
/// the bits.
Value flipNegativeMagnitude(VectorBuilder &e, Value bits) {
  Type t = bits.getType();
  unsigned w = getElementTypeOrSelf(t).getIntOrFloatBitWidth();
  Value sh = arith::ShRSIOp::create(e.b, e.loc, bits, e.intConst(t, APInt(w, w - 1)));
  Value magMask = arith::AndIOp::create(e.b, e.loc, sh, e.intConst(t, APInt::getSignedMaxValue(w)));
  return arith::XOrIOp::create(e.b, e.loc, bits, magMask);
}

/// Totally ordered integer keys of float lanes: signed comparison of the keys
/// orders -inf < ... < -0 < +0 < ... < +inf (NaNs are handled separately).
Value floatKeys(VectorBuilder &e, Value v) {
  VectorType it = intVecType(cast<VectorType>(v.getType()));
  return flipNegativeMagnitude(e, arith::BitcastOp::create(e.b, e.loc, it, v));
}

/// f16 bits (i16 lanes) in the saturating mode (CTRL[48] = 0): +-inf ->
/// +-65504, NaN -> +0.
Value saturateF16Bits(VectorBuilder &e, Value bits) {
  auto it = cast<VectorType>(bits.getType());
  Value mag = arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(16, 0x7FFF)));
  Value inf = e.splatInt(it, APInt(16, 0x7C00));
  Value isNaN = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::ugt, mag, inf);
  Value isInf = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, mag, inf);
  Value max = arith::OrIOp::create(
      e.b, e.loc, arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(16, 0x8000))),
      e.splatInt(it, APInt(16, 0x7BFF)));
  Value r = arith::SelectOp::create(e.b, e.loc, isInf, max, bits);
  return arith::SelectOp::create(e.b, e.loc, isNaN, e.zeros(it), r);
}

/// f16 lanes in the saturating mode (CTRL[48] = 0), on their bits.
Value saturateF16(VectorBuilder &e, Value v) {
  auto vt = cast<VectorType>(v.getType());
  Value bits = arith::BitcastOp::create(e.b, e.loc, intVecType(vt), v);
  return arith::BitcastOp::create(e.b, e.loc, vt, saturateF16Bits(e, bits));
}

/// Whether f16 additions in `op`'s kernel saturate (its CTRL[48]).
bool saturatesF16(Operation *op, Type elem) {
  return elem.isF16() && sem::saturatesF16Arithmetic(kernelCtrl(op));
}

//===----------------------------------------------------------------------===//
// Profile candidates (Profile.h; the oracle is lib/Semantics/Reference.cpp)
//
// Each helper is called only when the kernel's profile picks a candidate
// other than the documented one, so a kernel without a recorded profile
// lowers to the IR it always did.
//===----------------------------------------------------------------------===//

/// A float constant of type `t` (a scalar float or a vector of them, splat).
Value floatConst(VectorBuilder &e, Type t, const APFloat &value) {
  auto vt = dyn_cast<VectorType>(t);
  Attribute a = e.b.getFloatAttr(vt ? vt.getElementType() : t, value);
  if (vt)
    return e.splat(vt, a);
  return arith::ConstantOp::create(e.b, e.loc, cast<TypedAttr>(a));
}

/// NaNs of `v` (f16 / f32, scalar or vector) replaced by the positive default
/// NaN (0x7E00 / 0x7FC00000): the `canonical` candidates of add.nan and
/// maxmin.nan (canonicalNaNBits).
///
///   %nan = arith.cmpf uno, %v, %v : vector<64xf16>
///   %r = arith.select %nan, %cst_0x7E00, %v : vector<64xi1>, vector<64xf16>
Value canonicalizeNaN(VectorBuilder &e, Value v) {
  auto elem = cast<FloatType>(getElementTypeOrSelf(v.getType()));
  const sem::ElemKind kind = *getElemKind(elem); // f16, bf16 or f32
  APFloat nan(elem.getFloatSemantics(), APInt(elem.getWidth(), sem::canonicalNaNBits(kind)));
  Value isNaN = arith::CmpFOp::create(e.b, e.loc, arith::CmpFPredicate::UNO, v, v);
  return arith::SelectOp::create(e.b, e.loc, isNaN, floatConst(e, v.getType(), nan), v);
}

/// f16 / f32 lanes whose exponent field is 0 replaced by the zero of their
/// sign: the operands of compare / max / min under compare.subnormals =
/// flush (flushSubnormalBits). A bit operation, so no FTZ mode is involved.
///
///   %b = arith.bitcast %v : vector<64xf32> to vector<64xi32>
///   %exp = arith.andi %b, 0x7F800000 ; %sub = arith.cmpi eq, %exp, 0
///   %r = arith.select %sub, (%b & 0x80000000), %b ; bitcast back
Value flushSubnormals(VectorBuilder &e, Value v) {
  auto vt = cast<VectorType>(v.getType());
  VectorType it = intVecType(vt);
  unsigned w = vt.getElementTypeBitWidth();
  const uint64_t sign = w == 32 ? 0x80000000u : 0x8000, exp = w == 32 ? 0x7F800000u : 0x7C00;
  Value bits = arith::BitcastOp::create(e.b, e.loc, it, v);
  Value expField = arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(w, exp)));
  Value subnormal =
      arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, expField, e.zeros(it));
  Value signedZero = arith::AndIOp::create(e.b, e.loc, bits, e.splatInt(it, APInt(w, sign)));
  Value r = arith::SelectOp::create(e.b, e.loc, subnormal, signedZero, bits);
  return arith::BitcastOp::create(e.b, e.loc, vt, r);
}

/// The operands of a compare / max / min of `t` under compare.subnormals.
Value orderedOperand(VectorBuilder &e, const sem::Profile &prof, sem::RegType t, Value v) {
  return sem::isFloat(t.elem) && prof.compareSubnormals == sem::CompareSubnormals::Flush
             ? flushSubnormals(e, v)
             : v;
}

/// A rounded float addition result (f16 / f32) under add.nan, then
/// saturated when `saturate` (CTRL[48] = 0, f16): Reference.cpp's finishAdd.
Value finishAdd(VectorBuilder &e, const sem::Profile &prof, Value sum, bool saturate) {
  if (prof.addNaN == sem::AddNaN::Canonical)
    sum = canonicalizeNaN(e, sum);
  return saturate ? saturateF16(e, sum) : sum;
}

} // namespace tovector
} // namespace ascreg
