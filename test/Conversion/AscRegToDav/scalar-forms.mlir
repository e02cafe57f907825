// adds, muls, maxs, mins, compares: the vendor's scalar intrinsic for
// 8/16/32-bit data; 64-bit data as duplicate + the vector op, as the vendor's
// library does (docs/semantics.md 2.25).
// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// CHECK-LABEL: func @one_intrinsic
// CHECK: dav.vadds %arg0, %arg1, %arg4 : !ascreg.vreg<64xf32>, f32
// CHECK: dav.vmuls %arg2, %arg3, %arg4 : !ascreg.vreg<128xu16>, i16
// CHECK: dav.vmaxs %arg0, %arg1, %arg4 : !ascreg.vreg<64xf32>, f32
// CHECK: dav.vmins %arg2, %arg3, %arg4 : !ascreg.vreg<128xu16>, i16
// CHECK: dav.vcmps <le> %arg0, %arg1, %arg4 : !ascreg.vreg<64xf32>, f32
func.func @one_intrinsic(%f: !ascreg.vreg<64xf32>, %s: f32, %u: !ascreg.vreg<128xu16>, %k: i16,
                         %m: !ascreg.mask) {
  %0 = ascreg.adds %f, %s, %m : !ascreg.vreg<64xf32>, f32
  %1 = ascreg.muls %u, %k, %m : !ascreg.vreg<128xu16>, i16
  %2 = ascreg.maxs %f, %s, %m : !ascreg.vreg<64xf32>, f32
  %3 = ascreg.mins %u, %k, %m : !ascreg.vreg<128xu16>, i16
  %4 = ascreg.compares <le> %f, %s, %m : !ascreg.vreg<64xf32>, f32
  return
}

// -----

// 64-bit: the scalar's two words broadcast (vbr), then the 64-bit add's
// word sequence (the low words' carry into the high sum).
// CHECK-LABEL: func @adds_i64
// CHECK: arith.trunci %arg1 : i64 to i32
// CHECK: dav.vbr %{{.*}} : i32 -> !ascreg.vreg<64xi32>
// CHECK: dav.vbr %{{.*}} : i32 -> !ascreg.vreg<64xi32>
// CHECK: dav.vadd
// CHECK-NOT: dav.vadds
func.func @adds_i64(%q: !ascreg.vreg<32xi64>, %s: i64, %m: !ascreg.mask) -> !ascreg.vreg<32xi64> {
  %0 = ascreg.adds %q, %s, %m : !ascreg.vreg<32xi64>, i64
  return %0 : !ascreg.vreg<32xi64>
}

// -----

// CHECK-LABEL: func @compares_u64x2
// CHECK: dav.vbr
// CHECK: dav.vcmp <gt>
// CHECK-NOT: dav.vcmps
func.func @compares_u64x2(%q: !ascreg.vreg<64xu64>, %s: i64, %m: !ascreg.mask) -> !ascreg.mask {
  %0 = ascreg.compares <gt> %q, %s, %m : !ascreg.vreg<64xu64>, i64
  return %0 : !ascreg.mask
}
