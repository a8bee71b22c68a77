"""The error classes: one constructor shape, the codes each may carry, pickling."""

from __future__ import annotations

import pickle

import pytest

from wizard_rules import (
    Bid,
    CardTextError,
    Config,
    ConfigError,
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    PositionError,
    RecordError,
    WizardError,
    apply,
    new_game,
    parse_card,
)

from .helpers import RULE_CODES

CLASSES = [
    CardTextError,
    ConfigError,
    InvalidArgumentError,
    InvalidActionError,
    IllegalActionError,
    RecordError,
    PositionError,
]

# Which class carries which code, written out by hand from each class's
# documentation (the rules' codes from the specification, in tests/helpers.py),
# not read from the classes' own ``codes``.
EXPECTED_CODES = {
    CardTextError: {"bad_card_text"},
    ConfigError: {"invalid_config"},
    InvalidArgumentError: {"invalid_argument"},
    InvalidActionError: {"invalid_action"},
    IllegalActionError: {code.value for code in RULE_CODES},
    RecordError: {"invalid_json", "invalid_record", "illegal_record"},
    PositionError: {"invalid_position", "bad_position_text"},
}


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_every_class_is_made_from_a_code_and_a_message(cls: type[WizardError]) -> None:
    for code in ErrorCode:
        if code.value in EXPECTED_CODES[cls]:
            error = cls(code, "what went wrong")
            assert (error.code, error.message) == (code, "what went wrong")
            assert str(error) == f"[{code.value}] what went wrong"
        else:
            with pytest.raises(ValueError, match=code.value) as info:
                cls(code, "what went wrong")
            assert not isinstance(info.value, WizardError)
    with pytest.raises(TypeError):
        cls(next(iter(EXPECTED_CODES[cls])), "a code as a plain string")  # type: ignore[arg-type]


def test_every_code_belongs_to_exactly_one_class() -> None:
    # The library's own ``codes``, against the table written out above.
    for code in ErrorCode:
        owners = [cls for cls in CLASSES if code in cls.codes]
        assert owners == [cls for cls in CLASSES if code.value in EXPECTED_CODES[cls]]
        assert len(owners) == 1, code


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_errors_are_value_errors_and_not_type_errors(cls: type[WizardError]) -> None:
    # The documented decision (errors module): bad data is a ValueError, and
    # ``except TypeError`` must not swallow a malformed action.
    assert issubclass(cls, WizardError)
    assert issubclass(cls, ValueError)
    assert not issubclass(cls, TypeError)


def test_except_type_error_does_not_swallow_a_malformed_action() -> None:
    state = new_game(Config(players=3))
    caught = None
    try:
        apply(state, "bid 1")
    except TypeError:
        caught = "TypeError"
    except WizardError as error:
        caught = error.code.value
    assert caught == "invalid_action"


def test_raised_errors_survive_pickling_with_code_message_and_index() -> None:
    raised: list[WizardError] = []
    for attempt in (
        lambda: parse_card("H14"),
        lambda: Config(players=7),
        lambda: apply(new_game(Config(players=3)), Bid(player=1, tricks=0)),
        lambda: Bid(player="one", tricks=0),  # type: ignore[arg-type]
    ):
        with pytest.raises(WizardError) as info:
            attempt()
        raised.append(info.value)
    raised.append(RecordError(ErrorCode.ILLEGAL_RECORD, "action 3 cannot be played", index=3))
    for error in raised:
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert (copy.code, copy.message, str(copy)) == (error.code, error.message, str(error))
    assert pickle.loads(pickle.dumps(raised[-1])).index == 3
    assert [e.code.value for e in raised[:4]] == [
        "bad_card_text",
        "invalid_config",
        "wrong_phase",
        "invalid_action",
    ]
