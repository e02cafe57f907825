//===- AscRegToVector.cpp - ascreg to vector/arith/memref -------*- C++ -*-===//
//
// Lowers every ascreg op to upstream ops with the exact semantics of
// docs/semantics.md. The upstream ops promise less than the hardware does,
// so the patterns build the semantics explicitly:
//   - masks are byte-granular: lane i of a W-byte type is bit W*i, extracted
//     with a strided vector.shuffle (and expanded back the same way);
//   - reduce <sum> is the adjacent-pair tree, never vector.reduction, and
//     reduce <max|min> orders floats through an integer key in which -0 < +0
//     (ReduceLowering.cpp);
//   - gathers zero-extend 8-bit sources, use the low 32 bits of u64 indices,
//     and gather_reg reduces indices modulo the lane count
//     (GatherLowering.cpp);
//   - f16 additions saturate on the bits when the kernel's CTRL[48] is 0;
//   - cast and truncate are built from integer arithmetic (CastLowering.cpp);
//   - the kernel's semantic profile (kernelProfile: `ascreg.semantics`)
//     picks the candidate of every open point, exactly as
//     lib/Semantics/Reference.cpp does; the documented profile adds no IR.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Conversion/RuntimeChecks.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/UnifiedBuffer.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascreg {
#define GEN_PASS_DEF_CONVERTASCREGTOVECTORPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;
namespace sem = ::ascreg::semantics;
using namespace ::ascreg::tovector;

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

AscRegToVectorTypeConverter::AscRegToVectorTypeConverter() {
  addConversion([](Type t) { return t; });
  addConversion([](IntegerType t) { return signless(t); });
  addConversion([](VRegType t) -> Type {
    return VectorType::get({static_cast<int64_t>(t.getLanes())}, storageType(t.getElementType()));
  });
  addConversion([](MaskType t) -> Type {
    return VectorType::get({sem::kMaskBits}, IntegerType::get(t.getContext(), 1));
  });
  addConversion([](MemRefType t) -> Type {
    return MemRefType::get(t.getShape(), storageType(t.getElementType()), t.getLayout(),
                           t.getMemorySpace());
  });
}

namespace {

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// Moves `e.b` into a new `scf.if !proof {}` until `guard` ends: what a
/// proven access (ProvenAccessLoops.cpp) emits there runs only when its
/// loop's proof failed, one loop-invariant branch.
void enterUnproven(VectorBuilder &e, Value proof, std::optional<OpBuilder::InsertionGuard> &guard) {
  guard.emplace(e.b);
  auto unproven = scf::IfOp::create(e.b, e.loc, e.notI1(proof), /*withElseRegion=*/false);
  e.b.setInsertionPointToStart(unproven.thenBlock());
}

/// Checks a whole-register access at element `offset` of `base`: inside UB
/// and 32-byte aligned. Returns the access's UB address.
Value checkRegAccess(VectorBuilder &e, RuntimeChecker &checker, Operation *op, Value base,
                     Value offset, unsigned regBytes, unsigned alignment = sem::kUBAlignment) {
  UBPlace p = placeAccess(e, op, base, offset);
  if (!checker.enabled())
    return p.addr;
  std::optional<OpBuilder::InsertionGuard> unprovenOnly;
  if (Value proof = checker.proofOf(op))
    enterUnproven(e, proof, unprovenOnly);
  auto mt = cast<MemRefType>(base.getType());
  Value eb = e.index(mt.getElementTypeBitWidth() / 8), bytes = e.index(regBytes);
  Value zero = e.index(0);
  Value last = arith::SubIOp::create(e.b, e.loc, p.capacity, bytes);
  Value inside = signedWithin(e.b, e.loc, p.addr, zero, last);
  inside = arith::AndIOp::create(e.b, e.loc, inside, indexWithin(e.b, e.loc, offset, p.capacity));
  checker.require(e.b, op, inside, sem::RuntimeErrorKind::RegisterAccessOutsideUB,
                  {p.bufferAddr, offset, eb, bytes});
  // Buffers are 32-byte aligned and offsets count elements: an alignment of
  // at most the element size holds by construction.
  if (alignment <= mt.getElementTypeBitWidth() / 8)
    return p.addr;
  Value rem = arith::RemSIOp::create(e.b, e.loc, p.addr, e.index(alignment));
  Value aligned = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::eq, rem, zero);
  checker.require(e.b, op, aligned, sem::RuntimeErrorKind::MisalignedAccess,
                  {p.bufferAddr, offset, eb});
  return p.addr;
}

} // namespace

Value ascreg::checkUBAccess(OpBuilder &b, Location loc, RuntimeChecker &checker, Operation *op,
                            Value base, Value offset, unsigned bytes, unsigned alignment) {
  VectorBuilder e{b, loc};
  return checkRegAccess(e, checker, op, base, offset, bytes, alignment);
}

namespace {

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

struct CreateMaskLowering : public AscRegPattern<CreateMaskOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(CreateMaskOp op, OpAdaptor,
                                ConversionPatternRewriter &rw) const override {
    sem::Mask m;
    sem::createMask(toRegType(cast<VRegType>(op.getRegType())),
                    static_cast<sem::MaskPattern>(op.getPattern()), m);
    SmallVector<bool> bits;
    for (unsigned i = 0; i < sem::kMaskBits; ++i)
      bits.push_back(m.bit(i));
    VectorBuilder e{rw, op.getLoc()};
    rw.replaceOp(op, e.bools(bits));
    return success();
  }
};

struct UpdateMaskLowering : public AscRegPattern<UpdateMaskOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(UpdateMaskOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = toRegType(cast<VRegType>(op.getRegType()));
    Type i32 = rw.getI32Type();
    Value vl = e.intConst(i32, t.lanes());
    Value count = a.getCount();
    // Lanes [0, min(count, VL)) active (count is unsigned).
    Value n = arith::MinUIOp::create(rw, op.getLoc(), count, vl);
    Value nIdx = arith::IndexCastUIOp::create(rw, op.getLoc(), rw.getIndexType(), n);
    auto laneType = VectorType::get({static_cast<int64_t>(t.lanes())}, rw.getI1Type());
    Value lanes = vector::CreateMaskOp::create(rw, op.getLoc(), laneType, ValueRange{nIdx});
    Value mask = e.expandMask(lanes, t);
    // rest = count < VL ? 0 : count - VL.
    Value lt = arith::CmpIOp::create(rw, op.getLoc(), arith::CmpIPredicate::ult, count, vl);
    Value sub = arith::SubIOp::create(rw, op.getLoc(), count, vl);
    Value rest = arith::SelectOp::create(rw, op.getLoc(), lt, e.intConst(i32, 0), sub);
    rw.replaceOp(op, {mask, rest});
    return success();
  }
};

/// mask_and / mask_or: the bitwise op on the i1 vectors, one pattern for
/// both.
template <typename OpTy, typename ArithOpTy> struct MaskLogicLowering : public AscRegPattern<OpTy> {
  using AscRegPattern<OpTy>::AscRegPattern;
  using OpAdaptor = typename AscRegPattern<OpTy>::OpAdaptor;
  LogicalResult matchAndRewrite(OpTy op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    rw.replaceOpWithNewOp<ArithOpTy>(op, a.getLhs(), a.getRhs());
    return success();
  }
};
using MaskAndLowering = MaskLogicLowering<MaskAndOp, arith::AndIOp>;
using MaskOrLowering = MaskLogicLowering<MaskOrOp, arith::OrIOp>;

struct MaskNotLowering : public AscRegPattern<MaskNotOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(MaskNotOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    // ~m & P, where P holds the lowest bit of every lane's group.
    sem::RegType t = toRegType(cast<VRegType>(op.getRegType()));
    SmallVector<bool> p(sem::kMaskBits, false);
    for (unsigned i = 0; i < t.lanes(); ++i)
      p[t.maskStride() * i] = true;
    VectorBuilder e{rw, op.getLoc()};
    Value pattern = e.bools(p);
    Value x = arith::XOrIOp::create(rw, op.getLoc(), a.getInput(), pattern);
    rw.replaceOpWithNewOp<arith::AndIOp>(op, x, pattern);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

struct LoadAlignLowering : public AscRegPattern<LoadAlignOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(LoadAlignOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getResult());
    checkRegAccess(e, checker, op, a.getBase(), a.getOffset(), t.bytes());
    rw.replaceOpWithNewOp<vector::LoadOp>(op, vecType(getContext(), t), a.getBase(),
                                          ValueRange{a.getOffset()});
    return success();
  }
};

struct StoreAlignLowering : public AscRegPattern<StoreAlignOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(StoreAlignOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getValue());
    Value addr = checkRegAccess(e, checker, op, a.getBase(), a.getOffset(), t.bytes());
    std::optional<UBArena> ub = getUBArena(op);
    if (ub) {
      // A write noted before its loop when the proof holds.
      std::optional<OpBuilder::InsertionGuard> unprovenOnly;
      if (checker.isWriteNoted(op))
        enterUnproven(e, checker.proofOf(op), unprovenOnly);
      noteUBWrite(rw, op.getLoc(), *ub, addr, e.index(t.bytes()));
    }
    // Only active lanes are written; inactive lanes leave UB untouched.
    Value lanes = e.laneMask(a.getMask(), t);
    rw.replaceOpWithNewOp<vector::MaskedStoreOp>(op, a.getBase(), ValueRange{a.getOffset()}, lanes,
                                                 a.getValue());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Companions
//===----------------------------------------------------------------------===//

struct DuplicateLowering : public AscRegPattern<DuplicateOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(DuplicateOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getResult());
    VectorType vt = vecType(getContext(), t);
    Value scalar = a.getScalar();
    if (scalar.getType() != vt.getElementType()) // bf16 travels as its bits
      scalar = arith::BitcastOp::create(rw, op.getLoc(), vt.getElementType(), scalar);
    Value v = vector::BroadcastOp::create(rw, op.getLoc(), vt, scalar);
    if (a.getMask())
      v = arith::SelectOp::create(rw, op.getLoc(), e.laneMask(a.getMask(), t), v, e.zeros(vt));
    rw.replaceOp(op, v);
    return success();
  }
};

struct ArangeLowering : public AscRegPattern<ArangeOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(ArangeOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getResult());
    VectorType vt = vecType(getContext(), t);
    Value start = vector::BroadcastOp::create(rw, op.getLoc(), vt, a.getStart());
    Value steps = e.iota(t.lanes(), vt.getElementType());
    // Integers wrap; floats round start + i once.
    if (isa<FloatType>(vt.getElementType()))
      rw.replaceOpWithNewOp<arith::AddFOp>(op, start, steps);
    else
      rw.replaceOpWithNewOp<arith::AddIOp>(op, start, steps);
    return success();
  }
};

/// The float predicate of `p`. IEEE: NaN is unordered, so only `ne` holds;
/// -0 == +0. (Every case returns, so no path leaves a predicate unset.)
arith::CmpFPredicate cmpFPredicate(ComparePredicate p) {
  switch (p) {
  case ComparePredicate::eq:
    return arith::CmpFPredicate::OEQ;
  case ComparePredicate::ne:
    return arith::CmpFPredicate::UNE;
  case ComparePredicate::lt:
    return arith::CmpFPredicate::OLT;
  case ComparePredicate::le:
    return arith::CmpFPredicate::OLE;
  case ComparePredicate::gt:
    return arith::CmpFPredicate::OGT;
  case ComparePredicate::ge:
    return arith::CmpFPredicate::OGE;
  }
  llvm_unreachable("unknown compare predicate");
}

/// The integer predicate of `p` on unsigned or signed lanes.
arith::CmpIPredicate cmpIPredicate(ComparePredicate p, bool isUnsigned) {
  switch (p) {
  case ComparePredicate::eq:
    return arith::CmpIPredicate::eq;
  case ComparePredicate::ne:
    return arith::CmpIPredicate::ne;
  case ComparePredicate::lt:
    return isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  case ComparePredicate::le:
    return isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
  case ComparePredicate::gt:
    return isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
  case ComparePredicate::ge:
    return isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
  }
  llvm_unreachable("unknown compare predicate");
}

struct CompareLowering : public AscRegPattern<CompareOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(CompareOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    sem::RegType t = regTypeOf(op.getLhs());
    Value r;
    if (sem::isFloat(t.elem)) {
      const sem::Profile prof = kernelProfile(op);
      Value lhs = orderedOperand(e, prof, t, a.getLhs()),
            rhs = orderedOperand(e, prof, t, a.getRhs());
      r = arith::CmpFOp::create(rw, op.getLoc(), cmpFPredicate(op.getPredicate()), lhs, rhs);
    } else {
      r = arith::CmpIOp::create(rw, op.getLoc(),
                                cmpIPredicate(op.getPredicate(), sem::isUnsignedInt(t.elem)),
                                a.getLhs(), a.getRhs());
    }
    // Inactive lanes give 0.
    Value active = arith::AndIOp::create(rw, op.getLoc(), r, e.laneMask(a.getMask(), t));
    rw.replaceOp(op, e.expandMask(active, t));
    return success();
  }
};

struct SelectLowering : public AscRegPattern<SelectOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(SelectOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    Value lanes = e.laneMask(a.getMask(), regTypeOf(op.getResult()));
    rw.replaceOpWithNewOp<arith::SelectOp>(op, lanes, a.getTrueValue(), a.getFalseValue());
    return success();
  }
};

template <typename OpTy> struct BinaryLowering : public AscRegPattern<OpTy> {
  using AscRegPattern<OpTy>::AscRegPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult matchAndRewrite(OpTy op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    Location loc = op.getLoc();
    sem::RegType t = regTypeOf(op.getResult());
    VectorType vt = vecType(rw.getContext(), t);
    Value x = a.getLhs(), y = a.getRhs(), r;
    bool f = sem::isFloat(t.elem), u = sem::isUnsignedInt(t.elem);
    const sem::Profile prof = kernelProfile(op);
    if constexpr (std::is_same_v<OpTy, AddOp>) {
      r = f ? finishAdd(e, prof, arith::AddFOp::create(rw, loc, x, y),
                        saturatesF16(op, vt.getElementType()))
            : Value(arith::AddIOp::create(rw, loc, x, y));
    } else {
      constexpr bool isMax = std::is_same_v<OpTy, MaxOp>;
      if (!f) {
        if (isMax)
          r = u ? Value(arith::MaxUIOp::create(rw, loc, x, y))
                : Value(arith::MaxSIOp::create(rw, loc, x, y));
        else
          r = u ? Value(arith::MinUIOp::create(rw, loc, x, y))
                : Value(arith::MinSIOp::create(rw, loc, x, y));
      } else {
        // -0 < +0 through the keys; a NaN operand gives that NaN, lhs first
        // (maxmin.nan = canonical: the default NaN).
        x = orderedOperand(e, prof, t, x);
        y = orderedOperand(e, prof, t, y);
        Value kx = floatKeys(e, x), ky = floatKeys(e, y);
        Value pickX = arith::CmpIOp::create(
            rw, loc, isMax ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sle, kx, ky);
        Value ordered = arith::SelectOp::create(rw, loc, pickX, x, y);
        Value nanY = arith::CmpFOp::create(rw, loc, arith::CmpFPredicate::UNO, y, y);
        Value nanX = arith::CmpFOp::create(rw, loc, arith::CmpFPredicate::UNO, x, x);
        r = arith::SelectOp::create(rw, loc, nanY, y, ordered);
        r = arith::SelectOp::create(rw, loc, nanX, x, r);
        if (prof.maxMinNaN == sem::MaxMinNaN::Canonical)
          r = canonicalizeNaN(e, r);
      }
    }
    // Zeroing: inactive lanes are 0.
    rw.replaceOpWithNewOp<arith::SelectOp>(op, e.laneMask(a.getMask(), t), r, e.zeros(vt));
    return success();
  }
};

struct BitcastLowering : public AscRegPattern<BitcastOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(BitcastOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    Type to = getTypeConverter()->convertType(op.getResult().getType());
    if (to == a.getSource().getType()) {
      rw.replaceOp(op, a.getSource());
      return success();
    }
    rw.replaceOpWithNewOp<vector::BitCastOp>(op, to, a.getSource());
    return success();
  }
};

/// memref ops whose types mention signed/unsigned integers: same op, signless
/// types.
struct MemRefTypeLowering : public ConversionPattern {
  MemRefTypeLowering(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    if (!isa<memref::MemRefDialect>(op->getDialect()) || op->getNumRegions() != 0)
      return failure();
    // Scalar bf16 loads and stores move the bits through the i16 buffer.
    if (auto ld = dyn_cast<memref::LoadOp>(op); ld && ld.getType().isBF16()) {
      Value bits = memref::LoadOp::create(rw, op->getLoc(), operands[0], operands.drop_front());
      rw.replaceOpWithNewOp<arith::BitcastOp>(op, ld.getType(), bits);
      return success();
    }
    if (auto st = dyn_cast<memref::StoreOp>(op); st && st.getValueToStore().getType().isBF16()) {
      Value bits = arith::BitcastOp::create(rw, op->getLoc(), rw.getI16Type(), operands[0]);
      rw.replaceOpWithNewOp<memref::StoreOp>(op, bits, operands[1], operands.drop_front(2));
      return success();
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, results, op->getAttrs());
    Operation *made = rw.create(state);
    rw.replaceOp(op, made->getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// A loop whose step is not positive never ends (the interpreter stops it
/// with an error): check the steps that are not positive constants.
void checkLoopSteps(ModuleOp module, RuntimeChecker &checker) {
  if (!checker.enabled())
    return;
  module.walk([&](scf::ForOp loop) {
    Value step = loop.getStep();
    if (auto c = getConstantIntValue(step); c && *c > 0)
      return;
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(step.getType()));
    Value positive = arith::CmpIOp::create(
        b, loc, loop.getUnsignedCmp() ? arith::CmpIPredicate::ne : arith::CmpIPredicate::sgt, step,
        zero);
    checker.require(b, loop, positive, sem::RuntimeErrorKind::NonPositiveStep, {step});
  });
}

struct ConvertAscRegToVectorPass
    : public ascreg::impl::ConvertAscRegToVectorPassBase<ConvertAscRegToVectorPass> {
  using ConvertAscRegToVectorPassBase::ConvertAscRegToVectorPassBase;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    if (failed(verifyKernelMemRefs(module)))
      return signalPassFailure();
    // Every pattern reads the profile (kernelProfile); a legacy string
    // record is parsed here once instead of in each of them.
    normalizeProfileRecords(module);
    RuntimeChecker checker(module, runtimeChecks, checkFailure);
    checkLoopSteps(module, checker);
    proveLoopAccesses(module, checker);
    AscRegToVectorTypeConverter converter;
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addIllegalDialect<AscRegDialect>();
    target.addLegalDialect<arith::ArithDialect, math::MathDialect, vector::VectorDialect,
                           cf::ControlFlowDialect>();
    target.addDynamicallyLegalDialect<memref::MemRefDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) && converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) { return converter.isLegal(op); });
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    populateAscRegToVectorPatterns(converter, patterns, checker);
    patterns.add<MemRefTypeLowering>(converter, ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void ascreg::populateAscRegToVectorPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns, RuntimeChecker &checker) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<CreateMaskLowering, UpdateMaskLowering, MaskAndLowering, MaskOrLowering,
               MaskNotLowering, LoadAlignLowering, StoreAlignLowering, DuplicateLowering,
               ArangeLowering, CompareLowering, SelectLowering, BinaryLowering<AddOp>,
               BinaryLowering<MaxOp>, BinaryLowering<MinOp>, BitcastLowering>(converter, ctx,
                                                                              checker);
  populateCastToVectorPatterns(converter, patterns);
  populateGatherToVectorPatterns(converter, patterns, checker);
  populateReduceToVectorPatterns(converter, patterns, checker);
  populateLaneArithToVectorPatterns(converter, patterns);
  populateRegApiFormsToVectorPatterns(converter, patterns, checker);
  populateScalarFormToVectorPatterns(converter, patterns);
  populateReduceDataBlockToVectorPatterns(converter, patterns);
  populateShiftToVectorPatterns(converter, patterns);
}
