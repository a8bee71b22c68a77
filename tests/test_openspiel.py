"""The OpenSpiel game: OpenSpiel's own checks, hidden cards, search, and the edges."""

from __future__ import annotations

import importlib
import pickle
import random
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import wizard_rules.integrations.openspiel as wos
from wizard_rules import (
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    Position,
    PositionError,
    apply,
    from_position,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
    player_view,
    position_of,
    random_deal,
)
from wizard_rules.core.cards import DECK, Suit
from wizard_rules.core.rules import CanadianRule, ListedSchedule, OddSchedule, Rules
from wizard_rules.core.state import State
from wizard_rules.formats.action_ids import action_id
from wizard_rules.integrations.tensors import Layout, max_score

from .fields import assert_same_state

pyspiel: Any = importlib.import_module("pyspiel")
ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")


def load(**params: Any) -> Any:
    return pyspiel.load_game("wizard_rules", params)


def play_randomly(
    state: Any, rng: random.Random, moves: int | None = None, *, decisions: bool = False
) -> Any:
    """Play uniformly random chance outcomes and actions: ``moves`` of them (or
    of the decisions only, chance nodes being played through), or to the end."""
    done = 0
    while not state.is_terminal() and (moves is None or done < moves):
        if state.is_chance_node():
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
            done += not decisions
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    while decisions and state.is_chance_node():
        play_randomly(state, rng, 1)
    return state


# -- OpenSpiel's own checks ------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "serialize"),
    [
        ({"players": 4, "round": 3}, True),
        ({"players": 3, "round": 20}, True),  # the last round: every card dealt, none turned
        ({"players": 6, "round": 5, "forbid_bid_total_match": True}, True),
        ({"players": 4, "round": 7, "first_dealer": 2, "normalize_returns": True}, True),
        # the whole game (serialising every step replays it): the slow group
        pytest.param({"players": 6}, False, marks=pytest.mark.slow),
        # the variants (rules 21 and 22)
        pytest.param({"players": 4, "schedule": "odd"}, False, marks=pytest.mark.slow),
        pytest.param({"players": 4, "canadian_rule": True}, False, marks=pytest.mark.slow),
        ({"players": 5, "schedule": "1,3,5", "canadian_rule": True}, True),
        ({"players": 3, "schedule": "20 5"}, True),  # round 1 deals every card, none turned
        ({"players": 4, "schedule": "7", "round": 1}, True),  # one size: kept as "7;"
        ({"players": 6, "schedule": "odd", "round": 4, "normalize_returns": True}, True),
    ],
    ids=str,
)
def test_openspiel_random_simulation_tests(params: dict[str, Any], serialize: bool) -> None:
    # OpenSpiel's RandomSimTest: legal actions sorted and unique, chance outcomes
    # summing to 1, clones equal, serialisation round trips, rewards adding up
    # to returns, game length within max_game_length.
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=serialize, verbose=False)


def test_the_game_type_and_info() -> None:
    game = load(players=5, round=4)
    assert game.get_type().short_name == "wizard_rules"
    assert game.num_players() == 5
    assert game.num_distinct_actions() == 86
    assert game.max_chance_outcomes() == 60
    assert (game.min_utility(), game.max_utility()) == (-40.0, 60.0)
    assert game.max_game_length() == 1 + 5 + 5 * 4
    normalized = load(players=4, normalize_returns=True)
    assert normalized.max_utility() == 1.0
    assert normalized.min_utility() == pytest.approx(-1200 / 1500)
    assert load().num_players() == 4
    assert isinstance(wos.WizardGame(), wos.WizardGame)


def test_serialisation_and_pickling_round_trip() -> None:
    game = load(players=4, round=2)
    state = play_randomly(game.new_initial_state(), random.Random(3), moves=12)
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.history() == state.history()


@pytest.mark.parametrize(
    "params",
    [
        {"bogus": 1},
        {"players": 7},
        {"round": 16},
        {"round": -1},
        {"players": 3, "first_dealer": 3},
        {"canadian_rule": 1},
        {"canadian_rule": "yes"},
        {"schedule": "short"},
        {"schedule": "1,x"},
        {"schedule": "1,-3"},
        {"schedule": ""},
        {"schedule": ",;"},
        {"schedule": "1,0"},
        {"schedule": 5},
        {"players": 6, "schedule": "11"},  # 60 / 6 = 10 cards each at most
        {"schedule": "odd", "round": 9},  # 4 players: 8 rounds
        {"schedule": "1,3,5", "round": 4},
    ],
    ids=str,
)
def test_bad_parameters_are_refused(params: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        wos.WizardGame(params)


# -- chance ---------------------------------------------------------------------


def test_a_deal_is_one_card_at_a_time_then_the_turned_card() -> None:
    game = load(players=3, round=2, first_dealer=1)  # round 2 is dealt by seat 2
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    wanted = ["C1", "D1", "H1", "C2", "D2", "H2", "S9"]
    for k, text in enumerate(wanted):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 60 - k
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, parse_card(text).index) == (
            f"deal {text}"
        )
        state.apply_action(parse_card(text).index)
        if k < len(wanted) - 1:
            assert state.dealt == tuple(parse_cards(" ".join(wanted[: k + 1])))
            assert "dealt=" in str(state)
    inner = state.wizard_state
    assert state.dealt == ()
    assert inner.phase is Phase.BID
    # seat 0 (left of the dealer, seat 2) got the first card of each run of three
    assert inner.hands == (
        tuple(parse_cards("C1 C2")),
        tuple(parse_cards("D1 D2")),
        tuple(parse_cards("H1 H2")),
    )
    assert inner.turned == parse_card("S9")
    assert "dealt=" not in str(state)
    assert str(state) == position_of(inner).to_text()


@pytest.mark.parametrize("round", [3, 15])
def test_chance_outcomes_of_a_deal_rebuild_it(round: int) -> None:
    game = load(players=4, round=round)
    state = game.new_initial_state()
    deal = random_deal(state.wizard_state, random.Random(8))
    for outcome in wos.chance_outcomes_of(deal, state.wizard_state.dealer):
        state.apply_action(outcome)
    assert state.wizard_state == apply(game.new_initial_state().wizard_state, deal)
    assert_same_state(state.wizard_state, apply(game.new_initial_state().wizard_state, deal))


# -- actions, returns -----------------------------------------------------------


def test_actions_are_the_batch_ids_and_illegal_ones_change_nothing() -> None:
    game = load(players=4, round=1)
    state = play_randomly(game.new_initial_state(), random.Random(1), moves=5)
    inner = state.wizard_state
    assert state.legal_actions() == sorted(action_id(a) for a in legal_actions(inner))
    assert state.chance_outcomes() == []  # a decision, not a deal
    assert state.action_to_string(state.current_player(), 61) == f"P{inner.current_player} bids 1"
    with pytest.raises(IllegalActionError):
        state.apply_action(5)  # a card, during the bidding
    history = state.history()
    with pytest.raises(InvalidArgumentError):
        state.apply_action(86)
    assert state.wizard_state is inner
    assert state.history() == history
    dealing = load(players=4, round=1).new_initial_state()
    dealing.apply_action(7)
    for outcome in (7, 60):
        with pytest.raises(InvalidArgumentError, match="not a card left to deal"):
            dealing.apply_action(outcome)
    assert dealing.dealt == (DECK[7],)
    assert dealing.history() == [7]


@pytest.mark.parametrize("outcome", [-1, 60, 99, 2**40], ids=repr)
def test_naming_a_chance_outcome_that_is_not_a_card_is_refused(outcome: int) -> None:
    state = load(players=3, round=2).new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 59) == "deal W4"  # the last card
    with pytest.raises(InvalidArgumentError, match="not a card") as refused:
        state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)
    assert refused.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("viewer", [-1, 3, 99], ids=repr)
def test_resampling_for_a_player_who_is_not_a_seat_is_refused(viewer: int) -> None:
    state = play_randomly(load(players=3, round=2).new_initial_state(), random.Random(1), 9)
    history = state.history()
    with pytest.raises(InvalidArgumentError, match="seat") as refused:
        state.resample_from_infostate(viewer, random.Random(0).random)
    assert refused.value.code is ErrorCode.INVALID_ARGUMENT
    assert state.history() == history


def test_returns_and_rewards_are_the_scores() -> None:
    game = load(players=3)
    state = game.new_initial_state()
    rng = random.Random(4)
    total = np.zeros(3)
    while not state.is_terminal():
        if not state.is_chance_node():
            total += state.rewards()
        play_randomly(state, rng, moves=1)
        if state.wizard_state.results and not state.is_chance_node():
            assert state.returns() == list(map(float, state.wizard_state.scores))
    total += state.rewards()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert total.tolist() == state.returns() == list(map(float, state.wizard_state.scores))
    normalized = play_randomly(
        load(players=3, round=2, normalize_returns=True).new_initial_state(), random.Random(4)
    )
    assert all(-1.0 <= r <= 1.0 for r in normalized.returns())
    # one round (round 2) counts from its start, where every seat has 20 (a reachable total)
    assert normalized.returns() == [(s - 20) / 40 for s in normalized.wizard_state.scores]


def test_one_round_starts_at_its_deal_and_ends_when_it_is_scored() -> None:
    state = load(players=4, round=5, first_dealer=1).new_initial_state()
    inner = state.wizard_state
    assert (inner.round, inner.dealer, inner.scores) == (5, 1, (80, 80, 80, 80))
    assert state.returns() == [0.0] * 4
    play_randomly(state, random.Random(2))
    assert state.returns() == [float(s - 80) for s in state.wizard_state.scores]
    obs = load(players=4, round=5, first_dealer=1).make_py_observer()
    obs.set_from(state, 0)
    assert obs.dict["scores"].tolist() == pytest.approx([r / 1500 for r in state.returns()])
    assert state.is_terminal()
    assert state.wizard_state.round == 6
    assert state.observation_string(0).endswith(" end")
    assert len(state.wizard_state.results) == 1


def play_to_the_end(params: dict[str, Any], seed: int) -> Any:
    return play_randomly(load(**params).new_initial_state(), random.Random(seed))


# the one-round game of round 2 (its end is round 3's deal), the last round of
# 4 players (every card dealt, the game over), and the whole game of 6 players
ENDS: list[dict[str, Any]] = [
    {"players": 3, "round": 2},
    {"players": 4, "round": 15},
    {"players": 6},
]
# and in short schedules: the last round of the odd one (15 cards each, every
# card dealt), and a first round that deals every card though a round follows
ENDS += [
    {"players": 4, "schedule": "odd", "round": 8},
    {"players": 3, "schedule": "20;5", "round": 1},
]


@pytest.mark.parametrize("params", ENDS, ids=str)
def test_a_terminal_state_refuses_every_action(params: dict[str, Any]) -> None:
    state = play_to_the_end(params, 5)
    assert state.is_terminal()
    history, returns, text = state.history(), state.returns(), str(state)
    inner = state.wizard_state
    for action in (0, 17, 59, 60, 61, 81, 85, 86, 1000):  # cards, bids, trumps, out of range
        with pytest.raises(IllegalActionError) as refused:
            state.apply_action(action)
        assert refused.value.code is ErrorCode.GAME_OVER
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.wizard_state is inner
    assert (state.history(), state.returns(), str(state)) == (history, returns, text)
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []  # no deal of a round the game does not play


@pytest.mark.parametrize("moves", [0, 7, None], ids=["deal", "decision", "terminal"])
def test_openspiel_itself_refuses_minus_one_and_what_is_no_integer(moves: int | None) -> None:
    # -1 is OpenSpiel's kInvalidAction: its own check raises SpielError, and
    # its binding a TypeError for a value that is no integer (as
    # docs/howto/openspiel.rst says); the game is left as it was.
    state = play_randomly(load(players=3, round=2).new_initial_state(), random.Random(1), moves)
    history, text = state.history(), str(state)
    with pytest.raises(pyspiel.SpielError, match="kInvalidAction"):
        state.apply_action(-1)
    for value in ("3", None, 1.5, 2**70):
        with pytest.raises(TypeError):
            state.apply_action(value)
    assert (state.history(), str(state)) == (history, text)


# -- observations ---------------------------------------------------------------


def test_strings_and_tensors_of_a_player() -> None:
    game = load(players=3, round=2)
    state = game.new_initial_state()
    for text in ["C1", "D1", "H1", "C2"]:
        state.apply_action(parse_card(text).index)
    # mid-deal: each player sees only their own cards so far
    assert state.observation_string(0) == (
        "p0 players=3 round=2 dealer=1 scores=20,20,20 hands=-/-/- turned=- trump=- "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=2 dealt=D1"
    )
    assert state.information_state_string(2) == "p2 dealt=C1,C2"
    obs = game.make_py_observer()
    obs.set_from(state, 2)
    assert [DECK[i].text for i in obs.dict["hand"].nonzero()[0]] == ["C1", "C2"]
    for text in ["D2", "H2", "W1"]:  # a Wizard turned: the dealer (seat 1) names trump
        state.apply_action(parse_card(text).index)
    assert state.current_player() == 1
    state.apply_action(81 + 2)  # Hearts
    state.apply_action(60 + 1)  # seat 2 bids 1
    assert state.information_state_string(1) == "p1 r2 hand=H1,H2 turned=W1 trump=H b2=1"
    assert state.information_state_string(0) == "p0 r2 hand=D1,D2 turned=W1 trump=H b2=1"
    tensor = np.array(state.information_state_tensor(1), dtype=np.float32)
    assert tensor.shape == (Layout(3, perfect_recall=True).size,)
    expected = Layout(3, perfect_recall=True).encode(
        player_view(state.wizard_state, 1), scores=[0, 0, 0]
    )
    assert (tensor == expected).all()
    assert (
        np.array(state.observation_tensor(0), dtype=np.float32)
        == Layout(3).encode(player_view(state.wizard_state, 0), scores=[0, 0, 0])
    ).all()


def test_observers_of_other_kinds() -> None:
    game = load(players=4, round=2)
    state = play_randomly(game.new_initial_state(), random.Random(6), moves=13)
    info = state.wizard_state
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 1)
    assert "hand" not in public.dict
    assert "hands=?/?/?/?" in public.string_from(state, 1)
    public_recall = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert "hand=" not in public_recall.string_from(state, 1)
    private = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=False, perfect_recall=False)
    )
    private.set_from(state, 1)
    assert set(private.dict) == {"seat", "hand"}
    hand = ",".join(c.text for c in info.hand(1))
    assert private.string_from(state, 1) == f"p1 hand={hand}"
    private_recall = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=False, perfect_recall=True)
    )
    assert private_recall.string_from(state, 1) == f"p1 r2 hand={hand}"
    nothing = game.make_py_observer(
        pyspiel.IIGObservationType(
            public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    assert nothing.string_from(state, 1) == "p1"
    with pytest.raises(ValueError, match="every player"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})


PUBLIC = pyspiel.IIGObservationType(
    perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
)
PUBLIC_RECALL = pyspiel.IIGObservationType(
    perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
)


def test_a_public_observer_before_the_first_deal_during_it_and_at_the_end() -> None:
    game = load(players=3, round=2)  # round 2 is dealt by seat 1; every seat starts at 20
    state = game.new_initial_state()
    public, recall = game.make_py_observer(PUBLIC), game.make_py_observer(PUBLIC_RECALL)
    before = (
        "players=3 round=2 dealer=1 scores=20,20,20 hands=-/-/- turned=- trump=- "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=2"
    )
    assert public.string_from(state, 0) == f"p0 {before}"
    assert recall.string_from(state, 2) == "p2"
    public.set_from(state, 0)
    assert "hand" not in public.dict
    assert public.dict["round"].nonzero()[0].tolist() == [1]  # round 2
    for text in ["C1", "D1", "H1"]:  # mid-deal: nobody's cards in a public string
        state.apply_action(parse_card(text).index)
    assert public.string_from(state, 0) == f"p0 {before}"
    assert recall.string_from(state, 0) == "p0"
    play_randomly(state, random.Random(3))
    assert state.is_terminal()
    a, b, c = state.wizard_state.scores
    assert public.string_from(state, 1) == (
        f"p1 players=3 round=3 dealer=2 scores={a},{b},{c} hands=-/-/- turned=- trump=- "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=0 end"
    )
    assert recall.string_from(state, 1).startswith("p1 r2 turned=")
    assert "hand=" not in recall.string_from(state, 1)
    public.set_from(state, 1)
    default = game.make_py_observer()
    default.set_from(state, 1)
    assert public.dict["scores"].tolist() == default.dict["scores"].tolist()
    assert public.dict["scores"].any()  # the round was scored: nobody scores 0


def test_a_public_observer_at_the_end_of_the_whole_game() -> None:
    game = load(players=4, round=15)  # the last round: the game is over at its end
    state = play_to_the_end({"players": 4, "round": 15}, 2)
    a, b, c, d = state.wizard_state.scores
    public = game.make_py_observer(PUBLIC)
    assert public.string_from(state, 3) == (
        f"p3 players=4 round=15 dealer=2 over scores={a},{b},{c},{d} hands=-/-/-/- "
        "turned=- trump=- bids=-,-,-,- won=0,0,0,0 played=- trick=- leader=3 end"
    )
    assert "hand=" not in game.make_py_observer(PUBLIC_RECALL).string_from(state, 3)
    public.set_from(state, 3)
    assert "hand" not in public.dict
    assert public.dict["phase"].nonzero()[0].tolist() == [4]  # the last phase: the game is over


def test_a_public_observer_shows_who_holds_no_card_in_the_last_trick() -> None:
    game = load(players=3, round=1)
    state = game.new_initial_state()
    deal = Deal([parse_cards("C1"), parse_cards("C2"), parse_cards("C3")], parse_card("D4"))
    for outcome in wos.chance_outcomes_of(deal, 0):
        state.apply_action(outcome)
    for action in (60, 60, 60, parse_card("C2").index):  # bids, then seat 1 leads C2
        state.apply_action(action)
    text = game.make_py_observer(PUBLIC).string_from(state, 1)
    assert " hands=?/-/? " in text  # hand sizes are public, as seat 0's own observation shows
    assert " hands=C1/-/? " in state.observation_string(0)


def redeal_hidden(state: Any, viewer: int, rng: random.Random) -> Any:
    """The same position but for the cards hidden from ``viewer``, shuffled (independently)."""
    position = position_of(state)
    hidden = [c for s, h in enumerate(position.hands) if s != viewer for c in h or ()]
    hidden += [c for c in state.undealt if c != state.turned]
    rng.shuffle(hidden)
    hands = []
    for seat, hand in enumerate(position.hands):
        if seat == viewer:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[: len(hand or ())]))
            del hidden[: len(hand or ())]
    fields = {f: getattr(position, f) for f in ("config", "round", "dealer", "scores")}
    return from_position(
        Position(
            **fields,
            hands=hands,
            turned=position.turned,
            trump=position.trump,
            bids=position.bids,
            tricks_won=position.tricks_won,
            played=position.played,
            current_trick=position.current_trick,
            leader=position.leader,
        )
    )


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 6),
    moves=st.integers(0, 40),
)
def test_redealing_hidden_cards_never_changes_a_players_tensors(
    seed: int, players: int, moves: int
) -> None:
    rng = random.Random(seed)
    game = load(players=players, round=rng.randint(1, 60 // players))
    state = play_randomly(game.new_initial_state(), rng, moves=moves, decisions=True)
    assume(not state.is_terminal())
    viewer = rng.randrange(players)
    observation = Layout(players)
    # an independent re-deal: any cards the viewer cannot see, anywhere hidden
    # (one that breaks a void the trick in progress shows is refused: draw again)
    for _ in range(50):
        try:
            other = redeal_hidden(state.wizard_state, viewer, rng)
        except PositionError:
            continue
        assert (
            observation.encode(
                player_view(other, viewer), scores=[int(r) for r in state.returns()]
            )
            == np.array(state.observation_tensor(viewer), dtype=np.float32)
        ).all()
        break
    # a re-deal consistent with the whole history: the information state too
    again = state.resample_from_infostate(viewer, rng.random)
    for method in ("observation_tensor", "information_state_tensor"):
        assert getattr(again, method)(viewer) == getattr(state, method)(viewer)
    for method in ("observation_string", "information_state_string"):
        assert getattr(again, method)(viewer) == getattr(state, method)(viewer)
    assert again.wizard_state.hand(viewer) == state.wizard_state.hand(viewer)
    assert again.legal_actions(viewer) == state.legal_actions(viewer)


def test_resampling_changes_the_hidden_cards_and_keeps_the_shown_voids() -> None:
    # A position where seat 1 showed it has no Clubs: every resample respects it.
    game = load(players=3, round=5)
    rng = random.Random(11)
    changed = 0
    for _ in range(30):
        state = play_randomly(game.new_initial_state(), rng, moves=15 + 3 + 7)
        if state.is_terminal():
            continue
        viewer = state.current_player()
        voids = wos._voids(state.wizard_state)
        again = state.resample_from_infostate(viewer, None)
        for seat, suits in voids.items():
            assert not any(c.suit in suits for c in again.wizard_state.hand(seat))
        others = [s for s in range(3) if s != viewer]
        changed += any(again.wizard_state.hand(s) != state.wizard_state.hand(s) for s in others)
    assert changed >= 20


@pytest.mark.parametrize("params", ENDS, ids=str)
def test_resampling_at_the_end_of_the_game(params: dict[str, Any]) -> None:
    # Every card dealt has been played, in the open: nothing is left to re-deal.
    state = play_to_the_end(params, 7)
    for viewer in range(state.num_players()):
        again = state.resample_from_infostate(viewer, random.Random(viewer).random)
        assert isinstance(again, wos.WizardState)
        assert again is not state
        assert again.is_terminal()
        assert again.returns() == state.returns()
        assert again.wizard_state == state.wizard_state
        assert_same_state(again.wizard_state, state.wizard_state)
        assert again.information_state_string(viewer) == state.information_state_string(viewer)
        assert again.observation_tensor(viewer) == state.observation_tensor(viewer)


def test_resampling_during_a_deal() -> None:
    game = load(players=4, round=3)
    state = play_randomly(game.new_initial_state(), random.Random(1), moves=6)
    again = state.resample_from_infostate(1, None)
    # round 3 is dealt by seat 2: seat 1 gets cards 2, 6, ...; they are kept
    assert again.history()[2::4] == state.history()[2::4]
    assert again.history() != state.history()
    assert again.information_state_string(1) == state.information_state_string(1)


def test_assign_respects_every_void() -> None:
    # Seat 0 may not take Diamonds: when seat 1 picks first, it must leave the Club.
    club, diamond = parse_card("C1").index, parse_card("D1").index
    for seed in range(40):
        hands = wos._assign(
            [club, diamond], {0: 1, 1: 1}, {0: {Suit.DIAMONDS}}, random.Random(seed)
        )
        assert hands == {0: [club], 1: [diamond]}
    assert wos._assign([club], {0: 0, 1: 1}, {}, random.Random(0)) == {0: [], 1: [club]}


def test_a_wizard_turned_shows_the_trump_choice() -> None:
    state = load(players=3, round=1).new_initial_state()
    deal = Deal([parse_cards("C1"), parse_cards("C2"), parse_cards("C3")], parse_card("W4"))
    for outcome in wos.chance_outcomes_of(deal, 0):
        state.apply_action(outcome)
    state.apply_action(81)  # the dealer, seat 0, names Clubs
    assert state.information_state_string(1).endswith("trump=C")
    assert state.action_to_string(0, 84) == "P0 names trump S"


# -- search ---------------------------------------------------------------------


def test_ismcts_plays_complete_games() -> None:
    game = load(players=3, round=3)
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rs),
        uct_c=2.0,
        max_simulations=20,
        random_state=rs,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rs.choice(state.legal_actions())))
        assert state.returns() == [float(s - 40) for s in state.wizard_state.scores]
        assert len(state.wizard_state.results) == 1


# -- the variants: the Canadian rule (rule 21), short schedules (rule 22) ----------
#
# The expected figures are worked out from docs/rules.rst: rule 22.1 gives the
# odd schedule of 4 players as 1, 3, ..., 15 (eight rounds), rule 22.3 round r
# its hand size h_r, rule 9 a round's best score 20 + 10 * h_r and its worst
# -10 * h_r, and a round's decisions are at most a trump choice, n bids and
# n * h_r cards; rule 22.4 turns a card exactly when n * h_r < 60.

ODD_4 = (1, 3, 5, 7, 9, 11, 13, 15)


@pytest.mark.parametrize(
    ("params", "rounds", "utilities", "length"),
    [
        # 8 rounds, 64 cards each: 8 * 20 + 10 * 64 = 800, -640; 8 * (1 + 4) + 4 * 64
        ({"players": 4, "schedule": "odd"}, 8, (-640.0, 800.0), 296),
        # 3 rounds, 9 cards each: 60 + 90 = 150, -90; 3 * (1 + 5) + 5 * 9
        ({"players": 5, "schedule": "1,3,5"}, 3, (-90.0, 150.0), 63),
        # round 2 of 1, 3, 5 deals 3 cards: 20 + 30, -30; 1 + 5 + 5 * 3
        ({"players": 5, "schedule": "1;3;5", "round": 2}, 3, (-30.0, 50.0), 21),
        # the Canadian rule changes no size: the standard game's 15 rounds
        ({"players": 4, "canadian_rule": True}, 15, (-1200.0, 1500.0), 75 + 4 * 120),
        ({"players": 4, "schedule": "odd", "normalize_returns": True}, 8, (-0.8, 1.0), 296),
    ],
    ids=str,
)
def test_the_variants_size_the_game(
    params: dict[str, Any], rounds: int, utilities: tuple[float, float], length: int
) -> None:
    game = load(**params)
    config = game.new_initial_state().wizard_state.config
    assert config.rounds == rounds
    assert (game.min_utility(), game.max_utility()) == pytest.approx(utilities)
    assert game.max_game_length() == length
    assert game.num_distinct_actions() == 86
    assert game.max_chance_outcomes() == 60


def test_the_variants_are_the_rules_pieces() -> None:
    assert load(players=4, schedule="odd").new_initial_state().wizard_state.config == Config(
        players=4, rules=Rules(schedule=OddSchedule())
    )
    canadian = load(players=3, canadian_rule=True, forbid_bid_total_match=True)
    assert canadian.new_initial_state().wizard_state.config == Config(
        players=3,
        forbid_bid_total_match=True,
        rules=Rules(bid_restrictions=(CanadianRule(),)),
    )
    listed = load(players=5, schedule=" 2, 4 ;1 ").new_initial_state().wizard_state.config
    assert listed.deal_sizes == (2, 4, 1)
    assert load().get_parameters() == {
        "players": 4,
        "forbid_bid_total_match": False,
        "first_dealer": 0,
        "round": 0,
        "normalize_returns": False,
        "canadian_rule": False,
        "schedule": "standard",
        "rewards": "per_round",
        "hardcore": False,
        "hidden_bids": False,
        "delayed_reveal": False,
        "clairvoyance": False,
    }


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("odd", "odd"),
        ("standard", "standard"),
        ("1,3,5", "1;3;5"),
        ("1 3 5", "1;3;5"),
        ("7", "7;"),
    ],
)
def test_a_schedule_is_kept_so_that_the_game_string_loads_again(given: str, kept: str) -> None:
    game = load(players=4, schedule=given)
    assert game.get_parameters()["schedule"] == kept
    assert f"schedule={kept})" in str(game)
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    config = again.new_initial_state().wizard_state.config
    assert config == game.new_initial_state().wizard_state.config
    state = play_randomly(game.new_initial_state(), random.Random(4), moves=30)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert str(copy) == str(state)


def deals_of(state: Any) -> list[Deal]:
    return [a for a in state.wizard_state.history if type(a) is Deal]


def test_a_whole_odd_game_deals_the_odd_hand_sizes() -> None:
    state = play_to_the_end({"players": 4, "schedule": "odd"}, 3)
    assert state.wizard_state.is_over
    deals = deals_of(state)
    assert [len(deal.hands[0]) for deal in deals] == list(ODD_4)
    assert all({len(hand) for hand in deal.hands} == {len(deal.hands[0])} for deal in deals)
    # a card turned while cards are left: 4 * 15 = 60 in round 8 only (rule 22.4)
    assert [deal.turned is not None for deal in deals] == [True] * 7 + [False]
    assert [len(r.tricks_won) for r in state.wizard_state.results] == [4] * 8
    # the information state string names each round and the hand dealt in it
    text = state.information_state_string(2)
    assert [token for token in text.split() if token.startswith("r")] == [
        f"r{r}" for r in range(1, 9)
    ]
    hands = [token for token in text.split() if token.startswith("hand=")]
    assert [len(hand.split(",")) for hand in hands] == list(ODD_4)


@pytest.mark.parametrize(
    ("params", "cards", "turned"),
    [
        ({"players": 4, "schedule": "odd", "round": 2}, 3, True),  # 12 cards, then the turned
        ({"players": 4, "schedule": "odd", "round": 8}, 15, False),  # 60 cards: none turned
        ({"players": 3, "schedule": "20,5", "round": 1}, 20, False),  # every card, round 1
        ({"players": 3, "schedule": "20,5", "round": 2}, 5, True),
    ],
    ids=str,
)
def test_a_round_of_a_short_schedule_deals_its_hand_size(
    params: dict[str, Any], cards: int, turned: bool
) -> None:
    game = load(**params)
    state = game.new_initial_state()
    rng = random.Random(8)
    nodes = 0
    while state.is_chance_node():
        assert len(state.chance_outcomes()) == 60 - nodes
        state.apply_action(rng.choice(state.chance_outcomes())[0])
        nodes += 1
    n = params["players"]
    assert nodes == n * cards + turned
    inner = state.wizard_state
    assert inner.hand_sizes == (cards,) * n
    assert (inner.turned is not None) == turned
    if inner.phase is Phase.CHOOSE_TRUMP:  # a Wizard turned: the dealer names trump
        state.apply_action(81)
    first = state.current_player()
    assert state.legal_actions() == [60 + b for b in range(cards + 1)]  # bids 0 to h_r
    assert first == (inner.dealer + 1) % n
    # each player's tensors: the schedule's layout, the round's one-hot and hand
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    rounds = inner.config.rounds
    assert observer.dict["round"].shape == (rounds,)
    assert observer.dict["round"].nonzero()[0].tolist() == [params["round"] - 1]
    assert observer.dict["bids"].shape == (n, 60 // n + 1)
    assert int(observer.dict["hand"].sum()) == cards
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.dict["trick_leaders"].shape == (60 // n, n)
    assert recall.layout.size == Layout(n, perfect_recall=True, rules=inner.config.rules).size
    assert len(state.observation_tensor(0)) == observer.layout.size
    assert len(state.information_state_tensor(0)) == recall.layout.size


def canadian_forbidden(state: State) -> int | None:
    """The dealer's bid rule 21 forbids now, worked out from rules 21.1 to 21.4."""
    dealer = state.dealer
    if state.current_player != dealer or state.phase is not Phase.BID:
        return None
    scores = state.scores
    if any(scores[seat] >= scores[dealer] for seat in range(len(scores)) if seat != dealer):
        return None  # no outright lead (rule 21.2)
    others = sum(bid for seat, bid in enumerate(state.bids) if seat != dealer and bid is not None)
    match = len(state.hand(dealer)) - others
    return match if match > 0 else None  # 0 is always allowed; above h no bid matches


def test_the_canadian_rule_binds_a_leading_dealer_in_the_whole_game() -> None:
    game = load(players=4, canadian_rule=True, schedule="odd")
    binds = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            inner = state.wizard_state
            forbidden = canadian_forbidden(inner)
            if inner.phase is Phase.BID:
                h = len(inner.hand(inner.current_player))
                wanted = [60 + b for b in range(h + 1) if b != forbidden]
                assert state.legal_actions() == wanted
                if forbidden is not None:
                    binds += 1
                    with pytest.raises(IllegalActionError) as refused:
                        state.apply_action(60 + forbidden)
                    assert refused.value.code is ErrorCode.BID_TOTAL_FORBIDDEN
            state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.wizard_state.results) == 8
    assert binds > 0


def test_a_one_round_game_starts_level_so_the_canadian_rule_never_binds() -> None:
    state = load(players=4, canadian_rule=True, round=6).new_initial_state()
    assert len(set(state.wizard_state.scores)) == 1  # every seat at 20 * 5
    play_randomly(state, random.Random(1))
    assert state.is_terminal()


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 6),
    schedule=st.sampled_from(["odd", "2;5;1;5", "10"]),
    canadian=st.booleans(),
    moves=st.integers(0, 40),
)
def test_redealing_hidden_cards_in_a_variant_never_changes_a_players_tensors(
    seed: int, players: int, schedule: str, canadian: bool, moves: int
) -> None:
    rng = random.Random(seed)
    game = load(players=players, schedule=schedule, canadian_rule=canadian)
    state = play_randomly(game.new_initial_state(), rng, moves=moves, decisions=True)
    assume(not state.is_terminal())
    viewer = rng.randrange(players)
    again = state.resample_from_infostate(viewer, rng.random)
    for method in ("observation_tensor", "information_state_tensor"):
        assert getattr(again, method)(viewer) == getattr(state, method)(viewer)
    for method in ("observation_string", "information_state_string"):
        assert getattr(again, method)(viewer) == getattr(state, method)(viewer)
    assert again.wizard_state.hand(viewer) == state.wizard_state.hand(viewer)
    assert again.legal_actions(viewer) == state.legal_actions(viewer)
    assert again.wizard_state.hand_sizes == state.wizard_state.hand_sizes


# -- the tensors of a variant -----------------------------------------------------


def test_the_layout_of_a_schedule() -> None:
    odd = Rules(schedule=OddSchedule())
    layout = Layout(4, rules=odd)
    assert (layout.rounds, layout.deal_sizes) == (8, ODD_4)
    standard = Layout(4)
    # only the round piece differs: 8 entries instead of 15
    assert layout.size == standard.size - 15 + 8
    assert dict(layout.pieces) == {**dict(standard.pieces), "round": (8,)}
    listed = Layout(3, perfect_recall=True, rules=Rules(schedule=ListedSchedule(sizes=(4,) * 25)))
    assert dict(listed.pieces)["round"] == (25,)  # more rounds than 60 / 3 = 20
    assert dict(listed.pieces)["trick_leaders"] == (20, 3)
    with pytest.raises(ConfigError, match="10 cards"):
        Layout(6, rules=Rules(schedule=ListedSchedule(sizes=(11,))))
    with pytest.raises(ConfigError, match="rounds of 1, 3, 5, 7"):
        layout.encode(player_view(new_game(Config(players=4)), 0))
    with pytest.raises(ConfigError, match="for 4 players"):
        layout.encode(player_view(new_game(Config(players=3, rules=odd)), 0))
    # the scores are divided by the most a player can score over the schedule
    state = from_position(
        Position(
            config=Config(players=4, rules=odd),
            round=2,
            dealer=1,
            scores=[30, -10, 20, 20],
            hands=[()] * 4,
            bids=[None] * 4,
            tricks_won=[0] * 4,
            leader=2,
        )
    )
    pieces = layout.pieces_of(layout.encode(player_view(state, 0)))
    assert pieces["scores"].tolist() == pytest.approx([30 / 800, -10 / 800, 20 / 800, 20 / 800])
    assert pieces["round"].nonzero()[0].tolist() == [1]


def test_max_score_reads_the_schedule() -> None:
    odd = Rules(schedule=OddSchedule())
    assert max_score(4, rules=odd) == 8 * 20 + 10 * 64
    assert max_score(4, [1, 8], rules=odd) == 30 + 170  # rounds of 1 and 15 cards
    assert max_score(3, rules=Rules(schedule=ListedSchedule(sizes=(20, 5)))) == 220 + 70
    assert max_score(4, rules=Rules(bid_restrictions=(CanadianRule(),))) == 1500
    assert max_score(4, [16]) == 180  # the standard game's rounds as 0.1 counted them
    for bad in (0, 9, True, "1"):
        with pytest.raises(ConfigError, match="a round of this game is 1 to 8") as refused:
            max_score(4, [bad], rules=odd)  # type: ignore[list-item]
        assert refused.value.code is ErrorCode.INVALID_CONFIG


# -- imports --------------------------------------------------------------------


def test_without_openspiel_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.openspiel")
    with pytest.raises(ImportError, match=r"the 'openspiel' extra: pip install '\.\[openspiel\]'"):
        importlib.import_module("wizard_rules.integrations.openspiel")


def test_tensors_without_numpy_name_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "wizard_rules.integrations.tensors")
    with pytest.raises(
        ImportError, match=r"the 'batch' extra \(numpy\): pip install '\.\[batch\]'"
    ):
        importlib.import_module("wizard_rules.integrations.tensors")


def test_layout_edges() -> None:
    with pytest.raises(ConfigError):
        Layout(7)
    with pytest.raises(ConfigError, match="for 3 players"):
        Layout(3).encode(player_view(apply(new_game(Config(players=4)), _deal4()), 0))
    out = np.full(Layout(4).size, 9.0, dtype=np.float32)
    view = player_view(new_game(Config(players=4)), 2)
    assert Layout(4).encode(view, out=out) is out
    assert out.max() == 1.0


def _deal4() -> Deal:
    return random_deal(new_game(Config(players=4)), random.Random(0))
