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
(no --mode or --pass-pipeline given) also runs the JIT (--mode=check), the
dav-3510 lowering and the emitted Ascend C compiled on the host
(ascreg-translate --ascreg-to-ascendc on the C++ file, HostIntrinsics.h, the
semantics library $ASCREG_SEMANTICS_LIB) and fails unless all give the same
bytes; each host run is a line of emitted-runs.log in the work directory.

The imported module is cached per kernel in the directory of the first
--out file (the check's work directory). The check scripts start this once
per run, so it uses the standard library only: importing numpy took a third
of a second each time, a third of the acceptance test.
"""
import os
import re
import struct
import subprocess
import sys

SRC = os.path.normpath(os.path.join(os.path.dirname(__file__), "../../.."))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(SRC, "test", "Inputs"))
import npy_file  # noqa: E402

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
    "examples/regapi/bit_field.mlir": ("examples/regapi/bit_field.asc", "BitFieldVF", None),
    "examples/sum_of_squares.mlir": ("examples/regapi/sum_of_squares.asc", "SumOfSquaresVF", None),
    "examples/regapi/histogram_total.mlir": ("examples/regapi/histogram_total.asc", "HistogramTotalVF", None),
    "examples/absmax_quant.mlir": ("examples/regapi/absmax_quant.asc", "AbsmaxScaleVF", None),
    "examples/binary_search.mlir": ("examples/regapi/binary_search.asc", "BucketizeVF", None),
}


HOST_DRIVER = r"""
#include "ascreg/AscendC/HostIntrinsics.h"
#include "%(inc)s"
#include <cstdio>
#include <cstdlib>
#include <cstring>
// argv: per parameter, a raw buffer file (rewritten in place after the run)
// or a scalar's bits.
static char *buffer(const char *path, long &size) {
  FILE *f = std::fopen(path, "rb");
  std::fseek(f, 0, SEEK_END);
  size = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  char *p = static_cast<char *>(std::aligned_alloc(64, (size + 64 + 63) / 64 * 64));
  std::memset(p, 0, (size + 64 + 63) / 64 * 64);
  if (std::fread(p, 1, size, f) != size_t(size)) std::exit(2);
  std::fclose(f);
  return p;
}
template <class T> static T scalar(const char *s) {
  unsigned long long bits = std::strtoull(s, nullptr, 0);
  T v;
  std::memcpy(&v, &bits, sizeof v); // little-endian host
  return v;
}
int main(int, char **argv) {
%(prepare)s
  %(entry)s(%(call)s);
%(write)s
  return 0;
}
"""


def scalar_bits(spec):
    """The bits of a scalar argument `TYPE:VALUE` as ascreg-run binds it."""
    t, v = spec.split(":", 1)
    if t.startswith("i"):
        return int(v, 0) & ((1 << int(t[1:])) - 1)
    if t in ("f16", "f32"):
        # struct rounds to nearest even, as numpy's float16 / float32 do;
        # past the largest finite value numpy gives an infinity.
        fmt, ufmt = {"f16": ("<e", "<H"), "f32": ("<f", "<I")}[t]
        x = float(v)
        try:
            packed = struct.pack(fmt, x)
        except OverflowError:
            packed = struct.pack(fmt, float("inf") if x > 0 else float("-inf"))
        return struct.unpack(ufmt, packed)[0]
    sys.exit("run_imported.py: no host binding for the scalar " + spec)


def npy_data(path):
    """The element bytes of a .npy file (C order, as the check scripts write
    them)."""
    try:
        return npy_file.read(path)[1]
    except ValueError as e:
        sys.exit("run_imported.py: %s" % e)


def run_emitted(source, function, spec, out, work):
    """The emitted Ascend C of the C++ function, compiled on the host and run
    on the same arguments: the bytes of each --out buffer."""
    tag = re.sub(r"\W", "_", function)
    exe = os.path.join(work, "emitted-" + tag)
    inc = exe + ".inc"
    if not os.path.exists(exe):
        subprocess.run(["ascreg-translate", "--ascreg-to-ascendc", os.path.join(SRC, source),
                        "--function=" + function, "-o", inc], check=True)
        m = re.search(r"__aicore__ inline void (\w+)\((.*)\) \{", open(inc).read())
        params = m.group(2).split(", ")
        prepare, call, write = [], [], []
        for i, p in enumerate(params):
            ctype = p.rsplit(" ", 1)[0]
            if ctype.startswith("__ubuf__"):
                prepare.append("  long n%d; char *b%d = buffer(argv[%d], n%d);" % (i, i, i + 1, i))
                call.append("(%s)b%d" % (ctype, i))
                write.append("  { FILE *f = std::fopen(argv[%d], \"wb\"); std::fwrite(b%d, 1, n%d, f);"
                             " std::fclose(f); }" % (i + 1, i, i))
            else:
                call.append("scalar<%s>(argv[%d])" % (ctype, i + 1))
        with open(exe + ".cpp", "w") as f:
            f.write(HOST_DRIVER % dict(inc=inc, entry=m.group(1), call=", ".join(call),
                                       prepare="\n".join(prepare), write="\n".join(write)))
        subprocess.run([os.environ.get("CXX", "g++"), "-std=c++17", "-O1", "-w",
                        "-I" + os.path.join(SRC, "include/ascreg/AscendC/host"),
                        "-I" + os.path.join(SRC, "include"), exe + ".cpp",
                        os.environ["ASCREG_SEMANTICS_LIB"], "-lhwy", "-o", exe + ".tmp"],
                       check=True)
        os.replace(exe + ".tmp", exe)
    argv, files = [], {}
    for i, a in enumerate(spec):
        a = a[len("--arg="):]
        if a.endswith(".npy"):
            files[i] = os.path.join(work, "emitted-arg%d.bin" % i)
            with open(files[i], "wb") as f:
                f.write(npy_data(a))
            argv.append(files[i])
        else:
            argv.append(str(scalar_bits(a)))
    subprocess.run([exe] + argv, check=True)
    with open(os.path.join(work, "emitted-runs.log"), "a") as log:
        log.write(function + "\n")
    outputs = [int(o[len("--out="):].split(":", 1)[0]) for o in out]
    return {i: open(files[i], "rb").read() for i in outputs}


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
    for i, got in run_emitted(source, function, spec, out, work).items():
        want = [o for o in out if o.startswith("--out=%d:" % i)][0].split(":", 1)[1]
        if npy_data(want) != got:
            sys.exit("run_imported.py: %s: interp and emitted Ascend C outputs differ" % function)


main(sys.argv[1:])
