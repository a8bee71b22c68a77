"""Run the conformance suite against any implementation's adapter.

``wizard-rules conformance run --adapter "COMMAND"`` starts ``COMMAND`` as a
subprocess, speaks the protocol of :mod:`wizard_rules.conformance.protocol`
with it, and reports every case.  The runner never trusts the adapter: an
adapter that crashes, hangs past the per-case timeout, prints something that
is not JSON, answers out of turn or speaks another protocol version is
reported as such, restarted for the next case where that makes sense, and
never crashes or hangs the runner.

The runner judges an implementation from the case data
(:mod:`wizard_rules.conformance.suite`) and the protocol
(:mod:`wizard_rules.conformance.protocol`) alone: none of the three modules
imports the rules engine (``state``, ``transitions``, ``trick``, ``views``,
``records`` and the rest); they share only the error codes of
:mod:`wizard_rules.errors`.  So this library's rules cannot leak into the
verdict on another implementation, nor a bug in them hide one.  (The
package's ``__init__`` is lazy, so ``import wizard_rules.conformance.runner``
loads no engine module either.)  ``tests/test_conformance.py`` proves it
twice: it walks the import statements of the three modules transitively
within the package (with ``ast``), and it runs the runner against an adapter
in a fresh interpreter, then checks that no engine module was loaded.
"""

from __future__ import annotations

import contextlib
import enum
import fnmatch
import json
import math
import os
import select
import shlex
import signal
import subprocess
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeAlias

import attrs

from wizard_rules.conformance.protocol import (
    ANSWER_FIELDS,
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSION_2,
    UNORDERED_OBSERVATIONS,
    CaseRequest,
    HelloRequest,
)
from wizard_rules.conformance.suite import Case, Suite

__all__ = [
    "MAX_KNOWN_FAILURES_BYTES",
    "MAX_KNOWN_PATTERNS",
    "AdapterFailure",
    "CaseResult",
    "Difference",
    "Divergence",
    "Explainer",
    "Judgement",
    "KnownFailure",
    "KnownFailuresError",
    "KnownStatus",
    "Outcome",
    "Report",
    "TableFormatter",
    "format_report",
    "json_report",
    "matches",
    "read_known_failures",
    "run_suite",
    "same_json",
    "shorten",
    "show_case",
]

_MAX_LINE: Final = MAX_LINE_BYTES  # an answer longer than 1 MiB is garbage
_MAX_DEPTH: Final = 64  # no answer of the protocol nests nearly as deep
_CHUNK: Final = 1 << 16
_STDERR_KEPT: Final = 4096
_MAX_CONSECUTIVE_FAILURES: Final = 3


class Outcome(enum.Enum):
    """How a case ended; the value is what ``--json`` reports write."""

    PASSED = "passed"
    """The adapter answered as expected."""
    FAILED = "failed"
    """The adapter answered, and the answer is wrong."""
    ERROR = "error"
    """The adapter did not answer properly (it crashed, hung, or spoke nonsense)."""
    NOT_RUN = "not-run"
    """Not asked: the handshake failed, or the adapter failed three cases in a row."""
    UNSUPPORTED = "unsupported"
    """The adapter does not support the case, or some of what it asks, and the
    rest was right: not a failure, unless the run is strict."""
    KNOWN_FAILURE = "known-failure"
    """Failed, and listed as a known failure."""
    FIXED = "fixed"
    """Listed by its id as a known failure, but passed: this fails the run."""
    SKIPPED = "skipped"
    """Not selected by ``--run`` and ``--skip``."""

    @property
    def is_failure(self) -> bool:
        """Whether this outcome fails the run (``unsupported`` does only in a strict run)."""
        return self in _FAILURES


_FAILURES: Final = frozenset({Outcome.FAILED, Outcome.ERROR, Outcome.NOT_RUN, Outcome.FIXED})


@attrs.frozen
class Difference:
    """One part of an answer that is not what was expected.

    :ivar key: ``"errors"``, ``"perft"`` or ``"state.KEY"``.
    :ivar expected: the expected value.
    :ivar got: the value answered (``None`` when missing).
    :ivar missing: whether the answer left the part out.
    """

    key: str
    expected: Any
    got: Any = None
    missing: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the difference as a JSON-ready dict."""
        return {
            "key": self.key,
            "expected": self.expected,
            "got": self.got,
            "missing": self.missing,
        }


@attrs.frozen
class Divergence:
    """Where a failing case first went wrong, as an explainer works it out.

    :ivar step: the index (in the case's actions) of the first action after
        which the answer can no longer be right; ``len(actions)`` when it
        shows only at the end, ``None`` at the start (the configuration or
        the position).
    :ivar action: the action at ``step`` (``None`` at the start or the end).
    :ivar difference: the part of the answer that goes wrong there.
    :ivar position: the expected game's position just before ``step``, in
        the one-line notation, if the explainer knows it.
    """

    step: int | None
    action: Any
    difference: Difference
    position: str | None

    def to_dict(self) -> dict[str, Any]:
        """Return the divergence as a JSON-ready dict."""
        return {
            "step": self.step,
            "action": self.action,
            "key": self.difference.key,
            "position": self.position,
        }


Explainer: TypeAlias = "Callable[[Case, Sequence[Difference]], Divergence | None]"
"""A function that finds a failing case's first divergence from its differences.

:func:`wizard_rules.conformance.explain.first_divergence` is one (it plays
the case with this library's rules); the runner judges without one.
"""

TableFormatter: TypeAlias = "Callable[[Sequence[str], Sequence[Sequence[str]]], list[str]]"
"""Draws a count table of :func:`format_report` as lines: given the column
names (the first is the table's title, as ``area``) and the rows (a name,
then the counts), it returns the lines to print.  The command line gives one
that draws with rich when standard output is a terminal."""


@attrs.frozen
class CaseResult:
    """The result of one case.

    :ivar case: the case.
    :ivar outcome: how it ended.
    :ivar expected: what was expected (for a judged case).
    :ivar got: what the adapter answered (for a judged case; a part it left
        out is absent).
    :ivar detail: what went wrong with the adapter (for an error), or why a
        case was not sent (for an unsupported one).
    :ivar unsupported: ``True`` when the adapter does not support the case at
        all, else the parts it declared unsupported (``"errors"``,
        ``"perft"``, ``"state.KEY"``).
    :ivar differences: the parts answered wrongly or left out.
    """

    case: Case
    outcome: Outcome
    expected: Any = None
    got: Any = None
    detail: str = ""
    unsupported: bool | tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the result as a JSON-ready dict for ``--json`` reports."""
        return {
            "id": self.case.id,
            "rule": self.case.rule,
            "area": self.case.area,
            "tags": list(self.case.tags),
            "description": self.case.description,
            "outcome": self.outcome.value,
            "expected": self.expected,
            "got": self.got,
            "detail": self.detail,
            "unsupported": (
                self.unsupported if type(self.unsupported) is bool else list(self.unsupported)
            ),
            "differences": [difference.to_dict() for difference in self.differences],
        }


class AdapterFailure(Exception):
    """The adapter did not answer properly (crash, timeout, garbage, protocol)."""


class _NotFinite(ValueError):
    """A number of an answer that JSON cannot hold (``NaN``, ``Infinity``, ``1e999``)."""


def _no_constant(name: str) -> float:
    raise _NotFinite(name)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotFinite(text[:40])
    return value


def _too_deep(value: object) -> bool:
    """Whether a JSON value nests lists and objects more than :data:`_MAX_DEPTH` deep."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if type(item) is list or type(item) is dict:
            if depth >= _MAX_DEPTH:
                return True
            items = item.values() if type(item) is dict else item
            stack.extend((child, depth + 1) for child in items)
    return False


def _parse_answer(data: bytes) -> dict[str, Any]:
    """Read one answer line, or raise :class:`AdapterFailure`."""
    line = data.decode("utf-8", errors="replace")
    try:
        answer = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except _NotFinite as number:
        raise AdapterFailure(f"the answer holds {number}, which is not a JSON number") from None
    except ValueError:
        raise AdapterFailure(f"the answer is not JSON: {line.strip()[:120]!r}") from None
    except RecursionError:
        raise AdapterFailure(f"the answer is nested more than {_MAX_DEPTH} deep") from None
    if type(answer) is not dict:
        raise AdapterFailure(f"the answer is not a JSON object: {line.strip()[:120]!r}")
    if _too_deep(answer):
        raise AdapterFailure(f"the answer is nested more than {_MAX_DEPTH} deep")
    return answer


class _Adapter:
    """One running adapter process, spoken to within bounds it cannot push.

    The adapter runs in a session (and process group) of its own.  One
    thread does everything with ``select`` on non-blocking pipes, so writing
    a request and reading its answer together take at most ``timeout``
    seconds, whether the adapter reads its input or not.  Only
    :data:`~wizard_rules.conformance.protocol.MAX_LINE_BYTES` of an answer
    line are held (a longer line is an adapter error), only a newline ends
    a line, and only the last few KiB of standard error are kept, for the
    report.  :meth:`close` kills the whole process group, so the adapter's
    own children end with it.  The top-level fields of its answers that the
    protocol does not define are gathered in ``unknown`` (as ``TYPE.FIELD``),
    a set that the caller may share between adapters.
    """

    def __init__(
        self, command: Sequence[str], timeout: float, unknown: set[str] | None = None
    ) -> None:
        self.timeout = timeout
        self.unknown: set[str] = set() if unknown is None else unknown
        self.stderr = bytearray()  # its last _STDERR_KEPT bytes
        self.pending = bytearray()  # what it wrote to standard output and was not yet read
        try:
            self.process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as error:
            raise AdapterFailure(f"cannot start the adapter: {error}") from None
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self.pipes = (self.process.stdin, self.process.stdout, self.process.stderr)
        self.input: int | None = self.process.stdin.fileno()
        self.output: int | None = self.process.stdout.fileno()
        self.errors: int | None = self.process.stderr.fileno()
        for fd in (self.input, self.output, self.errors):
            os.set_blocking(fd, False)

    def _said(self) -> str:
        text = self.stderr.decode("utf-8", errors="replace")
        lines = [line.strip()[:200] for line in text.replace("\r", "\n").split("\n")]
        return " | ".join([line for line in lines if line][-5:])

    def _why_gone(self) -> str:
        try:  # its output closed: give it a moment to finish exiting
            code: int | None = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        deadline = time.monotonic() + 1
        while self.errors is not None and time.monotonic() < deadline:
            self._step(deadline, b"", quiet=True)  # what it said last
        said = self._said()
        status = f"exited (exit status {code})" if code is not None else "closed its output"
        return f"the adapter {status}" + (f"; it said: {said}" if said else "")

    def _read(self, fd: int) -> bytes:
        try:
            return os.read(fd, _CHUNK)
        except BlockingIOError:  # pragma: no cover - select said it was ready
            return b"?"
        except OSError:  # pragma: no cover - the pipe broke under us
            return b""

    def _step(self, deadline: float, data: bytes | memoryview, *, quiet: bool = False) -> int:
        """Wait once for the adapter: write some of ``data``, read what it wrote.

        Returns how many bytes of ``data`` were written; 0 with ``quiet``
        when the time is up (else :class:`AdapterFailure`).  Standard output
        is not read while a whole line is waiting (the adapter then blocks),
        so at most one line and one chunk are held.
        """
        remaining = deadline - time.monotonic()
        readers = [fd for fd in (self.errors,) if fd is not None]
        if self.output is not None and len(self.pending) <= _MAX_LINE:
            readers.append(self.output)
        writers = [self.input] if data and self.input is not None else []
        ready, writable, _ = select.select(readers, writers, [], max(remaining, 0))
        if not ready and not writable:
            if quiet:
                return 0
            if data:
                raise AdapterFailure(
                    f"the adapter did not read its input within {self.timeout:g} s"
                )
            raise AdapterFailure(f"no answer within {self.timeout:g} s")
        if self.errors in ready:
            chunk = self._read(self.errors)
            if not chunk:
                self.errors = None
            self.stderr += chunk
            del self.stderr[:-_STDERR_KEPT]
        if self.output is not None and self.output in ready:
            chunk = self._read(self.output)
            if not chunk:
                self.output = None
            self.pending += chunk
        if writable:
            try:
                return os.write(writable[0], data)
            except BlockingIOError:  # pragma: no cover - select said it was ready
                return 0
            except OSError:  # it closed its input: it exited, or will
                raise AdapterFailure(self._why_gone()) from None
        return 0

    def _line(self) -> bytes | None:
        """Take the next whole line of standard output, if one came."""
        end = self.pending.find(b"\n")
        if end > _MAX_LINE or (end < 0 and len(self.pending) > _MAX_LINE):
            raise AdapterFailure("the answer is longer than 1 MiB")
        if end < 0:
            return None
        line = bytes(self.pending[:end])
        del self.pending[: end + 1]
        return line

    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Send one request and return the answer, or raise :class:`AdapterFailure`.

        Writing the request and reading the answer take at most the timeout.
        """
        deadline = time.monotonic() + self.timeout
        data = memoryview((json.dumps(request, separators=(",", ":")) + "\n").encode())
        while data:
            data = data[self._step(deadline, data) :]
        while True:
            line = self._line()
            if line is None:
                if self.output is None:
                    raise AdapterFailure(self._why_gone())
                self._step(deadline, b"")
            elif line.strip():
                answer = _parse_answer(line)
                self.unknown.update(_unknown_fields(answer))
                return answer

    def close(self) -> None:
        """Say goodbye, give it a second to exit, then kill its whole process group."""
        try:
            if self.process.poll() is None and self.input is not None:
                os.write(self.input, b'{"type":"bye"}\n')
        except OSError:  # a full pipe, or it is gone
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=1)
        with contextlib.suppress(OSError):  # OSError: nothing is left of the group
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for pipe in self.pipes:
            pipe.close()
        self.input = self.output = self.errors = None


def _unknown_fields(answer: Mapping[str, object]) -> list[str]:
    """The top-level fields of ``answer`` its type does not define, as ``TYPE.FIELD``."""
    kind = answer.get("type")
    known = ANSWER_FIELDS.get(kind) if type(kind) is str else None
    if known is None:  # not an answer of the protocol: an adapter error elsewhere
        return []
    return [f"{kind}.{name}" for name in answer if name not in known]


_PROTOCOLS: Final = (PROTOCOL_VERSION, PROTOCOL_VERSION_2)


def _handshake(adapter: _Adapter) -> dict[str, Any]:
    """Say hello in protocol version 2; an adapter may answer in version 1 or 2.

    An adapter that answers the version-2 hello with an ``error`` (one that
    checks the version it is offered) is greeted again in version 1.
    """
    hello: HelloRequest = {"type": "hello", "protocol": PROTOCOL_VERSION_2}
    answer = adapter.ask(hello)
    if answer.get("type") == "error":
        answer = adapter.ask({"type": "hello", "protocol": PROTOCOL_VERSION})
    if answer.get("type") != "hello":
        raise AdapterFailure(f"the adapter did not answer the handshake: {str(answer)[:120]}")
    if type(answer.get("protocol")) is not int or answer.get("protocol") not in _PROTOCOLS:
        raise AdapterFailure(
            f"the adapter speaks protocol {answer.get('protocol')!r}, "
            f"this runner speaks {PROTOCOL_VERSION_2} (and {PROTOCOL_VERSION})"
        )
    return answer


def _order_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def _normal(key: str, value: Any) -> Any:
    """Put values whose order carries no meaning into one order."""
    if key not in UNORDERED_OBSERVATIONS or type(value) is not list:
        return value
    if key == "hands":
        return [sorted(hand, key=_order_key) if type(hand) is list else hand for hand in value]
    return sorted(value, key=_order_key)


def same_json(one: Any, other: Any) -> bool:
    """Whether two JSON values are equal, types included.

    Unlike ``==``, ``true`` is not ``1`` and ``1.0`` is not ``1``; objects are
    equal when they have the same keys with equal values, lists when they
    have equal items in the same order.
    """
    if type(one) is not type(other):
        return False
    if type(one) is list:
        return len(one) == len(other) and all(map(same_json, one, other))
    if type(one) is dict:
        return one.keys() == other.keys() and all(same_json(one[k], other[k]) for k in one)
    return bool(one == other)


@attrs.frozen
class Judgement:
    """The verdict on one answer: what was expected, what came, what differs.

    :ivar passed: every part asked for and answered is right, and none is missing.
    :ivar expected: the expected parts: ``errors``, ``state`` and ``perft``.
    :ivar got: the answered parts, in the same shape (a part left out is absent).
    :ivar unsupported: ``True`` for a whole case, else the unsupported parts.
    :ivar differences: the parts answered wrongly or left out.
    """

    passed: bool
    expected: dict[str, Any]
    got: dict[str, Any]
    unsupported: bool | tuple[str, ...]
    differences: tuple[Difference, ...]


def _check_unsupported(case: Case, answer: Mapping[str, object]) -> bool | tuple[str, ...]:
    """Read an answer's ``unsupported`` field, or raise :class:`AdapterFailure`."""
    value = answer.get("unsupported", False)
    if type(value) is bool:
        return value
    asked = {"errors", *(case.state or {})}
    if case.perft is not None:
        asked.add("perft")
    if (
        type(value) is not list
        or not all(type(name) is str and name in asked for name in value)
        or len(set(value)) != len(value)
    ):
        raise AdapterFailure(
            f"'unsupported' must be true, false or a list of the parts asked for "
            f"({', '.join(sorted(asked))}), not {str(value)[:120]}"
        )
    state = answer.get("state")
    if type(state) is dict and any(name in state for name in value):
        raise AdapterFailure("an observation declared unsupported is also answered")
    order = ["errors", *sorted(case.state or {}), "perft"]
    return tuple(
        ("state." + name if name in (case.state or {}) else name)
        for name in order
        if name in value
    )


def _judge(case: Case, answer: Mapping[str, object]) -> Judgement:
    """Judge an adapter's answer to ``case`` (its ``errors``, ``state`` and ``perft``).

    Top-level fields the protocol does not define are ignored.

    :raises AdapterFailure: the answer has an observation that was not asked
        for, or a malformed ``unsupported``.
    """
    unsupported = _check_unsupported(case, answer)
    state = answer.get("state")
    if type(state) is dict:
        unasked = sorted(set(state) - set(case.state or {}))
        if unasked:
            raise AdapterFailure(f"the result has observations that were not asked for: {unasked}")
    if unsupported is True:
        return Judgement(True, {}, {}, True, ())
    skipped = set() if unsupported is False else set(unsupported)
    parts: list[tuple[str, Any, bool, Any]] = []  # key, expected, answered, got
    if "errors" not in skipped:
        parts.append(("errors", list(case.errors), "errors" in answer, answer.get("errors")))
    observed: dict[str, Any] = state if type(state) is dict else {}
    for key, value in (case.state or {}).items():
        if "state." + key not in skipped:
            answered = key in observed
            seen = _normal(key, observed[key]) if answered else None
            parts.append(("state." + key, _normal(key, value), answered, seen))
    if case.perft is not None and "perft" not in skipped:
        parts.append(("perft", case.perft["count"], "perft" in answer, answer.get("perft")))
    expected: dict[str, Any] = {}
    got: dict[str, Any] = {}
    differences: list[Difference] = []
    for key, want, answered, value in parts:
        if key.startswith("state."):
            expected.setdefault("state", {})[key[6:]] = want
            if answered:
                got.setdefault("state", {})[key[6:]] = value
        else:
            expected[key] = want
            if answered:
                got[key] = value
        if not answered:
            differences.append(Difference(key, want, None, missing=True))
        elif not same_json(want, value):
            differences.append(Difference(key, want, value))
    return Judgement(
        not differences,
        expected,
        got,
        () if unsupported is False else unsupported,
        tuple(differences),
    )


def _request(case: Case, protocol: int) -> CaseRequest:
    """The ``case`` request for an adapter of ``protocol`` (no ``position`` in version 1)."""
    request: CaseRequest = {
        "type": "case",
        "id": case.id,
        "config": case.config,
        "actions": list(case.actions),
        "observe": sorted(case.state or {}),
        "perft": None if case.perft is None else case.perft["depth"],
    }
    if protocol >= PROTOCOL_VERSION_2:
        request["position"] = case.position
    return request


_GLOB: Final = frozenset("*?[")


def matches(case: Case, pattern: str) -> bool:
    """Whether ``case`` is chosen by ``pattern``: an id, a glob of ids, or ``tag:TAG``.

    ``tag:TAG`` chooses the cases with a tag that matches ``TAG`` (itself a
    glob, as in ``tag:ruling:*``).
    """
    if pattern.startswith("tag:"):
        return any(fnmatch.fnmatchcase(tag, pattern[4:]) for tag in case.tags)
    return fnmatch.fnmatchcase(case.id, pattern)


@attrs.frozen
class KnownFailure:
    """One entry of a known-failures file.

    :ivar pattern: a case id, a glob of ids (``winner.00*``) or ``tag:TAG``.
    :ivar reason: the text after ``#`` on its line (``""`` if none).
    :ivar line: its line number in the file (0 when not read from a file).
    """

    pattern: str
    reason: str = ""
    line: int = 0

    @property
    def exact(self) -> bool:
        """Whether the entry names one case by its id (no glob, no tag)."""
        return not self.pattern.startswith("tag:") and not (_GLOB & set(self.pattern))


@attrs.frozen
class KnownStatus:
    """What became of one known-failures entry in a run.

    :ivar entry: the entry.
    :ivar failing: the ids of the cases it covers that failed, as known.
    :ivar passing: the ids of the cases it covers that passed.
    :ivar problem: why the entry is stale (``""`` if it is not): an unknown
        or retired id, a pattern that matches no case, or an entry none of
        whose cases fails any more.
    """

    entry: KnownFailure
    failing: tuple[str, ...] = ()
    passing: tuple[str, ...] = ()
    problem: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the status as a JSON-ready dict."""
        return {
            "entry": self.entry.pattern,
            "reason": self.entry.reason,
            "line": self.entry.line,
            "failing": list(self.failing),
            "passing": list(self.passing),
            "problem": self.problem or None,
        }


MAX_KNOWN_FAILURES_BYTES: Final = 1 << 20
"""The most a known-failures file may hold: 1 MiB (1,048,576 bytes)."""

MAX_KNOWN_PATTERNS: Final = 250
"""The most distinct globs and ``tag:`` entries a known-failures list may hold.

Each is matched once against every case id (or tag) of the suite; case ids
(any number of them, within :data:`MAX_KNOWN_FAILURES_BYTES`) are looked up,
and an entry repeated is matched only once.  So matching costs at most
about this many passes over the suite, whatever the file holds.
"""


class KnownFailuresError(OSError):
    """A known-failures file or list the runner refuses.

    It is larger than :data:`MAX_KNOWN_FAILURES_BYTES` (``/dev/zero``, an
    endless pipe), or holds more than :data:`MAX_KNOWN_PATTERNS` distinct
    patterns.  An :class:`OSError`, so that whatever handles a file that
    cannot be read handles this one too.
    """


def read_known_failures(path: Path) -> tuple[KnownFailure, ...]:
    """Read a known-failures file: one entry a line, a reason after ``#``.

    An entry is a case id, a glob of ids or ``tag:TAG``; a blank line, or one
    with only a comment, is ignored.  At most :data:`MAX_KNOWN_FAILURES_BYTES`
    are read.

    :raises KnownFailuresError: the file holds more than that, or more than
        :data:`MAX_KNOWN_PATTERNS` distinct patterns.
    :raises OSError: it cannot be read.
    :raises UnicodeDecodeError: it is not UTF-8.
    """
    with path.open("rb") as file:
        data = file.read(MAX_KNOWN_FAILURES_BYTES + 1)
    if len(data) > MAX_KNOWN_FAILURES_BYTES:
        raise KnownFailuresError(
            f"{path}: larger than 1 MiB ({MAX_KNOWN_FAILURES_BYTES:,} bytes), "
            "the most a known-failures file may hold"
        )
    entries = []
    for number, line in enumerate(data.decode("utf-8").splitlines(), 1):
        text, _, reason = line.partition("#")
        if text.strip():
            entries.append(KnownFailure(text.strip(), reason.strip(), number))
    _check_patterns(entries)
    return tuple(entries)


def _is_glob(pattern: str) -> bool:
    return pattern.startswith("tag:") or bool(_GLOB & set(pattern))


def _check_patterns(entries: Iterable[KnownFailure]) -> None:
    distinct = {entry.pattern for entry in entries if _is_glob(entry.pattern)}
    if len(distinct) > MAX_KNOWN_PATTERNS:
        raise KnownFailuresError(
            f"the known failures hold {len(distinct):,} distinct patterns (globs and tags): "
            f"more than {MAX_KNOWN_PATTERNS:,} distinct patterns are refused"
        )


def _entries(known: Iterable[str | KnownFailure]) -> tuple[KnownFailure, ...]:
    return tuple(item if isinstance(item, KnownFailure) else KnownFailure(item) for item in known)


class _Chooser:
    """Which cases each distinct pattern chooses, worked out once for a whole run.

    A case id is looked up; each distinct glob is matched once against every
    case id, and each distinct ``tag:`` pattern once against every tag of
    the suite.  The cost is about the cases plus the entries (times the
    distinct globs and tags, which :data:`MAX_KNOWN_PATTERNS` bounds).
    """

    def __init__(self, cases: Sequence[Case], patterns: Iterable[str]) -> None:
        ids = [case.id for case in cases]
        known_ids = set(ids)
        tagged: dict[str, set[str]] = {}
        for case in cases:
            for tag in case.tags:
                tagged.setdefault(tag, set()).add(case.id)
        self.chosen: dict[str, tuple[str, ...]] = {}
        """The ids each pattern chooses, in suite order."""
        self.covered: set[str] = set()
        """The ids any pattern chooses."""
        self.named: set[str] = set()
        """The ids a pattern names exactly (no glob, no tag)."""
        for pattern in patterns:
            if pattern in self.chosen:
                continue
            if pattern.startswith("tag:"):
                chosen: set[str] = set()
                for tag, tagged_ids in tagged.items():
                    if fnmatch.fnmatchcase(tag, pattern[4:]):
                        chosen |= tagged_ids
                found = tuple(case_id for case_id in ids if case_id in chosen) if chosen else ()
            elif _GLOB & set(pattern):
                found = tuple(case_id for case_id in ids if fnmatch.fnmatchcase(case_id, pattern))
            else:
                found = (pattern,) if pattern in known_ids else ()
                self.named.update(found)
            self.chosen[pattern] = found
            self.covered.update(found)


def _selected(case: Case, run: Sequence[str], skip: Sequence[str]) -> bool:
    if run and not any(matches(case, pattern) for pattern in run):
        return False
    return not any(matches(case, pattern) for pattern in skip)


def _statuses(
    suite: Suite,
    entries: Sequence[KnownFailure],
    results: Sequence[CaseResult],
    chooser: _Chooser,
) -> tuple[KnownStatus, ...]:
    by_id = {result.case.id: result for result in results}
    first: dict[str, KnownFailure] = {}
    statuses = []
    for entry in entries:
        earlier = first.setdefault(entry.pattern, entry)
        if earlier is not entry:  # it adds nothing: not listed again
            where = f"the entry of line {earlier.line}" if earlier.line else "an earlier entry"
            statuses.append(KnownStatus(entry, problem=f"repeats {where}"))
            continue
        covered = [by_id[case_id] for case_id in chooser.chosen[entry.pattern] if case_id in by_id]
        failing = tuple(r.case.id for r in covered if r.outcome is Outcome.KNOWN_FAILURE)
        passing = tuple(r.case.id for r in covered if r.outcome in (Outcome.PASSED, Outcome.FIXED))
        problem = ""
        if entry.exact and entry.pattern in suite.retired:
            problem = "a retired case id"
        elif not covered:
            problem = "an unknown case id" if entry.exact else "matches no case of the suite"
        elif passing and not failing:
            problem = f"none of its cases fails any more ({len(passing)} pass)"
        statuses.append(KnownStatus(entry, failing, passing, problem))
    return tuple(statuses)


@attrs.frozen
class Report:
    """Everything a run found.

    :ivar implementation: the adapter's handshake (its name and version).
    :ivar results: one :class:`CaseResult` per case of the suite.
    :ivar problem: why the run could not go on (a failed handshake), or
        why it judged no case (the run and skip patterns selected none), or
        ``""``.
    :ivar known: what became of each known-failures entry.
    :ivar strict: whether unsupported cases and stale known-failures entries
        fail the run.
    :ivar seconds: how long the run took.
    :ivar unknown_fields: the top-level fields of the adapter's answers that
        the protocol does not define, which were ignored, as ``TYPE.FIELD``
        (``"result.note"``), sorted.
    """

    implementation: dict[str, Any]
    results: tuple[CaseResult, ...]
    problem: str = ""
    known: tuple[KnownStatus, ...] = ()
    strict: bool = False
    seconds: float = 0.0
    unknown_fields: tuple[str, ...] = ()

    @property
    def stale(self) -> tuple[KnownStatus, ...]:
        """The known-failures entries that are stale."""
        return tuple(status for status in self.known if status.problem)

    @property
    def ok(self) -> bool:
        """Whether the run passed.

        It fails on a failure, an error, a case not run or a fixed known
        failure; in a strict run, also on an unsupported case or a stale
        known-failures entry.
        """
        if self.problem or any(r.outcome.is_failure for r in self.results):
            return False
        return not self.strict or not (
            self.stale or any(r.outcome is Outcome.UNSUPPORTED for r in self.results)
        )

    def counts(self) -> dict[Outcome, int]:
        """How many cases ended each way (only the outcomes that occurred)."""
        counts: dict[Outcome, int] = {}
        for result in self.results:
            counts[result.outcome] = counts.get(result.outcome, 0) + 1
        return counts

    def totals(self) -> dict[str, int]:
        """The counts of the report's last line.

        ``failed`` counts every outcome that fails the run (``failed``,
        ``error``, ``not-run``, ``fixed``); ``unsupported``,
        ``known_failures`` and ``skipped`` are counted apart.
        """
        counts = self.counts()
        return {
            "passed": counts.get(Outcome.PASSED, 0),
            "failed": sum(n for outcome, n in counts.items() if outcome.is_failure),
            "unsupported": counts.get(Outcome.UNSUPPORTED, 0),
            "known_failures": counts.get(Outcome.KNOWN_FAILURE, 0),
            "skipped": counts.get(Outcome.SKIPPED, 0),
        }


def run_suite(
    suite: Suite,
    command: str,
    *,
    run: Sequence[str] = (),
    skip: Sequence[str] = (),
    known_failures: Iterable[str | KnownFailure] = (),
    timeout: float = 5.0,
    strict: bool = False,
) -> Report:
    """Run every selected case of ``suite`` against the adapter ``command``.

    ``run`` and ``skip`` are patterns (see :func:`matches`); the
    ``known_failures`` entries (or plain patterns) name the cases the
    implementation is known to fail; each distinct one is matched against
    the suite once (see :data:`MAX_KNOWN_PATTERNS`).

    :raises KnownFailuresError: ``known_failures`` holds more than
        :data:`MAX_KNOWN_PATTERNS` distinct globs and tags.
    """
    started = time.monotonic()
    entries = _entries(known_failures)
    _check_patterns(entries)
    chooser = _Chooser(suite.cases, (entry.pattern for entry in entries))
    try:
        argv = shlex.split(command)
    except ValueError as error:
        return Report({}, (), f"cannot read the adapter command: {error}", strict=strict)
    if not argv:
        return Report({}, (), "the adapter command is empty", strict=strict)
    selected = {case.id for case in suite.cases if _selected(case, run, skip)}
    results: list[CaseResult] = []
    adapter: _Adapter | None = None
    implementation: dict[str, Any] = {}
    failures_in_a_row = 0
    problem = ""
    unknown: set[str] = set()
    try:
        for case in suite.cases:
            if case.id not in selected:
                results.append(CaseResult(case, Outcome.SKIPPED))
                continue
            if problem or failures_in_a_row >= _MAX_CONSECUTIVE_FAILURES:
                why = problem or "the adapter failed three cases in a row"
                results.append(CaseResult(case, Outcome.NOT_RUN, detail=f"not run: {why}"))
                continue
            if adapter is None:
                # A fresh adapter for the first case, and after one that
                # crashed or hung.  If it cannot even say hello, stop.
                try:
                    adapter = _Adapter(argv, timeout, unknown)
                    implementation = _handshake(adapter)
                except AdapterFailure as failure:
                    problem = f"handshake failed: {failure}"
                    if adapter is not None:
                        adapter.close()
                        adapter = None
                    results.append(CaseResult(case, Outcome.ERROR, detail=problem))
                    continue
            protocol = implementation["protocol"]
            if case.position is not None and protocol < PROTOCOL_VERSION_2:
                # A version-1 adapter cannot start from a position: not sent.
                results.append(
                    CaseResult(case, Outcome.UNSUPPORTED, unsupported=True, detail=_NEEDS_2)
                )
                continue
            try:
                answer = adapter.ask(_request(case, protocol))
                if answer.get("type") != "result" or answer.get("id") != case.id:
                    raise AdapterFailure(f"expected a result for {case.id}: {str(answer)[:160]}")
                judgement = _judge(case, answer)
            except AdapterFailure as failure:
                failures_in_a_row += 1
                results.append(CaseResult(case, Outcome.ERROR, detail=str(failure)))
                adapter.close()
                adapter = None
                continue
            # A proper answer, unsupported or not, ends a run of adapter errors.
            failures_in_a_row = 0
            results.append(_result(case, judgement, chooser))
    finally:
        if adapter is not None:
            adapter.close()
    if not selected:
        problem = (
            f"no case was judged: the run and skip patterns select none of the "
            f"{len(suite.cases)} cases"
        )
    return Report(
        implementation,
        tuple(results),
        problem,
        _statuses(suite, entries, results, chooser),
        strict,
        time.monotonic() - started,
        tuple(sorted(unknown)),
    )


_NEEDS_2: Final = "starts from a position, which needs protocol 2; the adapter speaks 1"


def _result(case: Case, judgement: Judgement, known: _Chooser) -> CaseResult:
    if not judgement.passed:
        outcome = Outcome.KNOWN_FAILURE if case.id in known.covered else Outcome.FAILED
    elif judgement.unsupported:
        outcome = Outcome.UNSUPPORTED
    elif case.id in known.named:
        outcome = Outcome.FIXED
    else:
        outcome = Outcome.PASSED
    return CaseResult(
        case,
        outcome,
        judgement.expected,
        judgement.got,
        unsupported=judgement.unsupported,
        differences=judgement.differences,
    )


_CUT: Final = 300


def shorten(text: str, limit: int = _CUT) -> str:
    """``text``, cut after ``limit`` characters with a visible marker saying how much was cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [cut: {len(text) - limit} more characters]"


def _shown(value: Any) -> str:
    return shorten(json.dumps(value, sort_keys=True))


def _tags(case: Case) -> str:
    return f" [{', '.join(case.tags)}]" if case.tags else ""


_COLUMNS: Final = (
    ("passed", (Outcome.PASSED,)),
    ("failed", (Outcome.FAILED, Outcome.FIXED)),
    ("errors", (Outcome.ERROR, Outcome.NOT_RUN)),
    ("unsupported", (Outcome.UNSUPPORTED,)),
    ("known", (Outcome.KNOWN_FAILURE,)),
    ("skipped", (Outcome.SKIPPED,)),
)


def _rule_order(rule: str) -> tuple[tuple[int, str], ...]:
    return tuple((int(part), "") if part.isdigit() else (0, part) for part in rule.split("."))


def _groups(report: Report, suite: Suite) -> dict[str, dict[str, list[CaseResult]]]:
    """The results by area, by rule, by tag and by player count.

    Untagged cases are under ``(none)``; cases whose configuration does not
    name 3 to 6 players (the cases about refused configurations) under
    ``other``.
    """
    by_area: dict[str, list[CaseResult]] = {area: [] for area in suite.areas}
    by_rule: dict[str, list[CaseResult]] = {}
    by_tag: dict[str, list[CaseResult]] = {}
    by_players: dict[str, list[CaseResult]] = {str(n): [] for n in range(3, 7)}
    for result in report.results:
        by_area.setdefault(result.case.area, []).append(result)
        by_rule.setdefault(result.case.rule, []).append(result)
        for tag in result.case.tags or ("(none)",):
            by_tag.setdefault(tag, []).append(result)
        players = result.case.config.get("players")
        key = str(players) if type(players) is int and 3 <= players <= 6 else "other"
        by_players.setdefault(key, []).append(result)
    return {
        "area": by_area,
        "rule": dict(sorted(by_rule.items(), key=lambda item: _rule_order(item[0]))),
        "tag": dict(sorted(by_tag.items())),
        "players": by_players,
    }


def _column_counts(results: Sequence[CaseResult]) -> dict[str, int]:
    return {name: sum(r.outcome in outcomes for r in results) for name, outcomes in _COLUMNS}


def _table(
    title: str,
    groups: Mapping[str, Sequence[CaseResult]],
    table: TableFormatter | None = None,
) -> list[str]:
    if table is not None:
        rows = []
        for name, results in groups.items():
            counts = _column_counts(results)
            rows.append([name, *(str(counts[c]) for c, _ in _COLUMNS)])
        return table([title, *(name for name, _ in _COLUMNS)], rows)
    width = max([len(title), *map(len, groups)]) + 2
    lines = [f"{title:<{width}}" + "".join(f"{name:>{len(name) + 2}}" for name, _ in _COLUMNS)]
    for name, results in groups.items():
        counts = _column_counts(results)
        lines.append(
            f"{name:<{width}}" + "".join(f"{counts[c]:>{len(c) + 2}}" for c, _ in _COLUMNS)
        )
    return lines


def _unsupported_text(unsupported: bool | tuple[str, ...]) -> str:
    if unsupported is True:
        return "the whole case"
    return ", ".join(unsupported) if type(unsupported) is tuple else ""


def _divergence_lines(case: Case, divergence: Divergence) -> list[str]:
    key = divergence.difference.key
    if divergence.step is None:
        where = "at the start (the configuration or the position)"
    elif divergence.step >= len(case.actions):
        where = f"after the last action ({len(case.actions)} actions)"
    else:
        where = f"at action {divergence.step} ({_action_text(divergence.action)})"
    lines = [f"  first divergence: {where}, in {key}"]
    if divergence.position is not None:
        when = "after it" if divergence.step == len(case.actions) else "before it"
        lines.append(f"    position {when}: {shorten(divergence.position, _CUT)}")
    return lines


def _failure_lines(result: CaseResult, explain: Explainer | None = None) -> list[str]:
    case = result.case
    word = "FAIL" if result.outcome is Outcome.FAILED else "KNOWN"
    lines = [f"{word} {case.id} (rule {case.rule}){_tags(case)}: {case.description}"]
    divergence = None if explain is None else explain(case, result.differences)
    if divergence is not None:
        lines.extend(_divergence_lines(case, divergence))
    for difference in result.differences:
        got = "(missing)" if difference.missing else _shown(difference.got)
        lines.append(f"  {difference.key}:")
        lines.append(f"    expected: {_shown(difference.expected)}")
        lines.append(f"    got:      {got}")
    if result.unsupported:
        lines.append(f"  unsupported: {_unsupported_text(result.unsupported)}")
    return lines


def _known_lines(report: Report, explain: Explainer | None) -> list[str]:
    lines = ["", "known failures:"]
    for status in report.known:
        entry = status.entry
        reason = f"  # {entry.reason}" if entry.reason else ""
        lines.append(
            f"  {entry.pattern}: {len(status.failing)} failing, "
            f"{len(status.passing)} passing{reason}"
        )
        if status.passing and status.failing:
            lines.append(f"    passing although listed: {' '.join(status.passing)}")
        if status.problem:
            word = "ERROR" if report.strict else "STALE"
            lines.append(f"  {word} line {entry.line}: {entry.pattern}: {status.problem}")
    for result in report.results:
        if result.outcome is Outcome.KNOWN_FAILURE:
            lines.extend("  " + line for line in _failure_lines(result, explain))
    return lines


_UNKNOWN: Final = "unknown fields in the adapter's answers, ignored: "


def format_report(
    report: Report,
    suite: Suite,
    explain: Explainer | None = None,
    *,
    table: TableFormatter | None = None,
) -> str:
    """Return the human-readable report.

    The fields of the adapter's answers that the protocol does not define
    (ignored), in one line; each failure (its differences, long values cut with a visible marker,
    and, given an ``explain`` function, its first divergence and the
    position there), error, unsupported case and fixed known failure; the
    known-failures entries and what became of them; counts by area, by rule
    (the rules with anything but passes), by tag and by player count; the
    time; and a last line of totals.  The count tables are drawn by
    ``table`` if given (see :data:`TableFormatter`), else as plain text.
    """
    lines: list[str] = []
    if report.implementation:
        name = report.implementation.get("name", "?")
        version = report.implementation.get("version", "?")
        protocol = report.implementation.get("protocol", "?")
        lines.append(f"adapter: {name} {version}, protocol {protocol}")
    lines.append(f"suite: version {suite.version}, {len(suite.cases)} cases")
    if report.unknown_fields:
        lines.append(_UNKNOWN + ", ".join(report.unknown_fields))
    if report.problem:
        lines.append(f"PROBLEM: {report.problem}")
    for result in report.results:
        case = result.case
        where = f"{case.id} (rule {case.rule}){_tags(case)}"
        if result.outcome is Outcome.FAILED:
            lines.extend(_failure_lines(result, explain))
        elif result.outcome is Outcome.ERROR:
            lines.append(f"ERROR {where}: {result.detail}")
        elif result.outcome is Outcome.UNSUPPORTED:
            why = f" ({result.detail})" if result.detail else ""
            lines.append(f"UNSUPPORTED {where}: {_unsupported_text(result.unsupported)}{why}")
        elif result.outcome is Outcome.FIXED:
            lines.append(f"FIXED {where}: listed as a known failure, passes")
    counts = report.counts()
    not_run = counts.get(Outcome.NOT_RUN, 0)
    if not_run:
        lines.append(f"{not_run} cases were not run (see above); they count as failed")
    if report.known:
        lines.extend(_known_lines(report, explain))
    groups = _groups(report, suite)
    lines.append("")
    lines.extend(_table("area", groups["area"], table))
    lines.append("")
    differing = {
        rule: results
        for rule, results in groups["rule"].items()
        if any(r.outcome not in (Outcome.PASSED, Outcome.SKIPPED) for r in results)
    }
    if differing:
        lines.extend(_table("rule", differing, table))
    lines.append(
        f"the cases of the other {len(groups['rule']) - len(differing)} rules "
        "all passed or were skipped"
    )
    lines.append("")
    lines.extend(_table("tag", groups["tag"], table))
    lines.append("")
    lines.extend(_table("players", groups["players"], table))
    lines.append("")
    ran = len(report.results) - counts.get(Outcome.SKIPPED, 0)
    strict = " (strict)" if report.strict else ""
    lines.append(f"ran {ran} cases in {report.seconds:.2f} s{strict}")
    totals = report.totals()
    last = (
        f"{totals['passed']} passed, {totals['failed']} failed, "
        f"{totals['unsupported']} unsupported, {totals['known_failures']} known failures, "
        f"{totals['skipped']} skipped"
    )
    if report.stale:
        last += f", {len(report.stale)} stale known-failures entries"
    lines.append(last)
    return "\n".join(lines) + "\n"


def json_report(report: Report, suite: Suite, explain: Explainer | None = None) -> dict[str, Any]:
    """Return the machine-readable report written by ``--json``.

    It holds what the text report says, and no value is cut; given an
    ``explain`` function, each failed result has a ``divergence``.
    """
    groups = _groups(report, suite)
    return {
        "protocol": report.implementation.get("protocol"),
        "suite_version": suite.version,
        "implementation": report.implementation,
        "ok": report.ok,
        "strict": report.strict,
        "problem": report.problem or None,
        "seconds": round(report.seconds, 3),
        "counts": {outcome.value: n for outcome, n in report.counts().items()},
        "totals": {**report.totals(), "stale": len(report.stale)},
        "by": {
            kind: {name: _column_counts(results) for name, results in by.items()}
            for kind, by in groups.items()
        },
        "known_failures": [status.to_dict() for status in report.known],
        "unknown_fields": list(report.unknown_fields),
        "results": [_result_dict(result, explain) for result in report.results],
    }


def _result_dict(result: CaseResult, explain: Explainer | None) -> dict[str, Any]:
    found = result.to_dict()
    if explain is not None and result.differences:
        divergence = explain(result.case, result.differences)
        found["divergence"] = None if divergence is None else divergence.to_dict()
    return found


def _action_text(action: Any) -> str:
    """One action in words when it is well formed, else its JSON."""
    keys = set(action) if type(action) is dict else set()
    kind = action.get("type") if type(action) is dict else None
    player = action.get("player") if type(action) is dict else None
    is_seat = type(player) is int
    if kind == "deal" and keys == {"type", "hands", "turned"}:
        hands = action["hands"]
        turned = action["turned"]
        if (
            type(hands) is list
            and all(type(hand) is list and all(type(c) is str for c in hand) for hand in hands)
            and (turned is None or type(turned) is str)
        ):
            dealt = " | ".join(
                f"P{seat}: {' '.join(hand) or '-'}" for seat, hand in enumerate(hands)
            )
            return f"deal {dealt}; turned {turned or 'nothing'}"
    if (
        kind == "bid"
        and keys == {"type", "player", "tricks"}
        and is_seat
        and type(action["tricks"]) is int
    ):
        return f"P{player} bids {action['tricks']}"
    if (
        kind == "play"
        and keys == {"type", "player", "card"}
        and is_seat
        and type(action["card"]) is str
    ):
        return f"P{player} plays {action['card']}"
    if kind == "choose_trump" and keys == {"type", "player", "suit"} and is_seat:
        suit = action["suit"]
        if suit is None or type(suit) is str:
            return f"P{player} names trump {suit or 'none (no trump)'}"
    return "as JSON: " + json.dumps(action, sort_keys=True)


def show_case(case: Case, position_text: Callable[[Any], str | None] | None = None) -> str:
    """Return one case readably: config, position, actions one a line, what is expected, tags.

    A starting position is written in the one-line notation when
    ``position_text`` can write it (``conformance show`` gives
    :func:`wizard_rules.conformance.explain.position_text`), else as JSON.

    An action is written in words when it is well formed, as JSON when it is
    not (some cases give malformed actions on purpose); an action the case
    expects to be refused is marked with its error code.
    """
    lines = [f"{case.id}  rule {case.rule}, area {case.area}"]
    lines.append(f"tags: {', '.join(case.tags) if case.tags else '(none)'}")
    lines.append(case.description)
    lines.append("")
    lines.append("config: " + json.dumps(case.config, sort_keys=True))
    if case.position is not None:
        text = None if position_text is None else position_text(case.position)
        shown = json.dumps(case.position, sort_keys=True) if text is None else text
        lines.append(f"position: {shown}")
    refused = {error["at"]: error["code"] for error in case.errors}
    if None in refused:
        lines.append(f"  refused: {refused[None]}")
    lines.append(f"actions ({len(case.actions)}):")
    width = len(str(max(len(case.actions) - 1, 0)))
    for index, action in enumerate(case.actions):
        mark = f"   <- refused: {refused[index]}" if index in refused else ""
        lines.append(f"  {index:>{width}}  {_action_text(action)}{mark}")
    lines.append("expected:")
    if not case.errors:
        lines.append("  no action refused")
    for error in case.errors:
        where = "the config" if error["at"] is None else f"action {error['at']}"
        lines.append(f"  {where} refused: {error['code']}")
    for key, value in (case.state or {}).items():
        lines.append(f"  {key}: {json.dumps(value, sort_keys=True)}")
    if case.perft is not None:
        lines.append(
            f"  perft: {case.perft['count']} sequences of {case.perft['depth']} legal actions"
        )
    return "\n".join(lines) + "\n"
