#!/usr/bin/env python3
"""The reducer on a planted divergence (ctest ascreg-random-diff-reduce).

    reduce_selftest.py --driver build/bin/ascreg-random-diff [--seed S] [--work-dir DIR]

A checker that cannot fail proves nothing, so this plants a bug and demands
that the machinery finds and shrinks it:
  1. takes the first random kernel of seed S (gen_kernels.py) that contains
     an ascreg.min and on which the driver reports a dav mismatch with
     --plant=dav-min-as-max (every ascreg.min becomes ascreg.max in the dav
     path only);
  2. checks that the same kernel agrees on every path without the plant (the
     divergence is the planted bug's, not a real one);
  3. reduces it (reduce.py) and checks the reproducer: it still mismatches
     with the plant, still contains the ascreg.min, and is small (at most 20
     body lines, from typically 50-200).
Then the batched JIT's fallback: with --plant=jit-reject-first the first of
three kernels in one file cannot be JIT-compiled, which fails the file's
single JIT compilation; the driver must name exactly that kernel (one
COMPILE-FAILURE, kernel 0, path jit) and still compare the other two.
Prints the kernel sizes and the reduced reproducer. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_REDUCED_LINES = 20


def driver(args, path, extra):
    cmd = [args.driver, path, "--cases=1", "--seed=%d" % args.seed, "--work-dir=" + args.work_dir]
    p = subprocess.run(cmd + extra, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def body_lines(text):
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip().startswith("func.func @kernel"))
    end = max(i for i, l in enumerate(lines) if l.strip() == "return")
    return end - start - 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work-dir", default="")
    ap.add_argument("--tries", type=int, default=60)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ascreg-reduce-selftest-")
    args.work_dir = args.work_dir or tmp

    found = None
    for index in range(args.tries):
        k = os.path.join(tmp, "kernel-%d.mlir" % index)
        subprocess.run([sys.executable, os.path.join(HERE, "gen_kernels.py"), "--seed",
                        str(args.seed), "--first", str(index), "--count", "1", "-o", k],
                       check=True)
        if "ascreg.min" not in open(k).read():
            continue
        rc, out = driver(args, k, ["--paths=dav", "--plant=dav-min-as-max"])
        if rc == 1 and re.search(r"^MISMATCH kernel 0 case 0: dav:", out, re.M):
            found = (index, k)
            break
    if not found:
        sys.exit("reduce-selftest: FAIL: no kernel of seed %d among the first %d shows the "
                 "planted divergence" % (args.seed, args.tries))
    index, k = found
    print("reduce-selftest: kernel %d of seed %d mismatches on dav with the plant" %
          (index, args.seed))

    rc, out = driver(args, k, ["--paths=jit,dav"])
    if rc != 0:
        sys.exit("reduce-selftest: FAIL: the kernel disagrees without the plant:\n" + out)

    reduced = os.path.join(tmp, "reduced.mlir")
    p = subprocess.run([sys.executable, os.path.join(HERE, "reduce.py"), k, "--driver",
                        args.driver, "--case", "0", "--seed", str(args.seed), "--paths", "dav",
                        "--plant", "dav-min-as-max", "--work-dir", args.work_dir, "-o", reduced],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit("reduce-selftest: FAIL: reduce.py failed:\n" + p.stdout)
    text = open(reduced).read()
    before, after = body_lines(open(k).read()), body_lines(text)
    rc, out = driver(args, reduced, ["--paths=dav", "--plant=dav-min-as-max"])
    problems = []
    if rc != 1 or "MISMATCH kernel 0 case 0: dav:" not in out:
        problems.append("the reduced kernel no longer mismatches")
    if "ascreg.min" not in text:
        problems.append("the reduced kernel lost the ascreg.min")
    if after > MAX_REDUCED_LINES:
        problems.append("%d body lines left (at most %d expected)" % (after, MAX_REDUCED_LINES))
    summary = p.stdout.strip().splitlines()[-2:]
    print("reduce-selftest: %d -> %d body lines (%s)" % (before, after, " / ".join(summary)))
    print(text)

    three = os.path.join(tmp, "three.mlir")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_kernels.py"), "--seed",
                    str(args.seed), "--first", "0", "--count", "3", "-o", three], check=True)
    rc, out = driver(args, three, ["--paths=jit", "--plant=jit-reject-first"])
    failures = re.findall(r"^COMPILE-FAILURE kernel (\d+) \(.*?\): (\w+):", out, re.M)
    if rc != 1 or failures != [("0", "jit")] or not re.search(r"^ascreg-random-diff: 2 kernels,",
                                                              out, re.M):
        problems.append("with jit-reject-first the driver did not report exactly kernel 0 "
                        "(jit) and compare the other two:\n" + out)
    else:
        print("reduce-selftest: a kernel that breaks the batched JIT compilation is named alone")
    if problems:
        sys.exit("reduce-selftest: FAIL: " + "; ".join(problems))
    print("reduce-selftest: PASS")


if __name__ == "__main__":
    main()
