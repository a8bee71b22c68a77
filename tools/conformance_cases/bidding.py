"""The ``bidding`` area: the order of bidding and what a bid may be (rules 4.1 and 4.2)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bid,
    bids_in_order,
    case,
    config,
    fill,
    refused,
    seat,
    simple_prefix,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("bidding", "The order of bidding and what a bid may be (rules 4.1 and 4.2).")
def bidding_area() -> Iterator[Json]:
    number = 1
    for players, dealer in ((3, 0), (4, 3), (6, 2)):
        yield case(
            f"bidding.{number:03d}",
            "4.1",
            f"{players} players, dealer {dealer}: seat {(dealer + 1) % players} bids first",
            config(players, dealer),
            [fill(players, 1, {}, "H13")],
            state={"current_player": (dealer + 1) % players, "phase": "bid"},
        )
        number += 1
    for players, dealer, made in ((4, 0, 1), (4, 0, 3), (5, 2, 2), (3, 1, 2)):
        actions = [fill(players, 1, {}, "H13"), *bids_in_order(players, dealer, [0] * made)]
        yield case(
            f"bidding.{number:03d}",
            "4.1",
            f"after {made} bids the seat {made + 1} places left of the dealer bids",
            config(players, dealer),
            actions,
            state={"current_player": seat(players, dealer, made + 1), "phase": "bid"},
        )
        number += 1
    for players, dealer in ((3, 0), (5, 4)):
        actions = [fill(players, 1, {}, "H13"), *bids_in_order(players, dealer, [0] * players)]
        yield case(
            f"bidding.{number:03d}",
            "4.1",
            "the dealer bids last; then play begins",
            config(players, dealer),
            actions,
            state={"phase": "play", "bids": [0] * players},
        )
        number += 1
    yield case(
        "bidding.010",
        "4.1",
        "the dealer may not bid first",
        config(4, 1),
        [fill(4, 1, {}, "H13"), bid(1, 0)],
        errors=refused(1, "not_your_turn"),
        state={"current_player": 2},
    )
    yield case(
        "bidding.011",
        "4.1",
        "a player may not bid twice",
        config(3),
        [fill(3, 1, {}, "H13"), bid(1, 0), bid(1, 1)],
        errors=refused(2, "not_your_turn"),
        state={"bids": [None, 0, None]},
    )
    yield case(
        "bidding.012",
        "4.2",
        "in round 1 the bids are 0 and 1",
        config(3),
        [fill(3, 1, {}, "H13")],
        state={"legal_actions": [bid(1, 0), bid(1, 1)]},
    )
    cfg = config(3)
    prefix = simple_prefix(cfg, 2)
    yield case(
        "bidding.013",
        "4.2",
        "in round 3 the bids are 0 to 3",
        cfg,
        [*prefix, fill(3, 3, {}, "H13")],
        state={"legal_actions": [bid(0, n) for n in range(4)], "current_player": 0},
    )
    yield case(
        "bidding.014",
        "4.2",
        "a bid above the number of cards is refused",
        config(3),
        [fill(3, 1, {}, "H13"), bid(1, 2)],
        errors=refused(1, "bid_out_of_range"),
        state={"current_player": 1, "bids": [None, None, None]},
    )
    yield case(
        "bidding.015",
        "4.2",
        "a negative bid is refused",
        config(3),
        [fill(3, 1, {}, "H13"), bid(1, -1)],
        errors=refused(1, "bid_out_of_range"),
    )
    yield case(
        "bidding.016",
        "4.2",
        "without the option the bids may add up to the round number",
        config(3),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1])],
        state={"bids": [1, 0, 0], "phase": "play"},
    )
    yield case(
        "bidding.017",
        "4.2",
        "without the option the dealer may bid anything from 0 to r",
        config(4),
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 0, [0, 0, 0])],
        state={"legal_actions": [bid(0, 0), bid(0, 1)]},
    )
    yield case(
        "bidding.018",
        "4.2",
        "every player may bid the whole round",
        config(3),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1, 1, 1])],
        state={"bids": [1, 1, 1]},
    )
