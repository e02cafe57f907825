"""The issue-27 calls of the host twin (twin_ops.asc) four ways, bit for bit.

  twin_ops.py TWIN TWIN_OPS_ASC ASCREG_RUN ASCREG_IMPORT WORKDIR CONFIGS

For each configuration of CONFIGS (a comma list of indices into CONFIGS
below: a semantic profile and a CTRL state) and each of the 13 register
types, on random inputs (float lanes: random bits and quiet and signalling
NaNs with payloads, +-0, +-inf, subnormals, the largest binade; some lanes
equal to the scalar, itself a NaN, an infinity, a zero ...):
  - the twin's run of the type's kernel (traced),
  - the replay of its trace (each segment's output equals the twin's UB and
    GM output: twin_check.Trace),
  - `ascreg-import` of twin_ops.asc, its OpsVF<T> run by ascreg-run in the
    interpreter,
  - a numpy golden written from docs/semantics.md 2.20-2.25,
give the same bytes in every slot. Prints the case count per call (one case:
one call on one type and configuration, every lane of its slot compared), the
replays, and the mismatches; exits 1 on any.
"""
import os
import re
import subprocess
import sys

import numpy as np

from twin_check import Trace, Work, report_totals

# name: (numpy dtype of the memory, lanes, is 64-bit two-register)
TYPES = {"i8": ("int8", 256), "u8": ("uint8", 256), "i16": ("int16", 128),
         "u16": ("uint16", 128), "f16": ("float16", 128), "bf16": ("uint16", 128),
         "i32": ("int32", 64), "u32": ("uint32", 64), "f32": ("float32", 64),
         "i64": ("int64", 32), "u64": ("uint64", 32), "i64x2": ("int64", 64),
         "u64x2": ("uint64", 64)}
SLOTS = 23
FLOAT = ("f16", "bf16", "f32")
PREDS = ["lt", "gt", "eq", "le", "ge", "ne"]  # slots 11-16


def legal(t):
    """The calls (by slot name) legal for type t (docs/semantics.md 2.20-2.25)."""
    bits = 8 if t in ("i8", "u8") else 16 if t in ("i16", "u16", "f16", "bf16") else \
        32 if t in ("i32", "u32", "f32") else 64
    c = ["sub", "duplicate_lane"]
    if bits > 8:
        c.append("mul")
    if t in ("i8", "i16", "i32", "i64", "i64x2", "f16", "f32"):
        c.append("abs")
    if t not in FLOAT:
        c += ["and", "or", "xor"]
    if t != "bf16":
        c += ["not", "adds", "maxs", "mins", "compares", "mask_xor", "adds_literal"]
        if bits > 8:
            c += ["muls", "muls_literal"]
    if bits <= 32 and not t.endswith("x2"):
        c.append("store_first")
    return c


# ---- numpy goldens -----------------------------------------------------------
# Floats are computed on their bits (the memory's unsigned view), so that NaN
# payloads, signalling NaNs and -0 are never left to numpy.

# (exponent mask, mantissa mask, quiet bit, sign bit, canonical NaN,
#  the invalid operation's NaN: docs/semantics.md 2.20, 3)
FMT = {"f16": (0x7C00, 0x03FF, 0x0200, 0x8000, 0x7E00, 0xFE00),
       "bf16": (0x7F80, 0x007F, 0x0040, 0x8000, 0x7FC0, 0xFFC0),
       "f32": (0x7F800000, 0x007FFFFF, 0x00400000, 0x80000000, 0x7FC00000, 0xFFC00000)}


def unsigned(a):
    """The raw bits of a as unsigned integers of its width."""
    return a.view("uint%d" % (a.dtype.itemsize * 8))


def sign_bit(a):
    u = unsigned(a)
    return u.dtype.type(1 << (u.dtype.itemsize * 8 - 1))


def is_nan(t, u):
    e, m = FMT[t][:2]
    return ((u & e) == e) & ((u & m) != 0)


def is_inf(t, u):
    e, m = FMT[t][:2]
    return (u & (e | m)) == e


def is_subnormal(t, u):
    e, m = FMT[t][:2]
    return ((u & e) == 0) & ((u & m) != 0)


def flush(t, u):
    """Subnormals become the zero of their sign."""
    return np.where(is_subnormal(t, u), u & FMT[t][3], u).astype(u.dtype)


def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x):
    """Round to nearest even (NaN lanes are replaced by the caller)."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def values(t, u):
    """The float values of the bits u (f16 and f32 in their own numpy type)."""
    if t == "bf16":
        return bf16_to_f32(u)
    return u.view(np.float16 if t == "f16" else np.float32)


def rounded(t, x):
    """The bits of x rounded (RNE) to t."""
    if t == "bf16":
        return f32_to_bf16(x)
    return unsigned(x.astype(np.float16 if t == "f16" else np.float32))


class State:
    """The semantic profile's choices and CTRL[48] of one configuration."""

    def __init__(self, profile, saturate):
        self.choice = dict(kv.split("=") for kv in profile.split(",") if "=" in kv)
        self.saturate = saturate  # CTRL[48] = 0

    def is_(self, point, candidate):
        return self.choice.get(point) == candidate


def float_arith(t, op, u, v, st):
    """docs/semantics.md 2.16 (add), 2.20 (sub, mul) on bits: the first NaN
    operand quieted, else the invalid NaN, else one RNE rounding; then
    arith.subnormals, add.nan and the f16 saturation of CTRL[48] = 0."""
    e, m, q, sgn, canon, invalid = FMT[t]
    flushing = op != "add" and st.is_("arith.subnormals", "flush")
    if flushing:
        u, v = flush(t, u), flush(t, v)
    with np.errstate(all="ignore"):
        x, y = values(t, u), values(t, v)
        r = rounded(t, x - y if op == "sub" else x * y if op == "mul" else x + y)
    r = np.where(is_nan(t, u), u | q, np.where(is_nan(t, v), v | q,
                                                np.where(is_nan(t, r), invalid, r)))
    r = r.astype(u.dtype)
    if flushing:
        r = flush(t, r)
    if st.is_("add.nan", "canonical"):
        r = np.where(is_nan(t, r), canon, r).astype(u.dtype)
    if t == "f16" and st.saturate and not (op == "mul" and st.is_("mul.f16_saturation", "never")):
        r = np.where(is_inf(t, r), (r & sgn) | 0x7BFF, np.where(is_nan(t, r), 0, r))
    return r.astype(u.dtype)


def arith(t, op, a, b, st):
    """a op b in t (wrapping integers), as bits."""
    if t in FLOAT:
        return float_arith(t, op, unsigned(a), unsigned(b), st)
    with np.errstate(all="ignore"):
        return unsigned(a - b if op == "sub" else a * b if op == "mul" else a + b)


def compare_flushed(t, a, s, st):
    """The operands of compare / max / min after compare.subnormals."""
    u, v = unsigned(a), unsigned(s)
    if t in FLOAT and st.is_("compare.subnormals", "flush"):
        u, v = flush(t, u), flush(t, v)
    return u, v


def max_min(t, a, s, is_max, st):
    """docs/semantics.md 2.16: a NaN of a, else of s, its bits; -0 below +0."""
    if t not in FLOAT:
        return unsigned(np.maximum(a, s) if is_max else np.minimum(a, s))
    u, v = compare_flushed(t, a, s, st)
    x, y = values(t, u), values(t, v)
    sgn = FMT[t][3]
    neg_u, neg_v = (u & sgn) != 0, (v & sgn) != 0
    u_below = (x < y) | ((x == y) & neg_u & ~neg_v)
    v_below = (y < x) | ((x == y) & neg_v & ~neg_u)
    r = np.where(u_below, v, u) if is_max else np.where(v_below, v, u)
    r = np.where(is_nan(t, u), u, np.where(is_nan(t, v), v, r)).astype(u.dtype)
    if st.is_("maxmin.nan", "canonical"):
        r = np.where(is_nan(t, r), FMT[t][4], r).astype(u.dtype)
    return r


def compare(t, pred, a, s, st):
    """docs/semantics.md 2.14: a NaN operand is unordered (only ne)."""
    if t in FLOAT:
        u, v = compare_flushed(t, a, s, st)
        a, s = values(t, u), values(t, v)
    return {"lt": a < s, "gt": a > s, "eq": a == s, "le": a <= s, "ge": a >= s, "ne": a != s}[pred]


def abs_(t, a, st):
    """docs/semantics.md 2.21: integers modulo 2^W, floats the sign cleared."""
    if t not in FLOAT:
        return unsigned(np.abs(a))
    u = unsigned(a) & ~sign_bit(a)
    if st.is_("abs.float", "canonical"):
        u = np.where(is_nan(t, u), FMT[t][4], u)
    return u.astype(unsigned(a).dtype)


def golden(t, a, b, s, out, count, st):
    """The expected `out` after the kernel (its bits), in state st."""
    dt, vl = TYPES[t]
    g = unsigned(out).copy().reshape(SLOTS, vl)
    act = np.arange(vl) < count
    ua, ub = unsigned(a), unsigned(b)
    zero = np.zeros(vl, ua.dtype)
    ok = legal(t)

    def put(slot, value):
        g[slot] = np.where(act, value, zero)

    def pick(mask):
        return np.where(mask, ua, ub)

    put(0, arith(t, "sub", a, b, st))
    if "mul" in ok:
        put(1, arith(t, "mul", a, b, st))
    if "abs" in ok:
        put(2, abs_(t, a, st))
    if "and" in ok:
        put(3, ua & ub)
        put(4, ua | ub)
        put(5, ua ^ ub)
    if "not" in ok:
        put(6, ~ua)
    if "adds" in ok:
        sv = np.full_like(a, s[0])
        unsigned(sv)[:] = unsigned(s)[0]  # the scalar's bits (a NaN's payload)
        put(7, arith(t, "add", a, sv, st))
        if "muls" in ok:
            put(8, arith(t, "mul", a, sv, st))
        put(9, max_min(t, a, sv, True, st))
        put(10, max_min(t, a, sv, False, st))
        for k, p in enumerate(PREDS):
            g[11 + k] = pick(act & compare(t, p, a, sv, st))
        x = compare(t, "gt", a, sv, st) ^ compare(t, "lt", b, sv, st)
        g[18] = pick(x & act)
        g[19] = pick((x & act) ^ compare(t, "lt", b, sv, st))
        put(20, arith(t, "add", a, np.full_like(a, a.dtype.type(3)), st))
        if "muls" in ok:
            lit = np.float32(0.1).astype(a.dtype) if t in FLOAT else np.array(-7).astype(a.dtype)
            put(21, arith(t, "mul", a, np.full_like(a, lit), st))
    put(17, np.full_like(ua, ua[0]))
    if "store_first" in ok:
        g[22][0] = ua[0]
        g[22][1] = ub[0]
        g[22][4] = ua[0] if count > 0 else 0
        g[22][6] = ua[0]
    return g.reshape(-1).view(dt)


SLOT_CALL = {0: "sub", 1: "mul", 2: "abs", 3: "and", 4: "or", 5: "xor", 6: "not", 7: "adds",
             8: "muls", 9: "maxs", 10: "mins", 17: "duplicate_lane", 18: "mask_xor",
             19: "mask_xor", 20: "adds_literal", 21: "muls_literal", 22: "store_first"}
SLOT_CALL.update({11 + k: "compares" for k in range(6)})


# ---- inputs --------------------------------------------------------------------
# Each float lane is random bits (NaN and inf as drawn) or one of the classes
# below; the scalar of the scalar forms is one class per type and
# configuration (CLASSES[(2 * config + k) % 6], k = 0 for f16, 1 for f32),
# so that each configuration has a NaN, an infinite or a zero scalar.
CLASSES = ["quiet_nan", "signalling_nan", "inf", "zero", "subnormal", "random"]


def of_class(t, cls, bits):
    """Elements of class cls made from the random bits (sign, payload)."""
    e, m, q, sgn = FMT[t][:4]
    payload = bits & (m ^ q)
    if cls == "quiet_nan":
        return (bits & sgn) | e | q | payload
    if cls == "signalling_nan":
        return (bits & sgn) | e | np.where(payload == 0, 1, payload).astype(bits.dtype)
    if cls == "inf":
        return (bits & sgn) | e
    if cls == "zero":
        return bits & sgn
    if cls == "subnormal":
        return (bits & (sgn | m)) | np.where((bits & m) == 0, 1, 0).astype(bits.dtype)
    if cls == "large":  # the largest binade: sums and products overflow
        return (bits & (sgn | m)) | (e - (e & -e))
    return bits


def elements(t, rng, n):
    """n random elements of t as the memory dtype."""
    dt = np.dtype(TYPES[t][0])
    x = rng.integers(0, 256, n * dt.itemsize, dtype=np.uint8).view(dt).copy()
    if t in FLOAT:
        u = unsigned(x)
        cls = rng.choice(CLASSES[:5] + ["large"] + ["random"] * 4, n)
        for c in set(cls):
            u[cls == c] = of_class(t, c, u[cls == c])
    return x


def inputs(t, rng, config):
    dt, vl = TYPES[t]
    a, b = elements(t, rng, vl), elements(t, rng, vl)
    s = elements(t, rng, 256 // np.dtype(dt).itemsize)
    if t in ("f16", "f32"):
        cls = CLASSES[(2 * config + ("f16", "f32").index(t)) % len(CLASSES)]
        unsigned(s)[:1] = of_class(t, cls, unsigned(s)[:1])
    eq = rng.random(vl) < 0.1
    unsigned(a)[eq] = unsigned(s)[0]
    out = rng.integers(0, 256, SLOTS * vl * np.dtype(dt).itemsize, dtype=np.uint8).view(dt)
    count = int(rng.integers(0, vl + 8))
    return a, b, s, out, count


def special_lanes(data):
    """The active lanes of the float inputs a and b per class (the coverage)."""
    n = {"quiet NaN": 0, "signalling NaN": 0, "inf": 0, "zero": 0, "subnormal": 0}
    for t in FLOAT:
        a, b, _, _, count = data[t]
        for x in (a, b):
            u = unsigned(x)[:count]
            nan = is_nan(t, u)
            quiet = (u & FMT[t][2]) != 0
            n["quiet NaN"] += int((nan & quiet).sum())
            n["signalling NaN"] += int((nan & ~quiet).sum())
            n["inf"] += int(is_inf(t, u).sum())
            n["zero"] += int(((u & ~sign_bit(u)) == 0).sum())
            n["subnormal"] += int(is_subnormal(t, u).sum())
    return n


# ---- the four runs --------------------------------------------------------------

CPP = {"signed char": "i8", "unsigned char": "u8", "short": "i16", "unsigned short": "u16",
       "_Float16": "f16", "half": "f16", "bfloat16_t": "bf16", "int": "i32", "unsigned int": "u32",
       "float": "f32", "long": "i64", "unsigned long": "u64", "long long": "i64",
       "unsigned long long": "u64"}
C_TYPES = ["i8", "u8", "i16", "u16", "f16", "bf16", "i32", "u32", "f32"]  # the C API's


def imported_symbols(module_text):
    """(form, type name) -> the imported symbol: form "reg" for OpsVF<T, Tr>,
    "capi" for CApiVF<T, V>."""
    syms = {}
    for sym in re.findall(r'func\.func @"((?:OpsVF|CApiVF)<[^"]*>)"', module_text):
        fn, args = sym.split("<", 1)
        elem, rest = args[:-1].split(", ", 1)
        name = CPP.get(elem.replace("AscendC::Reg::", ""), elem)
        if fn == "OpsVF":
            syms[("reg", name + ("x2" if "RegTraitNumTwo" in rest else ""))] = sym
        else:
            syms[("capi", name)] = sym
    return syms


# The configurations (semantic profile, CTRL[48] = 0): the default state; the
# documented profile with f16 saturation; every point that touches these calls
# on its other candidate (docs/semantics.md 8.1), with f16 saturation. The twin
# gets the profile from ASCREG_HOST_PROFILE and CTRL[48] from set_ctrl in its
# program; the replay from its trace; the import from --semantics (CTRL[48] = 0
# as ctrl.float_mode=saturating: the imported vector function sets no CTRL).
CONFIGS = [("documented", False), ("documented", True),
           ("add.nan=canonical,maxmin.nan=canonical,compare.subnormals=flush,"
            "mul.f16_saturation=never,abs.float=canonical,arith.subnormals=flush", True)]


def describe(config):
    profile, saturate = CONFIGS[config]
    return "config %d (%s, CTRL[48] = %d)" % (config, profile, 0 if saturate else 1)


def main(twin, asc, run, importer, root, configs):
    work = Work(root, run)
    trace = Trace(work)
    module = work.path("imported.mlir")
    subprocess.run([importer, asc, "-o", module], check=True)
    syms = imported_symbols(open(module).read())
    counts, bad, special = {}, [], {}
    default = State("documented", False)
    for config in configs:
        profile, saturate = CONFIGS[config]
        st = State(profile, saturate)
        semantics = ",".join(x for x in (profile if profile != "documented" else "",
                                         "ctrl.float_mode=saturating" if saturate else "") if x)
        rng = np.random.default_rng(2700 + config)
        data = {}
        for t in TYPES:
            a, b, s, out, count = inputs(t, rng, config)
            data[t] = (a, b, s, out, count)
            for name, arr in (("a", a), ("b", b), ("s", s), ("out", out)):
                arr.tofile(work.path("%s.%s.bin" % (t, name)))
            np.array([count], np.uint32).tofile(work.path("%s.count.bin" % t))
        for k, v in special_lanes(data).items():
            special[k] = special.get(k, 0) + v
        trace.twin([twin, work.root] + (["saturate"] if saturate else []),
                   {"ASCREG_HOST_PROFILE": profile})
        runs = [("reg", t, "twin") for t in TYPES] + [("capi", t, "capi") for t in C_TYPES]
        gm = [(k, "out_local", np.fromfile(work.path("%s.%s.bin" % (t, suffix)), TYPES[t][0]))
              for k, (_, t, suffix) in enumerate(runs)]
        trace.replay(describe(config), gm, bad)
        changed = 0
        for (form, t, _), (_, _, twin_out) in zip(runs, gm):
            a, b, s, out, count = data[t]
            dt, vl = TYPES[t]
            imp = None
            if (form, t) in syms:
                extra = ["--entry=" + syms[(form, t)]] + (["--semantics=" + semantics]
                                                          if semantics else [])
                imp = work.ascreg(module, [a, b, s, out, "i32:%d" % count], [3], extra)[0].view(dt)
            else:
                bad.append("%s %s: ascreg-import gave no function for it" % (form, t))
            want = golden(t, a, b, s, out, count, st)
            changed += int((unsigned(want) != unsigned(golden(t, a, b, s, out, count,
                                                              default))).sum())
            ok = legal(t)
            for slot in range(SLOTS):
                call = SLOT_CALL[slot]
                if call not in ok:
                    continue
                key = call if form == "reg" else "C " + call
                counts[key] = counts.get(key, 0) + 1
                sl = slice(slot * vl, (slot + 1) * vl)
                views = {"twin": twin_out[sl], "numpy": want[sl]}
                if imp is not None:
                    views["import"] = imp[sl]
                for other in sorted(views.keys() - {"twin"}):
                    if views["twin"].tobytes() != views[other].tobytes():
                        lane = int(np.flatnonzero(views["twin"].view(np.uint8) !=
                                                  views[other].view(np.uint8))[0]) // np.dtype(dt).itemsize
                        def bits(x, i=lane):
                            return "0x%x" % unsigned(x[i:i + 1])[0]
                        bad.append("config %d %s %s (slot %d): twin != %s at lane %d (a=%s b=%s s=%s "
                                   "count=%d: twin %s, %s %s)" %
                                   (config, t, key, slot, other, lane, bits(a), bits(b), bits(s, 0),
                                    count, bits(views["twin"]), other, bits(views[other])))
        print("%s: expects other bits than the default state in %d lanes" %
              (describe(config), changed))
    print("float input lanes (active, a and b): " +
          ", ".join("%d %s" % (v, k) for k, v in special.items()))
    return report_totals(counts, trace.replays, bad)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6], [int(c) for c in sys.argv[6].split(",")]))
