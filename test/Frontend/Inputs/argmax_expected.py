#!/usr/bin/env python3
"""FileCheck lines for ascreg-frontend-example's argmax, computed independently.

  argmax_expected.py EXPR N

EXPR is the same expression given to test/Inputs/mknpy.py for the f32 input.
The expected result: the maximum over the first N values, NaNs skipped
(-inf and index 0 if there is none), at the FIRST index holding it.
"""
import math
import struct
import sys

expr, n = sys.argv[1], int(sys.argv[2])
env = {"nan": float("nan"), "inf": float("inf"), "math": math, "struct": struct}
# Round to f32 as mknpy.py does (struct '<f', RNE).
xs = [struct.unpack("<f", struct.pack("<f", v))[0] for v in eval(expr, env)][:n]
best, index = -math.inf, 0
for i, v in enumerate(xs):
    if not math.isnan(v) and v > best:
        best, index = v, i
bits = struct.unpack("<I", struct.pack("<f", best))[0]
value = "%.9g" % best
print("CHECK: argmax over n = %d elements" % n)
print("CHECK: interpreter: max = %s (0x%08x) at index %d" % (value, bits, index))
print("CHECK: jit:         max = %s (0x%08x) at index %d" % (value, bits, index))
print("CHECK: interpreter and jit agree")
