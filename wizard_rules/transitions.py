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
    BIDS,
    PLAYS,
    TRUMP_CHOICES,
    Action,
    Bid,
    ChooseTrump,
    Deal,
    Play,
)
from wizard_rules.cards import Card, Kind
from wizard_rules.config import Config
from wizard_rules.errors import (
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
)
from wizard_rules.scoring import RoundResult, round_score
from wizard_rules.state import Phase, State, make_state, make_state_from_fields
from wizard_rules.trick import (
    Trick,
    count_wins,
    unchecked_playable_mask,
    unchecked_winning_position,
)

__all__ = ["apply", "check", "is_legal", "legal_actions", "replay"]

_KIND_OF: Final = {
    Phase.DEAL: Deal,
    Phase.CHOOSE_TRUMP: ChooseTrump,
    Phase.BID: Bid,
    Phase.PLAY: Play,
}
_PHASE_OF: Final[dict[type, Phase]] = {kind: phase for phase, kind in _KIND_OF.items()}
_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID
_GAME_OVER: Final = Phase.GAME_OVER


def legal_actions(state: State) -> tuple[Action, ...]:
    """Return every legal action of the player to act, in a fixed order.

    Trump choices come in suit order, bids from 0 up, cards in canonical card
    order.  At a chance step (:attr:`State.is_chance`) and at the end of the
    game there is no player to act and the result is empty: draw the deal
    with :func:`~wizard_rules.random_deal`, or build a :class:`Deal`.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    """
    if type(state) is not State:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a State, not {type(state).__name__}"
        )
    fields = state._fields
    player = fields[4]
    if player is None:
        return ()
    if fields[1] is _PLAY:  # the common case, inlined (see actions_for)
        return _play_actions(player, fields[5][player], fields[9])
    return actions_for(
        fields[0], fields[1], player, fields[5][player], fields[9], fields[2], fields[3], fields[8]
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
        return _play_actions(player, hand, trick)
    if phase is Phase.BID:
        every_bid = BIDS[player][: round + 1]
        forbidden = forbidden_bid(config, round, dealer, bids, player)
        if forbidden is None:
            return every_bid
        return every_bid[:forbidden] + every_bid[forbidden + 1 :]
    if phase is Phase.CHOOSE_TRUMP:
        return TRUMP_CHOICES[player]
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
            ErrorCode.INVALID_ARGUMENT,
            f"replay needs an iterable of actions, not {type(actions).__name__}",
        ) from None
    for action in items:
        state = apply(state, action)
    return state


# -- verification ---------------------------------------------------------


def _require_state(state: object) -> None:
    if type(state) is not State:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected a State, not {type(state).__name__}"
        )


def _verify(state: State, action: object) -> None:
    # The order of the checks is part of the contract (see the module's
    # docstring and rules 11.1 to 11.11 of the specification).
    kind = type(action)
    expected = _PHASE_OF.get(kind)  # keyed by type: hashing a type is cheap
    if expected is None:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"expected an action (Deal, ChooseTrump, Bid or Play), not {kind.__name__}",
        )
    fields = state._fields
    phase = fields[1]
    if phase is not expected:
        if phase is _GAME_OVER:
            raise IllegalActionError(ErrorCode.GAME_OVER, "the game is over; no action is legal")
        raise IllegalActionError(
            ErrorCode.WRONG_PHASE,
            f"the game is in the {phase.value!r} phase and expects "
            f"{_KIND_OF[phase].__name__}, not {kind.__name__}",
        )
    if kind is Deal:
        _verify_deal(state, action)  # type: ignore[arg-type]
        return
    player = cast(ChooseTrump | Bid | Play, action).player
    players = fields[0].players
    if not 0 <= player < players:
        raise IllegalActionError(
            ErrorCode.NO_SUCH_PLAYER, f"there is no seat {player}: seats are 0 to {players - 1}"
        )
    if player != fields[4]:
        raise IllegalActionError(
            ErrorCode.NOT_YOUR_TURN, f"it is P{fields[4]}'s turn, not P{player}'s"
        )
    if kind is Play:
        card = cast(Play, action).card
        hand = fields[5][player]
        if not hand & card.mask:
            raise IllegalActionError(ErrorCode.CARD_NOT_IN_HAND, f"P{player} does not hold {card}")
        if not unchecked_playable_mask(hand, fields[9]) & card.mask:
            raise IllegalActionError(
                ErrorCode.MUST_FOLLOW_SUIT,
                f"P{player} holds the led suit and must play it, or a Wizard or "
                f"Jester, not {card}",
            )
    elif kind is Bid:
        _verify_bid(state, action)  # type: ignore[arg-type]
    elif cast(ChooseTrump, action).suit is None:
        raise IllegalActionError(
            ErrorCode.NO_TRUMP_NOT_ALLOWED,
            "a Wizard was turned: the dealer must name one of the four suits, not 'no trump'",
        )


def _play_actions(player: int, hand: int, trick: tuple[Card, ...]) -> tuple[Play, ...]:
    """The legal cards of ``player`` as interned actions, in canonical order."""
    hand = unchecked_playable_mask(hand, trick)
    plays = PLAYS[player]
    result = []
    while hand:
        low = hand & -hand
        result.append(plays[low.bit_length() - 1])
        hand ^= low
    return tuple(result)


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
    fields = state._fields
    config, round_number, dealer, bids = fields[0], fields[2], fields[3], fields[8]
    tricks = bid.tricks
    if not 0 <= tricks <= round_number:
        raise IllegalActionError(
            ErrorCode.BID_OUT_OF_RANGE,
            f"a bid in round {round_number} is from 0 to {round_number}, not {tricks}",
        )
    if tricks == forbidden_bid(config, round_number, dealer, bids, bid.player):
        raise IllegalActionError(
            ErrorCode.BID_TOTAL_FORBIDDEN,
            f"with the bid-total option the bids may not add up to {round_number}: "
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
    (
        config,
        _phase,
        round_number,
        dealer,
        _current,
        masks,
        turned,
        trump,
        bids,
        trick,
        leader,
        tricks,
        results,
        past_actions,
        round_actions,
    ) = state._fields
    player = bid.player
    bids = bids[:player] + (bid.tricks,) + bids[player + 1 :]
    if player == dealer:
        phase = _PLAY
        current = leader
    else:
        phase = _BID
        current = (player + 1) % config.players
    return make_state_from_fields(
        (
            config,
            phase,
            round_number,
            dealer,
            current,
            masks,
            turned,
            trump,
            bids,
            trick,
            leader,
            tricks,
            results,
            past_actions,
            round_actions + (bid,),
        )
    )


def _play(state: State, play: Play) -> State:
    # The hottest function of the library: one unpacking reads every field,
    # and the common case (a card that does not end the trick) builds the
    # next state's field tuple directly.
    (
        config,
        phase,
        round_number,
        dealer,
        _current,
        masks,
        turned,
        trump,
        bids,
        trick,
        leader,
        tricks,
        results,
        past_actions,
        round_actions,
    ) = state._fields
    players = config.players
    player = play.player
    card = play.card
    masks = masks[:player] + (masks[player] & ~card.mask,) + masks[player + 1 :]
    trick = trick + (card,)
    actions = round_actions + (play,)
    if len(trick) < players:
        return make_state_from_fields(
            (
                config,
                phase,
                round_number,
                dealer,
                (player + 1) % players,
                masks,
                turned,
                trump,
                bids,
                trick,
                leader,
                tricks,
                results,
                past_actions,
                actions,
            )
        )
    winner = (leader + unchecked_winning_position(trick, trump)) % players
    tricks = tricks + (Trick(leader, trick, winner),)
    if len(tricks) < round_number:
        return make_state_from_fields(
            (
                config,
                phase,
                round_number,
                dealer,
                winner,
                masks,
                turned,
                trump,
                bids,
                (),
                winner,
                tricks,
                results,
                past_actions,
                actions,
            )
        )
    return _end_round(state, tricks, actions)


def _end_round(state: State, tricks: tuple[Trick, ...], actions: tuple[Action, ...]) -> State:
    config = state.config
    players = config.players
    taken = count_wins(tricks, players)
    bids: tuple[int, ...] = state.bids  # type: ignore[assignment]  # all bid by now
    result = RoundResult(
        round=state.round,
        dealer=state.dealer,
        turned=state.turned,
        trump=state.trump,
        bids=bids,
        tricks=tricks,
        tricks_won=taken,
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
