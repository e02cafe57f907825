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

#include "mlir/Dialect/SCF/IR/SCF.h"
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
    // Indices are unsigned element counts, compared and gathered as i32
    // lanes (16-bit ones zero-extended): x86 gathers 16 lanes with 32-bit
    // offsets, 8 with 64-bit ones.
    auto i32v = VectorType::get({n}, rw.getI32Type());
    bool fullWidth = cast<VectorType>(idx.getType()).getElementTypeBitWidth() == 32;
    if (!fullWidth)
      idx = arith::ExtUIOp::create(rw, loc, i32v, idx);
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
      // Room for 2^32 elements or more holds every u32 index; below that the
      // room is an i32 bound.
      Value u32Max = e.index(0xFFFFFFFF);
      Value roomForAll = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::ugt, room, u32Max);
      Value room32 = arith::IndexCastUIOp::create(rw, loc, rw.getI32Type(),
                                                  arith::MinUIOp::create(rw, loc, room, u32Max));
      Value limit = vector::BroadcastOp::create(rw, loc, i32v, room32);
      Value outside = arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::uge, idx, limit);
      Value bad = arith::AndIOp::create(rw, loc, outside, lanes);
      Value none = e.notI1(e.anyTrue(bad));
      Value ok = arith::OrIOp::create(rw, loc, none, roomForAll);
      // The first offending lane and its index, for the message.
      Value lane = e.firstSet(bad);
      Value clamped = arith::MinUIOp::create(rw, loc, lane, e.intConst(rw.getI32Type(), n - 1));
      Value badIndex = e.laneAt(idx, clamped);
      checker.require(rw, op, ok, sem::RuntimeErrorKind::GatherOutsideUB,
                      {badIndex, lane, p.bufferAddr, e.index(unit)});
    }
    Type srcElem = cast<MemRefType>(base.getType()).getElementType();
    auto gatherType = VectorType::get({n}, srcElem);
    // Lanes [first, first + count) of `v`.
    auto slice = [&](Value v, int64_t first, int64_t count) {
      SmallVector<int64_t> pick;
      for (int64_t i = 0; i < count; ++i)
        pick.push_back(first + i);
      return e.shuffle(v, v, pick);
    };
    // Lanes [first, first + count) gathered with `offsets`.
    auto gather = [&](Value offsets, int64_t first, int64_t count) {
      auto t = VectorType::get({count}, srcElem);
      Value active = count == n ? lanes : slice(lanes, first, count);
      Value at = count == n ? offsets : slice(offsets, first, count);
      return vector::GatherOp::create(rw, loc, t, base, ValueRange{e.index(0)}, at, active,
                                      e.zeros(t))
          .getResult();
    };
    Value g;
    if (!fullWidth) {
      g = gather(idx, 0, n);
    } else {
      // vector.gather offsets are signed (an LLVM getelementptr): an active
      // index of 2^31 or more takes gathers with i64 offsets. They are two
      // half gathers, so that LLVM cannot merge the two paths into one
      // gather of selected (i64) offsets.
      Value negative =
          arith::CmpIOp::create(rw, loc, arith::CmpIPredicate::slt, idx, e.zeros(i32v));
      Value wide = e.anyTrue(arith::AndIOp::create(rw, loc, negative, lanes));
      auto ifWide =
          scf::IfOp::create(rw, loc, TypeRange{gatherType}, wide, /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointToStart(ifWide.thenBlock());
      Value idx64 = arith::ExtUIOp::create(rw, loc, VectorType::get({n}, rw.getI64Type()), idx);
      SmallVector<int64_t> all;
      for (int64_t i = 0; i < n; ++i)
        all.push_back(i);
      Value low = gather(idx64, 0, n / 2);
      Value high = gather(idx64, n / 2, n / 2);
      scf::YieldOp::create(rw, loc, e.shuffle(low, high, all));
      rw.setInsertionPointToStart(ifWide.elseBlock());
      scf::YieldOp::create(rw, loc, gather(idx, 0, n));
      g = ifWide.getResult(0);
    }
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
    // A register-sized scratch buffer.
    Value scratch = e.entryAlloca(op, MemRefType::get({n}, vt.getElementType()));
    if (!scratch)
      return rw.notifyMatchFailure(op, "not in a function");
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
