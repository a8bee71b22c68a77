"""What the integrations say of a game with anniversary cards: strings and plain words (internal).

The OpenSpiel game and the PettingZoo environment describe a game with
anniversary cards (rules 28 to 41) with these:

- :func:`observation_string`: what one seat knows now, written from its
  :class:`~wizard_rules.core.anniversary.AnniversaryView` alone (so it holds
  no other hand, nothing of the stock, no other seat's pass and no Witch's
  given card but the seat's own: rule 41);
- :func:`history_string`: everything the seat has seen since the game's
  start, in order, each action as the seat saw it;
- :func:`describe`: the game in plain words, for a seat (its view) or for
  everyone (every hand);
- :func:`one_round_start`: the state before the deal of one round, as the
  standard game's one-round games start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wizard_rules.core.actions import Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.actions import (
    ChangeBid,
    Declare,
    PassCard,
    Reveal,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.state import AnniversaryState
from wizard_rules.core.anniversary.views import AnniversaryView, anniversary_view
from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.core.config import Config, seat_after


def one_round_start(config: Config, round: int) -> AnniversaryState:
    """The state before the deal of ``round`` of a game with anniversary cards.

    Round 1 is a new game; a later one starts every seat at ``20 * (round - 1)``,
    as the standard game's one-round games do (:mod:`wizard_rules.integrations.tensors`).
    """
    from wizard_rules.core.anniversary.transitions import (
        anniversary_round_start,
        new_anniversary_game,
    )

    if round == 1:
        return new_anniversary_game(config)
    n = config.players
    dealer = seat_after(config.first_dealer, round - 1, n)
    return anniversary_round_start(config, round, dealer, (), (20 * (round - 1),) * n)


def cards_text(cards: Sequence[Card]) -> str:
    """The cards as tokens separated by commas, ``-`` for none."""
    return ",".join(card.text for card in cards) if cards else "-"


def _card(card: Card | None) -> str:
    return "-" if card is None else card.text


def _said(value: Suit | Kind) -> str:
    return str(value) if type(value) is Suit else value.name.title()


def _trick_text(cards: Sequence[Card], declared: Sequence[Suit | Kind | None]) -> str:
    shown = [
        card.text if value is None else f"{card.text}={_said(value)}"
        for card, value in zip(cards, declared, strict=True)
    ]
    return ",".join(shown) if shown else "-"


def observation_string(
    view: AnniversaryView, *, private: bool, public: bool, dealt: Sequence[Card] = ()
) -> str:
    """What the seat of ``view`` knows now, as one line of ``name=value`` tokens.

    The private tokens (``hand``, ``passing``, ``passes``, the Witch's
    given cards in ``swaps``) only with ``private``; the public ones only with
    ``public``.  During a deal ``dealt`` lists the seat's cards dealt so far.
    """
    tokens = [f"p{view.seat}"]
    if public:
        to_act = "-" if view.current_player is None else str(view.current_player)
        tokens += [
            f"r{view.round}",
            f"phase={view.phase.value}",
            f"dealer={view.dealer}",
            f"to_act={to_act}",
            "sizes=" + "/".join(map(str, view.hand_sizes)),
            f"turned={_card(view.turned)}",
            f"trump_place={_card(view.trump_card)}",
            "werewolf=" + ("-" if view.werewolf_seat is None else str(view.werewolf_seat)),
            f"revealed={_card(view.revealed)}",
            f"vampire={_card(view.vampire_copies)}",
            "trump=" + ("-" if view.trump is None else str(view.trump)),
            "bids=" + ",".join("?" if bid is None else str(bid) for bid in view.bids),
            "changes="
            + (",".join(f"{s}:{'+' if by > 0 else ''}{by}" for s, by in view.bid_changes) or "-"),
            "won=" + ",".join(map(str, view.tricks_won)),
            f"leader={view.leader}",
            "trick=" + _trick_text(view.current_trick, view.declared),
            "tricks="
            + (
                "/".join(
                    f"{t.leader}:{_trick_text(t.cards, t.declared)}" for t in view.completed_tricks
                )
                or "-"
            ),
            "scores=" + ",".join(map(str, view.scores)),
        ]
        swaps = [
            f"{s.player}:"
            + (
                "keep"
                if s.take is None
                else f"{'?' if s.give is None or not private else s.give.text}>{s.take.text}"
            )
            for s in view.witch_swaps
        ]
        tokens.append("swaps=" + (",".join(swaps) or "-"))
    if private:
        hand = dealt if view.phase.value == "deal" else view.hand
        tokens.append("hand=" + cards_text(hand))
        tokens.append(f"passing={_card(view.passing)}")
        passes = [f"{given.text}>{got.text}" for given, got in view.passes]
        tokens.append("passes=" + (",".join(passes) or "-"))
    return " ".join(tokens)


def history_string(
    state: AnniversaryState,
    player: int,
    *,
    private: bool,
    public: bool,
    first_round: int = 1,
    dealt: Sequence[Card] = (),
) -> str:
    """Everything ``player`` has seen of ``state`` since the start, in order.

    Each action of the history as the seat saw it: its own deal
    (``r<round> hand=<cards>``) and the turned card; trump choices,
    the stock card turned up, bids, cards played, declarations and bid
    changes as everyone saw them; of a pass, its own card passed
    (``x<seat>=<card>``, another seat's as ``x<seat>=?``) and, once the pass
    is done, the card it got (``got=<card>``); of a Witch's swap the card
    taken, and the card given only for her player (``w<seat>=?>H9``).
    """
    n = state.config.players
    tokens = [f"p{player}"]
    round = first_round - 1
    passing: dict[int, Card] = {}
    for action in state.history:
        kind = type(action)
        if kind is Deal:
            round += 1
            tokens.append(f"r{round}")
            if private:
                tokens.append("hand=" + cards_text(action.hands[player]))
            if public:
                tokens.append(f"turned={_card(action.turned)}")
        elif not public and kind is not PassCard and kind is not WitchSwap:
            continue
        elif kind is WerewolfTrump:
            named = "-" if action.suit is None else str(action.suit)
            tokens.append(f"werewolf{action.player}={named}")
        elif kind is ChooseTrump:
            tokens.append(f"trump={action.suit}")
        elif kind is Reveal:
            tokens.append(f"revealed={action.card.text}")
        elif kind is Bid:
            tokens.append(f"b{action.player}={action.tricks}")
        elif kind is Play:
            tokens.append(f"{action.player}:{action.card.text}")
        elif kind is Declare:
            tokens.append(f"d{action.player}={_said(action.declared)}")
        elif kind is ChangeBid:
            tokens.append(f"c{action.player}={'+' if action.by > 0 else ''}{action.by}")
        elif kind is PassCard:
            passing[action.player] = action.card
            own = action.player == player
            if own and private:
                tokens.append(f"x{action.player}={action.card.text}")
            elif not own and public:
                tokens.append(f"x{action.player}=?")
            if len(passing) == n:  # the pass is done: each card goes to the left
                if private:
                    tokens.append(f"got={passing[(player - 1) % n].text}")
                passing = {}
        else:
            assert kind is WitchSwap
            own = action.player == player
            if action.take is None:
                said = "keep"
            else:
                said = f"{action.give.text if own and private else '?'}>{action.take.text}"
            if public or own:
                tokens.append(f"w{action.player}={said}")
    if dealt and private:
        tokens.append("dealt=" + cards_text(dealt))
    return " ".join(tokens)


def describe(state: AnniversaryState, seat: int | None) -> str:
    """The game in plain words: for ``seat`` (its view), or with every hand (``seat=None``)."""
    view = anniversary_view(state, 0 if seat is None else seat)
    n = state.config.players
    lines = [
        f"Round {view.round} of {state.config.rounds}, {view.phase.value.replace('_', ' ')}; "
        f"P{view.dealer} deals."
    ]
    if view.turned is not None:
        line = f"Turned for trump: {view.turned}."
        if view.werewolf_seat is not None:
            line += f" P{view.werewolf_seat} showed the Werewolf and took it."
        lines.append(line)
    if view.revealed is not None:
        lines.append(f"Turned up for the Vampire: {view.revealed}.")
    if view.vampire_copies is not None and "vampire" in state.deck.added:
        lines.append(f"The Vampire counts as {view.vampire_copies}.")
    if view.phase.value not in ("deal", "werewolf", "choose_trump", "reveal"):
        lines.append("Trump: " + ("none." if view.trump is None else f"{view.trump}."))
    for s in range(n):
        if seat is None or s == seat:
            hand = " ".join(card.text for card in state.hands[s]) or "no cards"
        else:
            size = view.hand_sizes[s]
            hand = f"{size} card{'' if size == 1 else 's'} unseen"
        bid = view.bids[s]
        said = "no bid yet" if bid is None else f"bid {bid}, won {view.tricks_won[s]}"
        lines.append(f"P{s}: {hand}; {said}; score {view.scores[s]}.")
    for s, by in view.bid_changes:
        lines.append(f"P{s} changed their bid by {'+' if by > 0 else ''}{by} (the Cloud).")
    for swap in state.witch_swaps if seat is None else view.witch_swaps:
        if swap.take is None:
            lines.append(f"P{swap.player} kept their hand (the Witch).")
        else:
            gave = "a card unseen" if swap.give is None else swap.give.text
            lines.append(f"P{swap.player} took {swap.take} from the Witch's trick for {gave}.")
    if view.current_trick:
        played = ", ".join(
            f"P{seat_after(view.leader, i, n)} {card}"
            + ("" if value is None else f" as {_said(value)}")
            for i, (card, value) in enumerate(zip(view.current_trick, view.declared, strict=True))
        )
        lines.append(f"Trick so far: {played}.")
    if state.is_over:
        lines.append("The game is over.")
    elif view.current_player is not None:
        lines.append(f"P{view.current_player} to {_asked(view)}.")
    return "\n".join(lines)


def _asked(view: AnniversaryView) -> str:
    asked: dict[str, Any] = {
        "werewolf": "name trump or no trump (the Werewolf)",
        "choose_trump": "name trump",
        "bid": "bid",
        "play": "play a card",
        "declare": "declare the card just played",
        "pass": "pass a card to the left (the Juggler)",
        "change_bid": "change their bid by one (the Cloud)",
        "witch": "swap a card with the Witch's trick, or keep their hand",
    }
    return str(asked[view.phase.value])
