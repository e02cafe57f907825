// Sum of f16 values accumulated in f32 (ascreg.cast, docs/semantics.md section 10):
// each f16 register is widened in two parts (even lanes, odd lanes) to f32, both
// are summed with reduce <sum> in f32, the sums are accumulated across the
// registers in lane 0 of an f32 register, and the total is narrowed to f16 once
// with RINT. Compared with reduce <sum> on f16 (every tree node rounded to f16),
// nothing is lost to f16 rounding before the end: 1.0 followed by 127 values of
// 2^-11 sums to 1.0625 here, but to 1.0615234375 in an f16 tree.
//
//   python3 test/Inputs/mknpy.py x.npy f2 "[1.0] + [2**-11] * 127"
//   python3 test/Inputs/mknpy.py s.npy f2 "[0] * 128"
//   build/bin/ascreg-run examples/sum_f16_in_f32.mlir --arg=x.npy --arg=s.npy \
//       --arg=i32:128 --arg=index:1 --print
//   -> arg1: memref<128xf16> (128 elements) = [1.0625, 0, 0, ...]
//
// (%src: memref<?xf16>, %dst: memref<128xf16>, %count: i32, %repeat: index): the
// first %count elements of %repeat registers of %src; the f16 sum in lane 0 of %dst,
// every other lane 0.
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xf16>, %dst: memref<128xf16>, %count: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vl = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %allF32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %allF16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %init = ascreg.duplicate %zero : f32 -> !ascreg.vreg<64xf32>
    %total, %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%acc = %init, %n = %count)
        -> (!ascreg.vreg<64xf32>, i32) {
      %off = arith.muli %r, %vl : index
      %v = ascreg.load_align %src[%off] : memref<?xf16> -> !ascreg.vreg<128xf16>
      %m, %rest = ascreg.update_mask %n for !ascreg.vreg<128xf16>
      // Exact widening; inactive lanes become +0.
      %even = ascreg.cast %v, %m part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
      %odd = ascreg.cast %v, %m part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
      %se = ascreg.reduce <sum> %even, %allF32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
      %so = ascreg.reduce <sum> %odd, %allF32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
      %s = ascreg.add %se, %so, %allF32 : !ascreg.vreg<64xf32>
      %next = ascreg.add %acc, %s, %allF32 : !ascreg.vreg<64xf32>
      scf.yield %next, %rest : !ascreg.vreg<64xf32>, i32
    }
    // One rounding to f16 at the end; lane 0 of the f32 total goes to f16 lane 0.
    %h = ascreg.cast %total, %allF32 round <rint> sat <off> part <even>
        : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    ascreg.store_align %h, %dst[%c0], %allF16 : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
}
