"""The vendor-style examples (examples/regapi/*.asc) on the host twin vs their
hand-written MLIR on every path vs numpy.

example_check.py NAME TWIN_BINARY ASCREG_RUN SRC_ROOT WORKDIR [CASES]

Runs the example's twin build and its MLIR kernel with ascreg-run in the
interpreter, in check mode (interpreter and JIT compared bit for bit) and
after convert-ascreg-to-dav, on the same random inputs, and computes the
expected output with numpy from the example's description. The twin runs
traced (ASCREG_TRACE), and the replay of each trace must give the twin's
outputs (twin_check.Trace). Prints the case count and the mismatches; exits
1 on any.
"""
import os
import sys

import numpy as np

from twin_check import from_argv

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Inputs"))
from example_cases import EXAMPLES, padded  # noqa: E402

NAME, TWIN, SRC, CASES, rng, work, trace = from_argv(10, 280)
path = work.path
PATHS = [[], ["--mode=check"], ["--pass-pipeline=convert-ascreg-to-dav"]]


def ascreg(kernel, args, outs):
    """The output arrays (by parameter index) of each path."""
    return [work.ascreg(kernel, args, outs, extra) for extra in PATHS]


def compare(case, twin, paths, golden, bad):
    for what, got in [("numpy", golden)] + [(" ".join(p) or "interp", r) for p, r in zip(PATHS, paths)]:
        for k, (t, g) in enumerate(zip(twin, got)):
            if t.tobytes() != g.tobytes():
                bad.append("case %d output %d: twin != %s" % (case, k, what))


def argmax(bad):
    kernel = os.path.join(SRC, "examples/argmax.mlir")
    for case in range(CASES):
        n = int(rng.integers(1, 4097))
        padded = (n + 63) // 64 * 64
        # Few distinct values: ties across lanes and registers; some NaNs.
        k = 3 if case % 2 else 50
        x = rng.integers(-k, k, padded).astype(np.float32)
        x[rng.random(padded) < 0.05] = np.nan
        x[0] = 0.0 if np.isnan(x[:n]).all() else x[0]
        x.tofile(path("x.bin"))
        trace.twin([TWIN, n, path("x.bin"), path("val.bin"), path("idx.bin")])
        twin = [np.fromfile(path("val.bin"), np.float32), np.fromfile(path("idx.bin"), np.int32)]
        trace.replay("case %d" % case, [(0, "val_local", twin[0]), (0, "idx_local", twin[1])], bad)
        paths = ascreg(kernel, [x, np.zeros(64, np.float32), np.zeros(64, np.int32), "i32:%d" % n],
                       [1, 2])
        val, idx = np.zeros(64, np.float32), np.zeros(64, np.int32)
        val[0], idx[0] = np.nanmax(x[:n]), np.nanargmax(x[:n])
        compare(case, twin, paths, [val, idx], bad)


def pairwise_sum(bad):
    kernel = os.path.join(SRC, "examples/regapi/pairwise_sum.mlir")
    for case in range(CASES):
        blocks = int(rng.integers(1, 9))
        src = (rng.standard_normal(blocks * 512) * 1000).astype(np.float32)
        src.tofile(path("src.bin"))
        trace.twin([TWIN, blocks, path("src.bin"), path("dst.bin")])
        twin = [np.fromfile(path("dst.bin"), np.float32)]
        trace.replay("case %d" % case, [(0, "dst_local", twin[0][:blocks * 8])], bad)
        paths = ascreg(kernel, [np.zeros(blocks * 8, np.float32), src, "index:%d" % blocks], [0])
        g = []
        for b in range(blocks):
            r = src[b * 512:(b + 1) * 512].reshape(8, 64)  # float32 adds round per step
            t = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
            for _ in range(3):
                t = t[0::2] + t[1::2]
            g.append(t)
        compare(case, twin, paths, [np.concatenate(g)], bad)


def lut_gather(bad):
    kernel = os.path.join(SRC, "examples/regapi/lut_gather.mlir")
    for case in range(CASES):
        count = int(rng.integers(1, 1025))
        padded = (count + 127) // 128 * 128
        table = rng.integers(0, 2**16, 128).astype(np.uint16)  # bf16 bits
        codes = rng.integers(0, 2**16, padded).astype(np.uint16)
        dst = rng.integers(0, 2**16, padded).astype(np.uint16)
        for a, f in ((table, "table"), (codes, "codes"), (dst, "dst")):
            a.tofile(path(f + ".bin"))
        trace.twin([TWIN, count, path("table.bin"), path("codes.bin"), path("dst.bin"),
                    path("out.bin")])
        twin = [np.fromfile(path("out.bin"), np.uint16)]
        trace.replay("case %d" % case, [(0, "dst_local", twin[0])], bad)
        paths = ascreg(kernel, [dst, table, codes, "i32:%d" % count], [0])
        g = dst.copy()
        g[:count] = table[codes[:count] % 128]
        compare(case, twin, paths, [g], bad)


def bit_field(bad):
    kernel = os.path.join(SRC, "examples/regapi/bit_field.mlir")
    for case in range(CASES):
        count = int(rng.integers(1, 513))
        padded = (count + 63) // 64 * 64
        scale = int(rng.choice([0, 1, 4, 31, 32, 33, int(rng.integers(0, 40))]))
        src = rng.integers(-2**31, 2**31, padded, dtype=np.int64).astype(np.int32)
        src[rng.random(padded) < 0.1] = np.iinfo(np.int32).min
        amounts = rng.choice([0, 1, 31, 32, 33, 40, 5, 17], padded).astype(np.int32)
        dst = rng.integers(-2**31, 2**31, padded, dtype=np.int64).astype(np.int32)
        for a, f in ((src, "src"), (amounts, "amounts"), (dst, "dst")):
            a.tofile(path(f + ".bin"))
        trace.twin([TWIN, count, scale, path("src.bin"), path("amounts.bin"), path("dst.bin"),
                    path("out.bin")])
        twin = [np.fromfile(path("out.bin"), np.int32)]
        trace.replay("case %d" % case, [(0, "dst_local", twin[0])], bad)
        paths = ascreg(kernel, [dst, src, amounts, "i16:%d" % scale, "i32:%d" % count], [0])
        # numpy, in int64: the arithmetic right shift saturates at 31 (the sign
        # fill); the left shift keeps the low 32 bits (docs/semantics.md 2.27), 32 and
        # more give 0.
        x, k = src[:count].astype(np.int64), amounts[:count].astype(np.int64)
        r = x >> np.minimum(k, 31)
        field = 0 if scale >= 32 else r << scale
        g = dst.copy()
        g[:count] = ((np.zeros(count, np.int64) + field) & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
        compare(case, twin, paths, [g], bad)


def files(**arrays):
    """Writes each array to NAME.bin; returns the paths."""
    for name, a in arrays.items():
        a.tofile(path(name + ".bin"))
    return [path(name + ".bin") for name in arrays]


# The examples of test/Inputs/example_cases.py: (the twin driver's
# arguments, the __ubuf__ array its output is copied from, the output's
# element type and count) of a case. Buffers are written only as far as the
# driver reads them (n rounded up to a register).
DRIVERS = {
    "sum_of_squares": lambda c: (
        [c.inputs["n"]] + files(x=c.inputs["x"][:padded(c.inputs["n"])], out_in=c.inputs["out"]),
        "out_local", np.float32, 8),
    "histogram_total": lambda c: (
        [c.inputs["n"]] + files(counts=c.inputs["counts"][:padded(c.inputs["n"])],
                                out_in=c.inputs["out"]),
        "out_local", np.int32, 8),
    "absmax_quant": lambda c: (
        [c.inputs["n"]] + files(x=c.inputs["x"][:padded(c.inputs["n"])]), "scale_local",
        np.float32, 64),
    "binary_search": lambda c: (
        [c.inputs["n"], c.inputs["bounds"].size, c.inputs["steps"]] +
        files(x=c.inputs["x"][:padded(c.inputs["n"])], bounds=c.inputs["bounds"],
              out_in=c.inputs["out"][:padded(c.inputs["n"])]),
        "out_local", np.int32, padded(c.inputs["n"])),
}


def from_cases(bad):
    """An example of example_cases.py: the twin (OUT.bin, the driver's last
    argument), its trace replay, the MLIR kernel's paths and numpy."""
    for case in range(CASES):
        c = EXAMPLES[NAME](rng, case)
        args, ub_name, dtype, count = DRIVERS[NAME](c)
        trace.twin([TWIN] + args + [path("out.bin")])
        twin = [np.fromfile(path("out.bin"), dtype)]
        trace.replay("case %d" % case, [(0, ub_name, twin[0])], bad)
        # A buffer padded to a whole register for ascreg-run: the part the
        # twin's driver writes.
        paths = [[o[:count] for o in r] for r in ascreg(os.path.join(SRC, c.kernel), c.args, c.outs)]
        compare(case, twin, paths, [g[:count] for g in c.golden], bad)


bad = []
{"argmax": argmax, "pairwise_sum": pairwise_sum, "lut_gather": lut_gather,
 "bit_field": bit_field}.get(NAME, from_cases)(bad)
print("%s: %d cases x 3 paths, %d trace replays, %d mismatches" %
      (NAME, CASES, trace.replays, len(bad)))
for b in bad[:10]:
    print("  " + b)
sys.exit(1 if bad else 0)
