// ascreg-emitc-finalize-ascendc: the EmitC module convert-dav-to-emitc made
// becomes a complete Ascend C translation unit.
// RUN: ascreg-opt %s --ascreg-emitc-finalize-ascendc --split-input-file | FileCheck %s

// The kernel (marked with its CTRL state by the conversion) becomes the
// vector function kernel_vf and an entry `kernel` that sets CTRL around the
// call; the recorded profile and the vendor's header start the module; the
// load nobody reads (the second output of vintlv) goes, and the round trip
// (uint32_t) (size_t) x of a uint32_t x is x.
// CHECK-LABEL: module attributes {ascreg.semantics = "sum.rounding=round_once"}
// CHECK-NEXT:    verbatim "// Semantic profile (ascreg.semantics): sum.rounding=round_once\0A#ifndef ASCREG_HOST_PROFILE\0A#define ASCREG_HOST_PROFILE \22sum.rounding=round_once\22\0A#endif"
// CHECK-NEXT:    emitc.include "c_api/asc_simd.h"
// CHECK-NEXT:    emitc.func @kernel_vf(%[[DST:.*]]: !emitc.ptr<!emitc.opaque<"__ubuf__ float">>, %[[N:.*]]: ui32) attributes {specifiers = ["__simd_vf__", "inline"]} {
// CHECK-NEXT:      "emitc.constant"()
// CHECK-NEXT:      %[[LO:.*]] = "emitc.variable"()
// CHECK-NEXT:      %[[HI:.*]] = "emitc.variable"()
// CHECK-NEXT:      verbatim "vintlv({}, {}, {}, {});"
// CHECK-NEXT:      %[[V:.*]] = load %[[LO]]
// CHECK-NEXT:      verbatim "vsts({}, {}, {}, NORM_B32, PAT_ALL);" args %[[V]], %[[DST]], %[[N]]
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    emitc.func @kernel(%{{.*}}: !emitc.ptr<!emitc.opaque<"__ubuf__ float">>, %{{.*}}: ui32) attributes {specifiers = ["__aicore__", "inline"]} {
// CHECK-NEXT:      %[[SAVED:.*]] = call_opaque "get_ctrl"() : () -> i64
// CHECK-NEXT:      verbatim "set_ctrl(({} & ~0x1805000000000000LL) | 0x1001000000000000LL); // CTRL[60]=1 (global saturation), CTRL[48]=1 (float inf/NaN), CTRL[59]=0 (int saturating), CTRL[50]=0" args %[[SAVED]]
// CHECK-NEXT:      call_opaque "asc_vf_call"(%{{.*}}, %{{.*}}) {template_args = [#emitc.opaque<"kernel_vf">]}
// CHECK-NEXT:      verbatim "set_ctrl({});" args %[[SAVED]]
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// A function with results is no kernel: unchanged.
// CHECK-NEXT:    emitc.func @helper(%{{.*}}: ui32) -> ui32 {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
module attributes {ascreg.semantics = "sum.rounding=round_once"} {
  emitc.func @kernel(%dst: !emitc.ptr<!emitc.opaque<"__ubuf__ float">>, %n: ui32) attributes {ascreg.ctrl = #ascreg.ctrl<saturation = global, float_overflow = inf_nan, int_overflow = saturate, fp8_nan = zero>} {
    %src = "emitc.constant"() <{value = #emitc.opaque<"vector_float()">}> : () -> !emitc.opaque<"vector_float">
    %lo = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"vector_float">>
    %hi = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"vector_float">>
    emitc.verbatim "vintlv({}, {}, {}, {});" args %lo, %hi, %src, %src : !emitc.lvalue<!emitc.opaque<"vector_float">>, !emitc.lvalue<!emitc.opaque<"vector_float">>, !emitc.opaque<"vector_float">, !emitc.opaque<"vector_float">
    %v = emitc.load %lo : <!emitc.opaque<"vector_float">>
    %unused = emitc.load %hi : <!emitc.opaque<"vector_float">>
    %wide = emitc.cast %n : ui32 to !emitc.size_t
    %back = emitc.cast %wide : !emitc.size_t to ui32
    emitc.verbatim "vsts({}, {}, {}, NORM_B32, PAT_ALL);" args %v, %dst, %back : !emitc.opaque<"vector_float">, !emitc.ptr<!emitc.opaque<"__ubuf__ float">>, ui32
    emitc.return
  }
  emitc.func @helper(%x: ui32) -> ui32 {
    emitc.return %x : ui32
  }
}

// -----

// Without a recorded profile only the header comes first; a kernel without
// the conversion's mark stays as it is.
// CHECK-LABEL: module {
// CHECK-NEXT:    emitc.include "c_api/asc_simd.h"
// CHECK-NEXT:    emitc.func @plain()
// CHECK-NOT:     specifiers
module {
  emitc.func @plain() {
    emitc.return
  }
}
