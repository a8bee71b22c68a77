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
from typing import TYPE_CHECKING, overload

from wizard_rules.core.actions import Bid, ChooseTrump, Deal, Play
from wizard_rules.core.cards import DECK, Card, Kind, Suit
from wizard_rules.core.position import from_position, position_with
from wizard_rules.core.state import State
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import ErrorCode, IllegalActionError, InvalidArgumentError

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import AnniversaryState
    from wizard_rules.core.anniversary.views import AnniversaryView

__all__ = [
    "MAX_ANNIVERSARY_DRAWS",
    "consistent_deals",
    "consistent_worlds",
    "determinize",
    "determinize_anniversary",
    "voids",
]


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


@overload
def determinize(view: PlayerView, rng: random.Random) -> State: ...
@overload
def determinize(view: AnniversaryView, rng: random.Random) -> AnniversaryState: ...
def determinize(
    view: PlayerView | AnniversaryView, rng: random.Random
) -> State | AnniversaryState:
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
    if type(view) is not PlayerView and type(view).__name__ == "AnniversaryView":
        return determinize_anniversary(view, rng)  # type: ignore[arg-type]
    _check_view(view)
    assert isinstance(view, PlayerView)  # _check_view refused anything else
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


# -- games with anniversary cards ----------------------------------------------------

MAX_ANNIVERSARY_DRAWS = 20_000
"""The most candidate worlds :func:`determinize_anniversary` draws before it gives up."""


def determinize_anniversary(
    view: AnniversaryView, rng: random.Random, *, max_draws: int = MAX_ANNIVERSARY_DRAWS
) -> AnniversaryState:
    """Return a game with anniversary cards consistent with ``view``, drawn uniformly.

    A *world* is a history of the round (rules 28 to 41): the deal, and each
    choice the viewer did not see -- another seat's card passed after a
    Juggler's trick (rule 33.3; the card passed *to* the viewer is known),
    a card another seat has put aside in a pass still going on, and the card
    another Witch's player gave into her trick (rule 36.3).  Everything else
    is public or the viewer's own: the trump place and the turned card (the
    Werewolf's holder took it), the Vampire's card turned up, the bids and the
    Cloud's changes, every card played and declared, the cards a Witch took.
    The world returned replays to a state whose view for ``view.seat``
    equals ``view`` (``player_view(world, view.seat) == view``): that is
    the test of consistency, and every world that passes it is equally
    likely.

    How.  The viewer's own hand at the deal is worked out backward from its
    hand now.  A candidate world is drawn from a larger set that holds every
    consistent world, *uniformly*: a card another seat played before the
    round's first pass was dealt to it (and so was the Werewolf to its
    holder, and the card passed to the viewer in the first pass to its right
    neighbour); every other card the viewer saw played or passed to it (not
    its own deal's, not the turned card) was dealt to another seat too, as
    the stock gives no card during a round, and the rest of their deal is a
    uniform draw of the cards the viewer never saw, the Vampire's card turned
    up staying in the stock; the cards not forced are shared out by a
    uniform shuffle; each hidden
    choice is uniform over the chooser's hand, whose size is public, so the
    same for every candidate.  The candidate is replayed with the public
    actions, and kept when it replays legally to a state whose view equals
    ``view``; else another is drawn (rejection sampling: uniform over the
    larger set, so uniform over the consistent worlds).  The earlier rounds
    are not replayed: the world starts at the round's deal, with the
    results and scores the view shows.

    :raises InvalidArgumentError: ``view`` is not an AnniversaryView, ``rng``
        is not a :class:`random.Random`, or no consistent world was found in
        ``max_draws`` candidates (a view no game could give, or one whose
        consistent worlds are too rare in the candidates -- late in a round
        with passes; the message says so).
    """
    from wizard_rules.core.anniversary.views import AnniversaryView as _View

    if type(view) is not _View:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected an AnniversaryView, not {type(view).__name__}"
        )
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"rng must be a random.Random, not {type(rng).__name__}"
        )
    plan = _AnniversaryPlan(view)
    for _ in range(max_draws):
        world = plan.draw(rng)
        if world is not None:
            return world
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        f"no world consistent with the view was found in {max_draws} candidates "
        "(rejection sampling: too rare late in a round after a Juggler's pass, "
        "or the view is not one a game could give)",
    )


def _progress(
    phase: object,
    current_player: int | None,
    tricks: int,
    trick: tuple[Card, ...],
    declared: tuple[object, ...],
    passes: int,
    changes: int,
    swaps: int,
    bids: tuple[int | None, ...],
) -> tuple[object, ...]:
    return (phase, current_player, tricks, trick, declared, passes, changes, swaps, bids)


class _AnniversaryPlan:
    """What :func:`determinize_anniversary` works out once per view (internal)."""

    def __init__(self, view: AnniversaryView) -> None:
        from wizard_rules.core.anniversary.faces import Effect, faces_of
        from wizard_rules.core.anniversary.state import AnniversaryPhase

        self.view = view
        config = view.config
        players = config.players
        self.players = players
        seat = view.seat
        self.target = _progress(
            view.phase,
            view.current_player,
            len(view.completed_tricks),
            view.current_trick,
            view.declared,
            len(view.passes),
            len(view.bid_changes),
            len(view.witch_swaps),
            view.bids,
        )
        self.dealing = view.phase in (AnniversaryPhase.DEAL, AnniversaryPhase.GAME_OVER)
        if self.dealing:
            return
        size = config.deal_sizes[view.round - 1]
        # The bids as made: the bids shown less the Cloud's changes.
        made = list(view.bids)
        for who, by in view.bid_changes:
            bid = made[who]
            assert bid is not None
            made[who] = bid - by
        self.made = tuple(made)
        # The tricks in order, and after which of them each pass came.
        tricks = [(t.leader, t.cards, t.declared) for t in view.completed_tricks]
        pass_after: list[int] = []
        for index, (_, cards, declared) in enumerate(tricks):
            if index < size - 1:  # no pass after the round's last trick (rule 33.4)
                faces = faces_of(cards, declared, view.vampire_copies)
                pass_after += [index] * sum(f.effect is Effect.JUGGLER for f in faces)
        self.plays = [card for _, cards, _ in tricks for card in cards] + list(view.current_trick)
        self.declarations = [d for _, _, ds in tricks for d in ds] + list(view.declared)
        # The viewer's hand at the deal, worked out backward.
        hand = set(view.hand)
        if view.passing is not None:
            hand.add(view.passing)
        all_tricks = tricks + [(view.leader, view.current_trick, view.declared)]
        for index in range(len(all_tricks) - 1, -1, -1):
            for swap in reversed(view.witch_swaps):
                if swap.trick == index and swap.player == seat and swap.take is not None:
                    assert swap.give is not None
                    hand.discard(swap.take)
                    hand.add(swap.give)
            for k in range(len(view.passes) - 1, -1, -1):
                if pass_after[k] == index:
                    given, got = view.passes[k]
                    hand.discard(got)
                    hand.add(given)
            leader, cards, _ = all_tricks[index]
            position = (seat - leader) % players
            if position < len(cards):
                hand.add(cards[position])
        turned = view.turned
        assert turned is not None
        werewolf = next((c for c in config.rules.deck.cards if c.kind is Kind.WEREWOLF), None)
        if view.werewolf_seat == seat:
            hand.discard(turned)
            assert werewolf is not None
            hand.add(werewolf)
        self.own = tuple(sorted(hand, key=_index))
        # The cards each other seat must have been dealt.
        first_pass = pass_after[0] if pass_after else len(all_tricks)
        taken = {(s.player, s.take) for s in view.witch_swaps if s.take is not None}
        forced: list[list[Card]] = [[] for _ in range(players)]
        for index, (leader, cards, _) in enumerate(all_tricks):
            if index > first_pass:
                break
            for position, card in enumerate(cards):
                who = (leader + position) % players
                if who == seat or (who, card) in taken:
                    continue
                if who == view.werewolf_seat and card is turned:
                    continue
                forced[who].append(card)
        if view.werewolf_seat is not None and view.werewolf_seat != seat:
            assert werewolf is not None
            forced[view.werewolf_seat].append(werewolf)
        right = (seat - 1) % players
        if view.passes and pass_after[0] == first_pass:
            got = view.passes[0][1]  # in the right neighbour's hand before any pass
            if (right, got) not in taken and not (right == view.werewolf_seat and got is turned):
                forced[right].append(got)
        self.forced = forced
        fixed = {*self.own, turned, *(c for hand in forced for c in hand)}
        if view.revealed is not None:
            fixed.add(view.revealed)
        # Every card the viewer has seen played or passed to it, but its own
        # deal's and the turned card, was dealt to another seat: the stock
        # gives no card in a round.  The rest of their deal is unseen.
        seen = set(self.plays) | {got for _, got in view.passes}
        self.known = sorted(seen - fixed, key=_index)
        self.unseen = [c for c in config.rules.deck.cards if c not in fixed and c not in seen]
        self.size = size
        dealt = sum(size - len(f) for who, f in enumerate(forced) if who != seat)
        self.extra = dealt - len(self.known)
        self.ok = (
            len(fixed) == len(self.own) + 1 + sum(map(len, forced)) + (view.revealed is not None)
            and all(len(f) <= size for f in forced)
            and 0 <= self.extra <= len(self.unseen)
        )

    def draw(self, rng: random.Random) -> AnniversaryState | None:
        """One candidate world, or ``None`` when it is not consistent with the view."""
        from wizard_rules.core.anniversary import transitions as engine
        from wizard_rules.core.anniversary.views import anniversary_view

        view = self.view
        config = view.config
        start = engine.anniversary_round_start(
            config, view.round, view.dealer, view.results, view.scores
        )
        if self.dealing:
            if view.phase is not start.phase:
                start = engine.anniversary_round_start(
                    config, view.round, view.dealer, view.results, view.scores, over=True
                )
            return start if anniversary_view(start, view.seat) == view else None
        if not self.ok:
            return None
        pool = [*self.known, *rng.sample(self.unseen, self.extra)]
        rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        taken = 0
        for who in range(self.players):
            if who == view.seat:
                hands.append(self.own)
                continue
            need = self.size - len(self.forced[who])
            hand = [*self.forced[who], *pool[taken : taken + need]]
            taken += need
            hands.append(tuple(sorted(hand, key=_index)))
        try:
            state = engine.apply(start, Deal(hands, view.turned))
            return self._replay(state, rng)
        except (IllegalActionError, _Inconsistent):
            return None

    def _replay(self, state: AnniversaryState, rng: random.Random) -> AnniversaryState | None:
        from wizard_rules.core.anniversary import transitions as engine
        from wizard_rules.core.anniversary.actions import (
            ChangeBid,
            Declare,
            PassCard,
            Reveal,
            WerewolfTrump,
            WitchSwap,
        )
        from wizard_rules.core.anniversary.state import AnniversaryPhase as P
        from wizard_rules.core.anniversary.views import anniversary_view

        view = self.view
        seat = view.seat
        played = 0
        while True:
            if (
                _progress(
                    state.phase,
                    state.current_player,
                    len(state.completed_tricks),
                    state.current_trick,
                    state.declared,
                    len(state.passes),
                    len(state.bid_changes),
                    len(state.witch_swaps),
                    state.bids,
                )
                == self.target
            ):
                return state if anniversary_view(state, seat) == view else None
            phase, who = state.phase, state.current_player
            action: object
            if phase is P.WEREWOLF:
                assert who is not None
                action = WerewolfTrump(who, view.trump)
            elif phase is P.CHOOSE_TRUMP:
                assert who is not None
                if view.trump is None:
                    raise _Inconsistent
                action = ChooseTrump(who, view.trump)
            elif phase is P.REVEAL:
                if view.revealed is None:
                    raise _Inconsistent
                action = Reveal(view.revealed)
            elif phase is P.BID:
                assert who is not None
                bid = self.made[who]
                if bid is None:
                    raise _Inconsistent
                action = Bid(who, bid)
            elif phase is P.PLAY:
                assert who is not None
                if played >= len(self.plays):
                    raise _Inconsistent
                action = Play(who, self.plays[played])
                played += 1
            elif phase is P.DECLARE:
                assert who is not None
                said = self.declarations[played - 1]
                if said is None:
                    raise _Inconsistent
                action = Declare(who, said)
            elif phase is P.PASS:
                assert who is not None
                action = PassCard(who, self._pass_card(state, who, rng))
            elif phase is P.CHANGE_BID:
                assert who is not None
                k = len(state.bid_changes)
                if k >= len(view.bid_changes):
                    raise _Inconsistent
                action = ChangeBid(who, view.bid_changes[k][1])
            elif phase is P.WITCH:
                assert who is not None
                k = len(state.witch_swaps)
                if k >= len(view.witch_swaps):
                    raise _Inconsistent
                record = view.witch_swaps[k]
                give = record.give
                if who != seat and record.take is not None:
                    give = rng.choice(state.hands[who])
                action = WitchSwap(who, give, record.take)
            else:  # pragma: no cover -- only a forged view (its round played out, not over)
                raise _Inconsistent
            state = engine.apply(state, action)

    def _pass_card(self, state: AnniversaryState, who: int, rng: random.Random) -> Card:
        view = self.view
        k = len(state.passes)
        if who == view.seat:
            card = view.passes[k][0] if k < len(view.passes) else view.passing
            if card is None:  # pragma: no cover -- the view would have stopped the replay here
                raise _Inconsistent
            return card
        if k < len(view.passes) and (who + 1) % self.players == view.seat:
            return view.passes[k][1]  # the card the viewer got
        return rng.choice(state.hands[who])


class _Inconsistent(Exception):
    """A candidate world that the view's record cannot be replayed on (internal)."""
