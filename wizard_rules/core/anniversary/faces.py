"""The trick with anniversary cards: what each card counts as, the led suit, following, the winner.

Every card played counts as one *face* (rule 39.1): a suit card of a value
(ranks 1 to 13; the Juggler 7½ and the Cloud 9¾ in the suit declared), a
Wizard, a Jester, the Dragon, the Fairy or the Bomb.  The Shapeshifter
counts as the Wizard or the Jester declared, the Witch as a Jester, and the
Vampire as the card it copies.  Values are kept in quarters (7½ is 30, 9¾
is 39, a 7 is 28), so they compare exactly.

The rules of the trick, on faces (rules 39.2 to 39.6):

1. the led suit is that of the first suit face; a Wizard or a Dragon before
   it means no led suit, and a Jester, a Fairy or a Bomb decides nothing;
2. a Bomb in the trick: nobody wins it;
3. else the Dragon wins, unless the Fairy is in the trick: then the Fairy;
4. else the first Wizard; else the highest trump; else the highest card of
   the led suit (the first played of equal values);
5. else the first Jester (a Fairy never wins without the Dragon).

>>> from wizard_rules import Kind, Suit, parse_cards
>>> from wizard_rules.core.anniversary.faces import faces_of, winning_position
>>> cards = parse_cards("H13 Dragon W1 Fairy")
>>> winning_position(faces_of(cards, (None,) * 4, None), Suit.HEARTS)
3
>>> cards = parse_cards("C7 Juggler C8")
>>> winning_position(faces_of(cards, (None, Suit.CLUBS, None), None), None)
2
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, NamedTuple

from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.errors import ErrorCode, InvalidArgumentError

__all__ = [
    "Effect",
    "Face",
    "FaceKind",
    "bomb_leader_position",
    "face_of",
    "faces_of",
    "led_suit",
    "needs_declaration",
    "playable",
    "winning_position",
]


class FaceKind(enum.Enum):
    """What a played card counts as in its trick (rule 39.1)."""

    SUIT = "suit"
    WIZARD = "wizard"
    JESTER = "jester"
    DRAGON = "dragon"
    FAIRY = "fairy"
    BOMB = "bomb"


class Effect(enum.Enum):
    """What a card does after its trick (rule 40.1)."""

    JUGGLER = "juggler"
    """Every player passes a card to the left (rule 33.2)."""
    CLOUD = "cloud"
    """The trick's winner changes their bid by one (rule 34.2)."""
    WITCH = "witch"
    """The card's player may swap a card of their hand for one of the trick (rule 36.2)."""


class Face(NamedTuple):
    """What a played card counts as: its kind, and for a suit face its suit and value.

    :ivar kind: the :class:`FaceKind`.
    :ivar suit: the suit of a suit face, else ``None``.
    :ivar value: a suit face's value in quarters (rank x 4; the Juggler 30,
        the Cloud 39), else 0.
    :ivar effect: what the card does after its trick, or ``None``.
    """

    kind: FaceKind
    suit: Suit | None
    value: int
    effect: Effect | None


JUGGLER_VALUE: Final = 30
"""The Juggler's value in quarters: 7½ (rule 33.1)."""
CLOUD_VALUE: Final = 39
"""The Cloud's value in quarters: 9¾ (rule 34.1)."""

_PLAIN: Final = {
    Kind.WIZARD: Face(FaceKind.WIZARD, None, 0, None),
    Kind.JESTER: Face(FaceKind.JESTER, None, 0, None),
    Kind.DRAGON: Face(FaceKind.DRAGON, None, 0, None),
    Kind.FAIRY: Face(FaceKind.FAIRY, None, 0, None),
    Kind.BOMB: Face(FaceKind.BOMB, None, 0, None),
    Kind.WITCH: Face(FaceKind.JESTER, None, 0, Effect.WITCH),
}

_DECLARED_SUIT: Final = {
    Kind.JUGGLER: (JUGGLER_VALUE, Effect.JUGGLER),
    Kind.CLOUD: (CLOUD_VALUE, Effect.CLOUD),
}


def _refuse(what: str, value: object) -> InvalidArgumentError:
    return InvalidArgumentError(ErrorCode.INVALID_ARGUMENT, f"{what}, not {type(value).__name__}")


def _card_arg(card: object, copied: object) -> None:
    if type(card) is not Card:
        raise _refuse("card must be a Card", card)
    if copied is not None and type(copied) is not Card:
        raise _refuse("copied must be a Card or None", copied)


def _faces_arg(faces: object, trump: object = None) -> None:
    if isinstance(faces, (str, bytes)) or not isinstance(faces, Sequence):
        raise _refuse("faces must be a sequence of Face", faces)
    for face in faces:
        if type(face) is not Face:
            raise _refuse("faces must hold Face values", face)
    if trump is not None and type(trump) is not Suit:
        raise _refuse("trump must be a Suit or None", trump)


def needs_declaration(card: Card, copied: Card | None) -> Kind | None:
    """Whether ``card`` is declared when played, and as what: the kind whose declaration it takes.

    :data:`Kind.JUGGLER` or :data:`Kind.CLOUD` (declared a suit),
    :data:`Kind.SHAPESHIFTER` (declared a Wizard or a Jester), or ``None``.
    A Vampire takes the declaration of the card it copies (``copied``).

    :raises InvalidArgumentError: ``card`` or ``copied`` is not a card.
    """
    _card_arg(card, copied)
    kind = card.kind
    if kind is Kind.VAMPIRE and copied is not None:
        kind = copied.kind
    if kind in (Kind.JUGGLER, Kind.CLOUD, Kind.SHAPESHIFTER):
        return kind
    return None


def face_of(card: Card, declared: Suit | Kind | None, copied: Card | None) -> Face:
    """Return what ``card`` counts as, declared ``declared``, the Vampire copying ``copied``.

    ``declared`` is the suit or kind said for a Juggler, a Cloud or a
    Shapeshifter (or a Vampire copying one); ``None`` for every other card.

    :raises InvalidArgumentError: ``card`` or ``copied`` is not a card, or
        ``declared`` is neither a suit, a kind nor ``None``.
    """
    _card_arg(card, copied)
    if declared is not None and type(declared) is not Suit and type(declared) is not Kind:
        raise _refuse("declared must be a Suit, a Kind or None", declared)
    kind = card.kind
    if kind is Kind.VAMPIRE and copied is not None:
        card, kind = copied, copied.kind
    if kind is Kind.SUIT:
        return Face(FaceKind.SUIT, card.suit, 4 * (card.rank or 0), None)
    plain = _PLAIN.get(kind)
    if plain is not None:
        return plain
    if kind in _DECLARED_SUIT:
        if type(declared) is not Suit:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"a {kind.name.title()} counts as a suit card only once declared a suit, "
                f"not {declared!r}",
            )
        value, effect = _DECLARED_SUIT[kind]
        return Face(FaceKind.SUIT, declared, value, effect)
    if kind is Kind.SHAPESHIFTER and (declared is Kind.WIZARD or declared is Kind.JESTER):
        return _PLAIN[declared]
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        f"{card} counts as nothing here: a Shapeshifter is declared a Wizard or a Jester, "
        "a Vampire copies a card (copied), and a Werewolf is never played",
    )


def faces_of(
    cards: Sequence[Card], declared: Sequence[Suit | Kind | None], copied: Card | None
) -> tuple[Face, ...]:
    """The faces of a trick's ``cards``, each with its declaration (``None``: none).

    :raises InvalidArgumentError: ``cards`` and ``declared`` are not sequences
        of one length, or hold what :func:`face_of` refuses.
    """
    for value, what in ((cards, "cards"), (declared, "declared")):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise _refuse(f"{what} must be a sequence", value)
    if len(cards) != len(declared):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"a declaration (or None) is given for each card: {len(cards)} cards, "
            f"{len(declared)} declarations",
        )
    return tuple(face_of(card, said, copied) for card, said in zip(cards, declared, strict=True))


def led_suit(faces: Sequence[Face]) -> Suit | None:
    """The suit to follow: the first suit face's, unless a Wizard or a Dragon is first (39.2).

    :raises InvalidArgumentError: ``faces`` is not a sequence of :class:`Face`.
    """
    _faces_arg(faces)
    return _led_suit(faces)


def _led_suit(faces: Sequence[Face]) -> Suit | None:
    for face in faces:
        kind = face.kind
        if kind is FaceKind.SUIT:
            return face.suit
        if kind is FaceKind.WIZARD or kind is FaceKind.DRAGON:
            return None
    return None


def playable(hand: Sequence[Card], faces: Sequence[Face]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick of ``faces`` (rule 39.3).

    Follow the led suit with a suit card if you hold one; every card that is
    not a suit card (a Wizard, a Jester, an anniversary card) may always be
    played, and holding one never obliges a player to follow.

    :raises InvalidArgumentError: ``hand`` is not a sequence of cards, or
        ``faces`` not one of :class:`Face`.
    """
    _faces_arg(faces)
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise _refuse("hand must be a sequence of cards", hand)
    for card in hand:
        if type(card) is not Card:
            raise _refuse("hand must hold cards", card)
    led = _led_suit(faces)
    if led is None or not any(card.suit is led for card in hand):
        return tuple(hand)
    return tuple(card for card in hand if card.suit is led or card.kind is not Kind.SUIT)


def _best(faces: Sequence[Face], trump: Suit | None, dragon_beats_fairy: bool) -> int:
    """The position of the best face, no Bomb among them (rules 39.4 to 39.6)."""
    kinds = [face.kind for face in faces]
    if FaceKind.DRAGON in kinds:
        if FaceKind.FAIRY in kinds and not dragon_beats_fairy:
            return kinds.index(FaceKind.FAIRY)
        return kinds.index(FaceKind.DRAGON)
    if FaceKind.WIZARD in kinds:
        return kinds.index(FaceKind.WIZARD)
    for suit in (trump, _led_suit(faces)):
        if suit is None:
            continue
        best = -1
        for position, face in enumerate(faces):
            if (
                face.kind is FaceKind.SUIT
                and face.suit is suit
                and (best < 0 or face.value > faces[best].value)
            ):
                best = position
        if best >= 0:
            return best
    if FaceKind.JESTER in kinds:
        return kinds.index(FaceKind.JESTER)
    return kinds.index(FaceKind.FAIRY)  # only Fairies: after a Bomb's removal (rule 31.3)


def winning_position(faces: Sequence[Face], trump: Suit | None) -> int | None:
    """The position of the card that wins a trick of ``faces``; ``None`` when a Bomb is in it.

    For a trick still being played, the card winning so far.

    :raises InvalidArgumentError: ``faces`` is empty or not a sequence of
        :class:`Face`, or ``trump`` is neither a suit nor ``None``.
    """
    _faces_arg(faces, trump)
    if not faces:
        raise InvalidArgumentError(ErrorCode.INVALID_ARGUMENT, "an empty trick has no winner")
    if any(face.kind is FaceKind.BOMB for face in faces):
        return None
    return _best(faces, trump, dragon_beats_fairy=False)


def bomb_leader_position(faces: Sequence[Face], trump: Suit | None, reading: str) -> int:
    """The position of the card whose player leads after a Bomb's trick (rule 31.3).

    ``reading`` is the reading ``bomb_leader``: ``"would_have_won"`` (the card
    that wins the trick without the Bombs) or ``"highest_card"`` (the same,
    but the Dragon above the Fairy).

    :raises InvalidArgumentError: ``faces`` is not a sequence of :class:`Face`
        with a card that is not a Bomb, ``trump`` is neither a suit nor
        ``None``, or ``reading`` is not one of the two.
    """
    _faces_arg(faces, trump)
    if reading not in ("would_have_won", "highest_card"):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"the reading bomb_leader is 'would_have_won' or 'highest_card', not {reading!r}",
        )
    kept = [position for position, face in enumerate(faces) if face.kind is not FaceKind.BOMB]
    if not kept:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, "a trick of Bombs only has no card to lead after it"
        )
    best = _best([faces[p] for p in kept], trump, dragon_beats_fairy=reading == "highest_card")
    return kept[best]
