"""Structured results of :meth:`ascreg.Kernel.debug`: the interpreter's trace,
the findings of its debugging checks and the provenance of output elements
(the C++ API of include/ascreg/Interpreter/Debugging.h, as plain Python data).
The engine fills these classes; docs/python.md describes every field.
"""

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple


@dataclass
class TracedValue:
    """An operand or result of a traced op.

    ``kind`` is ``"register"`` (``value``: numpy array of the lanes in the
    register's dtype, bf16 as uint16), ``"mask"`` (``value``: list of the
    active lanes, counted in the lanes of the op's register type, or the set
    bits when the op has no register type), ``"scalar"`` (``value``: int or
    float) or ``"buffer"`` (``value``: ``(ub_address, elements)``)."""
    name: str
    type: str
    kind: str
    value: Any


@dataclass
class TraceEvent:
    """One executed ascreg / dav op."""
    index: int
    op: str
    header: str
    file: Optional[str]
    line: int
    column: int
    iteration: dict
    inputs: List[TracedValue]
    outputs: List[TracedValue]
    failed: bool = False


@dataclass
class Finding:
    """What a debugging check found (``check``: init, bounds, align, coverage,
    ub; ``kind``: e.g. ``"uninitialized_use"``; ``use``: where tainted data was
    used, e.g. ``"store"``)."""
    check: str
    kind: str
    use: str
    op: str
    file: Optional[str]
    line: int
    column: int
    message: str
    notes: List[Tuple[Optional[Tuple[str, int, int]], str]] = field(default_factory=list)
    iteration: dict = field(default_factory=dict)
    lanes: List[Tuple[int, int]] = field(default_factory=list)
    argument: Optional[int] = None
    elements: List[Tuple[int, int]] = field(default_factory=list)
    occurrences: int = 1

    def __str__(self):
        where = "%s:%d:%d: " % (self.file, self.line, self.column) if self.file else ""
        return "%s%s [%s]: %s" % (where, self.op, self.check, self.message)


@dataclass(eq=False)
class ProvenanceNode:
    """One step of an element's history: an op execution and what it did to
    the lanes that matter; ``inputs`` are the steps that produced them.

    The steps form a DAG, not a tree: a lane that several later ops used (a
    loop-carried value added to itself) is one node, the same object in
    each of their ``inputs``. ``id`` is its index in
    :attr:`Explanation.nodes`; ``truncated``: its inputs were not followed
    because the explanation reached its node budget. Nodes compare by
    identity, and their repr lists the ids of their inputs (a DAG printed as
    a tree grows exponentially)."""
    op: str
    file: Optional[str]
    line: int
    column: int
    iteration: dict
    description: str
    inputs: List["ProvenanceNode"] = field(default_factory=list)
    id: int = 0
    truncated: bool = False

    def __repr__(self):
        return "ProvenanceNode(id=%d, op=%r, line=%d, description=%r, inputs=%r%s)" % (
            self.id, self.op, self.line, self.description, [n.id for n in self.inputs],
            ", truncated=True" if self.truncated else "")


@dataclass
class Explanation:
    """Where element ``element`` of buffer parameter ``argument`` comes from:
    ``nodes`` is the provenance DAG, ``nodes[0]`` the last store to it
    (``history == [nodes[0]]``), each node's inputs below it; empty if the
    kernel never wrote the element (``never_written``) and no store covered
    it. ``truncated``: the walk stopped at the node budget."""
    argument: int
    element: int
    never_written: bool
    history: List[ProvenanceNode]
    text: str = ""
    nodes: List[ProvenanceNode] = field(default_factory=list, repr=False)
    truncated: bool = False


@dataclass
class DebugReport:
    """The result of :meth:`ascreg.Kernel.debug`. ``error`` is the
    :class:`ascreg.RunError` of a failed run (the run's buffers are then left
    as they were), else ``None``."""
    error: Optional[Exception]
    trace: List[TraceEvent]
    findings: List[Finding]
    explanations: List[Explanation]
    trace_truncated: bool = False

    @property
    def ok(self):
        """The run succeeded and no check found anything."""
        return self.error is None and not self.findings


@dataclass
class BisectStage:
    """One run of :meth:`ascreg.Kernel.bisect`: before the pipeline
    (``pass_name`` is ``None``) or after one pass. ``executor`` is
    ``"interpreter"``, ``"JIT"`` (the interpreter does not execute this IR:
    ``fallback_reason`` says why; the standard lowering was finished and the
    JIT ran it, or the stage was in the LLVM dialect and the JIT ran it as
    it is) or ``"not run"``. ``cannot_run``: nothing here executes the
    stage's IR (EmitC, a module lowered to LLVM only in part); such a stage
    is never counted as differing. ``note`` says how a stage the interpreter
    did not run ran, or why it could not. ``differing`` counts the elements
    that differ from the run before the pipeline; ``diffs`` lists the first
    ones as ``(parameter, element, before_bits, after_bits)``."""
    pass_name: Optional[str]
    executor: str
    fallback_reason: str
    failed: bool
    failure: str
    differing: int
    diffs: List[Tuple[int, int, int, int]]
    cannot_run: bool = False
    note: str = ""


@dataclass
class BisectResult:
    """The result of :meth:`ascreg.Kernel.bisect`: every stage, and the index
    in ``stages`` of the first whose results differ (``None``: no pass changes
    the results)."""
    stages: List[BisectStage]
    first_differing: Optional[int]

    @property
    def guilty_pass(self):
        """The pass after which the results first differ, or ``None``."""
        if self.first_differing is None:
            return None
        return self.stages[self.first_differing].pass_name
