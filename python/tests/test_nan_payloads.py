"""Path comparisons compare NaN payloads wherever the semantics fixes them
(issue 25 item 17; docs/semantics.md section 4, "NaN payloads in check").

Which buffers relax is one rule (include/ascreg/Debugging/NaNPayloads.h),
shown here as Param.nan_payload_unspecified and used by mode="check" and
ascreg.testing.assert_paths_agree.
"""
import os

import numpy as np
import pytest

import ascreg
from ascreg.testing import PathMismatch, assert_paths_agree
import ascreg.testing as testing
from conftest import CONFORMANCE, EXAMPLES

NAN = 0x7FC00001  # a quiet NaN with a payload


def conformance(name):
    return ascreg.load(os.path.join(CONFORMANCE, name))


def relaxed(kernel):
    return [p.nan_payload_unspecified for p in kernel.params]


# A sum made in a scratch buffer, then maxed into %out: the sum's open NaN
# payload reaches %out through memory; %keep is only copied.
THROUGH_MEMORY = """\
module {
  func.func @kernel(%src: memref<64xf32>, %tmp: memref<64xf32>, %out: memref<64xf32>,
                    %keep: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %keep[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    %s = ascreg.reduce <sum> %v, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %s, %tmp[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    %t = ascreg.load_align %tmp[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %m = ascreg.reduce <max> %t, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %m, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
"""


def test_which_buffers_relax():
    # reduce max/min: bits fixed (first active NaN); sum / pair sum / add: open.
    assert relaxed(conformance("reduce_max_f32_f32.mlir")) == [False] * 4
    assert relaxed(conformance("reduce_min_f16_f16.mlir")) == [False] * 4
    assert relaxed(conformance("reduce_sum_f32_f32.mlir")) == [False, True, False, False]
    assert relaxed(conformance("pair_reduce_sum_f16.mlir"))[1] is True
    # Integer adds (argmax's index arithmetic) make no NaN.
    assert not any(relaxed(ascreg.load(os.path.join(EXAMPLES, "argmax.mlir"))))
    # Through a buffer; a buffer only copied keeps its bits; the dav-3510
    # lowering of the same kernel gives the same answer.
    k = ascreg.loads(THROUGH_MEMORY)
    assert relaxed(k) == [False, True, True, False]
    assert relaxed(k.lower(ascreg.DAV_PIPELINE)) == [False, True, True, False]


def _reduce_args(kind):
    src = np.zeros(64, np.uint32)
    src[:3] = [0x3F800000, NAN, 0x40000000]
    return src.view(np.float32), np.zeros(64, np.float32), 3, 1


def _plant_jit_payload(monkeypatch):
    """Flips bit 0 of element 0 of argument 1 in the JIT's results (a NaN
    stays a NaN): the planted divergence."""
    real = testing.run_paths

    def planted(kernel, *args, paths=testing.DEFAULT_PATHS):
        out = real(kernel, *args, paths=paths)
        out["jit"][1].view(np.uint32)[0] ^= 1
        return out
    monkeypatch.setattr(testing, "run_paths", planted)


@pytest.mark.parametrize("name", ["reduce_max_f32_f32.mlir", "reduce_min_f32_f32.mlir"])
def test_reduce_max_min_nan_payload_divergence_is_reported(monkeypatch, name):
    k = conformance(name)
    args = _reduce_args("max")
    results = assert_paths_agree(k, *args)            # the real paths agree, bit for bit
    assert results["jit"][1].view(np.uint32)[0] == NAN
    _plant_jit_payload(monkeypatch)
    with pytest.raises(PathMismatch) as info:
        assert_paths_agree(k, *args)
    assert "jit 0x7fc00000" in str(info.value) and "interp 0x7fc00001" in str(info.value)
    assert_paths_agree(k, *args, nan="any")           # the old rule let it through


def test_reduce_sum_nan_payload_is_not_compared(monkeypatch):
    k = conformance("reduce_sum_f32_f32.mlir")
    args = _reduce_args("sum")
    _plant_jit_payload(monkeypatch)
    assert_paths_agree(k, *args)
    with pytest.raises(PathMismatch):
        assert_paths_agree(k, *args, nan="bits")


def test_check_mode_on_nan_payloads():
    # The real paths agree bit for bit, so check mode passes on both kinds.
    for name in ("reduce_max_f32_f32.mlir", "reduce_sum_f32_f32.mlir"):
        k = conformance(name)
        src, dst, n, r = _reduce_args("max")
        k(src, dst, n, r, mode="check")
        assert np.isnan(dst[0])


def test_bad_nan_option():
    with pytest.raises(ValueError, match="contract"):
        assert_paths_agree(conformance("reduce_max_f32_f32.mlir"), *_reduce_args("max"),
                           nan="payload")
