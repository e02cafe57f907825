"""ascreg.load of a Reg API C++ file (docs/import.md): imported, then run like
an MLIR kernel."""
import os

import numpy as np
import pytest

import ascreg

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEED001 = os.path.join(ROOT, "examples", "regapi", "seeds", "pair_reduce_sum.asc")
COPY = os.path.join(ROOT, "test", "Import", "Inputs", "copy_tail.cpp")


def test_load_cxx_function():
    k = ascreg.load(SEED001, function="compute")
    src = (np.random.default_rng(29).standard_normal(64) * 100).astype(np.float32)
    dst = np.zeros(64, np.float32)
    k(dst, src)
    golden = np.zeros(64, np.float32)
    golden[:32] = src[0::2] + src[1::2]  # one f32 rounding per pair, as numpy's
    assert dst.tobytes() == golden.tobytes()


def test_load_cxx_defines_reach_the_importer():
    # The planted short tail (-DPLANT_SHORT_TAIL) drops the partial register.
    src = np.arange(128, dtype=np.float32)
    good, bad = np.zeros(100, np.float32), np.zeros(100, np.float32)
    ascreg.load(COPY)(good, src, 100)
    ascreg.load(COPY, defines=["PLANT_SHORT_TAIL"])(bad, src, 100)
    assert (good == src[:100]).all()
    assert (bad[:64] == src[:64]).all() and not bad[64:].any()


def test_load_cxx_error_is_located():
    with pytest.raises(ascreg.ParseError) as e:
        ascreg.load(os.path.join(ROOT, "examples", "regapi", "seeds", "gather.asc"),
                    function="NoSuchFunction")
    assert "NoSuchFunction" in str(e.value)
