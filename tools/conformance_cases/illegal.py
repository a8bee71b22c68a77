"""The ``illegal`` area: refused actions and their error codes (rules 11.1 to 11.11).

Every case starts from the position just before the refused action, written
in the one-line notation (:func:`pos`); the first action of a case is at
index 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .common import (
    ORDER,
    Json,
    area,
    bid,
    case,
    deal,
    fill,
    last_round_deal,
    play,
    pos,
    refused,
    trump,
)

# Ids of this area that are retired: never used again.
# illegal.001 to illegal.044 were replaced by cases starting from positions.
RETIRED: list[str] = [
    *(f"illegal.{n:03d}" for n in range(1, 45)),
    # Retired in suite 2.1.0 (issue 21): the cases during play that started
    # from PLAY, whose bids add up to the round: a position which an
    # implementation that always plays the bid-total rule can never reach,
    # so they failed for a rule not their own.  Each is written again, after
    # the last case, from PLAY_21 (see ``illegal_area``).
    *(
        f"illegal.{n:03d}"
        for n in (57, 58, 59, 63, 66, 70, 75, 76, 104, 114, 124, 130, 131, 132, 135, 136)
    ),
]

OPTION = "options=forbid_bid_total_match"

# Round 1, dealer 0, bidding: seat 1 bids first.
BID = {
    3: "players=3 hands=C3/W1/C2 turned=D1",
    4: "players=4 hands=C3/W1/C2/H5 turned=D1",
    5: "players=5 hands=C3/W1/C2/H5/S9 turned=D1",
    6: "players=6 hands=C3/W1/C2/H5/S9/D7 turned=J1",
}
# The same, every seat has bid: seat 1 leads W1.
PLAY = {
    3: BID[3] + " bids=0,1,0",
    4: BID[4] + " bids=0,1,0,0",
    5: BID[5] + " bids=0,1,0,0,0",
    6: BID[6] + " bids=0,1,0,0,0,0",
}
# The same with bids that do not add up to the round (since suite 2.1.0).
PLAY_21 = {
    3: BID[3] + " bids=0,1,1",
    4: BID[4] + " bids=0,1,0,1",
    5: BID[5] + " bids=0,1,0,0,1",
    6: BID[6] + " bids=0,1,0,0,0,1",
}
# Round 1, dealer 0: W2 turned, the dealer (seat 0) is to name trump.
CHOOSE = {
    n: BID[n].replace("turned=D1", "turned=W2").replace("turned=J1", "turned=W2") for n in BID
}
# Before the deal of round 1 (dealer 0).
BEFORE = {n: f"players={n} hands=" + "/".join(["-"] * n) for n in (3, 4, 5, 6)}
# The end of the game (first dealer 0): the last round is over.
OVER = {
    3: "players=3 round=20 dealer=1 over hands=-/-/-",
    4: "players=4 round=15 dealer=2 over hands=-/-/-/-",
    5: "players=5 round=12 dealer=1 over hands=-/-/-/-/-",
    6: "players=6 round=10 dealer=3 over hands=-/-/-/-/-/-",
}
# A trick with a led suit, the next seat holds that suit and others.
FOLLOW = {
    # round 2, dealer 1: seat 2 led C9; seat 0 (C3 S5) is to play.
    3: "players=3 round=2 dealer=1 scores=20,30,-10 hands=C3,S5/C4,H6/J2 turned=D1 "
    "bids=1,0,0 trick=C9 leader=2",
    # round 2, dealer 1: seat 2 led H9; seat 3 (H2 C7) is to play.
    4: "players=4 round=2 dealer=1 scores=20,20,30,-10 hands=D3,D4/C5,C6/S2/H2,C7 turned=S1 "
    "bids=0,1,0,0 trick=H9 leader=2",
    # round 3, dealer 2: seat 3 led D9; seat 4 (D3 H4 S5) is to play; trump Spades.
    5: "players=5 round=3 dealer=2 hands=C1,C2,C3/C4,D6,C6/C7,C8,C9/H1,D2/D3,H4,S5 turned=S1 "
    "bids=0,0,0,0,0 trick=D9 leader=3",
    # round 2, dealer 1: seat 2 led S8; seat 3 (S2 C4) is to play.
    6: "players=6 round=2 dealer=1 scores=20,20,20,20,20,20 hands=C1,C2/C3,D4/H1/S2,C4/H2,H3/"
    "D5,D6 turned=J1 bids=0,0,0,0,0,0 trick=S8 leader=2",
}


def card_row(n: int) -> list[str]:
    """Round 1 hands of n seats, one card each, none of them D1 or H1."""
    return ["C1", "C2", "C3", "C4", "C5", "C6"][:n]


# (rule, description, position text, actions, errors, observations, also)
Row = tuple[str, str, str, Sequence[Any], list[Json], Json | None, Sequence[str]]


def row(
    rule: str,
    text: str,
    position: str,
    actions: Sequence[Any],
    code: str,
    *,
    state: Json | None = None,
    order: bool = False,
    errors: list[Json] | None = None,
) -> Row:
    """A case whose first action (index 0) is refused with ``code``."""
    return (
        rule,
        text,
        position,
        actions,
        errors if errors is not None else refused(0, code),
        state,
        ORDER if order else (),
    )


ROWS: list[Row] = [
    # -- 11.1 nothing after the end ----------------------------------------------
    row("11.1", "three players: a card after the end", OVER[3], [play(1, "C2")], "game_over"),
    row("11.1", "four players: a bid after the end", OVER[4], [bid(3, 0)], "game_over"),
    row(
        "11.1",
        "five players: a deal after the end",
        OVER[5],
        [fill(5, 1, {}, "H1")],
        "game_over",
    ),
    row(
        "11.1", "six players: a trump choice after the end", OVER[6], [trump(3, "H")], "game_over"
    ),
    row(
        "11.1",
        "four players: after the end, a card by seat 9 is game_over, before no_such_player",
        OVER[4],
        [play(9, "C2")],
        "game_over",
        order=True,
    ),
    row(
        "11.1",
        "three players: after the end, a bid of 99 by seat 0 is game_over, before "
        "not_your_turn and bid_out_of_range",
        OVER[3],
        [bid(0, 99)],
        "game_over",
        order=True,
    ),
    # -- 11.2 one kind of action per phase -----------------------------------------
    row(
        "11.2", "three players: a card before the deal", BEFORE[3], [play(1, "C2")], "wrong_phase"
    ),
    row("11.2", "four players: a bid before the deal", BEFORE[4], [bid(1, 0)], "wrong_phase"),
    row(
        "11.2",
        "five players: a trump choice before the deal",
        BEFORE[5],
        [trump(0, "H")],
        "wrong_phase",
    ),
    row("11.2", "six players: a card while bidding", BID[6], [play(1, "W1")], "wrong_phase"),
    row(
        "11.2",
        "four players: a deal while bidding",
        BID[4],
        [fill(4, 1, {}, "H1")],
        "wrong_phase",
    ),
    row(
        "11.2",
        "three players: a trump choice while bidding",
        BID[3],
        [trump(0, "H")],
        "wrong_phase",
    ),
    row("11.2", "five players: a bid during play", PLAY[5], [bid(1, 0)], "wrong_phase"),
    row(
        "11.2",
        "four players: a deal during play",
        PLAY[4],
        [fill(4, 1, {}, "H1")],
        "wrong_phase",
    ),
    row(
        "11.2", "six players: a trump choice during play", PLAY[6], [trump(0, "C")], "wrong_phase"
    ),
    row(
        "11.2",
        "four players: the dealer bids instead of naming trump after W2 is turned",
        CHOOSE[4],
        [bid(0, 0)],
        "wrong_phase",
    ),
    row(
        "11.2",
        "three players: the dealer plays a card instead of naming trump",
        CHOOSE[3],
        [play(0, "C3")],
        "wrong_phase",
    ),
    row(
        "11.2",
        "five players: a card by seat 9 while bidding is wrong_phase, before no_such_player",
        BID[5],
        [play(9, "C2")],
        "wrong_phase",
        order=True,
    ),
    row(
        "11.2",
        "four players: a bid by seat 3, not the leader, during play is wrong_phase, "
        "before not_your_turn",
        PLAY[4],
        [bid(3, 0)],
        "wrong_phase",
        order=True,
    ),
    row(
        "11.2",
        "six players: a bid by seat 7 before the deal is wrong_phase, before no_such_player",
        BEFORE[6],
        [bid(7, 0)],
        "wrong_phase",
        order=True,
    ),
    # -- 11.3 only existing seats act ----------------------------------------------
    row("11.3", "three players: a bid by seat 3", BID[3], [bid(3, 0)], "no_such_player"),
    row("11.3", "four players: a card by seat -1", PLAY[4], [play(-1, "C2")], "no_such_player"),
    row(
        "11.3",
        "five players: a trump choice by seat 5",
        CHOOSE[5],
        [trump(5, "H")],
        "no_such_player",
    ),
    row("11.3", "six players: a bid by seat 6", BID[6], [bid(6, 0)], "no_such_player"),
    row(
        "11.3",
        "four players: a bid of 9 by seat 7 is no_such_player, before not_your_turn and "
        "bid_out_of_range",
        BID[4],
        [bid(7, 9)],
        "no_such_player",
        order=True,
    ),
    row(
        "11.3",
        "three players: a card not held by seat 4 is no_such_player, before not_your_turn "
        "and card_not_in_hand",
        PLAY[3],
        [play(4, "H13")],
        "no_such_player",
        order=True,
    ),
    # -- 11.4 one player acts at a time --------------------------------------------
    row("11.4", "three players: the dealer bids first", BID[3], [bid(0, 0)], "not_your_turn"),
    row(
        "11.4",
        "four players: seat 0 plays while seat 3 is to play",
        FOLLOW[4],
        [play(0, "D3")],
        "not_your_turn",
    ),
    row(
        "11.4",
        "five players: seat 1, not the dealer, names trump",
        CHOOSE[5],
        [trump(1, "H")],
        "not_your_turn",
    ),
    row("11.4", "six players: seat 2 bids before seat 1", BID[6], [bid(2, 0)], "not_your_turn"),
    row(
        "11.4",
        "six players: seat 2 plays before the leader, seat 1",
        PLAY[6],
        [play(2, "C2")],
        "not_your_turn",
    ),
    row(
        "11.4",
        "four players: a card seat 2 does not hold, out of turn, is not_your_turn, before "
        "card_not_in_hand",
        PLAY[4],
        [play(2, "H9")],
        "not_your_turn",
        order=True,
    ),
    row(
        "11.4",
        "three players: a bid of 5 by seat 2 out of turn is not_your_turn, before "
        "bid_out_of_range",
        BID[3],
        [bid(2, 5)],
        "not_your_turn",
        order=True,
    ),
    row(
        "11.4",
        "five players: seat 1 plays C4, holding D6 after D9 was led, out of turn: "
        "not_your_turn, before must_follow_suit",
        FOLLOW[5],
        [play(1, "C4")],
        "not_your_turn",
        order=True,
    ),
    row(
        "11.4",
        "four players: seat 1, not the dealer, names 'no trump': not_your_turn, before "
        "no_trump_not_allowed",
        CHOOSE[4],
        [trump(1, None)],
        "not_your_turn",
        order=True,
    ),
    # -- 11.5 a deal must fit the round ----------------------------------------------
    row(
        "11.5",
        "three players: a deal with two hands",
        BEFORE[3],
        [deal(["C1", "C2"], "D1")],
        "invalid_deal",
    ),
    row(
        "11.5",
        "four players: a deal with five hands",
        BEFORE[4],
        [deal(card_row(5), "D1")],
        "invalid_deal",
    ),
    row(
        "11.5",
        "five players: the turned card C5 is also in seat 4's hand",
        BEFORE[5],
        [deal(card_row(5), "C5")],
        "invalid_deal",
    ),
    row(
        "11.5",
        "six players, round 1: seat 1's hand is empty",
        BEFORE[6],
        [deal(["C1", "", "C3", "C4", "C5", "C6"], "D1")],
        "invalid_deal",
    ),
    row(
        "11.5",
        "four players: C1 is dealt to seats 0 and 2",
        BEFORE[4],
        [deal(["C1", "C2", "C1", "C4"], "D1")],
        "invalid_deal",
    ),
    row(
        "11.5",
        "three players, round 1: no card is turned though cards remain",
        BEFORE[3],
        [deal(card_row(3), None)],
        "invalid_deal",
    ),
    row(
        "11.5",
        "four players, round 15 (the last): a card is turned",
        "players=4 round=15 dealer=2 hands=-/-/-/-",
        [{**last_round_deal(4), "turned": "D1"}],
        "invalid_deal",
    ),
    row(
        "11.5",
        "five players, round 2: one card per hand",
        "players=5 round=2 dealer=1 scores=20,20,20,20,20 hands=-/-/-/-/-",
        [deal(card_row(5), "D1")],
        "invalid_deal",
    ),
    row(
        "11.5",
        "six players, round 1: two cards per hand",
        BEFORE[6],
        [deal(["C1 C2", "C3 C4", "C5 C6", "C7 C8", "C9 C10", "C11 C12"], "D1")],
        "invalid_deal",
    ),
    # -- 11.6 refused trump choice ---------------------------------------------------
    row(
        "11.6",
        "three players: the dealer names 'no trump'",
        CHOOSE[3],
        [trump(0, None)],
        "no_trump_not_allowed",
    ),
    row(
        "11.6",
        "four players: the dealer names 'no trump'",
        CHOOSE[4],
        [trump(0, None)],
        "no_trump_not_allowed",
    ),
    row(
        "11.6",
        "five players: the dealer names 'no trump'",
        CHOOSE[5],
        [trump(0, None)],
        "no_trump_not_allowed",
    ),
    row(
        "11.6",
        "six players: the dealer names 'no trump'",
        CHOOSE[6],
        [trump(0, None)],
        "no_trump_not_allowed",
    ),
    row(
        "11.6",
        "four players, round 3: dealer 2 names 'no trump' after W4 is turned",
        "players=4 round=3 dealer=2 hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/D1,D2,D3 turned=W4",
        [trump(2, None)],
        "no_trump_not_allowed",
    ),
    # -- 11.7 refused bids -----------------------------------------------------------
    row("11.7", "three players, round 1: a bid of 2", BID[3], [bid(1, 2)], "bid_out_of_range"),
    row("11.7", "four players: a bid of -1", BID[4], [bid(1, -1)], "bid_out_of_range"),
    row(
        "11.7",
        "five players, round 3: a bid of 4",
        "players=5 round=3 dealer=2 hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/D1,D2,D3/D4,D5,D6 turned=H1",
        [bid(3, 4)],
        "bid_out_of_range",
    ),
    row(
        "11.7",
        "six players, round 2: a bid of 3",
        "players=6 round=2 dealer=1 scores=20,20,20,20,20,20 hands=C1,C2/C3,C4/C5,C6/C7,C8/"
        "C9,C10/C11,C12 turned=H1",
        [bid(2, 3)],
        "bid_out_of_range",
    ),
    row(
        "11.7",
        "four players, the option: the others bid 1 in round 1, the dealer's 0 would match",
        f"{BID[4]} {OPTION} bids=-,1,0,0",
        [bid(0, 0)],
        "bid_total_forbidden",
    ),
    row(
        "11.7",
        "three players, the option, round 2: the others bid 1, the dealer's 1 would match",
        f"players=3 {OPTION} round=2 dealer=1 scores=20,30,-10 hands=C1,C2/C3,C4/C5,C6 "
        "turned=H1 bids=0,-,1",
        [bid(1, 1)],
        "bid_total_forbidden",
    ),
    row(
        "11.7",
        "five players, the option, round 3: the others bid 1, the dealer's 2 would match",
        f"players=5 {OPTION} round=3 dealer=2 hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/D1,D2,D3/"
        "D4,D5,D6 turned=H1 bids=0,1,-,0,0",
        [bid(2, 2)],
        "bid_total_forbidden",
    ),
    row(
        "11.7",
        "six players, the option: the others bid 0 in round 1, the dealer's 1 would match",
        f"{BID[6]} {OPTION} bids=-,0,0,0,0,0",
        [bid(0, 1)],
        "bid_total_forbidden",
    ),
    # Rule 4.2 (in the base game the bids may add up to any total), not 11.7:
    # this case is about the scope of the bid-total option (since suite 2.1.0
    # it names the rule and the tag it is about; nothing else changed).
    (
        *row(
            "4.2",
            "four players, without the option: the dealer's bid that makes the total 1 is taken",
            f"{BID[4]} bids=-,1,0,0",
            [bid(0, 0)],
            "",
            errors=[],
            state={"bids": [0, 1, 0, 0]},
        )[:6],
        ("option",),
    ),
    row(
        "11.7",
        "five players, round 3: a bid of 3, the round number, is taken",
        "players=5 round=3 dealer=2 hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/D1,D2,D3/D4,D5,D6 turned=H1",
        [bid(3, 3)],
        "",
        errors=[],
        state={"bids": [None, None, None, 3, None]},
    ),
    # -- 11.8 refused cards ----------------------------------------------------------
    row(
        "11.8",
        "three players: seat 1 plays C2, which seat 2 holds",
        PLAY[3],
        [play(1, "C2")],
        "card_not_in_hand",
    ),
    row(
        "11.8",
        "four players, round 2: seat 1 plays W1 again, from the finished first trick",
        "players=4 round=2 dealer=1 scores=20,20,20,20 hands=C3/W2/C2/H5 turned=D1 "
        "bids=0,0,0,0 won=0,1,0,0 played=C4,C5,W1,C6 leader=1",
        [play(1, "W1")],
        "card_not_in_hand",
    ),
    row(
        "11.8",
        "five players: seat 4 plays D9, which seat 3 led to this trick",
        FOLLOW[5],
        [play(4, "D9")],
        "card_not_in_hand",
    ),
    row(
        "11.8",
        "six players: Spades led, seat 3 plays C4 holding S2",
        FOLLOW[6],
        [play(3, "C4")],
        "must_follow_suit",
    ),
    row(
        "11.8",
        "three players: Clubs led, seat 0 plays S5 holding C3",
        FOLLOW[3],
        [play(0, "S5")],
        "must_follow_suit",
    ),
    row(
        "11.8",
        "four players: Hearts led, seat 3 plays C7 holding H2",
        FOLLOW[4],
        [play(3, "C7")],
        "must_follow_suit",
    ),
    row(
        "11.8",
        "five players: Diamonds led, seat 4 plays the trump S5 holding D3",
        FOLLOW[5],
        [play(4, "S5")],
        "must_follow_suit",
    ),
    row(
        "11.8",
        "four players: Hearts led, seat 3 plays S13, not held and not a Heart: "
        "card_not_in_hand, before must_follow_suit",
        FOLLOW[4],
        [play(3, "S13")],
        "card_not_in_hand",
        order=True,
    ),
    row(
        "11.8",
        "three players: Clubs led, seat 0 plays H13, not held and not a Club: "
        "card_not_in_hand, before must_follow_suit",
        FOLLOW[3],
        [play(0, "H13")],
        "card_not_in_hand",
        order=True,
    ),
    # -- 11.9 a refused action changes nothing -----------------------------------------
    row(
        "11.9",
        "three players: after a refused bid of 5 the same seat bids 1, then seat 2 is to bid",
        BID[3],
        [bid(1, 5), bid(1, 1)],
        "bid_out_of_range",
        state={"bids": [None, 1, None], "current_player": 2},
    ),
    row(
        "11.9",
        "four players: after a refused card the hands and the trick are as before",
        PLAY[4],
        [play(1, "C3")],
        "card_not_in_hand",
        state={"hands": [["C3"], ["W1"], ["C2"], ["H5"]], "trick": [], "current_player": 1},
    ),
    row(
        "11.9",
        "five players: after a refused deal the good deal that follows is played",
        BEFORE[5],
        [deal(["C1", "C1", "C3", "C4", "C5"], "D1"), deal(card_row(5), "D1")],
        "invalid_deal",
        state={"hands": [["C1"], ["C2"], ["C3"], ["C4"], ["C5"]], "phase": "bid"},
    ),
    row(
        "11.9",
        "six players: several refused actions in a row are each reported; the good bid is taken",
        BID[6],
        [bid(0, 0), bid(1, 3), play(1, "W1"), bid(1, 0)],
        "",
        errors=[
            {"at": 0, "code": "not_your_turn"},
            {"at": 1, "code": "bid_out_of_range"},
            {"at": 2, "code": "wrong_phase"},
        ],
        state={"bids": [None, 0, None, None, None, None]},
    ),
    row(
        "11.9",
        "four players: after a refused 'no trump' the dealer is still to name trump",
        CHOOSE[4],
        [trump(0, None)],
        "no_trump_not_allowed",
        state={"phase": "choose_trump", "trump": None, "current_player": 0},
    ),
    row(
        "11.9",
        "four players, the option: after the dealer's refused bid of 0, a bid of 1 is taken",
        f"{BID[4]} {OPTION} bids=-,1,0,0",
        [bid(0, 0), bid(0, 1)],
        "bid_total_forbidden",
        state={"bids": [1, 1, 0, 0], "phase": "play"},
    ),
    row(
        "11.9",
        "five players: after a refused H4, seat 4 follows with D3",
        FOLLOW[5],
        [play(4, "H4"), play(4, "D3")],
        "must_follow_suit",
        state={"trick": ["D9", "D3"], "current_player": 0},
    ),
    row(
        "11.9",
        "three players: after a refused card the game is still over",
        OVER[3].replace("over", "over scores=-60,200,0"),
        [play(1, "C2")],
        "game_over",
        state={"phase": "game_over", "scores": [-60, 200, 0]},
    ),
    # -- 11.11 unreadable actions --------------------------------------------------------
    row(
        "11.11",
        "three players: an action of the unknown type 'pass'",
        BID[3],
        [{"type": "pass", "player": 1}],
        "invalid_action",
    ),
    row(
        "11.11",
        "four players: a bid without its number",
        BID[4],
        [{"type": "bid", "player": 1}],
        "invalid_action",
    ),
    row(
        "11.11",
        "five players: a bid whose number is the string '0'",
        BID[5],
        [{"type": "bid", "player": 1, "tricks": "0"}],
        "invalid_action",
    ),
    row(
        "11.11",
        "six players: a card played by the player '1', a string",
        PLAY[6],
        [{"type": "play", "player": "1", "card": "W1"}],
        "invalid_action",
    ),
    row("11.11", "four players: an action that is the number 7", BID[4], [7], "invalid_action"),
    row(
        "11.11",
        "three players: a deal whose hands are a string",
        BEFORE[3],
        [{"type": "deal", "hands": "C1 C2 C3", "turned": "D1"}],
        "invalid_action",
    ),
    row(
        "11.11",
        "five players: a bid with a field too many",
        BID[5],
        [{"type": "bid", "player": 1, "tricks": 0, "note": "x"}],
        "invalid_action",
    ),
    row(
        "11.11",
        "four players: a bid whose number is true",
        BID[4],
        [{"type": "bid", "player": 1, "tricks": True}],
        "invalid_action",
    ),
    row(
        "11.11",
        "six players: a trump choice whose suit is the number 3",
        CHOOSE[6],
        [{"type": "choose_trump", "player": 0, "suit": 3}],
        "invalid_action",
    ),
    row("11.11", "four players: the card C14", PLAY[4], [play(1, "C14")], "bad_card_text"),
    row(
        "11.11",
        "three players: the card w1, in lower case",
        PLAY[3],
        [play(1, "w1")],
        "bad_card_text",
    ),
    row(
        "11.11",
        "six players: the card W01, with a leading zero",
        PLAY[6],
        [play(1, "W01")],
        "bad_card_text",
    ),
    row(
        "11.11",
        "five players: the suit X named as trump",
        CHOOSE[5],
        [trump(0, "X")],
        "bad_card_text",
    ),
    row(
        "11.11",
        "four players: a deal with the card Z1",
        BEFORE[4],
        [deal(["C1", "C2", "Z1", "C4"], "D1")],
        "bad_card_text",
    ),
    row(
        "11.11",
        "four players: a card C14 with a field too many is invalid_action, before bad_card_text",
        PLAY[4],
        [{"type": "play", "player": 1, "card": "C14", "note": "x"}],
        "invalid_action",
        order=True,
    ),
    row(
        "11.11",
        "five players: the card Q1 by seat 3, not the leader, is bad_card_text, before "
        "not_your_turn",
        PLAY[5],
        [play(3, "Q1")],
        "bad_card_text",
        order=True,
    ),
    row(
        "11.11",
        "three players: after the end, an action of type 'pass' is invalid_action, before "
        "game_over",
        OVER[3],
        [{"type": "pass", "player": 1}],
        "invalid_action",
        order=True,
    ),
    row(
        "11.11",
        "six players: after the end, the card C0 is bad_card_text, before game_over",
        OVER[6],
        [play(4, "C0")],
        "bad_card_text",
        order=True,
    ),
    row(
        "11.11",
        "four players: before the deal, the card C99 is bad_card_text, before wrong_phase",
        BEFORE[4],
        [play(1, "C99")],
        "bad_card_text",
        order=True,
    ),
    row(
        "11.11",
        "five players: before the deal, a bid whose number is 'x' is invalid_action, before "
        "wrong_phase",
        BEFORE[5],
        [{"type": "bid", "player": 1, "tricks": "x"}],
        "invalid_action",
        order=True,
    ),
]

FIRST_ID = 45


def _again(rows: Sequence[Row]) -> list[Row]:
    """The retired rows that started from PLAY, now from PLAY_21 (in order)."""
    again = {PLAY[n]: PLAY_21[n] for n in PLAY}
    return [
        (rule, text, again[position], actions, errors, state, also)
        for number, (rule, text, position, actions, errors, state, also) in enumerate(
            rows, start=FIRST_ID
        )
        if f"illegal.{number:03d}" in RETIRED
    ]


@area("illegal", "Refused actions and their error codes (rules 11.1 to 11.11).")
def illegal_area() -> Iterator[Json]:
    for number, (rule, text, position, actions, errors, state, also) in enumerate(
        [*ROWS, *_again(ROWS)], start=FIRST_ID
    ):
        if f"illegal.{number:03d}" in RETIRED:
            continue
        start = pos(position)
        yield case(
            f"illegal.{number:03d}",
            rule,
            text,
            start["config"],
            actions,
            errors=errors,
            state=state,
            also=also,
            start=start,
        )
