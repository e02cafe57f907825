// f32 -> f16 (vcvt_ff f322f16) at the overflow threshold, NaN, inf, ties and
// the subnormal grid, in per-instruction saturation mode (CTRL[60] = 0) so that
// the sat operand decides. Expected bits worked out by hand:
//   65520 = 65504 + 16 is the midpoint of 65504 and 2^16: RINT rounds to even,
//   i.e. 2^16, which overflows -> +inf 0x7C00 (31744) without saturation,
//   +65504 0x7BFF (31743) with it; ODD truncates to 65504 (inexact, LSB
//   already 1) -> 0x7BFF. 65519.9921875 rounds to 65504 in every mode shown.
//   1 + 2^-11 is the midpoint of 1 (0x3C00, 15360) and 1 + 2^-10: RINT -> 1,
//   ODD -> truncated 0x3C00 with the LSB set, 0x3C01 (15361).
//   NaN 0x7FC00000 -> quiet NaN 0x7E00 (32256) without saturation, +0 with.
//   2^-25 is half the smallest subnormal 2^-24: RINT -> +0 (even), ODD -> 0x0001.
//   3 * 2^-26 -> 2^-24 (0x0001) in both.
// Part EVEN: result k goes to f16 lane 2k, odd lanes are 0.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f4 "[65520.0, -65520.0, 65519.9921875, 1 + 2**-11, nan, inf, 2**-25, 3 * 2**-26] + [0] * 56"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy u2 "[0xAAAA] * 128"
// RUN: ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s
// RUN: ascreg-run %s --mode=jit --arg=%t.src.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s

// RINT, sat off:
// CHECK: arg1: memref<128xi16> (128 elements) = [31744, 0, 64512, 0, 31743, 0, 15360, 0, 32256, 0, 31744, 0, 0, 0, 1, 0, 0, 0,
// RINT, sat on:
// CHECK: arg2: memref<128xi16> (128 elements) = [31743, 0, 64511, 0, 31743, 0, 15360, 0, 0, 0, 31743, 0, 0, 0, 1, 0, 0, 0,
// ODD, sat off:
// CHECK: arg3: memref<128xi16> (128 elements) = [31743, 0, 64511, 0, 31743, 0, 15361, 0, 32256, 0, 31744, 0, 1, 0, 1, 0, 0, 0,

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<64xf32>, %rint: memref<128xi16>, %rintSat: memref<128xi16>,
                    %odd: memref<128xi16>)
      attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction>} {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xu16>
    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %a = ascreg.cast %v, %m round <rint> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %b = ascreg.cast %v, %m round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %c = ascreg.cast %v, %m round <odd> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %ab = ascreg.bitcast %a : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    %bb = ascreg.bitcast %b : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    %cb = ascreg.bitcast %c : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %ab, %rint[%c0], %all : !ascreg.vreg<128xu16>, memref<128xi16>
    ascreg.store_align %bb, %rintSat[%c0], %all : !ascreg.vreg<128xu16>, memref<128xi16>
    ascreg.store_align %cb, %odd[%c0], %all : !ascreg.vreg<128xu16>, memref<128xi16>
    return
  }
}
