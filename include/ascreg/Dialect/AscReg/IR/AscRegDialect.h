//===- AscRegDialect.h - ascreg dialect -------------------------*- C++ -*-===//
#ifndef ASCREG_DIALECT_ASCREG_IR_ASCREGDIALECT_H
#define ASCREG_DIALECT_ASCREG_IR_ASCREGDIALECT_H

#include "ascreg/Support/LLVM.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOpsDialect.h.inc"

#endif
