// The Ascend C pipeline is one list of registered passes: ascreg-opt's
// --ascreg-to-ascendc, the same passes spelled out, and the EmitC printed by
// ascreg-translate --mlir-to-cpp give exactly the source of
// ascreg-translate --ascreg-to-ascendc.
// RUN: ascreg-translate --ascreg-to-ascendc %s -o %t.direct.cpp
// RUN: ascreg-opt %s --ascreg-to-ascendc | ascreg-translate --mlir-to-cpp -o %t.pipeline.cpp
// RUN: diff %t.direct.cpp %t.pipeline.cpp
// RUN: ascreg-opt %s --pass-pipeline='builtin.module(convert-ascreg-to-dav,canonicalize,cse,ascreg-dav-unsigned-vselr,ascreg-dav-normalize-loops,ascreg-dav-insert-mem-barriers,convert-dav-to-emitc,ascreg-emitc-narrow-loop-counters,ascreg-emitc-finalize-ascendc)' | ascreg-translate --mlir-to-cpp -o %t.passes.cpp
// RUN: diff %t.direct.cpp %t.passes.cpp
// The kernel has what every pass changes: a gather_reg on f32 lanes, a loop
// with a step, a store read back by a load.
// RUN: FileCheck %s < %t.direct.cpp
// CHECK: #include "c_api/asc_simd.h"
// CHECK: __simd_vf__ inline void kernel_vf(
// CHECK: for (uint16_t
// CHECK: mem_bar(VST_VLD);
// CHECK: vselr(
// CHECK: __aicore__ inline void kernel(
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%buf: memref<?xf32>, %idx: memref<64xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %i = ascreg.load_align %idx[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32>
    scf.for %off = %c0 to %n step %c64 {
      %v = ascreg.load_align %buf[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %g = ascreg.gather_reg %v[%i] : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
      ascreg.store_align %g, %buf[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
