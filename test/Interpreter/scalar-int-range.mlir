// An integer scalar outside both the signed and the unsigned range of its
// width is one error with one text on every front door: the driver's
// (ascreg/Driver/Scalar.h), here through ascreg-run --arg, the same words in
// the C API (test/CAPI/ascreg-capi-scalar-test.c) and the Python package
// (python/tests/test_scalar_text.py). i8 takes -128..255, ui16
// -32768..65535 (-1 binds 0xFFFF).
// RUN: not ascreg-run %s --arg=i8:300 --arg=ui16:1 2>&1 | FileCheck %s --check-prefix=I8
// I8: ascreg-run: error: --arg 0: 300 does not fit in i8 (signed or unsigned range)
// RUN: not ascreg-run %s --arg=i8:1 --arg=ui16:-32769 2>&1 | FileCheck %s --check-prefix=U16
// U16: ascreg-run: error: --arg 1: -32769 does not fit in ui16 (signed or unsigned range)
// RUN: ascreg-run %s --arg=i8:-128 --arg=ui16:-1
func.func @kernel(%s: i8, %u: ui16) {
  return
}
