#!/usr/bin/env python3
"""The machine's limit, the interpreter and the JIT, side by side in one run.

For each kernel, writes inputs of REGS registers (default 256), runs
`ascreg-run --repeat=N` in interp and jit mode and in interp mode with
`--check=all` (same inputs, one process each), and for the four kernels with
a hand-written loop (bench/limit/) `ascreg-bench-limit` on the same inputs.
Prints the median time per run of each, interp/limit, JIT/limit and
interp/JIT, and the overhead of the debugging checks.

Shared machines change speed by up to 2x from one second to the next, so the
processes run in ROUNDS alternating rounds (default 5): the times are the
medians over the rounds of each process's median, and the ratios the medians
of the per-round ratios (the paths of one round ran side by side). The load
average at the start and the end is printed with the table.

  bench/interp_vs_jit.py [--build build] [--limit-build build] [--regs 256]
                         [--repeat 300] [--rounds 5] [--filter A,B] [--no-checks]
                         [--jit-opt L] [--before BUILD]

--build picks the ascreg-run to measure; --before adds the JIT of another
build (e.g. of the commit before a change) to every round, with its time,
its ratio to the limit and after/before columns: a before/after table whose
two sides ran in the same minutes. --limit-build picks the
ascreg-bench-limit (default: the tree's own build); --filter limit runs the
four kernels with a limit loop.

Uses only the standard library (test/Inputs/npy_file.py writes the .npy files).
"""
import argparse
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
import npy_file  # noqa: E402

# The kernels with a hand-written loop in bench/limit/ (ascreg-bench-limit).
LIMIT_KERNELS = {"reduce_max_f32_f32", "reduce_sum_f16_f16", "pair_reduce_sum_f32",
                 "gather_f32_f32_u32"}

# (kernel, source dtype, source lanes per register, destination dtype, destination lanes)
KERNELS = [
    ("reduce_max_f32_f32", "f", 64, "f", 64),
    ("reduce_min_f32_f32", "f", 64, "f", 64),
    ("reduce_sum_f16_f16", "e", 128, "e", 128),
    ("reduce_max_f16_f16", "e", 128, "e", 128),
    ("reduce_sum_f32_f32", "f", 64, "f", 64),
    ("pair_reduce_sum_f32", "f", 64, "f", 64),
    ("reduce_sum_i32_i16", "h", 128, "i", 64),
    ("gather_f32_f32_u32", None, 64, "f", 64),
]

NPY_DESCR = {"f": "<f4", "e": "<f2", "h": "<i2", "i": "<i4", "I": "<u4"}


def write_npy(path, code, values):
    npy_file.write(path, NPY_DESCR[code], len(values),
                   struct.pack("<%d%s" % (len(values), code), *values))


def source_values(code, n):
    if code in "fe":
        return [((i * 7919) % 2001 - 1000) / 8.0 for i in range(n)]
    return [((i * 7919) % 2001 - 1000) for i in range(n)]


def run(tool, kernel, args, mode, repeat, extra=()):
    cmd = [tool, kernel, "--mode=" + mode, "--repeat=%d" % repeat] + ["--arg=" + a for a in args]
    cmd += list(extra)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    m = re.search(r"median ([0-9.]+) us", p.stderr)
    return float(m.group(1))


def run_limit(tool, kernel, regs, repeat):
    cmd = [tool, kernel, "--regs", str(regs), "--repeat", str(repeat)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    return float(re.search(r"median ([0-9.]+) us", p.stderr).group(1))


def fmt(x, spec="%.2f"):
    return "-" if x is None else spec % x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--regs", type=int, default=256)
    ap.add_argument("--repeat", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--filter", default="", help="comma-separated parts of kernel names")
    ap.add_argument("--limit-build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--no-checks", action="store_true", help="skip the --check=all runs")
    ap.add_argument("--jit-opt", type=int, default=None,
                    help="ascreg-run --jit-opt for the JIT runs (default: ascreg-run's)")
    ap.add_argument("--before", default=None,
                    help="a build whose JIT runs in the same rounds (before/after columns)")
    o = ap.parse_args()
    tool = os.path.join(o.build, "bin", "ascreg-run")
    before_tool = os.path.join(o.before, "bin", "ascreg-run") if o.before else None
    limit_tool = os.path.join(o.limit_build, "bench", "limit", "ascreg-bench-limit")
    print("ascreg-run: %s; limit: %s; load average at start: %s" %
          (tool, limit_tool, " ".join("%.2f" % x for x in os.getloadavg())))
    print()
    if before_tool:
        print("JIT before: %s" % before_tool)
    print("| kernel | limit us | interp us | jit us | interp/limit | jit/limit | interp/jit "
          "| --check=all us | checks/interp |" +
          (" jit before us | before/limit | jit after/before |" if before_tool else ""))
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" * 3 if before_tool else ""))
    with tempfile.TemporaryDirectory() as tmp:
        for name, scode, slanes, dcode, dlanes in KERNELS:
            wanted = o.filter.split(",") if o.filter != "limit" else LIMIT_KERNELS
            if not any(f in name for f in wanted):
                continue
            kernel = os.path.join(ROOT, "examples", "conformance", name + ".mlir")
            n = slanes * o.regs
            dst = os.path.join(tmp, name + "_dst.npy")
            write_npy(dst, dcode, [0] * (dlanes * o.regs))
            if scode is None:  # gather: base, index, dst, count, repeat
                base = os.path.join(tmp, name + "_base.npy")
                idx = os.path.join(tmp, name + "_idx.npy")
                write_npy(base, "f", source_values("f", n))
                write_npy(idx, "I", [(i * 37) % n for i in range(n)])
                args = [base, idx, dst, "i32:%d" % n, "index:%d" % o.regs]
            else:
                src = os.path.join(tmp, name + "_src.npy")
                write_npy(src, scode, source_values(scode, n))
                args = [src, dst, "i32:%d" % n, "index:%d" % o.regs]
            has_limit = name in LIMIT_KERNELS
            rounds = []
            jit_extra = [] if o.jit_opt is None else ["--jit-opt=%d" % o.jit_opt]
            for _ in range(o.rounds):
                rounds.append((run_limit(limit_tool, name, o.regs, o.repeat) if has_limit else None,
                               run(tool, kernel, args, "interp", o.repeat),
                               run(tool, kernel, args, "jit", o.repeat, jit_extra),
                               None if o.no_checks else
                               run(tool, kernel, args, "interp", o.repeat, ["--check=all"]),
                               run(before_tool, kernel, args, "jit", o.repeat, jit_extra)
                               if before_tool else None))

            def med(f):
                values = [f(r) for r in rounds]
                return None if None in values else statistics.median(values)

            def ratio(a, b):
                return med(lambda r: None if r[a] is None or r[b] is None else r[a] / r[b])

            row = ("| %s | %s | %.2f | %.2f | %s | %s | %.2f | %s | %s |" %
                   (name, fmt(med(lambda r: r[0])), med(lambda r: r[1]), med(lambda r: r[2]),
                    fmt(ratio(1, 0)), fmt(ratio(2, 0)), ratio(1, 2), fmt(med(lambda r: r[3])),
                    fmt(ratio(3, 1))))
            if before_tool:
                row += " %.2f | %s | %.2f |" % (med(lambda r: r[4]), fmt(ratio(4, 0)), ratio(2, 4))
            print(row, flush=True)
    print()
    print("load average at the end: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
