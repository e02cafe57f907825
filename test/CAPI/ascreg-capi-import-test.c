/*===- ascreg-capi-import-test.c - C API: a C++ kernel file ---------*- C -*-===*\
|*                                                                            *|
|* ascregLoadKernelFile imports a Reg API C++ kernel with its function, -D    *|
|* definitions and -I directories (docs/import.md); the imported kernel runs  *|
|* in the interpreter and its output is checked against the copy computed     *|
|* here. Import errors are diagnostics at the C++ line.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
// REQUIRES: importer
// RUN: ascreg-capi-import-test %S/Inputs/capi-kernel.cpp %S/Inputs/include \
// RUN:   %ascreg_src_root/examples/argmax.mlir 2>&1 | FileCheck %s

#include "capi-test-util.h"

#include "ascreg-c/Import.h"
#include "ascreg-c/Interpreter.h"

enum { N = 100, CAP = 128 };

/* Imports `path` with `define` (or none), runs CopyVF on n = 100 and prints
 * how many of the 128 output elements equal the input copied up to n (the
 * rest must stay 0). */
static void importAndRun(MlirContext ctx, const char *path, const char *include,
                         const char *define) {
  MlirStringRef defines[1] = {mlirStringRefCreateFromCString(define ? define : "")};
  MlirStringRef includes[1] = {mlirStringRefCreateFromCString(include)};
  AscregImportOptions options = {mlirStringRefCreateFromCString("CopyVF"), defines, define ? 1 : 0,
                                 includes, 1};
  MlirModule module = ascregLoadKernelFile(ctx, mlirStringRefCreateFromCString(path), &options);
  if (mlirModuleIsNull(module)) {
    printf("-D%s: not imported\n", define ? define : "");
    return;
  }
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  float src[CAP], dst[CAP];
  for (int i = 0; i < CAP; ++i) {
    src[i] = (float)i + 0.5f;
    dst[i] = 0;
  }
  AscregArg args[3] = {ascregArgBuffer(dst, CAP), ascregArgBuffer(src, CAP), ascregArgScalar(N)};
  if (mlirLogicalResultIsFailure(ascregInterpretFunction(fn, args, 3))) {
    printf("-D%s: the run failed\n", define ? define : "");
  } else {
    int copied = 0, zero = 0;
    for (int i = 0; i < CAP; ++i) {
      copied += i < N && memcmp(&dst[i], &src[i], sizeof(float)) == 0;
      zero += dst[i] == 0.0f;
    }
    printf("-D%s: %d copied, %d zero\n", define ? define : "", copied, zero);
  }
  mlirModuleDestroy(module);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s KERNEL.cpp INCLUDE_DIR KERNEL.mlir\n", argv[0]);
    return 2;
  }
  MlirContext ctx = createTestContext(printDiagnosticAt, NULL);

  importAndRun(ctx, argv[1], argv[2], NULL);
  // CHECK: -D: 100 copied, 28 zero
  importAndRun(ctx, argv[1], argv[2], "SHORT");
  // CHECK-NEXT: -DSHORT: 64 copied, 64 zero
  importAndRun(ctx, argv[1], argv[2], "BROKEN");
  // CHECK-NEXT: diagnostic: loc("{{.*}}capi-kernel.cpp":16:5): ascreg-import does not translate an
  // unbounded while loop CHECK-NEXT: -DBROKEN: not imported

  /* Without the -I directory the header is not found: Clang's error. */
  AscregImportOptions noInclude = {mlirStringRefCreateFromCString("CopyVF"), NULL, 0, NULL, 0};
  MlirModule none = ascregLoadKernelFile(ctx, mlirStringRefCreateFromCString(argv[1]), &noInclude);
  printf("no -I: %s\n", mlirModuleIsNull(none) ? "not imported" : "imported");
  // CHECK-NEXT: diagnostic: loc("{{.*}}capi-kernel.cpp":4:10): 'capi-regs.h' file not found
  // CHECK-NEXT: no -I: not imported

  /* The same function loads MLIR. */
  MlirModule mlir = ascregLoadKernelFile(ctx, mlirStringRefCreateFromCString(argv[3]), NULL);
  printf("mlir: %s\n", mlirModuleIsNull(mlir) ? "not loaded" : "loaded");
  // CHECK-NEXT: mlir: loaded
  if (!mlirModuleIsNull(mlir))
    mlirModuleDestroy(mlir);

  MlirModule missing =
      ascregLoadKernelFile(ctx, mlirStringRefCreateFromCString("no-such-kernel.asc"), NULL);
  printf("missing: %s\n", mlirModuleIsNull(missing) ? "not loaded" : "loaded");
  // CHECK-NEXT: diagnostic: loc(unknown): ascregLoadKernelFile: {{.*}}no-such-kernel.asc{{.*}}
  // CHECK-NEXT: missing: not loaded
  mlirContextDestroy(ctx);
  return 0;
}
