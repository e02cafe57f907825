#!/usr/bin/env python3
"""Seed corpora and dictionaries of the ascreg fuzz targets.

    make_seeds.py OUT_DIR

writes OUT_DIR/{npy,parse,interp,lower,options,import}/ (one seed per file) and
OUT_DIR/{npy,mlir,options,import}.dict (libFuzzer dictionaries):
  - npy: well-formed .npy files of every dtype ascreg reads (1.0/2.0/3.0
    headers, ranks 0-3, empty arrays) and the malformed classes of
    test/Interpreter/npy-errors.mlir;
  - parse, lower: every kernel and test case in the tree (examples/,
    test/Dialect, test/Conversion, test/Interpreter, test/Target, ...), split
    at `// -----` like the lit tests, plus random kernels of
    scripts/rdiff/gen_kernels.py (some with memref views and UB scratch),
    and affine maps and sets (the affine grammar: a recursion per operator
    in MLIR's parser), some at and past the parse limits of
    include/ascreg/Support/ParseLimits.h;
  - interp: the conformance and seed kernels and random kernels, each with
    argument bytes after the `//--ARGS--` separator (InterpFuzzer.cpp);
  - options: a selector byte (OptionsFuzzer.cpp) and a semantic-profile
    spelling (0), a profile JSON file (1) or a pass pipeline (2): the
    profiles and pipelines of the tests, every point and candidate of
    lib/Semantics/Profile.cpp, and nested pipelines at and past the limit;
  - mlir.dict: the op names, attribute and type syntax of the ascreg and dav
    dialects (read from the ODS files, so new ops are picked up), the
    upstream tokens kernels use and the affine grammar;
  - options.dict: profile points, candidates and JSON syntax, pass names and
    the pipeline grammar.
Standard library only.
"""
import glob
import hashlib
import os
import random
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "rdiff"))
import gen_kernels  # noqa: E402

MAX_SEED = 64 * 1024


def write(dirname, data):
    if isinstance(data, str):
        data = data.encode()
    os.makedirs(dirname, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(dirname, name), "wb") as f:
        f.write(data)


def npy_bytes(descr, shape, data, version=1):
    text = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, "(%s)" % (", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")))
    pre = 10 if version == 1 else 12
    pad = (64 - (pre + len(text) + 1) % 64) % 64
    hdr = (text + " " * pad + "\n").encode("latin1")
    head = b"\x93NUMPY" + bytes([version, 0])
    head += struct.pack("<H", len(hdr)) if version == 1 else struct.pack("<I", len(hdr))
    return head + hdr + data


def npy_seeds(out):
    rng = random.Random(1)
    for descr in ("<i1", "|i1", "<u1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8", "<f2",
                  "<f4", "<f8", "=f4"):
        size = int(descr[2:])
        for shape in ((), (0,), (1,), (7,), (64,), (2, 3), (2, 0, 5), (2, 2, 2)):
            n = 1
            for d in shape:
                n *= d
            for version in (1, 2, 3):
                if version != 1 and shape not in ((7,), ()):
                    continue
                write(out, npy_bytes(descr, shape, bytes(rng.getrandbits(8)
                                                         for _ in range(n * size)), version))
    # The defect classes of test/Interpreter/npy-errors.mlir.
    f4 = lambda *v: struct.pack("<%df" % len(v), *v)
    write(out, npy_bytes("<f4", (4611686018427387906,), b"\0" * 8))
    write(out, npy_bytes("<f4", (4294967296, 4294967296), b""))
    write(out, npy_bytes("<f4", (2305843009213693953,), b"\0" * 8))
    write(out, npy_bytes("<f4", (4,), f4(1, 2, 3)))
    write(out, npy_bytes("<f4", (4,), f4(1, 2, 3, 4) + b"junk"))
    write(out, npy_bytes(">f4", (4,), f4(1, 2, 3, 4)))
    write(out, npy_bytes("<c8", (4,), f4(*range(8))))
    write(out, b"\x93NUMPY\x01\x00")
    write(out, b"\x93NUMPY\x02\x00\xff\xff\xff\xff{}")


NPY_DICT = ["\\x93NUMPY", "{'descr': ", "'fortran_order': ", "'shape': ", "False", "True",
            "'<f4'", "'<f2'", "'<f8'", "'|u1'", "'|i1'", "'<u2'", "'<i2'", "'<i4'", "'<u4'",
            "'<i8'", "'<u8'", "'>f4'", "'=f4'", "(", ")", ",", ", }", "9223372036854775807",
            "18446744073709551615", "4294967296", "0L"]


def mlir_cases():
    """Every .mlir in the tree, split like lit's --split-input-file."""
    files = []
    for pattern in ("examples/**/*.mlir", "test/**/*.mlir"):
        files += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    for path in sorted(files):
        text = open(path, encoding="utf-8", errors="replace").read()
        for chunk in re.split(r"^// -----\s*$", text, flags=re.M):
            # lit-only lines are noise to the parser.
            lines = [l for l in chunk.splitlines()
                     if not re.match(r"\s*//\s*(RUN|CHECK|[A-Z0-9-]*:)", l)]
            case = "\n".join(lines).strip() + "\n"
            if 10 < len(case) <= MAX_SEED and ("func.func" in case or "module" in case):
                yield path, case


def mlir_dict():
    words = set()
    for td in glob.glob(os.path.join(ROOT, "include/ascreg/Dialect/**/*.td"), recursive=True):
        text = open(td).read()
        for m in re.finditer(r'AscReg_[A-Za-z]*Op<"([a-z_0-9]+)"', text):
            words.add("ascreg." + m.group(1))
        for m in re.finditer(r'Dav_[A-Za-z]*Op<"([a-z_0-9]+)"', text):
            words.add("dav." + m.group(1))
        for m in re.finditer(r'EnumAttrCase<"([A-Za-z_0-9]+)"', text):
            words.add("<%s>" % m.group(1))
            words.add(m.group(1))
    # Ops built from a prefix and a width (dav pset_bN, plt_bN ...).
    for w in sorted(list(words)):
        if w.endswith("_b"):
            for n in (8, 16, 32):
                words.add(w + str(n))
    for e in ("i8", "u8", "i16", "u16", "f16", "bf16", "i32", "u32", "f32", "i64", "u64"):
        words.add(e)
        n = 256 // gen_kernels.BYTES[e]
        words.add("!ascreg.vreg<%dx%s>" % (n, e))
        if gen_kernels.BYTES[e] == 8:
            words.add("!ascreg.vreg<%dx%s>" % (2 * n, e))
    words |= {"!ascreg.mask", "!ascreg.vreg<", "ascreg.target", '"dav-3510"', "memref<?x",
              "memref<", "xindex>", "xcomplex<f32>>", "si8", "ui8", "si16", "ui16", "si32",
              "ui32", "si64", "ui64", "f64", "index", "func.func @kernel(", "return",
              "arith.constant", "arith.addi", "arith.muli", "arith.subi", "arith.index_cast",
              "scf.for", "scf.yield", "scf.if", "scf.while", "iter_args(", "step", "to",
              "memref.alloc", "memref.load", "memref.store", "memref.dim", "cf.br",
              "mode merging", "mode zeroing", "for", " : ", " -> ", "%c0", "%c1", "[%c0]",
              "0x7FC00000", "0x7E00", "-1", "4294967295", "9223372036854775807",
              "module attributes {ascreg.target = \"dav-3510\"} {", "//--ARGS--"}
    # The kernel language's views and scratch (gen_kernels.py makes them too).
    words |= {"memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.alloca",
              "memref.dealloc", "strided<[1], offset: ?>", "strided<[1], offset: 0>",
              " [1] : ", "to offset: [", "sizes: [", "strides: [1]"}
    return sorted(words)


AFFINE_DICT = ["affine_map<", "affine_set<", "(d0)", "(d0, d1)", "[s0]", "[s0, s1]", " -> (",
               "d0", "d1", "s0", "floordiv", "ceildiv", "mod", " + ", " - ", " * ", "-", "(",
               ")", " >= 0", " == 0", "symbol(", "#map = ", "#map", "#set = ", "layout",
               "memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>"]


def affine_seeds():
    """Kernels with affine maps and sets, some at and past the limits."""
    head = "module attributes {ascreg.target = \"dav-3510\"} {\n"
    body = ("  func.func @kernel(%b0: memref<?xf32>, %b1: memref<16xf32, #map>, %n: index) {\n"
            "    return\n  }\n}\n")
    exprs = ["d0 * 4 + d1 floordiv 2 - (d1 mod 3) ceildiv 5", "-(-d0)", "d0 + s0 * 2"]
    exprs += [" - " * 255 + "d0", " + ".join(["d0"] * 257), "-" * 10000 + "d0",
              "d0" + " + d0" * 9000, "(" * 100 + "d0" + " + d0" * 100 + ")" * 100]
    for e in exprs:
        yield "#map = affine_map<(d0)[s0] -> (%s)>\n" % e.replace("d1", "d0") + head + body
    yield ("#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 16 >= 0, d0 <= 5, d0 mod 2 == 0)>\n"
           "module attributes {ascreg.target = \"dav-3510\"} {\n"
           "  func.func @kernel() attributes {s = #set} {\n    return\n  }\n}\n")


def profile_points():
    """{point: [candidates]} of lib/Semantics/Profile.cpp's table."""
    text = open(os.path.join(ROOT, "lib/Semantics/Profile.cpp")).read()
    arrays = {m.group(1): re.findall(r'\{"([a-z_0-9]+)", "', m.group(2))
              for m in re.finditer(r"const ProfileCandidate (\w+)\[\] = \{(.*?)\n\};", text,
                                   re.S)}
    return {m.group(1): arrays[m.group(2)]
            for m in re.finditer(r'\{"([a-z_.]+)", "O[-A-Z0-9]*",.*?ASCREG_CANDIDATES\((\w+)\)',
                                 text, re.S)}


def option_seeds():
    """Selector byte + text (fuzz/OptionsFuzzer.cpp)."""
    points = profile_points()
    spellings = ["documented", "documented, maxmin.nan = canonical,sum.rounding=round_once"]
    spellings += ["%s=%s" % (k, c) for k, cs in points.items() for c in cs]
    spellings.append(",".join("%s=%s" % (k, cs[-1]) for k, cs in points.items()))
    pipelines = set()
    for path in glob.glob(os.path.join(ROOT, "test/**/*"), recursive=True):
        if os.path.isfile(path):
            text = open(path, encoding="utf-8", errors="replace").read()
            for m in re.finditer(r"(?:pass|bisect)-pipeline=(?:'([^']*)'|\"([^\"]*)\"|([^ \"']+))",
                                 text):
                pipelines.add(next(g for g in m.groups() if g is not None))
    pipelines |= {"builtin.module(func.func(canonicalize{max-iterations=2},cse))",
                  "any(cse)", "builtin.module(any(canonicalize))",
                  "inline{default-pipeline=canonicalize op-pipelines=func.func(cse)}",
                  "any(" * 255 + "cse" + ")" * 255, "any(" * 300 + "cse" + ")" * 300}
    for sp in spellings:
        yield b"\x00" + sp.encode()
    yield b"\x01" + b'{"choices": {}}'
    yield b"\x01" + ('{"choices": {%s}, "unmatched": {}}' % ", ".join(
        '"%s": "%s"' % (k, cs[-1]) for k, cs in points.items())).encode()
    yield b"\x01" + b'{"choices": {"sum.rounding": "per_node", "sum.rounding": "round_once"}}'
    yield b"\x01" + b'{"choices": {"sum.rounding": "per_node\\u0000x"}}'
    yield b"\x01" + b'{"a": ' + b"[" * 300 + b"]" * 300 + b"}"
    for pl in sorted(pipelines):
        yield b"\x02" + pl.encode()


def options_dict():
    points = profile_points()
    words = set(points) | {c for cs in points.values() for c in cs}
    words |= {"documented", "=", ",", '{"choices": {', '"', '": "', '"}}', "\\u0000", "[", "{",
              "}", "]", "null", "true", "1e999"}
    text = open(os.path.join(ROOT, "include/ascreg/Conversion/Passes.td")).read()
    words |= set(re.findall(r'Pass<"([a-z0-9-]+)"', text))
    words |= {"builtin.module(", "func.func(", "any(", "(", ")", "{", "}", ",", "=", "'", '"',
              "canonicalize", "cse", "inline", "op-pipelines=", "default-pipeline=",
              "max-iterations=", "ascreg-lower-to-llvm", "runtime-checks=false"}
    return sorted(words)


IMPORT_DICT = ["__simd_vf__", "__simd_callee__", "__ubuf__", "__VEC_SCOPE__", "AscendC::Reg::",
               "RegTensor<float>", "RegTensor<int16_t>", "MaskReg", "UpdateMask<float>(",
               "CreateMask<float>()", "LoadAlign(", "StoreAlign(", "Add(", "Reduce<", "Cast<",
               "for (uint16_t i = 0; i < n; ++i)", "if (", "else", "return", "while", "goto",
               "template <typename T>", "constexpr", "uint32_t", "half", "&", "*", "[", "]"]


def import_seeds():
    """The C++ kernels of the examples and test/Import, their preprocessor
    lines dropped (ImportFuzzer.cpp adds the twin's include and skips inputs
    with a '#')."""
    paths = sorted(glob.glob(os.path.join(ROOT, "examples/regapi/**/*.asc"), recursive=True) +
                   glob.glob(os.path.join(ROOT, "test/Import/**/*.cpp"), recursive=True))
    for path in paths:
        text = open(path, encoding="utf-8").read()
        yield "".join(line for line in text.splitlines(True)
                      if not line.lstrip().startswith("#")).replace("#", "")


def dict_line(w):
    return '"%s"' % w.replace("\\", "\\\\").replace('"', '\\"')


def main():
    out = sys.argv[1]
    npy_seeds(os.path.join(out, "npy"))
    cases = list(mlir_cases())
    rng = random.Random(7)
    kernels = [gen_kernels.generate(99, i, 16) for i in range(40)]
    for _, case in cases:
        write(os.path.join(out, "parse"), case)
        write(os.path.join(out, "lower"), case)
    for k in kernels + list(affine_seeds()):
        write(os.path.join(out, "parse"), k)
        write(os.path.join(out, "lower"), k)
    for seed in option_seeds():
        write(os.path.join(out, "options"), seed)
    runnable = [c for p, c in cases if "/conformance/" in p or "/seeds/" in p
                or "argmax" in p] + kernels
    for k in runnable:
        for _ in range(3):
            args = bytes([2]) + bytes(rng.getrandbits(8) for _ in range(rng.choice([8, 64, 600])))
            write(os.path.join(out, "interp"), k.encode() + b"\n//--ARGS--\n" + args)
    for seed in import_seeds():
        write(os.path.join(out, "import"), seed)
    # Inputs that once crashed a target (fuzz/regressions/TARGET): seeds of
    # every fuzzing run, so the CI smoke test runs each of them.
    for target in ("npy", "parse", "interp", "lower", "options", "import"):
        for path in sorted(glob.glob(os.path.join(ROOT, "fuzz/regressions", target, "*"))):
            write(os.path.join(out, target), open(path, "rb").read())
    with open(os.path.join(out, "mlir.dict"), "w") as f:
        f.write("# ascreg/dav dialect tokens (fuzz/make_seeds.py, from the ODS files)\n")
        f.write("".join(dict_line(w) + "\n" for w in mlir_dict() + AFFINE_DICT))
    with open(os.path.join(out, "options.dict"), "w") as f:
        f.write("# profile and pass pipeline tokens (fuzz/make_seeds.py)\n")
        f.write("".join(dict_line(w) + "\n" for w in options_dict()))
    with open(os.path.join(out, "npy.dict"), "w") as f:
        f.write("# .npy header tokens (fuzz/make_seeds.py)\n")
        f.write("".join('"%s"\n' % w.replace('"', '\\"') for w in NPY_DICT))
    with open(os.path.join(out, "import.dict"), "w") as f:
        f.write("# Reg API C++ tokens (fuzz/make_seeds.py)\n")
        f.write("".join(dict_line(w) + "\n" for w in IMPORT_DICT))
    counts = {t: len(os.listdir(os.path.join(out, t))) for t in ("npy", "parse", "interp",
                                                                 "lower", "options", "import")}
    print("make_seeds: " + ", ".join("%s %d" % kv for kv in counts.items()))


if __name__ == "__main__":
    main()
