"""Bots choose legal actions from views only, reproducibly."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings

from wizard_rules import (
    Bid,
    Config,
    InvalidArgumentError,
    PlayerView,
    State,
    apply,
    from_position,
    legal_actions,
    new_game,
    player_view,
    position_of,
    random_action,
    random_deal,
)
from wizard_rules.agents.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from wizard_rules.agents.determinization import determinize
from wizard_rules.core.rules import CanadianRule, ListedSchedule, OddSchedule, Rules
from wizard_rules.integrations.strategies import states

from .fields import assert_same_view

BOTS: list[Bot] = [RandomBot(), HeuristicBot(), ISMCTSBot(iterations=8)]


def _play(bots: list[Bot], seed: int) -> State:
    rng = random.Random(seed)
    state = new_game(Config(players=len(bots)))
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_deal(state, rng))
        else:
            seat = state.current_player
            assert seat is not None
            state = apply(state, bots[seat].choose(player_view(state, seat), rng))
    return state


@pytest.mark.parametrize("bot", BOTS, ids=lambda b: type(b).__name__)
def test_a_bot_plays_whole_games_legally(bot: Bot) -> None:
    assert isinstance(bot, Bot)
    final = _play([bot, HeuristicBot(), RandomBot()], 1)
    assert final.is_over


def test_the_heuristic_beats_random_play() -> None:
    totals = [0, 0, 0]
    for seed in range(10):
        for seat, score in enumerate(
            _play([HeuristicBot(), RandomBot(), RandomBot()], seed).scores
        ):
            totals[seat] += score
    assert totals[0] > max(totals[1:])


@settings(max_examples=25, deadline=None)
@given(states())
def test_a_bot_sees_only_the_view(state: State) -> None:
    # Re-deal what the player to act cannot see: the views are equal, and so
    # are the bots' choices for the same seed.
    seat = state.current_player
    if seat is None:
        return
    here = from_position(position_of(state))
    elsewhere = determinize(player_view(here, seat), random.Random(9))
    view = player_view(here, seat)
    assert player_view(elsewhere, seat) == view
    assert_same_view(player_view(elsewhere, seat), view)
    for bot in BOTS:
        assert bot.choose(view, random.Random(3)) == bot.choose(
            player_view(elsewhere, seat), random.Random(3)
        )


def test_ismcts_is_deterministic_for_a_seed_and_takes_a_forced_action() -> None:
    state = new_game(Config(players=3))
    state = apply(state, random_deal(state, random.Random(2)))
    while state.round < 2:  # round 1 has a single card: one legal play
        seat = state.current_player
        assert seat is not None
        view = player_view(state, seat)
        # Enough iterations to walk the whole of this tiny round's tree.
        action = ISMCTSBot(iterations=60).choose(view, random.Random(1))
        assert action == ISMCTSBot(iterations=60).choose(view, random.Random(1))
        state = apply(state, action)
        if state.is_chance:
            state = apply(state, random_deal(state, random.Random(2)))


def test_the_heuristic_names_its_longest_suit_as_trump() -> None:
    for seed in range(200):
        state = new_game(Config(players=3, first_dealer=seed % 3))
        state = apply(state, random_deal(state, random.Random(seed)))
        if state.current_player is not None and state.phase.value == "choose_trump":
            break
    else:  # pragma: no cover
        raise AssertionError("no Wizard turned")
    view: PlayerView = player_view(state, state.current_player)
    action = HeuristicBot().choose(view, random.Random(0))
    assert action in view.legal_actions()


def test_errors() -> None:
    state = new_game(Config(players=3))
    state = apply(state, random_deal(state, random.Random(1)))
    assert state.current_player is not None
    idle = player_view(state, (state.current_player + 1) % 3)
    for bot in BOTS:
        with pytest.raises(InvalidArgumentError):
            bot.choose(idle, random.Random(0))
        with pytest.raises(InvalidArgumentError):
            bot.choose(state, random.Random(0))  # type: ignore[arg-type]
    for bad in (0, 1.5):
        with pytest.raises(InvalidArgumentError):
            ISMCTSBot(iterations=bad)  # type: ignore[arg-type]
    for seconds in (-1, -0.5, math.inf, math.nan, True, "1"):
        with pytest.raises(InvalidArgumentError, match="seconds must be None or a number"):
            ISMCTSBot(seconds=seconds)  # type: ignore[arg-type]


def test_ismcts_stops_at_whichever_budget_runs_out_first() -> None:
    # A time budget of 0 runs exactly one iteration (the clock is read after
    # each), and a time budget that never runs out leaves the iterations to
    # decide: each searches as the iteration budget alone would, drawing the
    # same random numbers (the generators end in the same state).
    state, rng = new_game(Config(players=4)), random.Random(5)
    while len(legal_actions(state)) < 3:  # a real choice
        state = apply(state, random_action(state, rng))
    assert state.current_player is not None
    view = player_view(state, state.current_player)
    for timed, counted in (
        (ISMCTSBot(iterations=50, seconds=0), ISMCTSBot(iterations=1)),
        (ISMCTSBot(iterations=7, seconds=3600.0), ISMCTSBot(iterations=7)),
    ):
        rng_timed, rng_counted = random.Random(3), random.Random(3)
        assert timed.choose(view, rng_timed) == counted.choose(view, rng_counted)
        assert rng_timed.getstate() == rng_counted.getstate()


def test_ismcts_searches_to_the_end_of_a_small_round() -> None:
    # The last two tricks of a 3-player game: few hidden cards, so the search
    # tree is soon fully expanded and iterations reach the end of the round.

    for seed in range(50):
        state, rng = new_game(Config(players=3)), random.Random(seed)
        while not (state.round == 20 and len(state.played) >= 54):
            state = apply(state, random_action(state, rng))
        seat = state.current_player
        assert seat is not None
        view = player_view(state, seat)
        if len(view.legal_actions()) > 1:
            action = ISMCTSBot(iterations=100).choose(view, random.Random(0))
            assert action in view.legal_actions()
            return
    raise AssertionError("no choice found")  # pragma: no cover


# -- the variants (rules 21 and 22) --------------------------------------------------------

VARIANTS = [
    Rules(schedule=OddSchedule()),
    Rules(schedule=ListedSchedule(sizes=(5, 2, 7))),
    Rules(bid_restrictions=(CanadianRule(),)),
    Rules(schedule=ListedSchedule(sizes=(4, 6)), bid_restrictions=(CanadianRule(),)),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
@pytest.mark.parametrize("bot", BOTS, ids=lambda b: type(b).__name__)
def test_a_bot_plays_whole_games_of_a_variant_legally(bot: Bot, rules: Rules) -> None:
    config = Config(players=3, rules=rules)
    rng = random.Random(4)
    state = new_game(config)
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_deal(state, rng))
            continue
        seat = state.current_player
        assert seat is not None
        view = player_view(state, seat)
        action = (bot if seat == 0 else HeuristicBot()).choose(view, rng)
        assert action in legal_actions(state)
        if isinstance(action, Bid):  # rules 22.5: from 0 to the round's hand size
            assert 0 <= action.tricks <= len(view.hand) + len(view.completed_tricks)
        state = apply(state, action)
    expected = {
        OddSchedule(): [1, 3, 5, 7, 9, 11, 13, 15, 17, 19],
        ListedSchedule(sizes=(5, 2, 7)): [5, 2, 7],
        ListedSchedule(sizes=(4, 6)): [4, 6],
    }.get(rules.schedule, list(range(1, 21)))
    assert [len(result.tricks) for result in state.results] == expected
