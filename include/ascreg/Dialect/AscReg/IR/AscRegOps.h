//===- AscRegOps.h - ascreg operations --------------------------*- C++ -*-===//
#ifndef ASCREG_DIALECT_ASCREG_IR_ASCREGOPS_H
#define ASCREG_DIALECT_ASCREG_IR_ASCREGOPS_H

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h.inc"

#endif
