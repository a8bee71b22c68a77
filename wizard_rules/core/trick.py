"""The rules of a single trick: the led suit, following, and the winner.

These are pure functions of the cards on the table (in the order they were
played) and the trump suit; the state machine and the player views share them.

>>> from wizard_rules import Suit, led_suit, parse_cards, winning_position
>>> cards = parse_cards("J1 C5 H2 C13")
>>> led_suit(cards), winning_position(cards, Suit.HEARTS)
(<Suit.CLUBS: 'C'>, 2)
>>> winning_position(parse_cards("J3 J1 J2"), None)   # all Jesters: the first wins
0
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final, cast

import attrs

from wizard_rules.core.cards import _SPECIALS_MASK, DECK, Card, Kind, Suit, _mask_of
from wizard_rules.errors import ErrorCode, InvalidArgumentError, show_value

__all__ = ["Trick", "led_card", "led_suit", "may_play", "winning_position"]

_WIZARD: Final = Kind.WIZARD
_JESTER: Final = Kind.JESTER
_WIZARDS_MASK: Final = _mask_of(card for card in DECK if card.kind is Kind.WIZARD)
_SUIT_MASK_BY_LETTER: Final = {
    suit.value: _mask_of(card for card in DECK if card.suit is suit) for suit in Suit
}
"""Each suit's mask, by the suit's letter (an enum member hashes in Python, a
short string at once)."""


def led_card(cards: Sequence[Card]) -> Card | None:
    """Return the card that decides the led suit of a trick that began with ``cards``.

    That is the first card that is not a Jester: a suit card (which leads
    its suit) or a Wizard (which means no led suit).  ``None`` while only
    Jesters (or nothing) have been played.  :func:`led_suit` is its suit.

    :raises InvalidArgumentError: ``cards`` is not a sequence of cards.
    """
    return _led_card(_cards(cards, "cards", Sequence))


def led_suit(cards: Sequence[Card]) -> Suit | None:
    """Return the suit others must follow in a trick that began with ``cards``.

    The first card that is not a Jester decides: a suit card makes its suit
    the led suit; a Wizard means the trick has no led suit.  While only
    Jesters (or nothing) have been played there is no led suit yet.

    :raises InvalidArgumentError: ``cards`` is not a sequence of cards.
    """
    return _led_suit(_cards(cards, "cards", Sequence))


def winning_position(cards: Sequence[Card], trump: Suit | None) -> int:
    """Return the position (0 = the leader) of the card that wins ``cards``.

    The first Wizard wins; otherwise the highest trump; otherwise the highest
    card of the led suit; and if every card is a Jester, the first Jester.
    For a trick still being played this is the card winning so far.

    :param cards: the cards of the trick in the order played; not empty.
    :param trump: the trump suit, or ``None`` for a round without trump.
    :raises InvalidArgumentError: ``cards`` is empty or not a sequence of
        cards, or ``trump`` is neither a suit nor ``None``.
    """
    checked = _cards(cards, "cards", Sequence)
    if not checked:
        raise InvalidArgumentError(ErrorCode.INVALID_ARGUMENT, "an empty trick has no winner")
    if trump is not None and type(trump) is not Suit:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"trump must be a Suit or None, not {type(trump).__name__}"
        )
    return _winning_position(checked, trump)


def may_play(hand: Collection[Card], trick: Sequence[Card], card: Card) -> bool:
    """Return whether a player holding ``hand`` may play ``card`` to ``trick``.

    The card must be in the hand.  A Wizard or Jester may always be played; a
    suit card may be played unless there is a led suit, the card is of another
    suit, and the hand holds a card of the led suit.  There is no duty to trump.

    :raises InvalidArgumentError: an argument is not a card or cards.
    """
    held = _cards(hand, "hand", Collection)
    if type(card) is not Card:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"card must be a Card, not {type(card).__name__}"
        )
    return bool(_playable_mask(_mask_of(held), _cards(trick, "trick", Sequence)) & card.mask)


def _cards(cards: object, what: str, shape: type) -> tuple[Card, ...]:
    # A trick is a sequence (its order matters); a hand any collection.
    if isinstance(cards, (str, bytes)) or not isinstance(cards, shape):
        kind = "sequence" if shape is Sequence else "collection"
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} must be a {kind} of cards, not {type(cards).__name__}",
        )
    checked: tuple[Card, ...] = tuple(cast(Collection[Card], cards))
    for card in checked:
        if type(card) is not Card:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, f"{what} must hold cards, not {type(card).__name__}"
            )
    return checked


# The internal versions below are what the state machine calls on its hot
# path, with arguments it built itself; they trust their input.  Each rule of
# a trick is written here once.


def _led_card(cards: Sequence[Card]) -> Card | None:
    """The card that decides the led suit: the first that is not a Jester (internal).

    Rules 6.1 to 6.3: a suit card leads its suit; a Wizard means no led suit;
    while only Jesters (or nothing) are on the table, nothing is decided.
    """
    for card in cards:
        if card.kind is not _JESTER:
            return card
    return None


def _led_suit(cards: Sequence[Card]) -> Suit | None:
    """:func:`led_suit` without argument checks (internal)."""
    card = _led_card(cards)
    return None if card is None else card.suit  # a Wizard's suit is None


def _winning_position(cards: Sequence[Card], trump: Suit | None) -> int:
    """:func:`winning_position` without argument checks (internal): rules 8.1 to 8.5.

    Worked on bit masks, since the deck's canonical order ranks each suit's
    cards from low to high: the best card of a suit among the cards is the
    highest bit of their mask within the suit's mask.
    """
    mask = 0
    for card in cards:
        mask |= card.mask
    if mask & _WIZARDS_MASK:  # the first Wizard wins (rule 8.1)
        position = 0
        while cards[position].kind is not _WIZARD:
            position += 1
        return position
    if trump is not None:  # else the highest trump (rule 8.2)
        trumps = mask & _SUIT_MASK_BY_LETTER[trump._value_]
        if trumps:
            return cards.index(DECK[trumps.bit_length() - 1])
    led = _led_card(cards)
    if led is None:  # only Jesters: the first wins (rule 8.4)
        return 0
    # Else the highest card of the led suit (rule 8.3): a Jester never wins
    # against it, nor a card of another suit.
    return cards.index(DECK[(mask & led.suit_mask).bit_length() - 1])


def _winner(leader: int, cards: Sequence[Card], trump: Suit | None, players: int) -> int:
    """The seat that wins (or is winning) a trick led by ``leader`` (internal)."""
    # (Seats count to the left, as config's seat arithmetic says; written
    # out here, because the rules pieces of wizard_rules.core.rules, which
    # config imports, read this module.)
    return (leader + _winning_position(cards, trump)) % players


def _playable_mask(hand_mask: int, trick: Sequence[Card]) -> int:
    """The cards of a hand (a bit mask) that may be played to ``trick`` (internal).

    The duty to follow (rules 7.1 to 7.3) on bit masks: if the trick has a led
    suit and the hand holds some of it, only those cards and the hand's
    Wizards and Jesters; otherwise the whole hand.  The state machine checks
    and lists cards with this one function.
    """
    led = _led_card(trick)
    if led is not None:
        suit_mask = led.suit_mask  # 0 for a Wizard: no led suit
        if hand_mask & suit_mask:
            return hand_mask & (suit_mask | _SPECIALS_MASK)
    return hand_mask


def _trick(leader: int, cards: tuple[Card, ...], winner: int) -> Trick:
    """A completed trick, from fields the transitions built (internal, unchecked)."""
    trick: Trick = _new_object(Trick)
    _set_leader(trick, leader)  # the slots' own setters: a frozen class
    _set_cards(trick, cards)  # refuses setattr, and a trick is made once
    _set_winner(trick, winner)  # a trick of every game
    return trick


@attrs.frozen(init=False)
class Trick:
    """A completed trick, as the game recorded it.

    Tricks are made by the game (they are read from
    :attr:`State.completed_tricks <wizard_rules.State.completed_tricks>` and
    :attr:`RoundResult.tricks <wizard_rules.RoundResult.tricks>`); there is
    no public constructor, so that every trick is one that was played.

    :ivar leader: the seat that played the first card.
    :ivar cards: the cards in the order played; ``cards[i]`` was played by
        seat ``(leader + i) % len(cards)``.
    :ivar winner: the seat that won the trick.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "tricks are not constructed: read them from a state or a round's result",
        )

    def seat_of(self, position: int) -> int:
        """Return the seat that played ``cards[position]``.

        :raises InvalidArgumentError: ``position`` is not a position of the trick.
        """
        if type(position) is not int or not 0 <= position < len(self.cards):
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"position must be an int from 0 to {len(self.cards) - 1}, "
                f"not {show_value(position)}",
            )
        return (self.leader + position) % len(self.cards)  # to the left, as _winner

    @property
    def winning_card(self) -> Card:
        """The card that won the trick."""
        return self.cards[(self.winner - self.leader) % len(self.cards)]

    @property
    def led_suit(self) -> Suit | None:
        """The suit the others had to follow, or ``None`` (a Wizard led, or only Jesters).

        The first card that is no Jester decides, as
        :func:`~wizard_rules.core.trick.led_suit` says.
        """
        return _led_suit(self.cards)


_new_object = object.__new__
_set_leader = Trick.__dict__["leader"].__set__
_set_cards = Trick.__dict__["cards"].__set__
_set_winner = Trick.__dict__["winner"].__set__
