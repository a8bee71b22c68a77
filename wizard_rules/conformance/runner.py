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

import shlex
import time
from collections.abc import Iterable, Sequence
from typing import Any, Final

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
from wizard_rules.conformance.report import Report as Report
from wizard_rules.conformance.report import TableFormatter as TableFormatter
from wizard_rules.conformance.report import format_report as format_report
from wizard_rules.conformance.report import json_report as json_report
from wizard_rules.conformance.report import shorten as shorten
from wizard_rules.conformance.report import show_case as show_case
from wizard_rules.conformance.suite import Case, Suite
from wizard_rules.conformance.transport import AdapterFailure as AdapterFailure
from wizard_rules.conformance.transport import AdapterProcess, case_request, handshake

__all__ = ["run_suite"]

_MAX_CONSECUTIVE_FAILURES: Final = 3


def _selected(case: Case, run: Sequence[str], skip: Sequence[str]) -> bool:
    if run and not any(matches(case, pattern) for pattern in run):
        return False
    return not any(matches(case, pattern) for pattern in skip)


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
    adapter: AdapterProcess | None = None
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
                    adapter = AdapterProcess(argv, timeout, unknown)
                    implementation = handshake(adapter)
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
                answer = adapter.ask(case_request(case, protocol))
                if answer.get("type") != "result" or answer.get("id") != case.id:
                    raise AdapterFailure(f"expected a result for {case.id}: {str(answer)[:160]}")
                judgement = judge(case, answer)
            except AdapterFailure as failure:
                failures_in_a_row += 1
                results.append(CaseResult(case, Outcome.ERROR, detail=str(failure)))
                adapter.close()
                adapter = None
                continue
            # A proper answer, unsupported or not, ends a run of adapter errors.
            failures_in_a_row = 0
            results.append(known.result(case, judgement))
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
        known.statuses(results),
        strict,
        time.monotonic() - started,
        tuple(sorted(unknown)),
    )


_NEEDS_2: Final = "starts from a position, which needs protocol 2; the adapter speaks 1"
