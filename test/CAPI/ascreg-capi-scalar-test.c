/*===- ascreg-capi-scalar-test.c - C API: scalars from their text ---*- C -*-===*\
|*                                                                            *|
|* ascregParseScalar binds a float scalar's decimal text rounded once into    *|
|* the parameter's format; the kernel broadcasts it into a buffer, and the    *|
|* buffer's bits are checked here. Each decimal lies just above a tie of its  *|
|* format, so reading it through a double (and f32) would round it down to    *|
|* even: 0x3C00, 0x3F800000, 0x3F80.                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
// RUN: ascreg-capi-scalar-test 2>&1 | FileCheck %s

#include "capi-test-util.h"

#include "ascreg-c/Interpreter.h"

#include "mlir-c/BuiltinTypes.h"

#include <inttypes.h>

static const char *kKernels =
    "func.func @f16(%b: memref<?xf16>, %x: f16) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>\n"
    "  %v = ascreg.duplicate %x : f16 -> !ascreg.vreg<128xf16>\n"
    "  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xf16>, memref<?xf16>\n"
    "  return\n"
    "}\n"
    "func.func @f32(%b: memref<?xf32>, %x: f32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>\n"
    "  %v = ascreg.duplicate %x : f32 -> !ascreg.vreg<64xf32>\n"
    "  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>\n"
    "  return\n"
    "}\n"
    "func.func @bf16(%b: memref<?xbf16>, %x: bf16) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xbf16>\n"
    "  %v = ascreg.duplicate %x : bf16 -> !ascreg.vreg<128xbf16>\n"
    "  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xbf16>, memref<?xbf16>\n"
    "  return\n"
    "}\n";

/* Binds `text` to the scalar of @name, runs it, and prints the bits of the
 * first element and whether every element has them. */
static void bindAndRun(MlirModule module, const char *name, MlirType type, unsigned bytes,
                       const char *text) {
  uint64_t bits = 0;
  if (mlirLogicalResultIsFailure(
          ascregParseScalar(type, mlirStringRefCreateFromCString(text), &bits))) {
    printf("%s %s: not bound\n", name, text);
    return;
  }
  uint8_t buffer[256];
  memset(buffer, 0, sizeof buffer);
  AscregArg args[2] = {ascregArgBuffer(buffer, 256 / bytes), ascregArgScalar(bits)};
  if (mlirLogicalResultIsFailure(ascregInterpretFunction(lookupFunc(module, name), args, 2))) {
    printf("%s: the run failed\n", name);
    return;
  }
  uint64_t first = 0;
  memcpy(&first, buffer, bytes); /* little-endian host */
  int same = 1;
  for (unsigned i = bytes; i < 256; i += bytes)
    same &= memcmp(buffer, buffer + i, bytes) == 0;
  printf("%s %s: bound 0x%" PRIx64 ", ran: 0x%" PRIx64 "%s\n", name, text, bits, first,
         same ? "" : " (elements differ)");
}

int main(void) {
  MlirContext ctx = createTestContext(printDiagnostic, NULL);
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernels));
  if (mlirModuleIsNull(module)) {
    printf("FAILED: the kernels do not parse\n");
    return 1;
  }
  MlirType f16 = mlirF16TypeGet(ctx), f32 = mlirF32TypeGet(ctx), bf16 = mlirBF16TypeGet(ctx);

  bindAndRun(module, "f16", f16, 2, "1.00048828125000090949470177292823791503906250");
  // CHECK: f16 1.00048828125000090949470177292823791503906250: bound 0x3c01, ran: 0x3c01{{$}}
  bindAndRun(module, "f16", f16, 2, "1.00048828125");
  // CHECK: f16 1.00048828125: bound 0x3c00, ran: 0x3c00{{$}}
  bindAndRun(module, "f32", f32, 4,
             "1.000000059604644776257986737988403547205962240695953369140625");
  // CHECK: f32 1.000000059604644776{{[0-9]+}}: bound 0x3f800001, ran: 0x3f800001{{$}}
  bindAndRun(module, "bf16", bf16, 2, "1.0039062500009094947017729282379150390625");
  // CHECK: bf16 1.0039062500009094947017729282379150390625: bound 0x3f81, ran: 0x3f81{{$}}

  /* Bad text: an error diagnostic and a failure, *bits untouched. */
  uint64_t bits = 7;
  MlirLogicalResult r =
      ascregParseScalar(f16, mlirStringRefCreateFromCString("one point five"), &bits);
  printf("bad text: %s, bits %" PRIu64 "\n", mlirLogicalResultIsFailure(r) ? "failed" : "bound",
         bits);
  // CHECK: diagnostic: ascregParseScalar: 'f16': 'one point five' is not a number
  // CHECK: bad text: failed, bits 7
  r = ascregParseScalar(mlirIntegerTypeGet(ctx, 8), mlirStringRefCreateFromCString("256"), &bits);
  printf("i8 256: %s\n", mlirLogicalResultIsFailure(r) ? "failed" : "bound");
  // CHECK: diagnostic: ascregParseScalar: 'i8': 256 does not fit in i8 (signed or unsigned range)
  // CHECK: i8 256: failed
  /* An integer outside both ranges of its width: the driver's message, as
   * ascreg-run --arg (test/Interpreter/scalar-int-range.mlir) and the Python
   * package (python/tests/test_scalar_text.py) say it. */
  r = ascregParseScalar(mlirIntegerTypeGet(ctx, 8), mlirStringRefCreateFromCString("300"), &bits);
  printf("i8 300: %s\n", mlirLogicalResultIsFailure(r) ? "failed" : "bound");
  // CHECK: diagnostic: ascregParseScalar: 'i8': 300 does not fit in i8 (signed or unsigned range)
  // CHECK: i8 300: failed
  r = ascregParseScalar(mlirIntegerTypeUnsignedGet(ctx, 16),
                        mlirStringRefCreateFromCString("-32769"), &bits);
  printf("ui16 -32769: %s\n", mlirLogicalResultIsFailure(r) ? "failed" : "bound");
  // CHECK: diagnostic: ascregParseScalar: 'ui16': -32769 does not fit in ui16
  // CHECK-SAME: (signed or unsigned range)
  // CHECK: ui16 -32769: failed
  /* -1 is in the signed range of 16 bits: ui16 binds its low bits. */
  r = ascregParseScalar(mlirIntegerTypeUnsignedGet(ctx, 16), mlirStringRefCreateFromCString("-1"),
                        &bits);
  printf("ui16 -1: 0x%" PRIx64 "\n", bits);
  // CHECK: ui16 -1: 0xffff
  r = ascregParseScalar(mlirIntegerTypeGet(ctx, 8), mlirStringRefCreateFromCString("-128"), &bits);
  printf("i8 -128: 0x%" PRIx64 "\n", bits);
  // CHECK: i8 -128: 0x80

  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
