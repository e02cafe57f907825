// A module that records a semantic profile (ascreg.semantics) names it
// before the vendor include, in its canonical spelling, as a macro the host
// header (HostIntrinsics.h) starts from and the vendor compiler ignores; the
// profile's CTRL state (ctrl.float_mode = saturating: CTRL[48] = 0) is set
// by the kernel's entry.
// RUN: ascreg-translate --ascreg-to-ascendc %s | FileCheck %s
// CHECK: // Semantic profile (ascreg.semantics): sum.rounding=round_once,ctrl.float_mode=saturating
// CHECK-NEXT: #ifndef ASCREG_HOST_PROFILE
// CHECK-NEXT: #define ASCREG_HOST_PROFILE "sum.rounding=round_once,ctrl.float_mode=saturating"
// CHECK-NEXT: #endif
// CHECK-NEXT: #include "c_api/asc_simd.h"
// CHECK: vcadd(
// CHECK: set_ctrl(({{v[0-9]+}} & ~0x1805000000000000LL) | 0x1000000000000000LL); // CTRL[60]=1 (global saturation), CTRL[48]=0 (float saturating)

// A module without a recorded profile emits nothing of it (a conformance
// kernel: the file starts with the vendor include).
// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/conformance/reduce_sum_f16_f16.mlir | FileCheck %s --check-prefix=NONE --implicit-check-not=ASCREG_HOST_PROFILE --implicit-check-not="Semantic profile"
// NONE: #include "c_api/asc_simd.h"
// NONE: set_ctrl(({{v[0-9]+}} & ~0x1805000000000000LL) | 0x1001000000000000LL); // CTRL[60]=1 (global saturation), CTRL[48]=1 (float inf/NaN)

// Functions that record different profiles cannot share one host profile:
// a located error.
// RUN: not ascreg-translate --ascreg-to-ascendc %S/Inputs/two-profiles.mlir 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: two-profiles.mlir:{{[0-9]+}}:{{[0-9]+}}: error: records the semantic profile 'maxmin.empty=finite', another function 'sum.rounding=round_once': one translation unit has one host profile

module attributes {ascreg.target = "dav-3510", ascreg.semantics = "ctrl.float_mode=saturating,sum.rounding=round_once"} {
  func.func @kernel(%src: memref<128xf16>, %dst: memref<128xf16>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.reduce <sum> %v, %all : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
}
