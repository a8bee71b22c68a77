"""Player views: what one player may know of a game, and nothing else.

A :class:`PlayerView` holds the viewer's own hand, every bid, every card
played (this round's tricks and every finished round's), the turned card, the
trump, the scores, who is to act, and how many cards each player holds.  It
holds no other player's cards and nothing of the undealt stack: two states
that differ only in cards or bids hidden from the viewer give equal views
(rule 13.2).  The variants hide more, and the rules' pieces say what: the
others' bids until they are shown (hidden bids and delayed reveal, rules 23
and 24), and in round 1 under clairvoyance the viewer's own card, whose
place the others' cards take (rule 26).  A game server can send a view to
its player as it is.

>>> import random
>>> from wizard_rules import Config, apply, new_game, player_view, random_deal
>>> state = new_game(Config(players=3))
>>> state = apply(state, random_deal(state, random.Random(1)))
>>> view = player_view(state, 1)
>>> view.hand == state.hand(1), view.hand_sizes
(True, (1, 1, 1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

import attrs

from wizard_rules.core._fast.phases import _BID
from wizard_rules.core.actions import Action
from wizard_rules.core.cards import Card, Suit, _mask_of
from wizard_rules.core.config import Config
from wizard_rules.core.phase import Phase
from wizard_rules.core.scoring import RoundResult
from wizard_rules.core.state import State, _not_a_state, _PublicQueries
from wizard_rules.core.transitions import _legal_choices
from wizard_rules.core.trick import Trick
from wizard_rules.errors import ErrorCode, InvalidArgumentError

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import AnniversaryState
    from wizard_rules.core.anniversary.views import AnniversaryView

__all__ = ["PlayerView", "player_view"]


@attrs.frozen(init=False)
class PlayerView(_PublicQueries):
    """One player's view of a game state.  Get it from :func:`player_view`.

    There is no public constructor (nor :func:`attrs.evolve`): every view is
    the view of a real state, which is what lets its queries trust it.

    :ivar config: the rules of the game.
    :ivar seat: the player whose view this is.
    :ivar phase: the current :class:`~wizard_rules.Phase`.
    :ivar round: the current round number.
    :ivar dealer: the seat that deals this round.
    :ivar current_player: the seat to act, or ``None`` (a deal, or the end).
    :ivar hand: the viewer's own cards, in canonical order; empty while the
        viewer may not see them (round 1 under clairvoyance, rule 26).
    :ivar hands: what the viewer sees of each seat's hand, by seat: its
        cards, or ``None`` for a hand hidden from the viewer (a hand of no
        cards is ``()``).  The viewer's own entry is :attr:`hand`, but
        ``None`` when it is hidden; under clairvoyance, in round 1, the
        other seats' entries are their cards.
    :ivar hand_sizes: how many cards each seat holds, by seat.
    :ivar turned: the turned card, or ``None``.
    :ivar trump: the trump suit, or ``None`` for no trump.
    :ivar bids: each seat's bid this round, ``None`` until made, or while
        it is hidden from the viewer (hidden bids and delayed reveal, rules
        23 and 24).
    :ivar unseen_bids: the seats whose bid this round is made but hidden
        from the viewer, in seat order (empty except under those variants).
    :ivar current_trick: the cards of the current trick, in the order played.
    :ivar leader: the seat that leads the current trick.
    :ivar completed_tricks: this round's completed tricks.
    :ivar played: the cards of this round's finished tricks.
    :ivar tricks_won: how many tricks each seat has won this round, by seat.
    :ivar results: every finished round's public result.
    :ivar scores: each seat's running total, by seat.

    Each means what it means on :class:`~wizard_rules.State`, and so do the
    queries it shares with a state (:attr:`is_chance`, :attr:`led_suit`,
    :attr:`trick_winner` and :attr:`winners`) and :attr:`is_over` (a field
    of a state, worked out from :attr:`phase` here).
    """

    config: Config
    seat: int
    phase: Phase
    round: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    turned: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]
    unseen_bids: tuple[int, ...]
    current_trick: tuple[Card, ...]
    leader: int
    completed_tricks: tuple[Trick, ...]
    played: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    results: tuple[RoundResult, ...]
    scores: tuple[int, ...]

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "views are not constructed: get one with player_view(state, seat)",
        )

    def __getstate__(self) -> dict[str, object]:
        """Pickle every field by name."""
        return {field.name: getattr(self, field.name) for field in attrs.fields(PlayerView)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle, also a view pickled by 0.1 (without :attr:`hands` and :attr:`unseen_bids`)."""
        for name, value in state.items():
            object.__setattr__(self, name, value)
        if "hands" not in state:  # 0.1's views: the standard game's
            hands = tuple(
                self.hand if seat == self.seat else (None if size else ())
                for seat, size in enumerate(self.hand_sizes)
            )
            object.__setattr__(self, "hands", hands)
            object.__setattr__(self, "unseen_bids", ())

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewer is the player to act."""
        return self.current_player == self.seat

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions: empty unless it is the viewer's turn.

        The same actions, in the same order, as
        :func:`~wizard_rules.legal_actions` gives on the full state.
        """
        if self.current_player != self.seat:
            return ()
        return _legal_choices(self, self.seat, _mask_of(self.hand))


_UNSEEN: dict[tuple[int, ...], tuple[tuple[()] | None, ...]] = {}
"""What a seat sees of hands of these sizes, by seat, when it sees none of
them: ``None`` for a hand of cards, ``()`` for an empty one (a cache: a few
hundred entries at most, as the sizes of a round's hands are)."""


@overload
def player_view(state: State, seat: int) -> PlayerView: ...
@overload
def player_view(state: AnniversaryState, seat: int) -> AnniversaryView: ...
def player_view(state: State | AnniversaryState, seat: int) -> PlayerView | AnniversaryView:
    """Return what player ``seat`` may know of ``state``.

    For a game with anniversary cards, an
    :class:`~wizard_rules.core.anniversary.views.AnniversaryView` (rule 41).

    :raises InvalidArgumentError: ``state`` is not a State, or ``seat`` is not
        one of its seats.
    """
    if type(state) is not State:
        from wizard_rules.core.anniversary.state import AnniversaryState
        from wizard_rules.core.anniversary.views import anniversary_view

        if type(state) is not AnniversaryState:
            raise _not_a_state(state)
        return anniversary_view(state, seat)
    seat = state._seat(seat)
    # The turned card is public once the deal is done; the stack below it and
    # the other hands are not, and are not copied here.  What else a seat
    # may not see, the rules' pieces say: the others' bids (rules 23 and 24)
    # and, in a blind round, its own hand (rule 26).
    rules = state.config.rules
    phase = state.phase
    sizes = state.hand_sizes
    if state.round == rules.visibility.blind_round and sizes[seat]:  # a card held blind
        hand: tuple[Card, ...] = ()
        hands = tuple(
            [None if other == seat else state.hand(other) for other in range(len(sizes))]
        )
    else:
        hand = state.hand(seat)
        others = _UNSEEN.get(sizes)
        if others is None:
            others = _UNSEEN[sizes] = tuple([None if size else () for size in sizes])
        hands = others[:seat] + (hand,) + others[seat + 1 :]
    bids = state.bids
    bidding = rules.bidding
    if bidding.secret:
        seen = bidding.bids_seen(seat, bids, phase is _BID)
        hidden = tuple(
            [other for other, bid in enumerate(bids) if bid is not None and seen[other] is None]
        )
    else:
        seen, hidden = bids, ()
    view: PlayerView = object.__new__(PlayerView)
    view.__attrs_init__(
        config=state.config,
        seat=seat,
        phase=phase,
        round=state.round,
        dealer=state.dealer,
        current_player=state.current_player,
        hand=hand,
        hands=hands,
        hand_sizes=sizes,
        turned=state.turned,
        trump=state.trump,
        bids=seen,
        unseen_bids=hidden,
        current_trick=state.current_trick,
        leader=state.leader,
        completed_tricks=state.completed_tricks,
        played=state.played,
        tricks_won=state.tricks_won,
        results=state.results,
        scores=state.scores,
    )
    return view
