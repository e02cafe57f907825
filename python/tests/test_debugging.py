"""Kernel.debug: the structured trace, the debugging checks' findings and the
provenance of output elements, as Python data (ascreg.debugging).

Expected values are worked out by hand from the kernels below (the same
kernels and findings as test/Debugging/init.mlir and coverage.mlir), never
read from the code under test.
"""
import os

import numpy as np
import pytest

import ascreg
from conftest import CONFORMANCE

# Iteration 0 copies the 64 floats stored into %tmp; iteration 1 copies the 64
# floats of %tmp that nothing stored (uninitialised UB) -> an init finding at
# the store of line 13, iteration %r = 1, lanes 0-63, the data from line 12.
ALLOC = """\
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %tmp = memref.alloc() : memref<128xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %tmp[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
    scf.for %r = %c0 to %n step %c1 {
      %off = arith.muli %r, %c64 : index
      %w = ascreg.load_align %tmp[%off] : memref<128xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %w, %dst[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
"""

# Stores the first 3 lanes of src + src into dst (update_mask 3): elements
# 3..63 of dst are never written (a coverage finding for the output).
PARTIAL = """\
module {
  func.func @kernel(%src: memref<64xf32>, %dst: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : i32
    %m, %rest = ascreg.update_mask %c3 for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %s = ascreg.add %v, %v, %m : !ascreg.vreg<64xf32>
    ascreg.store_align %s, %dst[%c0], %m : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
"""


SHIFTED = """\
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %off: index) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
"""


def test_trace_is_structured_data():
    k = ascreg.loads(PARTIAL, name="partial.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.full(64, -1, dtype=np.float32)
    r = k.debug(src, dst, trace=True)
    assert r.error is None and r.findings == [] and r.ok
    ops = [e.op for e in r.trace]
    assert ops == ["ascreg.update_mask", "ascreg.load_align", "ascreg.add", "ascreg.store_align"]
    assert [e.index for e in r.trace] == [0, 1, 2, 3]
    add = r.trace[2]
    assert (add.file, add.line) == ("partial.mlir", 7)
    assert add.header.startswith("ascreg.add")
    v, v2, m = add.inputs
    assert (v.kind, v.type) == ("register", "!ascreg.vreg<64xf32>")
    assert v.name.startswith("%") and v2.name == v.name      # add %v, %v: one SSA value
    assert v.value.dtype == np.float32 and np.array_equal(v.value, src)
    assert m.kind == "mask" and m.value == [0, 1, 2]          # lanes, not mask bits
    (s,) = add.outputs
    want = np.zeros(64, dtype=np.float32)                     # zeroing: inactive lanes 0
    want[:3] = [0.0, 2.0, 4.0]
    assert np.array_equal(s.value, want)
    # The update_mask scalars: the count in, the remaining count out.
    um = r.trace[0]
    assert [x.kind for x in um.inputs] == ["scalar"] and um.inputs[0].value == 3
    assert um.outputs[0].value == [0, 1, 2] and um.outputs[1].value == 0
    # The results land in dst as with run().
    assert np.array_equal(dst[:3], [0.0, 2.0, 4.0]) and (dst[3:] == -1).all()
    # Buffers in the trace: their UB placement.
    store = r.trace[3]
    assert store.inputs[1].kind == "buffer" and store.inputs[1].value[1] == 64


def test_trace_bf16_register_is_uint16():
    # cast_f32_bf16_even: bf16 source registers widened to f32 (part even).
    k = ascreg.load(os.path.join(CONFORMANCE, "cast_f32_bf16_even.mlir"))
    src = ascreg.bf16_from_float(np.arange(128, dtype=np.float32))
    dst = np.zeros(64, dtype=np.float32)
    r = k.debug(src, dst, 128, 1, trace=True)
    loads = [e for e in r.trace if e.op == "ascreg.load_align"]
    assert loads[0].outputs[0].value.dtype == np.uint16
    assert np.array_equal(loads[0].outputs[0].value, src)
    (cast,) = [e for e in r.trace if e.op == "ascreg.cast"]
    assert cast.outputs[0].value.dtype == np.float32
    assert np.array_equal(cast.outputs[0].value, np.arange(0, 128, 2, dtype=np.float32))
    assert np.array_equal(dst, np.arange(0, 128, 2, dtype=np.float32))


def test_init_finding():
    k = ascreg.loads(ALLOC, name="alloc.mlir")
    src = np.ones(64, dtype=np.float32)
    dst = np.zeros(128, dtype=np.float32)
    r = k.debug(src, dst, 2, checks="init")
    assert r.error is None and not r.ok
    assert len(r.findings) == 1
    f = r.findings[0]
    assert (f.check, f.kind, f.use, f.op) == ("init", "uninitialized_use", "store",
                                              "ascreg.store_align")
    assert (f.file, f.line, f.column) == ("alloc.mlir", 13, 7)
    assert f.lanes == [(0, 63)]
    assert list(f.iteration.values()) == [1]
    assert any(loc is not None and loc[1] == 12 and "load_align" in text
               for loc, text in f.notes)
    assert "uninitialized" in f.message and "alloc.mlir:13:7" in str(f)
    # One iteration: nothing uninitialised is used.
    assert k.debug(src, dst, 1, checks="all").findings == []


def test_uninitialized_output_and_coverage():
    k = ascreg.loads(PARTIAL, name="partial.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    r = k.debug(src, dst, checks=["coverage"], outputs=[1])
    assert [(f.check, f.kind, f.argument, f.elements) for f in r.findings] == [
        ("coverage", "unwritten_output", 1, [(3, 64)])]
    # Without outputs= nothing is an output.
    assert k.debug(src, dst, checks="coverage").findings == []


def test_explain_provenance():
    k = ascreg.loads(PARTIAL, name="partial.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    r = k.debug(src, dst, explain=[(1, [2, 10])], depth=3)
    x2, x10 = r.explanations
    assert (x2.argument, x2.element, x2.never_written) == (1, 2, False)
    store = x2.history[0]
    assert store.op == "ascreg.store_align" and store.line == 8
    # The store's input is the add that computed lane 2 = 2 + 2.
    assert [n.op for n in store.inputs] == ["ascreg.add"]
    assert store.inputs[0].line == 7
    assert x2.text                                          # the printed tree
    # Element 10: never written; the history says why (the store's mask has
    # lanes 0-2 only).
    assert (x10.element, x10.never_written) == (10, True)
    assert x10.history[0].op == "ascreg.store_align"
    assert "lane 10 was not stored" in x10.history[0].description
    assert dst[2] == 4.0


# %b = %a + %a, %n times: lane l of the result is l * 2**n. Each add's two
# inputs are the same lane of the previous add: one node of the DAG.
DOUBLE = """\
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %v) -> (!ascreg.vreg<64xf32>) {
      %b = ascreg.add %a, %a, %all : !ascreg.vreg<64xf32>
      scf.yield %b : !ascreg.vreg<64xf32>
    }
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
"""


def test_explain_shares_repeated_lanes():
    k = ascreg.loads(DOUBLE, name="double.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    n = 12
    r = k.debug(src, dst, n, explain=[(1, 5)], depth=1000)
    x = r.explanations[0]
    assert dst[5] == 5 * 2 ** n
    # The store, n adds, the load and its input data: n + 3 nodes (a tree
    # would have 2**(n+1) + n + 1).
    assert len(x.nodes) == n + 3 and not x.truncated
    assert [node.id for node in x.nodes] == list(range(n + 3))
    assert x.history == [x.nodes[0]] and x.nodes[0].op == "ascreg.store_align"
    add = x.nodes[0].inputs[0]
    for i in range(n):
        assert add.op == "ascreg.add" and add.iteration == {"%arg3 (scf.for at line 7)": n - 1 - i}
        assert "lane 5 of %%3 = %g " % (5 * 2 ** (n - i)) in add.description
        first, second = add.inputs
        assert first is second                     # one node, used twice
        add = first
    assert add.op == "ascreg.load_align" and "lane 5 of %1 = 5 " in add.description
    # The text prints each node once (n + 3 lines) and each second use once
    # more (n - 1 adds and the load: n lines).
    assert len(x.text.splitlines()) == 2 * n + 3
    assert repr(x.nodes[1]).startswith("ProvenanceNode(id=1, op='ascreg.add'")


def test_explain_stops_at_the_node_budget():
    k = ascreg.loads(DOUBLE.replace("ascreg.add %a, %a", "ascreg.add %a, %v"), name="chain.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    r = k.debug(src, dst, 5000, explain=[(1, 5)], depth=100000)
    x = r.explanations[0]
    assert dst[5] == 5 * 5001
    assert x.truncated and len(x.nodes) == 2000
    assert sum(node.truncated for node in x.nodes) == 1
    assert x.text.count("... truncated: the explanation reached its budget of 2000 nodes") == 1


def test_failed_run_is_reported_and_buffers_untouched():
    # load_align at element 1 is not 32-byte aligned: a run error at the load,
    # reported in the report (not raised); the caller's buffers stay as they were.
    k = ascreg.loads(SHIFTED, name="shifted.mlir")
    src = np.arange(128, dtype=np.float32)
    dst = np.full(64, 7, dtype=np.float32)
    r = k.debug(src, dst, 1, trace=True)
    assert isinstance(r.error, ascreg.RunError)
    assert r.error.line == 5
    assert r.trace[-1].op == "ascreg.load_align" and r.trace[-1].failed
    assert (dst == 7).all()
    # Offset 0 runs.
    r = k.debug(src, dst, 0)
    assert r.error is None and np.array_equal(dst, src[:64])


def test_debug_argument_errors():
    k = ascreg.loads(PARTIAL, name="partial.mlir")
    src = np.arange(64, dtype=np.float32)
    dst = np.zeros(64, dtype=np.float32)
    with pytest.raises(ascreg.ArgumentError, match="element 64 is outside the 64 elements"):
        k.debug(src, dst, explain=[(1, 64)])
    with pytest.raises(ValueError, match="checks"):
        k.debug(src, dst, checks="speed")
    with pytest.raises(ascreg.ArgumentError, match="too few|takes 2 arguments"):
        k.debug(src, checks="all")


# Stores the uninitialised %a into %b and %c, 64 floats per iteration: two
# distinct init findings (the two stores), four occurrences each.
TWO_STORES = """\
module {
  func.func @kernel(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    scf.for %i = %c0 to %n step %c64 {
      %v = ascreg.load_align %a[%i] : memref<?xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %v, %b[%i], %all : !ascreg.vreg<64xf32>, memref<?xf32>
      ascreg.store_align %v, %c[%i], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
"""


def test_max_findings_limits_recording_not_the_run():
    k = ascreg.loads(TWO_STORES, name="two.mlir")
    a = np.arange(256, dtype=np.float32) * 0.5
    b = np.zeros(256, dtype=np.float32)
    c = np.zeros(256, dtype=np.float32)
    r = k.debug(a, b, c, 256, checks="init", uninitialized=(0,), max_findings=1)
    # One finding recorded, and the run went on to its end: both copies are
    # complete (the limit once stopped the run after 64 of 256 elements).
    assert r.error is None
    assert [(f.line, f.occurrences) for f in r.findings] == [(8, 4)]
    assert (b == a).all() and (c == a).all()
    # max_findings=0: no limit (it once meant 1).
    r = k.debug(a, b, c, 256, checks="init", uninitialized=(0,), max_findings=0)
    assert [(f.line, f.occurrences) for f in r.findings] == [(8, 4), (9, 4)]
