// Round trip of every dav op, in custom and generic form.
// RUN: ascreg-opt %s | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --mlir-print-op-generic | ascreg-opt | FileCheck %s
// RUN: ascreg-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ascreg-opt %s --verify-roundtrip

// Predicates: pset_bN with every pattern, plt_bN (POST_UPDATE), the governed
// logic ops, pack / unpack of both halves and the 32-bit interleave.
// CHECK-LABEL: @predicates
func.func @predicates(%n: i32, %a: !ascreg.mask, %b: !ascreg.mask, %g: !ascreg.mask) {
  // CHECK: dav.pset_b8 <ALL>
  %p0 = dav.pset_b8 <ALL>
  // CHECK: dav.pset_b8 <VL1>
  %p1 = dav.pset_b8 <VL1>
  // CHECK: dav.pset_b8 <VL2>
  %p2 = dav.pset_b8 <VL2>
  // CHECK: dav.pset_b8 <VL3>
  %p3 = dav.pset_b8 <VL3>
  // CHECK: dav.pset_b8 <VL4>
  %p4 = dav.pset_b8 <VL4>
  // CHECK: dav.pset_b16 <VL8>
  %p5 = dav.pset_b16 <VL8>
  // CHECK: dav.pset_b16 <VL16>
  %p6 = dav.pset_b16 <VL16>
  // CHECK: dav.pset_b16 <VL32>
  %p7 = dav.pset_b16 <VL32>
  // CHECK: dav.pset_b16 <VL64>
  %p8 = dav.pset_b16 <VL64>
  // CHECK: dav.pset_b16 <VL128>
  %p9 = dav.pset_b16 <VL128>
  // CHECK: dav.pset_b32 <M3>
  %p10 = dav.pset_b32 <M3>
  // CHECK: dav.pset_b32 <M4>
  %p11 = dav.pset_b32 <M4>
  // CHECK: dav.pset_b32 <H>
  %p12 = dav.pset_b32 <H>
  // CHECK: dav.pset_b32 <Q>
  %p13 = dav.pset_b32 <Q>
  // CHECK: dav.pset_b32 <ALLF>
  %p14 = dav.pset_b32 <ALLF>
  // CHECK: %{{.*}}, %[[R8:.*]] = dav.plt_b8 %{{.*}}
  %m8, %r8 = dav.plt_b8 %n
  // CHECK: dav.plt_b16 %[[R8]]
  %m16, %r16 = dav.plt_b16 %r8
  // CHECK: dav.plt_b32 %{{.*}}
  %m32, %r32 = dav.plt_b32 %r16
  // CHECK: %[[AND:.*]] = dav.pand %{{.*}}, %{{.*}}, %{{.*}}
  %and = dav.pand %a, %b, %g
  // CHECK: dav.por %[[AND]], %{{.*}}, %{{.*}}
  %or = dav.por %and, %b, %g
  // CHECK: dav.pnot %{{.*}}, %{{.*}}
  %not = dav.pnot %or, %g
  // CHECK: dav.ppack %{{.*}} <lower>
  %pl = dav.ppack %not <lower>
  // CHECK: dav.ppack %{{.*}} <higher>
  %ph = dav.ppack %not <higher>
  // CHECK: dav.punpack %{{.*}} <lower>
  %ul = dav.punpack %pl <lower>
  // CHECK: dav.punpack %{{.*}} <higher>
  %uh = dav.punpack %ph <higher>
  // CHECK: %{{.*}}, %{{.*}} = dav.pintlv_b32 %{{.*}}, %{{.*}}
  %lo, %hi = dav.pintlv_b32 %ul, %uh
  return
}

// Loads and stores: same width and kind, a signless integer buffer read as
// either signedness, a 64-bit integer buffer as 32-bit words, static sizes,
// and the de-interleaving load.
// CHECK-LABEL: @data_movement
func.func @data_movement(%f: memref<?xf32>, %s: memref<64xf32>, %h: memref<?xi16>, %bf: memref<?xbf16>,
                         %b8: memref<?xui8>, %w: memref<?xi64>, %uw: memref<?xui64>, %sw: memref<?xsi32>,
                         %off: index, %m: !ascreg.mask) {
  // CHECK: %[[V:.*]] = dav.vlds %{{.*}}[%{{.*}}] : memref<?xf32> -> !ascreg.vreg<64xf32>
  %v = dav.vlds %f[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vsts %[[V]], %{{.*}}[%{{.*}}], %{{.*}} : !ascreg.vreg<64xf32>, memref<64xf32>
  dav.vsts %v, %s[%off], %m : !ascreg.vreg<64xf32>, memref<64xf32>
  // Barriers of every kind (the pipes a later load waits for).
  // CHECK: dav.mem_bar <VST_LD>
  dav.mem_bar <VST_LD>
  // CHECK: dav.mem_bar <VST_VLD>
  dav.mem_bar <VST_VLD>
  // CHECK: dav.mem_bar <ST_VLD>
  dav.mem_bar <ST_VLD>
  // CHECK: dav.vlds %{{.*}}[%{{.*}}] : memref<?xi16> -> !ascreg.vreg<128xu16>
  %u = dav.vlds %h[%off] : memref<?xi16> -> !ascreg.vreg<128xu16>
  // CHECK: dav.vlds %{{.*}}[%{{.*}}] : memref<?xi16> -> !ascreg.vreg<128xi16>
  %i = dav.vlds %h[%off] : memref<?xi16> -> !ascreg.vreg<128xi16>
  // CHECK: dav.vsts %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : !ascreg.vreg<128xu16>, memref<?xi16>
  dav.vsts %u, %h[%off], %m : !ascreg.vreg<128xu16>, memref<?xi16>
  // CHECK: dav.vlds %{{.*}}[%{{.*}}] : memref<?xbf16> -> !ascreg.vreg<128xbf16>
  %bv = dav.vlds %bf[%off] : memref<?xbf16> -> !ascreg.vreg<128xbf16>
  // CHECK: dav.vlds %{{.*}}[%{{.*}}] : memref<?xui8> -> !ascreg.vreg<256xu8>
  %cv = dav.vlds %b8[%off] : memref<?xui8> -> !ascreg.vreg<256xu8>
  // CHECK: dav.vsts %{{.*}} : !ascreg.vreg<256xu8>, memref<?xui8>
  dav.vsts %cv, %b8[%off], %m : !ascreg.vreg<256xu8>, memref<?xui8>
  // CHECK: %[[WV:.*]] = dav.vlds %{{.*}}[%{{.*}}] : memref<?xi64> -> !ascreg.vreg<64xu32>
  %wv = dav.vlds %w[%off] : memref<?xi64> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vsts %[[WV]], %{{.*}} : !ascreg.vreg<64xu32>, memref<?xui64>
  dav.vsts %wv, %uw[%off], %m : !ascreg.vreg<64xu32>, memref<?xui64>
  // CHECK: dav.vlds %{{.*}}[%{{.*}}] : memref<?xsi32> -> !ascreg.vreg<64xi32>
  %sv = dav.vlds %sw[%off] : memref<?xsi32> -> !ascreg.vreg<64xi32>
  // CHECK: %{{.*}}, %{{.*}} = dav.vlds_dintlv_b32 %{{.*}}[%{{.*}}] : memref<?xi64> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
  %lo, %hi = dav.vlds_dintlv_b32 %w[%off] : memref<?xi64> -> !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
  // CHECK: dav.vlds_dintlv_b32 %{{.*}}[%{{.*}}] : memref<?xui64> -> !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>
  %ulo, %uhi = dav.vlds_dintlv_b32 %uw[%off] : memref<?xui64> -> !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>
  // CHECK: dav.vlds_dintlv_b32 %{{.*}}[%{{.*}}] : memref<?xf32> -> !ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>
  %flo, %fhi = dav.vlds_dintlv_b32 %f[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>
  return
}

// Every legal reduce type pair of vcadd / vcmax / vcmin, and vcpadd.
// CHECK-LABEL: @reductions
func.func @reductions(%h: !ascreg.vreg<128xf16>, %f: !ascreg.vreg<64xf32>, %i16: !ascreg.vreg<128xi16>,
                      %u16: !ascreg.vreg<128xu16>, %i32: !ascreg.vreg<64xi32>, %u32: !ascreg.vreg<64xu32>,
                      %m: !ascreg.mask) {
  // CHECK: dav.vcadd %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %s0 = dav.vcadd %h, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vcadd %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  %s1 = dav.vcadd %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vcadd %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  %s2 = dav.vcadd %i16, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vcadd %{{.*}}, %{{.*}} : !ascreg.vreg<128xu16> -> !ascreg.vreg<64xu32>
  %s3 = dav.vcadd %u16, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vcadd %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  %s4 = dav.vcadd %i32, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vcadd %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  %s5 = dav.vcadd %u32, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vcmax %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  %x0 = dav.vcmax %i16, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  // CHECK: dav.vcmax %{{.*}}, %{{.*}} : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  %x1 = dav.vcmax %u16, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  // CHECK: dav.vcmax %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %x2 = dav.vcmax %h, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vcmax %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  %x3 = dav.vcmax %i32, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vcmax %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  %x4 = dav.vcmax %u32, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vcmax %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  %x5 = dav.vcmax %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vcmin %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  %n0 = dav.vcmin %i16, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<128xi16>
  // CHECK: dav.vcmin %{{.*}}, %{{.*}} : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  %n1 = dav.vcmin %u16, %m : !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  // CHECK: dav.vcmin %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %n2 = dav.vcmin %h, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vcmin %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  %n3 = dav.vcmin %i32, %m : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vcmin %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  %n4 = dav.vcmin %u32, %m : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vcmin %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  %n5 = dav.vcmin %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vcpadd %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  %p0 = dav.vcpadd %h, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vcpadd %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  %p1 = dav.vcpadd %f, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
  return
}

// vgather2 with the buffer's own unit (8-bit sources widen into 16-bit lanes
// of either signedness), with an explicit `unit` equal to the buffer element,
// and a 64-bit buffer gathered as 32-bit words (`unit = i32`); vselr of 8-,
// 16- and 32-bit data.
// CHECK-LABEL: @gathers
func.func @gathers(%b8: memref<?xi8>, %h: memref<?xf16>, %bf: memref<?xbf16>, %w32: memref<?xi32>,
                   %f32: memref<?xf32>, %w64: memref<?xi64>, %u64: memref<?xui64>,
                   %i8: !ascreg.vreg<256xu8>, %i16: !ascreg.vreg<128xu16>, %i32: !ascreg.vreg<64xu32>,
                   %d8: !ascreg.vreg<256xi8>, %d16: !ascreg.vreg<128xf16>, %d32: !ascreg.vreg<64xf32>,
                   %m: !ascreg.mask) {
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  %g0 = dav.vgather2 %b8[%i16], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  %g1 = dav.vgather2 %b8[%i16], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xu16>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
  %g2 = dav.vgather2 %h[%i16], %m : memref<?xf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xbf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xbf16>
  %g3 = dav.vgather2 %bf[%i16], %m : memref<?xbf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xbf16>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
  %g4 = dav.vgather2 %w32[%i32], %m : memref<?xi32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} : memref<?xi32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  %g5 = dav.vgather2 %w32[%i32], %m : memref<?xi32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} {unit = f32} : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  %g6 = dav.vgather2 %f32[%i32], %m {unit = f32} : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} {unit = i32} : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  %g7 = dav.vgather2 %w64[%i32], %m {unit = i32} : memref<?xi64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vgather2 %{{.*}}[%{{.*}}], %{{.*}} {unit = i32} : memref<?xui64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
  %g8 = dav.vgather2 %u64[%i32], %m {unit = i32} : memref<?xui64>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vselr %{{.*}}, %{{.*}} : !ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>
  %r0 = dav.vselr %d8, %i8 : !ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>
  // CHECK: dav.vselr %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
  %r1 = dav.vselr %d16, %i16 : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
  // CHECK: dav.vselr %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
  %r2 = dav.vselr %d32, %i32 : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
  return
}

// Broadcasts, arange, compare with every predicate, select, the lane-wise
// binary and scalar-operand ops, interleaves and reinterpret.
// CHECK-LABEL: @lanewise
func.func @lanewise(%x: f32, %h: f16, %k: i32, %s: i16, %a: !ascreg.vreg<64xf32>, %u: !ascreg.vreg<64xu32>,
                    %w: !ascreg.vreg<128xi16>, %m: !ascreg.mask) {
  // CHECK: dav.vbr %{{.*}} : f32 -> !ascreg.vreg<64xf32>
  %b0 = dav.vbr %x : f32 -> !ascreg.vreg<64xf32>
  // CHECK: dav.vbr %{{.*}} : i32 -> !ascreg.vreg<64xu32>
  %b1 = dav.vbr %k : i32 -> !ascreg.vreg<64xu32>
  // CHECK: dav.vdup %{{.*}}, %{{.*}} : f16 -> !ascreg.vreg<128xf16>
  %d0 = dav.vdup %h, %m : f16 -> !ascreg.vreg<128xf16>
  // CHECK: dav.vdup %{{.*}}, %{{.*}} : i16 -> !ascreg.vreg<128xi16>
  %d1 = dav.vdup %s, %m : i16 -> !ascreg.vreg<128xi16>
  // CHECK: dav.vdup_lane0 %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %l0 = dav.vdup_lane0 %a, %m : !ascreg.vreg<64xf32>
  // CHECK: dav.vci %{{.*}} : i32 -> !ascreg.vreg<64xi32>
  %c0 = dav.vci %k : i32 -> !ascreg.vreg<64xi32>
  // CHECK: dav.vci %{{.*}} : f16 -> !ascreg.vreg<128xf16>
  %c1 = dav.vci %h : f16 -> !ascreg.vreg<128xf16>
  // CHECK: dav.vci %{{.*}} : f32 -> !ascreg.vreg<64xf32>
  %c2 = dav.vci %x : f32 -> !ascreg.vreg<64xf32>
  // CHECK: dav.vcmp <eq> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %q0 = dav.vcmp <eq> %a, %b0, %m : !ascreg.vreg<64xf32>
  // CHECK: dav.vcmp <ne> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
  %q1 = dav.vcmp <ne> %u, %b1, %m : !ascreg.vreg<64xu32>
  // CHECK: dav.vcmp <lt> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16>
  %q2 = dav.vcmp <lt> %w, %d1, %m : !ascreg.vreg<128xi16>
  // CHECK: dav.vcmp <le> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xf16>
  %q3 = dav.vcmp <le> %d0, %c1, %m : !ascreg.vreg<128xf16>
  // CHECK: dav.vcmp <gt> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xi32>
  %q4 = dav.vcmp <gt> %c0, %c0, %m : !ascreg.vreg<64xi32>
  // CHECK: dav.vcmp <ge> %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %q5 = dav.vcmp <ge> %c2, %l0, %q0 : !ascreg.vreg<64xf32>
  // CHECK: dav.vsel %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %sel = dav.vsel %a, %b0, %q5 : !ascreg.vreg<64xf32>
  // CHECK: dav.vadd %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32>
  %add = dav.vadd %sel, %a, %m : !ascreg.vreg<64xf32>
  // CHECK: dav.vmax %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16>
  %max = dav.vmax %w, %d1, %m : !ascreg.vreg<128xi16>
  // CHECK: dav.vmin %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
  %min = dav.vmin %u, %b1, %m : !ascreg.vreg<64xu32>
  // CHECK: dav.vand %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
  %and = dav.vand %min, %u, %m : !ascreg.vreg<64xu32>
  // CHECK: dav.vadds %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, i32
  %adds = dav.vadds %and, %k, %m : !ascreg.vreg<64xu32>, i32
  // CHECK: dav.vmuls %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>, i32
  %muls = dav.vmuls %adds, %k, %m : !ascreg.vreg<64xu32>, i32
  // CHECK: dav.vshls %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16>, i16
  %shls = dav.vshls %max, %s, %m : !ascreg.vreg<128xi16>, i16
  // CHECK: dav.vshrs %{{.*}}, %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16>, i32
  %shrs = dav.vshrs %shls, %k, %m : !ascreg.vreg<128xi16>, i32
  // CHECK: %{{.*}}, %{{.*}} = dav.vintlv %{{.*}}, %{{.*}} : !ascreg.vreg<64xu32>
  %lo, %hi = dav.vintlv %muls, %u : !ascreg.vreg<64xu32>
  // CHECK: %{{.*}}, %{{.*}} = dav.vdintlv %{{.*}}, %{{.*}} : !ascreg.vreg<128xi16>
  %ev, %od = dav.vdintlv %shrs, %w : !ascreg.vreg<128xi16>
  // CHECK: dav.reinterpret %{{.*}} : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  %f = dav.reinterpret %lo : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.reinterpret %{{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<256xu8>
  %b = dav.reinterpret %ev : !ascreg.vreg<128xi16> -> !ascreg.vreg<256xu8>
  return
}

// The generic form carries the attributes in the properties.
// GENERIC: "dav.pset_b8"() <{pattern = #ascreg.mask_pattern<ALL>}> : () -> !ascreg.mask
// GENERIC: "dav.plt_b8"(%{{.*}}) : (i32) -> (!ascreg.mask, i32)
// GENERIC: "dav.pand"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.mask, !ascreg.mask, !ascreg.mask) -> !ascreg.mask
// GENERIC: "dav.ppack"(%{{.*}}) <{part = #dav.part<lower>}> : (!ascreg.mask) -> !ascreg.mask
// GENERIC: "dav.punpack"(%{{.*}}) <{part = #dav.part<higher>}> : (!ascreg.mask) -> !ascreg.mask
// GENERIC: "dav.pintlv_b32"(%{{.*}}, %{{.*}}) : (!ascreg.mask, !ascreg.mask) -> (!ascreg.mask, !ascreg.mask)
// GENERIC: "dav.vlds"(%{{.*}}, %{{.*}}) : (memref<?xf32>, index) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vsts"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xf32>, memref<64xf32>, index, !ascreg.mask) -> ()
// GENERIC: "dav.mem_bar"() <{kind = #dav.mem_bar_kind<VST_LD>}> : () -> ()
// GENERIC: "dav.mem_bar"() <{kind = #dav.mem_bar_kind<VST_VLD>}> : () -> ()
// GENERIC: "dav.mem_bar"() <{kind = #dav.mem_bar_kind<ST_VLD>}> : () -> ()
// GENERIC: "dav.vlds_dintlv_b32"(%{{.*}}, %{{.*}}) : (memref<?xi64>, index) -> (!ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>)
// GENERIC: "dav.vcadd"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, !ascreg.mask) -> !ascreg.vreg<64xi32>
// GENERIC: "dav.vcmax"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "dav.vcmin"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "dav.vcpadd"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<128xf16>
// GENERIC: "dav.vgather2"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<?xi8>, !ascreg.vreg<128xu16>, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "dav.vgather2"(%{{.*}}, %{{.*}}, %{{.*}}) <{unit = i32}> : (memref<?xi64>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<64xu32>
// GENERIC: "dav.vselr"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>) -> !ascreg.vreg<256xi8>
// GENERIC: "dav.vbr"(%{{.*}}) : (f32) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vdup"(%{{.*}}, %{{.*}}) : (f16, !ascreg.mask) -> !ascreg.vreg<128xf16>
// GENERIC: "dav.vdup_lane0"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vci"(%{{.*}}) : (i32) -> !ascreg.vreg<64xi32>
// GENERIC: "dav.vcmp"(%{{.*}}, %{{.*}}, %{{.*}}) <{predicate = #ascreg.compare_predicate<eq>}> : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.mask
// GENERIC: "dav.vsel"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vadd"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xf32>, !ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vmax"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, !ascreg.vreg<128xi16>, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "dav.vmin"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<64xu32>
// GENERIC: "dav.vand"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>, !ascreg.mask) -> !ascreg.vreg<64xu32>
// GENERIC: "dav.vadds"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xu32>, i32, !ascreg.mask) -> !ascreg.vreg<64xu32>
// GENERIC: "dav.vmuls"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<64xu32>, i32, !ascreg.mask) -> !ascreg.vreg<64xu32>
// GENERIC: "dav.vshls"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, i16, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "dav.vshrs"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, i32, !ascreg.mask) -> !ascreg.vreg<128xi16>
// GENERIC: "dav.vintlv"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>) -> (!ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>)
// GENERIC: "dav.vdintlv"(%{{.*}}, %{{.*}}) : (!ascreg.vreg<128xi16>, !ascreg.vreg<128xi16>) -> (!ascreg.vreg<128xi16>, !ascreg.vreg<128xi16>)
// GENERIC: "dav.reinterpret"(%{{.*}}) : (!ascreg.vreg<64xu32>) -> !ascreg.vreg<64xf32>

// Conversions: the same syntax and checks as ascreg.cast / ascreg.truncate;
// 64-bit sides as one register of 32 64-bit lanes. One op per operand form of
// the vendor's table (cast-facts §1): R, S, PART (f32 -> f16, f32 -> s64);
// S, R (bf16 -> f16, printed in the dialect's fixed order round, sat); S,
// PART and S, PP (int narrowing); R, PART without sat (f16 -> s32); PART only
// (exact widening); PP only (u8 -> u32); R only (s32 -> f32, f16 -> bf16);
// vtrc on each of its three types.
// CHECK-LABEL: @conversions
func.func @conversions(%f: !ascreg.vreg<64xf32>, %b: !ascreg.vreg<128xbf16>, %l: !ascreg.vreg<32xi64>,
                       %h: !ascreg.vreg<128xf16>, %u: !ascreg.vreg<256xu8>, %i: !ascreg.vreg<64xi32>,
                       %m: !ascreg.mask) {
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} round <odd> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  %0 = dav.vcvt %f, %m round <odd> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} round <ceil> sat <on> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
  %1 = dav.vcvt %b, %m round <ceil> sat <on> : !ascreg.vreg<128xbf16> -> !ascreg.vreg<128xf16>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} sat <on> part <odd> : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xi32>
  %2 = dav.vcvt %l, %m sat <on> part <odd> : !ascreg.vreg<32xi64> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vtrc %{{.*}}, %{{.*}} round <trunc> : !ascreg.vreg<64xf32>
  %3 = dav.vtrc %f, %m round <trunc> : !ascreg.vreg<64xf32>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  %4 = dav.vcvt %h, %m part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} round <round> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
  %5 = dav.vcvt %h, %m round <round> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} part <p3> : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  %6 = dav.vcvt %u, %m part <p3> : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} sat <off> part <p1> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  %7 = dav.vcvt %i, %m sat <off> part <p1> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} round <floor> : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
  %8 = dav.vcvt %i, %m round <floor> : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} round <rint> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<32xi64>
  %9 = dav.vcvt %f, %m round <rint> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<32xi64>
  // CHECK: dav.vcvt %{{.*}}, %{{.*}} round <trunc> : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xbf16>
  %10 = dav.vcvt %h, %m round <trunc> : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xbf16>
  // CHECK: dav.vtrc %{{.*}}, %{{.*}} round <rint> : !ascreg.vreg<128xf16>
  %11 = dav.vtrc %h, %m round <rint> : !ascreg.vreg<128xf16>
  // CHECK: dav.vtrc %{{.*}}, %{{.*}} round <ceil> : !ascreg.vreg<128xbf16>
  %12 = dav.vtrc %b, %m round <ceil> : !ascreg.vreg<128xbf16>
  return
}
// The generic form keeps the operands as attributes; a 2:1 part is stored with
// the shared numbering (even = p0, odd = p1).
// GENERIC-LABEL: sym_name = "conversions"
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p0>, round = #ascreg.round_mode<odd>, sat = #ascreg.sat_mode<off>}> : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<128xf16>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<ceil>, sat = #ascreg.sat_mode<on>}> : (!ascreg.vreg<128xbf16>, !ascreg.mask) -> !ascreg.vreg<128xf16>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p1>, sat = #ascreg.sat_mode<on>}> : (!ascreg.vreg<32xi64>, !ascreg.mask) -> !ascreg.vreg<64xi32>
// GENERIC: "dav.vtrc"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<trunc>}> : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p1>}> : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p0>, round = #ascreg.round_mode<round>}> : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<64xi32>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p3>}> : (!ascreg.vreg<256xu8>, !ascreg.mask) -> !ascreg.vreg<64xu32>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p1>, sat = #ascreg.sat_mode<off>}> : (!ascreg.vreg<64xi32>, !ascreg.mask) -> !ascreg.vreg<256xu8>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<floor>}> : (!ascreg.vreg<64xi32>, !ascreg.mask) -> !ascreg.vreg<64xf32>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{part = #ascreg.cast_part<p1>, round = #ascreg.round_mode<rint>, sat = #ascreg.sat_mode<on>}> : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<32xi64>
// GENERIC: "dav.vcvt"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<trunc>}> : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<128xbf16>
// GENERIC: "dav.vtrc"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<rint>}> : (!ascreg.vreg<128xf16>, !ascreg.mask) -> !ascreg.vreg<128xf16>
// GENERIC: "dav.vtrc"(%{{.*}}, %{{.*}}) <{round = #ascreg.round_mode<ceil>}> : (!ascreg.vreg<128xbf16>, !ascreg.mask) -> !ascreg.vreg<128xbf16>
