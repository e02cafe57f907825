//===- KernelMemRefs.cpp - the memref ops of the kernel language ----------===//
#include "ascreg/Dialect/AscReg/IR/KernelMemRefs.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

bool ascreg::isUBViewType(MemRefType type) {
  if (type.getRank() != 1 || type.getMemorySpace())
    return false;
  if (type.getLayout().isIdentity())
    return true;
  auto strided = dyn_cast<StridedLayoutAttr>(type.getLayout());
  return strided && strided.getStrides().size() == 1 && strided.getStrides()[0] == 1;
}

bool ascreg::isKernelViewOp(Operation *op) {
  return isa<memref::CastOp, memref::SubViewOp, memref::ReinterpretCastOp>(op);
}

namespace {

/// Why the subview `sv` lies outside its source by what the IR states ("" if
/// only the run can tell: then the paths check it, ViewOutsideSource).
/// memref.subview's own verifier covers an all-static view only.
std::string outsideStaticSource(memref::SubViewOp sv) {
  MemRefType src = sv.getSourceType();
  if (src.getRank() != 1 || src.isDynamicDim(0))
    return "";
  int64_t n = src.getDimSize(0);
  std::optional<int64_t> off = getConstantIntValue(sv.getMixedOffsets()[0]);
  std::optional<int64_t> size = getConstantIntValue(sv.getMixedSizes()[0]);
  bool outside = (off && (*off < 0 || *off > n)) || (size && (*size < 0 || *size > n)) ||
                 (off && size && *size > n - *off);
  if (!outside)
    return "";
  auto text = [](std::optional<int64_t> v) { return v ? std::to_string(*v) : std::string("?"); };
  return "a view at offset " + text(off) + " of " + text(size) +
         " elements, outside its source of " + std::to_string(n) + " elements";
}

/// Why `op`, a memref op, is outside the kernel language ("" if it is not).
std::string whyUnsupported(Operation *op) {
  if (isa<memref::LoadOp, memref::StoreOp, memref::DimOp, memref::DeallocOp>(op))
    return "";
  if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
    auto t = cast<MemRefType>(op->getResult(0).getType());
    if (!ascreg::ubBufferElementBytes(t))
      return "a scratch buffer must be one of the " + ascreg::kUBBufferTypes.str();
    // One place in UB for the whole run (the emitted entry declares it once).
    if (!isa<FunctionOpInterface>(op->getParentOp()))
      return "a scratch buffer allocated inside '" +
             op->getParentOp()->getName().getStringRef().str() +
             "' (allocate it once, at the top level of the kernel)";
    return "";
  }
  if (!ascreg::isKernelViewOp(op))
    return "the kernel language's memref ops are load, store, dim, cast, subview, "
           "reinterpret_cast, alloc, alloca and dealloc";
  auto src = dyn_cast<MemRefType>(op->getOperand(0).getType());
  auto dst = dyn_cast<MemRefType>(op->getResult(0).getType());
  if (!src || !dst || src.getRank() != 1 || dst.getRank() != 1)
    return "a view of rank other than 1 (kernel buffers and views are 1-D)";
  if (auto sv = dyn_cast<memref::SubViewOp>(op)) {
    if (!llvm::all_of(sv.getStaticStrides(), [](int64_t s) { return s == 1; }))
      return "a stride other than 1 (the ascreg ops access contiguous elements; copy strided "
             "elements with memref.load / memref.store)";
    if (std::string why = outsideStaticSource(sv); !why.empty())
      return why;
  }
  if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op))
    if (!llvm::all_of(rc.getStaticStrides(), [](int64_t s) { return s == 1; }))
      return "a stride other than 1 (the ascreg ops access contiguous elements; copy strided "
             "elements with memref.load / memref.store)";
  // The element rule of ubBufferElementBytes, on the view's element type.
  if (!ascreg::isUBViewType(dst) ||
      !ascreg::ubBufferElementBytes(MemRefType::get({1}, dst.getElementType())))
    return "a view that is not a contiguous UB memref (rank 1, default memory space, elements of "
           "1 to 8 whole bytes)";
  return "";
}

/// Whether `v` (a view or scratch buffer) leaves the block structure that
/// gives it its place: a loop-carried, branched, returned or passed value.
Operation *escapingUse(Value v) {
  for (Operation *user : v.getUsers())
    if (user->hasTrait<OpTrait::IsTerminator>() || isa<CallOpInterface>(user))
      return user;
  return nullptr;
}

LogicalResult verifyFunction(Operation *fn) {
  WalkResult r = fn->walk([](Operation *op) {
    if (!isa<memref::MemRefDialect>(op->getDialect()))
      return WalkResult::advance();
    std::string why = whyUnsupported(op);
    if (why.empty() && (ascreg::isKernelViewOp(op) || isa<memref::AllocOp, memref::AllocaOp>(op)))
      if (Operation *user = escapingUse(op->getResult(0)))
        why = "the buffer is passed to '" + user->getName().getStringRef().str() +
              "' (a view or scratch buffer lives in the block that defines it; define it where "
              "it is used)";
    if (why.empty())
      return WalkResult::advance();
    op->emitOpError() << "unsupported in an ascreg kernel: " << why;
    return WalkResult::interrupt();
  });
  return failure(r.wasInterrupted());
}

/// Whether `fn` uses an ascreg or dav op (a kernel, not host code around one)
/// and its UB is not explicit yet (ascreg-expose-ub checked it before).
bool isKernel(Operation *fn) {
  if (fn->hasAttr(ascreg::AscRegDialect::getUBArgumentAttrName()))
    return false;
  WalkResult r = fn->walk([](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    return ns == "ascreg" || ns == "dav" ? WalkResult::interrupt() : WalkResult::advance();
  });
  return r.wasInterrupted();
}

} // namespace

LogicalResult ascreg::verifyKernelMemRefs(Operation *root) {
  if (isa<func::FuncOp>(root))
    return verifyFunction(root);
  bool ok = true;
  root->walk([&](func::FuncOp fn) {
    if (ok && !fn.isExternal() && isKernel(fn) && failed(verifyFunction(fn)))
      ok = false;
  });
  return success(ok);
}
