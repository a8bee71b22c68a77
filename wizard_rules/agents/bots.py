"""Bots: players that choose an action from what they may know.

A bot is anything with a ``choose(view, rng)`` method (the :class:`Bot`
protocol): given a :class:`~wizard_rules.PlayerView` whose viewer is to act
and a :class:`random.Random`, it returns one of ``view.legal_actions()``.  A
bot sees only the view, never the full state, so it cannot cheat; and it
draws only from ``rng``, so a game replays from its seeds.

Three bots come with the library: :class:`RandomBot` (uniform over the legal
actions), :class:`HeuristicBot` (rules of thumb) and :class:`ISMCTSBot`
(information-set Monte Carlo tree search over determinizations, see
:mod:`wizard_rules.agents.determinization`).  Each plays every variant and
combination of variants: under hidden bids and delayed reveal (rules 23 and
24) a view holds no other seat's bid until it is shown, and under
clairvoyance (rule 26) a seat's view holds the others' round-1 cards and not
its own, so no bot can read what the rules hide.

>>> import random
>>> from wizard_rules import Config, apply, new_game, player_view, random_deal
>>> from wizard_rules.agents.bots import HeuristicBot
>>> state = new_game(Config(players=3))
>>> state = apply(state, random_deal(state, random.Random(4)))
>>> view = player_view(state, state.current_player)
>>> HeuristicBot().choose(view, random.Random(0)) in view.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from fractions import Fraction
from typing import Protocol, runtime_checkable

import attrs

from wizard_rules.core.actions import Action, Bid, ChooseTrump, Play
from wizard_rules.core.cards import DECK, Card, Kind, Suit
from wizard_rules.core.state import Phase, State
from wizard_rules.core.transitions import apply_legal, legal_actions
from wizard_rules.core.trick import winning_position
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import ErrorCode, InvalidArgumentError

__all__ = ["Bot", "HeuristicBot", "ISMCTSBot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: something that chooses an action from a view."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions()``, drawing only from ``rng``."""
        ...  # pragma: no cover


def _actions(view: PlayerView) -> tuple[Action, ...]:
    if type(view) is not PlayerView:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a PlayerView, not {type(view).__name__}"
        )
    actions = view.legal_actions()
    if not actions:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"seat {view.seat} is not to act in this view"
        )
    return actions


@attrs.frozen
class RandomBot:
    """Chooses uniformly among the legal actions.

    :meth:`choose` raises :class:`~wizard_rules.errors.InvalidArgumentError`
    for something that is not a view, or a view whose viewer is not to act.
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Return a legal action drawn uniformly with ``rng``."""
        return rng.choice(_actions(view))


def _strength(card: Card, trump: Suit | None) -> int:
    """How strong a card is: Jesters 0, suit cards by rank, trumps above, Wizards on top."""
    if card.kind is Kind.WIZARD:
        return 100
    if card.kind is Kind.JESTER:
        return 0
    assert card.rank is not None
    return card.rank + (50 if card.suit is trump and trump is not None else 0)


def _estimate(hand: tuple[Card, ...], trump: Suit | None, players: int) -> float:
    """The tricks a hand should take: Wizards, trumps, and high cards."""
    tricks = 0.0
    crowd = (players - 3) * 0.08  # more players, fewer tricks for a high card
    for card in hand:
        if card.kind is Kind.WIZARD:
            tricks += 0.95
        elif card.kind is Kind.SUIT:
            assert card.rank is not None
            if trump is not None and card.suit is trump:
                tricks += 0.85 if card.rank >= 10 else 0.45 - crowd
            elif card.rank == 13:
                tricks += 0.7 - crowd
            elif card.rank == 12:
                tricks += 0.4 - crowd
    return tricks


def _blind_win_chance(view: PlayerView, trump: Suit | None) -> Fraction:
    """The chance that the viewer's unseen card wins round 1's one trick (clairvoyance).

    A blind seat sees every other seat's card and the turned card (rule
    26.2); its own is, for all it knows, any other card alike.  The trick is
    played from the round's leader, one card each (rule 26.3).  Computed
    from the view alone.
    """
    players = view.config.players
    seen = {card for hand in view.hands if hand is not None for card in hand}
    seen.update(card for card in (view.turned,) if card is not None)  # always turned in round 1
    mine = [card for card in DECK if card not in seen]
    order = [(view.leader + k) % players for k in range(players)]
    # Round 1 deals one card each: every other seat's card is on view.
    table: list[Card] = []
    for seat in order:
        hand = view.hands[seat]
        if seat != view.seat and hand:
            table.append(hand[0])
    me = order.index(view.seat)
    wins = sum(winning_position([*table[:me], card, *table[me:]], trump) == me for card in mine)
    return Fraction(wins, len(mine))


def _blind_value(chance: Fraction, tricks: int) -> Fraction:
    """The expected round score of bidding ``tricks`` (0 or 1) with a one-card hand."""
    hit = 20 + 10 * tricks  # rule 9: exact, 20 plus 10 a trick
    made, missed = (chance, 1 - chance) if tricks else (1 - chance, chance)
    return made * hit - missed * 10


@attrs.frozen
class HeuristicBot:
    """Plays by rules of thumb.

    It names as trump the suit it holds most of; it bids the tricks it
    expects from its Wizards, its trumps and its high cards (fewer for a high
    card the more players there are); it tries to win a trick while it needs
    tricks, with the cheapest card that wins it (a Wizard only when nothing
    else does), and otherwise dumps its weakest card (Jesters first); once
    it has its tricks it plays the strongest card that loses.  Deterministic:
    it draws nothing from ``rng``.  :meth:`choose` raises as
    :meth:`RandomBot.choose` does.

    It reads no other seat's bid, so it plays the same under hidden bids and
    delayed reveal (rules 23 and 24), where it could not.  Under
    clairvoyance, in round 1, it cannot see its own card (rule 26.2): it
    works out, from the cards it sees, the chance that a card it does not
    see wins the trick, and bids the bid of the best expected score (1 when
    that chance is above 3/7); as the dealer after a turned Wizard it names
    the suit under which its best bid has the highest expected score.
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Return the action the rules of thumb give for ``view``."""
        actions = _actions(view)
        blind = view.hands[view.seat] is None
        if view.phase is Phase.CHOOSE_TRUMP:
            if blind:
                return max(actions, key=lambda a: self._blind_suit_value(view, a))
            return max(actions, key=lambda a: self._suit_weight(view, a))
        if view.phase is Phase.BID:
            if blind:
                chance = _blind_win_chance(view, view.trump)
                return max(actions, key=lambda a: (_blind_value(chance, _tricks(a)), -_tricks(a)))
            want = _estimate(view.hand, view.trump, view.config.players)
            return min(actions, key=lambda a: (abs(_tricks(a) - want), _tricks(a)))
        return self._play(view, actions)

    @staticmethod
    def _blind_suit_value(view: PlayerView, action: Action) -> Fraction:
        assert isinstance(action, ChooseTrump)
        chance = _blind_win_chance(view, action.suit)
        return max(_blind_value(chance, 0), _blind_value(chance, 1))

    @staticmethod
    def _suit_weight(view: PlayerView, action: Action) -> tuple[int, int]:
        assert isinstance(action, ChooseTrump)
        cards = [c for c in view.hand if action.suit is not None and c.suit is action.suit]
        return len(cards), sum(c.rank or 0 for c in cards)

    @staticmethod
    def _play(view: PlayerView, actions: tuple[Action, ...]) -> Action:
        trump = view.trump
        bid = view.bids[view.seat]
        need = (bid or 0) - view.tricks_won[view.seat]
        trick = view.current_trick

        def wins(action: Action) -> bool:
            cards = (*trick, _card(action))
            return winning_position(cards, trump) == len(trick)

        def strength(action: Action) -> tuple[int, int]:
            return _strength(_card(action), trump), _card(action).index

        winners = [a for a in actions if wins(a)]
        losers = [a for a in actions if not wins(a)]
        if need > 0:
            if not trick:  # leading: the strongest card short of a Wizard
                plain = [a for a in actions if _card(a).kind is not Kind.WIZARD]
                return max(plain or actions, key=strength)
            if winners:
                return min(winners, key=strength)
            return min(actions, key=strength)
        if losers:
            return max(losers, key=strength)
        return min(actions, key=strength)


def _card(action: Action) -> Card:
    assert isinstance(action, Play)
    return action.card


def _tricks(action: Action) -> int:
    assert isinstance(action, Bid)
    return action.tricks


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


@attrs.frozen
class ISMCTSBot:
    """Information-set Monte Carlo tree search (single observer).

    Each iteration draws a state consistent with the view
    (:func:`~wizard_rules.agents.determinization.determinize`: the hidden
    hands, and under the variants the hidden bids and, under clairvoyance in
    round 1, its own unseen card, all uniformly), walks down one tree
    shared by all the draws, choosing among the actions legal in that draw by
    UCB1 with availability counts, adds one node, and plays the rest of the
    round at random.  The reward of a seat is its score for the round less
    the mean of the others', over 100; each node keeps the reward of the seat
    that moved into it.  It returns the most visited action at the root.

    The budget is a number of iterations, and optionally a time: the search
    stops when either runs out (the clock is read between iterations, and at
    least one iteration runs).  With iterations only, the same view and the
    same ``rng`` state give the same action; a time budget makes the number
    of iterations, and so the choice, depend on the machine's speed.

    >>> from wizard_rules.agents.bots import ISMCTSBot
    >>> ISMCTSBot(iterations=10_000, seconds=0.05)  # whichever ends first
    ISMCTSBot(iterations=10000, exploration=0.7, seconds=0.05)

    :ivar iterations: the most iterations to run per decision (at least 1).
    :ivar exploration: the UCB1 exploration constant.
    :ivar seconds: the most time to search per decision, or ``None`` (no
        limit but the iterations).

    :raises InvalidArgumentError: ``iterations`` is not a positive int, or
        ``seconds`` neither ``None`` nor a number from 0 up.
        :meth:`choose` raises as :meth:`RandomBot.choose` does.
    """

    iterations: int = 200
    exploration: float = 0.7
    seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.iterations) is not int or self.iterations < 1:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"iterations must be a positive int, not {self.iterations!r}",
            )
        seconds = self.seconds
        if seconds is not None and (
            type(seconds) not in (int, float) or not 0 <= seconds < math.inf
        ):
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"seconds must be None or a number from 0 up, not {seconds!r}",
            )

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Return the root action the search visited most."""
        from wizard_rules.agents.determinization import determinize

        actions = _actions(view)
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            state = determinize(view, rng)
            self._iterate(root, state, rng)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return max(actions, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        start_round, start_scores = state.round, state.scores
        path: list[tuple[_Node, int]] = []
        node = root
        while _in_round(state, start_round):
            legal = legal_actions(state)
            mover = state.current_player
            assert mover is not None
            for action in legal:
                if action in node.children:
                    node.children[action].available += 1
            untried = [i for i, a in enumerate(legal) if a not in node.children]
            if untried:
                index = rng.choice(untried)
                child = node.children[legal[index]] = _Node()
                child.available = 1
                path.append((child, mover))
                state = apply_legal(state, index)
                break
            log_parent = {a: math.log(node.children[a].available) for a in legal}
            index = max(
                range(len(legal)),
                key=lambda i: _ucb(
                    node.children[legal[i]], log_parent[legal[i]], self.exploration
                ),
            )
            node = node.children[legal[index]]
            path.append((node, mover))
            state = apply_legal(state, index)
        while _in_round(state, start_round):
            state = apply_legal(state, rng.randrange(len(legal_actions(state))))
        gains = [now - before for now, before in zip(state.scores, start_scores, strict=True)]
        total = sum(gains)
        players = len(gains)
        for node, mover in path:
            node.visits += 1
            node.reward += (gains[mover] - (total - gains[mover]) / (players - 1)) / 100


def _in_round(state: State, round_number: int) -> bool:
    return state.round == round_number and state.phase not in (Phase.DEAL, Phase.GAME_OVER)


def _ucb(node: _Node, log_available: float, exploration: float) -> float:
    return node.reward / node.visits + exploration * math.sqrt(log_available / node.visits)
