#!/usr/bin/env python3
"""Summarises the JSON of ascreg-bench-kernels and ascreg-bench-semantics as
Markdown tables (standard library only). Used by scripts/bench.sh:

    bench_summary.py kernels.json semantics.json [--out summary.md] [--stat mean]

Kernel times are the 10th percentile of the runs' CPU time (the fast_ns
counter of ascreg-bench-kernels), the most reproducible figure on a shared
machine; --stat mean uses Google Benchmark's mean cpu_time instead. The semantics
benchmarks have only the mean cpu_time.
"""
import argparse
import json
import sys

UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(path, use_fast):
    """name -> benchmark entry, with entry['ns'] = time per run in ns and
    entry['eps'] = elements per second (None if unknown)."""
    try:
        with open(path) as fh:
            data = json.load(fh)
    except FileNotFoundError:
        return {}, {}
    out = {}
    for b in data.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration" or b.get("error_occurred"):
            continue
        if use_fast and "fast_ns" in b:
            b["ns"] = b["fast_ns"]
            b["eps"] = b["elements"] / b["ns"] * 1e9 if "elements" in b else None
        else:
            b["ns"] = b["cpu_time"] * UNIT_NS[b.get("time_unit", "ns")]
            b["eps"] = b.get("items_per_second")
        out[b["name"]] = b
    return out, data.get("context", {})


def num(x, digits=0):
    return "-" if x is None else f"{x:,.{digits}f}"


def rate(b):
    """Elements/s as G/s."""
    v = b.get("eps") if b else None
    return "-" if v is None else f"{v / 1e9:.2f}"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def kernels_section(k):
    names = sorted({n.split("/")[1] for n in k if n.startswith("BM_Kernel/")})
    rows, ratios = [], []
    for n in names:
        i, j = k.get(f"BM_Kernel/{n}/interp"), k.get(f"BM_Kernel/{n}/jit")
        ratio = i["ns"] / j["ns"] if i and j else None
        if ratio:
            ratios.append(ratio)
        copy = i.get("ub_copy_ns") if i else None
        ratio_exec = (i["ns"] - copy) / j["ns"] if ratio and copy is not None else None
        rows.append([n, num(i and i["ns"]), num(j and j["ns"]), num(ratio, 1), rate(i), rate(j),
                     num(i and i.get("ns_per_instr"), 1), num(copy), num(ratio_exec, 1)])
    out = ["## Conformance kernels: interpreter vs JIT",
           "",
           "Per run on UB-sized inputs (~200 KiB of per-register buffers, full counts). "
           "Elements/s count source elements (gathered elements for gathers). "
           "interp ns/instr = interpreter time per executed instruction "
           "(including the copies into and out of the UB arena). "
           "interp copy ns = an interpreter run of the same buffers with repeat = 0 (UB copies "
           "and setup; the JIT works in place); the last column leaves it out.",
           "",
           table(["kernel", "interp ns", "jit ns", "interp/jit", "interp Gelem/s",
                  "jit Gelem/s", "interp ns/instr", "interp copy ns", "(interp-copy)/jit"],
                 rows)]
    if ratios:
        ratios.sort()
        slow = sum(r > 2 for r in ratios)
        out += ["", f"interp/jit: median {median(ratios):.1f}x, min {ratios[0]:.1f}x, "
                f"max {ratios[-1]:.1f}x; {slow} of {len(ratios)} kernels not within 2x.", ""]
        fam_rows = []
        for fam, members in families(names).items():
            r = [k[f"BM_Kernel/{n}/interp"]["ns"] / k[f"BM_Kernel/{n}/jit"]["ns"] for n in members
                 if f"BM_Kernel/{n}/interp" in k and f"BM_Kernel/{n}/jit" in k]
            e = [(k[f"BM_Kernel/{n}/interp"]["ns"] - k[f"BM_Kernel/{n}/interp"]["ub_copy_ns"])
                 / k[f"BM_Kernel/{n}/jit"]["ns"] for n in members
                 if f"BM_Kernel/{n}/jit" in k and "ub_copy_ns" in k.get(f"BM_Kernel/{n}/interp", {})]
            fam_rows.append([fam, str(len(members)), num(median(r), 1), num(median(e), 1)])
        out += [table(["family", "kernels", "median interp/jit", "median (interp-copy)/jit"],
                      fam_rows)]
    return out


def median(xs):
    xs = sorted(xs)
    if not xs:
        return None
    m = len(xs) // 2
    return xs[m] if len(xs) % 2 else (xs[m - 1] + xs[m]) / 2


def families(names):
    """Kernel names grouped by op (reduce_sum, reduce_max, gather_reg, ...)."""
    fams = {}
    for n in names:
        p = n.split("_")
        fam = "_".join(p[:3]) if p[0] == "pair" else "_".join(p[:2]) if p[0] == "reduce" or \
            p[1] == "reg" else p[0]
        fams.setdefault(fam, []).append(n)
    return fams


def dispatch_section(k):
    s, r = k.get("BM_Dispatch/scalar_loop"), k.get("BM_Dispatch/reduce_max_f32")
    rows = []
    if s:
        rows.append(["scalar loop (4 x arith.addi per iteration)",
                     "ns per executed instruction",
                     num(s.get("ns_per_instr"), 2)])
        rows.append(["", "instructions per iteration", num(s.get("instr_per_iter"), 1)])
    if r:
        rows.append(["load_align + reduce max f32 loop",
                     "interpreter ns per iteration", num(r.get("interp_ns_per_iter"), 1)])
        rows.append(["", "extra instructions per iteration with the reduce",
                     num(r.get("reduce_instr_per_iter"), 2)])
        rows.append(["", "interpreter ns per reduce (loop minus loop without reduce)",
                     num(r.get("interp_ns_per_reduce"), 1)])
        rows.append(["", "direct semantics::simd::reduce ns per call",
                     num(r.get("simd_ns_per_reduce"), 1)])
        rows.append(["", "**added by the interpreter, ns per reduce**",
                     num(r.get("overhead_ns_per_reduce"), 1)])
    return ["## Interpreter dispatch overhead", "", table(["kernel", "measure", "value"], rows)]


def exact_section(k):
    rows = []
    for t in ("f32", "f16"):
        e, u, q = (k.get(f"BM_SumExactVsUnordered/{t}/{v}")
                   for v in ("exact", "unordered", "sequential"))
        rows.append([t, num(e and e["ns"]), num(u and u["ns"]), num(q and q["ns"]),
                     num(e["ns"] / u["ns"], 2) if e and u else "-",
                     num(e["ns"] / q["ns"], 2) if e and q else "-"])
    return ["## Cost of exactness in the JIT (reduce sum, same inputs)", "",
            "exact = ascreg reduce <sum> (adjacent-pair tree, every node rounded); unordered = "
            "upstream vector.reduction <add> fastmath<reassoc>; sequential = the same without "
            "reassoc (lane order).", "",
            table(["type", "exact ns", "unordered ns", "sequential ns", "exact/unordered",
                   "exact/sequential"], rows)]


def semantics_section(s, ctx):
    rows = []
    for name in sorted(n[:-5] for n in s if n.endswith("/simd")):
        a, b = s.get(name + "/simd"), s.get(name + "/ref")
        if not b:
            continue
        rows.append([name.replace("BM_", ""), num(a["ns"], 1), num(b["ns"], 1),
                     num(a["ns"] / b["ns"], 2)])
    target = ctx.get("simd_target", "?")
    return [f"## Semantics: SIMD ({target}) vs scalar reference, ns per op", "",
            table(["op/type", "simd ns", "ref ns", "simd/ref"], rows)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernels")
    ap.add_argument("semantics")
    ap.add_argument("--out")
    ap.add_argument("--stat", choices=("p10", "mean"), default="p10")
    args = ap.parse_args()
    k, kctx = load(args.kernels, args.stat == "p10")
    s, sctx = load(args.semantics, args.stat == "p10")
    host = kctx or sctx
    what = "10th percentile of runs" if args.stat == "p10" else "mean"
    parts = [f"# ascreg benchmarks (CPU time, kernels: {what}; semantics: mean; "
             f"{host.get('num_cpus', '?')} CPUs at "
             f"{host.get('mhz_per_cpu', '?')} MHz, load average "
             f"{', '.join(f'{x:.1f}' for x in host.get('load_avg', [])) or '?'})", ""]
    if k:
        parts += kernels_section(k) + [""] + dispatch_section(k) + [""] + exact_section(k) + [""]
    if s:
        parts += semantics_section(s, sctx) + [""]
    text = "\n".join(parts)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
