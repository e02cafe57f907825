// RUN: ascreg-opt %s --convert-ascreg-to-dav --split-input-file | FileCheck %s

// A gather from a signed (si16) or unsigned (ui8) buffer is legal ascreg
// (a buffer of any signedness matches the register's); its vgather2 reads the
// buffer's own elements, so it needs no `unit` and verifies.
// CHECK-LABEL: func.func @gather_si16
// CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xsi16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
func.func @gather_si16(%b: memref<?xsi16>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xi16> {
  %g = ascreg.gather %b[%i], %m : memref<?xsi16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  return %g : !ascreg.vreg<128xi16>
}

// -----

// CHECK-LABEL: func.func @gather_ui8
// CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xui8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
func.func @gather_ui8(%b: memref<?xui8>, %i: !ascreg.vreg<128xu16>, %m: !ascreg.mask) -> !ascreg.vreg<128xu16> {
  %g = ascreg.gather %b[%i], %m : memref<?xui8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  return %g : !ascreg.vreg<128xu16>
}
