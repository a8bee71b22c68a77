"""The fast path: apply_legal moves on by an index into the legal actions, never illegally."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_rules import (
    Config,
    InvalidArgumentError,
    Phase,
    State,
    apply,
    apply_legal,
    legal_actions,
    new_game,
    random_action,
    random_deal,
    random_game,
    replay,
)
from wizard_rules.integrations.strategies import states

from .fields import assert_same_state


@settings(max_examples=150, deadline=None)
@given(states(), st.data())
def test_apply_legal_is_apply_of_that_legal_action(state: State, data: st.DataObject) -> None:
    actions = legal_actions(state)
    if not actions:
        return
    index = data.draw(st.integers(0, len(actions) - 1))
    fast, checked = apply_legal(state, index), apply(state, actions[index])
    assert fast == checked
    assert_same_state(fast, checked)


@settings(max_examples=60, deadline=None)
@given(states(), states())
def test_the_remembered_list_belongs_to_its_state_only(one: State, other: State) -> None:
    # legal_actions of one state, then apply_legal on another: the other's own list counts.
    legal_actions(one)
    actions = legal_actions(other) if other is not one else ()
    legal_actions(one)
    if actions:
        last = len(actions) - 1
        fast, checked = apply_legal(other, last), apply(other, actions[last])
        assert fast == checked
        assert_same_state(fast, checked)


def a_state_with_choices() -> State:
    state = new_game(Config(players=4))
    rng = random.Random(2)
    while len(legal_actions(state)) < 3:
        state = apply(state, random_action(state, rng))
    return state


@pytest.mark.parametrize(
    "index",
    [-1, 99, 10**5000, True, 1.0, "0", None],
    ids=["negative", "past-the-end", "huge", "bool", "float", "str", "none"],
)
def test_an_index_that_is_not_a_position_of_the_list_is_refused(index: Any) -> None:
    state = a_state_with_choices()
    before = legal_actions(state)
    with pytest.raises(InvalidArgumentError) as refused:
        apply_legal(state, index)
    assert "index must be an int from 0 to" in str(refused.value)
    assert len(str(refused.value)) < 300
    assert legal_actions(state) == before


def test_there_is_nothing_to_choose_at_a_deal_or_at_the_end() -> None:
    state = new_game(Config(players=3))
    with pytest.raises(InvalidArgumentError, match="no legal action to choose here"):
        apply_legal(state, 0)
    final = random_game(Config(players=3), random.Random(1))
    assert final.phase is Phase.GAME_OVER
    with pytest.raises(InvalidArgumentError, match="game_over"):
        apply_legal(final, 0)


@pytest.mark.parametrize("state", [None, "state", 3])
def test_apply_legal_needs_a_state(state: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        apply_legal(state, 0)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_on_the_fast_path_are_the_checked_ones(players: int) -> None:
    # random_game takes the fast path; the checked loop of random_action and
    # apply, from the same seed, plays the same game.
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(Config(players=players, forbid_bid_total_match=seed == 1))
        while not state.is_over:
            state = apply(state, random_action(state, rng))
        config = Config(players=players, forbid_bid_total_match=seed == 1)
        fast = random_game(config, random.Random(seed))
        assert fast == state
        assert_same_state(fast, state)


def test_a_deal_still_goes_through_apply() -> None:
    state = new_game(Config(players=3))
    dealt = apply(state, random_deal(state, random.Random(0)))
    assert dealt.phase in (Phase.BID, Phase.CHOOSE_TRUMP)


def test_threads_sharing_the_remembered_list_play_their_own_games() -> None:
    # legal_actions remembers its list (and the transition of its kind of
    # action) for apply_legal, the transitions the fields of the state they
    # built last, and random_deal the state it drew a deal for, each in one
    # module-wide slot: threads that replace them between another thread's
    # calls must never make that thread apply another state's action, or
    # move on from another state's fields.  Switching threads as often as the
    # interpreter allows, each thread's games are the ones it plays alone.
    import sys
    import threading

    def play(players: int, seed: int, out: list[State]) -> None:
        rng = random.Random(seed)
        for _ in range(3):
            state = new_game(Config(players=players))
            while not state.is_over:
                if state.is_chance:
                    state = apply(state, random_deal(state, rng))
                else:
                    state = apply_legal(state, rng.randrange(len(legal_actions(state))))
            out.append(state)

    alone: dict[int, list[State]] = {3: [], 6: []}
    for players in alone:
        play(players, players, alone[players])
    together: dict[int, list[State]] = {3: [], 6: []}
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [
            threading.Thread(target=play, args=(players, players, together[players]))
            for players in together
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone
    for players, games in alone.items():
        for mine, theirs in zip(together[players], games, strict=True):
            assert_same_state(mine, theirs)


def test_an_older_state_moves_on_by_its_own_fields() -> None:
    # The transitions remember the plain fields of the state they built last
    # (and reuse them when given that very state): a state built earlier,
    # moved on after later ones, must move on exactly like the same point
    # of the game replayed afresh.
    rng = random.Random(5)
    kept = [new_game(Config(players=4))]
    while not kept[-1].is_over:
        kept.append(apply(kept[-1], random_action(kept[-1], rng)))
    for state in rng.sample(kept[:-1], 120):
        fresh = replay(new_game(state.config), state.history)
        actions = legal_actions(state)
        assert actions == legal_actions(fresh)
        for index in (0, len(actions) - 1) if actions else ():
            older, afresh = apply_legal(state, index), apply_legal(fresh, index)
            assert older == afresh
            assert_same_state(older, afresh)
            older, afresh = apply(state, actions[index]), apply(fresh, actions[index])
            assert older == afresh
            assert_same_state(older, afresh)


def test_the_fast_path_refuses_a_non_state_before_any_state_exists() -> None:
    # The remembered list and fields start with a sentinel, not None: in a
    # fresh process (nothing built yet), None is still not a state.
    import subprocess
    import sys

    program = (
        "from wizard_rules import InvalidArgumentError, apply_legal, legal_actions\n"
        "for call in (lambda: legal_actions(None), lambda: apply_legal(None, 0)):\n"
        "    try:\n"
        "        call()\n"
        "    except InvalidArgumentError as error:\n"
        "        print(error.code.value)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["invalid_argument", "invalid_argument"]
