"""Observation tensors of a whole batch: every game's tensor for a seat, as one array.

:func:`observe` writes, for every game of a
:class:`~wizard_rules.sim.batch.BatchState`, the observation tensor of one
seat, in exactly the layout of :class:`~wizard_rules.integrations.tensors.Layout`
(the observation, not the information state: ``perfect_recall=False``, with
the private and the public pieces), as a ``(B, D)`` ``float32`` array, where
``D`` is :attr:`Layout.size <wizard_rules.integrations.tensors.Layout.size>`
of :func:`layout`.  Row ``g`` is, element for element, what
:meth:`Layout.encode <wizard_rules.integrations.tensors.Layout.encode>` writes
for :func:`~wizard_rules.player_view` of the scalar state of game ``g``:
``tests/test_batch_tensors.py`` plays random games through both engines in
lockstep and compares every piece, for every seat, at every step (the deal
and the end of the game included), for 3 to 6 players and every variant the
batch engine plays.  The arrays are written piece by piece for all games
at once (one-hot pieces by one indexed write per piece and seat row, card
pieces by unpacking the bit masks): there is no Python loop over games.

What each piece shows under a variant is :class:`~wizard_rules.integrations.tensors.Layout`'s:

- plus/minus one and hardcore (rules 20 and 25): the layout is unchanged;
  the bid they forbid is missing from :func:`~wizard_rules.sim.batch.legal_mask`;
- hidden bids (rule 23): another seat's bid is written as not made (its
  ``bids`` row all 0) until every bid is in; the seat's own bid shows as
  soon as it is made;
- delayed reveal (rule 24): another seat's ``bids`` row is all 0 for the
  whole round;
- clairvoyance (rule 26): the ``hand`` piece is all 0 in round 1, and the
  ``other_hands`` piece (after ``hand``) holds the other seats' cards in
  round 1, the seat to the viewer's left first.

**The seat.**  ``seat`` is one seat for every game (an ``int``, 0 to
``P - 1``), or one per game: an integer array of shape ``(B,)`` holding 0
to ``P - 1``, or ``-1`` for a game whose row is to be all zeros.
``observe(state, state.current_player)`` is then the observation of each
game's player to act, with a row of zeros for a game that has none (one
waiting for its deal, or over): a tensor of a real seat always has a one in
its ``seat`` piece, so a row of zeros is no seat's tensor.  Any other value
is refused with ``invalid_argument``.  :func:`observe_all` gives every seat's
tensor, ``(B, P, D)``.

**A learner's arrays.**  A batch gives a learner everything it needs as
arrays with the game on axis 0:

- the observations: :func:`observe` (``(B, D) float32``), of the player to
  act with ``state.current_player`` as the seat;
- the legal actions: :func:`~wizard_rules.sim.batch.legal_mask`
  (``(B, 86) bool``, the ids of :mod:`wizard_rules.formats.action_ids`), of
  the same player to act;
- the rewards: :attr:`Step.points <wizard_rules.sim.batch.Step.points>` of
  the :class:`~wizard_rules.sim.batch.Step` that
  :func:`~wizard_rules.sim.batch.step` returns (``(B, P) int32``): the points
  every seat scored in a round that the step ended (rules 9.1 and 9.2),
  zero elsewhere; their sum over a game is the seat's final total
  (:attr:`BatchState.scores <wizard_rules.sim.batch.BatchState.scores>`).
  Divide by :func:`~wizard_rules.integrations.tensors.max_score` for
  rewards in ``[-1, 1]``.

>>> import numpy as np
>>> from wizard_rules import Config
>>> from wizard_rules.sim import batch
>>> from wizard_rules.integrations.batch_tensors import layout, observe, observe_all
>>> state = batch.deal(batch.new_batch(Config(players=4), 3), np.random.default_rng(5))
>>> obs = observe(state, state.current_player)
>>> obs.shape, obs.dtype, layout(state.config).size
((3, 592), dtype('float32'), 592)
>>> pieces = layout(state.config).pieces_of(obs[0])
>>> pieces["phase"].tolist(), int(pieces["hand"].sum())
([0.0, 0.0, 1.0, 0.0, 0.0], 1)
>>> observe_all(state).shape
(3, 4, 592)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError:
    raise ImportError(
        "wizard_rules.integrations.batch_tensors needs numpy: install the 'batch' extra: "
        "pip install '.[batch]' from a clone (see Installing in the docs)"
    ) from None

from wizard_rules.core.cards import DECK
from wizard_rules.core.config import Config
from wizard_rules.errors import ErrorCode, InvalidArgumentError
from wizard_rules.integrations.tensors import Layout, max_score
from wizard_rules.sim.batch import PHASE_BID, PHASE_DEAL, PHASE_PLAY, BatchState, new_batch

__all__ = ["layout", "observe", "observe_all"]

_CARDS: Final = len(DECK)
_LITTLE_U64: Final = np.dtype("<u8")


def layout(config: Config) -> Layout:
    """The layout of the observations of a batch of games of ``config``.

    ``Layout(config.players, rules=config.rules)``: the observation tensor
    (no perfect recall) with the private and the public pieces.  The same
    object is returned for equal configurations.

    >>> from wizard_rules import Config
    >>> from wizard_rules.integrations.batch_tensors import layout
    >>> layout(Config(players=3)).size, layout(Config(players=6)).size
    (530, 721)

    :raises InvalidArgumentError: ``config`` is not a Config.
    :raises ConfigError: ``invalid_config``: the rules are ones the batch
        engine does not play (as :func:`~wizard_rules.sim.batch.new_batch`).
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"layout needs a Config, not {type(config).__name__}"
        )
    return _plan(config).layout


class _Plan:
    """What :func:`observe` needs of a configuration, worked out once (internal)."""

    def __init__(self, config: Config) -> None:
        new_batch(config, 1)  # refuses, as the batch engine does, the rules it does not play
        self.layout: Final = Layout(config.players, rules=config.rules)
        self.players: Final = config.players
        self.bids: Final = _CARDS // config.players + 1  # the columns of a bids row
        self.offsets: Final = self.layout.offsets
        self.scale: Final = np.float32(max_score(config.players, rules=config.rules))
        bidding = config.rules.bidding
        # Whether every bid made is shown to every seat: while bidding, and after.
        self.shown_while_bidding: Final = bidding.shown(True)
        self.shown_after: Final = bidding.shown(False)
        self.clairvoyant: Final = self.layout.clairvoyant
        self.blind_round: Final = config.rules.visibility.blind_round


@lru_cache(maxsize=64)
def _plan(config: Config) -> _Plan:
    return _Plan(config)


def _require_state(state: object) -> BatchState:
    if type(state) is not BatchState:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a BatchState, not {type(state).__name__}"
        )
    return state


def _seats(seat: object, size: int, players: int) -> NDArray[np.int64]:
    """``seat`` as one seat (0 to ``players - 1``) or ``-1`` per game, or the library's error."""
    if isinstance(seat, (int, np.integer)) and not isinstance(seat, (bool, np.bool_)):
        if not 0 <= int(seat) < players:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"seat must be 0 to {players - 1} (or an array of them, -1 for none), not {seat}",
            )
        return np.full(size, int(seat), dtype=np.int64)
    try:
        array = np.asarray(seat)
    except ValueError:  # a ragged sequence
        array = np.asarray(None)
    if array.dtype.kind not in "iu" or array.shape != (size,):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"seat must be an int or an integer array of shape {(size,)}, "
            f"not {type(seat).__name__} of {array.dtype} of shape {array.shape}",
        )
    if array.min() < -1 or array.max() >= players:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"seat must hold seats 0 to {players - 1}, or -1 for a row of zeros",
        )
    return array.astype(np.int64)


def _bits(masks: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """``(G, 60)``: bit ``i`` of each mask (card ``i``), as 0 or 1."""
    octets = np.ascontiguousarray(masks, dtype=_LITTLE_U64).view(np.uint8).reshape(-1, 8)
    bits: NDArray[np.uint8] = np.unpackbits(octets, axis=1, bitorder="little")[:, :_CARDS]
    return bits


def _one(
    flat: NDArray[np.float32],
    starts: NDArray[np.int64],
    base: int,
    index: NDArray[np.int64] | NDArray[np.int8],
    keep: NDArray[np.bool_] | None = None,
) -> None:
    """Set a one at ``base + index`` of every row where ``keep`` (every row for ``None``).

    A row not kept writes a zero into its cell ``base`` instead: the first
    cell of the same piece (or piece row), which nothing else writes.
    """
    if keep is None:
        flat[starts + base + index] = 1.0
    else:
        flat[starts + base + np.where(keep, index, 0)] = keep


def _write_public(plan: _Plan, state: BatchState, out: NDArray[np.float32]) -> None:
    """Write the pieces every seat sees alike into ``out`` (``(B, D)``, zeros)."""
    at = plan.offsets
    n, b = plan.players, plan.bids
    size = state.size
    flat = out.reshape(-1)
    starts = np.arange(size, dtype=np.int64) * out.shape[1]
    phase = state.phase
    _one(flat, starts, at["phase"], phase)
    _one(flat, starts, at["round"], state.round.astype(np.int64) - 1)
    _one(flat, starts, at["dealer"], state.dealer)
    current = state.current_player
    _one(flat, starts, at["current_player"], current, current >= 0)
    _one(flat, starts, at["turned"], state.turned, state.turned >= 0)
    _one(flat, starts, at["trump"], state.trump, state.trump >= 0)
    shown = np.where(phase == PHASE_BID, plan.shown_while_bidding, plan.shown_after)
    for seat in range(n):
        bid = state.bids[:, seat]
        _one(flat, starts, at["bids"] + seat * b, bid, shown & (bid >= 0))
        _one(flat, starts, at["tricks_won"] + seat * b, state.tricks_won[:, seat])
    _one(flat, starts, at["leader"], state.leader, phase == PHASE_PLAY)
    for i in range(n):
        _one(flat, starts, at["trick"] + i * _CARDS, state.trick[:, i], i < state.trick_size)
    start = at["played"]
    out[:, start : start + _CARDS] = _bits(state.played)
    start = at["scores"]
    out[:, start : start + n] = state.scores.astype(np.float32) / plan.scale


def _write_own(
    plan: _Plan,
    out: NDArray[np.float32],
    seat: NDArray[np.int64],
    hands: NDArray[np.uint64],
    bids: NDArray[np.int8],
    phase: NDArray[np.int8],
    round: NDArray[np.int8],
) -> None:
    """Write the pieces that depend on the seat (``seat``, ``hand``, ``other_hands``, own bid).

    Every argument has a row per row of ``out``; ``seat`` is a seat of each
    row's game (0 to ``P - 1``).
    """
    at = plan.offsets
    n, b = plan.players, plan.bids
    rows = np.arange(seat.shape[0], dtype=np.int64)
    flat = out.reshape(-1)
    starts = rows * out.shape[1]
    _one(flat, starts, at["seat"], seat)
    hand = hands[rows, seat]
    # A blind seat (clairvoyance, round 1) sees no card of its own but the others'
    # (rule 26); no seat holds a card while its game waits for the deal.
    blind = (round == plan.blind_round) & (hand != 0)
    if plan.clairvoyant:
        for i in range(n - 1):
            other = hands[rows, (seat + 1 + i) % n]
            start = at["other_hands"] + i * _CARDS
            out[:, start : start + _CARDS] = _bits(np.where(blind, other, np.uint64(0)))
    start = at["hand"]
    seen = np.where(blind | (phase == PHASE_DEAL), np.uint64(0), hand)
    out[:, start : start + _CARDS] = _bits(seen)
    own = bids[rows, seat]  # a seat sees its own bid once made, shown or not
    cells = starts + at["bids"] + seat * b + np.maximum(own, 0)
    flat[cells] = np.maximum(flat[cells], own >= 0)  # (a shown bid has its one already)


def observe(
    state: BatchState, seat: int | np.integer[Any] | Sequence[int] | NDArray[np.integer[Any]]
) -> NDArray[np.float32]:
    """``(B, D) float32``: every game's observation tensor for ``seat``.

    Row ``g`` is :meth:`Layout.encode <wizard_rules.integrations.tensors.Layout.encode>`
    (of :func:`layout`) of the view of game ``g``'s seat, element for element.

    :param seat: one seat for every game (an ``int``, 0 to ``P - 1``), or an
        integer array of shape ``(B,)``: each game's seat, or ``-1`` for a row
        of zeros (so ``state.current_player`` observes each game's player to
        act, and gives zeros for a game at its deal or over).
    :raises InvalidArgumentError: ``state`` is not a BatchState, or ``seat``
        is none of the above (a bool, a float, another shape, a seat that is
        not one of the game's).
    """
    state = _require_state(state)
    plan = _plan(state.config)
    seats = _seats(seat, state.size, plan.players)
    out = np.zeros((state.size, plan.layout.size), dtype=np.float32)
    _write_public(plan, state, out)
    none = seats < 0
    _write_own(plan, out, np.maximum(seats, 0), state.hands, state.bids, state.phase, state.round)
    if none.any():
        out[none] = 0.0
    return out


def observe_all(state: BatchState) -> NDArray[np.float32]:
    """``(B, P, D) float32``: every seat's observation tensor of every game.

    ``observe_all(state)[:, s]`` equals ``observe(state, s)``; the pieces
    every seat sees alike are written once.

    :raises InvalidArgumentError: ``state`` is not a BatchState.
    """
    state = _require_state(state)
    plan = _plan(state.config)
    size, n, d = state.size, plan.players, plan.layout.size
    public = np.zeros((size, d), dtype=np.float32)
    _write_public(plan, state, public)
    out = np.empty((size, n, d), dtype=np.float32)
    out[:] = public[:, None, :]
    _write_own(
        plan,
        out.reshape(size * n, d),
        np.tile(np.arange(n, dtype=np.int64), size),
        np.repeat(state.hands, n, axis=0),
        np.repeat(state.bids, n, axis=0),
        np.repeat(state.phase, n),
        np.repeat(state.round, n),
    )
    return out
