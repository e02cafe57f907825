"""Reads and writes 1-D .npy files with the standard library alone: the
tests must not depend on the code under test, nor on packages the project
does not install (numpy is optional).

The one copy of the format for the test scripts (mknpy.py, conformance.py,
test/Import/Inputs/run_imported.py) and bench/interp_vs_jit.py.
fuzz/make_seeds.py keeps its own writer: it writes broken files on purpose.
"""
import ast
import struct

MAGIC = b"\x93NUMPY"


def write(path, descr, count, body):
    """A version 1.0 .npy file of `count` elements of dtype `descr` (as numpy
    spells it: '<f4', '|u1'), C order, whose element bytes are `body`."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, count)
    pad = (64 - (10 + len(header) + 1) % 64) % 64  # the data starts 64-byte aligned
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(MAGIC + b"\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(body)


def read(path):
    """(header, element bytes) of a .npy file of format version 1 to 3 in C
    order; header is its dictionary ('descr', 'fortran_order', 'shape').
    Raises ValueError for anything else."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != MAGIC or len(data) < 10:
        raise ValueError("%s: not a .npy file" % path)
    if data[6] == 1:
        size, start = struct.unpack("<H", data[8:10])[0], 10
    else:
        size, start = struct.unpack("<I", data[8:12])[0], 12
    try:
        header = ast.literal_eval(data[start:start + size].decode("latin1"))
    except (ValueError, SyntaxError):
        header = None
    if not isinstance(header, dict) or not {"descr", "shape"} <= header.keys():
        raise ValueError("%s: no .npy header" % path)
    if header.get("fortran_order"):
        raise ValueError("%s: in Fortran order" % path)
    return header, data[start + size:]
