#!/usr/bin/env python3
"""ascreg-run --report pages in a real browser (Debian's chromium-headless-shell).

Three reports (docs/report.md), each rendered to a screenshot and to its DOM after the
page's script ran:
  reduce-max   the conformance kernel reduce_max_f32_f32 on 4 registers with a NaN, an
               inf, a -0 and a subnormal, 200 active lanes;
  gather       the conformance gather with one index outside its 100-element base
               (--check=bounds: a finding in iteration 1, lane 6);
  divergence   --mode=check with a planted divergence (--test-perturb-jit flips bit 0
               of output element 0 after the JIT run).
Each page must render without script errors (no console error, the script's
data-ready marker set) and its DOM must hold as many lane cells, highlighted cells and
winning lanes as computed here from the kernel's shape and the inputs.
Exits 77 (skipped) without a browser. Usage:
  report_browser.py ASCREG_RUN SRC_ROOT WORKDIR [--screenshots DIR]
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

RUN, ROOT, WORK = sys.argv[1:4]
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
sys.path.insert(0, os.path.join(ROOT, "test", "Inputs"))
import conformance as C  # noqa: E402  (write_npy)
from checks import check, finish  # noqa: E402

BROWSER = os.environ.get("ASCREG_BROWSER") or shutil.which("chromium-headless-shell") or \
    shutil.which("chromium")
if not BROWSER:
    print("SKIP: no chromium-headless-shell or chromium (scripts/setup-deps.sh installs it)")
    sys.exit(77)

os.makedirs(WORK, exist_ok=True)
CONF = os.path.join(ROOT, "examples", "conformance")


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def npy(name, tok, bits):
    p = os.path.join(WORK, name)
    C.write_npy(p, tok, bits)
    return p


def browse(page, shot, height):
    """(DOM after the script ran, browser log) and a screenshot."""
    with tempfile.TemporaryDirectory() as profile:
        common = [BROWSER, "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                  "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                  "--virtual-time-budget=3000", "--window-size=1100,%d" % height]
        dom = subprocess.run(common + ["--dump-dom", "file://" + page], capture_output=True,
                             text=True, timeout=120)
        pic = subprocess.run(common + ["--screenshot=" + shot, "file://" + page],
                             capture_output=True, text=True, timeout=120)
    return dom.stdout, dom.stderr + pic.stderr


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


# Inputs: 4 registers of f32, special values in registers 0-2; count 200 -> 64, 64, 64, 8
# active lanes (4 reductions with a winner).
src = [f32(0.5 * i - 20) for i in range(256)]
src[70] = 0x7fc00001        # NaN: register 1's winner is the first NaN, lane 6
src[130] = f32(float("inf"))
src[5] = 0x80000000         # -0
src[200] = 0x00000001       # subnormal
reduce_args = ["--arg=" + npy("src.npy", "f32", src), "--arg=" + npy("dst.npy", "f32", [0] * 256),
               "--arg=i32:200", "--arg=index:4"]
base = [f32(i / 10) for i in range(100)]
idx = [(k * 7) % 100 for k in range(128)]
idx[70] = 130               # iteration 1, lane 6: outside the 100-element base
gather_args = ["--arg=" + npy("gbase.npy", "f32", base), "--arg=" + npy("gidx.npy", "i32", idx),
               "--arg=" + npy("gdst.npy", "f32", [0] * 128), "--arg=i32:128", "--arg=index:2"]

# Lane cells: per iteration, reduce-max draws 4 registers of 64 lanes (load result, reduce
# input and result, store input), the gather 4 (load result, gather index and result,
# store input). Highlighted: the finding's one lane; both sides of the one planted element.
CASES = [
    ("reduce-max", "reduce_max_f32_f32.mlir", reduce_args, 0,
     {"lanes": 4 * 4 * 64, "hl": 0, "win": 4, "firstnan": 1}),
    ("gather", "gather_f32_f32_u32.mlir", gather_args + ["--check=bounds"], 1,
     {"lanes": 2 * 4 * 64, "hl": 1, "win": 0, "findings": 2}),
    ("divergence", "reduce_max_f32_f32.mlir",
     reduce_args + ["--mode=check", "--test-perturb-jit=1:0"], 1,
     {"lanes": 4 * 4 * 64, "hl": 2, "win": 4, "firstdiv": 1}),
]

for name, kernel, args, rc, want in CASES:
    page = os.path.join(WORK, "report-%s.html" % name)
    shot = os.path.join(WORK, "report-%s.png" % name)
    for stale in (page, shot):
        if os.path.exists(stale):
            os.remove(stale)
    proc = subprocess.run([RUN, os.path.join(CONF, kernel)] + args + ["--report=" + page],
                          capture_output=True, text=True)
    check(proc.returncode == rc, "%s: ascreg-run exit %d, expected %d: %s" %
          (name, proc.returncode, rc, proc.stderr[-500:]))
    if not os.path.exists(page):
        check(False, "%s: no report written" % name)
        continue
    dom, log = browse(page, shot, 2300 if name == "gather" else 1000)
    errors = [l for l in log.splitlines()
              if "Uncaught" in l or re.search(r"CONSOLE.*(error|Error)", l)]
    check(not errors, "%s: script errors: %s" % (name, errors[:3]))
    check('data-ready="1"' in dom, "%s: the page's script did not run to its end" % name)
    got = {
        "lanes": len(re.findall(r'<i class="l [^"]*"', dom)),
        "hl": len(re.findall(r'<i class="[le] [^"]*\bhl\b', dom)),
        "win": len(re.findall(r'<i class="l [^"]*\bwin\b', dom)),
        "findings": len(re.findall(r'<li class="finding"', dom)),
        "firstnan": dom.count("<b>first NaN</b>"),
        "firstdiv": len(re.findall(r'id="first-divergence"', dom)),
    }
    for key, value in want.items():
        check(got[key] == value, "%s: %d %s in the DOM, expected %d" % (name, got[key], key, value))
    size = png_size(shot) if os.path.exists(shot) else None
    check(size is not None and size[0] == 1100, "%s: no screenshot (%s)" % (name, size))
    print("%-10s %7d bytes: lanes %d, highlighted %d, winners %d, findings %d; screenshot %s" %
          (name, os.path.getsize(page), got["lanes"], got["hl"], got["win"], got["findings"],
           "%dx%d" % size if size else "missing"))
    if SHOTS and size:
        shutil.copy(shot, os.path.join(SHOTS, "report-%s.png" % name))

# The planted script error: the same detection must see it.
bad = os.path.join(WORK, "planted-script-error.html")
with open(bad, "w") as f:
    f.write("<html><body><script>undefinedFunction();</script></body></html>")
_, log = browse(bad, os.path.join(WORK, "planted.png"), 300)
check("Uncaught" in log, "the planted script error was not detected")
print("planted script error: %s" % ("detected" if "Uncaught" in log else "MISSED"))

finish()
