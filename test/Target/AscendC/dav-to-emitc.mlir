// The emission passes on dav input (ascreg-emit-ascendc): the EmitC form of
// the intrinsics (variable + verbatim with {} arguments + load; call_opaque
// for pset; cast for reinterpret), the UB pointer types and the kernel
// specifiers: the vector function kernel_vf and its entry kernel, which sets
// CTRL.
// RUN: ascreg-opt %s --ascreg-emit-ascendc | FileCheck %s
// RUN: ascreg-opt %s --ascreg-emit-ascendc | ascreg-translate --mlir-to-cpp | FileCheck %s --check-prefix=CPP

// CHECK-LABEL: emitc.func @kernel_vf(
// CHECK-SAME:    %[[BASE:.*]]: !emitc.ptr<!emitc.opaque<"__ubuf__ int8_t">>, %[[IDX:.*]]: !emitc.ptr<!emitc.opaque<"__ubuf__ int16_t">>, %[[OUT:.*]]: !emitc.ptr<!emitc.opaque<"__ubuf__ float">>, %[[N:.*]]: i32)
// CHECK-SAME:    attributes {specifiers = ["__simd_vf__", "inline"]}
// CHECK:         %[[ALL:.*]] = call_opaque "pset_b16"() {args = [#emitc.opaque<"PAT_ALL">]} : () -> !emitc.opaque<"vector_bool">
// CHECK:         %[[IV:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"vector_uint16_t">>
// CHECK:         verbatim "vlds({}, {}, {}, NORM);" args %[[IV]], %{{.*}}, %{{.*}} : !emitc.lvalue<!emitc.opaque<"vector_uint16_t">>, !emitc.ptr<!emitc.opaque<"__ubuf__ uint16_t">>, ui32
// CHECK:         %[[I:.*]] = load %[[IV]]
// CHECK:         %[[U8:.*]] = cast %[[BASE]] : !emitc.ptr<!emitc.opaque<"__ubuf__ int8_t">> to !emitc.ptr<!emitc.opaque<"__ubuf__ uint8_t">>
// CHECK:         verbatim "vgather2({}, {}, {}, {});" args %{{.*}}, %[[U8]], %[[I]], %[[ALL]]
// CHECK:         verbatim "vsts({}, {}, {}, NORM_B16, {});"
// CHECK:         verbatim "{} = plt_b32({}, POST_UPDATE);"
// CHECK:         verbatim "vci({}, {}, INC_ORDER);"
// CHECK:         cast %{{.*}} : !emitc.opaque<"vector_int32_t"> to !emitc.opaque<"vector_float">
// CHECK:         verbatim "vcmp_ge({}, {}, {}, {});"
// CHECK:         verbatim "vdup({}, {}, {}, POS_LOWEST, MODE_ZEROING);"
// CHECK:         verbatim "vsts({}, {}, {}, NORM_B32, {});"
// CHECK:         verbatim "{} = {}[{}];"
// CHECK:         verbatim "{}[{}] = {};"
// CHECK:         return
// CHECK-LABEL: emitc.func @kernel(
// CHECK-SAME:    attributes {specifiers = ["__aicore__", "inline"]}
// CHECK:         %[[CTRL:.*]] = call_opaque "get_ctrl"() : () -> i64
// CHECK:         verbatim "set_ctrl(({} & ~0x1805000000000000LL) | 0x1001000000000000LL);
// CHECK:         call_opaque "asc_vf_call"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {template_args = [#emitc.opaque<"kernel_vf">]}
// CHECK:         verbatim "set_ctrl({});" args %[[CTRL]]

// CPP: __simd_vf__ inline void kernel_vf(__ubuf__ int8_t* [[BASE:v[0-9]+]], __ubuf__ int16_t* [[IDX:v[0-9]+]], __ubuf__ float* [[OUT:v[0-9]+]], int32_t [[N:v[0-9]+]]) {
// CPP:         vector_bool [[ALL:v[0-9]+]] = pset_b16(PAT_ALL);
// CPP:         __ubuf__ uint16_t* [[IDXU:v[0-9]+]] = (__ubuf__ uint16_t*) [[IDX]];
// CPP:         vlds({{v[0-9]+}}, [[IDXU]], {{v[0-9]+}}, NORM);
// CPP:         __ubuf__ uint8_t* [[B8:v[0-9]+]] = (__ubuf__ uint8_t*) [[BASE]];
// CPP:         vgather2({{v[0-9]+}}, [[B8]], {{v[0-9]+}}, [[ALL]]);
// CPP:         vsts({{v[0-9]+}}, [[IDXU2:v[0-9]+]], {{v[0-9]+}}, NORM_B16, [[ALL]]);
// CPP:         = plt_b32({{v[0-9]+}}, POST_UPDATE);
// CPP:         vci({{v[0-9]+}}, {{v[0-9]+}}, INC_ORDER);
// CPP:         vector_float {{v[0-9]+}} = (vector_float) {{v[0-9]+}};
// CPP:         vcmp_ge(
// CPP:         vdup({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, POS_LOWEST, MODE_ZEROING);
// CPP:         vsts({{v[0-9]+}}, [[OUT]], {{v[0-9]+}}, NORM_B32, {{v[0-9]+}});
// CPP:         float [[X:v[0-9]+]];
// CPP-NEXT:    [[X]] = [[OUT]][{{v[0-9]+}}];
// CPP:         [[OUT]][{{v[0-9]+}}] = {{v[0-9]+}};
module {
  func.func @kernel(%base: memref<?xi8>, %idx: memref<?xi16>, %out: memref<64xf32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %all = dav.pset_b16 <ALL>
    %i = dav.vlds %idx[%c0] : memref<?xi16> -> !ascreg.vreg<128xu16>
    %g = dav.vgather2 %base[%i], %all : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
    dav.vsts %g, %idx[%c0], %all : !ascreg.vreg<128xu16>, memref<?xi16>
    %m, %rest = dav.plt_b32 %n
    %a = dav.vci %c0_i32 : i32 -> !ascreg.vreg<64xi32>
    %f = dav.reinterpret %a : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
    %ge = dav.vcmp <ge> %f, %f, %m : !ascreg.vreg<64xf32>
    %d = dav.vdup_lane0 %f, %ge : !ascreg.vreg<64xf32>
    dav.vsts %d, %out[%c0], %m : !ascreg.vreg<64xf32>, memref<64xf32>
    %x = memref.load %out[%c0] : memref<64xf32>
    memref.store %x, %out[%c1] : memref<64xf32>
    return
  }
}
