// Lane placement of widening and narrowing conversions (cast-facts §3):
//  - f16 -> f32 with part ODD reads source lanes 2k+1: src[i] = i gives
//    1, 3, 5, ..., 127;
//  - u8 -> u32 with part P2 reads lanes 4k+2: src[i] = i gives 2, 6, ..., 254;
//  - f32 -> f16 with part ODD writes result k to lane 2k+1 and zeroes lane 2k;
//    only the 3 active source lanes (update_mask 3, counted on f32) are
//    converted, the rest of the register is 0: src[k] = k + 0.5 gives
//    0, 0.5, 0, 1.5, 0, 2.5, 0, 0, ...;
//  - s32 -> u8 with part P3 writes lane 4k+3 and zeroes the others: src[k] =
//    k - 1 with saturation (the default CTRL saturates int narrowing) gives
//    0, 0, 0, 0 (-1 -> 0), 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, ...
// RUN: %python %S/../Inputs/mknpy.py %t.h.npy f2 "[i for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t.b.npy u1 "[i for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.f.npy f4 "[k + 0.5 for k in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.i.npy i4 "[k - 1 for k in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.of.npy f4 "[-1] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.ou.npy u4 "[7] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.oh.npy f2 "[-1] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t.ob.npy u1 "[7] * 256"
// RUN: ascreg-run %s --arg=%t.h.npy --arg=%t.b.npy --arg=%t.f.npy --arg=%t.i.npy --arg=%t.of.npy --arg=%t.ou.npy --arg=%t.oh.npy --arg=%t.ob.npy --print | FileCheck %s
// RUN: ascreg-run %s --mode=jit --arg=%t.h.npy --arg=%t.b.npy --arg=%t.f.npy --arg=%t.i.npy --arg=%t.of.npy --arg=%t.ou.npy --arg=%t.oh.npy --arg=%t.ob.npy --print | FileCheck %s
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.h.npy --arg=%t.b.npy --arg=%t.f.npy --arg=%t.i.npy --arg=%t.of.npy --arg=%t.ou.npy --arg=%t.oh.npy --arg=%t.ob.npy --print | FileCheck %s

// CHECK: arg4: memref<64xf32> (64 elements) = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63, 65, 67, 69, 71, 73, 75, 77, 79, 81, 83, 85, 87, 89, 91, 93, 95, 97, 99, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125, 127]
// CHECK: arg5: memref<64xi32> (64 elements) = [2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58, 62, 66, 70, 74, 78, 82, 86, 90, 94, 98, 102, 106, 110, 114, 118, 122, 126, 130, 134, 138, 142, 146, 150, 154, 158, 162, 166, 170, 174, 178, 182, 186, 190, 194, 198, 202, 206, 210, 214, 218, 222, 226, 230, 234, 238, 242, 246, 250, 254]
// CHECK: arg6: memref<128xf16> (128 elements) = [0, 0.5, 0, 1.5, 0, 2.5, 0, 0, 0, 0, 0, 0,
// CHECK: arg7: memref<256xi8> (256 elements) = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3,

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%h: memref<128xf16>, %b: memref<256xi8>, %f: memref<64xf32>, %i: memref<64xi32>,
                    %wideF: memref<64xf32>, %wideU: memref<64xi32>, %narrowH: memref<128xf16>,
                    %narrowB: memref<256xi8>) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : i32
    %allH = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %allB = ascreg.create_mask <ALL> for !ascreg.vreg<256xu8>
    %allW = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %vh = ascreg.load_align %h[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %vb = ascreg.load_align %b[%c0] : memref<256xi8> -> !ascreg.vreg<256xu8>
    %vf = ascreg.load_align %f[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %vi = ascreg.load_align %i[%c0] : memref<64xi32> -> !ascreg.vreg<64xi32>
    %w0 = ascreg.cast %vh, %allH part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    %w1 = ascreg.cast %vb, %allB part <p2> : !ascreg.vreg<256xu8> -> !ascreg.vreg<64xu32>
    %three, %rest = ascreg.update_mask %c3 for !ascreg.vreg<64xf32>
    %n0 = ascreg.cast %vf, %three round <rint> sat <off> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %n1 = ascreg.cast %vi, %allW sat <off> part <p3> : !ascreg.vreg<64xi32> -> !ascreg.vreg<256xu8>
    ascreg.store_align %w0, %wideF[%c0], %allW : !ascreg.vreg<64xf32>, memref<64xf32>
    ascreg.store_align %w1, %wideU[%c0], %allW : !ascreg.vreg<64xu32>, memref<64xi32>
    ascreg.store_align %n0, %narrowH[%c0], %allH : !ascreg.vreg<128xf16>, memref<128xf16>
    ascreg.store_align %n1, %narrowB[%c0], %allB : !ascreg.vreg<256xu8>, memref<256xi8>
    return
  }
}
