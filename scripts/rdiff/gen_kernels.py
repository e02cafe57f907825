#!/usr/bin/env python3
"""Random valid ascreg kernels for differential testing (Csmith/YARPGen style).

Every generated kernel verifies, never leaves the Unified Buffer, never
indexes a gather outside its buffer and terminates, so every execution path
(interpreter, JIT, dav-3510 lowering, emitted Ascend C on the host) must run
it to completion and produce the same bytes. ascreg-random-diff runs them;
scripts/rdiff/reduce.py shrinks a kernel on which the paths disagree.

What a kernel contains: 1-5 UB buffers of random element types (i8 i16 i32
i64 f16 bf16 f32, sometimes si/ui), a result buffer %out (i64), a count %n
(i32), a trip count %rep (index) and sometimes a float scalar; then random
op sequences over every legal register type (both 64-bit forms), casts of
every legal pair (ascreg.cast with random round/sat/part operands) and
ascreg.truncate, a random CTRL state on some kernels, masks of
every pattern and from update_mask tail counts (0, 1, VL-1, VL, VL+1, 2^32-1,
a parameter), compares with every predicate, loops carrying a count and an
accumulator, gathers whose indices are clamped into range with a min, loads
and stores at random aligned offsets (sometimes past the end of a buffer,
into its neighbour, as UB allows), sub / mul / abs and the bitwise ops of
every legal type, the scalar forms adds / muls / maxs / mins / compares, the
lane broadcast duplicate_lane, the per-block reduce reduce_data_block, the
first-element store store_first at any
element of a buffer, the governed mask logic on masks of any widths; on some
kernels (their own random stream: the others are unchanged) UB scratch
(memref.alloc / alloca of a static size, filled at once, deallocated at the
end) and views of the buffers and scratch (memref.subview with a static or
dynamic size, memref.reinterpret_cast, memref.cast to the static size),
inside their source and 32-byte aligned, accessed like the buffers. Every
value that is still live at the end is stored to %out (masks through a
select), so dead code is rare.

Signature convention (what the driver reads): the line
    // rdiff-args: buf:ELEM:N ... i32:LO:HI index:LO:HI f32 ...
lists the parameters in order: buffers with their element type and element
count (contents: random edge-class values), integer scalars with an inclusive
range, float scalars (random edge-class values). Kernels of one file are
separated by a line `// -----`.

Usage: gen_kernels.py [--seed S] [--count N] [--ops K] [-o FILE]
Standard library only.
"""
import argparse
import importlib.util
import os
import random
import sys

# The legal casts (pair -> round modes, sat operand, parts) and CTRL encoding
# are gen-conformance.py's (checked against ascreg::semantics::allCastPairs
# by unittests/Differential): one table for both generators.
_spec = importlib.util.spec_from_file_location(
    "gen_conformance", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "gen-conformance.py"))
_conformance = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_conformance)
CASTS = _conformance.CASTS  # (dst, src) -> (round modes, sat operand, parts)
PART_NAMES = _conformance.PART_NAMES
ROUND5 = _conformance.R5
ctrl_attr = _conformance.ctrl_attr
# sub / mul / abs / and / or / xor / not: op -> legal register types (element, registers).
_reg_type = lambda tok: (tok[:-2], 2) if tok.endswith("x2") else (tok, 1)
LANE_OPS = {op: ([_reg_type(t) for t in types], 2)
            for op, types in _conformance.LANE_BINARY.items()}
LANE_OPS.update({op: ([_reg_type(t) for t in types], 1)
                 for op, types in _conformance.LANE_UNARY.items()})
# The lane broadcast has the shape of a one-operand lane op.
LANE_OPS["duplicate_lane"] = ([_reg_type(t) for t in _conformance.DUPLICATE_LANE], 1)
# adds / muls / maxs / mins / compares: op -> legal register types.
SCALAR_FORMS = {op: [_reg_type(t) for t in types]
                for op, types in _conformance.SCALAR_FORMS.items()}
SCALAR_FORMS["compares"] = [_reg_type(t) for t in _conformance.COMPARES]
# shift_left / shift_right / shift_lefts / shift_rights: the legal register types.
SHIFT_TYPES = [_reg_type(t) for t in _conformance.SHIFT_TYPES]

BYTES = {"i8": 1, "u8": 1, "i16": 2, "u16": 2, "f16": 2, "bf16": 2, "i32": 4, "u32": 4,
         "f32": 4, "i64": 8, "u64": 8}
FLOATS = ("f16", "bf16", "f32")
ONE_REG = ["i8", "u8", "i16", "u16", "f16", "bf16", "i32", "u32", "f32", "i64", "u64"]
# Register types: (element, number of registers); 2 = the 64-bit two-register form.
REG_TYPES = [(e, 1) for e in ONE_REG] + [("i64", 2), ("u64", 2)]
PATTERNS = ["ALL", "VL1", "VL2", "VL3", "VL4", "VL8", "VL16", "VL32", "VL64", "VL128", "M3",
            "M4", "H", "Q", "ALLF"]
PREDICATES = ["eq", "ne", "lt", "le", "gt", "ge"]

REDUCE_SUM = [("f16", "f16"), ("f32", "f32"), ("i32", "i16"), ("u32", "u16"), ("i32", "i32"),
              ("u32", "u32"), ("i64", "i64"), ("u64", "u64")]
REDUCE_MAXMIN = ["i16", "u16", "f16", "i32", "u32", "f32", "i64", "u64"]
# (result, source memref kind, index); 64-bit forms added below.
GATHER = [(("i16", 1), "i8", ("u16", 1)), (("u16", 1), "u8", ("u16", 1)),
          (("i16", 1), "i16", ("u16", 1)), (("u16", 1), "u16", ("u16", 1)),
          (("f16", 1), "f16", ("u16", 1)), (("bf16", 1), "bf16", ("u16", 1)),
          (("i32", 1), "i32", ("u32", 1)), (("u32", 1), "u32", ("u32", 1)),
          (("f32", 1), "f32", ("u32", 1))]
for _d in ("i64", "u64"):
    GATHER += [((_d, 1), _d, ("u32", 1)), ((_d, 1), _d, ("u64", 1)), ((_d, 1), _d, ("u64", 2)),
               ((_d, 2), _d, ("u32", 1)), ((_d, 2), _d, ("u64", 2))]

# Every buffer holds BUF_REGS registers' worth of bytes; loops run at most
# MAX_REP iterations and step one register per iteration.
BUF_BYTES = 2048
MAX_REP = 3
OUT_SLOT_ELEMS = 64  # one slot of %out (i64) holds a two-register value
OUT_SLOTS = 48


def lanes(t):
    return 256 // BYTES[t[0]] * t[1]


def vreg(t):
    return "!ascreg.vreg<%dx%s>" % (lanes(t), t[0])


def int_width(e):
    return BYTES[e] * 8


def scalar_type(e):
    """The scalar a lane of element e is made from (duplicate, arange)."""
    return e if e in FLOATS else "i%d" % int_width(e)


def memref_kinds(m):
    """Register element kinds a memref element type can be read as."""
    if m in FLOATS:
        return [m]
    w = m[2:] if m.startswith(("si", "ui")) else m[1:]
    if m.startswith("si"):
        return ["i" + w]
    if m.startswith("ui"):
        return ["u" + w]
    return ["i" + w, "u" + w]


def float_bits(e, rng):
    """Hex bit patterns of float constants: edge classes and plain values."""
    if e == "f16":
        table = [0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00,
                 0x7C01, 0xFE55, 0x0001, 0x8001, 0x03FF, 0x3555, 0x4248]
        return rng.choice(table) if rng.random() < 0.8 else rng.getrandbits(16)
    if e == "bf16":
        table = [0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F7F, 0x7F80, 0xFF80, 0x7FC0, 0x7F81,
                 0x0001, 0x4049]
        return rng.choice(table) if rng.random() < 0.8 else rng.getrandbits(16)
    table = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF,
             0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC12345, 0x00000001,
             0x807FFFFF, 0x3EAAAAAB, 0x40490FDB]
    return rng.choice(table) if rng.random() < 0.8 else rng.getrandbits(32)


def int_value(bits, rng):
    table = [0, 1, 2, 3, (1 << bits) - 1, (1 << (bits - 1)) - 1, 1 << (bits - 1),
             (1 << (bits - 1)) + 1]
    v = rng.choice(table) if rng.random() < 0.6 else rng.getrandbits(bits)
    # Printed signed: arith.constant takes the signed range for iN.
    return v - (1 << bits) if v >= (1 << (bits - 1)) else v


class Kernel:
    """One random kernel. Values are tracked per scope as (name, kind, type),
    kind "reg" (type = (element, registers)), "mask" or "scalar" (type = the
    MLIR scalar type). A value is *tainted* when its float lanes may hold a
    NaN whose payload the contract leaves open (any float addition result,
    and whatever copies lanes from one): the driver compares those lanes
    only for NaN-ness. Tainted values are never bitcast (a payload must not
    turn into integer bits) and never stored past a buffer's end."""

    def __init__(self, rng, max_ops, view_rng):
        self.rng = rng
        self.max_ops = max_ops
        self.lines = []
        self.indent = 4
        self.next_id = 0
        self.consts = {}
        self.const_lines = []
        self.scopes = [[]]
        self.tainted = set()
        self.tainted_bufs = set()
        self.out_slot = 0
        self.relaxed_slots = []  # (slot, float element)
        self.buffers = []  # parameters: (name, memref element, elements)
        # Views of a parameter or scratch buffer (memref.subview, cast,
        # reinterpret_cast) and UB scratch (memref.alloc / alloca): the same
        # (name, memref element, elements) triples, accessed like the
        # parameters; view_info[name] = (memref type, root buffer name).
        self.views = []
        self.view_info = {}
        self.scratch = []  # memref.alloc results
        self.view_rng = view_rng
        self.loop_var = None

    # ---- naming and emission
    def fresh(self, stem="v"):
        self.next_id += 1
        return "%%%s%d" % (stem, self.next_id)

    def emit(self, text):
        self.lines.append(" " * self.indent + text)

    def define(self, name, kind, t, tainted=False):
        self.scopes[-1].append((name, kind, t))
        if tainted:
            self.tainted.add(name)
        return name

    def values(self, kind, t=None, untainted=False):
        out = []
        for scope in self.scopes:
            for (n, k, ty) in scope:
                if k == kind and (t is None or ty == t) and not (untainted and n in self.tainted):
                    out.append((n, ty))
        return out

    def is_tainted(self, *names):
        return any(n in self.tainted for n in names)

    def const(self, value, ty):
        """A constant defined at function level (visible everywhere)."""
        key = (value, ty)
        if key not in self.consts:
            name = self.fresh("c")
            self.consts[key] = name
            if ty in FLOATS:
                self.const_lines.append("    %s = arith.constant 0x%X : %s" % (name, value, ty))
            else:
                self.const_lines.append("    %s = arith.constant %d : %s" % (name, value, ty))
        return self.consts[key]

    def const_mask(self, pattern, t):
        key = ("mask", pattern, t)
        if key not in self.consts:
            name = self.fresh("p")
            self.consts[key] = name
            self.const_lines.append("    %s = ascreg.create_mask <%s> for %s"
                                    % (name, pattern, vreg(t)))
        return self.consts[key]

    def all_mask(self):
        return self.const_mask("ALL", ("u8", 1))

    # ---- UB accesses
    def accessible(self):
        return self.buffers + self.views

    def mtype(self, buf):
        """The memref type of a parameter, view or scratch buffer."""
        return self.view_info[buf[0]][0] if buf[0] in self.view_info else "memref<?x%s>" % buf[1]

    def root(self, buf):
        """The parameter or scratch buffer whose bytes `buf` names (taint
        is tracked per root: a view writes its root's bytes)."""
        return self.view_info[buf[0]][1] if buf[0] in self.view_info else buf[0]

    def loadable_buffers(self, t):
        return [b for b in self.accessible() if t[0] in memref_kinds(b[1])
                and (t[1] == 1 or BYTES[t[0]] == 8)]

    def next_buffer(self, buf):
        """The parameter after `buf` in UB (none for views and scratch: their
        accesses stay inside them)."""
        if buf not in self.buffers:
            return None
        i = self.buffers.index(buf)
        return self.buffers[i + 1] if i + 1 < len(self.buffers) else None

    def aligned_offset(self, buf, t, in_loop, may_overrun):
        """An element offset of `buf` for a register access of type `t`:
        32-byte aligned, inside the buffer or (may_overrun) reaching into the
        next one, as UB allows. In a loop: r * (one register) + c, r < MAX_REP."""
        rng = self.rng
        name, m, n = buf
        eb = BYTES[t[0]]
        step = 32 // eb
        access = lanes(t)
        if in_loop and self.loop_var is not None:
            reg_lanes = 256 // eb
            limit = n - access - (MAX_REP - 1) * reg_lanes
            c = rng.randrange(0, limit // step + 1) * step
            scaled = self.fresh("o")
            self.emit("%s = arith.muli %s, %s : index"
                      % (scaled, self.loop_var, self.const(reg_lanes, "index")))
            if c == 0:
                return scaled
            off = self.fresh("o")
            self.emit("%s = arith.addi %s, %s : index" % (off, scaled, self.const(c, "index")))
            return off
        limit = n - access
        if may_overrun and rng.random() < 0.1:
            limit = n
        c = rng.randrange(0, limit // step + 1) * step
        return self.const(c, "index")

    # ---- values
    def make_reg(self, t, reuse=True, untainted=False):
        """A register value of type t: an existing one, a bitcast, a load, a
        duplicate or an arange."""
        rng = self.rng
        have = self.values("reg", t, untainted)
        if reuse and have and rng.random() < 0.7:
            return rng.choice(have[-6:])[0]
        choices = ["dup"]
        if self.loadable_buffers(t):
            choices += ["load"] * 4
        same_regs = [v for v in self.values("reg", untainted=True) if v[1][1] == t[1]
                     and v[1] != t and (t[1] == 1 or BYTES[v[1][0]] == 8)]
        if same_regs:
            choices += ["bitcast"] * 2
        if t[0] != "bf16":
            choices += ["arange"]
        how = rng.choice(choices)
        r = self.fresh()
        if how == "load":
            bufs = self.loadable_buffers(t)
            if untainted:
                bufs = [b for b in bufs if self.root(b) not in self.tainted_bufs] or bufs[:0]
            if bufs:
                buf = rng.choice(bufs)
                nxt = self.next_buffer(buf)
                # Reading into the next buffer: only integer data there (a float
                # buffer may hold NaNs with open payloads).
                overrun = nxt is not None and nxt[1] not in FLOATS and \
                    t[0] not in FLOATS
                off = self.aligned_offset(buf, t, rng.random() < 0.6, overrun)
                self.emit("%s = ascreg.load_align %s[%s] : %s -> %s"
                          % (r, buf[0], off, self.mtype(buf), vreg(t)))
                return self.define(r, "reg", t, self.root(buf) in self.tainted_bufs)
            how = "dup"
        if how == "bitcast":
            src, st = rng.choice(same_regs[-6:])
            self.emit("%s = ascreg.bitcast %s : %s -> %s" % (r, src, vreg(st), vreg(t)))
            return self.define(r, "reg", t)
        s = self.make_scalar(scalar_type(t[0]))
        if how == "dup":
            if rng.random() < 0.3:
                self.emit("%s = ascreg.duplicate %s, %s : %s -> %s"
                          % (r, s, self.make_mask(), scalar_type(t[0]), vreg(t)))
            else:
                self.emit("%s = ascreg.duplicate %s : %s -> %s"
                          % (r, s, scalar_type(t[0]), vreg(t)))
            return self.define(r, "reg", t)
        self.emit("%s = ascreg.arange %s : %s -> %s" % (r, s, scalar_type(t[0]), vreg(t)))
        return self.define(r, "reg", t)

    def make_scalar(self, ty):
        rng = self.rng
        have = self.values("scalar", ty)
        if have and rng.random() < 0.4:
            return rng.choice(have)[0]
        if ty in FLOATS:
            return self.const(float_bits(ty, rng), ty)
        if ty == "index":
            return self.const(rng.randrange(0, 300), "index")
        return self.const(int_value(int(ty[1:]), rng), ty)

    def make_count(self):
        """An i32 lane count for update_mask: tails around register sizes."""
        rng = self.rng
        have = self.values("scalar", "i32")
        if have and rng.random() < 0.5:
            return rng.choice(have)[0]
        vl = rng.choice([32, 64, 128, 256])
        v = rng.choice([0, 1, vl - 1, vl, vl + 1, 2 * vl + 3, 0xFFFFFFFF,
                        rng.randrange(0, 600)])
        return self.const(v - (1 << 32) if v >= (1 << 31) else v, "i32")

    def make_mask(self):
        rng = self.rng
        have = self.values("mask")
        if have and rng.random() < 0.5:
            return rng.choice(have[-6:])[0]
        how = rng.choice(["pattern", "pattern", "update", "not", "andor", "governed", "compare"])
        t = rng.choice(REG_TYPES)
        if how == "update":
            return self.update_mask(t)[0]
        if how == "not" and have:
            m = self.fresh("m")
            self.emit("%s = ascreg.mask_not %s for %s" % (m, rng.choice(have)[0], vreg(t)))
            return self.define(m, "mask", None)
        if how == "andor" and have:
            m = self.fresh("m")
            self.emit("%s = ascreg.mask_%s %s, %s" % (m, rng.choice(["and", "or"]),
                                                     rng.choice(have)[0], rng.choice(have)[0]))
            return self.define(m, "mask", None)
        if how == "governed" and have:  # per bit: masks of any widths combine
            m, kind = self.fresh("m"), rng.choice(["and", "or", "xor", "not"])
            ops = [rng.choice(have)[0] for _ in range(1 if kind == "not" else 2)]
            g = rng.choice(have)[0]
            if kind == "not":
                self.emit("%s = ascreg.governed_mask_not %s, %s" % (m, ops[0], g))
            else:
                self.emit("%s = ascreg.governed_mask <%s> %s, %s, %s" % (m, kind, ops[0], ops[1], g))
            return self.define(m, "mask", None)
        if how == "compare":
            return self.compare()
        return self.const_mask(rng.choice(PATTERNS), t)

    def update_mask(self, t, count=None):
        count = count or self.make_count()
        m, rest = self.fresh("m"), self.fresh("n")
        self.emit("%s, %s = ascreg.update_mask %s for %s" % (m, rest, count, vreg(t)))
        self.define(m, "mask", None)
        self.define(rest, "scalar", "i32")
        return m, rest

    def compare(self):
        # NaN-ness decides every predicate: a compare of tainted lanes is exact.
        rng = self.rng
        t = rng.choice([x for x in REG_TYPES if x[0] != "bf16"])
        a, b = self.make_reg(t), self.make_reg(t)
        m = self.fresh("m")
        self.emit("%s = ascreg.compare <%s> %s, %s, %s : %s"
                  % (m, rng.choice(PREDICATES), a, b, self.make_mask(), vreg(t)))
        return self.define(m, "mask", None)

    # ---- statements
    def stmt(self):
        kind = self.rng.choice(["reduce", "reduce", "block_reduce", "pair", "gather", "gather",
                                "gather_reg",
                                "binary", "binary", "lane", "lane", "scalar_form",
                                "scalar_form", "shift", "select", "compare",
                                "store", "store",
                                "mask", "dup", "bitcast", "scalar", "cast", "cast", "truncate"])
        getattr(self, "s_" + kind)()

    def s_reduce(self):
        rng = self.rng
        k = rng.choice(["sum", "max", "min"])
        if k == "sum":
            dst, src = rng.choice(REDUCE_SUM)
        else:
            dst = src = rng.choice(REDUCE_MAXMIN)
        form = 2 if rng.random() < 0.25 and BYTES[src] == 8 else 1
        v = self.make_reg((src, form))
        m = self.make_mask()
        r = self.fresh()
        self.emit("%s = ascreg.reduce <%s> %s, %s : %s -> %s"
                  % (r, k, v, m, vreg((src, form)), vreg((dst, form))))
        float_sum = k == "sum" and dst in FLOATS
        self.define(r, "reg", (dst, form), float_sum or self.is_tainted(v))

    def s_block_reduce(self):
        """reduce_data_block: the vendor's (result, source) table (gen-conformance.py)."""
        rng = self.rng
        k = rng.choice(sorted(_conformance.REDUCE_DATA_BLOCK))
        dst, src = rng.choice(_conformance.REDUCE_DATA_BLOCK[k])
        v, m = self.make_reg((src, 1)), self.make_mask()
        r = self.fresh()
        self.emit("%s = ascreg.reduce_data_block <%s> %s, %s : %s -> %s"
                  % (r, k, v, m, vreg((src, 1)), vreg((dst, 1))))
        self.define(r, "reg", (dst, 1), (k == "sum" and dst in FLOATS) or self.is_tainted(v))

    def s_pair(self):
        t = (self.rng.choice(["f16", "f32"]), 1)
        v, m = self.make_reg(t), self.make_mask()
        r = self.fresh()
        self.emit("%s = ascreg.pair_reduce_sum %s, %s : %s" % (r, v, m, vreg(t)))
        self.define(r, "reg", t, True)

    def s_gather(self):
        rng = self.rng
        options = [(dst, b, idx) for (dst, src, idx) in GATHER for b in self.accessible()
                   if src in memref_kinds(b[1])]
        if not options:
            return self.s_binary()
        dst, buf, idx = rng.choice(options)
        # Indices clamped into [0, N-1] by an unsigned min (inactive lanes of
        # the min are 0, also in range).
        raw = self.make_reg(idx)
        limit = self.fresh()
        self.emit("%s = ascreg.duplicate %s : %s -> %s"
                  % (limit, self.const(buf[2] - 1, scalar_type(idx[0])), scalar_type(idx[0]),
                     vreg(idx)))
        clamp_mask = self.make_mask() if rng.random() < 0.3 else self.all_mask()
        clamped = self.fresh()
        self.emit("%s = ascreg.min %s, %s, %s : %s" % (clamped, raw, limit, clamp_mask,
                                                       vreg(idx)))
        self.define(clamped, "reg", idx)
        m = self.make_mask()
        r = self.fresh()
        self.emit("%s = ascreg.gather %s[%s], %s : %s, %s -> %s"
                  % (r, buf[0], clamped, m, self.mtype(buf), vreg(idx), vreg(dst)))
        self.define(r, "reg", dst, self.root(buf) in self.tainted_bufs)

    def s_gather_reg(self):
        rng = self.rng
        data = (rng.choice(["i8", "u8", "i16", "u16", "f16", "bf16", "i32", "u32", "f32"]), 1)
        idx = ({1: "u8", 2: "u16", 4: "u32"}[BYTES[data[0]]], 1)
        v, i = self.make_reg(data), self.make_reg(idx)
        r = self.fresh()
        self.emit("%s = ascreg.gather_reg %s[%s] : %s, %s" % (r, v, i, vreg(data), vreg(idx)))
        self.define(r, "reg", data, self.is_tainted(v))

    def s_binary(self):
        rng = self.rng
        t = rng.choice([x for x in REG_TYPES if x[0] != "bf16"])
        a, b, m = self.make_reg(t), self.make_reg(t), self.make_mask()
        op = rng.choice(["add", "max", "min"])
        r = self.fresh()
        self.emit("%s = ascreg.%s %s, %s, %s : %s" % (r, op, a, b, m, vreg(t)))
        self.define(r, "reg", t, (op == "add" and t[0] in FLOATS) or self.is_tainted(a, b))

    def s_lane(self):
        """sub / mul / abs / and / or / xor / not: every NaN result is defined bit for
        bit (docs/semantics.md 2.20), so the result is tainted only by its operands."""
        rng = self.rng
        op = rng.choice(sorted(LANE_OPS))
        types, arity = LANE_OPS[op]
        t = rng.choice(types)
        operands = [self.make_reg(t) for _ in range(arity)]
        m = self.make_mask()
        r = self.fresh()
        self.emit("%s = ascreg.%s %s, %s : %s" % (r, op, ", ".join(operands), m, vreg(t)))
        self.define(r, "reg", t, self.is_tainted(*operands))

    def s_scalar_form(self):
        """adds / muls / maxs / mins / compares: the vector op on the broadcast scalar
        (docs/semantics.md 2.25), so tainted like it: a float adds as add."""
        rng = self.rng
        op = rng.choice(sorted(SCALAR_FORMS))
        t = rng.choice(SCALAR_FORMS[op])
        a, m = self.make_reg(t), self.make_mask()
        s = self.make_scalar(scalar_type(t[0]))
        if op == "compares":
            r = self.fresh("m")
            self.emit("%s = ascreg.compares <%s> %s, %s, %s : %s, %s"
                      % (r, rng.choice(PREDICATES), a, s, m, vreg(t), scalar_type(t[0])))
            self.define(r, "mask", None)
            return
        r = self.fresh()
        self.emit("%s = ascreg.%s %s, %s, %s : %s, %s"
                  % (r, op, a, s, m, vreg(t), scalar_type(t[0])))
        self.define(r, "reg", t, (op == "adds" and t[0] in FLOATS) or self.is_tainted(a))

    def s_shift(self):
        """shift_left / shift_right by an amount register (often a broadcast edge:
        0, 1, w - 1, w, w + 1, negative) or shift_lefts / shift_rights by an i16."""
        rng = self.rng
        t = rng.choice(SHIFT_TYPES)
        w = int_width(t[0])
        a, m = self.make_reg(t), self.make_mask()
        edges = [0, 1, w - 1, w, w + 1, -1, -w, -w - 1, rng.randrange(-40, 40)]
        if w == 64:  # the word sequence's edges (docs/semantics.md 2.27)
            edges += [31, 32, 33, -32, -33, 32767, -32768]
        edge = rng.choice(edges)
        op = rng.choice(["shift_left", "shift_right"])
        r = self.fresh()
        if rng.random() < 0.5:
            n = (("i%d" % w), t[1])  # a 64-bit amount has the data's form
            if rng.random() < 0.5:
                amount = self.make_reg(n)
            else:
                amount = self.fresh()
                self.emit("%s = ascreg.duplicate %s : i%d -> %s"
                          % (amount, self.const(edge, "i%d" % w), w, vreg(n)))
            self.emit("%s = ascreg.%s %s, %s, %s : %s, %s"
                      % (r, op, a, amount, m, vreg(t), vreg(n)))
            tainted = self.is_tainted(a, amount)
        else:
            k = self.make_scalar("i16") if rng.random() < 0.3 else self.const(edge, "i16")
            self.emit("%s = ascreg.%ss %s, %s, %s : %s, i16" % (r, op, a, k, m, vreg(t)))
            tainted = self.is_tainted(a)
        self.define(r, "reg", t, tainted)

    def s_select(self):
        t = self.rng.choice(REG_TYPES)
        m, a, b = self.make_mask(), self.make_reg(t), self.make_reg(t)
        r = self.fresh()
        self.emit("%s = ascreg.select %s, %s, %s : %s" % (r, m, a, b, vreg(t)))
        self.define(r, "reg", t, self.is_tainted(a, b))

    def s_compare(self):
        self.compare()

    def s_mask(self):
        self.make_mask()
        if self.rng.random() < 0.5:
            self.update_mask(self.rng.choice(REG_TYPES))

    def s_dup(self):
        self.make_reg(self.rng.choice(REG_TYPES), reuse=False)

    def s_bitcast(self):
        rng = self.rng
        have = self.values("reg", untainted=True)
        if not have:
            return self.s_dup()
        src, st = rng.choice(have[-8:])
        if st[1] == 2:
            t = ({"i64": "u64", "u64": "i64"}[st[0]], 2)
        else:
            t = (rng.choice(ONE_REG), 1)
        r = self.fresh()
        self.emit("%s = ascreg.bitcast %s : %s -> %s" % (r, src, vreg(st), vreg(t)))
        self.define(r, "reg", t)

    def s_store(self):
        rng = self.rng
        buf = rng.choice(self.accessible())
        kinds = memref_kinds(buf[1])
        forms = [(k, 1) for k in kinds]
        if BYTES[kinds[0]] == 8:
            forms += [(k, 2) for k in kinds]
        t = rng.choice(forms)
        v = self.make_reg(t)
        tainted = self.is_tainted(v)
        if BYTES[t[0]] <= 4 and rng.random() < 0.25:
            # store_first: lane 0 at any element of the buffer (element-aligned).
            off = self.const(rng.randrange(0, buf[2]), "index")
            self.emit("ascreg.store_first %s, %s[%s], %s : %s, %s"
                      % (v, buf[0], off, self.make_mask(), vreg(t), self.mtype(buf)))
            if tainted:
                self.tainted_bufs.add(self.root(buf))
            return
        off = self.aligned_offset(buf, t, rng.random() < 0.6,
                                  not tainted and self.next_buffer(buf) is not None)
        m = self.make_mask()
        self.emit("ascreg.store_align %s, %s[%s], %s : %s, %s"
                  % (v, buf[0], off, m, vreg(t), self.mtype(buf)))
        if tainted:
            self.tainted_bufs.add(self.root(buf))

    def s_cast(self):
        """ascreg.cast of a legal pair with random round/sat/part operands. A
        float -> integer cast reads untainted lanes only (an open NaN payload
        must not decide integer bits); float -> float keeps the taint."""
        rng = self.rng
        (dst, src), (rounds, sat, parts) = rng.choice(sorted(CASTS.items()))
        to_int = src in FLOATS and dst not in FLOATS
        v = self.make_reg((src, 1), untainted=to_int)
        m = self.make_mask()
        ops = ""
        if rounds:
            ops += " round <%s>" % rng.choice(rounds)
        if sat:
            ops += " sat <%s>" % rng.choice(["off", "on"])
        if parts:
            ops += " part <%s>" % rng.choice(PART_NAMES[parts])
        r = self.fresh()
        self.emit("%s = ascreg.cast %s, %s%s : %s -> %s"
                  % (r, v, m, ops, vreg((src, 1)), vreg((dst, 1))))
        self.define(r, "reg", (dst, 1), dst in FLOATS and self.is_tainted(v))

    def s_truncate(self):
        rng = self.rng
        t = (rng.choice(FLOATS), 1)
        v, m = self.make_reg(t), self.make_mask()
        r = self.fresh()
        self.emit("%s = ascreg.truncate %s, %s round <%s> : %s"
                  % (r, v, m, rng.choice(ROUND5), vreg(t)))
        self.define(r, "reg", t, self.is_tainted(v))

    def s_scalar(self):
        """i32 arithmetic on counts (feeds update_mask)."""
        rng = self.rng
        a, b = self.make_count(), self.make_count()
        r = self.fresh("n")
        op = rng.choice(["addi", "subi", "muli", "minui", "maxsi", "andi", "xori"])
        self.emit("%s = arith.%s %s, %s : i32" % (r, op, a, b))
        self.define(r, "scalar", "i32")

    # ---- structure
    def loop(self, body_ops):
        """scf.for over [0, %rep or a constant), carrying a count (through
        update_mask) and a register accumulator."""
        rng = self.rng
        acc_t = rng.choice(REG_TYPES)
        acc0 = self.make_reg(acc_t)
        # A float accumulator may pick up open NaN payloads in the body.
        acc_tainted = acc_t[0] in FLOATS
        count0 = self.make_count() if rng.random() < 0.5 else "%n"
        res, r, it_n, it_acc = self.fresh("l"), self.fresh("r"), self.fresh("n"), self.fresh()
        upper = "%rep" if rng.random() < 0.7 else self.const(rng.randrange(0, MAX_REP + 1),
                                                              "index")
        self.emit("%s:2 = scf.for %s = %s to %s step %s iter_args(%s = %s, %s = %s) -> (i32, %s) {"
                  % (res, r, self.const(0, "index"), upper, self.const(1, "index"), it_n, count0,
                     it_acc, acc0, vreg(acc_t)))
        self.indent += 2
        self.scopes.append([])
        self.loop_var = r
        self.define(it_n, "scalar", "i32")
        self.define(it_acc, "reg", acc_t, acc_tainted)
        m, rest = self.update_mask((rng.choice(REG_TYPES)[0], 1), it_n)
        for _ in range(body_ops):
            self.stmt()
        x = self.make_reg(acc_t)
        nxt = self.fresh()
        if acc_t[0] != "bf16":
            self.emit("%s = ascreg.%s %s, %s, %s : %s"
                      % (nxt, rng.choice(["add", "max", "min"]), it_acc, x, m, vreg(acc_t)))
        else:
            self.emit("%s = ascreg.select %s, %s, %s : %s" % (nxt, m, x, it_acc, vreg(acc_t)))
        if self.is_tainted(x) and not acc_tainted:
            # Only float data carries open payloads, and a float accumulator
            # is tainted already.
            raise AssertionError("tainted integer register")
        self.emit("scf.yield %s, %s : i32, %s" % (rest, nxt, vreg(acc_t)))
        self.loop_var = None
        self.scopes.pop()
        self.indent -= 2
        self.emit("}")
        self.define(res + "#0", "scalar", "i32")
        self.define(res + "#1", "reg", acc_t, acc_tainted)

    def make_scratch(self):
        """UB scratch: memref.alloc / alloca of a static size at the top level,
        filled with a duplicated constant at once (its initial bytes are not
        part of the contract)."""
        rng = self.rng
        m = rng.choice(["i8", "i16", "i32", "i64", "f16", "bf16", "f32"])
        n = BUF_BYTES // BYTES[memref_kinds(m)[0]]
        name = self.fresh("s")
        ty = "memref<%dx%s>" % (n, m)
        how = rng.choice(["alloc", "alloca"])
        self.emit("%s = memref.%s() : %s" % (name, how, ty))
        t = (memref_kinds(m)[0], 1)
        fill = self.fresh()
        self.emit("%s = ascreg.duplicate %s : %s -> %s"
                  % (fill, self.const(float_bits(t[0], rng) if t[0] in FLOATS else
                                      int_value(int_width(t[0]), rng), scalar_type(t[0])),
                     scalar_type(t[0]), vreg(t)))
        for i in range(0, n, lanes(t)):
            self.emit("ascreg.store_align %s, %s[%s], %s : %s, %s"
                      % (fill, name, self.const(i, "index"), self.all_mask(), vreg(t), ty))
        buf = (name, m, n)
        self.view_info[name] = (ty, name)
        self.views.append(buf)
        if how == "alloc":
            self.scratch.append(name)  # deallocated before the return
        return buf

    def make_view(self):
        """A view of a parameter or scratch buffer: inside it, starting at a
        32-byte boundary, at least four registers long (the loop accesses of
        aligned_offset fit)."""
        rng = self.rng
        src = rng.choice(self.accessible())
        name, m, n = src
        root = self.root(src)
        step = 32 // BYTES[memref_kinds(m)[0]]
        reg = 256 // BYTES[memref_kinds(m)[0]]
        how = rng.choice(["subview", "subview", "reinterpret_cast", "cast"])
        if src[0] in self.view_info and how == "reinterpret_cast":
            how = "subview"  # its offset would count from the root
        v = self.fresh("w")
        if how == "cast":
            if src in self.buffers:
                ty = "memref<%dx%s>" % (n, m)  # dynamic -> static size, as passed
            elif self.mtype(src).startswith("memref<?"):
                return
            else:
                ty = self.mtype(src).replace("memref<%d" % n, "memref<?", 1)
            self.emit("%s = memref.cast %s : %s to %s" % (v, name, self.mtype(src), ty))
            size = n
        else:
            size = rng.randrange(4 * reg // step, n // step + 1) * step
            off = rng.randrange(0, (n - size) // step + 1) * step
            dyn_size = rng.random() < 0.5
            ty = "memref<%sx%s, strided<[1], offset: ?>>" % ("?" if dyn_size else size, m)
            size_text = self.const(size, "index") if dyn_size else str(size)
            if how == "subview":
                self.emit("%s = memref.subview %s[%s] [%s] [1] : %s to %s"
                          % (v, name, self.const(off, "index"), size_text, self.mtype(src), ty))
            else:
                self.emit("%s = memref.reinterpret_cast %s to offset: [%s], sizes: [%s], "
                          "strides: [1] : %s to %s"
                          % (v, name, self.const(off, "index"), size_text, self.mtype(src), ty))
        self.view_info[v] = (ty, root)
        self.views.append((v, m, size))

    def store_out(self, value, kind, t):
        """Makes a live value observable in its own 512-byte slot of %out."""
        if self.out_slot >= OUT_SLOTS:
            return
        slot_index = self.out_slot
        slot = self.const(slot_index * OUT_SLOT_ELEMS, "index")
        self.out_slot += 1
        if kind == "scalar":
            w = self.fresh()
            self.emit("%s = arith.extui %s : i32 to i64" % (w, value))
            self.emit("memref.store %s, %%out[%s] : memref<?xi64>" % (w, slot))
            return
        if kind == "mask":
            ones, zero, sel = self.fresh(), self.fresh(), self.fresh()
            u8 = vreg(("u8", 1))
            self.emit("%s = ascreg.duplicate %s : i8 -> %s" % (ones, self.const(-1, "i8"), u8))
            self.emit("%s = ascreg.duplicate %s : i8 -> %s" % (zero, self.const(0, "i8"), u8))
            self.emit("%s = ascreg.select %s, %s, %s : %s" % (sel, value, ones, zero, u8))
            value, t = sel, ("u8", 1)
        if value in self.tainted:
            # The final bitcast only moves bytes; the driver compares this
            # slot as lanes of the float type.
            self.relaxed_slots.append((slot_index, t[0]))
        target = ("i64", t[1])
        if t != target:
            c = self.fresh()
            self.emit("%s = ascreg.bitcast %s : %s -> %s" % (c, value, vreg(t), vreg(target)))
            value = c
        self.emit("ascreg.store_align %s, %%out[%s], %s : %s, memref<?xi64>"
                  % (value, slot, self.all_mask(), vreg(target)))

    def generate(self):
        rng = self.rng
        nbuf = rng.randrange(1, 6)
        params, spec = [], []
        for i in range(nbuf):
            m = rng.choice(["i8", "i16", "i32", "i64", "f16", "bf16", "f32"])
            if m[0] == "i" and rng.random() < 0.15:
                m = rng.choice(["si", "ui"]) + m[1:]
            n = BUF_BYTES // BYTES[memref_kinds(m)[0]]
            name = "%%b%d" % i
            self.buffers.append((name, m, n))
            params.append("%s: memref<?x%s>" % (name, m))
            spec.append("buf:%s:%d" % (m, n))
        params.append("%out: memref<?xi64>")
        spec.append("buf:i64:%d" % (OUT_SLOTS * OUT_SLOT_ELEMS))
        params += ["%n: i32", "%rep: index"]
        spec += ["i32:0:%d" % rng.choice([0, 1, 64, 300, 4294967295]), "index:0:%d" % MAX_REP]
        self.define("%n", "scalar", "i32")
        if rng.random() < 0.4:
            ft = rng.choice(FLOATS)
            params.append("%%x: %s" % ft)
            spec.append(ft)
            self.define("%x", "scalar", ft)

        self.ctrl = "".join(rng.choice("01") for _ in range(4)) if rng.random() < 0.3 else None
        # Views and UB scratch on some kernels (a random stream of their own:
        # the kernels without them are the ones generated before they were).
        vrng = self.view_rng
        if vrng.random() < 0.35:
            saved, self.rng = self.rng, vrng
            if vrng.random() < 0.4:
                self.make_scratch()
            for _ in range(vrng.randrange(1, 4)):
                self.make_view()
            self.rng = saved
        ops = rng.randrange(3, self.max_ops + 1)
        in_loop = rng.randrange(1, ops // 2 + 2) if rng.random() < 0.7 else 0
        before = rng.randrange(0, max(ops - in_loop, 0) + 1)
        for _ in range(before):
            self.stmt()
        if in_loop:
            self.loop(in_loop)
        for _ in range(max(ops - in_loop - before, 0)):
            self.stmt()
        # Everything live at the end becomes observable.
        for (name, kind, t) in list(self.scopes[0]):
            if name in ("%n", "%x") or (kind == "scalar" and t != "i32"):
                continue
            self.store_out(name, kind, t)

        # P:ELEM = buffer parameter P; P@S:ELEM = 512-byte slot S of P (%out).
        relaxed = ["%d:%s" % (i, memref_kinds(m)[0])
                   for i, (b, m, n) in enumerate(self.buffers) if b in self.tainted_bufs]
        relaxed += ["%d@%d:%s" % (len(self.buffers), s, e) for (s, e) in self.relaxed_slots]
        out = ["// rdiff-args: " + " ".join(spec)]
        if relaxed:
            out.append("// rdiff-nan-payloads-open: " + " ".join(relaxed))
        # A random CTRL state (saturation, overflow, fp8 NaN bits) on 30% of
        # the kernels; the rest run with the documented default.
        attrs = ""
        if self.ctrl is not None:
            attrs = " attributes {ascreg.ctrl = %s}" % ctrl_attr(self.ctrl)
        out += ['module attributes {ascreg.target = "dav-3510"} {',
                "  func.func @kernel(%s)%s {" % (", ".join(params), attrs)]
        out += self.const_lines
        out += self.lines
        out += ["    memref.dealloc %s : %s" % (s, self.view_info[s][0]) for s in self.scratch]
        out += ["    return", "  }", "}"]
        return "\n".join(out) + "\n"


def generate(seed, index, max_ops):
    rng = random.Random("%d/%d" % (seed, index))
    return Kernel(rng, max_ops, random.Random("%d/%d/views" % (seed, index))).generate()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first kernel")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--ops", type=int, default=24, help="most statements per kernel")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    texts = []
    for i in range(args.first, args.first + args.count):
        texts.append("// rdiff-kernel: seed %d index %d\n" % (args.seed, i) +
                     generate(args.seed, i, args.ops))
    data = "// -----\n".join(texts)
    if args.output == "-":
        sys.stdout.write(data)
    else:
        with open(args.output, "w") as f:
            f.write(data)


if __name__ == "__main__":
    main()
