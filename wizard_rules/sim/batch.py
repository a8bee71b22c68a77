"""Many games in lockstep, as numpy arrays: a vectorised engine for training and evaluation.

A :class:`BatchState` holds ``B`` games of one :class:`~wizard_rules.Config`
(same players, same option) as arrays with the game on the first axis.  The
functions here move every game of a batch at once, with no Python loop over
games: :func:`step` applies one action per game, :func:`deal` draws every
waiting game's deal from a seeded :class:`numpy.random.Generator`,
:func:`legal_mask` lists the legal actions of every game in one fixed action
space, and :func:`random_games` plays whole games with uniformly random
legal actions.

The rules are the scalar engine's (:func:`~wizard_rules.apply`), not a
second set to trust: ``tests/test_batch.py`` plays the same deals and the
same actions through both and requires the same states, legal actions,
refusal codes, scores and winners at every step.  It plays the standard
game and the variants plus/minus one, hardcore, hidden bids, delayed reveal
and clairvoyance (rules 20 and 23 to 26); :func:`new_batch` refuses the
Canadian rule, short schedules and the anniversary cards with ``invalid_config``.

The actions are the ids of :mod:`wizard_rules.formats.action_ids` (the same
for every game and every player count; this module re-exports its names):

=================  ==========================================================
id                 action of the player to act
=================  ==========================================================
``0`` .. ``59``    play the card of that :attr:`Card.index <wizard_rules.Card.index>`
``60`` .. ``80``   bid ``id - 60`` tricks (:data:`~wizard_rules.formats.action_ids.FIRST_BID`;
                   up to :data:`~wizard_rules.formats.action_ids.MAX_BID`)
``81`` .. ``84``   name trump: Clubs, Diamonds, Hearts, Spades
                   (:data:`~wizard_rules.formats.action_ids.FIRST_TRUMP`)
``85``             name "no trump" (:data:`~wizard_rules.formats.action_ids.NO_TRUMP`):
                   always refused
=================  ==========================================================

Any other id is refused with ``invalid_action``.  Chance is a separate
step: a game whose :attr:`~BatchState.phase` is :data:`PHASE_DEAL` waits for
:func:`deal` (or :func:`deal_given`) and refuses every action with
``wrong_phase``; a finished game refuses everything with ``game_over``.  A
refused action leaves its game exactly as it was; the other games move on.

>>> import numpy as np
>>> from wizard_rules import Config
>>> from wizard_rules.sim.batch import random_games
>>> rng = np.random.default_rng(7)
>>> games = random_games(Config(players=4), 3, rng)
>>> games.scores.shape, games.decisions
((3, 4), 1621)

**A JAX backend later.**  Every public function is a pure function from
arrays to new arrays (nothing is changed in place), and the state is a
:class:`~typing.NamedTuple`, which JAX treats as a pytree.  Two shortcuts
are numpy's only: :func:`step` skips, with a Python ``if``, the branches
(trump choice, bid, card, end of round) that no game of the batch takes, and
:func:`deal` shuffles only the waiting games, grouped by round.  A JAX
backend computes every branch for every game and keeps its result with
``jnp.where`` (the code below is already written that way inside each
branch), deals every game and keeps the waiting ones' deals, takes the
:class:`~wizard_rules.Config` as a static argument of ``jax.jit``, and draws
with ``jax.random`` keys instead of a :class:`numpy.random.Generator`.  The
lookup tables (``_STRENGTH``, ``_FOLLOW``, ...) become constant arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import attrs

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError:
    raise ImportError(
        "wizard_rules.sim.batch needs numpy: install the 'batch' extra: "
        "pip install '.[batch]' from a clone (see Installing in the docs)"
    ) from None

from wizard_rules.core.actions import Deal
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.cards import DECK, JESTERS, WIZARDS, Kind, Suit
from wizard_rules.core.config import Config
from wizard_rules.core.rules import (
    HARDCORE_FROM,
    STANDARD,
    CanadianRule,
    Clairvoyance,
    Hardcore,
    OpenBidding,
    PlusMinusOne,
    Rules,
    StandardSchedule,
    StandardVisibility,
    schedule_text,
)
from wizard_rules.core.state import Phase
from wizard_rules.errors import ConfigError, ErrorCode, InvalidArgumentError
from wizard_rules.formats.action_ids import FIRST_BID as FIRST_BID
from wizard_rules.formats.action_ids import FIRST_TRUMP as FIRST_TRUMP
from wizard_rules.formats.action_ids import MAX_BID as MAX_BID
from wizard_rules.formats.action_ids import NO_TRUMP as NO_TRUMP
from wizard_rules.formats.action_ids import NUM_ACTIONS as NUM_ACTIONS
from wizard_rules.formats.action_ids import action_id as action_id
from wizard_rules.formats.action_ids import to_action as to_action

__all__ = [
    "ERROR_CODES",
    "MAX_BATCH_SIZE",
    "PHASES",
    "PHASE_BID",
    "PHASE_CHOOSE_TRUMP",
    "PHASE_DEAL",
    "PHASE_GAME_OVER",
    "PHASE_PLAY",
    "BatchState",
    "RandomGames",
    "Step",
    "deal",
    "deal_given",
    "deals_to_arrays",
    "error_codes",
    "legal_mask",
    "new_batch",
    "random_actions",
    "random_games",
    "step",
    "winners",
]

# -- sizes --------------------------------------------------------------------

MAX_BATCH_SIZE: Final = 1_000_000
"""The most games :func:`new_batch` (and so :func:`random_games`) makes at once.

A game of a batch holds ``19 + 15 P`` bytes of arrays (64 to 109); the
temporaries of a deal and a step take several times that:
:func:`random_games` peaked at about 600 bytes a game (the process's
maximum resident size, measured with ``/usr/bin/time -v``: 49 MB for 20,000
3-player games, 156 MB for 200,000, with :attr:`BatchState.played`), so
about 600 MB at the limit.  A
larger size is refused with ``invalid_argument``, saying the limit, before
anything is allocated.  Play more games in several batches.
"""

# -- phases -------------------------------------------------------------------

PHASE_DEAL: Final = 0
"""Phase number: waiting for the deal (chance)."""
PHASE_CHOOSE_TRUMP: Final = 1
"""Phase number: a Wizard was turned; the dealer names trump."""
PHASE_BID: Final = 2
"""Phase number: bidding."""
PHASE_PLAY: Final = 3
"""Phase number: playing cards to tricks."""
PHASE_GAME_OVER: Final = 4
"""Phase number: the game has ended."""
PHASES: Final[tuple[Phase, ...]] = (
    Phase.DEAL,
    Phase.CHOOSE_TRUMP,
    Phase.BID,
    Phase.PLAY,
    Phase.GAME_OVER,
)
"""``PHASES[n]`` is the scalar engine's :class:`~wizard_rules.Phase` of phase number ``n``."""

# -- refusals -----------------------------------------------------------------

ERROR_CODES: Final[tuple[ErrorCode | None, ...]] = (
    None,
    ErrorCode.INVALID_ACTION,
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
)
"""``ERROR_CODES[n]`` is the :class:`~wizard_rules.ErrorCode` of error number ``n``
in :attr:`Step.error`; ``0`` (``None``) means the action was accepted."""

_E_INVALID_ACTION: Final = 1
_E_GAME_OVER: Final = 2
_E_WRONG_PHASE: Final = 3
_E_NO_SUCH_PLAYER: Final = 4
_E_NOT_YOUR_TURN: Final = 5
_E_INVALID_DEAL: Final = 6
_E_NO_TRUMP: Final = 7
_E_BID_OUT_OF_RANGE: Final = 8
_E_BID_TOTAL: Final = 9
_E_NOT_IN_HAND: Final = 10
_E_MUST_FOLLOW: Final = 11

# -- tables (internal), built from the scalar engine's cards ------------------

_SUITS: Final = tuple(Suit)
_NO_SUIT: Final = 7  # the "suit" of a Wizard or Jester: equal to no trump or led value
_WIZARD_LED: Final = 4  # led value of a trick led (after Jesters) by a Wizard

_BIT: Final[NDArray[np.uint64]] = np.array([card.mask for card in DECK], dtype=np.uint64)
"""``_BIT[card]``: the card's bit."""
_CARD_SUIT: Final[NDArray[np.int8]] = np.array(
    [_NO_SUIT if c.suit is None else _SUITS.index(c.suit) for c in DECK], dtype=np.int8
)
_LED_OF_CARD: Final[NDArray[np.int8]] = np.array(
    [
        -1 if c.kind is Kind.JESTER else _WIZARD_LED if c.kind is Kind.WIZARD else _CARD_SUIT[i]
        for i, c in enumerate(DECK)
    ],
    dtype=np.int8,
)
"""The led value a card gives a trick that has none yet: -1 for a Jester (still
none), its suit for a suit card, :data:`_WIZARD_LED` for a Wizard (rules 6.1-6.3)."""
_FOLLOW: Final[NDArray[np.uint64]] = np.array(
    [0] + [next(c.suit_mask for c in DECK if c.suit is s) for s in _SUITS] + [0],
    dtype=np.uint64,
)
"""``_FOLLOW[led + 1]``: the cards of the led suit (none while undecided or after a Wizard)."""
_SPECIALS: Final = np.uint64(sum(card.mask for card in WIZARDS + JESTERS))
"""The Wizards and Jesters, which may always be played (rule 7.2)."""


def _strength_table() -> NDArray[np.int8]:
    """``[trump + 1, led + 1, card]``: how strongly a card stands in a trick (rules 8.1-8.4).

    The first card of highest strength wins: Wizards 40, trumps 14 to 26,
    cards of the led suit 1 to 13, anything else (Jesters, other suits) 0.
    """
    table = np.zeros((5, 6, len(DECK)), dtype=np.int8)
    for trump in range(-1, 4):
        for led in range(-1, 5):
            for card in DECK:
                suit = _CARD_SUIT[card.index]
                if card.kind is Kind.WIZARD:
                    strength = 40
                elif card.rank is not None and suit == trump:
                    strength = 13 + card.rank
                elif card.rank is not None and suit == led:
                    strength = card.rank
                else:
                    strength = 0
                table[trump + 1, led + 1, card.index] = strength
    return table


_STRENGTH: Final = _strength_table()
_LEDS: Final = _STRENGTH.shape[1]
_FLAT_STRENGTH: Final = _STRENGTH.reshape(-1)
"""``_STRENGTH`` flat: ``[((trump + 1) * 6 + led + 1) * 60 + card]``."""
_ACTION_PHASE: Final[NDArray[np.int8]] = np.array(
    [PHASE_PLAY] * len(DECK) + [PHASE_BID] * (MAX_BID + 1) + [PHASE_CHOOSE_TRUMP] * 5,
    dtype=np.int8,
)
"""``_ACTION_PHASE[id]``: the phase that expects the action (rule 11.2)."""
_SEATS: Final[NDArray[np.int8]] = np.arange(6, dtype=np.int8)
_CARD_SHIFTS: Final[NDArray[np.uint64]] = np.arange(len(DECK), dtype=np.uint64)
_BID_VALUES: Final[NDArray[np.int8]] = np.arange(MAX_BID + 1, dtype=np.int8)


# -- the state ----------------------------------------------------------------


class BatchState(NamedTuple):
    """``B`` games of one configuration, as arrays with the game on axis 0.

    ``P`` is ``config.players``.  Seats, suits and cards are numbered as in
    the scalar engine (suits in :class:`~wizard_rules.Suit` order, cards by
    :attr:`Card.index <wizard_rules.Card.index>`); ``-1`` stands for "none".
    Treat the arrays as read-only: every function returns new arrays.

    :ivar config: the :class:`~wizard_rules.Config` of every game (its
        ``first_dealer`` may be overridden per game by :func:`new_batch`).
    :ivar phase: ``(B,) int8``, the phase number (:data:`PHASES`).
    :ivar round: ``(B,) int8``, the round, from 1 (the last one at the end).
    :ivar dealer: ``(B,) int8``, the seat that deals (or dealt) the round.
    :ivar current_player: ``(B,) int8``, the seat to act; ``-1`` at a deal
        and at the end.
    :ivar hands: ``(B, P) uint64``, each seat's hand as a bit mask (bit
        ``i`` is card ``i``).
    :ivar turned: ``(B,) int8``, the turned card, ``-1`` before the deal and
        in the last round.
    :ivar trump: ``(B,) int8``, the trump suit, ``-1`` for none (and while
        the dealer has not named it).
    :ivar bids: ``(B, P) int8``, each seat's bid this round, ``-1`` until it bids.
    :ivar tricks_won: ``(B, P) int8``, tricks won this round, by seat.
    :ivar scores: ``(B, P) int32``, totals over the finished rounds, by seat.
    :ivar trick: ``(B, P) int8``, the cards of the trick in progress in the
        order played (``trick[:, 0]`` is the leader's), ``-1`` after the last.
    :ivar trick_size: ``(B,) int8``, how many cards the trick in progress holds.
    :ivar leader: ``(B,) int8``, the seat that leads (or led) the trick; at a
        deal, the seat that will lead the round's first trick.
    :ivar led: ``(B,) int8``, the led suit of the trick in progress: ``-1``
        none yet (no card, or only Jesters), ``0`` to ``3`` a suit, ``4`` a
        Wizard came first (no led suit for the rest of the trick).
    :ivar winning: ``(B,) int8``, the seat winning the trick so far, ``-1``
        for an empty trick (rule 8.5).
    :ivar best: ``(B,) int8``, the strength of the winning card so far
        (Wizard 40, trump 14-26, led suit 1-13, other 0), ``-1`` for an
        empty trick.
    :ivar played: ``(B,) uint64``, the cards of this round's finished tricks
        as a bit mask (the scalar state's :attr:`~wizard_rules.State.played`):
        a trick's cards join it when the trick is taken, and it is empty
        again once the round is scored (rule 9) and after every deal.
    """

    config: Config
    phase: NDArray[np.int8]
    round: NDArray[np.int8]
    dealer: NDArray[np.int8]
    current_player: NDArray[np.int8]
    hands: NDArray[np.uint64]
    turned: NDArray[np.int8]
    trump: NDArray[np.int8]
    bids: NDArray[np.int8]
    tricks_won: NDArray[np.int8]
    scores: NDArray[np.int32]
    trick: NDArray[np.int8]
    trick_size: NDArray[np.int8]
    leader: NDArray[np.int8]
    led: NDArray[np.int8]
    winning: NDArray[np.int8]
    best: NDArray[np.int8]
    played: NDArray[np.uint64]

    @property
    def size(self) -> int:
        """How many games the batch holds (``B``)."""
        return int(self.phase.shape[0])

    @property
    def nbytes(self) -> int:
        """The bytes all the batch's arrays hold.

        ``19 + 15 * P`` per game (79 for 4 players): eleven ``(B,) int8``
        arrays, :attr:`played` (8 bytes), and 15 bytes a seat (a hand of 8,
        a bid, a trick count, a score of 4 and a place in the trick).
        """
        return sum(int(array.nbytes) for array in self[1:])

    @property
    def is_over(self) -> NDArray[np.bool_]:
        """``(B,) bool``: which games have ended."""
        over: NDArray[np.bool_] = self.phase == PHASE_GAME_OVER
        return over

    @property
    def is_chance(self) -> NDArray[np.bool_]:
        """``(B,) bool``: which games wait for their deal (a chance step)."""
        waiting: NDArray[np.bool_] = self.phase == PHASE_DEAL
        return waiting


class Step(NamedTuple):
    """What :func:`step` and :func:`deal_given` return.

    :ivar state: the batch after the actions (refused games unchanged).
    :ivar error: ``(B,) int8``, ``0`` where the action was accepted, else the
        error number of the refusal (:data:`ERROR_CODES`, :func:`error_codes`).
    :ivar points: ``(B, P) int32``, the points each seat scored in a round
        that this step ended (rules 9.1, 9.2); zero elsewhere.  A reward for
        reinforcement learning.
    """

    state: BatchState
    error: NDArray[np.int8]
    points: NDArray[np.int32]


class RandomGames(NamedTuple):
    """The outcome of :func:`random_games`.

    :ivar scores: ``(B, P) int32``, every game's final totals.
    :ivar winners: ``(B, P) bool``, the seats with the highest total (rule 10.2).
    :ivar decisions: how many player decisions (trump choices, bids, cards)
        were made over all the games.
    :ivar deals: how many deals (chance steps) were drawn over all the games.
    """

    scores: NDArray[np.int32]
    winners: NDArray[np.bool_]
    decisions: int
    deals: int


# -- checks of arguments (internal) -----------------------------------------


def _require_state(state: object) -> BatchState:
    if type(state) is not BatchState:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a BatchState, not {type(state).__name__}"
        )
    return state


def _require_generator(rng: object) -> np.random.Generator:
    if not isinstance(rng, np.random.Generator):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "rng must be a numpy.random.Generator (for example numpy.random.default_rng(seed)), "
            f"not {type(rng).__name__}",
        )
    return rng


def _int_array(value: object, shape: tuple[int, ...], what: str) -> NDArray[np.int64]:
    """``value`` as an int64 array of ``shape``, or :class:`InvalidArgumentError`."""
    array = np.asarray(value)
    if array.dtype.kind not in "iu" or array.shape != shape:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} must be an integer array of shape {shape}, "
            f"not {array.dtype} of shape {array.shape}",
        )
    if array.dtype == np.uint64:  # values beyond int64 stay out of range when cast
        array = np.minimum(array, np.uint64(1 << 62))
    return array.astype(np.int64)


# -- making a batch -----------------------------------------------------------


def _supported(rules: Rules) -> str | None:
    """Why the batch engine cannot play ``rules`` (``None``: it can).

    It plays the standard game's pieces, and the variants that change no
    rule of play or only the dealer's last bid in a way it computes: the
    bid-total option (rule 20), hardcore (rule 25), hidden bids and delayed
    reveal (rules 23 and 24: they change only what a seat sees, which
    :mod:`wizard_rules.integrations.batch_tensors` writes, not the play),
    and clairvoyance (rule 26: round
    1's trick plays itself with the last bid).  The Canadian rule, short
    schedules and the anniversary cards (rule 28) are refused.
    """
    if type(rules.deck) is AnniversaryDeck:
        return "the anniversary cards (rule 28)"
    if CanadianRule() in rules.bid_restrictions:
        return "the Canadian rule"
    if rules.schedule != StandardSchedule():
        return f"a short schedule ({schedule_text(rules.schedule)})"
    others = attrs.evolve(
        rules, bid_restrictions=(), bidding=OpenBidding(), visibility=StandardVisibility()
    )
    if others != STANDARD:  # pragma: no cover - every other piece has the standard value only
        return repr(others)
    return None


def new_batch(config: Config, size: int, *, first_dealer: object = None) -> BatchState:
    """Return ``size`` games of ``config``, each before its first deal.

    :param first_dealer: ``None`` (every game's first dealer is
        ``config.first_dealer``), or an integer array of shape ``(size,)``:
        each game's first dealer (rule 2.4).
    :raises InvalidArgumentError: ``config`` is not a Config, ``size`` is not
        a whole number from 1 to :data:`MAX_BATCH_SIZE`, or ``first_dealer``
        is not seats of the game.
    :raises ConfigError: ``invalid_config`` for rules the batch engine does not
        implement, naming the variant: it plays the standard game's pieces,
        with the bid-total option (rule 20), hidden bids (rule 23), delayed
        reveal (rule 24), hardcore (rule 25) and clairvoyance (rule 26) in
        any combination the rules allow, but not the Canadian rule (rule 21),
        a short schedule (rule 22) nor the anniversary cards (rule 28).
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"new_batch needs a Config, not {type(config).__name__}"
        )
    unsupported = _supported(config.rules)
    if unsupported is not None:
        raise ConfigError(
            ErrorCode.INVALID_CONFIG,
            f"the batch engine does not play {unsupported}: play these rules with the "
            "scalar engine (it plays the standard game, plus/minus one, hardcore, hidden "
            "bids, delayed reveal and clairvoyance)",
        )
    if type(size) is not int or size < 1:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"size must be a whole number from 1 up, not {size!r}"
        )
    if size > MAX_BATCH_SIZE:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"a batch holds at most {MAX_BATCH_SIZE:,} games, not {size:,}: "
            "play more games in several batches",
        )
    players = config.players
    if first_dealer is None:
        dealer = np.full(size, config.first_dealer, dtype=np.int8)
    else:
        dealers = _int_array(first_dealer, (size,), "first_dealer")
        if np.any((dealers < 0) | (dealers >= players)):
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, f"first_dealer must hold seats 0 to {players - 1}"
            )
        dealer = dealers.astype(np.int8, copy=False)
    none = np.full(size, -1, dtype=np.int8)
    return BatchState(
        config=config,
        phase=np.full(size, PHASE_DEAL, dtype=np.int8),
        round=np.ones(size, dtype=np.int8),
        dealer=dealer,
        current_player=none,
        hands=np.zeros((size, players), dtype=np.uint64),
        turned=none,
        trump=none,
        bids=np.full((size, players), -1, dtype=np.int8),
        tricks_won=np.zeros((size, players), dtype=np.int8),
        scores=np.zeros((size, players), dtype=np.int32),
        trick=np.full((size, players), -1, dtype=np.int8),
        trick_size=np.zeros(size, dtype=np.int8),
        leader=((dealer + 1) % players).astype(np.int8, copy=False),
        led=none,
        winning=none,
        best=none,
        played=np.zeros(size, dtype=np.uint64),
    )


# -- chance -------------------------------------------------------------------


def deal(state: BatchState, rng: np.random.Generator) -> BatchState:
    """Deal every game that waits for its deal; the others are unchanged.

    Each waiting game's deck is shuffled with ``rng`` (every deal equally
    likely, rule 2.3); seat ``(dealer + 1 + k) % P`` gets the ``k``-th run of
    ``round`` cards and the next card, if any, is turned (rule 3.1).  The
    same generator state gives the same deals.

    :raises InvalidArgumentError: ``state`` is not a BatchState or ``rng``
        not a :class:`numpy.random.Generator`.
    """
    state = _require_state(state)
    rng = _require_generator(rng)
    waiting = np.flatnonzero(state.phase == PHASE_DEAL)
    if waiting.size == 0:
        return state
    players = state.config.players
    hands = state.hands.copy()
    turned = state.turned.copy()
    rounds = state.round[waiting]
    for size in np.unique(rounds).tolist():
        games = waiting[rounds == size]
        decks = rng.permuted(
            np.broadcast_to(np.arange(60, dtype=np.int8), (games.size, 60)), axis=1
        )
        dealt = players * size
        runs = np.bitwise_or.reduce(
            _BIT[decks[:, :dealt]].reshape(games.size, players, size), axis=2
        )
        seats = (state.dealer[games, None].astype(np.int64) + 1 + np.arange(players)) % players
        dealt_hands = np.empty((games.size, players), dtype=np.uint64)
        np.put_along_axis(dealt_hands, seats, runs, axis=1)
        hands[games] = dealt_hands
        turned[games] = decks[:, dealt] if dealt < 60 else -1
    return _after_deal(state, state.phase == PHASE_DEAL, hands, turned)


def _after_deal(
    state: BatchState,
    dealt: NDArray[np.bool_],
    hands: NDArray[np.uint64],
    turned: NDArray[np.int8],
) -> BatchState:
    """The batch after the deals of the ``dealt`` games (already checked)."""
    card = np.maximum(turned, 0)
    is_card = turned >= 0
    wizard = is_card & (_LED_OF_CARD[card] == _WIZARD_LED)
    suit = _CARD_SUIT[card]
    trump = np.where(is_card & (suit < 4), suit, -1).astype(np.int8, copy=False)
    return state._replace(
        phase=np.where(dealt, np.where(wizard, PHASE_CHOOSE_TRUMP, PHASE_BID), state.phase).astype(
            np.int8
        ),
        current_player=np.where(
            dealt, np.where(wizard, state.dealer, state.leader), state.current_player
        ).astype(np.int8, copy=False),
        hands=np.where(dealt[:, None], hands, state.hands),
        turned=np.where(dealt, turned, state.turned).astype(np.int8, copy=False),
        trump=np.where(dealt, trump, state.trump).astype(np.int8, copy=False),
        played=np.where(dealt, np.uint64(0), state.played),
    )


def deal_given(state: BatchState, hands: object, turned: object) -> Step:
    """Apply given deals, one per game, as the scalar engine's :class:`~wizard_rules.Deal`.

    :param hands: ``(B, P)`` bit masks, each seat's hand (see
        :func:`deals_to_arrays`).
    :param turned: ``(B,)`` the turned card of each game, ``-1`` for none.
    :returns: the :class:`Step`; a game that is not at its deal refuses with
        ``wrong_phase`` (``game_over`` at the end), and a deal that does not
        fit the round (rule 11.5) with ``invalid_deal``.  Refused games are
        unchanged.
    :raises InvalidArgumentError: ``state`` is not a BatchState, or the
        arrays do not have the batch's shape or hold something that is not a
        card.
    """
    state = _require_state(state)
    size = state.size
    players = state.config.players
    masks = np.asarray(hands)
    if masks.dtype.kind not in "iu" or masks.shape != (size, players):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"hands must be an integer array of shape {(size, players)}, "
            f"not {masks.dtype} of shape {masks.shape}",
        )
    if np.any(masks < 0) or np.any(masks.astype(np.uint64) >> np.uint64(60)):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, "hands must be bit masks of cards 0 to 59"
        )
    masks = masks.astype(np.uint64)
    cards = _int_array(turned, (size,), "turned")
    if np.any((cards < -1) | (cards >= 60)):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, "turned must hold cards 0 to 59, or -1 for none"
        )
    union = np.bitwise_or.reduce(masks, axis=1)
    counts = np.bitwise_count(masks)
    turned_bit = np.where(cards >= 0, _BIT[np.maximum(cards, 0)], np.uint64(0))
    remaining = 60 - players * state.round.astype(np.int64)
    fits = (
        np.all(counts == state.round[:, None], axis=1)
        & (np.bitwise_count(union) == counts.sum(axis=1))
        & np.where(remaining == 0, cards == -1, (cards >= 0) & ((union & turned_bit) == 0))
    )
    error = np.where(
        state.phase == PHASE_GAME_OVER,
        _E_GAME_OVER,
        np.where(state.phase != PHASE_DEAL, _E_WRONG_PHASE, np.where(fits, 0, _E_INVALID_DEAL)),
    ).astype(np.int8, copy=False)
    after = _after_deal(state, error == 0, masks, cards.astype(np.int8))
    return Step(after, error, np.zeros((size, players), dtype=np.int32))


def deals_to_arrays(
    deals: Sequence[Deal | None], players: int
) -> tuple[NDArray[np.uint64], NDArray[np.int8]]:
    """The arrays :func:`deal_given` takes, from scalar :class:`~wizard_rules.Deal` records.

    :param deals: one deal per game; ``None`` for a game that is not dealt
        now (its hands are empty and no card is turned).
    :param players: the number of players, the width of ``hands``.
    :returns: ``hands`` (``(B, P) uint64``) and ``turned`` (``(B,) int8``).
        A deal with more or fewer hands than ``players`` keeps the first
        ``players`` hands, padded with empty ones (the deal is then refused
        with ``invalid_deal`` if it does not fit).
    :raises InvalidArgumentError: an item is neither a Deal nor ``None``.
    """
    hands = np.zeros((len(deals), players), dtype=np.uint64)
    turned = np.full(len(deals), -1, dtype=np.int8)
    for game, item in enumerate(deals):
        if item is None:
            continue
        if type(item) is not Deal:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT, f"expected a Deal or None, not {type(item).__name__}"
            )
        for seat, hand in enumerate(item.hands[:players]):
            hands[game, seat] = sum(card.mask for card in hand)
        if item.turned is not None:
            turned[game] = item.turned.index
    return hands, turned


# -- legal actions --------------------------------------------------------------


def _starts(size: int, width: int) -> NDArray[np.intp]:
    """``g * width`` for every game ``g``, cached: where row ``g`` starts in the flat array.

    For a ``(size, width)`` array.  Reading and writing one cell per row
    goes through flat indices (``take``, ``put``), which is cheaper than
    indexing with a pair of index arrays (see docs/speed.rst).
    """
    starts = _STARTS.get((size, width))
    if starts is None:
        starts = _STARTS[size, width] = np.arange(size, dtype=np.intp) * width
    return starts


_STARTS: Final[dict[tuple[int, int], NDArray[np.intp]]] = {}


def _cells(array: NDArray[Any], column: NDArray[Any]) -> NDArray[np.intp]:
    """The flat index of ``array[g, column[g]]`` for every game ``g`` (``column`` >= 0)."""
    size, width = array.shape
    cells: NDArray[np.intp] = _starts(size, width) + column
    return cells


def _gather(array: NDArray[Any], seat: NDArray[np.int8]) -> NDArray[Any]:
    """``array[g, seat[g]]`` for every game ``g`` (``seat`` -1 reads seat 0)."""
    return array.reshape(-1).take(_cells(array, np.maximum(seat, 0)))


def _playable(state: BatchState, hand: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """The cards of ``hand`` that may be played to each game's trick (rules 7.1-7.3)."""
    follow = _FOLLOW[state.led + 1]
    return np.where((hand & follow) != 0, hand & (follow | _SPECIALS), hand)


def _forbidden_bid(state: BatchState) -> NDArray[np.int64]:
    """The bid the restrictions forbid the player to act, or -1 (none).

    The bid-total option (rule 20.1) forbids the dealer the bid that makes
    the bids match in every round, hardcore (rule 25.1) from a hand of
    :data:`~wizard_rules.core.rules.HARDCORE_FROM` cards (the round, under
    the standard schedule); both forbid the same bid (rule 25.3).
    """
    restrictions = state.config.rules.bid_restrictions
    if PlusMinusOne() in restrictions:
        applies: NDArray[np.bool_] | bool = True
    elif Hardcore() in restrictions:
        applies = state.round >= HARDCORE_FROM
    else:
        return np.full(state.size, -1, dtype=np.int64)
    total = np.where(state.bids >= 0, state.bids, 0).sum(axis=1, dtype=np.int64)
    forbidden = state.round - total
    dealer = (state.current_player == state.dealer) & applies
    return np.where(dealer & (forbidden >= 0), forbidden, -1)


def legal_mask(state: BatchState) -> NDArray[np.bool_]:
    """``(B, NUM_ACTIONS) bool``: the legal actions of every game's player to act.

    Exactly the ids :func:`step` accepts: a game at a deal or at the end has
    none (rule 11.10).

    :raises InvalidArgumentError: ``state`` is not a BatchState.
    """
    state = _require_state(state)
    phase = state.phase
    mask = np.zeros((state.size, NUM_ACTIONS), dtype=np.bool_)
    hand = _gather(state.hands, state.current_player)
    playable = np.where(phase == PHASE_PLAY, _playable(state, hand), np.uint64(0))
    mask[:, :FIRST_BID] = ((playable[:, None] >> _CARD_SHIFTS) & np.uint64(1)).astype(np.bool_)
    bids = _BID_VALUES[None, :] <= state.round[:, None]
    bids &= _BID_VALUES[None, :] != _forbidden_bid(state)[:, None]
    mask[:, FIRST_BID:FIRST_TRUMP] = bids & (phase == PHASE_BID)[:, None]
    mask[:, FIRST_TRUMP:NO_TRUMP] = (phase == PHASE_CHOOSE_TRUMP)[:, None]
    return mask


# -- stepping -------------------------------------------------------------------


def step(state: BatchState, actions: object, players: object = None) -> Step:
    """Apply one action per game (an id of the action space) for its player to act.

    :param actions: an integer array of shape ``(B,)``.
    :param players: ``None``, or an integer array of shape ``(B,)``: the seat
        each action claims to come from, checked as the scalar engine checks
        an action's ``player`` (``no_such_player``, ``not_your_turn``).
    :returns: the :class:`Step`.  A refused action (``error`` not 0) leaves
        its game unchanged, with the code the scalar engine gives the same
        action (rules 11.1 to 11.11, in their order).
    :raises InvalidArgumentError: ``state`` is not a BatchState, or
        ``actions`` or ``players`` is not an integer array of shape ``(B,)``.
    """
    state = _require_state(state)
    size = state.size
    config = state.config
    count = config.players
    action = _int_array(actions, (size,), "actions")
    phase = state.phase
    current = state.current_player
    valid = (action >= 0) & (action < NUM_ACTIONS)
    expected = _ACTION_PHASE[np.where(valid, action, 0)] == phase
    hand = _gather(state.hands, current)
    card, bit = _card_and_bit(action)
    bid = action - FIRST_BID
    own = np.where(
        phase == PHASE_PLAY,
        np.where(
            (hand & bit) == 0,
            _E_NOT_IN_HAND,
            np.where((_playable(state, hand) & bit) == 0, _E_MUST_FOLLOW, 0),
        ),
        np.where(
            phase == PHASE_BID,
            np.where(
                bid > state.round,
                _E_BID_OUT_OF_RANGE,
                np.where(bid == _forbidden_bid(state), _E_BID_TOTAL, 0),
            ),
            np.where(action == NO_TRUMP, _E_NO_TRUMP, 0),
        ),
    )
    if players is not None:
        seat = _int_array(players, (size,), "players")
        own = np.where(
            (seat < 0) | (seat >= count),
            _E_NO_SUCH_PLAYER,
            np.where(seat != current, _E_NOT_YOUR_TURN, own),
        )
    error = np.where(
        ~valid,
        _E_INVALID_ACTION,
        np.where(
            phase == PHASE_GAME_OVER,
            _E_GAME_OVER,
            np.where(expected, own, _E_WRONG_PHASE),
        ),
    ).astype(np.int8, copy=False)
    state, points = _advance(state, error == 0, action, card, bit, hand)
    return Step(state, error, points)


def _card_and_bit(
    action: NDArray[np.int64],
) -> tuple[NDArray[np.int64], NDArray[np.uint64]]:
    """The card each action id names (clamped to a card for the other ids) and its bit."""
    card = np.minimum(np.maximum(action, 0), len(DECK) - 1)
    return card, _BIT[card]


def _advance(
    state: BatchState,
    accepted: NDArray[np.bool_],
    action: NDArray[np.int64],
    card: NDArray[np.int64],
    bit: NDArray[np.uint64],
    hand: NDArray[np.uint64],
) -> tuple[BatchState, NDArray[np.int32]]:
    """The batch after the ``accepted`` games' actions (already checked), and the points.

    ``card`` and ``bit`` are :func:`_card_and_bit` of the actions, and ``hand``
    the hand of each game's player to act.  Shared by
    :func:`step`, which checks first, and :func:`random_games`, whose actions
    are legal by construction (drawn from the legal cards, bids and suits).
    """
    count = state.config.players
    phase = state.phase
    current = state.current_player
    points = np.zeros((state.size, count), dtype=np.int32)

    choose = accepted & (phase == PHASE_CHOOSE_TRUMP)
    if choose.any():  # rule 3.4: the dealer names trump; bidding starts left of the dealer
        state = state._replace(
            trump=np.where(choose, action - FIRST_TRUMP, state.trump).astype(np.int8, copy=False),
            phase=np.where(choose, PHASE_BID, state.phase).astype(np.int8, copy=False),
            current_player=np.where(choose, state.leader, state.current_player).astype(
                np.int8, copy=False
            ),
        )

    bidding = accepted & (phase == PHASE_BID)
    if bidding.any():  # rule 4.1: bids go left; the dealer bids last, then play starts
        mine = bidding[:, None] & (_SEATS[None, :count] == current[:, None])
        last = current == state.dealer
        state = state._replace(
            bids=np.where(mine, (action - FIRST_BID)[:, None], state.bids).astype(
                np.int8, copy=False
            ),
            phase=np.where(bidding & last, PHASE_PLAY, state.phase).astype(np.int8, copy=False),
            current_player=np.where(
                bidding, np.where(last, state.leader, (current + 1) % count), state.current_player
            ).astype(np.int8, copy=False),
        )

        if type(state.config.rules.visibility) is Clairvoyance:
            blind = bidding & last & (state.round == 1)
            if blind.any():  # rule 26.3: the trick of a blind round plays itself
                state, points = _play_out(state, blind)

    playing = accepted & (phase == PHASE_PLAY)
    if playing.any():
        state, played = _play(state, playing, card, bit, hand, current)
        points = points + played  # (no game both plays out a blind round and plays)
    return state, points


def _play_out(state: BatchState, blind: NDArray[np.bool_]) -> tuple[BatchState, NDArray[np.int32]]:
    """The ``blind`` games' round-1 trick played out, each seat's one card from the leader.

    Rule 26.3: under clairvoyance, once the last bid of round 1 is made,
    every seat plays its one card in turn and the round is scored.
    """
    points = np.zeros((state.size, state.config.players), dtype=np.int32)
    for _ in range(state.config.players):
        seat = state.current_player
        hand = _gather(state.hands, seat)
        # (a game not played out has a card in range, which _play ignores)
        card = np.minimum(_nth_bit(hand, np.zeros(state.size, dtype=np.int64)), len(DECK) - 1)
        state, scored = _play(state, blind, card, _BIT[card], hand, seat)
        points += scored  # (only the last card scores the round)
    return state, points


def _play(
    state: BatchState,
    playing: NDArray[np.bool_],
    card: NDArray[np.int64],
    bit: NDArray[np.uint64],
    hand: NDArray[np.uint64],
    seat: NDArray[np.int8],
) -> tuple[BatchState, NDArray[np.int32]]:
    """The batch after the ``playing`` games' players play ``card`` (already checked).

    ``hand`` is the hand each game's ``seat`` held before this step (the
    player to act then: other games may have moved on to another player by a
    bid or trump choice since).  Per-seat arrays change by a scatter to that
    seat (in JAX, ``.at[rows, seat].set(...)``); the other games write their
    own values back.
    """
    count = state.config.players
    current = state.current_player
    hands = state.hands.copy()
    hands.reshape(-1).put(_cells(hands, np.maximum(seat, 0)), np.where(playing, hand & ~bit, hand))
    trick = state.trick.copy()
    cells = _cells(trick, np.minimum(state.trick_size, count - 1))
    flat_trick = trick.reshape(-1)
    flat_trick.put(cells, np.where(playing, card, flat_trick.take(cells)))
    led = np.where(playing & (state.led == -1), _LED_OF_CARD[card], state.led)  # rules 6.1-6.3
    strength = _FLAT_STRENGTH.take(
        ((state.trump.astype(np.intp) + 1) * _LEDS + led + 1) * len(DECK) + card
    )  # _STRENGTH[trump + 1, led + 1, card]
    better = playing & (strength > state.best)  # the first of the highest strength wins (8.1-8.4)
    best = np.where(better, strength, state.best)
    winning = np.where(better, current, state.winning)
    trick_size = state.trick_size + playing
    following = (current + 1) % count  # play goes left (rule 5.2)
    done = trick_size == count  # only a game that played can complete its trick
    if not done.any():
        return state._replace(
            hands=hands,
            trick=trick,
            trick_size=trick_size.astype(np.int8, copy=False),
            led=led.astype(np.int8, copy=False),
            best=best.astype(np.int8, copy=False),
            winning=winning.astype(np.int8, copy=False),
            current_player=np.where(playing, following, current).astype(np.int8, copy=False),
        ), np.zeros((state.size, count), dtype=np.int32)
    won = state.tricks_won.copy()
    won_cells = _cells(won, np.maximum(winning, 0))
    flat_won = won.reshape(-1)
    flat_won.put(won_cells, flat_won.take(won_cells) + done)  # the winner takes the trick
    taken = _BIT.take(trick[:, 0])  # the trick's cards, one seat's column at a time
    for column in range(1, count):
        taken |= _BIT.take(trick[:, column])  # (a -1 of a trick not done: kept out below)
    played = np.where(done, state.played | taken, state.played)
    trick |= -done.astype(np.int8)[:, None]  # a taken trick's cards leave it: -1 (all bits)
    state = state._replace(
        hands=hands,
        trick=trick,
        trick_size=np.where(done, 0, trick_size).astype(np.int8, copy=False),
        led=np.where(done, -1, led).astype(np.int8, copy=False),
        best=np.where(done, -1, best).astype(np.int8, copy=False),
        winning=np.where(done, -1, winning).astype(np.int8, copy=False),
        leader=np.where(done, winning, state.leader).astype(np.int8, copy=False),
        tricks_won=won,
        played=played,
        current_player=np.where(playing, np.where(done, winning, following), current).astype(
            np.int8, copy=False
        ),
    )
    ended = done & ((hand & ~bit) == 0)  # the last trick: every hand is empty
    if not ended.any():
        return state, np.zeros((state.size, count), dtype=np.int32)
    return _end_round(state, ended)


def _end_round(
    state: BatchState, ended: NDArray[np.bool_]
) -> tuple[BatchState, NDArray[np.int32]]:
    """Score the ``ended`` games' round (rules 9.1-9.3) and move on (2.5, 10.1)."""
    count = state.config.players
    bids = state.bids.astype(np.int32)
    won = state.tricks_won.astype(np.int32)
    points = np.where(bids == won, 20 + 10 * won, -10 * np.abs(bids - won))
    points = np.where(ended[:, None], points, 0).astype(np.int32)
    last = state.round == state.config.rounds
    going_on = ended & ~last
    dealer = np.where(going_on, (state.dealer + 1) % count, state.dealer).astype(
        np.int8, copy=False
    )
    return (
        state._replace(
            phase=np.where(ended, np.where(last, PHASE_GAME_OVER, PHASE_DEAL), state.phase).astype(
                np.int8
            ),
            round=np.where(going_on, state.round + 1, state.round).astype(np.int8, copy=False),
            dealer=dealer,
            leader=np.where(ended, (dealer + 1) % count, state.leader).astype(np.int8, copy=False),
            current_player=np.where(ended, -1, state.current_player).astype(np.int8, copy=False),
            turned=np.where(ended, -1, state.turned).astype(np.int8, copy=False),
            trump=np.where(ended, -1, state.trump).astype(np.int8, copy=False),
            bids=np.where(ended[:, None], -1, state.bids).astype(np.int8, copy=False),
            tricks_won=np.where(ended[:, None], 0, state.tricks_won).astype(np.int8, copy=False),
            played=np.where(ended, np.uint64(0), state.played),
            scores=state.scores + points,
        ),
        points,
    )


# -- random play ----------------------------------------------------------------


def _nth_in_byte_table() -> NDArray[np.int8]:
    """``[byte, n]``: the index of the ``n``-th set bit (from 0) of a byte, 0 if none."""
    table = np.zeros((256, 8), dtype=np.int8)
    for byte in range(256):
        bits = [i for i in range(8) if byte >> i & 1]
        table[byte, : len(bits)] = bits
    return table


_NTH_IN_BYTE: Final = _nth_in_byte_table()
_LITTLE_U64: Final = np.dtype("<u8")


_ONES: Final = np.uint64(0x0101010101010101)
_HIGHS: Final = np.uint64(0x8080808080808080)
_BYTE: Final = np.uint64(0xFF)
_EIGHT: Final = np.uint64(8)


def _nth_bit(mask: NDArray[np.uint64], n: NDArray[np.int64]) -> NDArray[np.int64]:
    """The index of the ``n``-th set bit (from 0, lowest first) of each mask.

    Within one 64-bit word per game (SWAR): the population count of each
    byte, their running sums by one multiplication, the byte that holds the
    bit by one subtraction that compares all eight sums with ``n`` at once,
    and the bit within that byte from a table.  (Garbage, but in range,
    where a mask has ``n`` bits or fewer.)
    """
    octets = np.asarray(mask, dtype=_LITTLE_U64).view(np.uint8).reshape(-1, 8)
    counts = np.bitwise_count(octets).view(_LITTLE_U64)[:, 0]
    sums = counts * _ONES  # byte i: the set bits in bytes 0 to i (at most 64)
    nth = np.minimum(n, 64).astype(np.uint64)
    reached = ((nth * _ONES) | _HIGHS) - sums  # byte i's high bit: n >= sums of i
    byte = np.minimum(np.bitwise_count(reached & _HIGHS), 7).astype(np.uint64)
    shift = byte * _EIGHT
    before = ((sums << _EIGHT) >> shift) & _BYTE  # the set bits below the byte
    within = np.minimum(nth - before, 7)  # (a wrapped difference is garbage: kept in range)
    value = (mask >> shift) & _BYTE
    index: NDArray[np.int64] = (shift + _NTH_IN_BYTE[value, within]).astype(np.int64)
    return index


def random_actions(state: BatchState, rng: np.random.Generator) -> NDArray[np.int64]:
    """``(B,) int64``: a uniformly random legal action of every game's player to act.

    Games with no player to act (at a deal, or over) get ``-1``, which
    :func:`step` refuses (``invalid_action``) and which changes nothing.

    :raises InvalidArgumentError: ``state`` is not a BatchState or ``rng``
        not a :class:`numpy.random.Generator`.
    """
    state = _require_state(state)
    rng = _require_generator(rng)
    return _random_actions(state, rng)[0]


def _random_actions(
    state: BatchState, rng: np.random.Generator
) -> tuple[NDArray[np.int64], NDArray[np.uint64]]:
    """:func:`random_actions`, and the hand of each game's player to act."""
    phase = state.phase
    draw = rng.random(state.size)  # one draw per game, whatever it decides
    action = np.full(state.size, -1, dtype=np.int64)
    hand = _gather(state.hands, state.current_player)
    playing = phase == PHASE_PLAY
    if playing.any():
        playable = _playable(state, hand)
        card = _nth_bit(playable, (draw * np.bitwise_count(playable)).astype(np.int64))
        action = np.where(playing, card, action)
    bidding = phase == PHASE_BID
    if bidding.any():
        forbidden = _forbidden_bid(state)
        choices = state.round.astype(np.int64) + 1 - (forbidden >= 0)
        bid = (draw * choices).astype(np.int64)
        bid += (forbidden >= 0) & (bid >= forbidden)
        action = np.where(bidding, FIRST_BID + bid, action)
    choosing = phase == PHASE_CHOOSE_TRUMP
    if choosing.any():
        action = np.where(choosing, FIRST_TRUMP + (draw * 4).astype(np.int64), action)
    return action, hand


def winners(state: BatchState) -> NDArray[np.bool_]:
    """``(B, P) bool``: at the end of each game, the seats with the highest total.

    All tied seats win (rule 10.2); a game that is not over has no winner.

    :raises InvalidArgumentError: ``state`` is not a BatchState.
    """
    state = _require_state(state)
    best = state.scores.max(axis=1, keepdims=True)
    won: NDArray[np.bool_] = (state.scores == best) & state.is_over[:, None]
    return won


def random_games(
    config: Config, batch_size: int, rng: np.random.Generator, *, first_dealer: object = None
) -> RandomGames:
    """Play ``batch_size`` complete games with uniformly random legal actions.

    Deals come from :func:`deal` and decisions from :func:`random_actions`,
    both drawing on ``rng``: the same seed gives the same games.  The
    actions are legal by construction, so they are applied as :func:`step`
    applies an accepted action, without checking them again (the batch's
    fast path, as :func:`~wizard_rules.apply_legal` is the scalar engine's):
    the games are the ones a loop of :func:`deal`, :func:`random_actions`
    and :func:`step` plays.  This is what the benchmark times.

    :raises InvalidArgumentError: as :func:`new_batch`, or ``rng`` is not a
        :class:`numpy.random.Generator`.
    """
    state = new_batch(config, batch_size, first_dealer=first_dealer)
    rng = _require_generator(rng)
    decisions = 0
    deals = 0
    while not state.is_over.all():
        waiting = int(np.count_nonzero(state.phase == PHASE_DEAL))
        if waiting:
            deals += waiting
            state = deal(state, rng)
        # The fast path: the actions are legal by construction, so they are
        # applied without step's checks (test_batch checks that step accepts
        # every one of them, and that both paths play the same games).
        action, hand = _random_actions(state, rng)
        acting = action >= 0
        decisions += int(np.count_nonzero(acting))
        state = _advance(state, acting, action, *_card_and_bit(action), hand)[0]
    return RandomGames(state.scores, winners(state), decisions, deals)


# -- between the engines ----------------------------------------------------------


def error_codes(error: object) -> list[ErrorCode | None]:
    """The :class:`~wizard_rules.ErrorCode` of each error number (``None`` for 0).

    :raises InvalidArgumentError: ``error`` holds a number that is no error.
    """
    numbers = np.asarray(error).ravel().tolist()
    if not all(type(n) is int and 0 <= n < len(ERROR_CODES) for n in numbers):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"error numbers are 0 to {len(ERROR_CODES) - 1}"
        )
    return [ERROR_CODES[n] for n in numbers]
