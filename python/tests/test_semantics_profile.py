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
    assert 'ascreg.semantics = #ascreg.profile<sum.rounding = round_once>' in k.mlir


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
    assert len(keys) == len(set(keys)) == 15
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


# Profile files are read strictly (issue 25, items 4 and 13): each of these
# was accepted with a different meaning, crashed, or read without end.
@pytest.mark.parametrize("choices, error", [
    # A ',' in a candidate or a key set a second point.
    ('{"sum.rounding": "per_node,maxmin.nan=canonical"}',
     "'per_node,maxmin.nan=canonical' is not a candidate of 'sum.rounding'"),
    ('{"maxmin.nan=canonical,sum.rounding": "per_node"}',
     "unknown semantic point 'maxmin.nan=canonical,sum.rounding'"),
    # A NUL cut the candidate: round_once was taken.
    ('{"sum.rounding": "round_once\\u0000junk"}',
     r"'round_once\x00junk' is not a candidate of 'sum.rounding'"),
    # The last of two keys won silently.
    ('{"sum.rounding": "per_node", "sum.rounding": "round_once"}',
     r'profile.json:1:42: the key "sum.rounding" appears twice'),
])
def test_a_profile_file_is_read_strictly(tmp_path, choices, error):
    path = tmp_path / "profile.json"
    path.write_text('{"choices": %s}' % choices)
    with pytest.raises(ascreg.ArgumentError) as e:
        ascreg.load(REDUCE_SUM_F16, semantics=str(path))
    assert error in str(e.value)


def test_a_deep_profile_file_is_an_error_not_a_stack_overflow(tmp_path):
    # llvm::json's parser recursed per level: 50,000 killed the process.
    path = tmp_path / "deep.json"
    path.write_text('{"choices": {}, "x": ' + "[" * 50000 + "]" * 50000 + "}")
    with pytest.raises(ascreg.ArgumentError, match=r"deep.json:1:277: JSON nests more than 256"):
        ascreg.load(REDUCE_SUM_F16, semantics=str(path))


def test_a_missing_or_endless_profile_file_says_so(tmp_path):
    missing = str(tmp_path / "no-such.json")
    with pytest.raises(ascreg.ArgumentError,
                       match="cannot open '%s': No such file or directory" % missing):
        ascreg.load(REDUCE_SUM_F16, semantics=missing)
    # /dev/zero was read until memory ran out; the limit is 1 MiB.
    with pytest.raises(ascreg.ArgumentError, match="'/dev/zero' is larger than 1048576 bytes"):
        ascreg.load(REDUCE_SUM_F16, semantics="/dev/zero")


def test_a_profile_spelling_and_dict_are_strict():
    with pytest.raises(ascreg.ArgumentError, match="'sum.rounding' is given twice"):
        ascreg.load(REDUCE_SUM_F16, semantics="sum.rounding=per_node,sum.rounding=round_once")
    with pytest.raises(ascreg.ArgumentError, match=r"'round_once\\x00' is not a candidate"):
        ascreg.load(REDUCE_SUM_F16, semantics="sum.rounding=round_once\0")
    with pytest.raises(ascreg.ArgumentError, match="without ',' or '='"):
        ascreg.load(REDUCE_SUM_F16, semantics={"sum.rounding": "per_node,maxmin.nan=canonical"})
