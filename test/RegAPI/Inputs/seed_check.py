"""The seeds' Reg API code on the host twin vs ascreg-run vs numpy.

seed_check.py SEED TWIN_BINARY ASCREG_RUN SRC_ROOT WORKDIR [CASES]

Runs the seed's twin driver (examples/regapi/seeds/*.asc, built with
ascreg-cc) and the seed's MLIR kernel (examples/seeds/*.mlir, ascreg-run) on
the same random inputs, and computes the expected output with numpy from the
documentation's description of the op (not from either implementation).
Prints one line per seed function with the case count and the mismatches;
exits 1 on any mismatch.
"""
import os
import subprocess
import sys

import numpy as np

SEED, TWIN, RUN, SRC, WORK = sys.argv[1:6]
CASES = int(sys.argv[6]) if len(sys.argv) > 6 else 20
rng = np.random.default_rng(28)
os.makedirs(WORK, exist_ok=True)


def path(name):
    return os.path.join(WORK, name)


def twin(*args):
    subprocess.run([TWIN] + [str(a) for a in args], check=True)


def ascreg(kernel, args, out_index, out_name):
    spec = []
    for a in args:
        if isinstance(a, np.ndarray):
            name = path("arg%d.npy" % len(spec))
            np.save(name, a)
            spec.append("--arg=" + name)
        else:
            spec.append("--arg=" + a)
    out = path(out_name)
    subprocess.run([RUN, os.path.join(SRC, "examples/seeds", kernel)] + spec +
                   ["--out=%d:%s" % (out_index, out)], check=True)
    return np.load(out)


def report(name, mismatches, cases):
    print("%s: %d cases, %d mismatches" % (name, cases, len(mismatches)))
    for m in mismatches[:5]:
        print("  " + m)
    return len(mismatches)


def same_bits(a, b):
    return a.tobytes() == b.tobytes()


def check(label, case, twin_out, run_out, golden, mismatches):
    for other, what in ((run_out, "ascreg-run"), (golden, "numpy")):
        if not same_bits(twin_out, other):
            diff = np.flatnonzero(twin_out.view(np.uint8) != other.view(np.uint8))
            mismatches.append("%s case %d: twin != %s at byte %d" % (label, case, what, diff[0]))


def active(n, vl):
    return min(n, vl)


def seed000():
    bad = 0
    # 归约求和: i16 -> i32, mask on the source type, stored with it.
    mism = []
    for case in range(CASES):
        reps = int(rng.integers(1, 9))
        count = int(rng.integers(0, reps * 128 + 40))
        src = rng.integers(-32768, 32768, 8 * 128).astype(np.int16)
        dst = rng.integers(-2**31, 2**31, 8 * 64).astype(np.int32)
        src.tofile(path("src.bin"))
        dst.tofile(path("dst.bin"))
        twin("sum", count, 128, 64, reps, path("src.bin"), path("dst.bin"), path("out.bin"))
        t = np.fromfile(path("out.bin"), np.int32)
        r = ascreg("reduce_sum_loop.mlir", [dst, src, "i32:%d" % count, "index:128", "index:64",
                                            "index:%d" % reps], 0, "out.npy")
        g = dst.copy()
        n = count
        for i in range(reps):
            k = active(n, 128)
            s = np.int32(src[i * 128:i * 128 + k].astype(np.int64).sum() & 0xFFFFFFFF)
            res = np.zeros(64, np.int32)
            res[0] = s
            # The i16 mask on i32 lanes: lane j is active iff bit 4j (lane 2j of i16) is.
            for j in range(64):
                if 2 * j < k:
                    g[i * 64 + j] = res[j]
            n = n - 128 if n >= 128 else 0
        check("sum", case, t, r, g, mism)
    bad += report("seed 000 ReduceVF<int32_t, int16_t> (sum)", mism, CASES)

    # 归约求最大值: f16, value and first index.
    mism = []
    for case in range(CASES):
        reps = int(rng.integers(1, 9))
        count = int(rng.integers(1, reps * 128 + 40))
        src = (rng.standard_normal(8 * 128) * 100).astype(np.float16)
        dst = rng.standard_normal(8 * 128).astype(np.float16)
        src.tofile(path("src.bin"))
        dst.tofile(path("dst.bin"))
        twin("max", count, 128, reps, path("src.bin"), path("dst.bin"), path("out.bin"))
        t = np.fromfile(path("out.bin"), np.float16)
        r = ascreg("reduce_max_loop.mlir", [dst, src, "i32:%d" % count, "index:128",
                                            "index:%d" % reps], 0, "out.npy")
        g = dst.copy()
        n = count
        for i in range(reps):
            k = active(n, 128)
            if k:
                seg = src[i * 128:i * 128 + k].astype(np.float32)
                res = np.zeros(128, np.float16)
                res[0] = seg.max()
                res[1] = np.uint16(int(np.argmax(seg))).view(np.float16)
                g[i * 128:i * 128 + k] = res[:k]
            n = n - 128 if n >= 128 else 0
        check("max", case, t, r, g, mism)
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
        check("index", case, t, t, g, mism)
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
                                "index:%d" % reps], 0, "out.npy")
            g = dst.copy()
            n = count
            for i in range(reps):
                k = active(n, 128)
                for j in range(k):
                    if mode == "ub":
                        g[i * 128 + j] = src0[src1[i * 128 + j]]
                    else:
                        g[i * 128 + j] = src0[i * 128 + src1[j] % 128]
                n = n - 128 if n >= 128 else 0
            check(mode, case, t, r, g, mism)
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
        r = ascreg("pair_reduce_sum.mlir", [np.zeros(64, np.float32), src], 0, "out.npy")
        g = np.zeros(64, np.float32)
        g[:32] = src[0::2] + src[1::2]  # each f32 addition rounds once, as numpy's
        check("pair", case, t, r, g, mism)
    return report("seed 001 asc_pair_reduce_sum", mism, CASES)


sys.exit(1 if {"000": seed000, "001": seed001, "003": seed003}[SEED]() else 0)
