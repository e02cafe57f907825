"""ascreg.testing: property-based kernel tests (hypothesis) and pytest fixtures.

Strategies generate the values that break register kernels, per element type:
NaNs with payloads (quiet and signalling, both signs), +-0, subnormals,
infinities, the largest finite values, rounding ties, integer extremes; pools of
repeated values (ties for max/min); masks and tail counts; index registers in
and out of range. Every float value is generated as its bit pattern, so NaN
payloads survive and hypothesis shrinks towards +0 (bits 0).

:func:`assert_paths_agree` runs a kernel on every execution path (interpreter,
JIT, the dav-3510 lowering) on copies of the arguments, optionally against
expected outputs, and fails with a lane-level diff; inside a ``@given`` test
hypothesis shrinks the inputs to a minimal counterexample.

Fixtures (``pytest_plugins = ["ascreg.testing"]`` in a conftest.py):
``ascreg_load`` (cached kernel loading), ``ascreg_paths`` (the paths to
compare), ``assert_paths`` (:func:`assert_paths_agree`).

Requires Debian's python3-hypothesis (and python3-pytest for the fixtures).
"""

import math

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ascreg

__all__ = [
    "EDGE_CLASSES", "element_bits", "elements", "registers", "buffers", "tail_counts", "masks",
    "mask_register", "indices", "run_paths", "assert_paths_agree", "PathMismatch",
    "describe_bits", "DEFAULT_PATHS",
]

# --------------------------------------------------------------------------------------
# Element formats
# --------------------------------------------------------------------------------------
# (total bits, exponent bits, mantissa bits) of the float formats.
_FLOAT_FORMATS = {"f16": (16, 5, 10), "bf16": (16, 8, 7), "f32": (32, 8, 23), "f64": (64, 11, 52)}
_INT_BITS = {"i8": 8, "u8": 8, "i16": 16, "u16": 16, "i32": 32, "u32": 32, "i64": 64, "u64": 64}


def _base(element):
    return element[:-2] if element.endswith("x2") else element


def _uint_dtype(element):
    return np.dtype("u%d" % ascreg.dtype_of(element).itemsize)


#: Edge classes per element kind (the names accepted by ``classes=``).
EDGE_CLASSES = {
    "float": ("zero", "negzero", "normal", "small_int", "one", "tie", "subnormal", "min_normal",
              "max", "inf", "nan", "bits"),
    "int": ("zero", "one", "minus_one", "small", "min", "max", "min_plus_one", "max_minus_one",
            "bits"),
}


def _float_class(element, cls):
    """Strategy of bit patterns of one edge class of a float format."""
    total, ebits, mbits = _FLOAT_FORMATS[_base(element)]
    sign = 1 << (total - 1)
    emax = (1 << ebits) - 1
    expo = lambda e: e << mbits  # noqa: E731
    signs = st.sampled_from((0, sign))
    if cls == "zero":
        return st.just(0)
    if cls == "negzero":
        return st.just(sign)
    if cls == "one":
        return st.builds(lambda s: s | expo((1 << (ebits - 1)) - 1), signs)
    if cls == "small_int":                                # exactly representable -8..8
        return st.integers(-8, 8).map(lambda v: _encode_float(element, float(v)))
    if cls == "normal":
        return st.builds(lambda s, e, m: s | expo(e) | m, signs, st.integers(1, emax - 1),
                         st.integers(0, (1 << mbits) - 1))
    if cls == "tie":
        # 1.0, half an ulp of 1.0 and neighbours: sums that round to even.
        one = expo((1 << (ebits - 1)) - 1)
        half_ulp = expo((1 << (ebits - 1)) - 1 - mbits - 1)
        return st.sampled_from((one, half_ulp, one | 1, half_ulp | sign, one + (1 << mbits)))
    if cls == "subnormal":
        return st.builds(lambda s, m: s | m, signs, st.integers(1, (1 << mbits) - 1))
    if cls == "min_normal":
        return st.builds(lambda s: s | expo(1), signs)
    if cls == "max":
        return st.builds(lambda s: s | expo(emax - 1) | ((1 << mbits) - 1), signs)
    if cls == "inf":
        return st.builds(lambda s: s | expo(emax), signs)
    if cls == "nan":
        # Quiet and signalling NaNs, both signs, payloads at both ends.
        quiet = 1 << (mbits - 1)
        payload = st.one_of(st.just(quiet), st.just(1), st.just((1 << mbits) - 1),
                            st.integers(1, (1 << mbits) - 1))
        return st.builds(lambda s, p: s | expo(emax) | p, signs, payload)
    if cls == "bits":
        return st.integers(0, (1 << total) - 1)
    raise ValueError("unknown float class %r (known: %s)" % (cls, ", ".join(EDGE_CLASSES["float"])))


def _int_class(element, cls):
    nbits = _INT_BITS[_base(element)]
    mask = (1 << nbits) - 1
    signed = _base(element).startswith("i")
    lo = (1 << (nbits - 1)) if signed else 0                      # as bits
    hi = ((1 << (nbits - 1)) - 1) if signed else mask
    if cls == "zero":
        return st.just(0)
    if cls == "one":
        return st.just(1)
    if cls == "minus_one":
        return st.just(mask)
    if cls == "small":
        return st.integers(-5, 5).map(lambda v: v & mask)
    if cls == "min":
        return st.just(lo)
    if cls == "max":
        return st.just(hi)
    if cls == "min_plus_one":
        return st.just((lo + 1) & mask)
    if cls == "max_minus_one":
        return st.just((hi - 1) & mask)
    if cls == "bits":
        return st.integers(0, mask)
    raise ValueError("unknown integer class %r (known: %s)" % (cls, ", ".join(EDGE_CLASSES["int"])))


def _encode_float(element, value):
    base = _base(element)
    if base == "bf16":
        return int(ascreg.bf16_from_float(np.float64(value)))
    return int(np.array(value, dtype=ascreg.dtype_of(base)).view(_uint_dtype(base)))


def _is_float(element):
    return _base(element) in _FLOAT_FORMATS


def element_bits(element, classes=None):
    """Strategy of bit patterns (Python ints) of ``element`` ('f32', 'bf16', 'i16',
    'u64', ...), drawn from the edge ``classes`` (default: all of
    ``EDGE_CLASSES['float' | 'int']``). Shrinks towards 0 (+0.0 for floats)."""
    kind = "float" if _is_float(element) else "int"
    if _base(element) not in _FLOAT_FORMATS and _base(element) not in _INT_BITS:
        raise ValueError("unknown element type %r" % element)
    names = classes or EDGE_CLASSES[kind]
    make = _float_class if kind == "float" else _int_class
    return st.one_of(*[make(element, c) for c in names])


def elements(element, classes=None):
    """Strategy of numpy scalars of ``element`` (bf16: numpy.uint16 bit patterns)."""
    dt, ut = ascreg.dtype_of(element), _uint_dtype(element)
    return element_bits(element, classes).map(lambda b: np.array(b, dtype=ut).view(dt)[()])


def _bits_to_array(bits, element):
    return bits.view(ascreg.dtype_of(element))


def buffers(element, size, *, classes=None, ties=None):
    """Strategy of 1-D numpy arrays of ``element`` with ``size`` elements (an int or
    a strategy of ints). ``ties=True`` draws every element from a pool of 1-3
    values (repeated maxima, equal keys); ``None`` mixes both."""
    ut = _uint_dtype(element)
    bits = element_bits(element, classes)
    sizes = size if isinstance(size, st.SearchStrategy) else st.just(int(size))

    def free(n):
        return hnp.arrays(ut, n, elements=bits)

    def pooled(n):
        return st.lists(bits, min_size=1, max_size=3).flatmap(
            lambda pool: hnp.arrays(ut, n, elements=st.sampled_from(pool)))

    def make(n):
        if ties is True:
            return pooled(n)
        if ties is False:
            return free(n)
        return st.one_of(free(n), pooled(n))
    return sizes.flatmap(make).map(lambda a: _bits_to_array(a, element))


def registers(element, count=1, *, classes=None, ties=None, extra=0):
    """Strategy of arrays holding ``count`` registers of ``element`` (count x
    ascreg.lanes(element) elements, plus ``extra``); ``count`` may be a
    strategy. See :func:`buffers` for ``classes`` and ``ties``."""
    vl = ascreg.lanes(element)
    counts = count if isinstance(count, st.SearchStrategy) else st.just(int(count))
    return counts.flatmap(lambda c: buffers(element, c * vl + extra, classes=classes, ties=ties))


def tail_counts(element, registers=1):
    """Strategy of ``update_mask`` counts (u32) for ``registers`` registers of
    ``element``: 0, 1, 2, VL-1, VL, VL+1, a register boundary, the total, beyond
    the data, 0xFFFFFFFF, and any count in between. Shrinks towards 0."""
    vl = ascreg.lanes(element)
    total = vl * registers
    edges = sorted({0, 1, 2, vl - 1, vl, vl + 1, total - 1, total, total + 1, 0xFFFFFFFF})
    return st.one_of(st.integers(0, total + 1), st.sampled_from(edges))


def masks(element, *, min_active=0):
    """Strategy of lane masks: bool arrays of ascreg.lanes(element) lanes
    (prefixes, all, none, single lanes and arbitrary patterns)."""
    vl = ascreg.lanes(element)

    def prefix(n):
        return np.arange(vl) < n

    def single(i):
        m = np.zeros(vl, dtype=bool)
        m[i] = True
        return m
    return st.one_of(
        st.integers(min_active, vl).map(prefix),
        st.integers(0, vl - 1).map(single),
        hnp.arrays(np.bool_, vl),
    ).filter(lambda m: int(m.sum()) >= min_active)


def mask_register(mask, element):
    """A register of ``element`` holding 1 in the active lanes of ``mask`` and 0
    elsewhere: a kernel turns it into a mask with ``ascreg.compare <ne>`` against
    zero (kernels take masks as data this way)."""
    dt = ascreg.dtype_of(element)
    if _base(element) == "bf16":
        return np.where(mask, np.uint16(0x3F80), np.uint16(0)).astype(np.uint16)
    return np.asarray(mask).astype(dt)


def indices(index_element, count, base_size, *, in_range=True, outside_ub=False):
    """Strategy of index arrays (dtype of ``index_element``, e.g. 'u16', 'u32') with
    ``count`` elements for a gather from a base buffer of ``base_size`` elements.

    ``in_range=True``: every index < base_size (reaching base_size - 1);
    ``False``: at least one index >= base_size; ``None``: either.

    An index past the end of the base buffer but inside the Unified Buffer reads
    the neighbouring UB bytes, as on the NPU; one outside UB stops the run with
    an error. ``outside_ub=True`` makes every out-of-range index >= ascreg.UB_CAPACITY,
    outside UB whatever the element size (needs 32- or 64-bit indices)."""
    dt = ascreg.dtype_of(index_element)
    top = (1 << (8 * dt.itemsize)) - 1
    good = st.one_of(st.integers(0, base_size - 1), st.just(base_size - 1))
    if outside_ub:
        if top < ascreg.UB_CAPACITY:
            raise ValueError("%s indices cannot reach outside the Unified Buffer" % index_element)
        bad = st.one_of(st.just(ascreg.UB_CAPACITY), st.integers(ascreg.UB_CAPACITY, top),
                        st.just(top))
    else:
        bad = st.one_of(st.just(base_size), st.integers(base_size, min(top, base_size + 1024)),
                        st.just(top))
    if in_range is True:
        return hnp.arrays(dt, count, elements=good)
    if in_range is None:
        return hnp.arrays(dt, count, elements=st.one_of(good, bad))

    def plant(arr_pos_val):
        arr, pos, val = arr_pos_val
        arr = arr.copy()
        arr[pos % count] = val
        return arr
    return st.tuples(hnp.arrays(dt, count, elements=st.one_of(good, bad)),
                     st.integers(0, count - 1), bad).map(plant)


# --------------------------------------------------------------------------------------
# Running on every path
# --------------------------------------------------------------------------------------
#: interp: the interpreter; jit: the vector lowering + JIT; dav: the interpreter on
#: the kernel after convert-ascreg-to-dav (the NPU's intrinsic path).
DEFAULT_PATHS = ("interp", "jit", "dav")


def _dav_kernel(kernel):
    cached = getattr(kernel, "_ascreg_dav", None)
    if cached is None:
        cached = kernel.lower(ascreg.DAV_PIPELINE)
        kernel._ascreg_dav = cached
    return cached


def _copy_args(args):
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def run_paths(kernel, *args, paths=DEFAULT_PATHS):
    """Runs ``kernel`` on copies of ``args`` on each path. Returns {path: list of
    the arguments after the run} (arrays are the copies the path wrote; scalars
    as given), or {path: ascreg.RunError} for a path whose run failed. The
    caller's arrays are not touched."""
    out = {}
    for path in paths:
        a = _copy_args(args)
        try:
            if path in ("interp", "jit"):
                kernel.run(*a, mode=path)
            elif path == "dav":
                _dav_kernel(kernel).run(*a, mode="interp")
            else:
                raise ValueError("unknown path %r (interp, jit, dav)" % path)
        except ascreg.RunError as e:
            out[path] = e
            continue
        out[path] = a
    return out


def describe_bits(element, bits):
    """'0x3f800000 (1)': the bit pattern in hex and the value it encodes."""
    dt = ascreg.dtype_of(element)
    ut = _uint_dtype(element)
    h = "0x%0*x" % (2 * dt.itemsize, int(bits))
    v = np.array(int(bits), dtype=ut)
    if _base(element) == "bf16":
        val = float(ascreg.bf16_to_float(v))
    else:
        val = v.view(dt)[()]
    if _is_float(element):
        val = float(val)
        text = repr(val) if not (math.isnan(val) or math.isinf(val)) else str(val)
    else:
        text = str(int(val))
    return "%s (%s)" % (h, text)


def _is_nan_bits(element, b):
    if not _is_float(element):
        return False
    total, ebits, mbits = _FLOAT_FORMATS[_base(element)]
    emax = (1 << ebits) - 1
    return (b >> mbits) & emax == emax and b & ((1 << mbits) - 1) != 0


class PathMismatch(AssertionError):
    """Raised by assert_paths_agree. ``diffs``: list of (argument, element,
    register, lane, {source: bits}); ``failures``: {path: RunError}."""

    def __init__(self, message, diffs=(), failures=None):
        super().__init__(message)
        self.diffs = list(diffs)
        self.failures = dict(failures or {})


def _element_token(param):
    return param.element


def _format_args(kernel, args, limit=8):
    parts = []
    for p, a in zip(kernel.params, args):
        if isinstance(a, np.ndarray):
            flat = a.reshape(-1)
            shown = ", ".join(describe_bits(p.element, b).split(" ", 1)[1].strip("()")
                              for b in flat[:limit].view(_uint_dtype(p.element)))
            more = ", ... (%d elements)" % flat.size if flat.size > limit else ""
            parts.append("%s = [%s%s]" % (p.name, shown, more))
        else:
            parts.append("%s = %r" % (p.name, a))
    return ", ".join(parts)


def assert_paths_agree(kernel, *args, paths=DEFAULT_PATHS, expected=None, outputs=None,
                       nan="contract", max_lines=12):
    """Runs ``kernel`` on every path in ``paths`` (on copies of ``args``) and
    asserts that they agree bit for bit on every buffer argument, and with
    ``expected`` if given.

    expected: None; a callable taking copies of the arguments and returning
    {argument index: array} (or a list/tuple aligned with the buffer parameters);
    or such a dict directly. outputs: argument indices to compare (default: every
    buffer). nan: "contract" (NaN payloads compared wherever the semantics fixes
    them; two NaNs are equal only in the buffers ``Param.nan_payload_unspecified``
    names, as in ``mode="check"`` and ``ascreg-run --mode=check``), "bits"
    (payloads compared everywhere) or "any" (two NaNs are equal everywhere).

    Runs that fail must fail on every path (and expected must then be the
    exception class, e.g. ``expected=ascreg.RunError``). On a difference, raises
    PathMismatch with one line per differing lane: argument, element, register
    and lane, and every path's value. Returns {path: arguments after the run}.
    """
    if nan not in ("contract", "any", "bits"):
        raise ValueError("nan must be 'contract', 'any' or 'bits'")
    params = kernel.params
    results = run_paths(kernel, *args, paths=paths)
    failures = {p: r for p, r in results.items() if isinstance(r, Exception)}
    where = "@%s(%s)" % (kernel.entry, _format_args(kernel, args))
    if isinstance(expected, type) and issubclass(expected, BaseException):
        if len(failures) != len(results):
            ok = sorted(set(results) - set(failures))
            raise PathMismatch("%s: expected %s on every path, but %s succeeded"
                               % (where, expected.__name__, ", ".join(ok)), failures=failures)
        return results
    if failures:
        lines = ["%s: %s failed:" % (where, ", ".join(sorted(failures)))]
        for p, e in sorted(failures.items()):
            lines.append("  [%s] %s" % (p, str(e).splitlines()[0]))
        raise PathMismatch("\n".join(lines), failures=failures)

    sources = {}
    if expected is not None:
        exp = expected(*_copy_args(args)) if callable(expected) else expected
        if isinstance(exp, (list, tuple)):
            buf_idx = [p.index for p in params if p.is_buffer]
            exp = dict(zip(buf_idx, exp))
        sources["expected"] = exp
    for path, a in results.items():
        sources[path] = {p.index: a[p.index] for p in params if p.is_buffer}
    check = outputs if outputs is not None else [p.index for p in params if p.is_buffer]
    diffs = []
    for i in check:
        p = params[i]
        elem = p.element
        ut = _uint_dtype(elem)
        vl = ascreg.lanes(elem)
        views = {}
        for name, arrs in sources.items():
            if i not in arrs:
                continue
            arr = np.asarray(arrs[i])
            if arr.dtype != ascreg.dtype_of(elem) and not (arr.dtype.kind in "iu" and
                                                          arr.dtype.itemsize == ut.itemsize):
                arr = arr.astype(ascreg.dtype_of(elem))
            views[name] = np.ascontiguousarray(arr).reshape(-1).view(ut)
        names = list(views)
        if len(names) < 2:
            continue
        ref = views[names[0]]
        differ = np.zeros(ref.shape, dtype=bool)
        for n in names[1:]:
            differ |= views[n] != ref
        nan_equal = nan == "any" or (nan == "contract" and p.nan_payload_unspecified)
        if nan_equal and _is_float(elem) and differ.any():
            for e in np.nonzero(differ)[0]:
                vals = [int(views[n][e]) for n in names]
                if all(_is_nan_bits(elem, v) for v in vals):
                    differ[e] = False
        for e in np.nonzero(differ)[0]:
            e = int(e)
            diffs.append((i, e, e // vl, e % vl, {n: int(views[n][e]) for n in names}))
    if diffs:
        lines = ["%s: %d lane(s) differ:" % (where, len(diffs))]
        for (i, e, reg, lane, vals) in diffs[:max_lines]:
            p = params[i]
            lines.append("  argument %d (%s: %s) element %d = register %d lane %d: %s"
                         % (i, p.name, p.type, e, reg, lane,
                            ", ".join("%s %s" % (n, describe_bits(p.element, v))
                                      for n, v in vals.items())))
        if len(diffs) > max_lines:
            lines.append("  ... %d more" % (len(diffs) - max_lines))
        raise PathMismatch("\n".join(lines), diffs)
    return results


# --------------------------------------------------------------------------------------
# pytest fixtures (pytest_plugins = ["ascreg.testing"])
# --------------------------------------------------------------------------------------
try:
    import pytest as _pytest
except ImportError:                                             # pragma: no cover
    _pytest = None

if _pytest is not None:
    @_pytest.fixture(scope="session")
    def ascreg_load():
        """Loads kernels once per session: ascreg_load(path_or_text, entry=None,
        pipeline=None) -> ascreg.Kernel (text containing 'func.func' is MLIR)."""
        cache = {}

        def load(source, entry=None, pipeline=None):
            key = (str(source), entry, pipeline)
            if key not in cache:
                if isinstance(source, str) and "func.func" in source:
                    cache[key] = ascreg.loads(source, entry, pipeline)
                else:
                    cache[key] = ascreg.load(source, entry, pipeline)
            return cache[key]
        return load

    @_pytest.fixture
    def ascreg_paths():
        """The paths assert_paths compares (override the fixture to change them)."""
        return DEFAULT_PATHS

    @_pytest.fixture
    def assert_paths(ascreg_paths):
        """assert_paths_agree with the paths of the ascreg_paths fixture."""
        def check(kernel, *args, **kwargs):
            kwargs.setdefault("paths", ascreg_paths)
            return assert_paths_agree(kernel, *args, **kwargs)
        return check
