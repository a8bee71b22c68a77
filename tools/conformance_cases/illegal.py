"""The ``illegal`` area: refused actions and their error codes (rules 11.1 to 11.11)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .common import (
    ORDER,
    Json,
    area,
    bid,
    bids_in_order,
    case,
    config,
    deal,
    fill,
    play,
    recorded_game,
    refused,
    round3,
    simple_prefix,
    trump,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("illegal", "Refused actions and their error codes (rules 11.1 to 11.11).")
def illegal_area() -> Iterator[Json]:
    cfg6 = config(6)
    over6 = recorded_game(cfg6, 9)[1]
    n6 = len(over6)
    follow = round3(["C7 S2 S3", "C3 H5 W1", "D2 D3 J2"])  # seat 0 leads
    start = [fill(3, 1, {0: "C3", 1: "W1", 2: "C2"}, "D1")]
    bid_done = [*start, *bids_in_order(3, 0, [1, 0, 0])]
    # (rule, description, config, actions, index of the refused action, error code)
    illegal_rows: list[tuple[str, str, Json, list[Any], int, str]] = [
        (
            "11.1",
            "a card after the end of the game",
            cfg6,
            [*over6, play(1, "C2")],
            n6,
            "game_over",
        ),
        ("11.1", "a bid after the end of the game", cfg6, [*over6, bid(0, 0)], n6, "game_over"),
        (
            "11.1",
            "a deal after the end of the game",
            cfg6,
            [*over6, fill(6, 1, {}, "H1")],
            n6,
            "game_over",
        ),
        (
            "11.1",
            "after the end, a card by a seat that does not exist",
            cfg6,
            [*over6, play(9, "C2")],
            n6,
            "game_over",
        ),
        ("11.2", "a card before the deal", config(3), [play(1, "C2")], 0, "wrong_phase"),
        ("11.2", "a bid before the deal", config(3), [bid(1, 0)], 0, "wrong_phase"),
        ("11.2", "a card while bidding", config(3), [*start, play(1, "W1")], 1, "wrong_phase"),
        ("11.2", "a second deal while bidding", config(3), [*start, *start], 1, "wrong_phase"),
        ("11.2", "a bid during play", config(3), [*bid_done, bid(1, 0)], 4, "wrong_phase"),
        (
            "11.2",
            "a trump choice while bidding",
            config(3),
            [*start, trump(0, "H")],
            1,
            "wrong_phase",
        ),
        (
            "11.2",
            "the wrong phase is reported before the wrong player",
            config(3),
            [*start, play(2, "C2")],
            1,
            "wrong_phase",
        ),
        ("11.3", "a bid by seat 3 of three", config(3), [*start, bid(3, 0)], 1, "no_such_player"),
        ("11.3", "a card by seat -1", config(3), [*bid_done, play(-1, "C2")], 4, "no_such_player"),
        (
            "11.3",
            "a trump choice by seat 7",
            config(3),
            [fill(3, 1, {}, "W1"), trump(7, "H")],
            1,
            "no_such_player",
        ),
        ("11.4", "a bid by the wrong player", config(3), [*start, bid(2, 0)], 1, "not_your_turn"),
        (
            "11.4",
            "a card by the wrong player",
            config(3),
            [*bid_done, play(2, "C2")],
            4,
            "not_your_turn",
        ),
        (
            "11.4",
            "not your turn is reported before a card you do not hold",
            config(3),
            [*bid_done, play(2, "H9")],
            4,
            "not_your_turn",
        ),
        (
            "11.4",
            "not your turn is reported before a bid out of range",
            config(3),
            [*start, bid(2, 5)],
            1,
            "not_your_turn",
        ),
        (
            "11.5",
            "a deal with too few hands",
            config(4),
            [deal(["C1", "C2", "C3"], "D1")],
            0,
            "invalid_deal",
        ),
        (
            "11.5",
            "a deal with too many hands",
            config(3),
            [deal(["C1", "C2", "C3", "C4"], "D1")],
            0,
            "invalid_deal",
        ),
        (
            "11.5",
            "a deal whose turned card is also dealt",
            config(3),
            [deal(["C1", "C2", "C3"], "C2")],
            0,
            "invalid_deal",
        ),
        (
            "11.5",
            "a deal with a hand one card short",
            config(3),
            [deal(["C1", "", "C3"], "D2")],
            0,
            "invalid_deal",
        ),
        (
            "11.6",
            "'no trump' named after a Wizard",
            config(4),
            [fill(4, 1, {}, "W4"), trump(0, None)],
            1,
            "no_trump_not_allowed",
        ),
        ("11.7", "a bid of 2 in round 1", config(3), [*start, bid(1, 2)], 1, "bid_out_of_range"),
        ("11.7", "a bid of -1", config(3), [*start, bid(1, -1)], 1, "bid_out_of_range"),
        (
            "11.7",
            "the dealer's matching bid with the option",
            config(3, 0, True),
            [*start, *bids_in_order(3, 0, [1, 0, 0])],
            3,
            "bid_total_forbidden",
        ),
        (
            "11.8",
            "a card the player does not hold",
            config(3),
            [*bid_done, play(1, "C2")],
            4,
            "card_not_in_hand",
        ),
        (
            "11.8",
            "a card that does not fit the led suit",
            config(3),
            [*follow, play(0, "C7"), play(1, "H5")],
            len(follow) + 1,
            "must_follow_suit",
        ),
        (
            "11.8",
            "a card already played",
            config(3),
            [
                *follow,
                play(0, "C7"),
                play(1, "C3"),
                play(2, "D2"),
                play(2, "D2"),
            ],
            len(follow) + 3,
            "card_not_in_hand",
        ),
        (
            "11.11",
            "an action of an unknown type",
            config(3),
            [*start, {"type": "pass", "player": 1}],
            1,
            "invalid_action",
        ),
        (
            "11.11",
            "a bid without its number",
            config(3),
            [*start, {"type": "bid", "player": 1}],
            1,
            "invalid_action",
        ),
        (
            "11.11",
            "a bid whose number is a string",
            config(3),
            [*start, {"type": "bid", "player": 1, "tricks": "0"}],
            1,
            "invalid_action",
        ),
        (
            "11.11",
            "a card played by a player given as a string",
            config(3),
            [*bid_done, {"type": "play", "player": "1", "card": "W1"}],
            4,
            "invalid_action",
        ),
        ("11.11", "an action that is not an object", config(3), [*start, 7], 1, "invalid_action"),
        (
            "11.11",
            "a deal whose hands are not lists",
            config(3),
            [{"type": "deal", "hands": "C1 C2 C3", "turned": "D1"}],
            0,
            "invalid_action",
        ),
    ]
    # The rows whose action breaks several rules, to show which code comes first.
    order_rows = {4, 11, 17, 18}
    for number, (rule, text, cfg, actions, at, code) in enumerate(illegal_rows, start=1):
        yield case(
            f"illegal.{number:03d}",
            rule,
            text,
            cfg,
            actions,
            errors=refused(at, code),
            also=ORDER if number in order_rows else (),
        )
    number = len(illegal_rows) + 1
    yield case(
        f"illegal.{number:03d}",
        "11.9",
        "a refused bid changes nothing: the same player bids next",
        config(3),
        [*start, bid(1, 5), bid(1, 1)],
        errors=refused(1, "bid_out_of_range"),
        state={"bids": [None, 1, None], "current_player": 2},
    )
    yield case(
        f"illegal.{number + 1:03d}",
        "11.9",
        "a refused card changes nothing: the hand and the trick are as before",
        config(3),
        [*bid_done, play(1, "C3"), play(1, "W1")],
        errors=refused(4, "card_not_in_hand"),
        state={"trick": ["W1"], "hands": [["C3"], [], ["C2"]], "current_player": 2},
    )
    yield case(
        f"illegal.{number + 2:03d}",
        "11.9",
        "a refused deal changes nothing: the good deal that follows is played",
        config(3),
        [deal(["C1", "C1", "C3"], "D1"), deal(["C1", "C2", "C3"], "D1")],
        errors=refused(0, "invalid_deal"),
        state={"hands": [["C1"], ["C2"], ["C3"]], "phase": "bid"},
    )
    yield case(
        f"illegal.{number + 3:03d}",
        "11.9",
        "several refused actions in a row are each reported",
        config(3),
        [*start, bid(0, 0), bid(1, 3), play(1, "W1"), bid(1, 0)],
        errors=[
            {"at": 1, "code": "not_your_turn"},
            {"at": 2, "code": "bid_out_of_range"},
            {"at": 3, "code": "wrong_phase"},
        ],
        state={"bids": [None, 0, None]},
    )
    # More cases for the rules that had the fewest (a planted-bug run showed
    # that they rested on two or three cases each), at other player counts.
    yield case(
        "illegal.040",
        "11.6",
        "three players, W1 turned: the dealer may not name 'no trump'",
        config(3),
        [fill(3, 1, {}, "W1"), trump(0, None)],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "choose_trump", "trump": None, "current_player": 0},
    )
    yield case(
        "illegal.041",
        "11.6",
        "six players, W3 turned: 'no trump' is refused, then a suit is named",
        config(6),
        [fill(6, 1, {}, "W3"), trump(0, None), trump(0, "S")],
        errors=refused(1, "no_trump_not_allowed"),
        state={"phase": "bid", "trump": "S", "current_player": 1},
    )
    rounds_1_2 = simple_prefix(config(4), 2)  # dealer of round 3: seat 2; seat 3 bids first
    yield case(
        "illegal.042",
        "11.7",
        "four players, round 3: a bid of 4 is out of range",
        config(4),
        [*rounds_1_2, fill(4, 3, {}, "H2"), bid(3, 4)],
        errors=refused(len(rounds_1_2) + 1, "bid_out_of_range"),
        state={"round": 3, "current_player": 3, "bids": [None, None, None, None]},
    )
    yield case(
        "illegal.043",
        "11.3",
        "four players: a bid by seat 7 is no_such_player, before not_your_turn",
        config(4),
        [fill(4, 1, {}, "H2"), bid(7, 0)],
        errors=refused(1, "no_such_player"),
        also=ORDER,
    )
    yield case(
        "illegal.044",
        "11.8",
        "four players: a card not held, of another suit than the led one the player "
        "holds, is card_not_in_hand, before must_follow_suit",
        config(4),
        [
            fill(4, 1, {1: "C5", 2: "C7", 3: "D1", 0: "D2"}, "S1"),
            *bids_in_order(4, 0, [0, 0, 0, 0]),
            play(1, "C5"),
            play(2, "H9"),
        ],
        errors=refused(6, "card_not_in_hand"),
        state={"trick": ["C5"], "current_player": 2},
        also=ORDER,
    )
