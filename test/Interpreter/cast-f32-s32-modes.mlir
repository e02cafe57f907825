// f32 -> s32 (vcvt_fi f322s32) under every round mode, NaN, +-inf and values
// beyond the range, in per-instruction saturation mode (CTRL[60] = 0).
// Hand-computed:
//   2.5 -> rint 2, round 3 (ties away), floor 2, ceil 3, trunc 2;
//   -2.5 -> rint -2, round -3, floor -3, ceil -2, trunc -2;
//   3.5 -> rint 4, round 4, floor 3, ceil 4, trunc 3;
//   NaN -> 0 in every mode, with and without saturation;
//   +-inf -> 2147483647 / -2147483648 in both modes;
//   2^31 -> without saturation the low 32 bits, -2147483648; with it 2147483647;
//   1e10 (exact in f32) -> 10^10 mod 2^32 = 1410065408 without saturation;
//   -0 -> 0; -0.75 -> rint -1, round -1, floor -1, ceil 0, trunc 0.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f4 "[2.5, -2.5, 3.5, nan, inf, -inf, 2.0**31, 1e10, -0.0, -0.75] + [0] * 54"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i4 "[7] * 64"
// RUN: ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s
// RUN: ascreg-run %s --mode=jit --arg=%t.src.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s

// CHECK: arg1: memref<64xi32> (64 elements) = [2, -2, 4, 0, 2147483647, -2147483648, -2147483648, 1410065408, 0, -1, 0,
// CHECK: arg2: memref<64xi32> (64 elements) = [3, -3, 4, 0, 2147483647, -2147483648, -2147483648, 1410065408, 0, -1, 0,
// CHECK: arg3: memref<64xi32> (64 elements) = [2, -3, 3, 0, 2147483647, -2147483648, -2147483648, 1410065408, 0, -1, 0,
// CHECK: arg4: memref<64xi32> (64 elements) = [3, -2, 4, 0, 2147483647, -2147483648, -2147483648, 1410065408, 0, 0, 0,
// CHECK: arg5: memref<64xi32> (64 elements) = [2, -2, 3, 0, 2147483647, -2147483648, -2147483648, 1410065408, 0, 0, 0,
// RINT with saturation:
// CHECK: arg6: memref<64xi32> (64 elements) = [2, -2, 4, 0, 2147483647, -2147483648, 2147483647, 2147483647, 0, -1, 0,

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<64xf32>, %rint: memref<64xi32>, %round: memref<64xi32>,
                    %floor: memref<64xi32>, %ceil: memref<64xi32>, %trunc: memref<64xi32>,
                    %sat: memref<64xi32>)
      attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction>} {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %r0 = ascreg.cast %v, %m round <rint> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    %r1 = ascreg.cast %v, %m round <round> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    %r2 = ascreg.cast %v, %m round <floor> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    %r3 = ascreg.cast %v, %m round <ceil> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    %r4 = ascreg.cast %v, %m round <trunc> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    %r5 = ascreg.cast %v, %m round <rint> sat <on> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %r0, %rint[%c0], %m : !ascreg.vreg<64xi32>, memref<64xi32>
    ascreg.store_align %r1, %round[%c0], %m : !ascreg.vreg<64xi32>, memref<64xi32>
    ascreg.store_align %r2, %floor[%c0], %m : !ascreg.vreg<64xi32>, memref<64xi32>
    ascreg.store_align %r3, %ceil[%c0], %m : !ascreg.vreg<64xi32>, memref<64xi32>
    ascreg.store_align %r4, %trunc[%c0], %m : !ascreg.vreg<64xi32>, memref<64xi32>
    ascreg.store_align %r5, %sat[%c0], %m : !ascreg.vreg<64xi32>, memref<64xi32>
    return
  }
}
