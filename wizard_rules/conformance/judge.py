"""Judging one answer against one case: what was expected, what came, what differs.

:func:`judge` compares an adapter's answer to a case with the case's
expectations, part by part (the refused actions, each observation, the perft
count), as JSON values with their types (:func:`same_json`), the lists whose
order carries no meaning put in one order first (:func:`normal_form`).  The
verdict is a :class:`Judgement`; a run gives each case a :class:`CaseResult`
with its :class:`Outcome`.  A failing case's first :class:`Divergence` is
found by an :data:`Explainer`, which this module does not hold: it judges
from the case data alone, and imports nothing of the rules engine, as
:mod:`wizard_rules.conformance.runner` explains.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import attrs

from wizard_rules.conformance.protocol import UNORDERED_OBSERVATIONS
from wizard_rules.conformance.suite import Case
from wizard_rules.conformance.transport import AdapterFailure

__all__ = [
    "CaseResult",
    "Difference",
    "Divergence",
    "Explainer",
    "Judgement",
    "Outcome",
    "judge",
    "normal_form",
    "same_json",
]


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


def _order_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def normal_form(key: str, value: Any) -> Any:
    """The observation ``key``'s ``value`` with what has no order put in one order.

    The lists of the observations in
    :data:`~wizard_rules.conformance.protocol.UNORDERED_OBSERVATIONS` carry
    no order: such a list (for ``hands``, each hand's list of cards; for
    ``views``, each hand's list of cards in each seat's view) is returned
    sorted by its items' JSON.  Any other value is returned as it
    is.  Both sides of a comparison are put in this form first.
    """
    if key == "views" and type(value) is list:
        return [_view_normal_form(view) for view in value]
    if key not in UNORDERED_OBSERVATIONS or type(value) is not list:
        return value
    if key == "hands":
        return _hands_normal_form(value)
    return sorted(value, key=_order_key)


def _hands_normal_form(value: list[Any]) -> list[Any]:
    return [sorted(hand, key=_order_key) if type(hand) is list else hand for hand in value]


def _view_normal_form(view: Any) -> Any:
    """One seat's view with the cards of each hand it sees put in one order."""
    if type(view) is not dict or type(view.get("hands")) is not list:
        return view
    return {**view, "hands": _hands_normal_form(view["hands"])}


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


def judge(case: Case, answer: Mapping[str, object]) -> Judgement:
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
            seen = normal_form(key, observed[key]) if answered else None
            parts.append(("state." + key, normal_form(key, value), answered, seen))
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
