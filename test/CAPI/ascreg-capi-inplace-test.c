/*===- ascreg-capi-inplace-test.c - C API: buffers bound in place ---*- C -*-===*\
|*                                                                            *|
|* A kernel handle (ascregKernelCreate*) runs on buffers placed in its        *|
|* Unified Buffer (ascregKernelPlaceArguments) without copies, and gives the  *|
|* bits of the copying run (ascregInterpretFunction) and of dst + src         *|
|* computed here; ordinary buffers are still copied; arena memory at the      *|
|* wrong place and placements that do not fit are refused with a diagnostic. *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
// RUN: ascreg-capi-inplace-test 2>&1 | FileCheck %s

#include "capi-test-util.h"

#include "ascreg-c/Interpreter.h"

static const char *kKernel =
    "func.func @acc(%src: memref<?xf32>, %dst: memref<?xf32>, %count: i32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c4 = arith.constant 4 : index\n"
    "  %vl = arith.constant 64 : index\n"
    "  %left = scf.for %r = %c0 to %c4 step %c1 iter_args(%n = %count) -> (i32) {\n"
    "    %off = arith.muli %r, %vl : index\n"
    "    %x = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>\n"
    "    %y = ascreg.load_align %dst[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>\n"
    "    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>\n"
    "    %s = ascreg.add %x, %y, %m : !ascreg.vreg<64xf32>\n"
    "    ascreg.store_align %s, %dst[%off], %m : !ascreg.vreg<64xf32>, memref<?xf32>\n"
    "    scf.yield %rest : i32\n"
    "  }\n"
    "  return\n"
    "}\n";

enum { N = 256, COUNT = 150 };

static void fillInputs(float *src, float *dst) {
  for (int i = 0; i < N; ++i) {
    src[i] = (float)i * 0.5f;
    dst[i] = (float)(1000 - i);
  }
}

/* 1 when dst holds dst + src on the first COUNT elements and dst elsewhere
 * (every value is exact in f32). */
static int expected(const float *dst) {
  for (int i = 0; i < N; ++i) {
    float want = (float)(1000 - i) + (i < COUNT ? (float)i * 0.5f : 0.0f);
    if (memcmp(&want, &dst[i], sizeof want) != 0)
      return 0;
  }
  return 1;
}

static void exercise(const char *name, AscregKernel k, const float *copied) {
  uint64_t sizes[2] = {N, N};
  void *places[2] = {NULL, NULL};
  if (mlirLogicalResultIsFailure(ascregKernelPlaceArguments(k, sizes, 2, places))) {
    printf("%s: not placed\n", name);
    return;
  }
  float *src = places[0], *dst = places[1];
  for (int run = 0; run < 2; ++run) {
    fillInputs(src, dst);
    AscregArg args[3] = {ascregArgBuffer(src, N), ascregArgBuffer(dst, N), ascregArgScalar(COUNT)};
    MlirLogicalResult r = ascregKernelRun(k, args, 3);
    printf("%s in place run %d: %s, expected %d, same as copying %d\n", name, run,
           mlirLogicalResultIsSuccess(r) ? "ok" : "failed", expected(dst),
           memcmp(dst, copied, sizeof(float) * N) == 0);
  }
  /* Ordinary buffers: copied in and back. */
  float s[N], d[N];
  fillInputs(s, d);
  AscregArg plain[3] = {ascregArgBuffer(s, N), ascregArgBuffer(d, N), ascregArgScalar(COUNT)};
  MlirLogicalResult r = ascregKernelRun(k, plain, 3);
  printf("%s copied: %s, expected %d\n", name, mlirLogicalResultIsSuccess(r) ? "ok" : "failed",
         expected(d));
  /* The arena at the wrong place: refused, the buffers untouched. */
  fillInputs(src, dst);
  AscregArg swapped[3] = {ascregArgBuffer(dst, N), ascregArgBuffer(src, N), ascregArgScalar(COUNT)};
  r = ascregKernelRun(k, swapped, 3);
  fillInputs(s, d);
  printf("%s swapped: %s, untouched %d\n", name, mlirLogicalResultIsSuccess(r) ? "ok" : "failed",
         memcmp(src, s, sizeof s) == 0 && memcmp(dst, d, sizeof d) == 0);
  /* Placements that cannot be made. */
  uint64_t huge[2] = {N, (uint64_t)1 << 20};
  printf("%s one size: %s\n", name,
         mlirLogicalResultIsSuccess(ascregKernelPlaceArguments(k, sizes, 1, places)) ? "ok"
                                                                                     : "failed");
  printf("%s too big: %s\n", name,
         mlirLogicalResultIsSuccess(ascregKernelPlaceArguments(k, huge, 2, places)) ? "ok"
                                                                                    : "failed");
}

int main(void) {
  MlirContext ctx = createTestContext(printDiagnostic, NULL);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module)) {
    printf("parse failed\n");
    return 1;
  }
  MlirOperation fn = lookupFunc(module, "acc");
  float src[N], copied[N];
  fillInputs(src, copied);
  AscregArg args[3] = {ascregArgBuffer(src, N), ascregArgBuffer(copied, N), ascregArgScalar(COUNT)};
  MlirLogicalResult r = ascregInterpretFunction(fn, args, 3);
  printf("copying run: %s, expected %d\n", mlirLogicalResultIsSuccess(r) ? "ok" : "failed",
         expected(copied));
  // CHECK: copying run: ok, expected 1

  AscregKernel interp = ascregKernelCreateInterpreter(fn, NULL);
  exercise("interp", interp, copied);
  ascregKernelDestroy(interp);
  // CHECK: interp in place run 0: ok, expected 1, same as copying 1
  // CHECK: interp in place run 1: ok, expected 1, same as copying 1
  // CHECK: interp copied: ok, expected 1
  // CHECK: diagnostic: buffer argument 0 lies in the Unified Buffer but not at its UB address 0
  // CHECK: interp swapped: failed, untouched 1
  // CHECK: diagnostic: the kernel takes 2 buffer arguments, got 1 sizes to place
  // CHECK: interp one size: failed
  // CHECK: diagnostic: UB capacity exceeded: buffer argument 1
  // CHECK: interp too big: failed

  AscregJitOptions jitOptions;
  memset(&jitOptions, 0, sizeof jitOptions);
  AscregKernel jit =
      ascregKernelCreateJit(module, mlirStringRefCreateFromCString("acc"), &jitOptions);
  exercise("jit", jit, copied);
  ascregKernelDestroy(jit);
  // CHECK: jit in place run 0: ok, expected 1, same as copying 1
  // CHECK: jit in place run 1: ok, expected 1, same as copying 1
  // CHECK: jit copied: ok, expected 1
  // CHECK: diagnostic: buffer argument 0 lies in the Unified Buffer but not at its UB address 0
  // CHECK: jit swapped: failed, untouched 1
  // CHECK: diagnostic: the kernel takes 2 buffer arguments, got 1 sizes to place
  // CHECK: jit one size: failed
  // CHECK: diagnostic: UB capacity exceeded: buffer argument 1
  // CHECK: jit too big: failed

  AscregKernel none = ascregKernelCreateJit(module, mlirStringRefCreateFromCString("nope"), NULL);
  printf("unknown entry: null %d\n", ascregKernelIsNull(none));
  // CHECK: unknown entry: null 1
  ascregKernelDestroy(none);

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
