/*===- capi-test-util.h - helpers of the C API test programs --------*- C -*-===*\
|*                                                                            *|
|* What every C API test program does the same way: a context with every     *|
|* ascreg dialect and a diagnostic handler, a function looked up by name,     *|
|* MLIR text printed to stdout. Not a lit test (lit.local.cfg runs .c).       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ASCREG_TEST_CAPI_UTIL_H
#define ASCREG_TEST_CAPI_UTIL_H

#include "ascreg-c/Dialects.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

/* An MlirStringCallback that prints to stdout. */
static inline void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

/* A diagnostic handler: prints "diagnostic: <message>" (what the C API
 * itself reports carries no source location). */
static inline MlirLogicalResult printDiagnostic(MlirDiagnostic diag, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

/* A diagnostic handler: prints "diagnostic: <location>: <message>" and, if
 * userData is not null, counts the diagnostic in the int it points to. */
static inline MlirLogicalResult printDiagnosticAt(MlirDiagnostic diag, void *userData) {
  if (userData)
    ++*(int *)userData;
  printf("diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diag), printToStdout, NULL);
  printf(": ");
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

/* A single-threaded context with every ascreg dialect registered and
 * `handler` (with `userData`) attached. */
static inline MlirContext createTestContext(MlirDiagnosticHandler handler, void *userData) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  ascregRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, handler, userData, NULL);
  return ctx;
}

/* The top-level op of `module` whose sym_name is `name` (null if none). */
static inline MlirOperation lookupFunc(MlirModule module, const char *name) {
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  while (!mlirOperationIsNull(op)) {
    MlirAttribute sym =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym)) {
      MlirStringRef s = mlirStringAttrGetValue(sym);
      if (s.length == strlen(name) && memcmp(s.data, name, s.length) == 0)
        return op;
    }
    op = mlirOperationGetNextInBlock(op);
  }
  return op;
}

#endif /* ASCREG_TEST_CAPI_UTIL_H */
