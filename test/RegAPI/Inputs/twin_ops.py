"""The issue-27 calls of the host twin (twin_ops.asc) four ways, bit for bit.

  twin_ops.py TWIN TWIN_OPS_ASC ASCREG_RUN ASCREG_IMPORT WORKDIR SEEDS

For each seed and each of the 13 register types, on random inputs (finite
floats, subnormals included; some lanes equal to the scalar, signed zeros):
  - the twin's run of the type's kernel (traced),
  - the replay of its trace (each segment's output equals the twin's UB and
    GM output: twin_check.Trace),
  - `ascreg-import` of twin_ops.asc, its OpsVF<T> run by ascreg-run in the
    interpreter,
  - a numpy golden written from docs/semantics.md 2.20-2.25,
give the same bytes in every slot. Prints the case count per call (one case:
one call on one type and seed, every lane of its slot compared), the
replays, and the mismatches; exits 1 on any.
"""
import os
import re
import subprocess
import sys

import numpy as np

from twin_check import Trace, Work

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

def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x):
    """Round to nearest even (no NaN reaches here)."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def arith(t, op, a, b):
    """a op b in t (wrapping integers; floats rounded once to t)."""
    with np.errstate(all="ignore"):
        if t == "bf16":
            x, y = bf16_to_f32(a), bf16_to_f32(b)
            return f32_to_bf16(x - y if op == "sub" else x * y if op == "mul" else x + y)
        return a - b if op == "sub" else a * b if op == "mul" else a + b


def unsigned(a):
    """The raw bits of a as unsigned integers of its width."""
    return a.view("uint%d" % (a.dtype.itemsize * 8))


def sign_bit(a):
    u = unsigned(a)
    return u.dtype.type(1 << (u.dtype.itemsize * 8 - 1))


def max_min(t, a, s, is_max):
    """max / min with -0 below +0 (no NaN inputs)."""
    if t not in FLOAT:
        return np.maximum(a, s) if is_max else np.minimum(a, s)
    s = np.full_like(a, s)
    r = np.where(a > s, a, s) if is_max else np.where(a < s, a, s)
    zero = (a == 0) & (s == 0)
    neg = np.signbit(a) & np.signbit(s) if is_max else np.signbit(a) | np.signbit(s)
    z = np.where(neg, np.array(-0.0, a.dtype), np.array(0.0, a.dtype))
    return np.where(zero, z, r)


def compare(pred, a, s):
    return {"lt": a < s, "gt": a > s, "eq": a == s, "le": a <= s, "ge": a >= s, "ne": a != s}[pred]


def golden(t, a, b, s, out, count):
    """The expected `out` after the kernel, and the slot name of each slot."""
    dt, vl = TYPES[t]
    g = out.copy().reshape(SLOTS, vl)
    act = np.arange(vl) < count
    zero = np.zeros(vl, a.dtype)
    ok = legal(t)

    def put(slot, value):
        g[slot] = np.where(act, value, zero)

    put(0, arith(t, "sub", a, b))
    if "mul" in ok:
        put(1, arith(t, "mul", a, b))
    if "abs" in ok:
        put(2, (unsigned(a) & ~sign_bit(a)).view(a.dtype) if t in FLOAT else np.abs(a))
    if "and" in ok:
        put(3, a & b)
        put(4, a | b)
        put(5, a ^ b)
    if "not" in ok:
        put(6, (~unsigned(a)).view(a.dtype))
    if "adds" in ok:
        sv = a.dtype.type(s)
        put(7, arith(t, "add", a, np.full_like(a, sv)))
        if "muls" in ok:
            put(8, arith(t, "mul", a, np.full_like(a, sv)))
        put(9, max_min(t, a, sv, True))
        put(10, max_min(t, a, sv, False))
        for k, p in enumerate(PREDS):
            g[11 + k] = np.where(act & compare(p, a, sv), a, b)
        x = (a > sv) ^ (b < sv)
        g[18] = np.where(x & act, a, b)
        g[19] = np.where((x & act) ^ (b < sv), a, b)
        put(20, arith(t, "add", a, np.full_like(a, a.dtype.type(3))))
        if "muls" in ok:
            lit = np.float32(0.1).astype(a.dtype) if t in FLOAT else np.array(-7).astype(a.dtype)
            put(21, arith(t, "mul", a, np.full_like(a, lit)))
    put(17, np.full_like(a, a[0]))
    if "store_first" in ok:
        g[22][0] = a[0]
        g[22][1] = b[0]
        g[22][4] = a[0] if count > 0 else 0
        g[22][6] = a[0]
    return g.reshape(-1)


SLOT_CALL = {0: "sub", 1: "mul", 2: "abs", 3: "and", 4: "or", 5: "xor", 6: "not", 7: "adds",
             8: "muls", 9: "maxs", 10: "mins", 17: "duplicate_lane", 18: "mask_xor",
             19: "mask_xor", 20: "adds_literal", 21: "muls_literal", 22: "store_first"}
SLOT_CALL.update({11 + k: "compares" for k in range(6)})


# ---- inputs --------------------------------------------------------------------

def finite(t, rng, n):
    """n random elements of t as the memory dtype: random bits, NaN / inf
    redrawn as finite values (floats)."""
    dt = np.dtype(TYPES[t][0])
    x = rng.integers(0, 256, n * dt.itemsize, dtype=np.uint8).view(dt).copy()
    if t in FLOAT:
        u = unsigned(x)
        exp = {"f16": 0x7C00, "bf16": 0x7F80, "f32": 0x7F800000}[t]
        top = exp & ~(exp >> 1)  # the exponent's top bit: cleared, NaN / inf become finite
        u[(u & exp) == exp] ^= u.dtype.type(top)
        zeros = rng.random(n) < 0.05  # signed zeros
        u[zeros] = np.where(rng.random(zeros.sum()) < 0.5, 0, sign_bit(x)).astype(u.dtype)
    return x


def inputs(t, rng):
    dt, vl = TYPES[t]
    a, b = finite(t, rng, vl), finite(t, rng, vl)
    s = finite(t, rng, 256 // np.dtype(dt).itemsize)
    if t in FLOAT and rng.random() < 0.3:
        s[0] = 0
        if rng.random() < 0.5:
            unsigned(s)[0] = sign_bit(s)
    eq = rng.random(vl) < 0.1
    a[eq] = s[0]
    out = rng.integers(0, 256, SLOTS * vl * np.dtype(dt).itemsize, dtype=np.uint8).view(dt)
    count = int(rng.integers(0, vl + 8))
    return a, b, s, out, count


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


def main(twin, asc, run, importer, root, seeds):
    work = Work(root, run)
    trace = Trace(work)
    module = work.path("imported.mlir")
    subprocess.run([importer, asc, "-o", module], check=True)
    syms = imported_symbols(open(module).read())
    counts, bad = {}, []
    for seed in range(seeds):
        rng = np.random.default_rng(2700 + seed)
        data = {}
        for t in TYPES:
            a, b, s, out, count = inputs(t, rng)
            data[t] = (a, b, s, out, count)
            for name, arr in (("a", a), ("b", b), ("s", s), ("out", out)):
                arr.tofile(work.path("%s.%s.bin" % (t, name)))
            np.array([count], np.uint32).tofile(work.path("%s.count.bin" % t))
        trace.twin([twin, work.root])
        runs = [("reg", t, "twin") for t in TYPES] + [("capi", t, "capi") for t in C_TYPES]
        gm = [(k, "out_local", np.fromfile(work.path("%s.%s.bin" % (t, suffix)), TYPES[t][0]))
              for k, (_, t, suffix) in enumerate(runs)]
        trace.replay("seed %d" % seed, gm, bad)
        for (form, t, _), (_, _, twin_out) in zip(runs, gm):
            a, b, s, out, count = data[t]
            dt, vl = TYPES[t]
            imp = None
            if (form, t) in syms:
                imp = work.ascreg(module, [a, b, s, out, "i32:%d" % count], [3],
                                  ["--entry=" + syms[(form, t)]])[0].view(dt)
            elif seed == 0:
                bad.append("%s %s: ascreg-import gave no function for it" % (form, t))
            want = golden(t, a, b, s[0], out, count)
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
                        bad.append("seed %d %s %s (slot %d): twin != %s at lane %d (a=%r b=%r s=%r "
                                   "count=%d: twin %r, %s %r)" %
                                   (seed, t, key, slot, other, lane, a[lane], b[lane], s[0], count,
                                    views["twin"][lane], other, views[other][lane]))
    for call in sorted(counts):
        print("%s: %d cases" % (call, counts[call]))
    print("trace replays: %d" % trace.replays)
    print("total: %d cases, %d mismatches" % (sum(counts.values()), len(bad)))
    for m in bad[:20]:
        print("  " + m)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6], int(sys.argv[6])))
