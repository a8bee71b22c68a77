"""Chance and random play: seeded deals and uniformly random legal actions.

Randomness always comes from a :class:`random.Random` the caller passes, never
from the :mod:`random` module's global generator, so the same seed gives the
same game on every run and machine.

>>> import random
>>> from wizard_rules import Config, new_game
>>> final = random_game(Config(players=3), random.Random(7))
>>> final.is_over, len(final.results)
(True, 20)
>>> final == random_game(Config(players=3), random.Random(7))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from wizard_rules.core.actions import Action, Deal, unchecked_deal
from wizard_rules.core.cards import DECK, Card, cards_of_mask
from wizard_rules.core.config import MAX_PLAYERS, Config, seat_after
from wizard_rules.core.state import Phase, State, new_game, not_a_state
from wizard_rules.core.transitions import (
    apply,
    apply_legal,
    legal_actions,
    out_of_phase,
    require_phase,
)
from wizard_rules.errors import ErrorCode, InvalidArgumentError

__all__ = ["random_action", "random_deal", "random_game", "round_deal_rng"]

_DECK_SIZE: Final = len(DECK)
"""The deck's size, which is also how far apart the seats' hands lie in
packed hands (see :attr:`State.packed_hands <wizard_rules.State.packed_hands>`)."""

_DEAL: Final = Phase.DEAL
_GAME_OVER: Final = Phase.GAME_OVER

_LEFT_OF: Final = tuple(
    tuple(seat_after(seat, 1, players) for seat in range(players))
    for players in range(MAX_PLAYERS + 1)
)
"""``_LEFT_OF[players][seat]``: :func:`~wizard_rules.core.config.seat_after` one
step, as a table (a lookup is cheaper than the call)."""


def _require_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"rng must be a random.Random (for example random.Random(seed)), "
            f"not {type(rng).__name__}",
        )


def random_deal(state: State, rng: random.Random) -> Deal:
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
        raise not_a_state(state)
    _require_rng(rng)
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
        hands[seat] = cards_of_mask(mask)  # sorted, as Deal keeps its hands
        packed_hands |= mask << _DECK_SIZE * seat
    turned = DECK[drawn[dealt].bit_length() - 1] if turns else None
    return unchecked_deal(tuple(hands), turned, packed_hands, state)


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


def round_deal_rng(key: object, round_number: int) -> random.Random:
    """Return the generator that deals round ``round_number`` of the game keyed ``key``.

    ``random.Random(f"{key}:deal:{round_number}")``: seeded from the key and
    the round alone, so that a round's deal is the same whoever sits where
    and whatever was played before.  The arena's duplicate games and the
    terminal game (:func:`wizard_rules.agents.play.deal_rng`) deal this way,
    with :func:`random_deal`.

    >>> state = new_game(Config(players=3))
    >>> random_deal(state, round_deal_rng(9, 1)) == random_deal(state, round_deal_rng(9, 1))
    True
    """
    return random.Random(f"{key}:deal:{round_number}")


def random_action(state: State, rng: random.Random) -> Action:
    """Return a random next action.

    At a chance step that is a :func:`random_deal`; otherwise a uniformly
    random choice among :func:`~wizard_rules.legal_actions`.

    :raises IllegalActionError: the game is over (``game_over``).
    :raises InvalidArgumentError: ``state`` or ``rng`` has the wrong type.
    """
    if type(state) is not State:
        raise not_a_state(state)
    if state.phase is _DEAL:
        return random_deal(state, rng)
    _require_rng(rng)
    actions = legal_actions(state)
    if not actions:
        raise out_of_phase(state, "a random action")
    return actions[rng.randrange(len(actions))]


def random_game(config: Config, rng: random.Random) -> State:
    """Play a whole game with :func:`random_action` and return the final state.

    The decisions take the fast path (:func:`~wizard_rules.apply_legal`): a
    random index into the legal actions, drawn exactly as
    :func:`random_action` draws it, so the game is the one
    :func:`random_action` and :func:`~wizard_rules.apply` would play.
    """
    state = new_game(config)
    _require_rng(rng)
    while state.phase is not _GAME_OVER:
        if state.phase is _DEAL:
            state = apply(state, random_deal(state, rng))
        else:
            state = apply_legal(state, rng.randrange(len(legal_actions(state))))
    return state
