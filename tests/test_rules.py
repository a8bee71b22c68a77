"""The rules as named pieces: the standard game is one value, and two variants are pieces.

The expected values are worked out by hand from docs/rules.rst (rules 20 to
22), not read from the engine.
"""

from __future__ import annotations

import pickle
import random

import pytest

from wizard_rules import (
    Bid,
    Config,
    ConfigError,
    Deal,
    ErrorCode,
    GameRecord,
    IllegalActionError,
    Phase,
    Position,
    State,
    apply,
    config_from_dict,
    config_to_dict,
    from_position,
    legal_actions,
    new_game,
    parse_cards,
    position_of,
    random_action,
    random_deal,
    random_game,
)
from wizard_rules.core.rules import (
    STANDARD,
    CanadianRule,
    ListedSchedule,
    OddSchedule,
    PlusMinusOne,
    Rules,
    StandardSchedule,
)

from .fields import assert_same_state

CANADIAN = Rules(bid_restrictions=(CanadianRule(),))


def bids_of(state: State) -> list[int]:
    actions = legal_actions(state)
    assert all(isinstance(action, Bid) for action in actions)
    return [action.tricks for action in actions if isinstance(action, Bid)]


def dealer_to_bid(scores: str, bids: str, options: str = "canadian_rule") -> State:
    """Round 3 of 4 players, seat 2 deals (so seat 3, 0, 1 bid before it); C7 turned."""
    text = (
        f"players=4 options={options} round=3 dealer=2 scores={scores} "
        "hands=C1,C2,C3/D1,D2,D3/S1,S2,S3/H1,H2,H3 turned=C7 trump=C "
        f"bids={bids} won=0,0,0,0 played=- trick=- leader=3"
    )
    return from_position(Position.from_text(text))


# -- the standard game is one value of the rules ---------------------------------


def test_the_standard_game_is_the_default_rules() -> None:
    assert Config(players=4).rules == STANDARD == Rules()
    assert Config(players=4).deal_sizes == tuple(range(1, 16))
    assert (
        repr(Config(players=4))
        == "Config(players=4, first_dealer=0, forbid_bid_total_match=False)"
    )


def test_plus_minus_one_is_both_the_flag_and_a_restriction() -> None:
    by_flag = Config(players=4, forbid_bid_total_match=True)
    by_piece = Config(players=4, rules=Rules(bid_restrictions=(PlusMinusOne(),)))
    assert by_flag == by_piece
    assert hash(by_flag) == hash(by_piece)
    assert by_piece.forbid_bid_total_match
    assert by_flag.rules.bid_restrictions == (PlusMinusOne(),)
    assert repr(by_piece) == "Config(players=4, first_dealer=0, forbid_bid_total_match=True)"


def test_restrictions_have_one_order_and_no_repeats() -> None:
    one = Rules(bid_restrictions=(PlusMinusOne(), CanadianRule(), PlusMinusOne()))
    other = Rules(bid_restrictions=[CanadianRule(), PlusMinusOne()])
    assert one == other
    assert one.bid_restrictions == (CanadianRule(), PlusMinusOne())


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rules(schedule="odd"), "rules.schedule must be"),  # type: ignore[arg-type]
        (lambda: Rules(bid_restrictions=(3,)), "not a bid restriction"),
        (lambda: Rules(bid_restrictions="canadian"), "bid_restrictions must be a sequence"),
        (lambda: ListedSchedule(sizes=()), "at least one round"),
        (lambda: ListedSchedule(sizes=(1, 0)), "from 1 to 60 cards, not 0"),
        (lambda: ListedSchedule(sizes=(61,)), "from 1 to 60 cards, not 61"),
        (lambda: ListedSchedule(sizes=(1, True)), "from 1 to 60 cards, not True"),
        (lambda: ListedSchedule(sizes=5), "a sequence of hand sizes"),
        (lambda: Config(players=6, rules=Rules(schedule=ListedSchedule(sizes=(11,)))), "10 cards"),
        (lambda: Config(players=4, rules="standard"), "rules must be a Rules"),  # type: ignore[arg-type]
    ],
)
def test_impossible_rules_are_an_invalid_config(make: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        make()  # type: ignore[operator]
    assert caught.value.code is ErrorCode.INVALID_CONFIG


def test_rules_print_only_what_differs_from_the_standard_game() -> None:
    assert repr(STANDARD) == "Rules()"
    config = Config(players=3, forbid_bid_total_match=True, rules=Rules(schedule=OddSchedule()))
    assert repr(config) == (
        "Config(players=3, first_dealer=0, forbid_bid_total_match=True, "
        "rules=Rules(schedule=OddSchedule()))"
    )


# -- rule 21: the Canadian rule ----------------------------------------------------


def test_21_a_dealer_who_leads_outright_may_not_make_the_bids_match() -> None:
    # Others bid 1 + 0 + 1 = 2 of 3 tricks: the dealer (50, ahead of all) may not bid 1.
    state = dealer_to_bid("0,20,50,10", "0,1,-,1")
    assert bids_of(state) == [0, 2, 3]
    with pytest.raises(IllegalActionError, match="Canadian rule") as caught:
        apply(state, Bid(player=2, tricks=1))
    assert caught.value.code is ErrorCode.BID_TOTAL_FORBIDDEN


@pytest.mark.parametrize(
    ("scores", "bids", "legal"),
    [
        ("0,50,50,10", "0,1,-,1", [0, 1, 2, 3]),  # tied for the lead: not outright
        ("0,50,20,10", "0,1,-,1", [0, 1, 2, 3]),  # another seat leads
        ("0,20,50,10", "1,1,-,1", [0, 1, 2, 3]),  # the match would be 0: zero is allowed
        ("0,20,50,10", "2,1,-,1", [0, 1, 2, 3]),  # the others bid 4 > 3: no bid matches
        ("0,20,50,10", "0,0,-,0", [0, 1, 2]),  # the match is 3
    ],
)
def test_21_the_rule_binds_only_an_outright_leader_and_never_bars_zero(
    scores: str, bids: str, legal: list[int]
) -> None:
    assert bids_of(dealer_to_bid(scores, bids)) == legal


def test_21_other_seats_bid_freely_and_round_1_has_no_leader() -> None:
    # Seat 1 bids before the dealer: the rule never binds it.
    state = dealer_to_bid("0,20,50,10", "0,-,-,1")
    assert bids_of(state) == [0, 1, 2, 3]
    # Round 1: every seat has 0, so the dealer does not lead outright.
    config = Config(players=3, rules=CANADIAN)
    first = new_game(config)
    first = apply(first, random_deal(first, random.Random(3)))
    while first.current_player != first.dealer:
        first = apply(first, Bid(player=first.current_player, tricks=0))  # type: ignore[arg-type]
    assert bids_of(first) == [0, 1]


def test_21_combined_with_plus_minus_one_each_forbids_what_it_forbids() -> None:
    both = "canadian_rule,forbid_bid_total_match"
    assert bids_of(dealer_to_bid("0,20,50,10", "1,1,-,1", both)) == [1, 2, 3]  # 0 by rule 20
    assert bids_of(dealer_to_bid("0,20,50,10", "0,1,-,1", both)) == [0, 2, 3]  # 1 by both
    assert bids_of(dealer_to_bid("0,50,50,10", "0,1,-,1", both)) == [0, 2, 3]  # 1 by rule 20


def test_21_a_position_whose_dealer_broke_the_rule_is_refused() -> None:
    text = (
        "players=4 options=canadian_rule round=3 dealer=2 scores=0,20,50,10 "
        "hands=C1,C2,C3/D1,D2,D3/S1,S2,S3/H1,H2,H3 turned=C7 trump=C "
        "bids=0,1,1,1 won=0,0,0,0 played=- trick=- leader=3"
    )
    with pytest.raises(Exception, match="Canadian rule"):
        Position.from_text(text)


# -- rule 22: short schedules ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (1, 3, 5, 7, 9, 11, 13, 15, 17, 19)),
        (4, (1, 3, 5, 7, 9, 11, 13, 15)),
        (5, (1, 3, 5, 7, 9, 11)),
        (6, (1, 3, 5, 7, 9)),
    ],
)
def test_22_the_odd_schedule_deals_the_odd_sizes(players: int, sizes: tuple[int, ...]) -> None:
    config = Config(players=players, rules=Rules(schedule=OddSchedule()))
    assert config.deal_sizes == sizes
    assert config.rounds == len(sizes)
    game = random_game(config, random.Random(players))
    assert game.is_over
    assert [len(result.tricks) for result in game.results] == list(sizes)
    assert [result.dealer for result in game.results] == [r % players for r in range(len(sizes))]
    # 60 / players is odd only for 4 players (15): only their last round deals
    # every card and turns none; 3, 5 and 6 players' last rounds deal 57, 55
    # and 54 cards and turn one of those left (rule 22.3).
    last = game.results[-1]
    assert (last.turned is None) is (players == 4)


def test_22_a_listed_schedule_deals_its_sizes_in_order() -> None:
    config = Config(players=3, rules=Rules(schedule=ListedSchedule(sizes=(5, 5, 2))))
    state = new_game(config)
    rng = random.Random(8)
    sizes = []
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state = apply(state, random_deal(state, rng))
            sizes.append(state.deal_size)
            assert [len(hand) for hand in state.hands] == [state.deal_size] * 3
            assert state.turned is not None  # 15 or 6 of 60 dealt: a card is turned
        else:
            state = apply(state, random_action(state, rng))
    assert sizes == [5, 5, 2]
    assert len(state.results) == 3


def test_22_bids_run_to_the_hand_size_not_the_round_number() -> None:
    config = Config(players=4, rules=Rules(schedule=ListedSchedule(sizes=(3, 1))))
    state = new_game(config)
    state = apply(state, random_deal(state, random.Random(2)))
    assert state.round == 1
    assert bids_of(state) == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Bid(player=1, tricks=4))
    assert caught.value.code is ErrorCode.BID_OUT_OF_RANGE


def test_22_a_deal_of_the_wrong_size_is_refused() -> None:
    config = Config(players=3, rules=Rules(schedule=ListedSchedule(sizes=(2,))))
    state = new_game(config)
    one_each = Deal(hands=(parse_cards("C1"), parse_cards("C2"), parse_cards("C3")), turned=None)
    with pytest.raises(IllegalActionError, match="deals 2 cards") as caught:
        apply(state, one_each)
    assert caught.value.code is ErrorCode.INVALID_DEAL


# -- the rules travel with a game ----------------------------------------------------------


VARIANTS = [
    Config(players=4, rules=CANADIAN),
    Config(players=3, rules=Rules(schedule=OddSchedule())),
    Config(players=5, first_dealer=2, rules=Rules(schedule=ListedSchedule(sizes=(4, 2, 4)))),
    Config(players=6, forbid_bid_total_match=True, rules=Rules(schedule=OddSchedule())),
]


@pytest.mark.parametrize("config", VARIANTS, ids=repr)
def test_the_rules_round_trip_through_records_positions_and_pickles(config: Config) -> None:
    assert config_from_dict(config_to_dict(config)) == config
    game = random_game(config, random.Random(1))
    record = GameRecord.from_state(game)
    assert GameRecord.from_json(record.to_json()).replay() == game
    assert_same_state(GameRecord.from_json(record.to_json()).replay(), game)
    state = new_game(config)
    rng = random.Random(5)
    while len(state.history) < 12:
        state = apply(state, random_action(state, rng))
    position = position_of(state)
    again = Position.from_text(position.to_text())
    assert again == position
    assert again.config == config
    assert pickle.loads(pickle.dumps(config)) == config


def test_the_standard_games_json_is_unchanged() -> None:
    # 0.1's three fields, and nothing for the variants that are off.
    assert config_to_dict(Config(players=4)) == {
        "players": 4,
        "first_dealer": 0,
        "forbid_bid_total_match": False,
    }
    assert config_to_dict(Config(players=3, rules=CANADIAN))["canadian_rule"] is True
    assert (
        config_to_dict(Config(players=3, rules=Rules(schedule=OddSchedule())))["schedule"] == "odd"
    )
    assert (
        config_from_dict({"players": 3, "schedule": "standard"}).rules.schedule
        == StandardSchedule()
    )


@pytest.mark.parametrize(
    "value",
    [
        {"players": 3, "schedule": "even"},
        {"players": 3, "schedule": [1, "2"]},
        {"players": 3, "schedule": []},
        {"players": 3, "schedule": [30]},
        {"players": 3, "canadian_rule": 1},
    ],
)
def test_a_bad_variant_in_json_is_an_invalid_record(value: dict[str, object]) -> None:
    from wizard_rules import RecordError

    with pytest.raises(RecordError) as caught:
        config_from_dict(value)
    assert caught.value.code is ErrorCode.INVALID_RECORD


@pytest.mark.parametrize(
    "config", [c for c in VARIANTS if c.rules.bid_restrictions != (PlusMinusOne(),)], ids=repr
)
def test_the_batch_engine_refuses_the_variants_it_does_not_play(config: Config) -> None:
    batch = pytest.importorskip("wizard_rules.sim.batch")
    with pytest.raises(ConfigError, match="the batch engine does not play") as caught:
        batch.new_batch(config, 2)
    assert caught.value.code is ErrorCode.INVALID_CONFIG
    assert batch.new_batch(Config(players=4, forbid_bid_total_match=True), 2).size == 2


def test_a_schedule_the_deck_cannot_deal_is_refused_at_its_column() -> None:
    from wizard_rules import PositionError

    text = (
        "players=3 schedule=21 round=1 dealer=0 scores=0,0,0 hands=-/-/- turned=- trump=- "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=1"
    )
    with pytest.raises(PositionError, match="20 cards each at most") as caught:
        Position.from_text(text)
    assert caught.value.code is ErrorCode.BAD_POSITION_TEXT
    assert caught.value.column == 11


def test_a_piece_without_parameters_is_one_value_of_its_class() -> None:
    from wizard_rules.core.rules import StandardFollow, StandardTrump

    assert OddSchedule() == OddSchedule()
    assert hash(OddSchedule()) == hash(OddSchedule())
    assert OddSchedule() != StandardSchedule()
    assert CanadianRule() != PlusMinusOne()
    assert StandardTrump() != "StandardTrump()"
    assert repr(StandardFollow()) == "StandardFollow()"
    assert pickle.loads(pickle.dumps(CanadianRule())) == CanadianRule()
    with pytest.raises(AttributeError):
        OddSchedule().sizes = (1,)


@pytest.mark.parametrize(
    ("text", "separators", "schedule"),
    [
        ("standard", ",", StandardSchedule()),
        ("odd", ",", OddSchedule()),
        ("1,3,5", ",", ListedSchedule(sizes=(1, 3, 5))),
        (" 5 , 2 ", ",", ListedSchedule(sizes=(5, 2))),
        ("1;3", ";", ListedSchedule(sizes=(1, 3))),
        ("7;", ";", ListedSchedule(sizes=(7,))),
        ("2 4", " ;", ListedSchedule(sizes=(2, 4))),
    ],
)
def test_a_schedules_text_is_read_one_way(text: str, separators: str, schedule: object) -> None:
    from wizard_rules.core.rules import parse_schedule, schedule_text

    assert parse_schedule(text, separators=separators) == schedule
    assert parse_schedule(schedule_text(schedule)) == schedule  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("even", "a schedule is standard, odd or hand sizes separated by commas, such as 1,3,5"),
        ("1,,3", "not '1,,3'"),
        ("", "not ''"),
        ("1;3", "separated by commas"),
        ("0", "from 1 to 60 cards, not 0"),
        ("3,99999", "from 1 to 60 cards, not 99999"),
        (3, "a schedule is text, not int"),
    ],
)
def test_a_bad_schedule_text_is_an_invalid_config(text: object, message: str) -> None:
    from wizard_rules.core.rules import parse_schedule

    with pytest.raises(ConfigError, match=message) as caught:
        parse_schedule(text)  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.INVALID_CONFIG


def test_a_piece_refuses_to_lose_an_attribute_too() -> None:
    with pytest.raises(AttributeError, match="CanadianRule is immutable; cannot delete 'key'"):
        del CanadianRule().key


def test_a_bad_schedule_in_the_notation_is_refused_at_its_column() -> None:
    from wizard_rules import PositionError

    text = (
        "players=3 schedule=even round=1 dealer=0 scores=0,0,0 hands=-/-/- turned=- trump=- "
        "bids=-,-,- won=0,0,0 played=- trick=- leader=1"
    )
    with pytest.raises(PositionError, match="a schedule is standard, odd or hand sizes") as caught:
        Position.from_text(text)
    assert caught.value.column == 11


def test_the_finder_of_the_old_paths_is_installed_once() -> None:
    import sys

    from wizard_rules import _compat

    _compat.install()
    _compat.install()
    assert sum(finder is _compat._Finder for finder in sys.meta_path) == 1


def test_an_unknown_option_is_echoed_short() -> None:
    # Found by the position_text fuzz target: the name was echoed whole.
    from wizard_rules import PositionError

    text = f"players=4 options=forbid_{'x' * 600} round=1 dealer=0"
    with pytest.raises(PositionError, match="the options are canadian_rule") as caught:
        Position.from_text(text)
    assert len(caught.value.message) < 240  # the six names, and 40 characters of the echo
    assert caught.value.column == 11
