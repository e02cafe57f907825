//===- KernelMemRefs.h - the memref ops of the kernel language --*- C++ -*-===//
//
// The one rule of which memref view and allocation ops a kernel may use
// (docs/semantics.md, "Buffers, views and scratch"). Every path (the
// interpreter, the vector lowering, the dav-3510 lowering, the Ascend C
// emission) applies it before anything else, so an unsupported use is the
// same located error on each.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DIALECT_ASCREG_IR_KERNELMEMREFS_H
#define ASCREG_DIALECT_ASCREG_IR_KERNELMEMREFS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace ascreg {

/// Whether `type` is a contiguous UB view: rank 1, the default memory space
/// and an identity layout or `strided<[1], offset: any>` (what memref.subview,
/// memref.reinterpret_cast and memref.cast produce over a UB buffer).
bool isUBViewType(mlir::MemRefType type);

/// Whether `op` is a view op of the kernel language: memref.cast,
/// memref.subview or memref.reinterpret_cast.
bool isKernelViewOp(mlir::Operation *op);

/// Checks the memref ops of every kernel under `root` (a function, or every
/// function of a module that uses an ascreg or dav op). The kernel language
/// has memref.load, store, dim, cast, subview (unit strides), reinterpret_cast
/// (to rank 1, unit stride) and alloc, alloca, dealloc of UB scratch; anything
/// else is an error at the op: "'<op>' op unsupported in an ascreg kernel:
/// <why>".
mlir::LogicalResult verifyKernelMemRefs(mlir::Operation *root);

} // namespace ascreg

#endif // ASCREG_DIALECT_ASCREG_IR_KERNELMEMREFS_H
