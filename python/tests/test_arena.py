"""Kernel.arena_arrays: numpy arrays over the kernel's Unified Buffer, bound in
place by run() (no copy into UB and back), with every placement check kept.

Expected values are computed with plain numpy on the inputs, and compared bit
for bit with the copying run on ordinary arrays.
"""
import gc
import os

import numpy as np
import pytest

import ascreg
from conftest import CONFORMANCE

GATHER_F32 = os.path.join(CONFORMANCE, "gather_f32_f32_u32.mlir")
REDUCE_MAX_F32 = os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir")

ACCUMULATE = """\
module {
  func.func @acc(%src: memref<?xf32>, %dst: memref<?xf32>, %count: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vl = arith.constant 64 : index
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %count) -> (i32) {
      %off = arith.muli %r, %vl : index
      %x = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %y = ascreg.load_align %dst[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
      %sum = ascreg.add %x, %y, %mask : !ascreg.vreg<64xf32>
      ascreg.store_align %sum, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
"""
MODES = ["interp", "jit", "check"]


def _inputs():
    src = (np.arange(256, dtype=np.float32) * 0.5).astype(np.float32)
    dst = (1000 - np.arange(256)).astype(np.float32)
    return src, dst


@pytest.mark.parametrize("mode", MODES)
def test_arena_run_equals_copying_run(mode):
    k = ascreg.loads(ACCUMULATE)
    src, dst = _inputs()
    want = dst.copy()
    want[:150] = dst[:150] + src[:150]
    # The copying run on ordinary arrays.
    csrc, cdst = src.copy(), dst.copy()
    k(csrc, cdst, 150, 4, mode=mode)
    assert cdst.tobytes() == want.tobytes()
    # In place: twice, with the inputs written again, both give the same bits.
    a_src, a_dst = k.arena_arrays(sizes=[256, 256], mode=mode)
    assert a_src.dtype == np.float32 and a_src.shape == (256,)
    for _ in range(2):
        a_src[:] = src
        a_dst[:] = dst
        k(a_src, a_dst, 150, 4, mode=mode)
        assert a_dst.tobytes() == want.tobytes()
        assert a_src.tobytes() == src.tobytes()


@pytest.mark.parametrize("mode", ["interp", "jit"])
def test_arena_gather_and_reduce_match_copying_runs(mode):
    g = ascreg.load(GATHER_F32)
    base = np.arange(64, dtype=np.float32) * 0.25
    index = (63 - np.arange(64)).astype(np.uint32)
    a_base, a_index, a_dst = g.arena_arrays(sizes=[64, 64, 64], mode=mode)
    assert a_index.dtype == np.int32  # the parameter's preferred dtype
    a_base[:] = base
    a_index[:] = index.view(np.int32)
    a_dst[:] = 7
    g(a_base, a_index, a_dst, 64, 1, mode=mode)
    assert a_dst.tobytes() == base[::-1].tobytes()

    r = ascreg.load(REDUCE_MAX_F32)
    x = np.sin(np.arange(1024, dtype=np.float32)).astype(np.float32)
    out = np.zeros(1024, dtype=np.float32)
    r(x, out, 1000, 16, mode=mode)
    a_x, a_out = r.arena_arrays(sizes=[1024, 1024], mode=mode)
    a_x[:] = x
    a_out[:] = 0
    r(a_x, a_out, 1000, 16, mode=mode)
    assert a_out.tobytes() == out.tobytes()


def test_arrays_outside_the_arena_are_still_copied_and_checked():
    k = ascreg.loads(ACCUMULATE)
    a_src, a_dst = k.arena_arrays(sizes=[256, 256])
    src, dst = _inputs()
    # An ordinary array beside an arena array: copied in and back.
    a_src[:] = src
    plain = dst.copy()
    k(a_src, plain, 150, 4)
    assert plain[:150].tobytes() == (dst[:150] + src[:150]).tobytes()
    # Arena memory anywhere but at its own buffer's address is refused before
    # anything runs, and the arrays are left as they were.
    a_dst[:] = dst
    before = (a_src.tobytes(), a_dst.tobytes())
    for args in [(a_dst, a_src), (a_src[64:], a_dst[:192]), (a_src, a_dst[64:])]:
        with pytest.raises(ascreg.RunError, match="lies in the Unified Buffer but not at its UB "
                                                  "address"):
            k(*args, 100, 2)
        assert (a_src.tobytes(), a_dst.tobytes()) == before


def test_a_failed_arena_run_is_still_checked():
    g = ascreg.load(GATHER_F32)
    a_base, a_index, a_dst = g.arena_arrays(sizes=[10, 64, 64])
    a_index[:] = 0
    a_index[5] = 100000  # byte 400000: outside the 248 KiB UB
    with pytest.raises(ascreg.RunError, match="gather index 100000 in lane 5"):
        g(a_base, a_index, a_dst, 64, 1)


def test_arena_arrays_argument_errors():
    k = ascreg.loads(ACCUMULATE)
    with pytest.raises(ascreg.ArgumentError, match="has no static size"):
        k.arena_arrays()
    with pytest.raises(ascreg.ArgumentError, match="2 buffer parameters, got 1 sizes"):
        k.arena_arrays(sizes=[4])
    with pytest.raises(ascreg.ArgumentError, match="UB capacity exceeded"):
        k.arena_arrays(sizes=[1 << 20, 4])
    with pytest.raises(ValueError, match="mode must be"):
        k.arena_arrays(sizes=[4, 4], mode="fast")


def test_arena_arrays_keep_the_kernel_alive():
    k = ascreg.loads(ACCUMULATE)
    a_src, a_dst = k.arena_arrays(sizes=[64, 64])
    a_src[:] = 1.5
    a_dst[:] = 2.0
    k(a_src, a_dst, 64, 1)
    del k
    gc.collect()
    assert a_dst.tolist() == [3.5] * 64
    assert a_src.base is not None
