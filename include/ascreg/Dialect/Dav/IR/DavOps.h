//===- DavOps.h - dav-3510 intrinsic dialect --------------------*- C++ -*-===//
#ifndef ASCREG_DIALECT_DAV_IR_DAVOPS_H
#define ASCREG_DIALECT_DAV_IR_DAVOPS_H

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ascreg/Dialect/Dav/IR/DavEnums.h.inc"
#include "ascreg/Dialect/Dav/IR/DavOpsDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "ascreg/Dialect/Dav/IR/DavAttrs.h.inc"

namespace ascreg {
namespace dav {
/// A physical register: one 256-byte register of 8-, 16- or 32-bit lanes.
bool isPhysicalReg(Type t);
/// A physical register or one register of 32 64-bit lanes (vcvt operands).
bool isConversionReg(Type t);
/// The arguments of a vcvt call in the vendor's order (DavInterfaces.td).
std::string vcvtCallTemplate(Operation *op);
} // namespace dav
} // namespace ascreg

#include "ascreg/Dialect/Dav/IR/DavInterfaces.h.inc"

#define GET_OP_CLASSES
#include "ascreg/Dialect/Dav/IR/DavOps.h.inc"

#endif
