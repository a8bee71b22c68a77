"""Shared helpers for the test suite: building deals and walking games by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from wizard_rules import (
    DECK,
    Bid,
    Card,
    Config,
    Deal,
    Kind,
    Phase,
    Play,
    State,
    Suit,
    apply,
    new_game,
    parse_card,
    parse_cards,
    random_action,
)


def card(text: str) -> Card:
    return parse_card(text)


def state_at_round(config: Config, round_number: int, seed: int = 0) -> State:
    """Return the state at the deal of ``round_number``, reached by seeded random play."""
    rng = random.Random(seed)
    state = new_game(config)
    while state.round < round_number:
        state = apply(state, random_action(state, rng))
    assert state.phase is Phase.DEAL
    assert state.round == round_number
    return state


def fill_deal(
    state: State, given: Mapping[int, str], turned: str | None, *, avoid: str = ""
) -> Deal:
    """Return a deal for ``state``'s round.

    Seats in ``given`` get exactly those cards; the other seats get the lowest
    remaining cards in canonical order, never the turned card nor any card in
    ``avoid`` (those stay in the undealt stack).
    """
    players = state.config.players
    size = state.round
    fixed = {seat: parse_cards(text) for seat, text in given.items()}
    turned_card = None if turned is None else parse_card(turned)
    used = {c for hand in fixed.values() for c in hand}
    blocked = used | set(parse_cards(avoid))
    if turned_card is not None:
        blocked.add(turned_card)
    pool = [c for c in DECK if c not in blocked]
    hands: list[tuple[Card, ...]] = []
    for seat in range(players):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(tuple(pool[:size]))
            del pool[:size]
    return Deal(hands, turned_card)


def full_deck_deal(state: State) -> Deal:
    """Return the deal of the last round: all 60 cards, nothing turned."""
    size = state.round
    players = state.config.players
    assert size * players == len(DECK)
    return Deal([DECK[seat * size : (seat + 1) * size] for seat in range(players)], None)


def bid_all(state: State, bids: Mapping[int, int] | Sequence[int]) -> State:
    """Apply every seat's bid (``bids[seat]``) in turn until bidding is over."""
    while state.phase is Phase.BID:
        seat = state.current_player
        assert seat is not None
        state = apply(state, Bid(seat, bids[seat]))
    return state


def play_cards(state: State, text: str) -> State:
    """Play the cards in ``text`` in order, each by the player to act."""
    for c in parse_cards(text):
        seat = state.current_player
        assert seat is not None
        state = apply(state, Play(seat, c))
    return state


def walk(config: Config, seed: int) -> Iterator[State]:
    """Yield every state of a seeded random game, from new_game to the end."""
    rng = random.Random(seed)
    state = new_game(config)
    yield state
    while not state.is_over:
        state = apply(state, random_action(state, rng))
        yield state


# -- independent reference implementations of the rules ---------------------


def ref_led_suit(cards: Sequence[Card]) -> Suit | None:
    for c in cards:
        if c.kind is Kind.WIZARD:
            return None
        if c.kind is Kind.SUIT:
            return c.suit
    return None


def ref_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Position of the winning card, written straight from rule 9."""
    for position, c in enumerate(cards):
        if c.kind is Kind.WIZARD:
            return position
    trumps = [
        (c.rank or 0, i) for i, c in enumerate(cards) if trump is not None and c.suit is trump
    ]
    if trumps:
        return max(trumps)[1]
    led = ref_led_suit(cards)
    followers = [
        (c.rank or 0, i) for i, c in enumerate(cards) if led is not None and c.suit is led
    ]
    if followers:
        return max(followers)[1]
    return 0


def ref_playable(hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
    """The cards of ``hand`` that rule 8 allows on ``trick``."""
    led = ref_led_suit(trick)
    if led is None or not any(c.suit is led for c in hand):
        return set(hand)
    return {c for c in hand if c.suit is led or c.kind is not Kind.SUIT}
