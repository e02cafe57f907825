// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// 8/16/32-bit ops map 1:1 onto the intrinsics.
// CHECK-LABEL: func @reduce_loop
// CHECK: %[[M:.*]], %[[R:.*]] = dav.plt_b16 %{{.*}}
// CHECK: %[[V:.*]] = dav.vlds %{{.*}}[%{{.*}}] : memref<?xf16> -> !ascreg.vreg<128xf16>
// CHECK: %[[X:.*]] = dav.vcmax %[[V]], %[[M]] : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
// CHECK: dav.vcadd %{{.*}}, %[[M]] : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
// CHECK: dav.vcpadd %[[V]], %[[M]] : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
// CHECK: dav.vsts %[[X]], %{{.*}}[%{{.*}}], %[[M]] : !ascreg.vreg<128xf16>, memref<?xf16>
func.func @reduce_loop(%src: memref<?xf16>, %w: !ascreg.vreg<128xi16>, %n: i32, %off: index) -> (!ascreg.vreg<64xi32>, !ascreg.vreg<128xf16>) {
  %m, %r = ascreg.update_mask %n for !ascreg.vreg<128xf16>
  %v = ascreg.load_align %src[%off] : memref<?xf16> -> !ascreg.vreg<128xf16>
  %x = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %s = ascreg.reduce <sum> %w, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  %p = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<128xf16>
  ascreg.store_align %x, %src[%off], %m : !ascreg.vreg<128xf16>, memref<?xf16>
  return %s, %p : !ascreg.vreg<64xi32>, !ascreg.vreg<128xf16>
}

// -----

// CHECK-LABEL: func @gathers_and_masks
// CHECK: dav.pset_b8 <M3>
// CHECK: dav.pset_b32 <VL16>
// CHECK: dav.vgather2 %arg0[%arg1], %{{.*}} : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
// CHECK: dav.vselr %arg2, %arg3 : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
// CHECK: %[[ALL:.*]] = dav.pset_b8 <ALL>
// CHECK: dav.pand %{{.*}}, %{{.*}}, %[[ALL]]
// CHECK: %[[P16:.*]] = dav.pset_b16 <ALL>
// CHECK: dav.pnot %{{.*}}, %[[P16]]
func.func @gathers_and_masks(%b: memref<?xi8>, %i: !ascreg.vreg<128xu16>, %v: !ascreg.vreg<64xf32>, %j: !ascreg.vreg<64xu32>) -> (!ascreg.vreg<128xi16>, !ascreg.vreg<64xf32>, !ascreg.mask) {
  %m3 = ascreg.create_mask <M3> for !ascreg.vreg<256xu8>
  %vl = ascreg.create_mask <VL16> for !ascreg.vreg<64xf32>
  %g = ascreg.gather %b[%i], %m3 : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  %r = ascreg.gather_reg %v[%j] : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
  %a = ascreg.mask_and %m3, %vl
  %n = ascreg.mask_not %a for !ascreg.vreg<128xf16>
  return %g, %r, %n : !ascreg.vreg<128xi16>, !ascreg.vreg<64xf32>, !ascreg.mask
}

// -----

// Companions; unsigned arange is the reinterpreted signed vci.
// CHECK-LABEL: func @companions
// CHECK: dav.vbr %arg0 : f32 -> !ascreg.vreg<64xf32>
// CHECK: dav.vdup %arg0, %arg2 : f32 -> !ascreg.vreg<64xf32>
// CHECK: %[[CI:.*]] = dav.vci %arg1 : i32 -> !ascreg.vreg<64xi32>
// CHECK: dav.reinterpret %[[CI]] : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmp <gt> %{{.*}}, %{{.*}}, %arg2 : !ascreg.vreg<64xf32>
// CHECK: dav.vsel %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
// CHECK: dav.vadd
// CHECK: dav.vmax
// CHECK: dav.vmin
func.func @companions(%x: f32, %k: i32, %m: !ascreg.mask) -> (!ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>) {
  %a = ascreg.duplicate %x : f32 -> !ascreg.vreg<64xf32>
  %b = ascreg.duplicate %x, %m : f32 -> !ascreg.vreg<64xf32>
  %i = ascreg.arange %k : i32 -> !ascreg.vreg<64xu32>
  %c = ascreg.compare <gt> %a, %b, %m : !ascreg.vreg<64xf32>
  %s = ascreg.select %c, %a, %b : !ascreg.vreg<64xf32>
  %t = ascreg.add %s, %a, %m : !ascreg.vreg<64xf32>
  %u = ascreg.max %t, %a, %m : !ascreg.vreg<64xf32>
  %w = ascreg.min %u, %a, %m : !ascreg.vreg<64xf32>
  return %w, %i : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
}
