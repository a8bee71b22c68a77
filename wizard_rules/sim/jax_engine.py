"""The standard game as pure JAX functions: an engine for ``jax.jit``, ``jax.vmap`` and a GPU.

In the style of `pgx <https://github.com/sotetsuk/pgx>`_: an environment
object :class:`JaxWizard` made for one :class:`~wizard_rules.Config` holds
no state; its functions map arrays to new arrays, and :class:`State` (one
game) is a :class:`~typing.NamedTuple`, which JAX treats as a pytree.  So a
batch is ``jax.vmap(env.step)`` over stacked states, and the same code runs
on a GPU unchanged:

* :meth:`JaxWizard.init` ``(key) -> State``: a new game, its deals drawn
  from ``key`` (the same key gives the same game);
* :meth:`JaxWizard.step` ``(state, action, key=None) -> State``: the player
  to act takes ``action`` (an id of :mod:`wizard_rules.formats.action_ids`);
* :meth:`JaxWizard.observe` ``(state, player) -> (D,) float32``: what
  ``player`` may know, in exactly the layout of
  :class:`wizard_rules.integrations.tensors.Layout` (the observation, no
  perfect recall);
* :attr:`State.legal_action_mask` ``(86,) bool``, :attr:`State.rewards`
  ``(P,) float32`` (the points each seat scored in a round this step
  ended), :attr:`State.terminated` and :attr:`State.current_player`.

It plays the standard game (rules 1 to 12) for 3 to 6 players, with the
bid-total option (plus/minus one, rule 20) or hardcore (rule 25) on or off;
:class:`JaxWizard` refuses other rules with ``invalid_config``.  It is not
a second set of rules to trust: ``tests/test_jax_engine.py`` plays the same
deals and actions through it and through the scalar engine
(:func:`~wizard_rules.apply`) and requires the same scores, winners, legal
masks, refusal codes and observations at every step.

**Chance.**  Wizard's only chance is the deal of each round (rule 2.3).
:meth:`~JaxWizard.init` draws every round's deal of the game at once from its
key, into the state (:attr:`State.deals`, hidden from every observation):
that keeps the costly draw out of :meth:`~JaxWizard.step`, which under
``vmap`` would otherwise compute a deal at every step of every game.  So a
game is fixed by its key and its actions, and ``step``'s ``key`` is
accepted for pgx's signature but not used.  A deal draws its cards one by
one, each uniformly from those left (:func:`deal_rounds`), the draws taken
from a counter-based hash of 32 bits seeded by the key (not
:mod:`jax.random`'s Threefry, which costs more than all the rest of a game;
see ``docs/speed.rst``): a draw from ``k`` cards is
``(word * k) >> 32``, each card's chance within ``k / 2**32`` (under
``1.4e-8``) of ``1 / k``.

**Illegal actions.**  Under ``jit`` nothing can be raised: a refused action
leaves the game as it was but for :attr:`State.error`, the error number of
:data:`wizard_rules.sim.batch.ERROR_CODES` (the scalar engine's code for
the same action, rules 11.1 to 11.11), and zero rewards.  A finished game
refuses everything with ``game_over``.

>>> import jax
>>> from wizard_rules import Config
>>> from wizard_rules.sim.jax_engine import JaxWizard
>>> env = JaxWizard(Config(players=4))
>>> state = jax.jit(env.init)(jax.random.key(0))
>>> int(state.current_player), int(state.round), env.observe(state, 1).shape
(1, 1, (592,))
>>> state = jax.jit(env.step)(state, 62)   # seat 1 bids 2 in round 1: refused
>>> int(state.error), int(state.current_player)
(8, 1)

The fast path for many random games, :func:`random_games`, runs whole games
as one XLA program (``docs/speed.rst`` times it).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final, NamedTuple, TypeAlias

try:
    import jax
    import jax.numpy as jnp
    from jax import lax
except ImportError:
    raise ImportError(
        "wizard_rules.sim.jax_engine needs JAX: install the 'jax' extra: "
        "pip install '.[jax]' from a clone (see Installing in the docs)"
    ) from None

import attrs
import numpy as np

from wizard_rules.core.config import Config
from wizard_rules.core.rules import (
    HARDCORE_FROM,
    STANDARD,
    Hardcore,
    PlusMinusOne,
)
from wizard_rules.errors import ConfigError, ErrorCode, InvalidArgumentError
from wizard_rules.formats.action_ids import FIRST_BID, FIRST_TRUMP, NO_TRUMP, NUM_ACTIONS
from wizard_rules.sim import batch

__all__ = ["IntegerLike", "JaxWizard", "RandomGames", "State", "deal_rounds", "random_games"]

IntegerLike: TypeAlias = "jax.Array | np.ndarray[Any, Any] | np.integer[Any] | int"
"""What :meth:`JaxWizard.step` takes as an action and :meth:`JaxWizard.observe` as a
seat: a Python int, or a numpy or JAX integer scalar (a traced one under ``jit``
and ``vmap``)."""

# -- numbers shared with the numpy batch engine (wizard_rules.sim.batch) ---------

_PHASE_CHOOSE_TRUMP: Final = batch.PHASE_CHOOSE_TRUMP
_PHASE_BID: Final = batch.PHASE_BID
_PHASE_PLAY: Final = batch.PHASE_PLAY
_PHASE_OVER: Final = batch.PHASE_GAME_OVER


def _error_number(code: ErrorCode) -> int:
    return batch.ERROR_CODES.index(code)


_E_INVALID_ACTION: Final = _error_number(ErrorCode.INVALID_ACTION)
_E_GAME_OVER: Final = _error_number(ErrorCode.GAME_OVER)
_E_WRONG_PHASE: Final = _error_number(ErrorCode.WRONG_PHASE)
_E_NO_TRUMP: Final = _error_number(ErrorCode.NO_TRUMP_NOT_ALLOWED)
_E_BID_OUT_OF_RANGE: Final = _error_number(ErrorCode.BID_OUT_OF_RANGE)
_E_BID_TOTAL: Final = _error_number(ErrorCode.BID_TOTAL_FORBIDDEN)
_E_NOT_IN_HAND: Final = _error_number(ErrorCode.CARD_NOT_IN_HAND)
_E_MUST_FOLLOW: Final = _error_number(ErrorCode.MUST_FOLLOW_SUIT)

_PLUS_MINUS_ONE: Final = 1  # State.restriction
_HARDCORE: Final = 2

# -- cards: index 0-3 Jesters, 4 + 13 s + (rank - 1) the suit cards, 56-59 Wizards ----

_CARDS: Final = 60
_WIZARD_LED: Final = 4  # the led value of a trick led (after Jesters) by a Wizard
_MASK32: Final = 0xFFFFFFFF


def _suit_words(suit: int) -> tuple[int, int]:
    """The two 32-bit words of the bit mask of ``suit``'s 13 cards."""
    bits = sum(1 << (4 + 13 * suit + r) for r in range(13))
    return bits & _MASK32, bits >> 32


_SPECIAL_BITS: Final = (1 << 0 | 1 << 1 | 1 << 2 | 1 << 3) | sum(1 << c for c in range(56, 60))
_FOLLOW_WORDS: Final = ((0, 0), *(_suit_words(s) for s in range(4)), (0, 0))
"""``[led + 1]``: the cards of the led suit (none while undecided or after a Wizard)."""


class State(NamedTuple):
    """One game of the JAX engine: a pytree of arrays (stack them for a batch).

    ``P`` is the number of players and ``R`` the rounds of the game.  Seats
    and cards are numbered as in the scalar engine; ``-1`` stands for
    "none".  A hand is a bit mask in two ``uint32`` words: card ``c`` is bit
    ``c % 32`` of word ``c // 32`` (JAX has no 64-bit integers by default).

    :ivar current_player: ``() int32``, the seat to act; ``-1`` at the end.
    :ivar rewards: ``(P,) float32``, the points each seat scored in a round
        that the last step ended (rules 9.1, 9.2); zero elsewhere.
    :ivar terminated: ``() bool``, the game has ended (rule 10.1).
    :ivar truncated: ``() bool``, always ``False`` (a game ends by itself).
    :ivar error: ``() int32``, ``0`` if the last action was accepted, else
        its error number (:data:`wizard_rules.sim.batch.ERROR_CODES`).
    :ivar phase: ``() int32``, the phase number of
        :data:`wizard_rules.sim.batch.PHASES` (1 choose trump, 2 bid, 3 play,
        4 over: the engine never waits for a deal).
    :ivar round: ``() int32``, the round, from 1.
    :ivar dealer: ``() int32``, the seat that dealt the round.
    :ivar leader: ``() int32``, the seat that leads (or led) the trick.
    :ivar hands: ``(P, 2) uint32``, each seat's hand.
    :ivar turned: ``() int32``, the turned card, ``-1`` for none (the last
        round, and after the game).
    :ivar trump: ``() int32``, the trump suit, ``-1`` for none (or not named yet).
    :ivar bids: ``(P,) int32``, each seat's bid this round, ``-1`` until made.
    :ivar tricks_won: ``(P,) int32``, tricks won this round.
    :ivar scores: ``(P,) int32``, totals over the finished rounds.
    :ivar trick: ``(P,) int32``, the cards of the trick in progress, in the
        order played, ``-1`` after the last.
    :ivar trick_size: ``() int32``, how many cards the trick holds.
    :ivar trick_bits: ``(2,) uint32``, the same cards as a bit mask.
    :ivar led: ``() int32``, ``-1`` no led suit yet, ``0`` to ``3`` a suit,
        ``4`` a Wizard came first.
    :ivar winning: ``() int32``, the seat winning the trick so far, ``-1``
        for an empty trick.
    :ivar best: ``() int32``, the strength of the winning card (Wizard 40,
        trump 14-26, led suit 13-1, others 0), ``-1`` for an empty trick.
    :ivar played: ``(2,) uint32``, the cards of this round's finished tricks.
    :ivar deals: ``(R, P, 2) uint32``, every round's hands as dealt (hidden:
        no observation reads it).
    :ivar deal_turned: ``(R,) int32``, every round's turned card (hidden
        until turned).
    :ivar restriction: ``() int32``, the configuration's bid restriction, the
        same in every state of a game: ``0`` none, ``1`` plus/minus one
        (rule 20), ``2`` hardcore (rule 25).
    """

    current_player: jax.Array
    rewards: jax.Array
    terminated: jax.Array
    truncated: jax.Array
    error: jax.Array
    phase: jax.Array
    round: jax.Array
    dealer: jax.Array
    leader: jax.Array
    hands: jax.Array
    turned: jax.Array
    trump: jax.Array
    bids: jax.Array
    tricks_won: jax.Array
    scores: jax.Array
    trick: jax.Array
    trick_size: jax.Array
    trick_bits: jax.Array
    led: jax.Array
    winning: jax.Array
    best: jax.Array
    played: jax.Array
    deals: jax.Array
    deal_turned: jax.Array
    restriction: jax.Array

    @property
    def legal_action_mask(self) -> jax.Array:
        """``(..., 86) bool``: the ids :meth:`JaxWizard.step` accepts now (none at the end).

        All ``False`` for a finished game, as the scalar engine has no legal
        action there (pgx makes every action legal at the end instead, to
        keep a masked softmax finite): mask logits with a finite value
        (``jnp.where(mask, logits, -1e9)``), or with
        ``mask | state.terminated[..., None]``, where finished games share a batch.

        Worked out from the state when read (a loop that never reads it
        never pays for it), for one game or a batch of any shape (a state
        whose fields have leading batch axes, as ``jax.vmap(env.init)``
        makes it): ``(B, 86)`` for ``B`` games, as pgx's field.
        """
        mask = _legal_action_mask
        for _ in range(self.phase.ndim):
            mask = jax.vmap(mask)
        return mask(self)


class RandomGames(NamedTuple):
    """What :func:`random_games` returns.

    :ivar scores: ``(B, P) int32``, every game's final totals.
    :ivar winners: ``(B, P) bool``, the seats with the highest total (rule 10.2).
    :ivar decisions: ``() int32``, the player decisions made over all the games.
    :ivar steps: ``() int32``, the lockstep steps the batch took (a trump
        choice, each bid and each card; a game that names no trump in a
        round makes no decision in its first step).
    :ivar actions: with ``record=True``, ``(B, steps) int32``: every game's
        action at each step, ``-1`` where it made none; else ``None``.
    """

    scores: jax.Array
    winners: jax.Array
    decisions: jax.Array
    steps: jax.Array
    actions: jax.Array | None = None


# -- bits ------------------------------------------------------------------------


def _u32(value: int) -> jax.Array:
    return jnp.asarray(value, dtype=jnp.uint32)


def _select(keep_new: jax.Array, new: State, old: State) -> State:
    """``new`` where ``keep_new``, else ``old``, field by field."""
    chosen: State = jax.tree.map(lambda a, b: jnp.where(keep_new, a, b), new, old)
    return chosen


def _card_words(card: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The bit of ``card`` (0 to 59) as two words."""
    low = jnp.where(
        card < 32, jnp.left_shift(_u32(1), jnp.clip(card, 0, 31).astype(jnp.uint32)), 0
    )
    high = jnp.where(
        card >= 32, jnp.left_shift(_u32(1), jnp.clip(card - 32, 0, 31).astype(jnp.uint32)), 0
    )
    return low.astype(jnp.uint32), high.astype(jnp.uint32)


def _has(words: jax.Array, card: jax.Array) -> jax.Array:
    """Whether the mask ``words`` (``(2,) uint32``) holds ``card``."""
    low, high = _card_words(card)
    return ((words[0] & low) | (words[1] & high)) != 0


def _count(words: jax.Array) -> jax.Array:
    """The number of cards of a mask (the last axis: its two words)."""
    return lax.population_count(words).astype(jnp.int32).sum(axis=-1)


def _nth32(word: jax.Array, n: jax.Array) -> jax.Array:
    """The index of the ``n``-th set bit (from 0, lowest first) of a word (binary search)."""
    position = jnp.zeros_like(n)
    for width in (16, 8, 4, 2, 1):
        low = word & _u32((1 << width) - 1)
        below = lax.population_count(low).astype(jnp.int32)
        up = n >= below
        n = jnp.where(up, n - below, n)
        word = jnp.where(up, word >> _u32(width), low)
        position = position + jnp.where(up, width, 0)
    return position


def _nth(words: jax.Array, n: jax.Array) -> jax.Array:
    """The card of the ``n``-th set bit of a two-word mask (garbage, in 0-63, if none)."""
    low_count = lax.population_count(words[..., 0]).astype(jnp.int32)
    high = n >= low_count
    word = jnp.where(high, words[..., 1], words[..., 0])
    return _nth32(word, jnp.where(high, n - low_count, n)) + jnp.where(high, 32, 0)


def _bits_to_cards(words: jax.Array) -> jax.Array:
    """``(..., 2) uint32`` masks as ``(..., 60)`` 0/1 float32 (card order)."""
    shifts = jnp.arange(32, dtype=jnp.uint32)
    bits = (words[..., :, None] >> shifts) & _u32(1)
    return bits.reshape(*words.shape[:-1], 64)[..., :_CARDS].astype(jnp.float32)


def _hash32(x: jax.Array) -> jax.Array:
    """A 32-bit integer hash with full avalanche ("lowbias32", C. Wellons)."""
    x = x ^ (x >> _u32(16))
    x = x * _u32(0x21F0AAAD)
    x = x ^ (x >> _u32(15))
    x = x * _u32(0x735A2D97)
    return x ^ (x >> _u32(15))


def _draw(word: jax.Array, k: jax.Array | int) -> jax.Array:
    """A number from 0 to ``k - 1`` from a uniform 32-bit ``word``: ``(word * k) >> 32``.

    Worked out in 16-bit halves (JAX has no 64-bit integers by default).
    """
    k32 = jnp.asarray(k).astype(jnp.uint32)
    low = (word & _u32(0xFFFF)) * k32
    high = (word >> _u32(16)) * k32
    return ((high + (low >> _u32(16))) >> _u32(16)).astype(jnp.int32)


# -- cards -------------------------------------------------------------------------


def _is_wizard(card: jax.Array) -> jax.Array:
    return card >= 56


def _suit(card: jax.Array) -> jax.Array:
    """The suit of a suit card (0 to 3); -1 for a Jester or Wizard (or no card).

    By comparisons, not a division (which has no vector instruction).
    """
    suit = (card >= 17).astype(jnp.int32) + (card >= 30) + (card >= 43)
    return jnp.where((card >= 4) & (card < 56), suit, -1)


def _led_of(card: jax.Array) -> jax.Array:
    """The led value a card gives a trick with none yet (rules 6.1-6.3)."""
    return jnp.where(card < 4, -1, jnp.where(_is_wizard(card), _WIZARD_LED, _suit(card)))


def _strength(card: jax.Array, trump: jax.Array, led: jax.Array) -> jax.Array:
    """How strongly ``card`` stands in a trick (rules 8.1-8.4); the first highest wins."""
    suit = _suit(card)
    rank = card - 3 - 13 * suit
    return jnp.where(
        _is_wizard(card),
        40,
        jnp.where(
            (suit >= 0) & (suit == trump),
            13 + rank,
            jnp.where((suit >= 0) & (suit == led), rank, 0),
        ),
    )


def _follow_words(led: jax.Array) -> jax.Array:
    """``(2,) uint32``: the cards of the led suit (none while undecided or after a Wizard).

    By a choice among four constants, not a table lookup (a gather, slow on CPU).
    """
    suits = [led == suit for suit in range(4)]
    return jnp.stack(
        [
            jnp.select(suits, [_u32(_FOLLOW_WORDS[s + 1][w]) for s in range(4)], _u32(0))
            for w in (0, 1)
        ]
    )


def _playable(hand: jax.Array, led: jax.Array) -> jax.Array:
    """The cards of ``hand`` that may be played to a trick of ``led`` (rules 7.1-7.3)."""
    follow = _follow_words(led)
    specials = jnp.asarray([_SPECIAL_BITS & _MASK32, _SPECIAL_BITS >> 32], dtype=jnp.uint32)
    must = ((hand & follow) != 0).any(axis=-1)
    return jnp.where(must, hand & (follow | specials), hand)


# -- the deal -------------------------------------------------------------------


def deal_rounds(config: Config, key: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Every round's deal of one game of ``config``, drawn from ``key``.

    Round ``r``'s deal (rule 3.1): seat ``(dealer + 1 + k) % P`` takes the
    ``k``-th run of ``r`` cards, drawn one by one, each uniformly from the
    cards left; then one more card is drawn and turned, if any is left.
    The draws come from ``_hash32`` of a counter and two seed words that
    ``key`` gives (see the module's notes on chance).

    :returns: ``hands`` ``(R, P, 2) uint32`` and ``turned`` ``(R,) int32``
        (``-1`` in the last round).
    """
    seed = jax.random.bits(key, (2,), jnp.uint32)
    players = config.players

    def one(_: None, size: jax.Array) -> tuple[None, tuple[jax.Array, jax.Array]]:
        dealer = (config.first_dealer + size - 1) % players
        return None, _deal_round(seed, size, dealer, players=players)

    # A scan over the rounds (round r deals r cards a seat): each round's loops
    # keep a trip count that vmap does not batch, and compile once, not R times.
    _, (hands, turned) = lax.scan(one, None, jnp.arange(1, config.rounds + 1, dtype=jnp.int32))
    return hands, turned


def _deal_round(
    seed: jax.Array, size: jax.Array, dealer: jax.Array, *, players: int
) -> tuple[jax.Array, jax.Array]:
    """One round's deal: ``size`` cards to each of ``players`` seats, and the turned card.

    A run of draws per seat, so that a hand is written once, when its run is
    drawn (a loop that wrote every hand at every draw moved far more memory).
    """
    seats = jnp.arange(players)

    def draw(left: jax.Array, t: jax.Array) -> tuple[jax.Array, jax.Array]:
        word = _hash32(_hash32((size * 64 + t).astype(jnp.uint32) ^ seed[0]) ^ seed[1])
        card = _nth(left, _draw(word, _CARDS - t))
        low, high = _card_words(card)
        return card, jnp.stack([low, high])

    left = jnp.asarray([_MASK32, (1 << 28) - 1], dtype=jnp.uint32)  # the 60 cards
    hands = jnp.zeros((players, 2), dtype=jnp.uint32)
    for k in range(players):

        def one(
            j: jax.Array, carry: tuple[jax.Array, jax.Array], k: int = k
        ) -> tuple[jax.Array, jax.Array]:
            left, run = carry
            _, bits = draw(left, k * size + j)
            return left & ~bits, run | bits

        left, run = lax.fori_loop(0, size, one, (left, jnp.zeros(2, dtype=jnp.uint32)))
        hands = jnp.where((seats == (dealer + 1 + k) % players)[:, None], run, hands)
    card, _ = draw(left, players * size)
    return hands, jnp.where(players * size < _CARDS, card, -1)


# -- the environment -------------------------------------------------------------


class JaxWizard:
    """The JAX engine for games of ``config``: pure functions, no state of its own.

    :param config: 3 to 6 players, the standard game's rules, or with the
        bid-total option (:class:`~wizard_rules.core.rules.PlusMinusOne`,
        rule 20) or hardcore (:class:`~wizard_rules.core.rules.Hardcore`,
        rule 25); any first dealer.
    :raises InvalidArgumentError: ``config`` is not a Config.
    :raises ConfigError: ``invalid_config`` for other rules (hidden bids,
        delayed reveal, clairvoyance, the Canadian rule, short schedules,
        anniversary cards): play them with the scalar engine.
    """

    def __init__(self, config: Config) -> None:
        if type(config) is not Config:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"JaxWizard needs a Config, not {type(config).__name__}",
            )
        restrictions = config.rules.bid_restrictions
        if attrs.evolve(config.rules, bid_restrictions=()) != STANDARD or not set(
            restrictions
        ) <= {PlusMinusOne(), Hardcore()}:
            raise ConfigError(
                ErrorCode.INVALID_CONFIG,
                "the JAX engine plays the standard game, with or without plus/minus one "
                "or hardcore (rules 20 and 25): play other rules with the scalar engine",
            )
        self.config: Final = config
        """The configuration of every game."""
        self.num_players: Final = config.players
        """The number of players, ``P``."""
        self.num_actions: Final = NUM_ACTIONS
        """The size of the action space (86)."""
        self.rounds: Final = config.rounds
        """The rounds of a game, ``R``."""
        self._restriction = (
            _PLUS_MINUS_ONE
            if PlusMinusOne() in restrictions
            else _HARDCORE
            if Hardcore() in restrictions
            else 0
        )
        self._bids = _CARDS // config.players + 1  # B: the bid values of the layout
        # A total divided by the most a player can score, as tensors.Layout divides it
        # (numpy float32 by a float): a table, since XLA's CPU division is not
        # correctly rounded and would differ from it in the last bit.
        most = sum(20 + 10 * r for r in range(1, self.rounds + 1))
        self._lowest = -10 * sum(range(1, self.rounds + 1))
        totals = np.arange(self._lowest, most + 1, dtype=np.float32)
        self._shown_scores: Final = totals / float(most)
        self.observation_size: Final = _observation_size(config.players, self.rounds)
        """The length of :meth:`observe`'s vector (592 for 4 players)."""

    def __repr__(self) -> str:
        return f"JaxWizard({self.config!r})"

    # -- init -------------------------------------------------------------------

    def init(self, key: jax.Array) -> State:
        """A new game whose deals are drawn from ``key``, at its first decision.

        :param key: a :func:`jax.random.key` (or a raw ``uint32[2]`` key).
        :raises InvalidArgumentError: ``key`` is not one key.
        """
        hands, turned = deal_rounds(self.config, _check_key(key))
        return self.init_dealt(hands, turned)

    def init_dealt(self, hands: jax.Array, turned: jax.Array) -> State:
        """A new game with the given deals (as :func:`deal_rounds` returns them).

        The deals are taken as they are (under ``jit`` nothing can be checked):
        give each round's hands of the right size, disjoint, with a turned
        card that is in none (``-1`` in the last round).
        """
        players = self.num_players
        dealer = jnp.int32(self.config.first_dealer)
        none = jnp.int32(-1)
        state = State(
            current_player=none,
            rewards=jnp.zeros(players, dtype=jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            error=jnp.int32(0),
            phase=jnp.int32(_PHASE_BID),
            round=jnp.int32(1),
            dealer=dealer,
            leader=(dealer + 1) % players,
            hands=jnp.zeros((players, 2), dtype=jnp.uint32),
            turned=none,
            trump=none,
            bids=jnp.full(players, -1, dtype=jnp.int32),
            tricks_won=jnp.zeros(players, dtype=jnp.int32),
            scores=jnp.zeros(players, dtype=jnp.int32),
            trick=jnp.full(players, -1, dtype=jnp.int32),
            trick_size=jnp.int32(0),
            trick_bits=jnp.zeros(2, dtype=jnp.uint32),
            led=none,
            winning=none,
            best=none,
            played=jnp.zeros(2, dtype=jnp.uint32),
            deals=jnp.asarray(hands, dtype=jnp.uint32),
            deal_turned=jnp.asarray(turned, dtype=jnp.int32),
            restriction=jnp.int32(self._restriction),
        )
        return _start_round(state, jnp.int32(0))

    # -- step -------------------------------------------------------------------

    def step(self, state: State, action: IntegerLike, key: jax.Array | None = None) -> State:
        """The game after the player to act takes ``action``; a refused one changes nothing.

        :param action: an id of the action space (0 to 85).
        :param key: accepted for pgx's signature and not used: the deals
            were drawn by :meth:`init`.
        :returns: the new state.  A refused action leaves every field but
            :attr:`State.error` (its error number) and :attr:`State.rewards`
            (zero) as it was.
        :raises InvalidArgumentError: ``state`` is a batch (use
            ``jax.vmap(env.step)``) or ``action`` is not an integer scalar
            (checked when traced: shapes and dtypes are known then).
        """
        del key
        _check_one_game(state, "step")
        action = _integer_scalar(action, "action")
        error = self._refusal(state, action)
        after = self._advance(state, action)
        accepted = error == 0
        kept = _select(accepted, after, state)
        return kept._replace(
            error=error,
            rewards=jnp.where(accepted, after.rewards, jnp.zeros_like(state.rewards)),
        )

    def _refusal(self, state: State, action: jax.Array) -> jax.Array:
        """The error number of ``action`` now, ``0`` if it is accepted (rules 11.1-11.11)."""
        phase = state.phase
        valid = (action >= 0) & (action < NUM_ACTIONS)
        expected = jnp.where(
            action < FIRST_BID,
            _PHASE_PLAY,
            jnp.where(action < FIRST_TRUMP, _PHASE_BID, _PHASE_CHOOSE_TRUMP),
        )
        hand = _seat_hand(state.hands, state.current_player)
        card = jnp.clip(action, 0, _CARDS - 1)
        bid = action - FIRST_BID
        own = jnp.where(
            phase == _PHASE_PLAY,
            jnp.where(
                ~_has(hand, card),
                _E_NOT_IN_HAND,
                jnp.where(~_has(_playable(hand, state.led), card), _E_MUST_FOLLOW, 0),
            ),
            jnp.where(
                phase == _PHASE_BID,
                jnp.where(
                    bid > state.round,
                    _E_BID_OUT_OF_RANGE,
                    jnp.where(bid == _forbidden_bid(state), _E_BID_TOTAL, 0),
                ),
                jnp.where(action == NO_TRUMP, _E_NO_TRUMP, 0),
            ),
        )
        return jnp.where(
            ~valid,
            _E_INVALID_ACTION,
            jnp.where(
                phase == _PHASE_OVER,
                _E_GAME_OVER,
                jnp.where(expected == phase, own, _E_WRONG_PHASE),
            ),
        ).astype(jnp.int32)

    def _advance(self, state: State, action: jax.Array) -> State:
        """The game after ``action`` of the player to act, taken as legal (unchecked).

        Each branch (trump choice, bid, card) is worked out and the one of
        the phase kept, then the trick taken if the card completed it and the
        round scored if that was its last trick.  :meth:`step` checks first.
        """
        phase = state.phase
        card = _after_card(state, jnp.clip(action, 0, _CARDS - 1))
        bid = _after_bid(state, action - FIRST_BID)
        trump = _after_trump(state, action - FIRST_TRUMP)
        after = _select(
            phase == _PHASE_PLAY,
            card,
            _select(phase == _PHASE_BID, bid, _select(phase == _PHASE_CHOOSE_TRUMP, trump, state)),
        )._replace(rewards=jnp.zeros_like(state.rewards), error=jnp.int32(0))
        done = after.trick_size == self.num_players  # only a card completes a trick
        after = _select(done, _take_trick(after), after)
        ended = done & (_count(after.hands) == 0).all()  # the last trick: hands are empty
        return _select(ended, _end_round(after, self.rounds), after)

    # -- what a player sees ---------------------------------------------------------

    def observe(self, state: State, player: IntegerLike) -> jax.Array:
        """``(D,) float32``: what ``player`` may know, in the layout of ``tensors.Layout``.

        Element for element the tensor that
        ``Layout(P).encode(player_view(scalar_state, player))`` gives in the
        same position (``tests/test_jax_engine.py``): the seat, phase,
        round, dealer, player to act, ``player``'s own hand, the turned
        card, trump, bids, tricks won, leader, the trick, this round's
        finished tricks and the scores divided by the most a player can
        score.  Nothing of another seat's hand or of a later deal.

        A ``player`` that is no seat (``-1``, as ``current_player`` is at the
        end, or ``P`` and up) gets a vector of zeros, as
        :func:`wizard_rules.integrations.batch_tensors.observe` writes for
        ``-1``: a real seat's vector always has a one in its ``seat`` piece.

        :raises InvalidArgumentError: ``state`` is a batch (use
            ``jax.vmap(env.observe)``) or ``player`` is not an integer scalar.
        """
        _check_one_game(state, "observe")
        player = _integer_scalar(player, "player")
        players = self.num_players

        def hot(size: int, value: jax.Array) -> jax.Array:
            return (jnp.arange(size) == value).astype(jnp.float32)

        over = state.phase == _PHASE_OVER
        bid_values = jnp.arange(self._bids)
        trick_rows = (jnp.arange(players)[:, None] < state.trick_size) & (
            jnp.arange(_CARDS)[None, :] == state.trick[:, None]
        )
        pieces = [
            hot(players, player),
            hot(5, state.phase),
            hot(self.rounds, state.round - 1),
            hot(players, state.dealer),
            hot(players, jnp.where(over, -1, state.current_player)),
            _bits_to_cards(_seat_hand(state.hands, player)),
            hot(_CARDS, state.turned),
            hot(4, state.trump),
            (bid_values[None, :] == state.bids[:, None]).astype(jnp.float32).reshape(-1),
            (bid_values[None, :] == state.tricks_won[:, None]).astype(jnp.float32).reshape(-1),
            hot(players, jnp.where(state.phase == _PHASE_PLAY, state.leader, -1)),
            trick_rows.astype(jnp.float32).reshape(-1),
            _bits_to_cards(state.played),
            jnp.asarray(self._shown_scores)[
                jnp.clip(state.scores - self._lowest, 0, len(self._shown_scores) - 1)
            ],
        ]
        seat = (player >= 0) & (player < players)
        return jnp.where(seat, jnp.concatenate(pieces), jnp.float32(0))


def _check_one_game(state: object, what: str) -> State:
    """``state``, if it is the State of one game (its fields have no batch axis)."""
    if type(state) is not State:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"{what} takes a State, not {type(state).__name__}"
        )
    if jnp.ndim(state.phase) != 0:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} takes the State of one game, not a batch of shape "
            f"{jnp.shape(state.phase)}: use jax.vmap(env.{what})",
        )
    return state


def _integer_scalar(value: object, what: str) -> jax.Array:
    """``value`` as an int32 scalar, if it is one integer (a Python int or an integer array)."""
    if isinstance(value, bool) or not isinstance(value, (int, jax.Array, np.ndarray, np.integer)):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} must be an integer (a Python int or an integer array), not "
            f"{type(value).__name__}",
        )
    array = jnp.asarray(value)
    if not jnp.issubdtype(array.dtype, jnp.integer) or array.ndim != 0:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"{what} must be one integer, not an array of {array.dtype} of shape "
            f"{array.shape} (for a batch, use jax.vmap)",
        )
    return array.astype(jnp.int32)


def _check_key(key: object) -> jax.Array:
    """``key``, if it is one JAX random key: a typed key or a raw ``uint32[2]``."""
    if isinstance(key, jax.Array):
        if jnp.issubdtype(key.dtype, jax.dtypes.prng_key) and key.ndim == 0:
            return key
        if key.dtype == jnp.uint32 and key.shape == (2,):
            return key
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        "key must be one JAX random key (jax.random.key(seed), or a raw uint32[2] "
        f"key), not {type(key).__name__}"
        + (f" of {key.dtype} and shape {key.shape}" if isinstance(key, jax.Array) else ""),
    )


def _observation_size(players: int, rounds: int) -> int:
    bids = _CARDS // players + 1
    return (
        players
        + 5
        + rounds
        + players
        + players
        + _CARDS
        + _CARDS
        + 4
        + 2 * players * bids
        + players
        + players * _CARDS
        + _CARDS
        + players
    )


def _seat_hand(hands: jax.Array, seat: jax.Array) -> jax.Array:
    """``(2,) uint32``: the hand of ``seat`` (all 0 for -1), by a one-hot sum (no gather)."""
    mine = jnp.arange(hands.shape[0])[:, None] == seat
    return jnp.where(mine, hands, _u32(0)).sum(axis=0, dtype=jnp.uint32)


def _start_round(
    state: State, index: jax.Array, deal: tuple[jax.Array, jax.Array] | None = None
) -> State:
    """The game at the start of the round of 0-based ``index``: its deal in play (rules 3.1-3.4).

    :param deal: the round's ``(hands, turned)``; default: ``deals[index]``.
    """
    hands, turned = (state.deals[index], state.deal_turned[index]) if deal is None else deal
    wizard = _is_wizard(turned)
    suit = _suit(turned)
    return state._replace(
        hands=hands,
        turned=turned,
        trump=jnp.where(turned >= 0, suit, -1),
        phase=jnp.where(wizard, _PHASE_CHOOSE_TRUMP, _PHASE_BID).astype(jnp.int32),
        current_player=jnp.where(wizard, state.dealer, state.leader).astype(jnp.int32),
    )


def _next_seat(seat: jax.Array, players: int) -> jax.Array:
    """The seat to the left of ``seat`` (without a division: see :func:`_suit`)."""
    return jnp.where(seat + 1 == players, 0, seat + 1)


def _after_trump(state: State, suit: jax.Array) -> State:
    """The dealer names ``suit`` trump; bidding starts left of the dealer (rule 3.4)."""
    return state._replace(trump=suit, phase=jnp.int32(_PHASE_BID), current_player=state.leader)


def _after_bid(state: State, bid: jax.Array) -> State:
    """The player to act bids ``bid``; bids go left, the dealer last, then play (rule 4.1)."""
    seats = jnp.arange(state.bids.shape[0])
    last = state.current_player == state.dealer
    return state._replace(
        bids=jnp.where(seats == state.current_player, bid, state.bids),
        phase=jnp.where(last, _PHASE_PLAY, _PHASE_BID).astype(jnp.int32),
        current_player=jnp.where(
            last, state.leader, _next_seat(state.current_player, seats.shape[0])
        ).astype(jnp.int32),
    )


def _after_card(state: State, card: jax.Array) -> State:
    """The player to act plays ``card`` to the trick; play goes left (rules 5.2, 6, 8).

    The card stands against the trick's best so far: the first card of the
    highest strength wins (rules 8.1-8.4).  A trick made complete by it is
    taken by :func:`_take_trick`.
    """
    seats = jnp.arange(state.bids.shape[0])
    current = state.current_player
    low, high = _card_words(card)
    bit = jnp.stack([low, high])
    led = jnp.where(state.led == -1, _led_of(card), state.led)  # rules 6.1-6.3
    strength = _strength(card, state.trump, led)
    better = strength > state.best
    return state._replace(
        hands=jnp.where(seats[:, None] == current, state.hands & ~bit, state.hands),
        trick=jnp.where(seats == state.trick_size, card, state.trick),
        trick_size=state.trick_size + 1,
        trick_bits=state.trick_bits | bit,
        led=led,
        best=jnp.where(better, strength, state.best),
        winning=jnp.where(better, current, state.winning),
        current_player=_next_seat(current, seats.shape[0]),
    )


def _take_trick(state: State) -> State:
    """The complete trick goes to the seat winning it, who leads the next (rules 8.5, 5.3)."""
    seats = jnp.arange(state.bids.shape[0])
    winner = state.winning
    return state._replace(
        tricks_won=state.tricks_won + (seats == winner).astype(jnp.int32),
        played=state.played | state.trick_bits,
        trick=jnp.full_like(state.trick, -1),
        trick_size=jnp.int32(0),
        trick_bits=jnp.zeros_like(state.trick_bits),
        led=jnp.int32(-1),
        best=jnp.int32(-1),
        winning=jnp.int32(-1),
        leader=winner,
        current_player=winner,
    )


def _end_round(
    state: State, rounds: int, deal: tuple[jax.Array, jax.Array] | None = None
) -> State:
    """The round scored (rules 9.1-9.3), then the next one dealt, or the game over (2.5, 10.1).

    :param deal: the next round's ``(hands, turned)``; default: from
        ``deals`` (:func:`random_games` deals each round when it starts).
    """
    players = state.bids.shape[0]
    won = state.tricks_won
    points = jnp.where(state.bids == won, 20 + 10 * won, -10 * jnp.abs(state.bids - won))
    last = state.round == rounds
    dealer = jnp.where(last, state.dealer, _next_seat(state.dealer, players))
    scored = state._replace(
        round=jnp.where(last, state.round, state.round + 1),
        dealer=dealer,
        leader=_next_seat(dealer, players),
        bids=jnp.full_like(state.bids, -1),
        tricks_won=jnp.zeros_like(state.tricks_won),
        scores=state.scores + points,
        rewards=points.astype(jnp.float32),
        played=jnp.zeros_like(state.played),
        turned=jnp.int32(-1),
        trump=jnp.int32(-1),
        phase=jnp.int32(_PHASE_OVER),
        current_player=jnp.int32(-1),
        terminated=last,
    )
    index = jnp.minimum(state.round, rounds - 1)
    return _select(last, scored, _start_round(scored, index, deal))


def _legal_action_mask(state: State) -> jax.Array:
    """``(86,) bool``: the ids the state's player to act may take."""
    phase = state.phase
    hand = _seat_hand(state.hands, state.current_player)
    cards = _bits_to_cards(_playable(hand, state.led)) > 0
    bid_values = jnp.arange(FIRST_TRUMP - FIRST_BID)
    bids = (
        (bid_values <= state.round) & (bid_values != _forbidden_bid(state)) & (phase == _PHASE_BID)
    )
    trumps = jnp.full(NO_TRUMP - FIRST_TRUMP, phase == _PHASE_CHOOSE_TRUMP)
    return jnp.concatenate(
        [cards & (phase == _PHASE_PLAY), bids, trumps, jnp.zeros(1, dtype=bool)]
    )


def _forbidden_bid(state: State) -> jax.Array:
    """The bid the restriction forbids the player to act, or -1 (rules 20.1, 25.1-25.3).

    Both restrictions forbid the dealer the bid that makes the bids add up
    to the round's tricks: plus/minus one in every round, hardcore from a
    hand of :data:`~wizard_rules.core.rules.HARDCORE_FROM` cards.
    """
    total = jnp.where(state.bids >= 0, state.bids, 0).sum()
    forbidden = state.round - total
    applies = (state.current_player == state.dealer) & (
        (state.restriction == _PLUS_MINUS_ONE)
        | ((state.restriction == _HARDCORE) & (state.round >= HARDCORE_FROM))
    )
    return jnp.where(applies & (forbidden >= 0), forbidden, -1)


# -- random games: the fast path -------------------------------------------------------


def _barrier(value: jax.Array, run_time: jax.Array) -> jax.Array:
    """``value``, behind a fusion boundary that XLA keeps: a cond on a run-time value.

    Without it XLA's CPU pipeline gives every consumer of a random action
    its own copy of the action's whole computation (``docs/speed.rst``);
    ``lax.optimization_barrier`` it drops.  ``run_time`` is never negative.
    """
    kept: jax.Array = lax.cond(run_time >= 0, lambda v: v, lambda v: v + 1, value)
    return kept


def _random_card(state: State, word: jax.Array) -> jax.Array:
    """A uniformly random card of those the player to act may play (rules 7.1-7.3)."""
    playable = _playable(_seat_hand(state.hands, state.current_player), state.led)
    return _nth(playable, _draw(word, jnp.maximum(_count(playable), 1)))


def _random_bid(state: State, word: jax.Array) -> jax.Array:
    """A uniformly random bid of those the player to act may make (rules 4.2, 20.1, 25.1)."""
    forbidden = _forbidden_bid(state)
    barred = (forbidden >= 0).astype(jnp.int32)
    bid = _draw(word, state.round + 1 - barred)
    return bid + (barred & (bid >= forbidden)).astype(jnp.int32)


@partial(jax.jit, static_argnums=(0, 1, 3))
def _play_random(config: Config, batch_size: int, key: jax.Array, record: bool) -> RandomGames:
    """:func:`random_games`' program: the games in lockstep, round by round.

    Every game of the batch is at the same point of the same round at every
    step (the rounds have the same shape in every game; only a trump choice
    is taken by some games and not others, in a step of its own), so each
    step is written for its place in the round: a bid, or the ``k``-th card
    of a trick, the trick taken after the last, the round scored after its
    last trick.  It applies the same functions as :meth:`JaxWizard.step`
    (:func:`_after_trump`, :func:`_after_bid`, :func:`_after_card`,
    :func:`_take_trick`, :func:`_end_round`), without a branch to choose.
    """
    env = JaxWizard(config)
    players = config.players
    deal_key, play_key = jax.random.split(key)
    # The seeds of env.init's deals for the same keys: game g is the game of
    # env.init(split(deal_key)[g]), each round dealt here when it starts.
    deal_seeds = jax.vmap(lambda k: jax.random.bits(k, (2,), jnp.uint32))(
        jax.random.split(deal_key, batch_size)
    )
    seeds = jax.random.bits(play_key, (batch_size,), jnp.uint32)
    many = jax.vmap
    Carry = tuple[State, jax.Array, jax.Array, jax.Array]
    rounds = config.rounds
    slots = rounds * (1 + players) + players * rounds * (rounds + 1) // 2
    nothing = jnp.zeros((batch_size, slots if record else 0), dtype=jnp.int32)

    def logged(log: jax.Array, actions: jax.Array, slot: jax.Array) -> jax.Array:
        if not record:
            return log
        return lax.dynamic_update_slice(log, actions[:, None], (jnp.int32(0), slot))

    def deal(size: jax.Array, dealer: jax.Array) -> tuple[jax.Array, jax.Array]:
        return many(lambda seed, d: _deal_round(seed, size, d, players=players))(
            deal_seeds, dealer
        )

    first_dealer = jnp.full(batch_size, config.first_dealer, dtype=jnp.int32)
    hands, turned = deal(jnp.int32(1), first_dealer)
    states = many(env.init_dealt)(hands[:, None], turned[:, None])

    def words(counter: jax.Array) -> jax.Array:
        return _hash32(seeds ^ (counter.astype(jnp.uint32) * _u32(0x9E3779B9)))

    def trick(_: jax.Array, carry: Carry) -> Carry:
        states, decisions, counter, log = carry
        for k in range(players):
            cards = _barrier(many(_random_card)(states, words(counter + k)), counter)
            log = logged(log, cards, counter + k)
            states = many(_after_card)(states, cards)
        states = many(_take_trick)(states)
        return states, decisions + batch_size * players, counter + players, log

    def one_round(r: jax.Array, carry: Carry) -> Carry:
        states, decisions, counter, log = carry
        choosing = states.phase == _PHASE_CHOOSE_TRUMP
        suits = _draw(words(counter), 4)
        log = logged(log, jnp.where(choosing, FIRST_TRUMP + suits, -1), counter)
        states = many(_select)(choosing, many(_after_trump)(states, suits), states)
        decisions = decisions + choosing.sum(dtype=jnp.int32)
        for k in range(players):
            bids = _barrier(many(_random_bid)(states, words(counter + 1 + k)), counter)
            log = logged(log, FIRST_BID + bids, counter + 1 + k)
            states = many(_after_bid)(states, bids)
        carry = (states, decisions + batch_size * players, counter + 1 + players, log)
        states, decisions, counter, log = lax.fori_loop(0, r + 1, trick, carry)
        # the next round's deal (the last round's is never used)
        hands, turned = deal(jnp.minimum(r + 2, rounds), _next_seat(states.dealer, players))

        def end(state: State, hands: jax.Array, turned: jax.Array) -> State:
            return _end_round(state, rounds, (hands, turned))

        return many(end)(states, hands, turned), decisions, counter, log

    states, decisions, steps, log = lax.fori_loop(
        0, rounds, one_round, (states, jnp.int32(0), jnp.int32(0), nothing)
    )
    best = states.scores.max(axis=1, keepdims=True)
    return RandomGames(
        states.scores, states.scores == best, decisions, steps, log if record else None
    )


def random_games(
    config: Config, batch_size: int, key: jax.Array, *, record: bool = False
) -> RandomGames:
    """Play ``batch_size`` complete games of ``config`` with uniformly random legal actions.

    One jitted XLA program (compiled once per configuration and batch
    size): the games are dealt by :meth:`JaxWizard.init` from keys split off
    ``key``, and every step each unfinished game's player to act takes a
    uniformly random legal action, drawn from a counter-based hash seeded by
    ``key`` (the same key gives the same games), applied as
    :meth:`JaxWizard.step` applies an accepted one (the actions are legal by
    construction; ``tests/test_jax_engine.py`` replays the games through the
    scalar engine).  This is what the benchmark times.

    Game ``g`` is the game :meth:`JaxWizard.init` deals from key
    ``jax.random.split(jax.random.split(key)[0], batch_size)[g]``, each
    round dealt when it starts (the same draws, so the same deals).

    :param record: also return every game's actions (:attr:`RandomGames.actions`),
        to replay them (memory: ``4 * B * steps`` bytes).

    :raises InvalidArgumentError: ``config`` is not a Config or
        ``batch_size`` not a whole number from 1 up, or ``key`` not one JAX random key.
    :raises ConfigError: rules the engine does not play (:class:`JaxWizard`).
    """
    if type(config) is not Config:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"random_games needs a Config, not {type(config).__name__}"
        )
    JaxWizard(config)  # refuses what the engine does not play, outside jit
    if type(batch_size) is not int or batch_size < 1:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"batch_size must be a whole number from 1 up, not {batch_size!r}",
        )
    games: RandomGames = _play_random(config, batch_size, _check_key(key), bool(record))
    return games
