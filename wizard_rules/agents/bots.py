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
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

import attrs

from wizard_rules.core.actions import Action, Bid, ChooseTrump, Play
from wizard_rules.core.cards import DECK, Card, Kind, Suit
from wizard_rules.core.state import Phase
from wizard_rules.core.transitions import apply_legal, legal_actions
from wizard_rules.core.trick import winning_position
from wizard_rules.core.views import PlayerView
from wizard_rules.errors import ErrorCode, InvalidArgumentError

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.views import AnniversaryView

__all__ = [
    "ANNIVERSARY_DRAWS",
    "Bot",
    "CardBot",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "anniversary_actions",
]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: something that chooses an action from a view."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions()``, drawing only from ``rng``."""
        ...  # pragma: no cover


class CardBot(Protocol):
    """A bot that also plays games with anniversary cards: it chooses from either kind of view.

    :class:`RandomBot`, :class:`HeuristicBot` and :class:`ISMCTSBot` are
    both a :class:`Bot` and a :class:`CardBot`; the arena and the terminal
    game need a :class:`CardBot` for a game with cards.
    """

    def choose(self, view: PlayerView | AnniversaryView, rng: random.Random) -> Action:
        """Return one of the seat's legal actions, drawing only from ``rng``."""
        ...  # pragma: no cover


def _is_anniversary(view: object) -> bool:
    """Whether ``view`` is a seat's view of a game with anniversary cards."""
    return type(view).__name__ == "AnniversaryView" and type(view).__module__ == (
        "wizard_rules.core.anniversary.views"
    )


def _actions(view: object) -> tuple[Action, ...]:
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

    def choose(self, view: PlayerView | AnniversaryView, rng: random.Random) -> Action:
        """Return a legal action drawn uniformly with ``rng``."""
        if _is_anniversary(view):
            return rng.choice(anniversary_actions(view))  # type: ignore[arg-type,no-any-return]
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

    def choose(self, view: PlayerView | AnniversaryView, rng: random.Random) -> Action:
        """Return the action the rules of thumb give for ``view``."""
        if _is_anniversary(view):
            return _anniversary_choice(view, anniversary_actions(view))  # type: ignore[arg-type,no-any-return]
        actions = _actions(view)
        assert isinstance(view, PlayerView)  # _actions refused anything else
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

    def choose(self, view: PlayerView | AnniversaryView, rng: random.Random) -> Action:
        """Return the root action the search visited most."""
        from wizard_rules.agents.determinization import determinize

        if _is_anniversary(view):
            return self._choose_anniversary(view, rng)  # type: ignore[arg-type,no-any-return]
        actions = _actions(view)
        assert isinstance(view, PlayerView)  # _actions refused anything else
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

    def _choose_anniversary(self, view: AnniversaryView, rng: random.Random) -> Any:
        """The search for a game with anniversary cards, over its determinizations.

        A view whose consistent worlds the rejection sampler finds too rarely
        (:func:`~wizard_rules.agents.determinization.determinize_anniversary`
        gives up after :data:`ANNIVERSARY_DRAWS` candidates) is skipped for
        that iteration; when every iteration is skipped, the choice is
        :class:`HeuristicBot`'s.
        """
        from wizard_rules.agents.determinization import determinize_anniversary

        actions = anniversary_actions(view)
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            try:
                state = determinize_anniversary(view, rng, max_draws=ANNIVERSARY_DRAWS)
            except InvalidArgumentError:
                break  # as rare for the next draw: give the search up
            self._iterate(root, state, rng)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        if not root.children:
            return _anniversary_choice(view, actions)
        return max(actions, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        start_round, start_scores = state.round, state.scores
        path: list[tuple[_Node, int]] = []
        node = root
        while _in_round(state, start_round):
            mover = state.current_player
            if mover is None:  # the Vampire's card turned up (anniversary cards): not a node
                state = _chance(state, rng)
                continue
            legal = legal_actions(state)
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
            if state.current_player is None:
                state = _chance(state, rng)
                continue
            state = apply_legal(state, rng.randrange(len(legal_actions(state))))
        gains = [now - before for now, before in zip(state.scores, start_scores, strict=True)]
        total = sum(gains)
        players = len(gains)
        for node, mover in path:
            node.visits += 1
            node.reward += (gains[mover] - (total - gains[mover]) / (players - 1)) / 100


def _chance(state: Any, rng: random.Random) -> Any:
    """``state`` after a random chance step (in a round: the Vampire's card turned up)."""
    from wizard_rules.core.chance import random_chance
    from wizard_rules.core.transitions import apply

    return apply(state, random_chance(state, rng))


def _in_round(state: Any, round_number: int) -> bool:
    phase = state.phase
    if type(phase) is Phase:
        return state.round == round_number and phase not in (Phase.DEAL, Phase.GAME_OVER)
    return state.round == round_number and phase.value not in ("deal", "game_over")


ANNIVERSARY_DRAWS: Final = 200
"""The candidate worlds :class:`ISMCTSBot` lets the rejection sampler draw per iteration."""


def _ucb(node: _Node, log_available: float, exploration: float) -> float:
    return node.reward / node.visits + exploration * math.sqrt(log_available / node.visits)


# -- games with anniversary cards ------------------------------------------------------


def anniversary_actions(view: AnniversaryView) -> tuple[Any, ...]:
    """The actions the viewer of a game with anniversary cards may take, from its view alone.

    :meth:`AnniversaryView.legal_actions
    <wizard_rules.core.anniversary.views.AnniversaryView.legal_actions>`: the
    same as :func:`~wizard_rules.legal_actions` of the state, in the same
    order.

    :raises InvalidArgumentError: ``view`` is not an AnniversaryView, or its
        viewer is not to act.
    """
    from wizard_rules.core.anniversary.views import AnniversaryView as _View

    if type(view) is not _View:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected an AnniversaryView, not {type(view).__name__}"
        )
    if view.current_player != view.seat:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"seat {view.seat} is not to act in this view"
        )
    return view.legal_actions()


_SURE: Final = {Kind.DRAGON: 1.0, Kind.WIZARD: 0.95, Kind.SHAPESHIFTER: 0.9}
"""The tricks the strongest cards count for when bidding (the Dragon loses only to the Fairy)."""


def _copied(card: Card, copies: Card | None) -> Card:
    """The card ``card`` counts as: a Vampire the card it copies (once known), else itself."""
    if card.kind is Kind.VAMPIRE and copies is not None:
        return copies
    return card


def _anniversary_estimate(view: AnniversaryView) -> float:
    """The tricks the viewer's hand should take with anniversary cards (rules 29 to 37).

    The Dragon and the Wizards (and a Shapeshifter, a Wizard when wanted)
    are sure tricks; the Fairy none -- unless the Dragon is out of this
    seat's hand and may fall on it (a small chance); a Juggler or a Cloud
    counts as a middling trump (its player declares the trump suit); a
    Bomb, a Witch and a Jester none; the suit cards as in the standard game.
    """
    trump, players = view.trump, view.config.players
    tricks = 0.0
    kinds = {card.kind for card in view.hand}
    for card in view.hand:
        card = _copied(card, view.vampire_copies)
        kind = card.kind
        if kind in _SURE:
            tricks += _SURE[kind]
        elif kind is Kind.FAIRY:
            tricks += 0.0 if Kind.DRAGON in kinds else 0.1
        elif kind in (Kind.JUGGLER, Kind.CLOUD):
            tricks += (0.55 if kind is Kind.CLOUD else 0.45) if trump is not None else 0.3
        elif kind is Kind.SUIT:
            tricks += _estimate((card,), trump, players)
    return tricks


def _power(card: Card, declared: Suit | Kind | None, view: AnniversaryView) -> float:
    """How strong a card is for choosing among cards: the Fairy lowest, the Dragon on top."""
    card = _copied(card, view.vampire_copies)
    kind, trump = card.kind, view.trump
    if kind is Kind.DRAGON:
        return 200.0
    if kind is Kind.WIZARD or (kind is Kind.SHAPESHIFTER and declared is not Kind.JESTER):
        return 100.0
    if kind is Kind.FAIRY:
        return -1.0
    if kind is Kind.BOMB:
        return 0.5
    if kind in (Kind.JUGGLER, Kind.CLOUD):
        value = 7.5 if kind is Kind.JUGGLER else 9.75
        return value + (50 if trump is not None and declared in (None, trump) else 0)
    if kind is Kind.SUIT:
        assert card.rank is not None
        return card.rank + (50 if trump is not None and card.suit is trump else 0)
    return 0.0  # a Jester, a Witch, a Shapeshifter as a Jester


def _declarations(card: Card, view: AnniversaryView) -> tuple[Suit | Kind | None, ...]:
    """What ``card`` may be declared as when played (``(None,)``: it is not declared)."""
    from wizard_rules.core.anniversary.faces import needs_declaration

    kind = needs_declaration(card, view.vampire_copies)
    if kind is None:
        return (None,)
    if kind is Kind.SHAPESHIFTER:
        return (Kind.WIZARD, Kind.JESTER)
    return tuple(Suit)


def _takes_now(view: AnniversaryView, card: Card, declared: Suit | Kind | None) -> bool:
    """Whether ``card`` played now, declared ``declared``, would win the trick so far."""
    from wizard_rules.core.anniversary.faces import faces_of, winning_position

    cards = (*view.current_trick, card)
    faces = faces_of(cards, (*view.declared, declared), view.vampire_copies)
    return winning_position(faces, view.trump) == len(view.current_trick)


def _need(view: AnniversaryView) -> int:
    return (view.bids[view.seat] or 0) - view.tricks_won[view.seat]


def _anniversary_choice(view: AnniversaryView, actions: tuple[Any, ...]) -> Any:
    """The anniversary rules of thumb (see :class:`HeuristicBot`)."""
    from wizard_rules.core.anniversary.state import AnniversaryPhase as P

    phase, hand, trump = view.phase, view.hand, view.trump
    suits = {suit: [c for c in hand if c.kind is Kind.SUIT and c.suit is suit] for suit in Suit}

    def length(suit: Suit | None) -> tuple[int, int]:
        cards = suits[suit] if suit is not None else []
        return len(cards), sum(c.rank or 0 for c in cards)

    if phase is P.WEREWOLF:  # the longest suit, or no trump with a weak hand
        best = max(Suit, key=length)
        strong = length(best)[0] >= 2 and length(best)[0] * 3 >= len(hand)
        return next(a for a in actions if a.suit is (best if strong else None))
    if phase is P.CHOOSE_TRUMP:
        return max(actions, key=lambda a: length(a.suit))
    if phase is P.BID:
        want = _anniversary_estimate(view)
        return min(actions, key=lambda a: (abs(a.tricks - want), a.tricks))
    need = _need(view)
    if phase is P.CHANGE_BID:  # toward the tricks it expects
        bid = view.bids[view.seat] or 0
        expected = view.tricks_won[view.seat] + _anniversary_estimate(view)
        return actions[1] if expected > bid else actions[0]
    if phase is P.PASS:  # its worst card for its bid
        if need > 0:
            return min(actions, key=lambda a: (_power(a.card, None, view), a.card.index))
        return max(actions, key=lambda a: (_power(a.card, None, view), a.card.index))
    if phase is P.WITCH:  # takes a card it wants, for one it wants less

        def gain(action: Any) -> float:
            if action.give is None:
                return 0.0
            change = _power(action.take, None, view) - _power(action.give, None, view)
            return change if need > 0 else -change

        return max(actions, key=lambda a: (gain(a), a.give is None))
    if phase is P.DECLARE:
        card = view.current_trick[-1]
        played = view.current_trick[:-1]
        winning = [
            a
            for a in actions
            if _takes_now(
                attrs.evolve(view, current_trick=played, declared=view.declared[:-1]),
                card,
                a.declared,
            )
        ]
        if need > 0 and winning:  # the trump suit (or the Wizard) when it wants the trick
            return max(winning, key=lambda a: (a.declared is trump, a.declared is Kind.WIZARD))
        losing = [a for a in actions if a not in winning] or list(actions)
        # a short suit, not trump: the Jester for a Shapeshifter
        return min(
            losing,
            key=lambda a: (
                a.declared is trump,
                len(suits[a.declared]) if type(a.declared) is Suit else -1,
            ),
        )
    # Play: win a needed trick with the cheapest card that does; else lose with the strongest.
    options = [
        (a, declared, _takes_now(view, a.card, declared))
        for a in actions
        for declared in _declarations(a.card, view)
    ]
    winners = [(a, d) for a, d, won in options if won]
    losers = [(a, d) for a, d, won in options if not won]
    if need > 0:
        if not view.current_trick:
            plain = [(a, d) for a, d, _ in options if _power(a.card, d, view) < 100]
            pool = plain or [(a, d) for a, d, _ in options]
            return max(pool, key=lambda p: (_power(p[0].card, p[1], view), p[0].card.index))[0]
        if winners:
            return min(winners, key=lambda p: (_power(p[0].card, p[1], view), p[0].card.index))[0]
        return min(actions, key=lambda a: (_power(a.card, None, view), a.card.index))
    if losers:
        return max(losers, key=lambda p: (_power(p[0].card, p[1], view), p[0].card.index))[0]
    return min(actions, key=lambda a: (_power(a.card, None, view), a.card.index))
