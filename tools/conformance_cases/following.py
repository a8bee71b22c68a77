"""The ``following`` area: following suit, and what may always be played (rules 7.1 to 7.3).

Every case starts from a position just before the card (or with the choice
of cards) that the rule is about: mostly the first trick of round 2, where
the player to act still holds two cards (round 1 for a card not held).  With ``round=2`` and no dealer in
the position text (see :func:`~conformance_cases.common.pos`), seat 0 deals
round 2 and seat 1 leads, so the k-th card of the trick (from 0) is seat
``(1 + k) % n``'s.  The scores after round 1 are 20 for every seat but one,
which took round 1's only trick with a bid of 0 (-10).  A case observes the
refusal (``errors``), the trick after a card that may be played (``trick``),
or the player's ``legal_actions``; no case finishes a trick.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from .common import ORDER, Json, area, case, first_trick, pos, refused
from .common import play as play_card

# Ids of this area that are retired: never used again.
# following.015 did not test what it said (the player held no card of the led suit).
# following.001 to following.028 were replaced by cases starting from positions (following.029 on).
RETIRED: list[str] = [f"following.{n:03d}" for n in range(1, 29)]


def _to_act(start: Json) -> int:
    """The seat to play next in the trick of position ``start``."""
    return (start["leader"] + len(start["current_trick"])) % start["config"]["players"]


def _card(
    number: int, rule: str, description: str, text: str, *, play: str, code: str | None = None
) -> Json:
    """The player to act plays the card ``play``: refused with ``code``, or (if
    None) played, so that the trick holds it."""
    card = play
    start = pos(text)
    seat = _to_act(start)
    players = start["config"]["players"]
    assert code is not None or len(start["current_trick"]) < players - 1, number
    assert (card in start["hands"][seat]) == (code != "card_not_in_hand"), number
    if code is None:
        return case(
            f"following.{number:03d}",
            rule,
            description,
            start["config"],
            [play_card(seat, card)],
            state={"trick": [*start["current_trick"], card]},
            start=start,
        )
    return case(
        f"following.{number:03d}",
        rule,
        description,
        start["config"],
        [play_card(seat, card)],
        errors=refused(0, code),
        also=ORDER if code == "card_not_in_hand" else (),
        start=start,
    )


def _legal(number: int, rule: str, description: str, text: str, *, may_play: list[str]) -> Json:
    """The player to act may play exactly the cards ``may_play``."""
    cards = may_play
    start = pos(text)
    seat = _to_act(start)
    assert set(cards) <= set(start["hands"][seat]), number
    return case(
        f"following.{number:03d}",
        rule,
        description,
        start["config"],
        [],
        state={"legal_actions": [play_card(seat, c) for c in cards]},
        start=start,
    )


R2_3 = "players=3 round=2 scores=20,-10,20 bids=0,0,0"
R2_4 = "players=4 round=2 scores=20,20,-10,20 bids=0,0,0,0"
R2_5 = "players=5 round=2 scores=20,20,-10,20,20 bids=0,0,0,0,0"
R2_6 = "players=6 round=2 scores=20,20,-10,20,20,20 bids=0,0,0,0,0,0"
# Round 3: after two rounds each seat has 40 (both bids of 0 met) or 10 (one missed).
R3_3 = "players=3 round=3 scores=40,10,40 bids=0,0,0"
R3_4 = "players=4 round=3 scores=40,40,10,40 bids=0,0,0,0"
R3_5 = "players=5 round=3 scores=40,40,10,40,40 bids=0,0,0,0,0"
R3_6 = "players=6 round=3 scores=40,40,10,40,40,40 bids=0,0,0,0,0,0"


@area("following", "Following suit, and what may always be played (rules 7.1 to 7.3).")
def following_area() -> Iterator[Json]:
    must = "must_follow_suit"
    # -- 7.1: follow the led suit ----------------------------------------------------------
    yield _card(
        29,
        "7.1",
        "three players: C5 led; seat 2 holds C7, so H5 is refused",
        f"{R2_3} turned=D13 hands=C3,C4/C9/C7,H5 trick=C5",
        play="H5",
        code=must,
    )
    yield _card(
        30,
        "7.1",
        "three players: C5 led; seat 2 follows with C7",
        f"{R2_3} turned=D13 hands=C3,C4/C9/C7,H5 trick=C5",
        play="C7",
    )
    yield _legal(
        31,
        "7.1",
        "three players, round 3: C5 led; seat 2 holds C7, H5 and S9: only C7",
        f"{R3_3} turned=D13 hands=C2,C3,C4/C6,C8/C7,H5,S9 trick=C5",
        may_play=["C7"],
    )
    yield _card(
        32,
        "7.1",
        "three players: J1, then C5 sets Clubs; seat 0 holds C2, so D2 is refused",
        f"{R2_3} turned=H13 hands=C2,D2/C3/C4 trick=J1,C5",
        play="D2",
        code=must,
    )
    yield _card(
        33,
        "7.1",
        "three players, trump Diamonds: D5 led; seat 2 holds D2, so S9 is refused",
        f"{R2_3} turned=D13 hands=C3,C4/C9/D2,S9 trick=D5",
        play="S9",
        code=must,
    )
    yield _card(
        34,
        "7.1",
        "four players: C7 led; seat 2 holds C3, so H5 is refused",
        f"{R2_4} turned=D13 hands=D2,S3/C1/C3,H5/W1,C9 trick=C7",
        play="H5",
        code=must,
    )
    yield _card(
        35,
        "7.1",
        "four players: C7 led; seat 2 follows with C3",
        f"{R2_4} turned=D13 hands=D2,S3/C1/C3,H5/W1,C9 trick=C7",
        play="C3",
    )
    yield _card(
        36,
        "7.1",
        "four players, trump Diamonds: S9 led; seat 2 holds S4, so the trump D5 is refused",
        f"{R2_4} turned=D13 hands=C2,C3/C1/S4,D5/C4,C5 trick=S9",
        play="D5",
        code=must,
    )
    yield _legal(
        37,
        "7.1",
        "four players, trump Diamonds: C7, then the trump D2; Clubs are still led,"
        " so seat 3 may play only C9, not H4",
        f"{R2_4} turned=D13 hands=C2,C3/C1/S2/C9,H4 trick=C7,D2",
        may_play=["C9"],
    )
    yield _card(
        38,
        "7.1",
        "four players: J3, C3, H5; seat 0 holds C2, so D2 is refused",
        f"{R2_4} turned=S13 hands=C2,D2/C1/C4/S5 trick=J3,C3,H5",
        play="D2",
        code=must,
    )
    yield _card(
        39,
        "7.1",
        "four players: J1, J2, D9; seat 0 holds D5, so C5 is refused",
        f"{R2_4} turned=S13 hands=D5,C5/C1/C2/C3 trick=J1,J2,D9",
        play="C5",
        code=must,
    )
    yield _card(
        40,
        "7.1",
        "four players, second trick of round 3: seat 3 leads H7; seat 0 holds H2,"
        " so S2 is refused",
        "players=4 round=3 dealer=2 scores=40,40,10,40 bids=0,0,0,0 won=0,0,0,1"
        " played=C1,C2,C3,C4 leader=3 turned=D13 hands=H2,S2/S3,S4/S5,S6/S7 trick=H7",
        play="S2",
        code=must,
    )
    yield _card(
        41,
        "7.1",
        "four players, seat 0 leads H9; seat 1 holds H2, so C13 is refused",
        f"{R2_4} dealer=3 turned=D13 hands=S2/H2,C13/C2,C3/C4,C5 trick=H9",
        play="C13",
        code=must,
    )
    yield _card(
        42,
        "7.1",
        "five players: C7 led; seat 2 holds C3, so H5 is refused",
        f"{R2_5} turned=D13 hands=C1,C2/C4/C3,H5/S2,S3/S4,S5 trick=C7",
        play="H5",
        code=must,
    )
    yield _card(
        43,
        "7.1",
        "five players: C7, C9; seat 3 follows with the low C2",
        f"{R2_5} turned=D13 hands=S4,S5/S6/S7/C2,S13/S2,S3 trick=C7,C9",
        play="C2",
    )
    yield _legal(
        44,
        "7.1",
        "five players: J1, then H4 sets Hearts; seat 3 holds H2 and C6: only H2",
        f"{R2_5} turned=D13 hands=C1,C2/C3/C4/H2,C6/C5,C7 trick=J1,H4",
        may_play=["H2"],
    )
    yield _card(
        45,
        "7.1",
        "five players, trump Diamonds: S9, S2; seat 3 holds S4, so the trump D5 is refused",
        f"{R2_5} turned=D13 hands=C1,C2/C3/C4/S4,D5/C5,C6 trick=S9,S2",
        play="D5",
        code=must,
    )
    yield _card(
        46,
        "7.1",
        "six players: C7 led; seat 2 holds C3, so H5 is refused",
        f"{R2_6} turned=D13 hands=S1,S2/S3/C3,H5/S4,S5/S6,S7/S8,S9 trick=C7",
        play="H5",
        code=must,
    )
    yield _card(
        47,
        "7.1",
        "six players, trump Diamonds: C7, C9, D2; seat 4 follows with C13",
        f"{R2_6} turned=D13 hands=S1,S2/S3/S4/S5/C13,H2/S6,S7 trick=C7,C9,D2",
        play="C13",
    )
    yield _legal(
        48,
        "7.1",
        "six players: J1, J2, then S6 sets Spades; seat 4 holds S2 and H9: only S2",
        f"{R2_6} turned=D13 hands=C1,C2/C3/C4/C5/S2,H9/C6,C7 trick=J1,J2,S6",
        may_play=["S2"],
    )
    yield _card(
        49,
        "7.1",
        "six players: H4, H5, H6, H7; seat 5 holds H8, so C2 is refused",
        f"{R2_6} turned=D13 hands=S1,S2/S3/S4/S5/S6/H8,C2 trick=H4,H5,H6,H7",
        play="C2",
        code=must,
    )
    yield _card(
        50,
        "7.1",
        "six players, seat 4 leads D9; seat 5 holds D4, so C1 is refused",
        f"{R2_6} dealer=3 turned=S13 hands=S1,S2/S3,S4/S5,S6/S7,S8/S9/D4,C1 trick=D9",
        play="C1",
        code=must,
    )

    # -- 7.2: Wizards and Jesters may always be played -------------------------------------
    yield _card(
        51,
        "7.2",
        "three players: C7 led; seat 2 holds C3 and may play W1",
        f"{R2_3} turned=D13 hands=C2,C4/C5/C3,W1 trick=C7",
        play="W1",
    )
    yield _card(
        52,
        "7.2",
        "three players: S9 led; seat 2 holds S4 and may play J1",
        f"{R2_3} turned=D13 hands=C2,C4/C5/S4,J1 trick=S9",
        play="J1",
    )
    yield _legal(
        53,
        "7.2",
        "three players, round 3: H8 led; seat 2 holds H2, J2 and S5: H2 or the Jester",
        f"{R3_3} turned=D13 hands=C2,C3,C4/C5,C6/H2,J2,S5 trick=H8",
        may_play=["H2", "J2"],
    )
    yield _card(
        54,
        "7.2",
        "three players, trump Diamonds: D5 led; seat 2 holds the trump D2 and may play J3",
        f"{R2_3} turned=D13 hands=C2,C4/C5/D2,J3 trick=D5",
        play="J3",
    )
    yield _card(
        55,
        "7.2",
        "four players: C7 led; seat 2 holds C3 and may play W1",
        f"{R2_4} turned=D13 hands=S2,S3/S4/C3,W1/S5,S6 trick=C7",
        play="W1",
    )
    yield _card(
        56,
        "7.2",
        "four players: C7, C3; seat 3 holds C9 and may play J1",
        f"{R2_4} turned=D13 hands=S2,S3/S4/S5/C9,J1 trick=C7,C3",
        play="J1",
    )
    yield _card(
        57,
        "7.2",
        "four players, trump Diamonds: D5 led; seat 2 holds D2 and may play W2",
        f"{R2_4} turned=D13 hands=S2,S3/S4/D2,W2/S5,S6 trick=D5",
        play="W2",
    )
    yield _legal(
        58,
        "7.2",
        "four players, trump Diamonds: C7, D2, C3; seat 0 holds C9 and W1: both",
        f"{R2_4} turned=D13 hands=C9,W1/S1/S2/C4 trick=C7,D2,C3",
        may_play=["C9", "W1"],
    )
    yield _card(
        59,
        "7.2",
        "four players: J3, C3; seat 3 holds C4 and may play J1",
        f"{R2_4} turned=D13 hands=S2,S3/S4/S5/C4,J1 trick=J3,C3",
        play="J1",
    )
    yield _card(
        60,
        "7.2",
        "four players, trump Spades, seat 0 leads S9; seat 1 holds S2 and may play W3",
        f"{R2_4} dealer=3 turned=S13 hands=C1/S2,W3/C2,C3/C4,C5 trick=S9",
        play="W3",
    )
    yield _legal(
        61,
        "7.2",
        "four players, round 3: H10 led; seat 2 holds H3, J4 and C8: H3 or the Jester",
        f"{R3_4} turned=D13 hands=S1,S2,S3/S4,S5/H3,J4,C8/S6,S7,S8 trick=H10",
        may_play=["H3", "J4"],
    )
    yield _card(
        62,
        "7.2",
        "five players: C7 led; seat 2 holds C3 and may play W1",
        f"{R2_5} turned=D13 hands=S2,S3/S4/C3,W1/S5,S6/S7,S8 trick=C7",
        play="W1",
    )
    yield _card(
        63,
        "7.2",
        "five players: C7, C9; seat 3 holds C2 and may play J2",
        f"{R2_5} turned=D13 hands=S2,S3/S4/S5/C2,J2/S6,S7 trick=C7,C9",
        play="J2",
    )
    yield _legal(
        64,
        "7.2",
        "five players, round 3: S5 led; seat 2 holds S4, J2 and D9: S4 or the Jester",
        f"{R3_5} turned=H13 hands=C1,C2,C3/C4,C5/S4,J2,D9/C6,C7,C8/C9,C10,C11 trick=S5",
        may_play=["S4", "J2"],
    )
    yield _card(
        65,
        "7.2",
        "six players: C7 led; seat 2 holds C3 and may play J1",
        f"{R2_6} turned=D13 hands=S1,S2/S3/C3,J1/S4,S5/S6,S7/S8,S9 trick=C7",
        play="J1",
    )
    yield _card(
        66,
        "7.2",
        "six players: H4, H9; seat 3 holds H2 and may play W1",
        f"{R2_6} turned=D13 hands=S1,S2/S3/S4/H2,W1/S5,S6/S7,S8 trick=H4,H9",
        play="W1",
    )
    yield _legal(
        67,
        "7.2",
        "six players, round 3: D5, D7; seat 3 holds D2, W4 and S9: D2 or the Wizard",
        f"{R3_6} turned=H13 hands=C1,C2,C3/C4,C5/C6,C7/D2,W4,S9/C8,C9,C10/C11,C12,C13 trick=D5,D7",
        may_play=["D2", "W4"],
    )
    yield _card(
        68,
        "7.2",
        "six players: J1, S6; seat 3 holds S2 and may play J2",
        f"{R2_6} turned=D13 hands=C1,C2/C3/C4/S2,J2/C5,C6/C7,C8 trick=J1,S6",
        play="J2",
    )

    # -- 7.3: otherwise any card ------------------------------------------------------------
    yield _legal(
        69,
        "7.3",
        "three players: C7 led; seat 2 holds no Club: D2 or H3",
        f"{R2_3} turned=S13 hands=C2,C3/C4/D2,H3 trick=C7",
        may_play=["D2", "H3"],
    )
    yield _legal(
        70,
        "7.3",
        "three players: W2 led: seat 2 may play C3 or H5",
        f"{R2_3} turned=D13 hands=C2,C4/C5/C3,H5 trick=W2",
        may_play=["C3", "H5"],
    )
    yield _legal(
        71,
        "7.3",
        "three players: J3 led, no led suit yet: seat 2 may play C3 or H5",
        f"{R2_3} turned=D13 hands=C2,C4/C5/C3,H5 trick=J3",
        may_play=["C3", "H5"],
    )
    yield _card(
        72,
        "7.3",
        "three players, trump Hearts: S9 led; seat 2, void in Spades, need not trump: C3",
        f"{R2_3} turned=H13 hands=C2,C4/C5/C3,H5 trick=S9",
        play="C3",
    )
    yield _card(
        73,
        "7.3",
        "three players, trump Hearts: S9 led; seat 2, void in Spades, may trump: H5",
        f"{R2_3} turned=H13 hands=C2,C4/C5/C3,H5 trick=S9",
        play="H5",
    )
    yield _legal(
        74,
        "7.3",
        "four players, trump Diamonds: C7, C3; seat 3 holds no Club: D2 or S3",
        f"{R2_4} turned=D13 hands=C2,C4/C5/C6/D2,S3 trick=C7,C3",
        may_play=["D2", "S3"],
    )
    yield _card(
        75,
        "7.3",
        "four players, trump Diamonds: C7, C3; seat 3, void in Clubs, need not trump: S3",
        f"{R2_4} turned=D13 hands=C2,C4/C5/C6/D2,S3 trick=C7,C3",
        play="S3",
    )
    yield _legal(
        76,
        "7.3",
        "four players: W2 led: seat 2 may play C3 or H5",
        f"{R2_4} turned=D13 hands=C2,C4/C5/C3,H5/C6,C7 trick=W2",
        may_play=["C3", "H5"],
    )
    yield _card(
        77,
        "7.3",
        "four players: W1, C3; no led suit, so seat 3 may play H4 though it holds C4",
        f"{R2_4} turned=D13 hands=C2,C5/C6/C7/C4,H4 trick=W1,C3",
        play="H4",
    )
    yield _legal(
        78,
        "7.3",
        "four players: J1, J2, no led suit yet: seat 3 may play C3 or H5",
        f"{R2_4} turned=D13 hands=C2,C4/C5/C6/C3,H5 trick=J1,J2",
        may_play=["C3", "H5"],
    )
    yield _card(
        79,
        "7.3",
        "four players, seat 3 leads H8; seat 0, void in Hearts, may play S2",
        f"{R2_4} dealer=2 turned=D13 hands=C2,S2/C3,C4/C5,C6/C7 trick=H8",
        play="S2",
    )
    yield _legal(
        80,
        "7.3",
        "four players, round 3, trump Diamonds: S5 led; seat 2 holds no Spade: C2,"
        " the trump D7 or J1",
        f"{R3_4} turned=D13 hands=H1,H2,H3/H4,H5/C2,D7,J1/H6,H7,H8 trick=S5",
        may_play=["C2", "D7", "J1"],
    )
    yield _legal(
        81,
        "7.3",
        "five players: C7 led; seat 2 holds no Club: D2 or H3",
        f"{R2_5} turned=S13 hands=C2,C3/C4/D2,H3/C5,C6/C8,C9 trick=C7",
        may_play=["D2", "H3"],
    )
    yield _card(
        82,
        "7.3",
        "five players, trump Hearts: S9, S10; seat 3, void in Spades, may trump: H5",
        f"{R2_5} turned=H13 hands=C1,C2/C4/C5/C3,H5/C6,C7 trick=S9,S10",
        play="H5",
    )
    yield _legal(
        83,
        "7.3",
        "five players: J1, W1: no led suit, seat 3 may play C3 or H5",
        f"{R2_5} turned=D13 hands=C1,C2/C4/C5/C3,H5/C6,C7 trick=J1,W1",
        may_play=["C3", "H5"],
    )
    yield _card(
        84,
        "7.3",
        "five players, trump Diamonds: C5, C6, C7; seat 4, void in Clubs, need not trump: S3",
        f"{R2_5} turned=D13 hands=C1,C2/C3/C4/C8/D2,S3 trick=C5,C6,C7",
        play="S3",
    )
    yield _legal(
        85,
        "7.3",
        "six players: C7, C8, C9; seat 4 holds no Club: D2 or H3",
        f"{R2_6} turned=S13 hands=C1,C2/C3/C4/C5/D2,H3/C6,C10 trick=C7,C8,C9",
        may_play=["D2", "H3"],
    )
    yield _legal(
        86,
        "7.3",
        "six players: W1, C2: no led suit, seat 3 may play C3 or H5",
        f"{R2_6} turned=D13 hands=C1,C4/C5/C6/C3,H5/C7,C8/C9,C10 trick=W1,C2",
        may_play=["C3", "H5"],
    )
    yield _card(
        87,
        "7.3",
        "six players, trump Hearts: S9 led; seat 2, void in Spades, need not trump: C3",
        f"{R2_6} turned=H13 hands=C1,C2/C4/C3,H5/C5,C6/C7,C8/C9,C10 trick=S9",
        play="C3",
    )
    yield _legal(
        88,
        "7.3",
        "six players: J1, J2, J3, no led suit yet: seat 4 may play C3 or H5",
        f"{R2_6} turned=D13 hands=C1,C2/C4/C5/C6/C3,H5/C7,C8 trick=J1,J2,J3",
        may_play=["C3", "H5"],
    )

    # -- 11.8: a card not held is refused for that first, before following ---------------
    # Round 1 suffices: the player holds one card, of the led suit.
    nothold = "card_not_in_hand"
    yield _card(
        89,
        "11.8",
        "three players: C7 led; seat 2 holds C3 and plays H9, which it does not"
        " hold: card_not_in_hand, not must_follow_suit",
        "players=3 turned=D13 bids=0,0,0 hands=C2/-/C3 trick=C7",
        play="H9",
        code=nothold,
    )
    yield _card(
        90,
        "11.8",
        "four players: C7 led; seat 2 holds C3 and plays H9, which it does not"
        " hold: card_not_in_hand",
        "players=4 turned=D13 bids=0,0,0,0 hands=C2/-/C3/C6 trick=C7",
        play="H9",
        code=nothold,
    )
    yield _card(
        91,
        "11.8",
        "four players: J1, S4; seat 3 holds S2 and plays D3, which seat 0 holds: card_not_in_hand",
        "players=4 turned=H13 bids=0,0,0,0 hands=D3/-/-/S2 trick=J1,S4",
        play="D3",
        code=nothold,
    )
    yield _card(
        92,
        "11.8",
        "five players: C7 led; seat 2 holds C3 and plays H9, which it does not"
        " hold: card_not_in_hand",
        "players=5 turned=D13 bids=0,0,0,0,0 hands=C2/-/C3/C6/C9 trick=C7",
        play="H9",
        code=nothold,
    )
    yield _card(
        93,
        "11.8",
        "six players: C7 led; seat 2 holds C3 and plays H9, which it does not"
        " hold: card_not_in_hand",
        "players=6 turned=D13 bids=0,0,0,0,0,0 hands=C2/-/C3/C6/C9/C11 trick=C7",
        play="H9",
        code=nothold,
    )

    # -- every combination of card kinds held and tried (docs/coverage.rst) --------------
    yield from kind_cases()


# -- every combination of card kinds (docs/coverage.rst) -------------------------------------
#
# Following depends on the trick (a led suit that is not trump, trump led,
# only Jesters so far, or a Wizard first) and on what the hand holds, by kind:
# L (the led suit), T (trump), O (another suit), W, J, and, after a Wizard
# first, S (the suit of a suit card already in the trick, which is not led).
# For each player count, with trump and without: where the trick has a led
# suit, every set of kinds held and every kind tried from it (played, or
# refused with must_follow_suit); where it has none, every set of kinds held,
# whose legal cards are all of them.

FIRST_KIND_CASE = 94
NAMES = {3: "three", 4: "four", 5: "five", 6: "six"}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def _held(kinds: str) -> Iterator[tuple[str, ...]]:
    """Every non-empty set of the kinds, smallest first."""
    for size in range(1, len(kinds) + 1):
        yield from itertools.combinations(kinds, size)


def _combinations(trump: bool) -> Iterator[tuple[str, tuple[str, ...], str | None]]:
    """(situation, kinds held, kind tried or None for the legal cards)."""
    for held in _held("LTOWJ" if trump else "LOWJ"):
        for tried in held:
            yield "led", held, tried
    if trump:
        for held in _held("LOWJ"):
            for tried in held:
                yield "trump led", held, tried
    for held in _held("TOWJ" if trump else "OWJ"):
        yield "jesters", held, None
    for held in _held("STOWJ" if trump else "SOWJ"):
        yield "wizard first", held, None


def _kind_case(
    number: int,
    players: int,
    trump: bool,
    index: int,
    situation: str,
    held: tuple[str, ...],
    tried: str | None,
) -> Json:
    """The case of one combination: the trick of ``situation``, then the player
    to act holds one card of each kind ``held``."""
    rotation = "CDHS"[index % 4 :] + "CDHS"[: index % 4]
    trump_suit = rotation[0] if trump else None
    suits = [s for s in rotation if s != trump_suit]
    led, other = suits[0], suits[1]
    place = 1 + index % (players - 2)
    if situation == "led":
        trick = [f"{led}{9 + k}" for k in range(place)]
        if place >= 2 and index % 2:
            trick = ["J1", *trick[:-1]]
    elif situation == "trump led":
        trick = [f"{trump_suit}{9 + k}" for k in range(place)]
    elif situation == "jesters":
        trick = ["J1", "J2"][: 1 + index % 2]
    else:
        trick = ["W1", f"{led}9"]
    card_of = {
        "L": f"{trump_suit if situation == 'trump led' else led}2",
        "S": f"{led}2",
        "T": f"{trump_suit}3",
        "O": f"{other}4",
        "W": "W4",
        "J": "J3",
    }
    hand = [card_of[k] for k in held]
    turned = f"{trump_suit}13" if trump else "J4"
    start = first_trick(players, len(hand), index % players, trick, hand, turned)
    seat = _to_act(start)
    setting = f"trump {SUIT_NAMES[str(trump_suit)]}" if trump else "no trump"
    said = (
        f"{NAMES[players]} players, {setting}: {', '.join(trick)}; seat {seat} holds"
        f" {', '.join(hand)} ({' '.join(held)})"
    )
    if tried is None:
        return case(
            f"following.{number:03d}",
            "7.3",
            f"{said}: no led suit, so any of them",
            start["config"],
            [],
            state={"legal_actions": [play_card(seat, c) for c in hand]},
            start=start,
        )
    card = card_of[tried]
    if "L" in held and tried in ("T", "O"):
        return case(
            f"following.{number:03d}",
            "7.1",
            f"{said}: {card} is refused",
            start["config"],
            [play_card(seat, card)],
            errors=refused(0, "must_follow_suit"),
            start=start,
        )
    return case(
        f"following.{number:03d}",
        {"L": "7.1", "W": "7.2", "J": "7.2"}.get(tried, "7.3"),
        f"{said}: {card} may be played",
        start["config"],
        [play_card(seat, card)],
        state={"trick": [*trick, card]},
        start=start,
    )


def kind_cases() -> Iterator[Json]:
    """The cases of every combination of card kinds, numbered from FIRST_KIND_CASE."""
    number = FIRST_KIND_CASE
    for players in (3, 4, 5, 6):
        for trump in (True, False):
            for index, (situation, held, tried) in enumerate(_combinations(trump)):
                yield _kind_case(number, players, trump, index, situation, held, tried)
                number += 1
