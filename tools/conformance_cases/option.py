"""The ``option`` area: the option: the bids may not match the tricks (rules 20.1 and 20.2).

Every case starts from a position in the bid phase of round r, with the
others' bids made (``-`` for a bid not yet made).  Rule 20.1 restricts the
dealer in every round, 1 to the last, with the option on; with it off (rule
4.2), in no round: both are shown in rounds 1 to 3 and in rounds 4 and later
(docs/readings.rst)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, refused
from .common import case_at as _at

# Ids of this area that are retired: never used again.
RETIRED: list[str] = [
    # replaced by cases starting from positions, ids option.001 to option.023
    *(f"option.{n:03d}" for n in range(1, 24)),
]

FIRST_NEW_ID = 24
ON = "options=forbid_bid_total_match"

# Hands for round r and n players (trump H13 turned): seat by seat, low cards.
_LOW = (
    [f"C{r}" for r in range(1, 14)]
    + [f"D{r}" for r in range(1, 14)]
    + [f"S{r}" for r in range(1, 14)]
    + [f"H{r}" for r in range(1, 13)]
    + [f"J{n}" for n in range(1, 5)]
    + [f"W{n}" for n in range(1, 5)]
)


def hands(players: int, rnd: int) -> str:
    """The hands written seat by seat, ``r`` cards each, from C1 up (H13, turned
    in the other rounds, only in the last round, which deals every card)."""
    cards = [*_LOW, "H13"]
    return "/".join(",".join(cards[s * rnd : (s + 1) * rnd]) for s in range(players))


def at(players: int, rnd: int, dealer: int, bids: str, option: bool = True) -> str:
    """The bid phase of round ``rnd``: every earlier round bid 0 and met (20
    each); H13 turned (none in the last round)."""
    scores = ",".join([str(20 * (rnd - 1))] * players)
    turned = "" if players * rnd == 60 else " turned=H13"
    opt = f" {ON}" if option else ""
    return (
        f"players={players}{opt} round={rnd} dealer={dealer} scores={scores} "
        f"hands={hands(players, rnd)}{turned} bids={bids}"
    )


@area("option", "The option: the bids may not match the tricks (rules 20.1 and 20.2).")
def option_area() -> Iterator[Json]:
    ids = (f"option.{n:03d}" for n in count(FIRST_NEW_ID))

    # Rule 20.1, option on: the dealer's legal bids lack the one bid r - t.
    for players, rnd, dealer, bids, legal in (
        (3, 1, 0, "-,0,0", [0]),
        (4, 1, 0, "-,0,0,0", [0]),
        (5, 1, 2, "1,0,-,0,0", [1]),
        (6, 1, 0, "-,0,0,1,0,0", [1]),
        (3, 2, 1, "1,-,1", [1, 2]),
        (4, 2, 1, "1,-,0,0", [0, 2]),
        (5, 2, 0, "-,0,1,0,0", [0, 2]),
        (6, 2, 3, "0,0,0,-,0,0", [0, 1]),
        (3, 3, 2, "2,0,-", [0, 2, 3]),
        (4, 3, 2, "1,0,-,1", [0, 2, 3]),
        (4, 4, 3, "1,1,1,-", [0, 2, 3, 4]),
        (4, 5, 0, "-,2,2,0", [0, 2, 3, 4, 5]),
        (3, 7, 0, "-,3,3", [0, 2, 3, 4, 5, 6, 7]),
        (5, 6, 0, "-,1,1,1,1", [0, 1, 3, 4, 5, 6]),
        (6, 10, 3, "2,2,2,-,2,2", list(range(1, 11))),
        (4, 15, 2, "5,5,-,5", list(range(1, 16))),
    ):
        total = sum(int(b) for b in bids.split(",") if b != "-")
        last = " (the last)" if players * rnd == 60 else ""
        yield _at(
            next(ids),
            "20.1",
            f"{players} players, round {rnd}{last}: the others bid {total} in all; the dealer "
            f"(seat {dealer}) may bid anything but {rnd - total}",
            at(players, rnd, dealer, bids),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    for players, rnd, dealer, bids in (
        (3, 1, 0, "-,0,0"),
        (4, 3, 2, "1,0,-,1"),
        (4, 3, 2, "3,0,-,0"),
        (4, 4, 3, "1,1,1,-"),
        (6, 5, 1, "1,-,1,1,1,0"),
        (5, 8, 4, "2,2,2,1,-"),
    ):
        total = sum(int(b) for b in bids.split(",") if b != "-")
        yield _at(
            next(ids),
            "20.1",
            f"{players} players, round {rnd}: the others bid {total} in all; the dealer's bid "
            f"of {rnd - total} is refused",
            at(players, rnd, dealer, bids),
            [bid(dealer, rnd - total)],
            errors=refused(0, "bid_total_forbidden"),
            state={"current_player": dealer, "phase": "bid"},
        )
    yield _at(
        next(ids),
        "20.1",
        "three players, round 1: a refused dealer's bid of 1 leaves the dealer to bid again; 0 is taken",
        at(3, 1, 0, "-,0,0"),
        [bid(0, 1), bid(0, 0)],
        errors=refused(0, "bid_total_forbidden"),
        state={"bids": [0, 0, 0], "phase": "play"},
    )
    yield _at(
        next(ids),
        "20.1",
        "four players, round 4: the dealer completes a total of 5, not 4, and play begins",
        at(4, 4, 3, "1,1,1,-"),
        [bid(3, 2)],
        state={"bids": [1, 1, 1, 2], "phase": "play"},
    )

    # Rule 20.2, option on: the others bid freely; the dealer is free when
    # the others already bid more than r.
    for players, rnd, dealer, bids, bidder in (
        (3, 1, 0, "-,1,-", 2),
        (4, 4, 3, "2,2,-,-", 2),
        (5, 2, 4, "1,1,-,-,-", 2),
        (6, 3, 0, "-,1,1,1,-,-", 4),
    ):
        yield _at(
            next(ids),
            "20.2",
            f"{players} players, round {rnd}: seat {bidder}, not the dealer, may bid anything "
            f"from 0 to {rnd}, even to make the total {rnd} so far",
            at(players, rnd, dealer, bids),
            [],
            state={"legal_actions": [bid(bidder, n) for n in range(rnd + 1)]},
        )
    yield _at(
        next(ids),
        "20.2",
        "three players, round 1: the first bidder bids 1, making the total so far 1; it is taken",
        at(3, 1, 0, "-,-,-"),
        [bid(1, 1)],
        state={"bids": [None, 1, None], "current_player": 2},
    )
    for players, rnd, dealer, bids in (
        (3, 1, 0, "-,1,1"),
        (4, 3, 2, "2,1,-,1"),
        (4, 4, 3, "2,2,1,-"),
        (6, 2, 1, "1,-,1,1,0,0"),
        (5, 5, 2, "2,2,-,1,1"),
    ):
        total = sum(int(b) for b in bids.split(",") if b != "-")
        yield _at(
            next(ids),
            "20.2",
            f"{players} players, round {rnd}: the others bid {total}, more than {rnd}; "
            f"the dealer (seat {dealer}) may bid anything",
            at(players, rnd, dealer, bids),
            [],
            state={"legal_actions": [bid(dealer, n) for n in range(rnd + 1)]},
        )

    # Rule 4.2, option off: the dealer may make the total match, in rounds
    # 1 to 3 and in rounds 4 and later alike.
    for players, rnd, dealer, bids in (
        (3, 1, 0, "-,0,0"),
        (4, 1, 0, "-,0,0,1"),
        (4, 3, 2, "1,1,-,0"),
        (6, 2, 1, "0,-,0,1,0,0"),
        (4, 4, 3, "1,1,1,-"),
        (5, 6, 0, "-,1,1,1,1"),
    ):
        yield _at(
            next(ids),
            "4.2",
            f"option off, {players} players, round {rnd}: the dealer may bid anything from 0 "
            f"to {rnd}, the matching bid too",
            at(players, rnd, dealer, bids, option=False),
            [],
            state={"legal_actions": [bid(dealer, n) for n in range(rnd + 1)]},
        )
    for players, rnd, dealer, bids in (
        (3, 1, 0, "-,0,0"),
        (4, 4, 3, "1,1,1,-"),
    ):
        values = [int(b) if b != "-" else 0 for b in bids.split(",")]
        values[dealer] = rnd - sum(values)
        yield _at(
            next(ids),
            "4.2",
            f"option off, {players} players, round {rnd}: the dealer bids {values[dealer]}, "
            f"making the total {rnd}; it is taken and play begins",
            at(players, rnd, dealer, bids, option=False),
            [bid(dealer, values[dealer])],
            state={"bids": values, "phase": "play"},
        )
