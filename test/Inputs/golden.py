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
"""
import math
import struct

# --------------------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------------------
BYTES = {"i8": 1, "u8": 1, "i16": 2, "u16": 2, "f16": 2, "bf16": 2, "i32": 4, "u32": 4,
         "f32": 4, "i64": 8, "u64": 8}
FLOATS = ("f16", "bf16", "f32")


def base(tok):
    """'i64x2' -> 'i64'."""
    return tok[:-2] if tok.endswith("x2") else tok


def width(tok):
    return BYTES[base(tok)]


def bits_of(tok):
    return 8 * width(tok)


def lanes(tok):
    """Lanes per register value (contract 1): 256 bytes, 64-bit x2 form has 64 lanes."""
    n = 256 // width(tok)
    return 2 * n if tok.endswith("x2") else n


def is_float(tok):
    return base(tok) in FLOATS


def is_signed_int(tok):
    return base(tok).startswith("i")


def mask_bits(tok):
    return (1 << bits_of(tok)) - 1


def to_signed(v, nbits):
    v &= (1 << nbits) - 1
    return v - (1 << nbits) if v >> (nbits - 1) else v


def int_value(tok, b):
    """Numeric value of integer bits b for type tok (signedness from the token)."""
    b &= mask_bits(tok)
    return to_signed(b, bits_of(tok)) if is_signed_int(tok) else b


def int_min(tok):
    return (1 << (bits_of(tok) - 1)) if is_signed_int(tok) else 0          # as bits


def int_max(tok):
    return ((1 << (bits_of(tok) - 1)) - 1) if is_signed_int(tok) else mask_bits(tok)


# --------------------------------------------------------------------------------------
# Floating point
# --------------------------------------------------------------------------------------
F16_INF, F16_NINF, F16_QNAN = 0x7C00, 0xFC00, 0x7E00
F32_INF, F32_NINF, F32_QNAN = 0x7F800000, 0xFF800000, 0x7FC00000


def f16_is_nan(b):
    return (b & 0x7C00) == 0x7C00 and (b & 0x03FF) != 0


def f32_is_nan(b):
    return (b & 0x7F800000) == 0x7F800000 and (b & 0x007FFFFF) != 0


def bf16_is_nan(b):
    return (b & 0x7F80) == 0x7F80 and (b & 0x007F) != 0


def is_nan_bits(tok, b):
    t = base(tok)
    if t == "f16":
        return f16_is_nan(b)
    if t == "f32":
        return f32_is_nan(b)
    if t == "bf16":
        return bf16_is_nan(b)
    return False


def f16_to_float(b):
    """Decode f16 bits by hand (exact)."""
    b &= 0xFFFF
    sign = -1.0 if b & 0x8000 else 1.0
    e = (b >> 10) & 0x1F
    m = b & 0x3FF
    if e == 0x1F:
        return math.nan if m else sign * math.inf
    if e == 0:
        return sign * math.ldexp(m, -24)               # subnormal (or zero, keeps sign)
    return sign * math.ldexp(1024 + m, e - 25)


def round_f16(x):
    """Round a Python float (double) to f16 bits: IEEE RNE, subnormals kept,
    non-saturating (a value that rounds beyond 65504 becomes +-inf)."""
    if math.isnan(x):
        return F16_QNAN                                 # payload not part of the contract
    sign = 0x8000 if math.copysign(1.0, x) < 0 else 0
    a = abs(x)
    if a == math.inf:
        return sign | 0x7C00
    if a == 0.0:
        return sign
    m, e = math.frexp(a)                                # a = m * 2^e, 0.5 <= m < 1
    exp = e - 1                                         # a in [2^exp, 2^(exp+1))
    q = exp - 10 if exp >= -14 else -24                 # quantum exponent (ulp)
    scaled = math.ldexp(a, -q)                          # exact (power-of-two scaling)
    n = int(scaled)
    frac = scaled - n                                   # exact
    if frac > 0.5 or (frac == 0.5 and (n & 1)):
        n += 1
    # value = n * 2^q, n integer; re-encode (n may have carried into the next binade).
    if q == -24:
        if n < 1024:
            return sign | n                             # subnormal (n == 0: underflow to 0)
        # n == 1024 is the smallest normal 2^-14: falls through
    while n >= 2048:                                    # carry: renormalise (n even here)
        n >>= 1
        q += 1
    while n < 1024:                                     # only for q == -24 carry case
        n <<= 1
        q -= 1
    exp = q + 10
    if exp > 15:
        return sign | 0x7C00                            # overflow -> inf (non-saturating)
    return sign | ((exp + 15) << 10) | (n - 1024)


def f32_to_float(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def round_f32(x):
    if math.isnan(x):
        return F32_QNAN
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:                               # rounds past FLT_MAX -> inf
        return F32_NINF if x < 0 else F32_INF


def to_float(tok, b):
    t = base(tok)
    if t == "f16":
        return f16_to_float(b)
    if t == "f32":
        return f32_to_float(b)
    raise ValueError("no arithmetic for " + tok)


def round_to(tok, x):
    t = base(tok)
    if t == "f16":
        return round_f16(x)
    if t == "f32":
        return round_f32(x)
    raise ValueError("no arithmetic for " + tok)


def fadd(tok, a_bits, b_bits, saturate=False):
    """One IEEE add of two float lanes of type tok, rounded to tok (RNE). Non-saturating
    by default; `saturate` (f16 with CTRL[48] = 0, semantics "CTRL"): a result that is
    +-inf becomes +-65504 and a NaN becomes +0."""
    r = round_to(tok, to_float(tok, a_bits) + to_float(tok, b_bits))
    if saturate and base(tok) == "f16":
        if f16_is_nan(r):
            return 0
        if r & 0x7FFF == 0x7C00:
            return (r & 0x8000) | 0x7BFF
    return r


def float_key(tok, b):
    """Total order key for non-NaN floats in max/min: numeric, with -0 below +0."""
    v = to_float(tok, b)
    negzero = v == 0.0 and (b >> (bits_of(tok) - 1)) & 1
    return (v, 0 if negzero else 1)


# --------------------------------------------------------------------------------------
# Masks (contract 2): only update_mask prefixes occur in the conformance kernels.
# --------------------------------------------------------------------------------------
def update_mask(count, tok):
    """Returns (list of active flags for the lanes of tok, rest). count is read as u32."""
    count &= 0xFFFFFFFF
    vl = lanes(tok)
    active = [i < count for i in range(vl)]
    rest = 0 if count < vl else count - vl
    return active, rest


# --------------------------------------------------------------------------------------
# Ops on one register (lists of bit patterns)
# --------------------------------------------------------------------------------------
def reduce_sum(dst, src, v, active, saturate=False):
    """Contract 4: tree over ALL VL_src lanes, adjacent pairs first, inactive lanes +0,
    every node rounded (floats) or wrapped (ints); `saturate`: every f16 node saturates
    (CTRL[48] = 0). Returns (register bits, nan_only)."""
    n = lanes(src)
    assert len(v) == n and len(active) == n
    out = [0] * lanes(dst)
    nan_only = set()
    if is_float(src):
        leaf = [v[i] if active[i] else 0 for i in range(n)]       # +0 bits
        while len(leaf) > 1:
            leaf = [fadd(dst, leaf[2 * j], leaf[2 * j + 1], saturate)
                    for j in range(len(leaf) // 2)]
        out[0] = leaf[0]
        if is_nan_bits(dst, out[0]):
            nan_only.add(0)
    else:
        # widen (sign-extend i16 -> i32, zero-extend u16 -> u32), wrap each node
        leaf = [int_value(src, v[i]) if active[i] else 0 for i in range(n)]
        m = mask_bits(dst)
        while len(leaf) > 1:
            leaf = [(leaf[2 * j] + leaf[2 * j + 1]) & m for j in range(len(leaf) // 2)]
        out[0] = leaf[0] & m
    return out, nan_only


def reduce_maxmin(kind, tok, v, active):
    """Contract 4: first index on ties, -0 < +0, first NaN wins (its bits and lane),
    empty mask -> -inf/+inf or int min/max with index 0; lane 1 = index as raw bits."""
    n = lanes(tok)
    assert len(v) == n and len(active) == n
    found = False
    best = idx = None
    for i in range(n):
        if not active[i]:
            continue
        if is_float(tok):
            if is_nan_bits(tok, v[i]):
                best, idx, found = v[i], i, True
                break
            k = float_key(tok, v[i])
            if not found:
                best, idx, found, bk = v[i], i, True, k
            elif (k > bk) if kind == "max" else (k < bk):
                best, idx, bk = v[i], i, k
        else:
            k = int_value(tok, v[i])
            if not found:
                best, idx, found, bk = v[i], i, True, k
            elif (k > bk) if kind == "max" else (k < bk):
                best, idx, bk = v[i], i, k
    if not found:
        idx = 0
        if is_float(tok):
            t = base(tok)
            if kind == "max":
                best = F16_NINF if t == "f16" else F32_NINF
            else:
                best = F16_INF if t == "f16" else F32_INF
        else:
            best = int_min(tok) if kind == "max" else int_max(tok)
    out = [0] * n
    out[0] = best & mask_bits(tok)
    out[1] = idx & mask_bits(tok)
    return out, set()


def pair_reduce_sum(tok, v, active, saturate=False):
    """Contract 5 (revised): an inactive element enters the adder as +0, so one active
    lane gives a + (+0) (-0 -> +0, a signalling NaN is quieted) and none gives +0."""
    n = lanes(tok)
    out = [0] * n
    nan_only = set()
    for i in range(n // 2):
        a_on, b_on = active[2 * i], active[2 * i + 1]
        if a_on or b_on:
            out[i] = fadd(tok, v[2 * i] if a_on else 0, v[2 * i + 1] if b_on else 0, saturate)
            if is_nan_bits(tok, out[i]):
                nan_only.add(i)
        else:
            out[i] = 0
    return out, nan_only


def reduce_data_block(kind, dst, tok, v, active, saturate=False):
    """Issue 27 item 6: each 32-byte block of the source tok (16 lanes of 16 bits, 8 of
    32 bits) reduced on its own: sum by the adjacent-pair tree of the block's lanes
    (inactive +0, every node rounded in tok, f16 nodes saturating with `saturate`;
    integers as values of tok, wrapped in dst: i16 / u16 sum into i32 / u32); max / min
    -0 < +0, the first active NaN of the block, no active lane: -inf / +inf or the integer
    min / max. Block b's value in lane b of dst, every other lane 0."""
    n, per = lanes(tok), 32 // BYTES[base(tok)]
    out = [0] * lanes(dst)
    nan_only = set()
    for blk in range(n // per):
        vb, ab = v[blk * per:(blk + 1) * per], active[blk * per:(blk + 1) * per]
        if kind == "sum":
            if is_float(tok):
                leaf = [vb[i] if ab[i] else 0 for i in range(per)]
            else:
                leaf = [int_value(tok, vb[i]) if ab[i] else 0 for i in range(per)]
            while len(leaf) > 1:
                if is_float(tok):
                    leaf = [fadd(tok, leaf[2 * j], leaf[2 * j + 1], saturate)
                            for j in range(len(leaf) // 2)]
                else:
                    leaf = [(leaf[2 * j] + leaf[2 * j + 1]) & mask_bits(dst)
                            for j in range(len(leaf) // 2)]
            leaf[0] &= mask_bits(dst)
            out[blk] = leaf[0]
            if is_float(tok) and is_nan_bits(tok, leaf[0]):
                nan_only.add(blk)
            continue
        best = None
        for i in range(per):
            if not ab[i]:
                continue
            if is_float(tok) and is_nan_bits(tok, vb[i]):
                best = vb[i]
                break
            k = float_key(tok, vb[i]) if is_float(tok) else int_value(tok, vb[i])
            if best is None or ((k > bk) if kind == "max" else (k < bk)):
                best, bk = vb[i], k
        if best is None:
            if is_float(tok):
                t = base(tok)
                best = (F16_NINF if t == "f16" else F32_NINF) if kind == "max" else \
                    (F16_INF if t == "f16" else F32_INF)
            else:
                best = int_min(tok) if kind == "max" else int_max(tok)
        out[blk] = best & mask_bits(tok)
    return out, nan_only


class GatherError(Exception):
    pass


def gather(dst, src, idx_tok, base_buf, idx_reg, active):
    """Contract 6a. idx_reg: the loaded index register (lanes(idx_tok) values);
    active: the mask counted on the destination (lanes(dst) flags)."""
    nd = lanes(dst)
    out = [0] * nd
    assert len(active) == nd
    # a one-register 64-bit destination with a 64-lane index (u32 or u64x2) uses
    # only the first 32 indices; everywhere else there is one index per dst lane.
    assert len(idx_reg) >= nd
    for i in range(nd):
        if not active[i]:
            continue
        e = idx_reg[i]
        if base(idx_tok) == "u64":
            e &= 0xFFFFFFFF                                 # low 32 bits only
        if e >= len(base_buf):
            raise GatherError("lane %d index %d outside the base buffer (%d elements)"
                              % (i, e, len(base_buf)))
        out[i] = base_buf[e] & mask_bits(src)               # 8-bit sources zero-extend
    return out, set()


def gather_reg(tok, v, idx_reg):
    """Contract 6b."""
    n = lanes(tok)
    return [v[idx_reg[i] % n] for i in range(n)], set()


# --------------------------------------------------------------------------------------
# Whole conformance kernels (contract 8b). Each returns (dst buffer bits, nan_only)
# given the initial dst buffer (lanes not stored keep their value).
# --------------------------------------------------------------------------------------
def kernel_reduce(kind, dst, src, src_buf, dst_buf, count, repeat, ctrl=None):
    """kind: 'sum' | 'max' | 'min' | 'pair' | 'block_sum' | 'block_max' | 'block_min'
    (reduce_data_block); ctrl: the kernel's CTRL state (CTRL[48] = 0 saturates f16
    additions)."""
    saturate = not (ctrl or RUNTIME_CTRL)["48"]
    out = list(dst_buf)
    nan_only = set()
    vs, vd = lanes(src), lanes(dst)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        v = src_buf[r * vs:(r + 1) * vs]
        active, n = update_mask(n, src)
        if kind == "sum":
            res, nn = reduce_sum(dst, src, v, active, saturate)
        elif kind == "pair":
            res, nn = pair_reduce_sum(src, v, active, saturate)
        elif kind.startswith("block_"):
            res, nn = reduce_data_block(kind[len("block_"):], dst, src, v, active, saturate)
        else:
            res, nn = reduce_maxmin(kind, src, v, active)
        out[r * vd:(r + 1) * vd] = res                      # whole register, ALL mask
        nan_only |= {r * vd + k for k in nn}
    return out, nan_only


def kernel_gather(dst, src, idx_tok, base_buf, idx_buf, dst_buf, count, repeat):
    out = list(dst_buf)
    vi, vd = lanes(idx_tok), lanes(dst)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        idx = idx_buf[r * vi:(r + 1) * vi]
        active, n = update_mask(n, dst)                     # counted on the DESTINATION
        res, _ = gather(dst, src, idx_tok, base_buf, idx, active)
        out[r * vd:(r + 1) * vd] = res
    return out, set()


def kernel_gather_reg(tok, idx_tok, src_buf, idx_buf, dst_buf, repeat):
    out = list(dst_buf)
    vl = lanes(tok)
    idx = idx_buf[0:lanes(idx_tok)]                         # loaded once from offset 0
    for r in range(repeat):
        res, _ = gather_reg(tok, src_buf[r * vl:(r + 1) * vl], idx)
        out[r * vl:(r + 1) * vl] = res
    return out, set()


# --------------------------------------------------------------------------------------
# Type conversion (cast / vcvt, truncate / vtrc) and CTRL, written from the cast fact
# sheet (cast-facts.md sections 1-3) with exact rational arithmetic (fractions.Fraction).
# --------------------------------------------------------------------------------------
import functools
from fractions import Fraction


@functools.lru_cache(maxsize=None)
def pow2(e):
    """2^e as a Fraction (e may be negative)."""
    return Fraction(1 << e) if e >= 0 else Fraction(1, 1 << -e)


# The CTRL state the 950 runtime gives a kernel (bit -> value); a kernel's own state
# comes from its `ascreg.ctrl` attribute (parse_ctrl).
RUNTIME_CTRL = {"60": True, "48": True, "59": False, "50": False}


def parse_ctrl(text):
    """The CTRL bits of a kernel file: its #ascreg.ctrl<...> (missing fields and a
    missing attribute: the runtime's state)."""
    import re
    ctrl = dict(RUNTIME_CTRL)
    m = re.search(r"#ascreg\.ctrl<([^>]*)>", text)
    if m:
        for item in filter(None, (x.strip() for x in m.group(1).split(","))):
            key, value = (x.strip() for x in item.split("="))
            ctrl[{"saturation": "60", "float_overflow": "48", "int_overflow": "59",
                  "fp8_nan": "50"}[key]] = value in ("global", "inf_nan", "truncate", "keep")
    return ctrl


R5 = ("rint", "round", "floor", "ceil", "trunc")
# facts section 1, core types: (dst, src) -> (round modes, sat operand?, parts, rule).
# Rules (facts 2.3/2.4): F = float narrowing (CTRL[48] globally, else the operand),
# C48 = f16 -> bf16 (CTRL[48] only), I = int narrowing (CTRL[59] globally, else the
# operand), IN = f16 -> s32 (no operand), A = always saturates (s16 -> u32), N = never.
CASTS = {
    ("f16", "f32"): (R5 + ("odd",), True, 2, "F"), ("bf16", "f32"): (R5, True, 2, "F"),
    ("f32", "f16"): ((), False, 2, "N"), ("f32", "bf16"): ((), False, 2, "N"),
    ("bf16", "f16"): (R5, False, 0, "C48"), ("f16", "bf16"): (R5, True, 0, "F"),
    ("i32", "f32"): (R5, True, 0, "I"), ("i16", "f16"): (R5, True, 0, "I"),
    ("i16", "f32"): (R5, True, 2, "I"), ("i8", "f16"): (R5, True, 2, "I"),
    ("u8", "f16"): (R5, True, 2, "I"), ("i64", "f32"): (R5, True, 2, "I"),
    ("i32", "bf16"): (R5, True, 2, "I"), ("i32", "f16"): (R5, False, 2, "IN"),
    ("f32", "i32"): (R5, False, 0, "N"), ("f16", "i16"): (R5, False, 0, "N"),
    ("f32", "i16"): ((), False, 2, "N"), ("f16", "i8"): ((), False, 2, "N"),
    ("f16", "u8"): ((), False, 2, "N"), ("f32", "i64"): (R5, False, 2, "N"),
    ("u16", "u8"): ((), False, 2, "N"), ("i16", "i8"): ((), False, 2, "N"),
    ("u32", "u16"): ((), False, 2, "N"), ("u32", "i16"): ((), False, 2, "A"),
    ("i32", "i16"): ((), False, 2, "N"), ("i64", "i32"): ((), False, 2, "N"),
    ("u32", "u8"): ((), False, 4, "N"), ("i32", "i8"): ((), False, 4, "N"),
    ("u8", "u16"): ((), True, 2, "I"), ("u8", "i16"): ((), True, 2, "I"),
    ("u16", "u32"): ((), True, 2, "I"), ("i16", "u32"): ((), True, 2, "I"),
    ("u16", "i32"): ((), True, 2, "I"), ("i16", "i32"): ((), True, 2, "I"),
    ("i32", "i64"): ((), True, 2, "I"), ("u8", "u32"): ((), True, 4, "I"),
    ("u8", "i32"): ((), True, 4, "I"),
}
# (precision p including the implicit bit, minimum normal exponent, maximum exponent,
# mantissa bits): IEEE binary16, bfloat16, binary32.
FORMATS = {"f16": (11, -14, 15, 10), "bf16": (8, -126, 127, 7), "f32": (24, -126, 127, 23)}


def cast_variants(dst, src):
    """The (round, sat) of each result register of a conformance cast kernel: the pair's
    round modes in the vendor's order (or none), each with sat off then on (or none)."""
    rounds, has_sat, _, _ = CASTS[(dst, src)]
    return [(r, s) for r in (rounds or (None,)) for s in (("off", "on") if has_sat else (None,))]


def cast_saturates(dst, src, sat_operand, ctrl):
    rule = CASTS[(dst, src)][3]
    if rule == "F":
        return (not ctrl["48"]) if ctrl["60"] else sat_operand
    if rule == "C48":
        return not ctrl["48"]
    if rule == "I":
        return (not ctrl["59"]) if ctrl["60"] else sat_operand
    if rule == "IN":
        return ctrl["60"] and not ctrl["59"]
    return rule == "A"


@functools.lru_cache(maxsize=1 << 16)
def decode(tok, b):
    """('nan', sign, mantissa) | ('inf', sign) | ('num', sign, Fraction magnitude)."""
    t = base(tok)
    if t in FORMATS:
        p, emin, emax, mb = FORMATS[t]
        eb = bits_of(tok) - 1 - mb
        sign = (b >> (bits_of(tok) - 1)) & 1
        e = (b >> mb) & ((1 << eb) - 1)
        mant = b & ((1 << mb) - 1)
        if e == (1 << eb) - 1:
            return ("nan", sign, mant) if mant else ("inf", sign)
        if e == 0:
            return ("num", sign, mant * pow2(emin - mb))
        return ("num", sign, (mant + (1 << mb)) * pow2(e - emax - mb))
    v = int_value(tok, b)
    return ("num", 1 if v < 0 else 0, Fraction(abs(v)))


def round_magnitude(x, mode, negative):
    """|value| x >= 0 rounded to an integer under the mode (facts 2.1), for a value of
    the given sign (floor / ceil act on the signed value)."""
    q = x.numerator // x.denominator
    r = x - q
    if mode == "rint":
        return q + (1 if r > Fraction(1, 2) or (r == Fraction(1, 2) and q % 2) else 0)
    if mode == "round":
        return q + (1 if r >= Fraction(1, 2) else 0)
    if mode == "floor":
        return q + (1 if negative and r else 0)
    if mode == "ceil":
        return q + (1 if not negative and r else 0)
    if mode == "trunc":
        return q
    if mode == "odd":
        return q | 1 if r else q
    raise ValueError(mode)


def floor_log2(x):
    """floor(log2(x)) of a Fraction x > 0."""
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if pow2(e) > x:
        e -= 1
    return e


def encode_float(tok, sign, x, mode, sat):
    """The bits of (-1)^sign * x (Fraction >= 0) in float type tok, rounded once under
    the mode; overflow (the rounded value, exponent unbounded, exceeds MAX) gives +-inf,
    or +-MAX with saturation; a zero keeps the sign."""
    t = base(tok)
    p, emin, emax, mb = FORMATS[t]
    s = sign << (bits_of(tok) - 1)
    exp_all = ((1 << (bits_of(tok) - 1 - mb)) - 1) << mb
    max_bits = exp_all - 1
    if x == 0:
        return s
    e = max(floor_log2(x), emin)
    n = round_magnitude(x * pow2((p - 1) - e), mode, sign == 1)
    if n == 1 << p:                                      # carried into the next binade
        n, e = n >> 1, e + 1
    if n == 0:
        return s
    if e > emax:
        return s | (max_bits if sat else exp_all)
    if n < 1 << (p - 1):                                 # subnormal
        return s | n
    return s | ((e + (1 << (bits_of(tok) - 2 - mb)) - 1) << mb) | (n - (1 << mb))


def convert(dst, src, b, mode, sat):
    """One lane: the source bits converted (facts section 2)."""
    v = decode(src, b)
    if is_float(dst):
        p, emin, emax, mb = FORMATS[base(dst)]
        s = (v[1] << (bits_of(dst) - 1))
        exp_all = ((1 << (bits_of(dst) - 1 - mb)) - 1) << mb
        if v[0] == "nan":                                # quiet, sign and top payload kept
            if sat:
                return 0
            smb = FORMATS[base(src)][3]
            payload = (v[2] << mb) >> smb
            return s | exp_all | (1 << (mb - 1)) | payload
        if v[0] == "inf":
            return s | ((exp_all - 1) if sat else exp_all)
        return encode_float(dst, v[1], v[2], mode or "rint", sat)
    nbits = bits_of(dst)
    lo, hi = int_value(dst, int_min(dst)), int_value(dst, int_max(dst))
    if v[0] == "nan":
        return 0
    if v[0] == "inf":                                    # both modes: the type's extreme
        return (int_min(dst) if v[1] else int_max(dst)) & mask_bits(dst)
    n = round_magnitude(v[2], mode or "rint", v[1] == 1)
    n = -n if v[1] else n
    if sat:
        n = min(max(n, lo), hi)
    return n & mask_bits(dst)                            # NO_SAT: the low bits


def truncate_lane(tok, b, mode, sat):
    """vtrc: rounded to an integral value of the same type; NaN quieted (sat: +0), inf
    kept (sat: +-MAX)."""
    v = decode(tok, b)
    p, emin, emax, mb = FORMATS[base(tok)]
    exp_all = ((1 << (bits_of(tok) - 1 - mb)) - 1) << mb
    if v[0] == "nan":
        return 0 if sat else b | (1 << (mb - 1))
    if v[0] == "inf":
        sign = b & (1 << (bits_of(tok) - 1))
        return sign | (exp_all - 1) if sat else b
    n = round_magnitude(v[2], mode, v[1] == 1)
    return encode_float(tok, v[1], Fraction(n), "rint", sat)


def cast_register(dst, src, part, v, active, mode, sat):
    """Lane placement (facts section 3): widening reads source lane r*k+part into lane k,
    narrowing writes source lane k to lane r*k+part and zeroes the rest; inactive lanes
    (mask at source granularity) give 0."""
    ws, wd = width(src), width(dst)
    out = [0] * lanes(dst)
    if wd >= ws:
        r = wd // ws
        for k in range(lanes(dst)):
            j = r * k + part
            if active[j]:
                out[k] = convert(dst, src, v[j], mode, sat)
    else:
        r = ws // wd
        for k in range(lanes(src)):
            if active[k]:
                out[r * k + part] = convert(dst, src, v[k], mode, sat)
    return out


PARTS = {"even": 0, "odd": 1, "p0": 0, "p1": 1, "p2": 2, "p3": 3, None: 0}


def kernel_cast(dst, src, part, ctrl, src_buf, dst_buf, count, repeat):
    """A conformance cast kernel: result register i of source register r (one per
    variant) is stored at register r * NV + i of dst."""
    out = list(dst_buf)
    variants = cast_variants(dst, src)
    vs, vd = lanes(src), lanes(dst)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        v = src_buf[r * vs:(r + 1) * vs]
        active, n = update_mask(n, src)
        for i, (mode, satop) in enumerate(variants):
            sat = cast_saturates(dst, src, satop == "on", ctrl)
            k = r * len(variants) + i
            out[k * vd:(k + 1) * vd] = cast_register(dst, src, PARTS[part], v, active, mode, sat)
    return out, set()


def kernel_truncate(tok, ctrl, src_buf, dst_buf, count, repeat):
    out = list(dst_buf)
    vl = lanes(tok)
    sat = base(tok) != "f32" and not ctrl["48"]          # f32 never saturates
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        v = src_buf[r * vl:(r + 1) * vl]
        active, n = update_mask(n, tok)
        for i, mode in enumerate(R5):
            k = r * len(R5) + i
            out[k * vl:(k + 1) * vl] = [truncate_lane(tok, v[j], mode, sat) if active[j] else 0
                                        for j in range(vl)]
    return out, set()


# --------------------------------------------------------------------------------------
# Self test of the float helpers and of the contract's worked examples.
# --------------------------------------------------------------------------------------
# --------------------------------------------------------------------------------------
# sub / mul / abs / and / or / xor / not (docs/semantics.md 2.20, 2.21; the vendor facts in
# docs/regapi-ops-facts.md 3-7): integers wrap; a float result is the exact difference or
# product (Fractions) rounded once to nearest even; a NaN operand gives the first NaN
# quieted, an invalid operation (inf - inf, 0 * inf) the negative default NaN.
# --------------------------------------------------------------------------------------
QUIET_BIT = {"f16": 0x0200, "bf16": 0x0040, "f32": 0x00400000}
INVALID_NAN = {"f16": 0xFE00, "bf16": 0xFFC0, "f32": 0xFFC00000}


def float_inf(tok, sign):
    t = base(tok)
    mb = FORMATS[t][3]
    return (sign << (bits_of(tok) - 1)) | ((((1 << (bits_of(tok) - 1 - mb)) - 1)) << mb)


def lane_float(op, tok, a, b, saturate):
    t = base(tok)
    da, db = decode(tok, a), decode(tok, b)
    if da[0] == "nan":
        r = a | QUIET_BIT[t]
    elif db[0] == "nan":
        r = b | QUIET_BIT[t]
    elif op == "sub":
        sb = 1 - db[1]                                  # a - b = a + (-b)
        if da[0] == "inf" and db[0] == "inf":
            r = INVALID_NAN[t] if da[1] != sb else float_inf(tok, da[1])
        elif da[0] == "inf" or db[0] == "inf":
            r = float_inf(tok, da[1] if da[0] == "inf" else sb)
        else:
            x = (-da[2] if da[1] else da[2]) + (-db[2] if sb else db[2])
            if x == 0:                                  # -0 + -0 = -0, else +0 (RNE)
                sign = 1 if (da[2] == 0 and db[2] == 0 and da[1] == 1 and sb == 1) else 0
            else:
                sign = 1 if x < 0 else 0
            r = encode_float(tok, sign, abs(x), "rint", False)
    else:                                               # mul
        sign = da[1] ^ db[1]
        if da[0] == "inf" or db[0] == "inf":
            zero = (da[0] == "num" and da[2] == 0) or (db[0] == "num" and db[2] == 0)
            r = INVALID_NAN[t] if zero else float_inf(tok, sign)
        else:
            r = encode_float(tok, sign, da[2] * db[2], "rint", False)
    if saturate and t == "f16":
        if f16_is_nan(r):
            return 0
        if r & 0x7FFF == 0x7C00:
            return (r & 0x8000) | 0x7BFF
    return r


def lane_binary(op, tok, a, b, saturate=False):
    if op in ("sub", "mul") and is_float(tok):
        return lane_float(op, tok, a, b, saturate)
    m = mask_bits(tok)
    return {"sub": lambda: (a - b) & m, "mul": lambda: (a * b) & m, "and": lambda: a & b,
            "or": lambda: a | b, "xor": lambda: a ^ b}[op]()


def lane_unary(op, tok, a):
    if op == "not":
        return ~a & mask_bits(tok)
    if is_float(tok):                                   # abs: the sign bit cleared
        return a & (mask_bits(tok) >> 1)
    return abs(int_value(tok, a)) & mask_bits(tok)      # |INT_MIN| wraps to INT_MIN


def map_lanes(tok, dst_buf, count, repeat, lane):
    """The conformance loop of a lane-wise kernel: register r's active lanes (update_mask
    of the running count) get lane(r * VL + i) = (bits, result is a NaN of any payload),
    inactive ones 0 (ZEROING). Returns (output, nan_only)."""
    out = list(dst_buf)
    nan_only = set()
    vl = lanes(tok)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        active, n = update_mask(n, tok)
        for i in range(vl):
            res, any_nan = lane(r * vl + i) if active[i] else (0, False)
            out[r * vl + i] = res
            if any_nan:
                nan_only.add(r * vl + i)
    return out, nan_only


def kernel_lane(op, tok, inputs, dst_buf, count, repeat, ctrl=None):
    """sub / mul / and / or / xor (inputs = [a, b]) or abs / not / duplicate_lane /
    store_first / governed_mask_* (inputs = [src]); the kernel's CTRL[48] = 0 saturates
    f16 sub / mul."""
    saturate = not (ctrl or RUNTIME_CTRL)["48"]
    vl = lanes(tok)
    if op.startswith("governed_mask_"):                 # per mask bit p = stride * lane
        kind = op[len("governed_mask_"):]
        stride = 4 if tok.endswith("x2") else width(tok)
        out = list(dst_buf)
        n = count & 0xFFFFFFFF
        for r in range(repeat):
            active, n = update_mask(n, tok)             # a: the prefix
            for i in range(vl):
                a, b, g = active[i], i % 4 == 0, (stride * i) % 3 == 0
                bit = {"and": a and b, "or": a or b, "xor": a != b, "not": not a}[kind] and g
                out[r * vl + i] = inputs[0][r * vl + i] if bit else 0
        return out, set()
    if op == "store_first":                             # lane 0 of register r to dst[r]
        out = list(dst_buf)
        for r in range(repeat):
            out[r] = inputs[0][r * vl]
        return out, set()

    def lane(e):
        if op == "duplicate_lane":                      # lane 0 of the register
            return inputs[0][e - e % vl], False
        x = [buf[e] for buf in inputs]
        if len(x) == 2:
            return lane_binary(op, tok, x[0], x[1], saturate), False
        return lane_unary(op, tok, x[0]), False
    return map_lanes(tok, dst_buf, count, repeat, lane)


# --------------------------------------------------------------------------------------
# adds / muls / maxs / mins / compares (docs/semantics.md 2.25): the vector op with the
# scalar as its right-hand operand in every lane.
# --------------------------------------------------------------------------------------
def lane_maxmin(kind, tok, a, b):
    """max / min (contract 2.16): a NaN operand gives its bits (a first), -0 < +0,
    integers by signedness."""
    if is_float(tok):
        if is_nan_bits(tok, a) or is_nan_bits(tok, b):
            return a if is_nan_bits(tok, a) else b
        ka, kb = float_key(tok, a), float_key(tok, b)
    else:
        ka, kb = int_value(tok, a), int_value(tok, b)
    take_b = ka < kb if kind == "max" else kb < ka
    return b if take_b else a


def lane_compare(pred, tok, a, b):
    """IEEE for floats (a NaN is unordered: only ne holds; -0 == +0), signedness for
    integers."""
    if is_float(tok):
        if is_nan_bits(tok, a) or is_nan_bits(tok, b):
            return pred == "ne"
        x, y = to_float(tok, a), to_float(tok, b)
    else:
        x, y = int_value(tok, a), int_value(tok, b)
    return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y,
            "ge": x >= y}[pred]


def scalar_form(op, tok, a, s, saturate):
    """One active lane of adds / muls / maxs / mins; (bits, result is a NaN of an
    unspecified payload: float adds, as add)."""
    if op == "adds":
        if is_float(tok):
            r = fadd(tok, a, s, saturate)
            return r, is_nan_bits(tok, r)
        return (a + s) & mask_bits(tok), False
    if op == "muls":
        return lane_binary("mul", tok, a, s, saturate), False
    return lane_maxmin(op[:3], tok, a, s), False


def kernel_scalar_form(op, tok, src_buf, scalar, dst_buf, count, repeat, ctrl=None):
    saturate = not (ctrl or RUNTIME_CTRL)["48"]
    return map_lanes(tok, dst_buf, count, repeat,
                     lambda e: scalar_form(op, tok, src_buf[e], scalar, saturate))


COMPARE_PREDICATES = ("eq", "ne", "lt", "le", "gt", "ge")


def kernel_compares(tok, src_buf, scalar, dst_buf, count, repeat):
    """Lane i of the output: bit p set iff predicate p held on an active lane."""
    return map_lanes(tok, dst_buf, count, repeat,
                     lambda e: (sum(1 << p for p, pred in enumerate(COMPARE_PREDICATES)
                                    if lane_compare(pred, tok, src_buf[e], scalar)), False))


# --------------------------------------------------------------------------------------
# shift_left / shift_right / shift_lefts / shift_rights (docs/semantics.md 2.26), the
# documented profile: a negative amount shifts the other way (shift.negative = reverse),
# an amount >= the width shifts everything out (shift.range = as_beyond), a signed left
# shift is the two's complement one (shift.signed_left = wrap). Python's own integers:
# `>>` of a negative int is the arithmetic shift.
# --------------------------------------------------------------------------------------
def shift_lane(op, tok, a, n):
    """One active lane: `a` (bits of tok) shifted by the integer n."""
    w, m = bits_of(tok), mask_bits(tok)
    left = op.startswith("shift_left")
    if n < 0:
        left, n = not left, -n
    v = int_value(tok, a)
    if left:
        return 0 if n >= w else (a << n) & m
    if n >= w:
        return m if v < 0 else 0
    return (v >> n) & m


def shift_lane64(op, tok, a, n):
    """One active 64-bit lane: the vendor library's word sequence (docs/semantics.md 2.27):
    32-bit shifts (shift_lane) of the low word (u32) and the high word (i32 / u32) by k,
    32 - k and k + 32, OR-ed per word. k is the low word of the amount read as int32
    (register form) or the int16 scalar; 32 - k and k + 32 wrap in that width."""
    scalar = op.endswith("s")
    nbits = 16 if scalar else 32
    k = to_signed(n, nbits)
    up, down = to_signed(k + 32, nbits), to_signed(32 - k, nbits)
    hi_tok = "i32" if is_signed_int(tok) else "u32"
    lo, hi = a & 0xFFFFFFFF, (a >> 32) & 0xFFFFFFFF

    def sh(left, t, v, by):
        return shift_lane("shift_left" if left else "shift_right", t, v, by)
    if op.startswith("shift_left"):
        rlo = sh(True, "u32", lo, k) | sh(True, "u32" if scalar else hi_tok, hi, up)
        rhi = sh(False, "u32", lo, down) | sh(True, hi_tok, hi, k)
    else:
        rlo = sh(False, "u32", lo, k) | sh(True, hi_tok, hi, down)
        rhi = sh(False, "u32", lo, up) | sh(False, hi_tok, hi, k)
    return rhi << 32 | rlo


def kernel_shift(op, tok, src_buf, amounts, dst_buf, count, repeat):
    """`amounts` is a list of integers (a register's lanes) or one integer (the scalar)."""
    def amount(e):
        return amounts[e] if isinstance(amounts, list) else amounts
    lane = shift_lane64 if bits_of(tok) == 64 else shift_lane
    return map_lanes(tok, dst_buf, count, repeat,
                     lambda e: (lane(op, tok, src_buf[e], amount(e)), False))


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
