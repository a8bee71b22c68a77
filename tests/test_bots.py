"""Bots choose legal actions from views only, reproducibly."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings

from wizard_rules import (
    Bid,
    Card,
    ChooseTrump,
    Config,
    InvalidArgumentError,
    Phase,
    PlayerView,
    Position,
    State,
    Suit,
    apply,
    from_position,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
    player_view,
    position_of,
    random_action,
    random_deal,
)
from wizard_rules.agents.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from wizard_rules.agents.determinization import determinize
from wizard_rules.core.rules import VARIANTS as ALL_VARIANTS
from wizard_rules.core.rules import (
    CanadianRule,
    ListedSchedule,
    OddSchedule,
    Rules,
    variant_names,
    variant_rules,
)
from wizard_rules.integrations.strategies import states

from .fields import assert_same_view
from .helpers import stable_id

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


# -- the official variants (rules 23 to 27) ------------------------------------------------


def _valid_combinations() -> list[tuple[str, ...]]:
    """Every set of variants that may be played together, from rules 27.1 to 27.4.

    Restrictions combine; a secret bidding (hidden bids or delayed reveal)
    goes with no restriction, and not with the other secret bidding;
    clairvoyance goes with everything.
    """
    restrictions = ("canadian_rule", "forbid_bid_total_match", "hardcore")
    found = []
    for size in range(len(ALL_VARIANTS) + 1):
        for names in itertools.combinations(ALL_VARIANTS, size):
            secret = {"hidden_bids", "delayed_reveal"} & set(names)
            if len(secret) > 1 or (secret and set(restrictions) & set(names)):
                continue
            found.append(names)
    return found


COMBINATIONS = _valid_combinations()
# The schedule 1, 2, 4: a blind round 1 (clairvoyance), a round of 2 and a
# round of 4, where hardcore restricts the dealer (rule 25.1).
SHORT = ListedSchedule(sizes=(1, 2, 4))


def test_the_combinations_are_every_valid_one() -> None:
    # none, 6 singles; pairs: 3 of restrictions, clairvoyance with 5 others;
    # triples: 3 restrictions together, clairvoyance with 2 of them (3);
    # clairvoyance with the three restrictions.
    assert len(COMBINATIONS) == 1 + 6 + 8 + 4 + 1
    for names in COMBINATIONS:
        assert variant_names(variant_rules(names)) == names


def _play_checked(config: Config, bots: list[Bot], seed: int) -> State:
    """A whole game, each action checked legal on the full state, each bid in range."""
    rng = random.Random(seed)
    state = new_game(config)
    while not state.is_over:
        if state.is_chance:
            state = apply(state, random_deal(state, rng))
            continue
        seat = state.current_player
        assert seat is not None
        view = player_view(state, seat)
        action = bots[seat].choose(view, rng)
        assert action in legal_actions(state)
        if isinstance(action, Bid):  # rule 22.5: from 0 to the round's hand size
            assert 0 <= action.tricks <= config.deal_sizes[state.round - 1]
        state = apply(state, action)
    return state


@pytest.mark.parametrize("names", COMBINATIONS, ids=stable_id)
@pytest.mark.parametrize("players", [3, 4])
def test_every_bot_plays_every_variant_and_combination(
    names: tuple[str, ...], players: int
) -> None:
    config = Config(players=players, rules=variant_rules(names, SHORT))
    lineups: list[list[Bot]] = [
        [ISMCTSBot(iterations=4), HeuristicBot(), RandomBot(), HeuristicBot()],
        [HeuristicBot(), RandomBot(), ISMCTSBot(iterations=4), RandomBot()],
    ]
    for seed, lineup in enumerate(lineups):
        final = _play_checked(config, lineup[:players], seed)
        assert [len(result.tricks) for result in final.results] == [1, 2, 4]


@pytest.mark.parametrize("names", [(name,) for name in ALL_VARIANTS], ids=stable_id)
def test_the_heuristic_and_random_bots_play_whole_standard_games_of_each_variant(
    names: tuple[str, ...],
) -> None:
    config = Config(players=3, rules=variant_rules(names))
    final = _play_checked(config, [HeuristicBot(), RandomBot(), HeuristicBot()], 5)
    assert len(final.results) == 20


def _to_bid(config: Config, seed: int, seat: int, earlier: Callable[[int], int]) -> State:
    """Deal round 1 of a game from ``seed``; the seats before ``seat`` bid ``earlier(seat)``."""
    state = new_game(config)
    state = apply(state, random_deal(state, random.Random(seed)))
    while state.current_player != seat:
        if state.phase is Phase.CHOOSE_TRUMP:
            state = apply(state, legal_actions(state)[0])
            continue
        bidder = state.current_player
        assert bidder is not None
        state = apply(state, Bid(bidder, earlier(bidder)))
    return state


@pytest.mark.parametrize(
    "names",
    [("hidden_bids",), ("delayed_reveal",), ("hidden_bids", "clairvoyance")],
    ids=stable_id,
)
def test_the_heuristic_does_not_read_a_hidden_bid(names: tuple[str, ...]) -> None:
    # Rules 23.1 and 24.1.  The same deal, and the seats before the dealer
    # bid 0 in one game and their round's most in the other: the dealer's
    # bid is the same; under delayed reveal, so is every card it plays.
    # The round's deal is large enough for the bids to differ (rule 22.3).
    config = Config(players=4, rules=variant_rules(names, ListedSchedule(sizes=(1, 5))))
    checked = 0
    for seed in range(6):
        games = []
        for high in (False, True):
            state = new_game(config)
            state = apply(state, random_deal(state, random.Random(seed)))
            while state.round == 1:  # round 1: everybody bids 0 (or 1), then the next deal
                if state.is_chance:
                    break
                state = apply(state, legal_actions(state)[0])
            state = apply(state, random_deal(state, random.Random(seed + 100)))
            while state.current_player != state.dealer or state.phase is not Phase.BID:
                bidder = state.current_player
                assert bidder is not None
                if state.phase is Phase.CHOOSE_TRUMP:
                    state = apply(state, legal_actions(state)[0])
                else:
                    state = apply(state, Bid(bidder, 5 if high else 0))
            games.append(state)
        low, high_state = games
        assert low.bids != high_state.bids
        dealer = low.dealer
        assert player_view(low, dealer) == player_view(high_state, dealer)
        bot = HeuristicBot()
        choices = []
        for state in (low, high_state):
            played = []
            others = random.Random(seed)
            while state.round == 2 and not state.is_chance and not state.is_over:
                seat = state.current_player
                assert seat is not None
                view = player_view(state, seat)
                action = (bot if seat == dealer else RandomBot()).choose(view, others)
                if seat == dealer and (view.unseen_bids or view.phase is Phase.BID):
                    played.append(action)
                state = apply(state, action)
            choices.append(played)
        assert choices[0] == choices[1]
        if "delayed_reveal" in names:
            assert len(choices[0]) == 1 + 5  # the bid and every card: the bids stay hidden
        checked += 1
    assert checked == 6


def _blind(
    cards: str, turned: str, trump: Suit | None, bids: tuple[int | None, ...]
) -> PlayerView:
    """Seat 0's view in round 1 of a 3-seat clairvoyant game: seat 0 holds the first card.

    ``cards`` are seats 0, 1 and 2's cards; seat 0 deals, seat 1 bids first
    and leads, seat 0 plays last.
    """
    state = from_position(
        Position(
            config=Config(players=3, rules=variant_rules(["clairvoyance"])),
            round=1,
            dealer=0,
            scores=(0, 0, 0),
            hands=[parse_cards(card) for card in cards.split()],
            turned=parse_card(turned),
            trump=trump,
            bids=bids,
            tricks_won=(0, 0, 0),
            leader=1,
        )
    )
    view = player_view(state, 0)
    assert view.hand == ()
    assert view.hands[0] is None
    return view


@pytest.mark.parametrize("own", ["W2", "J3", "C2", "H13"])
def test_the_blind_heuristic_bids_from_the_cards_it_sees(own: str) -> None:
    # Rule 26.2: the dealer sees the others' cards, not its own.  Worked by
    # hand, for whatever its own card (it must not matter):
    # - a Wizard led by seat 1 wins (rule 8): the dealer's card cannot win: bid 0;
    # - two Jesters, clubs trump: the dealer wins with any card but the two
    #   other Jesters, 55 of the 57 it does not see (J3 and J4 lose: the first
    #   Jester wins an all-Jester trick): bid 1;
    # - seat 1 leads S2, seat 2 plays S3, hearts trump: the dealer wins with a
    #   Wizard (4), a heart (13) or a spade from 4 up (10): 27 of 57, above 3/7
    #   (the expected score of bidding 1, 40p - 10, beats bidding 0's, 20 - 30p);
    # - seat 1 leads S12, seat 2 plays S11, hearts trump: a Wizard (4), a heart
    #   (13) or S13 (1): 18 of 57, below 3/7: bid 0.
    bot = HeuristicBot()
    for others, turned, trump, bid in (
        ("W1 C5", "D1", Suit.DIAMONDS, 0),
        ("J1 J2", "C1", Suit.CLUBS, 1),
        ("S2 S3", "H1", Suit.HEARTS, 1),
        ("S12 S11", "H1", Suit.HEARTS, 0),
    ):
        if own in others.split() or own == turned:
            continue
        view = _blind(f"{own} {others}", turned, trump, (None, 0, 0))
        assert bot.choose(view, random.Random(0)) == Bid(0, bid), (others, turned)


def test_the_blind_heuristic_names_the_trump_that_makes_its_bid_surest() -> None:
    # Rule 26.4: after a turned Wizard the dealer names trump without seeing
    # its card.  Seat 1 leads H13 and seat 2 plays S13.  Hearts or spades trump:
    # the dealer wins only with one of the 3 other Wizards (3/57), a sure bid 0
    # (expected 20 - 30 * 3/57, about 18.4); clubs or diamonds: with a Wizard
    # or a trump, 16/57 (at best about 11.6).
    for own in ("C1", "W2", "D7"):
        view = _blind(f"{own} H13 S13", "W1", None, (None, None, None))
        assert view.phase is Phase.CHOOSE_TRUMP
        action = HeuristicBot().choose(view, random.Random(0))
        assert action in (ChooseTrump(0, Suit.HEARTS), ChooseTrump(0, Suit.SPADES))


@pytest.mark.parametrize("names", [c for c in COMBINATIONS if c], ids=stable_id)
def test_a_bot_sees_only_the_view_under_the_variants(names: tuple[str, ...]) -> None:
    # Draw again what the seat to act may not see (the hidden hands, the
    # hidden bids, its own card under clairvoyance): the view is the same,
    # and so is every bot's choice for the same seed.
    config = Config(players=4, rules=variant_rules(names, SHORT))
    state, rng = new_game(config), random.Random(8)
    checked = hidden_bids = own_card = 0
    while not state.is_over:
        if not state.is_chance:
            seat = state.current_player
            assert seat is not None
            # (A determinization's history starts at the position, as here's.)
            here = from_position(position_of(state))
            view = player_view(here, seat)
            elsewhere = determinize(view, random.Random(checked))
            assert player_view(elsewhere, seat) == view
            for bot in BOTS:
                assert bot.choose(view, random.Random(3)) == bot.choose(
                    player_view(elsewhere, seat), random.Random(3)
                )
            checked += 1
            hidden_bids += elsewhere.bids != here.bids
            own_card += view.hand == () and elsewhere.hand(seat) != here.hand(seat)
        state = apply(state, random_action(state, rng))
    assert checked > 10
    # What was drawn again differed, where the variants hide it.
    assert hidden_bids > 0 if {"hidden_bids", "delayed_reveal"} & set(names) else hidden_bids == 0
    assert own_card > 0 if "clairvoyance" in names else own_card == 0


def test_ismcts_searches_over_the_hidden_bids_and_its_own_card() -> None:
    # Under clairvoyance and hidden bids, the dealer of round 1 sees neither
    # bid nor its card: every iteration draws them (each world of the 228
    # equally likely); with enough iterations the search has met several of
    # each, and its choice is a legal bid, the same for the same seed.
    config = Config(players=3, rules=variant_rules(["clairvoyance", "hidden_bids"]))
    state = _to_bid(config, 3, 0, lambda seat: seat % 2)
    view = player_view(state, 0)
    assert view.unseen_bids == (1, 2)
    assert view.hand == ()
    seen_bids: set[tuple[int | None, ...]] = set()
    seen_cards: set[Card] = set()
    rng = random.Random(0)
    for _ in range(200):
        world = determinize(view, rng)
        seen_bids.add(world.bids)
        seen_cards.update(world.hand(0))
    assert len(seen_bids) == 4  # every pair of hidden bids
    assert len(seen_cards) > 40  # of the 57 the dealer cannot see
    bot = ISMCTSBot(iterations=100)
    assert bot.choose(view, random.Random(1)) == bot.choose(view, random.Random(1))
    assert bot.choose(view, random.Random(1)) in view.legal_actions()
