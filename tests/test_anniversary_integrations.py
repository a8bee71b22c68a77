"""The anniversary cards in the integrations: the larger action ids, OpenSpiel, PettingZoo,
Gymnasium and the tensors (rules 28 to 41).

Random games with cards go through each framework and agree with the
engine; what a seat is given (strings, tensors, PettingZoo's observation and
mask) is the same for two games that differ only in what it may not see
(rule 41.3); the standard game's outputs keep their figures.
"""

from __future__ import annotations

import itertools
import random
import warnings
from collections.abc import Iterator
from typing import Any

import attrs
import numpy as np
import pytest

from wizard_rules import (
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    apply,
    is_legal,
    legal_actions,
    new_anniversary_game,
    parse_card,
    random_chance,
)
from wizard_rules.core.actions import Bid, ChooseTrump, Play
from wizard_rules.core.anniversary import (
    AnniversaryDeck,
    ChangeBid,
    Declare,
    PassCard,
    Reveal,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.cards import ANNIVERSARY_CARDS, DECK, Card, Kind, Suit
from wizard_rules.core.rules import ListedSchedule, Rules
from wizard_rules.formats import action_ids as ids
from wizard_rules.integrations import _anniversary
from wizard_rules.integrations._variants import anniversary_names, with_anniversary_cards
from wizard_rules.integrations.tensors import AnniversaryLayout, Layout

pyspiel: Any = pytest.importorskip("pyspiel")
wos: Any = pytest.importorskip("wizard_rules.integrations.openspiel")
wpz: Any = pytest.importorskip("wizard_rules.integrations.pettingzoo")
api_test: Any = pytest.importorskip("pettingzoo.test").api_test
check_env: Any = pytest.importorskip("gymnasium.utils.env_checker").check_env

ALL = (*DECK, *ANNIVERSARY_CARDS)


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # PettingZoo's checks warn that a dict observation "probably should be" a Box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def load(**params: Any) -> Any:
    return pyspiel.load_game("wizard_rules", params)


def card(text: str) -> Card:
    return parse_card(text)


# -- the action ids ------------------------------------------------------------------


def test_the_larger_ids_as_documented() -> None:
    # The table of the module, worked out: 86 + (index - 60) for the nine...
    assert ids.anniversary_action_id(Play(0, card("Dragon"))) == 86
    assert ids.anniversary_action_id(Play(0, card("Vampire"))) == 94
    # ... the 60 and the standard decisions keep their ids
    assert ids.anniversary_action_id(Play(1, card("C1"))) == card("C1").index
    assert ids.anniversary_action_id(Bid(1, 3)) == 63
    assert ids.anniversary_action_id(ChooseTrump(1, Suit.SPADES)) == 84
    assert ids.anniversary_action_id(WerewolfTrump(2, Suit.CLUBS)) == 95
    assert ids.anniversary_action_id(WerewolfTrump(2, None)) == 99
    assert ids.anniversary_action_id(Declare(2, Suit.DIAMONDS)) == 101
    assert ids.anniversary_action_id(Declare(2, Kind.WIZARD)) == 104
    assert ids.anniversary_action_id(Declare(2, Kind.JESTER)) == 105
    assert ids.anniversary_action_id(PassCard(0, ALL[0])) == 106
    assert ids.anniversary_action_id(PassCard(0, card("Vampire"))) == 106 + 68
    assert ids.anniversary_action_id(ChangeBid(0, -1)) == 175
    assert ids.anniversary_action_id(ChangeBid(0, 1)) == 176
    assert ids.anniversary_action_id(WitchSwap(0, None, None)) == 177
    give, take = card("H9"), card("Dragon")
    swap = ids.anniversary_action_id(WitchSwap(0, give, take))
    assert swap == 178 + 69 * give.index + take.index
    assert ids.ANNIVERSARY_NUM_ACTIONS == 178 + 69 * 69 == 4939
    assert ids.ANNIVERSARY_NUM_ACTIONS_NO_WITCH == 178


def test_every_larger_id_converts_both_ways() -> None:
    for number in range(ids.ANNIVERSARY_NUM_ACTIONS):
        action = ids.to_anniversary_action(np.int64(number) if number % 7 else number, 3)
        assert action.player == 3
        assert ids.anniversary_action_id(action) == number


def test_the_larger_ids_refuse_clearly() -> None:
    for bad in (-1, ids.ANNIVERSARY_NUM_ACTIONS, "5", 2.0):
        with pytest.raises(InvalidArgumentError) as caught:
            ids.to_anniversary_action(bad, 0)  # type: ignore[arg-type]
        assert caught.value.code is ErrorCode.INVALID_ARGUMENT
        assert "0 to 4938" in str(caught.value)
    for action in (Reveal(card("C5")), ChangeBid(0, 2), Bid(0, 21), "Play"):
        with pytest.raises(InvalidArgumentError, match="no action id"):
            ids.anniversary_action_id(action)
    with pytest.raises(InvalidArgumentError, match="needs a Config"):
        ids.num_actions(Rules())


def test_the_number_of_actions_is_fixed_by_the_configuration() -> None:
    def config(*cards: str) -> Config:
        return Config(players=4, rules=Rules(deck=AnniversaryDeck(added=cards)))

    assert ids.num_actions(Config(players=4)) == 86 == ids.NUM_ACTIONS
    assert ids.num_actions(config("bomb")) == 178
    assert ids.num_actions(config("witch", "bomb")) == 4939


# -- the parameters ------------------------------------------------------------------


def test_the_cards_parameter() -> None:
    assert anniversary_names("") == anniversary_names("none") == ()
    assert anniversary_names("all") == anniversary_names("30")
    assert len(anniversary_names("30")) == 9
    assert anniversary_names("25")[-1] == "shapeshifter"
    assert anniversary_names(" Dragon, fairy;bomb ") == ("dragon", "fairy", "bomb")
    assert anniversary_names(["witch"]) == ("witch",)
    for bad in ("dragon,elf", ",", 7, b"bomb", ()):
        with pytest.raises(ConfigError, match="anniversary_cards must be"):
            anniversary_names(bad)
    with pytest.raises(ConfigError, match="are of the anniversary cards"):
        with_anniversary_cards(Rules(), "", {"bomb_leader": "highest_card"})
    assert with_anniversary_cards(Rules(), "", {"bomb_leader": "would_have_won"}) == Rules()


def test_the_standard_game_keeps_its_parameters_and_figures() -> None:
    game = load(players=4)
    assert "anniversary" not in str(game)
    assert "bomb_leader" not in str(game)
    assert game.num_distinct_actions() == 86
    assert game.max_chance_outcomes() == 60
    assert game.max_game_length() == sum(1 + 4 + 4 * r for r in range(1, 16))
    assert Layout(4).size == 592  # as tests/test_openspiel.py pins it


def test_a_game_with_cards_keeps_them_so_that_its_string_loads_again() -> None:
    game = load(players=5, anniversary_cards="bomb fairy,dragon", cloud_timing="round_end")
    params = game.get_parameters()
    assert params["anniversary_cards"] == "dragon;fairy;bomb"
    assert params["cloud_timing"] == "round_end"
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == params
    deck = again.new_initial_state().wizard_state.config.rules.deck
    assert deck.added == ("dragon", "fairy", "bomb")
    assert deck.readings.cloud_timing == "round_end"
    assert game.num_distinct_actions() == 178
    assert game.max_chance_outcomes() == 69
    assert load(anniversary_cards="witch").num_distinct_actions() == 4939


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"anniversary_cards": "dragon"}, "Dragon and the Fairy"),
        ({"anniversary_cards": "unicorn"}, "anniversary_cards must be"),
        ({"anniversary_cards": "bomb", "hidden_bids": True}, "hidden bids"),
        ({"effect_order": "cloud_juggler_witch"}, "are of the anniversary cards"),
        ({"anniversary_cards": "bomb", "bomb_leader": "nobody"}, "bomb_leader"),
    ],
    ids=str,
)
def test_a_bad_choice_of_cards_is_refused_saying_why(params: dict[str, Any], said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        wos.WizardGame(params)
    kwargs = {"anniversary_cards": "", **params}
    with pytest.raises(ConfigError, match=said):
        wpz.raw_env(4, **kwargs)


# -- random games: the engine's own ---------------------------------------------------


def engine_game(
    config: Config, rng: random.Random, *, stop: int | None = None
) -> tuple[Any, list[Any]]:
    """A random game of the engine (``stop`` actions at most), and its states."""
    state = new_anniversary_game(config)
    states = [state]
    while not state.is_over and (stop is None or len(state.history) < stop):
        if state.is_chance:
            state = apply(state, random_chance(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return state, states


def to_openspiel(game: Any, history: tuple[Any, ...]) -> Any:
    """The OpenSpiel state after the engine's ``history`` (each deal card by card)."""
    state = game.new_initial_state()
    for action in history:
        if type(action) is Deal:
            dealer = state.wizard_state.dealer
            for outcome in wos.chance_outcomes_of(action, dealer):
                state.apply_action(outcome)
        elif type(action) is Reveal:
            state.apply_action(action.card.index)
        else:
            state.apply_action(ids.anniversary_action_id(action))
    return state


@pytest.mark.parametrize(
    "params",
    [
        {"players": 4, "anniversary_cards": "all", "schedule": "1,4,7,10"},
        {
            "players": 3,
            "anniversary_cards": "20",
            "bomb_leader": "highest_card",
            "schedule": "2,6,11",
        },
        {
            "players": 5,
            "anniversary_cards": "werewolf;witch;vampire;juggler",
            "vampire_under_werewolf": "displaced_card",
            "effect_order": "cloud_juggler_witch",
            "schedule": "3,8",
        },
        {
            "players": 6,
            "anniversary_cards": "cloud,juggler",
            "cloud_timing": "round_end",
            "schedule": "odd",
        },
    ],
    ids=str,
)
def test_a_random_game_through_openspiel_agrees_with_the_engine(params: dict[str, Any]) -> None:
    game = load(**params)
    config = game.new_initial_state().wizard_state.config
    final, states = engine_game(config, random.Random(25))
    state = game.new_initial_state()
    rng = random.Random(7)
    decisions = 0
    for before, action in zip(states, final.history, strict=False):
        if type(action) is Deal:
            assert state.is_chance_node()
            for outcome in wos.chance_outcomes_of(action, before.dealer):
                outcomes = dict(state.chance_outcomes())
                # every card of the deck not yet dealt, each as likely
                assert outcome in outcomes
                assert outcomes[outcome] == pytest.approx(1 / len(outcomes))
                state.apply_action(outcome)
            continue
        if type(action) is Reveal:
            stock = {c.index for c in before.stock}
            assert {o for o, _ in state.chance_outcomes()} == stock
            state.apply_action(action.card.index)
            continue
        decisions += 1
        seat = before.current_player
        assert state.current_player() == seat
        legal = state.legal_actions()
        engine = legal_actions(before)
        # the same legal actions: as many, each one the engine's, decoded
        assert len(legal) == len(engine) == len(set(legal))
        assert all(is_legal(before, ids.to_anniversary_action(a, seat)) for a in legal)
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        if rng.random() < 0.05:  # an id that is not legal now changes nothing
            wrong = next(a for a in range(game.num_distinct_actions()) if a not in legal)
            with pytest.raises(IllegalActionError):
                state.apply_action(wrong)
        state.apply_action(ids.anniversary_action_id(action))
        assert state.wizard_state == apply(before, action)
    assert state.is_terminal()
    assert state.returns() == [float(s) for s in final.scores]
    assert decisions <= game.max_game_length()
    assert state.wizard_state.history == final.history


@pytest.mark.parametrize(
    "params",
    [
        {"players": 4, "anniversary_cards": "all", "round": 4},
        {"players": 3, "anniversary_cards": "25", "round": 2, "normalize_returns": True},
        {"players": 5, "anniversary_cards": "werewolf,vampire", "round": 3},
    ],
    ids=str,
)
def test_openspiel_random_simulation_tests_with_cards(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=True, verbose=False)


def test_a_one_round_game_with_cards_ends_with_its_round() -> None:
    game = load(players=4, anniversary_cards="bomb", round=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    start = 20 * 2  # every seat starts round 3 at 20 * (3 - 1)
    assert state.returns() == [s - start for s in state.wizard_state.scores]
    assert state.observation_string(0).endswith(" end")
    assert state.information_state_string(1).endswith(" end")
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    tensor = np.asarray(state.observation_tensor(0))
    phase = game.make_py_observer().layout.pieces_of(tensor)["phase"]
    assert phase.tolist()[-1] == 1.0  # over


def test_openspiel_refuses_what_is_not_an_outcome_or_an_id() -> None:
    game = load(players=3, anniversary_cards="dragon,fairy")
    state = game.new_initial_state()
    with pytest.raises(InvalidArgumentError, match="not a card left to deal"):
        state.apply_action(card("Bomb").index)  # not in this game's deck
    state.apply_action(card("Dragon").index)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 60) == "deal Dragon"
    with pytest.raises(InvalidArgumentError, match="not a card: cards are 0 to 68"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 69)
    with pytest.raises(InvalidArgumentError, match="not a card left to deal"):
        state.apply_action(card("Dragon").index)  # dealt already
    for outcome in (card("C1").index, card("C2").index, card("C3").index):
        state.apply_action(outcome)
    assert not state.is_chance_node()
    with pytest.raises(InvalidArgumentError, match="0 to 177"):
        state.apply_action(178)
    assert "P" in state.action_to_string(state.current_player(), 99)
    with pytest.raises(ConfigError, match="not supported for a game with anniversary cards"):
        state.resample_from_infostate(0, random.random)


def test_a_card_turned_up_for_the_vampire_is_a_chance_node_of_the_stock() -> None:
    # 3 players, the Werewolf dealt to P1 (dealer P0): P1 takes the turned S7,
    # names Hearts; then a card of the stock is turned up (rule 37.3).
    game = load(players=3, anniversary_cards="werewolf,vampire")
    state = game.new_initial_state()
    for outcome in (card("Werewolf"), card("C2"), card("C3"), card("S7")):
        state.apply_action(outcome.index)
    assert state.current_player() == 1
    assert sorted(state.legal_actions()) == [95, 96, 97, 98, 99]
    state.apply_action(97)  # Hearts
    assert state.is_chance_node()
    outcomes = [o for o, _ in state.chance_outcomes()]
    dealt = {card(t).index for t in ("Werewolf", "C2", "C3", "S7")}
    assert len(outcomes) == 62 - 4
    assert not dealt & set(outcomes)
    with pytest.raises(InvalidArgumentError, match="not a card left to turn up"):
        state.apply_action(card("C2").index)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, card("D9").index) == "turn up D9"
    state.apply_action(card("D9").index)
    assert state.wizard_state.vampire_copies == card("D9")
    assert "revealed=D9" in state.observation_string(2)
    assert "revealed=D9" in state.information_state_string(0)
    assert "werewolf1=H" in state.information_state_string(2)


# -- what a seat is given: non-interference (rule 41.3) ------------------------------------


def seen_by(state: Any, viewer: int) -> set[Card]:
    """Every card ``viewer`` has seen this round (its hands, the public cards, its passes)."""
    from wizard_rules.core.anniversary.views import anniversary_view

    seen: set[Card] = set()
    round_start = max(i for i, a in enumerate(state.history) if type(a) is Deal)
    for action in state.history[round_start:]:
        if type(action) is Deal:
            seen.update(action.hands[viewer])
            seen.add(action.turned)  # type: ignore[arg-type]
        elif type(action) in (Play, Reveal):
            seen.add(action.card)
        elif type(action) is WitchSwap and action.take is not None:
            seen.add(action.take)
            if action.player == viewer:
                seen.add(action.give)  # type: ignore[arg-type]
    view = anniversary_view(state, viewer)
    seen.update(view.hand)
    for given, got in view.passes:
        seen.update((given, got))
    if view.passing is not None:
        seen.add(view.passing)
    return seen


def twin(state: Any, viewer: int, rng: random.Random) -> tuple[Any, Card, Card] | None:
    """The game with two cards ``viewer`` never saw this round swapped throughout, or None.

    Two standard cards of the same suit (or two Wizards, two Jesters): each
    hand keeps its suits, so every action of the round stays legal.
    """
    seen = seen_by(state, viewer)
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    for x in unseen:
        for y in unseen:
            if x is not y and x.suit is y.suit and x.kind is y.kind:
                swap = {x: y, y: x}
                start = max(i for i, a in enumerate(state.history) if type(a) is Deal)
                history = state.history[:start] + tuple(
                    _swapped(a, swap) for a in state.history[start:]
                )
                again = new_anniversary_game(state.config)
                for action in history:
                    again = apply(again, action)
                if (again.hands, again.stock, again.out) != (state.hands, state.stock, state.out):
                    return again, x, y  # (not two cards of one hand, nor of the stock)
    return None


def _swapped(action: Any, swap: dict[Card, Card]) -> Any:
    def s(c: Any) -> Any:
        return None if c is None else swap.get(c, c)

    if type(action) is Deal:
        hands = [sorted((s(c) for c in hand), key=lambda c: c.index) for hand in action.hands]
        return Deal(hands, s(action.turned))
    if type(action) is PassCard:
        return attrs.evolve(action, card=s(action.card))
    if type(action) is WitchSwap and action.give is not None:
        return attrs.evolve(action, give=s(action.give))
    return action


def outputs(game: Any, history: tuple[Any, ...], viewer: int) -> list[Any]:
    """What OpenSpiel gives ``viewer``: its strings and tensors."""
    state = to_openspiel(game, history)
    return [
        state.observation_string(viewer),
        state.information_state_string(viewer),
        list(state.observation_tensor(viewer)),
        list(state.information_state_tensor(viewer)),
    ]


def pz_outputs(env: Any, state: Any, viewer: int) -> list[Any]:
    env._state = state
    observed = env.observe(f"player_{viewer}")
    return [observed["observation"].tolist(), observed["action_mask"].tolist()]


@pytest.mark.parametrize("players", [3, 4])
def test_nothing_a_seat_is_given_changes_with_a_secret(players: int) -> None:
    params = {"players": players, "anniversary_cards": "all", "schedule": "3,9"}
    game = load(**params)
    env = wpz.raw_env(**params)
    env.reset(seed=0)
    config = game.new_initial_state().wizard_state.config
    rng = random.Random(41)
    checked = secret_moves = 0
    kinds: set[str] = set()
    for seed in range(3):
        _, states = engine_game(config, random.Random(seed))
        for state in rng.sample(states[1:], 9):
            if state.is_chance:
                continue
            viewer = rng.randrange(players)
            made = twin(state, viewer, rng)
            if made is None:
                continue
            other, x, y = made
            assert outputs(game, other.history, viewer) == outputs(game, state.history, viewer)
            assert pz_outputs(env, other, viewer) == pz_outputs(env, state, viewer)
            checked += 1
            kinds.add(state.phase.value)
            round_actions = state.round_actions
            secret_moves += any(
                (type(a) is PassCard and a.card in (x, y))
                or (type(a) is WitchSwap and a.give in (x, y))
                for a in round_actions
            )
            # the test can fail: a seat that holds a swapped card sees it
            holder = next((s for s in range(players) if x in state.hands[s]), None)
            if holder is not None and holder != viewer and y not in state.hands[holder]:
                assert (
                    outputs(game, other.history, holder)[0]
                    != outputs(game, state.history, holder)[0]
                )
    assert checked >= 20
    assert {"play", "bid"} <= kinds


def test_a_pass_and_a_witch_s_given_card_are_secrets() -> None:
    # Scripted: 3 players, the Juggler and the Witch; every state of a random
    # game where a pass or a Witch's swap was made, the card passed between
    # two others (or given) is swapped for an unseen twin.
    params = {"players": 3, "anniversary_cards": "juggler,witch", "schedule": "6,8"}
    game = load(**params)
    config = game.new_initial_state().wizard_state.config
    rng = random.Random(5)
    found = 0
    for seed in range(40):
        _, states = engine_game(config, random.Random(seed))
        for state in states:
            if state.is_chance:
                continue
            secrets = [
                a
                for a in state.round_actions
                if type(a) is PassCard or (type(a) is WitchSwap and a.give is not None)
            ]
            if not secrets:
                continue
            for viewer in range(3):
                mover = secrets[-1].player
                if mover == viewer:
                    continue
                made = twin(state, viewer, rng)
                if made is None:
                    continue
                other, x, y = made
                moved = [
                    a
                    for a in secrets
                    if (type(a) is PassCard and a.card in (x, y) and a.player != (viewer - 1) % 3)
                    or (type(a) is WitchSwap and a.give in (x, y))
                ]
                if not moved:
                    continue
                assert outputs(game, other.history, viewer) == outputs(game, state.history, viewer)
                found += 1
        if found >= 6:
            break
    assert found >= 6


# -- the strings and tensors, worked out -----------------------------------------------------


def test_the_tensor_holds_what_the_view_holds() -> None:
    deck = AnniversaryDeck(added=CARD_NAMES())
    config = Config(players=4, rules=Rules(deck=deck, schedule=ListedSchedule(sizes=(5, 9, 12))))
    layout = AnniversaryLayout(4, rules=config.rules)
    recall = AnniversaryLayout(4, rules=config.rules, perfect_recall=True)
    public = AnniversaryLayout(4, rules=config.rules, private=False)
    private = AnniversaryLayout(4, rules=config.rules, public=False)
    assert [name for name, _ in private.pieces] == [
        "seat",
        "hand",
        "passing",
        "passed",
        "received",
        "witch_given",
    ]
    assert "hand" not in public.offsets
    assert "trick_declared" in recall.offsets
    from wizard_rules.core.anniversary.views import anniversary_view

    _, states = engine_game(config, random.Random(13))
    found = set()
    for state in states:
        for seat in range(4):
            view = anniversary_view(state, seat)
            pieces = layout.pieces_of(layout.encode(view))
            if state.phase.value != "deal":
                assert pieces["hand"].nonzero()[0].tolist() == [c.index for c in view.hand]
            assert pieces["seat"].nonzero()[0].tolist() == [seat]
            assert pieces["bid_changes"].sum() == len(view.bid_changes)
            assert pieces["declared"].sum() == sum(v is not None for v in view.declared)
            assert pieces["passed"].sum() == len(view.passes)
            gave = [s.give for s in view.witch_swaps if s.give is not None]
            assert pieces["witch_given"].sum() == len(gave)
            if view.werewolf_seat is not None:
                assert pieces["werewolf_seat"].nonzero()[0].tolist() == [view.werewolf_seat]
                found.add("werewolf")
            if view.revealed is not None:
                found.add("revealed")
            if view.passing is not None:
                assert pieces["passing"][view.passing.index] == 1.0
                found.add("passing")
            if gave:
                found.add("witch")
            if view.bid_changes:
                found.add("cloud")
            full = recall.pieces_of(recall.encode(view))
            assert full["trick_leaders"].sum() == len(view.completed_tricks)
    assert {"werewolf", "passing", "witch", "cloud"} <= found


def CARD_NAMES() -> tuple[str, ...]:
    from wizard_rules.core.anniversary import CARD_NAMES as names

    return names


def test_a_layout_refuses_what_is_not_its_game() -> None:
    rules = Rules(deck=AnniversaryDeck(added=("bomb",)))
    with pytest.raises(ConfigError, match="use Layout"):
        AnniversaryLayout(4, rules=Rules())
    with pytest.raises(ConfigError, match="players must be"):
        AnniversaryLayout(7, rules=rules)
    layout = AnniversaryLayout(4, rules=rules)
    from wizard_rules import new_game, player_view

    with pytest.raises(ConfigError, match="not PlayerView"):
        layout.encode(player_view(new_game(Config(players=4)), 0))
    from wizard_rules.core.anniversary.views import anniversary_view

    three = new_anniversary_game(Config(players=3, rules=rules))
    with pytest.raises(ConfigError, match="for 4 players, not 3"):
        layout.encode(anniversary_view(three, 0))


def test_the_observation_string_and_the_public_observer() -> None:
    game = load(players=3, anniversary_cards="witch")
    state = game.new_initial_state()
    for outcome in (card("Witch"), card("C2"), card("C3"), card("S7")):
        state.apply_action(outcome.index)
    # dealer P0: P1 holds the Witch, P2 C2, P0 C3; S7 turned: Spades trump
    mine = state.observation_string(1)
    assert "hand=Witch" in mine
    assert "C2" not in mine
    assert "C3" not in mine
    assert "turned=S7" in mine
    assert "trump=S" in mine
    obs_type = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(obs_type)
    public = observer.string_from(state, 1)
    assert "hand=" not in public
    assert "turned=S7" in public
    recall_type = pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    recall = game.make_py_observer(recall_type).string_from(state, 1)
    assert recall == "p1 r1 turned=S7"
    private_type = pyspiel.IIGObservationType(
        perfect_recall=True,
        public_info=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
    )
    assert game.make_py_observer(private_type).string_from(state, 1) == "p1 r1 hand=Witch"
    # P1 bids 1, P2 and P0 0; P1 leads the Witch; P2 C2, P0 C3: P0 wins (C3 > C2, a
    # Witch is a Jester, rule 36.1); the hands are empty: no swap is asked (rule 36.2)
    for action in (61, 60, 60, 94 - 1, card("C2").index, card("C3").index):
        state.apply_action(action)
    assert state.is_terminal() is False
    assert state.is_chance_node()
    assert state.wizard_state.results[0].tricks_won == (1, 0, 0)


def test_a_witch_s_swap_in_the_strings() -> None:
    # 3 players, round 2 (first_dealer 2 makes seat 0 deal round 2, leading seat 1).
    game = load(players=3, anniversary_cards="witch", round=2, first_dealer=2)
    state = game.new_initial_state()
    dealer = state.wizard_state.dealer
    hands = {1: ("Witch", "H5"), 2: ("C2", "H2"), 0: ("C3", "S4")}
    order = [seat_ % 3 for seat_ in range(dealer + 1, dealer + 7)]
    drawn = {s: list(hands[s]) for s in hands}
    for seat in order:
        state.apply_action(card(drawn[seat].pop(0)).index)
    state.apply_action(card("D8").index)  # turned: Diamonds trump
    leader = state.current_player()
    for _ in range(3):  # every bid 0
        state.apply_action(60)
    assert state.current_player() == leader == (dealer + 1) % 3 == 1
    state.apply_action(93)  # P1 leads the Witch
    state.apply_action(card("C2").index)  # P2
    state.apply_action(card("C3").index)  # P0 wins with C3
    assert state.current_player() == 1  # the Witch's swap
    legal = state.legal_actions()
    give, take = card("H5"), card("C2")
    swap = 178 + 69 * give.index + take.index
    assert ids.WITCH_KEEP in legal
    assert swap in legal
    state.apply_action(swap)
    assert "w1=H5>C2" in state.information_state_string(1)
    assert "w1=?>C2" in state.information_state_string(0)
    assert "H5" not in state.information_state_string(0)
    assert "swaps=1:H5>C2" in state.observation_string(1)
    assert "swaps=1:?>C2" in state.observation_string(2)
    assert "H5" not in state.observation_string(2)
    tensor = np.asarray(state.observation_tensor(1))
    pieces = game.make_py_observer().layout.pieces_of(tensor)
    assert pieces["witch_given"].nonzero()[0].tolist() == [give.index]
    assert pieces["witch_taken"].nonzero()[0].tolist() == [take.index]
    other = game.make_py_observer().layout.pieces_of(np.asarray(state.observation_tensor(2)))
    assert other["witch_given"].sum() == 0
    assert "kept" not in str(state)
    assert "took C2" in str(state)


def test_the_plain_words() -> None:
    config = Config(players=4, rules=Rules(deck=AnniversaryDeck(added=CARD_NAMES())))
    _, states = engine_game(config, random.Random(2), stop=500)
    said: set[str] = set()
    for state in states:
        everyone = _anniversary.describe(state, None)
        mine = _anniversary.describe(state, 2)
        for seat in (0, 1, 3):
            if len(state.hands[seat]) > 0:
                assert "unseen" in mine
        for line in mine.splitlines():
            if line.startswith(("P0:", "P1:", "P3:")):
                assert "unseen" in line or "no cards" in line
        said.update(
            word
            for word in (
                "kept their hand",
                "took",
                "changed their bid",
                "Trick so far",
                "showed the Werewolf",
                "Turned up",
                "to pass a card",
                "to declare",
                "to name trump or",
                "to change their bid",
                "to swap a card",
            )
            if word in everyone
        )
        assert "a card unseen" not in everyone
    assert len(said) >= 9, said
    final, _ = engine_game(config, random.Random(2))
    assert _anniversary.describe(final, None).endswith("The game is over.")


# -- PettingZoo and Gymnasium --------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 4, "anniversary_cards": "all", "round": 5},
        {"players": 3, "anniversary_cards": ["dragon", "fairy", "bomb"], "round": 3},
    ],
    ids=str,
)
def test_pettingzoo_api_test_with_cards(kwargs: dict[str, Any]) -> None:
    api_test(wpz.env(**kwargs), num_cycles=120)


def test_gymnasium_check_env_with_cards() -> None:
    environment = wpz.SingleAgentEnv(players=4, seat=2, anniversary_cards="30", round=4)
    assert environment.action_space.n == 4939
    check_env(environment, skip_render_check=False)
    environment.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="0 to 4938"):
        environment.step(4939)


def test_a_pettingzoo_game_with_cards_agrees_with_the_engine() -> None:
    env = wpz.raw_env(5, anniversary_cards="all", rewards="game", render_mode="ansi")
    env.reset(seed=8)
    assert env.action_space("player_0").n == 4939
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        observation, reward, terminated, _, _ = env.last()
        totals[agent] += reward
        if terminated:
            env.step(None)
            continue
        state = env.wizard_state
        mask = observation["action_mask"]
        legal = set(np.flatnonzero(mask).tolist())
        assert legal == {ids.anniversary_action_id(a) for a in legal_actions(state)}
        seat = int(agent.split("_")[1])
        assert state.current_player == seat
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(sorted(legal))))
    assert [totals[a] for a in env.possible_agents] == [float(s) for s in env.wizard_state.scores]
    text = env.render()
    assert text is not None
    assert "The game is over." in text


def test_pettingzoo_state_and_render_with_cards(capsys: pytest.CaptureFixture[str]) -> None:
    env = wpz.raw_env(3, anniversary_cards="bomb", render_mode="human")
    env.reset(seed=4)
    shown = capsys.readouterr().out
    seat = int(env.agent_selection.split("_")[1])
    assert f"player_{seat} sees" in shown
    assert shown.count("unseen") == 2
    state = env.state()
    assert state.shape == env.state_space.shape
    hands = env.state_pieces_of(state)["hands"]
    assert hands.shape == (3, 69)
    for s in range(3):
        assert hands[s].nonzero()[0].tolist() == [c.index for c in env.wizard_state.hands[s]]
    with pytest.raises(InvalidArgumentError, match="0 to 177"):
        env.step(178)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(next(a for a in range(178) if not mask[a]))
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert "sees" in capsys.readouterr().out


def test_every_observer_of_a_game_with_cards_keeps_to_its_kind() -> None:
    # Four observers (public and private, each with and without recall) over
    # random games: a private-only string holds only the seat's own tokens,
    # a public-only one no card of the seat's hand that was never played.
    game = load(players=3, anniversary_cards="all", schedule="4,7")
    kinds = {
        (recall, private, public): game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=recall,
                public_info=public,
                private_info=(
                    pyspiel.PrivateInfoType.SINGLE_PLAYER
                    if private
                    else pyspiel.PrivateInfoType.NONE
                ),
            )
        )
        for recall in (False, True)
        for private, public in ((True, False), (False, True))
    }
    own = ("p", "r", "hand=", "x", "got=", "w", "dealt=", "passing=", "passes=")
    seen: set[str] = set()
    phases: set[str] = set()
    view_rng = random.Random(0)
    witches = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            phase = state.wizard_state.phase.value
            phases.add(phase)
            # at a pass every seat (its own card passed, or the others'), else one
            seats = range(3) if phase == "pass" else [view_rng.randrange(3)]
            for ((_recall, private, public), observer), seat in itertools.product(
                kinds.items(), seats
            ):
                text = observer.string_from(state, seat)
                observer.set_from(state, seat)
                if private and not public:
                    assert all(token.startswith(own) for token in text.split())
                    assert all(
                        token.startswith((f"x{seat}=", f"w{seat}="))
                        for token in text.split()
                        if token.startswith(("x", "w"))
                    )
                if public and not private:
                    assert "hand=" not in text
                    assert "dealt=" not in text
            seen.update(_anniversary.describe(state.wizard_state, None).splitlines())
            if state.is_chance_node():
                outcomes = [o for o, _ in state.chance_outcomes()]
                turning = len(state.dealt) == 3 * state.wizard_state.deal_size
                # turn a Wizard (or a Juggler, the Werewolf's twin) for trump now and then
                named = [o for o in outcomes if o in (56, 57, 64)]
                if turning and named and rng.random() < 0.5:
                    state.apply_action(named[0])
                else:
                    state.apply_action(rng.choice(outcomes))
            else:
                legal = state.legal_actions()
                witch = ids.WITCH_KEEP in legal
                witches += witch
                keep = witch and witches % 2 == 1  # every other Witch keeps the hand
                state.apply_action(ids.WITCH_KEEP if keep else rng.choice(legal))
    assert {"pass", "witch", "choose_trump", "werewolf"} <= phases
    words = " ".join(seen)
    assert "kept their hand" in words
    assert "took" in words
