/*===- ascreg-c/Import.h - C API: load a kernel file, C++ included -*- C -*-===*\
|*                                                                            *|
|* A kernel file as a module: ascreg MLIR, or a Reg API C++ kernel (.asc,     *|
|* .cpp, .cc, .cxx, .C) imported with its vector function, -D definitions and *|
|* -I directories (docs/import.md). The same hook as ascreg-run and the       *|
|* Python package's ascreg.load.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ASCREG_C_IMPORT_H
#define ASCREG_C_IMPORT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The importer's options; all zero (or a null pointer) for the defaults. */
typedef struct AscregImportOptions {
  /* The vector function to import: its symbol or C++ name (qualified or
   * not, when that names one function); empty: every vector function. */
  MlirStringRef function;
  /* -D definitions, `NAME` or `NAME=VALUE`. */
  const MlirStringRef *defines;
  intptr_t numDefines;
  /* -I directories. */
  const MlirStringRef *includeDirs;
  intptr_t numIncludeDirs;
} AscregImportOptions;

/* Loads the kernel file `path` into `ctx` (its dialects registered with
 * ascregRegisterAllDialects): a C++ source is imported with `options`, each
 * op located at its C++ file:line:col; anything else is parsed as MLIR under
 * the parse limits. The module is verified. On any error (an unreadable
 * file, a C++ construct the importer does not take, a verifier error) the
 * reasons are diagnostics on `ctx` at their locations and the module is
 * null. */
MLIR_CAPI_EXPORTED MlirModule ascregLoadKernelFile(MlirContext ctx, MlirStringRef path,
                                                   const AscregImportOptions *options);

#ifdef __cplusplus
}
#endif

#endif /* ASCREG_C_IMPORT_H */
