"""The ``deck`` area: the 60 cards and how they are written (rules 1.1 to 1.3)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bid,
    bids_in_order,
    case,
    config,
    deal,
    last_round_deal,
    play,
    plays_in_order,
    refused,
    simple_prefix,
    trump,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("deck", "The 60 cards and how they are written (rules 1.1 to 1.3).")
def deck_area() -> Iterator[Json]:
    for number, players in ((1, 3), (2, 4), (3, 5), (4, 6)):
        cfg = config(players)
        prefix = simple_prefix(cfg, 60 // players - 1)
        yield case(
            f"deck.{number:03d}",
            "1.1",
            f"{players} players: the last round deals all 60 distinct cards",
            cfg,
            [*prefix, last_round_deal(players)],
            state={"phase": "bid", "round": 60 // players, "turned": None},
        )

    cfg6 = config(6)
    prefix6 = simple_prefix(cfg6, 9)
    bad_last = last_round_deal(6)
    bad_last["hands"][5][9] = "D1"  # D1 twice, W4 missing
    yield case(
        "deck.005",
        "1.1",
        "a last-round deal that repeats one card (and so misses another) is refused",
        cfg6,
        [*prefix6, bad_last],
        errors=refused(len(prefix6), "invalid_deal"),
        state={"phase": "deal"},
    )
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
    bad_tokens = [
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
    for number, token in enumerate(bad_tokens, start=8):
        yield case(
            f"deck.{number:03d}",
            "1.3",
            f"{token!r} is not a card",
            config(3),
            [deal(["C1", "C2", "C3"], "D1"), bid(1, 0), bid(2, 0), bid(0, 0), play(1, token)],
            errors=refused(4, "bad_card_text"),
            state={"current_player": 1, "trick": []},
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
    yield case(
        "deck.024",
        "1.2",
        "within a suit 13 is the highest rank",
        config(3),
        [deal(["C1", "C13", "C12"], "D1"), *bids_in_order(3, 0, [0, 0, 0])]
        + plays_in_order(3, 1, ["C13", "C12", "C1"]),
        state={"round_scores": [[20, -10, 20]]},
    )
    yield case(
        "deck.025",
        "1.2",
        "within a suit 1 is the lowest rank",
        config(3),
        [deal(["S2", "S1", "S3"], "D1"), *bids_in_order(3, 0, [1, 0, 0])]
        + plays_in_order(3, 1, ["S1", "S3", "S2"]),
        state={"round_scores": [[20, -10, -10]]},
    )
