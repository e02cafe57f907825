// 64-bit data exists on dav-3510 only as 32-bit words.
// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// Two-register form: a 1:N conversion into (low words, high words); loads use
// DIST_DINTLV_B32 and stores re-interleave with the mask interleaved in the
// same way (the vendor's StoreAlign sequence).
// CHECK-LABEL: func @copy_two_register
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vlds_dintlv_b32 %arg0[%arg2] : memref<?xi64> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
// CHECK: %[[M0:.*]], %[[M1:.*]] = dav.pintlv_b32 %arg3, %arg3
// CHECK: %[[R0:.*]], %[[R1:.*]] = dav.vintlv %[[LO]], %[[HI]] : !ascreg.vreg<64xi32>
// CHECK: dav.vsts %[[R0]], %arg1[%arg2], %[[M0]]
// CHECK: %[[OFF:.*]] = arith.addi %arg2, %{{.*}} : index
// CHECK: dav.vsts %[[R1]], %arg1[%[[OFF]]], %[[M1]]
func.func @copy_two_register(%a: memref<?xi64>, %b: memref<?xi64>, %off: index, %m: !ascreg.mask) {
  %v = ascreg.load_align %a[%off] : memref<?xi64> -> !ascreg.vreg<64xi64>
  ascreg.store_align %v, %b[%off], %m : !ascreg.vreg<64xi64>, memref<?xi64>
  return
}

// -----

// Loop-carried two-register values become two loop-carried registers.
// CHECK-LABEL: func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>)
func.func @loop(%a: memref<?xi64>, %n: index) -> !ascreg.vreg<64xu64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = ascreg.load_align %a[%c0] : memref<?xi64> -> !ascreg.vreg<64xu64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!ascreg.vreg<64xu64>) {
    %v = ascreg.load_align %a[%c0] : memref<?xi64> -> !ascreg.vreg<64xu64>
    scf.yield %v : !ascreg.vreg<64xu64>
  }
  return %r : !ascreg.vreg<64xu64>
}

// -----

// Exact 64-bit sum: the low words split into 16-bit halves (whose tree sums
// cannot wrap), the carries computed under an all-true predicate -- so the
// result does not depend on whether lane 0 is active (the vendor library's
// sequence runs them under the zeroing mask and returns 0 then).
// CHECK-LABEL: func @sum_u64
// CHECK: %[[LO:.*]], %[[HI:.*]] = dav.vdintlv %arg0, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[M:.*]] = dav.ppack %arg1 <lower>
// CHECK: %[[ALL:.*]] = dav.pset_b32 <ALL>
// CHECK: %[[L16:.*]] = dav.vand %[[LO]], %{{.*}}, %[[ALL]]
// CHECK: %[[H16:.*]] = dav.vshrs %[[LO]], %{{.*}}, %[[ALL]]
// CHECK: %[[SL:.*]] = dav.vcadd %[[L16]], %[[M]]
// CHECK: %[[SH:.*]] = dav.vcadd %[[H16]], %[[M]]
// CHECK: %[[SHI:.*]] = dav.vcadd %[[HI]], %[[M]]
// CHECK: %[[SHIFT:.*]] = dav.vshls %[[SH]], %{{.*}}, %[[ALL]]
// CHECK: %[[LOW:.*]] = dav.vadd %[[SL]], %[[SHIFT]], %[[ALL]]
// CHECK: dav.vcmp <lt> %[[LOW]], %[[SHIFT]], %[[ALL]]
// CHECK: dav.vintlv %[[LOW]], %{{.*}} : !ascreg.vreg<64xu32>
func.func @sum_u64(%v: !ascreg.vreg<32xu64>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<32xu64> -> !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// 64-bit max: the vendor's sequence -- signed max of the high words, lanes
// equal to it, unsigned max (and first index) of their low words.
// CHECK-LABEL: func @max_i64x2
// CHECK: %[[HR:.*]] = dav.vcmax %arg1, %arg2 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
// CHECK: %[[HB:.*]] = dav.vdup_lane0 %[[HR]], %{{.*}} : !ascreg.vreg<64xi32>
// CHECK: %[[EQ:.*]] = dav.vcmp <eq> %arg1, %[[HB]], %arg2 : !ascreg.vreg<64xi32>
// CHECK: %[[L:.*]] = dav.reinterpret %arg0 : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xu32>
// CHECK: dav.vcmax %[[L]], %[[EQ]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: dav.pset_b32 <VL1>
func.func @max_i64x2(%v: !ascreg.vreg<64xi64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xi64> -> !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}

// -----

// 64-bit gather: words 2*idx and 2*idx+1 of the buffer viewed as u32; a
// one-register result takes the first 32 indices and its mask in the 32-bit
// layout (ppack), then interleaves the words.
// CHECK-LABEL: func @gather_u64
// CHECK: %[[W0:.*]] = dav.vmuls %arg1, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, i32
// CHECK: %[[W1:.*]] = dav.vadds %[[W0]], %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, i32
// CHECK: %[[M:.*]] = dav.ppack %arg2 <lower>
// CHECK: %[[LO:.*]] = dav.vgather2 %arg0[%[[W0]]], %[[M]] {unit = i32} : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
// CHECK: %[[HI:.*]] = dav.vgather2 %arg0[%[[W1]]], %[[M]] {unit = i32}
// CHECK: dav.vintlv %[[LO]], %[[HI]] : !ascreg.vreg<64xu32>
func.func @gather_u64(%b: memref<?xi64>, %i: !ascreg.vreg<64xu32>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.gather %b[%i], %m : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// One-register 64-bit masks: the 32-bit pattern unpacked to bit 8*i, with the
// vendor's H -> VL16 remapping; update_mask rewrites the count in software.
// CHECK-LABEL: func @masks_b64
// CHECK: %[[P:.*]] = dav.pset_b32 <VL16>
// CHECK: dav.punpack %[[P]] <lower>
// CHECK: %[[M:.*]], %{{.*}} = dav.plt_b32 %arg0
// CHECK: dav.punpack %[[M]] <lower>
// CHECK: arith.cmpi ugt, %arg0, %{{.*}} : i32
func.func @masks_b64(%n: i32) -> (!ascreg.mask, !ascreg.mask, i32) {
  %h = ascreg.create_mask <H> for !ascreg.vreg<32xi64>
  %m, %r = ascreg.update_mask %n for !ascreg.vreg<32xi64>
  return %h, %m, %r : !ascreg.mask, !ascreg.mask, i32
}
