//===- UnsignedVselr.cpp - vselr on unsigned register views ----*- C++ -*-===//
//
// ascreg-dav-unsigned-vselr (Passes.td). The vendor library never calls
// vselr on vector_float / vector_int32_t / vector_half ..., it reinterprets
// the registers as uN first (IMPL3510 kernel_reg_compute_gather_mask_impl.h,
// Gather -> vselr on u8/u16/u32 views). A reinterpretation moves no bits.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/IR/Builders.h"

namespace ascreg {
#define GEN_PASS_DEF_UNSIGNEDVSELRPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;

namespace {

struct UnsignedVselrPass : public ascreg::impl::UnsignedVselrPassBase<UnsignedVselrPass> {
  void runOnOperation() override {
    getOperation().walk([](dav::VselrOp op) {
      auto t = cast<VRegType>(op.getSrc().getType());
      Type lane = t.getElementType();
      if (lane.isUnsignedInteger())
        return;
      OpBuilder b(op);
      Type u =
          IntegerType::get(op.getContext(), lane.getIntOrFloatBitWidth(), IntegerType::Unsigned);
      auto ut = VRegType::get(op.getContext(), t.getLanes(), u);
      Value src = dav::ReinterpretOp::create(b, op.getLoc(), ut, op.getSrc());
      Value r = dav::VselrOp::create(b, op.getLoc(), ut, src, op.getIndex());
      op.replaceAllUsesWith(dav::ReinterpretOp::create(b, op.getLoc(), t, r).getResult());
      op.erase();
    });
  }
};

} // namespace
