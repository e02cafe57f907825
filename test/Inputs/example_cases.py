"""Random cases and numpy goldens of the example kernels that use the ops
around reduce and gather (issue 27): examples/sum_of_squares.mlir,
examples/absmax_quant.mlir, examples/binary_search.mlir and
examples/regapi/histogram_total.mlir. Shared by
test/Inputs/example_paths.py
(the MLIR kernels on every path) and test/RegAPI/Inputs/example_check.py
(their vendor-style C++ in examples/regapi on the host twin).

Each golden is computed from the example's description with numpy (f32
operations round to nearest even, as the ops do), never by the code under
test. The inputs avoid what the description leaves to a semantic profile
(subnormal results, NaN payloads of arithmetic); the padding past n holds
NaNs and huge values, so a missing mask shows.
"""
import numpy as np

VL32 = 64  # lanes of a 32-bit register


class Case:
    """One run: the MLIR kernel, its ascreg-run arguments (arrays become .npy
    files, strings are --arg values), the parameter indices of its outputs,
    their golden arrays, and the named inputs a twin driver needs."""

    def __init__(self, kernel, args, outs, golden, **inputs):
        self.kernel, self.args, self.outs, self.golden = kernel, args, outs, golden
        self.inputs = inputs


def padded(n):
    return (n + VL32 - 1) // VL32 * VL32


def element_count(rng, case):
    """n: 0, a whole number of registers, or random up to 64 registers."""
    if case == 0:
        return 0
    if case == 1:
        return VL32 * int(rng.integers(1, 9))
    return int(rng.integers(1, 64 * VL32 + 1))


def values(rng, size):
    """f32 values of mixed magnitudes (no subnormal square), with exact
    zeros of both signs."""
    x = rng.standard_normal(size) * 10.0 ** rng.uniform(-3, 3, size)
    x[rng.random(size) < 0.05] = 0.0
    x[rng.random(size) < 0.05] = -0.0
    return x.astype(np.float32)


def poison_tail(x, n):
    """NaNs and huge values past element n (padding an unmasked op would use)."""
    tail = x[n:]
    tail[:] = 3.0e38
    tail[::3] = np.nan


def reduce_sum_tree(v):
    """reduce <sum> of an f32 register: adjacent pairs first, every node rounded."""
    while v.size > 1:
        v = v[0::2] + v[1::2]
    return v[0]


def sum_of_squares(rng, case):
    n = element_count(rng, case)
    x = values(rng, max(padded(n), VL32))
    if case == 2:
        x[: n // 2] = 1.0e20  # squares overflow to +inf
    poison_tail(x, n)
    out = rng.standard_normal(8).astype(np.float32)
    acc = np.zeros(VL32, np.float32)
    for r in range(padded(n) // VL32):
        with np.errstate(over="ignore", invalid="ignore"):
            sq = x[r * VL32:(r + 1) * VL32] * x[r * VL32:(r + 1) * VL32]
        sq[max(0, n - r * VL32):] = 0  # lanes past n are inactive: zero
        acc = acc + sq
    golden = out.copy()
    golden[0] = reduce_sum_tree(acc)
    return Case("examples/sum_of_squares.mlir", [out, x, "i32:%d" % n], [0], [golden],
                n=n, x=x, out=out)


INV127 = np.float32(1 / 127)


def absmax_quant(rng, case):
    n = element_count(rng, case)
    x = values(rng, max(padded(n), VL32))
    if case == 3 and n:
        x[n - 1] = -np.inf
    poison_tail(x, n)
    amax = np.abs(x[:n]).max() if n else np.float32(0)
    golden = np.full(VL32, np.float32(amax) * INV127, np.float32)
    scale = rng.standard_normal(VL32).astype(np.float32)
    return Case("examples/absmax_quant.mlir", [scale, x, "i32:%d" % n], [0], [golden],
                n=n, x=x, scale=scale)


def binary_search(rng, case):
    """Bucketize: out[i] = the number of bounds below x[i] (numpy's
    searchsorted(bounds, x, 'left') for sorted bounds; 0 for a NaN)."""
    n = element_count(rng, case)
    nb = 1 if case == 1 else int(rng.integers(1, 1025))
    # Few distinct bounds: duplicates and values equal to a bound.
    bounds = np.sort(rng.integers(-40, 40, nb).astype(np.float32) * np.float32(0.5))
    bounds[bounds == 0] = rng.choice(np.array([0.0, -0.0], np.float32))
    x = rng.integers(-45, 45, max(padded(n), VL32)).astype(np.float32) * np.float32(0.5)
    special = rng.random(x.size)
    x[special < 0.03] = np.nan
    x[(special >= 0.03) & (special < 0.06)] = np.inf
    x[(special >= 0.06) & (special < 0.09)] = -np.inf
    x[(special >= 0.09) & (special < 0.12)] = -0.0
    poison_tail(x, n)
    steps = nb.bit_length()  # halvings until every lane's interval is empty
    out = rng.integers(-(2**31), 2**31, x.size).astype(np.int32)
    golden = out.copy()
    golden[:n] = (bounds[None, :] < x[:n, None]).sum(axis=1)
    return Case("examples/binary_search.mlir",
                [out, x, bounds, "i32:%d" % n, "i32:%d" % nb, "index:%d" % steps], [0],
                [golden], n=n, x=x, bounds=bounds, out=out, steps=steps)


def histogram_total(rng, case):
    """The u32 total of n histogram counts (wrapping), in element 1 of out."""
    n = element_count(rng, case)
    counts = rng.integers(0, 2**32, max(padded(n), VL32), dtype=np.uint64).astype(np.uint32)
    if case % 2:
        counts[:] = rng.integers(0, 1000, counts.size).astype(np.uint32)
    counts[n:] = 0xDEADBEEF
    out = rng.integers(0, 2**32, 8, dtype=np.uint64).astype(np.uint32)
    golden = out.copy()
    golden[1] = np.uint32(int(counts[:n].astype(np.uint64).sum()) % 2**32)
    # The kernel's memrefs are signless i32 (read as u32 lanes).
    return Case("examples/regapi/histogram_total.mlir",
                [out.view(np.int32), counts.view(np.int32), "i32:%d" % n], [0],
                [golden.view(np.int32)], n=n, counts=counts, out=out)


EXAMPLES = {f.__name__: f for f in (sum_of_squares, absmax_quant, binary_search, histogram_total)}
