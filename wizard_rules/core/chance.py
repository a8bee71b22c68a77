"""The chance step: a uniformly random deal from a generator the caller gives.

A deal is the only chance in the standard game (rule 2.3); the anniversary
cards add one more, the stock card turned up for the Vampire
(:func:`random_chance`).  :func:`random_deal` draws
one for the round a state is in, from a :class:`random.Random`: the same
generator state gives the same deal, so a seeded game replays exactly.

>>> import random
>>> from wizard_rules import Config, apply, new_game, random_deal
>>> state = new_game(Config(players=3))
>>> deal = random_deal(state, random.Random(4))
>>> [len(hand) for hand in deal.hands], apply(state, deal).phase
([1, 1, 1], <Phase.BID: 'bid'>)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from wizard_rules.core._fast.deals import _unchecked_deal
from wizard_rules.core.actions import Deal
from wizard_rules.core.cards import DECK, Card, _cards_of
from wizard_rules.core.config import _LEFT_OF
from wizard_rules.core.state import State, _not_a_state
from wizard_rules.core.transitions import require_phase
from wizard_rules.errors import ErrorCode, IllegalActionError, InvalidArgumentError

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.actions import Reveal
    from wizard_rules.core.anniversary.state import AnniversaryState

__all__ = ["random_chance", "random_deal", "require_rng"]

_DECK_SIZE: Final = len(DECK)


def require_rng(rng: object) -> None:
    """Refuse anything but a :class:`random.Random` as a source of chance.

    Randomness always comes from a generator the caller gives or seeds, never
    from the global one.

    :raises InvalidArgumentError: ``rng`` is not a :class:`random.Random`.
    """
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"rng must be a random.Random (for example random.Random(seed)), "
            f"not {type(rng).__name__}",
        )


def random_deal(state: State | AnniversaryState, rng: random.Random) -> Deal:
    """Return a uniformly random :class:`~wizard_rules.Deal` for the round ``state`` is in.

    Only the cards the deal needs are drawn: ``rng.sample`` takes ``players
    * round`` cards and, unless that is the whole deck, one more to turn;
    seat ``(dealer + 1 + k) % players`` gets the ``k``-th run of ``round``
    of them.  Every deal is equally likely (a sample is a uniformly random
    arrangement of the cards it draws), and a small round costs a few draws
    instead of a shuffle of all 60 cards.

    :raises InvalidArgumentError: ``state`` is not a State or ``rng`` is not a
        :class:`random.Random`.
    :raises IllegalActionError: ``state`` is not at a deal (``wrong_phase``,
        or ``game_over``).
    """
    if type(state) is not State:
        return _anniversary_deal(state, rng)
    require_rng(rng)
    require_phase(state, Deal, "a random deal")
    players = state.config.players
    size = state.deal_size
    dealt = players * size
    turns = dealt < _DECK_SIZE
    drawn = _sample(rng, dealt + 1 if turns else dealt)  # the cards' masks, in order
    hands: list[tuple[Card, ...]] = [()] * players
    packed_hands = 0
    seat = state.dealer
    for k in range(0, dealt, size):
        seat = _LEFT_OF[players][seat]
        mask = sum(drawn[k : k + size])  # distinct bits: their sum is their union
        hands[seat] = _cards_of(mask)  # sorted, as Deal keeps its hands
        packed_hands |= mask << _DECK_SIZE * seat
    turned = DECK[drawn[dealt].bit_length() - 1] if turns else None
    return _unchecked_deal(tuple(hands), turned, packed_hands, state)


def _anniversary_deal(state: object, rng: random.Random) -> Deal:
    """:func:`random_deal` for a game with anniversary cards (else refuse ``state``)."""
    from wizard_rules.core.anniversary import transitions as anniversary
    from wizard_rules.core.anniversary.state import AnniversaryPhase, AnniversaryState

    if type(state) is not AnniversaryState:
        raise _not_a_state(state)
    require_rng(rng)
    if state.phase is AnniversaryPhase.REVEAL:
        raise IllegalActionError(
            ErrorCode.WRONG_PHASE,
            "the game is in the 'reveal' phase: a stock card is turned up for the "
            "Vampire, not dealt (draw it with random_chance)",
        )
    deal = anniversary.random_chance(state, rng)
    assert type(deal) is Deal
    return deal


def random_chance(state: State | AnniversaryState, rng: random.Random) -> Deal | Reveal:
    """Return a uniformly random outcome of the chance step ``state`` is at.

    In the standard game that is :func:`random_deal`'s deal; a game with
    anniversary cards has a second chance step, the stock card turned up for
    the Vampire (a :class:`~wizard_rules.core.anniversary.actions.Reveal`,
    rule 37.3).  A simulation loop that plays either kind of game draws every
    chance step with this.

    :raises InvalidArgumentError: ``state`` is not a state or ``rng`` is not a
        :class:`random.Random`.
    :raises IllegalActionError: ``state`` is not at a chance step.
    """
    if type(state) is State:
        return random_deal(state, rng)
    from wizard_rules.core.anniversary import transitions as anniversary
    from wizard_rules.core.anniversary.state import AnniversaryState

    if type(state) is not AnniversaryState:
        raise _not_a_state(state)
    require_rng(rng)
    return anniversary.random_chance(state, rng)


_RANDBELOW: Final = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
"""The ``_randbelow`` that ``rng.sample`` draws with unless ``rng`` has its own
``random()`` (and not ``getrandbits()``) or its own ``_randbelow``."""

_SAMPLE: Final = random.Random.sample
"""The ``sample`` that :func:`_pool_sample` writes out."""

_SMALLEST_POOL_SAMPLE: Final = 5
"""``rng.sample(DECK, k)`` draws from a pool for ``k`` over this (from a set up to it)."""

_BIT_LENGTHS: Final = tuple(n.bit_length() for n in range(_DECK_SIZE + 1))
"""``_BIT_LENGTHS[n]``: how many random bits ``_randbelow(n)`` draws at a time."""

_MASKS: Final = tuple(card.mask for card in DECK)
"""The deck's cards as masks, in canonical order (card ``i``'s is ``1 << i``)."""


def _sample(rng: random.Random, k: int) -> list[int]:
    """The masks of the cards of ``rng.sample(DECK, k)``, in order (internal).

    The same cards for the same generator; drawn faster where it can be.
    """
    if (
        k <= _SMALLEST_POOL_SAMPLE
        or getattr(rng.sample, "__func__", None) is not _SAMPLE
        or getattr(rng._randbelow, "__func__", None) is not _RANDBELOW  # type: ignore[attr-defined]
    ):
        return [card.mask for card in rng.sample(DECK, k)]  # a sample of its own
    return _pool_sample(rng.getrandbits, k)


def _pool_sample(getrandbits: Callable[[int], int], k: int) -> list[int]:
    """The masks of the cards of ``rng.sample(DECK, k)`` for ``k`` over 5 (internal).

    :meth:`random.Random.sample` written out for the deck: the same draws
    from ``getrandbits`` (its ``_randbelow``, inline) and the same pool, so
    the same cards for the same generator, without a call per card.
    ``tests/test_random_play.py`` checks it against the standard library's
    own ``sample`` for every ``k`` and many seeds.
    """
    pool = list(_MASKS)
    result = []
    for n in range(_DECK_SIZE, _DECK_SIZE - k, -1):
        bits = _BIT_LENGTHS[n]
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[n - 1]  # the last of the pool fills the gap
    return result
