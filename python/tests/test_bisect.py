"""Kernel.bisect: the first pass of a pipeline after which a kernel's results
change (ascreg::driver::bisectPipeline), with the planted miscompiles of
the test pass plugin (test/lib/TestPasses). The expected values are worked out
by hand: src[i] = (37 * i) % 101, so the max of lanes 0-63 is 100 at lane 30
(37 * 30 = 1110 = 10 * 101 + 100) and the min is 0 at lane 0.
"""
import os
import struct

import numpy as np
import pytest

import ascreg

KERNEL = """\
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%k = %n) -> (i32) {
      %off = arith.muli %r, %c64 : index
      %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %k for !ascreg.vreg<64xf32>
      %m = ascreg.reduce <max> %v, %mask : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %m, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
"""


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def built_library(tools_dir, name):
    path = os.path.join(tools_dir, "..", "lib", name)
    if not os.path.exists(path):
        pytest.skip(name + " is not built")
    return path


@pytest.fixture
def plugin(tools_dir):
    return built_library(tools_dir, "AscRegTestPasses.so")


@pytest.fixture
def args():
    src = np.array([(37 * i) % 101 for i in range(128)], dtype=np.float32)
    dst = np.zeros(128, dtype=np.float32)
    return src, dst


def test_bisect_names_the_pass_that_swaps_max_and_min(plugin, args):
    k = ascreg.loads(KERNEL)
    src, dst = args
    r = k.bisect("canonicalize,test-ascreg-swap-reduce-kind,convert-ascreg-to-dav",
                 src, dst, 100, 2, plugins=[plugin])
    assert [s.pass_name for s in r.stages] == [
        None, "canonicalize", "test-ascreg-swap-reduce-kind", "convert-ascreg-to-dav"]
    assert [s.executor for s in r.stages] == ["interpreter"] * 4
    assert r.first_differing == 2 and r.guilty_pass == "test-ascreg-swap-reduce-kind"
    assert r.stages[1].differing == 0
    # max 100 at lane 30 becomes min 0 at lane 0 (both lanes 0 and 1 differ),
    # for each of the two registers.
    assert r.stages[2].differing == 4
    assert r.stages[2].diffs[0] == (1, 0, bits(100.0), 0)
    assert r.stages[2].diffs[1] == (1, 1, 30, 0)
    # The caller's arrays are not modified.
    assert not dst.any()


def test_bisect_runs_vector_level_stages_in_the_jit(plugin, args):
    k = ascreg.loads(KERNEL)
    src, dst = args
    r = k.bisect("convert-ascreg-to-vector,canonicalize", src, dst, 100, 2, plugins=[plugin])
    assert r.first_differing is None and r.guilty_pass is None
    assert [s.executor for s in r.stages] == ["interpreter", "JIT", "JIT"]
    assert "does not execute" in r.stages[1].fallback_reason


def test_bisect_errors_raise(plugin, args):
    k = ascreg.loads(KERNEL)
    src, dst = args
    with pytest.raises(ascreg.PassError, match="no-such-pass"):
        k.bisect("canonicalize,no-such-pass", src, dst, 100, 2)
    with pytest.raises(ascreg.PassError, match="cannot load the pass plugin"):
        k.bisect("cse", src, dst, 100, 2, plugins=["/nonexistent/plugin.so"])
    with pytest.raises(ascreg.ArgumentError):
        k.bisect("cse", src, dst, 100)


def test_plugin_named_without_slash_is_in_the_working_directory(plugin, args, tmp_path,
                                                                 monkeypatch):
    # A name without '/' is a file in the working directory, as for every file
    # argument; dlopen would search the library path for it instead. (A link:
    # the library already loaded by the tests above is the same file.)
    os.symlink(os.path.abspath(plugin), tmp_path / "TestPasses.so")
    monkeypatch.chdir(tmp_path)
    k = ascreg.loads(KERNEL)
    src, dst = args
    r = k.bisect("test-ascreg-swap-reduce-kind", src, dst, 100, 2, plugins=["TestPasses.so"])
    assert r.guilty_pass == "test-ascreg-swap-reduce-kind"
    with pytest.raises(ascreg.PassError, match=r"'\./None\.so': no such file"):
        k.bisect("cse", src, dst, 100, 2, plugins=["None.so"])
@pytest.fixture
def ascreg_plugin(tools_dir):
    return built_library(tools_dir, "AscRegPlugin.so")


def test_bisect_accepts_ascregs_own_plugin(ascreg_plugin, args):
    # The module registers ascreg's passes itself: the plugin's copies are not
    # registered again (MLIR aborted the process before).
    k = ascreg.loads(KERNEL)
    src, dst = args
    r = k.bisect("convert-ascreg-to-dav,canonicalize", src, dst, 100, 2, plugins=[ascreg_plugin])
    assert r.first_differing is None
    assert [s.executor for s in r.stages] == ["interpreter"] * 3


@pytest.mark.parametrize("pipeline, executor", [
    ("ascreg-lower-to-llvm", "JIT"),
    ("ascreg-expose-ub", "JIT"),
    ("convert-to-llvm", "not run"),
    ("convert-ascreg-to-dav,convert-dav-to-emitc", "not run"),
])
def test_bisect_never_blames_a_stage_it_cannot_compare(plugin, args, pipeline, executor):
    k = ascreg.loads(KERNEL)
    src, dst = args
    r = k.bisect(pipeline, src, dst, 100, 2)
    assert r.first_differing is None and r.guilty_pass is None
    last = r.stages[-1]
    assert last.executor == executor and last.cannot_run == (executor == "not run")
    assert last.note and not last.failed and last.differing == 0
    # A planted miscompile before it is still the one named.
    r = k.bisect("test-ascreg-swap-reduce-kind," + pipeline, src, dst, 100, 2,
                 plugins=[plugin])
    assert r.guilty_pass == "test-ascreg-swap-reduce-kind"
    assert r.stages[-1].differing == (4 if executor == "JIT" else 0)
