"""Shared helpers for the test suite: building deals and walking games by hand."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence

from wizard_rules import (
    DECK,
    Action,
    Bid,
    Card,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    Kind,
    Phase,
    Play,
    State,
    Suit,
    apply,
    new_game,
    parse_card,
    parse_cards,
    random_action,
)

# The codes of the rules of play (an IllegalActionError), written out from the
# specification's rules 11.1 to 11.11 (and the anniversary cards' rules 32 to
# 35: invalid_declaration, card_not_in_trick), not read from the library.
RULE_CODES: frozenset[ErrorCode] = frozenset(
    {
        ErrorCode.GAME_OVER,
        ErrorCode.WRONG_PHASE,
        ErrorCode.NO_SUCH_PLAYER,
        ErrorCode.NOT_YOUR_TURN,
        ErrorCode.INVALID_DEAL,
        ErrorCode.NO_TRUMP_NOT_ALLOWED,
        ErrorCode.BID_OUT_OF_RANGE,
        ErrorCode.BID_TOTAL_FORBIDDEN,
        ErrorCode.CARD_NOT_IN_HAND,
        ErrorCode.MUST_FOLLOW_SUIT,
        ErrorCode.INVALID_DECLARATION,
        ErrorCode.CARD_NOT_IN_TRICK,
    }
)


def card(text: str) -> Card:
    return parse_card(text)


def state_at_round(config: Config, round_number: int, seed: int = 0) -> State:
    """Return the state at the deal of ``round_number``, reached by seeded random play."""
    rng = random.Random(seed)
    state = new_game(config)
    while state.round < round_number:
        state = apply(state, random_action(state, rng))
    assert state.phase is Phase.DEAL
    assert state.round == round_number
    return state


def fill_deal(
    state: State, given: Mapping[int, str], turned: str | None, *, avoid: str = ""
) -> Deal:
    """Return a deal for ``state``'s round.

    Seats in ``given`` get exactly those cards; the other seats get the lowest
    remaining cards in canonical order, never the turned card nor any card in
    ``avoid`` (those stay in the undealt stack).
    """
    players = state.config.players
    size = state.round
    fixed = {seat: parse_cards(text) for seat, text in given.items()}
    turned_card = None if turned is None else parse_card(turned)
    used = {c for hand in fixed.values() for c in hand}
    blocked = used | set(parse_cards(avoid))
    if turned_card is not None:
        blocked.add(turned_card)
    pool = [c for c in DECK if c not in blocked]
    hands: list[tuple[Card, ...]] = []
    for seat in range(players):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(tuple(pool[:size]))
            del pool[:size]
    return Deal(hands, turned_card)


def full_deck_deal(state: State) -> Deal:
    """Return the deal of the last round: all 60 cards, nothing turned."""
    size = state.round
    players = state.config.players
    assert size * players == len(DECK)
    return Deal([DECK[seat * size : (seat + 1) * size] for seat in range(players)], None)


def bid_all(state: State, bids: Mapping[int, int] | Sequence[int]) -> State:
    """Apply every seat's bid (``bids[seat]``) in turn until bidding is over."""
    while state.phase is Phase.BID:
        seat = state.current_player
        assert seat is not None
        state = apply(state, Bid(seat, bids[seat]))
    return state


def play_cards(state: State, text: str) -> State:
    """Play the cards in ``text`` in order, each by the player to act."""
    for c in parse_cards(text):
        seat = state.current_player
        assert seat is not None
        state = apply(state, Play(seat, c))
    return state


def walk(config: Config, seed: int) -> Iterator[State]:
    """Yield every state of a seeded random game, from new_game to the end."""
    rng = random.Random(seed)
    state = new_game(config)
    yield state
    while not state.is_over:
        state = apply(state, random_action(state, rng))
        yield state


# -- independent reference implementations of the rules ---------------------


def ref_led_suit(cards: Sequence[Card]) -> Suit | None:
    for c in cards:
        if c.kind is Kind.WIZARD:
            return None
        if c.kind is Kind.SUIT:
            return c.suit
    return None


def ref_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Position of the winning card, written straight from rule 9."""
    for position, c in enumerate(cards):
        if c.kind is Kind.WIZARD:
            return position
    trumps = [
        (c.rank or 0, i) for i, c in enumerate(cards) if trump is not None and c.suit is trump
    ]
    if trumps:
        return max(trumps)[1]
    led = ref_led_suit(cards)
    followers = [
        (c.rank or 0, i) for i, c in enumerate(cards) if led is not None and c.suit is led
    ]
    if followers:
        return max(followers)[1]
    return 0


def ref_playable(hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
    """The cards of ``hand`` that rule 8 allows on ``trick``."""
    led = ref_led_suit(trick)
    if led is None or not any(c.suit is led for c in hand):
        return set(hand)
    return {c for c in hand if c.suit is led or c.kind is not Kind.SUIT}


# -- reference scoring (rule 10) and the end of the game ----------------------


def ref_round_score(bid: int, taken: int) -> int:
    """One seat's points for a round: 20 + 10 a trick for a met bid, else -10 a trick off."""
    if bid == taken:
        return 20 + 10 * taken
    return -10 * abs(bid - taken)


def ref_tricks_taken(
    dealer: int, players: int, trump: Suit | None, tricks: Sequence[Sequence[Card]]
) -> list[int]:
    """How many tricks each seat took, from the cards alone.

    The seat after the dealer leads the first trick and the winner of each
    trick (by :func:`ref_winner`) leads the next.
    """
    taken = [0] * players
    leader = (dealer + 1) % players
    for cards in tricks:
        leader = (leader + ref_winner(cards, trump)) % players
        taken[leader] += 1
    return taken


def ref_totals(state: State) -> list[int]:
    """Each seat's total over the finished rounds, recomputed from bids and played cards."""
    players = state.config.players
    totals = [0] * players
    for result in state.results:
        taken = ref_tricks_taken(
            result.dealer, players, result.trump, [t.cards for t in result.tricks]
        )
        for seat in range(players):
            totals[seat] += ref_round_score(result.bids[seat], taken[seat])
    return totals


def ref_winners(state: State) -> tuple[int, ...]:
    """The seats with the highest total (all of them on a tie), in seat order."""
    totals = ref_totals(state)
    best = max(totals)
    return tuple(seat for seat in range(len(totals)) if totals[seat] == best)


# -- reference refusal codes (rules 11.1 to 11.8, and the variants 20 to 22) -----


def ref_deal_size(state: State) -> int:
    """How many cards each seat gets this round, by rule 2.2 or the short schedule of rule 22."""
    from wizard_rules.core.rules import ListedSchedule, OddSchedule

    schedule = state.config.rules.schedule
    if isinstance(schedule, OddSchedule):
        return 2 * state.round - 1
    if isinstance(schedule, ListedSchedule):
        return schedule.sizes[state.round - 1]
    return state.round


def ref_canadian(state: State) -> bool:
    """Whether the Canadian rule (rule 21) is on and the dealer leads the scores outright."""
    from wizard_rules.core.rules import CanadianRule

    if CanadianRule() not in state.config.rules.bid_restrictions:
        return False
    mine = state.scores[state.dealer]
    return all(total < mine for seat, total in enumerate(state.scores) if seat != state.dealer)


def ref_hardcore(state: State) -> bool:
    """Whether hardcore (rule 25) is on."""
    from wizard_rules.core.rules import Hardcore

    return Hardcore() in state.config.rules.bid_restrictions


def ref_refusal(state: State, action: Action) -> ErrorCode | None:
    """The code the rules give ``action`` in ``state``, or ``None`` if it is legal.

    Written from the documented order of the checks: game over, wrong phase,
    then (for a deal) the deal's shape, else no such player, not your turn,
    and last the action's own rules.
    """
    if state.phase is Phase.GAME_OVER:
        return ErrorCode.GAME_OVER
    expected = {
        Phase.DEAL: Deal,
        Phase.CHOOSE_TRUMP: ChooseTrump,
        Phase.BID: Bid,
        Phase.PLAY: Play,
    }[state.phase]
    if not isinstance(action, expected):
        return ErrorCode.WRONG_PHASE
    if isinstance(action, Deal):
        return _ref_deal_refusal(state, action)
    assert isinstance(action, (ChooseTrump, Bid, Play))
    players = state.config.players
    if not 0 <= action.player < players:
        return ErrorCode.NO_SUCH_PLAYER
    if action.player != state.current_player:
        return ErrorCode.NOT_YOUR_TURN
    if isinstance(action, ChooseTrump):
        return ErrorCode.NO_TRUMP_NOT_ALLOWED if action.suit is None else None
    if isinstance(action, Bid):
        size = ref_deal_size(state)
        if not 0 <= action.tricks <= size:
            return ErrorCode.BID_OUT_OF_RANGE
        placed = [bid for bid in state.bids if bid is not None]
        last = len(placed) == players - 1
        matches = sum(placed) + action.tricks == size
        if state.config.forbid_bid_total_match and last and matches:
            return ErrorCode.BID_TOTAL_FORBIDDEN
        if ref_canadian(state) and last and matches and action.tricks != 0:
            return ErrorCode.BID_TOTAL_FORBIDDEN
        if ref_hardcore(state) and last and matches and size >= 4:  # rule 25
            return ErrorCode.BID_TOTAL_FORBIDDEN
        return None
    hand = state.hand(action.player)
    if action.card not in hand:
        return ErrorCode.CARD_NOT_IN_HAND
    if action.card not in ref_playable(hand, state.current_trick):
        return ErrorCode.MUST_FOLLOW_SUIT
    return None


def _ref_deal_refusal(state: State, deal: Deal) -> ErrorCode | None:
    players = state.config.players
    size = ref_deal_size(state)
    if len(deal.hands) != players or any(len(hand) != size for hand in deal.hands):
        return ErrorCode.INVALID_DEAL
    dealt = [c for hand in deal.hands for c in hand]
    if len(set(dealt)) != len(dealt):
        return ErrorCode.INVALID_DEAL
    if len(dealt) == len(DECK):
        return None if deal.turned is None else ErrorCode.INVALID_DEAL
    if deal.turned is None or deal.turned in dealt:
        return ErrorCode.INVALID_DEAL
    return None


_READY = (
    "import sys; from wizard_rules.cli import main; "
    "print('ready', file=sys.stderr, flush=True); sys.exit(main())"
)


def interrupted_command(args: Sequence[str], timeout: float) -> tuple[int, str, str]:
    """Run ``wizard-rules ARGS``, press Ctrl-C after 1.5 s, return (status, out, err).

    The command runs in its own process group, and SIGINT goes to the whole
    group, as a terminal sends it to a job (worker processes get it too).
    """
    process = subprocess.Popen(
        [sys.executable, "-c", _READY, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert process.stderr is not None
    assert process.stderr.readline() == "ready\n"
    try:
        time.sleep(1.5)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=timeout)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return process.returncode, out, err


def stable_id(value: object) -> str:
    """A test id for ``value`` that is the same in every process: a function by
    its name (its ``repr`` holds its address, which differs between pytest-xdist's
    workers), anything else by its ``repr``."""
    name = getattr(value, "__qualname__", None)
    return f"<function {name}>" if callable(value) and name else repr(value)
