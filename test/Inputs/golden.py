#!/usr/bin/env python3
"""Independent pure-Python reference model of the ascreg semantics contract
(/work/shared/reference/semantics-contract.md, sections 1-8) for the conformance
kernels in examples/conformance/.

Written from the contract only: it does not call, port or copy lib/Semantics.
Only the standard library is used (no numpy).

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


def fadd(tok, a_bits, b_bits):
    """One IEEE add of two float lanes of type tok, rounded to tok (RNE, non-saturating)."""
    return round_to(tok, to_float(tok, a_bits) + to_float(tok, b_bits))


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
def reduce_sum(dst, src, v, active):
    """Contract 4: tree over ALL VL_src lanes, adjacent pairs first, inactive lanes +0,
    every node rounded (floats) or wrapped (ints). Returns (register bits, nan_only)."""
    n = lanes(src)
    assert len(v) == n and len(active) == n
    out = [0] * lanes(dst)
    nan_only = set()
    if is_float(src):
        leaf = [v[i] if active[i] else 0 for i in range(n)]       # +0 bits
        while len(leaf) > 1:
            leaf = [fadd(dst, leaf[2 * j], leaf[2 * j + 1]) for j in range(len(leaf) // 2)]
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


def pair_reduce_sum(tok, v, active):
    """Contract 5."""
    n = lanes(tok)
    out = [0] * n
    nan_only = set()
    for i in range(n // 2):
        a_on, b_on = active[2 * i], active[2 * i + 1]
        if a_on and b_on:
            out[i] = fadd(tok, v[2 * i], v[2 * i + 1])
            if is_nan_bits(tok, out[i]):
                nan_only.add(i)
        elif a_on:
            out[i] = v[2 * i]
        elif b_on:
            out[i] = v[2 * i + 1]
        else:
            out[i] = 0
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
def kernel_reduce(kind, dst, src, src_buf, dst_buf, count, repeat):
    """kind: 'sum' | 'max' | 'min' | 'pair'."""
    out = list(dst_buf)
    nan_only = set()
    vs, vd = lanes(src), lanes(dst)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        v = src_buf[r * vs:(r + 1) * vs]
        active, n = update_mask(n, src)
        if kind == "sum":
            res, nn = reduce_sum(dst, src, v, active)
        elif kind == "pair":
            res, nn = pair_reduce_sum(src, v, active)
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
    g, _ = gather("i16", "i8", "u16", [0xD8, 40], [0, 1] + [0] * 126, [True] * 2 + [False] * 126)
    assert g[:3] == [216, 40, 0]
    g, _ = gather_reg("f16", list(range(128)), [168] * 128)
    assert g[0] == 40
    print("golden selftest OK")


if __name__ == "__main__":
    selftest()
