"""Actions: the small frozen records that move a game from one state to the next.

There are four kinds, one per phase of a round:

* :class:`Deal` -- the chance step: every hand and the turned card;
* :class:`ChooseTrump` -- the dealer names trump after a Wizard is turned;
* :class:`Bid` -- a player says how many tricks they will take;
* :class:`Play` -- a player plays a card to the trick.

The player actions name the seat that acts, so that a game server can pass an
untrusted client's action straight to :func:`~wizard_rules.apply` and get
``not_your_turn`` back when it is not that client's turn.

Constructing an action checks the *types* of its fields and raises
:class:`~wizard_rules.errors.InvalidActionError` for garbage; whether the
action is *legal* is a question for :func:`~wizard_rules.check` in a given
state.

>>> from wizard_rules import Bid, Play, parse_card
>>> Play(player=2, card=parse_card("H13"))
Play(player=2, card=parse_card('H13'))
>>> Bid(player=0, tricks="two")
Traceback (most recent call last):
...
wizard_rules.errors.InvalidActionError: [invalid_action] Bid.tricks must be an int, not str
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from wizard_rules.core.cards import DECK, Card, Suit, format_cards
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS
from wizard_rules.errors import ErrorCode, InvalidActionError, show_value

__all__ = ["Action", "Bid", "ChooseTrump", "Deal", "Play"]


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: Any) -> None:
    if type(value) is not int:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"{_owner_name(attribute)}.{attribute.name} must be an int, "
            f"not {type(value).__name__}",
        )


def _owner_name(attribute: attrs.Attribute[int]) -> str:
    # attrs does not record the owning class on an Attribute; the metadata
    # entry below carries it so that messages can name the action.
    owner = attribute.metadata.get("owner")
    return owner if isinstance(owner, str) else "action"


def _hands(value: object) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, (tuple, list)):
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"Deal.hands must be a sequence of hands, not {type(value).__name__}",
        )
    hands = []
    for hand in value:
        if not isinstance(hand, (tuple, list, frozenset, set)):
            raise InvalidActionError(
                ErrorCode.INVALID_ACTION,
                f"each hand in Deal.hands must be a sequence of cards, not {type(hand).__name__}",
            )
        for card in hand:
            if type(card) is not Card:
                raise InvalidActionError(
                    ErrorCode.INVALID_ACTION,
                    f"Deal.hands must hold cards, not {type(card).__name__}",
                )
        hands.append(tuple(sorted(hand, key=_index)))
    return tuple(hands)


def _index(card: Card) -> int:
    return card.index


def _turned(_instance: object, _attribute: object, value: Any) -> None:
    if value is not None and type(value) is not Card:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"Deal.turned must be a card or None, not {type(value).__name__}",
        )


@attrs.frozen
class Deal:
    """The chance step that starts a round: every player's hand and the turned card.

    :ivar hands: one collection of cards per seat, in seat order (seat 0
        first).  Each hand is stored sorted in canonical card order, so two
        deals of the same cards compare equal however they were written.
    :ivar turned: the top card of the undealt stack, turned to decide trump,
        or ``None`` when no card remains (the last round).

    Whether the deal fits the round (the right number of hands and cards, no
    card twice, a turned card exactly when cards remain) is checked when it is
    applied.  Use :func:`~wizard_rules.random_deal` to draw one.
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    turned: Card | None = attrs.field(validator=_turned)

    def __str__(self) -> str:
        """Return a one-line account such as ``deal [C1] [W2] [J1] turned H7``."""
        hands = " ".join(f"[{format_cards(hand)}]" for hand in self.hands)
        return f"deal {hands} turned {self.turned if self.turned is not None else '-'}"


def _suit_or_none(_instance: object, _attribute: object, value: Any) -> None:
    if value is not None and type(value) is not Suit:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"ChooseTrump.suit must be a Suit (or None, which the rules refuse), "
            f"not {type(value).__name__}",
        )


@attrs.frozen
class ChooseTrump:
    """The dealer names the trump suit after turning a Wizard.

    ``suit=None`` stands for "no trump": it can be written, so that a server
    can pass it on, but the rules refuse it (``no_trump_not_allowed``).

    :ivar player: the seat naming trump (it must be the dealer).
    :ivar suit: the :class:`~wizard_rules.Suit` named, or ``None``.
    """

    player: int = attrs.field(
        validator=_int_field, metadata={"owner": "ChooseTrump"}, repr=show_value
    )
    suit: Suit | None = attrs.field(validator=_suit_or_none)

    def __str__(self) -> str:
        """Return a one-line account such as ``P0 names trump H``."""
        suit = self.suit if self.suit is not None else "none"
        return f"P{show_value(self.player)} names trump {suit}"


@attrs.frozen
class Bid:
    """A player bids how many tricks they will take this round.

    :ivar player: the seat bidding.
    :ivar tricks: the number of tricks bid, from 0 to the round number.
    """

    player: int = attrs.field(validator=_int_field, metadata={"owner": "Bid"}, repr=show_value)
    tricks: int = attrs.field(validator=_int_field, metadata={"owner": "Bid"}, repr=show_value)

    def __str__(self) -> str:
        """Return a one-line account such as ``P1 bids 2``."""
        return f"P{show_value(self.player)} bids {show_value(self.tricks)}"


def _card(_instance: object, _attribute: object, value: Any) -> None:
    if type(value) is not Card:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION, f"Play.card must be a Card, not {type(value).__name__}"
        )


@attrs.frozen
class Play:
    """A player plays a card to the current trick.

    :ivar player: the seat playing.
    :ivar card: the :class:`~wizard_rules.Card` played.
    """

    player: int = attrs.field(validator=_int_field, metadata={"owner": "Play"}, repr=show_value)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        """Return a one-line account such as ``P3 plays H13``."""
        return f"P{show_value(self.player)} plays {self.card}"


Action: TypeAlias = Deal | ChooseTrump | Bid | Play
"""Any action: the union of the four action records."""

_ACTION_TYPES: Final = (Deal, ChooseTrump, Bid, Play)
"""The four action classes (internal)."""

# Interned player actions.  Legal-action generation hands these out instead of
# building new records, which keeps the hot path free of validator calls; an
# action a caller builds compares equal to the interned one.
_SEATS: Final = range(MAX_PLAYERS)
_MOST_TRICKS: Final = len(DECK) // MIN_PLAYERS  # the last round of the smallest game

_PLAYS: Final = tuple(tuple(Play(seat, card) for card in DECK) for seat in _SEATS)
"""``_PLAYS[seat][card.index]`` is the interned ``Play(seat, card)`` (internal)."""

_BIDS: Final = tuple(tuple(Bid(seat, n) for n in range(_MOST_TRICKS + 1)) for seat in _SEATS)
"""``_BIDS[seat][n]`` is the interned ``Bid(seat, n)``; a slice ``[: r + 1]`` is
every bid of round ``r`` (internal)."""

_TRUMP_CHOICES: Final = tuple(tuple(ChooseTrump(seat, suit) for suit in Suit) for seat in _SEATS)
"""``_TRUMP_CHOICES[seat]``: the four legal trump choices of ``seat`` (internal)."""


def _interned(action: Action) -> Action:
    """The interned record equal to a player action (a deal is returned as it is; internal).

    The action must be one the rules could accept: a seat and a card, bid or
    suit in range (the transitions check first).
    """
    if type(action) is Play:
        return _PLAYS[action.player][action.card.index]
    if type(action) is Bid:
        return _BIDS[action.player][action.tricks]
    if type(action) is ChooseTrump and action.suit is not None:
        return _TRUMP_CHOICES[action.player][_SUIT_ORDER[action.suit]]
    return action


_SUIT_ORDER: Final = {suit: index for index, suit in enumerate(Suit)}
