#!/usr/bin/env python3
"""Structural tests of ascreg-run --report (docs/report.md), one kernel per op family.

For each family a conformance kernel (examples/conformance) runs on a seeded case made by
test/Inputs/conformance.py, with --report, in the interpreter and after the dav-3510
lowering. The page is parsed with html.parser and checked against values computed here
from the inputs and the MLIR types, never from the report writer:
  - every register value has one lane cell per lane of its type (vreg<N x T>: N), each
    titled with its hex bits, whose value class (NaN, +-inf, +-0, subnormal, sign) is
    recomputed here from those bits;
  - a load's lanes are the input buffer's elements at the load's offset;
  - an update_mask strip has min(count, N) active lanes of N;
  - a max/min marks the lane that decided it: the first NaN, else the first extreme
    lane (-0 below +0), recomputed from the input lanes and mask;
  - a pair sum lists N/2 pairs; a gather maps each active lane to its index lane's
    value; a register gather to index mod N;
  - the timeline cap: a 40-iteration loop draws the first 4 and last 2 iterations and
    counts the other 34;
  - a planted bug (a wrong winner) fails the max/min check.
Usage: report_structure.py ASCREG_RUN SRC_ROOT WORKDIR
"""
import html.parser
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys

RUN, ROOT, WORK = sys.argv[1:4]
sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
import conformance as C  # noqa: E402  (the conformance case generator)
from checks import caught, check, finish  # noqa: E402


class Page(html.parser.HTMLParser):
    """The ops of a report: header, values (type, cells), decision text, map rows."""

    def __init__(self):
        super().__init__()
        self.ops, self.skips, self.stack = [], [], []
        self.op = self.value = None
        self.text_target = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        self.stack.append((tag, cls))
        if tag == "div" and "op" in cls:
            self.op = {"id": a.get("id"), "header": "", "values": [], "decision": "", "map": []}
            self.ops.append(self.op)
            self.text_target = "header"
        elif self.op is not None and tag == "div" and "v" in cls:
            self.value = {"name": "", "type": None, "cells": [], "text": ""}
            self.op["values"].append(self.value)
        elif self.value is not None and tag == "span" and "nm" in cls:
            self.value["type"] = a.get("title")
        elif self.value is not None and tag == "i" and "l" in cls:
            self.value["cells"].append(("l", cls, a.get("title")))
        elif self.value is not None and tag == "b" and cls and cls[0] in ("m0", "m1"):
            self.value["cells"].append(("m", cls, a.get("title")))
        elif self.op is not None and tag == "div" and "dec" in cls:
            self.text_target = "decision"
            self.value = None
        elif self.op is not None and tag == "div" and "map" in cls:
            self.text_target = "maprow"
            self.value = None
        elif tag == "div" and "skip" in cls:
            self.text_target = "skip"
            self.skips.append("")

    def handle_endtag(self, tag):
        if self.stack:
            t, cls = self.stack.pop()
            if t == "div" and "op" in cls:
                self.op = self.value = None
            elif t == "div" and "v" in cls:
                self.value = None
            if (t == "span" and "hd" in cls) or (t == "div" and ("map" in cls or "dec" in cls)):
                self.text_target = None

    def handle_data(self, data):
        if self.text_target == "header" and self.op is not None:
            self.op["header"] += data
        elif self.text_target == "decision" and self.op is not None:
            self.op["decision"] += data
        elif self.text_target == "maprow" and self.op is not None and data.strip():
            self.op["map"].append(data.strip())
        elif self.text_target == "skip":
            self.skips[-1] += data
        if self.value is not None:
            self.value["text"] += data


def type_lanes(t):
    """(lanes, element token) of a register type '!ascreg.vreg<64xf32>', else None."""
    m = re.search(r"vreg<(\d+)x(\w+)", t or "")
    return (int(m.group(1)), m.group(2)) if m else None


def elem_bits(tok):
    return int(re.sub(r"[a-z]", "", tok) or 8)


def value_class(tok, bits):
    """The class of a lane's bits, from IEEE layouts and two's complement."""
    if tok[0] in "iu":
        w = elem_bits(tok)
        if bits == 0:
            return "pz"
        return "neg" if tok[0] == "i" and bits >> (w - 1) else "pos"
    e, m = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "f64": (11, 52)}[tok]
    neg, exp, man = bits >> (e + m), (bits >> m) & ((1 << e) - 1), bits & ((1 << m) - 1)
    if exp == (1 << e) - 1:
        return "nan" if man else ("ninf" if neg else "pinf")
    if exp == 0:
        return "sub" if man else ("nz" if neg else "pz")
    return "neg" if neg else "pos"


def order_key(tok, bits):
    """A total order of non-NaN values with -0 below +0."""
    w = elem_bits(tok)
    if tok[0] == "u":
        return bits
    if tok[0] == "i":
        return bits - (1 << w) if bits >> (w - 1) else bits
    if tok == "f16":
        x = struct.unpack("<e", struct.pack("<H", bits))[0]
    elif tok == "bf16":
        x = struct.unpack("<f", struct.pack("<I", bits << 16))[0]
    else:
        x = struct.unpack("<f", struct.pack("<I", bits))[0]
    return (x, 0 if math.copysign(1, x) < 0 else 1) if x == 0 else (x, 0)


def scalar(value):
    """A scalar value's number ("%2 64 (0x40)" -> 64)."""
    return int(re.search(r"-?\d+", value["text"].strip().split(None, 1)[1]).group())


def lane_bits(cell):
    """A lane's bits from its title ("3: 1.5 (0x3fc00000)" -> 0x3fc00000)."""
    return int(re.search(r"\(0x([0-9a-f]+)\)", cell[2]).group(1), 16)


def expected_winner(tok, lanes, active, is_max):
    live = [l for l in range(len(lanes)) if active[l]]
    if not live:
        return None
    for l in live:
        if tok[0] == "f" or tok == "bf16":
            if value_class(tok, lanes[l]) == "nan":
                return l
    best = live[0]
    for l in live[1:]:
        a, b = order_key(tok, lanes[l]), order_key(tok, lanes[best])
        if (a > b) if is_max else (a < b):
            best = l
    return best


def run_report(kernel, case_no, extra=(), seed=3510, name=None):
    k = C.Kernel(os.path.join(ROOT, "examples", "conformance", kernel + ".mlir"))
    rng = random.Random(seed)
    c = C.make_case(k, rng, case_no)
    d = os.path.join(WORK, name or kernel)
    shutil.rmtree(d, ignore_errors=True)
    page_path = os.path.join(d, "report.html")
    os.makedirs(d)
    cmd, files, out, proc = C.run_case(RUN, k, c, d, ["--report=" + page_path] + list(extra))
    check(proc.returncode == 0, "%s: ascreg-run failed: %s" % (kernel, proc.stderr))
    p = Page()
    with open(page_path) as f:
        p.feed(f.read())
    return k, c, p


def check_page(kernel, k, c, p, planted=False):
    """The checks of the module docstring on every op of the page."""
    inputs = [payload for kind, payload in c.args]
    counted = {"ops": 0, "lanes": 0, "decisions": 0}
    for op in p.ops:
        counted["ops"] += 1
        name = op["header"].split()[1] if len(op["header"].split()) > 1 else ""
        regs = [v for v in op["values"] if type_lanes(v["type"])]
        for v in regs:
            n, tok = type_lanes(v["type"])
            cells = [x for x in v["cells"] if x[0] == "l"]
            counted["lanes"] += len(cells)
            check(len(cells) == n, "%s %s %s: %d lane cells for %d lanes" %
                  (kernel, op["id"], v["type"], len(cells), n))
            for cell in cells:
                b = lane_bits(cell)
                cls = [x for x in cell[1] if x not in ("l", "off", "hl", "win")][0]
                if not check(cls == value_class(tok, b),
                             "%s %s: lane '%s' class %s" % (kernel, op["id"], cell[2], cls)):
                    break
        masks = [v for v in op["values"] if any(x[0] == "m" for x in v["cells"])]
        if name in ("ascreg.load_align", "dav.vlds") and regs:
            # Inputs: buffer, offset; the loaded lanes are the buffer at the offset.
            off = scalar(op["values"][1])
            n, tok = type_lanes(regs[-1]["type"])
            got = [lane_bits(x) for x in regs[-1]["cells"]]
            src = next((inp for inp in inputs if isinstance(inp, list) and
                        len(inp) >= off + len(got) and inp[off:off + len(got)] == got), None)
            check(src is not None, "%s %s: loaded lanes are no input slice at %d" %
                  (kernel, op["id"], off))
        if name == "ascreg.update_mask" and masks:
            cnt = scalar(op["values"][0])
            cells = [x for x in masks[0]["cells"] if x[0] == "m"]
            active = sum(1 for x in cells if x[1][0] == "m1")
            check(active == min(cnt, len(cells)), "%s %s: %d active of %d, count %d" %
                  (kernel, op["id"], active, len(cells), cnt))
        is_max = name == "dav.vcmax" or "<max>" in op["header"]
        is_min = name == "dav.vcmin" or "<min>" in op["header"]
        if (is_max or is_min) and regs:
            counted["decisions"] += 1
            n, tok = type_lanes(regs[0]["type"])
            lanes = [lane_bits(x) for x in regs[0]["cells"]]
            mcells = [x for x in masks[0]["cells"] if x[0] == "m"] if masks else []
            active = [x[1][0] == "m1" for x in mcells] if mcells else [True] * n
            want = expected_winner(tok, lanes, active, is_max)
            if planted and want is not None:
                want = (want + 1) % n  # the planted bug: another lane
            wins = [i for i, x in enumerate(regs[0]["cells"]) if "win" in x[1]]
            check(wins == ([want] if want is not None else []),
                  "%s %s: winner %s, expected %s" % (kernel, op["id"], wins, want))
            if want is not None and value_class(tok, lanes[want]) == "nan":
                check("first NaN" in op["decision"], "%s %s: no 'first NaN'" % (kernel, op["id"]))
        if name in ("ascreg.pair_reduce_sum", "dav.vcpadd") and regs:
            counted["decisions"] += 1
            n = type_lanes(regs[0]["type"])[0]
            pairs = [r for r in op["map"] if "+" in r]
            check(len(pairs) == n // 2, "%s %s: %d pairs for %d lanes" %
                  (kernel, op["id"], len(pairs), n))
        if name in ("ascreg.gather", "dav.vgather2") and regs:
            counted["decisions"] += 1
            idx = [lane_bits(x) for x in regs[0]["cells"]]
            mcells = [x for x in masks[0]["cells"] if x[0] == "m"] if masks else []
            want = ["%d \u2190 [%d]" % (l, idx[l] & 0xffffffff) for l in range(len(mcells))
                    if l < len(idx) and mcells[l][1][0] == "m1"][:256]
            got = [r.replace(" outside", "") for r in op["map"]]
            check(got == want, "%s %s: gather map %s, expected %s" %
                  (kernel, op["id"], [g for g, w in zip(got, want) if g != w][:3] or got[len(want):],
                   [w for g, w in zip(got, want) if g != w][:3] or want[len(got):]))
        if name in ("ascreg.gather_reg", "dav.vselr") and len(regs) >= 2:
            counted["decisions"] += 1
            n = type_lanes(regs[0]["type"])[0]
            idx = [lane_bits(x) for x in regs[1]["cells"]]
            want = ["%d \u2190 %d" % (l, idx[l] % n) for l in range(n)][:256]
            check(op["map"] == want, "%s %s: register gather map" % (kernel, op["id"]))
    return counted


FAMILIES = [
    ("reduce_max_f32_f32", "max/min winner"), ("reduce_min_f16_f16", "max/min winner"),
    ("reduce_max_i64x2_i64x2", "two-register max"), ("reduce_sum_i32_i16", "tree sum"),
    ("pair_reduce_sum_f32", "pair mapping"), ("gather_f32_f32_u32", "gather"),
    ("gather_i16_i8_u16", "8-bit gather"), ("gather_reg_f16_u16", "register gather"),
    ("cast_f32_f16_even", "cast"), ("truncate_f32", "truncate"),
]

for kernel, what in FAMILIES:
    for lowering in ((), ("--pass-pipeline=convert-ascreg-to-dav",)):
        tag = kernel + ("_dav" if lowering else "")
        k, c, p = run_report(kernel, 5, lowering, name=tag)
        counted = check_page(tag, k, c, p)
        check(counted["ops"] > 0 and counted["lanes"] > 0, "%s: nothing drawn" % tag)
        print("%-32s %-18s ops %3d, lane cells %6d, decisions %d" %
              (tag, what, counted["ops"], counted["lanes"], counted["decisions"]))

# The cap: a 40-iteration loop draws 1 + 4 + 2 groups and counts the other 34.
k = C.Kernel(os.path.join(ROOT, "examples", "conformance", "reduce_max_f32_f32.mlir"))
d = os.path.join(WORK, "cap")
shutil.rmtree(d, ignore_errors=True)
os.makedirs(d)
src = os.path.join(d, "src.npy")
dst = os.path.join(d, "dst.npy")
C.write_npy(src, "f32", [0x3f800000] * 40 * 64)
C.write_npy(dst, "f32", [0] * 40 * 64)
page_path = os.path.join(d, "report.html")
proc = subprocess.run([RUN, k.path, "--arg=" + src, "--arg=" + dst, "--arg=i32:2560",
                       "--arg=index:40", "--report=" + page_path], capture_output=True, text=True)
check(proc.returncode == 0, "cap run failed: " + proc.stderr)
p = Page()
with open(page_path) as f:
    p.feed(f.read())
check(len(p.ops) == 1 + 6 * 4, "cap: %d ops drawn, expected 25" % len(p.ops))
check(any("34 iterations (136 ops)" in s for s in p.skips), "cap: no count of the 34 "
      "iterations left out: %s" % p.skips)
print("cap: %d ops drawn of %d, skipped: %s" % (len(p.ops), 1 + 40 * 4,
                                                 [s.strip() for s in p.skips if s.strip()]))

# The planted bug: the winner check fails when the expected lane is another one.
k, c, p = run_report("reduce_max_f32_f32", 5, name="planted")
planted_caught = caught(lambda: check_page("planted", k, c, p, planted=True))
check(planted_caught, "the planted wrong winner was not caught")
print("planted wrong winner: %s" % ("caught" if planted_caught else "MISSED"))

finish()
