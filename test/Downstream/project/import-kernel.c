/*===- import-kernel.c - a downstream program imports a C++ kernel --*- C -*-===*\
|*                                                                            *|
|* Built against the installed package only, outside its prefix: it must     *|
|* find the importer of that install (AscRegConfig.cmake tells the hook where *|
|* it is). Prints the symbol of the imported function, or the diagnostics     *|
|* and exits 1.                                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ascreg-c/Dialects.h"
#include "ascreg-c/Import.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static void print(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic diag, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diag, print, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s KERNEL.asc FUNCTION\n", argv[0]);
    return 2;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  ascregRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  AscregImportOptions options = {mlirStringRefCreateFromCString(argv[2]), NULL, 0, NULL, 0};
  MlirModule module = ascregLoadKernelFile(ctx, mlirStringRefCreateFromCString(argv[1]), &options);
  int status = 1;
  if (!mlirModuleIsNull(module)) {
    MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
    MlirAttribute name =
        mlirOperationGetAttributeByName(fn, mlirStringRefCreateFromCString("sym_name"));
    printf("imported @");
    print(mlirStringAttrGetValue(name), NULL);
    printf("\n");
    mlirModuleDestroy(module);
    status = 0;
  }
  mlirContextDestroy(ctx);
  return status;
}
