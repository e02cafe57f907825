// `ascreg-run --semantics`: the profile of a run, as a spelling or a profile
// JSON file, recorded in the module so that every path runs with it.
// Kernel: reduce sum f16 of O1's discriminating register (docs/semantics.md
// O1): lane 0 = 1.0, lanes 1..127 = 2^-11 (0x1000). Hand-computed: per node
// the first node 1 + 2^-11 ties to even and the rest adds 63 ulp: 0x3C3F
// (1.0615234375, printed 1.06152); rounded once, 1 + 63.5 ulp ties to 1 + 64
// ulp: 0x3C40 (1.0625).
// RUN: %python %S/../Inputs/mknpy.py %t.in.npy f2 "[1.0] + [2.0**-11] * 127"
// RUN: %python %S/../Inputs/mknpy.py %t.out.npy f2 "[0.0] * 128"

// The documented profile (no --semantics, and by name).
// RUN: ascreg-run %s --arg=%t.in.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=NODE
// RUN: ascreg-run %s --semantics=documented --arg=%t.in.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=NODE
// NODE: arg1: memref<128xf16> (128 elements) = [1.06152, 0,

// round_once by spelling, on the interpreter, the JIT and the dav-3510 path.
// RUN: ascreg-run %s --semantics=sum.rounding=round_once --arg=%t.in.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=ONCE
// RUN: ascreg-run %s --semantics=sum.rounding=round_once --mode=jit --arg=%t.in.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=ONCE
// RUN: ascreg-run %s --semantics=sum.rounding=round_once --pass-pipeline=convert-ascreg-to-dav --arg=%t.in.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=ONCE
// ONCE: arg1: memref<128xf16> (128 elements) = [1.0625, 0,

// The same choice from a profile JSON file as `ascreg-probe ingest` writes it.
// RUN: echo '{"choices": {"sum.rounding": "round_once", "add.nan": "propagate"}}' > %t.profile.json
// RUN: ascreg-run %s --semantics=%t.profile.json --arg=%t.in.npy --arg=%t.out.npy --print | FileCheck %s --check-prefix=ONCE

// A bad candidate names the alternatives; nothing runs, exit 1.
// RUN: not ascreg-run %s --semantics=sum.rounding=exactly --arg=%t.in.npy --arg=%t.out.npy 2>&1 | FileCheck %s --check-prefix=BADCAND
// BADCAND: --semantics: 'exactly' is not a candidate of 'sum.rounding'; its candidates are: per_node round_once

// An unknown point lists the points.
// RUN: not ascreg-run %s --semantics=sum.round=per_node --arg=%t.in.npy --arg=%t.out.npy 2>&1 | FileCheck %s --check-prefix=BADKEY
// BADKEY: --semantics: unknown semantic point 'sum.round'; the points are: sum.rounding add.nan maxmin.nan maxmin.empty pair.single_lane compare.subnormals gather.mask cast.widen_mask mul.f16_saturation abs.float arith.subnormals shift.range shift.negative shift.signed_left ctrl.float_mode

// A JSON file without "choices", and one that is not JSON.
// RUN: echo '{"profile": "x"}' > %t.nochoices.json
// RUN: not ascreg-run %s --semantics=%t.nochoices.json --arg=%t.in.npy --arg=%t.out.npy 2>&1 | FileCheck %s --check-prefix=NOCHOICES
// NOCHOICES: has no "choices" object
// RUN: echo 'choices' > %t.notjson.json
// RUN: not ascreg-run %s --semantics=%t.notjson.json --arg=%t.in.npy --arg=%t.out.npy 2>&1 | FileCheck %s --check-prefix=NOTJSON
// NOTJSON: is not JSON

func.func @kernel(%src: memref<128xf16>, %dst: memref<128xf16>) {
  %c0 = arith.constant 0 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
  %v = ascreg.load_align %src[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
  %s = ascreg.reduce <sum> %v, %all : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
  ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<128xf16>, memref<128xf16>
  return
}
