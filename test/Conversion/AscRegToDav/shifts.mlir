// shift_left, shift_right, shift_lefts, shift_rights: one vendor intrinsic each
// (vshl, vshr, vshls, vshrs), as the vendor's library does for 8/16/32-bit data
// (docs/semantics.md 2.26).
// RUN: ascreg-opt %s --convert-ascreg-to-dav | FileCheck %s

// CHECK-LABEL: func @one_intrinsic
// CHECK: dav.vshl %arg0, %arg1, %arg5 : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
// CHECK: dav.vshr %arg2, %arg3, %arg5 : !ascreg.vreg<256xi8>, !ascreg.vreg<256xi8>
// CHECK: dav.vshls %arg0, %arg4, %arg5 : !ascreg.vreg<64xu32>, i16
// CHECK: dav.vshrs %arg2, %arg4, %arg5 : !ascreg.vreg<256xi8>, i16
func.func @one_intrinsic(%a: !ascreg.vreg<64xu32>, %n: !ascreg.vreg<64xi32>,
                         %b: !ascreg.vreg<256xi8>, %k: !ascreg.vreg<256xi8>, %s: i16,
                         %m: !ascreg.mask) {
  %0 = ascreg.shift_left %a, %n, %m : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
  %1 = ascreg.shift_right %b, %k, %m : !ascreg.vreg<256xi8>, !ascreg.vreg<256xi8>
  %2 = ascreg.shift_lefts %a, %s, %m : !ascreg.vreg<64xu32>, i16
  %3 = ascreg.shift_rights %b, %s, %m : !ascreg.vreg<256xi8>, i16
  return
}
