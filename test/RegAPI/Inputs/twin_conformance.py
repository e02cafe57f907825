"""Twin vs interpreter, bit for bit, for every op of the Reg API twin.

  twin_conformance.py gen SRC_ROOT OUT.cpp MANIFEST.json
  twin_conformance.py check MANIFEST.json TWIN_BINARY ASCREG_RUN WORKDIR SEEDS

`gen` writes the Reg API C++ (compiled with ascreg-cc into TWIN_BINARY) of
  - every conformance kernel (examples/conformance/*.mlir: reduce,
    pair_reduce_sum, gather, gather_reg, cast, truncate on every legal type
    combination), translated from its file name and its ops, with the
    kernel's CTRL state: the loop uses UpdateMask's in-out count, and every
    second kernel calls the aliases (ReduceSum / ReduceMax / ReduceMin,
    PairReduceSum, DataCopy);
  - one "lanewise" kernel per register type (13, the two-register 64-bit
    forms included) covering Add, Max, Min, Compare (6 predicates) +
    Select, Duplicate (plain and masked), Arange, CreateMask (every
    pattern), the governed mask Not / And / Or and their Mask* aliases, and
    the post-update LoadAlign / StoreAlign; its MLIR twin is written by
    `check` with the case's random scalar in it.
`check` runs each kernel on random bytes (in-range gather indices, random
counts and repeats) with the twin and with ascreg-run, and compares every
buffer after the run bit for bit. With the first seed the twin runs traced
(ASCREG_TRACE) and the replay of each trace must give the twin's buffers
(twin_check.Trace). Prints the case counts per family, the replay count and
the mismatches; exits 1 on any.
"""
import glob
import json
import os
import re
import subprocess
import sys

import numpy as np

from twin_check import Trace, Work, report_totals
import ascreg_serve  # noqa: E402  (twin_check puts test/Inputs on the path)

CPP = {"i8": "int8_t", "u8": "uint8_t", "i16": "int16_t", "u16": "uint16_t", "f16": "half",
       "bf16": "bfloat16_t", "i32": "int32_t", "u32": "uint32_t", "f32": "float",
       "i64": "int64_t", "u64": "uint64_t"}
NUMPY = {"f16": "float16", "bf16": "uint16", "f32": "float32"}  # integers: int8, uint8, ...


def type_entry(tok):
    """token (i8 ... u64, i64x2, u64x2): (C++ type, trait, vreg type, memref
    element, numpy dtype, lanes)."""
    elem, two = tok.replace("x2", ""), tok.endswith("x2")
    bits = int("".join(ch for ch in elem if ch.isdigit()))
    lanes = 2048 // bits * (2 if two else 1)
    memref = elem if elem[0] in "fb" else "i%d" % bits
    dtype = NUMPY.get(elem, ("int%d" if elem[0] == "i" else "uint%d") % bits)
    return (CPP[elem], "RegTraitNumTwo" if two else "RegTraitNumOne",
            "%dx%s" % (lanes, elem), memref, dtype, lanes)


TYPES = {tok: type_entry(tok) for tok in list(CPP) + ["i64x2", "u64x2"]}
ROUND = {"rint": "CAST_RINT", "round": "CAST_ROUND", "floor": "CAST_FLOOR", "ceil": "CAST_CEIL",
         "trunc": "CAST_TRUNC", "odd": "CAST_ODD"}
PART = {"even": "ZERO", "odd": "ONE", "p0": "ZERO", "p1": "ONE", "p2": "TWO", "p3": "THREE"}
PATTERNS = ["ALL", "VL1", "VL2", "VL3", "VL4", "VL8", "VL16", "VL32", "VL64", "VL128", "M3", "M4",
            "H", "Q", "ALLF"]
PREDS = [("lt", "LT"), ("gt", "GT"), ("eq", "EQ"), ("le", "LE"), ("ge", "GE"), ("ne", "NE")]


def reg(tok):
    c, trait, _, _, _, _ = TYPES[tok]
    return "RegTensor<%s, %s>" % (c, trait)


def ctrl_code(text):
    m = re.search(r"#ascreg\.ctrl<([^>]*)>", text)
    if not m:
        return ""
    f = dict(kv.strip().split(" = ") for kv in m.group(1).split(","))
    return ("  ascreg_host::profile().ctrl = ascreg::semantics::Ctrl{%s, %s, %s, %s};\n" %
            (str(f["saturation"] == "global").lower(), str(f["float_overflow"] == "inf_nan").lower(),
             str(f["int_overflow"] == "truncate").lower(), str(f["fp8_nan"] == "keep").lower()))


def conformance_case(path, alias):
    """(C++ body, manifest entry) of one conformance kernel."""
    name = os.path.basename(path)[:-5]
    text = open(path).read()
    sig = re.search(r"func\.func @kernel\(([^)]*)\)", text).group(1)
    memrefs = re.findall(r"%(\w+): memref<\?x(\w+)>", sig)
    toks = re.sub(r"_ctrl\d+$", "", name).split("_")
    body = ctrl_code(text)
    trait_decls = ""
    entry = {"name": name, "mlir": path, "count": "%count" in sig}
    if toks[:3] == ["reduce", "data", "block"]:
        kind, d, s = toks[3], toks[4], toks[5]
        call = ("Reduce%sWithDataBlock(res, v, mask)" % kind.capitalize() if alias and d == s else
                "ReduceDataBlock<ReduceType::%s>(res, v, mask)" % kind.upper())
        body += loop(s, d, "LoadAlign", [call], "src", "dst", s)
        entry.update(bufs=[("src", s, "rep"), ("dst", d, "rep")], mask=s)
    elif toks[0] == "reduce":
        kind, d, s = toks[1], toks[2], toks[3]
        call = ("Reduce%s(res, v, mask)" % kind.capitalize() if alias else
                "Reduce<ReduceType::%s>(res, v, mask)" % kind.upper())
        body += loop(s, d, "LoadAlign" if not alias else "DataCopy", [call], "src", "dst", s)
        entry.update(bufs=[("src", s, "rep"), ("dst", d, "rep")], mask=s)
    elif toks[0] == "pair":
        t = toks[3]
        call = "PairReduceSum(res, v, mask)" if alias else "PairReduceElem(res, v, mask)"
        body += loop(t, t, "LoadAlign", [call], "src", "dst", t)
        entry.update(bufs=[("src", t, "rep"), ("dst", t, "rep")], mask=t)
    elif toks[0] == "gather" and toks[1] == "reg":
        t, i = toks[2], toks[3]
        body += ("  %s idx;\n  %s v, res;\n  MaskReg all = CreateMask<%s, MaskPattern::ALL, %s>();\n"
                 "  LoadAlign(idx, index);\n  for (uint32_t r = 0; r < repeat; ++r) {\n"
                 "    LoadAlign(v, src + r * %d);\n    Gather(res, v, idx);\n"
                 "    StoreAlign(dst + r * %d, res, all);\n  }\n" %
                 (reg(i), reg(t), TYPES[t][0], TYPES[t][1], TYPES[t][5], TYPES[t][5]))
        entry.update(bufs=[("src", t, "rep"), ("index", i, "one"), ("dst", t, "rep")], mask=None)
    elif toks[0] == "gather":
        d, s, i = toks[1], toks[2], toks[3]
        body += ("  %s idx;\n  %s res;\n  MaskReg all = CreateMask<%s, MaskPattern::ALL, %s>();\n"
                 "  uint32_t n = count;\n  for (uint32_t r = 0; r < repeat; ++r) {\n"
                 "    LoadAlign(idx, index + r * %d);\n    MaskReg mask = UpdateMask<%s, %s>(n);\n"
                 "    Gather(res, base, idx, mask);\n    StoreAlign(dst + r * %d, res, all);\n  }\n" %
                 (reg(i), reg(d), TYPES[d][0], TYPES[d][1], TYPES[i][5], TYPES[d][0], TYPES[d][1],
                  TYPES[d][5]))
        entry.update(bufs=[("base", s, "base"), ("index", i, "rep"), ("dst", d, "rep")], mask=d)
    elif toks[0] in ("cast", "truncate"):
        ops = re.findall(r"ascreg\.(?:cast|truncate) %v, %mask(.*?):", text)
        if toks[0] == "cast":
            d, s = toks[1], toks[2]
        else:
            d = s = toks[1]
        calls = []
        for k, attrs in enumerate(ops):
            r = re.search(r"round <(\w+)>", attrs)
            if toks[0] == "truncate":
                calls.append("Truncate<%s, RoundMode::%s>(res, v, mask)" %
                             (TYPES[d][0], ROUND[r.group(1)]))
                continue
            sat = re.search(r"sat <(\w+)>", attrs)
            part = re.search(r"part <(\w+)>", attrs)
            tname = "t_%s_%d" % (name, k)
            trait_decls += (
                "static constexpr AscendC::Reg::CastTrait %s = {AscendC::Reg::RegLayout::%s, "
                "AscendC::Reg::SatMode::%s, AscendC::Reg::MaskMergeMode::ZEROING, "
                "AscendC::Reg::RoundMode::%s};\n" %
                (tname, PART[part.group(1)] if part else "UNKNOWN",
                 ("SAT" if sat.group(1) == "on" else "NO_SAT") if sat else "UNKNOWN",
                 ROUND[r.group(1)] if r else "UNKNOWN"))
            calls.append("Cast<%s, %s, %s>(res, v, mask)" % (TYPES[d][0], TYPES[s][0], tname))
        body += loop(s, d, "LoadAlign", calls, "src", "dst", s)
        entry.update(bufs=[("src", s, "rep"), ("dst", d, "rep%d" % len(calls))], mask=s)
    else:
        return None  # a family the twin has no call for yet (issue 27's ops)
    ptrs = "".join("  auto *%s = b[%d].as<%s>();\n" % (n, k, TYPES[tok][0])
                   for k, (n, tok, _) in enumerate(entry["bufs"]))
    return trait_decls, ptrs + body, entry


def loop(s, d, load, calls, src, dst, mask_tok):
    """The conformance loop: load src register r, mask of the carried count,
    each call's result stored whole at the next destination register."""
    out = ("  %s v;\n  %s res;\n  MaskReg all = CreateMask<%s, MaskPattern::ALL, %s>();\n"
           "  uint32_t n = count;\n  for (uint32_t r = 0; r < repeat; ++r) {\n"
           "    %s(v, %s + r * %d);\n    MaskReg mask = UpdateMask<%s, %s>(n);\n" %
           (reg(s), reg(d), TYPES[d][0], TYPES[d][1], load, src, TYPES[s][5], TYPES[mask_tok][0],
            TYPES[mask_tok][1]))
    for k, c in enumerate(calls):
        out += "    %s;\n    StoreAlign(%s + (r * %d + %d) * %d, res, all);\n" % (
            c, dst, len(calls), k, TYPES[d][5])
    return out + "  }\n"


def lanewise_slots(tok):
    """The result registers of the lanewise kernel of `tok`, in order."""
    arith = tok != "bf16"
    s = []
    if arith:
        s += ["add", "max", "min"] + ["cmp_" + p for p, _ in PREDS] + ["arange"]
    s += ["dup", "dup_masked"] + ["pat_" + p for p in PATTERNS]
    s += ["not", "and", "or", "masknot", "maskand", "maskor", "post0", "post1"]
    return s


def lanewise_cpp(tok):
    c, trait, _, _, _, vl = TYPES[tok]
    R = "RegTensor<%s, %s>" % (c, trait)
    o = ("  auto *a = b[0].as<%s>();\n  auto *bb = b[1].as<%s>();\n  auto *out = b[2].as<%s>();\n"
         "  %s s;\n  std::memcpy(&s, &scalar, sizeof(s));\n"
         "  %s va, vb, r;\n  uint32_t n = count;\n"
         "  DataCopy(va, a);\n  LoadAlign(vb, bb);\n"
         "  MaskReg m = UpdateMask<%s, %s>(n);\n"
         "  MaskReg all = CreateMask<%s, MaskPattern::ALL, %s>();\n"
         "  MaskReg g = CreateMask<%s, MaskPattern::VL16, %s>();\n"
         "  MaskReg p;\n  int slot = 0;\n"
         "  auto put = [&](%s &x) { StoreAlign(out + slot++ * %d, x, all); };\n" %
         (c, c, c, c, R, c, trait, c, trait, c, trait, R, vl))
    if tok != "bf16":
        o += "  Add(r, va, vb, m); put(r);\n  Max(r, va, vb, m); put(r);\n  Min(r, va, vb, m); put(r);\n"
        for _, P in PREDS:
            o += ("  Compare<%s, CMPMODE::%s>(p, va, vb, m);\n  Select(r, va, vb, p); put(r);\n" %
                  (c, P))
        o += "  Arange(r, s); put(r);\n"
    o += "  Duplicate(r, s); put(r);\n  Duplicate(r, s, m); put(r);\n"
    for P in PATTERNS:
        o += ("  p = CreateMask<%s, MaskPattern::%s, %s>();\n  Select(r, va, vb, p); put(r);\n" %
              (c, P, trait))
    p2 = "  p = CreateMask<%s, MaskPattern::M3, %s>();\n" % (c, trait)
    o += p2
    for call in ("Not(p, m, g)", "And(p, m, p, g)", "Or(p, m, p, g)", "MaskNot(p, m, g)",
                 "MaskAnd(p, m, p, g)", "MaskOr(p, m, p, g)"):
        o += "  %s;\n  Select(r, va, vb, p); put(r);\n%s" % (call, p2)
    o += ("  %s *q = a;\n  LoadAlign<%s, PostLiteral::POST_MODE_UPDATE>(va, q, %d);\n"
          "  LoadAlign<%s, PostLiteral::POST_MODE_UPDATE>(vb, q, %d);\n"
          "  %s *w = out + slot * %d;\n"
          "  StoreAlign<%s, PostLiteral::POST_MODE_UPDATE>(w, va, %d, all);\n"
          "  StoreAlign<%s, PostLiteral::POST_MODE_UPDATE>(w, vb, %d, all);\n" %
          (c, c, vl, c, vl, c, vl, c, vl, c, vl))
    return o


def lanewise_mlir(tok, scalar_literal):
    """The MLIR of the lanewise kernel of `tok` (same slots, same order)."""
    _, _, vt, me, _, vl = TYPES[tok]
    V = "!ascreg.vreg<%s>" % vt
    M = "memref<?x%s>" % me
    stype = {"f16": "f16", "bf16": "bf16", "f32": "f32"}.get(tok, "i" + re.sub(r"\D", "", vt.split("x")[1]))
    L = ["func.func @kernel(%%a: %s, %%b: %s, %%out: %s, %%count: i32) {" % (M, M, M),
         "  %c0 = arith.constant 0 : index",
         "  %%vl = arith.constant %d : index" % vl,
         "  %%s = arith.constant %s : %s" % (scalar_literal, stype),
         "  %%va = ascreg.load_align %%a[%%c0] : %s -> %s" % (M, V),
         "  %%vb = ascreg.load_align %%b[%%c0] : %s -> %s" % (M, V),
         "  %%m, %%rest = ascreg.update_mask %%count for %s" % V,
         "  %%all = ascreg.create_mask <ALL> for %s" % V,
         "  %%g = ascreg.create_mask <VL16> for %s" % V,
         "  %%m3 = ascreg.create_mask <M3> for %s" % V]
    slot = [0]

    def put(val):
        k = slot[0]
        slot[0] += 1
        L.append("  %%o%d = arith.constant %d : index" % (k, k * vl))
        L.append("  ascreg.store_align %s, %%out[%%o%d], %%all : %s, %s" % (val, k, V, M))

    if tok != "bf16":
        for op in ("add", "max", "min"):
            L.append("  %%r_%s = ascreg.%s %%va, %%vb, %%m : %s" % (op, op, V))
            put("%r_" + op)
        for p, _ in PREDS:
            L.append("  %%c_%s = ascreg.compare <%s> %%va, %%vb, %%m : %s" % (p, p, V))
            L.append("  %%s_%s = ascreg.select %%c_%s, %%va, %%vb : %s" % (p, p, V))
            put("%s_" + p)
        L.append("  %%ar = ascreg.arange %%s : %s -> %s" % (stype, V))
        put("%ar")
    L.append("  %%d0 = ascreg.duplicate %%s : %s -> %s" % (stype, V))
    put("%d0")
    L.append("  %%d1 = ascreg.duplicate %%s, %%m : %s -> %s" % (stype, V))
    put("%d1")
    for P in PATTERNS:
        L.append("  %%p_%s = ascreg.create_mask <%s> for %s" % (P, P, V))
        L.append("  %%sp_%s = ascreg.select %%p_%s, %%va, %%vb : %s" % (P, P, V))
        put("%sp_" + P)
    # Governed mask logic: not(m) & g, (m & m3) & g, (m | m3) & g; twice (aliases).
    for k in range(2):
        L.append("  %%n%d = ascreg.mask_not %%m for %s" % (k, V))
        L.append("  %%ng%d = ascreg.mask_and %%n%d, %%g" % (k, k))
        L.append("  %%sn%d = ascreg.select %%ng%d, %%va, %%vb : %s" % (k, k, V))
        put("%%sn%d" % k)
        for op in ("and", "or"):
            L.append("  %%%s%d = ascreg.mask_%s %%m, %%m3" % (op, k, op))
            L.append("  %%%sg%d = ascreg.mask_and %%%s%d, %%g" % (op, k, op, k))
            L.append("  %%s%s%d = ascreg.select %%%sg%d, %%va, %%vb : %s" % (op, k, op, k, V))
            put("%%s%s%d" % (op, k))
    # Post-update: a[0], a[VL] stored at the next two result registers.
    L.append("  %%x0 = ascreg.load_align %%a[%%c0] : %s -> %s" % (M, V))
    L.append("  %%x1 = ascreg.load_align %%a[%%vl] : %s -> %s" % (M, V))
    put("%x0")
    put("%x1")
    L += ["  return", "}"]
    return "module attributes {ascreg.target = \"dav-3510\"} {\n" + "\n".join(L) + "\n}\n"


def gen(src_root, out_cpp, manifest):
    cases, traits, funcs = [], "", ""
    for k, path in enumerate(sorted(glob.glob(os.path.join(src_root, "examples/conformance/*.mlir")))):
        case = conformance_case(path, alias=k % 2 == 1)
        if case is None:
            print("twin_conformance: no Reg API form for " + path, file=sys.stderr)
            continue
        t, body, entry = case
        traits += t
        funcs += ("static void k_%s(Bufs &b, uint32_t count, uint32_t repeat, uint64_t) {\n%s}\n" %
                  (entry["name"], body))
        cases.append(entry)
    for tok in TYPES:
        name = "lanewise_" + tok
        funcs += ("static void k_%s(Bufs &b, uint32_t count, uint32_t, uint64_t scalar) {\n%s}\n" %
                  (name, lanewise_cpp(tok)))
        cases.append({"name": name, "lanewise": tok, "slots": len(lanewise_slots(tok))})
    reg_lines = "".join('  {"%s", k_%s},\n' % (c["name"], c["name"]) for c in cases)
    with open(out_cpp, "w") as f:
        f.write("// Generated by test/RegAPI/Inputs/twin_conformance.py gen.\n"
                "#include \"twin_harness.h\"\n\nusing namespace AscendC::Reg;\n\n")
        f.write(traits + "\n" + funcs)
        f.write("\nconst std::map<std::string, Kernel> kKernels = {\n%s};\n" % reg_lines)
    with open(manifest, "w") as f:
        json.dump(cases, f, indent=1)


# ---- check -----------------------------------------------------------------

def replay(trace, name, buffers, bad):
    """Replays the trace of the twin's run of kernel `name`: each buffer's
    replay output equals what the twin wrote back (b<k>.bin)."""
    gm = []
    for k in range(buffers):
        outs = [f for f in glob.glob(os.path.join(trace.dir, "trace0.b%d*.twin.npy" % k))
                if re.fullmatch(r"trace0\.b%d(_\w+)?\.twin\.npy" % k, os.path.basename(f))]
        if len(outs) != 1:
            bad.append("%s: the trace has %d outputs for buffer %d" % (name, len(outs), k))
            continue
        param = os.path.basename(outs[0])[len("trace0."):-len(".twin.npy")]
        gm.append((0, param, np.fromfile(os.path.join(trace.work.root, "b%d.bin" % k), np.uint8)))
    trace.replay(name, gm, bad)


def check(manifest, twin, run, work, seeds):
    cases = json.load(open(manifest))
    trace = Trace(Work(work, run))
    families, bad = {}, []
    for seed in range(seeds):
        rng = np.random.default_rng(1000 + seed)
        for c in cases:
            fam = c["name"].split("_")[0] if "lanewise" not in c else "lanewise"
            if fam == "pair":
                fam = "pair_reduce_sum"
            if fam == "gather" and c["name"].startswith("gather_reg"):
                fam = "gather_reg"
            repeat = int(rng.integers(1, 4))
            scalar_bits = 0
            if "lanewise" in c:
                tok = c["lanewise"]
                dt = np.dtype(TYPES[tok][4])
                vl = TYPES[tok][5]
                count = int(rng.integers(0, vl + 8))
                arrays = [rng.integers(0, 256, 2 * vl * dt.itemsize, dtype=np.uint8).view(dt),
                          rng.integers(0, 256, vl * dt.itemsize, dtype=np.uint8).view(dt),
                          rng.integers(0, 256, c["slots"] * vl * dt.itemsize, dtype=np.uint8).view(dt)]
                scalar_bits = int(rng.integers(0, 2**63)) & ((1 << (8 * dt.itemsize)) - 1)
                if tok in ("f16", "bf16", "f32"):
                    lit = "0x%X" % scalar_bits
                else:
                    v = scalar_bits - (1 << (8 * dt.itemsize)) if scalar_bits >> (8 * dt.itemsize - 1) else scalar_bits
                    lit = str(v)
                mlir = os.path.join(work, "lanewise.mlir")
                with open(mlir, "w") as f:
                    f.write(lanewise_mlir(tok, lit))
                scalars = ["i32:%d" % count]
            else:
                mlir = c["mlir"]
                mask_vl = TYPES[c["mask"]][5] if c["mask"] else 0
                count = int(rng.integers(0, repeat * mask_vl + 8)) if c["count"] else 0
                arrays = []
                base_elems = 0
                for name, tok, rule in c["bufs"]:
                    dt = np.dtype(TYPES[tok][4])
                    vl = TYPES[tok][5]
                    n = {"rep": repeat * vl, "one": vl, "base": 300}.get(rule) or int(rule[3:]) * repeat * vl
                    if name == "index":
                        hi = base_elems if c["name"].startswith("gather_") and not c["name"].startswith("gather_reg") else 2**16
                        arr = rng.integers(0, hi, n).astype(dt)
                    else:
                        arr = rng.integers(0, 256, n * dt.itemsize, dtype=np.uint8).view(dt)
                    if rule == "base":
                        base_elems = n
                    arrays.append(arr)
                scalars = (["i32:%d" % count] if c["count"] else []) + ["index:%d" % repeat]
            files = []
            for k, arr in enumerate(arrays):
                p = os.path.join(work, "b%d.npy" % k)
                np.save(p, arr)
                arr.tofile(os.path.join(work, "b%d.bin" % k))
                files.append(p)
            outs = ["--out=%d:%s" % (k, os.path.join(work, "r%d.npy" % k)) for k in range(len(arrays))]
            ascreg_serve.run([run, mlir] + ["--arg=" + f for f in files] +
                             ["--arg=" + s for s in scalars] + outs, check=True)
            cmd = [twin, c["name"], str(count), str(repeat), str(scalar_bits)] + \
                [os.path.join(work, "b%d.bin" % k) for k in range(len(arrays))]
            if seed == 0:
                trace.twin(cmd)
                replay(trace, c["name"], len(arrays), bad)
            else:
                subprocess.run(cmd, check=True)
            families[fam] = families.get(fam, 0) + 1
            for k, arr in enumerate(arrays):
                want = np.load(os.path.join(work, "r%d.npy" % k)).tobytes()
                got = open(os.path.join(work, "b%d.bin" % k), "rb").read()
                if want != got:
                    i = next(j for j in range(len(got)) if got[j] != want[j])
                    bad.append("%s seed %d: buffer %d differs at byte %d (twin %02x, ascreg-run %02x)"
                               % (c["name"], seed, k, i, got[i], want[i]))
    return report_totals(families, trace.replays, bad)


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(*sys.argv[2:5])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])))
