//===- ReduceDataBlockLowering.cpp - reduce_data_block lowerings ---------===//
//
// Both lowerings of reduce_data_block (docs/semantics.md 2.26):
//   - to vector: the rules of lib/Semantics/Reference.cpp built as a tree
//     over the whole register. A 32-byte block is 2^L consecutive lanes, so
//     L levels of vector.deinterleave + combine leave block b's result in
//     lane b (L = 4 for 16-bit, 3 for 32-bit lanes):
//
//       %v = arith.select %lanes, %src, %identity : vector<64xi1>, vector<64xf32>
//       %e, %o = vector.deinterleave %v : vector<64xf32> -> vector<32xf32>
//       %s = arith.addf %e, %o : vector<32xf32>        (x3: vector<8xf32>)
//       %r = vector.shuffle %s, %zero [0, ..., 7, 8, ...] : vector<64xf32>
//
//     sum: inactive lanes +0, every node rounded (sum.rounding = per_node)
//     and finished (add.nan, f16 saturation under CTRL[48] = 0), or the
//     tree in the next wider float and one rounding (round_once); integers
//     wrap. max / min: inactive lanes the identity (-inf / +inf, the integer
//     minimum / maximum); a node keeps the left NaN, else the right NaN,
//     else the larger (smaller) order key, ties the left; maxmin.empty,
//     maxmin.nan and compare.subnormals as the reference.
//   - to dav-3510: the vendor's vcgadd / vcgmax / vcgmin (every legal type
//     is one register).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/AscRegToDav/AscRegToDav.h"
#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/Semantics/ReduceDataBlock.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;

namespace {

/// Builds the tree of one reduce_data_block.
struct BlockTree {
  OpBuilder &b;
  Location loc;

  VectorType like(Value v, Type elem) const {
    return VectorType::get(cast<VectorType>(v.getType()).getShape(), elem);
  }
  Value splat(VectorType t, TypedAttr a) const {
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(t, a));
  }
  Value splatInt(VectorType t, uint64_t v) const {
    return splat(t, b.getIntegerAttr(t.getElementType(), v));
  }
  Value bits(Value v) const { // float lanes as integers of their width
    auto vt = cast<VectorType>(v.getType());
    return arith::BitcastOp::create(b, loc, like(v, b.getIntegerType(vt.getElementTypeBitWidth())),
                                    v);
  }
  Value isNaN(Value v) const {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  }

  /// `levels` levels of adjacent pairs: v[i] = combine(v[2i], v[2i+1]).
  Value levels(Value v, unsigned n, function_ref<Value(Value, Value)> combine) const {
    for (; n > 0; --n) {
      auto d = vector::DeinterleaveOp::create(b, loc, v);
      v = combine(d.getRes1(), d.getRes2());
    }
    return v;
  }

  /// f16 bits in the saturating mode: +-inf -> +-65504, NaN -> +0.
  Value saturateF16(Value v) const {
    Value x = bits(v);
    auto it = cast<VectorType>(x.getType());
    Value mag = arith::AndIOp::create(b, loc, x, splatInt(it, 0x7FFF));
    Value inf = splatInt(it, 0x7C00);
    Value nan = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, mag, inf);
    Value isInf = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mag, inf);
    Value max = arith::OrIOp::create(b, loc, arith::AndIOp::create(b, loc, x, splatInt(it, 0x8000)),
                                     splatInt(it, 0x7BFF));
    Value r = arith::SelectOp::create(b, loc, isInf, max, x);
    r = arith::SelectOp::create(b, loc, nan, splatInt(it, 0), r);
    return arith::BitcastOp::create(b, loc, v.getType(), r);
  }
  /// NaN lanes replaced by the positive default NaN (the `canonical`
  /// candidates of add.nan and maxmin.nan).
  Value canonicalNaN(Value v, sem::ElemKind k) const {
    auto vt = cast<VectorType>(v.getType());
    Value nan = arith::BitcastOp::create(
        b, loc, vt, splatInt(cast<VectorType>(bits(v).getType()), sem::canonicalNaNBits(k)));
    return arith::SelectOp::create(b, loc, isNaN(v), nan, v);
  }
  /// Subnormal f16 / f32 lanes as the zero of their sign (compare.subnormals
  /// = flush).
  Value flushSubnormals(Value v, sem::ElemKind k) const {
    Value x = bits(v);
    auto it = cast<VectorType>(x.getType());
    Value exp = arith::AndIOp::create(b, loc, x,
                                      splatInt(it, k == sem::ElemKind::F32 ? 0x7F800000u : 0x7C00));
    Value sub = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exp, splatInt(it, 0));
    Value zero = arith::AndIOp::create(
        b, loc, x, splatInt(it, k == sem::ElemKind::F32 ? 0x80000000u : 0x8000));
    return arith::BitcastOp::create(b, loc, v.getType(),
                                    arith::SelectOp::create(b, loc, sub, zero, x));
  }
  /// Signed keys in the max / min order: negative floats flip their
  /// magnitude bits, which puts -0 just below +0.
  Value floatKeys(Value v) const {
    Value x = bits(v);
    auto it = cast<VectorType>(x.getType());
    unsigned w = it.getElementTypeBitWidth();
    Value sign = arith::ShRSIOp::create(b, loc, x, splatInt(it, w - 1));
    return arith::XOrIOp::create(
        b, loc, x, arith::AndIOp::create(b, loc, sign, splatInt(it, (uint64_t(1) << (w - 1)) - 1)));
  }

  Value sum(const sem::Profile &prof, sem::RegType t, Value v, unsigned n, bool saturate) const {
    if (!sem::isFloat(t.elem))
      return levels(v, n, [&](Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); });
    auto finish = [&](Value s) {
      if (prof.addNaN == sem::AddNaN::Canonical)
        s = canonicalNaN(s, t.elem);
      return saturate ? saturateF16(s) : s;
    };
    if (prof.sumRounding == sem::SumRounding::PerNode)
      return levels(v, n,
                    [&](Value x, Value y) { return finish(arith::AddFOp::create(b, loc, x, y)); });
    // round_once: the block trees in the next wider float, one rounding.
    Type elem = cast<VectorType>(v.getType()).getElementType();
    Type wide = elem.isF16() ? Type(b.getF32Type()) : Type(b.getF64Type());
    Value w = arith::ExtFOp::create(b, loc, like(v, wide), v);
    w = levels(w, n, [&](Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); });
    return finish(arith::TruncFOp::create(b, loc, like(w, elem), w));
  }

  Value maxMin(const sem::Profile &prof, sem::RegType t, bool isMax, Value src, Value lanes,
               unsigned n) const {
    const bool isF = sem::isFloat(t.elem), isU = sem::isUnsignedInt(t.elem);
    Type elem = cast<VectorType>(src.getType()).getElementType();
    if (isF && prof.compareSubnormals == sem::CompareSubnormals::Flush)
      src = flushSubnormals(src, t.elem); // the flushed bits are also the value
    unsigned w = sem::elemBytes(t.elem) * 8;
    APInt lowest = isU ? APInt::getMinValue(w) : APInt::getSignedMinValue(w);
    APInt highest = isU ? APInt::getMaxValue(w) : APInt::getSignedMaxValue(w);
    TypedAttr fill;
    if (isF)
      fill = b.getFloatAttr(elem, APFloat::getInf(cast<FloatType>(elem).getFloatSemantics(),
                                                  /*Negative=*/isMax));
    else
      fill = b.getIntegerAttr(elem, isMax ? lowest : highest);
    auto vt = cast<VectorType>(src.getType());
    Value v = arith::SelectOp::create(b, loc, lanes, src, splat(vt, fill));
    using P = arith::CmpIPredicate;
    P better = isU ? (isMax ? P::ugt : P::ult) : (isMax ? P::sgt : P::slt);
    Value r = levels(v, n, [&](Value x, Value y) {
      Value kx = isF ? floatKeys(x) : x, ky = isF ? floatKeys(y) : y;
      Value takeY = arith::CmpIOp::create(b, loc, better, ky, kx); // strict: ties keep x
      if (isF) {
        Value xNaN = isNaN(x);
        takeY = arith::OrIOp::create(b, loc, isNaN(y), takeY);
        takeY =
            arith::SelectOp::create(b, loc, xNaN, splatInt(like(xNaN, b.getI1Type()), 0), takeY);
      }
      return arith::SelectOp::create(b, loc, takeY, y, x);
    });
    if (isF && prof.maxMinEmpty == sem::MaxMinEmpty::Finite) {
      Value any =
          levels(lanes, n, [&](Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); });
      TypedAttr largest = b.getFloatAttr(
          elem, APFloat::getLargest(cast<FloatType>(elem).getFloatSemantics(), isMax));
      r = arith::SelectOp::create(b, loc, any, r, splat(cast<VectorType>(r.getType()), largest));
    }
    if (isF && prof.maxMinNaN == sem::MaxMinNaN::Canonical)
      r = canonicalNaN(r, t.elem);
    return r;
  }
};

struct ReduceDataBlockToVector : OpConversionPattern<ReduceDataBlockOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ReduceDataBlockOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Location loc = op.getLoc();
    sem::RegType t = toRegType(op.getSrc().getType());
    auto vt = cast<VectorType>(getTypeConverter()->convertType(op.getResult().getType()));
    const sem::Profile prof = kernelProfile(op);
    BlockTree tree{rw, loc};
    Value lanes = laneMask(rw, loc, a.getMask(), t);
    unsigned n = 0; // levels: log2 of the lanes per block
    for (unsigned per = sem::kDataBlockBytes / sem::elemBytes(t.elem); per > 1; per /= 2)
      ++n;
    Value blocks;
    if (op.getKind() == ReduceKind::sum) {
      // 16-bit integers sum in 32 bits (i16 -> i32 signed, u16 -> u32 unsigned).
      Value src = a.getSrc();
      auto srcVec = cast<VectorType>(src.getType());
      if (srcVec.getElementType() != vt.getElementType()) {
        auto wide = VectorType::get(srcVec.getShape(), vt.getElementType());
        src = sem::isSignedInt(t.elem) ? Value(arith::ExtSIOp::create(rw, loc, wide, src))
                                       : Value(arith::ExtUIOp::create(rw, loc, wide, src));
      }
      auto leafVec = cast<VectorType>(src.getType());
      Value zero = tree.splat(leafVec, rw.getZeroAttr(leafVec.getElementType()));
      Value v = arith::SelectOp::create(rw, loc, lanes, src, zero);
      bool saturate = t.elem == sem::ElemKind::F16 && sem::saturatesF16Arithmetic(kernelCtrl(op));
      blocks = tree.sum(prof, t, v, n, saturate);
    } else {
      blocks = tree.maxMin(prof, t, op.getKind() == ReduceKind::max, a.getSrc(), lanes, n);
    }
    // Block b's result in lane b, every other lane 0.
    const int64_t nb = cast<VectorType>(blocks.getType()).getNumElements();
    Value zeros =
        tree.splat(cast<VectorType>(blocks.getType()), rw.getZeroAttr(vt.getElementType()));
    SmallVector<int64_t> idx;
    for (int64_t i = 0; i < vt.getNumElements(); ++i)
      idx.push_back(i < nb ? i : nb);
    rw.replaceOpWithNewOp<vector::ShuffleOp>(op, blocks, zeros, idx);
    return success();
  }
};

struct ReduceDataBlockToDav : OpConversionPattern<ReduceDataBlockOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ReduceDataBlockOp op, OneToNOpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Value src = a.getSrc()[0], mask = a.getMask()[0];
    Type result = op.getResult().getType();
    switch (op.getKind()) {
    case ReduceKind::sum:
      rw.replaceOpWithNewOp<dav::VcgaddOp>(op, result, src, mask);
      break;
    case ReduceKind::max:
      rw.replaceOpWithNewOp<dav::VcgmaxOp>(op, result, src, mask);
      break;
    case ReduceKind::min:
      rw.replaceOpWithNewOp<dav::VcgminOp>(op, result, src, mask);
      break;
    }
    return success();
  }
};

} // namespace

void ascreg::populateReduceDataBlockToVectorPatterns(const TypeConverter &converter,
                                                     RewritePatternSet &patterns) {
  patterns.add<ReduceDataBlockToVector>(converter, patterns.getContext());
}

void ascreg::populateReduceDataBlockToDavPatterns(const TypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<ReduceDataBlockToDav>(converter, patterns.getContext());
}
