// A kernel whose symbol is no C++ identifier (the importer's
// `ReduceVF<int, short>`, `from_ub::GatherVF<...>`: docs/import.md) is
// emitted under a C++ name: each run of other characters as one `_`, unique
// in the translation unit. The emitted source used the symbol as written
// (`void ReduceVF<int, short>_vf(...)`), which no compiler takes.
// RUN: ascreg-translate --ascreg-to-ascendc %s | FileCheck %s

// CHECK: __simd_vf__ inline void ns_Copy_int_short_vf(
// CHECK: __aicore__ inline void ns_Copy_int_short(
// CHECK: asc_vf_call<ns_Copy_int_short_vf>(
// CHECK: __simd_vf__ inline void ns_Copy_int_short_2_vf(
// CHECK: __aicore__ inline void ns_Copy_int_short_2(
// CHECK: asc_vf_call<ns_Copy_int_short_2_vf>(
// A symbol that is an identifier keeps its name.
// CHECK: __simd_vf__ inline void plain_vf(
// CHECK: __aicore__ inline void plain(
module attributes {ascreg.target = "dav-3510"} {
  func.func @"ns::Copy<int, short>"(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
  func.func @"ns::Copy<int; short>"(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
  func.func @plain(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
