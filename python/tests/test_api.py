"""The ascreg Python API: loading, running, modes, dtypes, errors, emission.

Expected values are computed by hand (or with plain numpy on obviously-correct
inputs), never by the code under test.
"""
import os
import subprocess
import threading

import numpy as np
import pytest

import ascreg
from conftest import CONFORMANCE, EXAMPLES, ROOT

ARGMAX = os.path.join(EXAMPLES, "argmax.mlir")
REDUCE_MAX_F32 = os.path.join(CONFORMANCE, "reduce_max_f32_f32.mlir")
REDUCE_SUM_F16 = os.path.join(CONFORMANCE, "reduce_sum_f16_f16.mlir")
GATHER_F32 = os.path.join(CONFORMANCE, "gather_f32_f32_u32.mlir")
GATHER_BF16 = os.path.join(CONFORMANCE, "gather_bf16_bf16_u16.mlir")
MODES = ["interp", "jit", "check"]

DUP_F16 = """\
module {
  func.func @dup(%dst: memref<128xf16>, %s: f16) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %v = ascreg.duplicate %s : f16 -> !ascreg.vreg<128xf16>
    ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
}
"""


@pytest.fixture(scope="module")
def reduce_max():
    return ascreg.load(REDUCE_MAX_F32)


# --------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------
def test_load_file_signature():
    k = ascreg.load(ARGMAX)
    assert k.entry == "kernel"
    assert [p.name for p in k.params] == ["%x", "%val", "%idx", "%n"]
    assert [p.type for p in k.params] == ["memref<?xf32>", "memref<64xf32>", "memref<64xi32>",
                                          "i32"]
    assert [p.is_buffer for p in k.params] == [True, True, True, False]
    assert [p.size for p in k.params] == [None, 64, 64, None]
    assert k.params[0].dtypes == (np.dtype(np.float32),)
    assert k.params[2].dtypes == (np.dtype(np.int32), np.dtype(np.uint32))   # signless i32
    assert k.params[3].dtypes == ()
    assert k.params[1].location == (ARGMAX, 12, 40)
    assert "@kernel(%x: memref<?xf32>" in repr(k)
    assert k.num_instructions > 0


def test_load_pathlike_and_string_same_kernel(reduce_max):
    import pathlib
    k1 = ascreg.load(pathlib.Path(REDUCE_MAX_F32))
    with open(REDUCE_MAX_F32) as f:
        k2 = ascreg.loads(f.read(), name="reduce_max.mlir")
    assert k2.source_name == "reduce_max.mlir"
    src = np.array([3.0, -1.0, 7.5, 7.5] + [0.0] * 60, dtype=np.float32)
    out1 = np.zeros(64, dtype=np.float32)
    out2 = np.zeros(64, dtype=np.float32)
    k1(src, out1, 4, 1)
    k2(src, out2, 4, 1)
    # max 7.5, first index 2 (bits of 2 in lane 1), zeros elsewhere
    expect = np.zeros(64, dtype=np.float32)
    expect[0] = 7.5
    expect.view(np.uint32)[1] = 2
    assert out1.tobytes() == expect.tobytes()
    assert out2.tobytes() == expect.tobytes()


def test_entry_selection():
    text = DUP_F16.replace("module {", "module {\n  func.func @other() { return }")
    with pytest.raises(ascreg.ArgumentError) as e:
        ascreg.loads(text)
    assert "@other" in str(e.value) and "@dup" in str(e.value) and "entry=" in str(e.value)
    assert ascreg.loads(text, entry="dup").entry == "dup"
    with pytest.raises(ascreg.ArgumentError, match="no function @nope"):
        ascreg.loads(text, entry="nope")
    assert ascreg.loads(DUP_F16).entry == "dup"            # the only function


def test_load_missing_file():
    with pytest.raises(ascreg.LoadError) as e:
        ascreg.load("/nonexistent/k.mlir")
    assert isinstance(e.value, OSError)
    assert "/nonexistent/k.mlir" in str(e.value)


def test_parse_error_has_location():
    text = "module {\n  func.func @k(%a: memref<?xf32>) {\n    %x = ascreg.bogus %a\n" \
           "    return\n  }\n}\n"
    with pytest.raises(ascreg.ParseError) as e:
        ascreg.loads(text, name="bad.mlir")
    err = e.value
    assert isinstance(err, ascreg.Error) and isinstance(err, SyntaxError)
    assert (err.file, err.line) == ("bad.mlir", 3)
    assert err.column > 0
    assert str(err).startswith("bad.mlir:3:%d: error: " % err.column)
    assert "ascreg.bogus" in str(err)
    assert err.diagnostics[0].severity == "error"
    assert err.diagnostics[0].location == "bad.mlir:3:%d" % err.column


def test_huge_result_number_is_a_parse_error_not_an_abort():
    # MLIR's parser would allocate 2^31 placeholders for this forward
    # reference and abort the process ("LLVM ERROR: out of memory").
    text = "func.func @k() {\n  %x = arith.addi %v#2147483647, %v#0 : i32\n  return\n}\n"
    with pytest.raises(ascreg.ParseError) as e:
        ascreg.loads(text, name="huge.mlir")
    assert (e.value.file, e.value.line, e.value.column) == ("huge.mlir", 2, 19)
    assert "result number 2147483647 of %v is larger than 65535" in str(e.value)


def test_deep_nesting_is_a_parse_error_not_a_stack_overflow():
    # MLIR's recursive-descent parser overflows the stack on 7,000 nested
    # brackets (SIGSEGV, the Python process with it).
    text = "func.func @k() {\n  %c = arith.constant " + "[" * 7000 + "1" + "]" * 7000 + \
        " : i32\n  return\n}\n"
    with pytest.raises(ascreg.ParseError) as e:
        ascreg.loads(text, name="deep.mlir")
    # The 257th bracket: the function's { and 256 [.
    assert (e.value.file, e.value.line, e.value.column) == ("deep.mlir", 2, 278)
    assert "brackets nest more than 256 deep" in str(e.value)


def test_affine_operator_runs_are_a_parse_error_not_a_stack_overflow():
    # MLIR's affine parser recurses once per operator: 10,000 unary minus or
    # 80,000 terms killed the process.
    for expr, column in (("-" * 10000 + "d0", 282), ("d0 + " * 80000 + "d0", 1309)):
        text = "#m = affine_map<(d0) -> (%s)>\nfunc.func @k() attributes {m = #m} {\n  return\n}\n" \
            % expr
        with pytest.raises(ascreg.ParseError) as e:
            ascreg.loads(text, name="affine.mlir")
        assert (e.value.file, e.value.line, e.value.column) == ("affine.mlir", 1, column)
        assert "affine expression has more than 256 operators pending" in str(e.value)


def test_a_deep_pipeline_is_a_pass_error_not_a_stack_overflow():
    # mlir::parsePassPipeline recursed per level: 200,000 killed the process.
    deep = "any(" * 200000 + "cse" + ")" * 200000
    kernel = "func.func @k(%b: memref<?xf32>) {\n  return\n}\n"
    with pytest.raises(ascreg.PassError, match="nests more than 256 deep"):
        ascreg.loads(kernel, pipeline=deep)
    k = ascreg.loads(kernel)
    with pytest.raises(ascreg.Error, match="nests more than 256 deep"):
        k.bisect(deep, np.zeros(4, np.float32))


def test_verify_error_names_legal_set():
    text = """\
module {
  func.func @k(%src: memref<?xf16>, %dst: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %r = ascreg.reduce <sum> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xi32>
    return
  }
}
"""
    with pytest.raises(ascreg.VerifyError) as e:
        ascreg.loads(text, name="illegal.mlir")
    err = e.value
    assert (err.file, err.line) == ("illegal.mlir", 6)
    assert "illegal.mlir:6:" in str(err) and "error:" in str(err)
    assert "ascreg.reduce" in str(err)


def test_bad_pipeline():
    with pytest.raises(ascreg.PassError, match="no-such-pass"):
        ascreg.load(REDUCE_MAX_F32, pipeline="no-such-pass")


# --------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_argmax_modes(mode):
    k = ascreg.load(ARGMAX)
    x = np.zeros(128, dtype=np.float32)
    x[[3, 70, 100]] = [5.0, 9.0, 9.0]                # max 9 first at 70
    val = np.full(64, -1.0, dtype=np.float32)
    idx = np.full(64, -1, dtype=np.int32)
    k(x, val, idx, 128, mode=mode)
    assert val[0] == 9.0 and idx[0] == 70
    assert (val[1:] == -1.0).all() and (idx[1:] == -1).all()     # VL1 stores: lane 0 only
    # A count that stops before lane 70: max 5 at 3.
    k(x, val, idx, 70, mode=mode)
    assert val[0] == 5.0 and idx[0] == 3


def test_run_method_and_bad_mode(reduce_max):
    src = np.ones(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    reduce_max.run(src, dst, 64, 1, mode="jit")
    assert dst[0] == 1.0 and dst.view(np.uint32)[1] == 0
    with pytest.raises(ValueError, match="mode must be"):
        reduce_max.run(src, dst, 64, 1, mode="fast")


def test_in_place_no_copy(reduce_max):
    """The engine writes the caller's array (any C-contiguous shape), not a copy."""
    src = np.arange(128, dtype=np.float32).reshape(2, 64)
    dst = np.zeros((2, 64), dtype=np.float32)
    view = dst.reshape(-1)                          # shares memory with dst
    reduce_max(src, dst, 128, 2)
    assert view[0] == 63.0 and view.view(np.uint32)[1] == 63
    assert view[64] == 127.0 and view.view(np.uint32)[65] == 63
    assert reduce_max.executed_instructions > 0


def test_scalars_numpy_and_python(reduce_max):
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    reduce_max(src, dst, np.int64(10), np.uint8(1))
    assert dst[0] == 9.0
    reduce_max(src, dst, 0xFFFFFFFF, 1)             # u32 range accepted: all lanes
    assert dst[0] == 63.0
    reduce_max(src, dst, -1, 1)                     # i32 -1 == 0xFFFFFFFF
    assert dst[0] == 63.0


def test_f16_buffers_and_sum():
    k = ascreg.load(REDUCE_SUM_F16)
    src = np.zeros(128, dtype=np.float16)
    src[:4] = [1.5, 2.25, -0.75, 0.5]
    dst = np.full(128, 7, dtype=np.float16)
    k(src, dst, 4, 1, mode="check")
    assert dst[0] == np.float16(3.5)
    assert (dst[1:] == 0).all()                     # the whole register is stored


def test_f16_scalar_rounding():
    k = ascreg.loads(DUP_F16)
    dst = np.zeros(128, dtype=np.float16)
    # 1 + 2^-11 + 2^-40 rounds up to 1 + 2^-10 (correctly rounded from the double;
    # rounding through float32 first would give the tie 1 + 2^-11 and then 1.0).
    k(dst, 1.0 + 2.0 ** -11 + 2.0 ** -40)
    assert dst.view(np.uint16)[0] == 0x3C01 and (dst.view(np.uint16) == 0x3C01).all()
    # A numpy float16 keeps its exact bits, NaN payload included.
    nan = np.array(0x7D55, dtype=np.uint16).view(np.float16)[()]
    k(dst, nan)
    assert (dst.view(np.uint16) == 0x7D55).all()
    k(dst, 70000.0)                                 # overflow: +inf, non-saturating
    assert (dst.view(np.uint16) == 0x7C00).all()


def test_bf16_buffers_as_uint16():
    k = ascreg.load(GATHER_BF16)
    assert k.params[0].dtypes == (np.dtype(np.uint16),)
    base = ascreg.bf16_from_float(np.array([1.0, -2.5, 3.0], dtype=np.float32))
    assert list(base) == [0x3F80, 0xC020, 0x4040]      # hand-encoded bf16
    index = np.zeros(128, dtype=np.uint16)
    index[:3] = [2, 0, 1]
    dst = np.full(128, 0xFFFF, dtype=np.uint16)
    k(base, index, dst, 3, 1, mode="check")
    assert list(dst[:4]) == [0x4040, 0x3F80, 0xC020, 0]
    assert list(ascreg.bf16_to_float(dst[:3])) == [3.0, 1.0, -2.5]
    with pytest.raises(ascreg.ArgumentError, match="uint16 \\(bf16 bit patterns\\)"):
        k(base.view(np.float16), index, dst, 3, 1)


def test_bf16_conversion_rounding():
    # 1 + 2^-8 is the tie between 1 and 1 + 2^-7: even -> 1.0 (0x3F80);
    # 1 + 3*2^-8 ties to 1 + 2^-6 (0x3F82); from float64 with a tiny excess: up.
    a = np.array([1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8], dtype=np.float32)
    assert list(ascreg.bf16_from_float(a)) == [0x3F80, 0x3F82]
    assert int(ascreg.bf16_from_float(np.float64(1 + 2.0 ** -8 + 2.0 ** -40))) == 0x3F81
    assert ascreg.dtype_of("bf16") == np.uint16 and ascreg.lanes("bf16") == 128
    assert ascreg.lanes("i64x2") == 64 and ascreg.lanes("u8") == 256


# --------------------------------------------------------------------------------------
# Argument errors: raised before anything runs, arrays untouched
# --------------------------------------------------------------------------------------
def _argmax_args():
    x = np.linspace(-1, 1, 128).astype(np.float32)
    return x, np.full(64, 5.0, dtype=np.float32), np.full(64, 5, dtype=np.int32)


def _untouched(val, idx):
    return (val == 5.0).all() and (idx == 5).all()


def test_wrong_dtype():
    k = ascreg.load(ARGMAX)
    x, val, idx = _argmax_args()
    with pytest.raises(ascreg.ArgumentError) as e:
        k(x.astype(np.float64), val, idx, 128)
    msg = str(e.value)
    assert "argument 0 (%x: memref<?xf32>)" in msg and "float32" in msg and "float64" in msg
    assert e.value.argument == 0 and e.value.line == 12
    assert isinstance(e.value, TypeError)
    assert _untouched(val, idx)


def test_wrong_shape():
    k = ascreg.load(ARGMAX)
    x, val, idx = _argmax_args()
    with pytest.raises(ascreg.ArgumentError) as e:
        k(x, val[:10].copy(), idx, 128)
    assert "argument 1 (%val: memref<64xf32>) needs 64 elements, got an array of shape (10,)" \
        in str(e.value)
    assert _untouched(val, idx)


def test_too_few_arguments():
    k = ascreg.load(ARGMAX)
    x, val, idx = _argmax_args()
    with pytest.raises(ascreg.ArgumentError) as e:
        k(x, val, idx)
    assert "@kernel takes 4 arguments (%x: memref<?xf32>, %val: memref<64xf32>, " \
           "%idx: memref<64xi32>, %n: i32), got 3" in str(e.value)
    assert _untouched(val, idx)


def test_layout_and_writeability():
    k = ascreg.load(ARGMAX)
    x, val, idx = _argmax_args()
    wide = np.zeros(256, dtype=np.float32)
    with pytest.raises(ascreg.ArgumentError, match="not C-contiguous"):
        k(wide[::2], val, idx, 128)
    ro = x.copy()
    ro.setflags(write=False)
    with pytest.raises(ascreg.ArgumentError, match="read-only"):
        k(ro, val, idx, 128)
    with pytest.raises(ascreg.ArgumentError, match="must be a numpy array of float32, got list"):
        k(list(x), val, idx, 128)
    with pytest.raises(ascreg.ArgumentError, match="share memory"):
        k(x, val, val.view(np.int32), 128)
    assert _untouched(val, idx)


def test_scalar_errors():
    k = ascreg.load(ARGMAX)
    x, val, idx = _argmax_args()
    with pytest.raises(ascreg.ArgumentError,
                       match=r"4294967296 does not fit in i32 \(signed or unsigned range\)"):
        k(x, val, idx, 2 ** 32)
    with pytest.raises(ascreg.ArgumentError, match="takes an integer, got float"):
        k(x, val, idx, 3.0)
    with pytest.raises(ascreg.ArgumentError, match="is a scalar parameter, got a numpy array"):
        k(x, val, idx, np.array([3]))
    assert _untouched(val, idx)


# --------------------------------------------------------------------------------------
# Runtime errors: at the op's location, arrays untouched
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_out_of_range_gather(mode):
    """An index outside the Unified Buffer stops the run. (Past the end of the base
    buffer but inside UB, a gather reads the neighbouring UB bytes, as on the NPU.)"""
    k = ascreg.load(GATHER_F32)
    base = np.arange(10, dtype=np.float32)
    index = np.zeros(64, dtype=np.uint32)
    index[5] = 100000                               # byte 400000: outside the 248 KiB UB
    dst = np.full(64, 42.0, dtype=np.float32)
    before = (base.copy(), index.copy(), dst.copy())
    with pytest.raises(ascreg.RunError) as e:
        k(base, index, dst, 64, 1, mode=mode)
    err = e.value
    assert isinstance(err, RuntimeError)
    assert (err.file, err.line) == (GATHER_F32, 14)
    assert str(err).startswith("%s:14:" % GATHER_F32)
    assert "'ascreg.gather' op gather index 100000 in lane 5" in str(err)
    assert "outside the Unified Buffer" in str(err)
    assert err.diagnostics[0].message.startswith("'ascreg.gather' op gather index 100000")
    for a, b in zip((base, index, dst), before):
        assert a.tobytes() == b.tobytes()
    # Lane 5 inactive: the same inputs are fine.
    k(base, index, dst, 5, 1, mode=mode)
    assert list(dst[:6]) == [0.0] * 6


def test_step_limit():
    k = ascreg.load(REDUCE_MAX_F32, max_steps=3)
    src = np.zeros(64 * 8, dtype=np.float32)
    dst = np.full(64 * 8, 1.0, dtype=np.float32)
    with pytest.raises(ascreg.RunError):
        k(src, dst, 64 * 8, 8)
    assert (dst == 1.0).all()


# --------------------------------------------------------------------------------------
# The dav-3510 path and Ascend C
# --------------------------------------------------------------------------------------
def test_dav_pipeline(reduce_max):
    dav = ascreg.load(REDUCE_MAX_F32, pipeline=ascreg.DAV_PIPELINE)
    assert dav.pipeline == "convert-ascreg-to-dav"
    assert "dav." in dav.mlir and "ascreg.reduce" not in dav.mlir
    lowered = reduce_max.lower("convert-ascreg-to-dav")
    assert "ascreg.reduce" in reduce_max.mlir            # the original is unchanged
    src = np.array([-3.0, -1.0, -7.5] + [0.0] * 61, dtype=np.float32)
    for k in (dav, lowered):
        dst = np.zeros(64, dtype=np.float32)
        k(src, dst, 3, 1)
        assert dst[0] == -1.0 and dst.view(np.uint32)[1] == 1


def test_ascendc(reduce_max):
    code = reduce_max.ascendc()
    assert isinstance(code, str)
    assert "__simd_vf__" in code and "vcmax" in code and "__ubuf__" in code


def test_ascendc_is_ascreg_translates(reduce_max, tools_dir):
    # One translation (ascreg::translateToAscendC) behind both: the same text,
    # and for a kernel it cannot translate the same located error.
    translate = os.path.join(tools_dir, "ascreg-translate")
    out = subprocess.run([translate, "--ascreg-to-ascendc", REDUCE_MAX_F32],
                         capture_output=True, text=True, check=True).stdout
    assert reduce_max.ascendc() == out
    branch = os.path.join(ROOT, "test", "Target", "AscendC", "cf-branch-error.mlir")
    tool = subprocess.run([translate, "--ascreg-to-ascendc", branch],
                          capture_output=True, text=True)
    assert tool.returncode != 0
    with pytest.raises(ascreg.CompileError) as e:
        ascreg.load(branch).ascendc()
    error = e.value.diagnostics[0]
    assert "unstructured control flow ('cf.br') has no Ascend C form" in error.message
    assert "%s:%d:%d: error: %s" % (branch, error.line, error.column, error.message) in tool.stderr


# --------------------------------------------------------------------------------------
# Threads: the GIL is released while a kernel runs; kernels are usable from threads
# --------------------------------------------------------------------------------------
def test_threads():
    k = ascreg.load(REDUCE_MAX_F32)
    errors = []

    def work(t):
        try:
            src = np.zeros(64, dtype=np.float32)
            src[t] = 1.0 + t
            dst = np.zeros(64, dtype=np.float32)
            for _ in range(200):
                k(src, dst, 64, 1)
                assert dst[0] == 1.0 + t and dst.view(np.uint32)[1] == t
        except Exception as e:                       # noqa: BLE001
            errors.append(e)
    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
