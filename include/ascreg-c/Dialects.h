/*===- ascreg-c/Dialects.h - C API: the ascreg dialect -------------*- C -*-===*\
|*                                                                            *|
|* Registration of the ascreg dialect (and the upstream dialects ascreg       *|
|* kernels use) with the MLIR C API, in the upstream convention               *|
|* (mlirGetDialectHandle__<namespace>__).                                     *|
|*                                                                            *|
|* Link: AscRegCAPI, the upstream MLIRCAPIIR archive and libMLIR.so (the      *|
|* AscRegCAPI target of find_package(AscReg) carries all three).              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ASCREG_C_DIALECTS_H
#define ASCREG_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__ascreg__(): insert into a registry with
 * mlirDialectHandleInsertDialect or load into a context with
 * mlirDialectHandleLoadDialect. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(AscReg, ascreg);

/* mlirGetDialectHandle__dav__(): the dav-3510 intrinsic dialect (the target of
 * convert-ascreg-to-dav). */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Dav, dav);

/* Inserts the ascreg dialect and the upstream dialects that kernels and their
 * lowerings use (dav, func, arith, scf, cf, memref, index, math, vector, llvm,
 * emitc), with the upstream interface extensions: everything needed to parse
 * and lower an ascreg kernel. */
MLIR_CAPI_EXPORTED void ascregRegisterAllDialects(MlirDialectRegistry registry);

/* Records the semantic profile `spec` on `op` (a module or a function) as its
 * `ascreg.semantics` attribute (docs/semantics.md section 8): "documented",
 * "key=candidate,..." or the path of a profile JSON file from `ascreg-probe
 * ingest`. Every path and lowering of the kernels under `op` (interpreter,
 * ascregJitRunFunction, convert-ascreg-to-dav, the Ascend C emission) then
 * runs with it. A bad spec is an error diagnostic on `op` and a failure; `op`
 * is unchanged then. */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregRecordSemanticsProfile(MlirOperation op,
                                                                  MlirStringRef spec);

#ifdef __cplusplus
}
#endif

#endif /* ASCREG_C_DIALECTS_H */
