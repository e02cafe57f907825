"""numpy golden test of examples/argmax.mlir, the masked argmax over n floats.

    PYTHONPATH=build/python /usr/bin/python3 -m pytest examples/python

The kernel returns the maximum of x[:n] in val[0] and the FIRST index of it in
idx[0], skipping NaNs like numpy.nanargmax. The golden model is numpy: the
maximum of the non-NaN elements and the first index that holds it (if every
element is NaN or -inf, or n == 0, the kernel's running maximum never rises
above its -inf start: value -inf, index 0).
"""
import os

import numpy as np
import pytest

import ascreg

KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "argmax.mlir")


def golden(x, n):
    a = x[:n]
    finite = a[~np.isnan(a)]
    if finite.size == 0 or finite.max() == -np.inf:
        return np.float32(-np.inf), 0
    best = finite.max()
    return best, int(np.flatnonzero(a == best)[0])        # first index (NaN != best)


@pytest.fixture(scope="module")
def argmax():
    return ascreg.load(KERNEL)


def cases():
    rng = np.random.default_rng(950)
    for n in (0, 1, 2, 63, 64, 65, 100, 1000):
        size = max(64, -(-n // 64) * 64)                  # whole registers
        x = rng.standard_normal(size).astype(np.float32)
        yield "random", x, n
        ties = rng.integers(0, 3, size).astype(np.float32)   # many equal maxima
        yield "ties", ties, n
        nans = x.copy()
        nans[rng.random(size) < 0.3] = np.nan
        yield "nans", nans, n


@pytest.mark.parametrize("mode", ["interp", "jit", "check"])
def test_argmax_matches_numpy(argmax, mode):
    for name, x, n in cases():
        val = np.zeros(64, dtype=np.float32)
        idx = np.zeros(64, dtype=np.int32)
        argmax(x, val, idx, n, mode=mode)                  # results land in val / idx
        best, at = golden(x, n)
        assert (val[0], idx[0]) == (best, at), (name, n)


def test_argmax_dav_path(argmax):
    dav = argmax.lower(ascreg.DAV_PIPELINE)                # the dav-3510 intrinsic path
    for name, x, n in cases():
        val = np.zeros(64, dtype=np.float32)
        idx = np.zeros(64, dtype=np.int32)
        dav(x, val, idx, n)
        assert (val[0], idx[0]) == golden(x, n), (name, n)
