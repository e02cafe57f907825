#!/usr/bin/python3
"""ascreg-run on the IMPORTED C++ kernel in place of a hand-written one.

run_imported.py HAND_KERNEL.mlir [--arg=...]... [other ascreg-run flags]

A drop-in for ascreg-run in test/RegAPI/Inputs/{seed,example}_check.py: those
scripts run the twin build of a Reg API kernel, an ascreg kernel and a numpy
golden on the same random inputs and demand equal bits. Given one of the
hand-written kernels below, this runs ascreg-import on the C++ function the
hand-written kernel was written from, maps the arguments onto the C++
signature (parameter order; scalar types: `index:128` becomes `i16:128` for a
uint16_t parameter) and runs ascreg-run on the imported function. So the
same checks compare the twin, numpy and the imported kernel. A plain run
(no --mode or --pass-pipeline given) also runs the JIT (--mode=check) and
the dav-3510 lowering and fails unless all give the same bytes.

The imported module is cached per kernel in the directory of the first
--out file (the check's work directory).
"""
import os
import re
import subprocess
import sys

SRC = os.path.normpath(os.path.join(os.path.dirname(__file__), "../../.."))

# hand-written kernel -> (C++ source, function, C++ parameter i = hand parameter ORDER[i])
KERNELS = {
    "examples/seeds/reduce_sum_loop.mlir": ("examples/regapi/seeds/reduce.asc", "ReduceVF<int, short>", None),
    # The seed's third ReduceVF is __aicore__ (no __simd_vf__): named explicitly.
    "examples/seeds/reduce_max_loop.mlir": ("examples/regapi/seeds/reduce.asc", "ReduceVF<_Float16>", None),
    "examples/seeds/gather_ub_loop.mlir": ("examples/regapi/seeds/gather.asc", "from_ub::GatherVF", None),
    "examples/seeds/gather_reg_loop.mlir": ("examples/regapi/seeds/gather.asc", "from_reg::GatherVF", None),
    "examples/seeds/pair_reduce_sum.mlir": ("examples/regapi/seeds/pair_reduce_sum.asc", "compute", None),
    "examples/argmax.mlir": ("examples/regapi/argmax.asc", "ArgmaxVF", [1, 2, 0, 3]),
    "examples/regapi/pairwise_sum.mlir": ("examples/regapi/pairwise_sum.asc", "PairwiseSumVF", None),
    "examples/regapi/lut_gather.mlir": ("examples/regapi/lut_gather.asc", "LutGatherVF", None),
    "examples/sum_of_squares.mlir": ("examples/regapi/sum_of_squares.asc", "SumOfSquaresVF", None),
    "examples/regapi/histogram_total.mlir": ("examples/regapi/histogram_total.asc", "HistogramTotalVF", None),
    "examples/absmax_quant.mlir": ("examples/regapi/absmax_quant.asc", "AbsmaxScaleVF", None),
    "examples/binary_search.mlir": ("examples/regapi/binary_search.asc", "BucketizeVF", None),
}


def main(argv):
    hand = os.path.relpath(os.path.realpath(argv[0]), os.path.realpath(SRC))
    if hand not in KERNELS:
        # Not a hand-written kernel of the table (e.g. the twin's trace,
        # which the check scripts replay with the same runner): ascreg-run.
        sys.exit(subprocess.run(["ascreg-run"] + argv).returncode)
    source, function, order = KERNELS[hand]
    args = [a[len("--arg="):] for a in argv[1:] if a.startswith("--arg=")]
    outs = [a[len("--out="):] for a in argv[1:] if a.startswith("--out=")]
    rest = [a for a in argv[1:] if not a.startswith(("--arg=", "--out="))]
    work = os.path.dirname(outs[0].split(":", 1)[1]) if outs else "."
    order = order or list(range(len(args)))

    cache = os.path.join(work, "imported-" + re.sub(r"\W", "_", function) + ".mlir")
    if not os.path.exists(cache):
        subprocess.run(["ascreg-import", os.path.join(SRC, source), "--function=" + function,
                        "-o", cache], check=True)
    text = open(cache).read()
    m = re.search(r'func\.func @("[^"]*"|[\w.]+)\((.*)\)', text)
    symbol = m.group(1).strip('"')
    types = [t.split(": ", 1)[1] for t in re.split(r", (?=%arg)", m.group(2))]

    spec = []
    for i, t in enumerate(types):
        a = args[order[i]]
        if not a.endswith(".npy") and ":" in a:
            a = t + ":" + a.split(":", 1)[1]  # the C++ parameter's scalar type
        spec.append("--arg=" + a)
    inverse = {h: c for c, h in enumerate(order)}
    out = ["--out=%d:%s" % (inverse[int(o.split(":", 1)[0])], o.split(":", 1)[1]) for o in outs]
    run = ["ascreg-run", cache, "--entry=" + symbol] + spec
    r = subprocess.run(run + rest + out)
    if r.returncode or rest:
        sys.exit(r.returncode)
    # A plain run (seed_check.py's): the JIT (check mode compares it with
    # the interpreter) and the dav-3510 lowering must give the same bytes.
    for extra, tag in ((["--mode=check"], "check"),
                       (["--pass-pipeline=convert-ascreg-to-dav"], "dav")):
        other = [o.replace(".npy", "." + tag + ".npy") for o in out]
        subprocess.run(run + extra + other, check=True, stdout=subprocess.DEVNULL)
        for a, b in zip(out, other):
            fa, fb = a.split(":", 1)[1], b.split(":", 1)[1]
            if open(fa, "rb").read() != open(fb, "rb").read():
                sys.exit("run_imported.py: %s: interp and %s outputs differ" % (function, tag))


main(sys.argv[1:])
