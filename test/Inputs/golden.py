#!/usr/bin/env python3
"""Independent pure-Python reference model of the ascreg semantics contract
(/work/shared/reference/semantics-contract.md, sections 1-8) for the conformance
kernels in examples/conformance/.

Written from the contract only: it does not call, port or copy lib/Semantics.
Only the standard library is used (no numpy). The type conversions (cast / vcvt,
truncate / vtrc) and the CTRL register are written from the cast fact sheet
(/work/shared/reference/cast-facts.md) and computed with exact rational arithmetic
(fractions.Fraction): every value is decoded exactly, rounded once under the mode on
the destination's grid, and then range-handled.

Values travel as raw bit patterns (Python ints, unsigned, of the element width).
Float arithmetic is done on Python floats (IEEE double) and rounded explicitly:
  * f16: the sum of two f16 values is exact in double (exponents span at most
    2^-24 .. 2^16, 40 + 11 bits < 53), so one correct RNE rounding to f16 of the
    double sum is the correctly rounded f16 add.  round_f16 is implemented by hand
    (struct.pack('<e') raises OverflowError on overflow; it is only used as a
    cross-check in selftest()).
  * f32: the double sum of two f32 values rounded to f32 with struct '<f' (the C
    double->float conversion, RNE).  Double rounding is innocuous for addition
    because 53 >= 2*24 + 2.  A value that rounds past FLT_MAX makes struct raise
    OverflowError; that is mapped to +-inf (non-saturating, contract 4).

Every model function returns (expected_bits, nan_only) where expected_bits is a
list of ints and nan_only a set of element positions for which only NaN-ness is
part of the contract (results of float additions that are NaN, contract 4).

The model is split by concern; this module gathers it under one name (`import golden`)
and holds its self test:
  * golden_types: element types, float encodings, masks, the CTRL state;
  * golden_reduce: reductions, gathers and their conformance kernels;
  * golden_cast: cast / vcvt and truncate / vtrc;
  * golden_lanes: lane arithmetic, the scalar forms, the shifts.
"""
import math
import struct

from golden_types import *  # noqa: F401,F403
from golden_reduce import *  # noqa: F401,F403
from golden_cast import *  # noqa: F401,F403
from golden_lanes import *  # noqa: F401,F403


# --------------------------------------------------------------------------------------
# Self test of the float helpers and of the contract's worked examples.
# --------------------------------------------------------------------------------------

def selftest():
    import random
    rnd = random.Random(1234)
    # round_f16 against struct '<e' (which raises OverflowError instead of giving inf)
    def struct_f16(x):
        try:
            return struct.unpack("<H", struct.pack("<e", x))[0]
        except OverflowError:
            return F16_NINF if x < 0 else F16_INF
    probes = [0.0, -0.0, 65504.0, 65519.99, 65520.0, -65520.0, 1e9, 2.0 ** -24, 2.0 ** -25,
              3 * 2.0 ** -26, 2.0 ** -26, 2.0 ** -14 - 2.0 ** -25, 2.0 ** -14 - 2.0 ** -26,
              1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11, 2047.5, 2049.0, 1e-30, -1e-30]
    for _ in range(200000):
        a, b = rnd.getrandbits(16), rnd.getrandbits(16)
        if f16_is_nan(a) or f16_is_nan(b):
            continue
        probes.append(f16_to_float(a) + f16_to_float(b))
    for _ in range(50000):
        probes.append(rnd.uniform(-70000, 70000))
        probes.append(math.ldexp(rnd.random(), rnd.randint(-30, 18)))
    for x in probes:
        if math.isnan(x):
            continue
        assert round_f16(x) == struct_f16(x), (x, hex(round_f16(x)), hex(struct_f16(x)))
    for b in range(0x10000):
        if not f16_is_nan(b):
            assert round_f16(f16_to_float(b)) == b, hex(b)
            assert f16_to_float(b) == struct.unpack("<e", struct.pack("<H", b))[0] or \
                f16_to_float(b) != f16_to_float(b)
    # contract / docs examples
    assert fadd("f16", 0x7BFF, round_f16(16.0)) == F16_INF              # 65504 + 16 -> inf
    v = [round_f16(1.0)] + [round_f16(2.0 ** -11)] * 127                # O1 discriminator
    assert reduce_sum("f16", "f16", v, [True] * 128)[0][0] == 0x3C3F
    assert round_f32(3.4028235e38 * 2) == F32_INF
    r, _ = reduce_maxmin("max", "f16", [0] * 114 + [round_f16(5.0)] + [0] * 13,
                         [True] * 128)
    assert r[1] == 0x0072
    r, _ = reduce_maxmin("max", "f32", [0x80000000, 0] + [0] * 62, [True, True] + [False] * 62)
    assert r[0] == 0 and r[1] == 1
    r, _ = reduce_maxmin("min", "f32", [0x80000000, 0] + [0] * 62, [True, True] + [False] * 62)
    assert r[0] == 0x80000000 and r[1] == 0
    r, _ = reduce_maxmin("max", "f32", [0] * 64, [False] * 64)
    assert r[0] == F32_NINF and r[1] == 0 and not any(r[2:])
    r, _ = reduce_sum("i32", "i16", [0xFFFF] * 128, [True] * 3 + [False] * 125)
    assert r[0] == 0xFFFFFFFD
    assert update_mask(300, "f32")[1] == 236 and update_mask(40, "f32")[1] == 0
    out, _ = pair_reduce_sum("f32", [round_f32(i * 0.25) for i in range(64)], [True] * 64)
    assert [f32_to_float(x) for x in out[:32]] == [(4 * i + 1) * 0.25 for i in range(32)]
    assert not any(out[32:])
    # reduce_data_block: the vendor's BlockReduceSum example in block 3 (numpy float16
    # gives inf, and 35584 = 0x7858 saturating); block 0's tree (2048+0)+(1+1) = 2050.
    v = [0] * 128
    v[0:4] = [0x6800, 0, 0x3C00, 0x3C00]
    v[48:52] = [0x7B53, 0x7B53, 0xF753, 0x5640]
    act = [i % 16 < 4 for i in range(128)]
    r, _ = reduce_data_block("sum", "f16", "f16", v, act)
    assert r[0] == 0x6801 and r[3] == F16_INF and not any(r[8:]), r[:8]
    assert reduce_data_block("sum", "f16", "f16", v, act, saturate=True)[0][3] == 0x7858
    r, _ = reduce_data_block("max", "i16", "i16", [0x8001] + [0] * 127, [True] + [False] * 127)
    assert r[:2] == [0x8001, 0x8000] and not any(r[8:])
    r, _ = reduce_data_block("sum", "u32", "u32", [0xFFFFFFFF, 2] + [0] * 62, [True] * 64)
    assert r[0] == 1
    r, _ = reduce_data_block("sum", "i32", "i16", [0x7FFF, 1, 0xFFFF] + [0] * 125, [True] * 128)
    assert r[0] == 0x7FFF and len(r) == 64                   # 32767 + 1 - 1 in 32 bits
    g, _ = gather("i16", "i8", "u16", [0xD8, 40], [0, 1] + [0] * 126, [True] * 2 + [False] * 126)
    assert g[:3] == [216, 40, 0]
    g, _ = gather_reg("f16", list(range(128)), [168] * 128)
    assert g[0] == 40
    # casts (issue 12 "must show" values, worked by hand)
    f32 = lambda x: round_f32(x)
    assert convert("f16", "f32", f32(65520.0), "rint", False) == 0x7C00
    assert convert("f16", "f32", f32(65520.0), "rint", True) == 0x7BFF
    assert convert("f16", "f32", f32(65520.0), "odd", False) == 0x7BFF
    assert convert("f16", "f32", f32(1 + 2 ** -11), "rint", False) == 0x3C00
    assert convert("f16", "f32", f32(1 + 2 ** -11), "odd", False) == 0x3C01
    assert convert("f16", "f32", f32(2 ** -25), "rint", False) == 0
    assert convert("f16", "f32", f32(2 ** -25), "odd", False) == 1
    assert convert("f16", "f32", 0x7FC00000, "rint", False) == 0x7E00
    assert convert("i32", "f32", 0x7FC00000, "rint", True) == 0
    assert [convert("i32", "f32", f32(2.5), m, False) for m in R5] == [2, 3, 2, 3, 2]
    assert [convert("i32", "f32", f32(-2.5), m, False) for m in R5] == \
        [x & 0xFFFFFFFF for x in (-2, -3, -3, -2, -2)]
    assert convert("i32", "f32", f32(2.0 ** 31), "rint", False) == 0x80000000
    assert convert("i32", "f32", f32(2.0 ** 31), "rint", True) == 0x7FFFFFFF
    assert convert("u8", "f16", round_f16(257.0), "rint", False) == 1         # D-Cast
    assert convert("u8", "f16", round_f16(257.0), "rint", True) == 255
    assert convert("u8", "i32", 256, None, False) == 0                       # D-Cast
    assert convert("i32", "i64", 0x100000001, None, False) == 1               # EX
    assert convert("u32", "i16", 0xFFFF, None, True) == 0
    assert convert("f16", "bf16", 0x3643, "rint", False) == 49                # D-Prec 2.9e-6
    assert convert("f16", "bf16", 0x3643, "floor", False) == 48
    assert truncate_lane("f16", round_f16(-0.5), "ceil", False) == 0x8000
    assert truncate_lane("f16", 0x7C00, "rint", True) == 0x7BFF
    assert truncate_lane("bf16", 0xFF80, "rint", True) == 0xFF7F
    assert fadd("f16", 0x7B53, 0x7B53, True) == 0x7BFF
    out, _ = pair_reduce_sum("f16", [0x8000, 0x3C00] + [0] * 126, [True] + [False] * 127)
    assert out[0] == 0                                   # a single active -0 gives +0
    # sub / mul / abs (hand-computed, docs/semantics.md 2.20)
    assert lane_binary("sub", "f16", 0x6800, 0xBC00) == 0x6800          # 2049 ties to 2048
    assert lane_binary("sub", "f16", 0x6800, 0xC200) == 0x6802          # 2051 -> 2052
    assert lane_binary("sub", "f32", 0x80000000, 0) == 0x80000000       # -0 - +0 = -0
    assert lane_binary("sub", "f32", 0, 0) == 0
    assert lane_binary("sub", "f32", 0x7F800000, 0x7F800000) == 0xFFC00000
    assert lane_binary("sub", "f32", 0x3F800000, 0xFFC12345) == 0xFFC12345
    assert lane_binary("mul", "f16", 0x5CB0, 0x5CB0) == 0x7C00          # 300 * 300
    assert lane_binary("mul", "f16", 0x5CB0, 0x5CB0, True) == 0x7BFF
    assert lane_binary("mul", "f32", 0x0D800000, 0x2B800000) == 0x200   # 2^-140
    assert lane_binary("mul", "f32", 0, 0xFF800000) == 0xFFC00000       # 0 * -inf
    assert lane_binary("mul", "bf16", 0x3F81, 0x3F81) == 0x3F82
    assert lane_binary("mul", "i16", 300, 300) == 0x5F90
    assert lane_binary("sub", "u8", 0, 1) == 0xFF
    assert lane_unary("abs", "i8", 0x80) == 0x80 and lane_unary("abs", "i64", 2 ** 64 - 2) == 2
    assert lane_unary("abs", "f16", 0xFE01) == 0x7E01 and lane_unary("not", "u16", 0xFF) == 0xFF00
    # scalar forms (hand-computed, docs/semantics.md 2.25)
    assert scalar_form("adds", "u8", 0xFF, 2, False) == (1, False)
    assert scalar_form("muls", "f16", 0x5CB0, 0x5CB0, True) == (0x7BFF, False)
    assert lane_maxmin("max", "f32", 0x80000000, 0) == 0             # max(-0, +0) = +0
    assert lane_maxmin("min", "f32", 0, 0x80000000) == 0x80000000    # min(+0, -0) = -0
    assert lane_maxmin("max", "f16", 0x7C01, 0xFE00) == 0x7C01       # a's NaN, not quieted
    assert lane_maxmin("min", "i8", 0x80, 0x7F) == 0x80 and lane_maxmin("min", "u8", 0x80, 0x7F) == 0x7F
    assert lane_compare("ne", "f32", 0x7FC00000, 0x7FC00000) and \
        not lane_compare("eq", "f32", 0x7FC00000, 0x7FC00000)
    assert lane_compare("eq", "f16", 0x8000, 0) and lane_compare("lt", "i16", 0xFFFF, 0)
    assert not lane_compare("lt", "u16", 0xFFFF, 0)
    # shifts (hand-computed from the vendor's examples, docs/semantics.md 2.26)
    assert shift_lane("shift_left", "i16", 0xAAAA, 1) == 0x5554
    assert shift_lane("shift_left", "i16", 0xAAAA, 3) == 0x5550
    assert shift_lane("shift_left", "i32", 0x40000001, 1) == 0x80000002
    assert shift_lane("shift_left", "u16", 0xAAAA, 1) == 0x5554
    assert shift_lane("shift_right", "u16", 0xAAAA, 1) == 0x5555
    assert shift_lane("shift_right", "i16", 0xAAAA, 3) == 0xF555
    assert shift_lane("shift_rights", "i8", 0x80, 9) == 0xFF and shift_lane("shift_right", "i8", 0x7F, 8) == 0
    assert shift_lane("shift_left", "i32", 0x80000000, 32) == 0
    assert shift_lane("shift_lefts", "u8", 0x90, -4) == 0x09
    # 64-bit: the word sequence, hand-computed (docs/semantics.md 2.27)
    assert shift_lane64("shift_left", "u64", 0x00000001_80000001, 1) == 0x00000003_00000002
    assert shift_lane64("shift_left", "u64", 0x12345678_9ABCDEF0, 32) == 0x9ABCDEF0_00000000
    assert shift_lane64("shift_right", "i64", 0x80000000_00000000, 63) == (1 << 64) - 1
    assert shift_lane64("shift_right", "u64", 0x80000000_00000000, 63) == 1
    assert shift_lane64("shift_right", "i64", 0x80000000_00000000, 1 << 63) == 0x80000000_00000000
    assert shift_lane64("shift_lefts", "i64", (1 << 64) - 1, -40) == 0xFFFFFFFF_00FFFFFF
    assert shift_lane64("shift_left", "i64", (1 << 64) - 1, -40) == (1 << 64) - 1
    print("golden selftest OK")


if __name__ == "__main__":
    selftest()
