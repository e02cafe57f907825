#!/usr/bin/env python3
"""Shrinks a random kernel on which ascreg-random-diff reports a mismatch.

    reduce.py KERNEL.mlir --driver build/bin/ascreg-random-diff [--case C]
              [--paths jit|dav|emit] [--plant KIND] [-o REDUCED.mlir]

The kernel (one program with its `// rdiff-` header lines) must make the
driver report `MISMATCH kernel 0 case C: PATH`. The reducer deletes what it
can while that stays true on the same inputs (the inputs depend only on the
header lines, the seed and the case, which are kept):
  1. delta debugging over the function body's lines: chunks of halving size,
     then single lines; a whole scf.for (header to closing brace) counts as
     one unit as well;
  2. repeated until nothing more can be deleted.
A deletion that breaks the IR (a use of a deleted value) makes the driver
exit 2 and is simply rejected, so deleting a value's last use lets the next
round delete the value. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def split_kernel(text):
    """(head, body, tail): body = the lines strictly inside func.func @kernel."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip().startswith("func.func @kernel"))
    end = max(i for i, l in enumerate(lines) if l.strip() == "return")
    return lines[:start + 1], lines[start + 1:end], lines[end:]


def units(body):
    """Deletable units: single lines, and whole scf.for / scf.if regions."""
    out = []
    for i, l in enumerate(body):
        s = l.strip()
        if s in ("}", "} else {") or s.startswith("scf.yield"):
            continue
        if s.endswith("{"):
            depth, j = 0, i
            while j < len(body):
                depth += body[j].count("{") - body[j].count("}")
                if depth == 0:
                    break
                j += 1
            out.append(list(range(i, j + 1)))
        else:
            out.append([i])
    return out


class Reducer:
    def __init__(self, args, head, tail, path):
        self.args = args
        self.head, self.tail = head, tail
        self.path = path
        self.tests = 0
        self.tmp = tempfile.mkdtemp(prefix="ascreg-reduce-")

    def text(self, body):
        return "\n".join(self.head + body + self.tail) + "\n"

    def run(self, body):
        """The driver's output on `body`, and whether it still mismatches on
        the same path."""
        self.tests += 1
        f = os.path.join(self.tmp, "candidate.mlir")
        with open(f, "w") as out:
            out.write(self.text(body))
        cmd = [self.args.driver, f, "--paths=" + self.path, "--cases=1",
               "--first-case=%d" % self.args.case, "--seed=%d" % self.args.seed]
        if self.args.plant:
            cmd.append("--plant=" + self.args.plant)
        if self.args.work_dir:
            cmd.append("--work-dir=" + self.args.work_dir)
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        hit = p.returncode == 1 and re.search(r"^MISMATCH kernel 0 case %d: %s:" %
                                              (self.args.case, self.path), p.stdout, re.M)
        return bool(hit), p.stdout

    def reduce(self, body):
        changed = True
        while changed:
            changed = False
            us = units(body)
            n = max(1, len(us) // 2)
            while n >= 1:
                i = 0
                while i < len(us):
                    drop = set()
                    for u in us[i:i + n]:
                        drop.update(u)
                    candidate = [l for j, l in enumerate(body) if j not in drop]
                    ok, _ = self.run(candidate)
                    if ok:
                        body = candidate
                        changed = True
                        us = units(body)
                        sys.stderr.write("reduce: %d lines left (%d tests)\n"
                                         % (len(body), self.tests))
                    else:
                        i += n
                n //= 2
        return body


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kernel")
    ap.add_argument("--driver", required=True, help="path of ascreg-random-diff")
    ap.add_argument("--case", type=int, default=0, help="the failing input set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--paths", default="", help="the mismatching path (default: found)")
    ap.add_argument("--plant", default="")
    ap.add_argument("--work-dir", default="")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()

    text = open(args.kernel).read()
    head, body, tail = split_kernel(text)
    path = args.paths
    if not path:
        # Find the first mismatching path on the failing case.
        for p in ("dav", "jit", "emit"):
            r = Reducer(args, head, tail, p)
            if r.run(body)[0]:
                path = p
                break
        if not path:
            sys.exit("reduce: the kernel does not mismatch on case %d" % args.case)
    r = Reducer(args, head, tail, path)
    ok, out = r.run(body)
    if not ok:
        sys.exit("reduce: the kernel does not mismatch on path %s, case %d:\n%s"
                 % (path, args.case, out))
    before = len(body)
    body = r.reduce(body)
    ok, out = r.run(body)
    assert ok
    result = r.text(body)
    if args.output == "-":
        sys.stdout.write(result)
    else:
        with open(args.output, "w") as f:
            f.write(result)
    sys.stderr.write("reduce: %s: %d -> %d body lines in %d driver runs\n%s"
                     % (path, before, len(body), r.tests,
                        "".join(l + "\n" for l in out.splitlines() if l.startswith("MISMATCH"))))


if __name__ == "__main__":
    main()
