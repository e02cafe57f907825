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
 *   run, so the kernel's writes are visible there after the call (unless it
 *   is bound in place: ascregKernelPlaceArguments).
 * A NULL `args` with a non-zero `numArgs`, or a buffer whose `data` is NULL
 * with a non-zero `numElements`, is an error diagnostic and a failure. */
typedef struct AscregArg {
  AscregArgKind kind;
  uint64_t bits;
  void *data;
  uint64_t numElements;
  /* Buffer flags for the debugging checks (AscregArgFlags, or-ed). */
  uint32_t flags;
} AscregArg;

typedef enum AscregArgFlags {
  /* The buffer's contents are not defined on entry: the init check treats
   * its bytes as never written (ascreg-run --arg=FILE.npy:uninit). */
  AscregArgUninitialized = 1,
  /* An output: the coverage check reports its elements the kernel never
   * wrote (ascreg-run --out). */
  AscregArgOutput = 2
} AscregArgFlags;

static inline AscregArg ascregArgScalar(uint64_t bits) {
  AscregArg a = {AscregArgScalar, bits, 0, 0, 0};
  return a;
}

static inline AscregArg ascregArgBuffer(void *data, uint64_t numElements) {
  AscregArg a = {AscregArgBuffer, 0, data, numElements, 0};
  return a;
}

/* One finding of the debugging checks (docs/debugging.md). Every pointer is
 * valid only during the callback that receives it. */
typedef struct AscregFinding {
  /* The check: "init", "bounds", "align", "coverage" or "ub". */
  const char *check;
  /* The op that made the finding (e.g. "ascreg.store_align") and its
   * location. */
  const char *opName;
  MlirLocation location;
  /* One line without the location, e.g. "stores uninitialized data (lanes
   * 0-63)". */
  const char *message;
  /* Further lines (where the data came from, the iteration). */
  intptr_t numNotes;
  const char *const *notes;
  /* Lane ranges of the first occurrence: numLaneRanges pairs
   * [first, last] (inclusive) in laneRanges. */
  intptr_t numLaneRanges;
  const uint32_t *laneRanges;
  /* The kernel parameter concerned, or -1; element ranges: pairs
   * [begin, end) in elementRanges (coverage). */
  int64_t argument;
  intptr_t numElementRanges;
  const uint64_t *elementRanges;
  /* The enclosing loops' induction variables at the first occurrence,
   * outermost first. */
  intptr_t numIterations;
  const char *const *iterationNames;
  const int64_t *iterationValues;
  /* How many times the same finding occurred. */
  uint64_t occurrences;
  /* The finding's kind (e.g. "unwritten_output") and where tainted data
   * was used ("store", or "none"): the names the Python package gives
   * (ascreg/Interpreter/FindingKinds.h). */
  const char *kind;
  const char *use;
} AscregFinding;

typedef void (*AscregFindingCallback)(const AscregFinding *finding, void *userData);

/* Interpreter options; zero fields take the defaults. */
typedef struct AscregInterpreterOptions {
  /* Usable Unified Buffer bytes (default 248 KiB). */
  uint64_t ubCapacity;
  /* Upper bound on loop iterations and branches taken (default 2^32). */
  uint64_t maxSteps;
  /* Debugging checks: NULL or "" for none, "all", or a comma-separated list
   * of init, bounds, align, coverage, ub (docs/debugging.md). */
  const char *checks;
  /* At most this many findings per run (0: 100). */
  uint32_t maxFindings;
  /* Receives each finding after the run. Without a callback the findings
   * are emitted as error diagnostics at their ops and the run fails; with
   * one, the run succeeds when the kernel ran to its end. */
  AscregFindingCallback onFinding;
  void *findingUserData;
  /* The semantic profile of the run (docs/semantics.md section 8): NULL or ""
   * for the module's own (ascreg.semantics, documented if none), else
   * "documented", "key=candidate,..." or the path of a profile JSON file from
   * `ascreg-probe ingest`; it wins over the module's record. A bad profile is
   * an error diagnostic on the function and a failure. */
  const char *semantics;
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

/* ascregInterpretFunctionWithOptions that also writes the HTML report of the
 * run (docs/report.md) to `reportPath` (atomically: a temporary file renamed
 * over it). The run records a trace and the debugging checks' byte map; a
 * failed run or a report that cannot be written is a failure with an error
 * diagnostic on `func` (the report of a failed run is still written). */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregInterpretFunctionWithReport(
    MlirOperation func, const AscregArg *args, intptr_t numArgs,
    const AscregInterpreterOptions *options, MlirStringRef reportPath);

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

/* JIT options; zero fields take the defaults. */
typedef struct AscregJitOptions {
  /* Turns the runtime checks off (default: on; see ascregJitRunFunction). */
  bool noRuntimeChecks;
  /* Usable Unified Buffer bytes (default 248 KiB). */
  uint64_t ubCapacity;
  /* The semantic profile of the run, exactly as
   * AscregInterpreterOptions::semantics: NULL or "" for the module's own,
   * else a spelling or profile file that wins over the module's record (the
   * kernel's ascreg.ctrl still sets its CTRL state). A bad profile is an error
   * diagnostic on the entry function and a failure. */
  const char *semantics;
} AscregJitOptions;

/* ascregJitRunFunction with options; `options` may be NULL (the defaults). */
MLIR_CAPI_EXPORTED MlirLogicalResult
ascregJitRunFunctionWithOptions(MlirModule module, MlirStringRef entry, const AscregArg *args,
                                intptr_t numArgs, const AscregJitOptions *options);

/* A kernel compiled once and run many times, whose buffers can be bound in
 * place: ascregKernelPlaceArguments hands out the kernel's modelled Unified
 * Buffer at the addresses where a run places buffers of the given sizes; a
 * caller that writes its inputs there and passes those pointers as the
 * buffers' `data` saves the copies into UB and back. Any other buffer is
 * copied as by ascregInterpretFunction, and a run refuses a buffer that lies
 * in the kernel's UB anywhere but at its own place (a diagnostic, a failure).
 * A failed run leaves in-place buffers as the run left them (the JIT's
 * zeroed). The operation or module the kernel was created from must outlive
 * it; one thread at a time per kernel. */
typedef struct AscregKernel {
  void *ptr;
} AscregKernel;

static inline bool ascregKernelIsNull(AscregKernel kernel) { return !kernel.ptr; }

/* Compiles `func` (a func.func) for the interpreter with `options` (may be
 * NULL). Findings of the checks are handled after each run as by
 * ascregInterpretFunctionWithOptions. A null kernel (with a diagnostic) on
 * failure. */
MLIR_CAPI_EXPORTED AscregKernel
ascregKernelCreateInterpreter(MlirOperation func, const AscregInterpreterOptions *options);

/* Compiles the function `entry` of `module` with the JIT, as
 * ascregJitRunFunctionWithOptions does (`options` may be NULL). A null kernel
 * (with a diagnostic) on failure. */
MLIR_CAPI_EXPORTED AscregKernel ascregKernelCreateJit(MlirModule module, MlirStringRef entry,
                                                      const AscregJitOptions *options);

/* Writes to places[0..numBuffers) where the next runs put the kernel's
 * buffer parameters (in order) of numElements[i] elements each: the UB at
 * their addresses, valid for the kernel's life. A count that differs from
 * the buffer parameters' or buffers that do not fit in UB are an error
 * diagnostic and a failure (`places` untouched). */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregKernelPlaceArguments(AscregKernel kernel,
                                                                const uint64_t *numElements,
                                                                intptr_t numBuffers, void **places);

/* Runs the kernel once on `args`, as the one-shot functions do. */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregKernelRun(AscregKernel kernel, const AscregArg *args,
                                                     intptr_t numArgs);

/* Frees the kernel (and its UB: the places become invalid). */
MLIR_CAPI_EXPORTED void ascregKernelDestroy(AscregKernel kernel);

/* The bits of a scalar argument of type `type` (integer, index, f16, bf16,
 * f32, f64) from its text, for ascregArgScalar: the rule of
 * `ascreg-run --arg=TYPE:VALUE` (ascreg/Driver/Scalar.h). A float's decimal
 * text is rounded once, to nearest with ties to even, straight into the
 * type's format (never through a double); an integer may be in the signed or
 * the unsigned range of its width. Text that is not a value of the type, an
 * integer out of range or another type is an error diagnostic (unknown
 * location, in the type's context) and a failure; `*bits` is then left as
 * it was. */
MLIR_CAPI_EXPORTED MlirLogicalResult ascregParseScalar(MlirType type, MlirStringRef text,
                                                       uint64_t *bits);

#ifdef __cplusplus
}
#endif

#endif /* ASCREG_C_INTERPRETER_H */
