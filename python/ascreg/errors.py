"""Exceptions of the ascreg package.

Every error the engine reports is an :class:`Error`. Errors that come from MLIR
diagnostics (parsing, verification, passes, compilation, a failed run) carry
them in ``diagnostics`` and the location of the first error in ``file``,
``line`` and ``column``; ``str(error)`` is the rendered diagnostic, exactly as
the command-line tools print it (``file:line:col: error: ...``, the source line
and a caret, notes).
"""

__all__ = [
    "Diagnostic", "Error", "LoadError", "ParseError", "VerifyError", "PassError",
    "CompileError", "ArgumentError", "RunError", "MismatchError",
]


class Diagnostic:
    """One MLIR diagnostic.

    severity: "error", "warning", "note" or "remark"; message: the text without
    location; file, line, column: the first file location in the diagnostic's
    location (None/0 when it has none); text: the rendered diagnostic;
    notes: the attached notes (Diagnostic objects).
    """

    __slots__ = ("severity", "message", "file", "line", "column", "text", "notes")

    def __init__(self, severity, message, file=None, line=0, column=0, text="", notes=()):
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.text = text or message
        self.notes = list(notes)

    @property
    def location(self):
        """``"file:line:col"``, or None."""
        if self.file is None:
            return None
        return "%s:%d:%d" % (self.file, self.line, self.column)

    def __repr__(self):
        loc = self.location
        return "<Diagnostic %s%s: %s>" % (self.severity, " at " + loc if loc else "",
                                          self.message)

    def __str__(self):
        return self.text


class Error(Exception):
    """Base class of every ascreg error.

    Attributes: ``message`` (str(error)), ``diagnostics`` (list of Diagnostic),
    ``file``, ``line``, ``column`` (location of the first error diagnostic, or of
    the parameter an ArgumentError is about; None/0 if unknown).
    """

    def __init__(self, message, diagnostics=(), file=None, line=0, column=0, **extra):
        super().__init__(message)
        self.message = message
        self.diagnostics = list(diagnostics)
        first = next((d for d in self.diagnostics
                      if d.severity == "error" and d.file is not None), None)
        if first is not None and file is None:
            file, line, column = first.file, first.line, first.column
        self.file = file
        self.line = line
        self.column = column
        for key, value in extra.items():
            setattr(self, key, value)

    @property
    def location(self):
        """``"file:line:col"`` of the error, or None."""
        if self.file is None:
            return None
        return "%s:%d:%d" % (self.file, self.line, self.column)


class LoadError(Error, OSError):
    """The kernel source cannot be read."""


class ParseError(Error, SyntaxError):
    """The source is not valid MLIR (syntax, unknown op or type)."""

    def __init__(self, message, *args, **kwargs):
        Error.__init__(self, message, *args, **kwargs)
        # SyntaxError's own fields (tracebacks print them).
        self.msg = message
        self.filename = self.file
        self.lineno = self.line or None
        self.offset = self.column or None

    def __str__(self):
        return self.message


class VerifyError(Error, ValueError):
    """The module parses but an op or type is invalid (e.g. an illegal type
    combination; the message names the legal set)."""


class PassError(Error):
    """A pass pipeline is invalid or a pass failed."""


class CompileError(Error):
    """The interpreter or the JIT cannot compile the kernel, or the Ascend C
    emission failed."""


class ArgumentError(Error, TypeError, ValueError):
    """Arguments do not match the entry's parameters (count, kind, dtype, shape,
    layout, writeability, scalar range). Raised before anything runs: no array
    is touched. ``argument`` is the parameter index (or None), ``file``/``line``/
    ``column`` locate the parameter in the source."""

    argument = None


class RunError(Error, RuntimeError):
    """The run failed (a gather index or an access outside the Unified Buffer,
    misalignment, step limit, ...; a gather index past its base buffer but
    inside UB is not an error: it reads the neighbouring UB bytes). The diagnostic is at the op's
    location. The caller's arrays are left as they were."""


class MismatchError(Error, AssertionError):
    """mode="check": the interpreter and the JIT disagree (or only one of them
    failed). ``mismatches`` lists (parameter, element, interp_bits, jit_bits) of
    the first mismatches, ``num_mismatches`` counts them all. The caller's
    arrays hold the interpreter's results."""

    mismatches = ()
    num_mismatches = 0
