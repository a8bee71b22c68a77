"""Microbenchmarks of the hot operations, run on demand (not part of the tests).

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python -m pytest bench/test_micro.py --benchmark-only

The figures go to the terminal; nothing here passes or fails on time.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from wizard_rules import (
    Config,
    Phase,
    Position,
    State,
    apply,
    from_position,
    legal_actions,
    new_game,
    position_of,
    random_action,
    random_deal,
    random_game,
)


def state_in(phase: Phase, players: int = 4, round_number: int = 8) -> State:
    rng = random.Random(3)
    state = new_game(Config(players=players))
    while not (state.round == round_number and state.phase is phase and state.current_trick == ()):
        state = apply(state, random_action(state, rng))
    return state


@pytest.fixture(scope="module")
def playing() -> State:
    return state_in(Phase.PLAY)


@pytest.fixture(scope="module")
def mid_game() -> State:
    # 4 players, round 8, two tricks finished and two cards on the table.
    rng = random.Random(3)
    state = new_game(Config(players=4))
    while not (state.round == 8 and len(state.played) == 8 and len(state.current_trick) == 2):
        state = apply(state, random_action(state, rng))
    return state


@pytest.fixture(scope="module")
def bidding() -> State:
    return state_in(Phase.BID)


def test_legal_actions_while_playing(benchmark: Any, playing: State) -> None:
    assert benchmark(legal_actions, playing)


def test_apply_a_card(benchmark: Any, playing: State) -> None:
    action = legal_actions(playing)[0]
    assert benchmark(apply, playing, action) != playing


def test_legal_actions_while_bidding(benchmark: Any, bidding: State) -> None:
    assert benchmark(legal_actions, bidding)


def test_apply_a_bid(benchmark: Any, bidding: State) -> None:
    action = legal_actions(bidding)[0]
    assert benchmark(apply, bidding, action) != bidding


def test_random_deal(benchmark: Any) -> None:
    state = new_game(Config(players=4))
    rng = random.Random(1)
    assert benchmark(random_deal, state, rng)


@pytest.mark.parametrize("players", [3, 6])
def test_a_whole_random_game(benchmark: Any, players: int) -> None:
    config = Config(players=players)
    rng = random.Random(2)
    final = benchmark(random_game, config, rng)
    assert final.is_over


def test_position_of(benchmark: Any, mid_game: State) -> None:
    assert benchmark(position_of, mid_game).round == 8


def test_from_position(benchmark: Any, mid_game: State) -> None:
    position: Position = position_of(mid_game)
    assert benchmark(from_position, position).hands == mid_game.hands
