"""Run the conformance suite against any implementation's adapter.

``wizard-rules conformance run --adapter "COMMAND"`` starts ``COMMAND`` as a
subprocess, speaks the protocol of :mod:`wizard_rules.conformance.protocol`
with it, and reports every case.  The runner never trusts the adapter: an
adapter that crashes, hangs past the per-case timeout, prints something that
is not JSON, answers out of turn or speaks another protocol version is
reported as such, restarted for the next case where that makes sense, and
never crashes or hangs the runner.

This module is the driver, :func:`run_suite`; each of its jobs has a module
of its own:

* :mod:`wizard_rules.conformance.transport`: the adapter process and its
  line protocol (:class:`~wizard_rules.conformance.transport.AdapterProcess`,
  :class:`~wizard_rules.conformance.transport.AdapterFailure`);
* :mod:`wizard_rules.conformance.judge`: an answer compared with its case
  (:func:`~wizard_rules.conformance.judge.judge`,
  :class:`~wizard_rules.conformance.judge.CaseResult`,
  :class:`~wizard_rules.conformance.judge.Outcome`);
* :mod:`wizard_rules.conformance.known`: the known-failures file and its
  bookkeeping (:func:`~wizard_rules.conformance.known.read_known_failures`,
  :class:`~wizard_rules.conformance.known.KnownFailures`);
* :mod:`wizard_rules.conformance.report`: what a run found, and its text and
  JSON reports (:class:`~wizard_rules.conformance.report.Report`,
  :func:`~wizard_rules.conformance.report.format_report`).

Every name this module held before the split is still importable from it,
as the same object as in its new module (``from
wizard_rules.conformance.runner import Outcome, format_report`` keeps
working, for type checkers too): :class:`~.transport.AdapterFailure`;
:class:`~.judge.CaseResult`, :class:`~.judge.Difference`,
:class:`~.judge.Divergence`, :data:`~.judge.Explainer`,
:class:`~.judge.Judgement`, :class:`~.judge.Outcome`,
:func:`~.judge.same_json`; :class:`~.known.KnownFailure`,
:class:`~.known.KnownFailuresError`, :class:`~.known.KnownStatus`,
:data:`~.known.MAX_KNOWN_FAILURES_BYTES`, :data:`~.known.MAX_KNOWN_PATTERNS`,
:func:`~.known.matches`, :func:`~.known.read_known_failures`;
:class:`~.report.Report`, :data:`~.report.TableFormatter`,
:func:`~.report.format_report`, :func:`~.report.json_report`,
:func:`~.report.shorten`, :func:`~.report.show_case`.  They are documented
where they live; this module's own ``__all__`` is :func:`run_suite`.

The runner judges an implementation from the case data
(:mod:`wizard_rules.conformance.suite`) and the protocol
(:mod:`wizard_rules.conformance.protocol`) alone: none of the runner, its
four modules, the suite and the protocol imports the rules engine
(``state``, ``transitions``, ``trick``, ``views``, ``records`` and the
rest); they share only the error codes of :mod:`wizard_rules.errors`.  So
this library's rules cannot leak into the verdict on another
implementation, nor a bug in them hide one.  (The package's ``__init__`` is
lazy, so ``import wizard_rules.conformance.runner`` loads no engine module
either.)  ``tests/test_conformance.py`` proves it twice: it walks the import
statements of these modules transitively within the package (with ``ast``),
and it runs the runner against an adapter in a fresh interpreter, then
checks that no engine module was loaded.
"""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

# The names this module held before the split, re-exported from their new
# homes (``X as X``: an explicit re-export, for type checkers too).
from wizard_rules.conformance.judge import CaseResult as CaseResult
from wizard_rules.conformance.judge import Difference as Difference
from wizard_rules.conformance.judge import Divergence as Divergence
from wizard_rules.conformance.judge import Explainer as Explainer
from wizard_rules.conformance.judge import Judgement as Judgement
from wizard_rules.conformance.judge import Outcome as Outcome
from wizard_rules.conformance.judge import judge
from wizard_rules.conformance.judge import same_json as same_json
from wizard_rules.conformance.known import MAX_KNOWN_FAILURES_BYTES as MAX_KNOWN_FAILURES_BYTES
from wizard_rules.conformance.known import MAX_KNOWN_PATTERNS as MAX_KNOWN_PATTERNS
from wizard_rules.conformance.known import KnownFailure as KnownFailure
from wizard_rules.conformance.known import KnownFailures
from wizard_rules.conformance.known import KnownFailuresError as KnownFailuresError
from wizard_rules.conformance.known import KnownStatus as KnownStatus
from wizard_rules.conformance.known import matches as matches
from wizard_rules.conformance.known import read_known_failures as read_known_failures
from wizard_rules.conformance.protocol import PROTOCOL_VERSION_2
from wizard_rules.conformance.report import GroupVerdict, ReadingVerdict
from wizard_rules.conformance.report import Report as Report
from wizard_rules.conformance.report import TableFormatter as TableFormatter
from wizard_rules.conformance.report import format_report as format_report
from wizard_rules.conformance.report import json_report as json_report
from wizard_rules.conformance.report import shorten as shorten
from wizard_rules.conformance.report import show_case as show_case
from wizard_rules.conformance.suite import (
    DETECT_SUFFIX,
    Case,
    Suite,
    reading_tags,
    without_reading,
)
from wizard_rules.conformance.transport import AdapterFailure as AdapterFailure
from wizard_rules.conformance.transport import AdapterProcess, case_request, handshake

__all__ = ["run_suite"]

_MAX_CONSECUTIVE_FAILURES: Final = 3


def _selected(case: Case, run: Sequence[str], skip: Sequence[str]) -> bool:
    if run and not any(matches(case, pattern) for pattern in run):
        return False
    return not any(matches(case, pattern) for pattern in skip)


class _Connection:
    """The adapter of a run: started when first needed, restarted after a crash or a hang."""

    def __init__(self, argv: Sequence[str], timeout: float) -> None:
        self.argv = argv
        self.timeout = timeout
        self.adapter: AdapterProcess | None = None
        self.implementation: dict[str, Any] = {}
        self.unknown: set[str] = set()
        self.failures_in_a_row = 0
        self.problem = ""

    @property
    def stopped(self) -> str:
        """Why no more requests are sent (``""`` while they are)."""
        if self.problem:
            return self.problem
        if self.failures_in_a_row >= _MAX_CONSECUTIVE_FAILURES:
            return "the adapter failed three cases in a row"
        return ""

    def start(self) -> str:
        """Start the adapter if none runs; the handshake's failure, or ``""``."""
        if self.adapter is not None:
            return ""
        # A fresh adapter for the first case, and after one that crashed or
        # hung.  If it cannot even say hello, stop.
        try:
            self.adapter = AdapterProcess(self.argv, self.timeout, self.unknown)
            self.implementation = handshake(self.adapter)
        except AdapterFailure as failure:
            self.problem = f"handshake failed: {failure}"
            self.close()
            return self.problem
        return ""

    @property
    def protocol(self) -> int:
        """The protocol version the adapter speaks."""
        version: int = self.implementation["protocol"]
        return version

    def ask(self, case: Case) -> dict[str, Any]:
        """Send ``case`` and return its ``result``, or raise :class:`AdapterFailure`.

        A failure counts towards the three in a row that stop a run, and the
        adapter is closed (a fresh one answers the next case).
        """
        assert self.adapter is not None
        try:
            answer = self.adapter.ask(case_request(case, self.protocol))
            if answer.get("type") != "result" or answer.get("id") != case.id:
                raise AdapterFailure(f"expected a result for {case.id}: {str(answer)[:160]}")
        except AdapterFailure:
            self.failed()
            raise
        return answer

    def failed(self) -> None:
        """Count an answer that was not a proper one, and close the adapter."""
        self.failures_in_a_row += 1
        self.close()

    def close(self) -> None:
        """End the adapter, if one runs."""
        if self.adapter is not None:
            self.adapter.close()
            self.adapter = None


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

    ``run`` and ``skip`` are patterns (see
    :func:`~wizard_rules.conformance.known.matches`); the ``known_failures``
    entries (or plain patterns) name the cases the implementation is known
    to fail; each distinct one is matched against the suite once (see
    :data:`~wizard_rules.conformance.known.MAX_KNOWN_PATTERNS`).

    Then the reading detector runs on the selected cases tagged
    ``reading:NAME=VALUE``: each group of a reading's cases (identical but
    for the reading's value) is sent once more without the reading in its
    configuration, and the answers say which value the implementation
    follows: the report's
    :attr:`~wizard_rules.conformance.report.Report.readings` (see
    :class:`~wizard_rules.conformance.report.ReadingVerdict`).

    :raises ~wizard_rules.conformance.known.KnownFailuresError:
        ``known_failures`` holds more than
        :data:`~wizard_rules.conformance.known.MAX_KNOWN_PATTERNS` distinct
        globs and tags.
    """
    started = time.monotonic()
    known = KnownFailures(suite, known_failures)
    try:
        argv = shlex.split(command)
    except ValueError as error:
        return Report({}, (), f"cannot read the adapter command: {error}", strict=strict)
    if not argv:
        return Report({}, (), "the adapter command is empty", strict=strict)
    selected = {case.id for case in suite.cases if _selected(case, run, skip)}
    results: list[CaseResult] = []
    connection = _Connection(argv, timeout)
    try:
        for case in suite.cases:
            if case.id not in selected:
                results.append(CaseResult(case, Outcome.SKIPPED))
                continue
            why = connection.stopped
            if why:
                results.append(CaseResult(case, Outcome.NOT_RUN, detail=f"not run: {why}"))
                continue
            problem = connection.start()
            if problem:
                results.append(CaseResult(case, Outcome.ERROR, detail=problem))
                continue
            if case.position is not None and connection.protocol < PROTOCOL_VERSION_2:
                # A version-1 adapter cannot start from a position: not sent.
                results.append(
                    CaseResult(case, Outcome.UNSUPPORTED, unsupported=True, detail=_NEEDS_2)
                )
                continue
            try:
                judgement = judge(case, connection.ask(case))
            except AdapterFailure as failure:
                if connection.adapter is not None:  # a malformed answer: a fresh adapter next
                    connection.failed()
                results.append(CaseResult(case, Outcome.ERROR, detail=str(failure)))
                continue
            # A proper answer, unsupported or not, ends a run of adapter errors.
            connection.failures_in_a_row = 0
            results.append(known.result(case, judgement))
        readings = _detect(suite, selected, results, connection)
    finally:
        connection.close()
    problem = connection.problem
    if not selected:
        problem = (
            f"no case was judged: the run and skip patterns select none of the "
            f"{len(suite.cases)} cases"
        )
    return Report(
        connection.implementation,
        tuple(results),
        problem,
        known.statuses(results),
        strict,
        time.monotonic() - started,
        tuple(sorted(connection.unknown)),
        readings,
    )


# -- the reading detector ---------------------------------------------------------------
#
# The selected cases tagged ``reading:NAME=VALUE`` (see
# :func:`~wizard_rules.conformance.suite.reading_tags`) of one reading that
# are identical but for the reading's value in ``config.readings`` are a
# *group* (one case per value).  Each group's case is sent once more with
# the reading removed from the configuration (request id: the first case's
# id and ``~detect``), and the answer is judged against each value's
# expectation.  A value is followed when the answers match its expectations
# in every group answered; the verdicts are the report's ``readings``
# (:class:`~wizard_rules.conformance.report.ReadingVerdict`).


def _names_reading(case: Case, name: str) -> bool:
    readings = case.config.get("readings")
    return type(readings) is dict and name in readings


@attrs.frozen
class _Group:
    """The cases of one reading identical but for its value: each value's case."""

    name: str
    members: tuple[tuple[str, Case], ...]

    @property
    def request(self) -> Case:
        """The group's case once more, the reading removed, asking every member's observations."""
        first = self.members[0][1]
        keys: dict[str, Any] = {}
        for _, case in self.members:
            keys.update(dict.fromkeys(case.state or {}))
        return attrs.evolve(
            first,
            id=first.id + DETECT_SUFFIX,
            config=without_reading(first.config, self.name),
            state=keys or None,
            errors=(),
        )


def _projected(answer: Mapping[str, Any], case: Case) -> dict[str, Any]:
    """``answer`` cut down to what ``case`` asks: its observations and its unsupported parts."""
    asked = {"errors", *(case.state or {})}
    if case.perft is not None:
        asked.add("perft")
    projected = dict(answer)
    state = answer.get("state")
    if type(state) is dict:
        projected["state"] = {key: value for key, value in state.items() if key in asked}
    unsupported = answer.get("unsupported")
    if type(unsupported) is list:
        projected["unsupported"] = [name for name in unsupported if name in asked]
    return projected


def _groups(suite: Suite, selected: set[str]) -> dict[str, list[_Group]]:
    """The groups of each reading, in the order first met; only those with a selected case."""
    found: dict[str, dict[str, list[tuple[str, Case]]]] = {}
    for case in suite.cases:
        for name, value in reading_tags(case):
            key = json.dumps(
                [without_reading(case.config, name), case.position, list(case.actions)],
                sort_keys=True,
            )
            found.setdefault(name, {}).setdefault(key, []).append((value, case))
    return {
        name: [
            _Group(name, tuple(members))
            for members in groups.values()
            if any(case.id in selected for _, case in members)
        ]
        for name, groups in found.items()
    }


def _ask_group(group: _Group, connection: _Connection) -> GroupVerdict:
    request = group.request
    ids = tuple(case.id for _, case in group.members)
    values = tuple(value for value, _ in group.members)
    verdict = GroupVerdict(request.id, ids, values)
    why = connection.stopped
    if why:
        return attrs.evolve(verdict, outcome="not-run", detail=why)
    problem = connection.start()
    if problem:
        return attrs.evolve(verdict, outcome="error", detail=problem)
    if request.position is not None and connection.protocol < PROTOCOL_VERSION_2:
        return attrs.evolve(verdict, outcome="unsupported", detail=_NEEDS_2)
    try:
        answer = connection.ask(request)
        whole = judge(request, answer)
        judgements = [
            (value, judge(case, _projected(answer, case))) for value, case in group.members
        ]
    except AdapterFailure as failure:
        if connection.adapter is not None:
            connection.failed()
        return attrs.evolve(verdict, outcome="error", detail=str(failure))
    connection.failures_in_a_row = 0
    if whole.unsupported:
        return attrs.evolve(verdict, outcome="unsupported")
    matched = tuple(value for value, judgement in judgements if judgement.passed)
    return attrs.evolve(verdict, matched=tuple(dict.fromkeys(matched)))


def _honours(
    name: str, cases: Sequence[Case], outcomes: Mapping[str, Outcome]
) -> tuple[str, int, int]:
    """Whether the cases naming the reading in their configuration passed: word, passed, naming."""
    naming = [case.id for case in cases if _names_reading(case, name) and case.id in outcomes]
    passed = sum(outcomes[i] in (Outcome.PASSED, Outcome.FIXED) for i in naming)
    failed = any(outcomes[i] in _WRONG for i in naming)
    if not naming:
        return "-", 0, 0
    if failed:
        return "no", passed, len(naming)
    return ("yes" if passed else "not run"), passed, len(naming)


_WRONG: Final = frozenset({Outcome.FAILED, Outcome.KNOWN_FAILURE, Outcome.ERROR})


def _detect(
    suite: Suite, selected: set[str], results: Sequence[CaseResult], connection: _Connection
) -> tuple[ReadingVerdict, ...]:
    outcomes = {r.case.id: r.outcome for r in results if r.case.id in selected}
    verdicts = []
    for name, groups in _groups(suite, selected).items():
        if not groups:
            continue
        members = [case for group in groups for _, case in group.members]
        values = tuple(dict.fromkeys(value for group in groups for value, _ in group.members))
        default = next(
            (v for g in groups for v, case in g.members if not _names_reading(case, name)), None
        )
        asked = tuple(_ask_group(group, connection) for group in groups)
        honours, honoured, naming = _honours(name, members, outcomes)
        verdicts.append(ReadingVerdict(name, values, default, asked, honours, honoured, naming))
    return tuple(verdicts)


_NEEDS_2: Final = "starts from a position, which needs protocol 2; the adapter speaks 1"
