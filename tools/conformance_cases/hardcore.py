"""The ``hardcore`` area: the variant hardcore (rules 25.1 to 25.5).

Every case but those of refused configurations starts from a position in
the bid phase of a round, with the others' bids made.  The dealer's legal
bids are written out by hand in the tables below, from rules 25.1 to 25.3
(``h`` the round's hand size, ``t`` the others' bids): from ``h = 4`` on, the
dealer lacks the bid ``h - t`` unless ``t > h`` (a bid of 0 is not excepted);
for ``h`` of 1 to 3 nothing is lacking; the hand size counts, not the round
number, under a short schedule.  :func:`_matching` only checks the tables
against that sentence, so that a typing slip cannot pass unseen.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import count

from .common import Json, area, bid, case, deal, pos, refused
from .common import case_at as at
from .hiding import bid_phase

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

HARDCORE = "hardcore"


def _others(bids: str) -> int:
    return sum(int(b) for b in bids.split(",") if b != "-")


def _matching(size: int, bids: str, legal: Sequence[int]) -> None:
    """Check a table row against rules 25.1 and 25.2 as the module docstring says."""
    t = _others(bids)
    forbidden = {size - t} if size >= 4 and t <= size else set()
    assert list(legal) == [n for n in range(size + 1) if n not in forbidden], (size, bids)


def _cfg(players: int = 3, dealer: int = 0, **more: object) -> Json:
    return {"players": players, "first_dealer": dealer, "forbid_bid_total_match": False, **more}


@area("hardcore", "The variant hardcore (rules 25.1 to 25.5).")
def hardcore_area() -> Iterator[Json]:
    ids = (f"hardcore.{n:03d}" for n in count(1))

    # Rule 25.1: from 4 cards the dealer lacks the one bid h - t.
    for players, rnd, dealer, bids, legal in (
        (3, 4, 0, "-,1,1", [0, 1, 3, 4]),
        (4, 4, 3, "1,0,2,-", [0, 2, 3, 4]),
        (4, 5, 1, "2,-,0,1", [0, 1, 3, 4, 5]),
        (5, 6, 2, "1,1,-,2,0", [0, 1, 3, 4, 5, 6]),
        (6, 10, 3, "2,2,2,-,2,1", [0, *range(2, 11)]),
        (3, 20, 2, "7,7,-", [n for n in range(21) if n != 6]),
    ):
        _matching(rnd, bids, legal)
        t = _others(bids)
        yield at(
            next(ids),
            "25.1",
            f"{players} players, round {rnd} ({rnd} cards): the others bid {t}; the dealer "
            f"(seat {dealer}) may bid anything but {rnd - t}",
            bid_phase(players, rnd, dealer, bids, options=HARDCORE),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    # Rule 25.1: a bid of 0 is not excepted; t > h restricts nothing.
    for players, rnd, dealer, bids, legal, why in (
        (4, 4, 3, "1,2,1,-", [1, 2, 3, 4], "the others bid 4: the dealer may not bid 0"),
        (3, 4, 0, "-,3,2", [0, 1, 2, 3, 4], "the others bid 5, more than 4: any bid"),
        (3, 5, 1, "3,-,2", [1, 2, 3, 4, 5], "the others bid 5: the dealer may not bid 0"),
    ):
        _matching(rnd, bids, legal)
        yield at(
            next(ids),
            "25.1",
            f"{players} players, round {rnd}: {why}",
            bid_phase(players, rnd, dealer, bids, options=HARDCORE),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    # Rule 25.1: the matching bid is refused, and the dealer is still to bid.
    yield at(
        next(ids),
        "25.1",
        "3 players, round 4: the others bid 2; the dealer's bid of 2 is refused with "
        "bid_total_forbidden, and the dealer still bids",
        bid_phase(3, 4, 0, "-,1,1", options=HARDCORE),
        [bid(0, 2)],
        errors=refused(0, "bid_total_forbidden"),
        state={"phase": "bid", "current_player": 0, "bids": [None, 1, 1]},
    )
    yield at(
        next(ids),
        "25.1",
        "4 players, round 4: the dealer's bid of 0, making the total 4, is refused; its bid "
        "of 1 is made and play starts",
        bid_phase(4, 4, 3, "1,2,1,-", options=HARDCORE),
        [bid(3, 0), bid(3, 1)],
        errors=refused(0, "bid_total_forbidden"),
        state={"phase": "play", "bids": [1, 2, 1, 1]},
    )
    # Rule 25.1: every other seat bids freely.
    for players, rnd, dealer, bids, actor in (
        (3, 4, 0, "-,4,-", 2),
        (4, 6, 1, "-,-,5,-", 3),
    ):
        yield at(
            next(ids),
            "25.1",
            f"{players} players, round {rnd}: seat {actor}, not the dealer, may bid 0 to {rnd}",
            bid_phase(players, rnd, dealer, bids, options=HARDCORE),
            [],
            state={"legal_actions": [bid(actor, n) for n in range(rnd + 1)]},
        )

    # Rule 25.2: rounds of 1 to 3 cards are free; the boundary is 3 against 4.
    for players, rnd, dealer, bids in (
        (3, 3, 2, "1,1,-"),
        (4, 3, 2, "0,2,-,1"),
        (6, 3, 2, "0,1,-,0,1,0"),
        (3, 2, 1, "1,-,1"),
        (3, 1, 0, "-,0,1"),
    ):
        legal = list(range(rnd + 1))
        _matching(rnd, bids, legal)
        t = _others(bids)
        yield at(
            next(ids),
            "25.2",
            f"{players} players, round {rnd} ({rnd} cards): the others bid {t}; the dealer "
            f"may bid anything, {rnd - t} included",
            bid_phase(players, rnd, dealer, bids, options=HARDCORE),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    yield at(
        next(ids),
        "25.2",
        "3 players, round 3: the dealer's bid of 1, making the total 3, is made",
        bid_phase(3, 3, 2, "1,1,-", options=HARDCORE),
        [bid(2, 1)],
        state={"phase": "play", "bids": [1, 1, 1]},
    )
    # Rule 25.2 under short schedules: the hand size counts, not the round number.
    for players, schedule, rnd, size, dealer, bids, legal in (
        (3, "odd", 2, 3, 1, "1,-,1", [0, 1, 2, 3]),
        (3, "odd", 3, 5, 2, "2,1,-", [0, 1, 3, 4, 5]),
        (4, "odd", 2, 3, 1, "0,-,1,1", [0, 1, 2, 3]),
        (4, "odd", 3, 5, 2, "1,1,-,1", [0, 1, 3, 4, 5]),
        (3, "4,3", 1, 4, 0, "-,1,2", [0, 2, 3, 4]),
        (3, "4,3", 2, 3, 1, "0,-,2", [0, 1, 2, 3]),
        (5, "5,4,3", 2, 4, 1, "1,-,0,2,0", [0, 2, 3, 4]),
        (5, "5,4,3", 3, 3, 2, "1,1,-,0,0", [0, 1, 2, 3]),
    ):
        _matching(size, bids, legal)
        t = _others(bids)
        yield at(
            next(ids),
            "25.2",
            f"{players} players, schedule {schedule}, round {rnd} of {size} cards: the others "
            f"bid {t}; "
            + (
                f"the dealer may bid anything, {size - t} included"
                if size < 4
                else f"the dealer may bid anything but {size - t}"
            ),
            bid_phase(players, rnd, dealer, bids, options=HARDCORE, schedule=schedule, size=size),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )
    # Rule 25.2 from the first deal: round 1 of 1 card is free.
    yield case(
        next(ids),
        "25.2",
        "3 players, round 1: seats 1 and 2 bid 0; the dealer's bid of 1, making the total 1, "
        "is made",
        _cfg(hardcore=True),
        [deal(["H5", "C9", "W1"], "S3"), bid(1, 0), bid(2, 0), bid(0, 1)],
        state={"phase": "play", "bids": [1, 0, 0]},
    )

    # Rule 25.3: with plus/minus one, and with the Canadian rule.
    for players, rnd, dealer, scores, bids, options, legal, why in (
        (
            3,
            3,
            2,
            "",
            "1,1,-",
            "forbid_bid_total_match,hardcore",
            [0, 2, 3],
            "plus/minus one forbids 1 in a round of 3 cards, where hardcore forbids nothing",
        ),
        (
            3,
            4,
            0,
            "",
            "-,1,1",
            "forbid_bid_total_match,hardcore",
            [0, 1, 3, 4],
            "both forbid 2, the one bid",
        ),
        (
            4,
            4,
            3,
            "0,10,20,60",
            "1,2,1,-",
            "canadian_rule,hardcore",
            [1, 2, 3, 4],
            "the dealer leads (60); the Canadian rule allows 0, hardcore forbids it",
        ),
        (
            4,
            4,
            3,
            "60,10,20,0",
            "1,1,1,-",
            "canadian_rule,hardcore",
            [0, 2, 3, 4],
            "the dealer trails (0); the Canadian rule forbids nothing, hardcore forbids 1",
        ),
        (
            4,
            3,
            2,
            "0,10,60,20",
            "1,0,-,1",
            "canadian_rule,hardcore",
            [0, 2, 3],
            "3 cards: hardcore forbids nothing, the Canadian rule (the dealer leads) forbids 1",
        ),
    ):
        yield at(
            next(ids),
            "25.3",
            f"{players} players, round {rnd}, options {options}: {why}",
            bid_phase(players, rnd, dealer, bids, options=options, scores=scores),
            [],
            state={"legal_actions": [bid(dealer, n) for n in legal]},
        )

    # Rule 25.4: a position with a bid hardcore forbids cannot arise.  ``pos``
    # refuses it, so it is written without the variant, where it can arise,
    # and the variant is put into its configuration.
    refused_start = pos(
        "players=3 round=4 dealer=0 hands=C1,C2,C3,C4/C5,C6,C7,C8/C9,C10,C11,C12 "
        "turned=H13 bids=2,1,1"
    )
    refused_start = {**refused_start, "config": {**refused_start["config"], "hardcore": True}}
    yield case(
        next(ids),
        "25.4",
        "3 players, round 4, every bid made (2,1,1, total 4): the dealer's bid of 2 is one "
        "hardcore forbids, so the position cannot arise",
        refused_start["config"],
        [],
        start=refused_start,
        errors=[{"at": None, "code": "invalid_position"}],
    )
    yield at(
        next(ids),
        "25.4",
        "3 players, round 3, every bid made (1,1,1, total 3): no bid is forbidden at 3 cards; "
        "the position can arise, and seat 1 leads",
        "players=3 options=hardcore round=3 dealer=0 hands=C1,C2,C3/C5,C6,C7/C9,C10,C11 "
        "turned=H13 bids=1,1,1",
        [],
        state={"phase": "play", "current_player": 1},
    )

    # Rule 25.5: true or false.
    for value in (1, "true"):
        yield case(
            next(ids),
            "25.5",
            f"hardcore {value!r} is neither true nor false: invalid_config",
            _cfg(hardcore=value),
            [],
            errors=[{"at": None, "code": "invalid_config"}],
        )
    yield case(
        next(ids),
        "25.5",
        "hardcore false is the base game: nothing is refused at round 1",
        _cfg(hardcore=False),
        [deal(["H5", "C9", "W1"], "S3"), bid(1, 0), bid(2, 0), bid(0, 1)],
        state={"phase": "play"},
    )
