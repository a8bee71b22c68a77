"""What one seat may know of a game with anniversary cards, and nothing else (rule 41).

An :class:`AnniversaryView` holds what :class:`~wizard_rules.PlayerView` holds
(the seat's own hand, every bid, every card played, the scores) and what the
cards make public: the Werewolf's swap (its holder takes the turned card in
view of all), the stock card turned up for the Vampire, each card's
declaration, the Cloud's bid changes, and of a Witch's swap the card she
took.  It holds no other seat's hand, nothing of the stock, and of the
secrets the cards make (rule 41.2):

* of a Juggler's pass, only the card the seat gave and the card it got;
* of a Witch's swap, the card given into the trick only for the Witch's player.

>>> import random
>>> from wizard_rules import Config, apply, new_anniversary_game, player_view, random_deal
>>> from wizard_rules.core.anniversary import AnniversaryDeck
>>> from wizard_rules.core.rules import Rules
>>> deck = AnniversaryDeck(added=("bomb",))
>>> state = new_anniversary_game(Config(players=3, rules=Rules(deck=deck)))
>>> state = apply(state, random_deal(state, random.Random(2)))
>>> view = player_view(state, 1)
>>> view.hand == state.hand(1), view.hand_sizes
(True, (1, 1, 1))
"""

from __future__ import annotations

from typing import Any

import attrs

from wizard_rules.core.actions import Bid, ChooseTrump, Play
from wizard_rules.core.anniversary.actions import (
    ChangeBid,
    Declare,
    PassCard,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.faces import Face, led_suit, needs_declaration, playable
from wizard_rules.core.anniversary.state import (
    AnniversaryPhase,
    AnniversaryRoundResult,
    AnniversaryState,
    AnniversaryTrick,
    WitchSwapRecord,
    _faces,
)
from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.core.config import Config

__all__ = ["AnniversaryView", "anniversary_view"]


@attrs.frozen
class AnniversaryView:
    """One seat's view of a game with anniversary cards, from :func:`~wizard_rules.player_view`.

    :ivar config: the rules of the game.
    :ivar seat: the seat whose view this is.
    :ivar phase: the current phase.
    :ivar round: the current round number.
    :ivar dealer: the seat that deals this round.
    :ivar current_player: the seat to act, or ``None``.
    :ivar hand: the seat's own cards, in canonical order.
    :ivar hand_sizes: how many cards each seat holds.
    :ivar turned: the card turned for trump.
    :ivar trump_card: the card in the trump place (the Werewolf after its swap).
    :ivar werewolf_seat: the seat that took the turned card with the Werewolf, or ``None``.
    :ivar revealed: the stock card turned up for the Vampire, or ``None``.
    :ivar vampire_copies: what the Vampire counts as this round, once known.
    :ivar trump: the trump suit, or ``None``.
    :ivar bids: each seat's bid (after any Cloud's change), ``None`` until made.
    :ivar bid_changes: this round's Cloud changes, ``(seat, by)``.
    :ivar current_trick: the cards of the trick being played.
    :ivar declared: what each of them was declared as, or ``None``.
    :ivar leader: the seat that leads (or led) the current trick.
    :ivar completed_tricks: this round's finished tricks.
    :ivar tricks_won: each seat's tricks this round.
    :ivar passing: during a Juggler's pass, the card this seat has put aside,
        or ``None`` (not yet, or no pass going on).
    :ivar passes: this round's passes as this seat saw them: ``(given, received)``.
    :ivar witch_swaps: this round's Witch swaps; the card given into the
        trick is ``None`` unless this seat gave it.
    :ivar results: each finished round's public record.
    :ivar scores: each seat's running total.
    """

    config: Config
    seat: int
    phase: AnniversaryPhase
    round: int
    dealer: int
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    turned: Card | None
    trump_card: Card | None
    werewolf_seat: int | None
    revealed: Card | None
    vampire_copies: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]
    bid_changes: tuple[tuple[int, int], ...]
    current_trick: tuple[Card, ...]
    declared: tuple[Suit | Kind | None, ...]
    leader: int
    completed_tricks: tuple[AnniversaryTrick, ...]
    tricks_won: tuple[int, ...]
    passing: Card | None
    passes: tuple[tuple[Card, Card], ...]
    witch_swaps: tuple[WitchSwapRecord, ...]
    results: tuple[AnniversaryRoundResult, ...]
    scores: tuple[int, ...]

    @property
    def current_faces(self) -> tuple[Face, ...]:
        """What each card of the current trick counts as (rule 39.1), as the state says."""
        return _faces(self.phase, self.current_trick, self.declared, self.vampire_copies)

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow in the current trick, or ``None``."""
        return led_suit(self.current_faces)

    @property
    def is_chance(self) -> bool:
        """Whether the next step is a chance step."""
        return self.phase is AnniversaryPhase.DEAL or self.phase is AnniversaryPhase.REVEAL

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is AnniversaryPhase.GAME_OVER

    def legal_actions(self) -> tuple[Any, ...]:
        """The viewer's legal actions, from the view alone: empty unless it is the viewer's turn.

        The same actions, in the same order, as :func:`~wizard_rules.legal_actions`
        gives on the full state (a game server can offer them without the state).
        """
        seat = self.seat
        if self.current_player != seat:
            return ()
        phase, hand = self.phase, self.hand
        if phase is AnniversaryPhase.PLAY:
            return tuple(Play(seat, card) for card in playable(hand, self.current_faces))
        if phase is AnniversaryPhase.BID:
            size = self.config.deal_sizes[self.round - 1]
            forbidden = {
                r.forbidden(seat, self.dealer, self.bids, self.scores, size)
                for r in self.config.rules.bid_restrictions
            }
            return tuple(Bid(seat, n) for n in range(size + 1) if n not in forbidden)
        if phase is AnniversaryPhase.DECLARE:
            kind = needs_declaration(self.current_trick[-1], self.vampire_copies)
            said: tuple[Suit | Kind, ...] = (
                (Kind.WIZARD, Kind.JESTER) if kind is Kind.SHAPESHIFTER else tuple(Suit)
            )
            return tuple(Declare(seat, value) for value in said)
        if phase is AnniversaryPhase.PASS:
            return tuple(PassCard(seat, card) for card in hand)
        if phase is AnniversaryPhase.CHOOSE_TRUMP:
            return tuple(ChooseTrump(seat, suit) for suit in Suit)
        if phase is AnniversaryPhase.WEREWOLF:
            return tuple(WerewolfTrump(seat, suit) for suit in (*Suit, None))
        if phase is AnniversaryPhase.CHANGE_BID:
            return (ChangeBid(seat, -1), ChangeBid(seat, 1))
        # The Witch, after the last trick: every card of it but her own, and but a card
        # an earlier Witch of that trick took (the one that Witch gave lies face down).
        index = len(self.completed_tricks) - 1
        trick = self.completed_tricks[index]
        own = trick.cards[(seat - trick.leader) % self.config.players]
        taken = {swap.take for swap in self.witch_swaps if swap.trick == index}
        takes = sorted((c for c in trick.cards if c is not own and c not in taken), key=_index)
        return (WitchSwap(seat, None, None),) + tuple(
            WitchSwap(seat, give, take) for give in hand for take in takes
        )


def _index(card: Card) -> int:
    return card.index


def anniversary_view(state: AnniversaryState, seat: int) -> AnniversaryView:
    """Return what ``seat`` may know of ``state``: :func:`~wizard_rules.player_view` for it."""
    seat = state._seat(seat)
    players = state.config.players
    passing = state.passing[seat] if state.passing else None
    passes = tuple((given[seat], given[(seat - 1) % players]) for given in state.passes)
    swaps = tuple(
        swap if swap.player == seat else attrs.evolve(swap, give=None)
        for swap in state.witch_swaps
    )
    return AnniversaryView(
        config=state.config,
        seat=seat,
        phase=state.phase,
        round=state.round,
        dealer=state.dealer,
        current_player=state.current_player,
        hand=state.hands[seat],
        hand_sizes=state.hand_sizes,
        turned=state.turned,
        trump_card=state.trump_card,
        werewolf_seat=state.werewolf_seat,
        revealed=state.revealed,
        vampire_copies=state.vampire_copies,
        trump=state.trump,
        bids=state.bids,
        bid_changes=state.bid_changes,
        current_trick=state.current_trick,
        declared=state.declared,
        leader=state.leader,
        completed_tricks=state.completed_tricks,
        tricks_won=state.tricks_won,
        passing=passing,
        passes=passes,
        witch_swaps=swaps,
        results=state.results,
        scores=state.scores,
    )
