// pair_reduce_sum (vcpadd) with one lane of a pair active computes a + (+0)
// (docs/semantics.md 2.9, decision D5 revised), on every path: the
// interpreter, the JIT and the dav-3510 lowering; the emitted Ascend C is
// compared with the interpreter by AscRegEmissionTests. Source lanes (f32
// bits) and the mask (lanes where %sel != 0), worked out by hand:
//   pair 0: -0 active, 7 inactive          -> -0 + +0 = +0           0x00000000
//   pair 1: 2.5 inactive, -0 active        -> +0                     0x00000000
//   pair 2: -0 and -0, both active         -> -0 + -0 = -0           0x80000000 (-2147483648)
//   pair 3: neither active                 -> +0                     0
//   pair 4: -1.5 active alone              -> -1.5                   0xBFC00000 (-1077936128)
//   pair 5: signalling NaN 0x7F800001 alone -> quieted, payload kept 0x7FC00001 (2143289345)
//   pair 6: 1 and 2, both active           -> 3                      0x40400000 (1077936128)
//   lanes 32..63 of the result are 0.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy u4 "[0x80000000, 0x40E00000, 0x40200000, 0x80000000, 0x80000000, 0x80000000, 0x3F800000, 0x3F800000, 0xBFC00000, 0x40000000, 0x7F800001, 0, 0x3F800000, 0x40000000] + [0x3F800000] * 50"
// RUN: %python %S/../Inputs/mknpy.py %t.sel.npy f4 "[1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1] + [0] * 50"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i4 "[7] * 64"
// RUN: ascreg-run %s --arg=%t.src.npy --arg=%t.sel.npy --arg=%t.dst.npy --print | FileCheck %s
// RUN: ascreg-run %s --mode=jit --arg=%t.src.npy --arg=%t.sel.npy --arg=%t.dst.npy --print | FileCheck %s
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.sel.npy --arg=%t.dst.npy --print | FileCheck %s

// CHECK: arg2: memref<64xi32> (64 elements) = [0, 0, -2147483648, 0, -1077936128, 2143289345, 1077936128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<64xi32>, %sel: memref<64xf32>, %dst: memref<64xi32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %bits = ascreg.load_align %src[%c0] : memref<64xi32> -> !ascreg.vreg<64xi32>
    %v = ascreg.bitcast %bits : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
    %s = ascreg.load_align %sel[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %z = ascreg.duplicate %zero : f32 -> !ascreg.vreg<64xf32>
    %m = ascreg.compare <ne> %s, %z, %all : !ascreg.vreg<64xf32>
    %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<64xf32>
    %rb = ascreg.bitcast %r : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %rb, %dst[%c0], %all : !ascreg.vreg<64xi32>, memref<64xi32>
    return
  }
}
