"""Comparing states, views and positions field by field, for the tests.

``State.__eq__`` compares histories only (the configuration, the start and
the actions): a state with a wrong dealer, score or leader but the right
history compares equal to the right one, and hashes the same.  So a test
that checks a transition, a replay or a round trip with ``==`` alone checks
no field.  :func:`assert_same_state` compares every public field and
property of two states, and raises :class:`AssertionError` naming the first
that differs and both values; :func:`assert_same_view` and
:func:`assert_same_position` do the same for two player views and two
positions.  Tests call them next to their ``==``.

The names compared are read from the class itself (every public name in
``dir(cls)``): a field or property added later is compared without a change
here.  A public *method* cannot be compared without knowing its arguments,
so every public method must be listed in :data:`CALLS` (compared through a
call) or in :data:`NOT_COMPARED` (with the reason); one that is in neither
makes every comparison of its class fail, naming it.

:func:`planted` builds a state with some fields replaced and its history
kept: the state a wrong transition would build.  It is the one place in the
tests that knows how a state is laid out, so that a change of the layout is
adapted here alone.
"""

from __future__ import annotations

import inspect
import operator
import reprlib
from collections.abc import Callable
from typing import Any, Final, TypeVar

from wizard_rules import PlayerView, Position, State

__all__ = [
    "CALLS",
    "NOT_COMPARED",
    "READERS",
    "assert_same_position",
    "assert_same_state",
    "assert_same_view",
    "compared_names",
    "planted",
]

_T = TypeVar("_T", State, PlayerView, Position)

CALLS: Final[dict[tuple[type, str], Callable[[Any], object]]] = {
    (State, "hand"): lambda state: tuple(state.hand(seat) for seat in range(state.config.players)),
    (PlayerView, "legal_actions"): lambda view: view.legal_actions(),
    (Position, "to_text"): lambda position: position.to_text(),
    # The choices of the seat to act; a partial position whose actor's hand is
    # hidden cannot list them (and says so), which is compared as such.
    (Position, "legal_actions"): lambda position: (
        position.legal_actions()
        if position.current_player is None or position.hands[position.current_player] is not None
        else "hidden"
    ),
}
"""The public methods compared through a call: ``(class, name)`` to what the call reads."""

NOT_COMPARED: Final[dict[tuple[type, str], str]] = {
    (State, "count"): "a tuple method that a state refuses (a state is not a sequence)",
    (State, "index"): "a tuple method that a state refuses (a state is not a sequence)",
    (Position, "from_text"): "a constructor (a class method), not a fact of the position",
}
"""The public names deliberately not compared, with the reason."""

READERS: Final[dict[tuple[type, str], Callable[[Any], object]]] = {
    # The log is the history as a linked list of (before, action, digest)
    # nodes: compared as a nested tuple it would recurse once per action.
    # Its actions are compared as ``history``; here its digest.
    (State, "log"): lambda state: state.log[-1],
}
"""Fields read some other way than ``getattr``: ``(class, name)`` to the reader."""

_EXTRA: Final[dict[str, Callable[[Any], object]]] = {"hash": hash}
"""What is compared besides the public names, for every class."""


def _declared(cls: type) -> list[str]:
    """The names annotated in ``cls`` and its bases, in the order they are declared."""
    names: list[str] = []
    for base in reversed(cls.__mro__):
        for name in vars(base).get("__annotations__", {}):
            if name not in names:
                names.append(name)
    return names


_PLANS: dict[type, tuple[tuple[str, Callable[[Any], object]], ...]] = {}


def _plan(cls: type) -> tuple[tuple[str, Callable[[Any], object]], ...]:
    """What to compare on two instances of ``cls``, in order: its declared fields, then the rest.

    :raises AssertionError: a public method of ``cls`` is neither in
        :data:`CALLS` nor in :data:`NOT_COMPARED`.
    """
    if cls in _PLANS:
        return _PLANS[cls]
    public = [name for name in dir(cls) if not name.startswith("_")]
    order = [name for name in _declared(cls) if name in public]
    order += sorted(name for name in public if name not in order)
    plan: list[tuple[str, Callable[[Any], object]]] = []
    unknown: list[str] = []
    for name in order:
        key = (cls, name)
        if key in NOT_COMPARED:
            continue
        static = inspect.getattr_static(cls, name)
        if key in CALLS:
            plan.append((f"{name}()", CALLS[key]))
        elif key in READERS:
            plan.append((name, READERS[key]))
        elif inspect.isfunction(static) or isinstance(static, (classmethod, staticmethod)):
            unknown.append(name)
        else:
            plan.append((name, operator.attrgetter(name)))
    if unknown:
        raise AssertionError(
            f"tests/fields.py does not know how to compare {cls.__name__}."
            + f", {cls.__name__}.".join(unknown)
            + ": a public method; add it to CALLS (compared through a call) or to "
            "NOT_COMPARED (with the reason)"
        )
    plan += _EXTRA.items()
    _PLANS[cls] = tuple(plan)
    return _PLANS[cls]


def compared_names(cls: type) -> tuple[str, ...]:
    """The names :func:`assert_same_state` (or view, or position) compares on ``cls``, in order."""
    return tuple(name for name, _ in _plan(cls))


_SHOW = reprlib.Repr()
_SHOW.maxstring = _SHOW.maxother = 300
_SHOW.maxtuple, _SHOW.maxlevel = 30, 4


def _assert_same(cls: type[_T], actual: _T, expected: _T) -> None:
    for value, which in ((actual, "actual"), (expected, "expected")):
        if type(value) is not cls:
            raise AssertionError(f"{which}: expected a {cls.__name__}, not {type(value).__name__}")
    for name, read in _plan(cls):
        mine, theirs = read(actual), read(expected)
        if type(mine) is not type(theirs) or mine != theirs:
            raise AssertionError(
                f"{cls.__name__}.{name} differs: {_SHOW.repr(mine)} != {_SHOW.repr(theirs)}"
            )


def assert_same_state(actual: State, expected: State) -> None:
    """Raise :class:`AssertionError` naming the first field of two states that differs.

    Every public field and property is compared (see the module's
    docstring), each by type and ``==``, and the hash.
    """
    _assert_same(State, actual, expected)


def assert_same_view(actual: PlayerView, expected: PlayerView) -> None:
    """Raise :class:`AssertionError` naming the first field of two player views that differs."""
    _assert_same(PlayerView, actual, expected)


def assert_same_position(actual: Position, expected: Position) -> None:
    """Raise :class:`AssertionError` naming the first field of two positions that differs."""
    _assert_same(Position, actual, expected)


def planted(state: State, **changes: object) -> State:
    """``state`` with the fields named in ``changes`` replaced, and its history kept.

    No rule builds such a state: it is what a wrong transition would build,
    for the tests that show :func:`assert_same_state` sees what ``==``
    does not.  A state is a tuple of its fields underneath (in the order of
    ``State._fields``); this builds one with ``tuple.__new__``.

    :raises KeyError: a name in ``changes`` is not a field of a state.
    """
    names: tuple[str, ...] = State._fields
    values: list[object] = list(tuple.__getitem__(state, slice(None)))
    for name, value in changes.items():
        if name not in names:
            raise KeyError(f"{name!r} is not a field of a State (fields: {', '.join(names)})")
        values[names.index(name)] = value
    return tuple.__new__(State, values)
