"""The deck with anniversary cards: the 60, some of the nine, and the readings (rule 28).

:class:`AnniversaryDeck` is the deck piece of :class:`~wizard_rules.core.rules.Rules`
for a game with anniversary cards: ``Rules(deck=AnniversaryDeck(added=("dragon",
"fairy")))``.  It names the cards added to the 60 and the readings of the
points the sources leave open (:class:`~wizard_rules.core.anniversary.readings.Readings`).

>>> from wizard_rules.core.anniversary.deck import AnniversaryDeck
>>> deck = AnniversaryDeck(added=("fairy", "dragon", "bomb"))
>>> deck.added, len(deck.cards)
(('dragon', 'fairy', 'bomb'), 63)
>>> AnniversaryDeck(added=("dragon",))
Traceback (most recent call last):
...
wizard_rules.errors.ConfigError: [invalid_config] the Dragon and the Fairy go in together \
or not at all (rule 28.2): add both, or neither
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from wizard_rules.core.anniversary.readings import Readings
from wizard_rules.core.cards import ANNIVERSARY_CARDS, DECK, Card, Kind
from wizard_rules.errors import ConfigError, ErrorCode, show_value

__all__ = ["CARD_NAMES", "EDITIONS", "AnniversaryDeck", "card_of_name"]

CARD_NAMES: Final[tuple[str, ...]] = tuple(card.kind.value for card in ANNIVERSARY_CARDS)
"""The nine cards' names, in canonical order: ``dragon``, ``fairy``, ``bomb``,
``werewolf``, ``juggler``, ``cloud``, ``shapeshifter``, ``witch``, ``vampire``
(each card's :class:`~wizard_rules.Kind` value; its token is the name
capitalised, ``Dragon``)."""

EDITIONS: Final[dict[str, tuple[str, ...]]] = {
    "20": CARD_NAMES[:6],
    "25": CARD_NAMES[:7],
    "30": CARD_NAMES,
}
"""The cards of each anniversary edition: 20 years, six cards; 25 years, and the
Shapeshifter; 30 years, and the Witch and the Vampire."""

_CARD_BY_NAME: Final = {card.kind.value: card for card in ANNIVERSARY_CARDS}


def card_of_name(name: str) -> Card:
    """Return the anniversary card called ``name`` (one of :data:`CARD_NAMES`).

    :raises ConfigError: ``invalid_config``: ``name`` is not one of them.
    """
    card = _CARD_BY_NAME.get(name) if type(name) is str else None
    if card is None:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"the anniversary cards are {', '.join(CARD_NAMES)}, not {show_value(name)}",
        )
    return card


def _added(value: Any) -> tuple[str, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"the anniversary cards are a list of names, not {type(value).__name__}",
        )
    cards = [card_of_name(name) for name in value]
    if len(set(cards)) != len(cards):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            "each anniversary card is added once: the list names a card twice",
        )
    if not cards:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            "a deck with anniversary cards adds at least one: with none, play the standard deck",
        )
    kinds = {card.kind for card in cards}
    if (Kind.DRAGON in kinds) != (Kind.FAIRY in kinds):
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            "the Dragon and the Fairy go in together or not at all (rule 28.2): "
            "add both, or neither",
        )
    return tuple(card.kind.value for card in sorted(cards, key=_index))


def _index(card: Card) -> int:
    return card.index


def _readings(_instance: object, _attribute: object, value: object) -> None:
    if type(value) is not Readings:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG, f"readings must be a Readings, not {show_value(value)}"
        )


@attrs.frozen
class AnniversaryDeck:
    """The 60 cards and some of the nine anniversary cards (rule 28).

    :ivar added: the names of the cards added (:data:`CARD_NAMES`), in
        canonical order whatever the order given; at least one, each once,
        and the Dragon with the Fairy or neither (rule 28.2).
    :ivar readings: the reading of each disputed point (every default unless
        chosen).

    The number of rounds stays 60 / players (rule 28.3): the schedule reads
    the 60, and the cards left over are more, so a trump card is turned in
    every round, the last included.
    """

    added: tuple[str, ...] = attrs.field(converter=_added)
    readings: Readings = attrs.field(factory=Readings, validator=_readings)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, in canonical order: the 60, then the cards added."""
        return DECK + self.added_cards

    @property
    def added_cards(self) -> tuple[Card, ...]:
        """The anniversary cards added, in canonical order."""
        return tuple(_CARD_BY_NAME[name] for name in self.added)

    def has(self, kind: Kind) -> bool:
        """Whether the deck holds the anniversary card of ``kind``."""
        return kind.value in self.added
