"""The known-failures file and its bookkeeping: which failures an implementation expects.

An implementation may list the cases it is known to fail, one entry a line
(a case id, a glob of ids or ``tag:TAG``, a reason after ``#``), in a file
:func:`read_known_failures` reads within bounds
(:data:`MAX_KNOWN_FAILURES_BYTES`, :data:`MAX_KNOWN_PATTERNS`).  In a run,
:class:`KnownFailures` matches the entries against the suite once, turns a
covered failure into a known one and a listed case that passes into a fixed
one, and says for each entry what became of it (a :class:`KnownStatus`).
:func:`matches` is the pattern rule, which ``--run`` and ``--skip`` use too.

This module imports nothing of the rules engine, as
:mod:`wizard_rules.conformance.runner` explains.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from wizard_rules.conformance.judge import CaseResult, Judgement, Outcome
from wizard_rules.conformance.suite import Case, Suite

__all__ = [
    "MAX_KNOWN_FAILURES_BYTES",
    "MAX_KNOWN_PATTERNS",
    "KnownFailure",
    "KnownFailures",
    "KnownFailuresError",
    "KnownStatus",
    "matches",
    "read_known_failures",
]

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


class KnownFailures:
    """The known failures of one run, matched against the suite once.

    ``KnownFailures(suite, known)`` takes the entries of a known-failures
    file (:func:`read_known_failures`) or plain patterns, and works out once
    which cases each distinct pattern chooses: a case id is looked up; each
    distinct glob is matched once against every case id, and each distinct
    ``tag:`` pattern once against every tag of the suite.  The cost is about
    the cases plus the entries (times the distinct globs and tags, which
    :data:`MAX_KNOWN_PATTERNS` bounds).  :meth:`result` then gives each
    judged case its outcome, and :meth:`statuses` says what became of each
    entry.

    :raises KnownFailuresError: ``known`` holds more than
        :data:`MAX_KNOWN_PATTERNS` distinct globs and tags.
    """

    def __init__(self, suite: Suite, known: Iterable[str | KnownFailure] = ()) -> None:
        self.suite = suite
        """The suite the entries are matched against."""
        self.entries: tuple[KnownFailure, ...] = tuple(
            item if isinstance(item, KnownFailure) else KnownFailure(item) for item in known
        )
        """The entries, in their order (plain patterns made entries)."""
        _check_patterns(self.entries)
        ids = [case.id for case in suite.cases]
        known_ids = set(ids)
        tagged: dict[str, set[str]] = {}
        for case in suite.cases:
            for tag in case.tags:
                tagged.setdefault(tag, set()).add(case.id)
        self.chosen: dict[str, tuple[str, ...]] = {}
        """The ids each pattern chooses, in suite order."""
        self.covered: set[str] = set()
        """The ids any pattern chooses."""
        self.named: set[str] = set()
        """The ids a pattern names exactly (no glob, no tag)."""
        for pattern in (entry.pattern for entry in self.entries):
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

    def result(self, case: Case, judgement: Judgement) -> CaseResult:
        """The result of a judged case, known failures counted.

        A wrong answer is a known failure if an entry chooses the case, else
        a failure; a right one is unsupported if it declared anything
        unsupported, fixed if an entry names the case by its id, else passed.
        """
        if not judgement.passed:
            outcome = Outcome.KNOWN_FAILURE if case.id in self.covered else Outcome.FAILED
        elif judgement.unsupported:
            outcome = Outcome.UNSUPPORTED
        elif case.id in self.named:
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

    def statuses(self, results: Sequence[CaseResult]) -> tuple[KnownStatus, ...]:
        """What became of each entry, given a run's results: one status per entry.

        An entry is stale (its status has a ``problem``) when it names a
        retired or unknown case id, matches no case, repeats an earlier
        entry, or none of its cases fails any more and some pass.
        """
        by_id = {result.case.id: result for result in results}
        first: dict[str, KnownFailure] = {}
        statuses = []
        for entry in self.entries:
            earlier = first.setdefault(entry.pattern, entry)
            if earlier is not entry:  # it adds nothing: not listed again
                where = f"the entry of line {earlier.line}" if earlier.line else "an earlier entry"
                statuses.append(KnownStatus(entry, problem=f"repeats {where}"))
                continue
            covered = [
                by_id[case_id] for case_id in self.chosen[entry.pattern] if case_id in by_id
            ]
            failing = tuple(r.case.id for r in covered if r.outcome is Outcome.KNOWN_FAILURE)
            passing = tuple(
                r.case.id for r in covered if r.outcome in (Outcome.PASSED, Outcome.FIXED)
            )
            problem = ""
            if entry.exact and entry.pattern in self.suite.retired:
                problem = "a retired case id"
            elif not covered:
                problem = "an unknown case id" if entry.exact else "matches no case of the suite"
            elif passing and not failing:
                problem = f"none of its cases fails any more ({len(passing)} pass)"
            statuses.append(KnownStatus(entry, failing, passing, problem))
        return tuple(statuses)
