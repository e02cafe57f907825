// A float scalar --arg is rounded once, from its decimal text straight into
// the parameter's format (round to nearest, ties to even:
// ascreg/Driver/Scalar.h). Each decimal lies just above a tie of its
// format; read into a double first it lands on the tie (f32) or becomes the
// tie on the way through f32 (f16, bf16), and RNE then rounds it down to
// even: the old CLI bound 0x3C00, 0x3F800000 and 0x3F80.
//   f16:  1 + 2^-11 + 9.09e-16       -> 0x3C01
//   f32:  1 + 2^-24 + 2^-60          -> 0x3F800001
//   bf16: 1 + 2^-8 + 2^-40           -> 0x3F81
// The exact tie rounds to even (0x3C00), one below it down (0x3C00).
// RUN: %python %S/../Inputs/mknpy.py %t.h.npy f2 "[0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t.f.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.b.npy bf2 "[0] * 128"
// RUN: ascreg-run %s --entry=f16 --arg=%t.h.npy --arg=f16:1.00048828125000090949470177292823791503906250 --out=0:%t.h1.npy
// RUN: %python %S/../Inputs/npy_bits.py %t.h1.npy 3c01
// RUN: ascreg-run %s --entry=f16 --arg=%t.h.npy --arg=f16:1.00048828125 --out=0:%t.h2.npy
// RUN: %python %S/../Inputs/npy_bits.py %t.h2.npy 3c00
// RUN: ascreg-run %s --entry=f16 --arg=%t.h.npy --arg=f16:-1.00048828124999999 --out=0:%t.h3.npy
// RUN: %python %S/../Inputs/npy_bits.py %t.h3.npy bc00
// RUN: ascreg-run %s --entry=f32 --arg=%t.f.npy --arg=f32:1.000000059604644776257986737988403547205962240695953369140625 --out=0:%t.f1.npy
// RUN: %python %S/../Inputs/npy_bits.py %t.f1.npy 3f800001
// RUN: ascreg-run %s --entry=bf16 --arg=%t.b.npy --arg=bf16:1.0039062500009094947017729282379150390625 --out=0:%t.b1.npy
// RUN: %python %S/../Inputs/npy_bits.py %t.b1.npy 3f81
// The JIT binds the same bits (the binding is the driver's, before any path).
// RUN: ascreg-run %s --mode=check --entry=f16 --arg=%t.h.npy --arg=f16:1.00048828125000090949470177292823791503906250 | FileCheck %s --check-prefix=SAME
// SAME: identical
// Not a number: one message naming the argument.
// RUN: not ascreg-run %s --entry=f16 --arg=%t.h.npy --arg=f16:1.0x 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ascreg-run: error: --arg 1: '1.0x' is not a number
// RUN: not ascreg-run %s --entry=f16 --arg=%t.h.npy --arg=f16: 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: ascreg-run: error: --arg 1: '' is not a number
func.func @f16(%b: memref<?xf16>, %x: f16) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
  %v = ascreg.duplicate %x : f16 -> !ascreg.vreg<128xf16>
  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xf16>, memref<?xf16>
  return
}
func.func @f32(%b: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %v = ascreg.duplicate %x : f32 -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
func.func @bf16(%b: memref<?xbf16>, %x: bf16) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xbf16>
  %v = ascreg.duplicate %x : bf16 -> !ascreg.vreg<128xbf16>
  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xbf16>, memref<?xbf16>
  return
}
