"""The ``deck`` area: the 60 cards and how they are written (rules 1.1 to 1.3)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    case,
    config,
    deal,
    last_round_deal,
    play,
    pos,
    pos_after,
    refused,
    simple_prefix,
    trump,
)

# Ids of this area that are retired: never used again.
# Retired in suite 2.1.0 (issue 21): these played from the first deal into
# later rounds or tricks, so that a house rule on who leads (or on the
# bid-total rule, for deck.025) failed them too.  Each is replaced by the
# same check from a position: deck.026 to deck.030 start at the deal of the
# last round, deck.031 to deck.044 after the bids of round 1, and deck.045
# and deck.046 observe the trick's winner directly rather than the scores.
RETIRED: list[str] = [
    *(f"deck.{n:03d}" for n in range(1, 6)),
    *(f"deck.{n:03d}" for n in range(8, 22)),
    "deck.024",
    "deck.025",
]

BAD_TOKENS = [
    "H14",
    "H0",
    "H01",
    "h5",
    "W0",
    "W5",
    "J0",
    "J5",
    "X3",
    "",
    "H",
    "13H",
    " H5",
    "S1 ",
]


@area("deck", "The 60 cards and how they are written (rules 1.1 to 1.3).")
def deck_area() -> Iterator[Json]:
    yield case(
        "deck.006",
        "1.3",
        "Wizards and Jesters are written W1..W4 and J1..J4",
        config(3),
        [deal(["W1", "W4", "J1"], "J4")],
        state={"hands": [["W1"], ["W4"], ["J1"]], "turned": "J4"},
    )
    yield case(
        "deck.007",
        "1.3",
        "suit cards are a suit letter and a rank from 1 to 13",
        config(4),
        [deal(["C1", "D13", "H10", "S9"], "C13")],
        state={"hands": [["C1"], ["D13"], ["H10"], ["S9"]], "turned": "C13"},
    )
    yield case(
        "deck.022",
        "1.3",
        "a deal naming a card that does not exist is refused",
        config(3),
        [deal(["C1", "C2", "H14"], "D1")],
        errors=refused(0, "bad_card_text"),
        state={"phase": "deal"},
    )
    yield case(
        "deck.023",
        "1.3",
        "a suit is written as its capital letter; 'h' is not a suit",
        config(3),
        [deal(["C1", "C2", "C3"], "W1"), trump(0, "h")],
        errors=refused(1, "bad_card_text"),
        state={"phase": "choose_trump"},
    )
    for number, players in ((26, 3), (27, 4), (28, 5), (29, 6)):
        cfg = config(players)
        start = pos_after(cfg, simple_prefix(cfg, 60 // players - 1))
        yield case(
            f"deck.{number:03d}",
            "1.1",
            f"{players} players: the last round deals all 60 distinct cards",
            cfg,
            [last_round_deal(players)],
            state={"phase": "bid", "round": 60 // players, "turned": None},
            start=start,
        )
    cfg6 = config(6)
    bad_last = last_round_deal(6)
    bad_last["hands"][5][9] = "D1"  # D1 twice, W4 missing
    yield case(
        "deck.030",
        "1.1",
        "a last-round deal that repeats one card (and so misses another) is refused",
        cfg6,
        [bad_last],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal"},
        start=pos_after(cfg6, simple_prefix(cfg6, 9)),
    )
    after_bids = pos("players=3 hands=C1/C2/C3 turned=D1 bids=0,0,0")
    for number, token in enumerate(BAD_TOKENS, start=31):
        yield case(
            f"deck.{number:03d}",
            "1.3",
            f"{token!r} is not a card",
            config(3),
            [play(1, token)],
            errors=refused(0, "bad_card_text"),
            state={"current_player": 1, "trick": []},
            start=after_bids,
        )
    yield case(
        "deck.045",
        "1.2",
        "within a suit 13 is the highest rank",
        config(3),
        [play(1, "C13"), play(2, "C12"), play(0, "C1")],
        state={"round_trick_winners": [[1]]},
        start=pos("players=3 hands=C1/C13/C12 turned=D1 bids=0,0,0"),
    )
    yield case(
        "deck.046",
        "1.2",
        "within a suit 1 is the lowest rank",
        config(3),
        [play(1, "S1"), play(2, "S3"), play(0, "S2")],
        state={"round_trick_winners": [[2]]},
        start=pos("players=3 hands=S2/S1/S3 turned=D1 bids=0,0,0"),
    )
