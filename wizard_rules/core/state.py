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

from typing import TYPE_CHECKING, Any, NoReturn, Protocol, cast

from wizard_rules.core._fast.deals import _HAND_BITS
from wizard_rules.core._fast.layout import (
    _FIELDS_BUT_LOG,
    _START,
    _new_state,
    _StateFields,
    _tuple_copy,
    _unpack,
    build,
)
from wizard_rules.core._fast.log import (
    _ACTION,
    _BEFORE,
    _DIGEST,
    _actions_of,
    _Log,
    _log_of,
    _same_log,
    _start_log,
)
from wizard_rules.core._fast.phases import _DEAL, _GAME_OVER
from wizard_rules.core.actions import Action, Deal
from wizard_rules.core.cards import _FULL_DECK_MASK, Card, Suit, _cards_of, _mask_of
from wizard_rules.core.config import Config
from wizard_rules.core.phase import Phase as Phase  # where 0.1 had it (and its pickles)
from wizard_rules.core.rules import StandardDeck
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.trick import Trick, _led_suit, _winner
from wizard_rules.errors import ErrorCode, InvalidArgumentError
from wizard_rules.errors import show_value as _show

if TYPE_CHECKING:
    from wizard_rules.core.position import Position

__all__ = ["State", "new_game", "not_a_state"]


class _ChoiceFacts(Protocol):
    """What a seat's legal choices depend on besides its hand (internal).

    A :class:`State`, a player's view and a :class:`~wizard_rules.Position`
    all hold it: the choices depend on nothing the seat cannot see.
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
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def current_trick(self) -> tuple[Card, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...


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

    A game with anniversary cards (a configuration whose deck is an
    :class:`~wizard_rules.core.anniversary.AnniversaryDeck`, rule 28) starts
    with :func:`~wizard_rules.new_anniversary_game` instead, which gives an
    :class:`~wizard_rules.core.anniversary.AnniversaryState`; the functions
    of the rules (:func:`~wizard_rules.apply` and the rest) take either.

    >>> from wizard_rules import Config, new_game
    >>> state = new_game(Config(players=3))
    >>> state.phase, state.round, state.dealer, state.is_chance
    (<Phase.DEAL: 'deal'>, 1, 0, True)

    :raises InvalidArgumentError: ``config`` is not a :class:`~wizard_rules.Config`,
        or its deck holds anniversary cards.
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"new_game needs a Config, not {type(config).__name__}"
        )
    if type(config.rules.deck) is not StandardDeck:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "this configuration's deck holds anniversary cards: start its game with "
            "new_anniversary_game(config)",
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
    return build(
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
