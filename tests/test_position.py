"""Positions: round trips, play-outs, the refusal of broken positions, every check.

The properties draw positions with the public strategies of
:mod:`wizard_rules.integrations.strategies`; expected refusal codes come from the
independent reference rules of :mod:`tests.helpers`.  Broken positions are
made by mutating valid ones, each mutation built so that its result cannot
arise in any game (the comment of each says why), not by asking the library.
The unit tests below them take the checks of ``Position`` (rules 12.1 to
12.14) one by one, with hand-written positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_rules import (
    DECK,
    Card,
    Config,
    ErrorCode,
    IllegalActionError,
    InvalidArgumentError,
    Kind,
    Phase,
    Play,
    PlayerView,
    Position,
    PositionError,
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
)
from wizard_rules.integrations.strategies import configs, illegal_actions, positions, states

from .fields import assert_same_position
from .helpers import ref_refusal, walk

SEEDS = st.integers(0, 2**32 - 1)

# The fields of a view that are history (since the start of the game, or
# since the position a state was set up from), not position.
HISTORY_FIELDS = frozenset({"completed_tricks", "results"})


def view_without_history(view: PlayerView) -> dict[str, object]:
    return {
        field.name: getattr(view, field.name)
        for field in attrs.fields(PlayerView)
        if field.name not in HISTORY_FIELDS
    }


def refusal(state: State, action: object) -> ErrorCode | None:
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error.code
    return None


# -- state -> position -> state -------------------------------------------------


@pytest.mark.slow
@given(states(), st.data())
def test_state_position_state(state: State, data: st.DataObject) -> None:
    position = position_of(state)
    assert position.is_complete
    rebuilt = from_position(position)
    assert position_of(rebuilt) == position
    assert_same_position(position_of(rebuilt), position)
    assert hash(position_of(rebuilt)) == hash(position)
    assert rebuilt.start == position
    assert rebuilt.history == ()
    assert rebuilt.completed_tricks == ()
    assert rebuilt.results == ()
    # The position's own account of the phase and the player to act.
    assert position.phase is state.phase is rebuilt.phase
    assert position.current_player == state.current_player == rebuilt.current_player
    assert position.hand_sizes == state.hand_sizes
    # Everything that is not history is the same.
    for name in ("hands", "undealt", "played", "turned", "trump", "bids", "tricks_won"):
        assert getattr(rebuilt, name) == getattr(state, name), name
    for name in ("current_trick", "leader", "scores", "round", "dealer", "winners"):
        assert getattr(rebuilt, name) == getattr(state, name), name
    assert legal_actions(rebuilt) == legal_actions(state)
    for seat in range(state.config.players):
        assert view_without_history(player_view(rebuilt, seat)) == view_without_history(
            player_view(state, seat)
        )
    # The same refusals, with the codes the documented order of checks gives.
    for _ in range(3):
        action = data.draw(illegal_actions(state), label="illegal")
        expected = ref_refusal(state, action)
        assert expected is not None
        assert refusal(state, action) is expected
        assert refusal(rebuilt, action) is expected


@given(positions(partial=None))
def test_position_text_position(position: Position) -> None:
    text = position.to_text()
    assert str(position) == text
    assert "\n" not in text
    again = Position.from_text(text)
    assert again == position
    assert_same_position(again, position)
    assert again.to_text() == text
    # Runs of spaces between tokens, and around the text, change nothing.
    spaced = Position.from_text("  " + text.replace(" ", "   ") + " ")
    assert spaced == position
    assert_same_position(spaced, position)


@given(states(), SEEDS)
def test_a_state_from_a_position_plays_out_identically(state: State, seed: int) -> None:
    rebuilt = from_position(position_of(state))
    rng = random.Random(seed)
    original = state
    while not original.is_over:
        assert legal_actions(rebuilt) == legal_actions(original)
        assert rebuilt.current_player == original.current_player
        action = random_action(original, rng)
        original, rebuilt = apply(original, action), apply(rebuilt, action)
        if original.phase is Phase.DEAL:
            assert position_of(rebuilt) == position_of(original)
            assert_same_position(position_of(rebuilt), position_of(original))
    assert rebuilt.is_over
    assert rebuilt.scores == original.scores
    assert rebuilt.winners == original.winners
    assert position_of(rebuilt) == position_of(original)
    assert_same_position(position_of(rebuilt), position_of(original))
    # The rebuilt game's history is what was played since the position.
    assert original.history[len(original.history) - len(rebuilt.history) :] == rebuilt.history


# -- partial positions ------------------------------------------------------------


@given(states(), st.data())
def test_a_view_gives_the_position_less_the_hidden_hands(
    state: State, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.config.players - 1), label="seat")
    complete, partial = position_of(state), position_of(player_view(state, seat))
    for other in range(state.config.players):
        if other == seat or not state.hand_sizes[other]:
            assert partial.hands[other] == complete.hands[other]
        else:
            assert partial.hands[other] is None
    assert attrs.evolve(partial, hands=complete.hands) == complete
    assert_same_position(attrs.evolve(partial, hands=complete.hands), complete)
    assert partial.hand_sizes == complete.hand_sizes
    assert partial.phase is complete.phase
    assert partial.current_player == complete.current_player
    assert partial.is_complete == (complete == partial)


@given(positions(partial=True))
def test_partial_positions_are_not_states(position: Position) -> None:
    assert not position.is_complete
    with pytest.raises(PositionError) as refused:
        from_position(position)
    assert refused.value.code is ErrorCode.INVALID_POSITION
    assert "partial position" in refused.value.message


# -- no broken position is accepted -------------------------------------------------
#
# Each mutation takes a complete position and returns the fields to change, or
# None when it does not apply.  Each is built so that the result cannot arise:
# the comment says why, from the rules, whatever the rest of the position.

Changes = dict[str, Any]
Mutation = Callable[[Position, random.Random], Changes | None]

PLACES = ("hands", "played", "current_trick", "turned")


def places_of(p: Position) -> dict[tuple[str, int], list[Card]]:
    """Every place a card can be, each as a list: (name, seat) -> cards."""
    out: dict[tuple[str, int], list[Card]] = {}
    for seat, hand in enumerate(p.hands):
        assert hand is not None
        out["hands", seat] = list(hand)
    out["played", 0] = list(p.played)
    out["current_trick", 0] = list(p.current_trick)
    out["turned", 0] = [] if p.turned is None else [p.turned]
    return out


def changes_from(p: Position, places: dict[tuple[str, int], list[Card]]) -> Changes:
    return {
        "hands": tuple(tuple(places["hands", seat]) for seat in range(p.config.players)),
        "played": tuple(places["played", 0]),
        "current_trick": tuple(places["current_trick", 0]),
        "turned": places["turned", 0][0] if places["turned", 0] else None,
    }


def free_cards(p: Position) -> list[Card]:
    """The cards in no place: the undealt stock (the whole deck at a deal)."""
    taken = {c for cards in places_of(p).values() for c in cards}
    return [c for c in DECK if c not in taken]


def in_round(p: Position) -> bool:
    return any(p.hands) or bool(p.played)


def bid_order(p: Position) -> list[int]:
    return [(p.dealer + 1 + k) % p.config.players for k in range(p.config.players)]


def with_bid(p: Position, seat: int, bid: int | None) -> Changes:
    bids = list(p.bids)
    bids[seat] = bid
    return {"bids": tuple(bids)}


def card_twice(p: Position, rng: random.Random) -> Changes | None:
    # A card written over another card in a different place: it is now in two
    # places (and the other card in none).  Every card is in one place.
    places = places_of(p)
    filled = [key for key, cards in places.items() if cards]
    if len(filled) < 2:
        return None
    source, target = rng.sample(filled, 2)
    places[target][rng.randrange(len(places[target]))] = rng.choice(places[source])
    return changes_from(p, places)


def card_dropped(p: Position, rng: random.Random) -> Changes | None:
    # A card taken off the table or out of a hand (so into the stock).  The
    # number of cards in each place is fixed by the round, the finished tricks
    # and the trick in progress, which do not change; dropping the last card
    # of the trick makes the seat that played it one card short; and a card is
    # turned whenever one remains.
    places = places_of(p)
    filled = [key for key, cards in places.items() if cards]
    if not filled:
        return None
    cards = places[rng.choice(filled)]
    cards.pop(rng.randrange(len(cards)))
    return changes_from(p, places)


def card_added(p: Position, rng: random.Random) -> Changes | None:
    # A card from the stock given to a hand: more cards held than the round,
    # the tricks and the trick in progress leave (any, before the deal).
    free = free_cards(p)
    if not free:
        return None
    places = places_of(p)
    places["hands", rng.randrange(p.config.players)].append(rng.choice(free))
    return changes_from(p, places)


def card_played_from_a_hand(p: Position, rng: random.Random) -> Changes | None:
    # A card moved from a hand to the finished tricks: their cards are no
    # longer a whole number of tricks.
    places = places_of(p)
    holders = [seat for seat in range(p.config.players) if places["hands", seat]]
    if not holders:
        return None
    hand = places["hands", rng.choice(holders)]
    places["played", 0].append(hand.pop(rng.randrange(len(hand))))
    return changes_from(p, places)


def card_added_to_the_trick(p: Position, rng: random.Random) -> Changes | None:
    # A card from the stock added to the trick in progress: the seat it is
    # credited to still holds all its cards (or the trick is now complete).
    free = free_cards(p)
    if not p.current_trick or not free:
        return None
    return {"current_trick": (*p.current_trick, rng.choice(free))}


def trump_changed(p: Position, rng: random.Random) -> Changes | None:
    # A turned suit card makes its suit trump and a turned Jester no trump;
    # a turned Wizard's trump is named before anybody bids; with no card
    # turned (before the deal, in the last round, at the end) there is none.
    turned = p.turned
    if turned is None:
        return {"trump": rng.choice(list(Suit))}
    if turned.kind is Kind.WIZARD:
        if p.trump is None or all(bid is None for bid in p.bids):
            return None  # naming no trump yet, or another suit, is still a position
        return {"trump": None}
    choices: list[Suit | None] = [None, *Suit]
    return {"trump": rng.choice([s for s in choices if s is not turned.suit])}


def turned_changed(p: Position, rng: random.Random) -> Changes | None:
    # Another suit card, of a suit that is not the trump, turned in its place.
    if p.turned is None or p.turned.kind is not Kind.SUIT:
        return None
    others = [c for c in free_cards(p) if c.kind is Kind.SUIT and c.suit is not p.trump]
    if not others:
        return None
    return {"turned": rng.choice(others)}


def turned_at_a_deal(p: Position, rng: random.Random) -> Changes | None:
    # Before the deal and at the end of the game no card is turned.
    if in_round(p):
        return None
    return {"turned": rng.choice(DECK)}


def bid_out_of_range(p: Position, rng: random.Random) -> Changes | None:
    # Bids go from 0 to the round number.
    made = [seat for seat, bid in enumerate(p.bids) if bid is not None]
    if not made:
        return None
    wrong = rng.choice([-1, -1 - rng.randrange(20), p.round + 1, p.round + 1 + rng.randrange(20)])
    return with_bid(p, rng.choice(made), wrong)


def bid_out_of_turn(p: Position, rng: random.Random) -> Changes | None:
    # Seats bid in order from the dealer's left, only once the deal is done
    # and a turned Wizard's trump is named: a bid by a seat whose predecessor
    # has not bid, or any bid before the deal or before the trump is named.
    order = bid_order(p)
    waiting = [seat for seat in order if p.bids[seat] is None]
    trump_pending = p.turned is not None and p.turned.kind is Kind.WIZARD and p.trump is None
    if not in_round(p) or trump_pending:
        return with_bid(p, rng.choice(order), rng.randint(0, p.round))
    if len(waiting) < 2:
        return None
    return with_bid(p, rng.choice(waiting[1:]), rng.randint(0, p.round))


def bid_taken_back(p: Position, rng: random.Random) -> Changes | None:
    # A bid removed that a later seat's bid follows (so that seat bid out of
    # turn), or any bid removed once cards are played (play follows bidding).
    order = bid_order(p)
    made = [seat for seat in order if p.bids[seat] is not None]
    if p.played or p.current_trick:
        return with_bid(p, rng.choice(made), None)
    if len(made) < 2:
        return None
    return with_bid(p, rng.choice(made[:-1]), None)


def bid_total_matched(p: Position, rng: random.Random) -> Changes | None:
    # With the bid-total option the bids of a round never add up to it.
    if not p.config.forbid_bid_total_match or None in p.bids or not in_round(p):
        return None
    total = sum(bid for bid in p.bids if bid is not None)
    candidates = [
        seat for seat, bid in enumerate(p.bids) if bid is not None and p.round - (total - bid) >= 0
    ]
    if not candidates:
        return None
    seat = rng.choice(candidates)
    bid = p.bids[seat]
    assert bid is not None
    return with_bid(p, seat, p.round - (total - bid))


def revoke(p: Position, rng: random.Random) -> Changes | None:
    # A seat of the trick in progress, after the card that set the led suit,
    # is given a card of that suit to hold and an off-suit suit card to have
    # played (swapping cards with its own hand and the stock only): it held
    # the led suit and did not follow.  Only a Wizard or Jester may be played
    # instead of the led suit.
    trick = p.current_trick
    led = next((k for k, c in enumerate(trick) if c.kind is not Kind.JESTER), None)
    if led is None or trick[led].kind is not Kind.SUIT:
        return None
    suit = trick[led].suit
    free = free_cards(p)
    options = []
    for k in range(led + 1, len(trick)):
        seat = (p.leader + k) % p.config.players
        hand = p.hands[seat]
        assert hand is not None
        pool = [*hand, trick[k], *free]
        same = [c for c in pool if c.suit is suit]
        off = [c for c in pool if c.kind is Kind.SUIT and c.suit is not suit]
        if hand and same and off:
            options.append((k, seat, len(hand), pool, same, off))
    if not options:
        return None
    k, seat, size, pool, same, off = rng.choice(options)
    played, held = rng.choice(off), rng.choice(same)
    rest = [c for c in pool if c not in (played, held)]
    hand_cards = [held, *rng.sample(rest, size - 1)]
    hands = list(p.hands)
    hands[seat] = tuple(hand_cards)
    new_trick = list(trick)
    new_trick[k] = played
    return {"hands": tuple(hands), "current_trick": tuple(new_trick)}


def tricks_won_changed(p: Position, rng: random.Random) -> Changes | None:
    # The tricks won add up to the finished tricks (none before the deal).
    won = list(p.tricks_won)
    seat = rng.randrange(p.config.players)
    won[seat] += -1 if won[seat] and rng.random() < 0.5 else 1
    return {"tricks_won": tuple(won)}


def round_outside(p: Position, rng: random.Random) -> Changes | None:
    # A game has rounds 1 to 60 / players.
    rounds = 60 // p.config.players
    return {
        "round": rng.choice([0, -rng.randrange(1, 5), rounds + 1, rounds + rng.randrange(2, 9)])
    }


def dealer_changed(p: Position, rng: random.Random) -> Changes | None:
    # The deal passes left each round from the first dealer (fixed by config).
    others = [seat for seat in range(p.config.players) if seat != p.dealer]
    return {"dealer": rng.choice(others)}


def leader_changed(p: Position, rng: random.Random) -> Changes | None:
    # The seat left of the dealer leads the first trick (and is the leader
    # before the deal and at the end); later the winner of the last trick,
    # who has won a trick.
    players = p.config.players
    if p.played:
        others = [seat for seat in range(players) if not p.tricks_won[seat]]
    else:
        others = [seat for seat in range(players) if seat != (p.dealer + 1) % players]
    if not others:
        return None
    return {"leader": rng.choice(others)}


def ref_reach(rounds: int) -> tuple[int, int]:
    """The lowest and highest total of ``rounds`` rounds (rule 10: met bid r: 20 + 10r)."""
    low = high = 0
    for r in range(1, rounds + 1):
        low -= 10 * r  # bid r, won none (or the other way round)
        high += 20 + 10 * r  # bid r, won r
    return low, high


def score_not_a_multiple_of_ten(p: Position, rng: random.Random) -> Changes | None:
    # Every round score is a multiple of 10.
    scores = list(p.scores)
    scores[rng.randrange(len(scores))] += rng.randint(1, 9)
    return {"scores": tuple(scores)}


def score_out_of_reach(p: Position, rng: random.Random) -> Changes | None:
    # More than every round's best, or less than every round's worst.
    finished = 60 // p.config.players if p.over else p.round - 1
    low, high = ref_reach(finished)
    scores = list(p.scores)
    step = 10 * rng.randint(1, 5)
    scores[rng.randrange(len(scores))] = rng.choice([low - step, high + step])
    return {"scores": tuple(scores)}


def over_too_soon(p: Position, rng: random.Random) -> Changes | None:
    # The game ends after its last round, with no card anywhere.  (Not at the
    # deal of the last round: that would be a possible end of the game.)
    if p.over or (not in_round(p) and p.round == 60 // p.config.players):
        return None
    return {"over": True}


MUTATIONS: dict[str, Mutation] = {
    mutation.__name__: mutation
    for mutation in (
        card_twice,
        card_dropped,
        card_added,
        card_played_from_a_hand,
        card_added_to_the_trick,
        trump_changed,
        turned_changed,
        turned_at_a_deal,
        bid_out_of_range,
        bid_out_of_turn,
        bid_taken_back,
        bid_total_matched,
        revoke,
        tricks_won_changed,
        round_outside,
        dealer_changed,
        leader_changed,
        score_not_a_multiple_of_ten,
        score_out_of_reach,
        over_too_soon,
    )
}


def assert_refused(position: Position, name: str, changes: Changes) -> None:
    fields = {field.name: getattr(position, field.name) for field in attrs.fields(Position)}
    assert any(fields[key] != value for key, value in changes.items()), name
    fields.update(changes)
    with pytest.raises(PositionError) as refused:
        Position(**fields)
    assert refused.value.code is ErrorCode.INVALID_POSITION, (name, refused.value)


@given(positions(), st.randoms(use_true_random=False))
def test_no_broken_position_is_accepted(position: Position, rng: random.Random) -> None:
    for name, mutate in MUTATIONS.items():
        changes = mutate(position, rng)
        if changes is not None:
            assert_refused(position, name, changes)


@pytest.mark.slow
def test_every_mutation_applies_and_is_refused() -> None:
    # Seeded games, so that every mutation is tried whatever the properties
    # above happen to draw.
    applied = dict.fromkeys(MUTATIONS, 0)
    rng = random.Random(0)
    for config, seed in (
        (Config(players=3, forbid_bid_total_match=True), 1),
        (Config(players=6, first_dealer=2), 2),
    ):
        for state in walk(config, seed):
            position = position_of(state)
            for name, mutate in MUTATIONS.items():
                changes = mutate(position, rng)
                if changes is not None:
                    assert_refused(position, name, changes)
                    applied[name] += 1
    assert all(applied.values()), [name for name, count in applied.items() if not count]


# -- the checks of a position, one by one (rules 12.1 to 12.14) ----------------------

# A 4-player game in round 3 (seat 2 deals, seat 3 led the first trick and
# seat 0 won it with D9), in the second trick: seat 0 led C5, seat 1 followed
# with C2, seat 2 is to play.
PLAYING = (
    "players=4 round=3 dealer=2 scores=20,-30,50,0 hands=S1/H2/C7,S4/H5,W1 "
    "turned=H13 trump=H bids=1,0,1,0 won=1,0,0,0 played=J1,D1,D3,D9 trick=C5,C2 leader=0"
)
# The same round while bidding: seats 3 and 0 have bid, seat 1 is to bid.
BIDDING = (
    "players=4 round=3 dealer=2 scores=20,-30,50,0 hands=C5,D9,S1/C2,D1,H2/J1,C7,S4/D3,H5,W1 "
    "turned=H13 trump=H bids=1,-,-,0 won=0,0,0,0 played=- trick=- leader=3"
)
# The deal of the same round.
DEALING = (
    "players=4 round=3 dealer=2 scores=20,-30,50,0 hands=-/-/-/- "
    "turned=- trump=- bids=-,-,-,- won=0,0,0,0 played=- trick=- leader=3"
)
# The end of a 3-player game.
OVER = (
    "players=3 round=20 dealer=0 over scores=120,-40,300 hands=-/-/- "
    "turned=- trump=- bids=-,-,- won=0,0,0 played=- trick=- leader=1"
)


def pos(text: str, **changes: Any) -> Position:
    position = Position.from_text(text)
    return attrs.evolve(position, **changes) if changes else position


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.replace(",", " "))


def refused(text: str, fragment: str, **changes: Any) -> None:
    with pytest.raises(PositionError) as error:
        pos(text, **changes)
    assert error.value.code is ErrorCode.INVALID_POSITION
    assert fragment in error.value.message, error.value.message


def test_the_hand_written_positions_are_positions() -> None:
    playing = pos(PLAYING)
    assert (playing.phase, playing.current_player) == (Phase.PLAY, 2)
    assert playing.hand_sizes == (1, 1, 2, 2)
    assert playing.is_complete
    bidding = pos(BIDDING)
    assert (bidding.phase, bidding.current_player) == (Phase.BID, 1)
    dealing = pos(DEALING)
    assert (dealing.phase, dealing.current_player) == (Phase.DEAL, None)
    assert dealing.hand_sizes == (0, 0, 0, 0)
    over = pos(OVER)
    assert (over.phase, over.current_player, over.hand_sizes) == (Phase.GAME_OVER, None, (0,) * 3)
    assert from_position(over).is_over
    assert not from_position(dealing).is_over
    assert not from_position(playing).is_over
    wizard = pos(BIDDING, turned=parse_card("W2"), trump=None, bids=(None,) * 4)
    assert (wizard.phase, wizard.current_player) == (Phase.CHOOSE_TRUMP, 2)
    for text in (PLAYING, BIDDING, DEALING, OVER):
        assert pos(text).to_text() == text


def test_positions_accept_lists_and_sort_hands() -> None:
    base = pos(PLAYING)
    again = Position(
        config=Config(players=4),
        round=3,
        dealer=2,
        scores=[20, -30, 50, 0],
        hands=[cards("S1"), cards("H2"), cards("S4,C7"), cards("W1,H5")],
        turned=parse_card("H13"),
        trump=Suit.HEARTS,
        bids=[1, 0, 1, 0],
        tricks_won=[1, 0, 0, 0],
        played=list(cards("D9,D3,D1,J1")),
        current_trick=list(cards("C5,C2")),
        leader=0,
    )
    assert again == base
    assert_same_position(again, base)
    assert again.hands[2] == cards("C7,S4")
    assert again.played == cards("J1,D1,D3,D9")


# 12.1 the shape.


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"config": 4}, "config must be a Config, not int"),
        ({"round": 3.0}, "round must be an int, not float"),
        ({"dealer": True}, "dealer must be an int, not bool"),
        ({"leader": "0"}, "leader must be an int, not str"),
        ({"over": 0}, "over must be a bool, not int"),
        ({"scores": (0, 0, 0)}, "scores must have one entry per seat (4), not 3"),
        ({"hands": ((), (), ())}, "hands must have one entry per seat (4), not 3"),
        ({"bids": (None,) * 5}, "bids must have one entry per seat (4), not 5"),
        ({"tricks_won": ()}, "tricks_won must have one entry per seat (4), not 0"),
        ({"turned": "H13"}, "turned must be a card or None, not str"),
        ({"trump": "H"}, "trump must be a Suit or None, not str"),
        ({"scores": 0}, "scores must be a sequence, not int"),
        ({"scores": (0, 0, 0, 0.0)}, "scores must hold an int for each seat, not float"),
        ({"scores": (0, 0, 0, None)}, "scores must hold an int for each seat, not NoneType"),
        ({"bids": (1, 0, 1, "0")}, "bids must hold an int or None for each seat, not str"),
        ({"tricks_won": {1, 0}}, "tricks_won must be a sequence, not set"),
        ({"hands": "S1/H2"}, "hands must be a sequence, not str"),
        ({"hands": ("S1", (), (), ())}, "hands[0] must be a sequence of cards, not str"),
        ({"hands": ((), (), (), 5)}, "hands[3] must be a sequence of cards, not int"),
        ({"played": ("J1",)}, "played must hold cards, not str"),
        ({"current_trick": None}, "current_trick must be a sequence of cards, not NoneType"),
    ],
)
def test_12_1_shape(changes: dict[str, Any], fragment: str) -> None:
    refused(PLAYING, fragment, **changes)


# 12.2 the round and the dealer.


@pytest.mark.parametrize("round_number", [0, -1, 16])
def test_12_2_round_outside_the_game(round_number: int) -> None:
    refused(
        PLAYING,
        f"round {round_number} is outside the game: 4 players play rounds 1 to 15",
        round=round_number,
    )


def test_12_2_the_dealer_of_the_round() -> None:
    refused(
        PLAYING, "seat 1 cannot deal round 3: with seat 0 dealing first, seat 2 deals it", dealer=1
    )
    refused(
        PLAYING,
        "seat 2 cannot deal round 3: with seat 1 dealing first, seat 3 deals it",
        config=Config(players=4, first_dealer=1),
    )
    assert pos(PLAYING, config=Config(players=4, first_dealer=1), dealer=3, leader=0).dealer == 3


# 12.3 the scores.


@pytest.mark.parametrize(
    ("scores", "fragment"),
    [
        # Worked out by hand: round 1 scores -10, 20 or 30; round 2 scores
        # -20, -10, 20, 30 or 40.  So after two rounds a total is one of
        # -30, -20, 0, 10, 20, ..., 70 -- never -10, and never off the tens.
        ((25, -30, 50, 0), "seat 0's score 25 is not a possible total of round scores over 2"),
        ((20, -40, 50, 0), "seat 1's score -40 is not a possible total"),
        ((20, -30, 80, 0), "seat 2's score 80 is not a possible total"),
        ((20, -30, 50, -10), "seat 3's score -10 is not a possible total"),
    ],
)
def test_12_3_scores(scores: tuple[int, ...], fragment: str) -> None:
    refused(PLAYING, fragment, scores=scores)
    assert pos(PLAYING, scores=(70, -30, 0, 10)).scores == (70, -30, 0, 10)
    assert pos(PLAYING, scores=(-20, 60, 20, 40)).scores == (-20, 60, 20, 40)


def test_12_3_scores_of_the_first_round_and_at_the_end() -> None:
    refused(
        pos(DEALING)
        .to_text()
        .replace("round=3 dealer=2", "round=1 dealer=0")
        .replace("leader=3", "leader=1"),
        "seat 0's score 20 is not a possible total of round scores over 0 rounds",
    )
    # After one round a seat has -10, 20 or 30: never 0 or 10.
    second = (
        pos(DEALING)
        .to_text()
        .replace("round=3 dealer=2", "round=2 dealer=1")
        .replace("leader=3", "leader=2")
    )
    for score in (0, 10):
        text = second.replace("scores=20,-30,50,0", f"scores={score},-10,20,30")
        with pytest.raises(PositionError, match="not a possible total of round scores over 1"):
            Position.from_text(text)
    assert Position.from_text(second.replace("scores=20,-30,50,0", "scores=-10,-10,20,30"))
    # At the end of the game the scores are totals of every round.
    refused(
        OVER,
        "seat 2's score 2510 is not a possible total of round scores over 20 rounds",
        scores=(0, 0, 2510),
    )
    assert pos(OVER, scores=(-2100, 0, 2500)).scores == (-2100, 0, 2500)


# 12.4 every card in one place.


@pytest.mark.parametrize(
    "changes",
    [
        {"hands": (cards("S1"), cards("S1"), cards("C7,S4"), cards("H5,W1"))},
        {"played": cards("J1,D1,D3,S1")},
        {"current_trick": cards("C5,S1")},
        {"turned": parse_card("S1"), "trump": Suit.SPADES},
    ],
)
def test_12_4_a_card_in_two_places(changes: dict[str, Any]) -> None:
    refused(PLAYING, "card S1 is in two places", **changes)


# 12.5 the end of the game and 12.6 a round not yet dealt hold nothing else.


def test_12_5_the_game_ends_after_the_last_round() -> None:
    refused(
        DEALING,
        "the game ends after round 15, not round 3",
        over=True,
        scores=(0, 0, 0, 0),
    )


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"current_trick": cards("C5")}, "no card can be in a hand or on the table"),
        ({"turned": parse_card("H13")}, "no card is turned and no trump is known"),
        ({"trump": Suit.CLUBS}, "no card is turned and no trump is known"),
        ({"bids": (None, 0, None, None)}, "nobody has bid or won a trick"),
        ({"tricks_won": (0, 0, 1, 0)}, "nobody has bid or won a trick"),
    ],
)
def test_12_5_and_12_6_nothing_else(changes: dict[str, Any], fragment: str) -> None:
    refused(DEALING, fragment + " before the deal", **changes)
    refused(OVER, fragment + " at the end of the game", **changes_for_three(changes))


def changes_for_three(changes: dict[str, Any]) -> dict[str, Any]:
    return {
        key: value[:3] if key in ("bids", "tricks_won") else value
        for key, value in changes.items()
    }


def test_12_5_and_12_6_cards_in_hands_at_the_end_and_the_leader() -> None:
    refused(
        OVER,
        "no card can be in a hand or on the table at the end of the game",
        hands=((), cards("C1"), ()),
    )
    refused(OVER, "no card can be in a hand or on the table", played=cards("C1,C2,C3"))
    refused(DEALING, "before the deal, the seat left of the dealer (3) leads", leader=0)
    refused(OVER, "at the end of the game, the seat left of the dealer (1) leads", leader=2)


# 12.7 the turned card and the trump.


def last_round(**changes: Any) -> Position:
    # 6 players, round 10: every card is dealt (a seat holds J1-C6, the next C7-D3, ...).
    hands = tuple(DECK[seat * 10 : seat * 10 + 10] for seat in range(6))
    base = Position(
        config=Config(players=6),
        round=10,
        dealer=3,
        scores=(0,) * 6,
        hands=hands,
        bids=(None,) * 6,
        tricks_won=(0,) * 6,
        leader=4,
    )
    return attrs.evolve(base, **changes) if changes else base


def test_12_7_the_last_round_turns_no_card() -> None:
    assert last_round().phase is Phase.BID
    with pytest.raises(PositionError, match="round 10 deals every card, so no card can be turned"):
        last_round(hands=(*last_round().hands[:5], DECK[50:59]), turned=DECK[59])
    with pytest.raises(PositionError, match="with no card turned there is no trump, not C"):
        last_round(trump=Suit.CLUBS)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        (
            {"turned": None, "trump": None},
            "48 cards remain after the deal of round 3, so one is turned",
        ),
        ({"trump": Suit.SPADES}, "the turned card H13 makes trump H, not S"),
        ({"trump": None}, "the turned card H13 makes trump H, not no trump"),
        ({"turned": parse_card("J4")}, "the turned card J4 makes no trump, not H"),
    ],
)
def test_12_7_turned_and_trump(changes: dict[str, Any], fragment: str) -> None:
    refused(PLAYING, fragment, **changes)


def test_12_7_a_turned_wizard_leaves_the_trump_to_the_dealer() -> None:
    for trump in (*Suit, None):
        assert pos(BIDDING, turned=parse_card("W2"), trump=trump, bids=(None,) * 4).trump is trump
    assert pos(PLAYING, turned=parse_card("J4"), trump=None).trump is None


# 12.8 the bids.


def test_12_8_bids_in_turn() -> None:
    # Seat 3 bids first, then 0, 1 and the dealer 2.
    refused(BIDDING, "seat 1 has bid before seat 0, out of turn", bids=(None, 1, None, 0))
    refused(BIDDING, "seat 2 has bid before seat 3, out of turn", bids=(None, None, 1, None))
    assert pos(BIDDING, bids=(None, None, None, 3)).current_player == 0


@pytest.mark.parametrize("bid", [-1, 4, 20])
def test_12_8_bids_in_range(bid: int) -> None:
    refused(BIDDING, f"seat 0's bid {bid} is outside 0 to 3", bids=(bid, None, None, 0))


def test_12_8_no_bid_before_the_trump_is_named() -> None:
    refused(
        BIDDING,
        "nobody bids before the dealer names the trump after a turned Wizard",
        turned=parse_card("W2"),
        trump=None,
    )


def test_12_8_the_bid_total_option() -> None:
    option = Config(players=4, forbid_bid_total_match=True)
    refused(
        PLAYING,
        "with the bid-total option the bids may not add up to 3",
        config=option,
        bids=(1, 0, 1, 1),
    )
    assert pos(PLAYING, config=option).bids == (1, 0, 1, 0)
    assert pos(PLAYING, bids=(1, 0, 1, 1)).bids == (1, 0, 1, 1)  # without the option
    # Before the dealer bids, the bids may add up to the round.
    assert pos(BIDDING, config=option, bids=(3, None, None, 0)).current_player == 1


# 12.9 play follows bidding.


def test_12_9_play_after_every_bid() -> None:
    refused(PLAYING, "cards are played only after every seat has bid", bids=(1, 0, None, 0))
    refused(
        BIDDING,
        "cards are played only after every seat has bid",
        hands=(cards("D9,S1,C5"), cards("D1,H2,C2"), cards("J1,C7,S4"), cards("D3,H5")),
        current_trick=cards("W1"),
    )


# 12.10 the finished tricks.


def test_12_10_whole_tricks() -> None:
    refused(
        PLAYING,
        "5 played cards are not a whole number of tricks of 4 cards",
        played=cards("J1,D1,D3,D9,S1"),
        hands=((), cards("H2"), cards("C7,S4"), cards("H5,W1")),
    )


@pytest.mark.parametrize(
    ("won", "fragment"),
    [
        ((0, 0, 0, 0), "the tricks won (0) do not add up to the 1 finished tricks"),
        ((1, 1, 0, 0), "the tricks won (2) do not add up to the 1 finished tricks"),
        ((2, -1, 0, 0), "the tricks won (1) do not add up to the 1 finished tricks"),
    ],
)
def test_12_10_tricks_won_add_up(won: tuple[int, ...], fragment: str) -> None:
    refused(PLAYING, fragment, tricks_won=won)


def test_12_10_a_round_with_every_trick_finished_is_over() -> None:
    # Round 1 of 3 players, its one trick played: the round is scored, not in progress.
    refused(
        "players=3 round=1 dealer=0 scores=0,0,0 hands=-/-/- turned=C1 trump=C "
        "bids=0,1,0 won=0,1,0 played=C2,C3,C4 trick=- leader=1",
        "round 1 has only 1 tricks, all of them finished",
    )


# 12.11 the leader.


@pytest.mark.parametrize(
    ("text", "leader", "fragment"),
    [
        (PLAYING, 4, "there is no seat 4 to lead"),
        (PLAYING, -1, "there is no seat -1 to lead"),
        (BIDDING, 0, "the seat left of the dealer (3) leads the first trick"),
        (PLAYING, 2, "seat 2 leads but has won no trick, so it did not win the last one"),
    ],
)
def test_12_11_the_leader(text: str, leader: int, fragment: str) -> None:
    refused(text, fragment, leader=leader)


# 12.12 the trick in progress.


def test_12_12_a_complete_trick_is_not_in_progress() -> None:
    refused(
        PLAYING,
        "a trick of 4 cards is finished, not in progress",
        hands=(cards("S1"), cards("H2"), cards("S4"), cards("W1")),
        current_trick=cards("C5,C2,C7,H5"),
    )


# 12.13 the hand sizes.


def test_12_13_hand_sizes() -> None:
    refused(
        PLAYING,
        "seat 2 holds 1 cards, not the 2 it must hold",
        hands=(cards("S1"), cards("H2"), cards("C7"), cards("H5,W1")),
    )
    refused(
        PLAYING,
        "seat 0 holds 2 cards, not the 1 it must hold",
        hands=(cards("S1,S2"), cards("H2"), cards("C7,S4"), cards("H5,W1")),
    )


# 12.14 following suit in the trick in progress.


def test_12_14_the_trick_follows_suit() -> None:
    # Seat 1 plays H2 on the led C5 while holding C2.
    revoked = {
        "hands": (cards("S1"), cards("C2"), cards("C7,S4"), cards("H5,W1")),
        "current_trick": cards("C5,H2"),
    }
    refused(PLAYING, "seat 1 played H2 while holding the led suit C", **revoked)
    # A hidden hand may hold anything: the same trick is a partial position.
    hidden = pos(
        PLAYING, hands=(cards("S1"), None, cards("C7,S4"), None), current_trick=cards("C5,H2")
    )
    assert not hidden.is_complete
    # A Wizard or Jester may always be played; a Wizard led sets no suit; and
    # Jesters before the first suit card set none either.
    assert pos(
        PLAYING,
        hands=(cards("S1"), cards("C2"), cards("C7,S4"), cards("H5,H2")),
        current_trick=cards("C5,W1"),
    )
    wizard_led = pos(
        PLAYING,
        hands=(cards("S1"), cards("C2"), cards("C7,S4"), cards("H5,C5")),
        current_trick=cards("W1,H2"),
    )
    assert wizard_led.current_player == 2
    jester_led = pos(
        PLAYING,
        hands=(cards("S1"), cards("C2"), cards("C7,S4"), cards("H5,C5")),
        current_trick=cards("J1,H2"),
        played=cards("W1,D1,D3,D9"),
    )
    assert jester_led.current_player == 2
    refused(
        PLAYING,
        "seat 1 played H2 while holding the led suit C",
        hands=(cards("S1"), cards("C2"), cards("C7,S4"), cards("W1")),
        current_trick=cards("J2,C5,H2"),
        leader=3,
        tricks_won=(0, 0, 0, 1),
    )


# -- the notation's errors -------------------------------------------------------------


def text_refused(text: object, column: int | None, fragment: str) -> None:
    with pytest.raises(PositionError) as error:
        Position.from_text(text)  # type: ignore[arg-type]
    assert error.value.code is ErrorCode.BAD_POSITION_TEXT
    assert error.value.column == column
    assert fragment in error.value.message, error.value.message
    if column is not None:
        assert error.value.message.startswith(f"column {column}")


@pytest.mark.parametrize(
    ("old", "new", "token", "fragment"),
    [
        ("players=4", "players=four", "players=four", "'four' is not a whole number"),
        ("players=4", "players=7", "players=7", "a game has 3 to 6 players, not 7"),
        ("players=4", "players=1234567", "players=1234567", "'1234567' is not a whole number"),
        ("players=4", "players=٤", "players=٤", "'٤' is not a whole number"),
        ("players=4", "players=+4", "players=+4", "'+4' is not a whole number"),
        ("players=4", "players=--4", "players=--4", "'--4' is not a whole number"),
        ("round=3", "round=", "round=", "'' is not a whole number"),
        ("round=3", "rounds=3", "rounds=3", "expected round= here"),
        ("round=3", "round", "round", "expected round= here"),
        (
            "round=3",
            "options=fast round=3",
            "options=fast",
            "the options are canadian_rule, clairvoyance, delayed_reveal, forbid_bid_total_match",
        ),
        ("dealer=2", "over", "over", "expected dealer= here"),
        ("dealer=2", "dealer=2 over=false", "over=false", "over is written alone"),
        ("dealer=2", "dealer=2 over=", "over=", "over is written alone"),
        ("scores=20,-30,50,0", "scores=20,,50,0", "scores=20,,50,0", "'' is not a whole number"),
        ("hands=S1/", "hands=S2,X1/", "hands=S2,X1/", "X1"),
        ("turned=H13", "turned=H13,H12", "turned=H13,H12", "one card is turned, or none ('-')"),
        ("turned=H13", "turned=?", "turned=?", "'?'"),
        ("trump=H", "trump=W", "trump=W", "'W'"),
        ("bids=1,0,1,0", "bids=1,0,1,x", "bids=1,0,1,x", "'x' is not a whole number"),
        ("won=1,0,0,0", "won=1,0,0,-", "won=1,0,0,-", "'-' is not a whole number"),
        ("played=J1", "played=-J1", "played=-J1", "-J1"),
        ("trick=C5,C2", "trick=C5,C2,", "trick=C5,C2,", "''"),
        ("leader=0", "leader=0 extra", "extra", "expected the end of the text here"),
        ("leader=0", "leader=0 leader=0", "leader=0", "expected the end of the text here"),
    ],
)
def test_bad_text_names_the_token_and_its_column(
    old: str, new: str, token: str, fragment: str
) -> None:
    # The column is that of the (last) token at fault.
    assert old in PLAYING
    text = PLAYING.replace(old, new, 1)
    text_refused(text, text.rindex(token) + 1, fragment)


def test_bad_text_tokens_out_of_order() -> None:
    swapped = "players=4 dealer=2 round=3"
    text_refused(swapped, 11, "expected round= here")
    text_refused("round=3 players=4", 1, "expected players= here")
    text_refused("", 1, "the text ends before players=")
    text_refused("   ", 4, "the text ends before players=")
    text_refused(
        PLAYING.replace(" leader=0", ""), len(PLAYING) - 8, "the text ends before leader="
    )
    cut = "players=4 round=3 dealer=2 over over"
    text_refused(cut, 33, "expected scores= here")


def test_bad_text_long_tokens_are_cut_in_the_message() -> None:
    text = PLAYING.replace("played=J1,D1,D3,D9", "played=" + ",".join(["J1"] * 20) + ",Q")
    with pytest.raises(PositionError) as error:
        Position.from_text(text)
    assert (
        "column 115, 'played=J1,J1,J1,J1,J1,J1,J1,J1,J1,J1,J1,...': 'Q' is not a card"
        in error.value.message
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"players=4", "position text must be a str, not bytes"),
        (None, "position text must be a str, not NoneType"),
        ("players=4 " * 500, "one line of at most 4096 characters"),
    ],
)
def test_text_that_is_not_a_line(text: object, fragment: str) -> None:
    text_refused(text, None, fragment)


@pytest.mark.parametrize(
    ("text", "column"),
    [(PLAYING + "\n", len(PLAYING) + 1), ("players=4\tround=3", 10), ("\rplayers=4", 1)],
)
def test_white_space_other_than_spaces_is_refused_at_its_column(text: str, column: int) -> None:
    text_refused(text, column, "tokens are separated by spaces, on one line")


def test_the_text_of_options_over_and_hidden_hands() -> None:
    text = (
        "players=3 options=forbid_bid_total_match round=20 dealer=2 over "
        "scores=0,10,-50 hands=-/-/- turned=- trump=- bids=-,-,- won=0,0,0 "
        "played=- trick=- leader=0"
    )
    over = Position.from_text(text)
    assert over.config == Config(players=3, first_dealer=1, forbid_bid_total_match=True)
    assert over.over
    assert over.to_text() == text
    hidden = pos(PLAYING, hands=(cards("S1"), None, None, cards("H5,W1")))
    assert "hands=S1/?/?/H5,W1" in hidden.to_text()
    assert Position.from_text(hidden.to_text()) == hidden
    assert_same_position(Position.from_text(hidden.to_text()), hidden)
    # A valid text of a position that cannot arise is invalid_position, not bad text.
    with pytest.raises(PositionError) as error:
        Position.from_text(PLAYING.replace("leader=0", "leader=1"))
    assert error.value.code is ErrorCode.INVALID_POSITION
    assert error.value.column is None


# -- the arguments of position_of and from_position -------------------------------------


@pytest.mark.parametrize("value", [None, "players=4", pos(PLAYING), object()])
def test_position_of_needs_a_state_or_a_view(value: object) -> None:
    with pytest.raises(InvalidArgumentError) as error:
        position_of(value)  # type: ignore[arg-type]
    assert error.value.code is ErrorCode.INVALID_ARGUMENT
    assert f"expected a State or a PlayerView, not {type(value).__name__}" in error.value.message


@pytest.mark.parametrize("value", [None, PLAYING, new_game(Config(players=4))])
def test_from_position_needs_a_position(value: object) -> None:
    with pytest.raises(InvalidArgumentError) as error:
        from_position(value)  # type: ignore[arg-type]
    assert error.value.code is ErrorCode.INVALID_ARGUMENT
    assert f"expected a Position, not {type(value).__name__}" in error.value.message


def test_from_position_refuses_a_partial_position() -> None:
    partial = pos(PLAYING, hands=(cards("S1"), None, cards("C7,S4"), None))
    with pytest.raises(PositionError) as error:
        from_position(partial)
    assert error.value.code is ErrorCode.INVALID_POSITION
    assert "the hands of seats [1, 3] are hidden" in error.value.message


def test_a_position_set_up_by_hand_plays_on() -> None:
    state = from_position(pos(PLAYING))
    assert state.current_player == 2
    # Seat 2 holds C7 and must follow clubs.
    assert legal_actions(state) == (Play(2, parse_card("C7")),)
    state = apply(state, legal_actions(state)[0])
    assert state.current_player == 3
    assert state.undealt == tuple(
        c for c in DECK if c not in cards("S1,H2,C7,S4,H5,W1,H13,J1,D1,D3,D9,C5,C2")
    )


def test_views_give_partial_positions() -> None:
    state = from_position(pos(PLAYING))
    partial = position_of(player_view(state, 2))
    assert partial.hands == (None, None, cards("C7,S4"), None)
    assert partial.hand_sizes == (1, 1, 2, 2)
    assert not partial.is_complete
    assert partial.to_text().startswith(
        "players=4 round=3 dealer=2 scores=20,-30,50,0 hands=?/?/C7,S4/?"
    )
    dealing = position_of(player_view(from_position(pos(DEALING)), 0))
    assert dealing.is_complete
    assert dealing == pos(DEALING)
    assert_same_position(dealing, pos(DEALING))


def test_positions_registered_with_hypothesis() -> None:
    @given(st.from_type(Position))
    def complete(position: Position) -> None:
        assert position.is_complete

    complete()


@given(positions(configs(players=3), partial=None))
def test_positions_of_a_config(position: Position) -> None:
    assert position.config.players == 3


# -- the legal actions of a position -------------------------------------------------


def test_a_positions_legal_actions_are_the_games_at_every_step() -> None:
    import random

    from wizard_rules import apply, legal_actions, new_game, player_view, random_action

    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(Config(players=3 + seed % 4, forbid_bid_total_match=seed % 2 == 1))
        while not state.is_over:
            assert position_of(state).legal_actions() == legal_actions(state)
            seat = state.current_player
            if seat is not None:  # the seat's own view: the other hands hidden
                assert position_of(player_view(state, seat)).legal_actions() == legal_actions(
                    state
                )
            state = apply(state, random_action(state, rng))
        assert position_of(state).legal_actions() == ()


def test_a_position_cannot_list_the_cards_of_a_hidden_hand() -> None:
    from wizard_rules import InvalidArgumentError

    # A bid needs no hand (so a blind seat bids, rule 26): P1 may bid 0 or 1.
    bidding = (
        "players=3 round=1 dealer=0 scores=0,0,0 hands=C1/?/C3 turned=H2 trump=H "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=1"
    )
    assert [a.tricks for a in Position.from_text(bidding).legal_actions()] == [0, 1]  # type: ignore[union-attr]
    text = (
        "players=3 round=1 dealer=0 scores=0,0,0 hands=C1/?/C3 turned=H2 trump=H "
        "bids=0,1,0 won=0,0,0 played=- trick=- leader=1"
    )
    with pytest.raises(
        InvalidArgumentError, match="P1, the seat to act, which is hidden"
    ) as caught:
        Position.from_text(text).legal_actions()
    assert caught.value.code is ErrorCode.INVALID_ARGUMENT
