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
"""

from __future__ import annotations

import enum
from typing import Any, Final, NoReturn, TypeAlias

from wizard_rules.actions import Action
from wizard_rules.cards import DECK, Card, Suit
from wizard_rules.config import Config
from wizard_rules.errors import ErrorCode, InvalidArgumentError
from wizard_rules.scoring import RoundResult
from wizard_rules.trick import (
    Trick,
    count_wins,
    unchecked_led_suit,
    unchecked_winning_position,
)

__all__ = ["Phase", "State", "new_game"]


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


_ALL_CARDS: Final = (1 << len(DECK)) - 1


def cards_of(mask: int) -> tuple[Card, ...]:
    """Return the cards whose bits are set in ``mask``, in canonical order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


Fields: TypeAlias = tuple[
    Config,  # 0: config
    Phase,  # 1: phase
    int,  # 2: round
    int,  # 3: dealer
    int | None,  # 4: current_player
    tuple[int, ...],  # 5: hand_masks
    Card | None,  # 6: turned
    Suit | None,  # 7: trump
    tuple[int | None, ...],  # 8: bids
    tuple[Card, ...],  # 9: trick
    int,  # 10: leader
    tuple[Trick, ...],  # 11: tricks
    tuple[RoundResult, ...],  # 12: results
    tuple[tuple[Action, ...], ...],  # 13: past_actions
    tuple[Action, ...],  # 14: round_actions
]
"""The fields of a :class:`State`, in order (internal)."""


class State:
    """An immutable snapshot of a game.  Make the first with :func:`new_game`.

    The attributes are read-only.  Seats are numbered ``0`` to
    ``config.players - 1`` and every per-seat tuple is indexed by seat.
    """

    # Written by hand, not with attrs: a state holds its fields in one tuple,
    # so that making the next state costs one tuple and one slot, and the
    # transition functions read every field with one unpacking.  This is the
    # hottest object of the library (one per action of every simulated game).
    __slots__ = ("_fields",)

    _fields: Fields

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "states are not constructed directly: start a game with new_game(config) "
            "and move it on with apply(state, action)",
        )

    @property
    def config(self) -> Config:
        """The :class:`~wizard_rules.Config` the game is played by."""
        return self._fields[0]

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        return self._fields[1]

    @property
    def round(self) -> int:
        """The current round number, from 1; at the end of the game, the last round's."""
        return self._fields[2]

    @property
    def dealer(self) -> int:
        """The seat that deals (or dealt) the current round."""
        return self._fields[3]

    @property
    def current_player(self) -> int | None:
        """The seat to act next; ``None`` at a deal (a chance step) and at the end."""
        return self._fields[4]

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's hand as a bit mask of :attr:`Card.mask <wizard_rules.Card.mask>` bits."""
        return self._fields[5]

    @property
    def turned(self) -> Card | None:
        """The card turned for trump this round; ``None`` before the deal and in the last round."""
        return self._fields[6]

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the round; ``None`` for no trump (and before it is known)."""
        return self._fields[7]

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid this round, ``None`` until the seat has bid."""
        return self._fields[8]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick being played, in the order played."""
        return self._fields[9]

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick being played.

        At a deal, the seat that will lead the round's first trick.
        """
        return self._fields[10]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this round, in the order played."""
        return self._fields[11]

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The :class:`~wizard_rules.RoundResult` of every finished round, in order."""
        return self._fields[12]

    @property
    def past_actions(self) -> tuple[tuple[Action, ...], ...]:
        """The actions of each finished round, a tuple per round (see :attr:`history`)."""
        return self._fields[13]

    @property
    def round_actions(self) -> tuple[Action, ...]:
        """The actions of the current round so far."""
        return self._fields[14]

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"State is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"State is immutable; cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        """States are equal when they are the same game at the same point."""
        if type(other) is not State:
            return NotImplemented
        return self._fields == other._fields

    def __hash__(self) -> int:
        """Hash by the fields, consistently with equality."""
        return hash(self._fields)

    def __reduce__(self) -> tuple[Any, tuple[Fields]]:
        """Pickle as the fields."""
        return (make_state_from_fields, (self._fields,))

    # -- whose turn -------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        """Whether the next step is a chance step (a :class:`~wizard_rules.Deal`)."""
        return self.phase is Phase.DEAL

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    # -- cards ------------------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Return the cards ``seat`` holds, in canonical order.

        :raises InvalidArgumentError: ``seat`` is not a seat of this game.
        """
        return cards_of(self.hand_masks[self._seat(seat)])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, by seat (each in canonical order)."""
        return tuple(cards_of(mask) for mask in self.hand_masks)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        return tuple(mask.bit_count() for mask in self.hand_masks)

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards of this round's stack that were not dealt, without the turned card.

        Before the deal (and at the end of the game) that is the whole deck.
        """
        placed = 0
        for mask in self.hand_masks:
            placed |= mask
        for card in self.trick:
            placed |= card.mask
        for trick in self.tricks:
            for card in trick.cards:
                placed |= card.mask
        if self.turned is not None:
            placed |= self.turned.mask
        return cards_of(_ALL_CARDS & ~placed)

    # -- the trick on the table -------------------------------------------

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow in the current trick, or ``None``.

        ``None`` means no card yet, only Jesters so far, or a Wizard led.
        """
        return unchecked_led_suit(self.trick)

    @property
    def trick_winner(self) -> int | None:
        """The seat winning the current trick so far, or ``None`` if it is empty."""
        if not self.trick:
            return None
        return (
            self.leader + unchecked_winning_position(self.trick, self.trump)
        ) % self.config.players

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won this round so far, by seat."""
        return count_wins(self.tricks, self.config.players)

    # -- scores and the end ----------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total over the finished rounds, by seat."""
        totals = [0] * self.config.players
        for result in self.results:
            for seat, points in enumerate(result.scores):
                totals[seat] += points
        return tuple(totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """At the end of the game, the seats with the highest total.

        All tied seats win, listed in seat order.  Before the end of the game
        this is the empty tuple.
        """
        if self.phase is not Phase.GAME_OVER:
            return ()
        totals = self.scores
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    # -- history ----------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since :func:`new_game`, in order.

        Replaying them from ``new_game(state.config)`` gives this state again.
        """
        return tuple(action for past in self.past_actions for action in past) + (
            self.round_actions
        )

    # -- helpers ----------------------------------------------------------

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.config.players:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"seat must be an int from 0 to {self.config.players - 1}, not {seat!r}",
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


_new = object.__new__
_set_fields: Any = State.__dict__["_fields"].__set__  # the slot's own setter


def make_state_from_fields(fields: Fields) -> State:
    """Build a state from its fields without any check (internal)."""
    state: State = _new(State)
    _set_fields(state, fields)
    return state


def make_state(
    config: Config,
    phase: Phase,
    round: int,
    dealer: int,
    current_player: int | None,
    hand_masks: tuple[int, ...],
    turned: Card | None,
    trump: Suit | None,
    bids: tuple[int | None, ...],
    trick: tuple[Card, ...],
    leader: int,
    tricks: tuple[Trick, ...],
    results: tuple[RoundResult, ...],
    past_actions: tuple[tuple[Action, ...], ...],
    round_actions: tuple[Action, ...],
) -> State:
    """Build a state from its fields without any check (internal).

    Only the transition functions call this, with fields they have already
    validated; it is a plain slot-filler so that each step costs little.
    """
    return make_state_from_fields(
        (
            config,
            phase,
            round,
            dealer,
            current_player,
            hand_masks,
            turned,
            trump,
            bids,
            trick,
            leader,
            tricks,
            results,
            past_actions,
            round_actions,
        )
    )


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
    players = config.players
    return make_state(
        config,
        Phase.DEAL,
        1,
        config.first_dealer,
        None,
        (0,) * players,
        None,
        None,
        (None,) * players,
        (),
        (config.first_dealer + 1) % players,
        (),
        (),
        (),
        (),
    )
