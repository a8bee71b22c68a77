"""The actions the anniversary cards add: small frozen records, one per new decision.

A game with anniversary cards is played with the standard game's
:class:`~wizard_rules.Deal`, :class:`~wizard_rules.ChooseTrump`,
:class:`~wizard_rules.Bid` and :class:`~wizard_rules.Play`, and these:

* :class:`WerewolfTrump` -- the Werewolf's holder takes the turned card and
  names trump, or no trump (rule 32);
* :class:`Reveal` -- a chance step: the stock's next card is turned face up
  for the Vampire to copy (rule 37.3);
* :class:`Declare` -- the suit of a Juggler or a Cloud, or what a
  Shapeshifter counts as, said as it is played (rules 33 to 35);
* :class:`PassCard` -- a card passed to the left after a Juggler's trick (rule 33.2);
* :class:`ChangeBid` -- the Cloud's winner changes their bid by one (rule 34.2);
* :class:`WitchSwap` -- the Witch's player swaps a card of their hand for
  one of her trick, or keeps their hand (rule 36.2).

As with the standard actions, constructing one checks the types of its
fields (:class:`~wizard_rules.errors.InvalidActionError`); whether it is
legal is :func:`~wizard_rules.check`'s question.

>>> from wizard_rules import Kind, Suit
>>> from wizard_rules.core.anniversary.actions import ChangeBid, Declare
>>> str(Declare(player=2, declared=Suit.HEARTS)), str(Declare(player=0, declared=Kind.WIZARD))
('P2 declares H', 'P0 declares Wizard')
>>> ChangeBid(player=1, by=1)
ChangeBid(player=1, by=1)
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.errors import ErrorCode, InvalidActionError, show_value

__all__ = [
    "AnniversaryAction",
    "ChangeBid",
    "Declare",
    "PassCard",
    "Reveal",
    "WerewolfTrump",
    "WitchSwap",
]


def _int(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"{type(instance).__name__}.{attribute.name} must be an int, "
            f"not {type(value).__name__}",
        )


def _card(instance: object, attribute: attrs.Attribute[Card], value: object) -> None:
    if type(value) is not Card:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"{type(instance).__name__}.{attribute.name} must be a Card, "
            f"not {type(value).__name__}",
        )


def _card_or_none(
    instance: object, attribute: attrs.Attribute[Card | None], value: object
) -> None:
    if type(value) is not Card and value is not None:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"{type(instance).__name__}.{attribute.name} must be a Card or None, "
            f"not {type(value).__name__}",
        )


def _suit_or_none(_instance: object, _attribute: object, value: Suit | None) -> None:
    if value is not None and type(value) is not Suit:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"WerewolfTrump.suit must be a Suit or None (no trump), not {type(value).__name__}",
        )


@attrs.frozen
class WerewolfTrump:
    """The Werewolf's holder shows it, takes the turned card and names trump (rule 32).

    The swap is not a choice (the Werewolf always takes the trump place);
    the choice is the trump: a suit, or ``None`` for no trump.

    :ivar player: the seat holding the Werewolf.
    :ivar suit: the trump suit named, or ``None`` for no trump.
    """

    player: int = attrs.field(validator=_int, repr=show_value)
    suit: Suit | None = attrs.field(validator=_suit_or_none)

    def __str__(self) -> str:
        """Return a one-line account such as ``P1 shows the Werewolf and names trump H``."""
        named = "no trump" if self.suit is None else f"trump {self.suit}"
        return f"P{show_value(self.player)} shows the Werewolf and names {named}"


@attrs.frozen
class Reveal:
    """A chance step: the next card of the stock is turned face up (rule 37.3).

    It happens when the Werewolf sits in the trump place of a game with the
    Vampire, so that everyone sees what the Vampire copies.

    :ivar card: the card turned up (one of the stock's).
    """

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        """Return a one-line account such as ``stock card turned up: C5``."""
        return f"stock card turned up: {self.card}"


def _declared(_instance: object, _attribute: object, value: Suit | Kind) -> None:
    if type(value) is not Suit and type(value) is not Kind:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"Declare.declared must be a Suit or a Kind, not {type(value).__name__}",
        )


@attrs.frozen
class Declare:
    """What the card just played counts as, said by its player (rules 33.1, 34.1, 35.1).

    A Juggler or a Cloud is declared a :class:`~wizard_rules.Suit`; a
    Shapeshifter :attr:`Kind.WIZARD <wizard_rules.Kind.WIZARD>` or
    :attr:`Kind.JESTER <wizard_rules.Kind.JESTER>`.  A Vampire that copies
    one of them is declared as the card it copies.

    :ivar player: the seat that played the card.
    :ivar declared: the suit, or the kind, it counts as.
    """

    player: int = attrs.field(validator=_int, repr=show_value)
    declared: Suit | Kind = attrs.field(validator=_declared)

    def __str__(self) -> str:
        """Return a one-line account such as ``P2 declares H`` or ``P0 declares Wizard``."""
        value = self.declared
        said = str(value) if type(value) is Suit else value.name.title()
        return f"P{show_value(self.player)} declares {said}"


@attrs.frozen
class PassCard:
    """A card passed face down to the left after a Juggler's trick (rule 33.2).

    :ivar player: the seat passing.
    :ivar card: the card it passes, from its hand.
    """

    player: int = attrs.field(validator=_int, repr=show_value)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        """Return a one-line account such as ``P1 passes C5``."""
        return f"P{show_value(self.player)} passes {self.card}"


@attrs.frozen
class ChangeBid:
    """The winner of the Cloud's trick changes their bid by one (rule 34.2).

    :ivar player: the seat that won the Cloud's trick.
    :ivar by: ``1`` (up) or ``-1`` (down).
    """

    player: int = attrs.field(validator=_int, repr=show_value)
    by: int = attrs.field(validator=_int, repr=show_value)

    def __str__(self) -> str:
        """Return a one-line account such as ``P1 changes their bid by +1``."""
        by = self.by
        return f"P{show_value(self.player)} changes their bid by {'+' if by > 0 else ''}{by}"


@attrs.frozen
class WitchSwap:
    """The Witch's player swaps a card of their hand for one of her trick, or not (rule 36.2).

    :ivar player: the seat that played the Witch.
    :ivar give: the card of its hand put into the trick, or ``None`` (no swap).
    :ivar take: the card of the trick taken into its hand (never the Witch
        herself), or ``None`` (no swap).
    """

    player: int = attrs.field(validator=_int, repr=show_value)
    give: Card | None = attrs.field(validator=_card_or_none)
    take: Card | None = attrs.field(validator=_card_or_none)

    def __attrs_post_init__(self) -> None:
        if (self.give is None) != (self.take is None):
            raise InvalidActionError(
                ErrorCode.INVALID_ACTION,
                "WitchSwap gives and takes a card, or neither "
                "(give=None, take=None keeps the hand)",
            )

    def __str__(self) -> str:
        """Return a one-line account such as ``P0 swaps C3 for H9`` or ``P0 keeps their hand``."""
        if self.give is None:
            return f"P{show_value(self.player)} keeps their hand"
        return f"P{show_value(self.player)} swaps {self.give} for {self.take}"


AnniversaryAction: TypeAlias = (
    "WerewolfTrump | Reveal | Declare | PassCard | ChangeBid | WitchSwap"
)
"""Any of the actions the anniversary cards add."""

ANNIVERSARY_ACTION_TYPES: Final = (WerewolfTrump, Reveal, Declare, PassCard, ChangeBid, WitchSwap)
"""The six action classes the anniversary cards add (internal)."""
