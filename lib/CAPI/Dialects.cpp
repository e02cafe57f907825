//===- Dialects.cpp - C API: the ascreg dialect -----------------*- C++ -*-===//
#include "ascreg-c/Dialects.h"

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(AscReg, ascreg, ascreg::AscRegDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Dav, dav, ascreg::dav::DavDialect)

void ascregRegisterAllDialects(MlirDialectRegistry registry) {
  ascreg::registerAllDialects(*unwrap(registry));
}
