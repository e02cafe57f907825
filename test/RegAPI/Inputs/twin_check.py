"""What the host twin's test scripts share (seed_check.py, example_check.py,
twin_conformance.py, twin_ops.py):
a work directory, ascreg-run on .npy arguments, bit comparisons and the
replay of the twin's trace (docs/regapi.md, "Tracing").

  twin_check.py compare TRACE_DIR   (after TRACE_DIR/replay.sh has run)
compares every replay output with the twin's (.twin.npy), prints the count
and the mismatches, and exits 1 on any.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Inputs"))
import ascreg_serve  # noqa: E402


class Work:
    """Files of one test run under `root`, and the ascreg-run binary `run`."""

    def __init__(self, root, run):
        self.root, self.run = root, run
        os.makedirs(root, exist_ok=True)

    def path(self, name):
        return os.path.join(self.root, name)

    def ascreg(self, kernel, args, outs, extra=()):
        """Runs `kernel` on `args` (arrays become .npy files, strings are
        --arg values); returns the arrays of the parameters `outs`."""
        spec = []
        for k, a in enumerate(args):
            if isinstance(a, np.ndarray):
                np.save(self.path("arg%d.npy" % k), a)
                spec.append("--arg=" + self.path("arg%d.npy" % k))
            else:
                spec.append("--arg=" + a)
        out = ["--out=%d:%s" % (i, self.path("out%d.npy" % i)) for i in outs]
        ascreg_serve.run([self.run, kernel] + spec + list(extra) + out, check=True)
        return [np.load(self.path("out%d.npy" % i)) for i in outs]


def from_argv(default_cases, seed):
    """The scripts' command line NAME TWIN ASCREG_RUN SRC_ROOT WORKDIR [CASES]:
    (NAME, TWIN, SRC_ROOT, CASES, a random generator, Work, Trace)."""
    name, twin, run, src, root = sys.argv[1:6]
    cases = int(sys.argv[6]) if len(sys.argv) > 6 else default_cases
    work = Work(root, run)
    return name, twin, src, cases, np.random.default_rng(seed), work, Trace(work)


def same_bits(a, b):
    return a.tobytes() == b.tobytes()


def first_difference(a, b):
    """The first differing byte of two arrays of the same size."""
    x, y = np.frombuffer(a.tobytes(), np.uint8), np.frombuffer(b.tobytes(), np.uint8)
    if x.size != y.size:
        return "sizes %d and %d bytes" % (x.size, y.size)
    return "byte %d" % np.flatnonzero(x != y)[0]


def report(name, mismatches, cases):
    print("%s: %d cases, %d mismatches" % (name, cases, len(mismatches)))
    for m in mismatches[:5]:
        print("  " + m)
    return len(mismatches)


def report_totals(counts, replays, mismatches):
    """The closing summary of a conformance run (twin_conformance.py,
    twin_ops.py): cases per family or call, trace replays, the total and
    the first mismatches; returns the exit status."""
    for key in sorted(counts):
        print("%s: %d cases" % (key, counts[key]))
    print("trace replays: %d" % replays)
    print("total: %d cases, %d mismatches" % (sum(counts.values()), len(mismatches)))
    for m in mismatches[:20]:
        print("  " + m)
    return 1 if mismatches else 0


def compare_replay(trace_dir, label, mismatches):
    """Each output of the replayed trace against the twin's UB (.twin.npy);
    returns the number compared."""
    outs = sorted(glob.glob(os.path.join(trace_dir, "*.out.npy")))
    if not outs:
        mismatches.append("%s: the trace has no output" % label)
    for out in outs:
        twin = np.load(re.sub(r"\.out\.npy$", ".twin.npy", out))
        got = np.load(out)
        if not same_bits(got, twin):
            mismatches.append("%s: replay %s != the twin's UB at %s" %
                              (label, os.path.basename(out), first_difference(got, twin)))
    return len(outs)


class Trace:
    """Runs twin programs with ASCREG_TRACE and replays each trace with its
    replay.sh: every output the replay writes must equal the twin's UB at
    the end of the segment (.twin.npy), and the twin program's GM outputs
    must equal the start of the replayed __ubuf__ arrays they came from."""

    def __init__(self, work):
        self.work = work
        self.dir = work.path("trace")
        self.replays = 0

    def twin(self, cmd, env=None):
        """Runs cmd traced; `env`: more environment variables for it."""
        shutil.rmtree(self.dir, ignore_errors=True)
        env = dict(os.environ, ASCREG_TRACE=self.dir, **(env or {}))
        subprocess.run([str(c) for c in cmd], check=True, env=env)

    def replay(self, label, gm_outputs, mismatches):
        """`gm_outputs`: (segment, __ubuf__ array name, the twin's GM array)."""
        env = dict(os.environ, ASCREG_RUN=self.work.run)
        subprocess.run(["sh", os.path.join(self.dir, "replay.sh")], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        self.replays += 1
        compare_replay(self.dir, label, mismatches)
        for seg, name, gm in gm_outputs:
            got = np.load(os.path.join(self.dir, "trace%d.%s.out.npy" % (seg, name)))
            head = got.tobytes()[:gm.nbytes]
            if head != gm.tobytes():
                mismatches.append("%s: replay of %s != the twin's GM output at %s" %
                                  (label, name, first_difference(np.frombuffer(head, np.uint8),
                                                                 gm.view(np.uint8))))


if __name__ == "__main__" and sys.argv[1:2] == ["compare"]:
    bad = []
    n = compare_replay(sys.argv[2], "trace", bad)
    print("%d replayed outputs, %d mismatches" % (n, len(bad)))
    for m in bad:
        print("  " + m)
    sys.exit(1 if bad else 0)
