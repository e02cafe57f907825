//===- GatherLowering.cpp - gathers to vector.gather -------------*- C++ -*-===//
//
// gather (from a UB buffer, with the runtime check that every active index
// stays inside UB) and gather_reg (from a register, index modulo the lane
// count). Gathers zero-extend 8-bit sources and use the low 32 bits of u64
// indices.
//
//===----------------------------------------------------------------------===//
#include "VectorBuilder.h"

#include "ascreg/Conversion/AscRegToVector/AscRegToVector.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace ascreg;
using namespace ::ascreg::tovector;

namespace {

struct GatherLowering : public AscRegPattern<GatherOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(GatherOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    Location loc = op.getLoc();
    sem::RegType dstT = regTypeOf(op.getResult()), idxT = regTypeOf(op.getIndex());
    int64_t n = dstT.lanes();
    Value idx = a.getIndex();
    // u64 indices contribute their low 32 bits.
    if (sem::elemBytes(idxT.elem) == 8)
      idx = arith::TruncIOp::create(rw, loc, VectorType::get({idxT.lanes()}, rw.getI32Type()), idx);
    // A one-register 64-bit result uses only the first 32 indices.
    if (static_cast<int64_t>(idxT.lanes()) > n) {
      SmallVector<int64_t> first;
      for (int64_t i = 0; i < n; ++i)
        first.push_back(i);
      idx = e.shuffle(idx, idx, first);
    }
    // Indices are unsigned element counts.
    auto i64v = VectorType::get({n}, rw.getI64Type());
    Value idx64 = arith::ExtUIOp::create(rw, loc, i64v, idx);
    // gather.mask: the stride of the mask bits (the result type's, or 1 for an
    // 8-bit source under `source`).
    const sem::ElemKind srcKind = sem::gatherSourceKind(
        dstT.elem, cast<MemRefType>(op.getBase().getType()).getElementTypeBitWidth() / 8);
    unsigned stride = sem::gatherMaskStride(kernelProfile(op), dstT, srcKind);
    Value lanes = e.laneMask(a.getMask(), dstT.lanes(), stride);
    Value base = a.getBase();
    if (checker.enabled()) {
      // Every active index must stay inside UB: index < (capacity - base) / unit.
      unsigned unit = cast<MemRefType>(base.getType()).getElementTypeBitWidth() / 8;
      UBPlace p = placeAccess(e, op, base, e.index(0));
      Value aligned = arith::CmpIOp::create(
          rw, loc, arith::CmpIPredicate::eq,
          arith::RemSIOp::create(rw, loc, p.bufferAddr, e.index(sem::kUBAlignment)), e.index(0));
      checker.require(rw, op, aligned, sem::RuntimeErrorKind::MisalignedGatherBase, {p.bufferAddr});
      Value room = arith::DivUIOp::create(
          rw, loc, arith::SubIOp::create(rw, loc, p.capacity, p.bufferAddr), e.index(unit));
      Value room64 = arith::IndexCastUIOp::create(rw, loc, rw.getI64Type(), room);
      Value limit = vector::BroadcastOp::create(rw, loc, i64v, room64);
      Value outside = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::uge, idx64, limit);
      Value bad = arith::AndIOp::create(rw, loc, outside, lanes);
      Value ok = arith::XOrIOp::create(rw, loc, e.anyTrue(bad), e.intConst(rw.getI1Type(), 1));
      // The first offending lane and its index, for the message.
      Value lane = e.firstSet(bad);
      Value clamped = arith::MinUIOp::create(rw, loc, lane, e.intConst(rw.getI32Type(), n - 1));
      Value badIndex = vector::ExtractOp::create(
          rw, loc, idx64,
          OpFoldResult(arith::IndexCastUIOp::create(rw, loc, rw.getIndexType(), clamped)));
      checker.require(rw, op, ok, sem::RuntimeErrorKind::GatherOutsideUB,
                      {badIndex, lane, p.bufferAddr, e.index(unit)});
    }
    Type srcElem = cast<MemRefType>(base.getType()).getElementType();
    auto gatherType = VectorType::get({n}, srcElem);
    Value g = vector::GatherOp::create(rw, loc, gatherType, base, ValueRange{e.index(0)}, idx64,
                                       lanes, e.zeros(gatherType));
    // 8-bit sources are zero-extended into the 16-bit lane (also for i8).
    if (srcElem.getIntOrFloatBitWidth() == 8)
      g = arith::ExtUIOp::create(rw, loc, vecType(getContext(), dstT), g);
    rw.replaceOp(op, g);
    return success();
  }
};

struct GatherRegLowering : public AscRegPattern<GatherRegOp> {
  using AscRegPattern::AscRegPattern;
  LogicalResult matchAndRewrite(GatherRegOp op, OpAdaptor a,
                                ConversionPatternRewriter &rw) const override {
    VectorBuilder e{rw, op.getLoc()};
    Location loc = op.getLoc();
    sem::RegType t = regTypeOf(op.getSrc());
    int64_t n = t.lanes();
    VectorType vt = vecType(getContext(), t);
    // A register-sized scratch buffer, allocated once in the entry block so
    // that loops do not grow the stack.
    auto fn = op->getParentOfType<FunctionOpInterface>();
    Value scratch;
    {
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointToStart(&fn.getFunctionBody().front());
      scratch = memref::AllocaOp::create(rw, loc, MemRefType::get({n}, vt.getElementType()));
    }
    Value c0 = e.index(0);
    vector::StoreOp::create(rw, loc, a.getSrc(), scratch, ValueRange{c0});
    // index mod VL: VL is a power of two.
    auto idxType = cast<VectorType>(a.getIndex().getType());
    Value mod = arith::AndIOp::create(
        rw, loc, a.getIndex(), e.splatInt(idxType, APInt(idxType.getElementTypeBitWidth(), n - 1)));
    auto i64v = VectorType::get({n}, rw.getI64Type());
    Value idx64 = arith::ExtUIOp::create(rw, loc, i64v, mod);
    Value all = e.bools(SmallVector<bool>(n, true));
    rw.replaceOpWithNewOp<vector::GatherOp>(op, vt, scratch, ValueRange{c0}, idx64, all,
                                            e.zeros(vt));
    return success();
  }
};

} // namespace

void ascreg::populateGatherToVectorPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns, RuntimeChecker &checker) {
  patterns.add<GatherLowering, GatherRegLowering>(converter, patterns.getContext(), checker);
}
