//===- RuntimeChecks.cpp - runtime checks in lowered kernels ----*- C++ -*-===//
#include "ascreg/Conversion/RuntimeChecks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace ascreg {

RuntimeChecker::RuntimeChecker(ModuleOp module, bool enabled, CheckFailureAction action)
    : module(module), on(enabled), action(action) {
  if (auto existing = module->getAttrOfType<ArrayAttr>(kCheckSitesAttr))
    sites.assign(existing.begin(), existing.end());
  if (!on || action != CheckFailureAction::Report ||
      module.lookupSymbol<func::FuncOp>(kRuntimeErrorFunction))
    return;
  // void __ascreg_runtime_error(i32 kind, i32 site, i64 v0, i64 v1, i64 v2, i64 v3)
  OpBuilder b(module.getBodyRegion());
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto fn = func::FuncOp::create(b, module.getLoc(), kRuntimeErrorFunction,
                                 b.getFunctionType({i32, i32, i64, i64, i64, i64}, {}));
  fn.setPrivate();
  // It does not return (RuntimeChecks.h): LLVM then keeps the failure
  // branches cold and spills nothing around them for the kernel to go on.
  fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noreturn")}));
}

RuntimeChecker::~RuntimeChecker() {
  if (!sites.empty())
    module->setAttr(kCheckSitesAttr, ArrayAttr::get(module.getContext(), sites));
}

void RuntimeChecker::require(OpBuilder &b, Operation *op, Value ok,
                             semantics::RuntimeErrorKind kind, ArrayRef<Value> values) {
  if (!on)
    return;
  Location loc = op->getLoc();
  if (action == CheckFailureAction::Assert) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << op->getName() << " at ";
    // The user's file:line:col, also under a NameLoc/CallSiteLoc a frontend made.
    if (auto fl = loc->findInstanceOf<FileLineColLoc>())
      os << fl.getFilename().getValue() << ":" << fl.getLine() << ":" << fl.getColumn();
    else
      loc.print(os);
    os << ": " << semantics::describe(kind);
    cf::AssertOp::create(b, loc, ok, b.getStringAttr(msg));
    return;
  }
  auto site = static_cast<int64_t>(sites.size());
  sites.push_back(ArrayAttr::get(
      b.getContext(), {b.getStringAttr(op->getName().getStringRef()), LocationAttr(loc)}));
  Value failedCheck =
      arith::XOrIOp::create(b, loc, ok, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  auto ifOp = scf::IfOp::create(b, loc, failedCheck, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> args = {
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), static_cast<int64_t>(kind)),
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), site)};
  for (unsigned i = 0; i < 4; ++i) {
    Value v = i < values.size() ? values[i] : Value();
    if (!v) {
      args.push_back(arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0));
    } else if (v.getType().isIndex()) {
      args.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), v));
    } else if (v.getType().getIntOrFloatBitWidth() < 64) {
      args.push_back(arith::ExtUIOp::create(b, loc, b.getI64Type(), v));
    } else {
      args.push_back(v);
    }
  }
  func::CallOp::create(b, loc, kRuntimeErrorFunction, TypeRange{}, args);
}

std::optional<UBArena> getUBArena(Operation *op) {
  auto fn = op->getParentOfType<func::FuncOp>();
  if (!fn)
    return std::nullopt;
  auto index = fn->getAttrOfType<IntegerAttr>(kUBArgumentAttr);
  if (!index || fn.isExternal())
    return std::nullopt;
  unsigned i = index.getInt();
  if (i + 1 >= fn.getNumArguments())
    return std::nullopt;
  return UBArena{fn.getArgument(i), fn.getArgument(i + 1)};
}

Value ubAddressOf(OpBuilder &b, Location loc, const UBArena &ub, Value buffer) {
  Value p = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, ub.arena);
  Value addr = arith::SubIOp::create(b, loc, p, base);
  // A view (memref.subview, memref.reinterpret_cast) starts its offset's
  // elements after its buffer's aligned pointer: the alignment and bounds
  // checks use the view's real address.
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getLayout().isIdentity())
    return addr;
  Value offset = memref::ExtractStridedMetadataOp::create(b, loc, buffer).getOffset();
  Value elemBytes = arith::ConstantIndexOp::create(b, loc, type.getElementTypeBitWidth() / 8);
  return arith::AddIOp::create(b, loc, addr, arith::MulIOp::create(b, loc, offset, elemBytes));
}

Value ubCapacityOf(OpBuilder &b, Location loc, const UBArena &ub) {
  return memref::DimOp::create(b, loc, ub.arena, 0);
}

Value signedWithin(OpBuilder &b, Location loc, Value v, Value lo, Value hi) {
  Value atLeast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v, lo);
  Value atMost = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, v, hi);
  return arith::AndIOp::create(b, loc, atLeast, atMost);
}

Value indexWithin(OpBuilder &b, Location loc, Value v, Value limit) {
  Value neg = arith::SubIOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0), limit);
  return signedWithin(b, loc, v, neg, limit);
}

void noteUBWrite(OpBuilder &b, Location loc, const UBArena &ub, Value addr, Value bytes) {
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1),
        c2 = arith::ConstantIndexOp::create(b, loc, 2);
  Value end = arith::AddIOp::create(b, loc, addr, bytes);
  Value begin0 = memref::LoadOp::create(b, loc, ub.state, ValueRange{c1});
  Value end0 = memref::LoadOp::create(b, loc, ub.state, ValueRange{c2});
  memref::StoreOp::create(b, loc, arith::MinSIOp::create(b, loc, begin0, addr), ub.state,
                          ValueRange{c1});
  memref::StoreOp::create(b, loc, arith::MaxSIOp::create(b, loc, end0, end), ub.state,
                          ValueRange{c2});
}

} // namespace ascreg
