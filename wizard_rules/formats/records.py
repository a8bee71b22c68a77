"""Records: the canonical JSON form of configurations, actions, positions and whole games.

A game record is a configuration and the list of actions played from the
start (of the game, or of the position it was set up from); replaying it
gives exactly the same state (deals carry every hand and the turned card, so
nothing is left to chance).  The JSON shapes are::

    config:  {"players": 4, "first_dealer": 0, "forbid_bid_total_match": false}
    deal:    {"type": "deal", "hands": [["C1", "W2"], ...], "turned": "H7"}
    trump:   {"type": "choose_trump", "player": 0, "suit": "H"}
    bid:     {"type": "bid", "player": 1, "tricks": 2}
    play:    {"type": "play", "player": 1, "card": "H13"}
    trick:   {"leader": 0, "cards": ["C2", "W1", "C9"], "winner": 1}
    position: {"format": "wizard-rules/position", "version": 1,
               "config": {...}, "round": 3, "dealer": 2, "over": false,
               "scores": [0, 20, -10], "hands": [["C1", "W2"], null, ["H5"]],
               "turned": "C7", "trump": "C", "bids": [1, null, 0],
               "tricks_won": [0, 0, 0], "played": [], "current_trick": ["C5"],
               "leader": 0}
    game:    {"format": "wizard-rules/game", "version": 1,
              "config": {...}, "actions": [...]}
    game:    {"format": "wizard-rules/game", "version": 2,
              "config": {...}, "start": POSITION-or-null, "actions": [...]}

Cards are written in the library's card text (see :mod:`wizard_rules.core.cards`),
suits as their letter; ``"turned"`` is ``null`` in the last round and
``"suit"`` is ``null`` for the (illegal) "no trump" choice.  A position's
fields are those of :class:`~wizard_rules.Position`, a hidden hand ``null``
and a bid not yet made ``null`` (see :func:`position_to_dict`).  The canonical
text has sorted keys and no spaces, so equal records give equal bytes.

A game record that starts from :func:`~wizard_rules.new_game` is written as
version 1, exactly as before positions existed, so that old readers still
read it and old records keep their bytes; one that starts from a position
(:attr:`State.start <wizard_rules.State.start>`) is written as version 2,
with the position under ``"start"``.  Both versions are read; in version 2
``"start"`` is required and may be ``null``.

The shapes of cards, suits and tricks are written in one place each
(private helpers of this module), which actions, player views (:func:`view_to_dict`)
and the conformance adapter's observations
(:data:`wizard_rules.conformance.adapter.OBSERVATIONS`) share.

Decoding is strict, for records that come from untrusted players: every field
must be present (configuration options may be left out and take their
defaults), no other field may be, integers must be integers (not floats or
booleans), duplicate keys and NaN are refused, and a game record must replay
under the rules.  Every refusal is a :class:`~wizard_rules.errors.RecordError`,
except that :func:`position_from_dict` raises the
:class:`~wizard_rules.errors.PositionError` of a well-formed position that
cannot arise in a game.

>>> import random
>>> from wizard_rules import Config, GameRecord, random_game
>>> final = random_game(Config(players=5), random.Random(3))
>>> text = GameRecord.from_state(final).to_json()
>>> GameRecord.from_json(text).replay() == final
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast, get_args

import attrs

from wizard_rules.core.actions import Action, Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.actions import (
    ANNIVERSARY_ACTION_TYPES,
    AnniversaryAction,
    ChangeBid,
    Declare,
    PassCard,
    Reveal,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.anniversary.readings import readings_from_dict
from wizard_rules.core.cards import DECK, Card, Kind, Suit, parse_card, parse_suit
from wizard_rules.core.config import MAX_PLAYERS, MIN_PLAYERS, Config
from wizard_rules.core.position import Position, from_position
from wizard_rules.core.rules import (
    VARIANTS,
    ListedSchedule,
    OddSchedule,
    StandardSchedule,
    variant_names,
    variant_rules,
)
from wizard_rules.core.state import State, new_game, not_a_state
from wizard_rules.core.transitions import apply
from wizard_rules.core.trick import Trick
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import (
    CardTextError,
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    PositionError,
    RecordError,
    show_value,
)

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import (
        AnniversaryRoundResult,
        AnniversaryState,
        AnniversaryTrick,
    )
    from wizard_rules.core.anniversary.views import AnniversaryView

__all__ = [
    "MAX_ANNIVERSARY_RECORD_ACTIONS",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_TEXT",
    "POSITION_FORMAT",
    "POSITION_VERSION",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "action_from_dict",
    "action_to_dict",
    "card_to_json",
    "cards_to_json",
    "config_from_dict",
    "config_to_dict",
    "dumps",
    "loads",
    "position_from_dict",
    "position_to_dict",
    "suit_to_json",
    "trick_to_json",
    "view_to_dict",
]

RECORD_FORMAT: Final = "wizard-rules/game"
"""The value of a game record's ``"format"`` field."""
RECORD_VERSION: Final = 2
"""The newest version of the game record format; this library reads versions 1 and 2.

Version 2 adds ``"start"``, the position a game was set up from.  A record
without one is written as version 1, byte for byte as before.
"""
MAX_RECORD_ACTIONS: Final = max(
    rounds * 2 + players * rounds + players * rounds * (rounds + 1) // 2
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for rounds in (len(DECK) // players,)
)
"""The most actions a game can have: 730, for 3 players over 20 rounds.

Each round has a deal, at most one trump choice, a bid per player and a card
per player and trick.  :meth:`GameRecord.from_dict` refuses a record with
more actions (``invalid_record``) before it decodes any of them.
"""
MAX_ANNIVERSARY_RECORD_ACTIONS: Final = max(
    rounds * 2
    + players * rounds
    + players * rounds * (rounds + 1) // 2
    + rounds * (9 + 2 * players)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for rounds in (len(DECK) // players,)
)
"""The most actions a game with anniversary cards can have: 1,030, for 3 players.

Each round has, besides :data:`MAX_RECORD_ACTIONS`' actions, at most a
Werewolf's trump (it takes the place of the dealer's choice) and the card
turned up for the Vampire, four declarations (the Juggler, the Cloud, the
Shapeshifter and a Vampire copying one of them), two passes of a card per
player (the Juggler and a Vampire copying it), two bid changes and two
Witch's swaps (the Cloud or the Witch, and a Vampire copying it): ``9 + 2 *
players`` more.  :meth:`GameRecord.from_dict` refuses a record of such a game
with more (``invalid_record``) before it decodes any of them.
"""
MAX_RECORD_TEXT: Final = 1 << 20
"""The longest game record :meth:`GameRecord.from_json` reads: 1 MiB (characters or bytes).

The longest game (:data:`MAX_RECORD_ACTIONS`) written with
``to_json(indent=8)`` takes about 140 KB, so this leaves room for any
layout; longer text is refused (``invalid_record``) before it is parsed,
and ``wizard-rules replay`` reads no more than this of its input.
"""
POSITION_FORMAT: Final = "wizard-rules/position"
"""The value of a position's ``"format"`` field."""
POSITION_VERSION: Final = 1
"""The version of the position format this library writes and reads."""

_CONFIG_FIELDS: Final = ("players", "first_dealer", "forbid_bid_total_match")
"""The fields every configuration's JSON writes out (those of 0.1)."""
_VARIANT_FIELDS: Final = tuple(name for name in VARIANTS if name not in _CONFIG_FIELDS)
"""The variants written as a field ``true`` when on (plus/minus one is a
field of 0.1's, written always)."""
_RULES_FIELDS: Final = (*_VARIANT_FIELDS, "schedule", "anniversary_cards", "readings")
"""The fields of the variants, written only when on: the standard game's JSON is 0.1's."""
_CONFIG_REQUIRED: Final = frozenset({"players"})
_ACTION_TYPES: Final = get_args(Action)
"""The four action classes (the members of :data:`~wizard_rules.Action`)."""
_RECORD_ACTION_TYPES: Final = (*_ACTION_TYPES, *ANNIVERSARY_ACTION_TYPES)
"""The action classes a record may hold: the four, and the anniversary cards' six."""


def dumps(value: Any, *, indent: int | None = None) -> str:
    """Return ``value`` as canonical JSON text.

    Canonical means sorted keys, ASCII only, and no spaces; with ``indent``,
    one item per line instead.
    """
    separators = (",", ":") if indent is None else (",", ": ")
    try:
        return json.dumps(
            value, sort_keys=True, separators=separators, indent=indent, allow_nan=False
        )
    except (TypeError, ValueError) as error:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"cannot write this value as JSON: {error}"
        ) from None


def loads(text: str | bytes) -> Any:
    """Parse JSON text strictly: duplicate keys, NaN and infinities are refused.

    :raises RecordError: ``invalid_json``.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(ErrorCode.INVALID_JSON, f"JSON must be text, not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(ErrorCode.INVALID_JSON, "JSON is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, huge ints
        raise RecordError(ErrorCode.INVALID_JSON, f"not valid JSON: {error}") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise RecordError(
                ErrorCode.INVALID_JSON, f"duplicate key {show_value(key)} in a JSON object"
            )
        result[key] = value
    return result


def _no_constant(name: str) -> NoReturn:
    raise RecordError(ErrorCode.INVALID_JSON, f"{name} is not allowed in JSON records")


# -- shape checks -----------------------------------------------------------


def _bad(message: str) -> RecordError:
    return RecordError(ErrorCode.INVALID_RECORD, message)


def _object(
    value: Any, what: str, required: frozenset[str], allowed: tuple[str, ...]
) -> dict[str, Any]:
    if type(value) is not dict:
        raise _bad(f"{what} must be a JSON object, not {_json_type(value)}")
    unknown = sorted(show_value(key) for key in set(value) - set(allowed))
    if unknown:
        raise _bad(f"{what} has unknown field(s) {', '.join(unknown[:5])}")
    missing = sorted(required - set(value))
    if missing:
        raise _bad(f"{what} is missing field(s) {', '.join(map(repr, missing))}")
    return value


def _int(value: Any, what: str) -> int:
    if type(value) is not int:
        raise _bad(f"{what} must be an integer, not {_json_type(value)}")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise _bad(f"{what} must be true or false, not {_json_type(value)}")
    return value


def _array(value: Any, what: str) -> list[Any]:
    if type(value) is not list:
        raise _bad(f"{what} must be an array, not {_json_type(value)}")
    return value


def _card(value: Any, what: str) -> Card:
    # Shapes are checked before any text is read (see action_from_dict); a
    # card that is not a card keeps its CardTextError as the cause.
    _card_text(value, what)
    try:
        return parse_card(value)
    except CardTextError as error:
        raise _bad(f"{what}: {error.message}") from error


def _card_text(value: Any, what: str) -> None:
    if type(value) is not str:
        raise _bad(f"{what} must be a card string like 'H13', not {_json_type(value)}")


def _json_type(value: Any) -> str:
    names = {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a number with a fraction",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


# -- cards, suits and tricks ----------------------------------------------------
#
# The one place where these shapes are written: actions, player views and the
# conformance adapter's observations all use them.


def card_to_json(card: Card | None) -> str | None:
    """Return a card as its JSON: its text (``"H13"``, ``"W1"``), or ``None`` for no card.

    >>> from wizard_rules import parse_card
    >>> from wizard_rules.formats.records import card_to_json
    >>> card_to_json(parse_card("H13")), card_to_json(None)
    ('H13', None)

    :raises InvalidArgumentError: ``card`` is neither a Card nor ``None``.
    """
    if card is None:
        return None
    if type(card) is not Card:
        raise _not_a("card", "a Card or None", card)
    return card.text


def cards_to_json(cards: Iterable[Card]) -> list[str]:
    """Return cards as their JSON: a list of their texts, in the order given.

    >>> from wizard_rules import parse_card
    >>> from wizard_rules.formats.records import cards_to_json
    >>> cards_to_json([parse_card("W1"), parse_card("C2")])
    ['W1', 'C2']

    :raises InvalidArgumentError: ``cards`` is not an iterable of cards.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise _not_a("cards", "an iterable of cards", cards)
    texts = []
    for card in cards:
        if type(card) is not Card:
            raise _not_a("each of cards", "a Card", card)
        texts.append(card.text)
    return texts


def suit_to_json(suit: Suit | None) -> str | None:
    """Return a suit as its JSON: its letter (``"H"``), or ``None`` for no suit (no trump).

    >>> from wizard_rules import Suit
    >>> from wizard_rules.formats.records import suit_to_json
    >>> suit_to_json(Suit.HEARTS), suit_to_json(None)
    ('H', None)

    :raises InvalidArgumentError: ``suit`` is neither a Suit nor ``None``.
    """
    if suit is None:
        return None
    if type(suit) is not Suit:
        raise _not_a("suit", "a Suit or None", suit)
    return suit.value


def trick_to_json(trick: Trick) -> dict[str, Any]:
    """Return a completed trick as ``{"leader": SEAT, "cards": [CARD, ...], "winner": SEAT}``.

    The shape records, player views and the conformance adapter's
    observations share.

    :raises InvalidArgumentError: ``trick`` is not a :class:`~wizard_rules.Trick`.
    """
    if type(trick) is not Trick:
        raise _not_a("trick", "a Trick", trick)
    return {"leader": trick.leader, "cards": cards_to_json(trick.cards), "winner": trick.winner}


def _not_a(name: str, expected: str, value: object) -> InvalidArgumentError:
    return InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT, f"{name} must be {expected}, not {type(value).__name__}"
    )


# -- configurations -----------------------------------------------------------


def config_to_dict(config: Config) -> dict[str, Any]:
    """Return ``config`` as a JSON-ready dict.

    The fields of 0.1 (``players``, ``first_dealer``,
    ``forbid_bid_total_match``) are always written; each variant that is on
    is written as ``"NAME": true`` and the schedule when it is not the
    standard one, so that the standard game's JSON is 0.1's.

    :raises InvalidArgumentError: ``config`` is not a :class:`~wizard_rules.Config`.
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a Config, not {type(config).__name__}"
        )
    written: dict[str, Any] = {name: getattr(config, name) for name in _CONFIG_FIELDS}
    rules = config.rules
    for name in variant_names(rules):
        if name in _VARIANT_FIELDS:
            written[name] = True
    schedule = rules.schedule
    if type(schedule) is OddSchedule:
        written["schedule"] = "odd"
    elif type(schedule) is ListedSchedule:
        written["schedule"] = list(schedule.sizes)
    deck = rules.deck
    if type(deck) is AnniversaryDeck:
        written["anniversary_cards"] = list(deck.added)
        changed = deck.readings.changed()
        if changed:
            written["readings"] = changed
    return written


def config_from_dict(value: Any) -> Config:
    """Return the :class:`~wizard_rules.Config` a JSON object describes.

    ``"players"`` is required; options left out take their defaults.  The
    variants: ``"canadian_rule"`` (rule 21), ``"hidden_bids"`` (rule 23),
    ``"delayed_reveal"`` (rule 24), ``"hardcore"`` (rule 25) and
    ``"clairvoyance"`` (rule 26), each ``true`` or ``false`` (the default),
    and ``"schedule"``, either ``"odd"`` or a list of hand sizes (rule 22;
    ``"standard"`` is the default).

    >>> from wizard_rules import config_from_dict
    >>> config_from_dict({"players": 4, "schedule": [1, 3, 5]}).deal_sizes
    (1, 3, 5)

    :raises RecordError: ``invalid_record`` for a wrong shape or an impossible
        configuration.
    """
    fields = dict(_object(value, "config", _CONFIG_REQUIRED, _CONFIG_FIELDS + _RULES_FIELDS))
    on = []
    for name in _VARIANT_FIELDS:
        flag = fields.pop(name, False)
        if type(flag) is not bool:
            raise _bad(f"config: {name} must be a bool, not {_json_type(flag)}")
        if flag:
            on.append(name)
    schedule = fields.pop("schedule", "standard")
    added = fields.pop("anniversary_cards", None)
    readings = fields.pop("readings", None)
    try:
        rules = variant_rules(on, _schedule(schedule))
        if added is not None or readings is not None:
            rules = attrs.evolve(rules, deck=_anniversary_deck(added, readings))
        return Config(**fields, rules=rules)
    except ConfigError as error:
        raise _bad(f"config: {error.message}") from None


def _anniversary_deck(added: Any, readings: Any) -> AnniversaryDeck:
    """The deck a configuration's ``"anniversary_cards"`` and ``"readings"`` name (rule 28)."""
    if type(added) is not list or not all(type(name) is str for name in added):
        raise _bad(
            "config: anniversary_cards must be an array of card names "
            f'(such as ["dragon", "fairy"]), not {_json_type(added)}'
        )
    return AnniversaryDeck(
        added=added, readings=readings_from_dict({} if readings is None else readings)
    )


def _schedule(value: Any) -> StandardSchedule | OddSchedule | ListedSchedule:
    """The schedule a configuration's ``"schedule"`` names."""
    if value == "standard" and type(value) is str:
        return StandardSchedule()
    if value == "odd" and type(value) is str:
        return OddSchedule()
    if type(value) is not list or not all(type(size) is int for size in value):
        raise _bad(
            'config: schedule must be "standard", "odd" or a list of hand sizes, '
            f"not {_json_type(value)}"
        )
    return ListedSchedule(sizes=value)


# -- actions -----------------------------------------------------------------

_ACTION_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "deal": ("type", "hands", "turned"),
    "choose_trump": ("type", "player", "suit"),
    "bid": ("type", "player", "tricks"),
    "play": ("type", "player", "card"),
    "werewolf": ("type", "player", "suit"),
    "reveal": ("type", "card"),
    "declare": ("type", "player", "as"),
    "pass": ("type", "player", "card"),
    "change_bid": ("type", "player", "by"),
    "witch_swap": ("type", "player", "give", "take"),
}

_DECLARED_LETTERS: Final[dict[str, Suit | Kind]] = {
    **{suit.value: suit for suit in Suit},
    "W": Kind.WIZARD,
    "J": Kind.JESTER,
}
"""A declaration's letter in a record: a suit's, or ``W`` (Wizard) or ``J`` (Jester)."""


def action_to_dict(action: Action | AnniversaryAction) -> dict[str, Any]:
    """Return ``action`` as a JSON-ready dict.

    The anniversary cards' actions (rule 28.6) are written as
    ``{"type": "werewolf", "player": 1, "suit": "H"}`` (``null``: no trump),
    ``{"type": "reveal", "card": "C5"}``, ``{"type": "declare", "player": 2,
    "as": "H"}`` (a suit's letter, or ``"W"`` / ``"J"`` for a Shapeshifter),
    ``{"type": "pass", "player": 0, "card": "S3"}``, ``{"type":
    "change_bid", "player": 1, "by": -1}`` and ``{"type": "witch_swap",
    "player": 0, "give": "C3", "take": "H9"}`` (both ``null``: no swap).

    :raises InvalidActionError: ``action`` is not an action.
    """
    # Exact types, not isinstance: a subclass of an action is not an action.
    if type(action) is Play:
        return {"type": "play", "player": action.player, "card": card_to_json(action.card)}
    if type(action) is Bid:
        return {"type": "bid", "player": action.player, "tricks": action.tricks}
    if type(action) is Deal:
        return {
            "type": "deal",
            "hands": [cards_to_json(hand) for hand in action.hands],
            "turned": card_to_json(action.turned),
        }
    if type(action) is ChooseTrump:
        return {"type": "choose_trump", "player": action.player, "suit": suit_to_json(action.suit)}
    if type(action) in _ANNIVERSARY_WRITERS:
        written: dict[str, Any] = _ANNIVERSARY_WRITERS[type(action)](action)
        return written
    kind = type(action)
    raise InvalidActionError(ErrorCode.INVALID_ACTION, f"expected an action, not {kind.__name__}")


def action_from_dict(value: Any) -> Action | AnniversaryAction:
    """Return the action a JSON object describes.

    Only the shape is checked here; whether the action is legal is a question
    for a state (see :meth:`GameRecord.replay`).  The whole shape (fields and
    their JSON types) is checked before any card or suit is read, so a
    malformed action is always reported as such (rule 11.11).

    :raises RecordError: ``invalid_record``; when the shape is right but a card
        or suit is not, the :class:`~wizard_rules.errors.CardTextError` is the
        error's ``__cause__``.
    """
    if type(value) is not dict:
        raise _bad(f"an action must be a JSON object, not {_json_type(value)}")
    kind = value.get("type")
    if type(kind) is not str or kind not in _ACTION_FIELDS:
        raise _bad(
            f"an action's 'type' must be one of {', '.join(map(repr, _ACTION_FIELDS))}, "
            f"not {show_value(kind)}"
        )
    allowed = _ACTION_FIELDS[kind]
    fields = _object(value, f"a {kind!r} action", frozenset(allowed), allowed)
    if kind in _ANNIVERSARY_READERS:
        read: AnniversaryAction = _ANNIVERSARY_READERS[kind](fields)
        return read
    if kind == "play":
        player = _int(fields["player"], "play.player")
        return Play(player, _card(fields["card"], "play.card"))
    if kind == "bid":
        return Bid(_int(fields["player"], "bid.player"), _int(fields["tricks"], "bid.tricks"))
    if kind == "choose_trump":
        player = _int(fields["player"], "choose_trump.player")
        suit = fields["suit"]
        if suit is None:
            return ChooseTrump(player, None)
        if type(suit) is not str:
            raise _bad(f"choose_trump.suit must be a suit letter or null, not {_json_type(suit)}")
        try:
            return ChooseTrump(player, parse_suit(suit))
        except CardTextError as error:
            raise _bad(f"choose_trump.suit: {error.message}") from error
    hands = fields["hands"]
    turned = fields["turned"]
    if type(hands) is not list:
        raise _bad(f"deal.hands must be an array of hands, not {_json_type(hands)}")
    for seat, hand in enumerate(hands):
        if type(hand) is not list:
            raise _bad(f"deal.hands[{seat}] must be an array of cards, not {_json_type(hand)}")
        for card in hand:
            _card_text(card, f"deal.hands[{seat}]")
    if turned is not None:
        _card_text(turned, "deal.turned")
    parsed = [
        [_card(card, f"deal.hands[{seat}]") for card in hand] for seat, hand in enumerate(hands)
    ]
    return Deal(parsed, None if turned is None else _card(turned, "deal.turned"))


def _declared_json(value: Suit | Kind) -> str:
    return value.value if type(value) is Suit else value.name[0]


_ANNIVERSARY_WRITERS: Final[dict[type, Any]] = {
    WerewolfTrump: lambda a: {
        "type": "werewolf",
        "player": a.player,
        "suit": suit_to_json(a.suit),
    },
    Reveal: lambda a: {"type": "reveal", "card": card_to_json(a.card)},
    Declare: lambda a: {"type": "declare", "player": a.player, "as": _declared_json(a.declared)},
    PassCard: lambda a: {"type": "pass", "player": a.player, "card": card_to_json(a.card)},
    ChangeBid: lambda a: {"type": "change_bid", "player": a.player, "by": a.by},
    WitchSwap: lambda a: {
        "type": "witch_swap",
        "player": a.player,
        "give": None if a.give is None else card_to_json(a.give),
        "take": None if a.take is None else card_to_json(a.take),
    },
}
"""The JSON of each anniversary action, by its class."""


def _read_werewolf(fields: dict[str, Any]) -> WerewolfTrump:
    player = _int(fields["player"], "werewolf.player")
    suit = fields["suit"]
    if suit is None:
        return WerewolfTrump(player, None)
    if type(suit) is not str:
        raise _bad(f"werewolf.suit must be a suit letter or null, not {_json_type(suit)}")
    try:
        return WerewolfTrump(player, parse_suit(suit))
    except CardTextError as error:
        raise _bad(f"werewolf.suit: {error.message}") from error


def _read_declare(fields: dict[str, Any]) -> Declare:
    player = _int(fields["player"], "declare.player")
    letter = fields["as"]
    if type(letter) is not str or letter not in _DECLARED_LETTERS:
        raise _bad(
            "declare.as must be a suit letter (C, D, H, S), or W (Wizard) or J (Jester), "
            f"not {show_value(letter) if type(letter) is str else _json_type(letter)}"
        )
    return Declare(player, _DECLARED_LETTERS[letter])


def _read_witch_swap(fields: dict[str, Any]) -> WitchSwap:
    player = _int(fields["player"], "witch_swap.player")
    give, take = fields["give"], fields["take"]
    if (give is None) != (take is None):
        raise _bad("witch_swap.give and witch_swap.take are both cards, or both null (no swap)")
    if give is None:
        return WitchSwap(player, None, None)
    _card_text(give, "witch_swap.give")
    _card_text(take, "witch_swap.take")
    return WitchSwap(player, _card(give, "witch_swap.give"), _card(take, "witch_swap.take"))


_ANNIVERSARY_READERS: Final[dict[str, Any]] = {
    "werewolf": _read_werewolf,
    "reveal": lambda f: Reveal(_card(f["card"], "reveal.card")),
    "declare": _read_declare,
    "pass": lambda f: PassCard(_int(f["player"], "pass.player"), _card(f["card"], "pass.card")),
    "change_bid": lambda f: ChangeBid(
        _int(f["player"], "change_bid.player"), _int(f["by"], "change_bid.by")
    ),
    "witch_swap": _read_witch_swap,
}
"""The reader of each anniversary action, by its record's ``type``."""


# -- player views -------------------------------------------------------------


def view_to_dict(view: PlayerView | AnniversaryView) -> dict[str, Any]:
    """Return one player's view as a JSON-ready dict, to send to that player.

    It holds exactly what the :class:`~wizard_rules.PlayerView` holds (the
    hands the viewer sees -- its own, and under clairvoyance the others'
    round-1 cards in its place -- how many cards each seat holds, the bids
    it sees and the seats whose bid is hidden from it, and the public facts
    of the game), written as in game records, plus the viewer's legal
    actions.  Nothing in it depends on the cards or bids hidden from the
    viewer (rule 13.2).

    An :class:`~wizard_rules.core.anniversary.views.AnniversaryView` (a game with
    anniversary cards) is written field by field, every field it holds and
    nothing else (rule 41): ``config``, ``seat``, ``phase``, ``round``,
    ``dealer``, ``current_player``, ``hand``, ``hand_sizes``, ``turned``,
    ``trump_card``, ``werewolf_seat``, ``revealed``, ``vampire_copies``,
    ``trump``, ``bids``, ``bid_changes`` (``[seat, by]`` pairs), ``trick``
    and ``declared`` (``"H"``, ``"W"``, ``"J"`` or ``null`` per card, as a
    declaration's record writes it), ``leader``, ``tricks`` (each with its
    ``declared``, a ``winner`` that is ``null`` for a Bomb's trick, and
    ``next_leader``), ``tricks_won``, ``passing``, ``passes``
    (``[given, received]`` pairs), ``witch_swaps`` (``give`` is ``null``
    unless the viewer gave it), ``results`` and ``scores``, and the viewer's
    ``legal_actions`` (its view's, as the standard view's JSON has them).

    :raises InvalidArgumentError: ``view`` is not a :class:`~wizard_rules.PlayerView`
        (nor an AnniversaryView).
    """
    if type(view) is not PlayerView:
        return _anniversary_view_to_dict(view)

    return {
        "config": config_to_dict(view.config),
        "seat": view.seat,
        "phase": view.phase.value,
        "round": view.round,
        "dealer": view.dealer,
        "current_player": view.current_player,
        "hand": cards_to_json(view.hand),
        "hands": [None if hand is None else cards_to_json(hand) for hand in view.hands],
        "hand_sizes": list(view.hand_sizes),
        "turned": card_to_json(view.turned),
        "trump": suit_to_json(view.trump),
        "bids": list(view.bids),
        "unseen_bids": list(view.unseen_bids),
        "trick": cards_to_json(view.current_trick),
        "leader": view.leader,
        "tricks": [trick_to_json(t) for t in view.completed_tricks],
        "played": cards_to_json(view.played),
        "tricks_won": list(view.tricks_won),
        "results": [
            {
                "round": r.round,
                "dealer": r.dealer,
                "turned": card_to_json(r.turned),
                "trump": suit_to_json(r.trump),
                "bids": list(r.bids),
                "tricks": [trick_to_json(t) for t in r.tricks],
                "tricks_won": list(r.tricks_won),
                "scores": list(r.scores),
            }
            for r in view.results
        ],
        "scores": list(view.scores),
        "winners": list(view.winners),
        "legal_actions": [action_to_dict(action) for action in view.legal_actions()],
    }


def _anniversary_view_to_dict(view: object) -> dict[str, Any]:
    """:func:`view_to_dict` of an AnniversaryView (else refuse ``view``)."""
    from wizard_rules.core.anniversary.views import AnniversaryView

    if type(view) is not AnniversaryView:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a PlayerView, not {type(view).__name__}"
        )
    return {
        "config": config_to_dict(view.config),
        "seat": view.seat,
        "phase": view.phase.value,
        "round": view.round,
        "dealer": view.dealer,
        "current_player": view.current_player,
        "hand": cards_to_json(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "turned": card_to_json(view.turned),
        "trump_card": card_to_json(view.trump_card),
        "werewolf_seat": view.werewolf_seat,
        "revealed": card_to_json(view.revealed),
        "vampire_copies": card_to_json(view.vampire_copies),
        "trump": suit_to_json(view.trump),
        "bids": list(view.bids),
        "bid_changes": [[seat, by] for seat, by in view.bid_changes],
        "trick": cards_to_json(view.current_trick),
        "declared": _declarations_json(view.declared),
        "leader": view.leader,
        "tricks": [_anniversary_trick_json(trick) for trick in view.completed_tricks],
        "tricks_won": list(view.tricks_won),
        "passing": card_to_json(view.passing),
        "passes": [cards_to_json(given_and_got) for given_and_got in view.passes],
        "witch_swaps": [
            {
                "player": swap.player,
                "trick": swap.trick,
                "give": card_to_json(swap.give),
                "take": card_to_json(swap.take),
            }
            for swap in view.witch_swaps
        ],
        "results": [_anniversary_result_json(result) for result in view.results],
        "scores": list(view.scores),
        "legal_actions": [action_to_dict(action) for action in view.legal_actions()],
    }


def _declarations_json(declared: tuple[Suit | Kind | None, ...]) -> list[str | None]:
    return [None if value is None else _declared_json(value) for value in declared]


def _anniversary_trick_json(trick: AnniversaryTrick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": cards_to_json(trick.cards),
        "declared": _declarations_json(trick.declared),
        "winner": trick.winner,
        "next_leader": trick.next_leader,
    }


def _anniversary_result_json(result: AnniversaryRoundResult) -> dict[str, Any]:
    return {
        "round": result.round,
        "dealer": result.dealer,
        "turned": card_to_json(result.turned),
        "trump": suit_to_json(result.trump),
        "bids": list(result.bids),
        "bid_changes": [[seat, by] for seat, by in result.bid_changes],
        "tricks": [_anniversary_trick_json(trick) for trick in result.tricks],
        "tricks_won": list(result.tricks_won),
        "scores": list(result.scores),
    }


# -- positions -----------------------------------------------------------------

_POSITION_FIELDS: Final = (
    "format",
    "version",
    "config",
    "round",
    "dealer",
    "over",
    "scores",
    "hands",
    "turned",
    "trump",
    "bids",
    "tricks_won",
    "played",
    "current_trick",
    "leader",
    "unseen_bids",
)
_POSITION_REQUIRED: Final = frozenset(_POSITION_FIELDS) - {"unseen_bids"}


def position_to_dict(position: Position) -> dict[str, Any]:
    """Return ``position`` as a JSON-ready dict.

    The shape (its JSON Schema is ``position.schema.json`` in the
    conformance suite)::

        {"format": "wizard-rules/position", "version": 1,
         "config": CONFIG, "round": N, "dealer": SEAT, "over": BOOL,
         "scores": [N, ...], "hands": [[CARD, ...] or null, ...],
         "turned": CARD or null, "trump": "C"|"D"|"H"|"S" or null,
         "bids": [N or null, ...], "tricks_won": [N, ...],
         "played": [CARD, ...], "current_trick": [CARD, ...], "leader": SEAT}

    Every field of the :class:`~wizard_rules.Position` is written, the
    configuration as :func:`config_to_dict` writes it; the per-seat lists
    are indexed by seat, a hidden hand is ``null``, hands and ``played`` are
    in canonical card order and ``current_trick`` in the order played.  A
    partial position with hidden bids (rule 23.5) also has
    ``"unseen_bids": [SEAT, ...]``, and their ``"bids"`` are ``null``; the
    field is left out otherwise (version 1 gained it with the variants of
    secret bids, whose configurations a reader of 0.2.0 refuses too).

    >>> from wizard_rules import Config, new_game, position_of, position_to_dict
    >>> data = position_to_dict(position_of(new_game(Config(players=3))))
    >>> data["round"], data["hands"], data["bids"], data["leader"]
    (1, [[], [], []], [None, None, None], 1)

    :raises InvalidArgumentError: ``position`` is not a :class:`~wizard_rules.Position`.
    """
    if type(position) is not Position:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a Position, not {type(position).__name__}"
        )
    written = {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "config": config_to_dict(position.config),
        "round": position.round,
        "dealer": position.dealer,
        "over": position.over,
        "scores": list(position.scores),
        "hands": [None if hand is None else cards_to_json(hand) for hand in position.hands],
        "turned": card_to_json(position.turned),
        "trump": suit_to_json(position.trump),
        "bids": list(position.bids),
        "tricks_won": list(position.tricks_won),
        "played": cards_to_json(position.played),
        "current_trick": cards_to_json(position.current_trick),
        "leader": position.leader,
    }
    if position.unseen_bids:  # (only then: the standard game's documents are 0.2.0's)
        written["unseen_bids"] = list(position.unseen_bids)
    return written


def position_from_dict(value: Any) -> Position:
    """Return the :class:`~wizard_rules.Position` a JSON object describes.

    The inverse of :func:`position_to_dict`:
    ``position_from_dict(position_to_dict(p)) == p`` for every position.
    Decoding is strict: every field must be present (in ``"config"``, the
    options may be left out, as for :func:`config_from_dict`), no other field
    may be, numbers must be JSON integers (not booleans or ``2.0``), cards
    card text and the trump a suit letter.  Cards may be listed in any order
    in hands and ``played``.

    Two kinds of fault are told apart.  A document that is not a position
    document -- a missing or unknown field, a wrong JSON type, text that is
    not a card or a suit, another ``"format"`` or ``"version"``, an
    impossible configuration -- is a :class:`~wizard_rules.errors.RecordError`.
    A well-formed document whose position cannot arise in a game -- a card in
    two places, a list without one entry per seat, a hand of the wrong size,
    a bid out of turn (rules 12.1 to 12.14) -- is refused by
    :class:`~wizard_rules.Position` itself.

    :raises RecordError: ``invalid_record``: the document does not have the
        shape of a position (when a card or suit is not one, the
        :class:`~wizard_rules.errors.CardTextError` is the error's ``__cause__``).
    :raises PositionError: ``invalid_position``: the shape is right, but the
        position cannot arise in a game.
    """
    fields = _object(value, "a position", _POSITION_REQUIRED, _POSITION_FIELDS)
    if fields["format"] != POSITION_FORMAT:
        raise _bad(f"a position's 'format' must be {POSITION_FORMAT!r}")
    version = _int(fields["version"], "position.version")
    if version != POSITION_VERSION:
        raise _bad(
            f"this library reads positions of version {POSITION_VERSION}, "
            f"not {show_value(version)}"
        )
    config = config_from_dict(fields["config"])
    # The whole shape first, then the card and suit texts, then the position.
    for name in ("round", "dealer", "leader"):
        _int(fields[name], f"position.{name}")
    over = _bool(fields["over"], "position.over")
    for name in ("scores", "tricks_won"):
        for seat, item in enumerate(_array(fields[name], f"position.{name}")):
            _int(item, f"position.{name}[{seat}]")
    for seat, bid in enumerate(_array(fields["bids"], "position.bids")):
        if bid is not None:
            _int(bid, f"position.bids[{seat}]")
    unseen_bids = _array(fields.get("unseen_bids", []), "position.unseen_bids")
    for k, seat in enumerate(unseen_bids):
        _int(seat, f"position.unseen_bids[{k}]")
    hands = _array(fields["hands"], "position.hands")
    for seat, hand in enumerate(hands):
        if hand is not None:
            for card in _array(hand, f"position.hands[{seat}]"):
                _card_text(card, f"position.hands[{seat}]")
    for name in ("played", "current_trick"):
        for card in _array(fields[name], f"position.{name}"):
            _card_text(card, f"position.{name}")
    turned, trump = fields["turned"], fields["trump"]
    if turned is not None:
        _card_text(turned, "position.turned")
    if trump is not None and type(trump) is not str:
        raise _bad(f"position.trump must be a suit letter or null, not {_json_type(trump)}")
    try:
        suit = None if trump is None else parse_suit(trump)
    except CardTextError as error:
        raise _bad(f"position.trump: {error.message}") from error
    return Position(
        config=config,
        round=fields["round"],
        dealer=fields["dealer"],
        scores=fields["scores"],
        hands=[
            None if hand is None else [_card(card, f"position.hands[{seat}]") for card in hand]
            for seat, hand in enumerate(hands)
        ],
        turned=None if turned is None else _card(turned, "position.turned"),
        trump=suit,
        bids=fields["bids"],
        unseen_bids=unseen_bids,
        tricks_won=fields["tricks_won"],
        played=[_card(card, "position.played") for card in fields["played"]],
        current_trick=[_card(card, "position.current_trick") for card in fields["current_trick"]],
        leader=fields["leader"],
        over=over,
    )


# -- game records ------------------------------------------------------------

_RECORD_FIELDS: Final[dict[int, tuple[str, ...]]] = {
    1: ("format", "version", "config", "actions"),
    2: ("format", "version", "config", "start", "actions"),
}


def _actions(
    items: Iterable[Action | AnniversaryAction],
) -> tuple[Action | AnniversaryAction, ...]:
    try:
        actions = tuple(items)
    except TypeError:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"GameRecord.actions must be an iterable of actions, not {type(items).__name__}",
        ) from None
    for action in actions:
        if type(action) not in _RECORD_ACTION_TYPES:
            raise InvalidActionError(
                ErrorCode.INVALID_ACTION, f"expected an action, not {type(action).__name__}"
            )
    return actions


def _check_config(_instance: object, _attribute: object, value: Any) -> None:
    if type(value) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"GameRecord.config must be a Config, not {type(value).__name__}",
        )


def _check_start(instance: GameRecord, _attribute: object, value: Any) -> None:
    if value is None:
        return
    if type(value) is not Position:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"GameRecord.start must be a Position or None, not {type(value).__name__}",
        )
    if type(instance.config.rules.deck) is AnniversaryDeck:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "a game with anniversary cards starts with new_anniversary_game: its record "
            "has no start position (positions of such games are not written yet)",
        )
    if value.config != instance.config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"GameRecord.start is a position of {value.config}, not of the record's "
            f"{instance.config}",
        )
    if not value.is_complete:
        raise PositionError(
            ErrorCode.INVALID_POSITION,
            "GameRecord.start is a partial position (some hands are hidden): "
            "a game can only start from a complete one",
        )


@attrs.frozen
class GameRecord:
    """A configuration and the actions played from the start of the game.

    The game starts from ``new_game(config)``, or from the position
    ``start`` when there is one (see :func:`~wizard_rules.from_position`).

    A game with anniversary cards (a configuration whose deck is an
    :class:`~wizard_rules.core.anniversary.deck.AnniversaryDeck`, rule 28.6)
    starts with :func:`~wizard_rules.new_anniversary_game`, holds the cards'
    actions too (:class:`~wizard_rules.core.anniversary.actions.WerewolfTrump`,
    :class:`~wizard_rules.core.anniversary.actions.Reveal`, ...), and has no start
    position.

    :ivar config: the rules of the game.
    :ivar actions: every action from the start on, in order.
    :ivar start: the complete :class:`~wizard_rules.Position` the game was
        set up from, of the same configuration, or ``None`` for a game that
        starts with :func:`~wizard_rules.new_game` (always ``None`` with
        anniversary cards).

    :raises InvalidArgumentError: a field has the wrong type, ``start``
        is a position of another configuration, or a game with anniversary
        cards is given one.
    :raises InvalidActionError: an item of ``actions`` is not an action.
    :raises PositionError: ``invalid_position``: ``start`` is a partial position.
    """

    config: Config = attrs.field(validator=_check_config)
    actions: tuple[Action | AnniversaryAction, ...] = attrs.field(converter=_actions)
    start: Position | None = attrs.field(default=None, validator=_check_start)
    _final: State | AnniversaryState | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )

    @classmethod
    def from_state(cls, state: State | AnniversaryState) -> GameRecord:
        """Return the record of the game that led to ``state``.

        It starts where the state's game started: :attr:`State.start
        <wizard_rules.State.start>` (a position) or a new game; a game with
        anniversary cards, with :func:`~wizard_rules.new_anniversary_game`.
        """
        if type(state) is not State:
            return cls(_anniversary_state(state).config, state.history)
        return cls(state.config, state.history, state.start)

    def replay(self) -> State:
        """Apply the actions to the start of the game and return the final state.

        The start is ``from_position(start)``, or ``new_game(config)`` when
        the record has no start position.  A game with anniversary cards is
        :meth:`replay_anniversary`'s.

        :raises RecordError: ``illegal_record``, with
            :attr:`~wizard_rules.errors.RecordError.index` set to the first
            action that the rules refuse (the rules' error is its cause).
        :raises InvalidArgumentError: the record's game has anniversary cards.
        """
        if type(self.config.rules.deck) is AnniversaryDeck:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                "this record's game has anniversary cards: replay it with replay_anniversary()",
            )
        final = self.replay_any()
        assert type(final) is State
        return final

    def replay_anniversary(self) -> AnniversaryState:
        """:meth:`replay` for a game with anniversary cards, from ``new_anniversary_game(config)``.

        :raises RecordError: ``illegal_record``, as :meth:`replay`.
        :raises InvalidArgumentError: the record's game has no anniversary cards.
        """
        if type(self.config.rules.deck) is not AnniversaryDeck:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                "this record's game has no anniversary cards: replay it with replay()",
            )
        final = self.replay_any()
        assert type(final) is not State
        return cast("AnniversaryState", final)

    def replay_any(self) -> State | AnniversaryState:
        """:meth:`replay` or :meth:`replay_anniversary`, as the record's deck says.

        For code that replays either kind of record (the command line's
        ``replay``) and reads only what both final states have.

        :raises RecordError: ``illegal_record``, as :meth:`replay`.
        """
        if self._final is not None:
            return self._final
        state: State | AnniversaryState
        if type(self.config.rules.deck) is AnniversaryDeck:
            from wizard_rules.core.anniversary.transitions import new_anniversary_game

            state = new_anniversary_game(self.config)
        else:
            state = new_game(self.config) if self.start is None else from_position(self.start)
        for index, action in enumerate(self.actions):
            try:
                state = apply(state, action)
            except (IllegalActionError, InvalidActionError) as error:
                shown = str(action)
                shown = shown if len(shown) <= 80 else shown[:77] + "..."
                raise RecordError(
                    ErrorCode.ILLEGAL_RECORD,
                    f"action {index} ({shown}) cannot be played: {error.message}",
                    index=index,
                ) from error
        return state

    def to_dict(self) -> dict[str, Any]:
        """Return the record as a JSON-ready dict.

        Without a start position it is a version 1 record (no ``"start"``
        field), exactly as this library wrote before version 2; with one, a
        version 2 record whose ``"start"`` is :func:`position_to_dict` of it.
        """
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": 1,
            "config": config_to_dict(self.config),
            "actions": [action_to_dict(action) for action in self.actions],
        }
        if self.start is not None:
            data["version"] = 2
            data["start"] = position_to_dict(self.start)
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """Return the record as canonical JSON text (see :func:`dumps`)."""
        return dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, value: Any) -> GameRecord:
        """Return the record a decoded JSON object describes, once it replays.

        Versions 1 and 2 are read.  A version 1 record has no ``"start"``
        field; in version 2 it is required, a position (see
        :func:`position_from_dict`) of the record's configuration or ``null``.
        The record is checked by replaying it under the rules.

        :raises RecordError: ``invalid_record`` for a wrong shape or version
            (also for more than :data:`MAX_RECORD_ACTIONS` actions, or
            :data:`MAX_ANNIVERSARY_RECORD_ACTIONS` with anniversary cards,
            refused before any is decoded, and for a start position in a
            game with anniversary cards),
            or a start position that cannot arise in a game or is partial (the
            :class:`~wizard_rules.errors.PositionError` is then the cause);
            ``illegal_record`` for actions the rules refuse.
        """
        # The format and the version first: the version decides the fields.
        head = _object(value, "a game record", frozenset(), _RECORD_FIELDS[RECORD_VERSION])
        for name in ("format", "version"):
            if name not in head:
                raise _bad(f"a game record is missing field(s) {name!r}")
        if head["format"] != RECORD_FORMAT:
            raise _bad(f"a game record's 'format' must be {RECORD_FORMAT!r}")
        version = _int(head["version"], "version")
        if version not in _RECORD_FIELDS:
            raise _bad(
                f"this library reads game records of versions 1 and 2, not {show_value(version)}"
            )
        allowed = _RECORD_FIELDS[version]
        fields = _object(value, f"a version {version} game record", frozenset(allowed), allowed)
        config = config_from_dict(fields["config"])
        start = fields.get("start")
        cards = type(config.rules.deck) is AnniversaryDeck
        if start is not None and cards:
            raise _bad(
                "a game with anniversary cards has no start position (positions of such "
                "games are not written yet): 'start' must be null"
            )
        if start is not None:
            try:
                start = position_from_dict(start)
            except (RecordError, PositionError) as error:
                raise _bad(f"start: {error.message}") from error
            if start.config != config:
                raise _bad("the start position's config differs from the record's")
            if not start.is_complete:
                raise _bad("the start position is partial: a game starts from a complete one")
        actions = fields["actions"]
        if type(actions) is not list:
            raise _bad(f"'actions' must be an array, not {_json_type(actions)}")
        most = MAX_ANNIVERSARY_RECORD_ACTIONS if cards else MAX_RECORD_ACTIONS
        if len(actions) > most:
            raise _bad(f"a game has at most {most} actions, not {len(actions)}")
        record = cls(config, tuple(_indexed(action_from_dict, actions)), start)
        # The check replays the game; keep the final state so that a
        # following replay() costs nothing.
        object.__setattr__(record, "_final", record.replay_any())
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and check a game record written as JSON text (see :meth:`from_dict`).

        Text longer than :data:`MAX_RECORD_TEXT` is refused before it is
        parsed: no game record is that long.

        :raises RecordError: ``invalid_json``, ``invalid_record`` (also for
            text longer than :data:`MAX_RECORD_TEXT`) or ``illegal_record``.
        """
        if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_RECORD_TEXT:
            raise _bad(
                f"a game record is at most {MAX_RECORD_TEXT} characters long, not {len(text)}"
            )
        return cls.from_dict(loads(text))


def _anniversary_state(state: object) -> AnniversaryState:
    """``state``, if it is a game with anniversary cards (else refuse it as not a State)."""
    from wizard_rules.core.anniversary.state import AnniversaryState

    if type(state) is not AnniversaryState:
        raise not_a_state(state)
    return state


def _indexed(decode: Any, items: list[Any]) -> list[Action]:
    decoded = []
    for index, item in enumerate(items):
        try:
            decoded.append(decode(item))
        except RecordError as error:
            raise RecordError(
                error.code, f"actions[{index}]: {error.message}", index=index
            ) from None
    return decoded
