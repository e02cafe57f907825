"""ascreg.testing: the strategies generate the edge classes, assert_paths_agree
passes on a correct kernel and on failing runs, and a planted bug (argmax whose
tie-break picks the LAST index) is caught and shrunk to a minimal counterexample.
"""
import math
import os

import numpy as np
import pytest
from hypothesis import find, given, settings, strategies as st

import ascreg
from ascreg.testing import (PathMismatch, assert_paths_agree, element_bits, elements, indices,
                            masks, mask_register, registers, tail_counts, describe_bits)
from conftest import CONFORMANCE, EXAMPLES

ARGMAX = os.path.join(EXAMPLES, "argmax.mlir")
GATHER_F32 = os.path.join(CONFORMANCE, "gather_f32_f32_u32.mlir")


# --------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------
def _f16(b):
    return np.array(b, dtype=np.uint16).view(np.float16)[()]


def test_float_edge_classes_are_generated():
    # Each class is reachable (find returns the simplest example of it).
    snan = find(element_bits("f16"), lambda b: (b & 0x7C00) == 0x7C00 and b & 0x3FF
                and not b & 0x200)
    assert math.isnan(_f16(snan)) and not snan & 0x200            # signalling NaN
    assert find(element_bits("f16"), lambda b: b == 0x8000) == 0x8000          # -0
    sub = find(element_bits("f32"), lambda b: 0 < (b & 0x7FFFFFFF) < 0x800000)
    assert 0 < (sub & 0x7FFFFFFF) < 0x800000                       # subnormal
    assert find(element_bits("f32"), lambda b: b == 0xFF800000) == 0xFF800000  # -inf
    neg_nan = find(element_bits("bf16"), lambda b: (b & 0xFF80) == 0xFF80 and b & 0x7F)
    assert neg_nan & 0x8000 and neg_nan & 0x7F                     # NaN, sign set
    assert find(element_bits("f16"), lambda b: b == 0x7BFF) == 0x7BFF          # max finite
    # Shrinks towards +0.
    assert find(element_bits("f32"), lambda b: True) == 0


def test_integer_edge_classes_are_generated():
    for tok, lo, hi in (("i8", 0x80, 0x7F), ("i32", 0x80000000, 0x7FFFFFFF),
                        ("u16", 0, 0xFFFF), ("i64", 1 << 63, (1 << 63) - 1)):
        assert find(element_bits(tok), lambda b, lo=lo: b == lo) == lo
        assert find(element_bits(tok), lambda b, hi=hi: b == hi) == hi
    v = find(elements("i16"), lambda x: x == -1)
    assert v.dtype == np.int16 and v == -1


@given(registers("f16", st.integers(1, 3), ties=True))
def test_registers_have_whole_registers_and_ties(x):
    assert x.dtype == np.float16 and x.size % 128 == 0
    bits = x.view(np.uint16)
    assert len(set(bits.tolist())) <= 3                            # drawn from a pool


@given(tail_counts("f32", registers=2))
def test_tail_counts_are_u32(n):
    assert 0 <= n <= 0xFFFFFFFF


def test_tail_counts_reach_the_edges():
    for want in (0, 63, 64, 65, 128, 129, 0xFFFFFFFF):
        assert find(tail_counts("f32", registers=2), lambda n, w=want: n == w) == want


@given(masks("i16", min_active=1))
def test_masks(m):
    assert m.dtype == np.bool_ and m.size == 128 and m.sum() >= 1
    reg = mask_register(m, "i16")
    assert reg.dtype == np.int16 and ((reg != 0) == m).all()


@given(indices("u32", 64, 10, in_range=False))
def test_out_of_range_indices_have_one(idx):
    assert idx.dtype == np.uint32 and idx.size == 64 and (idx >= 10).any()


@given(indices("u64", 32, 10, in_range=False, outside_ub=True))
def test_outside_ub_indices(idx):
    assert ((idx < 10) | (idx >= ascreg.UB_CAPACITY)).all() and (idx >= 10).any()


def test_outside_ub_needs_wide_indices():
    with pytest.raises(ValueError, match="u16 indices cannot reach outside"):
        indices("u16", 128, 10, in_range=False, outside_ub=True)


@given(indices("u16", 128, 300))
def test_in_range_indices(idx):
    assert idx.dtype == np.uint16 and (idx < 300).all()


def test_describe_bits():
    assert describe_bits("f32", 0x3F800000) == "0x3f800000 (1.0)"
    assert describe_bits("bf16", 0xC020) == "0xc020 (-2.5)"
    assert describe_bits("i8", 0xFF) == "0xff (-1)"
    assert describe_bits("f16", 0x7E01) == "0x7e01 (nan)"


# --------------------------------------------------------------------------------------
# The argmax example against its golden model
# --------------------------------------------------------------------------------------
def golden_argmax(x, n):
    """examples/argmax.mlir's contract, in plain Python over the first n elements:
    NaNs are skipped; the index is the first position of the maximum (IEEE
    comparison, so -0 == +0); a maximum of -inf, or no non-NaN element, gives
    index 0 (the running maximum starts at -inf and must be exceeded)."""
    best, at = -math.inf, 0
    for i, v in enumerate(x[:n].tolist()):
        if v > best:                                  # False for NaN
            best, at = v, i
    return best, at


def argmax_inputs():
    """(x, n): 1-3 registers of f32 edge-class values (often from a pool of 1-3
    values: ties), and a tail count within the data."""
    return registers("f32", st.integers(1, 3)).flatmap(
        lambda x: st.tuples(st.just(x), st.one_of(
            st.integers(0, x.size),
            st.sampled_from(sorted({0, 1, 2, 63, 64, 65, x.size} & set(range(x.size + 1)))))))


def check_argmax(kernel, x, n):
    val = np.full(64, 5.0, dtype=np.float32)
    idx = np.full(64, -1, dtype=np.int32)

    def expected(x, val, idx, n):
        best, at = golden_argmax(x, n)
        out = idx.copy()
        out[0] = at
        return {2: out}
    results = assert_paths_agree(kernel, x, val, idx, n, expected=expected)
    best, _ = golden_argmax(x, n)
    got = results["interp"][1][0]
    assert got == best, "value %r, golden %r" % (got, best)   # IEEE: -0 == +0


@given(argmax_inputs())
@settings(max_examples=40)
def test_argmax_agrees_with_golden(case):
    check_argmax(_argmax_kernel(), *case)


_KERNELS = {}


def _argmax_kernel():
    if "argmax" not in _KERNELS:
        _KERNELS["argmax"] = ascreg.load(ARGMAX)
    return _KERNELS["argmax"]


# --------------------------------------------------------------------------------------
# The planted bug: ties pick the last index
# --------------------------------------------------------------------------------------
def buggy_argmax_source():
    """argmax.mlir with the tie-break reversed: a later register wins on equal
    values (compare <ge>) and the largest lane index wins (reduce <max>)."""
    with open(ARGMAX) as f:
        text = f.read()
    bug = text.replace("ascreg.compare <gt> %v, %b", "ascreg.compare <ge> %v, %b") \
              .replace("ascreg.reduce <min> %bidx", "ascreg.reduce <max> %bidx")
    assert bug.count("<ge>") == 1 and "reduce <max> %bidx" in bug
    return bug


def test_planted_tie_break_bug_is_caught_and_shrunk():
    buggy = ascreg.loads(buggy_argmax_source(), name="argmax_last_index.mlir")
    failing = []

    @given(argmax_inputs())
    @settings(max_examples=300)
    def prop(case):
        x, n = case
        try:
            check_argmax(buggy, x, n)
        except PathMismatch:
            failing.append((x.copy(), n))
            raise

    with pytest.raises(PathMismatch) as e:
        prop()
    # Hypothesis re-runs the minimal example last: that is the error raised.
    x, n = failing[-1]
    active = x[:n]
    print("\nplanted bug (argmax: ties pick the last index), shrunk counterexample:")
    print("  n = %d active lane(s), x[:n] = %s (the rest of the %d-element buffer is %s)"
          % (n, active.tolist(), x.size, "0.0" if not x[n:].any() else "non-zero"))
    print("  " + str(e.value).replace("\n", "\n  "))
    assert n <= 2, "not shrunk: %d active lanes" % n
    assert n == 2 and active[0] == active[1]            # the smallest tie
    diff = e.value.diffs[0]
    assert diff[:4] == (2, 0, 0, 0)                      # %idx, element 0 = register 0 lane 0
    assert diff[4]["expected"] == 0
    assert diff[4]["interp"] == diff[4]["jit"] == diff[4]["dav"] == 1


# --------------------------------------------------------------------------------------
# Failing runs on every path
# --------------------------------------------------------------------------------------
@given(indices("u32", 64, 10, in_range=False, outside_ub=True))
@settings(max_examples=15)
def test_out_of_range_gather_fails_on_every_path(idx):
    k = _gather_kernel()
    base = np.arange(10, dtype=np.float32)
    dst = np.full(64, 42.0, dtype=np.float32)
    results = assert_paths_agree(k, base, idx, dst, 64, 1, expected=ascreg.RunError)
    assert all(isinstance(r, ascreg.RunError) for r in results.values())
    assert all(r.line == 14 for r in results.values())
    assert (dst == 42.0).all()                           # the caller's arrays: copies ran


def _gather_kernel():
    if "gather" not in _KERNELS:
        _KERNELS["gather"] = ascreg.load(GATHER_F32)
    return _KERNELS["gather"]


def test_assert_paths_agree_reports_lanes():
    k = _argmax_kernel()
    x = np.zeros(64, dtype=np.float32)
    x[3] = 1.0
    val = np.zeros(64, dtype=np.float32)
    idx = np.zeros(64, dtype=np.int32)
    wrong = idx.copy()
    wrong[0] = 7
    with pytest.raises(PathMismatch) as e:
        assert_paths_agree(k, x, val, idx, 64, expected={2: wrong})
    msg = str(e.value)
    assert "argument 2 (%idx: memref<64xi32>) element 0 = register 0 lane 0" in msg
    assert "expected 0x00000007 (7)" in msg and "interp 0x00000003 (3)" in msg
    assert (idx == 0).all()                               # ran on copies
