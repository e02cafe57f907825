//===- AscRegOps.h - ascreg operations --------------------------*- C++ -*-===//
#ifndef ASCREG_DIALECT_ASCREG_IR_ASCREGOPS_H
#define ASCREG_DIALECT_ASCREG_IR_ASCREGOPS_H

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace ascreg {
// Conversions: ascreg.cast and dav.vcvt share the syntax
//   OP %src, %mask [round <M>] [sat <off|on>] [part <P>] attr-dict : T -> U
// (attributes `round`, `sat`, `part`; operand 0 the source, 1 the mask) and
// the checks against the semantics library's table.
mlir::ParseResult parseConversion(mlir::OpAsmParser &p, mlir::OperationState &st);
void printConversion(mlir::OpAsmPrinter &p, mlir::Operation *op);
/// Exactly the pair's operands, each legal; diagnostics name the legal set.
mlir::LogicalResult verifyConversion(mlir::Operation *op);
/// The instruction as the semantics library spells it.
semantics::CastSpec conversionSpec(mlir::Operation *op);
} // namespace ascreg

#define GET_OP_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h.inc"

namespace ascreg {
/// truncate / vtrc of registers of `type` under `round`.
mlir::LogicalResult verifyTruncate(mlir::Operation *op, mlir::Type type, RoundMode round);
/// A vector-scalar form (adds / muls / maxs / mins / compares) as its
/// definition: the vector op on the scalar broadcast by `duplicate`
/// (docs/semantics.md 2.25). Returns the replacement value, or null for
/// another op.
mlir::Value expandScalarForm(mlir::OpBuilder &b, mlir::Operation *op);
} // namespace ascreg

#endif
