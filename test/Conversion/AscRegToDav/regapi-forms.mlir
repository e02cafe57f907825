// The Reg API forms on dav-3510 (docs/regapi-ops-facts.md 14-17).
// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// The lane broadcast is vdup(dst, src, mask, POS_LOWEST, MODE_ZEROING).
// CHECK-LABEL: func @duplicate_lane
// CHECK: dav.vdup_lane0 %arg0, %arg2 : !ascreg.vreg<64xf32>
// CHECK: dav.vdup_lane0 %arg1, %arg2 : !ascreg.vreg<256xu8>
func.func @duplicate_lane(%f: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  %0 = ascreg.duplicate_lane %f, %m : !ascreg.vreg<64xf32>
  %1 = ascreg.duplicate_lane %b, %m : !ascreg.vreg<256xu8>
  return
}

// -----

// The first-element store is vsts with the one-point distribution of the
// element's width; the mask is passed through (the vendor's call shape) but
// ignored.
// CHECK-LABEL: func @store_first
// CHECK: dav.vsts_1pt %arg0, %arg1[%arg2], %arg3 : !ascreg.vreg<64xf32>, memref<?xf32>
// CHECK: dav.vsts_1pt %arg4, %arg5[%arg2], %arg3 : !ascreg.vreg<128xf16>, memref<?xf16>
func.func @store_first(%f: !ascreg.vreg<64xf32>, %out: memref<?xf32>, %i: index, %m: !ascreg.mask,
                       %h: !ascreg.vreg<128xf16>, %hout: memref<?xf16>) {
  ascreg.store_first %f, %out[%i], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  ascreg.store_first %h, %hout[%i], %m : !ascreg.vreg<128xf16>, memref<?xf16>
  return
}

// -----

// One-register 64-bit: the low and the high words broadcast separately under
// the mask packed to the 32-bit layout, then interleaved back.
// CHECK-LABEL: func @duplicate_lane_i64
// CHECK: %[[EVEN:.*]], %[[ODD:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[P:.*]] = dav.ppack %arg1 <lower>
// CHECK-DAG: %[[HI:.*]] = dav.vdup_lane0 %[[ODD]], %[[P]] : !ascreg.vreg<64xi32>
// CHECK-DAG: %[[LO:.*]] = dav.vdup_lane0 %[[EVEN]], %[[P]] : !ascreg.vreg<64xi32>
// CHECK: dav.vintlv %[[LO]], %[[HI]] : !ascreg.vreg<64xi32>
func.func @duplicate_lane_i64(%w: !ascreg.vreg<32xi64>, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %0 = ascreg.duplicate_lane %w, %m : !ascreg.vreg<32xi64>
  return %0 : !ascreg.vreg<32xi64>
}

// -----

// Two-register 64-bit: each word register broadcasts its lane 0.
// CHECK-LABEL: func @duplicate_lane_u64x2
// CHECK: dav.vdup_lane0 %arg0, %arg2 : !ascreg.vreg<64xu32>
// CHECK: dav.vdup_lane0 %arg1, %arg2 : !ascreg.vreg<64xu32>
func.func @duplicate_lane_u64x2(%w: !ascreg.vreg<64xu64>, %m: !ascreg.mask) -> !ascreg.vreg<64xu64> {
  %0 = ascreg.duplicate_lane %w, %m : !ascreg.vreg<64xu64>
  return %0 : !ascreg.vreg<64xu64>
}

// -----

// The governed mask logic is pand / por / pxor / pnot with the op's own
// governing mask (mask_and / mask_or pass an all-true one).
// CHECK-LABEL: func @governed_mask
// CHECK: dav.pand %arg0, %arg1, %arg2
// CHECK: dav.por %arg0, %arg1, %arg2
// CHECK: dav.pxor %arg0, %arg1, %arg2
// CHECK: dav.pnot %arg0, %arg2
func.func @governed_mask(%a: !ascreg.mask, %b: !ascreg.mask, %g: !ascreg.mask) -> (!ascreg.mask, !ascreg.mask, !ascreg.mask, !ascreg.mask) {
  %0 = ascreg.governed_mask <and> %a, %b, %g
  %1 = ascreg.governed_mask <or> %a, %b, %g
  %2 = ascreg.governed_mask <xor> %a, %b, %g
  %3 = ascreg.governed_mask_not %a, %g
  return %0, %1, %2, %3 : !ascreg.mask, !ascreg.mask, !ascreg.mask, !ascreg.mask
}
