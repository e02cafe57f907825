// A 64-bit kernel: the u64 two-register sum. The words are loaded
// de-interleaved (vlds DINTLV_B32 through a (__ubuf__ uint32_t*) view, offset
// in words), summed as 16-bit halves and high words with vcadd, carried with
// vshls / vadd / vcmp_lt / vsel, re-interleaved (pintlv_b32, vintlv) and
// stored with two vsts 256 bytes apart.
// RUN: ascreg-translate --ascreg-to-ascendc %s | FileCheck %s

// CHECK: __simd_vf__ inline void kernel_vf(__ubuf__ int64_t* [[SRC:v[0-9]+]], __ubuf__ int64_t* [[DST:v[0-9]+]], int32_t {{v[0-9]+}}, uint32_t {{v[0-9]+}}) {
// CHECK:         vector_bool [[ALL:v[0-9]+]] = pset_b32(PAT_ALL);
// CHECK:         for (uint16_t [[I:i[0-9]+]] =
// CHECK-NEXT:      uint32_t [[IW:v[0-9]+]] = (uint32_t) [[I]];
// CHECK:           uint32_t [[OFF:v[0-9]+]] = [[IW]] * {{v[0-9]+}};
// CHECK-NEXT:      __ubuf__ uint32_t* [[SRCW:v[0-9]+]] = (__ubuf__ uint32_t*) [[SRC]];
// CHECK-NEXT:      uint32_t [[TWO:v[0-9]+]] = 2;
// CHECK-NEXT:      uint32_t [[WOFF:v[0-9]+]] = [[OFF]] * [[TWO]];
// CHECK-NEXT:      vector_uint32_t [[LO:v[0-9]+]];
// CHECK-NEXT:      vector_uint32_t [[HI:v[0-9]+]];
// CHECK-NEXT:      vlds([[LO]], [[HI]], [[SRCW]], [[WOFF]], DINTLV_B32);
// CHECK:           = plt_b32({{v[0-9]+}}, POST_UPDATE);
// CHECK:           vand({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, [[ALL]], MODE_ZEROING);
// CHECK:           vshrs({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, [[ALL]], MODE_ZEROING);
// CHECK-COUNT-3:   vcadd({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, MODE_ZEROING);
// CHECK:           vshls(
// CHECK:           vadd(
// CHECK:           vcmp_lt({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, [[ALL]]);
// CHECK:           vsel(
// CHECK:           pintlv_b32([[M0:v[0-9]+]], [[M1:v[0-9]+]], [[ALL]], [[ALL]]);
// CHECK:           vintlv([[R0:v[0-9]+]], [[R1:v[0-9]+]], {{v[0-9]+}}, {{v[0-9]+}});
// CHECK:           __ubuf__ uint32_t* {{v[0-9]+}} = (__ubuf__ uint32_t*) [[DST]];
// CHECK:           vsts({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, NORM_B32, {{v[0-9]+}});
// CHECK:           uint32_t {{v[0-9]+}} = [[OFF]] + {{v[0-9]+}};
// CHECK:           vsts({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, NORM_B32, {{v[0-9]+}});
// CHECK:         }
// CHECK-NEXT:    return;
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xi64>, %dst: memref<?xi64>, %count: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vl_src = arith.constant 64 : index
    %vl_dst = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xu64>
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %count) -> (i32) {
      %soff = arith.muli %r, %vl_src : index
      %v = ascreg.load_align %src[%soff] : memref<?xi64> -> !ascreg.vreg<64xu64>
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<64xu64>
      %res = ascreg.reduce <sum> %v, %mask : !ascreg.vreg<64xu64> -> !ascreg.vreg<64xu64>
      %doff = arith.muli %r, %vl_dst : index
      ascreg.store_align %res, %dst[%doff], %all : !ascreg.vreg<64xu64>, memref<?xi64>
      scf.yield %rest : i32
    }
    return
  }
}
