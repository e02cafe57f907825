// ascreg-dav-unsigned-vselr: dav.vselr runs on the unsigned view of its
// lanes, as the vendor library calls it; the reinterpretations move no bits.
// RUN: ascreg-opt %s --ascreg-dav-unsigned-vselr --split-input-file | FileCheck %s

// f32 lanes: the source is viewed as u32, the result viewed back as f32.
// CHECK-LABEL: func.func @f32(
// CHECK-SAME:    %[[V:.*]]: !ascreg.vreg<64xf32>, %[[I:.*]]: !ascreg.vreg<64xu32>)
// CHECK-NEXT:    %[[U:.*]] = dav.reinterpret %[[V]] : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xu32>
// CHECK-NEXT:    %[[R:.*]] = dav.vselr %[[U]], %[[I]] : !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>
// CHECK-NEXT:    %[[F:.*]] = dav.reinterpret %[[R]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
// CHECK-NEXT:    return %[[F]]
func.func @f32(%v: !ascreg.vreg<64xf32>, %i: !ascreg.vreg<64xu32>) -> !ascreg.vreg<64xf32> {
  %r = dav.vselr %v, %i : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
  return %r : !ascreg.vreg<64xf32>
}

// -----

// Signed 8-bit lanes: through u8.
// CHECK-LABEL: func.func @i8(
// CHECK-NEXT:    dav.reinterpret %{{.*}} : !ascreg.vreg<256xi8> -> !ascreg.vreg<256xu8>
// CHECK-NEXT:    dav.vselr %{{.*}}, %{{.*}} : !ascreg.vreg<256xu8>, !ascreg.vreg<256xu8>
// CHECK-NEXT:    dav.reinterpret %{{.*}} : !ascreg.vreg<256xu8> -> !ascreg.vreg<256xi8>
func.func @i8(%v: !ascreg.vreg<256xi8>, %i: !ascreg.vreg<256xu8>) -> !ascreg.vreg<256xi8> {
  %r = dav.vselr %v, %i : !ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>
  return %r : !ascreg.vreg<256xi8>
}

// -----

// Unsigned lanes already are the vendor's form: nothing changes.
// CHECK-LABEL: func.func @u16(
// CHECK-NEXT:    %[[R:.*]] = dav.vselr %{{.*}}, %{{.*}} : !ascreg.vreg<128xu16>, !ascreg.vreg<128xu16>
// CHECK-NEXT:    return %[[R]]
func.func @u16(%v: !ascreg.vreg<128xu16>, %i: !ascreg.vreg<128xu16>) -> !ascreg.vreg<128xu16> {
  %r = dav.vselr %v, %i : !ascreg.vreg<128xu16>, !ascreg.vreg<128xu16>
  return %r : !ascreg.vreg<128xu16>
}
