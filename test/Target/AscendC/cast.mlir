// Conversions as Ascend C: vcvt with the vendor's operand orders (R, S, PART;
// S, R for bf16 -> f16; the mask after the round mode for vtrc), an explicit
// round mode everywhere (never CAST_NONE), vector_int64_t for 64-bit sides,
// and the kernel's CTRL state set at entry. The kernel runs in the default
// (global) state, so convert-ascreg-to-dav switches it to per-instruction
// saturation: f32 -> f16 gets RS_DISABLE (CTRL[48] = 1), f32 -> s32 and
// s32 -> u8 get RS_ENABLE (CTRL[59] = 0), whatever the ascreg operands said.
// RUN: ascreg-translate --ascreg-to-ascendc %s | FileCheck %s --implicit-check-not=CAST_NONE
// A kernel in global mode with CTRL[48] = 0 and CTRL[59] = 1 (the conformance
// kernel cast_f16_f32_even_ctrl1010): f32 -> f16 saturates whatever its sat
// operand says, so both the `sat <off>` and `sat <on>` ops of each mode become
// RS_ENABLE (and CSE merges them: one vcvt per mode, all six modes spelled);
// the entry sets CTRL[60] = 0 and keeps CTRL[48] = 0, CTRL[59] = 1.
// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/conformance/cast_f16_f32_even_ctrl1010.mlir | FileCheck %s --check-prefix=GLOBAL --implicit-check-not=CAST_NONE --implicit-check-not=RS_DISABLE
// GLOBAL: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_R, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// GLOBAL: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_A, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// GLOBAL: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_F, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// GLOBAL: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_C, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// GLOBAL: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_Z, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// GLOBAL: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_O, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// GLOBAL: set_ctrl(({{v[0-9]+}} & ~0x1805000000000000LL) | 0x0800000000000000LL); // CTRL[60]=0 (per-instruction saturation), CTRL[48]=0 (float saturating), CTRL[59]=1 (int truncating), CTRL[50]=0

// CHECK: __simd_vf__ inline void kernel_vf(__ubuf__ float* [[F:v[0-9]+]], __ubuf__ int32_t* [[I:v[0-9]+]], __ubuf__ bfloat16_t* [[B:v[0-9]+]], __ubuf__ half* [[H:v[0-9]+]], __ubuf__ int64_t* [[L:v[0-9]+]]) {
// CHECK: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_O, RS_DISABLE, PART_ODD, MODE_ZEROING);
// CHECK: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_Z, RS_ENABLE, MODE_ZEROING);
// CHECK: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, RS_ENABLE, PART_P2, MODE_ZEROING);
// CHECK: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, RS_DISABLE, ROUND_C, MODE_ZEROING);
// CHECK: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, ROUND_A, PART_ODD, MODE_ZEROING);
// CHECK: vector_int64_t [[W:v[0-9]+]];
// CHECK-NEXT: vcvt([[W]], {{v[0-9]+}}, {{v[0-9]+}}, ROUND_F, RS_ENABLE, PART_EVEN, MODE_ZEROING);
// CHECK: vcvt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, PART_ODD, MODE_ZEROING);
// CHECK: vtrc({{v[0-9]+}}, {{v[0-9]+}}, ROUND_R, {{v[0-9]+}}, MODE_ZEROING);
// CHECK: __aicore__ inline void kernel(
// CHECK-NEXT: int64_t [[SAVED:v[0-9]+]] = get_ctrl();
// CHECK-NEXT: set_ctrl(([[SAVED]] & ~0x1805000000000000LL) | 0x0001000000000000LL); // CTRL[60]=0 (per-instruction saturation), CTRL[48]=1 (float inf/NaN), CTRL[59]=0 (int saturating), CTRL[50]=0
// CHECK-NEXT: asc_vf_call<kernel_vf>(
// CHECK-NEXT: set_ctrl([[SAVED]]);
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%f: memref<128xf32>, %i: memref<64xi32>, %b: memref<128xbf16>, %h: memref<128xf16>,
                    %l: memref<32xi64>) {
    %c0 = arith.constant 0 : index
    %mf = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %mh = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %mb = ascreg.create_mask <ALL> for !ascreg.vreg<256xu8>
    %ml = ascreg.create_mask <ALL> for !ascreg.vreg<32xi64>
    %vf = ascreg.load_align %f[%c0] : memref<128xf32> -> !ascreg.vreg<64xf32>
    %vi = ascreg.load_align %i[%c0] : memref<64xi32> -> !ascreg.vreg<64xi32>
    %vb = ascreg.load_align %b[%c0] : memref<128xbf16> -> !ascreg.vreg<128xbf16>
    %vh = ascreg.load_align %h[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %0 = ascreg.cast %vf, %mf round <odd> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    ascreg.store_align %0, %h[%c0], %mh : !ascreg.vreg<128xf16>, memref<128xf16>
    %1 = ascreg.cast %vf, %mf round <trunc> sat <off> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %1, %i[%c0], %mf : !ascreg.vreg<64xi32>, memref<64xi32>
    %2 = ascreg.cast %vi, %mf sat <off> part <p2> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
    %bits2 = ascreg.bitcast %2 : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xi32>
    ascreg.store_align %bits2, %i[%c0], %mf : !ascreg.vreg<64xi32>, memref<64xi32>
    %3 = ascreg.cast %vb, %mh round <ceil> sat <on> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %3, %h[%c0], %mh : !ascreg.vreg<128xf16>, memref<128xf16>
    %4 = ascreg.cast %vh, %mh round <round> part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
    ascreg.store_align %4, %i[%c0], %mf : !ascreg.vreg<64xi32>, memref<64xi32>
    %5 = ascreg.cast %vf, %mf round <floor> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<32xi64>
    ascreg.store_align %5, %l[%c0], %ml : !ascreg.vreg<32xi64>, memref<32xi64>
    %6 = ascreg.cast %vh, %mh part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    ascreg.store_align %6, %f[%c0], %mf : !ascreg.vreg<64xf32>, memref<128xf32>
    %7 = ascreg.truncate %vh, %mh round <rint> : !ascreg.vreg<128xf16>
    ascreg.store_align %7, %h[%c0], %mh : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
}
