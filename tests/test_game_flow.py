from __future__ import annotations

import itertools
import random

import pytest

from wizard_rules import (
    DECK,
    Bid,
    ChooseTrump,
    Config,
    Deal,
    ErrorCode,
    IllegalActionError,
    Phase,
    Play,
    State,
    Suit,
    apply,
    legal_actions,
    new_game,
    random_action,
    random_deal,
    random_game,
    replay,
)

from .fields import assert_same_state
from .helpers import (
    bid_all,
    card,
    fill_deal,
    full_deck_deal,
    play_cards,
    ref_round_score,
    ref_winner,
    ref_winners,
    state_at_round,
    walk,
)

PLAYER_COUNTS = [3, 4, 5, 6]


# -- dealer, bidding order, leading ------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_new_game(players: int) -> None:
    state = new_game(Config(players=players))
    assert state.phase is Phase.DEAL
    assert state.is_chance
    assert not state.is_over
    assert state.round == 1
    assert state.dealer == 0
    assert state.current_player is None
    assert state.hand_sizes == (0,) * players
    assert state.bids == (None,) * players
    assert state.results == ()
    assert state.scores == (0,) * players
    assert state.winners == ()
    assert state.history == ()
    assert legal_actions(state) == ()
    assert state.undealt == DECK


@pytest.mark.parametrize(
    ("players", "first_dealer"),
    [(3, 0), (3, 2), (4, 0), (4, 1), (5, 4), (5, 2), (6, 3), (6, 5)],
)
def test_dealer_rotation(players: int, first_dealer: int) -> None:
    config = Config(players=players, first_dealer=first_dealer)
    assert new_game(config).dealer == first_dealer
    dealers_at_deal: list[int] = []
    final: State | None = None
    for state in walk(config, seed=first_dealer):
        if state.phase is Phase.DEAL:
            assert state.round == len(dealers_at_deal) + 1
            dealers_at_deal.append(state.dealer)
        final = state
    expected = [(first_dealer + r) % players for r in range(config.rounds)]
    assert dealers_at_deal == expected
    assert final is not None
    assert [result.dealer for result in final.results] == expected
    assert final.dealer == expected[-1]
    # the deal wraps round the table
    assert len(set(expected)) == players


@pytest.mark.parametrize(
    ("players", "first_dealer"), [(3, 0), (3, 1), (4, 3), (5, 0), (6, 2), (6, 5)]
)
def test_bidding_order_and_first_leader(players: int, first_dealer: int) -> None:
    config = Config(players=players, first_dealer=first_dealer)
    bidders: list[int] = []
    rounds_seen = 0
    for state in walk(config, seed=players + first_dealer):
        if state.phase is Phase.BID:
            assert state.current_player is not None
            bidders.append(state.current_player)
            assert legal_actions(state) == tuple(
                Bid(state.current_player, n) for n in range(state.round + 1)
            )
        elif bidders:
            assert state.phase is Phase.PLAY
            dealer = state.dealer
            left = (dealer + 1) % players
            assert bidders == [(left + k) % players for k in range(players)]
            assert bidders[-1] == dealer  # the dealer bids last
            bidders = []
            rounds_seen += 1
            # whoever is left of the dealer leads the first trick
            assert state.current_player == left
            assert state.leader == left
            assert state.current_trick == ()
    assert rounds_seen == config.rounds
    final = random_game(config, random.Random(players + first_dealer))
    for result in final.results:
        assert result.tricks[0].leader == (result.dealer + 1) % players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_trick_winner_leads_the_next_trick(players: int) -> None:
    final = random_game(Config(players=players), random.Random(100 + players))
    assert final.is_over
    for result in final.results:
        assert len(result.tricks) == result.round
        for before, after in zip(result.tricks, result.tricks[1:], strict=False):
            assert after.leader == before.winner
        for trick in result.tricks:
            expected = (trick.leader + ref_winner(trick.cards, result.trump)) % players
            assert trick.winner == expected


def test_explicit_round_with_leads_and_follows() -> None:
    # Round 2 of 3 players, seat 1 deals: seat 2 bids first and leads.
    state = state_at_round(Config(players=3), 2)
    assert state.dealer == 1
    deal = fill_deal(state, {2: "H3 C5", 0: "H13 C2", 1: "H5 C7"}, "D1")
    state = apply(state, deal)
    assert state.phase is Phase.BID
    assert state.trump is Suit.DIAMONDS
    assert state.current_player == 2
    state = bid_all(state, [1, 0, 1])
    assert state.phase is Phase.PLAY
    assert (state.leader, state.current_player) == (2, 2)
    state = play_cards(state, "H3 H13")
    assert state.current_trick == (card("H3"), card("H13"))
    assert state.led_suit is Suit.HEARTS
    assert state.trick_winner == 0
    assert state.current_player == 1
    state = play_cards(state, "H5")
    # seat 0 won with H13 and leads the next trick
    assert state.current_trick == ()
    assert len(state.completed_tricks) == 1
    assert state.completed_tricks[0].winner == 0
    assert (state.leader, state.current_player) == (0, 0)
    assert state.tricks_won == (1, 0, 0)
    state = play_cards(state, "C2 C7 C5")
    # round over: seat 1 took C7 trick
    assert state.phase is Phase.DEAL
    assert state.round == 3
    result = state.results[-1]
    assert result.tricks_won == (1, 1, 0)
    assert result.bids == (1, 0, 1)
    assert result.scores == (30, -10, -10)
    assert [t.winner for t in result.tricks] == [0, 1]


# -- trump -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turned", "trump"),
    [("C1", Suit.CLUBS), ("D13", Suit.DIAMONDS), ("H7", Suit.HEARTS), ("S2", Suit.SPADES)],
)
def test_turned_suit_card_makes_trump(turned: str, trump: Suit) -> None:
    state = new_game(Config(players=4, first_dealer=2))
    state = apply(state, fill_deal(state, {}, turned))
    assert state.turned is card(turned)
    assert state.trump is trump
    assert state.phase is Phase.BID
    assert state.current_player == 3


@pytest.mark.parametrize("turned", ["J1", "J2", "J3", "J4"])
def test_turned_jester_means_no_trump(turned: str) -> None:
    state = state_at_round(Config(players=5), 3)
    state = apply(state, fill_deal(state, {}, turned))
    assert state.turned is card(turned)
    assert state.trump is None
    assert state.phase is Phase.BID
    assert state.current_player == (state.dealer + 1) % 5


@pytest.mark.parametrize(
    ("turned", "first_dealer", "suit"),
    [
        ("W1", 0, Suit.SPADES),
        ("W2", 1, Suit.HEARTS),
        ("W3", 2, Suit.CLUBS),
        ("W4", 2, Suit.DIAMONDS),
    ],
)
def test_turned_wizard_lets_the_dealer_choose_trump(
    turned: str, first_dealer: int, suit: Suit
) -> None:
    state = new_game(Config(players=3, first_dealer=first_dealer))
    dealer = first_dealer
    left, right = (dealer + 1) % 3, (dealer + 2) % 3
    # the led C13 loses to the 2 of the chosen suit, unless clubs are chosen
    second = "D2" if suit is Suit.CLUBS else f"{suit.value}2"
    hands = {left: "C13", right: second, dealer: "H1"}
    state = apply(state, fill_deal(state, hands, turned))
    assert state.phase is Phase.CHOOSE_TRUMP
    assert state.current_player == dealer
    assert state.trump is None
    assert state.turned is card(turned)
    assert legal_actions(state) == tuple(ChooseTrump(dealer, s) for s in Suit)
    state = apply(state, ChooseTrump(dealer, suit))
    assert state.trump is suit
    assert state.turned is card(turned)
    assert (state.dealer, state.leader) == (dealer, left)  # naming trump moves nobody
    assert state.phase is Phase.BID
    assert state.current_player == left
    state = bid_all(state, {left: 0, right: 1, dealer: 0})
    state = play_cards(state, f"C13 {second} H1")
    expected_winner = left if suit is Suit.CLUBS else right
    assert state.results[0].trump is suit
    assert state.results[0].tricks[0].winner == expected_winner


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_last_round_deals_every_card_and_has_no_trump(players: int) -> None:
    config = Config(players=players)
    state = state_at_round(config, config.rounds, seed=players)
    assert random_deal(state, random.Random(1)).turned is None
    state = apply(state, full_deck_deal(state))
    assert state.phase is Phase.BID
    assert state.turned is None
    assert state.trump is None
    assert state.undealt == ()
    assert state.hand_sizes == (config.rounds,) * players
    assert sorted((c for hand in state.hands for c in hand), key=lambda c: c.index) == list(DECK)
    rng = random.Random(players)
    while not state.is_over:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    last = state.results[-1]
    assert last.round == config.rounds
    assert last.turned is None
    assert last.trump is None
    assert len(last.tricks) == config.rounds


# -- the bid-total option -----------------------------------------------------------

# Round 3 of 4 players, first dealer 0: seat 2 deals, bidding order 3, 0, 1, 2.
BID_TABLE = [
    ((0, 0, 0), 3),
    ((1, 1, 0), 1),
    ((0, 1, 1), 1),
    ((3, 0, 0), 0),
    ((1, 1, 1), 0),
    ((2, 0, 0), 1),
    ((2, 2, 0), None),  # total already above the round number
    ((3, 3, 3), None),
    ((0, 3, 1), None),
]


def _round3_before_dealer_bid(forbid: bool, earlier: tuple[int, int, int]) -> State:
    state = state_at_round(Config(players=4, forbid_bid_total_match=forbid), 3)
    assert state.dealer == 2
    state = apply(state, fill_deal(state, {}, "H1"))
    for seat, tricks in zip((3, 0, 1), earlier, strict=True):
        state = apply(state, Bid(seat, tricks))
    assert state.current_player == 2
    return state


@pytest.mark.parametrize(("earlier", "forbidden"), BID_TABLE)
def test_bid_total_option_forbids_exactly_one_dealer_bid(
    earlier: tuple[int, int, int], forbidden: int | None
) -> None:
    state = _round3_before_dealer_bid(True, earlier)
    expected = tuple(Bid(2, n) for n in range(4) if n != forbidden)
    assert legal_actions(state) == expected
    for n in range(4):
        if n == forbidden:
            with pytest.raises(IllegalActionError) as info:
                apply(state, Bid(2, n))
            assert info.value.code is ErrorCode.BID_TOTAL_FORBIDDEN
        else:
            after = apply(state, Bid(2, n))
            assert after.phase is Phase.PLAY
            assert sum(b for b in after.bids if b is not None) != 3


@pytest.mark.parametrize(("earlier", "forbidden"), BID_TABLE)
def test_without_the_option_every_dealer_bid_is_legal(
    earlier: tuple[int, int, int], forbidden: int | None
) -> None:
    state = _round3_before_dealer_bid(False, earlier)
    assert legal_actions(state) == tuple(Bid(2, n) for n in range(4))
    if forbidden is not None:
        after = apply(state, Bid(2, forbidden))
        assert sum(b for b in after.bids if b is not None) == 3


def test_bid_total_option_does_not_restrict_other_bidders() -> None:
    state = state_at_round(Config(players=4, forbid_bid_total_match=True), 3)
    state = apply(state, fill_deal(state, {}, "H1"))
    # the first three bids already add up to the round number: allowed
    for seat, tricks in ((3, 1), (0, 1), (1, 1)):
        assert legal_actions(state) == tuple(Bid(seat, n) for n in range(4))
        state = apply(state, Bid(seat, tricks))
    assert legal_actions(state) == (Bid(2, 1), Bid(2, 2), Bid(2, 3))
    # a non-dealer may make the running total equal the round number
    state = state_at_round(Config(players=4, forbid_bid_total_match=True), 3)
    state = apply(state, fill_deal(state, {}, "H1"))
    state = apply(state, Bid(3, 3))
    assert legal_actions(state) == tuple(Bid(0, n) for n in range(4))
    state = apply(state, Bid(0, 0))
    state = apply(state, Bid(1, 0))
    assert state.bids == (0, 0, None, 3)
    assert legal_actions(state) == (Bid(2, 1), Bid(2, 2), Bid(2, 3))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bid_total_option_in_round_one(players: int) -> None:
    state = new_game(Config(players=players, forbid_bid_total_match=True))
    state = apply(state, fill_deal(state, {}, "S5"))
    while state.current_player != state.dealer:
        seat = state.current_player
        assert seat is not None
        assert legal_actions(state) == (Bid(seat, 0), Bid(seat, 1))
        state = apply(state, Bid(seat, 0))
    assert legal_actions(state) == (Bid(state.dealer, 0),)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bid_total_option_never_matches_in_a_whole_game(players: int) -> None:
    final = random_game(
        Config(players=players, forbid_bid_total_match=True), random.Random(7 * players)
    )
    assert final.is_over
    for result in final.results:
        assert sum(result.bids) != result.round


# -- scoring and the end -------------------------------------------------------------


def test_scoring_applied_at_round_end() -> None:
    state = new_game(Config(players=3))
    state = apply(state, fill_deal(state, {1: "H13", 2: "C2", 0: "S5"}, "H7"))
    state = bid_all(state, {1: 1, 2: 0, 0: 1})
    state = play_cards(state, "H13 C2")
    assert state.results == ()
    assert state.scores == (0, 0, 0)
    state = play_cards(state, "S5")
    assert state.phase is Phase.DEAL
    assert state.round == 2
    assert state.dealer == 1
    assert len(state.results) == 1
    result = state.results[0]
    assert result.round == 1
    assert result.dealer == 0
    assert result.turned is card("H7")
    assert result.trump is Suit.HEARTS
    assert result.bids == (1, 1, 0)
    assert result.tricks_won == (0, 1, 0)
    assert result.scores == (-10, 30, 20)
    assert state.scores == (-10, 30, 20)
    # the next round starts clean
    assert state.bids == (None, None, None)
    assert state.completed_tricks == ()
    assert state.trump is None
    assert state.turned is None
    assert state.hand_sizes == (0, 0, 0)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("forbid", [False, True])
def test_running_scores_match_round_results(players: int, forbid: bool) -> None:
    config = Config(players=players, forbid_bid_total_match=forbid)
    totals = [0] * players
    seen = 0
    for state in walk(config, seed=players):
        if len(state.results) > seen:
            result = state.results[-1]
            seen += 1
            taken = [0] * players
            for trick in result.tricks:
                taken[trick.winner] += 1
            assert result.tricks_won == tuple(taken)
            assert sum(taken) == result.round
            assert result.scores == tuple(
                ref_round_score(b, t) for b, t in zip(result.bids, taken, strict=True)
            )
            totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
        assert state.scores == tuple(totals)
    assert seen == config.rounds


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("forbid", [False, True])
def test_game_over_after_all_rounds(players: int, forbid: bool) -> None:
    config = Config(players=players, forbid_bid_total_match=forbid)
    assert config.rounds == 60 // players
    final = random_game(config, random.Random(players))
    assert final.phase is Phase.GAME_OVER
    assert final.is_over
    assert not final.is_chance
    assert final.current_player is None
    assert legal_actions(final) == ()
    assert final.round == config.rounds
    assert [r.round for r in final.results] == list(range(1, config.rounds + 1))
    assert [len(r.tricks) for r in final.results] == list(range(1, config.rounds + 1))
    assert final.winners == ref_winners(final)
    assert len(final.winners) >= 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_tied_winners_all_win(players: int) -> None:
    config = Config(players=players)
    tie: State | None = None
    for seed in range(400):
        final = random_game(config, random.Random(seed))
        if len(ref_winners(final)) > 1:
            tie = final
            break
    assert tie is not None, "no tied game found among the seeds"
    replayed = replay(new_game(config), tie.history)
    assert replayed == tie
    assert_same_state(replayed, tie)
    expected = ref_winners(replayed)
    assert len(expected) >= 2
    assert replayed.winners == expected
    best = max(replayed.scores)
    assert all(replayed.scores[s] == best for s in replayed.winners)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_no_winners_before_the_end(players: int) -> None:
    for state in walk(Config(players=players), seed=3):
        if not state.is_over:
            assert state.winners == ()


# -- history -----------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("forbid", [False, True])
def test_history_replays_to_an_equal_state(players: int, forbid: bool) -> None:
    config = Config(players=players, forbid_bid_total_match=forbid)
    states = list(walk(config, seed=11 * players))
    for index, state in enumerate(states):
        assert len(state.history) == index
        if index % 17 == 0 or state.is_over:
            again = replay(new_game(config), state.history)
            assert again == state
            assert_same_state(again, state)
            assert hash(again) == hash(state)
    for before, after in itertools.pairwise(states):
        assert after.history[:-1] == before.history
        assert before != after


def test_states_are_not_changed_by_apply() -> None:
    config = Config(players=4)
    state = apply(new_game(config), fill_deal(new_game(config), {}, "C3"))
    twin = replay(new_game(config), state.history)
    seat = state.current_player
    assert seat is not None
    later = apply(state, Bid(seat, 1))
    assert later != state
    assert state == twin
    assert_same_state(state, twin)
    assert state.bids == (None,) * 4


def test_seeded_games_are_reproducible() -> None:
    config = Config(players=5)
    one, again = random_game(config, random.Random(5)), random_game(config, random.Random(5))
    assert one == again
    assert_same_state(one, again)
    assert random_game(config, random.Random(5)) != random_game(config, random.Random(6))


def test_deal_is_stored_in_canonical_order() -> None:
    state = new_game(Config(players=3))
    a = Deal([[card("H3")], [card("C2")], [card("W1")]], card("J1"))
    b = Deal(((card("H3"),), (card("C2"),), (card("W1"),)), card("J1"))
    assert a == b
    assert apply(state, a) == apply(state, b)
    assert_same_state(apply(state, a), apply(state, b))
    assert Deal([[card("W1"), card("C2"), card("J1")]], None).hands == (
        (card("J1"), card("C2"), card("W1")),
    )


def test_play_removes_the_card_from_the_hand() -> None:
    state = new_game(Config(players=3))
    state = apply(state, fill_deal(state, {1: "H13", 2: "C2", 0: "S5"}, "H7"))
    state = bid_all(state, {1: 1, 2: 0, 0: 1})
    assert state.hand(1) == (card("H13"),)
    after = apply(state, Play(1, card("H13")))
    assert after.hand(1) == ()
    assert after.hand_sizes == (1, 0, 1)
    assert state.hand(1) == (card("H13"),)


def test_states_are_their_own_copies_and_say_where_they_are() -> None:
    import copy

    state = new_game(Config(players=4))
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert repr(state) == "<State 4 players, round 1/15, deal, to act: chance>"
    final = random_game(Config(players=6), random.Random(1))
    assert repr(final) == "<State 6 players, round 10/10, game_over, to act: nobody>"


@pytest.mark.parametrize("config", [None, 4, {"players": 4}, "Config(players=4)"])
def test_new_game_needs_a_config(config: object) -> None:
    from wizard_rules import InvalidArgumentError

    with pytest.raises(InvalidArgumentError):
        new_game(config)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "first_dealer"), [(3, 0), (4, 3), (6, 2)])
def test_before_a_deal_the_leader_is_the_seat_that_will_lead(
    players: int, first_dealer: int
) -> None:
    state = new_game(Config(players=players, first_dealer=first_dealer))
    assert state.leader == (first_dealer + 1) % players
    final_round_start = state_at_round(Config(players=players, first_dealer=first_dealer), 2)
    assert final_round_start.leader == (first_dealer + 2) % players


def test_a_state_cannot_be_changed_or_deleted_and_equals_only_states() -> None:
    state = new_game(Config(players=3))
    with pytest.raises(AttributeError):
        state.round = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del state.round
    with pytest.raises(AttributeError):
        state.hand_masks = (1, 1, 1)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.extra = ()
    assert state != (state.config, state.phase, state.round)
    assert state != object()
    assert state == new_game(Config(players=3))
    assert_same_state(state, new_game(Config(players=3)))
    assert state != new_game(Config(players=4))


def test_a_state_says_who_acts_and_hashes_by_its_position() -> None:
    rng = random.Random(5)
    state = new_game(Config(players=3))
    seen = {state}
    hashes = {hash(state)}
    while not state.is_over:
        state = apply(state, random_action(state, rng))
        seen.add(state)
        hashes.add(hash(state))
        if state.current_player is not None:
            assert f"to act: P{state.current_player}>" in repr(state)
    # Every state of a game is different, and so (almost always) is its hash.
    assert len(seen) == len(state.history) + 1
    assert len(hashes) > len(seen) * 0.99
