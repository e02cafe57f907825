// Every class of malformed .npy input is rejected by ascreg-run with one
// message that names the file and what is wrong, and a non-zero exit (never a
// crash, a huge allocation or a silently wrapped size). The files are made by
// the generator below (plain Python, no numpy); each one is a well-formed
// header with exactly one defect.
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %t/mkbad.py %t

// Sanity: the generator's well-formed files are accepted (versions 1.0 and
// 2.0); any rank is accepted and flattened in C order (a 0-d array is one
// element, a zero dimension makes an empty array whatever the others are).
// RUN: ascreg-run %t/kernel.mlir --arg=%t/good.npy --print | FileCheck %s --check-prefix=GOOD
// GOOD: arg0: memref<?xf32> (4 elements) = [1, 2, 3, 4]
// RUN: ascreg-run %t/kernel.mlir --arg=%t/good2d.npy --print | FileCheck %s --check-prefix=GOOD2D
// GOOD2D: arg0: memref<?xf32> (8 elements) = [0, 1, 2, 3, 4, 5, 6, 7]
// RUN: ascreg-run %t/kernel.mlir --arg=%t/good0d.npy --print | FileCheck %s --check-prefix=GOOD0D
// GOOD0D: arg0: memref<?xf32> (1 elements) = [7.5]
// RUN: ascreg-run %t/kernel.mlir --arg=%t/good-v2.npy --print | FileCheck %s --check-prefix=GOOD
// RUN: ascreg-run %t/kernel.mlir --arg=%t/empty-dim.npy --print | FileCheck %s --check-prefix=EMPTYDIM
// EMPTYDIM: arg0: memref<?xf32> (0 elements) = []

// Byte size wraps: (2^62 + 2) elements x 4 bytes = 2^64 + 8, which wrapped to
// the 8 bytes the file has.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/wrap-bytes.npy 2>&1 | FileCheck %s --check-prefix=WRAPBYTES
// WRAPBYTES: ascreg-run: error: bad .npy file '{{.*}}wrap-bytes.npy': shape (4611686018427387906,) of <f4 has 4611686018427387906 elements of 4 bytes: the byte size overflows 64 bits

// Element count wraps: 2^32 x 2^32 = 2^64, which wrapped to an empty array.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/wrap-count.npy 2>&1 | FileCheck %s --check-prefix=WRAPCOUNT
// WRAPCOUNT: ascreg-run: error: bad .npy file '{{.*}}wrap-count.npy': the element count of shape (4294967296, 4294967296) overflows 64 bits

// A huge shape that does not wrap (2^61 + 1 elements = 2^63 + 4 bytes) over 8 data bytes.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/huge.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: ascreg-run: error: bad .npy file '{{.*}}huge.npy': shape (2305843009213693953,) of <f4 needs 9223372036854775812 data bytes, the file has 8: the data is truncated

// A dimension above 2^63-1, and one that does not fit 64 bits at all.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dim-int64.npy 2>&1 | FileCheck %s --check-prefix=DIMINT64
// DIMINT64: ascreg-run: error: bad .npy file '{{.*}}dim-int64.npy': shape dimension 9223372036854775808 in (9223372036854775808,) exceeds 2^63-1
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dim-u64.npy 2>&1 | FileCheck %s --check-prefix=DIMU64
// DIMU64: ascreg-run: error: bad .npy file '{{.*}}dim-u64.npy': shape dimension 18446744073709551616 does not fit in 64 bits

// A negative dimension.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/negative.npy 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: ascreg-run: error: bad .npy file '{{.*}}negative.npy': negative shape dimension in (-4,)

// Data shorter than shape x itemsize.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/short-data.npy 2>&1 | FileCheck %s --check-prefix=SHORTDATA
// SHORTDATA: ascreg-run: error: bad .npy file '{{.*}}short-data.npy': shape (4,) of <f4 needs 16 data bytes, the file has 12: the data is truncated

// Trailing bytes after the data (rejected on purpose: numpy would ignore them).
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/trailing.npy 2>&1 | FileCheck %s --check-prefix=TRAIL
// TRAIL: ascreg-run: error: bad .npy file '{{.*}}trailing.npy': shape (4,) of <f4 needs 16 data bytes, the file has 20: 4 trailing bytes after the data

// An absurd header length (version 2.0, 0xFFFFFFFF bytes).
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/header-len.npy 2>&1 | FileCheck %s --check-prefix=HDRLEN
// HDRLEN: ascreg-run: error: bad .npy file '{{.*}}header-len.npy': header length 4294967295 exceeds the limit of 10000 bytes

// A header cut short by the end of the file.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/header-cut.npy 2>&1 | FileCheck %s --check-prefix=HDRCUT
// HDRCUT: ascreg-run: error: bad .npy file '{{.*}}header-cut.npy': truncated header: the preamble declares 118 header bytes, the file has 40 after the preamble

// A preamble cut short (magic and version only), and an empty file.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/preamble-cut.npy 2>&1 | FileCheck %s --check-prefix=PRECUT
// PRECUT: ascreg-run: error: bad .npy file '{{.*}}preamble-cut.npy': truncated preamble: the file has 8 bytes, a .npy file has at least 10 before its header
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/empty.npy 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: ascreg-run: error: bad .npy file '{{.*}}empty.npy': empty file (missing the \x93NUMPY magic)

// An unknown format version.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/version.npy 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: ascreg-run: error: bad .npy file '{{.*}}version.npy': unsupported format version 4.0 (supported: 1.0, 2.0, 3.0)

// Malformed dicts: a missing comma, not a dict, text after the dict.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dict-comma.npy 2>&1 | FileCheck %s --check-prefix=DICTCOMMA
// DICTCOMMA: ascreg-run: error: bad .npy file '{{.*}}dict-comma.npy': malformed header dict: expected ',' or '}' after the value of 'descr' at byte 16, found ''fortran_ord'
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/not-dict.npy 2>&1 | FileCheck %s --check-prefix=NOTDICT
// NOTDICT: ascreg-run: error: bad .npy file '{{.*}}not-dict.npy': malformed header dict: expected '{' opening the header dict at byte 0, found '[('descr', ''
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/after-dict.npy 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: ascreg-run: error: bad .npy file '{{.*}}after-dict.npy': unexpected text after the header dict at byte 57: 'garbage'

// Keys: one missing, one twice, one unknown.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/no-shape.npy 2>&1 | FileCheck %s --check-prefix=NOSHAPE
// NOSHAPE: ascreg-run: error: bad .npy file '{{.*}}no-shape.npy': header dict lacks the key 'shape'
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dup-key.npy 2>&1 | FileCheck %s --check-prefix=DUP
// DUP: ascreg-run: error: bad .npy file '{{.*}}dup-key.npy': duplicate key 'shape' in the header dict
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/extra-key.npy 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: ascreg-run: error: bad .npy file '{{.*}}extra-key.npy': unexpected key 'align' in the header dict (expected 'descr', 'fortran_order' and 'shape')

// fortran_order: True is rejected, and so is anything but True / False.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/fortran.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: ascreg-run: error: bad .npy file '{{.*}}fortran.npy': Fortran-order arrays (fortran_order: True) are not supported (use C order)
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/fortran-int.npy 2>&1 | FileCheck %s --check-prefix=FORTRANINT
// FORTRANINT: ascreg-run: error: bad .npy file '{{.*}}fortran-int.npy': 'fortran_order' must be True or False, got 0

// Shapes that are not tuples: an integer, and (N) without the comma.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/shape-int.npy 2>&1 | FileCheck %s --check-prefix=SHAPEINT
// SHAPEINT: ascreg-run: error: bad .npy file '{{.*}}shape-int.npy': 'shape' must be a tuple of non-negative integers, got 4
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/shape-paren.npy 2>&1 | FileCheck %s --check-prefix=SHAPEPAREN
// SHAPEPAREN: ascreg-run: error: bad .npy file '{{.*}}shape-paren.npy': malformed shape: a one-dimensional shape is written (N,), not (N)

// Unsupported dtypes: complex, a 3-byte int, big-endian, structured.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dtype-complex.npy 2>&1 | FileCheck %s --check-prefix=COMPLEX
// COMPLEX: ascreg-run: error: bad .npy file '{{.*}}dtype-complex.npy': unsupported dtype '<c8': not an integer or float type
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dtype-i3.npy 2>&1 | FileCheck %s --check-prefix=I3
// I3: ascreg-run: error: bad .npy file '{{.*}}dtype-i3.npy': unsupported dtype '<i3': the element size must be 1, 2, 4 or 8 bytes (2, 4 or 8 for floats); supported: little-endian ('<', '=', or '|' for 1 byte) i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dtype-big.npy 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: ascreg-run: error: bad .npy file '{{.*}}dtype-big.npy': big-endian data ('>f4') is not supported
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/dtype-struct.npy 2>&1 | FileCheck %s --check-prefix=STRUCT
// STRUCT: ascreg-run: error: bad .npy file '{{.*}}dtype-struct.npy': 'descr' must be a dtype string such as '<f4', got [('a', '<f4')] (structured dtypes are not supported)

//--- kernel.mlir
func.func @kernel(%buf: memref<?xf32>) {
  return
}

//--- mkbad.py
import struct
import sys

out = sys.argv[1]


def header_bytes(text, version=1):
    """The dict text padded with spaces and a newline so that the data
    starts at a multiple of 64 bytes, as numpy writes it."""
    pre = 10 if version == 1 else 12
    pad = (64 - (pre + len(text) + 1) % 64) % 64
    return (text + " " * pad + "\n").encode("latin1")


def npy(name, text, data=b"", version=(1, 0), length=None, raw_header=None):
    """Writes OUT/name: preamble, header (`text` padded, or `raw_header` as
    is), data. `length` overrides the header length field."""
    hdr = raw_header if raw_header is not None else header_bytes(text, version[0])
    n = len(hdr) if length is None else length
    pre = b"\x93NUMPY" + bytes(version)
    pre += struct.pack("<H", n) if version[0] == 1 else struct.pack("<I", n)
    with open("%s/%s" % (out, name), "wb") as f:
        f.write(pre + hdr + data)


def d(descr="'<f4'", fortran="False", shape="(4,)"):
    return "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, shape)


f4 = lambda *v: struct.pack("<%df" % len(v), *v)

# Well-formed files.
npy("good.npy", d(), f4(1, 2, 3, 4))
npy("good-v2.npy", d(), f4(1, 2, 3, 4), version=(2, 0))
npy("good2d.npy", d(shape="(2, 4)"), f4(*range(8)))
npy("good0d.npy", d(shape="()"), f4(7.5))
npy("empty-dim.npy", d(shape="(0, 4611686018427387906)"))

# Sizes.
npy("wrap-bytes.npy", d(shape="(4611686018427387906,)"), b"\0" * 8)  # (2^62+2) * 4 = 2^64 + 8
npy("wrap-count.npy", d(shape="(4294967296, 4294967296)"))           # 2^32 * 2^32 = 2^64
npy("huge.npy", d(shape="(2305843009213693953,)"), b"\0" * 8)        # (2^61+1) * 4 = 2^63 + 4
npy("dim-int64.npy", d(shape="(9223372036854775808,)"))
npy("dim-u64.npy", d(shape="(18446744073709551616,)"))
npy("negative.npy", d(shape="(-4,)"))
npy("short-data.npy", d(), f4(1, 2, 3))
npy("trailing.npy", d(), f4(1, 2, 3, 4) + b"junk")

# Preamble and header framing.
npy("header-len.npy", d(), f4(1, 2, 3, 4), version=(2, 0), length=0xFFFFFFFF)
npy("header-cut.npy", d(), length=118, raw_header=header_bytes(d())[:40])
with open(out + "/preamble-cut.npy", "wb") as f:
    f.write(b"\x93NUMPY\x01\x00")
open(out + "/empty.npy", "wb").close()
npy("version.npy", d(), f4(1, 2, 3, 4), version=(4, 0))

# Dict syntax and keys.
npy("dict-comma.npy", "{'descr': '<f4' 'fortran_order': False, 'shape': (4,), }", f4(1, 2, 3, 4))
npy("not-dict.npy", "[('descr', '<f4'), ('fortran_order', False), ('shape', (4,))]", f4(1, 2, 3, 4))
npy("after-dict.npy", d() + " garbage", f4(1, 2, 3, 4))
npy("no-shape.npy", "{'descr': '<f4', 'fortran_order': False, }", f4(1, 2, 3, 4))
npy("dup-key.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'shape': (2,), }", f4(1, 2, 3, 4))
npy("extra-key.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'align': True, }", f4(1, 2, 3, 4))
npy("fortran.npy", d(fortran="True"), f4(1, 2, 3, 4))
npy("fortran-int.npy", d(fortran="0"), f4(1, 2, 3, 4))
npy("shape-int.npy", d(shape="4"), f4(1, 2, 3, 4))
npy("shape-paren.npy", d(shape="(4)"), f4(1, 2, 3, 4))

# dtypes.
npy("dtype-complex.npy", d(descr="'<c8'"), f4(1, 2, 3, 4, 5, 6, 7, 8))
npy("dtype-i3.npy", d(descr="'<i3'"), b"\0" * 12)
npy("dtype-big.npy", d(descr="'>f4'"), f4(1, 2, 3, 4))
npy("dtype-struct.npy", d(descr="[('a', '<f4')]"), f4(1, 2, 3, 4))
