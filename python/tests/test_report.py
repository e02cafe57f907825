"""Kernel.report: the HTML report of a run from Python (docs/report.md).

The results must equal an independent numpy computation (the run binds the
arrays in place like Kernel.run), and the page must draw the run: one lane cell
per lane of each traced register, the max's winning lane where numpy puts it.
"""
import os
import re
import stat
import threading

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


def test_report_follows_the_output_file_rule(tmp_path):
    # docs/hardening.md, "Output files": a link stays a link and its target
    # gets the page; a FIFO is written in place; a full device is an error.
    k = ascreg.load(os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir"))
    src = np.zeros(64, np.float32)
    dst = np.zeros(64, np.float32)
    (tmp_path / "real.html").write_text("old")
    os.symlink("real.html", tmp_path / "link.html")
    k.report(str(tmp_path / "link.html"), src, dst, np.int32(64), 1)
    assert os.path.islink(tmp_path / "link.html")
    assert (tmp_path / "real.html").read_text().startswith("<!DOCTYPE html>")

    fifo = tmp_path / "fifo.html"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    k.report(str(fifo), src, dst, np.int32(64), 1)
    reader.join(60)
    assert got and got[0].startswith(b"<!DOCTYPE html>")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)

    os.symlink("/dev/full", tmp_path / "full.html")
    with pytest.raises(ascreg.Error, match="No space left on device"):
        k.report(str(tmp_path / "full.html"), src, dst, np.int32(64), 1)
    assert os.path.islink(tmp_path / "full.html")


REDUCE_SUM_F16 = os.path.join(CONFORMANCE, "reduce_sum_f16_f16.mlir")


@pytest.mark.parametrize("semantics,header,want", [
    (None, "documented;", 0x3C3F),
    ("sum.rounding=round_once", "sum.rounding=round_once;", 0x3C40),
])
def test_report_names_the_profile_that_ran(tmp_path, semantics, header, want):
    # The report's run is the driver's (ascreg/Driver/Report.h): it runs with
    # the kernel's profile and its header names that profile. The sums are
    # worked out by hand in test_semantics_profile.py (f16 lane 0 = 1.0, the
    # rest 2^-11: per-node rounding 0x3C3F, rounded once 0x3C40).
    k = ascreg.load(REDUCE_SUM_F16, semantics=semantics)
    src = np.full(128, 2.0 ** -11, dtype=np.float16)
    src[0] = 1.0
    dst = np.zeros(128, dtype=np.float16)
    page = tmp_path / "run.html"
    k.report(str(page), src, dst, 128, 1)
    assert int(dst.view(np.uint16)[0]) == want
    assert '<td>profile</td><td class="mono">' + header in page.read_text()
