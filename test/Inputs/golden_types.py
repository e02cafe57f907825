"""Element types, float encodings, masks and the CTRL state of the golden model
(golden.py): the vocabulary golden_reduce, golden_cast and golden_lanes share."""
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
# CTRL
# --------------------------------------------------------------------------------------
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
