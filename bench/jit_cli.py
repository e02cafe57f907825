#!/usr/bin/env python3
"""Cost of one `ascreg-run --mode=jit` process, without and with the JIT cache.

Runs `ascreg-run KERNEL --mode=jit` on one register of inputs RUNS times
with `--jit-cache=off` and RUNS times with a fresh cache directory (its
first run fills it, the others hit it), in alternating order, and prints the
median wall time and CPU time (user + sys of the process) of each. A build
whose ascreg-run has no --jit-cache (before the cache) is measured without
the flag, uncached only.

  bench/jit_cli.py [--build build] [--kernel reduce_max_f32_f32] [--runs 21]

Uses only the standard library; prints the load average with the table.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interp_vs_jit import KERNELS, source_values, write_npy  # noqa: E402


def timed(cmd, env):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    err = p.stderr.read().decode()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), err))
    return wall * 1e3, (usage.ru_utime + usage.ru_stime) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--kernel", default="reduce_max_f32_f32")
    ap.add_argument("--runs", type=int, default=21)
    o = ap.parse_args()
    tool = os.path.join(o.build, "bin", "ascreg-run")
    spec = next(k for k in KERNELS if k[0] == o.kernel)
    name, scode, slanes, dcode, dlanes = spec
    kernel = os.path.join(ROOT, "examples", "conformance", name + ".mlir")
    has_cache = "--jit-cache" in subprocess.run([tool, "--help"], capture_output=True,
                                                text=True).stdout
    env = dict(os.environ, ASCREG_JIT_CACHE="off")
    with tempfile.TemporaryDirectory() as tmp:
        dst = os.path.join(tmp, "dst.npy")
        write_npy(dst, dcode, [0] * dlanes)
        if scode is None:
            base, idx = os.path.join(tmp, "base.npy"), os.path.join(tmp, "idx.npy")
            write_npy(base, "f", source_values("f", slanes))
            write_npy(idx, "I", [(i * 37) % slanes for i in range(slanes)])
            args = [base, idx, dst, "i32:%d" % slanes, "index:1"]
        else:
            src = os.path.join(tmp, "src.npy")
            write_npy(src, scode, source_values(scode, slanes))
            args = [src, dst, "i32:%d" % slanes, "index:1"]
        cmd = [tool, kernel, "--mode=jit"] + ["--arg=" + a for a in args]
        cache = os.path.join(tmp, "cache")
        variants = [("uncached", cmd + (["--jit-cache=off"] if has_cache else [])),
                    ("cached", cmd + ["--jit-cache=" + cache])] if has_cache else [
                        ("uncached", cmd)]
        print("ascreg-run: %s; kernel %s; load average at start: %s" %
              (tool, name, " ".join("%.2f" % x for x in os.getloadavg())))
        if has_cache:
            first = timed(variants[1][1], env)  # fills the cache
            print("first cached run (a miss, fills the cache): %.1f ms wall, %.1f ms CPU" % first)
        times = {v: [] for v, _ in variants}
        for _ in range(o.runs):
            for v, c in variants:
                times[v].append(timed(c, env))
        print()
        print("| CLI run, --mode=jit | median wall ms | median CPU ms |")
        print("|---|---:|---:|")
        for v, _ in variants:
            print("| %s | %.1f | %.1f |" % (v, statistics.median(t[0] for t in times[v]),
                                            statistics.median(t[1] for t in times[v])))
        print()
        print("load average at the end: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
