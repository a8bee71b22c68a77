"""An independent oracle of which code refuses an action, from ``docs/rules.rst``.

Written from the specification alone (rules 11.1 to 11.11, with 6.1 to 7.3
for following and 20.1 for the bid-total option), not from
:mod:`wizard_rules.core.transitions`: it reads only the facts of a state (phase,
round, dealer, seat to act, hands, bids, trick) and none of the library's
checks, so that a wrong order of refusals in the library shows as a
disagreement.
"""

from __future__ import annotations

from wizard_rules import Bid, Card, ChooseTrump, Deal, Phase, Play, State

__all__ = ["expected_code"]

_KIND_OF_PHASE = {
    Phase.DEAL: Deal,
    Phase.CHOOSE_TRUMP: ChooseTrump,
    Phase.BID: Bid,
    Phase.PLAY: Play,
}


def expected_code(state: State, action: object) -> str | None:
    """The code the rules refuse ``action`` with in ``state``, or ``None`` if it is legal.

    The order is the one rule 11 gives: 11.11, 11.1, 11.2, 11.3, 11.4, then
    the action's own rules (11.5 to 11.8).
    """
    # 11.11: not one of the four kinds (a built action always has its fields' types).
    if type(action) not in (Deal, ChooseTrump, Bid, Play):
        return "invalid_action"
    # 11.1: nothing after the end.
    if state.phase is Phase.GAME_OVER:
        return "game_over"
    # 11.2: one kind of action per phase.
    if type(action) is not _KIND_OF_PHASE[state.phase]:
        return "wrong_phase"
    if isinstance(action, Deal):
        return _deal_code(state, action)
    assert isinstance(action, (ChooseTrump, Bid, Play))
    # 11.3 and 11.4: an existing seat, and the one to act.
    if not 0 <= action.player < state.config.players:
        return "no_such_player"
    if action.player != state.current_player:
        return "not_your_turn"
    if isinstance(action, ChooseTrump):  # 11.6
        return "no_trump_not_allowed" if action.suit is None else None
    if isinstance(action, Bid):
        return _bid_code(state, action)
    return _play_code(state, action)


def _deal_code(state: State, deal: Deal) -> str | None:
    """Rule 11.5."""
    players, size = state.config.players, state.round
    if len(deal.hands) != players or any(len(hand) != size for hand in deal.hands):
        return "invalid_deal"
    dealt = [card for hand in deal.hands for card in hand]
    if len(set(dealt)) != len(dealt):
        return "invalid_deal"
    remaining = 60 - players * size
    if deal.turned is None:
        return "invalid_deal" if remaining else None
    if not remaining or deal.turned in dealt:
        return "invalid_deal"
    return None


def _bid_code(state: State, bid: Bid) -> str | None:
    """Rule 11.7, with rule 20.1 (only the dealer, who bids last, is restricted)."""
    if not 0 <= bid.tricks <= state.round:
        return "bid_out_of_range"
    if state.config.forbid_bid_total_match and bid.player == state.dealer:
        others = sum(
            b for seat, b in enumerate(state.bids) if b is not None and seat != bid.player
        )
        if others + bid.tricks == state.round:
            return "bid_total_forbidden"
    return None


def _led_suit(trick: tuple[Card, ...]) -> str | None:
    """Rules 6.1 to 6.3: the first card that is not a Jester decides."""
    for card in trick:
        if card.is_jester:
            continue
        return None if card.is_wizard else card.text[0]
    return None


def _play_code(state: State, play: Play) -> str | None:
    """Rule 11.8, with rules 7.1 to 7.3."""
    hand = state.hand(play.player)
    if play.card not in hand:
        return "card_not_in_hand"
    led = _led_suit(state.current_trick)
    card = play.card
    if led is None or card.is_wizard or card.is_jester or card.text[0] == led:
        return None
    holds_led = any(not c.is_wizard and not c.is_jester and c.text[0] == led for c in hand)
    return "must_follow_suit" if holds_led else None
