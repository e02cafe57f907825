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
import struct
import sys

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
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, len(values))
    pad = (64 - (10 + len(header) + 1) % 64) % 64
    header = header + " " * pad + "\n"
    with open(out, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(b"".join(struct.pack("<" + fmt, v) for v in values))


if __name__ == "__main__":
    main()
