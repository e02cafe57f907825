#!/usr/bin/python3
"""Runs per second of a small conformance kernel: in-process (the ascreg Python
package) vs spawning ascreg-run per case, on the same cases, one run each.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_vs_cli.py [--cases N]
        [--kernel K.mlir] [--registers R] [--ascreg-run PATH] [--modes interp,jit] [--sweeps S]

The kernel is examples/conformance/reduce_max_f32_f32.mlir over R = 4 registers
(256 floats, tail counts 1..256; the same cases for both). In-process, every case
is one call kernel(src, dst, count, R) on numpy arrays prepared beforehand; the
CLI does what a Python sweep over ascreg-run has to do per case: write the input
.npy files, spawn `ascreg-run K --arg=... --out=1:out.npy` and read the output
back. Both paths must produce the same bits for every case (checked). The JIT
is compiled once in-process, and by every ascreg-run process in --mode=jit.
The in-process rate is the best of S sweeps over the cases (one run per case
in each sweep; the machine may be shared); the CLI sweeps once.

Prints one line per mode: in-process runs/s, CLI runs/s, and their ratio.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def find_runner(explicit):
    cands = [explicit, os.path.join(os.environ.get("ASCREG_TOOLS_DIR", ""), "ascreg-run"),
             os.path.join(ROOT, "build", "bin", "ascreg-run"), shutil.which("ascreg-run")]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    sys.exit("error: ascreg-run not found (use --ascreg-run or set ASCREG_TOOLS_DIR)")


def make_cases(n, registers, seed):
    rng = np.random.default_rng(seed)
    vl = 64
    cases = []
    for i in range(n):
        src = rng.standard_normal(vl * registers).astype(np.float32)
        if i % 4 == 1:                                   # ties: the first index must win
            src = rng.integers(0, 3, vl * registers).astype(np.float32)
        if i % 8 == 3:                                   # a NaN with a payload
            src.view(np.uint32)[rng.integers(0, src.size)] = 0x7FC00123
        count = int(rng.integers(1, vl * registers + 1))
        dst = np.zeros(vl * registers, dtype=np.float32)
        cases.append((src, dst, count))
    return cases


def bench_inprocess(kernel, cases, registers, mode, sweeps):
    best, first = None, None
    for _ in range(sweeps):
        outs = [c[1].copy() for c in cases]
        srcs = [c[0] for c in cases]
        counts = [c[2] for c in cases]
        run = kernel.run
        t0 = time.perf_counter()
        for src, dst, count in zip(srcs, outs, counts):
            run(src, dst, count, registers, mode=mode)
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
        first = first or outs
    return len(cases) / best, first


def bench_cli(runner, path, cases, registers, mode, tmp):
    outs = []
    t0 = time.perf_counter()
    for i, (src, dst, count) in enumerate(cases):
        s, d, o = (os.path.join(tmp, "%s%d.npy" % (n, i)) for n in ("src", "dst", "out"))
        np.save(s, src)
        np.save(d, dst)
        subprocess.run([runner, path, "--mode=" + mode, "--arg=" + s, "--arg=" + d,
                        "--arg=i32:%d" % count, "--arg=index:%d" % registers,
                        "--out=1:" + o], check=True, stdout=subprocess.DEVNULL)
        outs.append(np.load(o))
    t = time.perf_counter() - t0
    return len(cases) / t, outs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=300, help="cases (default 300)")
    ap.add_argument("--sweeps", type=int, default=5,
                    help="in-process sweeps over the cases; the fastest counts (default 5)")
    ap.add_argument("--kernel", default=os.path.join(ROOT, "examples", "conformance",
                                                     "reduce_max_f32_f32.mlir"))
    ap.add_argument("--registers", type=int, default=4)
    ap.add_argument("--ascreg-run", default=None)
    ap.add_argument("--modes", default="interp,jit")
    ap.add_argument("--seed", type=int, default=950)
    args = ap.parse_args()

    import ascreg
    runner = find_runner(args.ascreg_run)
    kernel = ascreg.load(args.kernel)
    kernel.compile_jit()
    cases = make_cases(args.cases, args.registers, args.seed)
    print("kernel %s, %d registers (%d floats), %d cases, one run each"
          % (os.path.relpath(args.kernel, ROOT), args.registers, 64 * args.registers,
             args.cases))
    print("ascreg-run: %s" % runner)
    print("%-7s %16s %12s %10s" % ("mode", "in-process/s", "CLI/s", "ratio"))
    tmp = tempfile.mkdtemp(prefix="ascreg-bench-")
    try:
        for mode in args.modes.split(","):
            rate_in, outs_in = bench_inprocess(kernel, cases, args.registers, mode, args.sweeps)
            rate_cli, outs_cli = bench_cli(runner, args.kernel, cases, args.registers, mode, tmp)
            for i, (a, b) in enumerate(zip(outs_in, outs_cli)):
                if a.tobytes() != b.tobytes():
                    sys.exit("error: case %d: in-process and CLI results differ" % i)
            print("%-7s %16.0f %12.1f %9.0fx" % (mode, rate_in, rate_cli, rate_in / rate_cli))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("(in-process and CLI results identical for all %d cases)" % args.cases)


if __name__ == "__main__":
    main()
