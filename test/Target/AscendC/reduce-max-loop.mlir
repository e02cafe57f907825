// The reduce-max loop (examples/seeds) as Ascend C: the vendor's umbrella
// include, a __simd_vf__ function on __ubuf__ pointers, the hardware loop
// over registers, plt_b16 with POST_UPDATE,
// vcmax with MODE_ZEROING and a masked vsts.
// RUN: ascreg-translate --ascreg-to-ascendc %s | FileCheck %s

// CHECK: #include "c_api/asc_simd.h"
// CHECK: __simd_vf__ inline void kernel_vf(__ubuf__ half* [[SRC:v[0-9]+]], __ubuf__ half* [[DST:v[0-9]+]], int32_t [[COUNT:v[0-9]+]], uint32_t [[REPEAT:v[0-9]+]]) {
// CHECK-NEXT:    uint32_t [[VL:v[0-9]+]] = 128;
// CHECK-NEXT:    int32_t [[N:v[0-9]+]];
// CHECK-NEXT:    [[N]] = [[COUNT]];
// The loop is a hardware loop: a uint16_t counter from 0 in steps of 1, the
// offset derived from it in 32 bits.
// CHECK-NEXT:    uint16_t [[C0:v[0-9]+]] = 0;
// CHECK-NEXT:    uint16_t [[C1:v[0-9]+]] = 1;
// CHECK-NEXT:    uint16_t [[TRIPS:v[0-9]+]] = (uint16_t) [[REPEAT]];
// CHECK-NEXT:    for (uint16_t [[R:i[0-9]+]] = [[C0]]; [[R]] < [[TRIPS]]; [[R]] += [[C1]]) {
// CHECK-NEXT:      uint32_t [[RW:v[0-9]+]] = (uint32_t) [[R]];
// CHECK-NEXT:      int32_t [[NCUR:v[0-9]+]] = [[N]];
// CHECK-NEXT:      uint32_t [[OFF:v[0-9]+]] = [[RW]] * [[VL]];
// CHECK-NEXT:      vector_half [[V:v[0-9]+]];
// CHECK-NEXT:      vlds([[V]], [[SRC]], [[OFF]], NORM);
// CHECK-NEXT:      vector_half [[VV:v[0-9]+]] = [[V]];
// CHECK-NEXT:      uint32_t [[NU:v[0-9]+]];
// CHECK-NEXT:      uint32_t [[NC:v[0-9]+]] = (uint32_t) [[NCUR]];
// CHECK-NEXT:      [[NU]] = [[NC]];
// CHECK-NEXT:      vector_bool [[M:v[0-9]+]];
// CHECK-NEXT:      [[M]] = plt_b16([[NU]], POST_UPDATE);
// CHECK-NEXT:      vector_bool [[MM:v[0-9]+]] = [[M]];
// CHECK-NEXT:      uint32_t [[REST:v[0-9]+]] = [[NU]];
// CHECK-NEXT:      int32_t [[RESTI:v[0-9]+]] = (int32_t) [[REST]];
// CHECK-NEXT:      vector_half [[RES:v[0-9]+]];
// CHECK-NEXT:      vcmax([[RES]], [[VV]], [[MM]], MODE_ZEROING);
// CHECK-NEXT:      vector_half [[RR:v[0-9]+]] = [[RES]];
// CHECK-NEXT:      vsts([[RR]], [[DST]], [[OFF]], NORM_B16, [[MM]]);
// CHECK-NEXT:      [[N]] = [[RESTI]];
// CHECK-NEXT:    }
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
// The entry sets the kernel's CTRL state (here the runtime's: CTRL[60]=1,
// CTRL[48]=1, CTRL[59]=0, CTRL[50]=0) around the vector function.
// CHECK:       __aicore__ inline void kernel(__ubuf__ half* [[ESRC:v[0-9]+]], __ubuf__ half* [[EDST:v[0-9]+]], int32_t [[ECOUNT:v[0-9]+]], uint32_t [[EREPEAT:v[0-9]+]]) {
// CHECK-NEXT:    int64_t [[SAVED:v[0-9]+]] = get_ctrl();
// CHECK-NEXT:    set_ctrl(([[SAVED]] & ~0x1805000000000000LL) | 0x1001000000000000LL); // CTRL[60]=1 (global saturation), CTRL[48]=1 (float inf/NaN), CTRL[59]=0 (int saturating), CTRL[50]=0
// CHECK-NEXT:    asc_vf_call<kernel_vf>([[ESRC]], [[EDST]], [[ECOUNT]], [[EREPEAT]]);
// CHECK-NEXT:    set_ctrl([[SAVED]]);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xf16>, %dst: memref<?xf16>, %count: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vl = arith.constant 128 : index
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %count) -> (i32) {
      %off = arith.muli %r, %vl : index
      %v = ascreg.load_align %src[%off] : memref<?xf16> -> !ascreg.vreg<128xf16>
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<128xf16>
      %res = ascreg.reduce <max> %v, %mask : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
      ascreg.store_align %res, %dst[%off], %mask : !ascreg.vreg<128xf16>, memref<?xf16>
      scf.yield %rest : i32
    }
    return
  }
}
