"""The state of a game with anniversary cards: an immutable snapshot, its phases and its records.

An :class:`AnniversaryState` is to a game with anniversary cards what
:class:`~wizard_rules.State` is to the standard game: it never changes;
:func:`~wizard_rules.apply` gives the next one.  Get the first with
:func:`~wizard_rules.new_anniversary_game` and a configuration whose deck holds the
cards (:class:`~wizard_rules.core.anniversary.AnniversaryDeck`).

Its phases (:class:`AnniversaryPhase`) are the standard game's and six more:
the Werewolf's swap, the chance step that turns up the Vampire's card, a
card's declaration, the Juggler's pass, the Cloud's bid change and the
Witch's swap (rule 40.2 gives the order of the effects, 40.3 what comes after them).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.anniversary.faces import Effect, Face, faces_of, led_suit, winning_position
from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.core.config import Config
from wizard_rules.errors import ErrorCode, InvalidArgumentError, show_value

__all__ = [
    "AnniversaryPhase",
    "AnniversaryRoundResult",
    "AnniversaryState",
    "AnniversaryTrick",
    "PendingEffect",
    "WitchSwapRecord",
]


class AnniversaryPhase(enum.Enum):
    """Where a game with anniversary cards is (the value: the phase's name in records, views)."""

    DEAL = "deal"
    """A chance step: the next action is a :class:`~wizard_rules.Deal`."""
    WEREWOLF = "werewolf"
    """The Werewolf's holder takes the turned card and names trump (rule 32)."""
    CHOOSE_TRUMP = "choose_trump"
    """The dealer names trump (a Wizard or a card of rule 38.1 was turned)."""
    REVEAL = "reveal"
    """A chance step: the stock's next card is turned up for the Vampire (rule 37.3)."""
    BID = "bid"
    """Players bid in turn, starting left of the dealer."""
    PLAY = "play"
    """Players play cards to tricks."""
    DECLARE = "declare"
    """The card just played is declared: a suit, or a Wizard or a Jester (rules 33 to 35)."""
    PASS = "pass"
    """After a Juggler's trick, each player passes a card to the left (rule 33.2)."""
    CHANGE_BID = "change_bid"
    """The Cloud's winner changes their bid by one (rule 34.2)."""
    WITCH = "witch"
    """The Witch's player may swap a card of their hand for one of her trick (rule 36.2)."""
    GAME_OVER = "game_over"
    """The last round has been scored; no action is legal."""


@attrs.frozen
class AnniversaryTrick:
    """A completed trick of a game with anniversary cards.

    :ivar leader: the seat that played the first card.
    :ivar cards: the cards in the order played (seat ``(leader + i) %
        players`` played ``cards[i]``).
    :ivar declared: for each card, what it was declared as (a suit or a
        kind), or ``None``.
    :ivar winner: the seat that won it, or ``None`` for a Bomb's trick,
        which counts for no one (rule 31.1).
    :ivar next_leader: the seat that leads the next trick: the winner, or
        after a Bomb the seat of rule 31.3.
    """

    leader: int
    cards: tuple[Card, ...]
    declared: tuple[Suit | Kind | None, ...]
    winner: int | None
    next_leader: int


@attrs.frozen
class WitchSwapRecord:
    """A Witch's swap of this round, as the table saw it (rule 36.3).

    :ivar player: the seat that played the Witch (or the Vampire copying her).
    :ivar trick: the index of her trick among the round's tricks.
    :ivar give: the card put into the trick, or ``None`` when no card was
        swapped -- and in another seat's view, where it is hidden.
    :ivar take: the card taken from the trick, or ``None`` when none was.
    """

    player: int
    trick: int
    give: Card | None
    take: Card | None


@attrs.frozen
class PendingEffect:
    """An effect of a finished trick still to be carried out (rule 40).

    :ivar effect: what it is (:class:`~wizard_rules.core.anniversary.faces.Effect`).
    :ivar seat: who acts on it: the Juggler's or the Witch's player, or the
        Cloud's winner.
    :ivar trick: the index of its trick among the round's tricks.
    """

    effect: Effect
    seat: int
    trick: int


@attrs.frozen
class AnniversaryRoundResult:
    """The public record of a finished round of a game with anniversary cards.

    :ivar round: the round number, from 1.
    :ivar dealer: the seat that dealt.
    :ivar turned: the card turned for trump.
    :ivar trump: the trump suit of the round, or ``None`` for no trump.
    :ivar bids: each seat's bid at the end of the round (after any Cloud's change).
    :ivar bid_changes: the Cloud's changes of the round, in order: ``(seat, by)``.
    :ivar tricks: the round's tricks in the order played.
    :ivar tricks_won: how many tricks each seat took (a Bomb's trick counts for no one).
    :ivar scores: each seat's points for this round.
    """

    round: int
    dealer: int
    turned: Card | None
    trump: Suit | None
    bids: tuple[int, ...]
    bid_changes: tuple[tuple[int, int], ...]
    tricks: tuple[AnniversaryTrick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen(eq=False, init=False)
class AnniversaryState:
    """An immutable snapshot of a game with anniversary cards.

    Made by :func:`~wizard_rules.new_anniversary_game` and
    :func:`~wizard_rules.apply` only.  States are equal when they are the
    same game at the same point: the same configuration and actions.  Seats are numbered ``0`` to
    ``players - 1``; every per-seat tuple is indexed by seat.

    :ivar config: the rules of the game.
    :ivar phase: the current :class:`AnniversaryPhase`.
    :ivar round: the current round number.
    :ivar dealer: the seat dealing this round.
    :ivar current_player: the seat to act, or ``None`` at a chance step and at the end.
    :ivar hands: each seat's cards, in canonical order.
    :ivar stock: the cards neither dealt nor turned (nor turned up for the Vampire).
    :ivar turned: the card turned for trump this round (``None`` before the deal).
    :ivar trump_card: the card in the trump place: the turned card, or the
        Werewolf once its holder has taken the turned card (rule 32.1).
    :ivar werewolf_seat: the seat that took the turned card with the Werewolf, or ``None``.
    :ivar revealed: the stock card turned up for the Vampire (rule 37.3), or ``None``.
    :ivar trump: the trump suit, or ``None`` for no trump.
    :ivar bids: each seat's bid this round (after any Cloud's change), ``None`` until made.
    :ivar bid_changes: this round's Cloud changes, in order: ``(seat, by)``.
    :ivar current_trick: the cards of the trick being played, in order.
    :ivar declared: what each card of the current trick was declared as, or ``None``.
    :ivar leader: the seat that leads (or led) the current trick.
    :ivar completed_tricks: this round's finished tricks, in order.
    :ivar tricks_won: how many tricks each seat has taken this round.
    :ivar effects: the effects of the last trick still to carry out, in order.
    :ivar clouds_due: under the reading ``cloud_timing="round_end"``, the seats
        that change their bid when the round ends, in the order their Cloud
        tricks were played.
    :ivar passing: during a Juggler's pass, the card each seat has put aside
        to pass (``None``: not yet); ``()`` otherwise.
    :ivar passes: this round's passes: for each, the card each seat passed.
    :ivar witch_swaps: this round's Witch swaps, in order.
    :ivar out: the cards of this round out of play: those of its tricks, as
        the Witch left them.
    :ivar results: the public record of each finished round.
    :ivar scores: each seat's running total.
    :ivar history: every action since the start of the game, in order.
    """

    config: Config
    phase: AnniversaryPhase
    round: int
    dealer: int
    current_player: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    turned: Card | None
    trump_card: Card | None
    werewolf_seat: int | None
    revealed: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]
    bid_changes: tuple[tuple[int, int], ...]
    current_trick: tuple[Card, ...]
    declared: tuple[Suit | Kind | None, ...]
    leader: int
    completed_tricks: tuple[AnniversaryTrick, ...]
    tricks_won: tuple[int, ...]
    effects: tuple[PendingEffect, ...]
    clouds_due: tuple[PendingEffect, ...]
    passing: tuple[Card | None, ...]
    passes: tuple[tuple[Card, ...], ...]
    witch_swaps: tuple[WitchSwapRecord, ...]
    out: tuple[Card, ...]
    results: tuple[AnniversaryRoundResult, ...]
    scores: tuple[int, ...]
    history: tuple[Any, ...]

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "states are not constructed directly: start a game with "
            "new_anniversary_game(config) and move it on with apply(state, action)",
        )

    def __eq__(self, other: object) -> bool:
        """The same game at the same point: the same configuration and actions."""
        if type(other) is not AnniversaryState:
            return False
        return self.config == other.config and self.history == other.history

    def __hash__(self) -> int:
        """The hash of the configuration and the actions."""
        return hash((self.config, self.history))

    # -- the queries of a state -------------------------------------------

    @property
    def deck(self) -> AnniversaryDeck:
        """The game's deck piece: the cards added and the readings."""
        deck = self.config.rules.deck
        assert type(deck) is AnniversaryDeck  # a state is made only for such a config
        return deck

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is AnniversaryPhase.GAME_OVER

    @property
    def is_chance(self) -> bool:
        """Whether the next step is a chance step (a deal, or a card turned up)."""
        return self.phase is AnniversaryPhase.DEAL or self.phase is AnniversaryPhase.REVEAL

    @property
    def deal_size(self) -> int:
        """How many cards each seat is dealt this round."""
        return self.config.deal_sizes[self.round - 1]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        return tuple(len(hand) for hand in self.hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Return the cards ``seat`` holds, in canonical order.

        :raises InvalidArgumentError: ``seat`` is not a seat of this game.
        """
        return self.hands[self._seat(seat)]

    @property
    def vampire_copies(self) -> Card | None:
        """The card the Vampire counts as this round (rule 37), or ``None`` before it is known.

        The card in the trump place; with the Werewolf there, the card the
        reading ``vampire_under_werewolf`` names: the stock card turned up,
        or the card the Werewolf displaced -- unless there is none (the
        Werewolf was turned) or it is the Vampire itself, which copies
        nothing: then the stock card turned up (rule 37.3).
        """
        card = self.trump_card
        if card is None or card.kind is not Kind.WEREWOLF:
            return card
        if _copies_displaced(self):
            return self.turned
        return self.revealed

    @property
    def current_faces(self) -> tuple[Face, ...]:
        """What each card of the current trick counts as (rule 39.1).

        A card waiting for its declaration (the phase ``declare``) counts
        once it is declared: until then the faces are those of the cards
        before it.
        """
        return _faces(self.phase, self.current_trick, self.declared, self.vampire_copies)

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow in the current trick, or ``None`` (rule 39.2)."""
        return led_suit(self.current_faces)

    @property
    def trick_winner(self) -> int | None:
        """The seat winning the current trick so far; ``None`` if it is empty or holds a Bomb.

        (A card waiting for its declaration does not count yet.)
        """
        faces = self.current_faces
        if not faces:
            return None
        position = winning_position(faces, self.trump)
        return None if position is None else (self.leader + position) % self.config.players

    @property
    def winners(self) -> tuple[int, ...]:
        """At the end of the game, the seats with the highest total; before, ``()``."""
        if not self.is_over:
            return ()
        return self.config.rules.end.winners(self.scores)

    @property
    def round_actions(self) -> tuple[Any, ...]:
        """The actions of the current round so far (none at a deal and at the end)."""
        if self.phase is AnniversaryPhase.DEAL or self.is_over:
            return ()
        from wizard_rules.core.actions import Deal

        for back in range(len(self.history) - 1, -1, -1):
            if type(self.history[back]) is Deal:
                return self.history[back:]
        return self.history  # pragma: no cover - every round starts with its deal

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.config.players:
            raise InvalidArgumentError(
                ErrorCode.INVALID_ARGUMENT,
                f"seat must be an int from 0 to {self.config.players - 1}, not {show_value(seat)}",
            )
        return seat

    def __repr__(self) -> str:
        """Return a short summary: round, phase and who acts."""
        who = "chance" if self.current_player is None else f"P{self.current_player}"
        if self.is_over:
            who = "nobody"
        return (
            f"<AnniversaryState {self.config.players} players, round {self.round}/"
            f"{self.config.rounds}, {self.phase.value}, to act: {who}>"
        )


def _copies_displaced(state: AnniversaryState) -> bool:
    """Whether the Vampire copies the card the Werewolf displaced (rule 37.3).

    Under the reading ``displaced_card``, when the Werewolf took a turned card
    that is not the Vampire itself; else the Vampire copies the stock card
    turned up.
    """
    turned = state.turned
    return (
        state.deck.readings.vampire_under_werewolf == "displaced_card"
        and state.werewolf_seat is not None
        and turned is not None
        and turned.kind is not Kind.VAMPIRE
    )


def _faces(
    phase: AnniversaryPhase,
    cards: tuple[Card, ...],
    declared: tuple[Suit | Kind | None, ...],
    copied: Card | None,
) -> tuple[Face, ...]:
    """The faces of a trick's cards, but the last while it waits for its declaration."""
    if phase is AnniversaryPhase.DECLARE:
        cards, declared = cards[:-1], declared[:-1]
    return faces_of(cards, declared, copied)
