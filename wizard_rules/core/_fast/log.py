"""A state's history as a persistent log, and its digest: a speed trick.

The log makes a new state cost the same at any point of a game, lets the
states of a search share their common history, and gives every state a hash
in constant time; the digest tells unequal states apart without a look at
their histories.
"""

from __future__ import annotations

from typing import Final, TypeAlias, cast

from wizard_rules.core._fast.deals import _HAND_BITS, _packed_hands
from wizard_rules.core.actions import _SUIT_ORDER, Action, Bid, ChooseTrump, Deal, Play, _interned
from wizard_rules.core.cards import Card
from wizard_rules.core.config import MAX_PLAYERS, Config

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
