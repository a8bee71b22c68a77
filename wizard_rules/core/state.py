"""The state of a game: an immutable snapshot, and the questions you can ask it.

A :class:`State` never changes.  :func:`~wizard_rules.apply` takes a state and
an action and returns a new state; the old one stays valid and equal to what
it was, so a search can keep every state it visits.

A game starts with :func:`new_game` and moves through the phases of each
round (:class:`Phase`): a deal (the chance step), the dealer's trump choice
(only when a Wizard is turned), bidding, and trick play.  When the last trick
of a round is played the round is scored at once and the state moves to the
next round's deal, or to the end of the game.

States compare equal when they are the same game at the same point: same
configuration and the same actions so far.

Each field of a state is declared once, with its documentation, in
``_StateFields``; :class:`State` adds the queries.  A state is a tuple
underneath (one object per state, with fields read by C-level getters: the
cheapest immutable record Python has), but it is not a sequence: indexing,
iterating, slicing, concatenating and ordering a state raise
:class:`TypeError`, the tuple-building helpers of named tuples (``_make``,
``_replace``) are refused, a ``match`` pattern reads its fields by name only,
and a state equals only a state.  The one way to
get a state is :func:`new_game` followed by legal actions.  Two traces of the
tuple remain and are not part of the API either: ``isinstance(state, tuple)``
is true, and C code that reads tuples directly (the ``%`` string operator,
for one) sees the fields.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, NoReturn, Protocol, TypeAlias, cast

from wizard_rules.core.actions import (
    _HAND_BITS,
    _SUIT_ORDER,
    Action,
    Bid,
    ChooseTrump,
    Deal,
    Play,
    _interned,
    _packed_hands,
)
from wizard_rules.core.cards import _FULL_DECK_MASK, Card, Suit, _cards_of, _mask_of
from wizard_rules.core.config import MAX_PLAYERS, Config
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.trick import Trick, _led_suit, _winner
from wizard_rules.errors import ErrorCode, InvalidArgumentError
from wizard_rules.errors import show_value as _show

if TYPE_CHECKING:
    from wizard_rules.core.position import Position

__all__ = ["Phase", "State", "new_game", "not_a_state"]


class Phase(enum.Enum):
    """Where a game is.  The value is the phase's name in records and views."""

    DEAL = "deal"
    """A chance step: the next action is a :class:`~wizard_rules.Deal`."""
    CHOOSE_TRUMP = "choose_trump"
    """A Wizard was turned: the dealer names the trump suit."""
    BID = "bid"
    """Players bid in turn, starting left of the dealer; the dealer bids last."""
    PLAY = "play"
    """Players play cards to tricks."""
    GAME_OVER = "game_over"
    """The last round has been scored; no action is legal."""

    # Hash by identity, in C: the transition table is looked up by phase on
    # every decision, and Enum's own __hash__ is a Python call.  (Members are
    # singletons compared by identity, so this agrees with equality.)
    __hash__ = object.__hash__


# The phases the hot paths test, as module constants: a global is read several
# times faster than an Enum member (``Phase.PLAY``), and these are read on
# every step.  Code that runs once a round spells ``Phase.DEAL`` out.
_DEAL: Final = Phase.DEAL
_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_GAME_OVER: Final = Phase.GAME_OVER


# -- the log of actions (internal) ---------------------------------------------
#
# A state's actions since its start are a persistent linked list: each state
# holds the node of its last action, ``(before, action, digest)``, and a new
# state adds one node, sharing every older one with the state it came from.
# Recording an action costs the same at any point of the game (a plain tuple
# of three: the cheapest node Python builds), and a search's states share
# their common history.  ``digest`` sums up the start and every action in one
# number: equal logs have equal digests, so a state's hash is its log's
# digest, and states with different digests are unequal without a look at
# anything else.  The start node is ``(None, None, digest of (config, start))``.
#
# Player actions are stored as the interned records of
# :mod:`wizard_rules.core.actions` (the transitions swap an equal record the caller
# built for the interned one), so that logs compare them by identity first; a
# node's digest goes on from a small int that names the action, and a deal
# adds its hands as masks (:func:`_logged`, :func:`_deal_key`).  Hashes live
# within one process: pickling a state rebuilds its log (:func:`_log_of`).
# Logs are compared one node at a time (:func:`_same_log`), never as nested
# tuples.

_Log: TypeAlias = "tuple[_Log | None, Action | None, int]"
"""A node of a log: the node before (``None`` at the start), the action, the digest."""

_BEFORE: Final = 0
_ACTION: Final = 1
_DIGEST: Final = 2

_DIGEST_BITS: Final = (1 << 30) - 1
"""Digests keep 30 bits: an int that small takes 28 bytes, a full hash 36, and a
digest is stored for every action of every retained state.  (A collision costs
a comparison of the two histories, never a wrong answer.)"""


def _start_log(config: Config, start: object) -> _Log:
    """The empty log of a game started with ``config`` (at ``start``, a position or ``None``)."""
    return (None, None, hash((config, start)) & _DIGEST_BITS)


_MIX: Final = 0x2545F491
"""The digest's multiplier: odd, so that multiplying by it (modulo the digest's
30 bits) permutes the digests."""


def _logged(log: _Log, action: Action) -> _Log:
    """``log`` with ``action`` added: ``action`` must be interned, or a :class:`Deal`.

    The digest goes on as ``digest * _MIX ^ key``, keeping 30 bits.  A
    player action's key is a small int that names it: ``seat << 6 | card``
    for a card (its index; looked up in :data:`_PLAY_KEYS`), ``1 << 12 |
    seat << 6 | tricks`` for a bid and ``2 << 12 | seat << 6 | suit`` for a
    trump choice (the suit's place in :class:`~wizard_rules.Suit`); a deal's
    is the hash of its hands as masks and its turned card.  (Hashing the
    :class:`Deal` itself would hash 60 cards one by one.)  The transitions of
    cards and bids, the hottest, write this line out.
    """
    if type(action) is Play:
        key = _PLAY_KEYS[action.player][action.card.index]
    elif type(action) is Bid:
        key = _BID_KEY | action.player << 6 | action.tricks
    elif type(action) is ChooseTrump:  # (None, "no trump", is refused before: 4 all the same)
        suit = action.suit
        key = _TRUMP_KEY | action.player << 6 | (4 if suit is None else _SUIT_ORDER[suit])
    else:
        deal = cast(Deal, action)
        key = hash(_deal_key(_packed_hands(deal), deal.turned))
    return (log, action, (log[_DIGEST] * _MIX ^ key) & _DIGEST_BITS)


_PLAY_KEYS: Final = tuple(
    tuple(seat << 6 | index for index in range(_HAND_BITS)) for seat in range(MAX_PLAYERS)
)
"""``_PLAY_KEYS[seat][card.index]``: a card's key (see :func:`_logged`), looked up."""
_BID_KEY: Final = 1 << 12
"""What sets a bid's key apart from a card's (see :func:`_logged`)."""
_TRUMP_KEY: Final = 2 << 12
"""What sets a trump choice's key apart (see :func:`_logged`)."""


def _pack(masks: Iterable[int]) -> int:
    """The seats' hand masks in one int, seat 0 lowest."""
    packed = 0
    for seat, mask in enumerate(masks):
        packed |= mask << _HAND_BITS * seat
    return packed


def _unpack(packed: int, players: int) -> tuple[int, ...]:
    """The hand masks of ``players`` seats packed in ``packed``, by seat."""
    return tuple(packed >> _HAND_BITS * seat & _FULL_DECK_MASK for seat in range(players))


def _deal_key(packed_hands: int, turned: Card | None) -> tuple[int, int]:
    """What a deal adds to a log's digest (hashed): its hands as masks, its turned card's index."""
    return (packed_hands, -1 if turned is None else turned.index)


def _log_of(config: Config, start: object, actions: tuple[Action, ...]) -> _Log:
    """The log of ``actions`` played from the start of a game (unpickling)."""
    log = _start_log(config, start)
    for action in actions:
        log = _logged(log, _interned(action))
    return log


def _actions_of(log: _Log) -> tuple[Action, ...]:
    """The actions of ``log``, oldest first."""
    found: list[Action] = []
    node: _Log | None = log
    while node is not None and node[_ACTION] is not None:
        found.append(node[_ACTION])
        node = node[_BEFORE]
    found.reverse()
    return tuple(found)


def _same_log(one: _Log, other: _Log) -> bool:
    """Whether two logs hold the same actions: a walk back to their shared part.

    (Their digests are compared first, by :meth:`State.__eq__`: equal digests
    with different actions take a collision of 30-bit digests.)
    """
    a: _Log | None = one
    b: _Log | None = other
    while a is not b:
        if a is None or b is None:
            return False  # logs of different lengths
        x, y = a[_ACTION], b[_ACTION]
        if x is not y and x != y:  # player actions are interned: the same object
            return False
        a, b = a[_BEFORE], b[_BEFORE]
    return True


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


class _PublicFacts(Protocol):
    """The public facts a :class:`State` and a player's view both hold (internal).

    The shared queries (:class:`_PublicQueries`) and the listing of a
    player's legal choices read a state or a view through this.
    """

    @property
    def config(self) -> Config: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def current_trick(self) -> tuple[Card, ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def completed_tricks(self) -> tuple[Trick, ...]: ...
    @property
    def results(self) -> tuple[RoundResult, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


class _PublicQueries:
    """The queries a :class:`State` and a player's view answer alike (internal).

    Everything here is computed from public facts (the trick on the table,
    the finished tricks and rounds), so a view answers it exactly as the
    state it was made from.
    """

    __slots__ = ()

    @property
    def deal_size(self: _PublicFacts) -> int:
        """How many cards each seat is dealt this round (the round number in the standard game)."""
        return self.config.deal_sizes[self.round - 1]

    @property
    def is_chance(self: _PublicFacts) -> bool:
        """Whether the next step is a chance step (a :class:`~wizard_rules.Deal`)."""
        return self.phase is _DEAL

    @property
    def led_suit(self: _PublicFacts) -> Suit | None:
        """The suit to follow in the current trick, or ``None``.

        ``None`` means no card yet, only Jesters so far, or a Wizard led.
        """
        return _led_suit(self.current_trick)

    @property
    def trick_winner(self: _PublicFacts) -> int | None:
        """The seat winning the current trick so far, or ``None`` if it is empty."""
        if not self.current_trick:
            return None
        return _winner(self.leader, self.current_trick, self.trump, self.config.players)

    @property
    def winners(self: _PublicFacts) -> tuple[int, ...]:
        """At the end of the game, the seats with the highest total.

        All tied seats win, listed in seat order.  Before the end of the game
        this is the empty tuple.
        """
        if self.phase is not Phase.GAME_OVER:
            return ()
        return self.config.rules.end.winners(self.scores)


class State(_StateFields, _PublicQueries):
    """An immutable snapshot of a game.  Make the first with :func:`new_game`.

    The attributes are read-only.  Seats are numbered ``0`` to
    ``config.players - 1`` and every per-seat tuple is indexed by seat.
    """

    # A tuple underneath (see the module's docstring): one allocation per
    # state, fields read by C getters.  This is the hottest object of the
    # library (one per action of every simulated game).
    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> State:
        """Refuse: states come from :func:`new_game` and :func:`~wizard_rules.apply`."""
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "states are not constructed directly: start a game with new_game(config) "
            "and move it on with apply(state, action)",
        )

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"State is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"State is immutable; cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        """States are equal when they are the same game at the same point.

        That is: the same configuration and start, and the same actions
        since.  A state equals nothing but a state (not even a tuple of its
        fields).  States of different histories are told apart by their
        digests at once; equal ones are compared back to the history they
        share (at once for a state and itself, or two states of one search).
        """
        if type(other) is not State:
            return False
        if self is other:
            return True
        mine, theirs = self.log, other.log
        return (
            mine[_DIGEST] == theirs[_DIGEST]
            and self.config == other.config
            and self.start == other.start
            and _same_log(mine, theirs)
        )

    def __ne__(self, other: object) -> bool:
        """The negation of :meth:`__eq__`."""
        return not self.__eq__(other)

    def __hash__(self) -> int:
        """The digest of the game's start and actions: the same cost at any point of a game."""
        return self.log[_DIGEST]

    def __bool__(self) -> bool:
        """A state is always true (it is not a sequence that could be empty)."""
        return True

    def __reduce__(self) -> tuple[Any, tuple[tuple[object, ...], tuple[Action, ...]]]:
        """Pickle as the fields and the history (the log is rebuilt on loading)."""
        return (_restore, (_tuple_copy(self, _FIELDS_BUT_LOG), self.history))

    # -- cards ------------------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Return the cards ``seat`` holds, in canonical order.

        :raises InvalidArgumentError: ``seat`` is not a seat of this game.
        """
        return _cards_of(self.packed_hands >> _HAND_BITS * self._seat(seat) & _FULL_DECK_MASK)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's hand as a bit mask of :attr:`Card.mask <wizard_rules.Card.mask>` bits."""
        return _unpack(self.packed_hands, self.config.players)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, by seat (each in canonical order)."""
        return tuple(_cards_of(mask) for mask in self.hand_masks)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        return tuple(mask.bit_count() for mask in self.hand_masks)

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards of this round's finished tricks, in canonical order.

        Every card is in one place: a hand, :attr:`undealt`, :attr:`turned`,
        :attr:`current_trick` or here.
        """
        out = self.undealt_mask | _mask_of(self.current_trick)
        if self.turned is not None:
            out |= self.turned.mask
        for mask in self.hand_masks:
            out |= mask
        return _cards_of(_FULL_DECK_MASK & ~out)

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards of this round's stack that were not dealt, without the turned card.

        Before the deal (and at the end of the game) that is the whole deck.
        """
        return _cards_of(self.undealt_mask)

    # -- history ----------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start of the game, in order.

        The start is :func:`new_game`, or the position :attr:`start` when the
        game was set up with :func:`~wizard_rules.from_position`.  Replaying
        the actions from there gives this state again (as
        :meth:`GameRecord.replay <wizard_rules.GameRecord.replay>` does).
        """
        return _actions_of(self.log)

    @property
    def round_actions(self) -> tuple[Action, ...]:
        """The actions of the current round so far (none at a deal and at the end)."""
        if self.phase is _DEAL or self.phase is _GAME_OVER:
            return ()
        found: list[Action] = []
        node: _Log | None = self.log
        while node is not None and node[_ACTION] is not None:
            action: Action = node[_ACTION]
            found.append(action)
            if type(action) is Deal:
                break
            node = node[_BEFORE]
        found.reverse()
        return tuple(found)

    @property
    def past_actions(self) -> tuple[tuple[Action, ...], ...]:
        """The actions of each finished round, a tuple per round (see :attr:`history`).

        For a game set up from a position, the first holds the actions played
        from there to the end of its round.
        """
        history = self.history
        finished = history[: len(history) - len(self.round_actions)]
        rounds: list[list[Action]] = []
        for action in finished:
            if type(action) is Deal or not rounds:
                rounds.append([])
            rounds[-1].append(action)
        return tuple(tuple(actions) for actions in rounds)

    # -- helpers ----------------------------------------------------------

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.config.players:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"seat must be an int from 0 to {self.config.players - 1}, not {_show(seat)}",
            )
        return seat

    def __repr__(self) -> str:
        """Return a short summary: round, phase and who acts."""
        who = "chance" if self.current_player is None else f"P{self.current_player}"
        if self.phase is Phase.GAME_OVER:
            who = "nobody"
        return (
            f"<State {self.config.players} players, round {self.round}/{self.config.rounds}, "
            f"{self.phase.value}, to act: {who}>"
        )

    def __copy__(self) -> State:
        """States are immutable: a copy is the state itself."""
        return self

    def __deepcopy__(self, memo: object) -> State:
        """States are immutable: a copy is the state itself."""
        return self


# -- building states (internal) -----------------------------------------------

_tuple_copy = tuple.__getitem__
_ALL = slice(None)
_FIELDS_BUT_LOG = slice(-1)
_START: Final = _StateFields._fields.index("start")

_fields_of = cast("Callable[[State, slice], _StateFields]", _tuple_copy)
"""``_fields_of(state, _ALL)``: a state's fields as one plain tuple, typed as
:class:`_StateFields` so that unpacking it is type-checked field by field.
The hottest transitions (and :func:`~wizard_rules.legal_actions`) read a
state that is not the one just built (:data:`_last_built`) this way: it
costs about half as much as reading the fields one by one."""

_new_state = tuple.__new__
"""``_new_state(State, (config, phase, ...))``: a state from all its fields in
order, unchecked (internal: the transitions and unpickling build states)."""

_NOTHING: Final = object()
"""A sentinel for the one-slot caches: never an argument anyone can pass."""

_last_built: Final[list[tuple[object, _StateFields]]] = [(_NOTHING, cast(_StateFields, ()))]
"""``[(state, fields)]``: the last state the hottest transitions built, with
the plain tuple it was built from (internal).

A game goes forward, so the next transition is usually given that very
state: it unpacks the remembered tuple instead of copying the state's fields
again (:func:`_fields_of`).  Compared by identity; one pair in one list slot,
replaced at once, so that threads see either the old pair or the new."""

_make_state = _StateFields.__new__
"""``_make_state(State, config=..., phase=..., ...)``: a state from its fields
by keyword, unchecked (the transition functions validate first)."""


def not_a_state(value: object) -> InvalidArgumentError:
    """Return the error for ``value`` given where a :class:`State` belongs (to raise).

    Every function that takes a state refuses anything else with it
    (``invalid_argument``, naming the type given).
    """
    return InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT, f"expected a State, not {type(value).__name__}"
    )


_not_a_state = not_a_state  # the rules modules' own name for it


def _restore(fields: tuple[object, ...], history: tuple[Action, ...]) -> State:
    # Unpickling: the fields but the last come from a pickled State, whose
    # log is rebuilt from its history (digests do not outlive a process).
    if type(fields) is not tuple or len(fields) != _START + 1:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "this pickled State was made by another version of wizard_rules, whose states "
            "have other fields: keep games across versions as records (GameRecord)",
        )
    config, start = fields[0], fields[_START]
    return _new_state(State, (*fields, _log_of(cast(Config, config), start, history)))


def _not_a_sequence(self: State, *args: object, **kwargs: object) -> NoReturn:
    """Refused: a state is not a sequence (read its fields by name)."""
    raise TypeError(
        "a State is not a sequence: read its fields by name (state.phase, state.bids, ...)"
    )


def _not_ordered(self: State, other: object) -> NoReturn:
    """Refused: states have no order."""
    raise TypeError("states have no order: compare them with == only")


# The tuple underneath is not part of the API: close every door that would
# treat a state as a sequence, order states, or build one without the rules.
for _name in (
    "__getitem__",
    "__iter__",
    "__len__",
    "__contains__",
    "__add__",
    "__radd__",
    "__mul__",
    "__rmul__",
    "__reversed__",
    "count",
    "index",
    "_asdict",
    "_make",
    "_replace",
    "__replace__",
    "__getnewargs__",
):
    setattr(State, _name, _not_a_sequence)
for _name in ("__lt__", "__le__", "__gt__", "__ge__"):
    setattr(State, _name, _not_ordered)
del _name
# Nor may a ``match`` pattern bind a state's fields by position (the field
# order is not part of the API): ``case State(phase=Phase.PLAY)`` works.
setattr(State, "__match_args__", ())  # noqa: B010 - mypy refuses the plain assignment


def new_game(config: Config) -> State:
    """Return the state before the first deal of a game played by ``config``.

    >>> state = new_game(Config(players=3))
    >>> state.phase, state.round, state.dealer, state.is_chance
    (<Phase.DEAL: 'deal'>, 1, 0, True)

    :raises InvalidArgumentError: ``config`` is not a :class:`~wizard_rules.Config`.
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"new_game needs a Config, not {type(config).__name__}"
        )
    return _between_rounds(
        config,
        _DEAL,
        1,
        config.first_dealer,
        (),
        (0,) * config.players,
        None,
        _start_log(config, None),
    )


def _between_rounds(
    config: Config,
    phase: Phase,
    round_number: int,
    dealer: int,
    results: tuple[RoundResult, ...],
    scores: tuple[int, ...],
    start: Position | None,
    log: _Log,
) -> State:
    """A state before a round's deal, or at the end: no cards, bids or tricks (internal)."""
    players = config.players
    return _new_state(
        State,
        (
            config,
            phase,
            phase is _GAME_OVER,  # is_over
            round_number,
            dealer,
            None,  # current_player: chance deals, and no one acts at the end
            0,  # packed_hands
            _FULL_DECK_MASK,  # undealt_mask
            None,  # turned
            None,  # trump
            (None,) * players,  # bids
            (),  # current_trick
            config.rules.leading.first_leader(dealer, players),  # leader
            (),  # completed_tricks
            (0,) * players,  # tricks_won
            results,
            scores,
            start,
            log,
        ),
    )
