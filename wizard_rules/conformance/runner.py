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

import enum
import fnmatch
import json
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final

import attrs

from wizard_rules.conformance.protocol import (
    PROTOCOL_VERSION,
    UNORDERED_OBSERVATIONS,
    CaseRequest,
    HelloRequest,
)
from wizard_rules.conformance.suite import Case, Suite

__all__ = [
    "AdapterFailure",
    "CaseResult",
    "Outcome",
    "Report",
    "format_report",
    "json_report",
    "read_known_failures",
    "run_suite",
]

_MAX_LINE: Final = 1 << 20  # an answer longer than 1 MiB is garbage
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
    KNOWN_FAILURE = "known-failure"
    """Failed, and listed as a known failure."""
    FIXED = "fixed"
    """Listed as a known failure, but passed: this fails the run."""
    SKIPPED = "skipped"
    """Not selected by ``--run`` and ``--skip``."""

    @property
    def is_failure(self) -> bool:
        """Whether this outcome fails the run."""
        return self in _FAILURES


_FAILURES: Final = frozenset({Outcome.FAILED, Outcome.ERROR, Outcome.NOT_RUN, Outcome.FIXED})


@attrs.frozen
class CaseResult:
    """The result of one case.

    :ivar case: the case.
    :ivar outcome: how it ended.
    :ivar expected: what was expected (for a failure).
    :ivar got: what the adapter answered (for a failure).
    :ivar detail: what went wrong with the adapter (for an error).
    """

    case: Case
    outcome: Outcome
    expected: Any = None
    got: Any = None
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the result as a JSON-ready dict for ``--json`` reports."""
        return {
            "id": self.case.id,
            "rule": self.case.rule,
            "area": self.case.area,
            "outcome": self.outcome.value,
            "expected": self.expected,
            "got": self.got,
            "detail": self.detail,
        }


class AdapterFailure(Exception):
    """The adapter did not answer properly (crash, timeout, garbage, protocol)."""


class _Adapter:
    """One running adapter process, read by background threads."""

    def __init__(self, command: Sequence[str], timeout: float) -> None:
        self.timeout = timeout
        self.stderr: deque[str] = deque(maxlen=5)
        self.lines: queue.Queue[str | None] = queue.Queue()
        try:
            self.process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            raise AdapterFailure(f"cannot start the adapter: {error}") from None
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        threading.Thread(target=self._pump, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True).start()

    def _pump(self, stream: IO[str]) -> None:
        try:
            while True:
                line = stream.readline(_MAX_LINE)
                if not line:
                    break
                self.lines.put(line)
        except (OSError, ValueError):  # pragma: no cover - the pipe broke under us
            pass
        self.lines.put(None)

    def _drain(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                self.stderr.append(line.rstrip()[:200])
        except (OSError, ValueError):  # pragma: no cover - the pipe broke under us
            pass

    def _why_gone(self) -> str:
        try:  # its output closed: give it a moment to finish exiting
            code: int | None = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        said = " | ".join(self.stderr)
        status = f"exit status {code}" if code is not None else "closed its output"
        return f"the adapter {status}" + (f"; it said: {said}" if said else "")

    def ask(self, request: HelloRequest | CaseRequest) -> dict[str, Any]:
        """Send one request and return the answer, or raise :class:`AdapterFailure`."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise AdapterFailure(self._why_gone()) from None
        deadline = time.monotonic() + self.timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(remaining, 0.001))
            except queue.Empty:
                raise AdapterFailure(f"no answer within {self.timeout:g} s") from None
            if line is None:
                raise AdapterFailure(self._why_gone())
            if not line.strip():
                continue
            if len(line) >= _MAX_LINE:
                raise AdapterFailure("the answer is longer than 1 MiB")
            try:
                answer = json.loads(line)
            except ValueError:
                raise AdapterFailure(f"the answer is not JSON: {line.strip()[:120]!r}") from None
            if type(answer) is not dict:
                raise AdapterFailure(f"the answer is not a JSON object: {line.strip()[:120]!r}")
            return answer

    def close(self) -> None:
        """Say goodbye, then make sure the process is gone."""
        try:
            if self.process.poll() is None and self.process.stdin is not None:
                self.process.stdin.write('{"type":"bye"}\n')
                self.process.stdin.flush()
                self.process.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _handshake(adapter: _Adapter) -> dict[str, Any]:
    hello: HelloRequest = {"type": "hello", "protocol": PROTOCOL_VERSION}
    answer = adapter.ask(hello)
    if answer.get("type") != "hello":
        raise AdapterFailure(f"the adapter did not answer the handshake: {str(answer)[:120]}")
    if answer.get("protocol") != PROTOCOL_VERSION:
        raise AdapterFailure(
            f"the adapter speaks protocol {answer.get('protocol')!r}, "
            f"this runner speaks {PROTOCOL_VERSION}"
        )
    return answer


def _normal(key: str, value: Any) -> Any:
    """Put values whose order carries no meaning into one order."""
    if key not in UNORDERED_OBSERVATIONS or type(value) is not list:
        return value
    if key == "hands":
        return [sorted(hand, key=str) if type(hand) is list else hand for hand in value]
    if key == "winners":
        return sorted(value, key=str)
    return sorted(value, key=lambda item: json.dumps(item, sort_keys=True))


def _judge(case: Case, answer: Mapping[str, object]) -> tuple[bool, Any, Any]:
    """Return (passed, expected, got) for an adapter's answer to ``case``."""
    expected: dict[str, Any] = {"errors": list(case.errors)}
    got: dict[str, Any] = {"errors": answer.get("errors")}
    if case.state is not None:
        state = answer.get("state")
        expected["state"] = {key: _normal(key, value) for key, value in case.state.items()}
        got["state"] = (
            {key: _normal(key, state.get(key)) for key in case.state}
            if type(state) is dict
            else state
        )
    if case.perft is not None:
        expected["perft"] = case.perft["count"]
        got["perft"] = answer.get("perft")
    return expected == got, expected, got


def _request(case: Case) -> CaseRequest:
    return {
        "type": "case",
        "id": case.id,
        "config": case.config,
        "actions": list(case.actions),
        "observe": sorted(case.state or {}),
        "perft": None if case.perft is None else case.perft["depth"],
    }


def read_known_failures(path: Path) -> frozenset[str]:
    """Read a known-failures file: one case id per line; ``#`` starts a comment."""
    ids = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            ids.add(text)
    return frozenset(ids)


def _selected(case: Case, run: Sequence[str], skip: Sequence[str]) -> bool:
    if run and not any(fnmatch.fnmatchcase(case.id, pattern) for pattern in run):
        return False
    return not any(fnmatch.fnmatchcase(case.id, pattern) for pattern in skip)


@attrs.frozen
class Report:
    """Everything a run found.

    :ivar implementation: the adapter's handshake (its name and version).
    :ivar results: one :class:`CaseResult` per case of the suite.
    :ivar problem: why the run could not go on (a failed handshake), or ``""``.
    """

    implementation: dict[str, Any]
    results: tuple[CaseResult, ...]
    problem: str = ""

    @property
    def ok(self) -> bool:
        """Whether the run passed: no failure, error, case not run or fixed known failure."""
        return not self.problem and not any(r.outcome.is_failure for r in self.results)

    def counts(self) -> dict[Outcome, int]:
        """How many cases ended each way (only the outcomes that occurred)."""
        counts: dict[Outcome, int] = {}
        for result in self.results:
            counts[result.outcome] = counts.get(result.outcome, 0) + 1
        return counts


def run_suite(
    suite: Suite,
    command: str,
    *,
    run: Sequence[str] = (),
    skip: Sequence[str] = (),
    known_failures: Iterable[str] = (),
    timeout: float = 5.0,
) -> Report:
    """Run every selected case of ``suite`` against the adapter ``command``."""
    known = frozenset(known_failures)
    try:
        argv = shlex.split(command)
    except ValueError as error:
        return Report({}, (), f"cannot read the adapter command: {error}")
    if not argv:
        return Report({}, (), "the adapter command is empty")
    selected = {case.id for case in suite.cases if _selected(case, run, skip)}
    results: list[CaseResult] = []
    adapter: _Adapter | None = None
    implementation: dict[str, Any] = {}
    failures_in_a_row = 0
    problem = ""
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
                    adapter = _Adapter(argv, timeout)
                    implementation = _handshake(adapter)
                except AdapterFailure as failure:
                    problem = f"handshake failed: {failure}"
                    if adapter is not None:
                        adapter.close()
                        adapter = None
                    results.append(CaseResult(case, Outcome.ERROR, detail=problem))
                    continue
            try:
                answer = adapter.ask(_request(case))
                if answer.get("type") != "result" or answer.get("id") != case.id:
                    raise AdapterFailure(f"expected a result for {case.id}: {str(answer)[:160]}")
            except AdapterFailure as failure:
                failures_in_a_row += 1
                results.append(CaseResult(case, Outcome.ERROR, detail=str(failure)))
                adapter.close()
                adapter = None
                continue
            failures_in_a_row = 0
            passed, expected, got = _judge(case, answer)
            if case.id in known:
                outcome = Outcome.FIXED if passed else Outcome.KNOWN_FAILURE
            else:
                outcome = Outcome.PASSED if passed else Outcome.FAILED
            results.append(CaseResult(case, outcome, expected, got))
    finally:
        if adapter is not None:
            adapter.close()
    return Report(implementation, tuple(results), problem)


def format_report(report: Report, suite: Suite) -> str:
    """Return the human-readable report: each failure, then a summary by area."""
    lines: list[str] = []
    if report.implementation:
        name = report.implementation.get("name", "?")
        version = report.implementation.get("version", "?")
        lines.append(f"adapter: {name} {version}, protocol {PROTOCOL_VERSION}")
    lines.append(f"suite: version {suite.version}, {len(suite.cases)} cases")
    if report.problem:
        lines.append(f"PROBLEM: {report.problem}")
    for result in report.results:
        case = result.case
        if result.outcome == Outcome.FAILED:
            lines.append(f"FAIL {case.id} (rule {case.rule}): {case.description}")
            lines.append(f"  expected: {json.dumps(result.expected, sort_keys=True)}")
            lines.append(f"  got:      {json.dumps(result.got, sort_keys=True)[:2000]}")
        elif result.outcome == Outcome.ERROR:
            lines.append(f"ERROR {case.id} (rule {case.rule}): {result.detail}")
        elif result.outcome == Outcome.FIXED:
            lines.append(f"FIXED {case.id} (rule {case.rule}): listed as a known failure, passes")
    counts = report.counts()
    not_run = counts.get(Outcome.NOT_RUN, 0)
    if not_run:
        lines.append(f"{not_run} cases were not run (see above); they count as failed")
    lines.append("")
    lines.append(f"{'area':<14}{'passed':>8}{'failed':>8}{'errors':>8}{'known':>7}{'skipped':>9}")
    for area in suite.areas:
        mine = [r for r in report.results if r.case.area == area]
        lines.append(
            f"{area:<14}"
            f"{sum(r.outcome == Outcome.PASSED for r in mine):>8}"
            f"{sum(r.outcome in (Outcome.FAILED, Outcome.FIXED) for r in mine):>8}"
            f"{sum(r.outcome in (Outcome.ERROR, Outcome.NOT_RUN) for r in mine):>8}"
            f"{sum(r.outcome == Outcome.KNOWN_FAILURE for r in mine):>7}"
            f"{sum(r.outcome == Outcome.SKIPPED for r in mine):>9}"
        )
    failed = sum(n for outcome, n in counts.items() if outcome.is_failure)
    lines.append("")
    lines.append(
        f"{counts.get(Outcome.PASSED, 0)} passed, {failed} failed, "
        f"{counts.get(Outcome.SKIPPED, 0)} skipped"
    )
    return "\n".join(lines) + "\n"


def json_report(report: Report, suite: Suite) -> dict[str, Any]:
    """Return the machine-readable report written by ``--json``."""
    return {
        "protocol": PROTOCOL_VERSION,
        "suite_version": suite.version,
        "implementation": report.implementation,
        "ok": report.ok,
        "problem": report.problem or None,
        "counts": {outcome.value: n for outcome, n in report.counts().items()},
        "results": [result.to_dict() for result in report.results],
    }
