//===- Dialects.cpp - C API: the ascreg dialect -----------------*- C++ -*-===//
#include "ascreg-c/Dialects.h"

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(AscReg, ascreg, ascreg::AscRegDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Dav, dav, ascreg::dav::DavDialect)

void ascregRegisterAllDialects(MlirDialectRegistry registry) {
  ascreg::registerAllDialects(*unwrap(registry));
}

MlirLogicalResult ascregRecordSemanticsProfile(MlirOperation op, MlirStringRef spec) {
  mlir::Operation *operation = unwrap(op);
  ascreg::semantics::Profile profile;
  std::string error;
  if (mlir::failed(ascreg::resolveProfile(unwrap(spec), profile, error))) {
    operation->emitError() << "semantics: " << error;
    return mlirLogicalResultFailure();
  }
  ascreg::recordProfile(operation, profile);
  return mlirLogicalResultSuccess();
}
