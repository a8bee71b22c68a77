"""Determinization: a complete game consistent with what one player knows.

:func:`determinize` fills in what a :class:`~wizard_rules.PlayerView` hides
and returns a :class:`~wizard_rules.State` that plays on from there: the
other players' hands and the undealt stack; under hidden bids or delayed
reveal (rules 23 and 24) the bids made but not shown
(:attr:`~wizard_rules.PlayerView.unseen_bids`); under clairvoyance, in round
1 (rule 26), the viewer's own card, which it cannot see (the others' cards
are on view then).  Every *world* -- a placement of the hidden cards and a
value of each hidden bid -- is drawn **exactly uniformly** among all the
worlds consistent with the view: the cards the viewer sees, the turned
card, the trump, the bids shown, the cards played and the hand sizes are
kept, and so are the *voids* the play has revealed.  A player who played
a suit card of another suit than the led suit (rule 5.2: the led suit is
the suit of the first card that is not a Jester, and a Wizard first means
no led suit) has shown they hold no card of the led suit, for the rest of
the round; a Wizard or a Jester shows nothing.

A hidden bid tells nothing of anything else: a secret bidding goes with no
bid restriction (rule 27.2), so every bid from 0 to the round's hand size
is legal whatever the cards and the other bids, and each hidden bid is drawn
uniformly from them, independently of the cards and of the other bids.  The
viewer's own unseen card, under clairvoyance, is one of the hidden cards
(any card the viewer does not see: not the others' cards, not the turned
card); its hand is dealt as the hidden hands are.

>>> import random
>>> from wizard_rules import Config, apply, new_game, player_view, random_action
>>> from wizard_rules.agents.determinization import determinize
>>> state, rng = new_game(Config(players=4)), random.Random(5)
>>> while state.round < 4 or len(state.played) < 8:
...     state = apply(state, random_action(state, rng))
>>> view = player_view(state, 2)
>>> guess = determinize(view, random.Random(1))
>>> guess.hand(2) == view.hand, guess.hand_sizes == view.hand_sizes
(True, True)
>>> player_view(guess, 2).legal_actions() == view.legal_actions()
True

Under hidden bids, the dealer, last to bid, sees no other bid; a
determinization fills them in:

>>> from wizard_rules.core.rules import variant_rules
>>> state = new_game(Config(players=3, rules=variant_rules(["hidden_bids"])))
>>> rng = random.Random(2)
>>> while state.is_chance or state.current_player != state.dealer:
...     state = apply(state, random_action(state, rng))
>>> view = player_view(state, state.dealer)
>>> view.bids, view.unseen_bids
((None, None, None), (1, 2))
>>> guess = determinize(view, random.Random(1))
>>> all(0 <= guess.bids[seat] <= view.deal_size for seat in view.unseen_bids)
True

How it samples, and why it is exact.  Only the players with a revealed void
constrain the placement; call them the *constrained* holders, served one
after another.  Each hidden card has a *key*: the constrained holders that
may not receive it (none for a Wizard, a Jester or a card of a suit nobody
is void in).  Once the holders before holder ``h`` are served, two cards
whose keys agree from ``h`` on are interchangeable for everything left to
count, so the count of the ways to serve the rest depends only on how many
cards of each such group are left (a cut key, memoized).  Holder ``h``'s
choices are how many cards it takes from each group it may take from; each
choice weighs the product of the binomial coefficients of its counts times
the ways to serve the rest; the last holder's ways are one binomial
coefficient (any of the cards it may take).  Once the constrained holders
are served, the rest of the hidden cards are shared among the other hidden
hands and the stack in a number of ways that does not depend on which cards are
left.  :func:`determinize` counts those sums exactly (integers), draws each
constrained holder's counts with probability proportional to their ways
(an exact integer draw, :meth:`random.Random.randrange`), picks the cards
within each group uniformly, and shuffles the rest out to the other hidden
hands and the stack: every consistent placement has the same probability.
With no void revealed (the common case) it is one shuffle.  Then each
hidden bid is one :meth:`random.Random.randrange` over its ``deal_size + 1``
values; the placement and the bids are independent draws, so every world
has the same probability, ``1 / consistent_worlds(view)``.  (With no hidden
bid nothing is drawn for the bids: the same seed gives the same cards as
before the variants.)

What a call costs (with no void revealed, with voids whose counts are
cached, and the first call for a new pattern of voids), measured with
``bench/determinization.py``, is in :doc:`/speed`.
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Iterable, Sequence

from wizard_rules.core.cards import DECK, Card, Kind, Suit
from wizard_rules.core.position import from_position, position_with
from wizard_rules.core.state import State
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import ErrorCode, InvalidArgumentError

__all__ = ["consistent_deals", "consistent_worlds", "determinize", "voids"]


def voids(view: PlayerView) -> tuple[frozenset[Suit], ...]:
    """Return, for each seat, the suits its play this round shows it lacks.

    A seat that played a suit card of another suit than the led suit has no
    card of the led suit (rule 5.2).  Only this round's tricks shown by the
    view count (its :attr:`~wizard_rules.PlayerView.completed_tricks` and
    :attr:`~wizard_rules.PlayerView.current_trick`).  The viewer's own entry
    is included, though the viewer knows its hand anyway.

    :raises InvalidArgumentError: ``view`` is not a PlayerView.
    """
    _check_view(view)
    return _voids(view)


def determinize(view: PlayerView, rng: random.Random) -> State:
    """Return a state consistent with ``view``, what it hides drawn uniformly.

    Every fact the view shows is kept; the hands it hides (the other seats'
    of the sizes it shows, and the viewer's own under clairvoyance in round
    1) and the undealt stack are dealt from the cards the viewer cannot see,
    and each bid it hides (:attr:`~wizard_rules.PlayerView.unseen_bids`) is
    a bid from 0 to :attr:`~wizard_rules.PlayerView.deal_size`: uniformly at
    random among all the worlds (placements of the cards and values of the
    bids) that agree with the view and the voids its play has revealed
    (:func:`voids`), each with probability ``1 / consistent_worlds(view)``.
    So ``position_of(player_view(determinize(view, rng), view.seat))``
    equals ``position_of(view)``.  The state's history begins at the view's
    position (see :func:`~wizard_rules.from_position`).  Draws only from
    ``rng``: the same seed gives the same state.  Never fails on the view
    of a real game.

    :raises InvalidArgumentError: ``view`` is not a PlayerView, or ``rng`` is
        not a :class:`random.Random`.
    """
    _check_view(view)
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"rng must be a random.Random, not {type(rng).__name__}"
        )
    hands = _deal_hidden(view, rng)
    if not view.unseen_bids:
        return from_position(position_with(view, hands))
    # Any bid from 0 to the hand size is legal whatever else holds: a
    # secret bidding has no bid restriction (rule 27.2).
    values = view.deal_size + 1
    bids = list(view.bids)
    for seat in view.unseen_bids:
        bids[seat] = rng.randrange(values)
    return from_position(position_with(view, hands, tuple(bids)))


def consistent_deals(view: PlayerView) -> int:
    """Return how many placements of the hidden cards agree with ``view``.

    A placement says which hidden hand holds each hidden card (the rest are
    in the undealt stack, whose order is not counted).  The hidden hands are
    the other seats' that hold cards and, under clairvoyance in round 1, the
    viewer's own (its one card is any card it does not see).  Hidden bids
    are not counted here: see :func:`consistent_worlds`.  :func:`determinize`
    draws each placement with probability ``1 / consistent_deals(view)``.

    :raises InvalidArgumentError: ``view`` is not a PlayerView.
    """
    _check_view(view)
    hidden, caps, free_sizes, _, _ = _problem(view)
    groups = _groups(((key, 1) for _, key in hidden), 0)
    return _completions(groups, caps, 0) * _multinomial(len(hidden) - sum(caps), free_sizes)


def consistent_worlds(view: PlayerView) -> int:
    """Return how many worlds agree with ``view``: placements times hidden bids.

    A world is a placement of the hidden cards (:func:`consistent_deals`)
    together with a value of each hidden bid
    (:attr:`~wizard_rules.PlayerView.unseen_bids`), each any of ``0`` to
    :attr:`~wizard_rules.PlayerView.deal_size` (a secret bidding restricts no
    bid, rule 27.2): ``consistent_deals(view) * (deal_size + 1) **
    len(unseen_bids)``.  :func:`determinize` draws each world with
    probability ``1 / consistent_worlds(view)``; with no bid hidden it is
    :func:`consistent_deals`.

    :raises InvalidArgumentError: ``view`` is not a PlayerView.
    """
    _check_view(view)
    return consistent_deals(view) * math.prod([view.deal_size + 1] * len(view.unseen_bids))


# -- internals -----------------------------------------------------------------


def _check_view(view: object) -> None:
    if type(view) is not PlayerView:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a PlayerView, not {type(view).__name__}"
        )


def _voids(view: PlayerView) -> tuple[frozenset[Suit], ...]:
    players = view.config.players
    found: list[set[Suit]] = [set() for _ in range(players)]
    tricks = [(trick.leader, trick.cards, trick.led_suit) for trick in view.completed_tricks]
    if view.current_trick:
        tricks.append((view.leader, view.current_trick, view.led_suit))
    for leader, cards, led in tricks:
        if led is None:  # only Jesters, or a Wizard led: nothing to follow
            continue
        # (Only Jesters come before the card that decided the led suit.)
        for position, card in enumerate(cards):
            if card.kind is Kind.SUIT and card.suit is not led:
                found[(leader + position) % players].add(led)
    return tuple(frozenset(suits) for suits in found)


def _hidden_cards(view: PlayerView) -> list[Card]:
    """The cards the viewer cannot see, in deck order."""
    seen = {*view.played, *view.current_trick}
    for hand in view.hands:
        if hand is not None:
            seen.update(hand)
    if view.turned is not None:
        seen.add(view.turned)
    return [card for card in DECK if card not in seen]


_Key = tuple[int, ...]
"""The constrained holders (by number, in order) that may not take a card."""

_Groups = tuple[tuple[_Key, int], ...]
"""Hidden cards counted by key, the keys cut to the holders still to serve, in key order."""

_Problem = tuple[
    tuple[tuple[Card, _Key], ...],  # the hidden cards, in deck order, with their keys
    tuple[int, ...],  # each constrained holder's hand size
    tuple[int, ...],  # the sizes of the unconstrained hands
    tuple[int, ...],  # the constrained seats
    tuple[int, ...],  # the unconstrained seats whose hands are hidden
]


def _problem(view: PlayerView) -> _Problem:
    """The sampling problem: the hidden cards, and which constrained holders may not take each."""
    seat_voids = _voids(view)
    # The hidden hands: the other seats' that hold cards, and under
    # clairvoyance (round 1) the viewer's own instead.
    others = [s for s, hand in enumerate(view.hands) if hand is None]
    constrained = [s for s in others if seat_voids[s]]
    if constrained:
        keys: dict[Suit | None, _Key] = {None: ()}  # a Wizard or a Jester: anyone may hold it
        for suit in Suit:
            keys[suit] = tuple(i for i, seat in enumerate(constrained) if suit in seat_voids[seat])
        hidden = tuple((card, keys[card.suit]) for card in _hidden_cards(view))
    else:
        hidden = tuple((card, ()) for card in _hidden_cards(view))
    caps = tuple(view.hand_sizes[s] for s in constrained)
    free = tuple(s for s in others if not seat_voids[s])
    free_sizes = tuple(view.hand_sizes[s] for s in free)
    return hidden, caps, free_sizes, tuple(constrained), free


def _groups(counted: Iterable[tuple[_Key, int]], holder: int) -> _Groups:
    """Merge counts whose keys agree on the holders from ``holder`` on.

    Cards that the holders still to serve treat alike are interchangeable
    for the count of the rest: only how many of them are left matters, not
    which earlier holder could not have taken them.
    """
    merged: dict[_Key, int] = {}
    for key, count in counted:
        if count:
            cut = key if not key or key[0] >= holder else tuple(h for h in key if h >= holder)
            merged[cut] = merged.get(cut, 0) + count
    return tuple(sorted(merged.items()))


def _multinomial(total: int, parts: Sequence[int]) -> int:
    """Ways to give ``parts[i]`` of ``total`` distinct cards to hand i (the rest to the stack)."""
    ways, left = 1, total
    for part in parts:
        ways *= math.comb(left, part)
        left -= part
    return ways


@functools.lru_cache(maxsize=4096)
def _choices(
    groups: _Groups, caps: tuple[int, ...], holder: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Holder ``holder``'s possible counts from each group, and the completions of each.

    Returns the vectors ``take`` (how many cards of each group of ``groups``
    the holder gets: none of a group whose key names it) with a nonzero
    number of completions, and the cumulative sums of
    ``prod(comb(count, take)) * completions(the rest, holder + 1)``.  The
    cards within a group are alike for every later holder, so any ``take``
    of them is as good as any other (Vandermonde's identity).
    """
    need = caps[holder]
    allowed = [g for g, (key, _) in enumerate(groups) if not key or key[0] != holder]
    counts = [count for _, count in groups]
    takes: list[tuple[int, ...]] = []
    cumulative: list[int] = []
    total = 0
    take = [0] * len(groups)
    # How many cards the allowed groups from the k-th on can give at most.
    room = [0] * (len(allowed) + 1)
    for k in range(len(allowed) - 1, -1, -1):
        room[k] = room[k + 1] + counts[allowed[k]]

    def fill(k: int, left: int, weight: int) -> None:
        nonlocal total
        if k == len(allowed) - 1:  # the last allowed group takes what is left
            c = allowed[k]
            take[c] = left
            rest = _groups(
                ((key, n - t) for (key, n), t in zip(groups, take, strict=True)), holder + 1
            )
            ways = weight * math.comb(counts[c], left) * _completions(rest, caps, holder + 1)
            if ways:
                total += ways
                takes.append(tuple(take))
                cumulative.append(total)
            take[c] = 0
            return
        c = allowed[k]
        for t in range(max(0, left - room[k + 1]), min(counts[c], left) + 1):
            take[c] = t
            fill(k + 1, left - t, weight * math.comb(counts[c], t))
        take[c] = 0

    if need <= room[0]:
        fill(0, need, 1)
    return tuple(takes), tuple(cumulative)


@functools.lru_cache(maxsize=65536)
def _completions(groups: _Groups, caps: tuple[int, ...], holder: int) -> int:
    """Ways to serve holders ``holder`` onwards from the cards counted in ``groups``."""
    if holder == len(caps):
        return 1
    if holder == len(caps) - 1:  # the last: any ``caps[holder]`` of the cards it may take
        allowed = sum(count for key, count in groups if not key)
        return math.comb(allowed, caps[holder])
    cumulative = _choices(groups, caps, holder)[1]
    return cumulative[-1] if cumulative else 0


def _deal_hidden(view: PlayerView, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    hands: list[list[Card]] = [list(hand or ()) for hand in view.hands]
    hidden, caps, _, constrained, free = _problem(view)
    classes: dict[_Key, list[Card]] = {}  # the cards left, by key, each in deck order
    for card, key in hidden:
        classes.setdefault(key, []).append(card)
    for holder, seat in enumerate(constrained):
        # The classes whose keys agree from this holder on form one group.
        merged: dict[_Key, list[_Key]] = {}
        for key, pool in classes.items():
            if pool:
                merged.setdefault(tuple(h for h in key if h >= holder), []).append(key)
        groups = tuple(
            sorted((cut, sum(len(classes[k]) for k in keys)) for cut, keys in merged.items())
        )
        takes, cumulative = _choices(groups, caps, holder)
        # An exact integer draw, weighted by the number of completions.
        pick = rng.randrange(cumulative[-1])
        chosen = takes[_first_above(cumulative, pick)]
        for (cut, _), t in zip(groups, chosen, strict=True):
            if t:
                drawn = rng.sample([card for k in merged[cut] for card in classes[k]], t)
                hands[seat].extend(drawn)
                taken = set(drawn)
                for k in merged[cut]:
                    classes[k] = [card for card in classes[k] if card not in taken]
    rest = [card for pool in classes.values() for card in pool]
    rng.shuffle(rest)
    start = 0
    for seat in free:
        size = view.hand_sizes[seat]
        hands[seat] = rest[start : start + size]
        start += size
    return tuple(tuple(sorted(hand, key=_index)) for hand in hands)


def _first_above(cumulative: Sequence[int], pick: int) -> int:
    """The first index whose cumulative sum exceeds ``pick``."""
    return bisect.bisect_right(cumulative, pick)


def _index(card: Card) -> int:
    return card.index
