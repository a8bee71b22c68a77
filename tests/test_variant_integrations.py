"""The variants in the integrations: OpenSpiel's parameters, PettingZoo's and Gymnasium's
options, and the tensors' layout under each (rules 23 to 27).

(That no output shows a seat what it may not know, over random games, is the
non-interference property of ``tests/test_variant_secrets.py`` and its
companions; here are the parameters, the layouts and hand-worked cases.)
"""

from __future__ import annotations

import importlib
import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import wizard_rules.integrations.openspiel as wos
from wizard_rules import (
    Bid,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    Phase,
    apply,
    new_game,
    parse_card,
    parse_cards,
    player_view,
)
from wizard_rules.core.cards import DECK
from wizard_rules.core.rules import VARIANTS, ListedSchedule, variant_names, variant_rules
from wizard_rules.core.state import State
from wizard_rules.formats.action_ids import FIRST_BID
from wizard_rules.integrations.pettingzoo import SingleAgentEnv, env, raw_env
from wizard_rules.integrations.tensors import Layout

pyspiel: Any = importlib.import_module("pyspiel")
api_test: Any = importlib.import_module("pettingzoo.test").api_test
seed_test: Any = importlib.import_module("pettingzoo.test").seed_test
check_env: Any = importlib.import_module("gymnasium.utils.env_checker").check_env

FLAGS = ("canadian_rule", "hardcore", "hidden_bids", "delayed_reveal", "clairvoyance")
"""The variants the integrations take as flags (forbid_bid_total_match is Config's own)."""

SECRET = ("hidden_bids", "delayed_reveal")
RESTRICTIONS = ("forbid_bid_total_match", "canadian_rule", "hardcore")


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # PettingZoo's checks warn that a dict observation "probably should be" a Box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def flag_set(flag: str, value: object) -> dict[str, Any]:
    """The keyword arguments that set ``flag`` to ``value``."""
    return {flag: value}


def load(**params: Any) -> Any:
    return pyspiel.load_game("wizard_rules", params)


def test_the_flags_are_every_variant_but_config_s_own() -> None:
    assert set(FLAGS) == set(VARIANTS) - {"forbid_bid_total_match"}


# -- parameters ---------------------------------------------------------------------


@pytest.mark.parametrize("flag", FLAGS)
def test_each_flag_turns_its_variant_on(flag: str) -> None:
    wanted = Config(players=3, rules=variant_rules([flag]))
    assert (
        load(players=3, **flag_set(flag, True)).new_initial_state().wizard_state.config == wanted
    )
    assert raw_env(3, **flag_set(flag, True)).config == wanted
    assert SingleAgentEnv(3, **flag_set(flag, True)).env.config == wanted
    # off is the standard game
    assert load(
        players=3, **flag_set(flag, False)
    ).new_initial_state().wizard_state.config == Config(players=3)
    assert raw_env(3, **flag_set(flag, False)).config == Config(players=3)


def test_the_game_string_names_every_flag_and_loads_again() -> None:
    game = load(players=4, hidden_bids=True, clairvoyance=True)
    text = str(game)
    for flag in FLAGS:
        on = flag in ("hidden_bids", "clairvoyance")
        assert f"{flag}={on}" in text
    again = pyspiel.load_game(text)
    assert str(again) == text
    assert again.new_initial_state().wizard_state.config == Config(
        players=4, rules=variant_rules(["hidden_bids", "clairvoyance"])
    )
    assert load().get_parameters()["clairvoyance"] is False


@pytest.mark.parametrize("flag", FLAGS)
@pytest.mark.parametrize("value", [1, 0, "yes", None, 1.0], ids=repr)
def test_a_flag_that_is_not_a_bool_is_refused(flag: str, value: object) -> None:
    with pytest.raises(ConfigError) as caught:
        wos.WizardGame({flag: value})
    assert caught.value.code is ErrorCode.INVALID_CONFIG
    assert f"{flag} must be a bool" in str(caught.value)
    with pytest.raises(ConfigError, match=f"{flag} must be a bool"):
        raw_env(4, **flag_set(flag, value))
    with pytest.raises(ConfigError, match=f"{flag} must be a bool"):
        SingleAgentEnv(4, **flag_set(flag, value))
    if value is not None:  # OpenSpiel's loader checks the type against the default first
        with pytest.raises(pyspiel.SpielError, match=f"Wrong type for parameter {flag}"):
            load(**flag_set(flag, value))


DEALER_MAY_NOT_SEE = "the dealer's bid would have to depend on bids the dealer may not see"
REFUSED = [
    *(
        ({secret: True, restriction: True}, DEALER_MAY_NOT_SEE)
        for secret in SECRET
        for restriction in RESTRICTIONS
    ),
    ({"hidden_bids": True, "delayed_reveal": True}, "delayed reveal is hidden bids shown later"),
    ({"clairvoyance": True, "schedule": "2,3"}, "first round of one card each, not of 2"),
    ({"clairvoyance": True, "schedule": "3;1"}, "first round of one card each, not of 3"),
]


@pytest.mark.parametrize(("params", "message"), REFUSED, ids=str)
def test_incompatible_variants_are_refused_saying_why(
    params: dict[str, Any], message: str
) -> None:
    for make in (
        lambda: load(players=4, **params),
        lambda: wos.WizardGame(params),
        lambda: raw_env(4, **params),
        lambda: env(players=4, **params),
        lambda: SingleAgentEnv(4, **params),
    ):
        with pytest.raises(ConfigError) as caught:
            make()
        assert caught.value.code is ErrorCode.INVALID_CONFIG
        assert message in str(caught.value)


@pytest.mark.parametrize(
    "params",
    [
        {"hardcore": True, "canadian_rule": True, "forbid_bid_total_match": True},
        {"hidden_bids": True, "clairvoyance": True},
        {"delayed_reveal": True, "clairvoyance": True, "schedule": "odd"},
        {"clairvoyance": True, "hardcore": True, "canadian_rule": True},
        {"clairvoyance": True, "schedule": "1"},
    ],
    ids=str,
)
def test_compatible_variants_go_together(params: dict[str, Any]) -> None:
    # rules 27.1 and 27.4: the restrictions combine; clairvoyance goes with everything
    config = load(players=4, **params).new_initial_state().wizard_state.config
    assert raw_env(4, **params).config == config
    names = {name for name, on in params.items() if on is True}
    assert set(variant_names(config.rules)) == names


# -- OpenSpiel: whole games -----------------------------------------------------------


def play_openspiel(game: Any, rng: random.Random) -> tuple[Any, list[tuple[int, int, int]]]:
    """Play a game at random, reading the strings and tensors of the player to
    act at each decision; the decisions made, as (round, player, action)."""
    state = game.new_initial_state()
    decisions: list[tuple[int, int, int]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, _ = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes))
            continue
        player = state.current_player()
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(player)) == (
            game.information_state_tensor_size()
        )
        state.observation_string(player)
        state.information_state_string(player)
        action = rng.choice(state.legal_actions())
        decisions.append((state.wizard_state.round, player, action))
        state.apply_action(action)
    return state, decisions


@pytest.mark.parametrize(
    "params",
    [
        {"players": 6, "hidden_bids": True},
        {"players": 6, "delayed_reveal": True},
        {"players": 6, "hardcore": True, "forbid_bid_total_match": True},
        {"players": 6, "clairvoyance": True},
        {"players": 5, "clairvoyance": True, "delayed_reveal": True, "schedule": "odd"},
        {"players": 4, "clairvoyance": True, "hidden_bids": True, "schedule": "1,2,3"},
    ],
    ids=str,
)
def test_a_whole_game_plays_through_openspiel(params: dict[str, Any]) -> None:
    game = load(**params)
    state, decisions = play_openspiel(game, random.Random(24))
    config = state.wizard_state.config
    n = config.players
    plays = [d for d in decisions if d[2] < 60]
    bids = [d for d in decisions if FIRST_BID <= d[2] < FIRST_BID + 21]
    # every round has its n bids, and its n cards a trick played by the players...
    assert len(bids) == n * config.rounds
    blind_round_plays = n if params.get("clairvoyance") else 0
    # ... but round 1 under clairvoyance, whose trick plays itself (rule 26.3)
    assert len(plays) == n * sum(config.deal_sizes) - blind_round_plays
    if params.get("clairvoyance"):
        assert not [d for d in plays if d[0] == 1]
    assert len(decisions) <= game.max_game_length()
    assert len(state.history()) <= game.max_game_length() + sum(
        n * size + (n * size < 60) for size in config.deal_sizes
    )
    assert state.returns() == pytest.approx(list(state.wizard_state.scores))


@pytest.mark.parametrize(
    "params",
    [
        {"players": 4, "round": 3, "hidden_bids": True},
        {"players": 3, "round": 5, "delayed_reveal": True, "normalize_returns": True},
        {"players": 5, "round": 4, "hardcore": True},
        {"players": 4, "round": 1, "clairvoyance": True},
        {"players": 3, "round": 2, "clairvoyance": True, "hidden_bids": True},
        {"players": 6, "schedule": "1;3", "clairvoyance": True, "delayed_reveal": True},
    ],
    ids=str,
)
def test_openspiel_random_simulation_tests_with_a_variant(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("flag", FLAGS)
def test_the_game_s_figures_are_the_standard_game_s(flag: str) -> None:
    # Fewer decisions (clairvoyance) keep an upper bound an upper bound; the
    # variants change neither the utilities nor the actions nor the chance nodes.
    standard, variant = load(players=4), load(players=4, **flag_set(flag, True))
    for figure in (
        "max_game_length",
        "min_utility",
        "max_utility",
        "num_distinct_actions",
        "max_chance_outcomes",
        "num_players",
    ):
        assert getattr(variant, figure)() == getattr(standard, figure)()
    assert variant.max_game_length() == sum(1 + 4 + 4 * r for r in range(1, 16))


def test_the_blind_round_under_openspiel_has_no_play_decision() -> None:
    game = load(players=3, clairvoyance=True, schedule="1,2")
    state = game.new_initial_state()
    deal = Deal([parse_cards("C5"), parse_cards("H8"), parse_cards("W1")], parse_card("S11"))
    for outcome in wos.chance_outcomes_of(deal, dealer=0):
        state.apply_action(outcome)
    # seat 1 bids first, the dealer (seat 0) last; then the trick plays itself
    for seat, tricks in ((1, 0), (2, 1), (0, 0)):
        assert state.current_player() == seat
        assert sorted(state.legal_actions()) == [FIRST_BID, FIRST_BID + 1]
        state.apply_action(FIRST_BID + tricks)
    assert state.is_chance_node()  # the deal of round 2: no card was asked for
    inner = state.wizard_state
    assert inner.round == 2
    # W1 (seat 2's) wins: seat 2 made its bid of 1, seats 1 and 0 their 0
    assert inner.scores == (20, 20, 30)


# -- OpenSpiel: the strings, hand-worked ------------------------------------------------


def _round1(game: Any, hands: str, turned: str) -> Any:
    state = game.new_initial_state()
    n = game.num_players()
    cards = [parse_cards(text) for text in hands.split("/")]
    assert len(cards) == n
    for outcome in wos.chance_outcomes_of(Deal(cards, parse_card(turned)), dealer=0):
        state.apply_action(outcome)
    return state


def test_a_hidden_bid_in_the_strings_until_the_last_bid() -> None:
    game = load(players=3, hidden_bids=True, round=1)
    state = _round1(game, "C5/H8/W1", "S11")
    state.apply_action(FIRST_BID + 1)  # seat 1 bids 1
    assert state.information_state_string(2) == "p2 r1 hand=W1 turned=S11 b1=?"
    assert state.information_state_string(1) == "p1 r1 hand=H8 turned=S11 b1=1"
    assert "bids=-,?,-" in state.observation_string(2)
    assert "bids=-,1,-" in state.observation_string(1)
    state.apply_action(FIRST_BID + 0)  # seat 2 bids 0
    state.apply_action(FIRST_BID + 0)  # the dealer, seat 0, bids 0: all are shown (rule 23.3)
    assert state.information_state_string(2) == (
        "p2 r1 hand=W1 turned=S11 b1=? b2=0 b0=? bids=0,1,0"
    )
    assert "bids=0,1,0" in state.observation_string(2)


def test_a_delayed_bid_in_the_strings_until_the_last_trick() -> None:
    game = load(players=3, delayed_reveal=True, schedule="1,2")
    state = _round1(game, "C5/H8/W1", "S11")
    for tricks in (1, 0, 0):  # seats 1, 2, 0
        state.apply_action(FIRST_BID + tricks)
    assert state.information_state_string(0) == "p0 r1 hand=C5 turned=S11 b1=? b2=? b0=0"
    assert "bids=0,?,?" in state.observation_string(0)
    state.apply_action(parse_card("H8").index)  # seat 1 leads
    state.apply_action(parse_card("W1").index)
    assert "bids=0,?,?" in state.observation_string(0)
    state.apply_action(parse_card("C5").index)  # the round's last trick: shown (rule 24.2)
    assert state.information_state_string(0) == (
        "p0 r1 hand=C5 turned=S11 b1=? b2=? b0=0 1:H8 2:W1 0:C5 bids=0,1,0"
    )


def test_a_blind_round_in_the_strings() -> None:
    game = load(players=3, clairvoyance=True, schedule="1,2")
    state = game.new_initial_state()
    deal = Deal([parse_cards("C5"), parse_cards("H8"), parse_cards("W1")], parse_card("S11"))
    outcomes = wos.chance_outcomes_of(deal, dealer=0)
    state.apply_action(outcomes[0])  # H8, to seat 1: who does not see it (rule 26.2)
    assert "dealt=" not in state.observation_string(1)
    assert state.information_state_string(1) == "p1"
    for outcome in outcomes[1:]:
        state.apply_action(outcome)
    assert state.information_state_string(1) == "p1 r1 hand=? h2=W1 h0=C5 turned=S11"
    assert "hands=C5/?/W1" in state.observation_string(1)
    for tricks in (0, 1, 0):
        state.apply_action(FIRST_BID + tricks)
    # the trick that played itself follows the last bid (rule 26.3)
    assert state.information_state_string(1) == (
        "p1 r1 hand=? h2=W1 h0=C5 turned=S11 b1=0 b2=1 b0=0 1:H8 2:W1 0:C5"
    )


def test_a_public_observer_hides_the_own_secret_bid_too() -> None:
    game = load(players=3, hidden_bids=True, round=1)
    state = _round1(game, "C5/H8/W1", "S11")
    state.apply_action(FIRST_BID + 1)  # seat 1 bids 1
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    assert "bids=-,?,-" in observer.string_from(state, 1)
    observer.set_from(state, 1)
    assert not observer.dict["bids"].any()
    recall = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    assert recall.string_from(state, 1) == "p1 r1 turned=S11 b1=?"
    private = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )
    )
    assert private.string_from(state, 1) == "p1 hand=H8 b1=1"
    assert private.string_from(state, 2) == "p2 hand=W1"


# -- OpenSpiel: search ------------------------------------------------------------------


def test_resampling_a_blind_round_redraws_the_own_card_only() -> None:
    game = load(players=3, clairvoyance=True, schedule="1,2")
    state = _round1(game, "C5/H8/W1", "S11")
    state.apply_action(FIRST_BID + 0)  # seat 1; seat 2 to bid
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        other = state.resample_from_infostate(2, rng.random)
        hands = other.wizard_state.hands
        assert hands[0] == parse_cards("C5")
        assert hands[1] == parse_cards("H8")
        assert hands[2][0] not in parse_cards("C5 H8 S11")
        assert other.information_state_string(2) == state.information_state_string(2)
        seen.add(hands[2][0])
    assert len(seen) > 20  # drawn from the 57 cards seat 2 does not see


@pytest.mark.parametrize("flag", SECRET)
def test_resampling_redraws_the_hidden_bids(flag: str) -> None:
    game = load(players=4, round=5, **flag_set(flag, True))
    rng = random.Random(7)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, _ = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choice(outcomes))
    for _ in range(3):  # three bids; the dealer (seat 0) to bid
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == 0
    seen = set()
    for seed in range(30):
        other = state.resample_from_infostate(0, random.Random(seed).random)
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.observation_tensor(0) == state.observation_tensor(0)
        seen.add(other.wizard_state.bids)
    assert len(seen) > 10  # 6 ** 3 bids are possible


# -- the tensors ------------------------------------------------------------------------

STANDARD_PIECES = [
    "seat",
    "phase",
    "round",
    "dealer",
    "current_player",
    "hand",
    "turned",
    "trump",
    "bids",
    "tricks_won",
    "leader",
    "trick",
    "played",
    "scores",
]


def standard_size(n: int, recall: bool) -> int:
    """The standard layout's size, worked out from the table of the tensors' docstring."""
    h = 60 // n
    b = h + 1
    size = n + 5 + h + n + n + 60 + 60 + 4 + n * b + n * b + n + n * 60 + 60 + n
    return size + (h * n + h * n * 60 if recall else 0)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_standard_layout_is_unchanged(n: int) -> None:
    assert Layout(4).size == 592  # as 0.1's documentation has it
    assert Layout(4, perfect_recall=True).size == 4252
    for recall in (False, True):
        layout = Layout(n, perfect_recall=recall)
        assert layout.size == standard_size(n, recall)
        wanted = STANDARD_PIECES + (["trick_leaders", "trick_cards"] if recall else [])
        assert [name for name, _ in layout.pieces] == wanted
        assert not layout.clairvoyant
    assert load(players=n).observation_tensor_size() == standard_size(n, False)
    assert load(players=n).information_state_tensor_size() == standard_size(n, True)


@pytest.mark.parametrize("flag", ["canadian_rule", "hardcore", "hidden_bids", "delayed_reveal"])
@pytest.mark.parametrize("n", [3, 6])
def test_a_variant_but_clairvoyance_keeps_the_standard_layout(flag: str, n: int) -> None:
    rules = variant_rules([flag])
    for recall in (False, True):
        for private in (False, True):
            layout = Layout(n, perfect_recall=recall, private=private, rules=rules)
            standard = Layout(n, perfect_recall=recall, private=private)
            assert layout.pieces == standard.pieces
            assert layout.offsets == standard.offsets
    game = load(players=n, **flag_set(flag, True))
    assert game.observation_tensor_size() == standard_size(n, False)
    assert raw_env(n, **flag_set(flag, True)).observation_space("player_0")[
        "observation"
    ].shape == (standard_size(n, False),)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_clairvoyance_adds_one_block_a_other_seat_after_the_hand(n: int) -> None:
    rules = variant_rules(["clairvoyance"])
    for recall in (False, True):
        layout = Layout(n, perfect_recall=recall, rules=rules)
        assert layout.clairvoyant
        names = [name for name, _ in layout.pieces]
        assert names[: names.index("hand") + 2] == [*STANDARD_PIECES[:6], "other_hands"]
        assert dict(layout.pieces)["other_hands"] == (n - 1, 60)
        assert layout.size == standard_size(n, recall) + (n - 1) * 60
    # the public pieces only (PettingZoo's state, a public observer): no block
    public = Layout(n, private=False, rules=rules)
    assert public.pieces == Layout(n, private=False).pieces
    assert load(players=n, clairvoyance=True).observation_tensor_size() == (
        standard_size(n, False) + (n - 1) * 60
    )


def _state(flags: list[str], n: int = 3, schedule: tuple[int, ...] | None = None) -> State:
    listed = ListedSchedule(sizes=schedule) if schedule else None
    return new_game(Config(players=n, rules=variant_rules(flags, schedule=listed)))


def _hand_worked_round1(flags: list[str]) -> State:
    state = _state(flags, schedule=(1, 2))
    return apply(
        state, Deal([parse_cards("C5"), parse_cards("H8"), parse_cards("W1")], parse_card("S11"))
    )


@pytest.mark.parametrize("flag", SECRET)
def test_a_hidden_bid_encodes_as_a_bid_not_made(flag: str) -> None:
    layout = Layout(3, rules=variant_rules([flag], schedule=ListedSchedule(sizes=(1, 2))))
    state = apply(_hand_worked_round1([flag]), Bid(1, 1))
    for seat in (0, 2):
        bids = layout.pieces_of(layout.encode(player_view(state, seat)))["bids"]
        assert not bids.any()  # seat 1's bid made, not shown
    own = layout.pieces_of(layout.encode(player_view(state, 1)))["bids"]
    assert [row.nonzero()[0].tolist() for row in own] == [[], [1], []]
    state = apply(apply(state, Bid(2, 0)), Bid(0, 0))
    assert state.phase is Phase.PLAY
    bids = layout.pieces_of(layout.encode(player_view(state, 2)))["bids"]
    if flag == "hidden_bids":  # every bid shown once the last is in (rule 23.3)
        assert [row.nonzero()[0].tolist() for row in bids] == [[0], [1], [0]]
    else:  # only the viewer's, the whole round (rule 24.1)
        assert [row.nonzero()[0].tolist() for row in bids] == [[], [], [0]]


def test_a_blind_hand_in_the_tensor() -> None:
    rules = variant_rules(["clairvoyance"], schedule=ListedSchedule(sizes=(1, 2)))
    layout = Layout(3, perfect_recall=True, rules=rules)
    state = _hand_worked_round1(["clairvoyance"])
    pieces = layout.pieces_of(layout.encode(player_view(state, 1)))
    assert not pieces["hand"].any()  # its own card, H8, hidden (rule 26.2)
    # row i: seat (1 + 1 + i) % 3, so seats 2 then 0
    rows = [["W1"], ["C5"]]
    assert [[DECK[i].text for i in row.nonzero()[0]] for row in pieces["other_hands"]] == rows
    # round 2: the standard view, the block empty
    for seat, tricks in ((1, 0), (2, 1), (0, 0)):
        state = apply(state, Bid(seat, tricks))
    assert state.round == 2
    assert state.phase is Phase.DEAL
    rng_deal = Deal(
        [parse_cards("C1 C2"), parse_cards("D1 D2"), parse_cards("H1 H2")], parse_card("S1")
    )
    state = apply(state, rng_deal)
    pieces = layout.pieces_of(layout.encode(player_view(state, 1)))
    assert [DECK[i].text for i in pieces["hand"].nonzero()[0]] == ["D1", "D2"]
    assert not pieces["other_hands"].any()


def test_a_layout_refuses_a_view_of_the_other_visibility() -> None:
    blind = _hand_worked_round1(["clairvoyance"])
    with pytest.raises(ConfigError, match="without clairvoyance, not with it"):
        Layout(3, rules=variant_rules([], schedule=ListedSchedule(sizes=(1, 2)))).encode(
            player_view(blind, 0)
        )
    seeing = _hand_worked_round1([])
    with pytest.raises(ConfigError, match="with clairvoyance, not without it"):
        Layout(3, rules=variant_rules(["clairvoyance"], ListedSchedule(sizes=(1, 2)))).encode(
            player_view(seeing, 0)
        )


def test_the_openspiel_deal_of_a_blind_round_shows_no_own_card() -> None:
    game = load(players=3, clairvoyance=True, round=1)
    state = game.new_initial_state()
    observer = game.make_py_observer()
    for outcome in wos.chance_outcomes_of(
        Deal([parse_cards("C5"), parse_cards("H8"), parse_cards("W1")], parse_card("S11")), 0
    )[:3]:
        state.apply_action(outcome)
        for seat in range(3):
            observer.set_from(state, seat)
            assert not observer.dict["hand"].any()
            assert not observer.dict["other_hands"].any()


# -- PettingZoo and Gymnasium -----------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 4, "round": 3, "hidden_bids": True},
        {"players": 3, "round": 4, "delayed_reveal": True},
        {"players": 5, "round": 6, "hardcore": True, "canadian_rule": True},
        {"players": 4, "round": 1, "clairvoyance": True},
        {"players": 3, "schedule": [1, 2], "clairvoyance": True, "hidden_bids": True},
        {"players": 6, "clairvoyance": True, "delayed_reveal": True},
    ],
    ids=str,
)
def test_pettingzoo_api_test_with_a_variant(kwargs: dict[str, Any]) -> None:
    api_test(env(**kwargs), num_cycles=200)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 4, "seat": 2, "round": 3, "hidden_bids": True},
        {"players": 3, "seat": 1, "clairvoyance": True, "schedule": "1,2,3"},
        {"players": 4, "seat": 0, "round": 5, "delayed_reveal": True, "hardcore": False},
    ],
    ids=str,
)
def test_gymnasium_check_env_with_a_variant(kwargs: dict[str, Any]) -> None:
    check_env(SingleAgentEnv(**kwargs), skip_render_check=False)


def _step_first_legal(game: Any) -> None:
    mask = game.observe(game.agent_selection)["action_mask"]
    game.step(int(np.flatnonzero(mask)[0]))


@pytest.mark.parametrize("flag", SECRET)
def test_the_state_shows_every_bid_an_observation_only_its_own(flag: str) -> None:
    game = raw_env(3, round=3, **flag_set(flag, True))
    game.reset(seed=5)
    first = game.agent_selection
    _step_first_legal(game)  # the first bidder bids 0 (its lowest legal id)
    seat = game.possible_agents.index(first)
    bids = game.state_pieces_of(game.state())["bids"]
    assert [row.nonzero()[0].tolist() for row in bids] == [
        [0] if s == seat else [] for s in range(3)
    ]
    for agent in game.possible_agents:
        pieces = game.layout.pieces_of(game.observe(agent)["observation"])
        assert bool(pieces["bids"].any()) is (agent == first)


def test_the_state_shows_a_blind_hand_an_observation_does_not() -> None:
    game = raw_env(4, round=1, clairvoyance=True)
    game.reset(seed=9)
    inner = game.wizard_state
    hands = game.state_pieces_of(game.state())["hands"]
    for seat in range(4):
        assert hands[seat].nonzero()[0].tolist() == [inner.hand(seat)[0].index]
        pieces = game.layout.pieces_of(game.observe(f"player_{seat}")["observation"])
        assert not pieces["hand"].any()
        for i, row in enumerate(pieces["other_hands"]):
            other = (seat + 1 + i) % 4
            assert row.nonzero()[0].tolist() == [inner.hand(other)[0].index]
    assert game.state_space.shape == raw_env(4, round=1).state_space.shape


def test_the_blind_round_under_pettingzoo_has_no_play_move() -> None:
    game = raw_env(3, clairvoyance=True, schedule=[1, 2])
    game.reset(seed=2)
    for _ in range(3):  # the three bids of round 1
        assert game.wizard_state.phase is Phase.BID
        _step_first_legal(game)
    inner = game.wizard_state
    assert inner.round == 2
    assert inner.phase is Phase.BID  # round 2 is dealt
    assert len(inner.results) == 1
    assert len(inner.results[0].tricks) == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 3, "schedule": "1,2", "clairvoyance": True, "hidden_bids": True},
        {"players": 4, "round": 3, "delayed_reveal": True},
    ],
    ids=str,
)
def test_pettingzoo_seed_test_with_a_variant(kwargs: dict[str, Any]) -> None:
    seed_test(lambda: env(**kwargs), num_cycles=300)


def test_gymnasium_make_passes_a_variant() -> None:
    import gymnasium

    from wizard_rules.integrations.pettingzoo import ENV_ID

    made = gymnasium.make(ENV_ID, players=3, hidden_bids=True, round=2)
    inner: Any = made.unwrapped
    assert inner.env.config == Config(players=3, rules=variant_rules(["hidden_bids"]))
    with pytest.raises(ConfigError, match="hidden bids cannot be combined with hardcore"):
        gymnasium.make(ENV_ID, players=3, hidden_bids=True, hardcore=True)
