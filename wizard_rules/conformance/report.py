"""What a run found, and its reports: the text one, the ``--json`` one, and one case shown.

A run's findings are a :class:`Report`: a :class:`CaseResult` for every
case, what became of the known-failures entries, and whether the run
passed.  :func:`format_report` writes it for people (each failure with its
differences, then counts by area, rule, tag and player count, long values
cut by :func:`shorten`), :func:`json_report` for programs (nothing cut), and
:func:`show_case` writes one case readably.

This module imports nothing of the rules engine, as
:mod:`wizard_rules.conformance.runner` explains: a failing case's first
divergence, and a position in the one-line notation, come from functions
the caller gives (see :data:`~wizard_rules.conformance.judge.Explainer`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import attrs

from wizard_rules.conformance.judge import CaseResult, Divergence, Explainer, Outcome
from wizard_rules.conformance.known import KnownStatus
from wizard_rules.conformance.suite import Case, Suite

__all__ = [
    "NONE_OF_OURS",
    "NOT_RUN",
    "GroupVerdict",
    "ReadingVerdict",
    "Report",
    "TableFormatter",
    "format_report",
    "json_report",
    "shorten",
    "show_case",
]

TableFormatter: TypeAlias = "Callable[[Sequence[str], Sequence[Sequence[str]]], list[str]]"
"""Draws a count table of :func:`format_report` as lines: given the column
names (the first is the table's title, as ``area``) and the rows (a name,
then the counts), it returns the lines to print.  The command line gives one
that draws with rich when standard output is a terminal."""


NONE_OF_OURS: Final = "none of ours"
"""The reading detector's verdict when no value of a reading matches every group."""
NOT_RUN: Final = "not run"
"""The reading detector's verdict when no group of a reading was answered (the
adapter answered them unsupported, failed on them, or was not asked)."""


@attrs.frozen
class GroupVerdict:
    """One group of a reading's cases, sent once with the reading removed, and what it matched.

    A *group* is the cases of one reading that are identical but for the
    reading's value in ``config.readings`` (one case per value).  The
    detector sends the group's case once more, without the reading in its
    configuration, as ``id`` (the first case's id and ``~detect``), and
    judges the answer against each case's expectation.

    :ivar id: the id of the extra request.
    :ivar cases: the group's case ids, one per value.
    :ivar values: the reading's value of each case, in the same order.
    :ivar matched: the values whose expectation the answer matches.
    :ivar outcome: ``"answered"``, ``"unsupported"`` (the adapter answered
        the request unsupported, or some part of it), ``"error"`` (it did
        not answer properly) or ``"not-run"`` (not asked: the run had
        stopped).
    :ivar detail: what went wrong, for an error.
    """

    id: str
    cases: tuple[str, ...]
    values: tuple[str, ...]
    matched: tuple[str, ...] = ()
    outcome: str = "answered"
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the group as a JSON-ready dict."""
        return {
            "id": self.id,
            "cases": list(self.cases),
            "values": list(self.values),
            "matched": list(self.matched),
            "outcome": self.outcome,
            "detail": self.detail,
        }


@attrs.frozen
class ReadingVerdict:
    """Which value of one reading an implementation follows, as the reading detector found.

    :ivar name: the reading, from the cases' tags ``reading:NAME=VALUE``.
    :ivar values: its values that the cases name, in the order first met.
    :ivar default: the value of the cases whose configuration does not name
        the reading (the specification's default), or ``None`` when no case
        of it leaves the reading out.
    :ivar groups: each group of its cases and what the answer matched.
    :ivar honours: whether the implementation honours the configuration's
        key: ``"yes"`` when every case that names the reading in its
        ``config.readings`` passed, ``"no"`` when one failed, ``"not run"``
        when none was judged (unsupported, skipped, not asked), ``"-"`` when
        no case names it (a reading of one value).
    :ivar honoured: how many of the cases that name the reading passed.
    :ivar naming: how many cases name the reading in their configuration.
    """

    name: str
    values: tuple[str, ...]
    default: str | None
    groups: tuple[GroupVerdict, ...]
    honours: str = "-"
    honoured: int = 0
    naming: int = 0

    @property
    def answered(self) -> tuple[GroupVerdict, ...]:
        """The groups the adapter answered (not unsupported, not an error)."""
        return tuple(group for group in self.groups if group.outcome == "answered")

    @property
    def follows(self) -> tuple[str, ...]:
        """The values whose expectations the answers match in every answered group.

        Several when the cases do not tell them apart; none when no value
        matches every group (or no group was answered: see :attr:`verdict`).
        """
        answered = self.answered
        if not answered:
            return ()
        return tuple(v for v in self.values if all(v in group.matched for group in answered))

    @property
    def verdict(self) -> str:
        """The value followed (several joined by or), :data:`NONE_OF_OURS` or :data:`NOT_RUN`."""
        if not self.answered:
            return NOT_RUN
        return " or ".join(self.follows) or NONE_OF_OURS

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict as a JSON-ready dict (the ``--json`` report's ``readings``)."""
        return {
            "name": self.name,
            "values": list(self.values),
            "default": self.default,
            "verdict": self.verdict,
            "follows": list(self.follows),
            "honours": self.honours,
            "honoured": self.honoured,
            "naming": self.naming,
            "groups": [group.to_dict() for group in self.groups],
        }


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
    :ivar readings: the reading detector's verdicts, one per reading the
        selected cases name in their tags (``reading:NAME=VALUE``), in the
        order first met; they do not change whether the run passed.
    """

    implementation: dict[str, Any]
    results: tuple[CaseResult, ...]
    problem: str = ""
    known: tuple[KnownStatus, ...] = ()
    strict: bool = False
    seconds: float = 0.0
    unknown_fields: tuple[str, ...] = ()
    readings: tuple[ReadingVerdict, ...] = ()

    @property
    def detected(self) -> dict[str, str]:
        """The reading detector's verdict of each reading, by name (see :attr:`readings`)."""
        return {reading.name: reading.verdict for reading in self.readings}

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

_READING_COLUMNS: Final = ("reading", "follows", "default", "honours the key", "groups")


def _reading_rows(report: Report) -> list[list[str]]:
    rows = []
    for reading in report.readings:
        honours = reading.honours
        if reading.naming:
            honours += f" ({reading.honoured} of {reading.naming})"
        answered = len(reading.answered)
        groups = f"{answered} of {len(reading.groups)}"
        rows.append([reading.name, reading.verdict, reading.default or "-", honours, groups])
    return rows


def _reading_lines(report: Report, table: TableFormatter | None) -> list[str]:
    """The reading detector's table: each reading, the value followed, the key honoured."""
    lines = [
        "",
        "readings (the value the adapter follows: each group of a reading's cases sent again "
        "without it):",
    ]
    rows = _reading_rows(report)
    if table is not None:
        lines.extend(table(_READING_COLUMNS, rows))
    else:
        every = [list(_READING_COLUMNS), *rows]
        widths = [max(len(row[k]) for row in every) for k in range(len(_READING_COLUMNS))]
        for row in every:
            cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            lines.append("  ".join(cells).rstrip())
    for reading in report.readings:
        for group in reading.groups:
            if group.outcome in ("error", "unsupported") and group.detail:
                lines.append(f"  {reading.name}: {group.id}: {group.outcome}: {group.detail}")
    return lines


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
    if report.readings:
        lines.extend(_reading_lines(report, table))
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
        "readings": [reading.to_dict() for reading in report.readings],
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
