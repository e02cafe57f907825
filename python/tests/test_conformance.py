"""The conformance kernels (examples/conformance) through the Python API, on every
path, against the project's independent golden model.

Cases and expected outputs come from test/Inputs/conformance.py (make_case: edge-
class inputs) and test/Inputs/golden.py (the pure-Python model of the semantics
contract), the same generator and model the lit suite runs through ascreg-run.
Each kernel runs in mode="interp", mode="jit", mode="check" and after the
dav-3510 lowering; the first cases of every kernel also go through
ascreg.testing.assert_paths_agree with the golden outputs.
"""
import glob
import os
import random

import numpy as np
import pytest

import ascreg
from ascreg.testing import assert_paths_agree
from conftest import CONFORMANCE

import conformance as C          # test/Inputs (conftest puts it on sys.path)
import golden as G

CASES = int(os.environ.get("ASCREG_PY_CONFORMANCE_CASES", "4"))
SEED = 3510
KERNELS = sorted(glob.glob(os.path.join(CONFORMANCE, "*.mlir")))


def _kernel_spec(path):
    try:
        return C.Kernel(path)
    except ValueError:
        return None


def _uint(tok):
    return np.dtype("u%d" % G.width(tok))


def _numpy_args(case):
    """conformance.Case args (bit lists and scalars) -> numpy arrays and ints."""
    out = []
    for kind, payload in case.args:
        if kind in ("#f16", "#f32"):                 # a float scalar: numpy keeps its bits
            out.append(np.array([payload], dtype=_uint(kind[1:])).view(ascreg.dtype_of(kind[1:]))[0])
        elif kind.startswith("#"):
            out.append(payload)
        else:
            bits = np.array([b & G.mask_bits(kind) for b in payload], dtype=_uint(kind))
            out.append(bits.view(ascreg.dtype_of(kind)))
    return out


def _check_against_golden(spec, case, out_array, where):
    expected, nan_only = case.expected
    dtok = case.args[case.dst_arg][0]
    actual = out_array.view(_uint(dtok))
    assert actual.size == len(expected), where
    vl = G.lanes(dtok)
    for i, (e, a) in enumerate(zip(expected, actual.tolist())):
        ok = G.is_nan_bits(dtok, a) if i in nan_only else e == a
        if not ok:
            pytest.fail("%s: element %d (register %d, lane %d): golden 0x%x%s, got 0x%x"
                        % (where, i, i // vl, i % vl, e, " (any NaN)" if i in nan_only else "",
                           a))


@pytest.fixture(scope="module")
def kernels():
    cache = {}

    def get(path, pipeline=None):
        key = (path, pipeline)
        if key not in cache:
            cache[key] = ascreg.load(path, pipeline=pipeline)
        return cache[key]
    return get


def test_conformance_kernels_exist():
    specs = [p for p in KERNELS if _kernel_spec(p)]
    assert len(specs) >= 60


@pytest.mark.parametrize("path", KERNELS, ids=lambda p: os.path.basename(p)[:-5])
def test_conformance_kernel(path, kernels):
    spec = _kernel_spec(path)
    if spec is None:
        pytest.skip("conformance.py does not model %s" % os.path.basename(path))
    k = kernels(path)
    dav = kernels(path, ascreg.DAV_PIPELINE)
    for case_no in range(CASES):
        rng = random.Random("%d:%s:%d" % (SEED, spec.name, case_no))
        case = C.make_case(spec, rng, case_no)
        for mode, kernel in (("interp", k), ("jit", k), ("check", k), ("interp", dav)):
            args = _numpy_args(case)
            kernel.run(*args, mode=mode)
            where = "%s case %d (%s) %s%s" % (spec.name, case_no, case.profile, mode,
                                               " after convert-ascreg-to-dav"
                                               if kernel is dav else "")
            _check_against_golden(spec, case, args[case.dst_arg], where)
            # Inputs are not written.
            for i, (kind, payload) in enumerate(case.args):
                if not kind.startswith("#") and i != case.dst_arg:
                    assert args[i].view(_uint(kind)).tolist() == \
                        [b & G.mask_bits(kind) for b in payload], where
        if case_no == 0:
            expected, nan_only = case.expected
            if not nan_only:
                dtok = case.args[case.dst_arg][0]
                golden = np.array(expected, dtype=_uint(dtok)).view(ascreg.dtype_of(dtok))
                assert_paths_agree(k, *_numpy_args(case), expected={case.dst_arg: golden},
                                   outputs=[case.dst_arg])


def test_golden_comparison_can_fail(kernels):
    """The comparison above fails on a wrong expectation (one flipped bit)."""
    path = os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir")
    spec = C.Kernel(path)
    case = C.make_case(spec, random.Random("%d:%s:%d" % (SEED, spec.name, 0)), 0)
    expected, nan_only = case.expected
    case.expected = ([expected[0] ^ 1] + list(expected[1:]), nan_only)
    args = _numpy_args(case)
    kernels(path).run(*args)
    with pytest.raises(pytest.fail.Exception, match="element 0 \\(register 0, lane 0\\)"):
        _check_against_golden(spec, case, args[case.dst_arg], "flipped")
