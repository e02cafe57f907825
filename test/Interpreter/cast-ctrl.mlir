// The kernel's CTRL state (ascreg.ctrl) on casts, truncate and f16 arithmetic.
// @runtime_state runs in the state the 950 runtime gives a kernel (the
// default: CTRL[60] = 1 global saturation, CTRL[48] = 1 inf/NaN, CTRL[59] = 0
// saturating integers); @saturating sets CTRL[48] = 0 and CTRL[59] = 1.
// In global mode the sat operand is ignored. Hand-computed bits:
//   f32 65520 and 2^31 -> f16 (RINT, sat <on>): default 0x7C00 (31744), CTRL[48]=0 0x7BFF (31743);
//   f32 65520 -> s32 65520; 2^31 (RINT, sat <off>): default 2147483647, CTRL[59]=1 -2147483648;
//   f16 lanes h = [60000, 60000, inf, -inf, nan, 1.5, -0, 0, ...]:
//   reduce sum of lanes 0, 1: 120000 -> inf (31744) / 65504 (31743) at the node;
//   pair_reduce_sum: 60000+60000 -> 31744 / 31743; inf + -inf -> NaN / +0;
//     nan + 1.5 -> NaN / +0; -0 + 0 -> +0;
//   add h + h: 31744 / 31743, inf 31744 / 31743, -inf 64512 / 64511, NaN / 0,
//     3.0 (16896), -0 (32768);
//   truncate <floor>: 60000 (31571), inf 31744 / 31743, -inf 64512 / 64511,
//     NaN quieted 0x7E00 (32256) / 0, 1.5 -> 1 (15360), -0 (32768);
//   f16 -> bf16 (RINT): 60000 -> 59904 (0x476A, 18282), inf 0x7F80 (32640) /
//     0x7F7F (32639), -inf 0xFF80 (65408) / 0xFF7F (65407), NaN 0x7FC0 (32704) / 0,
//     1.5 (0x3FC0, 16320), -0 (32768).
// RUN: %python %S/../Inputs/mknpy.py %t.f.npy f4 "[65520.0, 2.0**31] + [0] * 62"
// RUN: %python %S/../Inputs/mknpy.py %t.h.npy u2 "[0x7B53, 0x7B53, 0x7C00, 0xFC00, 0x7E00, 0x3E00, 0x8000] + [0] * 121"
// RUN: %python %S/../Inputs/mknpy.py %t.o16.npy u2 "[0xAAAA] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t.o32.npy i4 "[7] * 64"
// RUN: ascreg-run %s --entry=runtime_state --arg=%t.f.npy --arg=%t.h.npy --arg=%t.o16.npy --arg=%t.o32.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --print | FileCheck %s --check-prefix=DEFAULT
// RUN: ascreg-run %s --entry=saturating --arg=%t.f.npy --arg=%t.h.npy --arg=%t.o16.npy --arg=%t.o32.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --print | FileCheck %s --check-prefix=SAT
// RUN: ascreg-run %s --mode=jit --entry=runtime_state --arg=%t.f.npy --arg=%t.h.npy --arg=%t.o16.npy --arg=%t.o32.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --print | FileCheck %s --check-prefix=DEFAULT
// RUN: ascreg-run %s --mode=jit --entry=saturating --arg=%t.f.npy --arg=%t.h.npy --arg=%t.o16.npy --arg=%t.o32.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --print | FileCheck %s --check-prefix=SAT
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --entry=runtime_state --arg=%t.f.npy --arg=%t.h.npy --arg=%t.o16.npy --arg=%t.o32.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --print | FileCheck %s --check-prefix=DEFAULT
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --entry=saturating --arg=%t.f.npy --arg=%t.h.npy --arg=%t.o16.npy --arg=%t.o32.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --arg=%t.o16.npy --print | FileCheck %s --check-prefix=SAT

// DEFAULT: arg2: memref<128xi16> (128 elements) = [31744, 0, 31744, 0, 0, 0,
// DEFAULT: arg3: memref<64xi32> (64 elements) = [65520, 2147483647, 0,
// DEFAULT: arg4: memref<128xi16> (128 elements) = [31744, 0, 0, 0,
// DEFAULT: arg5: memref<128xi16> (128 elements) = [31744, {{[0-9]+}}, {{[0-9]+}}, 0, 0, 0,
// DEFAULT: arg6: memref<128xi16> (128 elements) = [31744, 31744, 31744, 64512, {{[0-9]+}}, 16896, 32768, 0, 0,
// DEFAULT: arg7: memref<128xi16> (128 elements) = [31571, 31571, 31744, 64512, 32256, 15360, 32768, 0, 0,
// DEFAULT: arg8: memref<128xi16> (128 elements) = [18282, 18282, 32640, 65408, 32704, 16320, 32768, 0, 0,

// SAT: arg2: memref<128xi16> (128 elements) = [31743, 0, 31743, 0, 0, 0,
// SAT: arg3: memref<64xi32> (64 elements) = [65520, -2147483648, 0,
// SAT: arg4: memref<128xi16> (128 elements) = [31743, 0, 0, 0,
// SAT: arg5: memref<128xi16> (128 elements) = [31743, 0, 0, 0, 0, 0,
// SAT: arg6: memref<128xi16> (128 elements) = [31743, 31743, 31743, 64511, 0, 16896, 32768, 0, 0,
// SAT: arg7: memref<128xi16> (128 elements) = [31571, 31571, 31743, 64511, 0, 15360, 32768, 0, 0,
// SAT: arg8: memref<128xi16> (128 elements) = [18282, 18282, 32639, 65407, 0, 16320, 32768, 0, 0,

module attributes {ascreg.target = "dav-3510"} {
  func.func @runtime_state(%f: memref<64xf32>, %h: memref<128xi16>, %toF16: memref<128xi16>,
      %toS32: memref<64xi32>, %sum: memref<128xi16>, %pairs: memref<128xi16>,
      %add: memref<128xi16>, %floor: memref<128xi16>, %toBF16: memref<128xi16>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : i32
    %mf = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %mh = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %vf = ascreg.load_align %f[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %hb = ascreg.load_align %h[%c0] : memref<128xi16> -> !ascreg.vreg<128xu16>
    %vh = ascreg.bitcast %hb : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
    %a = ascreg.cast %vf, %mf round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %ab = ascreg.bitcast %a : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %ab, %toF16[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %i = ascreg.cast %vf, %mf round <rint> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %i, %toS32[%c0], %mf : !ascreg.vreg<64xi32>, memref<64xi32>
    %two, %rest = ascreg.update_mask %c2 for !ascreg.vreg<128xf16>
    %s = ascreg.reduce <sum> %vh, %two : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %sb = ascreg.bitcast %s : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %sb, %sum[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %p = ascreg.pair_reduce_sum %vh, %mh : !ascreg.vreg<128xf16>
    %pb = ascreg.bitcast %p : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %pb, %pairs[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %d = ascreg.add %vh, %vh, %mh : !ascreg.vreg<128xf16>
    %db = ascreg.bitcast %d : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %db, %add[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %t = ascreg.truncate %vh, %mh round <floor> : !ascreg.vreg<128xf16>
    %tb = ascreg.bitcast %t : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %tb, %floor[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %bf = ascreg.cast %vh, %mh round <rint> : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xbf16>
    %bfb = ascreg.bitcast %bf : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %bfb, %toBF16[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    return
  }
  func.func @saturating(%f: memref<64xf32>, %h: memref<128xi16>, %toF16: memref<128xi16>,
      %toS32: memref<64xi32>, %sum: memref<128xi16>, %pairs: memref<128xi16>,
      %add: memref<128xi16>, %floor: memref<128xi16>, %toBF16: memref<128xi16>)
      attributes {ascreg.ctrl = #ascreg.ctrl<float_overflow = saturate, int_overflow = truncate>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : i32
    %mf = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %mh = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %vf = ascreg.load_align %f[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %hb = ascreg.load_align %h[%c0] : memref<128xi16> -> !ascreg.vreg<128xu16>
    %vh = ascreg.bitcast %hb : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
    %a = ascreg.cast %vf, %mf round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %ab = ascreg.bitcast %a : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %ab, %toF16[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %i = ascreg.cast %vf, %mf round <rint> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %i, %toS32[%c0], %mf : !ascreg.vreg<64xi32>, memref<64xi32>
    %two, %rest = ascreg.update_mask %c2 for !ascreg.vreg<128xf16>
    %s = ascreg.reduce <sum> %vh, %two : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %sb = ascreg.bitcast %s : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %sb, %sum[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %p = ascreg.pair_reduce_sum %vh, %mh : !ascreg.vreg<128xf16>
    %pb = ascreg.bitcast %p : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %pb, %pairs[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %d = ascreg.add %vh, %vh, %mh : !ascreg.vreg<128xf16>
    %db = ascreg.bitcast %d : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %db, %add[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %t = ascreg.truncate %vh, %mh round <floor> : !ascreg.vreg<128xf16>
    %tb = ascreg.bitcast %t : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %tb, %floor[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    %bf = ascreg.cast %vh, %mh round <rint> : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xbf16>
    %bfb = ascreg.bitcast %bf : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xu16>
    ascreg.store_align %bfb, %toBF16[%c0], %mh : !ascreg.vreg<128xu16>, memref<128xi16>
    return
  }
}
