"""The ``option`` area: the option: the bids may not match the tricks (rules 20.1 and 20.2)."""

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
    simple_prefix,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("option", "The option: the bids may not match the tricks (rules 20.1 and 20.2).")
def option_area() -> Iterator[Json]:
    yield case(
        "option.001",
        "20.1",
        "round 1: with the others at 0, the dealer may not bid 1",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1])],
        errors=refused(3, "bid_total_forbidden"),
        state={"current_player": 0, "phase": "bid"},
    )
    yield case(
        "option.002",
        "20.1",
        "round 1: with the others at 0, the dealer's only legal bid is 0",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0])],
        state={"legal_actions": [bid(0, 0)]},
    )
    yield case(
        "option.003",
        "20.1",
        "round 1: with one other bid of 1, the dealer may not bid 0",
        config(4, 2, True),
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 2, [1, 0, 0])],
        state={"legal_actions": [bid(2, 1)]},
    )
    cfg = config(4, 0, True)
    prefix = simple_prefix(cfg, 2)
    yield case(
        "option.004",
        "20.1",
        "round 3: others bid 1, 0, 1; the dealer (seat 2) may not bid 1",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [1, 0, 1, 1])],
        errors=refused(len(prefix) + 4, "bid_total_forbidden"),
    )
    yield case(
        "option.005",
        "20.1",
        "round 3: others bid 1, 0, 1; the dealer may bid 0, 2 or 3",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [1, 0, 1])],
        state={"legal_actions": [bid(2, 0), bid(2, 2), bid(2, 3)]},
    )
    yield case(
        "option.006",
        "20.1",
        "round 3: others bid 3, 0, 0; the dealer may not bid 0",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [3, 0, 0, 0])],
        errors=refused(len(prefix) + 4, "bid_total_forbidden"),
    )
    yield case(
        "option.007",
        "20.2",
        "round 3: the others' bids already exceed 3, so the dealer is free",
        cfg,
        [*prefix, fill(4, 3, {}, "H13"), *bids_in_order(4, 2, [2, 1, 1])],
        state={"legal_actions": [bid(2, n) for n in range(4)]},
    )
    yield case(
        "option.008",
        "20.2",
        "a player other than the dealer may bid to make the total match so far",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1])],
        state={"bids": [None, 1, None], "current_player": 2},
    )
    yield case(
        "option.009",
        "20.2",
        "a player other than the dealer has every bid from 0 to r",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1])],
        state={"legal_actions": [bid(2, 0), bid(2, 1)]},
    )
    yield case(
        "option.010",
        "20.1",
        "with the option the dealer completes a total that differs from r",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [1, 0, 1])],
        state={"bids": [1, 1, 0], "phase": "play"},
    )
    yield case(
        "option.011",
        "4.2",
        "without the option the same bids are allowed",
        config(3, 0, False),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1])],
        state={"bids": [1, 0, 0], "phase": "play"},
    )
    cfg = config(5, 4, True)
    prefix = simple_prefix(cfg, 1)
    yield case(
        "option.012",
        "20.1",
        "round 2 of five: others bid 0, 1, 0, 0; the dealer (seat 0) may bid 0 or 2",
        cfg,
        [*prefix, fill(5, 2, {}, "H13"), *bids_in_order(5, 0, [0, 1, 0, 0])],
        state={"legal_actions": [bid(0, 0), bid(0, 2)], "current_player": 0},
    )
    yield case(
        "option.013",
        "20.1",
        "a refused dealer's bid leaves the dealer to bid again",
        config(3, 0, True),
        [fill(3, 1, {}, "H13"), *bids_in_order(3, 0, [0, 0, 1]), bid(0, 0)],
        errors=refused(3, "bid_total_forbidden"),
        state={"bids": [0, 0, 0], "phase": "play"},
    )
    # Rule 20.1 restricts the dealer in every round, 1 to the last, with the
    # option on; with it off, in no round.  Four players, first dealer 0:
    # round r is dealt by seat (r - 1) % 4, and the dealer bids last.
    on4, off4 = config(4, 0, True), config(4, 0, False)
    round4_on = [*simple_prefix(on4, 3), fill(4, 4, {}, "H13")]  # dealer 3
    yield case(
        "option.014",
        "20.1",
        "round 4 (four players): others bid 1, 1, 1; the dealer (seat 3) may not bid 1",
        on4,
        [*round4_on, *bids_in_order(4, 3, [1, 1, 1, 1])],
        errors=refused(len(round4_on) + 3, "bid_total_forbidden"),
        state={"current_player": 3, "phase": "bid"},
    )
    yield case(
        "option.015",
        "20.1",
        "round 4 (four players): others bid 1, 1, 1; the dealer may bid 0, 2, 3 or 4",
        on4,
        [*round4_on, *bids_in_order(4, 3, [1, 1, 1])],
        state={"legal_actions": [bid(3, n) for n in (0, 2, 3, 4)]},
    )
    round5_on = [*simple_prefix(on4, 4), fill(4, 5, {}, "H13")]  # dealer 0
    yield case(
        "option.016",
        "20.1",
        "round 5 (four players): others bid 2, 2, 0; the dealer (seat 0) may bid anything but 1",
        on4,
        [*round5_on, *bids_in_order(4, 0, [2, 2, 0])],
        state={"legal_actions": [bid(0, n) for n in (0, 2, 3, 4, 5)]},
    )
    round4_off = [*simple_prefix(off4, 3), fill(4, 4, {}, "H13")]
    yield case(
        "option.017",
        "4.2",
        "option off, round 4 (four players): the dealer may make the bids add up to 4",
        off4,
        [*round4_off, *bids_in_order(4, 3, [1, 1, 1, 1])],
        state={"bids": [1, 1, 1, 1], "phase": "play"},
    )
    round3_off = [*simple_prefix(off4, 2), fill(4, 3, {}, "H13")]  # dealer 2
    yield case(
        "option.018",
        "4.2",
        "option off, round 3 (four players): others bid 1, 1, 0; the dealer may bid 0 to 3",
        off4,
        [*round3_off, *bids_in_order(4, 2, [1, 1, 0])],
        state={"legal_actions": [bid(2, n) for n in range(4)]},
    )
    yield case(
        "option.019",
        "20.1",
        "round 1 (four players): others bid 0, 0, 0; the dealer's only legal bid is 0",
        on4,
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 0, [0, 0, 0])],
        state={"legal_actions": [bid(0, 0)]},
    )
    round2_on = [*simple_prefix(on4, 1), fill(4, 2, {}, "H13")]  # dealer 1
    yield case(
        "option.020",
        "20.1",
        "round 2 (four players): others bid 0, 1, 0; the dealer (seat 1) may bid 0 or 2",
        on4,
        [*round2_on, *bids_in_order(4, 1, [0, 1, 0])],
        state={"legal_actions": [bid(1, 0), bid(1, 2)]},
    )
    yield case(
        "option.021",
        "20.2",
        "round 4 (four players): others bid 2, 2, 1, more than 4; the dealer is free",
        on4,
        [*round4_on, *bids_in_order(4, 3, [2, 2, 1])],
        state={"legal_actions": [bid(3, n) for n in range(5)]},
    )
    yield case(
        "option.022",
        "20.1",
        "round 1 (six players): others bid 0, 0, 1, 0, 0; the dealer may not bid 0",
        config(6, 0, True),
        [fill(6, 1, {}, "H13"), *bids_in_order(6, 0, [0, 0, 1, 0, 0])],
        state={"legal_actions": [bid(0, 1)]},
    )
    yield case(
        "option.023",
        "4.2",
        "option off, round 1 (four players): others bid 0, 0, 1; the dealer may bid 0 or 1",
        off4,
        [fill(4, 1, {}, "H13"), *bids_in_order(4, 0, [0, 0, 1])],
        state={"legal_actions": [bid(0, 0), bid(0, 1)]},
    )
