#!/usr/bin/env python3
"""Interpreter vs JIT, side by side in one run, on UB-sized loops.

For each kernel, writes inputs of REGS registers (default 256), runs
`ascreg-run --repeat=N` in interp and jit mode and in interp mode with
`--check=all` (same inputs, one process each) and prints the median time per
run, the interp/JIT ratio, the interpreter's throughput in source elements
per second and the overhead of the debugging checks.

Shared machines change speed by up to 2x from one second to the next, so the
three processes run in ROUNDS alternating rounds (default 5): the times are
the medians over the rounds of each process's median, and the ratios the
medians of the per-round ratios (the two paths of one round ran side by side).

  bench/interp_vs_jit.py [--build build] [--regs 256] [--repeat 300] [--rounds 5]

Uses only the standard library (test/Inputs/mknpy.py writes the .npy files).
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
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (NPY_DESCR[code], len(values))
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--regs", type=int, default=256)
    ap.add_argument("--repeat", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--filter", default="")
    o = ap.parse_args()
    tool = os.path.join(o.build, "bin", "ascreg-run")
    print("| kernel | interp us | jit us | interp/jit | interp G src elem/s | --check=all us | checks/interp |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, scode, slanes, dcode, dlanes in KERNELS:
            if o.filter not in name:
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
            rounds = []
            for _ in range(o.rounds):
                rounds.append((run(tool, kernel, args, "interp", o.repeat),
                               run(tool, kernel, args, "jit", o.repeat),
                               run(tool, kernel, args, "interp", o.repeat, ["--check=all"])))
            ti, tj, tc = (statistics.median(r[k] for r in rounds) for k in range(3))
            ratio = statistics.median(r[0] / r[1] for r in rounds)
            checks = statistics.median(r[2] / r[0] for r in rounds)
            print("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |" %
                  (name, ti, tj, ratio, n / ti / 1e3, tc, checks), flush=True)


if __name__ == "__main__":
    main()
