"""The ``led-suit`` area: the led suit, with every Jester and Wizard case (rules 6.1 to 6.3).

Every case starts from a position just before the card that decides (or
does not decide) the led suit, and observes ``led_suit`` after it; no case
finishes a trick.  With the usual values left out of the position text (see
:func:`~conformance_cases.common.pos`) seat 0 deals round 1 and seat 1
leads, so the k-th card of the trick (from 0) is seat ``(1 + k) % n``'s.
The cases that separate the alternative readings (docs/readings.rst) start
in round 2 (seat 2 leads, after dealer 1), where the seat after the deciding
card holds two cards: one of the led suit (if any) and one of another suit,
so its legal cards show whether the trick has a led suit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from .common import Json, area, case, first_trick, pos
from .common import play as play_card

# Ids of this area that are retired: never used again.
# led-suit.001 to led-suit.036 were replaced by cases starting from positions (led-suit.037 on).
RETIRED: list[str] = [f"led-suit.{n:03d}" for n in range(1, 37)]


def _to_act(start: Json) -> int:
    """The seat to play next in the trick of position ``start``."""
    return (start["leader"] + len(start["current_trick"])) % start["config"]["players"]


def _led(
    number: int,
    rule: str,
    description: str,
    text: str,
    *,
    play: str | None,
    led: str | None,
    legal: list[str] | None = None,
) -> Json:
    """The player to act plays the card ``play`` (if None, nobody plays); the
    led suit is then ``led``; with ``legal``, the next player's legal cards
    are exactly those."""
    start = pos(text)
    players = start["config"]["players"]
    actions = []
    if play is not None:
        seat = _to_act(start)
        assert play in start["hands"][seat], (number, play)
        actions = [play_card(seat, play)]
    assert len(start["current_trick"]) + len(actions) < players, number
    state: Json = {"led_suit": led}
    if legal is not None:
        after = (_to_act(start) + len(actions)) % players
        state["legal_actions"] = [play_card(after, c) for c in legal]
    return case(
        f"led-suit.{number:03d}",
        rule,
        description,
        start["config"],
        actions,
        state=state,
        start=start,
    )


@area("led-suit", "The led suit, with every Jester and Wizard case (rules 6.1 to 6.3).")
def led_suit_area() -> Iterator[Json]:
    # -- 6.3: only Jesters (or no card): no led suit yet ----------------------------------
    yield _led(
        37,
        "6.3",
        "three players: no card played yet: no led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/C2/C3",
        play=None,
        led=None,
    )
    yield _led(
        38,
        "6.3",
        "three players: J1 led: no led suit yet",
        "players=3 turned=S1 bids=0,0,0 hands=C1/J1/C3",
        play="J1",
        led=None,
    )
    yield _led(
        39,
        "6.3",
        "three players: J1, then J2: still no led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/-/J2 trick=J1",
        play="J2",
        led=None,
    )
    yield _led(
        40,
        "6.3",
        "three players, second trick of round 2 (the first was Clubs): J1 led: no led suit yet",
        "players=3 round=2 dealer=1 scores=20,20,-10 turned=S1 bids=0,0,0 won=0,0,1"
        " played=C4,C5,C6 leader=2 hands=C2/C3/J1",
        play="J1",
        led=None,
    )
    yield _led(
        41,
        "6.3",
        "four players, seat 3 to lead: no card played yet: no led suit",
        "players=4 dealer=2 turned=S1 bids=0,0,0,0 hands=C1/C2/C3/C4",
        play=None,
        led=None,
    )
    yield _led(
        42,
        "6.3",
        "four players: J3 led: no led suit yet",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/J3/C3/C4",
        play="J3",
        led=None,
    )
    yield _led(
        43,
        "6.3",
        "four players: J1, then J2: still no led suit",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/-/J2/C4 trick=J1",
        play="J2",
        led=None,
    )
    yield _led(
        44,
        "6.3",
        "four players: J1, J2, then J3: still no led suit",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/-/-/J3 trick=J1,J2",
        play="J3",
        led=None,
    )
    yield _led(
        45,
        "6.3",
        "four players, second trick of round 2 (the first was Clubs): J1 led: no led suit yet",
        "players=4 round=2 dealer=1 scores=20,20,20,-10 turned=S1 bids=0,0,0,0 won=0,0,1,0"
        " played=C6,C7,C8,C9 leader=2 hands=C2/C3/J1/C5",
        play="J1",
        led=None,
    )
    yield _led(
        46,
        "6.3",
        "five players: no card played yet: no led suit",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C1/C2/C3/C4/C5",
        play=None,
        led=None,
    )
    yield _led(
        47,
        "6.3",
        "five players: J1, J2, J3, then J4: still no led suit",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C1/-/-/-/J4 trick=J1,J2,J3",
        play="J4",
        led=None,
    )
    yield _led(
        48,
        "6.3",
        "five players, seat 4 leads J2: no led suit yet",
        "players=5 dealer=3 turned=C1 bids=0,0,0,0,0 hands=C2/C3/C4/C5/J2",
        play="J2",
        led=None,
    )
    yield _led(
        49,
        "6.3",
        "six players: no card played yet: no led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/C2/C3/C4/C5/C6",
        play=None,
        led=None,
    )
    yield _led(
        50,
        "6.3",
        "six players: J1, then J2: still no led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/-/J2/C3/C4/C5 trick=J1",
        play="J2",
        led=None,
    )
    yield _led(
        51,
        "6.3",
        "six players: J1, J2, J3, then J4: still no led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/-/-/-/J4/C5 trick=J1,J2,J3",
        play="J4",
        led=None,
    )
    yield _led(
        52,
        "6.3",
        "six players, seat 0 leads J1: no led suit yet",
        "players=6 dealer=5 turned=D1 bids=0,0,0,0,0,0 hands=J1/C1/C2/C3/C4/C5",
        play="J1",
        led=None,
    )

    # -- 6.1: the first card that is not a Jester decides ---------------------------------
    yield _led(
        53,
        "6.1",
        "three players: C5 led: Clubs are the led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/C5/C3",
        play="C5",
        led="C",
    )
    yield _led(
        54,
        "6.1",
        "three players: J1, then H3: Hearts are the led suit",
        "players=3 turned=S13 bids=0,0,0 hands=C1/-/H3 trick=J1",
        play="H3",
        led="H",
    )
    yield _led(
        55,
        "6.1",
        "three players: S5 led, then D12: Spades stay the led suit",
        "players=3 turned=H1 bids=0,0,0 hands=C1/-/D12 trick=S5",
        play="D12",
        led="S",
    )
    yield _led(
        56,
        "6.1",
        "three players: C5 led, then W1: Clubs stay the led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/-/W1 trick=C5",
        play="W1",
        led="C",
    )
    yield _led(
        57,
        "6.1",
        "three players, round 2: J1 led (seat 2), then D9 (seat 0): Diamonds are led,"
        " so seat 1 must play D5, not C5",
        "players=3 round=2 dealer=1 scores=20,20,-10 turned=S1 bids=0,0,0"
        " hands=D9,C3/D5,C5/C1 trick=J1",
        play="D9",
        led="D",
        legal=["D5"],
    )
    yield _led(
        58,
        "6.1",
        "four players, seat 0 leads H4: Hearts are the led suit",
        "players=4 dealer=3 turned=S1 bids=0,0,0,0 hands=H4/C1/C2/C3",
        play="H4",
        led="H",
    )
    yield _led(
        59,
        "6.1",
        "four players: J1, then H3: Hearts are the led suit",
        "players=4 turned=S13 bids=0,0,0,0 hands=C1/-/H3/C4 trick=J1",
        play="H3",
        led="H",
    )
    yield _led(
        60,
        "6.1",
        "four players: J1, J2, then D9: Diamonds are the led suit",
        "players=4 turned=H13 bids=0,0,0,0 hands=C1/-/-/D9 trick=J1,J2",
        play="D9",
        led="D",
    )
    yield _led(
        61,
        "6.1",
        "four players, round 2: J1, J2, then D9 (seat 0): Diamonds are led, so"
        " seat 1 must play D5, not C5",
        "players=4 round=2 dealer=1 scores=20,20,20,-10 turned=S1 bids=0,0,0,0"
        " hands=D9,C3/D5,C5/C1/C2 trick=J1,J2",
        play="D9",
        led="D",
        legal=["D5"],
    )
    yield _led(
        62,
        "6.1",
        "four players, round 2: J1 (seat 2), then H3 (seat 3): Hearts are led, so"
        " seat 0 must play H5, not C5",
        "players=4 round=2 dealer=1 scores=20,20,20,-10 turned=S1 bids=0,0,0,0"
        " hands=H5,C5/C1,C2/C3/H3,C4 trick=J1",
        play="H3",
        led="H",
        legal=["H5"],
    )
    yield _led(
        63,
        "6.1",
        "four players: C5 led, then W1: Clubs stay the led suit",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/-/W1/C4 trick=C5",
        play="W1",
        led="C",
    )
    yield _led(
        64,
        "6.1",
        "four players: C5 led, then J1: Clubs stay the led suit",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/-/J1/C4 trick=C5",
        play="J1",
        led="C",
    )
    yield _led(
        65,
        "6.1",
        "four players, trump Hearts: C5, C9, then the trump H2: Clubs stay the led suit",
        "players=4 turned=H13 bids=0,0,0,0 hands=C1/-/-/H2 trick=C5,C9",
        play="H2",
        led="C",
    )
    yield _led(
        66,
        "6.1",
        "four players, second trick of round 2 (the first was Clubs): seat 3 leads"
        " S7: Spades are the led suit",
        "players=4 round=2 dealer=1 scores=20,20,20,-10 turned=H1 bids=0,0,0,0 won=0,0,0,1"
        " played=C6,C7,C8,C9 leader=3 hands=C1/C2/C3/S7",
        play="S7",
        led="S",
    )
    yield _led(
        67,
        "6.1",
        "five players: J1, J2, J3, then S4: Spades are the led suit",
        "players=5 turned=H1 bids=0,0,0,0,0 hands=C1/-/-/-/S4 trick=J1,J2,J3",
        play="S4",
        led="S",
    )
    yield _led(
        68,
        "6.1",
        "five players: C6 led, then D12: Clubs stay the led suit",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C1/-/D12/C3/C4 trick=C6",
        play="D12",
        led="C",
    )
    yield _led(
        69,
        "6.1",
        "five players, trump Diamonds, seat 3 leads D4: the trump suit is the led suit",
        "players=5 dealer=2 turned=D1 bids=0,0,0,0,0 hands=C1/C2/C3/D4/C5",
        play="D4",
        led="D",
    )
    yield _led(
        70,
        "6.1",
        "five players, round 2: J1, J2, then D9 (seat 4): Diamonds are led, so"
        " seat 0 must play D5, not C5",
        "players=5 round=2 dealer=1 scores=20,20,20,20,-10 turned=S1 bids=0,0,0,0,0"
        " hands=D5,C5/C1,C2/C3/C4/D9,C6 trick=J1,J2",
        play="D9",
        led="D",
        legal=["D5"],
    )
    yield _led(
        71,
        "6.1",
        "five players: J1, H8, then W1: Hearts stay the led suit",
        "players=5 turned=C1 bids=0,0,0,0,0 hands=C2/-/-/W1/C3 trick=J1,H8",
        play="W1",
        led="H",
    )
    yield _led(
        72,
        "6.1",
        "six players: H2 led: Hearts are the led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/H2/C3/C4/C5/C6",
        play="H2",
        led="H",
    )
    yield _led(
        73,
        "6.1",
        "six players: all four Jesters, then S4: Spades are the led suit",
        "players=6 turned=H13 bids=0,0,0,0,0,0 hands=C1/-/-/-/-/S4 trick=J1,J2,J3,J4",
        play="S4",
        led="S",
    )
    yield _led(
        74,
        "6.1",
        "six players: J1, J2, then D9: Diamonds are the led suit",
        "players=6 turned=S13 bids=0,0,0,0,0,0 hands=C1/-/-/D9/C4/C5 trick=J1,J2",
        play="D9",
        led="D",
    )
    yield _led(
        75,
        "6.1",
        "six players, round 2: J1, J2, J3, then D9 (seat 5): Diamonds are led, so"
        " seat 0 must play D5, not C5",
        "players=6 round=2 dealer=1 scores=20,20,20,20,20,-10 turned=S1 bids=0,0,0,0,0,0"
        " hands=D5,C5/C1,C2/C3/C4/C6/D9,C7 trick=J1,J2,J3",
        play="D9",
        led="D",
        legal=["D5"],
    )
    yield _led(
        76,
        "6.1",
        "six players: D5, W1, D4, then J1: Diamonds stay the led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/-/-/-/J1/C6 trick=D5,W1,D4",
        play="J1",
        led="D",
    )
    yield _led(
        77,
        "6.1",
        "six players, trump Hearts: S5, S9, then the trump H2: Spades stay the led suit",
        "players=6 turned=H1 bids=0,0,0,0,0,0 hands=C1/-/-/H2/C5/C6 trick=S5,S9",
        play="H2",
        led="S",
    )
    yield _led(
        78,
        "6.1",
        "six players, seat 5 leads J1, then seat 0 plays C1: Clubs are the led suit",
        "players=6 dealer=4 turned=D1 bids=0,0,0,0,0,0 hands=C1/C2/C3/C4/C5/- trick=J1",
        play="C1",
        led="C",
    )

    # -- 6.2: a Wizard first: no led suit ---------------------------------------------------
    yield _led(
        79,
        "6.2",
        "three players: W1 led: no led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/W1/C2",
        play="W1",
        led=None,
    )
    yield _led(
        80,
        "6.2",
        "three players: W1 led, then C5: still no led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/-/C5 trick=W1",
        play="C5",
        led=None,
    )
    yield _led(
        81,
        "6.2",
        "three players: J1, then W2: no led suit",
        "players=3 turned=S1 bids=0,0,0 hands=C1/-/W2 trick=J1",
        play="W2",
        led=None,
    )
    yield _led(
        82,
        "6.2",
        "three players, round 2: W1 led (seat 2), then C3 (seat 0): no led suit, so"
        " seat 1 may play C5 or D5",
        "players=3 round=2 dealer=1 scores=20,20,-10 turned=S1 bids=0,0,0"
        " hands=C3,C4/C5,D5/C1 trick=W1",
        play="C3",
        led=None,
        legal=["C5", "D5"],
    )
    yield _led(
        83,
        "6.2",
        "four players: J1, W2, then C3: no led suit",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/-/-/C3 trick=J1,W2",
        play="C3",
        led=None,
    )
    yield _led(
        84,
        "6.2",
        "four players, round 2: J1, W1, then C3 (seat 0): no led suit, so seat 1"
        " may play C5 or D5",
        "players=4 round=2 dealer=1 scores=20,20,20,-10 turned=S1 bids=0,0,0,0"
        " hands=C3,C4/C5,D5/C1/C2 trick=J1,W1",
        play="C3",
        led=None,
        legal=["C5", "D5"],
    )
    yield _led(
        85,
        "6.2",
        "four players, round 2: W1 led (seat 2), then C3 (seat 3): no led suit, so"
        " seat 0 may play C5 or D5",
        "players=4 round=2 dealer=1 scores=20,20,20,-10 turned=S1 bids=0,0,0,0"
        " hands=C5,D5/C1,C2/C4/C3,C6 trick=W1",
        play="C3",
        led=None,
        legal=["C5", "D5"],
    )
    yield _led(
        86,
        "6.2",
        "four players, seat 2 leads W3: no led suit",
        "players=4 dealer=1 turned=H1 bids=0,0,0,0 hands=C1/C2/W3/C3",
        play="W3",
        led=None,
    )
    yield _led(
        87,
        "6.2",
        "four players: J1, J2, then W1: no led suit",
        "players=4 turned=S1 bids=0,0,0,0 hands=C1/-/-/W1 trick=J1,J2",
        play="W1",
        led=None,
    )
    yield _led(
        88,
        "6.2",
        "four players, trump Diamonds: W4 led, then D13: still no led suit",
        "players=4 turned=D1 bids=0,0,0,0 hands=C1/-/D13/C4 trick=W4",
        play="D13",
        led=None,
    )
    yield _led(
        89,
        "6.2",
        "five players, round 2: J1, J2, W1, then C3 (seat 0): no led suit, so seat 1"
        " may play C5 or D5",
        "players=5 round=2 dealer=1 scores=20,20,20,20,-10 turned=S1 bids=0,0,0,0,0"
        " hands=C3,C4/C5,D5/C1/C2/C6 trick=J1,J2,W1",
        play="C3",
        led=None,
        legal=["C5", "D5"],
    )
    yield _led(
        90,
        "6.2",
        "five players: J1, J2, J3, then W2: no led suit",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C1/-/-/-/W2 trick=J1,J2,J3",
        play="W2",
        led=None,
    )
    yield _led(
        91,
        "6.2",
        "five players: W1, C2, then H4: still no led suit",
        "players=5 turned=S1 bids=0,0,0,0,0 hands=C1/-/-/H4/C3 trick=W1,C2",
        play="H4",
        led=None,
    )
    yield _led(
        92,
        "6.2",
        "five players, seat 0 leads W1: no led suit",
        "players=5 dealer=4 turned=C1 bids=0,0,0,0,0 hands=W1/C2/C3/C4/C5",
        play="W1",
        led=None,
    )
    yield _led(
        93,
        "6.2",
        "six players, round 2: J1, J2, J3, W1, then C3 (seat 0): no led suit, so"
        " seat 1 may play C5 or D5",
        "players=6 round=2 dealer=1 scores=20,20,20,20,20,-10 turned=S1 bids=0,0,0,0,0,0"
        " hands=C3,C4/C5,D5/C1/C2/C6/C7 trick=J1,J2,J3,W1",
        play="C3",
        led=None,
        legal=["C5", "D5"],
    )
    yield _led(
        94,
        "6.2",
        "six players: all four Jesters, then W1: no led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/-/-/-/-/W1 trick=J1,J2,J3,J4",
        play="W1",
        led=None,
    )
    yield _led(
        95,
        "6.2",
        "six players, trump Hearts: W2, H3, then S5: still no led suit",
        "players=6 turned=H1 bids=0,0,0,0,0,0 hands=C1/-/-/S5/C4/C5 trick=W2,H3",
        play="S5",
        led=None,
    )
    yield _led(
        96,
        "6.2",
        "six players: W1 led: no led suit",
        "players=6 turned=S1 bids=0,0,0,0,0,0 hands=C1/W1/C2/C3/C4/C5",
        play="W1",
        led=None,
    )

    # -- every combination of card kinds up to the first suit card (docs/coverage.rst) -----
    yield from kind_cases()


# -- every combination of card kinds (docs/coverage.rst) -------------------------------------
#
# What decides the led suit is the kinds of the cards up to the first suit
# card: Jesters (J) and Wizards (W) in any order, then a trump (T) or a card
# of another suit (S), or no suit card yet.  For each player count, with
# trump and without, every such sequence that fits in an unfinished trick
# (at most four Wizards and four Jesters) has a case: the trick holds all but
# its last card, the player to act plays that one, and the led suit is
# observed.

FIRST_KIND_CASE = 97
NAMES = {3: "three", 4: "four", 5: "five", 6: "six"}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def _kinds(players: int, trump: bool) -> Iterator[tuple[str, ...]]:
    """Every sequence of kinds up to the first suit card, shortest first."""
    for length in range(1, players):
        for special in itertools.product("JW", repeat=length - 1):
            for last in ("J", "W", "T", "S") if trump else ("J", "W", "S"):
                kinds = (*special, last)
                if kinds.count("J") <= 4 and kinds.count("W") <= 4:
                    yield kinds


def _kind_case(number: int, players: int, trump: bool, index: int, kinds: tuple[str, ...]) -> Json:
    """The case of one sequence of kinds: all but its last card are on the table."""
    rotation = "CDHS"[index % 4 :] + "CDHS"[: index % 4]
    trump_suit = rotation[0] if trump else None
    other = rotation[1]
    wizards = iter(["W1", "W2", "W3", "W4"])
    jesters = iter(["J1", "J2", "J3", "J4"])
    named = {"T": f"{trump_suit}5", "S": f"{other}9"}
    cards = [next(wizards) if k == "W" else next(jesters) if k == "J" else named[k] for k in kinds]
    last_round = not trump and kinds.count("J") == 4
    if trump:
        turned: str | None = f"{trump_suit}13"
        setting = f"trump {SUIT_NAMES[str(trump_suit)]}"
    else:
        turned = None if last_round else "J4"
        setting = "no trump, the last round" if last_round else "no trump (J4 turned)"
    start = first_trick(
        players,
        60 // players if last_round else 1,
        index % players,
        cards[:-1],
        cards[-1:],
        turned,
    )
    opener = next((k for k in kinds if k != "J"), "J")
    led = cards[-1][0] if opener in ("T", "S") else None
    rule = {"T": "6.1", "S": "6.1", "W": "6.2", "J": "6.3"}[opener]
    said = {"T": f"led suit {led}", "S": f"led suit {led}", "W": "no led suit"}
    return case(
        f"led-suit.{number:03d}",
        rule,
        f"{NAMES[players]} players, {setting}: {' '.join(cards)} ({' '.join(kinds)}):"
        f" {said.get(opener, 'no led suit yet')}",
        start["config"],
        [play_card(_to_act(start), cards[-1])],
        state={"led_suit": led},
        start=start,
    )


def kind_cases() -> Iterator[Json]:
    """The cases of every combination of card kinds, numbered from FIRST_KIND_CASE."""
    number = FIRST_KIND_CASE
    for players in (3, 4, 5, 6):
        for trump in (True, False):
            for index, kinds in enumerate(_kinds(players, trump)):
                yield _kind_case(number, players, trump, index, kinds)
                number += 1
