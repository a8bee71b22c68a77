from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from wizard_rules import (
    DECK,
    Action,
    Bid,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    Phase,
    Play,
    State,
    Suit,
    WizardError,
    action_from_dict,
    apply,
    check,
    config_from_dict,
    is_legal,
    legal_actions,
    new_anniversary_game,
    new_game,
    parse_cards,
    random_deal,
    random_game,
    replay,
)
from wizard_rules.conformance.suite import load_suite
from wizard_rules.core.position import from_position
from wizard_rules.formats.records import position_from_dict

from .fields import assert_same_state
from .helpers import (
    RULE_CODES,
    bid_all,
    card,
    fill_deal,
    full_deck_deal,
    play_cards,
    ref_playable,
    ref_refusal,
    stable_id,
    state_at_round,
    walk,
)

# -- fixtures: states in every phase --------------------------------------------
# Round 3 of 4 players, first dealer 0: seat 2 deals; seats 3, 0, 1, 2 bid; seat 3 leads.
HANDS = {3: "C5 H2 S9", 0: "C9 D4 W1", 1: "H7 D8 J1", 2: "S3 S4 C13"}


def deal_state() -> State:
    return state_at_round(Config(players=4), 3)


def bid_state() -> State:
    state = deal_state()
    return apply(state, fill_deal(state, HANDS, "D2"))


def play_state() -> State:
    """Seat 3 has led C5; seat 0 (holding C9) is to play."""
    state = bid_all(bid_state(), [1, 1, 1, 1])
    return play_cards(state, "C5")


def trump_state() -> State:
    state = deal_state()
    return apply(state, fill_deal(state, {}, "W3"))


def option_state() -> State:
    state = state_at_round(Config(players=4, forbid_bid_total_match=True), 3)
    state = apply(state, fill_deal(state, HANDS, "D2"))
    for seat in (3, 0, 1):
        state = apply(state, Bid(seat, 1))
    return state


def over_state() -> State:
    return random_game(Config(players=6), random.Random(0))


def last_round_state() -> State:
    return state_at_round(Config(players=6), 10)


def deal_of(hands: list[str], turned: str | None) -> Deal:
    return Deal([parse_cards(h) for h in hands], None if turned is None else card(turned))


GOOD_HANDS = ["C9 D4 W1", "H7 D8 J1", "S3 S4 C13", "C5 H2 S9"]

# -- refused actions ---------------------------------------------------------------
# The language-neutral source of refused actions is the conformance suite
# (conformance/cases/*.json): every case that expects a refusal for a rule
# (game_over to must_follow_suit) is played here through the public API, with
# more checks than the conformance protocol can make: check() and is_legal()
# agree, the action is not in legal_actions(), the state is unchanged (its
# pickle), and the code is the one the reference rules in tests/helpers.py give.

REFUSAL_CASES = {
    case.id: case
    for case in load_suite().cases
    if case.errors and all(ErrorCode(error["code"]) in RULE_CODES for error in case.errors)
}


def assert_refused(state: State, action: Action, code: ErrorCode) -> None:
    """``action`` is refused in ``state`` with ``code``, by every entry point, changing nothing."""
    frozen = pickle.dumps(state)
    history = state.history
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.code is code
    with pytest.raises(IllegalActionError) as checked:
        check(state, action)
    assert checked.value.code is code
    assert is_legal(state, action) is False
    assert action not in legal_actions(state)
    assert pickle.dumps(state) == frozen, "a refused action changed the state"
    assert state.history == history


@pytest.mark.parametrize("case_id", sorted(REFUSAL_CASES))
def test_refused_actions_of_the_conformance_suite(case_id: str) -> None:
    case = REFUSAL_CASES[case_id]
    refused = {error["at"]: ErrorCode(error["code"]) for error in case.errors}
    # The reference (ref_refusal) knows the standard game's rules only, not the
    # anniversary cards' (rules 28 to 41).
    reference = int(case.rule.split(".")[0]) < 28
    if "anniversary_cards" in case.config:
        state: Any = new_anniversary_game(config_from_dict(case.config))
    elif case.position is None:
        state = new_game(config_from_dict(case.config))
    else:
        state = from_position(position_from_dict(case.position))
    for index, data in enumerate(case.actions):
        action: Any = action_from_dict(data)  # the cards' actions too
        if index in refused:
            if reference:
                assert ref_refusal(state, action) is refused[index], (
                    "the case disagrees with rules"
                )
            assert_refused(state, action, refused[index])
        else:
            state = apply(state, action)


def test_the_suite_refuses_something_for_every_rule_code() -> None:
    covered = {
        ErrorCode(error["code"]) for case in REFUSAL_CASES.values() for error in case.errors
    }
    assert covered == RULE_CODES


# Refusals that the conformance suite does not hold: numbers beyond 64 bits,
# a card repeated within one hand, the last round's deal, the turned card.
EDGE_CASES = [
    ("over-trump", over_state, lambda s: ChooseTrump(0, Suit.HEARTS), ErrorCode.GAME_OVER),
    ("trump-at-deal", deal_state, lambda s: ChooseTrump(2, Suit.CLUBS), ErrorCode.WRONG_PHASE),
    ("play-at-trump", trump_state, lambda s: Play(3, s.hand(3)[0]), ErrorCode.WRONG_PHASE),
    ("bid-seat-huge", bid_state, lambda s: Bid(10**30, 0), ErrorCode.NO_SUCH_PLAYER),
    ("bid-huge", bid_state, lambda s: Bid(3, 10**30), ErrorCode.BID_OUT_OF_RANGE),
    ("deal-no-hands", deal_state, lambda s: deal_of([], "D2"), ErrorCode.INVALID_DEAL),
    (
        "deal-duplicate-within",
        deal_state,
        lambda s: deal_of(["C9 C9 W1", *GOOD_HANDS[1:]], "D2"),
        ErrorCode.INVALID_DEAL,
    ),
    (
        "deal-turned-missing",
        deal_state,
        lambda s: deal_of(GOOD_HANDS, None),
        ErrorCode.INVALID_DEAL,
    ),
    (
        "deal-turned-in-last-round",
        last_round_state,
        lambda s: Deal(full_deck_deal(s).hands, card("H3")),
        ErrorCode.INVALID_DEAL,
    ),
    ("dealer-bid-too-high", option_state, lambda s: Bid(2, 4), ErrorCode.BID_OUT_OF_RANGE),
    ("play-turned-card", play_state, lambda s: Play(0, card("D2")), ErrorCode.CARD_NOT_IN_HAND),
]


@pytest.mark.parametrize(
    ("make_state", "make_action", "code"),
    [pytest.param(make, action, code, id=name) for name, make, action, code in EDGE_CASES],
)
def test_edge_refusals(
    make_state: Callable[[], State],
    make_action: Callable[[State], Action],
    code: ErrorCode,
) -> None:
    state = make_state()
    action = make_action(state)
    assert ref_refusal(state, action) is code
    assert_refused(state, action, code)


LEGAL = [
    ("deal", deal_state, lambda s: deal_of(GOOD_HANDS, "D2")),
    ("deal-last-round", last_round_state, full_deck_deal),
    ("bid-0", bid_state, lambda s: Bid(3, 0)),
    ("bid-max", bid_state, lambda s: Bid(3, 3)),
    ("follow", play_state, lambda s: Play(0, card("C9"))),
    ("wizard-instead", play_state, lambda s: Play(0, card("W1"))),
    ("dealer-other-bid", option_state, lambda s: Bid(2, 3)),
    ("choose-trump", trump_state, lambda s: ChooseTrump(2, Suit.SPADES)),
]


@pytest.mark.parametrize(
    ("make_state", "make_action"),
    [pytest.param(make, action, id=name) for name, make, action in LEGAL],
)
def test_legal_action_applies(
    make_state: Callable[[], State], make_action: Callable[[State], Action]
) -> None:
    state = make_state()
    action = make_action(state)
    check(state, action)  # raises if illegal
    assert is_legal(state, action) is True
    after = apply(state, action)
    assert after.history == state.history + (action,)
    if not isinstance(action, Deal):
        assert action in legal_actions(state)


def test_void_player_may_discard_without_trumping() -> None:
    state = apply(play_state(), Play(0, card("C9")))
    # seat 1 holds no clubs: any card, trump or not
    assert legal_actions(state) == tuple(Play(1, c) for c in parse_cards("J1 D8 H7"))


def test_follow_suit_legal_actions() -> None:
    assert legal_actions(play_state()) == (Play(0, card("C9")), Play(0, card("W1")))


# -- garbage ------------------------------------------------------------------------

GARBAGE_ACTIONS: list[Any] = [
    42,
    None,
    "Bid(0, 0)",
    ("bid", 0, 0),
    {"type": "bid", "player": 3, "tricks": 0},
    card("H3"),
    Bid,
    Suit.HEARTS,
]


@pytest.mark.parametrize(
    "make_state", [deal_state, bid_state, play_state, trump_state, over_state]
)
@pytest.mark.parametrize("action", GARBAGE_ACTIONS, ids=repr)
def test_apply_garbage_action(make_state: Callable[[], State], action: Any) -> None:
    state = make_state()
    with pytest.raises(InvalidActionError) as info:
        apply(state, action)
    assert info.value.code is ErrorCode.INVALID_ACTION
    with pytest.raises(InvalidActionError):
        check(state, action)
    assert is_legal(state, action) is False


@pytest.mark.parametrize("state", ["x", None, 42, Config(players=4), new_game], ids=stable_id)
def test_garbage_state(state: Any) -> None:
    action = Bid(1, 0)
    for function in (apply, check, is_legal):
        with pytest.raises(InvalidArgumentError) as info:
            function(state, action)
        assert info.value.code is ErrorCode.INVALID_ARGUMENT
    with pytest.raises(InvalidArgumentError):
        legal_actions(state)


@pytest.mark.parametrize(
    ("kind", "args"),
    [
        (Play, (0, "H3")),
        (Play, (0, None)),
        (Play, ("0", card("H3"))),
        (Play, (True, card("H3"))),
        (Play, (0.0, card("H3"))),
        (Play, (0, 3)),
        (Bid, (0, True)),
        (Bid, (0, False)),
        (Bid, (0, 1.0)),
        (Bid, (0, "1")),
        (Bid, (None, 0)),
        (Bid, (False, 0)),
        (ChooseTrump, (0, "H")),
        (ChooseTrump, (0, 1)),
        (ChooseTrump, ("0", Suit.HEARTS)),
        (ChooseTrump, (True, Suit.HEARTS)),
        (Deal, ("x", None)),
        (Deal, (None, None)),
        (Deal, (5, None)),
        (Deal, ([["H3"]], None)),
        (Deal, (["H3 C4"], None)),
        (Deal, ([[None]], None)),
        (Deal, ([None], None)),
        (Deal, ([[card("H3")]], "C4")),
        (Deal, ([[card("H3")]], 7)),
        (Deal, ({0: [card("H3")]}, None)),
    ],
    ids=repr,
)
def test_malformed_action_fields(kind: Callable[..., Any], args: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidActionError) as info:
        kind(*args)
    assert info.value.code is ErrorCode.INVALID_ACTION
    assert isinstance(info.value, InvalidArgumentError)
    assert isinstance(info.value, WizardError)


def test_actions_are_frozen() -> None:
    bid = Bid(0, 1)
    with pytest.raises(AttributeError):
        bid.tricks = 2  # type: ignore[misc]
    assert bid == Bid(0, 1)


# -- order of checks -------------------------------------------------------------

ORDER = [
    # invalid_action before game_over
    ("garbage-over", over_state, lambda s: 42, ErrorCode.INVALID_ACTION),
    # game_over before wrong_phase, no_such_player, not_your_turn and the rules
    ("over-bad-seat", over_state, lambda s: Bid(99, -5), ErrorCode.GAME_OVER),
    ("over-bad-deal", over_state, lambda s: deal_of([], None), ErrorCode.GAME_OVER),
    # wrong_phase before no_such_player and not_your_turn
    ("phase-before-seat", deal_state, lambda s: Bid(99, 0), ErrorCode.WRONG_PHASE),
    ("phase-before-turn", bid_state, lambda s: Play(1, card("H7")), ErrorCode.WRONG_PHASE),
    ("phase-before-range", play_state, lambda s: Bid(0, 99), ErrorCode.WRONG_PHASE),
    ("phase-before-no-trump", bid_state, lambda s: ChooseTrump(2, None), ErrorCode.WRONG_PHASE),
    # no_such_player before not_your_turn and the action's rules
    ("seat-before-range", bid_state, lambda s: Bid(7, -1), ErrorCode.NO_SUCH_PLAYER),
    ("seat-before-hand", play_state, lambda s: Play(-1, card("C1")), ErrorCode.NO_SUCH_PLAYER),
    (
        "seat-before-no-trump",
        trump_state,
        lambda s: ChooseTrump(9, None),
        ErrorCode.NO_SUCH_PLAYER,
    ),
    # not_your_turn before the action's rules
    ("turn-before-range", bid_state, lambda s: Bid(1, 99), ErrorCode.NOT_YOUR_TURN),
    ("turn-before-total", option_state, lambda s: Bid(3, 0), ErrorCode.NOT_YOUR_TURN),
    ("turn-before-hand", play_state, lambda s: Play(1, card("C1")), ErrorCode.NOT_YOUR_TURN),
    ("turn-before-follow", play_state, lambda s: Play(1, card("H7")), ErrorCode.NOT_YOUR_TURN),
    ("turn-before-no-trump", trump_state, lambda s: ChooseTrump(0, None), ErrorCode.NOT_YOUR_TURN),
    # card_not_in_hand before must_follow_suit (H7 is off-suit and not held)
    ("hand-before-follow", play_state, lambda s: Play(0, card("H7")), ErrorCode.CARD_NOT_IN_HAND),
]


@pytest.mark.parametrize(
    ("make_state", "make_action", "code"),
    [pytest.param(make, action, code, id=name) for name, make, action, code in ORDER],
)
def test_order_of_checks(
    make_state: Callable[[], State], make_action: Callable[[State], Any], code: ErrorCode
) -> None:
    state = make_state()
    with pytest.raises(WizardError) as info:
        apply(state, make_action(state))
    assert info.value.code is code


# -- random states ------------------------------------------------------------------


def _candidates(state: State) -> list[Action]:
    players = state.config.players
    seats = range(-1, players + 1)
    actions: list[Action] = []
    actions += [Bid(seat, n) for seat in seats for n in range(-1, state.round + 2)]
    actions += [ChooseTrump(seat, suit) for seat in seats for suit in (*Suit, None)]
    actions += [Play(seat, c) for seat in seats for c in DECK]
    return actions


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("forbid", [False, True])
def test_legal_actions_apply_and_others_refused(players: int, forbid: bool) -> None:
    config = Config(players=players, forbid_bid_total_match=forbid)
    checked_follow = 0
    for seed in range(2):
        for state in walk(config, seed=1000 * seed + players):
            actions = legal_actions(state)
            if state.is_chance or state.is_over:
                assert actions == ()
                continue
            assert actions
            assert len(set(actions)) == len(actions)
            for action in actions:
                check(state, action)  # raises if illegal
                after = apply(state, action)
                assert after.history[-1] == action
            player = state.current_player
            assert player is not None
            if state.phase is Phase.PLAY:
                hand = state.hand(player)
                expected = ref_playable(hand, state.current_trick)
                assert {a.card for a in actions if isinstance(a, Play)} == expected
                assert actions == tuple(Play(player, c) for c in hand if c in expected)
                for c in hand:
                    if Play(player, c) in actions:
                        continue
                    checked_follow += 1
                    with pytest.raises(IllegalActionError) as info:
                        apply(state, Play(player, c))
                    assert info.value.code is ErrorCode.MUST_FOLLOW_SUIT
            elif state.phase is Phase.BID:
                bids = {a.tricks for a in actions if isinstance(a, Bid)}
                assert bids <= set(range(state.round + 1))
                assert len(bids) >= state.round
            else:
                assert actions == tuple(ChooseTrump(player, s) for s in Suit)
    assert checked_follow > 0


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_is_legal_agrees_with_check_and_legal_actions(players: int, seed: int) -> None:
    config = Config(players=players, forbid_bid_total_match=seed % 2 == 0)
    rng = random.Random(seed)
    for state in walk(config, seed=seed):
        if rng.random() > 0.15 and not state.is_over:
            continue
        legal = set(legal_actions(state))
        for action in _candidates(state):
            try:
                check(state, action)
            except IllegalActionError:
                ok = False
            else:
                ok = True
            assert is_legal(state, action) is ok
            assert (action in legal) is ok, (state, action)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_deals_are_legal_and_broken_ones_are_not(players: int) -> None:
    rounds = 0
    for state in walk(Config(players=players), seed=players):
        if not state.is_chance:
            continue
        rounds += 1
        deal = random_deal(state, random.Random(rounds))
        assert is_legal(state, deal)
        first = list(deal.hands[0])
        if deal.turned is None:
            broken = Deal(deal.hands, first[0])
        else:
            # the turned card also in seat 0's hand
            broken = Deal([[deal.turned, *first[1:]], *deal.hands[1:]], deal.turned)
        with pytest.raises(IllegalActionError) as info:
            apply(state, broken)
        assert info.value.code is ErrorCode.INVALID_DEAL
        # a card given to two seats
        doubled = Deal([first, [first[0], *deal.hands[1][1:]], *deal.hands[2:]], deal.turned)
        with pytest.raises(IllegalActionError) as info:
            apply(state, doubled)
        assert info.value.code is ErrorCode.INVALID_DEAL
    assert rounds == 60 // players


# -- garbage to the other entry points -------------------------------------------


@pytest.mark.parametrize(
    ("make_state", "actions"),
    [
        (lambda: "x", []),
        (lambda: None, []),
        (lambda: None, [Bid(0, 0)]),
        (lambda: Config(players=3), ()),
        (bid_state, 42),
        (bid_state, None),
    ],
    ids=[
        "str-state-no-actions",
        "none-state-no-actions",
        "none-state",
        "config-state",
        "int-actions",
        "none-actions",
    ],
)
def test_replay_rejects_garbage(make_state: Callable[[], Any], actions: Any) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        replay(make_state(), actions)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


def test_replay_rejects_garbage_actions() -> None:
    state = bid_state()
    with pytest.raises(InvalidActionError) as info:
        replay(state, [Bid(3, 0), 42])
    assert info.value.code is ErrorCode.INVALID_ACTION
    with pytest.raises(IllegalActionError) as illegal:
        replay(state, [Bid(3, 0), Bid(3, 0)])
    assert illegal.value.code is ErrorCode.NOT_YOUR_TURN


@pytest.mark.parametrize(
    ("args", "kwargs"), [((), {}), ((Config(players=3),), {}), ((), {"phase": Phase.DEAL})]
)
def test_state_is_not_constructible(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        State(*args, **kwargs)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("seat", [-1, 4, True, "0", None, 1.0])
def test_state_hand_rejects_bad_seats(seat: Any) -> None:
    state = bid_state()
    with pytest.raises(InvalidArgumentError) as info:
        state.hand(seat)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT
    assert state.hand(3) == parse_cards(HANDS[3])


def test_states_are_frozen() -> None:
    state = bid_state()
    twin = replay(new_game(state.config), state.history)
    with pytest.raises(AttributeError):
        state.round = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.bids = (1, 1, 1, 1)  # type: ignore[misc]
    assert state == twin
    assert_same_state(state, twin)


def test_the_table_of_rules_has_one_row_per_kind_of_action() -> None:
    # The table in transitions.py is how check, apply and legal_actions know
    # an action; actions._ACTION_TYPES is how records know one.  They agree,
    # each phase but the end expects exactly one kind, and a deal (chance's
    # step) lists no player's choices.
    from wizard_rules.core import actions, transitions

    rules = transitions._RULES
    assert set(rules) == set(actions._ACTION_TYPES) == {Deal, ChooseTrump, Bid, Play}
    assert {rule.phase for rule in rules.values()} == set(Phase) - {Phase.GAME_OVER}
    state = new_game(Config(players=3))
    assert rules[Deal].choices(state, 0, 0) == ()


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (
            Deal([parse_cards("C1"), parse_cards("W2"), parse_cards("J1")], card("H7")),
            "deal [C1] [W2] [J1] turned H7",
        ),
        (
            Deal([parse_cards("H3 C1"), parse_cards("W2 D9"), parse_cards("S2 J1")], card("H7")),
            "deal [C1 H3] [D9 W2] [J1 S2] turned H7",
        ),
        (
            Deal([parse_cards("C1"), parse_cards("W2"), parse_cards("J1")], None),
            "deal [C1] [W2] [J1] turned -",
        ),
        (ChooseTrump(player=0, suit=Suit.HEARTS), "P0 names trump H"),
        (ChooseTrump(player=2, suit=None), "P2 names trump none"),
        (Bid(player=1, tricks=2), "P1 bids 2"),
        (Play(player=3, card=card("H13")), "P3 plays H13"),
    ],
)
def test_an_action_reads_as_one_line(action: Action, text: str) -> None:
    # The one-line accounts the action classes document (hands sorted).
    assert str(action) == text
