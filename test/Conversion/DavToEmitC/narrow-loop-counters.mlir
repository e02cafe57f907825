// ascreg-emitc-narrow-loop-counters: an emitc.for from 0 in steps of 1 (what
// ascreg-dav-normalize-loops made of every loop) counts in a uint16_t, the
// hardware loop counter; the body reads it widened to its former type.
// RUN: ascreg-opt %s --ascreg-emitc-narrow-loop-counters | FileCheck %s
// RUN: ascreg-opt %s --ascreg-emitc-narrow-loop-counters | ascreg-translate --mlir-to-cpp | FileCheck %s --check-prefix=CPP

// CHECK-LABEL: emitc.func @kernel(
// CHECK-SAME:    %[[DST:.*]]: !emitc.ptr<!emitc.opaque<"__ubuf__ int32_t">>, %[[N:.*]]: ui32)
// CHECK:         %[[C0:.*]] = "emitc.constant"() <{value = 0 : ui16}> : () -> ui16
// CHECK-NEXT:    %[[C1:.*]] = "emitc.constant"() <{value = 1 : ui16}> : () -> ui16
// CHECK-NEXT:    %[[TRIPS:.*]] = cast %[[N]] : ui32 to ui16
// CHECK-NEXT:    for %[[I:.*]] = %[[C0]] to %[[TRIPS]] step %[[C1]]  : ui16 {
// CHECK-NEXT:      %[[WIDE:.*]] = cast %[[I]] : ui16 to ui32
// CHECK-NEXT:      verbatim "{}[{}] = 7;" args %[[DST]], %[[WIDE]]
// A loop from 2 is not in the hardware form: its counter stays.
// CHECK:         for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}}  : ui32 {
// CPP: for (uint16_t [[I:i[0-9]+]] = {{v[0-9]+}}; [[I]] < {{v[0-9]+}}; [[I]] += {{v[0-9]+}}) {
// CPP-NEXT: uint32_t [[W:v[0-9]+]] = (uint32_t) [[I]];
// CPP-NEXT: {{v[0-9]+}}[[[W]]] = 7;
// CPP: for (uint32_t
module {
  emitc.func @kernel(%dst: !emitc.ptr<!emitc.opaque<"__ubuf__ int32_t">>, %n: ui32) {
    %c0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %c1 = "emitc.constant"() <{value = 1 : ui32}> : () -> ui32
    %c2 = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    emitc.for %i = %c0 to %n step %c1 : ui32 {
      emitc.verbatim "{}[{}] = 7;" args %dst, %i : !emitc.ptr<!emitc.opaque<"__ubuf__ int32_t">>, ui32
    }
    emitc.for %j = %c2 to %n step %c1 : ui32 {
      emitc.verbatim "{}[{}] = 8;" args %dst, %j : !emitc.ptr<!emitc.opaque<"__ubuf__ int32_t">>, ui32
    }
    emitc.return
  }
}
