#!/usr/bin/env python3
"""Writes a 1-D .npy file without numpy (tests must not depend on the code
under test, nor on packages the project does not install).

  mknpy.py OUT.npy DTYPE EXPR
DTYPE: i1 u1 i2 u2 f2 i4 u4 f4 i8 u8 (little-endian), bf2 (bf16 bits as <u2)
EXPR:  a Python expression giving the list of values, e.g. "[i * 0.25 for i in range(64)]"
       (integers are wrapped to the width; 'nan', 'inf' available; for f2/f4
        values are rounded by struct's IEEE conversion, RNE).
"""
import math
import os
import struct
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npy_file  # noqa: E402

FMT = {"i1": "b", "u1": "B", "i2": "h", "u2": "H", "f2": "e", "i4": "i", "u4": "I", "f4": "f",
       "i8": "q", "u8": "Q", "bf2": "H"}


def main():
    out, dtype, expr = sys.argv[1], sys.argv[2], sys.argv[3]
    env = {"nan": float("nan"), "inf": float("inf"), "math": math, "struct": struct}
    values = list(eval(expr, env))
    fmt = FMT[dtype]
    size = struct.calcsize(fmt)
    if dtype == "bf2":
        def bf16(v):
            u = struct.unpack("<I", struct.pack("<f", v))[0]
            return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF  # RNE (no NaN inputs)
        values = [bf16(v) for v in values]
    elif fmt in "bBhHiIqQ":
        bits = size * 8
        values = [int(v) & ((1 << bits) - 1) for v in values]
        if fmt.islower():
            values = [v - (1 << bits) if v >= 1 << (bits - 1) else v for v in values]
    descr = ("|" if size == 1 else "<") + ("u" if dtype == "bf2" else dtype[0]) + str(size)
    npy_file.write(out, descr, len(values), b"".join(struct.pack("<" + fmt, v) for v in values))


if __name__ == "__main__":
    main()
