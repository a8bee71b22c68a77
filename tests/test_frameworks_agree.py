"""The same seeded game through the plain API, OpenSpiel and PettingZoo: the same game.

Deals come from ``random_deal`` with a ``random.Random(seed)`` (which is what
the PettingZoo environment draws from after ``reset(seed=seed)``; the
OpenSpiel game is given the same deals as chance outcomes, card by card).
Every decision is the ``i``-th legal action id in increasing order, ``i``
drawn from a second generator: the same draw in every framework.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
import pytest

from wizard_rules import Config, Deal, apply, legal_actions, player_view, random_deal
from wizard_rules.core.rules import CanadianRule, ListedSchedule, OddSchedule, Rules
from wizard_rules.core.state import State
from wizard_rules.formats.action_ids import action_id, to_action
from wizard_rules.integrations.openspiel import chance_outcomes_of
from wizard_rules.integrations.pettingzoo import raw_env
from wizard_rules.integrations.tensors import Layout, _round_start

from .fields import assert_same_state

pyspiel: Any = importlib.import_module("pyspiel")

CASES = [
    (3, False, None, 1),
    (4, True, None, 2),
    (6, False, None, 3),
    (5, False, 7, 4),
    (4, True, 15, 5),
]


def plain(config: Config, round: int | None, seed: int) -> tuple[State, list[list[float]]]:
    deals, choices = random.Random(seed), random.Random(seed + 1)
    state = _round_start(config, round or 1)
    start = state.scores
    layout = Layout(config.players, rules=config.rules)
    seen: list[list[float]] = []
    while not (state.is_over or (round is not None and state.round != round)):
        if state.is_chance:
            state = apply(state, random_deal(state, deals))
            continue
        seat = state.current_player
        assert seat is not None
        shown = [b - a for a, b in zip(start, state.scores, strict=True)]
        seen.append(layout.encode(player_view(state, seat), scores=shown).tolist())
        ids = sorted(action_id(a) for a in legal_actions(state))
        state = apply(state, to_action(ids[choices.randrange(len(ids))], seat))
    return state, seen


def openspiel(
    config: Config, round: int | None, seed: int, variant: dict[str, Any] | None = None
) -> tuple[Any, list[list[float]]]:
    game = pyspiel.load_game(
        "wizard_rules",
        {
            "players": config.players,
            "forbid_bid_total_match": config.forbid_bid_total_match,
            "round": round or 0,
            **(variant or {}),
        },
    )
    deals, choices = random.Random(seed), random.Random(seed + 1)
    state = game.new_initial_state()
    seen: list[list[float]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            inner = state.wizard_state
            for outcome in chance_outcomes_of(random_deal(inner, deals), inner.dealer):
                state.apply_action(outcome)
            continue
        seen.append(list(state.observation_tensor(state.current_player())))
        ids = state.legal_actions()
        state.apply_action(ids[choices.randrange(len(ids))])
    return state, seen


def pettingzoo(
    config: Config, round: int | None, seed: int, variant: dict[str, Any] | None = None
) -> tuple[Any, list[list[float]]]:
    env = raw_env(
        config.players,
        forbid_bid_total_match=config.forbid_bid_total_match,
        round=round,
        **(variant or {}),
    )
    env.reset(seed=seed)
    choices = random.Random(seed + 1)
    seen: list[list[float]] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, _, _ = env.last()
        totals[agent] += reward
        if terminated:
            env.step(None)
            continue
        seen.append(observation["observation"].tolist())
        ids = np.flatnonzero(observation["action_mask"]).tolist()
        env.step(ids[choices.randrange(len(ids))])
    return totals, seen


@pytest.mark.parametrize(("players", "option", "round", "seed"), CASES)
def test_the_same_seeded_game_scores_the_same_everywhere(
    players: int, option: bool, round: int | None, seed: int
) -> None:
    config = Config(players=players, forbid_bid_total_match=option)
    state, seen = plain(config, round, seed)
    spiel, spiel_seen = openspiel(config, round, seed)
    totals, zoo_seen = pettingzoo(config, round, seed)
    start = _round_start(config, round or 1).scores
    scores = [float(b - a) for a, b in zip(start, state.scores, strict=True)]
    assert spiel.returns() == scores
    assert list(totals.values()) == scores
    assert spiel.wizard_state == state
    assert_same_state(spiel.wizard_state, state)
    # and every decision was taken on the same observation
    assert spiel_seen == seen
    assert zoo_seen == seen


# The variants (rules 21 and 22): the Config made of the rules' pieces here, the
# frameworks given their parameters.  The hand sizes expected are the
# schedule's of docs/rules.rst (rule 22.1: the odd schedule of 4 players is 1,
# 3, ..., 15; of 3 players 1, 3, ..., 19), not asked of the engine.
ODD = Rules(schedule=OddSchedule())
CANADIAN = (CanadianRule(),)
VARIANT_CASES = [
    (
        Config(players=4, rules=ODD),
        {"schedule": "odd"},
        {"schedule": "odd"},
        None,
        [1, 3, 5, 7, 9, 11, 13, 15],
        6,
    ),
    (
        Config(players=3, rules=Rules(schedule=OddSchedule(), bid_restrictions=CANADIAN)),
        {"schedule": "odd", "canadian_rule": True},
        {"schedule": "odd", "canadian_rule": True},
        None,
        [1, 3, 5, 7, 9, 11, 13, 15, 17, 19],
        7,
    ),
    (
        Config(players=5, rules=Rules(schedule=ListedSchedule(sizes=(1, 3, 5)))),
        {"schedule": "1,3,5"},
        {"schedule": [1, 3, 5]},
        None,
        [1, 3, 5],
        8,
    ),
    (
        Config(
            players=4,
            forbid_bid_total_match=True,
            rules=Rules(schedule=ListedSchedule(sizes=(15, 2, 9)), bid_restrictions=CANADIAN),
        ),
        {"schedule": "15;2;9", "canadian_rule": True},
        {"schedule": (15, 2, 9), "canadian_rule": True},
        2,
        [2],
        9,
    ),
    (
        Config(players=6, rules=Rules(bid_restrictions=CANADIAN)),
        {"canadian_rule": True},
        {"canadian_rule": True},
        None,
        list(range(1, 11)),
        10,
    ),
]


@pytest.mark.parametrize(
    ("config", "spiel_params", "zoo_params", "round", "sizes", "seed"), VARIANT_CASES
)
def test_a_variant_game_scores_the_same_everywhere(
    config: Config,
    spiel_params: dict[str, Any],
    zoo_params: dict[str, Any],
    round: int | None,
    sizes: list[int],
    seed: int,
) -> None:
    state, seen = plain(config, round, seed)
    spiel, spiel_seen = openspiel(config, round, seed, spiel_params)
    totals, zoo_seen = pettingzoo(config, round, seed, zoo_params)
    assert spiel.wizard_state.config == config
    start = _round_start(config, round or 1).scores
    scores = [float(b - a) for a, b in zip(start, state.scores, strict=True)]
    assert spiel.returns() == scores
    assert list(totals.values()) == scores
    assert spiel.wizard_state == state
    assert_same_state(spiel.wizard_state, state)
    assert spiel_seen == seen
    assert zoo_seen == seen
    # the rounds played dealt the schedule's hand sizes, and were scored by them
    deals = [action for action in state.history if type(action) is Deal]
    assert [len(deal.hands[0]) for deal in deals] == sizes
    for result, size in zip(state.results, sizes, strict=True):
        assert sum(result.tricks_won) == size
        for bid, won, points in zip(result.bids, result.tricks_won, result.scores, strict=True):
            assert points == (20 + 10 * won if bid == won else -10 * abs(bid - won))
