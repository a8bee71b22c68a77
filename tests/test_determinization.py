"""Determinization: consistent with the view, and exactly uniform."""

from __future__ import annotations

import collections
import itertools
import math
import random
import sys
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given

from wizard_rules import (
    DECK,
    Card,
    Config,
    InvalidArgumentError,
    Phase,
    PlayerView,
    State,
    apply,
    may_play,
    new_game,
    player_view,
    position_of,
    random_action,
)
from wizard_rules.agents.determinization import (
    consistent_deals,
    consistent_worlds,
    determinize,
    voids,
)
from wizard_rules.core.rules import ListedSchedule, OddSchedule, Rules, variant_rules
from wizard_rules.integrations.strategies import player_views

from .fields import assert_same_position


def _played_to(config: Config, seed: int, round_number: int, played: int) -> State:
    state, rng = new_game(config), random.Random(seed)
    while not (state.round == round_number and len(state.played) >= played):
        state = apply(state, random_action(state, rng))
    return state


def _consistent(view: PlayerView, hands: dict[int, tuple[Card, ...]]) -> bool:
    """Could each seat have played its cards of this round while holding ``hands``?

    Independent of the determinization's notion of voids: each card played
    this round is checked with :func:`may_play` against the hand its player
    held then (the hand now, plus what that player played since).
    """
    players = view.config.players
    tricks = [(t.leader, t.cards) for t in view.completed_tricks]
    tricks.append((view.leader, view.current_trick))
    later: dict[int, list[Card]] = {seat: [] for seat in hands}
    for leader, cards in reversed(tricks):
        for position in reversed(range(len(cards))):
            seat = (leader + position) % players
            if seat not in hands:
                continue
            later[seat].append(cards[position])
            held = (*hands[seat], *later[seat])
            if not may_play(held, cards[:position], cards[position]):
                return False
    return True


def _enumerate(view: PlayerView) -> list[tuple[tuple[Card, ...], ...]]:
    """Every placement of the hidden cards into the other hands that agrees with ``view``."""
    seen = {*view.hand, *view.played, *view.current_trick, view.turned}
    hidden = sorted(set(DECK) - seen, key=lambda c: c.index)
    others = [s for s in range(view.config.players) if s != view.seat and view.hand_sizes[s]]
    found = []

    def place(i: int, left: list[Card], hands: dict[int, tuple[Card, ...]]) -> None:
        if i == len(others):
            if _consistent(view, hands):
                found.append(tuple(hands[s] for s in others))
            return
        for hand in itertools.combinations(left, view.hand_sizes[others[i]]):
            rest = [c for c in left if c not in hand]
            place(i + 1, rest, {**hands, others[i]: hand})

    place(0, hidden, {})
    return found


def _small_views() -> list[PlayerView]:
    """Views late in a round, with few hidden cards and at least one void, some with a stock."""
    views = []
    for seed in range(200):
        for config, round_number, played in (
            (Config(players=3), 20, 51),
            (Config(players=3), 19, 48),
            (Config(players=4), 15, 51),
        ):
            state = _played_to(config, seed, round_number, played)
            for seat in range(config.players):
                view = player_view(state, seat)
                others = [s for s in range(config.players) if s != seat]
                if any(voids(view)[s] for s in others) and 3 <= consistent_deals(view) <= 400:
                    views.append(view)
        if len(views) >= 6:
            return views
    raise AssertionError("no small view found")  # pragma: no cover


SMALL_VIEWS = _small_views()


@pytest.mark.parametrize("view", SMALL_VIEWS, ids=lambda v: f"{v.config.players}p-r{v.round}")
def test_the_count_matches_an_enumeration_independent_of_it(view: PlayerView) -> None:
    deals = _enumerate(view)
    assert len(deals) == consistent_deals(view)
    assert len(set(deals)) == len(deals)


@pytest.mark.slow
@pytest.mark.parametrize("view", SMALL_VIEWS, ids=lambda v: f"{v.config.players}p-r{v.round}")
def test_every_consistent_deal_is_drawn_equally_often(view: PlayerView) -> None:
    deals = _enumerate(view)
    others = [s for s in range(view.config.players) if s != view.seat and view.hand_sizes[s]]
    per_deal = 40
    draws = per_deal * len(deals)
    rng = random.Random(2024)
    states = [determinize(view, rng) for _ in range(draws)]
    counts = collections.Counter(tuple(state.hand(s) for s in others) for state in states)
    assert set(counts) == set(deals)  # nothing inconsistent, nothing missing
    # Pearson's chi-square against the uniform law over the enumerated deals,
    # with Wilson and Hilferty's normal approximation of its tail: z < 5 is a
    # p-value above 3e-7 (and the seed is fixed: the test is not flaky).
    chi2 = sum((n - per_deal) ** 2 / per_deal for n in counts.values())
    df = len(deals) - 1
    z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    assert z < 5, (chi2, df)


@given(player_views())
def test_a_determinization_agrees_with_the_view(view: PlayerView) -> None:
    state = determinize(view, random.Random(0))
    assert position_of(player_view(state, view.seat)) == position_of(view)
    assert_same_position(position_of(player_view(state, view.seat)), position_of(view))
    assert consistent_deals(view) >= 1
    for seat, suits in enumerate(voids(view)):
        assert not any(card.suit in suits for card in state.hand(seat))
    others = {s: state.hand(s) for s in range(view.config.players) if s != view.seat}
    assert _consistent(view, others)


def test_the_same_seed_gives_the_same_state() -> None:
    view = SMALL_VIEWS[0]
    assert determinize(view, random.Random(7)).hands == determinize(view, random.Random(7)).hands


def test_a_wizard_or_jester_shows_no_void_and_an_off_suit_card_does() -> None:
    from wizard_rules import Position, Suit, from_position, parse_card, parse_cards

    position = Position(
        config=Config(players=3),
        round=2,
        dealer=1,
        scores=(20, 30, -10),
        hands=(parse_cards("D2 W1"), parse_cards("C3 D3"), parse_cards("C4 J1")),
        turned=parse_card("S1"),
        trump=Suit.SPADES,
        bids=(0, 0, 0),
        tricks_won=(0, 0, 0),
        leader=2,
    )
    state = from_position(position)
    for card in ("C4", "D2", "C3"):  # seat 2 leads C4; seat 0 plays D2 (void in C)
        state = apply(state, _play(state, card))
    assert voids(player_view(state, 1)) == (frozenset({Suit.CLUBS}), frozenset(), frozenset())
    # Seat 2 won with C4 and leads a Jester; seat 0's Wizard shows nothing.
    for card in ("J1", "W1"):
        state = apply(state, _play(state, card))
    assert voids(player_view(state, 1)) == (frozenset({Suit.CLUBS}), frozenset(), frozenset())


def _play(state: State, text: str) -> object:
    from wizard_rules import Play, parse_card

    assert state.current_player is not None
    return Play(state.current_player, parse_card(text))


def test_errors() -> None:
    view = SMALL_VIEWS[0]
    with pytest.raises(InvalidArgumentError):
        determinize(view, 3)  # type: ignore[call-overload]
    for function in (voids, consistent_deals):
        with pytest.raises(InvalidArgumentError):
            function("view")  # type: ignore[arg-type]


# -- the cost of a cold call, counted rather than timed ------------------------------------

# The costliest view of 40 random 5-player games at round 12 (seat 3 of seed
# 33): four other seats hold 6 or 7 cards each and have shown voids, every
# card is dealt (no stack, no unconstrained hand), so each hidden card must
# go to a seat whose voids allow it.
COSTLY = (
    "players=5 round=12 dealer=1 scores=-160,-270,-330,-180,-180 "
    "hands=D12,H1,S1,S3,S5,S12/C11,C12,C13,D13,W3,W4/C3,C4,C7,D4,D7,D9,S6/"
    "J1,C5,D2,D11,H9,S9,S10/C6,C8,C10,H2,H3,H12,S13 turned=- trump=- bids=6,3,12,6,1 "
    "won=1,1,1,2,0 played=J2,J3,J4,C1,C2,C9,D3,D5,D6,D8,D10,H4,H5,H6,H7,H8,H10,H11,H13,"
    "S2,S7,S8,S11,W1,W2 trick=S4,D1 leader=0"
)


def _costly_state() -> State:
    """The state of ``COSTLY``, played to (a position does not keep the tricks, nor the voids)."""
    state, rng = new_game(Config(players=5)), random.Random(33)
    while position_of(state).to_text() != COSTLY:
        assert state.round <= 12
        state = apply(state, random_action(state, rng))
    return state


def _costly_view() -> PlayerView:
    return player_view(_costly_state(), 3)


def _cold_calls(view: PlayerView) -> int:
    """The function calls (Python and built-in) of one determinization, its counts uncached."""
    from wizard_rules.agents import determinization

    determinization._choices.cache_clear()
    determinization._completions.cache_clear()
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        determinize(view, random.Random(1))
    finally:
        sys.setprofile(None)
    return calls


def test_a_cold_call_on_the_costliest_view_is_cheap() -> None:
    # Counted in function calls, not timed: the figure does not depend on
    # the machine.  A call with no void makes about 600 (the median of the
    # round-12 views of those games).  The counting used to make 350,000
    # here, enumerating each seat's cards split over the classes of cards
    # for every remaining count of every class; it makes about 21,000 now
    # that cards the later seats treat alike are counted together.
    view = _costly_view()
    assert sum(1 for seat, suits in enumerate(voids(view)) if seat != 3 and suits) == 4
    assert _cold_calls(view) < 30_000


def _placements_by_polynomial(view: PlayerView) -> int:
    """``consistent_deals`` by another method: the coefficient of a product of polynomials.

    Each hidden card goes to one of the other hands it may go to (a hand of
    a seat void in its suit is not one) or to the stack: the placements in
    which hand ``s`` gets ``n_s`` cards are counted by the coefficient of
    ``prod x_s ** n_s`` in ``prod over cards of (1 + sum of x_s it may go to)``.
    """
    seat_voids = voids(view)
    others = [s for s in range(view.config.players) if s != view.seat and view.hand_sizes[s]]
    seen = {*view.hand, *view.played, *view.current_trick, view.turned}
    sizes = tuple(view.hand_sizes[s] for s in others)
    poly: dict[tuple[int, ...], int] = {(0,) * len(others): 1}
    for card in DECK:
        if card in seen:
            continue
        allowed = [i for i, s in enumerate(others) if card.suit not in seat_voids[s]]
        product: dict[tuple[int, ...], int] = collections.defaultdict(int)
        for exponents, ways in poly.items():
            product[exponents] += ways  # to the stack
            for i in allowed:
                if exponents[i] < sizes[i]:
                    raised = exponents[:i] + (exponents[i] + 1,) + exponents[i + 1 :]
                    product[raised] += ways
        poly = product
    return poly.get(sizes, 0)


@pytest.mark.parametrize("seat", range(5))
def test_the_count_of_a_large_view_agrees_with_a_product_of_polynomials(seat: int) -> None:
    view = player_view(_costly_state(), seat)
    assert consistent_deals(view) == _placements_by_polynomial(view)
    assert consistent_deals(view) > 10**9


def test_the_count_agrees_with_polynomials_on_the_small_views() -> None:
    for view in SMALL_VIEWS:
        assert consistent_deals(view) == _placements_by_polynomial(view) == len(_enumerate(view))


@pytest.mark.parametrize(
    ("schedule", "sizes"),
    [(OddSchedule(), (1, 3, 5, 7, 9, 11, 13, 15)), (ListedSchedule(sizes=(6, 2, 9)), (6, 2, 9))],
    ids=["odd", "6,2,9"],
)
def test_a_determinization_deals_the_hand_sizes_of_the_schedule(
    schedule: OddSchedule | ListedSchedule, sizes: tuple[int, ...]
) -> None:
    config = Config(players=4, rules=Rules(schedule=schedule))
    rng = random.Random(3)
    state = new_game(config)
    checked = 0
    while not state.is_over:
        if not state.is_chance and state.current_player is not None:
            size = sizes[state.round - 1]  # rule 22.3: round r deals h_r cards
            tricks = len(state.completed_tricks)
            for seat in range(4):
                view = player_view(state, seat)
                guess = determinize(view, random.Random(checked))
                assert guess.deal_size == size
                for other in range(4):
                    held = size - tricks - (other in _played_this_trick(state))
                    assert len(guess.hand(other)) == held
                # the undealt cards: the deck less the hands, the played and the turned
                dealt = 4 * size + (size * 4 < 60)
                assert len(_hidden_cards_of(guess)) == 60 - dealt
                assert_same_position(position_of(player_view(guess, seat)), position_of(view))
                checked += 1
        state = apply(state, random_action(state, rng))
    assert checked > 100


def _played_this_trick(state: State) -> set[int]:
    players = state.config.players
    return {(state.leader + k) % players for k in range(len(state.current_trick))}


def _hidden_cards_of(state: State) -> set[Card]:
    """The cards of ``state`` in no hand, not played and not turned: the undealt stack."""
    seen = {card for seat in range(state.config.players) for card in state.hand(seat)}
    seen |= {*state.played, *state.current_trick}
    if state.turned is not None:
        seen.add(state.turned)
    return set(DECK) - seen


# -- the variants: hidden bids, delayed reveal and the own card under clairvoyance ----------
#
# A *world* is a placement of the hidden cards and a value of each hidden bid.
# The worlds are enumerated here by brute force, from the rules and the view
# alone: the hidden hands are the entries of ``view.hands`` that are ``None``
# (the other seats' with cards; under clairvoyance in round 1 the viewer's
# own, rule 26.2), their cards any the viewer does not see that agree with the
# play (``_consistent``); each hidden bid any of 0 to the hand size, since a
# secret bidding restricts no bid (rule 27.2).  ``determinize`` must draw each
# world equally often.

_World = tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]


def _hidden_seats(view: PlayerView) -> list[int]:
    return [seat for seat, hand in enumerate(view.hands) if hand is None]


def _deals(view: PlayerView) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every placement of the unseen cards into the hidden hands that agrees with the play."""
    seen = {*view.played, *view.current_trick, view.turned}
    for hand in view.hands:
        seen.update(hand or ())
    unseen = sorted(set(DECK) - seen, key=lambda c: c.index)
    seats = _hidden_seats(view)

    def place(
        i: int, left: list[Card], hands: dict[int, tuple[Card, ...]]
    ) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if i == len(seats):
            if _consistent(view, hands):
                yield tuple(hands[s] for s in seats)
            return
        for hand in itertools.combinations(left, view.hand_sizes[seats[i]]):
            yield from place(i + 1, [c for c in left if c not in hand], {**hands, seats[i]: hand})

    return place(0, unseen, {})


def _bid_values(view: PlayerView) -> list[tuple[int, ...]]:
    """Every value of the hidden bids: each any of 0 to the hand size (rule 27.2)."""
    return list(itertools.product(range(view.deal_size + 1), repeat=len(view.unseen_bids)))


def _enumerate_worlds(view: PlayerView) -> list[_World]:
    """Every world consistent with ``view``, by brute force (see above)."""
    bids = _bid_values(view)
    return [(deal, bid) for deal in _deals(view) for bid in bids]


def _world_of(view: PlayerView, state: State) -> _World:
    return (
        tuple(state.hand(s) for s in _hidden_seats(view)),
        tuple(_bid(state, s) for s in view.unseen_bids),
    )


def _bid(state: State, seat: int) -> int:
    bid = state.bids[seat]
    assert bid is not None
    return bid


def _z(observed: collections.Counter[object], expected: dict[object, float]) -> float:
    """Pearson's chi-square of ``observed`` against ``expected``, as a normal deviate.

    With Wilson and Hilferty's approximation of its tail: ``z < 5`` is a
    p-value above 3e-7 (and each test's seed is fixed: the test is not flaky).
    """
    assert set(observed) <= set(expected)  # nothing drawn that the enumeration lacks
    chi2 = sum((observed[cell] - e) ** 2 / e for cell, e in expected.items())
    df = len(expected) - 1
    return float(((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df)))


def _view_where(config: Config, seed: int, found: Callable[[State], int | None]) -> PlayerView:
    """The first view, in a game played at random, of the seat ``found`` names."""
    state, rng = new_game(config), random.Random(seed)
    while True:
        seat = found(state)
        if seat is not None:
            return player_view(state, seat)
        assert not state.is_over
        state = apply(state, random_action(state, rng))


def _dealer_to_bid(state: State) -> int | None:
    return (
        state.dealer if state.phase is Phase.BID and state.current_player == state.dealer else None
    )


def _second_to_bid(state: State) -> int | None:
    second = (state.dealer + 2) % state.config.players
    return second if state.phase is Phase.BID and state.current_player == second else None


def _in_trick_two(cards: int) -> Callable[[State], int | None]:
    """The seat to play card ``cards + 1`` of round 2's second trick."""

    def found(state: State) -> int | None:
        if (
            state.round == 2
            and len(state.completed_tricks) == 1
            and len(state.current_trick) == cards
        ):
            return state.current_player
        return None

    return found


def _rules(*names: str) -> Rules:
    return variant_rules(names)


# (id, config, seed, the seat whose view, per world drawn on average, what it hides)
FULL_WORLD_CASES = [
    # clairvoyance, round 1: the dealer's own card (57 unseen: 60 less two cards and the turned)
    ("clairvoyance", Config(players=3, rules=_rules("clairvoyance")), 1, _dealer_to_bid, 150),
    # with hidden bids: the own card and two hidden bids of 0 or 1 (57 x 4 worlds)
    (
        "clairvoyance+hidden_bids",
        Config(players=3, rules=_rules("clairvoyance", "hidden_bids")),
        1,
        _dealer_to_bid,
        30,
    ),
    # with delayed reveal, the second bidder: its own card and the first bid (57 x 2)
    (
        "clairvoyance+delayed_reveal",
        Config(players=3, rules=_rules("clairvoyance", "delayed_reveal")),
        2,
        _second_to_bid,
        30,
    ),
    # delayed reveal in play, 4 players: three hidden bids of 0 to 2, the others' cards played
    (
        "delayed_reveal-4p",
        Config(players=4, rules=_rules("delayed_reveal")),
        3,
        _in_trick_two(3),
        40,
    ),
    # delayed reveal in play, 3 players: one hidden hand of one card, two hidden bids of 0 to 2
    (
        "delayed_reveal-3p",
        Config(players=3, rules=_rules("delayed_reveal")),
        4,
        _in_trick_two(1),
        20,
    ),
]


@pytest.mark.parametrize(
    ("config", "seed", "found", "per_world"),
    [case[1:] for case in FULL_WORLD_CASES],
    ids=[case[0] for case in FULL_WORLD_CASES],
)
def test_every_consistent_world_is_drawn_equally_often(
    config: Config, seed: int, found: Callable[[State], int | None], per_world: int
) -> None:
    view = _view_where(config, seed, found)
    assert view.unseen_bids or view.hand == ()  # something beyond the others' hands is hidden
    worlds = _enumerate_worlds(view)
    assert len(set(worlds)) == len(worlds) == consistent_worlds(view)
    rng = random.Random(2025)
    counts: collections.Counter[object] = collections.Counter()
    for _ in range(per_world * len(worlds)):
        counts[_world_of(view, determinize(view, rng))] += 1
    assert set(counts) == set(worlds)  # nothing inconsistent, nothing missing
    assert _z(counts, dict.fromkeys(worlds, float(per_world))) < 5


def test_the_cases_hide_what_they_say() -> None:
    """Each case's view hides what its comment says (so the test above tests that)."""
    views = {case[0]: _view_where(*case[1:4]) for case in FULL_WORLD_CASES}
    own = views["clairvoyance"]
    assert own.hand == ()
    assert own.hands[own.seat] is None
    assert not own.unseen_bids
    assert all(hand is not None for seat, hand in enumerate(own.hands) if seat != own.seat)
    assert consistent_deals(own) == 57
    both = views["clairvoyance+hidden_bids"]
    assert len(both.unseen_bids) == 2
    assert both.deal_size == 1
    assert consistent_worlds(both) == 228
    assert len(views["clairvoyance+delayed_reveal"].unseen_bids) == 1
    four = views["delayed_reveal-4p"]
    assert len(four.unseen_bids) == 3
    assert consistent_deals(four) == 1
    assert consistent_worlds(four) == 27
    three = views["delayed_reveal-3p"]
    assert len(three.unseen_bids) == 2
    assert three.phase is Phase.PLAY
    assert sorted(three.hand_sizes) == [0, 1, 1]


def _suit_class(card: Card) -> str:
    return card.kind.name if card.suit is None else card.suit.name


def _marginal_test(view: PlayerView, draws: int, seed: int) -> None:
    """Chi-square of (the hidden bids, the kind or suit of the first hidden hand's first card).

    The worlds of a view in the bidding are too many to draw each often, so
    the law of a function of the world is tested: the expected counts come
    from every world, enumerated; a sampler whose bids leaned on the cards,
    or on each other, or whose cards were not uniform, would fail.
    """
    seat = _hidden_seats(view)[0]

    def cell(world: _World) -> object:
        return world[1], _suit_class(world[0][0][0])

    # Every world is a deal and a value of the bids, any with any: so each
    # cell's count is the deals of its card's class, once per value of the bids.
    classes = collections.Counter(_suit_class(deal[0][0]) for deal in _deals(view))
    bids = _bid_values(view)
    expected = {(bid, cls): float(n) for bid in bids for cls, n in classes.items()}
    worlds = sum(classes.values()) * len(bids)
    assert worlds == consistent_worlds(view)
    scale = draws / worlds
    rng = random.Random(seed)
    counts: collections.Counter[object] = collections.Counter()
    for _ in range(draws):
        state = determinize(view, rng)
        counts[cell(_world_of(view, state))] += 1
        assert state.hand(seat)  # the cell's card is there
    assert _z(counts, {c: n * scale for c, n in expected.items()}) < 5
    assert len(counts) == len(expected)


def test_hidden_bids_are_drawn_uniformly_and_independently_of_the_cards() -> None:
    # Round 1, 3 players: the dealer sees neither bid (4 pairs) nor the two
    # other cards (57 x 56 deals): 12,768 worlds, 24 cells.
    config = Config(players=3, rules=_rules("hidden_bids"))
    view = _view_where(config, 5, _dealer_to_bid)
    assert len(view.unseen_bids) == 2
    assert view.deal_size == 1
    _marginal_test(view, 6000, 11)


@pytest.mark.slow
def test_hidden_bids_in_round_2_are_drawn_uniformly_and_independently_of_the_cards() -> None:
    # Round 2, 3 players: 9 bid pairs times 1596 x 1485 deals; 54 cells.
    config = Config(players=3, rules=_rules("hidden_bids"))
    view = _view_where(config, 6, lambda s: _dealer_to_bid(s) if s.round == 2 else None)
    assert len(view.unseen_bids) == 2
    assert view.deal_size == 2
    _marginal_test(view, 20_000, 12)


def test_the_bids_shown_are_kept_and_no_bid_is_drawn_without_a_hidden_one() -> None:
    # Open bidding: the same seed gives the same cards as without the variants'
    # code (nothing is drawn for bids); hidden bids: the bids shown are kept.
    view = SMALL_VIEWS[0]
    assert not view.unseen_bids
    assert consistent_worlds(view) == consistent_deals(view)
    config = Config(players=4, rules=_rules("hidden_bids"))
    view = _view_where(config, 7, _second_to_bid)
    rng = random.Random(1)
    for _ in range(50):
        state = determinize(view, rng)
        for seat, bid in enumerate(view.bids):
            if bid is not None:
                assert state.bids[seat] == bid
        assert all(0 <= _bid(state, s) <= 1 for s in view.unseen_bids)
        assert position_of(player_view(state, view.seat)) == position_of(view)
