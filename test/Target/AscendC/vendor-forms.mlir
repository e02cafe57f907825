// The forms the vendor compiler (bisheng --npu-arch=dav-3510) needs beyond
// the intrinsic names (docs/dav3510.md, "Vendor forms"), one module each.
// RUN: ascreg-translate --ascreg-to-ascendc --split-input-file %s | FileCheck %s

// Scalar constants: f16 / bf16 are the vendor's half / bfloat16_t, and every
// float constant that a decimal cannot spell (here NaNs with a sign and a
// payload) is its exact bits through __builtin_bit_cast; a finite f32 keeps
// the round-trip decimal. The file is a complete translation unit: the C
// API's umbrella header comes first. No 64-bit index arithmetic remains.
// CHECK-LABEL: #include "c_api/asc_simd.h"
// CHECK-NEXT:  __simd_vf__ inline void kernel_vf(__ubuf__ half* {{v[0-9]+}}, __ubuf__ bfloat16_t* {{v[0-9]+}}, __ubuf__ float* {{v[0-9]+}}) {
// CHECK-NOT:   size_t
// CHECK:         half [[H:v[0-9]+]] = __builtin_bit_cast(half, (uint16_t)0x7C01U);
// CHECK-NEXT:    bfloat16_t [[B:v[0-9]+]] = __builtin_bit_cast(bfloat16_t, (uint16_t)0xFF81U);
// CHECK-NEXT:    float [[F:v[0-9]+]] = __builtin_bit_cast(float, (uint32_t)0xFFC12345U);
// CHECK-NEXT:    float [[ONE:v[0-9]+]] = 1.000000000e+00f;
// CHECK:         vbr({{v[0-9]+}}, [[H]]);
// CHECK:         vbr({{v[0-9]+}}, [[B]]);
// CHECK:         vbr({{v[0-9]+}}, [[F]]);
// CHECK:         vbr({{v[0-9]+}}, [[ONE]]);
// CHECK:         return;
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%out16: memref<128xf16>, %outb: memref<128xbf16>, %out32: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %h = arith.constant 0x7C01 : f16
    %b = arith.constant 0xFF81 : bf16
    %f = arith.constant 0xFFC12345 : f32
    %one = arith.constant 1.0 : f32
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %vh = ascreg.duplicate %h : f16 -> !ascreg.vreg<128xf16>
    %vb = ascreg.duplicate %b : bf16 -> !ascreg.vreg<128xbf16>
    %vf = ascreg.duplicate %f : f32 -> !ascreg.vreg<64xf32>
    %v1 = ascreg.duplicate %one : f32 -> !ascreg.vreg<64xf32>
    %s = ascreg.add %vf, %v1, %all32 : !ascreg.vreg<64xf32>
    ascreg.store_align %vh, %out16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<128xf16>
    ascreg.store_align %vb, %outb[%c0], %all16 : !ascreg.vreg<128xbf16>, memref<128xbf16>
    ascreg.store_align %s, %out32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}

// -----

// A loop from %lo to %hi in steps of 2 is a hardware loop: a uint16_t counter
// from 0 in steps of 1 over (hi - lo + 1) / 2 trips (0 when hi <= lo, compared
// signed like scf.for), with the original value lo + i * 2 and the offset
// derived from the counter in 32-bit arithmetic. Index parameters are uint32_t.
// CHECK-LABEL: #include "c_api/asc_simd.h"
// CHECK-NEXT:  __simd_vf__ inline void kernel_vf(__ubuf__ float* [[SRC:v[0-9]+]], __ubuf__ float* [[DST:v[0-9]+]], uint32_t [[LO:v[0-9]+]], uint32_t [[HI:v[0-9]+]]) {
// CHECK-NOT:   size_t
// CHECK:         uint32_t [[SPAN:v[0-9]+]] = [[HI]] - [[LO]];
// CHECK-NEXT:    uint32_t [[UP:v[0-9]+]] = [[SPAN]] + {{v[0-9]+}};
// CHECK-NEXT:    uint32_t [[COUNT:v[0-9]+]] = [[UP]] / [[TWO:v[0-9]+]];
// CHECK-NEXT:    int32_t [[HIS:v[0-9]+]] = (int32_t) [[HI]];
// CHECK-NEXT:    int32_t [[LOS:v[0-9]+]] = (int32_t) [[LO]];
// CHECK-NEXT:    bool [[NONEMPTY:v[0-9]+]] = [[HIS]] > [[LOS]];
// CHECK-NEXT:    uint32_t [[TRIPS:v[0-9]+]] = [[NONEMPTY]] ? [[COUNT]] : {{v[0-9]+}};
// CHECK-NEXT:    uint16_t [[Z:v[0-9]+]] = 0;
// CHECK-NEXT:    uint16_t [[ONE:v[0-9]+]] = 1;
// CHECK-NEXT:    uint16_t [[N:v[0-9]+]] = (uint16_t) [[TRIPS]];
// CHECK-NEXT:    for (uint16_t [[I:i[0-9]+]] = [[Z]]; [[I]] < [[N]]; [[I]] += [[ONE]]) {
// CHECK-NEXT:      uint32_t [[IW:v[0-9]+]] = (uint32_t) [[I]];
// CHECK-NEXT:      uint32_t [[STEPS:v[0-9]+]] = [[IW]] * [[TWO]];
// CHECK-NEXT:      uint32_t [[R:v[0-9]+]] = [[LO]] + [[STEPS]];
// CHECK-NEXT:      uint32_t [[OFF:v[0-9]+]] = [[R]] * {{v[0-9]+}};
// CHECK-NEXT:      vector_float [[V:v[0-9]+]];
// CHECK-NEXT:      vlds([[V]], [[SRC]], [[OFF]], NORM);
// CHECK-NEXT:      vector_float [[VV:v[0-9]+]] = [[V]];
// CHECK-NEXT:      vsts([[VV]], [[DST]], [[OFF]], NORM_B32, {{v[0-9]+}});
// CHECK-NEXT:    }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %lo: index, %hi: index) {
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    scf.for %r = %lo to %hi step %c2 {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %v, %dst[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}

// -----

// gather_reg on f32 lanes: vselr on the u32 view (the vendor never calls
// vselr on vector_float). UB barriers: a vector store read back by a vector
// load of the same buffer needs mem_bar(VST_VLD), by a scalar load
// mem_bar(VST_LD), and a scalar store read by a vector load mem_bar(ST_VLD);
// the load of the index buffer (another kernel argument) needs none, and a
// barrier covers every earlier store of its kind (one VST_VLD before the last
// load although two vsts precede it).
// CHECK-LABEL: #include "c_api/asc_simd.h"
// CHECK-NEXT:  __simd_vf__ inline void kernel_vf(__ubuf__ float* [[BUF:v[0-9]+]], __ubuf__ int32_t* [[IDX:v[0-9]+]]) {
// CHECK-NOT:     mem_bar
// CHECK:         vector_uint32_t [[SRCU:v[0-9]+]] = (vector_uint32_t) {{v[0-9]+}};
// CHECK-NEXT:    vector_uint32_t [[G:v[0-9]+]];
// CHECK-NEXT:    vselr([[G]], [[SRCU]], {{v[0-9]+}});
// CHECK-NEXT:    vector_uint32_t [[GG:v[0-9]+]] = [[G]];
// CHECK-NEXT:    vector_float [[GF:v[0-9]+]] = (vector_float) [[GG]];
// CHECK-NEXT:    vsts([[GF]], [[BUF]], {{v[0-9]+}}, NORM_B32, {{v[0-9]+}});
// CHECK-NEXT:    mem_bar(VST_VLD);
// CHECK-NEXT:    vector_float {{v[0-9]+}};
// CHECK-NEXT:    vlds({{v[0-9]+}}, [[BUF]], {{v[0-9]+}}, NORM);
// CHECK-NOT:     mem_bar
// CHECK:         vsts({{v[0-9]+}}, [[BUF]], {{v[0-9]+}}, NORM_B32, {{v[0-9]+}});
// CHECK-NEXT:    mem_bar(VST_LD);
// CHECK-NEXT:    float [[X:v[0-9]+]];
// CHECK-NEXT:    [[X]] = [[BUF]][{{v[0-9]+}}];
// CHECK-NEXT:    float [[XX:v[0-9]+]] = [[X]];
// CHECK-NEXT:    [[BUF]][{{v[0-9]+}}] = [[XX]];
// CHECK-NEXT:    mem_bar(VST_VLD);
// CHECK-NEXT:    mem_bar(ST_VLD);
// CHECK-NEXT:    vector_float {{v[0-9]+}};
// CHECK-NEXT:    vlds({{v[0-9]+}}, [[BUF]], {{v[0-9]+}}, NORM);
// CHECK-NOT:     mem_bar
// CHECK:         return;
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%buf: memref<128xf32>, %idx: memref<64xi32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %buf[%c0] : memref<128xf32> -> !ascreg.vreg<64xf32>
    %i = ascreg.load_align %idx[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32>
    %g = ascreg.gather_reg %v[%i] : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
    ascreg.store_align %g, %buf[%c64], %all : !ascreg.vreg<64xf32>, memref<128xf32>
    %w = ascreg.load_align %buf[%c64] : memref<128xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %w, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
    %x = memref.load %buf[%c0] : memref<128xf32>
    memref.store %x, %buf[%c64] : memref<128xf32>
    %y = ascreg.load_align %buf[%c64] : memref<128xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %y, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
    return
  }
}

// -----

// A store in a loop reaches the loads of the next iteration: the load at the
// top of the body gets mem_bar(VST_VLD) (the first iteration's barrier is
// redundant, never missing).
// CHECK-LABEL: #include "c_api/asc_simd.h"
// CHECK:         for (uint16_t
// CHECK:           mem_bar(VST_VLD);
// CHECK-NEXT:      vector_float {{v[0-9]+}};
// CHECK-NEXT:      vlds(
// CHECK-NOT:       mem_bar
// CHECK:           vsts(
// CHECK-NEXT:    }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%buf: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    scf.for %r = %c0 to %n step %c1 {
      %v = ascreg.load_align %buf[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %s = ascreg.add %v, %v, %all : !ascreg.vreg<64xf32>
      ascreg.store_align %s, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
