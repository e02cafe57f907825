"""Type conversion of the golden model (golden.py): cast / vcvt and truncate / vtrc
under the CTRL state, written from the cast fact sheet (cast-facts.md sections 1-3)
with exact rational arithmetic (fractions.Fraction)."""
import functools
from fractions import Fraction

from golden_types import (base, bits_of, int_max, int_min, int_value, is_float, lanes,
                          mask_bits, update_mask, width)


@functools.lru_cache(maxsize=None)
def pow2(e):
    """2^e as a Fraction (e may be negative)."""
    return Fraction(1 << e) if e >= 0 else Fraction(1, 1 << -e)


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

