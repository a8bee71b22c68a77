"""The transitions of a game with anniversary cards: legal actions, checks, and the next state.

The same layers as the standard game's (:mod:`wizard_rules.core.transitions`):
a list of legal actions, a check that raises the reason for a refusal, and
an apply that checks first, so a refused action changes nothing.  The
public functions (:func:`~wizard_rules.apply`, :func:`~wizard_rules.check`,
:func:`~wizard_rules.legal_actions`, :func:`~wizard_rules.check_as`,
:func:`~wizard_rules.apply_as`) take an
:class:`~wizard_rules.core.anniversary.state.AnniversaryState` as they take a
:class:`~wizard_rules.State`, and come here for it.

The checks go in the order of rule 11: what the action is, the phase, the
seat and the turn, then the action's own rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import attrs

from wizard_rules.core.actions import Bid, ChooseTrump, Deal, Play
from wizard_rules.core.anniversary.actions import (
    ChangeBid,
    Declare,
    PassCard,
    Reveal,
    WerewolfTrump,
    WitchSwap,
)
from wizard_rules.core.anniversary.deck import AnniversaryDeck
from wizard_rules.core.anniversary.faces import (
    Effect,
    bomb_leader_position,
    faces_of,
    needs_declaration,
    playable,
    winning_position,
)
from wizard_rules.core.anniversary.state import (
    AnniversaryPhase,
    AnniversaryRoundResult,
    AnniversaryState,
    AnniversaryTrick,
    PendingEffect,
    WitchSwapRecord,
    _copies_displaced,
)
from wizard_rules.core.cards import Card, Kind, Suit
from wizard_rules.core.config import Config
from wizard_rules.errors import (
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    show_value,
)

__all__ = [
    "anniversary_round_start",
    "apply",
    "check",
    "check_as",
    "legal_actions",
    "new_anniversary_game",
    "random_chance",
]

P = AnniversaryPhase

_NAMES_TRUMP: Final = frozenset(
    {
        Kind.WIZARD,
        Kind.DRAGON,
        Kind.CLOUD,
        Kind.WEREWOLF,
        Kind.JUGGLER,
        Kind.SHAPESHIFTER,
        Kind.VAMPIRE,
    }
)
"""The turned cards after which the dealer names a suit (rules 3.4 and 38.1)."""

_NO_TRUMP: Final = frozenset({Kind.JESTER, Kind.FAIRY, Kind.BOMB, Kind.WITCH})
"""The turned cards that make no trump (rules 3.3 and 38.2)."""

_ORDERS: Final = {
    "juggler_cloud_witch": (Effect.JUGGLER, Effect.CLOUD, Effect.WITCH),
    "cloud_juggler_witch": (Effect.CLOUD, Effect.JUGGLER, Effect.WITCH),
}
"""The order of the effects after a trick, by the reading ``effect_order`` (rule 40.2)."""

_EXPECTED: Final = {
    P.DEAL: Deal,
    P.WEREWOLF: WerewolfTrump,
    P.CHOOSE_TRUMP: ChooseTrump,
    P.REVEAL: Reveal,
    P.BID: Bid,
    P.PLAY: Play,
    P.DECLARE: Declare,
    P.PASS: PassCard,
    P.CHANGE_BID: ChangeBid,
    P.WITCH: WitchSwap,
}
"""The kind of action each phase expects."""

_PHASE_OF: Final = {kind: phase for phase, kind in _EXPECTED.items()}


def _new(**fields: Any) -> AnniversaryState:
    state: AnniversaryState = object.__new__(AnniversaryState)
    state.__attrs_init__(**fields)
    return state


_FIELDS: Final = tuple(field.name for field in attrs.fields(AnniversaryState))


def _with(state: AnniversaryState, **changes: Any) -> AnniversaryState:
    """``state`` with ``changes``: a new state (the transitions' own evolve)."""
    fields = {name: getattr(state, name) for name in _FIELDS}
    fields.update(changes)
    return _new(**fields)


def _evolve(state: AnniversaryState, action: object, **changes: Any) -> AnniversaryState:
    """``state`` after ``action``: :func:`_with`, and the action logged."""
    return _with(state, history=state.history + (action,), **changes)


def new_anniversary_game(config: Config) -> AnniversaryState:
    """Return the state before the first deal of a game with anniversary cards (rule 28).

    ``config``'s deck is an :class:`~wizard_rules.core.anniversary.AnniversaryDeck`;
    :func:`~wizard_rules.new_game` starts every other game.

    >>> from wizard_rules import Config, new_anniversary_game
    >>> from wizard_rules.core.anniversary import AnniversaryDeck
    >>> from wizard_rules.core.rules import Rules
    >>> config = Config(players=4, rules=Rules(deck=AnniversaryDeck(added=("bomb",))))
    >>> state = new_anniversary_game(config)
    >>> state.phase, state.config.rounds
    (<AnniversaryPhase.DEAL: 'deal'>, 15)

    :raises InvalidArgumentError: ``config`` is not such a configuration.
    """
    if type(config) is not Config or type(config.rules.deck) is not AnniversaryDeck:
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            "new_anniversary_game needs a Config whose rules' deck is an AnniversaryDeck "
            "(new_game starts the standard game)",
        )
    return _before_deal(config, 1, config.first_dealer, (), (0,) * config.players, ())


def anniversary_round_start(
    config: Config,
    round_number: int,
    dealer: int,
    results: tuple[AnniversaryRoundResult, ...],
    scores: tuple[int, ...],
    *,
    over: bool = False,
) -> AnniversaryState:
    """Return the state before the deal of round ``round_number`` of a game with cards.

    With ``over=True``, the state at the end of the game instead, its last
    round ``round_number``.

    The rounds before it are given by their public record (``results``) and
    the running totals (``scores``); the state's history starts there.  For
    searches and one-round games: determinization replays a seat's round
    from it, OpenSpiel's one-round game starts with it.

    :raises InvalidArgumentError: ``config``'s deck holds no anniversary
        cards, or the round, dealer or scores do not fit it.
    """
    new_anniversary_game(config)  # the configuration's check
    players = config.players
    if (
        type(round_number) is not int
        or not 1 <= round_number <= config.rounds
        or type(dealer) is not int
        or not 0 <= dealer < players
        or not isinstance(scores, (tuple, list))
        or len(scores) != players
        or not all(type(score) is int for score in scores)
        or not isinstance(results, (tuple, list))
        or not all(type(result) is AnniversaryRoundResult for result in results)
    ):
        raise InvalidArgumentError(
            ErrorCode.INVALID_ARGUMENT,
            f"a round of this game is 1 to {config.rounds}, its dealer a seat from 0 to "
            f"{players - 1}, its scores an int per seat, and its results those of rounds "
            "with the cards",
        )
    return _before_deal(config, round_number, dealer, tuple(results), tuple(scores), (), over=over)


def _before_deal(
    config: Config,
    round_number: int,
    dealer: int,
    results: tuple[AnniversaryRoundResult, ...],
    scores: tuple[int, ...],
    history: tuple[Any, ...],
    *,
    over: bool = False,
) -> AnniversaryState:
    players = config.players
    deck = config.rules.deck
    return _new(
        config=config,
        phase=P.GAME_OVER if over else P.DEAL,
        round=round_number,
        dealer=dealer,
        current_player=None,
        hands=((),) * players,
        stock=deck.cards,
        turned=None,
        trump_card=None,
        werewolf_seat=None,
        revealed=None,
        trump=None,
        bids=(None,) * players,
        bid_changes=(),
        current_trick=(),
        declared=(),
        leader=config.rules.leading.first_leader(dealer, players),
        completed_tricks=(),
        tricks_won=(0,) * players,
        effects=(),
        clouds_due=(),
        passing=(),
        passes=(),
        witch_swaps=(),
        out=(),
        results=results,
        scores=scores,
        history=history,
    )


# -- the public layers ---------------------------------------------------------


def legal_actions(state: AnniversaryState) -> tuple[Any, ...]:
    """Every legal action of the player to act, in a fixed order (``()`` at chance or the end).

    Trump choices in suit order (a Werewolf's no trump last), bids from 0
    up, cards and passes in canonical card order, declarations in suit
    order (a Shapeshifter: Wizard, then Jester), a bid change down then up,
    a Witch's keeping of the hand first and then her swaps by the card given.
    """
    player = state.current_player
    if player is None:
        return ()
    phase = state.phase
    hand = state.hands[player]
    if phase is P.PLAY:
        return tuple(Play(player, card) for card in playable(hand, state.current_faces))
    if phase is P.BID:
        return tuple(Bid(player, n) for n in _allowed_bids(state, player))
    if phase is P.DECLARE:
        return tuple(Declare(player, value) for value in _declarations(state))
    if phase is P.PASS:
        return tuple(PassCard(player, card) for card in hand)
    if phase is P.CHOOSE_TRUMP:
        return tuple(ChooseTrump(player, suit) for suit in Suit)
    if phase is P.WEREWOLF:
        return tuple(WerewolfTrump(player, suit) for suit in (*Suit, None))
    if phase is P.CHANGE_BID:
        return (ChangeBid(player, -1), ChangeBid(player, 1))
    # The Witch: keep the hand, or give one card for one of her trick.
    takes = _witch_takes(state)
    return (WitchSwap(player, None, None),) + tuple(
        WitchSwap(player, give, take) for give in hand for take in takes
    )


def check(state: AnniversaryState, action: object) -> None:
    """Raise the error :func:`apply` would raise for ``action``; ``None`` when it is legal."""
    _verify(state, action)


def apply(state: AnniversaryState, action: object) -> AnniversaryState:
    """Return the state after ``action``; ``state`` itself is unchanged.

    :raises InvalidActionError: ``action`` is not an action.
    :raises IllegalActionError: the rules forbid it here (see :func:`check`).
    """
    return _verify(state, action)(state, action)


def check_as(state: AnniversaryState, seat: int, action: object) -> None:
    """:func:`check` for game servers: refuse first anything from a seat that is not to act.

    The order of :func:`wizard_rules.check_as`: ``game_over``, ``not_your_turn``
    for a seat not to act, for a chance action or for an action naming
    another seat, then :func:`check`.
    """
    _verify_as(state, seat, action)


def apply_as(state: AnniversaryState, seat: int, action: object) -> AnniversaryState:
    """:func:`apply` for game servers (see :func:`check_as`)."""
    return _verify_as(state, seat, action)(state, action)


def random_chance(state: AnniversaryState, rng: random.Random) -> Deal | Reveal:
    """Return a uniformly random chance outcome for ``state``: a deal, or the card turned up.

    A deal draws ``players * size + 1`` cards of the deck with
    ``rng.sample``: seat ``(dealer + 1 + k) % players`` gets the ``k``-th
    run of ``size``, and the last is turned.  A :class:`Reveal` draws one
    card of the stock.

    :raises IllegalActionError: ``state`` is not at a chance step
        (``wrong_phase``, or ``game_over``).
    """
    if state.phase is P.REVEAL:
        return Reveal(rng.choice(state.stock))
    if state.phase is not P.DEAL:
        raise _out_of_phase(state, "a random deal")
    players = state.config.players
    size = state.deal_size
    drawn = rng.sample(state.deck.cards, players * size + 1)
    hands: list[tuple[Card, ...]] = [()] * players
    seat = state.dealer
    for k in range(0, players * size, size):
        seat = (seat + 1) % players
        hands[seat] = tuple(drawn[k : k + size])
    return Deal(hands, drawn[-1])


# -- the checks ------------------------------------------------------------------

_Transition = Callable[[AnniversaryState, Any], AnniversaryState]


def _verify(state: AnniversaryState, action: object) -> _Transition:
    phase = _PHASE_OF.get(type(action))
    if phase is None:
        raise InvalidActionError(
            ErrorCode.INVALID_ACTION,
            "expected an action (Deal, WerewolfTrump, ChooseTrump, Reveal, Bid, Play, "
            f"Declare, PassCard, ChangeBid or WitchSwap), not {type(action).__name__}",
        )
    if state.phase is not phase:
        raise _out_of_phase(state, type(action).__name__)
    if phase is not P.DEAL and phase is not P.REVEAL:
        player: int = action.player  # type: ignore[attr-defined]
        if player != state.current_player:
            players = state.config.players
            if not 0 <= player < players:
                raise IllegalActionError(
                    ErrorCode.NO_SUCH_PLAYER,
                    f"there is no seat {show_value(player)}: seats are 0 to {players - 1}",
                )
            raise IllegalActionError(
                ErrorCode.NOT_YOUR_TURN,
                f"it is P{state.current_player}'s turn, not P{show_value(player)}'s",
            )
    verify, transition = _RULES[phase]
    verify(state, action)
    return transition


def _verify_as(state: AnniversaryState, seat: int, action: object) -> _Transition:
    seat = state._seat(seat)
    if seat != state.current_player:
        if state.is_over:
            raise _out_of_phase(state, "any action")
        who = "chance" if state.current_player is None else f"P{state.current_player}"
        raise IllegalActionError(ErrorCode.NOT_YOUR_TURN, f"it is {who}'s turn, not P{seat}'s")
    if isinstance(action, (Deal, Reveal)) or (
        type(action) in _PHASE_OF and getattr(action, "player", seat) != seat
    ):
        raise IllegalActionError(
            ErrorCode.NOT_YOUR_TURN, f"P{seat} may act only for itself, as P{seat}"
        )
    return _verify(state, action)


def _out_of_phase(state: AnniversaryState, what: str) -> IllegalActionError:
    if state.is_over:
        return IllegalActionError(ErrorCode.GAME_OVER, "the game is over; no action is legal")
    return IllegalActionError(
        ErrorCode.WRONG_PHASE,
        f"the game is in the {state.phase.value!r} phase and expects "
        f"{_EXPECTED[state.phase].__name__}, not {what}",
    )


# -- the deal, the Werewolf, trump and the Vampire's card ---------------------------


def _verify_deal(state: AnniversaryState, deal: Deal) -> None:
    players = state.config.players
    size = state.deal_size
    if len(deal.hands) != players:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"a deal needs {players} hands, not {len(deal.hands)}"
        )
    deck = set(state.deck.cards)
    seen: set[Card] = set()
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise IllegalActionError(
                ErrorCode.INVALID_DEAL,
                f"round {state.round} deals {size} cards to each player; "
                f"seat {seat} got {len(hand)}",
            )
        for card in hand:
            _refuse_foreign(card, deck)
            if card in seen:
                raise IllegalActionError(
                    ErrorCode.INVALID_DEAL, f"card {card} is dealt more than once"
                )
            seen.add(card)
    turned = deal.turned
    if turned is None:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL,
            "cards remain in every round of a game with anniversary cards, so one must "
            "be turned for trump (rule 28.3)",
        )
    _refuse_foreign(turned, deck)
    if turned in seen:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"the turned card {turned} is also in a hand"
        )


def _refuse_foreign(card: Card, deck: set[Card]) -> None:
    if card not in deck:
        raise IllegalActionError(ErrorCode.INVALID_DEAL, f"card {card} is not in this game's deck")


def _deal(state: AnniversaryState, deal: Deal) -> AnniversaryState:
    dealt = {card for hand in deal.hands for card in hand} | {deal.turned}
    stock = tuple(card for card in state.stock if card not in dealt)
    holder = next(
        (
            seat
            for seat, hand in enumerate(deal.hands)
            if any(c.kind is Kind.WEREWOLF for c in hand)
        ),
        None,
    )
    turned = deal.turned
    assert turned is not None  # _verify_deal
    next_state = _evolve(
        state,
        deal,
        hands=deal.hands,
        stock=stock,
        turned=turned,
        trump_card=turned,
    )
    if holder is not None:  # the Werewolf's holder swaps and names trump (rule 32.1)
        return _with(next_state, phase=P.WEREWOLF, current_player=holder)
    if turned.kind in _NAMES_TRUMP:  # the dealer names a suit (rules 3.4 and 38.1)
        return _with(next_state, phase=P.CHOOSE_TRUMP, current_player=state.dealer)
    trump = None if turned.kind in _NO_TRUMP else turned.suit
    return _to_bidding(_with(next_state, trump=trump))


def _to_bidding(state: AnniversaryState) -> AnniversaryState:
    """Turn up the Vampire's card if it is due (rule 37.3), else start the bidding."""
    deck = state.deck
    if (
        state.revealed is None
        and deck.has(Kind.VAMPIRE)
        and state.trump_card is not None
        and state.trump_card.kind is Kind.WEREWOLF
        and not _copies_displaced(state)
    ):
        return _with(state, phase=P.REVEAL, current_player=None)
    return _with(
        state,
        phase=P.BID,
        current_player=state.config.rules.bidding.first_bidder(state.dealer, state.config.players),
    )


def _verify_werewolf(state: AnniversaryState, action: WerewolfTrump) -> None:
    """Nothing to refuse: any suit, or no trump, the Werewolf's holder may name (rule 32.2).

    (The seat and the turn are checked before, as for every action.)
    """


def _werewolf(state: AnniversaryState, action: WerewolfTrump) -> AnniversaryState:
    seat = action.player
    turned = state.turned
    assert turned is not None
    werewolf = next(card for card in state.hands[seat] if card.kind is Kind.WEREWOLF)
    hand = tuple(
        sorted((*(c for c in state.hands[seat] if c is not werewolf), turned), key=_index)
    )
    return _to_bidding(
        _evolve(
            state,
            action,
            hands=_replace(state.hands, seat, hand),
            trump_card=werewolf,
            werewolf_seat=seat,
            trump=action.suit,
        )
    )


def _verify_choose_trump(state: AnniversaryState, action: ChooseTrump) -> None:
    if action.suit is None:
        raise IllegalActionError(
            ErrorCode.NO_TRUMP_NOT_ALLOWED,
            f"{state.trump_card} was turned: the dealer must name one of the four suits, "
            "not 'no trump'",
        )


def _choose_trump(state: AnniversaryState, action: ChooseTrump) -> AnniversaryState:
    return _to_bidding(_evolve(state, action, trump=action.suit))


def _verify_reveal(state: AnniversaryState, action: Reveal) -> None:
    if action.card not in state.stock:
        raise IllegalActionError(
            ErrorCode.INVALID_DEAL, f"{action.card} is not in the stock, so it cannot be turned up"
        )


def _reveal(state: AnniversaryState, action: Reveal) -> AnniversaryState:
    stock = tuple(card for card in state.stock if card is not action.card)
    return _to_bidding(_evolve(state, action, stock=stock, revealed=action.card))


# -- bidding ------------------------------------------------------------------------


def _allowed_bids(state: AnniversaryState, player: int) -> tuple[int, ...]:
    size = state.deal_size
    forbidden = {
        r.forbidden(player, state.dealer, state.bids, state.scores, size)
        for r in state.config.rules.bid_restrictions
    }
    return tuple(n for n in range(size + 1) if n not in forbidden)


def _verify_bid(state: AnniversaryState, bid: Bid) -> None:
    size = state.deal_size
    if not 0 <= bid.tricks <= size:
        raise IllegalActionError(
            ErrorCode.BID_OUT_OF_RANGE,
            f"a bid in round {state.round} is from 0 to {size}, not {show_value(bid.tricks)}",
        )
    for restriction in state.config.rules.bid_restrictions:
        if bid.tricks == restriction.forbidden(
            bid.player, state.dealer, state.bids, state.scores, size
        ):
            raise IllegalActionError(
                ErrorCode.BID_TOTAL_FORBIDDEN, restriction.reason(size, bid.tricks)
            )


def _bid(state: AnniversaryState, bid: Bid) -> AnniversaryState:
    bids = _replace(state.bids, bid.player, bid.tricks)
    if bid.player == state.dealer:  # the dealer bids last
        return _evolve(state, bid, bids=bids, phase=P.PLAY, current_player=state.leader)
    return _evolve(state, bid, bids=bids, current_player=(bid.player + 1) % state.config.players)


# -- play and declarations ------------------------------------------------------------


def _verify_play(state: AnniversaryState, play: Play) -> None:
    player, card = play.player, play.card
    hand = state.hands[player]
    if card not in hand:
        raise IllegalActionError(ErrorCode.CARD_NOT_IN_HAND, f"P{player} does not hold {card}")
    if card not in playable(hand, state.current_faces):
        raise IllegalActionError(
            ErrorCode.MUST_FOLLOW_SUIT,
            f"P{player} holds the led suit and must play it, or a card that is not a "
            f"suit card, not {card}",
        )


def _play(state: AnniversaryState, play: Play) -> AnniversaryState:
    player, card = play.player, play.card
    hands = _replace(state.hands, player, tuple(c for c in state.hands[player] if c is not card))
    next_state = _evolve(
        state,
        play,
        hands=hands,
        current_trick=state.current_trick + (card,),
        declared=state.declared + (None,),
    )
    if needs_declaration(card, state.vampire_copies) is not None:
        return _with(next_state, phase=P.DECLARE)
    return _after_card(next_state)


def _declarations(state: AnniversaryState) -> tuple[Suit | Kind, ...]:
    kind = needs_declaration(state.current_trick[-1], state.vampire_copies)
    if kind is Kind.SHAPESHIFTER:
        return (Kind.WIZARD, Kind.JESTER)
    return tuple(Suit)


def _verify_declare(state: AnniversaryState, action: Declare) -> None:
    if action.declared not in _declarations(state):
        card = state.current_trick[-1]
        wanted = (
            "a Wizard or a Jester (Kind.WIZARD or Kind.JESTER)"
            if Kind.WIZARD in _declarations(state)
            else "one of the four suits"
        )
        said = action.declared
        shown = str(said) if type(said) is Suit else said.name.title()
        raise IllegalActionError(
            ErrorCode.INVALID_DECLARATION,
            f"the {card} just played is declared as {wanted}, not {shown}",
        )


def _declare(state: AnniversaryState, action: Declare) -> AnniversaryState:
    declared = state.declared[:-1] + (action.declared,)
    return _after_card(_evolve(state, action, declared=declared, phase=P.PLAY))


def _after_card(state: AnniversaryState) -> AnniversaryState:
    """The next player of the trick, or the trick's end (rules 39 and 40)."""
    players = state.config.players
    trick = state.current_trick
    if len(trick) < players:
        seat = (state.leader + len(trick)) % players
        return _with(state, phase=P.PLAY, current_player=seat)
    faces = faces_of(trick, state.declared, state.vampire_copies)
    position = winning_position(faces, state.trump)
    if position is None:  # a Bomb: nobody wins (rule 31)
        winner = None
        reading = state.deck.readings.bomb_leader
        next_leader = (state.leader + bomb_leader_position(faces, state.trump, reading)) % players
        tricks_won = state.tricks_won
    else:
        winner = next_leader = (state.leader + position) % players
        tricks_won = _replace(state.tricks_won, winner, state.tricks_won[winner] + 1)
    index = len(state.completed_tricks)
    done = AnniversaryTrick(state.leader, trick, state.declared, winner, next_leader)
    # The effects of the trick, in the order of the reading (rule 40.2).
    found: dict[Effect, list[PendingEffect]] = {effect: [] for effect in Effect}
    clouds_due = state.clouds_due
    after_trick = state.deck.readings.cloud_timing == "after_trick"
    for k, face in enumerate(faces):
        seat = (state.leader + k) % players
        if face.effect is Effect.CLOUD:
            if winner is None:
                continue  # a Bomb's trick has no winner to change a bid (rule 34.4)
            effect = PendingEffect(Effect.CLOUD, winner, index)
            if after_trick:
                found[Effect.CLOUD].append(effect)
            else:
                clouds_due = clouds_due + (effect,)
        elif face.effect is not None:
            found[face.effect].append(PendingEffect(face.effect, seat, index))
    order = _ORDERS[state.deck.readings.effect_order]
    effects = tuple(effect for kind in order for effect in found[kind])
    return _resolve(
        _with(
            state,
            current_trick=(),
            declared=(),
            leader=next_leader,
            completed_tricks=state.completed_tricks + (done,),
            tricks_won=tricks_won,
            effects=effects,
            clouds_due=clouds_due,
            out=tuple(sorted(state.out + trick, key=_index)),
        )
    )


# -- the effects after a trick -----------------------------------------------------------


def _resolve(state: AnniversaryState) -> AnniversaryState:
    """Carry out the effects still due, until one asks a player; then the next trick or round."""
    size = state.deal_size
    while True:
        hands_left = any(state.hands)
        if state.effects:
            effect, rest = state.effects[0], state.effects[1:]
        elif not hands_left and state.clouds_due:
            effect, rest = state.clouds_due[0], ()
            state = _with(state, clouds_due=state.clouds_due[1:])
        else:
            break
        state = _with(state, effects=rest) if state.effects else state
        seat = effect.seat
        if effect.effect is Effect.JUGGLER:
            if not hands_left:  # after the last trick: no card to pass (rule 33.4)
                continue
            return _with(
                state,
                phase=P.PASS,
                current_player=seat,
                passing=(None,) * state.config.players,
            )
        if effect.effect is Effect.WITCH:
            if not state.hands[seat]:  # no card to give (rule 36.2)
                continue
            return _with(
                state, phase=P.WITCH, current_player=seat, effects=(effect, *state.effects)
            )
        bid = state.bids[seat]
        assert bid is not None
        if bid == 0 or bid == size:  # one way only: no choice is asked (rule 34.2)
            by = 1 if bid == 0 else -1
            state = _with(
                state,
                bids=_replace(state.bids, seat, bid + by),
                bid_changes=state.bid_changes + ((seat, by),),
            )
            continue
        return _with(state, phase=P.CHANGE_BID, current_player=seat)
    if any(state.hands):
        return _with(state, phase=P.PLAY, current_player=state.leader)
    return _end_round(state)


def _verify_pass(state: AnniversaryState, action: PassCard) -> None:
    if action.card not in state.hands[action.player]:
        raise IllegalActionError(
            ErrorCode.CARD_NOT_IN_HAND, f"P{action.player} does not hold {action.card}"
        )


def _pass(state: AnniversaryState, action: PassCard) -> AnniversaryState:
    seat, card = action.player, action.card
    players = state.config.players
    hands = _replace(state.hands, seat, tuple(c for c in state.hands[seat] if c is not card))
    passing = _replace(state.passing, seat, card)
    following = (seat + 1) % players
    if passing[following] is None:  # the next seat to the left passes next
        return _evolve(state, action, hands=hands, passing=passing, current_player=following)
    # Every seat has put a card aside: each goes to the left (rule 33.2).
    given = tuple(c for c in passing if c is not None)
    delivered = tuple(
        tuple(sorted((*hands[s], given[(s - 1) % players]), key=_index)) for s in range(players)
    )
    return _resolve(
        _evolve(
            state,
            action,
            hands=delivered,
            passing=(),
            passes=state.passes + (given,),
        )
    )


def _verify_change_bid(state: AnniversaryState, action: ChangeBid) -> None:
    bid = state.bids[action.player]
    assert bid is not None
    if action.by not in (1, -1) or not 0 <= bid + action.by <= state.deal_size:
        raise IllegalActionError(
            ErrorCode.BID_OUT_OF_RANGE,
            f"the Cloud changes a bid by one, up (1) or down (-1), to a bid from 0 to "
            f"{state.deal_size}: P{action.player}'s bid of {bid} cannot change by "
            f"{show_value(action.by)}",
        )


def _change_bid(state: AnniversaryState, action: ChangeBid) -> AnniversaryState:
    seat = action.player
    bid = state.bids[seat]
    assert bid is not None
    return _resolve(
        _evolve(
            state,
            action,
            bids=_replace(state.bids, seat, bid + action.by),
            bid_changes=state.bid_changes + ((seat, action.by),),
        )
    )


def _witch_takes(state: AnniversaryState) -> tuple[Card, ...]:
    """The cards of the Witch's trick she may take (rule 36.2).

    Every card played to it face up but the card that made her a Witch, and
    but a card an earlier Witch of the same trick took; the card that Witch
    gave lies face down, unseen, and is not taken (rule 36.3).
    """
    effect = state.effects[0]
    trick = state.completed_tricks[effect.trick]
    own = trick.cards[(effect.seat - trick.leader) % state.config.players]
    taken = {swap.take for swap in state.witch_swaps if swap.trick == effect.trick}
    return tuple(
        sorted((card for card in trick.cards if card is not own and card not in taken), key=_index)
    )


def _verify_witch(state: AnniversaryState, action: WitchSwap) -> None:
    if action.give is None:
        return
    if action.give not in state.hands[action.player]:
        raise IllegalActionError(
            ErrorCode.CARD_NOT_IN_HAND, f"P{action.player} does not hold {action.give}"
        )
    if action.take not in _witch_takes(state):
        raise IllegalActionError(
            ErrorCode.CARD_NOT_IN_TRICK,
            f"{action.take} is not a card of the Witch's trick she may take "
            "(every card of it but the Witch herself)",
        )


def _witch(state: AnniversaryState, action: WitchSwap) -> AnniversaryState:
    effect = state.effects[0]
    seat = action.player
    record = WitchSwapRecord(seat, effect.trick, action.give, action.take)
    changes: dict[str, Any] = {
        "effects": state.effects[1:],
        "witch_swaps": state.witch_swaps + (record,),
    }
    if action.give is not None and action.take is not None:
        hand = tuple(
            sorted(
                (*(c for c in state.hands[seat] if c is not action.give), action.take), key=_index
            )
        )
        changes["hands"] = _replace(state.hands, seat, hand)
        changes["out"] = tuple(
            sorted((*(c for c in state.out if c is not action.take), action.give), key=_index)
        )
    return _resolve(_evolve(state, action, **changes))


# -- the round's end -------------------------------------------------------------------


def _end_round(state: AnniversaryState) -> AnniversaryState:
    config = state.config
    bids = tuple(bid for bid in state.bids if bid is not None)
    points = tuple(map(config.rules.scoring.score, bids, state.tricks_won))
    result = AnniversaryRoundResult(
        state.round,
        state.dealer,
        state.turned,
        state.trump,
        bids,
        state.bid_changes,
        state.completed_tricks,
        state.tricks_won,
        points,
    )
    scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    results = state.results + (result,)
    if state.round == config.rounds:
        return _before_deal(
            config, state.round, state.dealer, results, scores, state.history, over=True
        )
    return _before_deal(
        config,
        state.round + 1,
        (state.dealer + 1) % config.players,
        results,
        scores,
        state.history,
    )


# -- helpers -------------------------------------------------------------------------------


def _index(card: Card) -> int:
    return card.index


def _replace(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return values[:seat] + (value,) + values[seat + 1 :]


_RULES: Final[dict[AnniversaryPhase, tuple[Callable[[Any, Any], None], _Transition]]] = {
    P.DEAL: (_verify_deal, _deal),
    P.WEREWOLF: (_verify_werewolf, _werewolf),
    P.CHOOSE_TRUMP: (_verify_choose_trump, _choose_trump),
    P.REVEAL: (_verify_reveal, _reveal),
    P.BID: (_verify_bid, _bid),
    P.PLAY: (_verify_play, _play),
    P.DECLARE: (_verify_declare, _declare),
    P.PASS: (_verify_pass, _pass),
    P.CHANGE_BID: (_verify_change_bid, _change_bid),
    P.WITCH: (_verify_witch, _witch),
}
"""Each phase's check and transition."""
