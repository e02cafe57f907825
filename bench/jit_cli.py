#!/usr/bin/env python3
"""Cost of one `ascreg-run --mode=jit` process, without and with the JIT cache.

Runs `ascreg-run KERNEL --mode=jit` on one register of inputs RUNS times
with `--jit-cache=off` and RUNS times with a fresh cache directory (its
first run fills it, the others hit it), in alternating order, and prints the
minimum and median wall time and CPU time (user + sys of the process) of
each. A build whose ascreg-run has no --jit-cache (before the cache) is
measured without the flag, uncached only. Several builds or ascreg-run
executables (--build, --tool, repeatable) are measured in one round-robin,
each with its own cache; --cached-only skips the uncached runs. --serve adds,
for each executable with `--serve`, the same cached run sent RUNS times to
one `ascreg-run --serve` (a child forked per run, docs/semantics.md 4): the
mean wall time per request and the mean CPU time of the server and its
children per run (from /proc: 10 ms ticks, averaged over the runs).

  bench/jit_cli.py [--build build]... [--tool PATH/ascreg-run]... [--cached-only]
                   [--kernel reduce_max_f32_f32] [--runs 21] [--serve]

Uses only the standard library; prints the load average with the table.
"""
import argparse
import json
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


def proc_cpu_ms(pid):
    """CPU time of process `pid` and its waited-for children, in ms."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    return ticks * 1e3 / os.sysconf("SC_CLK_TCK")


def served(tool, cmd, runs, tmp, env):
    """Mean wall and CPU ms per run of `cmd` sent `runs` times to one
    `tool --serve` (after one request that starts the server's children
    warm: not counted)."""
    server = subprocess.Popen([tool, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env=env)
    request = json.dumps({"argv": cmd, "stdout": os.path.join(tmp, "served.out"),
                          "stderr": os.path.join(tmp, "served.err")}) + "\n"

    def send():
        server.stdin.write(request)
        server.stdin.flush()
        response = json.loads(server.stdout.readline())
        if response.get("exit") != 0:
            sys.exit("served run failed: %s" % response)

    send()
    cpu0, start = proc_cpu_ms(server.pid), time.monotonic()
    for _ in range(runs):
        send()
    wall = (time.monotonic() - start) * 1e3 / runs
    cpu = (proc_cpu_ms(server.pid) - cpu0) / runs
    server.stdin.close()
    server.wait()
    return wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", action="append", default=[])
    ap.add_argument("--tool", action="append", default=[])
    ap.add_argument("--cached-only", action="store_true")
    ap.add_argument("--kernel", default="reduce_max_f32_f32")
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--serve", action="store_true")
    o = ap.parse_args()
    tools = [os.path.join(b, "bin", "ascreg-run") for b in o.build] + o.tool
    if not tools:
        tools = [os.path.join(ROOT, "build", "bin", "ascreg-run")]
    spec = next(k for k in KERNELS if k[0] == o.kernel)
    name, scode, slanes, dcode, dlanes = spec
    kernel = os.path.join(ROOT, "examples", "conformance", name + ".mlir")
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
        print("kernel %s; load average at start: %s" %
              (name, " ".join("%.2f" % x for x in os.getloadavg())))
        variants = []
        for i, tool in enumerate(tools):
            cmd = [tool, kernel, "--mode=jit"] + ["--arg=" + a for a in args]
            has_cache = "--jit-cache" in subprocess.run([tool, "--help"], capture_output=True,
                                                        text=True).stdout
            if not has_cache:
                variants.append((tool, "uncached", cmd))
                continue
            if not o.cached_only:
                variants.append((tool, "uncached", cmd + ["--jit-cache=off"]))
            cached = cmd + ["--jit-cache=" + os.path.join(tmp, "cache%d" % i)]
            first = timed(cached, env)  # fills the cache
            print("%s: first cached run (a miss, fills the cache): %.1f ms wall, %.1f ms CPU" %
                  ((tool,) + first))
            variants.append((tool, "cached", cached))
        times = [[] for _ in variants]
        for _ in range(o.runs):
            for v, (_, _, c) in enumerate(variants):
                times[v].append(timed(c, env))
        print()
        print("| ascreg-run --mode=jit | run | min wall ms | median wall ms | min CPU ms "
              "| median CPU ms |")
        print("|---|---|---:|---:|---:|---:|")
        for (tool, v, _), t in zip(variants, times):
            walls, cpus = [x[0] for x in t], [x[1] for x in t]
            print("| %s | %s | %.1f | %.1f | %.1f | %.1f |" %
                  (tool, v, min(walls), statistics.median(walls), min(cpus),
                   statistics.median(cpus)))
        if o.serve:
            print()
            print("| ascreg-run --serve, cached --mode=jit | mean wall ms per run "
                  "| mean CPU ms per run |")
            print("|---|---:|---:|")
            for tool, v, c in variants:
                # An ascreg-run without --serve takes it for a kernel file and fails.
                serves = subprocess.run([tool, "--serve"], stdin=subprocess.DEVNULL,
                                        capture_output=True).returncode == 0
                if v == "cached" and serves:
                    print("| %s | %.1f | %.1f |" % ((tool,) + served(tool, c, o.runs, tmp, env)))
        print()
        print("load average at the end: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
