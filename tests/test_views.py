from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import attrs
import pytest

from wizard_rules import (
    Bid,
    Card,
    Config,
    ErrorCode,
    InvalidArgumentError,
    Phase,
    PlayerView,
    State,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    player_view,
)

from .fields import assert_same_view
from .helpers import (
    bid_all,
    fill_deal,
    play_cards,
    ref_led_suit,
    ref_totals,
    ref_winner,
    ref_winners,
    state_at_round,
    walk,
)


def cards_in(value: object) -> Iterator[Card]:
    """Every card anywhere inside ``value`` (tuples, lists, dicts, attrs instances)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(cast(Any, type(value))):
            yield from cards_in(getattr(value, field.name))


def public_cards(state: State, seat: int) -> set[Card]:
    seen = set(state.hand(seat)) | set(state.current_trick)
    for trick in state.completed_tricks:
        seen |= set(trick.cards)
    for result in state.results:
        if result.turned is not None:
            seen.add(result.turned)
        for trick in result.tricks:
            seen |= set(trick.cards)
    if state.turned is not None:
        seen.add(state.turned)
    return seen


def test_view_holds_own_hand_and_sizes_only() -> None:
    state = state_at_round(Config(players=4), 3)
    state = apply(state, fill_deal(state, {3: "C5 H2 S9", 0: "C9 D4 W1"}, "D2"))
    assert len(state.results) == 2
    for seat in range(4):
        view = player_view(state, seat)
        assert view.seat == seat
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == (3, 3, 3, 3)
        assert view.turned == state.turned
        assert view.trump is state.trump
        assert view.phase is Phase.BID
        assert view.current_player == 3
        assert view.is_my_turn is (seat == 3)
        seen = {
            card
            for field in attrs.fields(PlayerView)
            if field.name != "results"  # earlier rounds' tricks, public to all
            for card in cards_in(getattr(view, field.name))
        }
        assert seen == set(state.hand(seat)) | {state.turned}
        for other in range(4):
            if other != seat:
                assert not seen & set(state.hand(other))
        assert not seen & set(state.undealt)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_never_show_hidden_cards(players: int) -> None:
    config = Config(players=players, forbid_bid_total_match=players % 2 == 0)
    for index, state in enumerate(walk(config, seed=players)):
        if index % 5:
            continue
        for seat in range(players):
            view = player_view(state, seat)
            assert set(cards_in(view)) <= public_cards(state, seat)
            # what the view shows of the current round: own hand, turned, played
            this_round = set(state.hand(seat)) | set(state.current_trick)
            this_round |= {c for trick in state.completed_tricks for c in trick.cards}
            if state.turned is not None:
                this_round.add(state.turned)
            shown_this_round = [*view.hand, *view.current_trick]
            shown_this_round += [c for trick in view.completed_tricks for c in trick.cards]
            shown_this_round += [] if view.turned is None else [view.turned]
            assert set(shown_this_round) <= this_round
            assert set(view.hand) == set(state.hand(seat))
            assert view.hand_sizes == state.hand_sizes
            assert view.bids == state.bids
            assert view.scores == tuple(ref_totals(state))
            assert view.winners == (ref_winners(state) if state.is_over else ())
            assert view.results == state.results
            assert view.completed_tricks == state.completed_tricks
            assert view.current_trick == state.current_trick
            assert view.led_suit is ref_led_suit(state.current_trick)
            if state.current_trick:
                position = ref_winner(state.current_trick, state.trump)
                assert view.trick_winner == (state.leader + position) % players
            else:
                assert view.trick_winner is None


def _twin_states() -> tuple[State, State]:
    """Two round-3 deals (4 players) that seat 3 cannot tell apart.

    Seat 3 holds the same hand and sees the same turned card; the other hands
    and the undealt stack differ.
    """
    base = state_at_round(Config(players=4), 3)
    mine = "C5 H2 S9"
    a = fill_deal(base, {3: mine, 0: "C9 D4 W1", 1: "H7 D8 J1", 2: "S3 S4 C13"}, "D2")
    b = fill_deal(base, {3: mine, 0: "H7 D8 J1", 1: "S3 S4 W1", 2: "C9 D4 C12"}, "D2")
    return apply(base, a), apply(base, b)


def test_states_differing_in_hidden_cards_give_equal_views() -> None:
    first, second = _twin_states()
    assert first != second
    assert first.hand(3) == second.hand(3)
    assert first.undealt != second.undealt
    assert player_view(first, 3) == player_view(second, 3)
    assert_same_view(player_view(first, 3), player_view(second, 3))
    assert hash(player_view(first, 3)) == hash(player_view(second, 3))
    for seat in (0, 1, 2):
        assert player_view(first, seat) != player_view(second, seat)
    # still equal after the same public bids and seat 3's lead
    first, second = bid_all(first, [0, 1, 0, 2]), bid_all(second, [0, 1, 0, 2])
    assert player_view(first, 3) == player_view(second, 3)
    assert_same_view(player_view(first, 3), player_view(second, 3))
    first, second = play_cards(first, "H2"), play_cards(second, "H2")
    assert player_view(first, 3) == player_view(second, 3)
    assert_same_view(player_view(first, 3), player_view(second, 3))
    assert player_view(first, 3).legal_actions() == ()


def test_states_with_other_hands_exchanged_give_equal_views() -> None:
    base = state_at_round(Config(players=3), 2)
    a = apply(base, fill_deal(base, {0: "C1 C2", 1: "D1 D2", 2: "H1 H2"}, "S13"))
    b = apply(base, fill_deal(base, {0: "C1 C2", 1: "H1 H2", 2: "D1 D2"}, "S13"))
    assert a != b
    assert a.undealt == b.undealt
    assert player_view(a, 0) == player_view(b, 0)
    assert_same_view(player_view(a, 0), player_view(b, 0))
    assert player_view(a, 1) != player_view(b, 1)
    assert player_view(a, 2) != player_view(b, 2)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_view_legal_actions(players: int) -> None:
    config = Config(players=players, forbid_bid_total_match=True)
    turns = 0
    for state in walk(config, seed=10 + players):
        for seat in range(players):
            view = player_view(state, seat)
            if seat == state.current_player:
                turns += 1
                assert view.is_my_turn
                assert view.legal_actions() == legal_actions(state)
                assert view.legal_actions()
            else:
                assert not view.is_my_turn
                assert view.legal_actions() == ()
    assert turns > 0


def test_view_legal_actions_with_bid_option() -> None:
    state = new_game(Config(players=3, forbid_bid_total_match=True))
    state = apply(state, fill_deal(state, {}, "H1"))
    state = apply(state, Bid(1, 0))
    state = apply(state, Bid(2, 0))
    assert player_view(state, 0).legal_actions() == (Bid(0, 0),)


def test_views_at_deal_and_game_over_have_no_actions() -> None:
    state = new_game(Config(players=4))
    for seat in range(4):
        view = player_view(state, seat)
        assert view.hand == ()
        assert view.legal_actions() == ()
    final = list(walk(Config(players=4), seed=1))[-1]
    assert final.is_over
    for seat in range(4):
        view = player_view(final, seat)
        assert view.legal_actions() == ()
        assert view.winners == final.winners
        assert view.phase is Phase.GAME_OVER


def test_view_is_frozen() -> None:
    view = player_view(new_game(Config(players=3)), 0)
    assert isinstance(view, PlayerView)
    with pytest.raises(AttributeError):
        view.hand = parse_cards("W1")  # type: ignore[misc]
    assert view.hand == ()


@pytest.mark.parametrize("seat", [-1, 4, 5, 100, True, False, "0", 0.0, None])
def test_bad_seat(seat: Any) -> None:
    state = new_game(Config(players=4))
    with pytest.raises(InvalidArgumentError) as info:
        player_view(state, seat)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


@pytest.mark.parametrize("state", [None, "state", Config(players=4)], ids=repr)
def test_bad_state(state: Any) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        player_view(state, 0)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT


def test_view_mirrors_the_state_queries() -> None:
    import random

    from wizard_rules import random_action

    rng = random.Random(12)
    state = new_game(Config(players=4))
    while not state.is_over:
        view = player_view(state, 2)
        assert view.is_chance is state.is_chance
        assert view.is_over is state.is_over
        assert view.tricks_won == state.tricks_won
        assert view.led_suit is state.led_suit
        assert view.trick_winner == state.trick_winner
        state = apply(state, random_action(state, rng))
    assert player_view(state, 2).is_over


def test_a_view_with_nobody_to_act_lists_no_action() -> None:
    view = player_view(new_game(Config(players=3)), 0)
    assert view.phase is Phase.DEAL
    assert view.current_player is None
    assert view.legal_actions() == ()


def test_a_view_cannot_be_built_or_changed_by_hand() -> None:
    # Every view is the view of a real state: its queries trust its fields.
    view = player_view(new_game(Config(players=3)), 0)
    changes: dict[str, Any] = {"current_player": 0}
    with pytest.raises(InvalidArgumentError) as info:
        attrs.evolve(view, **changes)
    assert info.value.code is ErrorCode.INVALID_ARGUMENT
    fields = {field.name: getattr(view, field.name) for field in attrs.fields(PlayerView)}
    with pytest.raises(InvalidArgumentError):
        PlayerView(**fields)


def test_a_view_as_json_holds_only_what_the_viewer_may_know() -> None:
    import json
    import random

    from wizard_rules import InvalidArgumentError, parse_card, random_action, view_to_dict

    rng = random.Random(21)
    state = new_game(Config(players=4))
    checked = 0
    while not state.is_over:
        for seat in range(4):
            data = view_to_dict(player_view(state, seat))
            assert json.loads(json.dumps(data)) == data
            assert data["hand"] == [c.text for c in state.hand(seat)]
            assert data["hand_sizes"] == list(state.hand_sizes)
            assert data["scores"] == list(state.scores)
            played = [c.text for t in state.completed_tricks for c in t.cards]
            assert data["played"] == sorted(played, key=lambda text: parse_card(text).index)
            assert data["tricks_won"] == [
                sum(t.winner == s for t in state.completed_tricks) for s in range(4)
            ]
            hidden = {c.text for other in range(4) if other != seat for c in state.hand(other)}
            hidden |= {c.text for c in state.undealt}
            # Past rounds' cards were all played in public; this round's
            # hidden cards must appear nowhere else.
            text = json.dumps({key: value for key, value in data.items() if key != "results"})
            leaked = [token for token in hidden if f'"{token}"' in text]
            assert leaked == [], f"seat {seat} sees {leaked}"
            if seat == state.current_player:
                assert len(data["legal_actions"]) == len(legal_actions(state))
            else:
                assert data["legal_actions"] == []
            checked += 1
        state = apply(state, random_action(state, rng))
    assert checked > 400
    with pytest.raises(InvalidArgumentError):
        view_to_dict(state)  # type: ignore[arg-type]
