"""The field-by-field comparison of tests/fields.py sees what ``==`` on states does not.

``State.__eq__`` compares histories only.  Here a wrong dealer, a wrong score
and a wrong leader are planted into states that keep their history: ``==``
and ``hash`` cannot tell them from the right ones, and
:func:`~tests.fields.assert_same_state` names the field.  Then the same
plants go into the fast path's last transition (``apply_legal`` as
``random_game`` calls it), and tests of the suite that check a replay, a
record round trip or the fast path with ``==`` are run against it: each
passes with the field helper switched off (``==`` alone) and fails with it,
naming the planted field.
"""

from __future__ import annotations

import pickle
import random
import sys
from collections.abc import Callable
from types import ModuleType

import pytest

from wizard_rules import (
    Config,
    Phase,
    PlayerView,
    Position,
    State,
    apply,
    apply_legal,
    new_game,
    player_view,
    position_of,
    random_action,
)

from . import fields, test_fast_path, test_game_flow, test_hardening, test_records
from .fields import (
    assert_same_position,
    assert_same_state,
    assert_same_view,
    compared_names,
    planted,
)


def a_state_in_play() -> State:
    """A 4-player state in the middle of a trick of round 3, reached by seeded play."""
    rng = random.Random(3)
    state = new_game(Config(players=4))
    while not (state.round == 3 and state.phase is Phase.PLAY and state.current_trick):
        state = apply(state, random_action(state, rng))
    return state


# What a state, a view and a position are read by, written out here from the
# documentation of each class (not read from the library): the comparison
# must cover every one of them.
STATE_NAMES = {
    "config",
    "phase",
    "is_over",
    "round",
    "dealer",
    "current_player",
    "hand_masks",
    "hands",
    "hand_sizes",
    "undealt",
    "turned",
    "trump",
    "bids",
    "current_trick",
    "leader",
    "completed_tricks",
    "tricks_won",
    "results",
    "scores",
    "start",
    "history",
    "round_actions",
    "past_actions",
    "played",
    "is_chance",
    "led_suit",
    "trick_winner",
    "winners",
    "hand()",
    "hash",
}
VIEW_NAMES = {
    "config",
    "seat",
    "phase",
    "round",
    "dealer",
    "current_player",
    "hand",
    "hand_sizes",
    "turned",
    "trump",
    "bids",
    "current_trick",
    "leader",
    "completed_tricks",
    "played",
    "tricks_won",
    "results",
    "scores",
    "is_over",
    "is_my_turn",
    "is_chance",
    "led_suit",
    "trick_winner",
    "winners",
    "legal_actions()",
}
POSITION_NAMES = {
    "config",
    "round",
    "dealer",
    "scores",
    "hands",
    "turned",
    "trump",
    "bids",
    "tricks_won",
    "played",
    "current_trick",
    "leader",
    "over",
    "phase",
    "current_player",
    "hand_sizes",
    "is_complete",
    "to_text()",
}


@pytest.mark.parametrize(
    ("cls", "names"),
    [(State, STATE_NAMES), (PlayerView, VIEW_NAMES), (Position, POSITION_NAMES)],
    ids=["State", "PlayerView", "Position"],
)
def test_every_documented_name_is_compared(cls: type, names: set[str]) -> None:
    compared = compared_names(cls)
    assert names <= set(compared), names - set(compared)
    assert len(compared) == len(set(compared))


def test_equal_things_compare_the_same_field_by_field() -> None:
    state = a_state_in_play()
    twin = apply(new_game(state.config), state.history[0])
    for action in state.history[1:]:
        twin = apply(twin, action)
    assert_same_state(twin, state)
    assert_same_view(player_view(twin, 2), player_view(state, 2))
    assert_same_position(position_of(twin), position_of(state))


def test_a_field_added_later_is_compared_and_a_method_must_be_declared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = a_state_in_play()
    twin = pickle.loads(pickle.dumps(state))
    assert_same_state(twin, state)
    monkeypatch.setattr(fields, "_PLANS", {})
    # A new property is compared without a change to tests/fields.py (this
    # one tells two objects apart, equal as they are) ...
    monkeypatch.setattr(State, "novelty", property(id), raising=False)
    with pytest.raises(AssertionError, match=r"^State\.novelty differs: \d+ != \d+$"):
        assert_same_state(twin, state)
    # ... and a new public method, which cannot be compared blindly, fails every comparison.
    monkeypatch.setattr(State, "novel_method", lambda s: None, raising=False)
    monkeypatch.setattr(fields, "_PLANS", {})
    with pytest.raises(AssertionError, match=r"does not know how to compare State\.novel_method"):
        assert_same_state(state, state)


def test_what_is_not_of_the_class_is_refused() -> None:
    state = a_state_in_play()
    with pytest.raises(AssertionError, match="expected: expected a State, not PlayerView"):
        assert_same_state(state, player_view(state, 0))  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="'dealr' is not a field of a State"):
        planted(state, dealr=1)


# -- the blind spot of ==, and the helper that sees into it ---------------------------------

Plant = Callable[[State], State]


def _wrong_dealer(state: State) -> State:
    return planted(state, dealer=(state.dealer + 1) % state.config.players)


def _wrong_score(state: State) -> State:
    return planted(state, scores=(state.scores[0] + 10, *state.scores[1:]))


def _wrong_leader(state: State) -> State:
    return planted(state, leader=(state.leader + 1) % state.config.players)


PLANTS: dict[str, Plant] = {
    "dealer": _wrong_dealer,
    "scores": _wrong_score,
    "leader": _wrong_leader,
}


@pytest.mark.parametrize("field", PLANTS)
def test_a_planted_field_is_invisible_to_eq_and_named_by_the_helper(field: str) -> None:
    right = a_state_in_play()
    wrong = PLANTS[field](right)
    assert getattr(wrong, field) != getattr(right, field)
    # The blind spot: the same history, so equal, and the same hash.
    assert wrong == right
    assert hash(wrong) == hash(right)
    assert wrong.history == right.history
    with pytest.raises(AssertionError) as caught:
        assert_same_state(wrong, right)
    assert str(caught.value) == (
        f"State.{field} differs: {getattr(wrong, field)!r} != {getattr(right, field)!r}"
    )


def _plant_in_the_fast_path(monkeypatch: pytest.MonkeyPatch, plant: Plant) -> list[State]:
    """Make ``apply_legal`` plant a wrong field in the last state of every game; return those."""
    original = apply_legal
    planted_states: list[State] = []

    def wrong_at_the_end(state: State, index: int) -> State:
        after = original(state, index)
        if not after.is_over:
            return after
        planted_states.append(plant(after))
        return planted_states[-1]

    modules: list[ModuleType] = [
        module
        for name, module in list(sys.modules.items())
        if name.startswith(("wizard_rules", "tests.")) and module is not None
    ]
    for module in modules:
        for attribute, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attribute, wrong_at_the_end)
    return planted_states


# Tests of the suite that check a replay, a record round trip or the fast
# path with ==, each with the module whose assert_same_state it calls.  In
# each, one side of the comparison is a game random_game played (the fast
# path, planted) and the other the same game replayed with apply.
SUITE_TESTS: dict[str, tuple[ModuleType, Callable[[], None]]] = {
    "record round trip": (test_records, lambda: test_records.test_game_round_trip(4, False)),
    "fast path": (
        test_fast_path,
        lambda: test_fast_path.test_random_games_on_the_fast_path_are_the_checked_ones(4),
    ),
    "replay of a tie": (test_game_flow, lambda: test_game_flow.test_tied_winners_all_win(3)),
    "longest record": (test_hardening, test_hardening.test_the_longest_game_fits_the_bounds),
}


@pytest.mark.parametrize("field", PLANTS)
@pytest.mark.parametrize("name", SUITE_TESTS)
def test_a_planted_transition_passes_eq_alone_and_fails_the_helper(
    name: str, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, run = SUITE_TESTS[name]
    plants = _plant_in_the_fast_path(monkeypatch, PLANTS[field])
    # == alone: the field helper switched off, the test passes on the planted games.
    with monkeypatch.context() as blind:
        blind.setattr(module, "assert_same_state", lambda actual, expected: None)
        run()
    assert plants, f"the plant no longer reaches random_game: adapt {__name__}"
    # With it, the test fails, naming the planted field.
    with pytest.raises(AssertionError, match=rf"^State\.{field} differs: "):
        run()
