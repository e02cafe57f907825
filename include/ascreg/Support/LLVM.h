//===- LLVM.h - names ascreg takes from MLIR and LLVM ------------*- C++ -*-===//
//
// Every part of ascreg lives in namespace ::ascreg (dialects ascreg::,
// ascreg::dav::, semantics ascreg::semantics::, interpreter ascreg::interp::,
// JIT ascreg::jit::). This header brings the MLIR and LLVM names that the
// dialect, conversion and tool code uses unqualified into ::ascreg, the way
// mlir/Support/LLVM.h does for namespace mlir (and CIRCT's Support/LLVM.h for
// circt).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_LLVM_H
#define ASCREG_SUPPORT_LLVM_H

#include "mlir/Support/LLVM.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir {
class Attribute;
class Block;
class DialectRegistry;
class Location;
class MLIRContext;
class ModuleOp;
class OpBuilder;
class Operation;
class Region;
class Type;
class TypeRange;
class Value;
class ValueRange;
} // namespace mlir

namespace ascreg {
// LLVM names, as mlir/Support/LLVM.h spells them.
using mlir::ArrayRef;
using mlir::cast;
using mlir::dyn_cast;
using mlir::dyn_cast_or_null;
using mlir::isa;
using mlir::MutableArrayRef;
using mlir::raw_ostream;
using mlir::SmallVector;
using mlir::SmallVectorImpl;
using mlir::StringRef;
using mlir::Twine;
// MLIR core.
using mlir::Attribute;
using mlir::Block;
using mlir::DialectRegistry;
using mlir::failed;
using mlir::failure;
using mlir::FailureOr;
using mlir::Location;
using mlir::LogicalResult;
using mlir::MLIRContext;
using mlir::ModuleOp;
using mlir::OpBuilder;
using mlir::Operation;
using mlir::Region;
using mlir::succeeded;
using mlir::success;
using mlir::Type;
using mlir::TypeRange;
using mlir::Value;
using mlir::ValueRange;
} // namespace ascreg

#endif // ASCREG_SUPPORT_LLVM_H
