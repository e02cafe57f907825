"""Hostile arguments to the Python API (issue 25 item 14): each raises the
package's own error with a clear message, or works, instead of a pybind cast
error, a UnicodeDecodeError or a use after free. Expected values by hand."""
import os
import pathlib
import stat

import numpy as np
import pytest

import ascreg
from conftest import CONFORMANCE

REDUCE_MAX_F32 = os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir")


@pytest.fixture(scope="module")
def reduce_max():
    return ascreg.load(REDUCE_MAX_F32)


def _inputs():
    src = np.array([3.0, -1.0, 7.5, 7.5] + [0.0] * 60, dtype=np.float32)
    return src, np.zeros(64, dtype=np.float32)


# --------------------------------------------------------------------------------------
# Text that is not UTF-8
# --------------------------------------------------------------------------------------
def test_non_utf8_identifier_is_a_parse_error(tmp_path):
    path = tmp_path / "latin1.mlir"
    path.write_bytes(b"module {\n  func.func @k(%caf\xe9: i32) {\n    return\n  }\n}\n")
    with pytest.raises(ascreg.ParseError) as info:
        ascreg.load(path)
    e = info.value
    assert e.line == 2
    # The source line is shown with the byte that is not UTF-8 replaced.
    assert "%caf\ufffd" in str(e)
    assert "%caf\ufffd" in e.diagnostics[0].text


def test_non_utf8_file_name(tmp_path):
    missing = os.path.join(os.fsencode(tmp_path), b"no-such-\xff.mlir")
    with pytest.raises(ascreg.LoadError) as info:
        ascreg.load(missing)
    assert "no-such-\ufffd.mlir" in str(info.value)
    # A str path holding that byte (surrogateescape, as os.listdir gives it).
    with pytest.raises(ascreg.LoadError):
        ascreg.load(os.fsdecode(missing))


def test_non_utf8_entry_name(tmp_path):
    path = tmp_path / "sym.mlir"
    path.write_bytes(b'module {\n  func.func @"k\xff"(%n: i32) {\n    return\n  }\n}\n')
    k = ascreg.load(path)
    assert k.entry == "k\ufffd"
    assert "k\ufffd" in repr(k)
    k(5)


# --------------------------------------------------------------------------------------
# explain=
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("explain, words", [
    ([(1,)], "has 1 entries"),
    ([(1, 0, 2)], "has 3 entries"),
    (5, "got int"),
    ("1,0", "got str"),
    ([1, 0], "an item is a int"),
    ([("1", 0)], "the argument must be an integer, got str"),
    ([(1.0, 0)], "the argument must be an integer, got float"),
    ([(-1, 0)], "the argument must be between 0 and"),
    ([(1, 2.5)], "an element of argument 1 must be an integer, got float"),
    ([(1, "0")], "an element of argument 1 must be an integer, got str"),
    ([(1, -3)], "an element of argument 1 must be between 0 and"),
    ([(1, [0, None])], "an element of argument 1 must be an integer, got NoneType"),
    ([(True, 0)], "the argument must be an integer, got bool"),
])
def test_bad_explain_requests(reduce_max, explain, words):
    src, dst = _inputs()
    with pytest.raises(ascreg.ArgumentError) as info:
        reduce_max.debug(src, dst, 4, 1, explain=explain)
    assert "explain=" in str(info.value) and words in str(info.value), str(info.value)
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)
    assert (dst == 0).all()


def test_good_explain_requests(reduce_max):
    src, dst = _inputs()
    r = reduce_max.debug(src, dst, 4, 1, explain=[(1, 0), [1, (0, np.uint32(1))]])
    assert [(x.argument, x.element) for x in r.explanations] == [(1, 0), (1, 0), (1, 1)]


# --------------------------------------------------------------------------------------
# Paths
# --------------------------------------------------------------------------------------
def test_report_takes_pathlike_and_bytes(reduce_max, tmp_path):
    src, dst = _inputs()
    target = tmp_path / "run.html"
    reduce_max.report(target, src, dst, 4, 1)
    assert target.read_text().lstrip().lower().startswith("<!doctype html")
    assert dst[0] == 7.5
    other = os.path.join(os.fsencode(tmp_path), b"run2.html")
    reduce_max.report(other, src, dst, 4, 1)
    assert os.path.exists(other)
    with pytest.raises(TypeError, match="PathLike"):
        reduce_max.report(42, src, dst, 4, 1)


def test_bisect_plugins_take_pathlike(reduce_max, tmp_path):
    src, dst = _inputs()
    with pytest.raises(ascreg.PassError, match="cannot load the pass plugin"):
        reduce_max.bisect("canonicalize", src, dst, 4, 1,
                          plugins=[pathlib.Path(tmp_path) / "missing.so"])


def test_semantics_profile_file_as_pathlike(tmp_path):
    profile = tmp_path / "profile.json"
    profile.write_text('{"choices": {"maxmin.nan": "canonical"}}')
    k = ascreg.load(REDUCE_MAX_F32, semantics=profile)
    assert "maxmin.nan=canonical" in k.semantics


# --------------------------------------------------------------------------------------
# A kernel path that is a zero device
# --------------------------------------------------------------------------------------
@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_zero_device_kernel_is_refused(tmp_path):
    # Read to its end, the node filled memory until the process was killed.
    node = tmp_path / "zero.mlir"
    os.mknod(node, 0o600 | stat.S_IFCHR, os.makedev(1, 5))
    with pytest.raises(ascreg.Error, match="it is not a regular file and gives more than 256 MiB"):
        ascreg.load(node)


# --------------------------------------------------------------------------------------
# Counts: max_steps and ub_capacity
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["max_steps", "ub_capacity"])
@pytest.mark.parametrize("value", [-1, 1 << 64])
def test_count_out_of_range(name, value):
    # -1 was a pybind TypeError naming the internal _Options class.
    with pytest.raises(ascreg.ArgumentError, match=r"%s: %d is not in \[0, 2\*\*64\)" % (name, value)):
        ascreg.load(REDUCE_MAX_F32, **{name: value})


@pytest.mark.parametrize("name", ["max_steps", "ub_capacity"])
def test_count_not_an_integer(name):
    with pytest.raises(ascreg.ArgumentError, match="%s: expected an integer, got str" % name):
        ascreg.load(REDUCE_MAX_F32, **{name: "100"})


def test_max_steps_limits_a_run():
    # Two loop iterations with one step allowed: a limit error, not a result.
    k = ascreg.load(REDUCE_MAX_F32, max_steps=1)
    src, dst = np.zeros(128, dtype=np.float32), np.zeros(128, dtype=np.float32)
    with pytest.raises(ascreg.Error, match="step"):
        k(src, dst, 100, 2)


# --------------------------------------------------------------------------------------
# jit_opt
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [-1, 4, 99])
def test_jit_opt_out_of_range(level):
    with pytest.raises(ascreg.ArgumentError, match="jit_opt must be an LLVM optimization level "
                                                   "0-3, got %d" % level):
        ascreg.load(REDUCE_MAX_F32, jit_opt=level)


def test_jit_opt_not_an_integer():
    with pytest.raises(TypeError):
        ascreg.load(REDUCE_MAX_F32, jit_opt=2.5)


@pytest.mark.parametrize("level", [0, 3])
def test_jit_opt_levels_run(level):
    k = ascreg.load(REDUCE_MAX_F32, jit_opt=level)
    src, dst = _inputs()
    k(src, dst, 4, 1, mode="jit")
    assert dst[0] == 7.5 and dst.view(np.uint32)[1] == 2


# --------------------------------------------------------------------------------------
# A scalar's __index__ that reallocates an array bound before it
# --------------------------------------------------------------------------------------
class Resizing:
    """An integer whose conversion grows `array` (numpy reallocates its
    memory and frees the old block)."""

    def __init__(self, array, value):
        self.array, self.value = array, value

    def __index__(self):
        self.array.resize(1 << 14, refcheck=False)
        return self.value


@pytest.mark.parametrize("mode", ["interp", "jit", "check"])
def test_index_reallocating_an_earlier_buffer(reduce_max, mode):
    src, dst = _inputs()
    reduce_max(src, dst, Resizing(dst, 4), 1, mode=mode)
    # The results are in the array's memory after the resize (the kernel saw
    # the resized array), not in the freed block.
    assert dst.size == 1 << 14
    assert dst[0] == 7.5
    assert dst.view(np.uint32)[1] == 2                    # first index of the maximum
    assert (dst[64:] == 0).all()
