"""Semantic profiles from Python (docs/semantics.md 8.1): selecting one per
load, recording it in the module, listing the open points.

Expected values are computed by hand from O1's discriminating input: f16 lane
0 = 1.0, lanes 1..127 = 2^-11. Per tree node the first node 1 + 2^-11 ties to
even and the rest adds 63 ulp: 1 + 63 * 2^-10 = 1.0615234375 (0x3C3F); rounded
once, 1 + 63.5 ulp ties to 1 + 64 ulp: 1.0625 (0x3C40).
"""
import json
import os

import numpy as np
import pytest

import ascreg
from conftest import CONFORMANCE, ROOT

REDUCE_SUM_F16 = os.path.join(CONFORMANCE, "reduce_sum_f16_f16.mlir")
PER_NODE = 0x3C3F
ROUND_ONCE = 0x3C40


def o1_input():
    src = np.full(128, 2.0 ** -11, dtype=np.float16)
    src[0] = 1.0
    return src


def run_sum(kernel, mode):
    dst = np.zeros(128, dtype=np.float16)
    kernel(o1_input(), dst, 128, 1, mode=mode)
    return int(dst.view(np.uint16)[0])


@pytest.mark.parametrize("mode", ["interp", "jit", "check"])
def test_documented_is_the_default(mode):
    k = ascreg.load(REDUCE_SUM_F16)
    assert k.semantics == "documented"
    assert run_sum(k, mode) == PER_NODE


@pytest.mark.parametrize("mode", ["interp", "jit", "check"])
@pytest.mark.parametrize("form", ["string", "dict", "file"])
def test_round_once_on_every_path(mode, form, tmp_path):
    if form == "string":
        semantics = "sum.rounding=round_once"
    elif form == "dict":
        semantics = {"sum.rounding": "round_once"}
    else:
        path = tmp_path / "profile.json"
        path.write_text(json.dumps({"choices": {"sum.rounding": "round_once"}}))
        semantics = str(path)
    k = ascreg.load(REDUCE_SUM_F16, semantics=semantics)
    assert k.semantics == "sum.rounding=round_once"
    assert run_sum(k, mode) == ROUND_ONCE
    assert 'ascreg.semantics = "sum.rounding=round_once"' in k.mlir


def test_the_dav_pipeline_keeps_the_profile():
    k = ascreg.load(REDUCE_SUM_F16, pipeline=ascreg.DAV_PIPELINE,
                    semantics="sum.rounding=round_once")
    assert "dav.vcadd" in k.mlir
    assert run_sum(k, "interp") == ROUND_ONCE


def test_a_bad_profile_is_an_argument_error():
    with pytest.raises(ascreg.ArgumentError, match="'exactly' is not a candidate of 'sum.rounding'"):
        ascreg.load(REDUCE_SUM_F16, semantics="sum.rounding=exactly")
    with pytest.raises(ascreg.ArgumentError, match="unknown semantic point 'nope'"):
        ascreg.load(REDUCE_SUM_F16, semantics={"nope": "x"})


def test_semantic_points_lists_every_point_documented_first():
    points = ascreg.semantic_points()
    keys = [p["key"] for p in points]
    assert keys[0] == "sum.rounding" and "ctrl.float_mode" in keys
    assert len(keys) == len(set(keys)) == 12
    for p in points:
        assert len(p["candidates"]) >= 2
        assert p["open_point"] and p["question"] and p["affects"]
    sum_rounding = points[0]
    assert [c[0] for c in sum_rounding["candidates"]] == ["per_node", "round_once"]


def test_docs_name_every_point_and_candidate():
    # docs/semantics.md 8.1 documents each choice next to its evidence.
    docs = open(os.path.join(ROOT, "docs", "semantics.md")).read()
    for p in ascreg.semantic_points():
        assert "`%s`" % p["key"] in docs, p["key"]
        assert p["open_point"] in docs
        for name, _ in p["candidates"]:
            assert "`%s`" % name in docs, (p["key"], name)
