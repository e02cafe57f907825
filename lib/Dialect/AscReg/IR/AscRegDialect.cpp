//===- AscRegDialect.cpp - ascreg dialect -----------------------*- C++ -*-===//
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ascreg;

#include "ascreg/Dialect/AscReg/IR/AscRegOpsDialect.cpp.inc"

void AscRegDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ascreg/Dialect/AscReg/IR/AscRegOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
}

// `ascreg.target` names the architecture a module is written for. The only
// supported one is dav-3510: a mismatch must fail loudly rather than run with
// another architecture's semantics.
LogicalResult AscRegDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName() != getTargetAttrName())
    return op->emitError() << "unknown ascreg attribute '" << attr.getName().getValue()
                           << "'; the dialect defines only '" << getTargetAttrName() << "'";
  auto str = dyn_cast<StringAttr>(attr.getValue());
  if (!str || str.getValue() != getSupportedTarget())
    return op->emitError() << "'" << getTargetAttrName() << "' must be \"" << getSupportedTarget()
                           << "\" (the only architecture ascreg implements), got " << attr.getValue();
  return success();
}
