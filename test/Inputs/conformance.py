#!/usr/bin/env python3
"""Conformance harness: runs examples/conformance/*.mlir kernels through ascreg-run on
random (seeded) inputs rich in edge cases and compares the output bit for bit with the
independent reference model golden.py (semantics contract, sections 4-6 and 8).

  conformance.py [--ascreg-run PATH] [--seed S] [--cases N] [-j N] [--keep] [--tmpdir D]
                 [--runner-arg=OPT]... [--exclude=GLOB]... [--inject-fault] KERNEL.mlir|GLOB ...

The type tokens come from the file name (contract 8b; casts and truncate:
docs/semantics.md 10.11), the CTRL state from the kernel's ascreg.ctrl attribute. Case i of a kernel uses the
random generator seeded with "SEED:NAME:i", so a case is reproducible on its own and
does not depend on the other kernels. Cases cycle through value profiles (NaN payloads,
+-0, +-inf, huge f16/f32 values whose tree sums overflow, subnormals, rounding ties,
repeated maxima, integer extremes, 64-bit values with carries or equal high words, ...)
and count kinds (0, mid-register, register boundary, beyond the data, 0xFFFFFFFF);
conversion inputs mix the source type's edge classes with the destination's rounding ties
(and values just off them), overflow thresholds, subnormal grid and integer range edges;
gather indices stay inside the base buffer but reach its last element (and, for u16
indices, index 65535 of a 65536-element base), u64 indices carry garbage in the high
32 bits and the unused index lanes of one-register 64-bit gathers hold garbage.
The dst buffer starts with random bits and may be longer than the stored registers, so
both "the whole register is stored" and "nothing else is written" are checked.

For every kernel it prints `PASS <name> (<N> cases)` or `FAIL <name> ...` with the
first mismatching element (register, lane, expected and actual bits) and the paths of
the input .npy files (kept on failure), and exits non-zero if any kernel failed.

The only comparison that is not bit-exact: an element whose golden value is the NaN
result of a float addition (reduce sum, pair_reduce_sum) only has to be a NaN
(contract 4: NaN payloads of sums are not compared).

--inject-fault flips the lowest bit of one expected element of the first case of
every kernel; every kernel must then FAIL (it proves the harness can fail).

Standard library only (no numpy).
"""
import argparse
import concurrent.futures
import fnmatch
import glob
import os
import random
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

sys.dont_write_bytecode = True          # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ascreg_serve  # noqa: E402
import golden as G  # noqa: E402
import npy_file  # noqa: E402

# --------------------------------------------------------------------------------------
# .npy I/O (1-D, little-endian, C order)
# --------------------------------------------------------------------------------------
def npy_descr(tok):
    """dtype of the .npy bound to a memref holding values of type tok."""
    t = G.base(tok)
    w = G.BYTES[t]
    if t == "bf16":
        return "<u2"                                  # bf16 travels as raw bits
    if t in ("f16", "f32"):
        return "<f%d" % w
    return ("|" if w == 1 else "<") + t[0] + str(w)


def write_npy(path, tok, bits):
    w = G.width(tok)
    m = G.mask_bits(tok)
    npy_file.write(path, npy_descr(tok), len(bits),
                   b"".join((b & m).to_bytes(w, "little") for b in bits))


def read_npy(path, tok):
    header, body = npy_file.read(path)
    want = npy_descr(tok)
    if header["descr"].replace("=", "<") != want:
        raise ValueError("%s: dtype %s, expected %s" % (path, header["descr"], want))
    if len(header["shape"]) != 1:
        raise ValueError("%s: not a 1-D array" % path)
    n = header["shape"][0]
    w = G.width(tok)
    if len(body) != n * w:
        raise ValueError("%s: %d data bytes for %d elements" % (path, len(body), n))
    return [int.from_bytes(body[i * w:(i + 1) * w], "little") for i in range(n)]


# --------------------------------------------------------------------------------------
# Kernel names (contract 8b)
# --------------------------------------------------------------------------------------
LANE_BINARY = ("sub", "mul", "and", "or", "xor")
LANE_UNARY = ("abs", "not")
SCALAR_FORMS = ("adds", "muls", "maxs", "mins")


class Kernel:
    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        p = self.name.split("_")
        # A `_ctrlABCD` suffix names a CTRL variant; the state itself is read from the
        # kernel's ascreg.ctrl attribute (the runtime's state without one).
        if p and p[-1].startswith("ctrl"):
            p = p[:-1]
        with open(path) as f:
            self.ctrl = G.parse_ctrl(f.read())
        self.part = None
        if p[0] == "cast" and len(p) in (3, 4):
            self.kind, self.op, self.dst, self.src = "cast", "cast", p[1], p[2]
            self.part = p[3] if len(p) == 4 else None
            if (self.dst, self.src) not in G.CASTS or \
                    (G.CASTS[(self.dst, self.src)][2] == 0) != (self.part is None) or \
                    (self.part is not None and self.part not in G.PARTS):
                raise ValueError("'%s' is not a legal cast pair x part" % self.name)
        elif p[0] == "truncate" and len(p) == 2:
            self.kind, self.op, self.dst, self.src = "truncate", "truncate", p[1], p[1]
        elif p[:3] == ["pair", "reduce", "sum"] and len(p) == 4:
            self.kind, self.op, self.dst, self.src = "reduce", "pair", p[3], p[3]
        elif p[:3] == ["reduce", "data", "block"] and len(p) == 6 and \
                p[3] in ("sum", "max", "min"):
            self.kind, self.op, self.dst, self.src = "reduce", "block_" + p[3], p[4], p[5]
        elif p[0] == "reduce" and len(p) == 4 and p[1] in ("sum", "max", "min"):
            self.kind, self.op, self.dst, self.src = "reduce", p[1], p[2], p[3]
        elif p[:2] == ["gather", "reg"] and len(p) == 4:
            self.kind, self.op, self.dst, self.src, self.idx = "gather_reg", "gather_reg", \
                p[2], p[2], p[3]
        elif p[0] == "gather" and len(p) == 4:
            self.kind, self.op, self.dst, self.src, self.idx = "gather", "gather", p[1], p[2], \
                p[3]
        elif p[:2] == ["governed", "mask"] and len(p) == 4:
            self.kind, self.op, self.dst, self.src = "lane_unary", "governed_mask_" + p[2], p[3], \
                p[3]
        elif p[:2] in (["duplicate", "lane"], ["store", "first"]) and len(p) == 3:
            self.kind, self.op, self.dst, self.src = "lane_unary", p[0] + "_" + p[1], p[2], p[2]
        elif p[0] == "shift" and len(p) == 3 and p[1] in ("left", "right", "lefts", "rights"):
            self.kind = "shift" if p[1] in ("left", "right") else "shift_scalar"
            self.op, self.dst, self.src = "shift_" + p[1], p[2], p[2]
        elif p[0] in SCALAR_FORMS + ("compares",) and len(p) == 2:
            self.kind = "compares" if p[0] == "compares" else "scalar_form"
            self.op, self.src = p[0], p[1]
            self.dst = p[1] if p[0] != "compares" else \
                "u%d" % G.bits_of(p[1]) + ("x2" if p[1].endswith("x2") else "")
        elif p[0] in LANE_BINARY + LANE_UNARY and len(p) == 2:
            self.kind = "lane_binary" if p[0] in LANE_BINARY else "lane_unary"
            self.op, self.dst, self.src = p[0], p[1], p[1]
        else:
            raise ValueError("cannot parse kernel name '%s'" % self.name)
        for t in (self.dst, self.src) + ((self.idx,) if self.kind.startswith("gather") else ()):
            if G.base(t) not in G.BYTES:
                raise ValueError("unknown type token '%s' in '%s'" % (t, self.name))


# --------------------------------------------------------------------------------------
# Value generators (bits). Each case picks a profile; the profile mixes edge classes.
# --------------------------------------------------------------------------------------
class FloatFormat:
    """What the value classes need of a float format: the sign bit, the
    mantissa width, the infinity bits, the quiet bit, the largest finite
    biased exponent, the range of "tiny" magnitudes, the "tie" values and
    the rounding of a Python float to the format."""

    def __init__(self, bits, man, top_exp, tiny, ties, round_fn):
        self.bits, self.man, self.top_exp = bits, man, top_exp
        self.sign = 1 << (bits - 1)
        self.inf = ((1 << (bits - 1 - man)) - 1) << man
        self.quiet = 1 << (man - 1)
        self.man_mask = (1 << man) - 1
        self.tiny, self.ties, self.round = tiny, ties, round_fn


F16 = FloatFormat(16, 10, 30, (0x300, 0x500),                 # min normals / subnormals
                  (0x3C00, 0x1000, 0x1400, 0x3C01, 0x0001),   # 1 + ulp ties (O1 input)
                  G.round_f16)
F32 = FloatFormat(32, 23, 254, (0x600000, 0xA00000),
                  (0x3F800000, 0x33800000, 0x34000000, 0x3F800001, 0x00000001),  # 1, 2^-24, ...
                  G.round_f32)


def float_class(rng, cls, f):
    """Bits of a value of class `cls` in format `f`."""
    s = rng.choice((0, f.sign))
    if cls == "normal":
        return f.round(rng.uniform(-64.0, 64.0))
    if cls == "wide":
        return s | (rng.randint(1, f.top_exp) << f.man) | rng.getrandbits(f.man)
    if cls == "bits":
        return rng.getrandbits(f.bits)
    if cls == "nan":
        return s | f.inf | rng.choice((f.quiet, 0x1, f.man_mask, rng.randint(1, f.man_mask),
                                       f.quiet | rng.getrandbits(f.man - 1)))
    if cls == "zero":
        return s
    if cls == "negzero":
        return f.sign
    if cls == "inf":
        return s | f.inf
    if cls == "huge":                                        # f16 32768 .. 65504, f32 >= 2^127
        return s | (f.top_exp << f.man) | rng.getrandbits(f.man)
    if cls == "hugepos":
        return (f.top_exp << f.man) | rng.getrandbits(f.man)
    if cls == "sub":
        return s | rng.randint(1, f.man_mask)
    if cls == "tiny":
        return s | rng.randint(*f.tiny)
    if cls == "tie":
        return rng.choice(f.ties)
    if cls == "int":
        return f.round(float(rng.randint(-8, 8)))
    raise ValueError(cls)


def f16_class(rng, cls):
    return float_class(rng, cls, F16)


def f32_class(rng, cls):
    return float_class(rng, cls, F32)


FLOAT_PROFILES = [
    # name, [(class, weight), ...]
    ("normal", [("normal", 1)]),
    ("wide", [("wide", 1)]),
    ("bits", [("bits", 1)]),
    ("huge-overflow", [("hugepos", 1)]),                     # tree sums overflow to +inf
    ("huge-mixed", [("huge", 6), ("normal", 1)]),             # +-inf, inf-inf = NaN
    ("nan-payloads", [("normal", 40), ("nan", 1)]),           # first NaN wins, payloads
    ("nan-many", [("nan", 1), ("normal", 1)]),
    ("specials", [("normal", 8), ("zero", 2), ("inf", 1), ("sub", 2), ("nan", 1)]),
    ("signed-zero", [("zero", 1)]),
    ("negative-zero", [("negzero", 1)]),                      # -0 sums only if all active
    ("one-plus-halfulps", None),                              # lane 0 = 1, rest = ulp(1)/2
    ("zero-vs-small", [("zero", 6), ("sub", 1)]),
    ("subnormal", [("sub", 3), ("tiny", 1)]),
    ("ties", [("tie", 1)]),
    ("repeated", None),                                       # small pool: repeated max
    ("ints", [("int", 1)]),
]


def int_class(rng, tok, cls, pool):
    nb = G.bits_of(tok)
    m = G.mask_bits(tok)
    if cls == "bits":
        return rng.getrandbits(nb)
    if cls == "extreme":
        return rng.choice((G.int_min(tok), G.int_max(tok), 0, 1, m, G.int_min(tok) + 1,
                           G.int_max(tok) - 1)) & m
    if cls == "small":
        return rng.randint(-5, 5) & m
    if cls == "pool":
        return rng.choice(pool)
    if cls == "hiequal":                                       # 64-bit: equal high words
        return (pool[0] << 32 | rng.getrandbits(32)) & m if nb == 64 else rng.getrandbits(nb)
    if cls == "carry":                                         # low word near 2^32
        if nb == 64:
            return (rng.getrandbits(32) << 32) | (0xFFFFFFFF - rng.randint(0, 3))
        return (m - rng.randint(0, 3)) & m
    if cls == "signflip":                                      # only the sign bit differs
        return ((rng.getrandbits(1) << (nb - 1)) | pool[0]) & m
    raise ValueError(cls)


INT_PROFILES = [
    ("bits", [("bits", 1)]),
    ("extreme", [("extreme", 1)]),
    ("mixed", [("bits", 2), ("extreme", 1), ("small", 1)]),
    ("small", [("small", 1)]),
    ("repeated", [("pool", 1)]),
    ("hiequal", [("hiequal", 1)]),
    ("carry", [("carry", 1)]),
    ("signflip", [("signflip", 1)]),
]


class ValueGen:
    def __init__(self, rng, tok, pick):
        self.rng, self.tok = rng, tok
        profiles = FLOAT_PROFILES if G.base(tok) in ("f16", "f32") else INT_PROFILES
        if G.base(tok) == "bf16":
            profiles = [("bits", None)]
        names = [p[0] for p in profiles]
        profile = names[pick % len(names)]                    # every profile in turn
        self.profile = profile
        self.classes = dict(profiles)[profile]
        nb = G.bits_of(tok)
        if G.base(tok) == "bf16":
            self.pool = []
        elif G.is_float(tok):
            cls = rng.choice(("normal", "zero", "inf", "tie", "int"))
            fn = f16_class if G.base(tok) == "f16" else f32_class
            self.pool = [fn(rng, rng.choice((cls, "normal", "zero"))) for _ in range(3)]
        else:
            self.pool = [rng.getrandbits(nb) if nb < 64 else rng.getrandbits(32)
                         for _ in range(3)]
            if nb < 64:
                self.pool = [p & ((1 << (nb - 1)) - 1) if profile == "signflip" else p
                             for p in self.pool]
            if profile == "signflip" and nb == 64:
                self.pool = [rng.getrandbits(63)] * 3

    def one(self):
        rng, tok = self.rng, self.tok
        t = G.base(tok)
        if t == "bf16":
            return rng.choice((rng.getrandbits(16), 0x7F81, 0xFFC0, 0x8000, 0x0000, 0x7F80))
        if t in ("f16", "f32"):
            if self.classes is None:
                return rng.choice(self.pool)
            cls = weighted(rng, self.classes)
            return (f16_class if t == "f16" else f32_class)(rng, cls)
        return int_class(rng, tok, weighted(rng, self.classes), self.pool)

    def many(self, n):
        return [self.one() for _ in range(n)]


def weighted(rng, items):
    total = sum(w for _, w in items)
    x = rng.uniform(0, total)
    for c, w in items:
        x -= w
        if x <= 0:
            return c
    return items[-1][0]


def pick_count(rng, vl, repeat, pick):
    """Counts that end mid-register, at a register boundary, 0, beyond the data, or
    0xFFFFFFFF (all lanes of every register)."""
    total = vl * repeat
    choices = [
        lambda: 0,
        lambda: total,
        lambda: rng.randint(1, max(1, total - 1)),
        lambda: rng.randint(1, max(1, total - 1)),
        lambda: rng.randint(1, max(1, total - 1)),
        lambda: rng.randint(0, max(0, repeat - 1)) * vl + rng.choice((1, 2, vl - 1, vl // 2)),
        lambda: rng.randint(1, max(1, repeat)) * vl,
        lambda: total + rng.randint(1, 1000),
        lambda: 0xFFFFFFFF,
        lambda: 1,
    ]
    if pick is None:                                          # all lanes of every register
        return rng.choice((total, 0xFFFFFFFF))
    return choices[(3 * pick) % len(choices)]() & 0xFFFFFFFF     # every kind in turn


# --------------------------------------------------------------------------------------
# Conversion inputs: the source type's edge classes, and the destination's rounding
# ties, overflow thresholds, subnormal grid and integer range edges, encoded exactly in
# the source type (values the source cannot hold exactly are skipped).
# --------------------------------------------------------------------------------------
def exact_bits(tok, x):
    """Bits of the Fraction x in type tok, or None if tok cannot hold it exactly."""
    sign = 1 if x < 0 else 0
    if G.is_float(tok):
        b = G.encode_float(tok, sign, abs(x), "rint", False)
        d = G.decode(tok, b)
        return b if d[0] == "num" and d[2] == abs(x) else None
    v = int(x)
    if v != x or not G.int_value(tok, G.int_min(tok)) <= v <= G.int_value(tok, G.int_max(tok)):
        return None
    return v & G.mask_bits(tok)


def float_neighbours(tok, rng):
    """A random finite value y of float type tok and the next one up in magnitude."""
    p, emin, emax, mb = G.FORMATS[G.base(tok)]
    e = rng.randint(emin - 1, emax)                      # emin - 1: the subnormals
    q = max(e, emin) - (p - 1)
    lo = (1 << (p - 1)) if e >= emin else 0
    n = rng.randint(lo, (1 << p) - 1)
    y = n * G.pow2(q)
    return y, y + G.pow2(q)


def cast_value(rng, src, dst, cls):
    """One source value (bits) of class cls for a src -> dst conversion."""
    F = Fraction
    sign = rng.choice((1, -1))
    if cls == "bits":
        return rng.getrandbits(G.bits_of(src))
    if G.is_float(src):
        p, emin, emax, mb = G.FORMATS[G.base(src)]
        nb = G.bits_of(src)
        if cls == "nan":
            return (rng.getrandbits(1) << (nb - 1)) | (((1 << (nb - 1 - mb)) - 1) << mb) | \
                rng.choice((1, 1 << (mb - 1), (1 << mb) - 1, rng.randint(1, (1 << mb) - 1)))
        if cls == "special":
            return rng.choice((0, 1 << (nb - 1), ((1 << (nb - 1 - mb)) - 1) << mb,
                               (1 << (nb - 1)) | (((1 << (nb - 1 - mb)) - 1) << mb),
                               (((1 << (nb - 1 - mb)) - 1) << mb) - 1, 1,
                               (1 << (nb - 1)) | 1))
        if cls == "sub":
            return (rng.getrandbits(1) << (nb - 1)) | rng.randint(1, (1 << mb) - 1)
    x = None
    if cls == "normal":
        x = F(rng.randint(-4000, 4000), rng.choice((1, 2, 4, 8, 16, 1024)))
    elif cls == "wide" and G.is_float(src):
        y, _ = float_neighbours(src, rng)
        x = sign * y
    elif cls == "wide":
        x = sign * rng.getrandbits(rng.randint(1, G.bits_of(src)))
    elif cls == "tie":                                   # halfway between two results
        if G.is_float(dst):
            y, z = float_neighbours(dst, rng)
            x = sign * (y + z) / 2
            if rng.random() < 0.3:                        # just off the tie
                x += sign * F(rng.choice((1, -1))) * (z - y) / 1024
        else:
            k = rng.choice((rng.randint(-300, 300), rng.randint(-70000, 70000),
                            rng.getrandbits(rng.randint(1, 40)) * sign))
            x = F(2 * k + 1, 2) + F(rng.choice((0, 0, 0, 1, -1)), rng.choice((4, 1024)))
    elif cls == "edge":                                  # overflow thresholds, range edges
        if G.is_float(dst):
            p, emin, emax, mb = G.FORMATS[G.base(dst)]
            top = G.pow2(emax + 1)                        # first value that overflows
            ulp = G.pow2(emax - p + 1)
            x = sign * rng.choice((top - ulp, top - ulp / 2, top - ulp / 2 - ulp / 8,
                                   top - ulp / 2 + ulp / 8, top, 2 * top, top - ulp - ulp / 4))
        else:
            lo = G.int_value(dst, G.int_min(dst))
            hi = G.int_value(dst, G.int_max(dst))
            x = rng.choice((lo, hi, hi + 1, lo - 1, 2 * hi + 2, hi + 2 ** 40)) + \
                F(rng.choice((0, 0, 1, -1, 3)), 4)
    elif cls == "tiny":                                  # the destination's subnormal grid
        if G.is_float(dst):
            p, emin, emax, mb = G.FORMATS[G.base(dst)]
            x = sign * F(rng.randint(1, 13), 4) * G.pow2(emin - p + 1)
        else:
            x = sign * F(rng.randint(1, 7), 8)
    if x is None:
        return cast_value(rng, src, dst, "bits")
    b = exact_bits(src, x)
    return b if b is not None else cast_value(rng, src, dst, "normal" if cls != "normal" else
                                              "bits")


CAST_PROFILES = [
    ("mixed", ["normal", "wide", "tie", "edge", "tiny", "bits", "nan", "special", "sub"]),
    ("ties", ["tie"]),
    ("edges", ["edge", "special"]),
    ("tiny", ["tiny", "sub", "special"]),
    ("bits", ["bits"]),
    ("normal", ["normal", "wide"]),
]


# --------------------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------------------
class Case:
    """args: list of (kind, payload); memref args are (tok, bits), scalars ('#i32'|'#index',
    value). dst_arg: index of the output parameter. expected: (bits, nan_only)."""


# --natural: buffers of exactly the registers the kernel touches and at least
# one repetition, the way a kernel is normally called (the debugging checks
# must report nothing on such runs; the default cases add slack on purpose).
NATURAL = False


def slack(rng, choices):
    """A random amount of extra buffer, or none with --natural."""
    return 0 if NATURAL else rng.choice(choices)


def make_case(k, rng, case_no):
    c = Case()
    repeat = rng.choice((1, 1, 2, 2, 3, 4)) if case_no else 1
    if rng.random() < 0.03 and not NATURAL:
        repeat = 0
    if k.kind in ("cast", "truncate"):
        vs, vd = G.lanes(k.src), G.lanes(k.dst)
        nv = len(G.cast_variants(k.dst, k.src)) if k.kind == "cast" else len(G.R5)
        name, classes = CAST_PROFILES[case_no % len(CAST_PROFILES)]
        n_src = max(1, repeat) * vs + slack(rng, (0, vs))
        src = [cast_value(rng, k.src, k.dst, rng.choice(classes)) for _ in range(n_src)]
        n_dst = max(1, repeat) * nv * vd + slack(rng, (0, vd))
        dst = [rng.getrandbits(G.bits_of(k.dst)) for _ in range(n_dst)]   # sentinels
        count = pick_count(rng, vs, max(1, repeat), case_no if case_no % 3 == 2 else None)
        c.args = [(k.src, src), (k.dst, dst), ("#i32", count), ("#index", repeat)]
        c.dst_arg = 1
        c.profile = name
        if k.kind == "cast":
            c.expected = G.kernel_cast(k.dst, k.src, k.part, k.ctrl, src, dst, count, repeat)
        else:
            c.expected = G.kernel_truncate(k.src, k.ctrl, src, dst, count, repeat)
    elif k.kind in ("lane_binary", "lane_unary"):
        vl = G.lanes(k.src)
        gen = ValueGen(rng, k.src, case_no)
        n = max(1, repeat) * vl
        inputs = [gen.many(n + slack(rng, (0, vl)))
                  for _ in range(2 if k.kind == "lane_binary" else 1)]
        # store_first writes one element per register (dst[r]), the others a register each.
        dst_n = max(1, repeat) if k.op == "store_first" else n
        dst = [rng.getrandbits(G.bits_of(k.dst)) for _ in range(dst_n + slack(rng, (0, vl)))]
        count = pick_count(rng, vl, max(1, repeat), case_no)
        c.args = [(k.src, x) for x in inputs] + [(k.dst, dst), ("#i32", count),
                                                 ("#index", repeat)]
        c.dst_arg = len(inputs)
        c.profile = gen.profile
        c.expected = G.kernel_lane(k.op, k.src, inputs, dst, count, repeat, k.ctrl)
    elif k.kind in ("shift", "shift_scalar"):
        vl = G.lanes(k.src)
        gen = ValueGen(rng, k.src, case_no)
        n = max(1, repeat) * vl
        w = G.bits_of(k.src)
        src = gen.many(n + slack(rng, (0, vl)))
        # Amounts around the edges (0, 1, w - 1, w, w + 1, negative ones) and at random.
        def amount(lo, hi):
            edges = (0, 1, w - 1, w, w + 1, -1, -w, -w - 1, lo, hi)
            if w == 64:  # the word sequence's edges: 31..33, the int32 wrap, high words
                edges += (31, 32, 33, -31, -32, -33, 1 << 32, (1 << 31) - 1, -(1 << 31),
                          (1 << 31) - 20, -(1 << 31) + 20, 32767, -32768, -32740, -40)
                edges = tuple(e for e in edges if lo <= e <= hi)  # the scalar is an i16
            return rng.choice(edges) if rng.getrandbits(1) else rng.randint(lo, hi)
        dst = [rng.getrandbits(w) for _ in range(n + slack(rng, (0, vl)))]
        count = pick_count(rng, vl, max(1, repeat), case_no)
        if k.kind == "shift":
            ntok = "i%d" % w
            amounts = [amount(-(1 << (w - 1)), (1 << (w - 1)) - 1) for _ in range(n)]
            c.args = [(k.src, src), (ntok, [a & G.mask_bits(ntok) for a in amounts]),
                      (k.dst, dst), ("#i32", count), ("#index", repeat)]
            c.dst_arg = 2
        else:
            amounts = amount(-32768, 32767)
            c.args = [(k.src, src), (k.dst, dst), ("#i32", count), ("#index", repeat),
                      ("#i16", amounts)]
            c.dst_arg = 1
        c.profile = gen.profile
        c.expected = G.kernel_shift(k.op, k.src, src, amounts, dst, count, repeat)
    elif k.kind in ("scalar_form", "compares"):
        vl = G.lanes(k.src)
        gen = ValueGen(rng, k.src, case_no)
        n = max(1, repeat) * vl
        src = gen.many(n + slack(rng, (0, vl)))
        # Often one of the lanes (ties and equality). A float scalar goes to ascreg-run as a
        # decimal number, exact for every value but a NaN's payload: no NaN scalar here (the
        # differential suites pass NaN scalars as bits).
        pool = [v for v in src if not G.is_nan_bits(k.src, v)] or [0]
        scalar = rng.choice(pool) if rng.getrandbits(1) else gen.one()
        if G.is_nan_bits(k.src, scalar):
            scalar = rng.choice(pool)
        stype = G.base(k.src) if G.is_float(k.src) else "i%d" % G.bits_of(k.src)
        dst = [rng.getrandbits(G.bits_of(k.dst)) for _ in range(n + slack(rng, (0, vl)))]
        count = pick_count(rng, vl, max(1, repeat), case_no)
        c.args = [(k.src, src), (k.dst, dst), ("#i32", count), ("#index", repeat),
                  ("#" + stype, scalar)]
        c.dst_arg = 1
        c.profile = gen.profile
        if k.kind == "compares":
            c.expected = G.kernel_compares(k.src, src, scalar, dst, count, repeat)
        else:
            c.expected = G.kernel_scalar_form(k.op, k.src, src, scalar, dst, count, repeat,
                                              k.ctrl)
    elif k.kind == "reduce":
        vs, vd = G.lanes(k.src), G.lanes(k.dst)
        gen = ValueGen(rng, k.src, case_no)
        n_src = max(1, repeat) * vs + slack(rng, (0, 0, vs, rng.randint(1, vs)))
        if gen.profile == "one-plus-halfulps":
            # contract O1's discriminating input: per-node rounding loses every half ulp
            one, half = (0x3C00, 0x1000) if G.base(k.src) == "f16" else (0x3F800000, 0x33800000)
            src = [one if i % vs == 0 else half for i in range(n_src)]
        else:
            src = gen.many(n_src)
        if gen.profile == "nan-payloads" and G.is_float(k.src):
            # several NaNs with different payloads in one register: the first one wins
            fn = f16_class if G.base(k.src) == "f16" else f32_class
            for _ in range(rng.randint(1, 4)):
                src[rng.randrange(n_src)] = fn(rng, "nan")
        n_dst = max(1, repeat) * vd + slack(rng, (0, vd))
        dst = [rng.getrandbits(G.bits_of(k.dst)) for _ in range(n_dst)]   # sentinels
        full = gen.profile in ("huge-overflow", "negative-zero", "one-plus-halfulps")
        count = pick_count(rng, vs, max(1, repeat), None if full else case_no)
        c.args = [(k.src, src), (k.dst, dst), ("#i32", count), ("#index", repeat)]
        c.dst_arg = 1
        c.profile = gen.profile
        c.expected = G.kernel_reduce(k.op, k.dst, k.src, src, dst, count, repeat, k.ctrl)
    elif k.kind == "gather":
        vi, vd = G.lanes(k.idx), G.lanes(k.dst)
        gen = ValueGen(rng, k.src, case_no)
        n_base = rng.choice((1, 2, rng.randint(1, 64), rng.randint(1, 600),
                             rng.randint(500, 4000 if G.width(k.src) < 8 else 2000)))
        full_range = G.base(k.idx) == "u16" and case_no % 8 == 5
        if full_range:                    # every u16 index is valid: 64 or 128 KiB of base
            n_base = 1 << 16
        base_buf = gen.many(n_base)
        if G.width(k.src) == 1 and rng.random() < 0.5:
            base_buf = [rng.choice((0x80, 0xFF, 0xD8, 0x7F, rng.getrandbits(8)))
                        for _ in range(n_base)]
        mode = rng.choice(("uniform", "end", "low", "same", "perm"))
        n_idx = max(1, repeat) * vi + slack(rng, (0, vi))

        def idx_value():
            if mode == "uniform":
                return rng.randrange(n_base)
            if mode == "end":                                 # extreme: the last element
                return rng.choice((n_base - 1, n_base - 1, rng.randrange(n_base), 0))
            if mode == "low":
                return rng.randrange(min(n_base, 4))
            if mode == "same":
                return n_base - 1
            return rng.randrange(n_base)
        idx = [idx_value() for _ in range(n_idx)]
        if mode == "perm":
            idx = [i % n_base for i in range(n_idx)]
        if full_range:
            idx = [rng.choice((0xFFFF, 0xFFFE, 0, x)) for x in idx]
        ib = G.bits_of(k.idx)
        hi_garbage = G.base(k.idx) == "u64" and rng.random() < 0.6
        if hi_garbage:                                        # u64: only low 32 bits count
            idx = [(rng.choice((rng.getrandbits(32), 1, 0xFFFFFFFF)) << 32) | i for i in idx]
        unused_garbage = vi > vd and rng.random() < 0.5
        if unused_garbage:                                    # lanes 32..63 are never used
            for r in range(n_idx // vi):
                for l in range(vd, vi):
                    idx[r * vi + l] = rng.getrandbits(ib)
        n_dst = max(1, repeat) * vd + slack(rng, (0, vd))
        dst = [rng.getrandbits(G.bits_of(k.dst)) for _ in range(n_dst)]
        count = pick_count(rng, vd, max(1, repeat), case_no)
        c.args = [(k.src, base_buf), (k.idx, idx), (k.dst, dst), ("#i32", count),
                  ("#index", repeat)]
        c.dst_arg = 2
        c.profile = "%s/idx-%s%s%s%s" % (gen.profile, mode, "/full-u16" if full_range else "",
                                         "/hi32" if hi_garbage else "",
                                         "/unused-lanes" if unused_garbage else "")
        c.expected = G.kernel_gather(k.dst, k.src, k.idx, base_buf, idx, dst, count, repeat)
    else:  # gather_reg
        vl, vi = G.lanes(k.dst), G.lanes(k.idx)
        gen = ValueGen(rng, k.dst, case_no)
        n_src = max(1, repeat) * vl + slack(rng, (0, vl))
        src = gen.many(n_src)
        ib = G.bits_of(k.idx)
        mode = rng.choice(("bits", "inrange", "wrap", "const", "reverse"))
        n_idx = vi + slack(rng, (0, vi))
        if mode == "bits":
            idx = [rng.getrandbits(ib) for _ in range(n_idx)]
        elif mode == "inrange":
            idx = [rng.randrange(vl) for _ in range(n_idx)]
        elif mode == "wrap":
            idx = [rng.choice((vl - 1, vl, vl + 1, (1 << ib) - 1, (1 << ib) - vl,
                               rng.getrandbits(ib))) for _ in range(n_idx)]
        elif mode == "const":
            v = rng.getrandbits(ib)
            idx = [v] * n_idx
        else:
            idx = [(vl - 1 - i) + vl * rng.randint(0, max(0, ((1 << ib) - 1) // vl - 1))
                   for i in range(n_idx)]
        dst = [rng.getrandbits(G.bits_of(k.dst)) for _ in range(n_src)]
        c.args = [(k.dst, src), (k.idx, idx), (k.dst, dst), ("#index", repeat)]
        c.dst_arg = 2
        c.profile = "%s/idx-%s" % (gen.profile, mode)
        c.expected = G.kernel_gather_reg(k.dst, k.idx, src, idx, dst, repeat)
    return c


# --------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------
def run_case(runner, k, c, case_dir, extra=()):
    """Scalars are passed as unsigned decimal (count 0xFFFFFFFF as 4294967295)."""
    os.makedirs(case_dir, exist_ok=True)
    cmd = [runner, k.path] + list(extra)
    files = []
    for i, (kind, payload) in enumerate(c.args):
        if kind in ("#f16", "#f32"):                           # float scalar: its value
            cmd.append("--arg=%s:%r" % (kind[1:], G.to_float(kind[1:], payload)))
        elif kind.startswith("#"):                             # scalar
            cmd.append("--arg=%s:%d" % (kind[1:], payload))
        else:
            p = os.path.join(case_dir, "arg%d.npy" % i)
            write_npy(p, kind, payload)
            files.append(p)
            cmd.append("--arg=" + p)
    out = os.path.join(case_dir, "out%d.npy" % c.dst_arg)
    cmd.append("--out=%d:%s" % (c.dst_arg, out))
    try:
        proc = ascreg_serve.run(cmd)   # one process start for all runs
    except OSError as e:
        proc = subprocess.CompletedProcess(cmd, 127, "", "cannot run %s: %s" % (runner, e))
    return cmd, files, out, proc


def fmt_bits(tok, b):
    return "0x%0*x" % (2 * G.width(tok), b)


def compare(k, c, actual, inject):
    """Returns None or a description of the first mismatch."""
    exp, nan_only = c.expected
    exp = list(exp)
    dtok = c.args[c.dst_arg][0]
    if inject:
        pos = next((i for i in range(len(exp)) if i not in nan_only), None)
        if pos is not None:
            exp[pos] ^= 1
    if len(actual) != len(exp):
        return "output has %d elements, expected %d" % (len(actual), len(exp))
    vl = G.lanes(dtok)
    for i, (e, a) in enumerate(zip(exp, actual)):
        ok = (G.is_nan_bits(dtok, a) if i in nan_only else e == a)
        if not ok:
            return ("element %d (register %d, lane %d): expected %s%s, actual %s"
                    % (i, i // vl, i % vl, fmt_bits(dtok, e),
                       " (any NaN)" if i in nan_only else "", fmt_bits(dtok, a)))
    return None


def check_kernel(runner, path, args, tmp_root):
    k = Kernel(path)
    kdir = os.path.join(tmp_root, k.name)
    for case_no in range(args.cases):
        rng = random.Random("%d:%s:%d" % (args.seed, k.name, case_no))
        c = make_case(k, rng, case_no)
        cdir = os.path.join(kdir, "case%d" % case_no)
        cmd, files, out, proc = run_case(runner, k, c, cdir, args.runner_arg)
        scalars = ", ".join("%s:%d" % (a[0][1:], a[1]) for a in c.args if a[0][0] == "#")
        where = ("  case %d (profile %s; %s)\n  inputs: %s\n  command: %s"
                 % (case_no, c.profile, scalars, " ".join(files), " ".join(cmd)))
        if proc.returncode != 0:
            return False, ("FAIL %s: ascreg-run exited with %d\n%s\n  stderr: %s"
                           % (k.name, proc.returncode, where, proc.stderr.strip()))
        try:
            actual = read_npy(out, c.args[c.dst_arg][0])
        except (OSError, ValueError) as e:
            return False, "FAIL %s: bad output: %s\n%s" % (k.name, e, where)
        bad = compare(k, c, actual, args.inject_fault and case_no == 0)
        if bad:
            return False, "FAIL %s: %s\n%s" % (k.name, bad, where)
        if not args.keep:
            shutil.rmtree(cdir, ignore_errors=True)
    if not args.keep:
        shutil.rmtree(kdir, ignore_errors=True)
    return True, "PASS %s (%d cases)" % (k.name, args.cases)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernels", nargs="+", help="kernel .mlir files or globs")
    ap.add_argument("--ascreg-run", default=None, help="path of ascreg-run (default: PATH)")
    ap.add_argument("--seed", type=int, default=3510)
    ap.add_argument("--cases", type=int, default=20)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--keep", action="store_true", help="keep all inputs and outputs")
    ap.add_argument("--tmpdir", default=None, help="where to put the cases")
    ap.add_argument("--runner-arg", action="append", default=[],
                    help="extra ascreg-run option, e.g. --runner-arg=--mode=jit (repeatable)")
    ap.add_argument("--exclude", action="append", default=[],
                    help="skip kernels whose file name matches this glob (repeatable)")
    ap.add_argument("--natural", action="store_true",
                    help="buffers of exactly the registers the kernel touches (see NATURAL)")
    ap.add_argument("--inject-fault", action="store_true",
                    help="flip one expected bit per kernel: every kernel must FAIL")
    args = ap.parse_args()
    global NATURAL
    NATURAL = args.natural

    runner = args.ascreg_run or shutil.which("ascreg-run")
    if not runner:
        print("error: ascreg-run not found (use --ascreg-run)", file=sys.stderr)
        return 2
    paths = []
    for pat in args.kernels:
        hits = sorted(glob.glob(pat)) if any(ch in pat for ch in "*?[") else [pat]
        if not hits:
            print("error: no kernel matches '%s'" % pat, file=sys.stderr)
            return 2
        paths += [h for h in hits if h not in paths and
                  not any(fnmatch.fnmatch(os.path.basename(h), x) for x in args.exclude)]
    for p in paths:
        if not os.path.isfile(p):
            print("error: no such kernel '%s'" % p, file=sys.stderr)
            return 2
        Kernel(p)                                              # name must parse
    tmp_root = tempfile.mkdtemp(prefix="ascreg-conformance-", dir=args.tmpdir)
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        results = list(ex.map(lambda p: check_kernel(runner, p, args, tmp_root), paths))
    failed = 0
    for ok, msg in results:
        print(msg)
        failed += not ok
    print("%d kernels, %d cases each, seed %d: %d passed, %d failed"
          % (len(paths), args.cases, args.seed, len(paths) - failed, failed))
    if failed:
        print("inputs kept in %s" % tmp_root)
    elif not args.keep:
        shutil.rmtree(tmp_root, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
