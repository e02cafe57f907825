//===- VectorBuilder.h - building blocks of the vector lowering -*- C++ -*-===//
//
// What the pattern families of convert-ascreg-to-vector share: the storage
// types registers and buffers lower to, small IR-building helpers, where a
// register access lands in UB, and the base of the patterns (their runtime
// checker). Internal to lib/Conversion/AscRegToVector.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_CONVERSION_ASCREGTOVECTOR_VECTORBUILDER_H
#define ASCREG_LIB_CONVERSION_ASCREGTOVECTOR_VECTORBUILDER_H

#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace ascreg {
namespace tovector {
using namespace mlir;
namespace sem = ::ascreg::semantics;

inline Type signless(Type t) {
  if (auto it = dyn_cast<IntegerType>(t); it && !it.isSignless())
    return IntegerType::get(t.getContext(), it.getWidth());
  return t;
}

/// The element type registers and UB buffers are lowered to: signless
/// integers, and bf16 as its i16 bits. No ascreg op does bf16 arithmetic, and
/// x86 codegen of bf16 vectors needs runtime calls (__truncsfbf2) that a JIT
/// built with GCC 12 cannot resolve.
inline Type storageType(Type t) {
  if (t.isBF16())
    return IntegerType::get(t.getContext(), 16);
  return signless(t);
}

/// Small IR-building helpers shared by the patterns.
struct VectorBuilder {
  OpBuilder &b;
  Location loc;

  Value intConst(Type t, int64_t v) {
    if (t.isIndex())
      return arith::ConstantIndexOp::create(b, loc, v);
    return arith::ConstantIntOp::create(b, loc, t, v);
  }
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  /// A stack buffer of `type`, allocated once in the entry block of the
  /// function around `op` so that the loops around `op` do not grow the
  /// stack; null outside a function.
  Value entryAlloca(Operation *op, MemRefType type) {
    auto fn = op->getParentOfType<FunctionOpInterface>();
    if (!fn)
      return {};
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&fn.getFunctionBody().front());
    return memref::AllocaOp::create(b, loc, type);
  }
  /// !v for an i1 `v`.
  Value notI1(Value v) { return arith::XOrIOp::create(b, loc, v, intConst(b.getI1Type(), 1)); }
  Value dense(VectorType t, ArrayRef<Attribute> values) {
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(t, values));
  }
  Value splat(VectorType t, Attribute value) {
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(t, value));
  }
  /// All lanes zero (+0 for floats).
  Value zeros(VectorType t) { return splat(t, b.getZeroAttr(t.getElementType())); }
  Value splatInt(VectorType t, const APInt &v) {
    return splat(t, IntegerAttr::get(t.getElementType(), v));
  }
  /// `v` as an integer of type `t`, splat when `t` is a vector: for values
  /// an int64_t cannot hold (bit patterns of 64-bit lanes).
  Value intConst(Type t, const APInt &v) {
    if (auto vt = dyn_cast<VectorType>(t))
      return splatInt(vt, v);
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(t, v));
  }
  Value bools(ArrayRef<bool> bits) {
    auto t = VectorType::get({static_cast<int64_t>(bits.size())}, b.getI1Type());
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(t, bits));
  }
  /// 0, 1, ..., n-1 as a vector of `elem` (integer or float).
  Value iota(int64_t n, Type elem) {
    auto t = VectorType::get({n}, elem);
    SmallVector<Attribute> v;
    for (int64_t i = 0; i < n; ++i)
      v.push_back(isa<FloatType>(elem) ? Attribute(b.getFloatAttr(elem, static_cast<double>(i)))
                                       : Attribute(b.getIntegerAttr(elem, i)));
    return dense(t, v);
  }
  Value shuffle(Value a, Value c, ArrayRef<int64_t> idx) {
    return vector::ShuffleOp::create(b, loc, a, c, idx);
  }
  /// The lanes of type `t` in a 256-bit mask: bit stride*i for lane i.
  Value laneMask(Value mask, sem::RegType t) { return laneMask(mask, t.lanes(), t.maskStride()); }
  /// `lanes` lanes numbered by bit stride*i (a gather.mask stride may differ
  /// from the result type's).
  Value laneMask(Value mask, unsigned lanes, unsigned stride) {
    if (stride == 1 && lanes == sem::kMaskBits)
      return mask;
    SmallVector<int64_t> idx;
    for (unsigned i = 0; i < lanes; ++i)
      idx.push_back(static_cast<int64_t>(stride * i));
    return shuffle(mask, mask, idx);
  }
  /// Back to 256 bits: lane i to bit stride*i, every other bit 0.
  Value expandMask(Value lanesMask, sem::RegType t) {
    unsigned stride = t.maskStride(), lanes = t.lanes();
    if (stride == 1 && lanes == sem::kMaskBits)
      return lanesMask;
    Value none = bools(SmallVector<bool>(lanes, false));
    SmallVector<int64_t> idx;
    for (unsigned bit = 0; bit < sem::kMaskBits; ++bit)
      idx.push_back(bit % stride == 0 && bit / stride < lanes ? bit / stride : lanes);
    return shuffle(lanesMask, none, idx);
  }
  Value reduction(vector::CombiningKind kind, Value v) {
    return vector::ReductionOp::create(b, loc, kind, v);
  }
  Value anyTrue(Value boolVec) { return reduction(vector::CombiningKind::OR, boolVec); }
  /// Lane `pos` (i32) of `v` (integer or float lanes), or 0 bits when `pos`
  /// is not a lane: the lanes compared with `pos`, the others zeroed and
  /// OR-reduced. A dynamic vector.extract goes through a stack copy of the
  /// register on x86, written in every iteration of a loop even when it is
  /// read only on a cold path; this stays in registers.
  Value laneAt(Value v, Value pos) {
    auto vt = cast<VectorType>(v.getType());
    int64_t n = vt.getNumElements();
    auto it = VectorType::get(vt.getShape(), b.getIntegerType(vt.getElementTypeBitWidth()));
    Value bits = it == vt ? v : Value(arith::BitcastOp::create(b, loc, it, v));
    auto i32v = VectorType::get({n}, b.getI32Type());
    Value at = vector::BroadcastOp::create(b, loc, i32v, pos);
    Value hit =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, iota(n, b.getI32Type()), at);
    Value only = arith::SelectOp::create(b, loc, hit, bits, zeros(it));
    Value lane = reduction(vector::CombiningKind::OR, only);
    if (it == vt)
      return lane;
    return arith::BitcastOp::create(b, loc, vt.getElementType(), lane);
  }
  /// Index of the first set lane of `boolVec`, or its length if none (i32):
  /// the trailing zeros of the lanes as the bits of one integer, which LLVM
  /// makes a mask move and tzcnt on x86 (a min-reduction over the lane
  /// numbers costs a blend and a min per vector and a horizontal tree).
  Value firstSet(Value boolVec) {
    int64_t n = cast<VectorType>(boolVec.getType()).getNumElements();
    auto it = b.getIntegerType(static_cast<unsigned>(n));
    Value word = vector::BitCastOp::create(b, loc, VectorType::get({1}, it), boolVec);
    Value bits = vector::ExtractOp::create(b, loc, word, ArrayRef<int64_t>{0});
    Value tz = math::CountTrailingZerosOp::create(b, loc, bits);
    Type i32 = b.getI32Type();
    if (n < 32)
      return arith::ExtUIOp::create(b, loc, i32, tz);
    return n > 32 ? Value(arith::TruncIOp::create(b, loc, i32, tz)) : tz;
  }
};

inline VectorType vecType(MLIRContext *ctx, sem::RegType t) {
  return VectorType::get({static_cast<int64_t>(t.lanes())},
                         storageType(getElementType(ctx, t.elem)));
}

inline sem::RegType regTypeOf(Value v) { return toRegType(cast<VRegType>(v.getType())); }

/// Integer view of a float vector with the same lane count.
inline VectorType intVecType(VectorType t) {
  return VectorType::get(t.getShape(),
                         IntegerType::get(t.getContext(), t.getElementTypeBitWidth()));
}

/// Where a register access lands: the UB address of the buffer and of the
/// access, and the UB capacity. With an explicit Unified Buffer
/// (ascreg-expose-ub) these are the arena's; otherwise the buffer is all the
/// memory there is (address 0, capacity = its size), as when a kernel is run
/// stand-alone.
struct UBPlace {
  Value bufferAddr, addr, capacity;
};
inline UBPlace placeAccess(VectorBuilder &e, Operation *op, Value base, Value offset) {
  auto mt = cast<MemRefType>(base.getType());
  Value eb = e.index(mt.getElementTypeBitWidth() / 8);
  UBPlace p;
  if (std::optional<UBArena> ub = getUBArena(op)) {
    p.bufferAddr = ubAddressOf(e.b, e.loc, *ub, base);
    p.capacity = ubCapacityOf(e.b, e.loc, *ub);
  } else {
    p.bufferAddr = e.index(0);
    p.capacity = arith::MulIOp::create(e.b, e.loc, memref::DimOp::create(e.b, e.loc, base, 0), eb);
  }
  p.addr = arith::AddIOp::create(e.b, e.loc, p.bufferAddr,
                                 arith::MulIOp::create(e.b, e.loc, offset, eb));
  return p;
}

template <typename OpTy> struct AscRegPattern : public OpConversionPattern<OpTy> {
  AscRegPattern(const TypeConverter &tc, MLIRContext *ctx, RuntimeChecker &checker)
      : OpConversionPattern<OpTy>(tc, ctx), checker(checker) {}
  RuntimeChecker &checker;
};

//===----------------------------------------------------------------------===//
// Lane semantics shared by the pattern families (ElementSemantics.cpp, where
// each is documented with the IR it builds)
//===----------------------------------------------------------------------===//

/// The ordered key of float bits (the magnitude flipped under a set sign;
/// its own inverse), and the keys of float lanes.
Value flipNegativeMagnitude(VectorBuilder &e, Value bits);
Value floatKeys(VectorBuilder &e, Value v);
/// f16 lanes (or their bits, i16 lanes) saturated as under CTRL[48] = 0,
/// and whether `op`'s kernel saturates f16 additions of `elem`.
Value saturateF16(VectorBuilder &e, Value v);
Value saturateF16Bits(VectorBuilder &e, Value bits);
bool saturatesF16(Operation *op, Type elem);
/// A splat (or scalar) float constant of type `t`.
Value floatConst(VectorBuilder &e, Type t, const APFloat &value);
/// The profile candidates: NaNs made the default NaN, subnormals flushed,
/// the operands of a compare / max / min, a finished float addition.
Value canonicalizeNaN(VectorBuilder &e, Value v);
Value flushSubnormals(VectorBuilder &e, Value v);
Value orderedOperand(VectorBuilder &e, const sem::Profile &prof, sem::RegType t, Value v);
Value finishAdd(VectorBuilder &e, const sem::Profile &prof, Value sum, bool saturate);

} // namespace tovector

/// Proofs at loop entry (ProvenAccessLoops.cpp): the load_align /
/// store_align accesses of an scf.for that are affine in its induction
/// variable check only when the checks of the first and last iteration's
/// accesses fail.
void proveLoopAccesses(mlir::ModuleOp module, RuntimeChecker &checker);

/// The gather patterns (GatherLowering.cpp) and the reductions
/// (ReduceLowering.cpp); families internal to convert-ascreg-to-vector,
/// reached through populateAscRegToVectorPatterns.
void populateGatherToVectorPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, RuntimeChecker &checker);
void populateReduceToVectorPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, RuntimeChecker &checker);

} // namespace ascreg

#endif // ASCREG_LIB_CONVERSION_ASCREGTOVECTOR_VECTORBUILDER_H
