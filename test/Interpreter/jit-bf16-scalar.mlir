// A bf16 scalar parameter in the JIT: LLVM's x86 code generator converts it
// with compiler-rt's __truncsfbf2, which the JIT resolves to the semantics
// library's f32 -> bf16 (RNE); without it the kernel did not link ("Symbols
// not found: __truncsfbf2"; found by random-program differential testing).
// 1.5 is 0x3FC0 in bf16, -2.75 is 0xC030 (both exact).
// RUN: %python %S/../Inputs/mknpy.py %t.b.npy bf2 "[0] * 128"
// RUN: ascreg-run %s --mode=check --arg=%t.b.npy --arg=bf16:1.5 | FileCheck %s --check-prefix=SAME
// RUN: ascreg-run %s --mode=jit --arg=%t.b.npy --arg=bf16:-2.75 --out=0:%t.out.npy
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); assert d[-256:] == bytes.fromhex('30c0') * 128, d[-8:]" %t.out.npy
// SAME: identical
func.func @kernel(%b: memref<?xbf16>, %x: bf16) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xbf16>
  %v = ascreg.duplicate %x : bf16 -> !ascreg.vreg<128xbf16>
  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xbf16>, memref<?xbf16>
  return
}
