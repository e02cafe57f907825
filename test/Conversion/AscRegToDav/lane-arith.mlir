// sub, mul, abs, and, or, xor, not: one intrinsic each for 8/16/32-bit data;
// 64-bit data as 32-bit word sequences (docs/semantics.md 9.2).
// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// CHECK-LABEL: func @one_intrinsic
// CHECK: dav.vsub %arg0, %arg0, %arg3 : !ascreg.vreg<128xbf16>
// CHECK: dav.vmul %arg1, %arg1, %arg3 : !ascreg.vreg<64xf32>
// CHECK: dav.vabs %arg1, %arg3 : !ascreg.vreg<64xf32>
// CHECK: dav.vand %arg2, %arg2, %arg3 : !ascreg.vreg<256xu8>
// CHECK: dav.vor %arg2, %arg2, %arg3 : !ascreg.vreg<256xu8>
// CHECK: dav.vxor %arg2, %arg2, %arg3 : !ascreg.vreg<256xu8>
// CHECK: dav.vnot %arg2, %arg3 : !ascreg.vreg<256xu8>
func.func @one_intrinsic(%h: !ascreg.vreg<128xbf16>, %f: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<256xu8>, %m: !ascreg.mask) {
  %0 = ascreg.sub %h, %h, %m : !ascreg.vreg<128xbf16>
  %1 = ascreg.mul %f, %f, %m : !ascreg.vreg<64xf32>
  %2 = ascreg.abs %f, %m : !ascreg.vreg<64xf32>
  %3 = ascreg.and %b, %b, %m : !ascreg.vreg<256xu8>
  %4 = ascreg.or %b, %b, %m : !ascreg.vreg<256xu8>
  %5 = ascreg.xor %b, %b, %m : !ascreg.vreg<256xu8>
  %6 = ascreg.not %b, %m : !ascreg.vreg<256xu8>
  return
}

// -----

// Two-register sub: the borrow of the low words (unsigned lt) is taken from
// the high difference.
// CHECK-LABEL: func @sub_two_register
// CHECK: %[[B:.*]] = dav.vcmp <lt> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: %[[ONES:.*]] = dav.vsel %{{.*}}, %{{.*}}, %[[B]] : !ascreg.vreg<64xu32>
// CHECK: %[[LO:.*]] = dav.vsub %{{.*}}, %{{.*}}, %arg4 : !ascreg.vreg<64xu32>
// CHECK: %[[H:.*]] = dav.vsub %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK: dav.vsub %[[H]], %[[ONES]], %arg4 : !ascreg.vreg<64xu32>
func.func @sub_two_register(%a: !ascreg.vreg<64xi64>, %b: !ascreg.vreg<64xi64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.sub %a, %b, %m : !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}

// -----

// 64-bit mul: the low words' product in 16-bit halves for its high word, and
// both cross products.
// CHECK-LABEL: func @mul_one_register
// CHECK: dav.vdintlv
// CHECK: dav.vshrs %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, i32
// CHECK-COUNT-7: dav.vmul %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
// CHECK-NOT: dav.vmul
// CHECK: dav.vintlv
func.func @mul_one_register(%a: !ascreg.vreg<32xu64>, %m: !ascreg.mask) -> !ascreg.vreg<32xu64> {
  %r = ascreg.mul %a, %a, %m : !ascreg.vreg<32xu64>
  return %r : !ascreg.vreg<32xu64>
}

// -----

// 64-bit abs: 0 - x with borrow where the high word is negative (signed lt).
// CHECK-LABEL: func @abs_two_register
// CHECK: dav.vcmp <ne>
// CHECK: dav.vcmp <lt> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32>
// CHECK-COUNT-2: dav.vsel
func.func @abs_two_register(%a: !ascreg.vreg<64xi64>, %m: !ascreg.mask) -> !ascreg.vreg<64xi64> {
  %r = ascreg.abs %a, %m : !ascreg.vreg<64xi64>
  return %r : !ascreg.vreg<64xi64>
}
