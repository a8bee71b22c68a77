"""The ``leading`` area: who leads (rules 5.1 and 5.2).

Every case starts from a position: the last bid of a round (the first lead),
the trick before the one whose leader is claimed (the winner leads), or the
last trick of round r (who leads round r + 1).  In the last, the winner of
round r's last trick is neither round r + 1's dealer (who is also the seat
that led round r's first trick) nor the seat left of it, so that the
readings of docs/readings.rst name different seats."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, bids_in_order, case, fill, play, pos, refused

# Ids of this area that are retired: never used again.
# leading.009 (round 2 is led by the seat left of its dealer) could not tell
# that rule from "the last trick's winner leads": the same seat was both.
# The others were replaced by cases starting from positions, ids leading.001
# to leading.015.
RETIRED: list[str] = [f"leading.{n:03d}" for n in range(1, 16)]

FIRST_NEW_ID = 16


def _at(
    case_id: str, rule: str, description: str, text: str, actions: list[Json], **kw: object
) -> Json:
    start = pos(text)
    return case(case_id, rule, description, start["config"], actions, start=start, **kw)  # type: ignore[arg-type]


def players_of(text: str) -> int:
    return int(text.split()[0].removeprefix("players="))


# The last trick of round r: (position, the seat that plays its last card,
# that card, the winner of the trick).  Round r + 1 is dealt by seat
# ``dealer + 1`` and the winner is another seat, not left of it either.
LAST_TRICKS = (
    ("players=3 hands=W1/-/- turned=H13 bids=0,0,0 trick=D1,D2 leader=1", 0, "W1", 0),
    ("players=4 hands=D3/-/-/- turned=H13 bids=0,0,0,0 trick=D1,D2,W1 leader=1", 0, "D3", 3),
    (
        "players=4 round=2 dealer=1 scores=20,20,20,20 hands=-/-/-/D6 turned=H13 bids=1,0,0,0 "
        "won=1,0,0,0 played=W1,D1,D2,D3 trick=W2,D4,D5 leader=0",
        3,
        "D6",
        0,
    ),
    (
        "players=5 hands=D4/-/-/-/- turned=H13 bids=0,0,0,0,0 trick=D1,D2,W1,D3 leader=1",
        0,
        "D4",
        3,
    ),
    (
        "players=6 hands=D5/-/-/-/-/- turned=H13 bids=0,0,0,0,0,0 trick=D1,D2,D3,D4,W1 leader=1",
        0,
        "D5",
        5,
    ),
)


@area("leading", "Who leads (rules 5.1 and 5.2).")
def leading_area() -> Iterator[Json]:
    ids = (f"leading.{n:03d}" for n in count(FIRST_NEW_ID))

    # Rule 5.1: the seat left of the dealer leads the first trick.
    for text, dealer in (
        ("players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=-,0,0", 0),
        ("players=4 dealer=3 hands=C2/C3/C4/C5 turned=H13 bids=0,0,0,-", 3),
        (
            "players=4 round=3 dealer=1 scores=40,40,40,40 "
            "hands=C1,C2,C3/C4,C5,C6/C7,C8,C9/C10,C11,C12 turned=H13 bids=0,-,0,0",
            1,
        ),
        ("players=5 dealer=2 hands=C2/C3/C4/C5/C6 turned=H13 bids=0,0,-,0,0", 2),
        ("players=6 dealer=4 hands=C2/C3/C4/C5/C6/C7 turned=H13 bids=0,0,0,0,-,0", 4),
    ):
        players = players_of(text)
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "5.1",
            f"{players} players, dealer {dealer}: after the dealer's bid, seat {first} "
            "leads the first trick",
            text,
            [bid(dealer, 0)],
            state={"phase": "play", "current_player": first, "leader": first},
        )
    for text, dealer, card in (
        ("players=4 dealer=3 hands=C2/C3/C4/C5 turned=H13 bids=0,0,0,0", 3, "C5"),
        ("players=3 dealer=2 hands=C2/C3/C4 turned=H13 bids=0,0,0", 2, "C4"),
        ("players=6 dealer=5 hands=C2/C3/C4/C5/C6/C7 turned=H13 bids=0,0,0,0,0,0", 5, "C7"),
    ):
        players = players_of(text)
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "5.1",
            f"{players} players: the dealer (seat {dealer}) may not lead the first trick",
            text,
            [play(dealer, card)],
            errors=refused(0, "not_your_turn"),
            state={"current_player": first, "trick": []},
        )
    # Across a round boundary: the seat left of round r + 1's dealer leads,
    # not the winner of round r's last trick.
    for text, last_seat, card, winner in LAST_TRICKS:
        players = players_of(text)
        rnd = int(text.split("round=")[1].split()[0]) if "round=" in text else 1
        dealer = (int(text.split("dealer=")[1].split()[0]) if "dealer=" in text else 0) + 1
        dealer %= players
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "5.1",
            f"{players} players: seat {winner} wins round {rnd}'s last trick; round {rnd + 1} "
            f"(dealer {dealer}) is led by seat {first}, left of the dealer, "
            "not by the last trick's winner",
            text,
            [
                play(last_seat, card),
                fill(players, rnd + 1, {}, "H13"),
                *bids_in_order(players, dealer, [0] * players),
            ],
            state={"dealer": dealer, "leader": first, "current_player": first},
        )
    for text, last_seat, card, winner in LAST_TRICKS:
        players = players_of(text)
        if "round=" in text:
            continue
        dealt = fill(players, 2, {}, "H13")
        yield _at(
            next(ids),
            "5.1",
            f"{players} players: seat {winner}, winner of round 1's last trick, may not lead round 2",
            text,
            [
                play(last_seat, card),
                dealt,
                *bids_in_order(players, 1, [0] * players),
                play(winner, dealt["hands"][winner][0]),
            ],
            errors=refused(2 + players, "not_your_turn"),
            state={"current_player": 2, "trick": []},
        )

    # Rule 5.2: the winner of a trick leads the next; play goes left.
    for text, plays, winner in (
        (
            "players=3 round=2 dealer=1 scores=20,20,20 hands=C5,W1/C6,C7/C3 turned=D1 "
            "bids=0,0,0 trick=C2 leader=2",
            [(0, "W1"), (1, "C6")],
            0,
        ),
        (
            "players=4 round=2 dealer=1 scores=20,20,20,20 hands=D7,S5/C6,C7/C3/C4,C8 turned=D1 "
            "bids=0,0,0,0 trick=C2 leader=2",
            [(3, "C4"), (0, "D7"), (1, "C6")],
            0,
        ),
        (
            "players=4 round=2 dealer=1 scores=20,20,20,20 hands=C4,S1/W1,S2/S3/S4 turned=D1 "
            "bids=0,0,0,0 trick=C2,C3 leader=2",
            [(0, "C4"), (1, "W1")],
            1,
        ),
        (
            "players=5 round=2 dealer=1 scores=20,20,20,20,20 hands=C4,S1/C5,S2/S3/S4/S5 "
            "turned=D1 bids=0,0,0,0,0 trick=C2,C9,C3 leader=2",
            [(0, "C4"), (1, "C5")],
            3,
        ),
        (
            "players=6 round=2 dealer=1 scores=20,20,20,20,20,20 hands=C13,S1/C6,S2/S3/S4/S5/S6 "
            "turned=D1 bids=0,0,0,0,0,0 trick=C2,C3,C4,C5 leader=2",
            [(0, "C13"), (1, "C6")],
            0,
        ),
    ):
        players = players_of(text)
        won = [0] * players
        won[winner] = 1
        yield _at(
            next(ids),
            "5.2",
            f"{players} players: seat {winner} wins the trick and leads the next",
            text,
            [play(p, c) for p, c in plays],
            state={"leader": winner, "current_player": winner, "trick": [], "tricks_won": won},
        )
    for text, plays, loser_card in (
        (
            "players=3 round=2 dealer=1 scores=20,20,20 hands=C5,W1/C6,C7/C3 turned=D1 "
            "bids=0,0,0 trick=C2 leader=2",
            [(0, "W1"), (1, "C6")],
            "C3",
        ),
        (
            "players=4 round=2 dealer=1 scores=20,20,20,20 hands=D7,S5/C6,C7/C3/C4,C8 turned=D1 "
            "bids=0,0,0,0 trick=C2 leader=2",
            [(3, "C4"), (0, "D7"), (1, "C6")],
            "C3",
        ),
    ):
        players = players_of(text)
        yield _at(
            next(ids),
            "5.2",
            f"{players} players: seat 2 led the trick and lost it; it may not lead the next",
            text,
            [*(play(p, c) for p, c in plays), play(2, loser_card)],
            errors=refused(len(plays), "not_your_turn"),
            state={"current_player": 0, "trick": []},
        )
    for text, seat, card, trick in (
        ("players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=0,0,0", 1, "C3", ["C3"]),
        ("players=3 dealer=1 hands=C2/C3/C4 turned=H13 bids=0,0,0", 2, "C4", ["C4"]),
        (
            "players=4 round=2 dealer=1 scores=20,20,20,20 hands=C2/C3/C4/C5 turned=D1 "
            "bids=0,0,0,0 won=0,0,0,1 played=W1,S1,S2,S3 leader=3",
            3,
            "C5",
            ["C5"],
        ),
        ("players=5 dealer=3 hands=C2/C3/C4/C5/C6 turned=H13 bids=0,0,0,0,0", 4, "C6", ["C6"]),
        (
            "players=6 dealer=2 hands=C2/C3/C4/-/-/C8 turned=H13 bids=0,0,0,0,0,0 trick=C6,C7",
            5,
            "C8",
            ["C6", "C7", "C8"],
        ),
    ):
        players = players_of(text)
        after = (seat + 1) % players
        yield _at(
            next(ids),
            "5.2",
            f"{players} players: play goes left; after seat {seat} plays, seat {after} is to play",
            text,
            [play(seat, card)],
            state={"current_player": after, "trick": trick},
        )
    yield _at(
        next(ids),
        "5.2",
        "four players: each player plays one card to a trick; seat 1 may not play a second",
        "players=4 round=2 dealer=0 scores=20,20,20,20 hands=C2,C3/C4/C5,C6/C7,C8 turned=D1 "
        "bids=0,0,0,0 trick=C9 leader=1",
        [play(1, "C4")],
        errors=refused(0, "not_your_turn"),
        state={"current_player": 2, "trick": ["C9"]},
    )
