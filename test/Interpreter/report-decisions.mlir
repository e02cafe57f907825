// What the report says an op decided comes from the op's interpreter payload
// (TraceDecision), not from re-reading the op: the gather's index map lists
// the lanes the run really enabled, which the profile's gather.mask decides
// for an 8-bit source (bit 2i, or bit i, enables lane i: docs/semantics.md
// O7). Expected maps by hand: table[i] = i - 64, idx[i] = 5i mod 128 but
// idx[3] = 200 (past the 128-element table), %n = 7 mask bits.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/table.npy i1 "[i - 64 for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/idx.npy i2 "[(5 * i) % 128 if i != 3 else 200 for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/pidx.npy i4 "[i * 7 + 70 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy i2 "[0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t/f.npy f4 "[0] * 64"

// Documented (bit 2i enables lane i): bits 0-6 enable lanes 0-3.
// RUN: ascreg-run %s --arg=%t/table.npy --arg=%t/idx.npy --arg=%t/src.npy --arg=%t/pidx.npy --arg=%t/dst.npy --arg=%t/f.npy --arg=%t/f.npy --arg=i32:7 --report=%t/doc.html
// RUN: FileCheck %s --check-prefixes=DOC,BOTH < %t/doc.html
// DOC: element of the UB buffer)</div><div class="map"><div>0 &larr; [0]</div><div>1 &larr; [5]</div><div>2 &larr; [10]</div><div class="fl">3 &larr; [200] outside</div></div>

// gather.mask=source (bit i enables lane i): lanes 0-6, which the run
// gathered (dst[4..6] = the bytes of table[20], table[25], table[30] = -44,
// -39, -34: 0xD4, 0xD9, 0xDE, zero-extended).
// RUN: ascreg-run %s --semantics=gather.mask=source --arg=%t/table.npy --arg=%t/idx.npy --arg=%t/src.npy --arg=%t/pidx.npy --arg=%t/dst.npy --arg=%t/f.npy --arg=%t/f.npy --arg=i32:7 --report=%t/src.html --print | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefixes=SRC,BOTH < %t/src.html
// OUT: arg4: memref<128xi16> (128 elements) = [192, 197, 202, {{[0-9]+}}, 212, 217, 222, 0,
// SRC: <td>profile</td><td class="mono">gather.mask=source;
// SRC: element of the UB buffer)</div><div class="map"><div>0 &larr; [0]</div><div>1 &larr; [5]</div><div>2 &larr; [10]</div><div class="fl">3 &larr; [200] outside</div><div>4 &larr; [20]</div><div>5 &larr; [25]</div><div>6 &larr; [30]</div></div>

// pair_reduce_sum on 7 active lanes: pair 3 adds lane 6 and +0; gather_reg
// lane i reads lane (7i + 70) mod 64.
// BOTH: decided by: pairs (result lane &larr; source lanes)</div><div class="map"><div>0 &larr; 0 + 1</div><div>1 &larr; 2 + 3</div><div>2 &larr; 4 + 5</div><div>3 &larr; 6 + +0</div><div>4 &larr; +0 + +0</div>
// BOTH: index mod 64)</div><div class="map"><div>0 &larr; 6</div><div>1 &larr; 13</div><div>2 &larr; 20</div>{{.*}}<div>9 &larr; 5</div>

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%table: memref<?xi8>, %idx: memref<128xi16>, %src: memref<64xf32>,
                    %pidx: memref<64xi32>, %dst: memref<128xi16>, %sums: memref<64xf32>,
                    %perm: memref<64xf32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %i = ascreg.load_align %idx[%c0] : memref<128xi16> -> !ascreg.vreg<128xu16>
    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<256xi8>
    %g = ascreg.gather %table[%i], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xi16>
    ascreg.store_align %g, %dst[%c0], %all16 : !ascreg.vreg<128xi16>, memref<128xi16>
    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %pm, %prest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
    %p = ascreg.pair_reduce_sum %v, %pm : !ascreg.vreg<64xf32>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    ascreg.store_align %p, %sums[%c0], %all32 : !ascreg.vreg<64xf32>, memref<64xf32>
    %j = ascreg.load_align %pidx[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32>
    %q = ascreg.gather_reg %v[%j] : !ascreg.vreg<64xf32>, !ascreg.vreg<64xu32>
    ascreg.store_align %q, %perm[%c0], %all32 : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
