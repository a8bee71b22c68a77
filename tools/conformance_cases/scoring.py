"""The ``scoring`` area: the score of a round and the totals (rules 9.1 to 9.3)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bids_in_order,
    case,
    config,
    deal,
    play,
    plays_in_order,
    round1_won_by,
    scoring_round1,
    scoring_round1_plays,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("scoring", "The score of a round and the totals (rules 9.1 to 9.3).")
def scoring_area() -> Iterator[Json]:
    # Round 1, three players, dealer 0: seat 1 holds W1 and wins the only trick.
    r1 = scoring_round1()
    r1_plays = scoring_round1_plays()
    round1_rows = [
        ("9.1", "bid 0, took 0: 20; bid 1, took 1: 30", [1, 0, 0], [20, 30, 20]),
        ("9.2", "bid 0, took 1: -10; bid 1, took 0: -10", [0, 1, 0], [20, -10, -10]),
        ("9.2", "everyone misses by one", [0, 1, 1], [-10, -10, -10]),
        ("9.2", "one meets the bid, one misses it", [1, 0, 1], [-10, 30, 20]),
    ]
    for number, (rule, text, bids_order, scores) in enumerate(round1_rows, start=1):
        yield case(
            f"scoring.{number:03d}",
            rule,
            text,
            config(3),
            [*r1, *bids_in_order(3, 0, bids_order), *r1_plays],
            state={"round_scores": [scores], "scores": scores},
        )
    # Round 2 after a known round 1 (scores [20, 30, 20]); dealer 1, seat 2 leads and
    # holds W2 W3, so seat 2 wins both tricks.
    r2 = [
        *r1,
        *bids_in_order(3, 0, [1, 0, 0]),
        *r1_plays,
        deal(["C4 C5", "C6 C7", "W2 W3"], "D6"),
    ]
    r2_plays = plays_in_order(3, 2, ["W2", "C4", "C6"]) + plays_in_order(3, 2, ["W3", "C5", "C7"])
    round2_rows = [
        ("9.1", "bid 2, took 2: 40", [2, 0, 0], [20, 20, 40]),
        ("9.2", "bid 0, took 2: -20 (two tricks of difference)", [0, 0, 0], [20, 20, -20]),
        (
            "9.2",
            "bid 2, took 0: -20, not 0 (difference, not tricks taken)",
            [2, 2, 0],
            [-20, 20, 40],
        ),
        ("9.2", "bid 1, took 0: -10; bid 1, took 2: -10", [1, 1, 1], [-10, -10, -10]),
    ]
    for number, (rule, text, bids_order, scores) in enumerate(round2_rows, start=5):
        totals = [a + b for a, b in zip([20, 30, 20], scores, strict=True)]
        yield case(
            f"scoring.{number:03d}",
            rule,
            text,
            config(3),
            [*r2, *bids_in_order(3, 1, bids_order), *r2_plays],
            state={"round_scores": [[20, 30, 20], scores], "scores": totals},
        )
    yield case(
        "scoring.009",
        "9.3",
        "totals add up the rounds",
        config(3),
        [*r2, *bids_in_order(3, 1, [0, 0, 0]), *r2_plays],
        state={"scores": [40, 50, 0]},
    )
    yield case(
        "scoring.010",
        "9.3",
        "totals may be negative",
        config(3),
        [
            *r1,
            *bids_in_order(3, 0, [0, 1, 1]),
            *r1_plays,
            deal(["C4 C5", "C6 C7", "W2 W3"], "D6"),
            *bids_in_order(3, 1, [2, 2, 0]),
            *r2_plays,
        ],
        state={"scores": [-30, 10, 30], "round_scores": [[-10, -10, -10], [-20, 20, 40]]},
    )
    yield case(
        "scoring.011",
        "9.3",
        "no score changes before the end of the round",
        config(3),
        [*r1, *bids_in_order(3, 0, [1, 0, 0]), play(1, "W1"), play(2, "C2")],
        state={"scores": [0, 0, 0], "round_scores": []},
    )
    yield case(
        "scoring.012",
        "9.3",
        "the totals start at 0",
        config(5),
        [],
        state={"scores": [0, 0, 0, 0, 0], "round_scores": []},
    )
    # Four players.  Round 1, dealer 0: seat 1 leads W1 and takes the trick.
    # Round 2, dealer 1: seat 2 leads W2 and W3 and takes both tricks.  A
    # missed bid loses 10 per trick of difference (ruling 10); where "10 per
    # trick taken" would differ, the description says so.
    r1_4 = [deal(["C2", "W1", "C3", "C4"], "D1")]
    r1_4_plays = plays_in_order(4, 1, ["W1", "C3", "C4", "C2"])
    r2_4_deal = deal(["C5 C6", "C7 C8", "W2 W3", "C9 C10"], "D2")
    r2_4_plays = plays_in_order(4, 2, ["W2", "C9", "C5", "C7"]) + plays_in_order(
        4, 2, ["W3", "C10", "C6", "C8"]
    )
    yield case(
        "scoring.013",
        "9.1",
        "four players, round 1: bid 1, took 1: 30; bid 0, took 0: 20",
        config(4),
        [*r1_4, *bids_in_order(4, 0, [1, 0, 0, 0]), *r1_4_plays],
        state={"round_scores": [[20, 30, 20, 20]], "scores": [20, 30, 20, 20]},
    )
    yield case(
        "scoring.014",
        "9.2",
        "four players, round 1: bid 1, took 0: -10 (10 per trick taken would give 0); "
        "bid 0, took 1: -10",
        config(4),
        [*r1_4, *bids_in_order(4, 0, [0, 0, 0, 1]), *r1_4_plays],
        state={"round_scores": [[-10, -10, 20, 20]]},
    )
    r2_4 = [*r1_4, *bids_in_order(4, 0, [1, 0, 0, 0]), *r1_4_plays, r2_4_deal]
    yield case(
        "scoring.015",
        "9.2",
        "four players, round 2: bid 2, took 0: -20 (10 per trick taken would give 0)",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [2, 0, 2, 0]), *r2_4_plays],
        state={"round_scores": [[20, 30, 20, 20], [-20, 20, 40, 20]]},
    )
    yield case(
        "scoring.016",
        "9.2",
        "four players, round 2: bid 1, took 2: -10 (10 per trick taken would give -20)",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [1, 0, 0, 0]), *r2_4_plays],
        state={"round_scores": [[20, 30, 20, 20], [20, 20, -10, 20]]},
    )
    yield case(
        "scoring.017",
        "9.2",
        "four players, round 2: bid 2, took 0: -20; bid 1, took 0: -10; bid 2, took 2: 40",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [2, 2, 1, 0]), *r2_4_plays],
        state={"round_scores": [[20, 30, 20, 20], [-10, 20, 40, -20]]},
    )
    yield case(
        "scoring.018",
        "9.3",
        "four players: totals add up rounds 1 and 2 (20 - 20, 30 + 20, 20 + 40, 20 + 20)",
        config(4),
        [*r2_4, *bids_in_order(4, 1, [2, 0, 2, 0]), *r2_4_plays],
        state={"scores": [0, 50, 60, 40]},
    )
    yield case(
        "scoring.019",
        "9.2",
        "six players, round 1: bid 0, took 1: -10; two bids of 1, took 0: -10 each "
        "(10 per trick taken would give 0)",
        config(6),
        round1_won_by(6, 1, [0, 1, 0, 0, 0, 1]),
        state={"round_scores": [[-10, -10, -10, 20, 20, 20]]},
    )
    yield case(
        "scoring.020",
        "9.1",
        "five players, round 1: bid 1, took 1: 30; the others bid 0 and took 0: 20",
        config(5),
        round1_won_by(5, 1, [1, 0, 0, 0, 0]),
        state={"round_scores": [[20, 30, 20, 20, 20]]},
    )
