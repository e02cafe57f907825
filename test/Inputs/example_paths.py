"""An example kernel's outputs against its numpy golden on every path.

example_paths.py NAME ASCREG_RUN SRC_ROOT WORKDIR [EMITTED] [CASES]

NAME is one of test/Inputs/example_cases.py's examples. On random cases,
runs the kernel with ascreg-run in the interpreter, in check mode (the
interpreter and the JIT compared bit for bit) and after
convert-ascreg-to-dav, and, given EMITTED (the kernel's emitted Ascend C
built with test/Inputs/run_emitted.cpp), the emitted C++ on the host; every
output must equal the golden bit for bit. Prints the case and path counts
and the mismatches; exits 1 on any.
"""
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ascreg_serve  # noqa: E402
from example_cases import EXAMPLES  # noqa: E402

PATHS = [[], ["--mode=check"], ["--pass-pipeline=convert-ascreg-to-dav"]]


def ascreg_run(run, kernel, args, outs, extra, work):
    spec = []
    for k, a in enumerate(args):
        if isinstance(a, np.ndarray):
            np.save(os.path.join(work, "arg%d.npy" % k), a)
            spec.append("--arg=" + os.path.join(work, "arg%d.npy" % k))
        else:
            spec.append("--arg=" + a)
    out = ["--out=%d:%s" % (i, os.path.join(work, "out%d.npy" % i)) for i in outs]
    ascreg_serve.run([run, kernel] + spec + extra + out, check=True)
    return [np.load(os.path.join(work, "out%d.npy" % i)) for i in outs]


def emitted_run(binary, args, outs, work):
    """The emitted kernel: buffers as raw files, scalars as their values."""
    argv = []
    for k, a in enumerate(args):
        if isinstance(a, np.ndarray):
            a.tofile(os.path.join(work, "arg%d.bin" % k))
            argv.append(os.path.join(work, "arg%d.bin" % k))
        else:
            argv.append(a.split(":", 1)[1])
    subprocess.run([os.path.abspath(binary)] + argv, check=True)
    return [np.fromfile(os.path.join(work, "arg%d.bin.out" % i), args[i].dtype) for i in outs]


def main(argv):
    name, run, src, work = argv[:4]
    rest = argv[4:]
    emitted = rest.pop(0) if rest and not rest[0].isdigit() else None
    cases = int(rest[0]) if rest else 8
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(27)
    labels = [" ".join(p) or "interp" for p in PATHS] + (["emitted"] if emitted else [])
    bad = []
    for case in range(cases):
        c = EXAMPLES[name](rng, case)
        kernel = os.path.join(src, c.kernel)
        results = [ascreg_run(run, kernel, c.args, c.outs, p, work) for p in PATHS]
        if emitted:
            results.append(emitted_run(emitted, c.args, c.outs, work))
        for label, got in zip(labels, results):
            for k, (g, want) in enumerate(zip(got, c.golden)):
                if g.tobytes() != want.tobytes():
                    at = np.flatnonzero(g.view(np.uint8) != want.view(np.uint8))[0] // g.itemsize
                    bad.append("case %d output %d: %s gives %r at [%d], numpy %r" %
                               (case, k, label, g[at], at, want[at]))
    print("%s: %d cases x %d paths, %d mismatches" % (name, cases, len(labels), len(bad)))
    for b in bad[:10]:
        print("  " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
