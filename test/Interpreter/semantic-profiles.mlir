// ascreg-run --semantics runs a kernel under a semantic profile on every
// path: --mode=check runs the interpreter and the JIT (vector lowering) and
// compares them, --pass-pipeline=convert-ascreg-to-dav interprets the dav-3510
// lowering. The expected bits are worked out by hand (f16 results as i16):
//
// [0, 128): reduce <sum> of 1.0 and 127 x 2^-11 (O1's discriminating input).
//   per_node: the subtree of lane 0 adds 1.0 + 2^-11 (a tie, RNE keeps 1.0),
//   then 2^-10, 2^-9, ..., 2^-5 exactly: 1 + 63 * 2^-10 = 0x3C3F (15423).
//   round_once: exactly 1 + 127 * 2^-11 = 1 + 63.5 * 2^-10, a tie between
//   0x3C3F and 0x3C40, RNE: 0x3C40 (15424).
// [128, 256): reduce <max> of the second register with an empty mask:
//   infinity: -inf 0xFC00 (-1024); finite: -65504 0xFBFF (-1025); lane 1
//   (the index) 0.
// [256, 384): pair_reduce_sum of the second register, only lane 0 (-0)
//   active: add_zero: -0 + (+0) = +0 (0); exact: -0 0x8000 (-32768).
// Every other lane of the three results is 0.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f2 "[1.0] + [2.0**-11] * 127 + [-0.0] + [3.0] * 127"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i2 "[7] * 384"
//
// The documented profile.
// RUN: ascreg-run %s --semantics=documented --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefixes=SAME,DOC
// RUN: ascreg-run %s --semantics=documented --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=DOC
// The same bits without --semantics.
// RUN: ascreg-run %s --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefixes=SAME,DOC
// sum.rounding = round_once changes only the sum.
// RUN: ascreg-run %s --semantics=sum.rounding=round_once --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefixes=SAME,ONCE
// RUN: ascreg-run %s --semantics=sum.rounding=round_once --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=ONCE
// maxmin.empty = finite changes only the empty max.
// RUN: ascreg-run %s --semantics=maxmin.empty=finite --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefixes=SAME,FINITE
// RUN: ascreg-run %s --semantics=maxmin.empty=finite --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=FINITE
// pair.single_lane = exact changes only the pair sum.
// RUN: ascreg-run %s --semantics=pair.single_lane=exact --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefixes=SAME,EXACT
// RUN: ascreg-run %s --semantics=pair.single_lane=exact --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=EXACT
// All three at once.
// RUN: ascreg-run %s --semantics=sum.rounding=round_once,maxmin.empty=finite,pair.single_lane=exact --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefixes=SAME,ALL

// SAME: identical
// DOC: arg1: memref<384xi16> (384 elements) = [15423, {{(0, ){127}-}}1024, {{(0, ){127}0}}, {{(0, ){126}0}}]
// ONCE: arg1: memref<384xi16> (384 elements) = [15424, {{(0, ){127}-}}1024, {{(0, ){127}0}}, {{(0, ){126}0}}]
// FINITE: arg1: memref<384xi16> (384 elements) = [15423, {{(0, ){127}-}}1025, {{(0, ){127}0}}, {{(0, ){126}0}}]
// EXACT: arg1: memref<384xi16> (384 elements) = [15423, {{(0, ){127}-}}1024, {{(0, ){127}-}}32768, {{(0, ){126}0}}]
// ALL: arg1: memref<384xi16> (384 elements) = [15424, {{(0, ){127}-}}1025, {{(0, ){127}-}}32768, {{(0, ){126}0}}]

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<256xf16>, %dst: memref<384xi16>) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0 : i32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %one = ascreg.create_mask <VL1> for !ascreg.vreg<128xf16>
    %none, %rest = ascreg.update_mask %zero for !ascreg.vreg<128xf16>
    %a = ascreg.load_align %src[%c0] : memref<256xf16> -> !ascreg.vreg<128xf16>
    %b = ascreg.load_align %src[%c128] : memref<256xf16> -> !ascreg.vreg<128xf16>
    %sum = ascreg.reduce <sum> %a, %all : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %max = ascreg.reduce <max> %b, %none : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %pair = ascreg.pair_reduce_sum %b, %one : !ascreg.vreg<128xf16>
    %sumBits = ascreg.bitcast %sum : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xi16>
    %maxBits = ascreg.bitcast %max : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xi16>
    %pairBits = ascreg.bitcast %pair : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xi16>
    ascreg.store_align %sumBits, %dst[%c0], %all : !ascreg.vreg<128xi16>, memref<384xi16>
    ascreg.store_align %maxBits, %dst[%c128], %all : !ascreg.vreg<128xi16>, memref<384xi16>
    ascreg.store_align %pairBits, %dst[%c256], %all : !ascreg.vreg<128xi16>, memref<384xi16>
    return
  }
}
