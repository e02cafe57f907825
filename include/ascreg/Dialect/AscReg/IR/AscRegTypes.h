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

// The dialect's enums share the semantics library's numbering (the vendor's
// for MaskPattern), so converting is a cast.
static_assert(int(MaskPattern::ALLF) == int(semantics::MaskPattern::ALLF) &&
                  int(MaskPattern::Q) == int(semantics::MaskPattern::Q),
              "MaskPattern numbering differs from the semantics library");
static_assert(int(ReduceKind::sum) == int(semantics::ReduceKind::Sum) &&
                  int(ReduceKind::min) == int(semantics::ReduceKind::Min),
              "ReduceKind numbering differs from the semantics library");
static_assert(int(ComparePredicate::eq) == int(semantics::ComparePred::EQ) &&
                  int(ComparePredicate::ge) == int(semantics::ComparePred::GE),
              "ComparePredicate numbering differs from the semantics library");
inline semantics::MaskPattern toSemantics(MaskPattern p) {
  return static_cast<semantics::MaskPattern>(p);
}
inline semantics::ReduceKind toSemantics(ReduceKind k) {
  return static_cast<semantics::ReduceKind>(k);
}
inline semantics::ComparePred toSemantics(ComparePredicate p) {
  return static_cast<semantics::ComparePred>(p);
}

} // namespace ascreg

#endif
