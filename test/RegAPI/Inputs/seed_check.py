"""The seeds' Reg API code on the host twin vs ascreg-run vs numpy.

seed_check.py SEED TWIN_BINARY ASCREG_RUN SRC_ROOT WORKDIR [CASES]

Runs the seed's twin driver (examples/regapi/seeds/*.asc, built with
ascreg-cc) and the seed's MLIR kernel (examples/seeds/*.mlir, ascreg-run) on
the same random inputs, and computes the expected output with numpy from the
documentation's description of the op (not from either implementation).
The twin runs traced (ASCREG_TRACE), and the replay of each trace must
give the twin's outputs (twin_check.Trace). Prints one line per seed
function with the case count and the mismatches, then the replay count;
exits 1 on any mismatch.
"""
import os
import sys

import numpy as np

from twin_check import first_difference, from_argv, report, same_bits

SEED, TWIN, SRC, CASES, rng, work, trace = from_argv(20, 28)
path = work.path


def twin(*args):
    trace.twin([TWIN] + list(args))


def ascreg(kernel, args, out_index):
    return work.ascreg(os.path.join(SRC, "examples/seeds", kernel), args, [out_index])[0]


def check(label, case, twin_out, run_out, golden, mismatches, gm_outputs):
    """The twin's output against ascreg-run, numpy and the replay of its trace
    (`gm_outputs`: the __ubuf__ arrays the output was copied from)."""
    for other, what in ((run_out, "ascreg-run"), (golden, "numpy")):
        if not same_bits(twin_out, other):
            mismatches.append("%s case %d: twin != %s at %s" %
                              (label, case, what, first_difference(twin_out, other)))
    trace.replay("%s case %d" % (label, case), [(0, n, a) for n, a in gm_outputs], mismatches)


def registers(count, reps, vl=128):
    """(register, active lanes) of a loop whose mask comes from UpdateMask's
    in-out count."""
    for i in range(reps):
        yield i, min(count, vl)
        count = count - vl if count >= vl else 0


def run_reduce(mode, kernel, src, dst, count, sizes, reps):
    """One case of a seed 000 loop: the twin's output and ascreg-run's."""
    src.tofile(path("src.bin"))
    dst.tofile(path("dst.bin"))
    twin(mode, count, *sizes, reps, path("src.bin"), path("dst.bin"), path("out.bin"))
    run = ascreg(kernel, [dst, src, "i32:%d" % count] + ["index:%d" % n for n in sizes + [reps]], 0)
    return np.fromfile(path("out.bin"), dst.dtype), run


def seed000():
    bad = 0
    # 归约求和: i16 -> i32, mask on the source type, stored with it.
    mism = []
    for case in range(CASES):
        reps = int(rng.integers(1, 9))
        count = int(rng.integers(0, reps * 128 + 40))
        src = rng.integers(-32768, 32768, 8 * 128).astype(np.int16)
        dst = rng.integers(-2**31, 2**31, 8 * 64).astype(np.int32)
        t, r = run_reduce("sum", "reduce_sum_loop.mlir", src, dst, count, [128, 64], reps)
        g = dst.copy()
        for i, k in registers(count, reps):
            s = np.int32(src[i * 128:i * 128 + k].astype(np.int64).sum() & 0xFFFFFFFF)
            res = np.zeros(64, np.int32)
            res[0] = s
            # The i16 mask on i32 lanes: lane j is active iff bit 4j (lane 2j of i16) is.
            for j in range(64):
                if 2 * j < k:
                    g[i * 64 + j] = res[j]
        check("sum", case, t, r, g, mism, [("dst_local", t)])
    bad += report("seed 000 ReduceVF<int32_t, int16_t> (sum)", mism, CASES)

    # 归约求最大值: f16, value and first index.
    mism = []
    for case in range(CASES):
        reps = int(rng.integers(1, 9))
        count = int(rng.integers(1, reps * 128 + 40))
        src = (rng.standard_normal(8 * 128) * 100).astype(np.float16)
        dst = rng.standard_normal(8 * 128).astype(np.float16)
        t, r = run_reduce("max", "reduce_max_loop.mlir", src, dst, count, [128], reps)
        g = dst.copy()
        for i, k in registers(count, reps):
            if k:
                seg = src[i * 128:i * 128 + k].astype(np.float32)
                res = np.zeros(128, np.float16)
                res[0] = seg.max()
                res[1] = np.uint16(int(np.argmax(seg))).view(np.float16)
                g[i * 128:i * 128 + k] = res[:k]
        check("max", case, t, r, g, mism, [("dst_local", t)])
    bad += report("seed 000 ReduceVF<half> (max)", mism, CASES)

    # The first-index example and the VL2 / VL1 extraction forms.
    mism = []
    for case in range(CASES):
        count = int(rng.integers(1, 129))
        src = (rng.standard_normal(128) * 100).astype(np.float16)
        src.tofile(path("src.bin"))
        twin("index", count, path("src.bin"), path("out.bin"))
        t = np.fromfile(path("out.bin"), np.float16)
        seg = src[:count].astype(np.float32)
        g = np.zeros(385, np.float16)
        idx = np.uint16(int(np.argmax(seg))).view(np.float16)
        # The UB array starts zeroed; the store writes lanes < count.
        g[0] = seg.max()
        if count > 1:
            g[1] = idx
        else:
            idx = np.float16(0)
        full = src.astype(np.float32)
        g[128], g[129] = full.max(), np.uint16(int(np.argmax(full))).view(np.float16)
        g[256] = full.max()
        g[384] = idx
        check("index", case, t, t, g, mism, [("dst_local", t[:128]), ("vl2_local", t[128:256]),
                                             ("vl1_local", t[256:384])])
    bad += report("seed 000 ReduceVF(half) first index, VL2 / VL1 stores", mism, CASES)
    return bad


def seed003():
    bad = 0
    for mode, kernel in (("ub", "gather_ub_loop.mlir"), ("reg", "gather_reg_loop.mlir")):
        mism = []
        for case in range(CASES):
            reps = int(rng.integers(1, 9))
            count = int(rng.integers(0, reps * 128 + 40))
            src0 = rng.standard_normal(1024).astype(np.float16)
            src1 = rng.integers(0, 1024 if mode == "ub" else 65536, 1024).astype(np.uint16)
            dst = rng.standard_normal(1024).astype(np.float16)
            src0.tofile(path("src0.bin"))
            src1.tofile(path("src1.bin"))
            dst.tofile(path("dst.bin"))
            twin(mode, count, 128, reps, path("src0.bin"), path("src1.bin"), path("dst.bin"),
                 path("out.bin"))
            t = np.fromfile(path("out.bin"), np.float16)
            r = ascreg(kernel, [dst, src0, src1.view(np.int16), "i32:%d" % count, "index:128",
                                "index:%d" % reps], 0)
            g = dst.copy()
            for i, k in registers(count, reps):
                for j in range(k):
                    if mode == "ub":
                        g[i * 128 + j] = src0[src1[i * 128 + j]]
                    else:
                        g[i * 128 + j] = src0[i * 128 + src1[j] % 128]
            check(mode, case, t, r, g, mism, [("dst_local", t)])
        bad += report("seed 003 GatherVF (%s)" % mode, mism, CASES)
    return bad


def seed001():
    mism = []
    for case in range(CASES):
        src = (np.arange(64, dtype=np.float32) * 0.25 if case == 0 else
               (rng.standard_normal(64) * 1000).astype(np.float32))
        src.tofile(path("src.bin"))
        twin(path("src.bin"), path("out.bin"))
        t = np.fromfile(path("out.bin"), np.float32)
        r = ascreg("pair_reduce_sum.mlir", [np.zeros(64, np.float32), src], 0)
        g = np.zeros(64, np.float32)
        g[:32] = src[0::2] + src[1::2]  # each f32 addition rounds once, as numpy's
        check("pair", case, t, r, g, mism, [("dst_local", t)])
    return report("seed 001 asc_pair_reduce_sum", mism, CASES)


bad = {"000": seed000, "001": seed001, "003": seed003}[SEED]()
print("trace replays: %d" % trace.replays)
sys.exit(1 if bad else 0)
