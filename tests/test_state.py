"""A state is a tuple underneath, but nothing of the tuple is part of the API.

These tests pin what the state module promises: the tuple protocol is closed
(no indexing, iterating, ordering, concatenating), the named-tuple helpers
that would build a state without the rules are refused, a state equals only a
state, and pickling and copying keep a state exactly.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from wizard_rules import (
    Config,
    ErrorCode,
    InvalidArgumentError,
    State,
    apply,
    new_game,
    random_action,
)

# The fifteen fields of a state, written out here by hand (not read from the
# library), in the order the specification of a position lists them.
FIELDS = (
    "config",
    "phase",
    "round",
    "dealer",
    "current_player",
    "hand_masks",
    "turned",
    "trump",
    "bids",
    "current_trick",
    "leader",
    "completed_tricks",
    "results",
    "past_actions",
    "round_actions",
)


def a_state_in_play() -> State:
    rng = random.Random(3)
    state = new_game(Config(players=4))
    while state.phase.value != "play" or not state.current_trick:
        state = apply(state, random_action(state, rng))
    return state


def test_every_field_is_readable_by_name() -> None:
    state = a_state_in_play()
    values = {name: getattr(state, name) for name in FIELDS}
    assert values["config"] == Config(players=4)
    assert values["round"] == 1
    assert len(values["hand_masks"]) == 4
    assert len(values["current_trick"]) == 1


SEQUENCE_USES: list[tuple[str, Callable[[Any], object]]] = [
    ("index", lambda s: s[0]),
    ("slice", lambda s: s[1:3]),
    ("iter", iter),
    ("unpack", lambda s: [*s]),
    ("tuple", tuple),
    ("len", len),
    ("contains", lambda s: 4 in s),
    ("add", lambda s: s + ()),
    ("radd", lambda s: () + s),
    ("mul", lambda s: s * 2),
    ("rmul", lambda s: 2 * s),
    ("reversed", reversed),
    ("count", lambda s: s.count(1)),
    ("index method", lambda s: s.index(1)),
    ("less than", lambda s: s < s),
    ("less or equal", lambda s: s <= s),
    ("greater than", lambda s: s > s),
    ("greater or equal", lambda s: s >= s),
    ("sorted", lambda s: sorted([s, s])),
    ("asdict", lambda s: s._asdict()),
]


@pytest.mark.parametrize(("what", "use"), SEQUENCE_USES, ids=[w for w, _ in SEQUENCE_USES])
def test_a_state_is_not_a_sequence(what: str, use: Callable[[Any], object]) -> None:
    with pytest.raises(TypeError):
        use(a_state_in_play())


def test_a_state_is_true_and_equals_only_states() -> None:
    state = a_state_in_play()
    assert bool(state) is True
    plain = tuple(getattr(state, name) for name in FIELDS)
    assert state != plain
    assert plain != state
    assert not state == plain  # noqa: SIM201 - both operators are under test
    assert state == copy.copy(state)
    assert state is copy.deepcopy(state)
    assert hash(state) == hash(copy.copy(state))


TAMPERING: list[tuple[str, Callable[[State], object]]] = [
    ("constructor with the fields", lambda s: State(*(getattr(s, n) for n in FIELDS))),
    ("constructor with keywords", lambda s: State(**{n: getattr(s, n) for n in FIELDS})),
    ("constructor with nothing", lambda s: State()),
    ("_make", lambda s: State._make([getattr(s, n) for n in FIELDS])),
    ("_replace", lambda s: s._replace(round=7)),
    # copy.replace (Python 3.13) calls __replace__; getattr, as 3.11 has no such name
    ("__replace__", lambda s: getattr(s, "__replace__")(round=7)),  # noqa: B009
    ("__getnewargs__", lambda s: getattr(s, "__getnewargs__")()),  # noqa: B009
]


@pytest.mark.parametrize(("what", "tamper"), TAMPERING, ids=[w for w, _ in TAMPERING])
def test_no_door_builds_a_state_outside_the_rules(
    what: str, tamper: Callable[[State], object]
) -> None:
    state = a_state_in_play()
    with pytest.raises((TypeError, InvalidArgumentError)) as info:
        tamper(state)
    if isinstance(info.value, InvalidArgumentError):
        assert info.value.code is ErrorCode.INVALID_ARGUMENT


def test_a_state_cannot_be_serialised_as_json_by_accident() -> None:
    # Records and views are the ways to write a game as JSON.
    with pytest.raises(TypeError):
        json.dumps(a_state_in_play())


def test_pickling_keeps_a_state_exactly() -> None:
    state = a_state_in_play()
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is State
    assert again == state
    for name in FIELDS:
        assert getattr(again, name) == getattr(state, name)
    assert apply(again, random_action(again, random.Random(1))) == apply(
        state, random_action(state, random.Random(1))
    )
