"""Mini Wizard: a small Wizard engine written from ``docs/rules.rst`` alone.

It imports nothing but the standard library, and on purpose it is shaped
like many engines found in the wild rather than like ``wizard_rules``:

* it is a mutable object (:class:`Game`) whose methods change it in place,
  or raise :class:`Refused` and change nothing;
* its moves carry no player: the player to act makes them;
* the first dealer is always seat 0 (seats are "relative to the first
  dealer");
* it has its own reasons for a refusal (:class:`Reason`), not the suite's
  error codes;
* a trump choice is a :class:`Suit`, so "no trump" cannot even be written;
* it has no bid-total option (rule 20.1) and none of the variants (rules 21
  and 22): every game is the base game.

A game starts at the first deal (:class:`Game`) or at any point inside a
game, a :class:`Position` (rule 12): :meth:`Game.at` checks the position
as rules 12.1 to 12.14 say (all but the last sentence of rule 12.8, about
the bid-total option it does not have) and raises :class:`InvalidPosition`
for one that cannot arise in a game.

``adapter.py`` in this folder bridges all of that to the conformance
protocol; the last two points are the deliberate differences declared in
``known-failures.txt``.
"""

from __future__ import annotations

import copy
import enum
import re
from dataclasses import dataclass
from functools import cache

__all__ = [
    "Bid",
    "Card",
    "ChooseTrump",
    "Game",
    "InvalidPosition",
    "Move",
    "Phase",
    "Play",
    "Position",
    "Reason",
    "Refused",
    "Suit",
]


class Suit(enum.Enum):
    """The four suits, by their letter (rule 1.3)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


_CARD_TEXT = re.compile(r"([CDHS])(1[0-3]|[1-9])|([WJ])([1-4])")


@dataclass(frozen=True)
class Card:
    """One of the 60 cards: ``kind`` is a suit letter, ``"W"`` or ``"J"`` (rules 1.1, 1.3)."""

    kind: str
    rank: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written as rule 1.3 says; :class:`ValueError` for anything else."""
        match = _CARD_TEXT.fullmatch(text)
        if match is None:
            raise ValueError(f"not a card: {text!r}")
        kind, rank = (match[1], match[2]) if match[1] else (match[3], match[4])
        return cls(kind, int(rank))

    def __str__(self) -> str:
        """The card's text, as rule 1.3 writes it."""
        return f"{self.kind}{self.rank}"

    @property
    def is_wizard(self) -> bool:
        """Whether this card is a Wizard."""
        return self.kind == "W"

    @property
    def is_jester(self) -> bool:
        """Whether this card is a Jester."""
        return self.kind == "J"

    @property
    def suit(self) -> Suit | None:
        """The card's suit; ``None`` for Wizards and Jesters."""
        return None if self.kind in "WJ" else Suit(self.kind)


class Phase(enum.Enum):
    """What the game waits for (rule 11.2)."""

    DEAL = "deal"
    CHOOSE_TRUMP = "choose_trump"
    BID = "bid"
    PLAY = "play"
    OVER = "game_over"


class Reason(enum.Enum):
    """Why the engine refuses a move (its own words; the adapter maps them)."""

    GAME_OVER = "the game is over"
    NOT_NOW = "this move does not fit the phase"
    BAD_DEAL = "the deal does not fit the round"
    BID_RANGE = "the bid is out of range"
    NOT_HELD = "the card is not in the player's hand"
    MUST_FOLLOW = "the player must follow suit"


class Refused(Exception):
    """A move the rules refuse; the game is unchanged (rule 11.9)."""

    def __init__(self, reason: Reason) -> None:
        """Refuse for ``reason``."""
        super().__init__(reason.value)
        self.reason = reason


@dataclass(frozen=True)
class ChooseTrump:
    """The dealer names trump after a turned Wizard (rule 3.4)."""

    suit: Suit


@dataclass(frozen=True)
class Bid:
    """The player to act bids ``tricks`` tricks."""

    tricks: int


@dataclass(frozen=True)
class Play:
    """The player to act plays ``card``."""

    card: Card


Move = ChooseTrump | Bid | Play


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led it, its cards in order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


def led_suit(trick: list[Card]) -> Suit | None:
    """The led suit: the suit of the first card that is not a Jester (rules 6.1 to 6.3)."""
    for card in trick:
        if not card.is_jester:
            return card.suit  # None for a Wizard (rule 6.2)
    return None


def winning_index(trick: list[Card], trump: Suit | None) -> int | None:
    """The index of the card winning ``trick`` so far (rules 8.1 to 8.5)."""
    if not trick:
        return None
    for index, card in enumerate(trick):
        if card.is_wizard:
            return index
    best: int | None = None
    for wanted in (trump, led_suit(trick)):
        for index, card in enumerate(trick):
            beats = best is None or card.rank > trick[best].rank
            if wanted is not None and card.suit == wanted and beats:
                best = index
        if best is not None:
            return best
    return 0  # only Jesters: the first one wins (rule 8.4)


class InvalidPosition(Exception):
    """A position that cannot arise in a game (rule 12); the message names the rule broken."""


@dataclass(frozen=True)
class Position:
    """A point of a game (rule 12), in the engine's seats: seat 0 dealt the first round.

    Per-seat tuples are indexed by seat.  ``played`` holds the cards of this
    round's finished tricks (who led and won them is history, not position),
    ``trick`` the cards of the trick in progress in the order played, and
    ``leader`` the seat that leads it.  A ``trump`` of ``None`` after a
    turned Wizard means that the dealer has not named it yet.
    """

    players: int
    round: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    played: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    over: bool


@cache
def possible_totals(rounds: int) -> frozenset[int]:
    """Every total one seat can have after rounds 1 to ``rounds`` (rules 9.1 to 9.3, 12.3)."""
    totals = frozenset({0})
    for k in range(1, rounds + 1):
        scores = [20 + 10 * won for won in range(k + 1)] + [-10 * d for d in range(1, k + 1)]
        totals = frozenset(total + score for total in totals for score in scores)
    return totals


def check_position(p: Position) -> None:
    """Raise :class:`InvalidPosition` unless ``p`` can arise in a game (rules 12.1 to 12.14).

    The rules are checked in their order; the message names the first one
    broken.  The engine has no bid-total option, so the last sentence of
    rule 12.8 is not checked.
    """
    n = p.players

    def bad(rule: str, why: str) -> InvalidPosition:
        return InvalidPosition(f"rule {rule}: {why}")

    if n not in (3, 4, 5, 6):
        raise bad("12.1", "Wizard is played by 3 to 6 players")
    for name in ("scores", "hands", "bids", "tricks_won"):
        if len(getattr(p, name)) != n:
            raise bad("12.1", f"{name} must have one entry per seat")
    rounds = 60 // n
    if not 1 <= p.round <= rounds:
        raise bad("12.2", f"round {p.round} is not one of rounds 1 to {rounds}")
    if p.dealer != (p.round - 1) % n:
        raise bad("12.2", f"seat {p.dealer} does not deal round {p.round}")
    finished = rounds if p.over else p.round - 1
    if any(score not in possible_totals(finished) for score in p.scores):
        raise bad("12.3", f"a score is not a possible total after {finished} rounds")
    everywhere = [card for hand in p.hands for card in hand] + [*p.played, *p.trick]
    if p.turned is not None:
        everywhere.append(p.turned)
    if len(set(everywhere)) != len(everywhere):
        raise bad("12.4", "a card is in two places")
    left_of_dealer = (p.dealer + 1) % n
    if p.over or (not any(p.hands) and not p.played):
        where = "at the end" if p.over else "before the deal"
        if p.over and p.round != rounds:
            raise bad("12.5", f"the game ends after round {rounds}")
        if any(p.hands) or p.played or p.trick:
            raise bad("12.5" if p.over else "12.6", f"a card is in play {where}")
        if p.turned is not None or p.trump is not None:
            raise bad("12.5" if p.over else "12.6", f"a card is turned or a trump known {where}")
        if any(bid is not None for bid in p.bids) or any(p.tricks_won):
            raise bad("12.5" if p.over else "12.6", f"a bid or a trick won {where}")
        if p.leader != left_of_dealer:
            raise bad("12.5" if p.over else "12.6", f"the seat left of the dealer leads {where}")
        return
    remaining = 60 - n * p.round
    if (p.turned is None) != (remaining == 0):
        raise bad("12.7", "a card is turned exactly when cards remain after the deal")
    if p.turned is not None and not p.turned.is_wizard and p.trump != p.turned.suit:
        raise bad("12.7", f"the turned card {p.turned} decides the trump")
    if p.turned is None and p.trump is not None:
        raise bad("12.7", "with no card turned there is no trump")
    order = [(p.dealer + 1 + k) % n for k in range(n)]
    made = [p.bids[seat] is not None for seat in order]
    if made != sorted(made, reverse=True):
        raise bad("12.8", "a seat has bid before a seat before it")
    if any(bid is not None and not 0 <= bid <= p.round for bid in p.bids):
        raise bad("12.8", f"a bid is outside 0 to {p.round}")
    pending = p.turned is not None and p.turned.is_wizard and p.trump is None
    if pending and any(made):
        raise bad("12.8", "a bid before the dealer names the trump")
    if (p.played or p.trick) and not all(made):
        raise bad("12.9", "a card is played before every seat has bid")
    if len(p.played) % n:
        raise bad("12.10", "the finished tricks are not whole tricks")
    done = len(p.played) // n
    if any(won < 0 for won in p.tricks_won) or sum(p.tricks_won) != done:
        raise bad("12.10", "the tricks won do not add up to the finished tricks")
    if done >= p.round:
        raise bad("12.10", "every trick of the round is finished")
    if not 0 <= p.leader < n:
        raise bad("12.11", f"there is no seat {p.leader}")
    if not p.played and p.leader != left_of_dealer:
        raise bad("12.11", "the seat left of the dealer leads the first trick")
    if p.played and not p.tricks_won[p.leader]:
        raise bad("12.11", "the leader has won no trick, so it did not win the last one")
    if len(p.trick) >= n:
        raise bad("12.12", "the trick in progress is finished")
    in_trick = {(p.leader + k) % n for k in range(len(p.trick))}
    for seat, hand in enumerate(p.hands):
        if len(hand) != p.round - done - (seat in in_trick):
            raise bad("12.13", f"seat {seat} holds the wrong number of cards")
    for k, card in enumerate(p.trick):
        suit = led_suit(list(p.trick[:k]))
        hand = p.hands[(p.leader + k) % n]
        if (
            suit is not None
            and card.suit not in (None, suit)
            and any(h.suit == suit for h in hand)
        ):
            raise bad("12.14", f"{card} was played while holding the led suit")


class Game:
    """A game of Wizard for ``players`` players; seat 0 deals the first round."""

    def __init__(self, players: int) -> None:
        """Start a game; :class:`ValueError` unless 3 to 6 players (rule 2.1)."""
        if players not in (3, 4, 5, 6):
            raise ValueError("Wizard is played by 3 to 6 players")
        self.players = players
        self.rounds = 60 // players
        self.round = 1
        self.scores = [0] * players
        self.round_scores: list[list[int]] = []
        self.round_bids: list[list[int]] = []
        self.round_trick_winners: list[list[int]] = []
        self.over = False
        self._new_round()

    def _new_round(self) -> None:
        n = self.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.turned: Card | None = None
        self.trump: Suit | None = None
        self.trump_named = False
        self.bids: list[int | None] = [None] * n
        self.trick: list[Card] = []
        self.played: list[Card] = []
        self.leader = (self.dealer + 1) % n
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n

    @classmethod
    def at(cls, position: Position) -> Game:
        """A game that goes on from ``position``; :class:`InvalidPosition` if it cannot arise.

        Its history starts there: ``tricks`` and the round histories
        (``round_bids``, ``round_trick_winners``, ``round_scores``) hold only
        what is played from the position on.
        """
        check_position(position)
        game = cls(position.players)
        game.round = position.round
        game.scores = list(position.scores)
        game.over = position.over
        game._new_round()
        game.hands = [list(hand) for hand in position.hands]
        game.turned = position.turned
        game.trump = position.trump
        game.trump_named = position.trump is not None  # matters after a turned Wizard only
        game.bids = list(position.bids)
        game.tricks_won = list(position.tricks_won)
        game.played = list(position.played)
        game.trick = list(position.trick)
        game.leader = position.leader
        return game

    def copy(self) -> Game:
        """An independent copy (for searching ahead)."""
        return copy.deepcopy(self)

    # -- queries -------------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The seat dealing this round (rule 2.5, first dealer 0)."""
        return (self.round - 1) % self.players

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        if self.over:
            return Phase.OVER
        if not any(self.hands) and not self.played:
            return Phase.DEAL
        if self.turned is not None and self.turned.is_wizard and not self.trump_named:
            return Phase.CHOOSE_TRUMP
        if None in self.bids:
            return Phase.BID
        return Phase.PLAY

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` at a deal and after the end."""
        phase = self.phase
        if phase is Phase.CHOOSE_TRUMP:
            return self.dealer
        if phase is Phase.BID:
            return (self.dealer + 1 + self._bids_made()) % self.players
        if phase is Phase.PLAY:
            return (self.leader + len(self.trick)) % self.players
        return None

    def _bids_made(self) -> int:
        return self.players - self.bids.count(None)

    @property
    def led_suit(self) -> Suit | None:
        """The led suit of the current trick."""
        return led_suit(self.trick)

    @property
    def winning_so_far(self) -> int | None:
        """The seat winning the current trick so far (rule 8.5)."""
        index = winning_index(self.trick, self.trump)
        return None if index is None else (self.leader + index) % self.players

    @property
    def winners(self) -> list[int]:
        """At the end, the seats with the highest total (rule 10.2); before, none."""
        if not self.over:
            return []
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make (rule 11.10)."""
        phase = self.phase
        if phase is Phase.CHOOSE_TRUMP:
            return [ChooseTrump(suit) for suit in Suit]
        if phase is Phase.BID:
            return [Bid(tricks) for tricks in range(self.round + 1)]
        if phase is Phase.PLAY:
            hand = self.hands[self._player()]
            return [Play(card) for card in hand if self._may_play(hand, card)]
        return []

    def _player(self) -> int:
        seat = self.to_act
        assert seat is not None
        return seat

    def _may_play(self, hand: list[Card], card: Card) -> bool:
        """Rules 7.1 to 7.3: follow the led suit if you can; Wizards and Jesters always."""
        suit = self.led_suit
        if suit is None or card.suit in (None, suit):
            return True
        return not any(held.suit == suit for held in hand)

    # -- moves ---------------------------------------------------------------

    def deal(self, hands: list[list[Card]], turned: Card | None) -> None:
        """The chance step: every hand and the turned card (rules 2.3, 3.1, 11.5)."""
        self._expect(Phase.DEAL)
        n, r = self.players, self.round
        cards = [card for hand in hands for card in hand]
        if turned is not None:
            cards.append(turned)
        if (
            len(hands) != n
            or any(len(hand) != r for hand in hands)
            or len(set(cards)) != len(cards)
            or (turned is None) != (n * r == 60)
        ):
            raise Refused(Reason.BAD_DEAL)
        self.hands = [list(hand) for hand in hands]
        self.turned = turned
        self.trump = None if turned is None else turned.suit  # rules 3.2, 3.3, 3.5

    def apply(self, move: Move) -> None:
        """Make ``move`` for the player to act, or raise :class:`Refused`."""
        if isinstance(move, ChooseTrump):
            self._expect(Phase.CHOOSE_TRUMP)
            self.trump = move.suit
            self.trump_named = True
        elif isinstance(move, Bid):
            self._expect(Phase.BID)
            if not 0 <= move.tricks <= self.round:
                raise Refused(Reason.BID_RANGE)
            self.bids[self._player()] = move.tricks
        else:
            self._expect(Phase.PLAY)
            self._play(move.card)

    def _expect(self, phase: Phase) -> None:
        if self.over:
            raise Refused(Reason.GAME_OVER)
        if self.phase is not phase:
            raise Refused(Reason.NOT_NOW)

    def _play(self, card: Card) -> None:
        seat = self._player()
        hand = self.hands[seat]
        if card not in hand:
            raise Refused(Reason.NOT_HELD)
        if not self._may_play(hand, card):
            raise Refused(Reason.MUST_FOLLOW)
        hand.remove(card)
        self.trick.append(card)
        if len(self.trick) < self.players:
            return
        winner = self._player_of_winner()
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
        self.tricks_won[winner] += 1
        self.played += self.trick
        self.trick = []
        self.leader = winner  # rule 5.2
        if not any(self.hands):
            self._score_round()

    def _player_of_winner(self) -> int:
        winner = self.winning_so_far
        assert winner is not None
        return winner

    def _score_round(self) -> None:
        """Rules 9.1 to 9.3, then the next deal or the end (rules 10.1, 11.2)."""
        scores = []
        bids = []
        for bid, won in zip(self.bids, self.tricks_won, strict=True):
            assert bid is not None
            bids.append(bid)
            scores.append(20 + 10 * won if bid == won else -10 * abs(bid - won))
        self.round_scores.append(scores)
        self.round_bids.append(bids)
        self.round_trick_winners.append([trick.winner for trick in self.tricks])
        self.scores = [total + score for total, score in zip(self.scores, scores, strict=True)]
        if self.round == self.rounds:
            self.over = True
        else:
            self.round += 1
        self._new_round()
