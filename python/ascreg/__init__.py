"""ascreg: Ascend 950 (dav-3510) register kernels, run bit-exactly on the CPU from numpy.

    import numpy as np, ascreg
    k = ascreg.load("examples/conformance/reduce_max_f32_f32.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    k(src, dst, 64, 1)                    # interpreter; results land in dst
    k(src, dst, 64, 1, mode="check")      # interpreter and JIT, compared bit for bit
    k.lower("convert-ascreg-to-dav")(src, dst, 64, 1)   # the dav-3510 intrinsic path
    print(k.ascendc())                    # Ascend C source
    r = k.debug(src, dst, 64, 1, trace=True, checks="all", explain=[(1, 0)])
    r.trace, r.findings, r.explanations   # structured data (ascreg.debugging)

Arrays are bound in place: the engine reads and writes the array's own memory
(through its Unified Buffer model, like the NPU's GM -> UB -> GM copies), so
they must be C-contiguous, writeable and of the parameter's dtype. See
docs/python.md.
"""

import operator as _operator
import os as _os

import numpy as _np

from . import errors
from . import debugging
from .debugging import (DebugReport, TraceEvent, TracedValue, Finding, Explanation,
                        ProvenanceNode)
from .errors import (Diagnostic, Error, LoadError, ParseError, VerifyError, PassError,
                     CompileError, ArgumentError, RunError, MismatchError)
from ._ascreg import Kernel, Param, semantics_version
from . import _ascreg

__all__ = [
    "load", "loads", "Kernel", "Param", "DAV_PIPELINE", "MODES", "UB_CAPACITY",
    "bf16_from_float", "bf16_to_float", "lanes", "dtype_of", "semantics_version", "semantic_points",
    "Diagnostic", "Error", "LoadError", "ParseError", "VerifyError", "PassError", "CompileError",
    "ArgumentError", "RunError", "MismatchError",
    "DebugReport", "TraceEvent", "TracedValue", "Finding", "Explanation", "ProvenanceNode",
]

#: The dav-3510 lowering (ascreg ops -> dav intrinsic ops), as run by
#: ``ascreg-run --pass-pipeline=convert-ascreg-to-dav``.
DAV_PIPELINE = "convert-ascreg-to-dav"
#: Execution modes of Kernel.run.
MODES = _ascreg.modes
#: Default usable Unified Buffer bytes (256 KiB minus 8 KiB for register spills).
UB_CAPACITY = _ascreg.default_ub_capacity


def _count(name, value):
    """An option that is a count of bytes or steps: an int in [0, 2**64)."""
    try:
        n = _operator.index(value)
    except TypeError:
        raise ArgumentError(f"{name}: expected an integer, got {type(value).__name__}") from None
    if not 0 <= n < 1 << 64:
        raise ArgumentError(f"{name}: {n} is not in [0, 2**64)")
    return n


def _options(ub_capacity, max_steps, jit_checks, jit_opt, semantics=None):
    o = _ascreg._Options()
    o.ub_capacity = _count("ub_capacity", ub_capacity)
    o.max_steps = _count("max_steps", max_steps)
    o.jit_checks = bool(jit_checks)
    o.jit_opt = _operator.index(jit_opt)  # 0-3, checked by the engine
    o.semantics = _semantics(semantics)
    return o


def _semantics(semantics):
    """A profile spelling from None (keep the module's), a name, a
    ``key=candidate,...`` string, a path, or a dict {key: candidate}."""
    if semantics is None:
        return ""
    if isinstance(semantics, dict):
        # Spelled key=candidate: a ',' or '=' inside one would set another point.
        for kv in semantics.items():
            if not all(isinstance(s, str) and "," not in s and "=" not in s for s in kv):
                raise ArgumentError("semantics: a point and its candidate are names without "
                                    "',' or '=', got %r: %r" % kv)
        return ",".join(["documented"] + ["%s=%s" % kv for kv in semantics.items()])
    if isinstance(semantics, (bytes, _os.PathLike)):
        return _os.fsdecode(semantics)
    return str(semantics)


def _pipeline(pipeline):
    if pipeline is None:
        return ""
    if isinstance(pipeline, str):
        return pipeline
    return ",".join(pipeline)


def load(path, entry=None, pipeline=None, *, ub_capacity=UB_CAPACITY, max_steps=1 << 32,
         jit_checks=True, jit_opt=2, semantics=None, function=None, defines=(),
         include_dirs=()):
    """Load a kernel from an ``.mlir`` file, or a Reg API C++ file (``.asc``,
    ``.cpp``) that ascreg-import translates (docs/import.md): ``function``
    picks its vector function, ``defines`` (``"N=4"``) and ``include_dirs``
    are the importer's -D and -I.

    The module is parsed and verified, ``pipeline`` (a pass pipeline string such
    as ``"convert-ascreg-to-dav"`` or a list of pass names) is run on it, and the
    entry function is compiled for the interpreter (the JIT compiles on first
    use). ``entry`` defaults to the only function with a body, else ``kernel``.

    Options: ``ub_capacity`` (usable UB bytes), ``max_steps`` (loop iterations
    and branches per run), ``jit_checks`` (the JIT's runtime checks of UB
    accesses and gather indices), ``jit_opt`` (LLVM optimization level 0-3),
    ``semantics`` (the semantic profile, docs/semantics.md section 8: a name
    such as ``"documented"``, a ``"key=candidate,..."`` string, a dict
    ``{"sum.rounding": "round_once"}`` or the path of a profile JSON file from
    ``ascreg-probe ingest``; recorded in the module before the pipeline, so the
    interpreter, the JIT and every lowering use it; None keeps the module's own
    ``ascreg.semantics``). :func:`semantic_points` lists the choices.

    Raises LoadError, ParseError, VerifyError, PassError, CompileError or
    ArgumentError (no such entry).
    """
    options = _options(ub_capacity, max_steps, jit_checks, jit_opt, semantics)
    options.cxx_function = function or ""
    options.cxx_defines = list(defines)
    options.cxx_include_dirs = [_os.fsdecode(d) for d in include_dirs]
    return _ascreg.load_file(_os.fsencode(path), entry, _pipeline(pipeline), options)


def loads(text, entry=None, pipeline=None, *, name="<string>", ub_capacity=UB_CAPACITY,
          max_steps=1 << 32, jit_checks=True, jit_opt=2, semantics=None):
    """Load a kernel from MLIR text; ``name`` is the file name diagnostics show.
    Otherwise as :func:`load`."""
    return _ascreg.load_string(text, entry, _pipeline(pipeline), name,
                               _options(ub_capacity, max_steps, jit_checks, jit_opt, semantics))


semantic_points = _ascreg.semantic_points


# --------------------------------------------------------------------------------------
# Element types
# --------------------------------------------------------------------------------------
_DTYPES = {
    "i8": _np.int8, "u8": _np.uint8, "i16": _np.int16, "u16": _np.uint16,
    "f16": _np.float16, "bf16": _np.uint16, "i32": _np.int32, "u32": _np.uint32,
    "f32": _np.float32, "i64": _np.int64, "u64": _np.uint64, "f64": _np.float64,
}


def dtype_of(element):
    """numpy dtype that holds ``element`` ('f32', 'bf16', 'u16', 'i64x2', ...):
    bf16 is uint16 (bit patterns)."""
    e = element[:-2] if element.endswith("x2") else element
    return _np.dtype(_DTYPES[e])


def lanes(element):
    """Lanes of one register value of ``element``: 256 bytes / element size,
    doubled for the two-register 64-bit form ('i64x2', 'u64x2')."""
    n = 256 // dtype_of(element).itemsize
    return 2 * n if element.endswith("x2") else n


def bf16_from_float(x):
    """bf16 bit patterns (a uint16 array) of float values, correctly rounded
    (round to nearest even; NaN stays NaN, quieted). float64 input is rounded
    once, not through float32."""
    a = _np.asarray(x)
    if a.dtype == _np.float64:
        return _ascreg.bf16_from_float64(a)
    return _ascreg.bf16_from_float32(a.astype(_np.float32, copy=False))


def bf16_to_float(bits):
    """float32 values of bf16 bit patterns (uint16 array or scalar); exact."""
    return _ascreg.bf16_to_float32(_np.asarray(bits, dtype=_np.uint16))
