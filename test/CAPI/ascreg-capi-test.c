/*===- ascreg-capi-test.c - the ascreg C API, end to end ------------*- C -*-===*\
|*                                                                            *|
|* Parses a kernel from a string with the upstream C API, runs it in the      *|
|* interpreter and the JIT on C buffers, checks the results against values    *|
|* computed here, lowers it with the ascreg-lower-to-llvm pipeline by name,   *|
|* and checks that a gather outside the Unified Buffer is reported at the    *|
|* user's source location by the interpreter and by the JIT, leaves the       *|
|* caller's buffers untouched, and that the process then goes on (a good      *|
|* kernel runs after the failing one). Self-checking and FileCheck'ed.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
// RUN: ascreg-capi-test %t.html 2>&1 | FileCheck %s
// The report names the gather and draws its 64 result lanes.
// RUN: grep -c 'ascreg.gather' %t.html
// The report of a run with a per-run profile names that profile, not the
// module's record (ctrl.float_mode=saturating).
// RUN: FileCheck --check-prefix=REPORT %s < %t.html.profile.html
// REPORT: <td>profile</td><td class="mono">documented; CTRL[60] = 1, CTRL[48] = 1,

#include "capi-test-util.h"

#include "ascreg-c/Interpreter.h"
#include "ascreg-c/Passes.h"

#include "mlir-c/Pass.h"

#include <math.h>
#include <stdlib.h>

static const char *kKernels =
    "module attributes {ascreg.target = \"dav-3510\"} {\n"
    "  func.func @sum_max(%src: memref<64xf32>, %sum: memref<64xf32>, %max: memref<64xf32>,\n"
    "                     %count: i32) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>\n"
    "    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>\n"
    "    %m, %rest = ascreg.update_mask %count for !ascreg.vreg<64xf32>\n"
    "    %s = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>\n"
    "    %x = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>\n"
    "    ascreg.store_align %s, %sum[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>\n"
    "    ascreg.store_align %x, %max[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>\n"
    "    return\n"
    "  }\n"
    "  func.func @gather_rows(%table: memref<?xf32>, %rows: memref<64xi32>,\n"
    "                         %out: memref<64xf32>) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>\n"
    "    %i = ascreg.load_align %rows[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32>\n"
    "    %g = ascreg.gather %table[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32>\n"
    "        -> !ascreg.vreg<64xf32> loc(\"user.py\":12:3)\n"
    "    ascreg.store_align %g, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>\n"
    "    return\n"
    "  }\n"
    "}\n";

/* An f16 add: whether it saturates is the profile's ctrl.float_mode. */
static const char *kAddF16Kernel =
    "module attributes {ascreg.target = \"dav-3510\"} {\n"
    "  func.func @add_f16(%a: memref<128xf16>, %b: memref<128xf16>, %out: memref<128xf16>) {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>\n"
    "    %x = ascreg.load_align %a[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>\n"
    "    %y = ascreg.load_align %b[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>\n"
    "    %s = ascreg.add %x, %y, %all : !ascreg.vreg<128xf16>\n"
    "    ascreg.store_align %s, %out[%c0], %all : !ascreg.vreg<128xf16>, memref<128xf16>\n"
    "    return\n"
    "  }\n"
    "}\n";

/* A tail mask one element short: the last active element is never stored. */
static const char *kTailKernel =
    "func.func @tail(%src: memref<64xf32>, %dst: memref<64xf32>, %n: i32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %one = arith.constant 1 : i32\n"
    "  %short = arith.subi %n, %one : i32\n"
    "  %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>\n"
    "  %m, %rest = ascreg.update_mask %short for !ascreg.vreg<64xf32>\n"
    "  ascreg.store_align %v, %dst[%c0], %m : !ascreg.vreg<64xf32>, memref<64xf32>\n"
    "  return\n"
    "}\n";

static int failures = 0;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAILED: %s: ", #cond);                                                               \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

static uint32_t bitsOf(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

typedef struct {
  int ascreg;
  int total;
} OpCount;

static MlirWalkResult countOps(MlirOperation op, void *userData) {
  OpCount *c = (OpCount *)userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  ++c->total;
  if (name.length > 7 && memcmp(name.data, "ascreg.", 7) == 0)
    ++c->ascreg;
  return MlirWalkResultAdvance;
}

/* Collects the findings of a run with checks. */
typedef struct {
  int count;
  char check[16];
  char kind[32];
  int64_t argument;
  uint64_t begin, end;
  char message[200];
} Findings;

static void onFinding(const AscregFinding *f, void *userData) {
  Findings *out = (Findings *)userData;
  if (out->count++ == 0) {
    snprintf(out->check, sizeof out->check, "%s", f->check);
    snprintf(out->kind, sizeof out->kind, "%s", f->kind);
    snprintf(out->message, sizeof out->message, "%s", f->message);
    out->argument = f->argument;
    if (f->numElementRanges > 0) {
      out->begin = f->elementRanges[0];
      out->end = f->elementRanges[1];
    }
  }
}

/* Runs @sum_max on `count` active lanes with the interpreter or the JIT. */
static void runSumMax(MlirModule module, int jit, const float *src, uint32_t count, float *sum,
                      float *max) {
  float srcCopy[64];
  memcpy(srcCopy, src, sizeof(srcCopy));
  for (int i = 0; i < 64; ++i)
    sum[i] = max[i] = -1.0f;
  AscregArg args[4] = {ascregArgBuffer(srcCopy, 64), ascregArgBuffer(sum, 64),
                       ascregArgBuffer(max, 64), ascregArgScalar(count)};
  MlirLogicalResult r =
      jit ? ascregJitRunFunction(module, mlirStringRefCreateFromCString("sum_max"), args, 4, true)
          : ascregInterpretFunction(lookupFunc(module, "sum_max"), args, 4);
  EXPECT(mlirLogicalResultIsSuccess(r), "%s run of @sum_max failed", jit ? "jit" : "interpreter");
}

/* Runs @add_f16 with the interpreter or the JIT under the per-run profile
 * `semantics` (NULL: none): lane 0 = 65504 + 65504, lane 1 = NaN + 1,
 * lanes 2.. = 1 + 1. Returns lanes 0 and 1 of the result as 0xLLLLHHHH.
 * `path` 0 and 1: the one-shot interpreter and JIT; 2 and 3: a kernel
 * handle (ascregKernelCreateInterpreter, ascregKernelCreateJit). */
static uint32_t runAddF16(MlirModule module, int path, const char *semantics) {
  int jit = path & 1;
  uint16_t a[128], b[128], out[128];
  for (int i = 0; i < 128; ++i) {
    a[i] = b[i] = 0x3C00; /* 1.0 */
    out[i] = 0xFFFF;
  }
  a[0] = b[0] = 0x7BFF; /* 65504, the largest finite f16 */
  a[1] = 0x7E00;        /* NaN */
  AscregArg args[3] = {ascregArgBuffer(a, 128), ascregArgBuffer(b, 128), ascregArgBuffer(out, 128)};
  MlirLogicalResult r = mlirLogicalResultFailure();
  AscregKernel kernel = {NULL};
  if (jit) {
    AscregJitOptions o;
    memset(&o, 0, sizeof(o));
    o.semantics = semantics;
    MlirStringRef entry = mlirStringRefCreateFromCString("add_f16");
    if (path == 3)
      kernel = ascregKernelCreateJit(module, entry, &o);
    else
      r = ascregJitRunFunctionWithOptions(module, entry, args, 3, &o);
  } else {
    AscregInterpreterOptions o;
    memset(&o, 0, sizeof(o));
    o.semantics = semantics;
    if (path == 2)
      kernel = ascregKernelCreateInterpreter(lookupFunc(module, "add_f16"), &o);
    else
      r = ascregInterpretFunctionWithOptions(lookupFunc(module, "add_f16"), args, 3, &o);
  }
  if (path >= 2) {
    r = ascregKernelIsNull(kernel) ? mlirLogicalResultFailure() : ascregKernelRun(kernel, args, 3);
    ascregKernelDestroy(kernel);
  }
  EXPECT(mlirLogicalResultIsSuccess(r), "%s run of @add_f16 failed", jit ? "jit" : "interpreter");
  int rest = 1;
  for (int i = 2; i < 128; ++i)
    rest &= out[i] == 0x4000;
  EXPECT(rest, "1 + 1 is not 2 in the %s", jit ? "jit" : "interpreter");
  return (uint32_t)out[0] << 16 | out[1];
}

int main(int argc, char **argv) {
  /* The dialect handle, in the upstream convention. */
  MlirDialectHandle handle = mlirGetDialectHandle__ascreg__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  printf("dialect handle: %.*s\n", (int)ns.length, ns.data);
  // CHECK: dialect handle: ascreg
  MlirStringRef davNs = mlirDialectHandleGetNamespace(mlirGetDialectHandle__dav__());
  printf("dialect handle: %.*s\n", (int)davNs.length, davNs.data);
  // CHECK: dialect handle: dav

  int diagnostics = 0;
  MlirContext ctx = createTestContext(printDiagnosticAt, &diagnostics);
  MlirDialect dialect = mlirDialectHandleLoadDialect(handle, ctx);
  EXPECT(!mlirDialectIsNull(dialect), "ascreg dialect not loaded");

  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernels));
  if (mlirModuleIsNull(module)) {
    printf("FAILED: the kernels do not parse\n");
    return 1;
  }
  MlirOperation sumMax = lookupFunc(module, "sum_max");
  EXPECT(!mlirOperationIsNull(sumMax), "no @sum_max");
  EXPECT(mlirOperationVerify(mlirModuleGetOperation(module)), "the module does not verify");
  printf("parsed and verified\n");
  // CHECK: parsed and verified

  /* Inputs and the expected results, computed here: the values are small
   * multiples of 0.25, so every partial sum is exact in f32 and the tree
   * order of reduce <sum> cannot change the result. The maximum 15.75 occurs
   * at lanes 9 and 30 (first index 9 wins); lane 50 (17.0) is inactive. */
  float src[64];
  for (int i = 0; i < 64; ++i)
    src[i] = (float)((i * 37) % 23) * 0.25f - 2.0f;
  src[9] = 15.75f;
  src[30] = 15.75f;
  src[50] = 17.0f;
  const uint32_t count = 40;
  float expectSum = 0.0f, expectMax = -INFINITY;
  uint32_t expectIdx = 0;
  for (uint32_t i = 0; i < count; ++i) {
    expectSum += src[i];
    if (src[i] > expectMax) {
      expectMax = src[i];
      expectIdx = i;
    }
  }
  printf("expected: sum %g, max %g at lane %u\n", expectSum, expectMax, expectIdx);
  // CHECK: expected: sum [[SUM:[-0-9.e+]+]], max 15.75 at lane 9

  float sum[64], max[64], jsum[64], jmax[64];
  runSumMax(module, /*jit=*/0, src, count, sum, max);
  printf("interpreter: sum %g, max %g at lane %u\n", sum[0], max[0], bitsOf(max[1]));
  // CHECK: interpreter: sum [[SUM]], max 15.75 at lane 9
  EXPECT(bitsOf(sum[0]) == bitsOf(expectSum), "sum %g != %g", sum[0], expectSum);
  EXPECT(bitsOf(max[0]) == bitsOf(expectMax), "max %g != %g", max[0], expectMax);
  EXPECT(bitsOf(max[1]) == expectIdx, "index %u != %u", bitsOf(max[1]), expectIdx);
  for (int i = 2; i < 64; ++i)
    EXPECT(bitsOf(max[i]) == 0 && bitsOf(sum[i]) == 0, "lane %d not 0", i);

  runSumMax(module, /*jit=*/1, src, count, jsum, jmax);
  printf("jit:         sum %g, max %g at lane %u\n", jsum[0], jmax[0], bitsOf(jmax[1]));
  // CHECK: jit:         sum [[SUM]], max 15.75 at lane 9
  EXPECT(memcmp(sum, jsum, sizeof(sum)) == 0 && memcmp(max, jmax, sizeof(max)) == 0,
         "interpreter and jit disagree");

  /* The passes by name: the ascreg-lower-to-llvm pipeline on a clone. */
  ascregRegisterPasses();
  ascregRegisterPasses(); /* idempotent */
  MlirOperation clone = mlirOperationClone(mlirModuleGetOperation(module));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString("builtin.module(ascreg-lower-to-llvm)"), printToStdout, NULL);
  EXPECT(mlirLogicalResultIsSuccess(parsed), "cannot parse the pipeline");
  EXPECT(mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, clone)), "lowering failed");
  OpCount before = {0, 0}, after = {0, 0};
  mlirOperationWalk(mlirModuleGetOperation(module), countOps, &before, MlirWalkPreOrder);
  mlirOperationWalk(clone, countOps, &after, MlirWalkPreOrder);
  printf("lowered with ascreg-lower-to-llvm: ascreg ops %d -> %d\n", before.ascreg, after.ascreg);
  // CHECK: lowered with ascreg-lower-to-llvm: ascreg ops 11 -> 0
  EXPECT(before.ascreg == 11 && after.ascreg == 0, "unexpected op counts");
  mlirPassManagerDestroy(pm);
  mlirOperationDestroy(clone);

  /* An out-of-range gather index: an error at the user's location. */
  float table[16], out[64];
  int32_t rows[64];
  for (int i = 0; i < 16; ++i)
    table[i] = (float)i;
  for (int i = 0; i < 64; ++i)
    rows[i] = i % 16;
  AscregArg gargs[3] = {ascregArgBuffer(table, 16), ascregArgBuffer(rows, 64),
                        ascregArgBuffer(out, 64)};
  MlirOperation gather = lookupFunc(module, "gather_rows");
  MlirLogicalResult ok = ascregInterpretFunction(gather, gargs, 3);
  EXPECT(mlirLogicalResultIsSuccess(ok), "in-range gather failed");
  int inRange = 1;
  for (int i = 0; i < 64; ++i)
    inRange &= out[i] == (float)(i % 16);
  EXPECT(inRange, "wrong gather result");
  printf("gather in range: %s\n", inRange ? "ok" : "wrong");
  // CHECK: gather in range: ok

  /* The same run with its HTML report (argv[1]): the same results, and a
   * page that draws the gather. */
  if (argc > 1) {
    for (int i = 0; i < 64; ++i)
      out[i] = -1.0f;
    MlirLogicalResult rep = ascregInterpretFunctionWithReport(
        gather, gargs, 3, NULL, mlirStringRefCreateFromCString(argv[1]));
    int same = mlirLogicalResultIsSuccess(rep);
    for (int i = 0; i < 64; ++i)
      same &= out[i] == (float)(i % 16);
    char page[64] = {0};
    FILE *f = fopen(argv[1], "r");
    if (f) {
      size_t n = fread(page, 1, sizeof page - 1, f);
      page[n] = 0;
      fclose(f);
    }
    EXPECT(same && strncmp(page, "<!DOCTYPE html>", 15) == 0, "the report run failed");
    printf("gather with a report: %s, page %s\n", same ? "ok" : "wrong",
           strncmp(page, "<!DOCTYPE html>", 15) == 0 ? "written" : "missing");
  }
  // CHECK: gather with a report: ok, page written

  /* Index 100000 of an f32 table is UB byte 400000, outside the 248 KiB UB
   * (an index past the table but inside UB would read the neighbouring UB
   * bytes, as on the NPU). */
  rows[3] = 100000;
  for (int i = 0; i < 64; ++i)
    out[i] = -1.0f;
  int before_diags = diagnostics;
  MlirLogicalResult bad = ascregInterpretFunction(gather, gargs, 3);
  EXPECT(mlirLogicalResultIsFailure(bad), "gather outside UB succeeded");
  EXPECT(diagnostics == before_diags + 1, "expected one diagnostic, got %d",
         diagnostics - before_diags);
  printf("interpreter, gather outside UB: %s\n",
         mlirLogicalResultIsFailure(bad) ? "failed" : "succeeded");
  // clang-format off
  // CHECK: diagnostic: loc("user.py":12:3): {{.*}}gather index 100000 in lane 3 reads UB byte 400000, outside the Unified Buffer
  // CHECK: interpreter, gather outside UB: failed
  // clang-format on

  /* The JIT reports the same error and returns; the host process goes on. */
  before_diags = diagnostics;
  bad = ascregJitRunFunction(module, mlirStringRefCreateFromCString("gather_rows"), gargs, 3, true);
  EXPECT(mlirLogicalResultIsFailure(bad), "JIT gather outside UB succeeded");
  EXPECT(diagnostics == before_diags + 1, "expected one JIT diagnostic, got %d",
         diagnostics - before_diags);
  printf("jit, gather outside UB: %s\n", mlirLogicalResultIsFailure(bad) ? "failed" : "succeeded");
  // clang-format off
  // CHECK: diagnostic: loc("user.py":12:3): {{.*}}gather index 100000 in lane 3 reads UB byte 400000, outside the Unified Buffer
  // CHECK: jit, gather outside UB: failed
  // clang-format on
  int untouched = 1;
  for (int i = 0; i < 64; ++i)
    untouched &= out[i] == -1.0f;
  EXPECT(untouched, "a failed run wrote the caller's buffer");
  printf("caller's buffer after the failed runs: %s\n", untouched ? "untouched" : "written");
  // CHECK: caller's buffer after the failed runs: untouched

  float sum2[64], max2[64];
  runSumMax(module, /*jit=*/1, src, count, sum2, max2);
  EXPECT(sum2[0] == jsum[0] && max2[0] == jmax[0], "the JIT after a failure gave other results");
  printf("jit after the failure: sum %g, max %g\n", sum2[0], max2[0]);
  // CHECK: jit after the failure: sum [[SUM]], max 15.75

  /* The debugging checks through the C API: the coverage check finds the
   * elements [39, 64) of the output that the one-short tail mask (40 - 1
   * active lanes) never stores; with a callback they arrive as data, without
   * one as an error diagnostic and a failed run. */
  {
    MlirModule tail = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kTailKernel));
    EXPECT(!mlirModuleIsNull(tail), "the tail kernel does not parse");
    float tsrc[64], tdst[64];
    for (int i = 0; i < 64; ++i)
      tsrc[i] = (float)i, tdst[i] = -1.0f;
    AscregArg targs[3] = {ascregArgBuffer(tsrc, 64), ascregArgBuffer(tdst, 64),
                          ascregArgScalar(40)};
    targs[1].flags = AscregArgOutput;
    Findings found;
    memset(&found, 0, sizeof found);
    AscregInterpreterOptions opts;
    memset(&opts, 0, sizeof opts);
    opts.checks = "all";
    opts.onFinding = onFinding;
    opts.findingUserData = &found;
    MlirOperation tailFn = lookupFunc(tail, "tail");
    MlirLogicalResult r = ascregInterpretFunctionWithOptions(tailFn, targs, 3, &opts);
    EXPECT(mlirLogicalResultIsSuccess(r), "the checked run failed");
    EXPECT(found.count == 1 && strcmp(found.check, "coverage") == 0 &&
               strcmp(found.kind, "unwritten_output") == 0 && found.argument == 1 &&
               found.begin == 39 && found.end == 64,
           "unexpected findings: %d, %s, parameter %lld, [%llu, %llu)", found.count, found.check,
           (long long)found.argument, (unsigned long long)found.begin,
           (unsigned long long)found.end);
    printf("findings: %d, %s, %s, parameter %lld, elements [%llu, %llu): %s\n", found.count,
           found.check, found.kind, (long long)found.argument, (unsigned long long)found.begin,
           (unsigned long long)found.end, found.message);
    // clang-format off
    // CHECK: findings: 1, coverage, unwritten_output, parameter 1, elements [39, 64): {{.*}}never written
    // clang-format on
    opts.onFinding = NULL;
    before_diags = diagnostics;
    r = ascregInterpretFunctionWithOptions(tailFn, targs, 3, &opts);
    EXPECT(mlirLogicalResultIsFailure(r) && diagnostics > before_diags,
           "findings without a callback must fail with a diagnostic");
    printf("without a callback: %s\n", mlirLogicalResultIsFailure(r) ? "failed" : "succeeded");
    // CHECK: diagnostic: {{.*}}[coverage]{{.*}}never written
    // CHECK: without a callback: failed
    opts.checks = "init,nonsense";
    r = ascregInterpretFunctionWithOptions(tailFn, targs, 3, &opts);
    EXPECT(mlirLogicalResultIsFailure(r), "a bad check list was accepted");
    // CHECK: diagnostic: {{.*}}checks: {{.*}}nonsense
    mlirModuleDestroy(tail);
  }

  /* Semantic profiles (docs/semantics.md 8.1). f32 lane 0 = 1.0, lanes 1..63 =
   * 2^-24, all active: per tree node 1 + 2^-24 ties to 1.0 and the rest adds
   * 31 ulp (0x3f80001f); rounded once, 1 + 31.5 ulp ties to 1 + 32 ulp
   * (0x3f800020). No active lane: max is -inf (0xff800000) or, with
   * maxmin.empty=finite, -FLT_MAX (0xff7fffff). */
  {
    float psrc[64], psum[64], pmax[64];
    psrc[0] = 1.0f;
    for (int i = 1; i < 64; ++i)
      psrc[i] = 0x1p-24f;
    runSumMax(module, 0, psrc, 64, psum, pmax);
    printf("profile documented: sum 0x%08x\n", bitsOf(psum[0]));
    // CHECK: profile documented: sum 0x3f80001f
    AscregInterpreterOptions popts;
    memset(&popts, 0, sizeof(popts));
    popts.semantics = "sum.rounding=round_once,maxmin.empty=finite";
    AscregArg pargs[4] = {ascregArgBuffer(psrc, 64), ascregArgBuffer(psum, 64),
                          ascregArgBuffer(pmax, 64), ascregArgScalar((uint32_t)64)};
    MlirOperation sumMax = lookupFunc(module, "sum_max");
    EXPECT(mlirLogicalResultIsSuccess(ascregInterpretFunctionWithOptions(sumMax, pargs, 4, &popts)),
           "interpreter with a profile failed");
    printf("profile per run: sum 0x%08x\n", bitsOf(psum[0]));
    // CHECK: profile per run: sum 0x3f800020
    pargs[3] = ascregArgScalar((uint32_t)0);
    EXPECT(mlirLogicalResultIsSuccess(ascregInterpretFunctionWithOptions(sumMax, pargs, 4, &popts)),
           "interpreter with a profile failed");
    printf("profile per run, no lane: max 0x%08x\n", bitsOf(pmax[0]));
    // CHECK: profile per run, no lane: max 0xff7fffff
    popts.semantics = "sum.rounding=sometimes";
    EXPECT(mlirLogicalResultIsFailure(ascregInterpretFunctionWithOptions(sumMax, pargs, 4, &popts)),
           "a bad profile was accepted");
    // CHECK: diagnostic: {{.*}}semantics: 'sometimes' is not a candidate of 'sum.rounding'

    /* Recorded in the module: the interpreter and the JIT both run with it. */
    MlirOperation moduleOp = mlirModuleGetOperation(module);
    EXPECT(mlirLogicalResultIsSuccess(ascregRecordSemanticsProfile(
               moduleOp, mlirStringRefCreateFromCString("sum.rounding=round_once"))),
           "recording a profile failed");
    runSumMax(module, 0, psrc, 64, psum, pmax);
    printf("recorded, interpreter: sum 0x%08x\n", bitsOf(psum[0]));
    // CHECK: recorded, interpreter: sum 0x3f800020
    runSumMax(module, 1, psrc, 64, psum, pmax);
    printf("recorded, jit: sum 0x%08x\n", bitsOf(psum[0]));
    // CHECK: recorded, jit: sum 0x3f800020
    EXPECT(mlirLogicalResultIsFailure(ascregRecordSemanticsProfile(
               moduleOp, mlirStringRefCreateFromCString("no.such=point"))),
           "a bad profile was recorded");
    // CHECK: diagnostic: {{.*}}semantics: unknown semantic point 'no.such'
    EXPECT(mlirLogicalResultIsSuccess(ascregRecordSemanticsProfile(
               moduleOp, mlirStringRefCreateFromCString("documented"))),
           "recording the documented profile failed");
    runSumMax(module, 1, psrc, 64, psum, pmax);
    printf("documented again, jit: sum 0x%08x\n", bitsOf(psum[0]));
    // CHECK: documented again, jit: sum 0x3f80001f

    /* Profile files are read strictly (issue 25): one nested 50,000 deep
     * crashed the JSON parser, a missing one was "an unknown profile". */
    char deepPath[4096];
    snprintf(deepPath, sizeof(deepPath), "%s.deep.json", argc > 1 ? argv[1] : "capi");
    FILE *deep = fopen(deepPath, "w");
    EXPECT(deep != NULL, "cannot write %s", deepPath);
    if (deep) {
      fputs("{\"choices\": {}, \"x\": ", deep);
      for (int i = 0; i < 50000; ++i)
        fputc('[', deep);
      for (int i = 0; i < 50000; ++i)
        fputc(']', deep);
      fputs("}", deep);
      fclose(deep);
    }
    EXPECT(mlirLogicalResultIsFailure(
               ascregRecordSemanticsProfile(moduleOp, mlirStringRefCreateFromCString(deepPath))),
           "a profile file nested 50,000 deep was recorded");
    // CHECK: diagnostic: {{.*}}semantics: {{.*}}.deep.json:1:277: JSON nests more than 256 deep
    popts.semantics = deepPath;
    EXPECT(mlirLogicalResultIsFailure(ascregInterpretFunctionWithOptions(sumMax, pargs, 4, &popts)),
           "a run with a profile file nested 50,000 deep succeeded");
    // CHECK: diagnostic: {{.*}}semantics: {{.*}}.deep.json:1:277: JSON nests more than 256 deep
    EXPECT(mlirLogicalResultIsFailure(ascregRecordSemanticsProfile(
               moduleOp, mlirStringRefCreateFromCString("/nonexistent/profile.json"))),
           "a missing profile file was recorded");
    // clang-format off
    // CHECK: diagnostic: {{.*}}semantics: cannot open '/nonexistent/profile.json': No such file or directory
    // clang-format on
  }

  /* A per-run profile reaches the JIT exactly as the interpreter
   * (issue 26). f16 add in the non-saturating float mode (documented,
   * CTRL[48] = 1): 65504 + 65504 = +inf (0x7C00), NaN + 1 = the NaN
   * (0x7E00); saturating (ctrl.float_mode=saturating, CTRL[48] = 0): +inf
   * becomes 65504 (0x7BFF) and a NaN result +0 (0x0000), docs/semantics.md
   * 10.4. */
  {
    MlirModule addModule =
        mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kAddF16Kernel));
    EXPECT(!mlirModuleIsNull(addModule), "the f16 add kernel does not parse");
    for (int jit = 0; jit < 2; ++jit) {
      const char *path = jit ? "jit" : "interpreter";
      printf("add f16, %s, no profile: 0x%08x\n", path, runAddF16(addModule, jit, NULL));
      printf("add f16, %s, per-run saturating: 0x%08x\n", path,
             runAddF16(addModule, jit, "ctrl.float_mode=saturating"));
    }
    // CHECK: add f16, interpreter, no profile: 0x7c007e00
    // CHECK: add f16, interpreter, per-run saturating: 0x7bff0000
    // CHECK: add f16, jit, no profile: 0x7c007e00
    // CHECK: add f16, jit, per-run saturating: 0x7bff0000
    /* The same through kernel handles (compiled once, run many times). */
    for (int path = 2; path < 4; ++path)
      printf("add f16, %s kernel, per-run saturating: 0x%08x\n", path == 3 ? "jit" : "interpreter",
             runAddF16(addModule, path, "ctrl.float_mode=saturating"));
    // CHECK: add f16, interpreter kernel, per-run saturating: 0x7bff0000
    // CHECK: add f16, jit kernel, per-run saturating: 0x7bff0000

    /* The per-run profile wins over the module's record on both paths. */
    MlirOperation addModuleOp = mlirModuleGetOperation(addModule);
    EXPECT(mlirLogicalResultIsSuccess(ascregRecordSemanticsProfile(
               addModuleOp, mlirStringRefCreateFromCString("ctrl.float_mode=saturating"))),
           "recording a profile failed");
    for (int jit = 0; jit < 2; ++jit) {
      const char *path = jit ? "jit" : "interpreter";
      printf("add f16, %s, recorded saturating: 0x%08x\n", path, runAddF16(addModule, jit, NULL));
      printf("add f16, %s, recorded saturating, per-run documented: 0x%08x\n", path,
             runAddF16(addModule, jit, "documented"));
    }
    // CHECK: add f16, interpreter, recorded saturating: 0x7bff0000
    // CHECK: add f16, interpreter, recorded saturating, per-run documented: 0x7c007e00
    // CHECK: add f16, jit, recorded saturating: 0x7bff0000
    // CHECK: add f16, jit, recorded saturating, per-run documented: 0x7c007e00
    AscregJitOptions bad;
    memset(&bad, 0, sizeof(bad));
    bad.semantics = "ctrl.float_mode=sometimes";
    uint16_t z[128] = {0};
    AscregArg zargs[3] = {ascregArgBuffer(z, 128), ascregArgBuffer(z, 128),
                          ascregArgBuffer(z, 128)};
    EXPECT(mlirLogicalResultIsFailure(ascregJitRunFunctionWithOptions(
               addModule, mlirStringRefCreateFromCString("add_f16"), zargs, 3, &bad)),
           "the JIT accepted a bad profile");
    // CHECK: diagnostic: {{.*}}semantics: 'sometimes' is not a candidate of 'ctrl.float_mode'

    /* The report names the profile the run used: the per-run one, not the
     * module's record (argv[1].profile.html, checked by the RUN line). */
    if (argc > 1) {
      char reportPath[4096];
      snprintf(reportPath, sizeof(reportPath), "%s.profile.html", argv[1]);
      uint16_t a[128], out[128];
      for (int i = 0; i < 128; ++i)
        a[i] = 0x7BFF;
      AscregArg rargs[3] = {ascregArgBuffer(a, 128), ascregArgBuffer(a, 128),
                            ascregArgBuffer(out, 128)};
      AscregInterpreterOptions ro;
      memset(&ro, 0, sizeof(ro));
      ro.semantics = "documented";
      EXPECT(mlirLogicalResultIsSuccess(
                 ascregInterpretFunctionWithReport(lookupFunc(addModule, "add_f16"), rargs, 3, &ro,
                                                   mlirStringRefCreateFromCString(reportPath))),
             "the report run failed");
      printf("report, per-run documented: lane 0 0x%04x\n", out[0]);
    }
    // CHECK: report, per-run documented: lane 0 0x7c00
    mlirModuleDestroy(addModule);
  }

  /* Null pointers the caller passes: failures with a diagnostic, not a
   * crash (they once segfaulted in the argument copy). */
  {
    EXPECT(mlirLogicalResultIsFailure(ascregInterpretFunction(sumMax, NULL, 4)),
           "a NULL argument array ran");
    // CHECK: diagnostic: {{.*}}the argument array is NULL with numArgs 4
    float sum[64], max[64];
    AscregArg noData[4] = {ascregArgBuffer(NULL, 64), ascregArgBuffer(sum, 64),
                           ascregArgBuffer(max, 64), ascregArgScalar(3)};
    EXPECT(mlirLogicalResultIsFailure(ascregInterpretFunction(sumMax, noData, 4)),
           "a buffer without data ran in the interpreter");
    // CHECK: diagnostic: {{.*}}argument 0 is a buffer of 64 elements whose data is NULL
    EXPECT(mlirLogicalResultIsFailure(ascregJitRunFunction(
               module, mlirStringRefCreateFromCString("sum_max"), noData, 4, true)),
           "a buffer without data ran in the JIT");
    // CHECK: diagnostic: {{.*}}argument 0 is a buffer of 64 elements whose data is NULL
    EXPECT(mlirLogicalResultIsFailure(ascregInterpretFunctionWithReport(
               sumMax, noData, 4, NULL, mlirStringRefCreateFromCString("/nonexistent/r.html"))),
           "a buffer without data ran with a report");
    // CHECK: diagnostic: {{.*}}argument 0 is a buffer of 64 elements whose data is NULL
    printf("null arguments: refused\n");
    // CHECK: null arguments: refused
  }

  /* Upstream's parsing entry points pass ascreg's parse limits (issue 25;
   * lib/CAPI/CheckedParse.cpp): each of these inputs killed the process in
   * MLIR's recursive parsers. Each is a null result and one diagnostic at
   * the place that breaks a limit; the process goes on. */
  {
    enum { kRun = 10000, kNest = 7000, kPipes = 200000 };
    char *text = malloc(16 * kPipes);
    EXPECT(text != NULL, "out of memory");
    if (text) {
      /* 10,000 unary minus signs in an affine map. */
      char *p = text + sprintf(text, "#m = affine_map<(d0) -> (");
      memset(p, '-', kRun);
      p += kRun;
      strcpy(p, "d0)>\nfunc.func private @f() attributes {m = #m}\n");
      int before = diagnostics;
      EXPECT(mlirModuleIsNull(mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text))),
             "an affine map with 10,000 unary minus signs parsed");
      // CHECK: diagnostic: loc("-":1:{{[0-9]+}}): an affine expression has more than 256 operators
      EXPECT(
          mlirOperationIsNull(mlirOperationCreateParse(ctx, mlirStringRefCreateFromCString(text),
                                                       mlirStringRefCreateFromCString("op.mlir"))),
          "an operation with the affine map parsed");
      // CHECK: diagnostic: loc("op.mlir":1:{{[0-9]+}}): an affine expression has more than 256
      char path[4096];
      snprintf(path, sizeof(path), "%s.minus.mlir", argc > 1 ? argv[1] : "capi");
      FILE *f = fopen(path, "w");
      EXPECT(f != NULL, "cannot write %s", path);
      if (f) {
        fputs(text, f);
        fclose(f);
      }
      EXPECT(mlirModuleIsNull(
                 mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(path))),
             "the affine map parsed from a file");
      // CHECK: diagnostic: {{.*}}.minus.mlir":1:{{[0-9]+}}): an affine expression has more than 256
      p = text + sprintf(text, "affine_map<(d0) -> (");
      memset(p, '-', kRun);
      strcpy(p + kRun, "d0)>");
      EXPECT(mlirAttributeIsNull(mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text))),
             "an affine map attribute with 10,000 unary minus signs parsed");
      // CHECK: diagnostic: {{.*}}an affine expression has more than 256 operators
      /* A type nested 7,000 deep. */
      p = text;
      for (int i = 0; i < kNest; ++i)
        p += sprintf(p, "tuple<");
      p += sprintf(p, "i32");
      for (int i = 0; i < kNest; ++i)
        *p++ = '>';
      *p = 0;
      EXPECT(mlirTypeIsNull(mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text))),
             "a type nested 7,000 deep parsed");
      // CHECK: diagnostic: {{.*}}brackets nest more than 256 deep here
      /* A result number of a value not defined yet: 2^31 placeholders. */
      EXPECT(mlirModuleIsNull(mlirModuleCreateParse(
                 ctx, mlirStringRefCreateFromCString(
                          "func.func @f() {\n  \"x.use\"(%v#2147483647) : (i32) -> ()\n}\n"))),
             "a use of %%v#2147483647 parsed");
      // CHECK: diagnostic: loc("-":2:{{[0-9]+}}): result number 2147483647 of %v is larger
      EXPECT(diagnostics == before + 6, "expected 6 diagnostics, got %d", diagnostics - before);

      /* A pass pipeline nested 200,000 deep: the error goes to the callback. */
      p = text + sprintf(text, "builtin.module(");
      for (int i = 0; i < kPipes; ++i)
        p += sprintf(p, "any(");
      strcpy(p, "cse");
      p += 3;
      for (int i = 0; i <= kPipes; ++i)
        *p++ = ')';
      *p = 0;
      MlirPassManager deepPm = mlirPassManagerCreate(ctx);
      MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(deepPm);
      EXPECT(mlirLogicalResultIsFailure(mlirParsePassPipeline(
                 opm, mlirStringRefCreateFromCString(text), printToStdout, NULL)),
             "a pipeline nested 200,000 deep parsed");
      printf("\n");
      // CHECK: the pass pipeline nests more than 256 deep
      EXPECT(mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(
                 opm, mlirStringRefCreateFromCString(text + strlen("builtin.module(")),
                 printToStdout, NULL)),
             "pipeline elements nested 200,000 deep were added");
      printf("\n");
      // CHECK: the pass pipeline nests more than 256 deep
      mlirPassManagerDestroy(deepPm);
      free(text);
    }
    printf("parse limits: held\n");
    // CHECK: parse limits: held
  }

  /* Not a function: a failure with a diagnostic, not a crash. */
  AscregArg none[1] = {ascregArgScalar(0)};
  EXPECT(
      mlirLogicalResultIsFailure(ascregInterpretFunction(mlirModuleGetOperation(module), none, 1)),
      "a module was interpreted");
  // CHECK: diagnostic: {{.*}}ascregInterpretFunction expects a func.func operation

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  printf("%s\n", failures ? "FAILED" : "PASSED");
  // CHECK: PASSED
  return failures ? 1 : 0;
}
