/*===- ascreg-c/Passes.h - C API: ascreg passes and pipelines ------*- C -*-===*\
|*                                                                            *|
|* Registers ascreg's passes with the global pass registry so that textual    *|
|* pipelines (mlirOpPassManagerAddPipeline, mlirParsePassPipeline) can name   *|
|* them: convert-ascreg-to-vector and the ascreg-lower-to-llvm pipeline.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ASCREG_C_PASSES_H
#define ASCREG_C_PASSES_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* convert-ascreg-to-vector and the ascreg-lower-to-llvm pipeline. Idempotent;
 * do not also call the C++ ascreg::registerAllPasses() in the same process
 * (a pipeline name registered twice is a fatal error in MLIR). */
MLIR_CAPI_EXPORTED void ascregRegisterPasses(void);

/* ascregRegisterPasses() plus every upstream MLIR pass (what ascreg-opt
 * offers). Idempotent. */
MLIR_CAPI_EXPORTED void ascregRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* ASCREG_C_PASSES_H */
