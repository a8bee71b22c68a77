"""The transition functions: which actions are legal, and what each one does.

Legality comes in layers, as in python-chess and pokerkit:

* :func:`legal_actions` -- every legal action of the player to act;
* :func:`is_legal` -- a yes or no for one action;
* :func:`check` -- the same question, answered with the reason: it raises
  the :class:`~wizard_rules.errors.IllegalActionError` that :func:`apply`
  would raise, and returns ``None`` for a legal action;
* :func:`apply` -- checks, then returns the next state.  A refused action
  changes nothing: states are immutable, and the check runs before anything
  is built;
* :func:`check_as` and :func:`apply_as` -- the same for a game server, which
  knows which seat sent an action: anything from a seat that is not to act
  is refused first, before any check that depends on a hand.

Each kind of action has its rules in one place: a verifier that raises the
reason for a refusal (``_verify_play``) next to the transition that builds the
next state (``_play``), and a row of the table ``_RULES`` that ties them to the
phase that expects the action and to the generator of its legal choices.
:func:`check`, :func:`apply` and :func:`legal_actions` all read that table.

Checks run in a fixed order, so that an action that breaks several rules
always gets the same code: ``invalid_action`` (not an action at all), then
``game_over``, ``wrong_phase``, ``no_such_player``, ``not_your_turn``, and
last the action's own rules (``invalid_deal``; ``no_trump_not_allowed``;
``bid_out_of_range`` then ``bid_total_forbidden``; ``card_not_in_hand`` then
``must_follow_suit``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import add
from typing import TYPE_CHECKING, Any, Final, Generic, NoReturn, TypeVar, cast, overload

import attrs

from wizard_rules.core._fast.deals import _HAND_BITS, _drawn_for, _packed_hands
from wizard_rules.core._fast.layout import _ALL, _fields_of, _last_built, build
from wizard_rules.core._fast.log import (
    _DIGEST,
    _DIGEST_BITS,
    _MIX,
    _PLAY_KEYS,
    _Log,
    _logged,
)
from wizard_rules.core._fast.phases import _BID, _DEAL, _GAME_OVER, _PLAY
from wizard_rules.core._fast.tables import (
    _PLAY_TABLES,
    _SEAT_BITS,
    _last_legal,
    _never,
    _play_tables,
)
from wizard_rules.core.actions import (
    _BIDS,
    _TRUMP_CHOICES,
    Action,
    Bid,
    ChooseTrump,
    Deal,
    Play,
    _interned,
)
from wizard_rules.core.cards import (
    _FULL_DECK_MASK,
    Card,
    _pick,
)
from wizard_rules.core.config import _LEFT_OF, _seat_after
from wizard_rules.core.phase import Phase
from wizard_rules.core.scoring import _round_result
from wizard_rules.core.state import State, _between_rounds, _ChoiceFacts, _not_a_state
from wizard_rules.core.trick import Trick, _trick
from wizard_rules.errors import (
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
)
from wizard_rules.errors import show_value as _show

if TYPE_CHECKING:
    from wizard_rules.core.anniversary.state import AnniversaryState

__all__ = [
    "apply",
    "apply_as",
    "apply_legal",
    "check",
    "check_as",
    "is_legal",
    "legal_actions",
    "out_of_phase",
    "replay",
    "require_phase",
]


def _anniversary(state: object) -> Any:
    """The anniversary cards' transitions, for a game with them; else refuse ``state``.

    A game with anniversary cards is an ``AnniversaryState``, whose rules
    live in :mod:`wizard_rules.core.anniversary.transitions`: the public
    functions below come here only when ``state`` is not a :class:`State`,
    so the standard game's paths are as they were.
    """
    from wizard_rules.core.anniversary import state as anniversary_state
    from wizard_rules.core.anniversary import transitions as anniversary

    if type(state) is not anniversary_state.AnniversaryState:
        raise _not_a_state(state)
    return anniversary


@overload
def legal_actions(state: State) -> tuple[Action, ...]: ...
@overload
def legal_actions(state: AnniversaryState) -> tuple[Any, ...]: ...
def legal_actions(state: State | AnniversaryState) -> tuple[Any, ...]:
    """Return every legal action of the player to act, in a fixed order.

    Trump choices come in suit order, bids from 0 up, cards in canonical card
    order.  At a chance step (:attr:`State.is_chance`) and at the end of the
    game there is no player to act and the result is empty: draw the deal
    with :func:`~wizard_rules.random_deal`, or build a :class:`Deal`.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    """
    # The fields of the state the transitions built last are remembered
    # (state._last_built); any other state's are copied.
    known, fields = _last_built[0]
    if known is not state:
        if type(state) is not State:
            return _anniversary(state).legal_actions(state)  # type: ignore[no-any-return]
        fields = _fields_of(state, _ALL)
    player = fields[5]  # current_player
    if player is None:
        return ()  # a chance step, or the end of the game
    # The table's dispatch written out (rather than calling _legal_choices),
    # and _legal_plays inlined: this runs once per decision of every
    # simulated game, and nine in ten decisions are cards.
    hand = fields[6] >> _HAND_BITS * player & _FULL_DECK_MASK  # packed_hands
    phase = fields[1]
    if phase is _PLAY:
        trick = fields[11]  # current_trick
        # (A leader may lead any card.)
        mask = fields[0].rules.follow.playable(hand, trick) if trick else hand
        b7, b6, b5, b4, b3, b2, b1, b0 = mask.to_bytes(8)  # _pick, inlined
        t0, t1, t2, t3, t4, t5, t6, t7 = _PLAY_TABLES[player] or _play_tables(player)
        actions: tuple[Action, ...] = (
            t0[b0] + t1[b1] + t2[b2] + t3[b3] + t4[b4] + t5[b5] + t6[b6] + t7[b7]
        )
        _last_legal[0] = (state, actions, _play)
    else:
        rule = _RULE_OF_PHASE[phase]
        actions = rule.choices(state, player, hand)  # type: ignore[arg-type]
        _last_legal[0] = (state, actions, rule.transition)
    return actions


@overload
def apply_legal(state: State, index: int) -> State: ...
@overload
def apply_legal(state: AnniversaryState, index: int) -> AnniversaryState: ...
def apply_legal(state: State | AnniversaryState, index: int) -> State | AnniversaryState:
    """Return the state after the ``index``-th action of ``legal_actions(state)``.

    The fast path for search and simulation.  The action is one of the
    state's own legal actions, so it is applied without being checked again
    (for what that saves, see :doc:`/speed`), and no call can build an
    illegal state: the only thing to check is the index.  Right after
    ``legal_actions(state)`` for the same state object, its list is reused,
    so the usual loop computes it once:

    >>> import random
    >>> from wizard_rules import Config, apply, apply_legal, legal_actions, new_game, random_deal
    >>> rng = random.Random(1)
    >>> state = new_game(Config(players=3))
    >>> state = apply(state, random_deal(state, rng))
    >>> actions = legal_actions(state)
    >>> state = apply_legal(state, rng.randrange(len(actions)))
    >>> state.bids
    (None, 0, None)

    At a chance step and at the end of the game there are no legal actions:
    deal with :func:`apply` (and :func:`~wizard_rules.random_deal`).

    :raises InvalidArgumentError: ``state`` is not a :class:`State`, or
        ``index`` is not an int from 0 to ``len(legal_actions(state)) - 1``.
    """
    known, actions, transition = _last_legal[0]
    if known is not state:
        if type(state) is not State:
            anniversary = _anniversary(state)
            actions = anniversary.legal_actions(state)
            transition = anniversary.apply
        else:
            actions = legal_actions(state)
            # Not from _last_legal: another thread may have replaced it since.
            # (No actions: the index is refused below.)
            transition = _RULE_OF_PHASE[state.phase].transition if actions else _never
    if type(index) is int and index >= 0:
        try:
            action = actions[index]
        except IndexError:
            pass  # past the end: refused below
        else:
            return transition(state, action)  # type: ignore[arg-type]
    raise InvalidArgumentError(
        ErrorCode.INVALID_ARGUMENT,
        f"index must be an int from 0 to {len(actions) - 1}, the positions of "
        f"legal_actions(state), not {_show(index)}"
        if actions
        else f"there is no legal action to choose here ({state.phase.value}): "
        "a deal is applied with apply()",
    )


def is_legal(state: State | AnniversaryState, action: object) -> bool:
    """Return whether ``action`` may be applied to ``state``.

    Anything that is not an action is simply not legal.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    """
    try:
        check(state, action)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


def check(state: State | AnniversaryState, action: object) -> None:
    """Raise the error :func:`apply` would raise for ``action``, if any.

    Returns ``None`` when the action is legal.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    :raises InvalidActionError: ``action`` is not an action.
    :raises IllegalActionError: the rules forbid ``action`` here; its
        :attr:`~wizard_rules.errors.WizardError.code` says why.
    """
    if type(state) is not State:
        _anniversary(state).check(state, action)
        return
    _verify(state, action)


@overload
def apply(state: State, action: object) -> State: ...
@overload
def apply(state: AnniversaryState, action: object) -> AnniversaryState: ...
def apply(state: State | AnniversaryState, action: object) -> State | AnniversaryState:
    """Return the state after ``action``; ``state`` itself is unchanged.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`.
    :raises InvalidActionError: ``action`` is not an action.
    :raises IllegalActionError: the rules forbid ``action`` here (see
        :func:`check`); nothing has changed.
    """
    if type(state) is not State:
        return _anniversary(state).apply(state, action)  # type: ignore[no-any-return]
    # The transitions take interned actions, whose identity the log keeps.
    return _verify(state, action).transition(state, _interned(cast(Action, action)))


def check_as(state: State | AnniversaryState, seat: int, action: object) -> None:
    """Raise the error :func:`apply_as` would raise for ``action`` sent by ``seat``, if any.

    For game servers: ``seat`` is the seat the server knows sent the action
    (the authenticated connection's), not the seat the action names.
    Anything from a seat that is not to act is refused first, whatever it
    is, so that the answer to such a seat never depends on any hand: a client
    cannot probe another seat's cards by trying them out of turn (where
    ``card_not_in_hand``, ``must_follow_suit`` and success would tell them
    apart).  The checks, in order:

    1. ``game_over`` at the end of the game;
    2. ``not_your_turn`` when ``seat`` is not the player to act (also at a
       chance step, when no seat is);
    3. ``not_your_turn`` for a :class:`Deal` (a deal is chance's, never a
       player's) or an action that names another seat than ``seat``;
    4. then everything :func:`check` checks, in its order.

    Returns ``None`` when ``seat`` may play ``action`` now.

    :raises InvalidArgumentError: ``state`` is not a :class:`State`, or
        ``seat`` is not one of its seats (the server's mistake, not the
        player's).
    :raises InvalidActionError: ``action``, sent by the seat to act, is not
        an action.
    :raises IllegalActionError: ``game_over``, ``not_your_turn``, or the
        rules forbid ``action`` here (see :func:`check`).
    """
    if type(state) is not State:
        _anniversary(state).check_as(state, seat, action)
        return
    _verify_as(state, seat, action)


@overload
def apply_as(state: State, seat: int, action: object) -> State: ...
@overload
def apply_as(state: AnniversaryState, seat: int, action: object) -> AnniversaryState: ...
def apply_as(
    state: State | AnniversaryState, seat: int, action: object
) -> State | AnniversaryState:
    """Return the state after ``seat`` plays ``action``; ``state`` itself is unchanged.

    :func:`apply` for game servers: ``seat`` is the seat that sent the
    action, and anything from a seat that is not to act is refused first (see
    :func:`check_as`, which lists the checks and their order).

    :raises InvalidArgumentError: ``state`` is not a :class:`State`, or
        ``seat`` is not one of its seats.
    :raises InvalidActionError: ``action``, sent by the seat to act, is not
        an action.
    :raises IllegalActionError: ``game_over``, ``not_your_turn``, or the
        rules forbid ``action`` here; nothing has changed.
    """
    if type(state) is not State:
        return _anniversary(state).apply_as(state, seat, action)  # type: ignore[no-any-return]
    return _verify_as(state, seat, action).transition(state, _interned(cast(Action, action)))


@overload
def replay(state: State, actions: Iterable[object]) -> State: ...
@overload
def replay(state: AnniversaryState, actions: Iterable[object]) -> AnniversaryState: ...
def replay(state: State | AnniversaryState, actions: Iterable[object]) -> State | AnniversaryState:
    """Apply ``actions`` one after another, starting from ``state``.

    ``replay(new_game(config), old.history) == old`` for any reachable state
    (``new_anniversary_game(config)`` for a game with anniversary cards).

    :raises InvalidArgumentError: ``state`` is not a State, or ``actions`` is
        not iterable.
    :raises InvalidActionError: an item is not an action.
    :raises IllegalActionError: an action is illegal where it comes; the error
        says which, and ``state`` is unchanged.
    """
    if type(state) is not State:
        _anniversary(state)
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


# -- the checks every action goes through -----------------------------------
# The order of the checks is part of the contract (see the module's docstring
# and rules 11.1 to 11.11 of the specification): what the action is, then the
# phase, then (for a player's action) the seat and the turn, then the
# action's own rules in its verifier.


def _verify(state: State, action: object) -> _Rule[Any]:
    """Raise the reason ``action`` is refused in ``state``; return its rule if legal."""
    rule = _RULES.get(type(action))  # keyed by type: hashing a type is cheap
    if rule is None:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            f"expected an action (Deal, ChooseTrump, Bid or Play), not {type(action).__name__}",
        )
    if state.phase is not rule.phase:
        raise _out_of_phase(state, rule.kind.__name__)
    rule.verify(state, action)
    return rule


def _verify_as(state: State, seat: int, action: object) -> _Rule[Any]:
    """:func:`_verify`, after refusing anything not from the seat to act (see :func:`check_as`).

    (``state`` is a :class:`State`: :func:`check_as` and :func:`apply_as` send
    anything else to the anniversary cards' transitions, or refuse it.)
    """
    seat = state._seat(seat)
    if seat != state.current_player:
        if state.phase is Phase.GAME_OVER:
            raise _out_of_phase(state, "any action")
        who = "chance" if state.current_player is None else f"P{state.current_player}"
        raise IllegalActionError(ErrorCode.NOT_YOUR_TURN, f"it is {who}'s turn, not P{seat}'s")
    if isinstance(action, Deal) or (
        isinstance(action, (ChooseTrump, Bid, Play)) and action.player != seat
    ):
        raise IllegalActionError(
            ErrorCode.NOT_YOUR_TURN, f"P{seat} may act only for itself, as P{seat}"
        )
    return _verify(state, action)


def require_phase(state: State, kind: type[Action], what: str) -> None:
    """Refuse to go on unless ``state`` is in the phase that expects a ``kind`` action.

    :func:`~wizard_rules.random_deal` asks this before drawing; the check of
    every action asks the same, inline.

    :param kind: :class:`~wizard_rules.Deal`, :class:`~wizard_rules.ChooseTrump`,
        :class:`~wizard_rules.Bid` or :class:`~wizard_rules.Play`.
    :param what: what is refused, for the message (``"a random deal"``).
    :raises IllegalActionError: :func:`out_of_phase`'s error, in another phase.
    :raises InvalidArgumentError: ``state`` is not a State, or ``kind`` is
        not one of the four action classes.
    """
    if type(state) is not State:
        raise _not_a_state(state)
    rule = _RULES.get(kind) if type(kind) is type else None
    if rule is None:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT, f"expected an action class, not {_show(kind)}"
        )
    if state.phase is not rule.phase:
        raise _out_of_phase(state, what)


def out_of_phase(state: State, what: str) -> IllegalActionError:
    """Return the refusal of ``what`` in a phase that expects another kind of action (to raise).

    ``game_over`` at the end of the game, ``wrong_phase`` before (naming the
    kind of action the phase expects).  :func:`~wizard_rules.random_deal`
    refuses to draw with the same error.

    :raises InvalidArgumentError: ``state`` is not a State.
    """
    if type(state) is not State:
        raise _not_a_state(state)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return IllegalActionError(ErrorCode.GAME_OVER, "the game is over; no action is legal")
    return IllegalActionError(
        ErrorCode.WRONG_PHASE,
        f"the game is in the {phase.value!r} phase and expects "
        f"{_RULE_OF_PHASE[phase].kind.__name__}, not {what}",
    )


_out_of_phase = out_of_phase  # the rules modules' own name for it


def _refuse_turn(state: State, player: int) -> IllegalActionError:
    """Why ``player``, who is not the player to act, may not act.

    Each player's action checks ``player != state.current_player`` inline
    (the hot path) and raises this: ``no_such_player`` for a seat that does
    not exist, ``not_your_turn`` for another seat.
    """
    players = state.config.players
    if not 0 <= player < players:
        return IllegalActionError(
            ErrorCode.NO_SUCH_PLAYER,
            f"there is no seat {_show(player)}: seats are 0 to {players - 1}",
        )
    return IllegalActionError(
        ErrorCode.NOT_YOUR_TURN, f"it is P{state.current_player}'s turn, not P{_show(player)}'s"
    )


# -- each action: its rules, then what it does ---------------------------------
# A verifier raises the reason for a refusal; the transition after it runs
# only once the verifier (and the checks above) accepted the action, and
# builds the next state without checking again.


def _verify_deal(state: State, deal: Deal) -> None:
    if _drawn_for(deal) is state:
        return  # random_deal drew it for this very state: it fits by construction
    players = state.config.players
    size = state.deal_size
    hands = deal.hands
    if len(hands) != players:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"a deal needs {players} hands, not {len(hands)}"
        )
    packed = _packed_hands(deal)
    dealt = 0
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise IllegalActionError(
                ErrorCode.INVALID_DEAL,
                f"round {state.round} deals {size} cards to each player; "
                f"seat {seat} got {len(hand)}",
            )
        mask = packed >> _HAND_BITS * seat & _FULL_DECK_MASK
        if dealt & mask or mask.bit_count() != size:  # a card twice: say which
            _refuse_dealt_twice(hands)
        dealt |= mask
    remaining = len(state.config.rules.deck.cards) - players * size
    turned = deal.turned
    if remaining == 0:
        if turned is not None:
            raise IllegalActionError(
                ErrorCode.INVALID_DEAL,
                f"round {state.round} deals every card, so no card can be turned",
            )
    elif turned is None:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"{remaining} cards remain, so one must be turned for trump"
        )
    elif dealt & turned.mask:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"the turned card {turned} is also in a hand"
        )
    elif not turned.mask & _FULL_DECK_MASK:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"the turned card {turned} is not in this game's deck"
        )


def _refuse_dealt_twice(hands: tuple[tuple[Card, ...], ...]) -> NoReturn:
    """Raise ``invalid_deal`` for the first card found a second time, hand by hand.

    (Or for a card that is not one of the 60: an anniversary card, which
    the standard game's deck does not hold, also makes a hand's bits fall
    short.)
    """
    dealt = 0
    for hand in hands:
        for card in hand:
            if not card.mask & _FULL_DECK_MASK:
                raise IllegalActionError(
                    ErrorCode.INVALID_DEAL, f"card {card} is not in this game's deck"
                )
            if dealt & card.mask:
                raise IllegalActionError(
                    ErrorCode.INVALID_DEAL, f"card {card} is dealt more than once"
                )
            dealt |= card.mask
    raise AssertionError("unreachable: _verify_deal found a card twice")  # pragma: no cover


def _deal(state: State, deal: Deal) -> State:
    dealer = state.dealer
    first = state.leader  # left of the dealer: bids first and leads the first trick
    packed_hands = _packed_hands(deal)  # known from _verify_deal
    dealt = 0
    for seat in range(state.config.players):
        dealt |= packed_hands >> _HAND_BITS * seat
    dealt &= _FULL_DECK_MASK
    turned = deal.turned
    rules = state.config.rules
    trump, dealer_names = rules.trump.of_turned(turned)
    if turned is not None:
        dealt |= turned.mask
    if dealer_names:
        phase = Phase.CHOOSE_TRUMP
        current = dealer
    else:
        phase = _BID
        current = rules.bidding.first_bidder(dealer, state.config.players)
    return build(
        State,
        (
            state.config,
            phase,
            False,  # is_over
            state.round,
            dealer,
            current,
            packed_hands,
            _FULL_DECK_MASK & ~dealt,  # undealt_mask: neither dealt nor turned
            turned,
            trump,
            state.bids,
            (),  # current_trick
            first,  # leader
            (),  # completed_tricks
            state.tricks_won,
            state.results,
            state.scores,
            state.start,
            _logged(state.log, deal),  # once a round: no need to write it out
        ),
    )


def _verify_choose_trump(state: State, choice: ChooseTrump) -> None:
    if choice.player != state.current_player:
        raise _refuse_turn(state, choice.player)
    if choice.suit is None:
        raise IllegalActionError(
            ErrorCode.NO_TRUMP_NOT_ALLOWED,
            "a Wizard was turned: the dealer must name one of the four suits, not 'no trump'",
        )


def _choose_trump(state: State, choice: ChooseTrump) -> State:
    return build(
        State,
        (
            state.config,
            Phase.BID,  # phase
            False,  # is_over
            state.round,
            state.dealer,
            # current_player: the first bidder
            state.config.rules.bidding.first_bidder(state.dealer, state.config.players),
            state.packed_hands,
            state.undealt_mask,
            state.turned,
            choice.suit,  # trump
            state.bids,
            state.current_trick,
            state.leader,
            state.completed_tricks,
            state.tricks_won,
            state.results,
            state.scores,
            state.start,
            _logged(state.log, choice),  # log
        ),
    )


def _legal_trump_choices(state: _ChoiceFacts, player: int, hand: int) -> tuple[ChooseTrump, ...]:
    return _TRUMP_CHOICES[player]


def _verify_bid(state: State, bid: Bid) -> None:
    if bid.player != state.current_player:
        raise _refuse_turn(state, bid.player)
    size = state.deal_size
    tricks = bid.tricks
    if not 0 <= tricks <= size:
        raise IllegalActionError(
            ErrorCode.BID_OUT_OF_RANGE,
            f"a bid in round {state.round} is from 0 to {size}, not {_show(tricks)}",
        )
    for restriction in state.config.rules.bid_restrictions:
        if tricks == restriction.forbidden(
            bid.player, state.dealer, state.bids, state.scores, size
        ):
            raise IllegalActionError(
                ErrorCode.BID_TOTAL_FORBIDDEN, restriction.reason(size, tricks)
            )


def _bid(state: State, bid: Bid) -> State:
    # One of the two hottest transitions: it reads the state with one
    # unpacking (of the fields remembered when it was built, else of a copy)
    # and builds the next from all its fields in order (both in the order of
    # state._StateFields, which type-checks the unpacking).
    known, fields = _last_built[0]
    if known is not state:
        fields = _fields_of(state, _ALL)
    (
        config,
        _phase,
        _is_over,
        round_number,
        dealer,
        _current,
        packed_hands,
        undealt_mask,
        turned,
        trump,
        bids,
        current_trick,
        leader,
        completed_tricks,
        tricks_won,
        results,
        scores,
        start,
        log,
    ) = fields
    player = bid.player
    tricks = bid.tricks
    bids = bids[:player] + (tricks,) + bids[player + 1 :]
    if player == dealer:  # the dealer bids last
        phase = _PLAY
        current = leader
    else:
        phase = _BID
        current = _LEFT_OF[config.players][player]
    next_state = build(
        State,
        (
            config,
            phase,
            False,  # is_over
            round_number,
            dealer,
            current,
            packed_hands,
            undealt_mask,
            turned,
            trump,
            bids,
            current_trick,
            leader,
            completed_tricks,
            tricks_won,
            results,
            scores,
            start,
            _logged(log, bid),
        ),
    )
    if phase is _PLAY and round_number == config.rules.visibility.blind_round:
        return _play_blind(next_state)
    return next_state


def _play_blind(state: State) -> State:
    """Play out the trick of a blind round (rule 26.3): each seat's one card, from the leader.

    A seat that cannot see its one card has no choice to make with it: the
    cards go to the trick in turn and the round is scored.  Nothing more is
    logged than the bid that ended the bidding, so a replay of the history
    plays the trick again.
    """
    players = state.config.players
    leader = state.leader
    seats = [_seat_after(leader, k, players) for k in range(players)]
    cards = tuple(state.hand(seat)[0] for seat in seats)
    winner = _seat_after(
        leader, state.config.rules.trick_winner.position(cards, state.trump), players
    )
    tricks_won = tuple(int(seat == winner) for seat in range(players))
    return _end_round(state, (_trick(leader, cards, winner),), tricks_won, state.log)


def _legal_bids(state: _ChoiceFacts, player: int, hand: int) -> tuple[Bid, ...]:
    size = state.config.deal_sizes[state.round - 1]
    every_bid = _BIDS[player][: size + 1]
    restrictions = state.config.rules.bid_restrictions
    if not restrictions:
        return every_bid
    dealer, bids, scores = state.dealer, state.bids, state.scores
    forbidden = {r.forbidden(player, dealer, bids, scores, size) for r in restrictions}
    return tuple(bid for bid in every_bid if bid.tricks not in forbidden)


def _verify_play(state: State, play: Play) -> None:
    player = play.player
    if player != state.current_player:
        raise _refuse_turn(state, player)
    card = play.card
    hand = state.packed_hands >> _HAND_BITS * player & _FULL_DECK_MASK
    if not hand & card.mask:
        raise IllegalActionError(ErrorCode.CARD_NOT_IN_HAND, f"P{player} does not hold {card}")
    if not state.config.rules.follow.playable(hand, state.current_trick) & card.mask:
        raise IllegalActionError(
            ErrorCode.MUST_FOLLOW_SUIT,
            f"P{player} holds the led suit and must play it, or a Wizard or Jester, not {card}",
        )


def _play(state: State, play: Play) -> State:
    # The hottest function of the library.  It reads the state with one
    # unpacking (of the fields remembered when it was built, else of a copy)
    # and builds the next state from all its fields in order (both in the
    # order of state._StateFields, which type-checks the unpacking); only the
    # last card of a round goes on to _end_round.
    known, fields = _last_built[0]
    if known is not state:
        fields = _fields_of(state, _ALL)
    (
        config,
        phase,
        _is_over,
        round_number,
        dealer,
        _current,
        packed_hands,
        undealt_mask,
        turned,
        trump,
        bids,
        current_trick,
        leader,
        completed_tricks,
        tricks_won,
        results,
        scores,
        start,
        log,
    ) = fields
    players = config.players
    player = play.player
    card = play.card
    index = card.index
    packed_hands ^= _SEAT_BITS[player][index]  # the card leaves the hand
    trick = current_trick + (card,)
    log = (log, play, (log[_DIGEST] * _MIX ^ _PLAY_KEYS[player][index]) & _DIGEST_BITS)  # _logged
    if len(trick) < players:  # the trick goes on, to the left
        current = _LEFT_OF[players][player]
    else:  # the trick is complete: its winner takes it and leads the next
        winner = (leader + config.rules.trick_winner.position(trick, trump)) % players
        completed_tricks = completed_tricks + (_trick(leader, trick, winner),)
        won = tricks_won[winner] + 1
        tricks_won = tricks_won[:winner] + (won,) + tricks_won[winner + 1 :]
        current = leader = winner
        trick = ()
        if not packed_hands:  # every hand is empty: the round's last trick
            return _end_round(state, completed_tricks, tricks_won, log)
    return build(
        State,
        (
            config,
            phase,
            False,  # is_over
            round_number,
            dealer,
            current,
            packed_hands,
            undealt_mask,
            turned,
            trump,
            bids,
            trick,
            leader,
            completed_tricks,
            tricks_won,
            results,
            scores,
            start,
            log,
        ),
    )


def _end_round(
    state: State,
    tricks: tuple[Trick, ...],
    tricks_won: tuple[int, ...],
    log: _Log,
) -> State:
    config = state.config
    round_number = state.round
    dealer = state.dealer
    bids = cast("tuple[int, ...]", state.bids)  # all have bid by now
    points = tuple(map(config.rules.scoring.score, bids, tricks_won))
    result = _round_result(
        round_number, dealer, state.turned, state.trump, bids, tricks, tricks_won, points
    )
    results = state.results + (result,)
    scores = tuple(map(add, state.scores, points))
    if round_number == config.rounds:
        return _between_rounds(
            config, _GAME_OVER, round_number, dealer, results, scores, state.start, log
        )
    return _between_rounds(
        config,
        _DEAL,
        round_number + 1,
        _seat_after(dealer, 1, config.players),
        results,
        scores,
        state.start,
        log,
    )


def _legal_plays(state: _ChoiceFacts, player: int, hand: int) -> tuple[Play, ...]:
    """The legal cards of ``player`` as interned actions, in canonical order."""
    return _pick(
        state.config.rules.follow.playable(hand, state.current_trick),
        _PLAY_TABLES[player] or _play_tables(player),
    )


def _no_choices(state: _ChoiceFacts, player: int, hand: int) -> tuple[Action, ...]:
    return ()  # a deal is chance's, not a player's


# -- the table ------------------------------------------------------------------


_A = TypeVar("_A", Deal, ChooseTrump, Bid, Play)


@attrs.frozen
class _Rule(Generic[_A]):
    """One kind of action: when it is expected, how it is judged and applied."""

    kind: type[_A]
    """The action's class."""
    phase: Phase
    """The phase that expects it."""
    verify: Callable[[State, _A], None]
    """Raise the reason it is refused (after the phase was checked)."""
    transition: Callable[[State, _A], State]
    """The next state (after it was verified)."""
    choices: Callable[[_ChoiceFacts, int, int], tuple[Action, ...]]
    """Every legal one of the player to act, from the situation, seat and hand mask."""


# The table holds rows of different kinds, which the type system cannot pair
# with their keys: a row is a ``_Rule[Any]``.  The pairing holds by
# construction (each row is keyed by its own ``kind``), and ``_verify``
# looks a row up by the exact type of the action, so a row's verifier and
# transition only ever see their own kind of action.
_RULES: Final[dict[type, _Rule[Any]]] = {
    rule.kind: rule
    for rule in (
        _Rule(Deal, Phase.DEAL, _verify_deal, _deal, _no_choices),
        _Rule(
            ChooseTrump,
            Phase.CHOOSE_TRUMP,
            _verify_choose_trump,
            _choose_trump,
            _legal_trump_choices,
        ),
        _Rule(Bid, Phase.BID, _verify_bid, _bid, _legal_bids),
        _Rule(Play, Phase.PLAY, _verify_play, _play, _legal_plays),
    )
}
"""Every kind of action, by its class."""

_RULE_OF_PHASE: Final[dict[Phase, _Rule[Any]]] = {rule.phase: rule for rule in _RULES.values()}
"""The kind of action each phase expects (none at the end of the game)."""


def _legal_choices(facts: _ChoiceFacts, player: int, hand: int) -> tuple[Action, ...]:
    """The legal actions of ``player``, who is to act, holding the cards of ``hand``.

    ``facts`` is a :class:`State` or the player's own view: the choices
    depend on nothing the player cannot see.  Shared by :func:`legal_actions`
    and :meth:`PlayerView.legal_actions <wizard_rules.PlayerView.legal_actions>`.
    """
    return _RULE_OF_PHASE[facts.phase].choices(facts, player, hand)
