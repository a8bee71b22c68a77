"""The fuzz targets: each takes one input and checks the library's promises on it.

A target returns normally when every promise held, and fails otherwise: an
exception that is not one of the documented errors of the API, an error
message longer than :data:`MAX_MESSAGE` (every echoed input is shortened), a
decoded value that does not round-trip, or (for :func:`rules`) a code or an
order of refusals other than the oracle's.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from typing import Any, Final, TypeVar

from fuzz.oracle import expected_code
from wizard_rules import (
    Bid,
    ChooseTrump,
    Deal,
    GameRecord,
    Play,
    Position,
    PositionError,
    RecordError,
    State,
    WizardError,
    action_from_dict,
    action_to_dict,
    apply,
    check,
    config_from_dict,
    config_to_dict,
    legal_actions,
    parse_card,
    parse_cards,
    parse_suit,
    position_from_dict,
    position_to_dict,
)
from wizard_rules.errors import CardTextError

__all__ = [
    "MAX_MESSAGE",
    "TARGETS",
    "action_dict",
    "card_text",
    "config_dict",
    "position_dict",
    "position_text",
    "record_dict",
    "record_json",
    "rules",
]

MAX_MESSAGE: Final = 600
"""The longest error text a target accepts, whatever the size of the input."""

_T = TypeVar("_T")


def _only(call: Callable[[], _T], *errors: type[WizardError]) -> _T | WizardError:
    """Run ``call``; let only ``errors`` out of it, each with a short message."""
    try:
        return call()
    except errors as error:
        refused = error
    text = str(refused)
    if len(text) > MAX_MESSAGE:
        raise AssertionError(f"a message of {len(text)} characters: {text[:200]}")
    if text != f"[{refused.code.value}] {refused.message}":
        raise AssertionError(f"a message that is not its code and text: {text[:200]}")
    return refused


def record_json(data: bytes | str) -> None:
    """:meth:`GameRecord.from_json`: a record that replays, or a ``RecordError``."""
    result = _only(lambda: GameRecord.from_json(data), RecordError)
    if isinstance(result, GameRecord):
        assert GameRecord.from_json(result.to_json()) == result


def record_dict(value: Any) -> None:
    """:meth:`GameRecord.from_dict` on any decoded JSON value."""
    result = _only(lambda: GameRecord.from_dict(value), RecordError)
    if isinstance(result, GameRecord):
        assert GameRecord.from_dict(result.to_dict()) == result


def action_dict(value: Any) -> None:
    """:func:`action_from_dict` on any decoded JSON value."""
    result = _only(lambda: action_from_dict(value), RecordError)
    if isinstance(result, (Deal, ChooseTrump, Bid, Play)):
        assert action_from_dict(action_to_dict(result)) == result


def config_dict(value: Any) -> None:
    """:func:`config_from_dict` on any decoded JSON value."""
    result = _only(lambda: config_from_dict(value), RecordError)
    if not isinstance(result, WizardError):
        assert config_from_dict(config_to_dict(result)) == result


def card_text(text: Any) -> None:
    """:func:`parse_card`, :func:`parse_cards` and :func:`parse_suit` on any text."""
    card = _only(lambda: parse_card(text), CardTextError)
    if not isinstance(card, WizardError):
        assert card.text == text
    cards = _only(lambda: parse_cards(text), CardTextError)
    if not isinstance(cards, WizardError):
        assert parse_cards(" ".join(card.text for card in cards)) == cards
    _only(lambda: parse_suit(text), CardTextError)


def position_text(text: Any) -> None:
    """:meth:`Position.from_text` on any text: a position that round-trips, or a refusal."""
    result = _only(lambda: Position.from_text(text), PositionError)
    if isinstance(result, Position):
        assert Position.from_text(result.to_text()) == result


def position_dict(value: Any) -> None:
    """:func:`position_from_dict` on any decoded JSON value."""
    result = _only(lambda: position_from_dict(value), RecordError, PositionError)
    if isinstance(result, Position):
        assert position_from_dict(position_to_dict(result)) == result


def rules(state: State, action: object) -> None:
    """:func:`check` and :func:`apply` agree with the oracle of the refusal order.

    The code (or success) is the oracle's (rules 11.1 to 11.11); a refused
    action changes nothing (rule 11.9: the state pickles to the same bytes);
    a player's action is legal exactly when :func:`legal_actions` lists it
    (rule 11.10).
    """
    expected = expected_code(state, action)
    before = pickle.dumps(state)
    checked = _only(lambda: check(state, action), WizardError)
    applied = _only(lambda: apply(state, action), WizardError)
    for result in (checked, applied):
        got = result.code.value if isinstance(result, WizardError) else None
        assert got == expected, f"{action!r}: {got} where the rules say {expected}"
    assert pickle.dumps(state) == before
    if isinstance(action, (ChooseTrump, Bid, Play)) and state.current_player is not None:
        assert (action in legal_actions(state)) == (expected is None)


def _json_or_skip(decode: Callable[[Any], None]) -> Callable[[bytes], None]:
    """A bytes target that decodes JSON first and feeds ``decode`` what it finds."""

    def target(data: bytes) -> None:
        try:
            value = json.loads(data)
        except (ValueError, RecursionError):
            return  # not JSON: the record_json target covers the parsing
        decode(value)

    return target


TARGETS: Final[dict[str, Callable[[bytes], None]]] = {
    "record_json": record_json,
    "record_dict": _json_or_skip(record_dict),
    "action_dict": _json_or_skip(action_dict),
    "config_dict": _json_or_skip(config_dict),
    "position_dict": _json_or_skip(position_dict),
    "card_text": lambda data: card_text(data.decode("utf-8", "replace")),
    "position_text": lambda data: position_text(data.decode("utf-8", "replace")),
}
"""The byte-level targets, by name, for coverage-guided and mutation fuzzers."""
