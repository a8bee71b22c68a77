"""The library's errors, each with a stable, machine-readable :class:`ErrorCode`.

Every error the library raises on purpose is a :class:`WizardError`.  Its
:attr:`~WizardError.code` is part of the public contract: game servers may send
it to clients, and the conformance suite compares implementations by it, so a
code, once released, keeps its meaning and its spelling.  The message is for
people and may be reworded at any time.

The classes separate *what kind* of problem it is, in the manner of
python-chess's ``InvalidMoveError`` (bad notation) and ``IllegalMoveError``
(against the rules):

* :class:`CardTextError` -- text that is not a card (``"X9"``);
* :class:`ConfigError` -- an impossible rule configuration;
* :class:`InvalidArgumentError` -- a value of the wrong type or shape given to
  a function, and its subclass :class:`InvalidActionError` for something that
  is not a well-formed action at all;
* :class:`IllegalActionError` -- a well-formed action the rules forbid in this
  state (wrong phase, not your turn, must follow suit, ...);
* :class:`RecordError` -- JSON or a game record that cannot be decoded or
  replayed;
* :class:`PositionError` -- a position that cannot arise in a game, or text
  that is not a position.

Every class is made the same way, ``SomeError(code, message)``, and all of
them derive from :class:`ValueError` and from nothing else.  In particular
:class:`InvalidArgumentError` is deliberately *not* a :class:`TypeError`:
our errors describe bad *data* (a client's action, a JSON record, a
command-line value) that a program must refuse and report, whereas
``except TypeError`` is how Python code catches its own programming
mistakes.  Were it a :class:`TypeError`, a handler written for the latter
would silently swallow a malformed action from an untrusted client.
:class:`ValueError` is the right family: it is Python's "this value was
refused", and a handler that catches it around both ``int(text)`` and
:func:`~wizard_rules.apply` treats a refused action as what it is, a refused
value.  Catch :class:`WizardError` (or one class) and read its
:attr:`~WizardError.code`.
"""

from __future__ import annotations

import enum
import reprlib
from typing import Any, ClassVar, Final

__all__ = [
    "CardTextError",
    "ConfigError",
    "ErrorCode",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "PositionError",
    "RecordError",
    "WizardError",
    "show_value",
]


class ErrorCode(enum.StrEnum):
    """Stable, machine-readable reasons for every error the library raises.

    The value of each member is the code's wire form (used in JSON and by the
    conformance suite).  New codes may be added in minor releases; existing
    ones are never renamed or given another meaning.
    """

    # -- malformed input -------------------------------------------------
    BAD_CARD_TEXT = "bad_card_text"
    """Text that is not a card in the library's card notation."""
    INVALID_CONFIG = "invalid_config"
    """A rule configuration that cannot be played (for example 7 players)."""
    INVALID_ARGUMENT = "invalid_argument"
    """A function was given a value of the wrong type or outside its domain."""
    INVALID_ACTION = "invalid_action"
    """Something that is not a well-formed action (wrong type or field types)."""

    # -- actions the rules forbid ------------------------------------------
    GAME_OVER = "game_over"
    """The game has ended; no action is legal any more."""
    WRONG_PHASE = "wrong_phase"
    """This kind of action is not the one the current phase expects."""
    NO_SUCH_PLAYER = "no_such_player"
    """The action names a seat that does not exist in this game."""
    NOT_YOUR_TURN = "not_your_turn"
    """The action names a player other than the one to act."""
    INVALID_DEAL = "invalid_deal"
    """A deal with the wrong number of hands or cards, a repeated card, or a
    wrong turned card."""
    NO_TRUMP_NOT_ALLOWED = "no_trump_not_allowed"
    """The dealer tried to name "no trump" after a Wizard was turned."""
    BID_OUT_OF_RANGE = "bid_out_of_range"
    """A bid below 0 or above the number of cards in the round."""
    BID_TOTAL_FORBIDDEN = "bid_total_forbidden"
    """With the bid-total option on, the dealer's bid would make the bids add
    up to the number of tricks."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The player does not hold the card they tried to play."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """The player holds the led suit and tried to play a card of another suit."""
    INVALID_DECLARATION = "invalid_declaration"
    """An anniversary card declared as what it cannot be: a Juggler or a Cloud
    as anything but a suit, a Shapeshifter as anything but a Wizard or a
    Jester (rules 33.1, 34.1 and 35.1)."""
    CARD_NOT_IN_TRICK = "card_not_in_trick"
    """A Witch's swap takes a card that is not in her trick, or the Witch
    herself (rule 36.2)."""

    # -- records ---------------------------------------------------------
    INVALID_JSON = "invalid_json"
    """Text that is not JSON, or JSON the library refuses (duplicate keys,
    NaN, nesting too deep)."""
    INVALID_RECORD = "invalid_record"
    """JSON that does not have the shape of the record it should be."""
    ILLEGAL_RECORD = "illegal_record"
    """A well-formed record whose actions cannot be replayed under the rules."""

    # -- positions -------------------------------------------------------
    INVALID_POSITION = "invalid_position"
    """A position that cannot arise in a game (a card twice, hands of the
    wrong size, a bid out of turn, ...), or a partial position where a
    complete one is needed."""
    BAD_POSITION_TEXT = "bad_position_text"
    """Text that is not a position in the library's position notation."""


class WizardError(ValueError):
    """Base class of every error the library raises on purpose.

    Every error class is built the same way, ``SomeError(code, message)``,
    and accepts only the codes listed in its :attr:`codes` (a programming
    mistake such as ``CardTextError(ErrorCode.GAME_OVER, ...)`` raises a plain
    :class:`ValueError`, and a code that is not an :class:`ErrorCode` a
    :class:`TypeError`).  Errors survive pickling with their code and
    message, so they cross process boundaries intact.

    :ivar code: the stable :class:`ErrorCode` of the problem.
    :ivar message: a sentence for people; not part of the stable contract.
    """

    codes: ClassVar[frozenset[ErrorCode]] = frozenset(ErrorCode)
    """The codes an error of this class may carry."""

    code: ErrorCode
    message: str

    def __init__(self, code: ErrorCode, message: str) -> None:
        # Mistakes in building an error are the programmer's, not the data's:
        # they raise Python's own errors, never a WizardError.
        if type(code) is not ErrorCode:
            raise TypeError(f"an error's code must be an ErrorCode, not {type(code).__name__}")
        if code not in self.codes:
            raise ValueError(f"{type(self).__name__} does not carry the code {code.value!r}")
        super().__init__(f"[{code.value}] {message}")
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the constructor's arguments (and any extra attributes)."""
        return (type(self), (self.code, self.message), self.__dict__)


class CardTextError(WizardError):
    """Text that is not a card in the library's notation (code ``bad_card_text``)."""

    codes = frozenset({ErrorCode.BAD_CARD_TEXT})


class ConfigError(WizardError):
    """A rule configuration that cannot be played (code ``invalid_config``)."""

    codes = frozenset({ErrorCode.INVALID_CONFIG})


class InvalidArgumentError(WizardError):
    """A value of the wrong type or outside its domain given to a function.

    Its code is ``invalid_argument`` (``invalid_action`` for its subclass
    :class:`InvalidActionError`).
    """

    codes = frozenset({ErrorCode.INVALID_ARGUMENT})


class InvalidActionError(InvalidArgumentError):
    """Something that is not a well-formed action (code ``invalid_action``).

    Raised when an action record is built with fields of the wrong type, or
    when something that is not an action at all is applied.  A well-formed
    action that the rules forbid raises :class:`IllegalActionError` instead.
    """

    codes = frozenset({ErrorCode.INVALID_ACTION})


class IllegalActionError(WizardError):
    """A well-formed action that the rules forbid in the given state.

    The state the action was applied to is unchanged (states are immutable).
    Its ``code`` says which rule was broken: ``game_over``, ``wrong_phase``,
    ``no_such_player``, ``not_your_turn`` or one of the action's own rules.
    """

    codes = frozenset(
        {
            ErrorCode.GAME_OVER,
            ErrorCode.WRONG_PHASE,
            ErrorCode.NO_SUCH_PLAYER,
            ErrorCode.NOT_YOUR_TURN,
            ErrorCode.INVALID_DEAL,
            ErrorCode.NO_TRUMP_NOT_ALLOWED,
            ErrorCode.BID_OUT_OF_RANGE,
            ErrorCode.BID_TOTAL_FORBIDDEN,
            ErrorCode.CARD_NOT_IN_HAND,
            ErrorCode.MUST_FOLLOW_SUIT,
            ErrorCode.INVALID_DECLARATION,
            ErrorCode.CARD_NOT_IN_TRICK,
        }
    )


class PositionError(WizardError):
    """A position that cannot arise in a game, or text that is not a position.

    Its code is ``invalid_position`` or ``bad_position_text``.

    :ivar column: for ``bad_position_text``, the column (from 1) of the
        token at fault; otherwise ``None``.
    """

    codes = frozenset({ErrorCode.INVALID_POSITION, ErrorCode.BAD_POSITION_TEXT})

    column: int | None

    def __init__(self, code: ErrorCode, message: str, *, column: int | None = None) -> None:
        super().__init__(code, message)
        self.column = column


class RecordError(WizardError):
    """JSON or a game record that cannot be decoded or replayed.

    Its code is ``invalid_json``, ``invalid_record`` or ``illegal_record``.

    :ivar index: the position in a game record's action list of the action
        at fault (one that is badly formed, or the first the rules refuse),
        or ``None`` when the fault is not in one action.
    """

    codes = frozenset({ErrorCode.INVALID_JSON, ErrorCode.INVALID_RECORD, ErrorCode.ILLEGAL_RECORD})

    index: int | None

    def __init__(self, code: ErrorCode, message: str, *, index: int | None = None) -> None:
        super().__init__(code, message)
        self.index = index


# -- showing a value in a message -------------------------------------------

_SHOWN: Final = 40
"""How many characters of an echoed text a message shows (internal)."""
_SHOWN_MOST: Final = 60
"""The longest an echoed value is written, escapes and all (internal)."""


class _ShortRepr(reprlib.Repr):
    """:mod:`reprlib` that writes any int, however long, and texts by their start (internal).

    Python refuses to write an int of more than 4,300 digits in decimal
    (``sys.set_int_max_str_digits``); such an int is described by its size.
    """

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * _SHOWN:  # over about 48 digits: far from any game value
            return f"<an int of {x.bit_length()} bits>"
        return super().repr_int(x, level)

    def repr_str(self, x: str, level: int) -> str:
        # The start of a text, as parse_card has always shown it: 'H13H13...'.
        return repr(x if len(x) <= self.maxstring else x[: self.maxstring] + "...")


_SHORT_REPR: Final = _ShortRepr()
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = _SHORT_REPR.maxlong = _SHOWN


def show_value(value: object) -> str:
    """Return ``value`` as error messages echo it: its repr, shortened.

    Every message of the library that echoes a caller's value goes through
    here, so that no message grows with its input and none fails to be
    written: a text or repr longer than about 40 characters is cut (and
    anything written longer than 60, escapes included) with ``...``, an int
    too long to write in decimal is described by its size, and a value whose
    repr raises is named by its type.  An int of a game's size shows as
    itself.  Any value will do; this never raises.

    >>> from wizard_rules.errors import show_value
    >>> show_value(3), show_value("ab"), show_value(2**20000)
    ('3', "'ab'", '<an int of 20001 bits>')
    """
    try:
        shown = _SHORT_REPR.repr(value)
    except Exception:  # a repr of the caller's own that fails
        return f"<{type(value).__name__}>"
    return shown if len(shown) <= _SHOWN_MOST else shown[: _SHOWN_MOST - 3] + "..."
