"""Lane-wise ops of the golden model (golden.py): sub / mul / abs / bitwise, the
scalar forms (adds, muls, maxs, mins, compares) and the shifts."""
from golden_cast import (decode, encode_float, FORMATS)
from golden_types import (base, bits_of, f16_is_nan, fadd, float_key, int_value,
                          is_float, is_nan_bits, is_signed_int, lanes, mask_bits,
                          RUNTIME_CTRL, to_float, to_signed, update_mask, width)


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

