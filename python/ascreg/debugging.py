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


@dataclass
class ProvenanceNode:
    """One step of an element's history: an op execution and what it did to
    the lanes that matter; ``inputs`` are the steps that produced them."""
    op: str
    file: Optional[str]
    line: int
    column: int
    iteration: dict
    description: str
    inputs: List["ProvenanceNode"] = field(default_factory=list)


@dataclass
class Explanation:
    """Where element ``element`` of buffer parameter ``argument`` comes from:
    ``history`` is the last store to it, its inputs below it; empty if the
    kernel never wrote the element (``never_written``)."""
    argument: int
    element: int
    never_written: bool
    history: List[ProvenanceNode]
    text: str = ""


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
    JIT ran it) or ``"not run"``. ``differing`` counts the elements that
    differ from the run before the pipeline; ``diffs`` lists the first ones
    as ``(parameter, element, before_bits, after_bits)``."""
    pass_name: Optional[str]
    executor: str
    fallback_reason: str
    failed: bool
    failure: str
    differing: int
    diffs: List[Tuple[int, int, int, int]]


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
