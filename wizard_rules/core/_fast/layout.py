"""A state's representation: a tuple of its fields, built positionally in one place.

:class:`~wizard_rules.State` is a named tuple underneath: one allocation per
state, its fields read by C-level getters (the cheapest immutable record
Python has).  The fields are declared once, with their documentation, in
:class:`_StateFields`; :func:`build` is the one place a state is made from
all of them, in order, and it remembers what it built (:data:`_last_built`)
so that the next transition, usually given that very state, unpacks the
remembered tuple instead of copying the state's fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias, cast

from wizard_rules.core._fast.deals import _HAND_BITS
from wizard_rules.core._fast.log import _Log
from wizard_rules.core.cards import _FULL_DECK_MASK, Card, Suit
from wizard_rules.core.config import Config
from wizard_rules.core.phase import Phase
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.trick import Trick

if TYPE_CHECKING:
    from wizard_rules.core.position import Position
    from wizard_rules.core.state import State


class _StateFields(NamedTuple):
    """The fields of a :class:`State`, each declared once (internal base class).

    The transition functions build the frequent states (after a bid, a card
    or a deal, and between rounds) positionally, in this order; the rest are
    built with keywords.
    """

    config: Config
    """The :class:`~wizard_rules.Config` the game is played by."""
    phase: Phase
    """The current :class:`Phase`."""
    is_over: bool
    """Whether the game has ended: whether :attr:`phase` is ``GAME_OVER``.

    Kept as a field (set with the phase) rather than worked out, because a
    simulation loop asks it once a decision."""
    round: int
    """The current round number, from 1; at the end of the game, the last round's."""
    dealer: int
    """The seat that deals (or dealt) the current round."""
    current_player: int | None
    """The seat to act next; ``None`` at a deal (a chance step) and at the end."""
    packed_hands: int
    """Every seat's hand in one int: seat ``s``'s bit mask (of
    :attr:`Card.mask <wizard_rules.Card.mask>` bits) shifted left by ``60 * s``
    (see :attr:`~State.hand_masks`).  One int instead of a tuple of one per
    seat: a card played changes one int, not a tuple and an int.
    """
    undealt_mask: int
    """The cards of this round's stack that were not dealt, without the turned card.

    A bit mask (see :attr:`undealt`); before the deal, the whole deck.
    """
    turned: Card | None
    """The card turned for trump this round; ``None`` before the deal and in the last round."""
    trump: Suit | None
    """The trump suit of the round; ``None`` for no trump (and before it is known)."""
    bids: tuple[int | None, ...]
    """Each seat's bid this round, ``None`` until the seat has bid."""
    current_trick: tuple[Card, ...]
    """The cards of the trick being played, in the order played."""
    leader: int
    """The seat that leads (or led) the trick being played.

    At a deal, the seat that will lead the round's first trick.
    """
    completed_tricks: tuple[Trick, ...]
    """The completed tricks of this round, in the order played (since :attr:`start`)."""
    tricks_won: tuple[int, ...]
    """How many tricks each seat has won this round so far, by seat."""
    results: tuple[RoundResult, ...]
    """The :class:`~wizard_rules.RoundResult` of every finished round, in order (since
    :attr:`start`)."""
    scores: tuple[int, ...]
    """Each seat's running total over the finished rounds, by seat."""
    start: Position | None
    """The :class:`~wizard_rules.Position` the game was set up from, or ``None``.

    ``None`` for a game started with :func:`new_game`; otherwise the
    position given to :func:`~wizard_rules.from_position`, where
    :attr:`history`, :attr:`results` and :attr:`completed_tricks` begin.
    """
    log: _Log
    """The actions since the start, newest first (internal: see :attr:`~State.history`)."""


_tuple_copy = tuple.__getitem__
_ALL = slice(None)
_FIELDS_BUT_LOG = slice(-1)
_START: Final = _StateFields._fields.index("start")

_fields_of = cast("Callable[[State, slice], _Fields]", _tuple_copy)
"""``_fields_of(state, _ALL)``: a state's fields as one plain tuple, typed as
:class:`_StateFields` so that unpacking it is type-checked field by field.
The hottest transitions (and :func:`~wizard_rules.legal_actions`) read a
state that is not the one just built (:data:`_last_built`) this way: one
copy in C instead of reading the fields one by one (see docs/speed.rst)."""

_new_state = tuple.__new__
"""``_new_state(State, (config, phase, ...))``: a state from all its fields in
order, unchecked (internal: the transitions and unpickling build states)."""

_NOTHING: Final = object()
"""A sentinel for the one-slot caches: never an argument anyone can pass."""

_Fields: TypeAlias = (
    "tuple[Config, Phase, bool, int, int, int | None, int, int, Card | None, Suit | None, "
    "tuple[int | None, ...], tuple[Card, ...], int, tuple[Trick, ...], tuple[int, ...], "
    "tuple[RoundResult, ...], tuple[int, ...], Position | None, _Log]"
)
"""The fields of a state as a plain tuple, typed field by field in :class:`_StateFields`
order (``tests/test_state.py`` checks that the two agree)."""

_last_built: Final[list[tuple[object, _Fields]]] = [(_NOTHING, cast(_Fields, ()))]
"""``[(state, fields)]``: the last state the hottest transitions built, with
the plain tuple it was built from (internal).

A game goes forward, so the next transition is usually given that very
state: it unpacks the remembered tuple instead of copying the state's fields
again (:func:`_fields_of`).  Compared by identity; one pair in one list slot,
replaced at once, so that threads see either the old pair or the new."""

_make_state = _StateFields.__new__
"""``_make_state(State, config=..., phase=..., ...)``: a state from its fields
by keyword, unchecked (the transition functions validate first)."""


def _pack(masks: Iterable[int]) -> int:
    """The seats' hand masks in one int, seat 0 lowest."""
    packed = 0
    for seat, mask in enumerate(masks):
        packed |= mask << _HAND_BITS * seat
    return packed


def _unpack(packed: int, players: int) -> tuple[int, ...]:
    """The hand masks of ``players`` seats packed in ``packed``, by seat."""
    return tuple(packed >> _HAND_BITS * seat & _FULL_DECK_MASK for seat in range(players))


def build(cls: type[State], fields: _Fields) -> State:
    """A state of class ``cls`` (:class:`~wizard_rules.State`) from all its fields, unchecked.

    The one positional build.  ``fields`` are :class:`_StateFields` in
    order, as a tuple whose type (:data:`_Fields`) names each field's type,
    so that mypy checks every call position by position.  The state and
    its tuple are remembered in :data:`_last_built`.  Only the transitions
    call it, after the rules accepted the action.
    """
    new = _new_state(cls, fields)
    _last_built[0] = (new, fields)
    return new
