//===- AscRegTypes.h - ascreg types and attributes --------------*- C++ -*-===//
#ifndef ASCREG_DIALECT_ASCREG_IR_ASCREGTYPES_H
#define ASCREG_DIALECT_ASCREG_IR_ASCREGTYPES_H

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/LLVM.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"

#include "ascreg/Dialect/AscReg/IR/AscRegEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegOpsTypes.h.inc"

namespace ascreg {

/// The semantics-library element kind of a register element type, or
/// std::nullopt for a type that is not a register element.
std::optional<::ascreg::semantics::ElemKind> getElemKind(Type elementType);
/// The builtin element type of a semantics element kind.
Type getElementType(MLIRContext *ctx, ::ascreg::semantics::ElemKind kind);
/// The semantics-library register type of `type`.
::ascreg::semantics::RegType toRegType(VRegType type);
/// The register type of a semantics-library register type.
VRegType fromRegType(MLIRContext *ctx, ::ascreg::semantics::RegType type);

} // namespace ascreg

#endif
