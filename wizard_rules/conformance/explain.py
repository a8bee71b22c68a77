"""Where a failing case first goes wrong, worked out with this library's rules.

The runner (:mod:`wizard_rules.conformance.runner`) judges an adapter's
answers without this library's rules.  To point at the cause of a failure it
takes an *explainer*; :func:`first_divergence` is the one ``wizard-rules
conformance run`` gives it.  It plays the case as this library does and
finds, among the parts answered wrongly, the one that went wrong first:

* a wrong list of refusals goes wrong at the first refusal that differs (the
  earlier of the two actions it names);
* a wrong observation of finished rounds (``round_bids``,
  ``round_trick_winners``, ``round_scores``) at the action that finished the
  first round that differs, and of this round's tricks (``tricks``,
  ``trick_winners``) at the action that finished the first trick that
  differs;
* anything else after the last action, where it is observed.

The position it gives is the expected game's just before that action (or
after the last one), in the one-line notation of rule 1.4, so that an
implementer can start there (``wizard-rules perft``, ``Position.from_text``)
and look.  :func:`position_text` writes a case's starting position the same
way, for ``conformance show``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from wizard_rules.conformance.judge import Difference, Divergence, same_json
from wizard_rules.conformance.suite import Case
from wizard_rules.core.config import Config
from wizard_rules.core.position import from_position, position_of
from wizard_rules.core.state import State, new_game
from wizard_rules.core.transitions import apply
from wizard_rules.errors import WizardError
from wizard_rules.formats.records import action_from_dict, config_from_dict, position_from_dict

__all__ = ["first_divergence", "position_text"]

_ROUND_KEYS: Final = frozenset(
    {"state.round_bids", "state.round_trick_winners", "state.round_scores"}
)
_TRICK_KEYS: Final = frozenset({"state.tricks", "state.trick_winners"})


def position_text(value: Any) -> str | None:
    """A position's JSON form in the one-line notation, or ``None`` if it is not a position."""
    try:
        return position_from_dict(value).to_text()
    except WizardError:
        return None


def _start(case: Case) -> State | None:
    """The game the case starts: at the first deal, or at its position."""
    try:
        rules: Config = config_from_dict(case.config)
        if case.position is None:
            return new_game(rules)
        start = position_from_dict(case.position)
        return from_position(start) if start.config == rules else None
    except WizardError:
        return None


class _Replay:
    """A case played by this library.

    It keeps the state before each action, and the actions that finished
    each round and each trick of the last round.
    """

    def __init__(self, start: State, actions: Sequence[Any]) -> None:
        self.before: list[State] = []
        self.rounds_done: list[int] = []  # the action that finished each round
        self.tricks_done: list[int] = []  # the action that finished each trick of the last round
        state = start
        for index, value in enumerate(actions):
            self.before.append(state)
            try:
                after = apply(state, action_from_dict(value))
            except WizardError:
                continue  # refused: the game goes on unchanged
            if len(after.results) > len(state.results):
                self.rounds_done.append(index)
            if after.round != state.round or len(after.results) > len(state.results):
                self.tricks_done = []
            if len(after.completed_tricks) > len(state.completed_tricks):
                self.tricks_done.append(index)
            state = after
        self.final = state

    def state_before(self, step: int) -> State:
        return self.before[step] if step < len(self.before) else self.final


def _first_index(expected: Any, got: Any) -> int:
    """The first index at which two lists differ (the shorter one's length if one is a prefix)."""
    if type(expected) is not list or type(got) is not list:
        return 0
    for index, (want, seen) in enumerate(zip(expected, got, strict=False)):
        if not same_json(want, seen):
            return index
    return min(len(expected), len(got))


def _refusal_step(expected: Any, got: Any, end: int) -> int | None:
    """The action at which two lists of refusals part: ``None`` for the start."""
    index = _first_index(expected, got)
    ats = [
        item.get("at")
        for items in (expected, got)
        if type(items) is list and index < len(items)
        for item in [items[index]]
        if type(item) is dict
    ]
    if any(at is None for at in ats):
        return None
    steps = [at for at in ats if type(at) is int and 0 <= at < end]
    return min(steps) if steps else end


def _step(difference: Difference, replay: _Replay, end: int) -> int | None:
    if difference.missing:
        return end
    if difference.key == "errors":
        return _refusal_step(difference.expected, difference.got, end)
    done = (
        replay.rounds_done
        if difference.key in _ROUND_KEYS
        else replay.tricks_done
        if difference.key in _TRICK_KEYS
        else []
    )
    index = _first_index(difference.expected, difference.got)
    return done[index] if index < len(done) else end


def first_divergence(case: Case, differences: Sequence[Difference]) -> Divergence | None:
    """The first of ``differences`` in the order of play, with the position before it.

    ``None`` when there is no difference.  When this library refuses the
    case's configuration or position, the divergence is at the start and
    has no position.
    """
    if not differences:
        return None
    start = _start(case)
    end = len(case.actions)
    if start is None:
        first = differences[0]
        return Divergence(None, None, first, None)
    replay = _Replay(start, case.actions)
    steps = [(_step(difference, replay, end), difference) for difference in differences]
    step, first = min(steps, key=lambda item: -1 if item[0] is None else item[0])
    if step is None:
        return Divergence(None, None, first, position_of(start).to_text())
    action = case.actions[step] if step < end else None
    return Divergence(step, action, first, position_of(replay.state_before(step)).to_text())
