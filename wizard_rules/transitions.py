"""The transition functions: which actions are legal, and what each one does.

Legality comes in layers, as in python-chess and pokerkit:

* :func:`legal_actions` -- every legal action of the player to act;
* :func:`is_legal` -- a yes or no for one action;
* :func:`check` -- the same question, answered with the reason: it raises
  the :class:`~wizard_rules.errors.IllegalActionError` that :func:`apply`
  would raise, and returns ``None`` for a legal action;
* :func:`apply` -- checks, then returns the next state.  A refused action
  changes nothing: states are immutable, and the check runs before anything
  is built.

Checks run in a fixed order, so that an action that breaks several rules
always gets the same code: ``invalid_action`` (not an action at all), then
``game_over``, ``wrong_phase``, ``no_such_player``, ``not_your_turn``, and
last the action's own rules (``invalid_deal``; ``no_trump_not_allowed``;
``bid_out_of_range`` then ``bid_total_forbidden``; ``card_not_in_hand`` then
``must_follow_suit``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from wizard_rules.actions import (
    ACTION_TYPES,
    Action,
    Bid,
    ChooseTrump,
    Deal,
    Play,
    bid_action,
    play_action,
    trump_choices,
)
from wizard_rules.cards import JESTERS, WIZARDS, Card, Kind
from wizard_rules.config import Config
from wizard_rules.errors import (
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
)
from wizard_rules.scoring import RoundResult, round_score
from wizard_rules.state import Phase, State, cards_of, make_state
from wizard_rules.trick import (
    SUIT_MASKS,
    Trick,
    unchecked_led_suit,
    unchecked_may_play,
    unchecked_winning_position,
)

__all__ = ["apply", "check", "is_legal", "legal_actions", "replay"]

_SPECIALS_MASK: Final = sum(card.mask for card in WIZARDS + JESTERS)
_EXPECTED: Final = {
    Phase.DEAL: Deal,
    Phase.CHOOSE_TRUMP: ChooseTrump,
    Phase.BID: Bid,
    Phase.PLAY: Play,
}


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action of the player to act, in a fixed order.

    Trump choices come in suit order, bids from 0 up, cards in canonical card
    order.  At a chance step (:attr:`State.is_chance`) and at the end of the
    game there is no player to act and the result is empty: draw the deal
    with :func:`~wizard_rules.random_deal`, or build a :class:`Deal`.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    """
    _require_state(state)
    player = state.current_player
    if player is None:
        return ()
    return actions_for(
        state.config,
        state.phase,
        player,
        state.hand_masks[player],
        state.trick,
        state.round,
        state.dealer,
        state.bids,
    )


def actions_for(
    config: Config,
    phase: Phase,
    player: int,
    hand: int,
    trick: tuple[Card, ...],
    round: int,
    dealer: int,
    bids: tuple[int | None, ...],
) -> tuple[Action, ...]:
    """The legal actions of ``player``, who is to act, from what they can see.

    Internal: shared by :func:`legal_actions` and player views.
    """
    if phase is Phase.PLAY:
        return tuple(play_action(player, card) for card in cards_of(playable_mask(hand, trick)))
    if phase is Phase.BID:
        forbidden = forbidden_bid(config, round, dealer, bids, player)
        return tuple(bid_action(player, n) for n in range(round + 1) if n != forbidden)
    if phase is Phase.CHOOSE_TRUMP:
        return trump_choices(player)
    return ()  # a deal or the end of the game: nobody is to act


def is_legal(state: State, action: object) -> bool:
    """Return whether ``action`` may be applied to ``state``.

    Anything that is not an action is simply not legal.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    """
    try:
        check(state, action)
    except IllegalActionError:
        return False
    except InvalidActionError:
        return False
    return True


def check(state: State, action: object) -> None:
    """Raise the error :func:`apply` would raise for ``action``, if any.

    Returns ``None`` when the action is legal.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    :raises InvalidActionError: ``action`` is not an action.
    :raises IllegalActionError: the rules forbid ``action`` here; its
        :attr:`~wizard_rules.errors.WizardError.code` says why.
    """
    _require_state(state)
    _verify(state, action)


def apply(state: State, action: object) -> State:
    """Return the state after ``action``; ``state`` itself is unchanged.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    :raises InvalidActionError: ``action`` is not an action.
    :raises IllegalActionError: the rules forbid ``action`` here (see
        :func:`check`); nothing has changed.
    """
    _require_state(state)
    _verify(state, action)
    kind = type(action)
    if kind is Play:
        return _play(state, action)  # type: ignore[arg-type]
    if kind is Bid:
        return _bid(state, action)  # type: ignore[arg-type]
    if kind is Deal:
        return _deal(state, action)  # type: ignore[arg-type]
    return _choose_trump(state, action)  # type: ignore[arg-type]


def replay(state: State, actions: Iterable[object]) -> State:
    """Apply ``actions`` one after another, starting from ``state``.

    ``replay(new_game(config), old.history) == old`` for any reachable state.

    :raises InvalidArgumentError: ``state`` is not a State, or ``actions`` is
        not iterable.
    :raises InvalidActionError: an item is not an action.
    :raises IllegalActionError: an action is illegal where it comes; the error
        says which, and ``state`` is unchanged.
    """
    _require_state(state)
    try:
        items = iter(actions)
    except TypeError:
        raise InvalidArgumentError(
            f"replay needs an iterable of actions, not {type(actions).__name__}"
        ) from None
    for action in items:
        state = apply(state, action)
    return state


# -- verification ---------------------------------------------------------


def _require_state(state: object) -> None:
    if type(state) is not State:
        raise InvalidArgumentError(f"expected a State, not {type(state).__name__}")


def _verify(state: State, action: object) -> None:
    kind = type(action)
    if kind not in _ACTION_KINDS:
        raise InvalidActionError(
            f"expected an action (Deal, ChooseTrump, Bid or Play), not {kind.__name__}"
        )
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalActionError(ErrorCode.GAME_OVER, "the game is over; no action is legal")
    expected = _EXPECTED[phase]
    if kind is not expected:
        raise IllegalActionError(
            ErrorCode.WRONG_PHASE,
            f"the game is in the {phase.value!r} phase and expects {expected.__name__}, "
            f"not {kind.__name__}",
        )
    if kind is Deal:
        _verify_deal(state, action)  # type: ignore[arg-type]
        return
    player_action = cast(ChooseTrump | Bid | Play, action)
    player = player_action.player
    if not 0 <= player < state.config.players:
        raise IllegalActionError(
            ErrorCode.NO_SUCH_PLAYER,
            f"there is no seat {player}: seats are 0 to {state.config.players - 1}",
        )
    if player != state.current_player:
        raise IllegalActionError(
            ErrorCode.NOT_YOUR_TURN,
            f"it is P{state.current_player}'s turn, not P{player}'s",
        )
    if kind is Play:
        _verify_play(state, action)  # type: ignore[arg-type]
    elif kind is Bid:
        _verify_bid(state, action)  # type: ignore[arg-type]
    elif cast(ChooseTrump, action).suit is None:
        raise IllegalActionError(
            ErrorCode.NO_TRUMP_NOT_ALLOWED,
            "a Wizard was turned: the dealer must name one of the four suits, not 'no trump'",
        )


_ACTION_KINDS: Final = frozenset(ACTION_TYPES)


def _verify_deal(state: State, deal: Deal) -> None:
    players = state.config.players
    size = state.round
    if len(deal.hands) != players:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"a deal needs {players} hands, not {len(deal.hands)}"
        )
    dealt = 0
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise IllegalActionError(
                ErrorCode.INVALID_DEAL,
                f"round {size} deals {size} cards to each player; seat {seat} got {len(hand)}",
            )
        for card in hand:
            if dealt & card.mask:
                raise IllegalActionError(
                    ErrorCode.INVALID_DEAL, f"card {card} is dealt more than once"
                )
            dealt |= card.mask
    remaining = 60 - players * size
    turned = deal.turned
    if remaining == 0:
        if turned is not None:
            raise IllegalActionError(
                ErrorCode.INVALID_DEAL,
                "the last round deals every card, so no card can be turned",
            )
    elif turned is None:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"{remaining} cards remain, so one must be turned for trump"
        )
    elif dealt & turned.mask:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"the turned card {turned} is also in a hand"
        )


def _verify_bid(state: State, bid: Bid) -> None:
    tricks = bid.tricks
    if not 0 <= tricks <= state.round:
        raise IllegalActionError(
            ErrorCode.BID_OUT_OF_RANGE,
            f"a bid in round {state.round} is from 0 to {state.round}, not {tricks}",
        )
    if tricks == forbidden_bid(state.config, state.round, state.dealer, state.bids, bid.player):
        raise IllegalActionError(
            ErrorCode.BID_TOTAL_FORBIDDEN,
            f"with the bid-total option the bids may not add up to {state.round}: "
            f"the dealer may not bid {tricks}",
        )


def forbidden_bid(
    config: Config, round: int, dealer: int, bids: tuple[int | None, ...], player: int
) -> int | None:
    """The one bid the bid-total option forbids ``player`` now, or ``None``."""
    if not config.forbid_bid_total_match or player != dealer:
        return None
    total = 0
    for bid in bids:
        if bid is not None:
            total += bid
    forbidden = round - total
    return forbidden if forbidden >= 0 else None


def _verify_play(state: State, play: Play) -> None:
    card = play.card
    hand = state.hand_masks[play.player]
    if not hand & card.mask:
        raise IllegalActionError(
            ErrorCode.CARD_NOT_IN_HAND, f"P{play.player} does not hold {card}"
        )
    if not unchecked_may_play(hand, state.trick, card):
        led = unchecked_led_suit(state.trick)
        assert led is not None  # may_play refuses only when a suit was led
        raise IllegalActionError(
            ErrorCode.MUST_FOLLOW_SUIT,
            f"P{play.player} holds {led.name.lower()} (the led suit) and must play "
            f"one, or a Wizard or Jester, not {card}",
        )


def playable_mask(hand: int, trick: tuple[Card, ...]) -> int:
    """The bit mask of the cards in ``hand`` that may be played to ``trick``."""
    if trick:
        led = unchecked_led_suit(trick)
        if led is not None:
            follow = hand & SUIT_MASKS[led]
            if follow:
                return follow | (hand & _SPECIALS_MASK)
    return hand


# -- transitions ----------------------------------------------------------
# Each function below is called only after _verify accepted the action, and
# builds the next state field by field with make_state (no validators run).


def _deal(state: State, deal: Deal) -> State:
    config = state.config
    players = config.players
    dealer = state.dealer
    first = (dealer + 1) % players
    masks = tuple(_mask(hand) for hand in deal.hands)
    turned = deal.turned
    phase = Phase.BID
    current = first
    trump = None
    if turned is not None:
        if turned.kind is Kind.WIZARD:
            phase = Phase.CHOOSE_TRUMP
            current = dealer
        else:
            trump = turned.suit  # None for a Jester: no trump this round
    return make_state(
        config,
        phase,
        state.round,
        dealer,
        current,
        masks,
        turned,
        trump,
        state.bids,
        (),
        first,
        (),
        state.results,
        state.past_actions,
        state.round_actions + (deal,),
    )


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _choose_trump(state: State, choice: ChooseTrump) -> State:
    return make_state(
        state.config,
        Phase.BID,
        state.round,
        state.dealer,
        (state.dealer + 1) % state.config.players,
        state.hand_masks,
        state.turned,
        choice.suit,
        state.bids,
        state.trick,
        state.leader,
        state.tricks,
        state.results,
        state.past_actions,
        state.round_actions + (choice,),
    )


def _bid(state: State, bid: Bid) -> State:
    player = bid.player
    bids = state.bids[:player] + (bid.tricks,) + state.bids[player + 1 :]
    if player == state.dealer:
        phase = Phase.PLAY
        current = state.leader
    else:
        phase = Phase.BID
        current = (player + 1) % state.config.players
    return make_state(
        state.config,
        phase,
        state.round,
        state.dealer,
        current,
        state.hand_masks,
        state.turned,
        state.trump,
        bids,
        state.trick,
        state.leader,
        state.tricks,
        state.results,
        state.past_actions,
        state.round_actions + (bid,),
    )


def _play(state: State, play: Play) -> State:
    config = state.config
    players = config.players
    player = play.player
    card = play.card
    masks = state.hand_masks
    masks = masks[:player] + (masks[player] & ~card.mask,) + masks[player + 1 :]
    trick = state.trick + (card,)
    actions = state.round_actions + (play,)
    if len(trick) < players:
        return make_state(
            config,
            Phase.PLAY,
            state.round,
            state.dealer,
            (player + 1) % players,
            masks,
            state.turned,
            state.trump,
            state.bids,
            trick,
            state.leader,
            state.tricks,
            state.results,
            state.past_actions,
            actions,
        )
    leader = state.leader
    winner = (leader + unchecked_winning_position(trick, state.trump)) % players
    tricks = state.tricks + (Trick(leader, trick, winner),)
    if len(tricks) < state.round:
        return make_state(
            config,
            Phase.PLAY,
            state.round,
            state.dealer,
            winner,
            masks,
            state.turned,
            state.trump,
            state.bids,
            (),
            winner,
            tricks,
            state.results,
            state.past_actions,
            actions,
        )
    return _end_round(state, tricks, actions)


def _end_round(state: State, tricks: tuple[Trick, ...], actions: tuple[Action, ...]) -> State:
    config = state.config
    players = config.players
    taken = [0] * players
    for trick in tricks:
        taken[trick.winner] += 1
    bids: tuple[int, ...] = state.bids  # type: ignore[assignment]  # all bid by now
    result = RoundResult(
        round=state.round,
        dealer=state.dealer,
        turned=state.turned,
        trump=state.trump,
        bids=bids,
        tricks=tricks,
        tricks_won=tuple(taken),
        scores=tuple(round_score(bid, took) for bid, took in zip(bids, taken, strict=True)),
    )
    last = state.round == config.rounds
    dealer = state.dealer if last else (state.dealer + 1) % players
    return make_state(
        config,
        Phase.GAME_OVER if last else Phase.DEAL,
        state.round if last else state.round + 1,
        dealer,
        None,
        (0,) * players,
        None,
        None,
        (None,) * players,
        (),
        (dealer + 1) % players,
        (),
        state.results + (result,),
        state.past_actions + (actions,),
        (),
    )
