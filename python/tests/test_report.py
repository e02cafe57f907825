"""Kernel.report: the HTML report of a run from Python (docs/report.md).

The results must equal an independent numpy computation (the run binds the
arrays in place like Kernel.run), and the page must draw the run: one lane cell
per lane of each traced register, the max's winning lane where numpy puts it.
"""
import os
import re

import numpy as np
import pytest

import ascreg
from conftest import CONFORMANCE


def test_report_reduce_max(tmp_path):
    k = ascreg.load(os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir"))
    src = np.arange(128, dtype=np.float32) - 40
    src[70] = 1000.0  # register 1, lane 6
    dst = np.zeros(128, np.float32)
    page = tmp_path / "run.html"
    k.report(str(page), src, dst, np.int32(128), 2)
    # Lane 0 of each 64-lane block is its max (numpy), lane 1 its index bits.
    assert dst[0] == src[:64].max() and dst[64] == src[64:].max()
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>")
    # Per iteration 4 registers of 64 lanes: load result, reduce input and
    # result, store input.
    assert len(re.findall(r'<i class="l ', text)) == 2 * 4 * 64
    wins = re.findall(r'<i class="l [^"]*\bwin\b[^"]*" title="(\d+):', text)
    assert wins == [str(int(np.argmax(src[:64]))), "6"]


def test_report_bad_path_raises(tmp_path):
    k = ascreg.load(os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir"))
    src = np.zeros(64, np.float32)
    dst = np.zeros(64, np.float32)
    with pytest.raises(ascreg.Error, match="cannot write"):
        k.report(str(tmp_path / "missing" / "run.html"), src, dst, np.int32(64), 1)
