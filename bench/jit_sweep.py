#!/usr/bin/env python3
"""Run time of every conformance kernel in two builds, side by side.

A change to what the JIT compiles (its LLVM pipeline, a lowering) can speed
one kernel family up and slow another down; bench/interp_vs_jit.py and
ascreg-bench-kernels time only the reduce and gather loops. This runs each
kernel of examples/conformance through `ascreg-run --mode=jit --repeat=N`
of --build and of --before, alternating, on REGS registers of inputs, and
prints the median over the kernels of the per-kernel ratio build/before
(the minimum of each side over ROUNDS rounds) and the kernels at either end.
Rerun the kernels of a suspect end with more --rounds before believing it:
sub-microsecond kernels move by 30% from one round to the next.

  bench/jit_sweep.py --before BUILD [--build build] [--filter A,B] [--rounds 2]
                     [--repeat 200] [--regs 64] [--mode jit|interp] [--show 12]

The inputs come from the kernel's signature alone: every buffer holds
2 * REGS * 256 bytes (two-register forms read 512 bytes per iteration), a
parameter named `index` holds small element indices, every i32 is
REGS * 64 (a count: all lanes active), every index REGS (the repeat count),
other scalars 1. Values are finite and moderate (test/Inputs/npy_file.py
writes them). A kernel either build refuses is listed and skipped.

Uses only the standard library.
"""
import argparse
import glob
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

# Memref element type: (npy descr, struct code, bytes).
ELEMENTS = {
    "f32": ("<f4", "f", 4), "f16": ("<f2", "e", 2), "bf16": ("<u2", "H", 2),
    "i8": ("|i1", "b", 1), "i16": ("<i2", "h", 2), "i32": ("<i4", "i", 4), "i64": ("<i8", "q", 8),
}
SIGNATURE = re.compile(r"func\.func @kernel\(([^)]*)\)")
PARAMETER = re.compile(r"%(\w+): ([^,]+)")


def values(elem, n, index):
    """n moderate values of `elem`: small in-range indices for `index`."""
    descr, code, size = ELEMENTS[elem]
    if index:
        return [(i * 37) % min(n, 1 << (8 * size - 1)) for i in range(n)]
    if code in "fe":
        return [((i * 7919) % 2001 - 1000) / 8.0 for i in range(n)]
    if elem == "bf16":
        return [0x3F80 + i % 64 for i in range(n)]  # 1.0 .. 1.5
    bound = {1: 100, 2: 1000, 4: 100000, 8: 100000}[size]
    return [(i * 7919) % (2 * bound + 1) - bound for i in range(n)]


def arguments(kernel, regs, tmp):
    """The --arg values of `kernel`, writing its buffers into `tmp`."""
    with open(kernel) as f:
        signature = SIGNATURE.search(f.read())
    if not signature:
        return None
    args = []
    for i, (name, ty) in enumerate(PARAMETER.findall(signature.group(1))):
        ty = ty.strip()
        buffer = re.match(r"memref<\?x(\w+)>", ty)
        if buffer:
            if buffer.group(1) not in ELEMENTS:
                return None
            descr, code, size = ELEMENTS[buffer.group(1)]
            n = 2 * regs * 256 // size
            path = os.path.join(tmp, "%s.%d.npy" % (os.path.basename(kernel), i))
            body = struct.pack("<%d%s" % (n, code), *values(buffer.group(1), n, name == "index"))
            npy_file.write(path, descr, n, body)
            args.append(path)
        elif ty == "index":
            args.append("index:%d" % regs)
        elif ty == "i32":
            args.append("i32:%d" % (regs * 64))
        else:
            args.append("%s:1" % ty)
    return args


def run(tool, kernel, args, mode, repeat):
    """Median microseconds per run, or None if the run failed."""
    cmd = [tool, kernel, "--mode=" + mode, "--repeat=%d" % repeat] + ["--arg=" + a for a in args]
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"median ([0-9.]+) us", p.stderr)
    return float(m.group(1)) if p.returncode == 0 and m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--before", required=True, help="the build to compare with")
    ap.add_argument("--filter", default="", help="comma-separated parts of kernel names")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--regs", type=int, default=64)
    ap.add_argument("--mode", default="jit", choices=["jit", "interp"])
    ap.add_argument("--show", type=int, default=12, help="kernels shown at each end")
    o = ap.parse_args()
    tools = [os.path.join(b, "bin", "ascreg-run") for b in (o.build, o.before)]
    wanted = [f for f in o.filter.split(",") if f]
    rows, skipped = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for kernel in sorted(glob.glob(os.path.join(ROOT, "examples", "conformance", "*.mlir"))):
            name = os.path.basename(kernel)[:-5]
            if wanted and not any(f in name for f in wanted):
                continue
            args = arguments(kernel, o.regs, tmp)
            times = [[], []]
            for _ in range(o.rounds if args is not None else 0):
                for side, tool in enumerate(tools):
                    times[side].append(run(tool, kernel, args, o.mode, o.repeat))
            if args is None or None in times[0] + times[1]:
                skipped.append(name)
                continue
            build, before = min(times[0]), min(times[1])
            rows.append((build / before, name, build, before))
    rows.sort()
    print("%s: %s, before: %s; %d rounds of --repeat=%d on %d registers" %
          (o.mode, tools[0], tools[1], o.rounds, o.repeat, o.regs))
    if rows:
        ratios = [r[0] for r in rows]
        print("%d kernels: build/before median %.3f, min %.3f, max %.3f" %
              (len(rows), statistics.median(ratios), ratios[0], ratios[-1]))
        print("| kernel | build us | before us | build/before |")
        print("|---|---:|---:|---:|")
        shown = rows if len(rows) <= 2 * o.show else rows[:o.show] + rows[-o.show:]
        for ratio, name, build, before in shown:
            print("| %s | %.2f | %.2f | %.3f |" % (name, build, before, ratio))
    if skipped:
        print("skipped (a run failed or the signature is not understood): " + " ".join(skipped))
    print("load average at the end: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
