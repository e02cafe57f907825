// reduce <max> and <min> of f32 under masks that are not a prefix (lanes
// where %sel != 0), on the interpreter, the JIT and the dav-3510 lowering.
// The JIT's keys give -inf and the inactive lanes the same value, and put
// every NaN above +inf (docs/jit-performance.md), so these cases are the
// ones its lowering must tell apart. Lane 0 of each result is the value's
// bits, lane 1 the index; worked out by hand from docs/semantics.md (first
// NaN wins with its bits, -0 < +0, first index on ties, empty: -inf / +inf
// and index 0):
//
// A, active lanes 3, 5, 9, all -inf (0xFF800000 = -8388608); inactive lanes
//    hold +inf and NaNs. max and min: -inf at lane 3.
// RUN: %python %S/../Inputs/mknpy.py %t.a.src.npy u4 "[0x7F800000, 0x7FC00000, 0xFFC00000, 0xFF800000, 0x7F800000, 0xFF800000, 0x7F800001, 0x7F800000, 0x7F800000, 0xFF800000] + [0x7F800000] * 54"
// RUN: %python %S/../Inputs/mknpy.py %t.a.sel.npy f4 "[0, 0, 0, 1, 0, 1, 0, 0, 0, 1] + [0] * 54"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i4 "[7] * 64"
// RUN: ascreg-run %s --arg=%t.a.src.npy --arg=%t.a.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=ONLY-NEG-INF
// RUN: ascreg-run %s --mode=jit --arg=%t.a.src.npy --arg=%t.a.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=ONLY-NEG-INF
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.a.src.npy --arg=%t.a.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=ONLY-NEG-INF
// ONLY-NEG-INF: arg2: memref<64xi32> (64 elements) = [-8388608, 3, 0,
// ONLY-NEG-INF: arg3: memref<64xi32> (64 elements) = [-8388608, 3, 0,
//
// B, no active lane. max: -inf, index 0; min: +inf (0x7F800000 = 2139095040), index 0.
// RUN: %python %S/../Inputs/mknpy.py %t.b.sel.npy f4 "[0] * 64"
// RUN: ascreg-run %s --arg=%t.a.src.npy --arg=%t.b.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=NONE-ACTIVE
// RUN: ascreg-run %s --mode=jit --arg=%t.a.src.npy --arg=%t.b.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=NONE-ACTIVE
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.a.src.npy --arg=%t.b.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=NONE-ACTIVE
// NONE-ACTIVE: arg2: memref<64xi32> (64 elements) = [-8388608, 0, 0,
// NONE-ACTIVE: arg3: memref<64xi32> (64 elements) = [2139095040, 0, 0,
//
// C, active lanes 2 (-0), 4 (+0), 6 (-NaN 0xFFC00001 = -4194303), 8 (sNaN
//    0x7F800001); lane 0 (inactive) is a NaN too. max and min: the first
//    active NaN, lane 6, with its bits.
// RUN: %python %S/../Inputs/mknpy.py %t.c.src.npy u4 "[0x7FC00000, 0, 0x80000000, 0, 0, 0, 0xFFC00001, 0, 0x7F800001] + [0] * 55"
// RUN: %python %S/../Inputs/mknpy.py %t.c.sel.npy f4 "[0, 0, 1, 0, 1, 0, 1, 0, 1] + [0] * 55"
// RUN: ascreg-run %s --arg=%t.c.src.npy --arg=%t.c.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=NAN-WINS
// RUN: ascreg-run %s --mode=jit --arg=%t.c.src.npy --arg=%t.c.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=NAN-WINS
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.c.src.npy --arg=%t.c.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=NAN-WINS
// NAN-WINS: arg2: memref<64xi32> (64 elements) = [-4194303, 6, 0,
// NAN-WINS: arg3: memref<64xi32> (64 elements) = [-4194303, 6, 0,
//
// D, active lanes 1 (+0), 5 (-inf), 7 (-0), 9 (+0); lane 0 (inactive) is
//    +inf. max: +0 at lane 1; min: -inf (-8388608) at lane 5.
// RUN: %python %S/../Inputs/mknpy.py %t.d.src.npy u4 "[0x7F800000, 0, 0, 0, 0, 0xFF800000, 0, 0x80000000, 0, 0] + [0] * 54"
// RUN: %python %S/../Inputs/mknpy.py %t.d.sel.npy f4 "[0, 1, 0, 0, 0, 1, 0, 1, 0, 1] + [0] * 54"
// RUN: ascreg-run %s --arg=%t.d.src.npy --arg=%t.d.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=SIGNED-ZEROS
// RUN: ascreg-run %s --mode=jit --arg=%t.d.src.npy --arg=%t.d.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=SIGNED-ZEROS
// RUN: ascreg-run %s --pass-pipeline=convert-ascreg-to-dav --arg=%t.d.src.npy --arg=%t.d.sel.npy --arg=%t.dst.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=SIGNED-ZEROS
// SIGNED-ZEROS: arg2: memref<64xi32> (64 elements) = [0, 1, 0,
// SIGNED-ZEROS: arg3: memref<64xi32> (64 elements) = [-8388608, 5, 0,

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<64xi32>, %sel: memref<64xf32>, %max: memref<64xi32>,
                    %min: memref<64xi32>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %bits = ascreg.load_align %src[%c0] : memref<64xi32> -> !ascreg.vreg<64xi32>
    %v = ascreg.bitcast %bits : !ascreg.vreg<64xi32> -> !ascreg.vreg<64xf32>
    %s = ascreg.load_align %sel[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %z = ascreg.duplicate %zero : f32 -> !ascreg.vreg<64xf32>
    %m = ascreg.compare <ne> %s, %z, %all : !ascreg.vreg<64xf32>
    %hi = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %lo = ascreg.reduce <min> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %hib = ascreg.bitcast %hi : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    %lob = ascreg.bitcast %lo : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %hib, %max[%c0], %all : !ascreg.vreg<64xi32>, memref<64xi32>
    ascreg.store_align %lob, %min[%c0], %all : !ascreg.vreg<64xi32>, memref<64xi32>
    return
  }
}
