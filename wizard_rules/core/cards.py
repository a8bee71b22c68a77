"""The 60 cards of Wizard, and their text form.

The deck has four suits of ranks 1 to 13, four Wizards and four Jesters.  The
Wizards (and the Jesters) act alike, but each is a distinct card, so that every
card can be in exactly one place.

Card text
---------
Every card has one canonical token, and the grammar is case-sensitive:

========================  ==========================================
token                     card
========================  ==========================================
``C1`` ... ``C13``        Clubs, rank 1 to 13 (13 is highest)
``D1`` ... ``D13``        Diamonds
``H1`` ... ``H13``        Hearts
``S1`` ... ``S13``        Spades
``W1`` ... ``W4``         the four Wizards
``J1`` ... ``J4``         the four Jesters
``Dragon``, ``Fairy``,    the nine anniversary cards (rules 28 to 41):
``Bomb``, ``Werewolf``,   one of each, written by its name; in play
``Juggler``, ``Cloud``,   only in a game whose deck holds it
``Shapeshifter``,
``Witch``, ``Vampire``
========================  ==========================================

Numbers are written in decimal without leading zeros or signs.  A list of
cards (a hand, a trick) is written as tokens separated by single spaces, for
example ``"J2 C7 H13 W1"``; :func:`parse_cards` accepts any run of whitespace
between tokens.  Game records and the conformance suite use exactly this form.

Cards are interned: there is one object per card, so ``is`` and ``==`` agree,
and the canonical order (Jesters, Clubs, Diamonds, Hearts, Spades, Wizards) is
given by :attr:`Card.index`.

>>> from wizard_rules import DECK, format_cards, parse_card, parse_cards
>>> card = parse_card("H13")
>>> card.suit, card.rank, str(card)
(<Suit.HEARTS: 'H'>, 13, 'H13')
>>> format_cards(sorted(parse_cards("W1 C7 J2"), key=lambda c: c.index))
'J2 C7 W1'
>>> len(DECK)
60
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from typing import Any, Final, NoReturn, TypeAlias, TypeVar

from wizard_rules.errors import CardTextError, ErrorCode, InvalidArgumentError, show_value

__all__ = [
    "ANNIVERSARY_CARDS",
    "DECK",
    "JESTERS",
    "WIZARDS",
    "Card",
    "Kind",
    "Suit",
    "cards_of_mask",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_suit",
]


class Suit(enum.Enum):
    """One of the four suits.  The value is the suit's letter in card text."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    def __str__(self) -> str:
        """Return the suit's letter, as used in card text and records."""
        return self.value


class Kind(enum.Enum):
    """What a card is: a suit card, a Wizard or a Jester, or one of the anniversary cards.

    The nine anniversary cards (rules 28 to 41) are each a kind of their
    own; they are in play only when a game's deck holds them
    (:class:`~wizard_rules.core.anniversary.AnniversaryDeck`).
    """

    SUIT = "suit"
    WIZARD = "wizard"
    JESTER = "jester"
    DRAGON = "dragon"
    FAIRY = "fairy"
    BOMB = "bomb"
    WEREWOLF = "werewolf"
    JUGGLER = "juggler"
    CLOUD = "cloud"
    SHAPESHIFTER = "shapeshifter"
    WITCH = "witch"
    VAMPIRE = "vampire"


_SUITS: Final = tuple(Suit)
_SUIT_BY_LETTER: Final = {suit.value: suit for suit in _SUITS}
_SUIT_NAMES: Final = {suit: suit.name.title() for suit in _SUITS}
"""Each suit's name as the command line and the terminal game write it: ``Clubs``."""


class Card:
    """One of the 60 cards (or of the nine anniversary cards): immutable and interned.

    Use :data:`DECK` or :func:`parse_card` to get one; there is no public
    constructor.

    :ivar index: position 0..59 in the canonical order: Jesters 0-3, then
        Clubs, Diamonds, Hearts and Spades 1..13, then Wizards 56-59; the
        anniversary cards follow, 60 to 68 (:data:`ANNIVERSARY_CARDS`).
    :ivar kind: :class:`Kind` of the card.
    :ivar suit: the card's :class:`Suit`, or ``None`` for Wizards and Jesters.
    :ivar rank: 1..13 for suit cards, ``None`` for Wizards and Jesters.
    :ivar text: the canonical token, for example ``"H13"`` or ``"W2"``.
    :ivar mask: ``1 << index``, the card's bit in a hand's bit mask.
    :ivar suit_mask: for a suit card, the bit mask of all 13 cards of its
        suit; 0 for Wizards and Jesters.
    """

    # Written by hand rather than with attrs: cards are interned singletons
    # whose identity *is* their equality, hash by their index (so sets and
    # dicts of cards iterate the same way in every run), and survive copy and
    # pickle as the same object.
    __slots__ = ("index", "kind", "mask", "rank", "suit", "suit_mask", "text")

    index: int
    kind: Kind
    suit: Suit | None
    rank: int | None
    text: str
    mask: int
    suit_mask: int

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "cards are not constructed: use DECK or parse_card('H13') to get one",
        )

    @classmethod
    def _make(
        cls, index: int, kind: Kind, suit: Suit | None, rank: int | None, text: str, suit_mask: int
    ) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("index", index),
            ("kind", kind),
            ("suit", suit),
            ("rank", rank),
            ("text", text),
            ("mask", 1 << index),
            ("suit_mask", suit_mask),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Card is immutable; cannot delete {name!r}")

    @property
    def is_wizard(self) -> bool:
        """Whether this card is one of the four Wizards."""
        return self.kind is Kind.WIZARD

    @property
    def is_jester(self) -> bool:
        """Whether this card is one of the four Jesters."""
        return self.kind is Kind.JESTER

    def __hash__(self) -> int:
        """Hash by index, so that collections of cards behave alike in every run."""
        return self.index

    def __str__(self) -> str:
        """Return the canonical token, for example ``"H13"``."""
        return self.text

    def __repr__(self) -> str:
        """Return ``parse_card('H13')``-style text that rebuilds the card."""
        return f"parse_card({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle as the token, so unpickling yields the interned card."""
        return (parse_card, (self.text,))

    def __copy__(self) -> Card:
        """Cards are immutable singletons: a copy is the card itself."""
        return self

    def __deepcopy__(self, memo: object) -> Card:
        """Cards are immutable singletons: a copy is the card itself."""
        return self


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for number in range(1, 5):
        cards.append(Card._make(len(cards), Kind.JESTER, None, None, f"J{number}", 0))
    for suit in _SUITS:
        suit_mask = ((1 << 13) - 1) << len(cards)  # the next 13 indices
        for rank in range(1, 14):
            text = f"{suit.value}{rank}"
            cards.append(Card._make(len(cards), Kind.SUIT, suit, rank, text, suit_mask))
    for number in range(1, 5):
        cards.append(Card._make(len(cards), Kind.WIZARD, None, None, f"W{number}", 0))
    return tuple(cards)


DECK: Final[tuple[Card, ...]] = _build_deck()
"""All 60 cards in canonical order (``DECK[card.index] is card``).

:meta hide-value:
"""

WIZARDS: Final[tuple[Card, ...]] = tuple(c for c in DECK if c.kind is Kind.WIZARD)
"""The four Wizards, ``W1`` to ``W4``.

:meta hide-value:
"""

JESTERS: Final[tuple[Card, ...]] = tuple(c for c in DECK if c.kind is Kind.JESTER)
"""The four Jesters, ``J1`` to ``J4``.

:meta hide-value:
"""

ANNIVERSARY_CARDS: Final[tuple[Card, ...]] = tuple(
    Card._make(len(DECK) + number, kind, None, None, kind.name.title(), 0)
    for number, kind in enumerate(
        (
            Kind.DRAGON,
            Kind.FAIRY,
            Kind.BOMB,
            Kind.WEREWOLF,
            Kind.JUGGLER,
            Kind.CLOUD,
            Kind.SHAPESHIFTER,
            Kind.WITCH,
            Kind.VAMPIRE,
        )
    )
)
"""The nine anniversary cards, ``Dragon`` to ``Vampire`` (indices 60 to 68).

They are not in :data:`DECK`: a game holds them only when its rules' deck
does (:class:`~wizard_rules.core.anniversary.AnniversaryDeck`), and the
standard game refuses them where a card of its deck is expected.

:meta hide-value:
"""

_CARD_BY_TEXT: Final = {card.text: card for card in DECK + ANNIVERSARY_CARDS}

# -- bit masks (internal) -------------------------------------------------
# A set of cards is an int with bit ``card.index`` set for each card (the
# card's ``mask``): hands are kept this way, so that "does the hand hold a
# card of the led suit" is one AND.

_FULL_DECK_MASK: Final = (1 << len(DECK)) - 1
_SPECIALS_MASK: Final = sum(card.mask for card in DECK if card.kind is not Kind.SUIT)


def _mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (internal; they are trusted to be cards)."""
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


_T = TypeVar("_T")

_Tables: TypeAlias = "tuple[tuple[tuple[_T, ...], ...], ...]"
"""Byte tables (see :func:`_byte_tables`): ``tables[k][b]`` holds the items of
the bits set in byte value ``b`` at byte ``k`` of a mask (internal)."""


def _byte_tables(items: Sequence[_T]) -> _Tables[_T]:
    """The byte tables of a sequence indexed like the deck (internal).

    ``_pick`` reads a mask a byte at a time from them: eight lookups and
    seven concatenations, however many bits are set, instead of a loop over
    the bits (see docs/speed.rst).  A set of
    tables holds 2,048 small tuples (about 160 KB), so they are built on
    first use, not at import.
    """
    width = len(items)
    return tuple(
        tuple(
            tuple(
                items[8 * byte + bit]
                for bit in range(8)
                if value >> bit & 1 and 8 * byte + bit < width
            )
            for value in range(256)
        )
        for byte in range(8)
    )


def _pick(mask: int, tables: _Tables[_T]) -> tuple[_T, ...]:
    """The items of every bit set in ``mask`` (under 2**64), lowest first (internal).

    ``tables`` are the :func:`_byte_tables` of the items: with the deck's,
    it gives the cards of a mask in canonical order (:func:`_cards_of`);
    with those of a seat's interned actions, their actions.
    """
    b7, b6, b5, b4, b3, b2, b1, b0 = mask.to_bytes(8)  # big-endian: the cheapest call
    t0, t1, t2, t3, t4, t5, t6, t7 = tables
    return t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6] + t7[b7]


_DECK_TABLES: list[_Tables[Card]] = []


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in canonical order (internal)."""
    if not _DECK_TABLES:
        _DECK_TABLES.append(_byte_tables(DECK))
    return _pick(mask, _DECK_TABLES[0])


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """Return the cards whose bits are set in ``mask``, in canonical order.

    A set of cards as a bit mask has bit :attr:`Card.index` set for each
    card (the sum of their :attr:`Card.mask`), as
    :attr:`State.hand_masks <wizard_rules.State.hand_masks>` holds hands.

    >>> from wizard_rules import parse_card
    >>> from wizard_rules.core.cards import cards_of_mask
    >>> cards_of_mask(parse_card("H3").mask | parse_card("W1").mask)
    (parse_card('H3'), parse_card('W1'))

    :raises InvalidArgumentError: ``mask`` is not an int from 0 to
        ``2**60 - 1``.
    """
    if type(mask) is not int or not 0 <= mask <= _FULL_DECK_MASK:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"mask must be an int from 0 to 2**{len(DECK)} - 1, not {show_value(mask)}",
        )
    return _cards_of(mask)


_TOKEN_SHAPE: Final = re.compile(r"[A-Z][0-9]{1,2}")


def parse_card(text: str) -> Card:
    """Return the card written as ``text`` (a canonical token like ``"H13"``).

    :raises CardTextError: ``text`` is not exactly one valid token.

    >>> from wizard_rules import parse_card
    >>> parse_card("W3").is_wizard
    True
    >>> parse_card("H14")
    Traceback (most recent call last):
    ...
    wizard_rules.errors.CardTextError: [bad_card_text] 'H14' is not a card: ...
    """
    card = _CARD_BY_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise CardTextError(ErrorCode.BAD_CARD_TEXT, _explain(text))
    return card


def _explain(text: object) -> str:
    if not isinstance(text, str):
        return f"card text must be a str, not {type(text).__name__}"
    shown = show_value(text)
    if not _TOKEN_SHAPE.fullmatch(text):
        return (
            f"{shown} is not a card: expected a letter (C, D, H, S, W or J) followed "
            "by a number, like 'H13', 'W1' or 'J4', or an anniversary card's name "
            "('Dragon', 'Fairy', 'Bomb', 'Werewolf', 'Juggler', 'Cloud', 'Shapeshifter', "
            "'Witch', 'Vampire')"
        )
    letter = text[0]
    if letter in _SUIT_BY_LETTER:
        return f"{shown} is not a card: suit ranks are 1 to 13, without leading zeros"
    if letter in "WJ":
        return f"{shown} is not a card: Wizards and Jesters are numbered 1 to 4"
    return f"{shown} is not a card: {letter!r} is not a suit letter (C, D, H, S) or W or J"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Return the cards written in ``text``, tokens separated by whitespace.

    The empty string gives the empty tuple.  Repeated cards are kept as
    written: whether a list may repeat a card is for the caller to decide.

    :raises CardTextError: ``text`` is not a str, or a token is not a card.

    >>> from wizard_rules import parse_cards
    >>> parse_cards("C1  D13 J4")
    (parse_card('C1'), parse_card('D13'), parse_card('J4'))
    """
    if not isinstance(text, str):
        raise CardTextError(
            ErrorCode.BAD_CARD_TEXT, f"card text must be a str, not {type(text).__name__}"
        )
    return tuple(parse_card(token) for token in text.split())


def format_cards(cards: Iterable[Card]) -> str:
    """Return ``cards`` as canonical tokens separated by single spaces.

    The cards are written in the order given.

    :raises InvalidArgumentError: an item is not a :class:`Card`.
    """
    try:
        items = list(cards)
    except TypeError:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"format_cards needs an iterable of cards, not {type(cards).__name__}",
        ) from None
    for item in items:
        if type(item) is not Card:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, f"format_cards needs cards, got {type(item).__name__}"
            )
    return " ".join([card.text for card in items])


def parse_suit(text: str) -> Suit:
    """Return the suit written as its letter (``"C"``, ``"D"``, ``"H"`` or ``"S"``).

    :raises CardTextError: ``text`` is not one of those four letters.
    """
    suit = _SUIT_BY_LETTER.get(text) if isinstance(text, str) else None
    if suit is None:
        raise CardTextError(
            ErrorCode.BAD_CARD_TEXT,
            f"{show_value(text)} is not a suit: expected one of 'C', 'D', 'H', 'S'",
        )
    return suit
