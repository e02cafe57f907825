// The whole user loop without an NPU: emit the sum.rounding probe, write the
// result an NPU with round_once would write (expected.json's bits), ingest it,
// and pin ascreg to that profile with `ascreg-run --semantics=profile.json`.
// The kernel below is O1's discriminating sum: 1.0 + 127 x 2^-11 in f16 is
// 0x3C3F (15423) per node and 0x3C40 (15424) rounded once (worked out in
// docs/semantics.md O1).
// RUN: rm -rf %t && ascreg-probe emit sum.rounding -o %t/probes
// RUN: mkdir -p %t/results
// RUN: %python -c "import json,sys; e=json.load(open(sys.argv[1]))['points']['sum.rounding']; open(sys.argv[2],'wb').write(bytes.fromhex(e['candidates']['round_once']))" %t/probes/expected.json %t/results/sum.rounding.bin
// RUN: ascreg-probe ingest %t/results --points=sum.rounding -o %t/profile.json | FileCheck %s --check-prefix=INGEST
// INGEST: sum.rounding = round_once (NOT the documented choice)
//
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f2 "[1.0] + [2.0**-11] * 127"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy i2 "[7] * 128"
// Unpinned: the documented per-node rounding.
// RUN: ascreg-run %s --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=DOC
// Pinned to the ingested profile, on the interpreter + JIT (check mode) and
// on the dav-3510 lowering.
// RUN: ascreg-run %s --semantics=%t/profile.json --mode=check --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=PINNED
// RUN: ascreg-run %s --semantics=%t/profile.json --pass-pipeline=convert-ascreg-to-dav --arg=%t.src.npy --arg=%t.dst.npy --print | FileCheck %s --check-prefix=PINNED
// DOC: arg1: memref<128xi16> (128 elements) = [15423, {{(0, ){126}()}}0]
// PINNED: arg1: memref<128xi16> (128 elements) = [15424, {{(0, ){126}()}}0]
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<128xf16>, %dst: memref<128xi16>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.reduce <sum> %v, %all : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %b = ascreg.bitcast %s : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xi16>
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xi16>
    ascreg.store_align %b, %dst[%c0], %all16 : !ascreg.vreg<128xi16>, memref<128xi16>
    return
  }
}
