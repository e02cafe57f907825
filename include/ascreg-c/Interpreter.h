/*===- ascreg-c/Interpreter.h - C API: run ascreg kernels ----------*- C -*-===*\
|*                                                                            *|
|* Runs a kernel (a func.func of func/scf/cf/arith/index/memref and ascreg    *|
|* ops) on caller-provided buffers, in the bit-exact CPU interpreter or       *|
|* through the vector lowering and the JIT.                                   *|
|*                                                                            *|
|* Errors (unsupported ops, bad arguments, out-of-range UB accesses or gather *|
|* indices, ...) are reported as MLIR diagnostics at the offending op's       *|
|* location: attach a handler with mlirContextAttachDiagnosticHandler to see  *|
|* them. Both functions return a failed MlirLogicalResult on error.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ASCREG_C_INTERPRETER_H
#define ASCREG_C_INTERPRETER_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AscregArgKind { AscregArgScalar = 0, AscregArgBuffer = 1 } AscregArgKind;

/* One argument of the kernel, in parameter order.
 * - Scalar (integer, index or float parameter): `bits` holds the raw bits;
 *   integers zero-extended from their width, floats as their IEEE bits
 *   (f16/bf16 in the low 16 bits, f32 in the low 32).
 * - Buffer (memref parameter): `data` points to `numElements` elements of the
 *   memref's element type, owned by the caller. It is copied into the
 *   modelled Unified Buffer for the run and copied back after a successful
 *   run, so the kernel's writes are visible there after the call. */
typedef struct AscregArg {
  AscregArgKind kind;
  uint64_t bits;
  void *data;
  uint64_t numElements;
} AscregArg;

static inline AscregArg ascregArgScalar(uint64_t bits) {
  AscregArg a = {AscregArgScalar, bits, 0, 0};
  return a;
}

static inline AscregArg ascregArgBuffer(void *data, uint64_t numElements) {
  AscregArg a = {AscregArgBuffer, 0, data, numElements};
  return a;
}

/* Interpreter options; zero fields take the defaults. */
typedef struct AscregInterpreterOptions {
  /* Usable Unified Buffer bytes (default 248 KiB). */
  uint64_t ubCapacity;
  /* Upper bound on loop iterations and branches taken (default 2^32). */
  uint64_t maxSteps;
} AscregInterpreterOptions;

/* Compiles `func` (a func.func operation) for the interpreter and runs it once
 * on `args` (`numArgs` entries, one per parameter). `options` may be NULL. */
MLIR_CAPI_EXPORTED MlirLogicalResult
ascregInterpretFunctionWithOptions(MlirOperation func, const AscregArg *args, intptr_t numArgs,
                                   const AscregInterpreterOptions *options);

/* ascregInterpretFunctionWithOptions with the default options. */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregInterpretFunction(MlirOperation func,
                                                             const AscregArg *args,
                                                             intptr_t numArgs);

/* Lowers a clone of `module` with ascreg-lower-to-llvm (the Unified Buffer
 * modelled as in the interpreter), JIT-compiles the function named `entry`
 * and runs it once on `args`. With runtimeChecks, an access or gather index
 * outside UB, a misaligned access, an allocation that does not fit or a loop
 * step that is not positive stops the kernel: the interpreter's diagnostic
 * is emitted at the op's location, the buffers are left untouched and a
 * failure is returned; the calling process goes on. */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregJitRunFunction(MlirModule module, MlirStringRef entry,
                                                          const AscregArg *args, intptr_t numArgs,
                                                          bool runtimeChecks);

#ifdef __cplusplus
}
#endif

#endif /* ASCREG_C_INTERPRETER_H */
