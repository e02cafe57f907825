"""Float scalars given as decimal text (str or decimal.Decimal) are rounded
once, straight into the parameter's format (round to nearest, ties to even:
ascreg/Driver/Scalar.h), as ascreg-run --arg=TYPE:TEXT and the C API's
ascregParseScalar do.

Each decimal lies just above a tie of its format; the expected bits are the
next value up, worked out by hand: the tie is 1 + 2^-11 (f16), 1 + 2^-24
(f32), 1 + 2^-8 (bf16), so "just above" rounds to 1 + 2^-10 = 0x3C01,
1 + 2^-23 = 0x3F800001, 1 + 2^-7 = 0x3F81. Rounding through a double (and
f32) lands on the tie and rounds to even (0x3C00, 0x3F800000, 0x3F80).
"""
import decimal

import numpy as np
import pytest

import ascreg

KERNEL = """\
func.func @dup_{t}(%dst: memref<{n}x{t}>, %s: {t}) {{
  %c0 = arith.constant 0 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<{n}x{t}>
  %v = ascreg.duplicate %s : {t} -> !ascreg.vreg<{n}x{t}>
  ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<{n}x{t}>, memref<{n}x{t}>
  return
}}
"""
LANES = {"f16": 128, "bf16": 128, "f32": 64}
BITS = {"f16": np.uint16, "bf16": np.uint16, "f32": np.uint32}
BUFFER = {"f16": np.float16, "bf16": np.uint16, "f32": np.float32}

ABOVE_TIE = [
    ("f16", "1.00048828125000090949470177292823791503906250", 0x3C01),
    ("f32", "1.000000059604644776257986737988403547205962240695953369140625", 0x3F800001),
    ("bf16", "1.0039062500009094947017729282379150390625", 0x3F81),
]


def _bound(t, value, mode="interp"):
    k = ascreg.loads(KERNEL.format(t=t, n=LANES[t]))
    dst = np.zeros(LANES[t], dtype=BUFFER[t])
    k(dst, value, mode=mode)
    bits = set(dst.view(BITS[t]).tolist())
    assert len(bits) == 1, bits
    return bits.pop()


@pytest.mark.parametrize("t,text,want", ABOVE_TIE)
@pytest.mark.parametrize("mode", ["interp", "jit", "check"])
def test_decimal_text_rounds_once(t, text, want, mode):
    assert _bound(t, text, mode) == want


@pytest.mark.parametrize("t,text,want", ABOVE_TIE)
def test_decimal_object_rounds_once(t, text, want):
    assert _bound(t, decimal.Decimal(text), "interp") == want


def test_tie_rounds_to_even():
    assert _bound("f16", "1.00048828125") == 0x3C00
    assert _bound("f16", "1.00146484375") == 0x3C02  # 1 + 3 * 2^-11: up to even


def test_python_float_rounds_once():
    # A double just above the f16 tie: rounded once it is 0x3C01 (rounding it
    # to f32 first would give the tie, then 0x3C00).
    assert _bound("f16", 1.0004882812500002) == 0x3C01
    assert _bound("bf16", 1.0039062500009095) == 0x3F81


def test_bad_text_is_an_argument_error():
    k = ascreg.loads(KERNEL.format(t="f16", n=128))
    dst = np.zeros(128, dtype=np.float16)
    with pytest.raises(ascreg.ArgumentError, match="'1.0x' is not a number") as e:
        k(dst, "1.0x")
    assert e.value.argument == 1
    assert not dst.any()


# An integer outside both ranges of its width: the driver's rule and words,
# as ascreg-run --arg (test/Interpreter/scalar-int-range.mlir) and the C API's
# ascregParseScalar (test/CAPI/ascreg-capi-scalar-test.c) say it.
INT_KERNEL = """\
func.func @kernel(%s: i8, %u: ui16) {
  return
}
"""


@pytest.mark.parametrize("args,argument,text", [
    ((300, 1), 0, "300 does not fit in i8 (signed or unsigned range)"),
    ((1, -32769), 1, "-32769 does not fit in ui16 (signed or unsigned range)"),
    ((np.int64(300), 1), 0, "300 does not fit in i8 (signed or unsigned range)"),
])
def test_integer_out_of_range_is_the_drivers_message(args, argument, text):
    k = ascreg.loads(INT_KERNEL)
    with pytest.raises(ascreg.ArgumentError) as e:
        k(*args)
    assert e.value.argument == argument
    assert str(e.value).endswith(": " + text)


def test_integer_in_either_range_binds():
    k = ascreg.loads(INT_KERNEL)
    k(-128, -1)  # i8's signed minimum; -1 is in ui16's signed range (0xFFFF)
    k(255, 65535)
