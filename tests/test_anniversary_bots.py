"""The bots with anniversary cards: legal actions only, from views only, and the heuristic wins."""

from __future__ import annotations

import random

import pytest

from wizard_rules import (
    Config,
    InvalidArgumentError,
    Kind,
    Suit,
    apply,
    legal_actions,
    new_anniversary_game,
    player_view,
    random_chance,
)
from wizard_rules.agents.arena import play_arena
from wizard_rules.agents.bots import (
    CardBot,
    HeuristicBot,
    ISMCTSBot,
    RandomBot,
    anniversary_actions,
)
from wizard_rules.core.anniversary import CARD_NAMES, AnniversaryDeck, Readings
from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState
from wizard_rules.core.anniversary.views import AnniversaryView
from wizard_rules.core.cards import parse_card
from wizard_rules.core.rules import ListedSchedule, Rules
from wizard_rules.errors import ErrorCode

ALL_NINE = AnniversaryDeck(added=CARD_NAMES)


def _rules(sizes: tuple[int, ...] | None = None, deck: AnniversaryDeck = ALL_NINE) -> Rules:
    if sizes is None:
        return Rules(deck=deck)
    return Rules(deck=deck, schedule=ListedSchedule(sizes))


def _play(
    config: Config, bot: CardBot, seed: int
) -> tuple[AnniversaryState, set[AnniversaryPhase]]:
    """A game of ``bot`` at every seat; every action checked legal, every view's list checked."""
    state = new_anniversary_game(config)
    chance, rng = random.Random(seed), random.Random(seed + 1)
    decided: set[AnniversaryPhase] = set()
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_chance(state, chance))
            continue
        seat = state.current_player
        assert seat is not None
        view = player_view(state, seat)
        assert type(view) is AnniversaryView
        legal = legal_actions(state)
        assert set(anniversary_actions(view)) <= set(legal)
        action = bot.choose(view, rng)
        assert action in legal, (action, legal)
        decided.add(state.phase)
        state = apply(state, action)
    return state, decided


NEW_DECISIONS = {
    AnniversaryPhase.DECLARE,
    AnniversaryPhase.PASS,
    AnniversaryPhase.CHANGE_BID,
    AnniversaryPhase.WITCH,
    AnniversaryPhase.WEREWOLF,
}


@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot()], ids=["random", "heuristic"])
def test_a_bot_plays_games_with_all_nine_cards_at_3_to_6_players(bot: CardBot) -> None:
    decided: set[AnniversaryPhase] = set()
    for players in (3, 4, 5, 6):
        config = Config(players=players, rules=_rules((1, 2, 3, 4, 5, 6, 7)))
        final, phases = _play(config, bot, players)
        assert len(final.results) == 7
        decided |= phases
    assert decided >= NEW_DECISIONS  # every new decision was taken


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("bot", [RandomBot(), HeuristicBot()], ids=["random", "heuristic"])
def test_a_bot_plays_whole_games_with_all_nine_cards(players: int, bot: CardBot) -> None:
    final, _ = _play(Config(players=players, rules=_rules()), bot, 0)
    assert len(final.results) == 60 // players


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ismcts_plays_games_with_cards(players: int) -> None:
    config = Config(players=players, rules=_rules((1, 2)))
    final, _ = _play(config, ISMCTSBot(iterations=3), players)
    assert len(final.results) == 2


def test_anniversary_actions_match_the_engine_over_random_games() -> None:
    config = Config(players=4, rules=_rules())
    state, rng = new_anniversary_game(config), random.Random(11)
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_chance(state, rng))
            continue
        seat = state.current_player
        assert seat is not None
        ours = anniversary_actions(player_view(state, seat))
        assert ours == legal_actions(state)
        state = apply(state, rng.choice(legal_actions(state)))


def test_anniversary_actions_of_a_second_witch_match_the_engine() -> None:
    # The Vampire copies the Witch the Werewolf displaced: two Witch effects on one trick;
    # the second may take neither the card the first took nor the one she gave (36.3).
    from wizard_rules import Bid, Deal, Play, parse_card, parse_cards
    from wizard_rules.core.anniversary import AnniversaryDeck, Readings, WerewolfTrump, WitchSwap
    from wizard_rules.core.rules import ListedSchedule

    deck = AnniversaryDeck(
        added=("werewolf", "witch", "vampire"),
        readings=Readings(vampire_under_werewolf="displaced_card"),
    )
    rules = Rules(deck=deck, schedule=ListedSchedule(sizes=(2,)))
    state = new_anniversary_game(Config(players=3, rules=rules))
    hands = [parse_cards(text) for text in ("Werewolf C3", "Vampire D4", "S5 S6")]
    for action in (
        Deal(hands, parse_card("Witch")),
        WerewolfTrump(0, None),
        Bid(1, 0),
        Bid(2, 1),
        Bid(0, 0),
        Play(1, parse_card("Vampire")),
        Play(2, parse_card("S5")),
        Play(0, parse_card("Witch")),
        WitchSwap(1, parse_card("D4"), parse_card("S5")),
    ):
        state = apply(state, action)
    assert state.phase is AnniversaryPhase.WITCH
    assert state.current_player == 0
    ours = anniversary_actions(player_view(state, 0))
    assert ours == legal_actions(state)
    assert {action.take for action in ours if isinstance(action, WitchSwap)} == {
        None,
        parse_card("Vampire"),
    }


def test_the_bots_refuse_a_state_and_a_view_not_to_act() -> None:
    state = new_anniversary_game(Config(players=3, rules=_rules()))
    state = apply(state, random_chance(state, random.Random(1)))
    for bot in (RandomBot(), HeuristicBot(), ISMCTSBot(iterations=2)):
        with pytest.raises(InvalidArgumentError):
            bot.choose(state, random.Random(0))  # type: ignore[arg-type]
    idle = next(s for s in range(3) if s != state.current_player)
    with pytest.raises(InvalidArgumentError, match="not to act"):
        anniversary_actions(player_view(state, idle))
    with pytest.raises(InvalidArgumentError, match="AnniversaryView"):
        anniversary_actions(state)  # type: ignore[arg-type]


def test_a_bots_choice_depends_on_the_view_only() -> None:
    """Two games that differ only in what seat 0 cannot see: the same choices for seat 0."""
    config = Config(players=3, rules=_rules((3,)))
    from wizard_rules import Deal

    hands = [parse_card(t) for t in ("Dragon", "H13", "C2")]
    one = Deal(
        (
            tuple(hands),
            tuple(map(parse_card, ("S1", "S2", "S3"))),
            tuple(map(parse_card, ("D1", "D2", "D3"))),
        ),
        parse_card("H1"),
    )
    two = Deal(
        (
            tuple(hands),
            tuple(map(parse_card, ("D1", "S2", "Fairy"))),
            tuple(map(parse_card, ("S1", "D2", "D3"))),
        ),
        parse_card("H1"),
    )
    for bot in (RandomBot(), HeuristicBot(), ISMCTSBot(iterations=8)):
        views = []
        for deal in (one, two):
            state = apply(new_anniversary_game(config), deal)
            while state.current_player != 0:
                state = apply(state, legal_actions(state)[0])
            views.append(player_view(state, 0))
        assert views[0] == views[1]
        assert bot.choose(views[0], random.Random(5)) == bot.choose(views[1], random.Random(5))


def _decide(state: AnniversaryState) -> object:
    seat = state.current_player
    assert seat is not None
    return HeuristicBot().choose(player_view(state, seat), random.Random(0))


def _to_phase(config: Config, phase: AnniversaryPhase, wanted: object = None) -> AnniversaryState:
    for seed in range(3000):
        state, rng = new_anniversary_game(config), random.Random(seed)
        while not state.is_over and state.round == 1:
            if state.phase is phase and (wanted is None or wanted(state)):  # type: ignore[operator]
                return state
            if state.is_chance:
                state = apply(state, random_chance(state, rng))
            else:
                state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("not reached")  # pragma: no cover


def test_the_heuristic_counts_the_dragon_and_wizards_as_sure_and_the_fairy_as_none() -> None:
    config = Config(players=3, rules=_rules((3,)))
    from wizard_rules import Deal

    start = new_anniversary_game(config)
    # Seat 1 bids first (dealer 0). Dragon + Wizard + a low card: two tricks.
    deal = Deal(
        (
            tuple(map(parse_card, ("C2", "C3", "C4"))),
            tuple(map(parse_card, ("W1", "Dragon", "D2"))),
            tuple(map(parse_card, ("Fairy", "S2", "S3"))),
        ),
        parse_card("H5"),
    )
    state = apply(start, deal)
    assert _decide(state).tricks == 2  # type: ignore[attr-defined]
    state = apply(state, _decide(state))
    assert _decide(state).tricks == 0  # type: ignore[attr-defined]  # the Fairy: none


def test_the_heuristic_declares_toward_what_it_wants() -> None:
    config = Config(players=3, rules=_rules((3,)))
    from wizard_rules import Bid, Deal, Play

    deal = Deal(
        (
            tuple(map(parse_card, ("C2", "C3", "C4"))),
            tuple(map(parse_card, ("Juggler", "Shapeshifter", "D2"))),
            tuple(map(parse_card, ("S12", "S2", "S3"))),
        ),
        parse_card("H5"),
    )
    base = apply(new_anniversary_game(config), deal)
    for bid, wanted_suit, wanted_kind in ((2, Suit.HEARTS, Kind.WIZARD), (0, None, Kind.JESTER)):
        state = base
        for seat, n in ((1, bid), (2, 0), (0, 0)):
            state = apply(state, Bid(seat, n))
        state = apply(state, Play(1, parse_card("Juggler")))  # seat 1 leads
        said = _decide(state)
        if wanted_suit is not None:
            assert said.declared is wanted_suit  # type: ignore[attr-defined]  # trump, to win
        else:
            assert said.declared is not Suit.HEARTS  # type: ignore[attr-defined]
            # the short suit: one it holds none of
            assert said.declared in (Suit.CLUBS, Suit.SPADES)  # type: ignore[attr-defined]
        state = apply(state, said)
        state = apply(state, Play(2, parse_card("S12")))
        state = apply(state, Play(0, parse_card("C2")))
        # Seat 1 leads again (won, or someone did): play the Shapeshifter when it can.
        if state.current_player == 1 and state.phase is AnniversaryPhase.PLAY:
            state = apply(state, Play(1, parse_card("Shapeshifter")))
            assert _decide(state).declared is wanted_kind  # type: ignore[attr-defined]


def test_the_heuristic_plays_the_dragon_for_a_needed_trick() -> None:
    config = Config(players=3, rules=_rules((2,)))
    from wizard_rules import Bid, Deal, Play

    deal = Deal(
        (
            tuple(map(parse_card, ("Dragon", "C3"))),
            tuple(map(parse_card, ("W1", "D2"))),
            tuple(map(parse_card, ("S12", "S2"))),
        ),
        parse_card("H5"),
    )
    state = apply(new_anniversary_game(config), deal)
    for seat, n in ((1, 1), (2, 0), (0, 1)):
        state = apply(state, Bid(seat, n))
    state = apply(state, Play(1, parse_card("W1")))
    state = apply(state, Play(2, parse_card("S2")))
    assert _decide(state) == Play(0, parse_card("Dragon"))


def test_the_werewolf_names_its_longest_suit_or_no_trump() -> None:
    config = Config(players=3, rules=_rules((4,), AnniversaryDeck(added=("werewolf",))))
    from wizard_rules import Deal

    def holder(hand: str) -> object:
        deal = Deal(
            (
                tuple(map(parse_card, ("C2", "C3", "C4", "C5"))),
                tuple(map(parse_card, hand.split())),
                tuple(map(parse_card, ("S12", "S2", "S3", "S4"))),
            ),
            parse_card("H5"),
        )
        return _decide(apply(new_anniversary_game(config), deal))

    assert holder("Werewolf D7 D9 D11").suit is Suit.DIAMONDS  # type: ignore[attr-defined]
    assert holder("Werewolf D7 H9 J1").suit is None  # type: ignore[attr-defined]


def test_the_heuristic_beats_random_in_an_arena_with_cards() -> None:
    rules = _rules(tuple(range(1, 7)), AnniversaryDeck(added=CARD_NAMES, readings=Readings()))
    result = play_arena(["heuristic", "random"], games=4, seed=25, players=4, rules=rules)
    heuristic, random_bot = result.bots
    (pair,) = result.pairs
    # 16 games: heuristic 84.7, random -44.7 a game; the difference 129.4 +- 21.6.
    assert pair.significant
    assert pair.mean_difference > 60
    assert heuristic.mean_score > random_bot.mean_score
    assert "anniversary cards dragon,fairy,bomb" in result.heading()
    assert result.to_json()["anniversary_cards"] == list(CARD_NAMES)


def test_the_arena_names_a_reading_that_is_not_the_default() -> None:
    rules = _rules(
        (1, 2), AnniversaryDeck(added=("bomb",), readings=Readings(bomb_leader="highest_card"))
    )
    result = play_arena(["heuristic", "random"], games=1, seed=1, players=3, rules=rules)
    assert result.heading().endswith(", anniversary cards bomb, bomb_leader=highest_card")
    assert result.to_json()["readings"] == {"bomb_leader": "highest_card"}


def _werewolf_decision() -> AnniversaryState:
    """The Werewolf's holder to name trump, with the Vampire: a card is turned up next."""
    from wizard_rules import Deal

    config = Config(players=3, rules=_rules((3,), AnniversaryDeck(added=("werewolf", "vampire"))))
    deal = Deal(
        (
            tuple(map(parse_card, ("C2", "C3", "C4"))),
            tuple(map(parse_card, ("Werewolf", "D2", "D9"))),
            tuple(map(parse_card, ("S12", "S2", "Vampire"))),
        ),
        parse_card("H5"),
    )
    return apply(new_anniversary_game(config), deal)


def test_ismcts_searches_through_the_vampires_card_turned_up() -> None:
    state = _werewolf_decision()
    view = player_view(state, 1)
    action = ISMCTSBot(iterations=12).choose(view, random.Random(0))
    assert action in legal_actions(state)


def test_ismcts_with_a_time_budget_and_without_a_world_to_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _werewolf_decision()
    view = player_view(state, 1)
    assert ISMCTSBot(iterations=50, seconds=0.0).choose(view, random.Random(0)) in legal_actions(
        state
    )
    from wizard_rules.agents import determinization

    def refuse(*_: object, **__: object) -> None:
        raise InvalidArgumentError(ErrorCode.INVALID_ARGUMENT, "too rare")

    monkeypatch.setattr(determinization, "determinize_anniversary", refuse)
    # No world to search: HeuristicBot's choice.
    assert ISMCTSBot(iterations=5).choose(view, random.Random(0)) == HeuristicBot().choose(
        view, random.Random(0)
    )
