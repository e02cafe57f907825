//===- DavBuilder.h - dav-3510 sequences of 64-bit data ---------*- C++ -*-===//
//
// Helpers shared by the ascreg-to-dav patterns (AscRegToDav.cpp,
// RegApiFormsToDav.cpp, ShiftLowering.cpp): 64-bit data as its 32-bit words, mask layouts, and a
// builder of the dav ops the word sequences use.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_CONVERSION_ASCREGTODAV_DAVBUILDER_H
#define ASCREG_LIB_CONVERSION_ASCREGTODAV_DAVBUILDER_H

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

namespace ascreg {
namespace davlowering {

using namespace mlir;

inline bool is64(VRegType t) { return t.getElementBytes() == 8; }

/// The 32-bit word type of a 64-bit register type (i64 -> i32, u64 -> u32).
inline VRegType wordType(VRegType t) {
  auto it = cast<IntegerType>(t.getElementType());
  return VRegType::get(t.getContext(), 64,
                       IntegerType::get(t.getContext(), 32, it.getSignedness()));
}

/// The base of the ascreg-to-dav patterns (1:N: a 64-bit two-register
/// value is two dav registers).
template <typename OpTy> struct DavPattern : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;
};

/// Builds dav sequences at one location.
struct DavBuilder {
  ConversionPatternRewriter &rw;
  Location loc;
  MLIRContext *ctx() { return rw.getContext(); }

  VRegType reg(unsigned bits, IntegerType::SignednessSemantics s = IntegerType::Unsigned) {
    return VRegType::get(ctx(), 2048 / bits, IntegerType::get(ctx(), bits, s));
  }
  VRegType u32() { return reg(32); }
  Type maskT() { return MaskType::get(ctx()); }
  Value cst32(int64_t v) { return arith::ConstantIntOp::create(rw, loc, rw.getI32Type(), v); }
  Value pset(unsigned bits, MaskPattern p) {
    auto attr = MaskPatternAttr::get(ctx(), p);
    if (bits == 8)
      return dav::PsetB8Op::create(rw, loc, maskT(), attr);
    if (bits == 16)
      return dav::PsetB16Op::create(rw, loc, maskT(), attr);
    return dav::PsetB32Op::create(rw, loc, maskT(), attr);
  }
  Value all8() { return pset(8, MaskPattern::ALL); }
  Value all32() { return pset(32, MaskPattern::ALL); }
  Value as(Value v, VRegType t) {
    if (v.getType() == t)
      return v;
    return dav::ReinterpretOp::create(rw, loc, t, v);
  }
  Value splat32(int64_t v, VRegType t) { return dav::VbrOp::create(rw, loc, t, cst32(v)); }
  Value ppackLow(Value m) {
    return dav::PpackOp::create(rw, loc, maskT(), m,
                                dav::HalfPartAttr::get(ctx(), dav::HalfPart::lower));
  }
  Value punpackLow(Value m) {
    return dav::PunpackOp::create(rw, loc, maskT(), m,
                                  dav::HalfPartAttr::get(ctx(), dav::HalfPart::lower));
  }
  /// Mask of the 64 words of a one-register 64-bit value: word 2i and 2i+1
  /// take element i's bit (8i): ppack to the 32-bit layout, then interleave.
  Value wordMaskOfOneRegister(Value m) {
    Value p = ppackLow(m);
    auto il = dav::PintlvB32Op::create(rw, loc, maskT(), maskT(), p, p);
    return il.getLow();
  }
  /// (lo words, hi words) of a 64-bit value.
  std::pair<Value, Value> splitLowHighWords(ValueRange parts, VRegType t) {
    if (t.isTwoRegister())
      return {parts[0], parts[1]};
    VRegType w = wordType(t);
    Value zero = splat32(0, w);
    auto d = dav::VdintlvOp::create(rw, loc, w, w, parts[0], zero);
    return {d.getEven(), d.getOdd()};
  }
  /// (lo word, hi word) of a 64-bit scalar, as i32.
  std::pair<Value, Value> splitScalarWords(Value s) {
    Value lo = arith::TruncIOp::create(rw, loc, rw.getI32Type(), s);
    Value sh = arith::ShRUIOp::create(rw, loc, s,
                                      arith::ConstantIntOp::create(rw, loc, rw.getI64Type(), 32));
    return {lo, arith::TruncIOp::create(rw, loc, rw.getI32Type(), sh)};
  }
  /// The 32-bit-layout mask of a 64-bit value's lanes.
  Value toWordLayoutMask(Value m, VRegType t) { return t.isTwoRegister() ? m : ppackLow(m); }
  /// Back from (lo, hi) words to the value's form.
  SmallVector<Value> joinLowHighWords(Value lo, Value hi, VRegType t) {
    VRegType w = wordType(t);
    lo = as(lo, w);
    hi = as(hi, w);
    if (t.isTwoRegister())
      return {lo, hi};
    auto il = dav::VintlvOp::create(rw, loc, w, w, lo, hi);
    return {il.getLow()};
  }
  /// A 32-bit-layout lane mask back to the value's form.
  Value fromWordLayoutMask(Value m32, VRegType t) {
    return t.isTwoRegister() ? m32 : punpackLow(m32);
  }
  /// 1 where `m` is set, else 0 (u32 lanes).
  Value onesWhereActive(Value m) {
    return dav::VselOp::create(rw, loc, u32(), splat32(1, u32()), splat32(0, u32()), m);
  }
  Value vadd(Value a, Value b, Value m) {
    return dav::VaddOp::create(rw, loc, a.getType(), a, b, m);
  }
  /// `x` on the lanes of `m`, 0 elsewhere (u32 lanes): the vendor's zeroing
  /// step, x + 0 under the mask.
  Value zeroInactive(Value x, Value m) { return vadd(x, splat32(0, u32()), m); }
  Value cmp(ComparePredicate p, Value a, Value b, Value m) {
    return dav::VcmpOp::create(rw, loc, maskT(), ComparePredicateAttr::get(ctx(), p), a, b, m);
  }
};

} // namespace davlowering
} // namespace ascreg

#endif // ASCREG_LIB_CONVERSION_ASCREGTODAV_DAVBUILDER_H
