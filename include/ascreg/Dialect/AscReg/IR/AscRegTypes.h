//===- AscRegTypes.h - ascreg types and attributes --------------*- C++ -*-===//
#ifndef ASCREG_DIALECT_ASCREG_IR_ASCREGTYPES_H
#define ASCREG_DIALECT_ASCREG_IR_ASCREGTYPES_H

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/LLVM.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"

#include <optional>

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
/// The bytes of one element of a buffer in the Unified Buffer, a kernel's
/// memref parameter or allocation: rank 1, identity layout, the default
/// memory space, integer or float elements of 1 to 8 whole bytes (UB
/// addresses count bytes); std::nullopt for any other memref (memref<?xi1>,
/// memref<f32>, memref<4x4xf32>, ...). The one rule of every executor and
/// runner.
std::optional<unsigned> ubBufferElementBytes(mlir::MemRefType type);
/// What ubBufferElementBytes accepts, for error messages.
inline constexpr llvm::StringLiteral kUBBufferTypes(
    "rank-1 contiguous memrefs of integers or floats of 1 to 8 whole bytes in the default memory "
    "space (UB)");
/// ubBufferElementBytes of `param`, a kernel's memref parameter, or failure
/// after an error at the parameter that says what a kernel buffer must be.
/// Every executor and runner checks its buffer parameters with it.
FailureOr<unsigned> ubBufferParameterElementBytes(mlir::BlockArgument param);
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
static_assert(int(RoundMode::rint) == int(semantics::RoundMode::Rint) &&
                  int(RoundMode::round) == int(semantics::RoundMode::Round) &&
                  int(RoundMode::floor) == int(semantics::RoundMode::Floor) &&
                  int(RoundMode::ceil) == int(semantics::RoundMode::Ceil) &&
                  int(RoundMode::trunc) == int(semantics::RoundMode::Trunc) &&
                  int(RoundMode::odd) == int(semantics::RoundMode::Odd),
              "RoundMode numbering differs from the semantics library");
static_assert(int(CastPart::p0) == int(semantics::CastPart::P0) &&
                  int(CastPart::p1) == int(semantics::CastPart::P1) &&
                  int(CastPart::p3) == int(semantics::CastPart::P3),
              "CastPart numbering differs from the semantics library");
inline semantics::RoundMode toSemantics(RoundMode m) {
  return static_cast<semantics::RoundMode>(m);
}
inline semantics::CastPart toSemantics(CastPart p) { return static_cast<semantics::CastPart>(p); }
inline RoundMode fromSemantics(semantics::RoundMode m) { return static_cast<RoundMode>(m); }
inline CastPart fromSemantics(semantics::CastPart p) { return static_cast<CastPart>(p); }

} // namespace ascreg

#endif
