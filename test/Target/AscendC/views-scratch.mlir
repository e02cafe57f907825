// Memref views and UB scratch in the emitted Ascend C (docs/dav3510.md,
// "Emission conventions"): casts are the same pointer, subviews and
// reinterpret_casts pointer arithmetic, memref.dim the size the view was made
// with, and each static scratch buffer a __ubuf__ array the entry declares
// (ASCREG_UB_SCRATCH: `__ubuf__ T name[n]` for the vendor compiler, an array
// in the modelled UB for the host header) and passes to the vector function.
// unittests/Emission/ViewsTest.cpp runs the emitted kernel on the host.
// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/views/views_scratch.mlir | FileCheck %s
// CHECK: #include "c_api/asc_simd.h"
// CHECK-NEXT: #ifndef ASCREG_UB_SCRATCH
// CHECK-NEXT: #define ASCREG_UB_SCRATCH(T, name, n) __ubuf__ T name[n]
// CHECK-NEXT: #endif
// CHECK: __simd_vf__ inline void kernel_vf(__ubuf__ int32_t* [[SRC:v[0-9]+]], __ubuf__ int32_t* [[DST:v[0-9]+]], uint32_t [[OFF:v[0-9]+]], uint32_t [[LEN:v[0-9]+]], __ubuf__ int32_t* [[STAGE:v[0-9]+]], __ubuf__ int32_t* [[SUM:v[0-9]+]]) {
// The window: src + off; its dim is len.
// CHECK: [[SRC]] + [[OFF]]
// The upper half of the staging buffer, from the subview and from the
// reinterpret_cast of it (counted from the allocation).
// CHECK: [[STAGE]] + {{v[0-9]+}}
// CHECK: __aicore__ inline void kernel(__ubuf__ int32_t* [[A:v[0-9]+]], __ubuf__ int32_t* [[B:v[0-9]+]], uint32_t [[C:v[0-9]+]], uint32_t [[D:v[0-9]+]]) {
// CHECK-NEXT: ASCREG_UB_SCRATCH(int32_t, ub_scratch0, 128);
// CHECK-NEXT: ASCREG_UB_SCRATCH(int32_t, ub_scratch1, 64);
// CHECK: asc_vf_call<kernel_vf>([[A]], [[B]], [[C]], [[D]], ub_scratch0, ub_scratch1);

// A scratch buffer of a dynamic size has no fixed-size __ubuf__ array.
// RUN: not ascreg-translate --ascreg-to-ascendc %s 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: views-scratch.mlir:[[@LINE+5]]:10: error: 'memref.alloc' op of a dynamic size has no Ascend C form: the emitted entry declares UB scratch as __ubuf__ arrays of a size fixed at compile time; allocate the largest size the kernel needs and take a memref.subview of it
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %t = memref.alloc(%n) : memref<?xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %t[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
