//===- Arguments.cpp - C API: a scalar argument from its text ---*- C++ -*-===//
#include "ascreg-c/Interpreter.h"

#include "ascreg/Driver/Scalar.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

using namespace mlir;

MlirLogicalResult ascregParseScalar(MlirType type, MlirStringRef text, uint64_t *bits) {
  Type t = unwrap(type);
  if (!t || !bits)
    return mlirLogicalResultFailure();
  llvm::Expected<uint64_t> parsed = ascreg::driver::parseScalar(t, unwrap(text));
  if (!parsed) {
    emitError(UnknownLoc::get(t.getContext()))
        << "ascregParseScalar: " << t << ": " << llvm::toString(parsed.takeError());
    return mlirLogicalResultFailure();
  }
  *bits = *parsed;
  return mlirLogicalResultSuccess();
}
