// RUN: ascreg-opt %s --convert-ascreg-to-dav | FileCheck %s

// The semantic profile a module records (ascreg.semantics) survives the
// dav-3510 lowering (a legacy string record typed, #ascreg.profile): the dav ops are interpreted with it (the
// intrinsics carry no choice of their own; an 8-bit gather stays one vgather2
// and a widening cast one vcvt, whose masks the profile's gather.mask and
// cast.widen_mask read). The kernel's conversion switches it to
// per-instruction saturation and keeps the profile's CTRL[48] = 0
// (ctrl.float_mode = saturating) in its ascreg.ctrl.
// CHECK: module attributes {ascreg.semantics = #ascreg.profile<gather.mask = source, cast.widen_mask = destination, ctrl.float_mode = saturating>}
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: ascreg.ctrl = #ascreg.ctrl<saturation = instruction, float_overflow = saturate
// CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %[[M:.*]] : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
// CHECK: dav.vcvt %{{.*}}, %[[M]] {{.*}}part <odd>{{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
module attributes {ascreg.semantics = "gather.mask=source,cast.widen_mask=destination,ctrl.float_mode=saturating"} {
  func.func @kernel(%base: memref<?xi8>, %idx: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<64xi32> {
    %g = ascreg.gather %base[%idx], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
    %w = ascreg.cast %g, %m part <odd> : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
    return %w : !ascreg.vreg<64xi32>
  }
}
