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
    GameRecord,
    InvalidArgumentError,
    Phase,
    State,
    apply,
    from_position,
    legal_actions,
    new_game,
    position_of,
    random_action,
    random_game,
)
from wizard_rules.core import state as state_module
from wizard_rules.core._fast.log import _same_log
from wizard_rules.core.actions import _PLAYS

from .fields import assert_same_state


def _no_walk(*args: object) -> bool:
    raise AssertionError("compared a state with itself by walking its history")


# Fifteen names a state is read by, written out here by hand (not read from
# the library), in the order the specification of a position lists them.
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
    assert copy.copy(state) is state  # immutable: a copy is the state itself
    assert copy.deepcopy(state) is state
    twin = pickle.loads(pickle.dumps(state))  # equal, but another object
    assert twin is not state
    assert twin == state
    assert_same_state(twin, state)
    assert not twin != state  # noqa: SIM202 - both operators are under test
    later = apply(state, random_action(state, random.Random(0)))
    assert later != state
    assert not later == state  # noqa: SIM201
    assert hash(twin) == hash(state)  # equal states, another object: the same hash


# Each door, and what it raises: the constructor is a documented refusal (an
# InvalidArgumentError); the tuple's own helpers are not API at all (TypeError).
TAMPERING: list[tuple[str, Callable[[State], object], type[Exception]]] = [
    (
        "constructor with the fields",
        lambda s: State(*(getattr(s, n) for n in FIELDS)),
        InvalidArgumentError,
    ),
    (
        "constructor with keywords",
        lambda s: State(**{n: getattr(s, n) for n in FIELDS}),
        InvalidArgumentError,
    ),
    ("constructor with nothing", lambda s: State(), InvalidArgumentError),
    ("_make", lambda s: State._make([getattr(s, n) for n in FIELDS]), TypeError),
    ("_replace", lambda s: s._replace(round=7), TypeError),
    # copy.replace (Python 3.13) calls __replace__; getattr, as 3.11 has no such name
    ("__replace__", lambda s: getattr(s, "__replace__")(round=7), TypeError),  # noqa: B009
    ("__getnewargs__", lambda s: getattr(s, "__getnewargs__")(), TypeError),  # noqa: B009
]


@pytest.mark.parametrize(("what", "tamper", "error"), TAMPERING, ids=[w for w, _, _ in TAMPERING])
def test_no_door_builds_a_state_outside_the_rules(
    what: str, tamper: Callable[[State], object], error: type[Exception]
) -> None:
    state = a_state_in_play()
    with pytest.raises(error) as info:
        tamper(state)
    assert type(info.value) is error
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
    assert_same_state(again, state)
    for name in FIELDS:
        assert getattr(again, name) == getattr(state, name)
    moved = apply(again, random_action(again, random.Random(1)))
    expected = apply(state, random_action(state, random.Random(1)))
    assert moved == expected
    assert_same_state(moved, expected)


def test_a_state_pickled_with_other_fields_is_refused_clearly() -> None:
    # A pickle carries a state's fields in order: one made by a version
    # whose states had other fields (is_over arrived in 0.2) is refused with
    # the library's error, not an IndexError from deep inside.
    restore, (fields, history) = a_state_in_play().__reduce__()
    with pytest.raises(InvalidArgumentError, match="another version"):
        restore(fields[:-1], history)
    with pytest.raises(InvalidArgumentError, match="another version"):
        restore((*fields, None), history)
    assert restore(fields, history) == a_state_in_play()
    assert_same_state(restore(fields, history), a_state_in_play())


def test_match_patterns_read_fields_by_name_only() -> None:
    state = a_state_in_play()
    match state:
        case State(phase=Phase.PLAY, is_over=False):
            matched = True
        case _:
            matched = False
    assert matched

    def by_position() -> None:
        match state:
            case State(_config, _phase):
                pass

    with pytest.raises(TypeError, match="positional"):
        by_position()


def test_every_field_is_documented_in_the_source_where_sphinx_reads_it() -> None:
    # The fields' docstrings are read from the source (by Sphinx and editors),
    # not copied onto the getters at import: importing does no reflection.
    from sphinx.pycode import ModuleAnalyzer

    holder = next(cls for cls in State.__mro__ if "leader" in vars(cls))
    documented = ModuleAnalyzer.for_module(holder.__module__).find_attr_docs()
    fields = holder._fields  # type: ignore[attr-defined]
    assert {"config", "dealer", "leader", "scores", "start"} <= set(fields)
    for name in fields:
        lines = documented.get((holder.__qualname__, name))
        assert lines, f"State.{name} has no docstring in the source"
    assert documented[(holder.__qualname__, "leader")][0].startswith("The seat that leads")


# -- the log of actions: equality and hashing -------------------------------------------


def test_a_state_equals_itself_at_once_and_an_independent_twin_after_a_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    final = random_game(Config(players=3), random.Random(4))
    same = copy.copy(final)  # a state's copy is the state itself
    with monkeypatch.context() as patched:
        # The identity shortcut: no walk through the history at all.
        patched.setattr(state_module, "_same_log", _no_walk)
        assert same == final
    twin = GameRecord.from_json(GameRecord.from_state(final).to_json()).replay()
    assert twin is not final
    assert twin == final
    assert_same_state(twin, final)
    assert hash(twin) == hash(final)
    assert (twin != final) is False


def test_states_of_different_histories_differ_and_hash_apart() -> None:
    one = random_game(Config(players=3), random.Random(4))
    other = random_game(Config(players=3), random.Random(5))
    assert one != other
    assert hash(one) != hash(other)  # 30-bit digests: a collision here would be a 1e-9 fluke


def test_logs_that_share_a_digest_are_still_compared_action_by_action() -> None:
    # A collision of digests, forced: the walk must tell the logs apart.
    start: Any = (None, None, 7)
    play, other = _PLAYS[0][3], _PLAYS[0][4]
    assert not _same_log((start, play, 9), (start, other, 9))
    assert not _same_log((start, play, 9), ((start, play, 8), play, 9))
    assert not _same_log((None, play, 9), ((None, play, 5), play, 9))  # of different lengths
    assert _same_log((start, play, 9), (start, play, 9))


def test_round_actions_from_a_position_start_where_the_game_does() -> None:
    state = a_state_in_play()
    start = from_position(position_of(state))
    after = apply(start, legal_actions(start)[0])
    assert after.round_actions == (legal_actions(start)[0],)
    assert after.past_actions == ()
    assert after.history == after.round_actions


def test_every_transition_extends_the_digest_as_the_log_function_does() -> None:
    # The transitions of cards, bids and deals write the digest's step out
    # for speed; each must agree with state._logged, which the unpickling
    # and the positions use: otherwise equal states could hash apart.
    import random

    from wizard_rules import Phase, apply, random_action
    from wizard_rules.core._fast.log import _logged

    seen: set[Phase] = set()
    for players in (3, 6):
        rng = random.Random(players)
        state = new_game(Config(players=players))
        while not state.is_over:
            action = random_action(state, rng)
            after = apply(state, action)
            seen.add(state.phase)
            logged = after.log[1]
            assert logged is not None  # every node after the start holds an action
            assert after.log[2] == _logged(state.log, logged)[2]
            state = after
    assert seen == {Phase.DEAL, Phase.CHOOSE_TRUMP, Phase.BID, Phase.PLAY}
