"""The ``bidding`` area: the order of bidding and what a bid may be (rules 4.1 and 4.2).

Every case starts from a position in the bid phase: the trump is known and
the bids so far are given seat by seat (``-`` for a bid not yet made)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, refused
from .common import case_at as _at

# Ids of this area that are retired: never used again.
RETIRED: list[str] = [
    # replaced by cases starting from positions, ids bidding.001 to bidding.018
    *(f"bidding.{n:03d}" for n in range(1, 19)),
    # Retired in suite 2.1.0 (issue 21): bidding.029 to bidding.031, about
    # rule 4.1, had the dealer's last bid make the bids add up to the round,
    # which an implementation that always plays the bid-total rule refuses;
    # replaced by bidding.056 to bidding.058, whose bids do not.
    "bidding.029",
    "bidding.030",
    "bidding.031",
]

FIRST_NEW_ID = 19


# Round 1 hands, one card each, for 3 to 6 players.
H1 = {3: "C2/C3/C4", 4: "C2/C3/C4/C5", 5: "C2/C3/C4/C5/C6", 6: "C2/C3/C4/C5/C6/C7"}
# Round 2 and round 3 hands (trump H13 turned).
H2 = {
    3: "C2,C3/C4,C5/C6,C7",
    4: "C2,C3/C4,C5/C6,C7/C8,C9",
    6: "C2,C3/C4,C5/C6,C7/C8,C9/C10,C11/C12,C13",
}
H3 = {3: "C2,C3,C4/C5,C6,C7/C8,C9,C10", 4: "C2,C3,C4/C5,C6,C7/C8,C9,C10/C11,C12,C13"}
H4_5 = "C1,C2,C3,C4/C5,C6,C7,C8/C9,C10,C11,C12/C13,D1,D2,D3/D4,D5,D6,D7"
H5_4 = "C1,C2,C3,C4,C5/C6,C7,C8,C9,C10/C11,C12,C13,D1,D2/D3,D4,D5,D6,D7"


@area("bidding", "The order of bidding and what a bid may be (rules 4.1 and 4.2).")
def bidding_area() -> Iterator[Json]:
    ids = (f"bidding.{n:03d}" for n in count(FIRST_NEW_ID))

    # Rule 4.1: the seat left of the dealer bids first, then left; the
    # dealer bids last.
    for players, dealer in ((3, 0), (4, 3), (4, 1), (5, 2), (6, 4)):
        first = (dealer + 1) % players
        yield _at(
            next(ids),
            "4.1",
            f"{players} players, dealer {dealer}, no bid yet: seat {first} bids first",
            f"players={players} dealer={dealer} hands={H1[players]} turned=H13",
            [],
            state={"current_player": first, "phase": "bid"},
        )
    for text, bidder, after in (
        ("players=4 dealer=0 hands=C2/C3/C4/C5 turned=H13 bids=-,0,-,-", 2, 3),
        ("players=4 dealer=2 hands=C2/C3/C4/C5 turned=H13 bids=1,-,-,0", 1, 2),
        ("players=5 dealer=2 hands=C2/C3/C4/C5/C6 turned=H13 bids=-,-,-,0,1", 0, 1),
        ("players=3 dealer=1 hands=C2/C3/C4 turned=H13 bids=-,-,0", 0, 1),
        ("players=6 dealer=5 hands=C2/C3/C4/C5/C6/C7 turned=H13 bids=0,1,0,0,-,-", 4, 5),
    ):
        players = int(text.split()[0][8:])
        yield _at(
            next(ids),
            "4.1",
            f"{players} players: after seat {bidder} bids, seat {after}, left of it, bids",
            text,
            [bid(bidder, 0)],
            state={"current_player": after, "phase": "bid"},
        )
    dealer_bids_last = (
        ("players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=-,0,1", 0, 1, [0, 0, 1]),
        ("players=4 dealer=2 hands=C2/C3/C4/C5 turned=H13 bids=1,0,-,0", 2, 3, [1, 0, 0, 0]),
        (
            "players=5 dealer=4 hands=C2/C3/C4/C5/C6 turned=H13 bids=0,0,1,0,-",
            4,
            0,
            [0, 0, 1, 0, 0],
        ),
        (
            "players=6 dealer=1 hands=C2/C3/C4/C5/C6/C7 turned=H13 bids=0,-,1,0,0,1",
            1,
            2,
            [0, 0, 1, 0, 0, 1],
        ),
    )
    for text, dealer, first, bids in dealer_bids_last:
        case_id = next(ids)
        if case_id in RETIRED:
            continue
        players = len(bids)
        yield _at(
            case_id,
            "4.1",
            f"{players} players: the dealer (seat {dealer}) bids last; then play begins "
            f"with seat {first}",
            text,
            [bid(dealer, 0)],
            state={"phase": "play", "bids": bids, "current_player": first},
        )
    for text, bidder, to_act, claim in (
        ("players=4 dealer=1 hands=C2/C3/C4/C5 turned=H13", 1, 2, "the dealer may not bid first"),
        (
            "players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=-,0,-",
            1,
            2,
            "a player may not bid twice",
        ),
        (
            "players=5 dealer=0 hands=C2/C3/C4/C5/C6 turned=H13 bids=-,0,-,-,-",
            3,
            2,
            "seat 3 may not bid before seat 2, left of the last bidder",
        ),
        (
            "players=6 dealer=3 hands=C2/C3/C4/C5/C6/C7 turned=H13 bids=0,0,-,-,0,0",
            3,
            2,
            "the dealer (seat 3) may not bid before seat 2",
        ),
        (
            "players=4 dealer=3 hands=C2/C3/C4/C5 turned=H13 bids=0,0,-,-",
            3,
            2,
            "the dealer (seat 3) may not bid before seat 2",
        ),
    ):
        players = int(text.split()[0][8:])
        yield _at(
            next(ids),
            "4.1",
            f"{players} players: {claim}",
            text,
            [bid(bidder, 0)],
            errors=refused(0, "not_your_turn"),
            state={"current_player": to_act},
        )

    # Rule 4.2: a bid is a whole number from 0 to r; any total is allowed.
    for text, bidder, rnd in (
        (f"players=3 dealer=0 hands={H1[3]} turned=H13", 1, 1),
        (f"players=3 round=3 dealer=2 scores=40,40,40 hands={H3[3]} turned=H13", 0, 3),
        (f"players=4 round=2 dealer=1 scores=20,20,20,20 hands={H2[4]} turned=H13", 2, 2),
        (f"players=4 round=5 dealer=0 scores=80,80,80,80 hands={H5_4} turned=H13", 1, 5),
        (f"players=5 round=4 dealer=3 scores=60,60,60,60,60 hands={H4_5} turned=H13", 4, 4),
        (f"players=6 round=2 dealer=1 scores=20,20,20,20,20,20 hands={H2[6]} turned=H13", 2, 2),
    ):
        players = int(text.split()[0][8:])
        yield _at(
            next(ids),
            "4.2",
            f"{players} players, round {rnd}: the bids are 0 to {rnd}",
            text,
            [],
            state={"legal_actions": [bid(bidder, n) for n in range(rnd + 1)]},
        )
    for text, bidder, rnd, over in (
        (f"players=3 dealer=0 hands={H1[3]} turned=H13", 1, 1, 2),
        (f"players=4 round=3 dealer=2 scores=40,40,40,40 hands={H3[4]} turned=H13", 3, 3, 4),
        (f"players=6 round=2 dealer=1 scores=20,20,20,20,20,20 hands={H2[6]} turned=H13", 2, 2, 3),
        (f"players=5 round=4 dealer=3 scores=60,60,60,60,60 hands={H4_5} turned=H13", 4, 4, 5),
        (f"players=4 dealer=0 hands={H1[4]} turned=H13", 1, 1, -1),
        (f"players=3 round=3 dealer=2 scores=40,40,40 hands={H3[3]} turned=H13", 0, 3, -1),
    ):
        players = int(text.split()[0][8:])
        yield _at(
            next(ids),
            "4.2",
            f"{players} players, round {rnd}: a bid of {over} is refused",
            text,
            [bid(bidder, over)],
            errors=refused(0, "bid_out_of_range"),
            state={"current_player": bidder, "bids": [None] * players},
        )
    for text, dealer, last, bids in (
        ("players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=-,0,0", 0, 1, [1, 0, 0]),
        (
            f"players=4 round=2 dealer=1 scores=20,20,20,20 hands={H2[4]} turned=H13 bids=0,-,1,0",
            1,
            1,
            [0, 1, 1, 0],
        ),
        (
            "players=5 dealer=2 hands=C2/C3/C4/C5/C6 turned=H13 bids=0,0,-,0,0",
            2,
            1,
            [0, 0, 1, 0, 0],
        ),
    ):
        players = len(bids)
        yield _at(
            next(ids),
            "4.2",
            f"{players} players, option off: the dealer may bid {last}, making the bids add up "
            "to the round number",
            text,
            [bid(dealer, last)],
            state={"bids": bids, "phase": "play"},
            also=("option",),  # the case of the bid-total option's scope (rule 20.1)
        )
    for text, dealer, last, bids in (
        ("players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=-,1,1", 0, 1, [1, 1, 1]),
        (
            f"players=4 round=2 dealer=1 scores=20,20,20,20 hands={H2[4]} turned=H13 bids=2,-,2,2",
            1,
            2,
            [2, 2, 2, 2],
        ),
        (
            "players=6 dealer=0 hands=C2/C3/C4/C5/C6/C7 turned=H13 bids=-,1,1,1,1,1",
            0,
            1,
            [1] * 6,
        ),
    ):
        players = len(bids)
        yield _at(
            next(ids),
            "4.2",
            f"{players} players: every player may bid the whole round ({last})",
            text,
            [bid(dealer, last)],
            state={"bids": bids, "phase": "play"},
        )

    # Since suite 2.1.0: the dealer bids last (rule 4.1), with bids that do
    # not add up to the round (bidding.029 to bidding.031 did).
    for text, dealer, first, bids in (
        ("players=3 dealer=0 hands=C2/C3/C4 turned=H13 bids=-,1,1", 0, 1, [0, 1, 1]),
        ("players=4 dealer=2 hands=C2/C3/C4/C5 turned=H13 bids=1,1,-,0", 2, 3, [1, 1, 0, 0]),
        (
            "players=5 dealer=4 hands=C2/C3/C4/C5/C6 turned=H13 bids=0,1,1,0,-",
            4,
            0,
            [0, 1, 1, 0, 0],
        ),
    ):
        assert sum(bids) != 1, "round 1: the bids must not add up to the round"
        players = len(bids)
        yield _at(
            next(ids),
            "4.1",
            f"{players} players: the dealer (seat {dealer}) bids last; then play begins "
            f"with seat {first}",
            text,
            [bid(dealer, 0)],
            state={"phase": "play", "bids": bids, "current_player": first},
        )
