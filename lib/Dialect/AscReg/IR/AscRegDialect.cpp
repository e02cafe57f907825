//===- AscRegDialect.cpp - ascreg dialect -----------------------*- C++ -*-===//
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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
// another architecture's semantics. The other attributes are made by ascreg's
// own host lowering (ascreg-expose-ub, runtime checks).
LogicalResult AscRegDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getUBArgumentAttrName()) {
    if (!isa<IntegerAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be an integer (a parameter index)";
    return success();
  }
  if (name == getLoopProofAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name << "' marks a function (a unit attribute)";
    return success();
  }
  if (name == getRuntimeCheckSitesAttrName()) {
    if (!isa<ArrayAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be an array of [op name, location]";
    return success();
  }
  // The CTRL state is kernel state: a function's attribute.
  if (name == getCtrlAttrName()) {
    if (!isa<CtrlAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a #ascreg.ctrl<...> attribute, got "
                             << attr.getValue();
    if (!isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' is the CTRL state of a kernel: it belongs on a function";
    return success();
  }
  if (name == getSemanticsAttrName()) {
    if (isa<ProfileAttr>(attr.getValue())) // checked when it was parsed
      return success();
    // The legacy spelling, a string; normalizeProfileRecords types it.
    auto spec = dyn_cast<StringAttr>(attr.getValue());
    if (!spec)
      return op->emitError() << "'" << name
                             << "' must be a #ascreg.profile<...> attribute (or a string naming a "
                                "semantic profile), got "
                             << attr.getValue();
    semantics::Profile profile;
    std::string error;
    if (!semantics::parseProfile(spec.getValue(), profile, error))
      return op->emitError() << "'" << name << "': " << error;
    return success();
  }
  if (name != getTargetAttrName())
    return op->emitError() << "unknown ascreg attribute '" << name << "'; the dialect defines '"
                           << getTargetAttrName() << "', '" << getCtrlAttrName() << "', '"
                           << getSemanticsAttrName() << "', '" << getUBArgumentAttrName() << "', '"
                           << getLoopProofAttrName() << "' and '" << getRuntimeCheckSitesAttrName()
                           << "'";
  auto str = dyn_cast<StringAttr>(attr.getValue());
  if (!str || str.getValue() != getSupportedTarget())
    return op->emitError() << "'" << getTargetAttrName() << "' must be \"" << getSupportedTarget()
                           << "\" (the only architecture ascreg implements), got "
                           << attr.getValue();
  return success();
}
