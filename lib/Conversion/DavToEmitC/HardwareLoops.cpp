//===- HardwareLoops.cpp - VF loops as hardware loops ----------*- C++ -*-===//
//
// Hardware loops. A VF loop is a hardware loop only with a uint16_t counter
// from 0 in steps of 1 (REGDOC 关键特性说明; the vendor computes
// `uint16_t loopNum` and loops `for (uint16_t i = 0; i < loopNum; ++i)`).
// Two passes (Passes.td) make every loop one:
//   - ascreg-dav-normalize-loops, before the conversion: every index scf.for
//     becomes `for i' in [0, tripCount)` with the original induction value
//     `lb + i' * step` derived from it (folded when lb = 0, step = 1);
//   - ascreg-emitc-narrow-loop-counters, after it: the counter of every
//     emitc.for from 0 step 1 is a uint16_t (`for (uint16_t i = 0; i < n;
//     i += 1)`, n = (uint16_t) bound) and the body reads it widened. A VF
//     loop has at most 65535 trips.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

namespace ascreg {
#define GEN_PASS_DEF_NORMALIZEHARDWARELOOPSPASS
#define GEN_PASS_DEF_NARROWLOOPCOUNTERSPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;

namespace {

struct NormalizeHardwareLoopsPass
    : public ascreg::impl::NormalizeHardwareLoopsPassBase<NormalizeHardwareLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp op) {
      if (isa<IndexType>(op.getInductionVar().getType()))
        loops.push_back(op);
    });
    for (scf::ForOp op : loops) {
      if (matchPattern(op.getLowerBound(), m_Zero()) && matchPattern(op.getStep(), m_One()))
        continue;
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value lb = op.getLowerBound(), ub = op.getUpperBound(), step = op.getStep();
      // tripCount = ub > lb ? (ub - lb + step - 1) / step : 0 (scf.for compares signed).
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value span = b.createOrFold<arith::SubIOp>(loc, ub, lb);
      Value up =
          b.createOrFold<arith::AddIOp>(loc, span, b.createOrFold<arith::SubIOp>(loc, step, one));
      Value count = b.createOrFold<arith::DivUIOp>(loc, up, step);
      Value nonEmpty = b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, ub, lb);
      Value trips = b.createOrFold<arith::SelectOp>(loc, nonEmpty, count, zero);
      op.getLowerBoundMutable().assign(zero);
      op.getUpperBoundMutable().assign(trips);
      op.getStepMutable().assign(one);
      Value iv = op.getInductionVar();
      SmallVector<OpOperand *> uses(llvm::make_pointer_range(iv.getUses()));
      b.setInsertionPointToStart(op.getBody());
      Value orig =
          b.createOrFold<arith::AddIOp>(loc, lb, b.createOrFold<arith::MulIOp>(loc, iv, step));
      for (OpOperand *use : uses)
        use->set(orig);
    }
  }
};

struct NarrowLoopCountersPass
    : public ascreg::impl::NarrowLoopCountersPassBase<NarrowLoopCountersPass> {
  void runOnOperation() override {
    auto isConst = [](Value v, int64_t k) {
      auto c = v.getDefiningOp<emitc::ConstantOp>();
      auto a = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr();
      return a && a.getValue().getSExtValue() == k;
    };
    getOperation().walk([&](emitc::ForOp op) {
      if (!isConst(op.getLowerBound(), 0) || !isConst(op.getStep(), 1))
        return;
      MLIRContext *ctx = op.getContext();
      Type u16 = IntegerType::get(ctx, 16, IntegerType::Unsigned);
      Type wide = op.getInductionVar().getType();
      if (wide == u16)
        return;
      OpBuilder b(op);
      Location loc = op.getLoc();
      auto c16 = [&](int64_t k) {
        return emitc::ConstantOp::create(b, loc, u16, b.getIntegerAttr(u16, k));
      };
      op.getLowerBoundMutable().assign(c16(0));
      op.getStepMutable().assign(c16(1));
      op.getUpperBoundMutable().assign(emitc::CastOp::create(b, loc, u16, op.getUpperBound()));
      Value iv = op.getInductionVar();
      iv.setType(u16);
      b.setInsertionPointToStart(op.getBody());
      Value widened = emitc::CastOp::create(b, loc, wide, iv);
      iv.replaceAllUsesExcept(widened, widened.getDefiningOp());
    });
  }
};

} // namespace
