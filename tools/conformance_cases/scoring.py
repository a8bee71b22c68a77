"""The ``scoring`` area: the score of a round and the totals (rules 9.1 to 9.3).

Every case starts from a position at the last trick of a round, with the
bids made; the last card(s) are played and the round is scored.  From a
position, ``round_scores`` holds only the round finished after it.  A missed
bid loses 10 per trick of difference (ruling 10); where "10 per trick taken"
would give another score, the description says so (docs/readings.rst)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, case, play, pos

# Ids of this area that are retired: never used again.
RETIRED: list[str] = [
    # replaced by cases starting from positions, ids scoring.001 to scoring.020
    *(f"scoring.{n:03d}" for n in range(1, 21)),
    # Retired in suite 2.1.0 (issue 21): these started from bids that add up
    # to the round, a position which an implementation that always plays the
    # bid-total rule can never reach, so they failed for a rule not their
    # own.  Replaced by scoring.066 to scoring.083, the same claims with one
    # more bid missed.
    *(f"scoring.{n:03d}" for n in (*range(21, 31), 35, 40, 54, 55, 58, 63, 64, 65)),
]

FIRST_NEW_ID = 21

# The last trick of a round: (position with {bids} and {scores} to fill in,
# the last cards played, and who takes how many tricks in the round).
R1_3 = (
    "players=3 hands=C3/-/- turned=D1 bids={bids} trick=W1,C2 leader=1",
    [(0, "C3")],
    "seat 1 takes the only trick",
)
R1_4 = (
    "players=4 hands=C2/-/-/- turned=D1 bids={bids} trick=W1,C3,C4 leader=1",
    [(0, "C2")],
    "seat 1 takes the only trick",
)
R1_4B = (
    "players=4 hands=W1/-/-/- turned=D1 bids={bids} trick=C3,C4,C5 leader=1",
    [(0, "W1")],
    "seat 0 takes the only trick",
)
R1_5 = (
    "players=5 hands=C2/-/-/-/- turned=D1 bids={bids} trick=W1,C3,C4,C5 leader=1",
    [(0, "C2")],
    "seat 1 takes the only trick",
)
R1_6 = (
    "players=6 hands=C2/-/-/-/-/- turned=D1 bids={bids} trick=W1,C3,C4,C5,C6 leader=1",
    [(0, "C2")],
    "seat 1 takes the only trick",
)
R2_3 = (
    "players=3 round=2 dealer=1 scores={scores} hands=C5/C7/- turned=D6 bids={bids} "
    "won=0,0,1 played=W2,C4,C6 trick=W3 leader=2",
    [(0, "C5"), (1, "C7")],
    "seat 2 takes both tricks",
)
R2_4 = (
    "players=4 round=2 dealer=1 scores={scores} hands=C5/C6/-/- turned=D2 bids={bids} "
    "won=0,0,1,0 played=W2,C1,C2,C3 trick=W3,C9 leader=2",
    [(0, "C5"), (1, "C6")],
    "seat 2 takes both tricks",
)
R2_5 = (
    "players=5 round=2 dealer=1 scores={scores} hands=C5/C6/-/-/- turned=D2 bids={bids} "
    "won=0,0,1,0,0 played=W2,C1,C2,C3,C4 trick=W3,C9,C10 leader=2",
    [(0, "C5"), (1, "C6")],
    "seat 2 takes both tricks",
)
R2_6 = (
    "players=6 round=2 dealer=1 scores={scores} hands=C5/C6/-/-/-/- turned=D2 bids={bids} "
    "won=0,0,1,0,0,0 played=W2,C1,C2,C3,C4,C7 trick=W3,C9,C10,C11 leader=2",
    [(0, "C5"), (1, "C6")],
    "seat 2 takes both tricks",
)
R3_3 = (
    "players=3 round=3 dealer=2 scores={scores} hands=-/C8/C9 turned=D13 bids={bids} "
    "won=2,0,0 played=W1,W2,C1,C2,C3,C4 trick=W3 leader=0",
    [(1, "C8"), (2, "C9")],
    "seat 0 takes all three tricks",
)


def _from(
    case_id: str,
    rule: str,
    claim: str,
    last_trick: tuple[str, list[tuple[int, str]], str],
    bids: str,
    scores: str = "",
    **kw: object,
) -> Json:
    text, plays, taken = last_trick
    players = int(text.split()[0].removeprefix("players="))
    rnd = int(text.split("round=")[1].split()[0]) if "round=" in text else 1
    if not scores:
        scores = ",".join([str(20 * (rnd - 1))] * players)
    start = pos(text.format(bids=bids, scores=scores))
    return case(
        case_id,
        rule,
        f"{players} players, round {rnd}, {taken}, bids {bids}: {claim}",
        start["config"],
        [play(seat, card) for seat, card in plays],
        start=start,
        **kw,  # type: ignore[arg-type]
    )


@area("scoring", "The score of a round and the totals (rules 9.1 to 9.3).")
def scoring_area() -> Iterator[Json]:
    for item in _cases():
        if item["id"] not in RETIRED:
            yield item


def _cases() -> Iterator[Json]:
    """Every case ever written, the retired ones too (their ids stay taken)."""
    ids = (f"scoring.{n:03d}" for n in count(FIRST_NEW_ID))

    # Rule 9.1: a bid met scores 20 + 10 per trick.
    for trick, bids, claim, scores in (
        (R1_3, "0,1,0", "bid 1, took 1: 30; bid 0, took 0: 20", [20, 30, 20]),
        (R1_4, "0,1,0,0", "bid 1, took 1: 30; bid 0, took 0: 20", [20, 30, 20, 20]),
        (R1_4B, "1,0,0,0", "seat 0 bid 1, took 1: 30; bid 0, took 0: 20", [30, 20, 20, 20]),
        (R1_5, "0,1,0,0,0", "bid 1, took 1: 30; bid 0, took 0: 20", [20, 30, 20, 20, 20]),
        (R1_6, "0,1,0,0,0,0", "bid 1, took 1: 30; bid 0, took 0: 20", [20, 30, 20, 20, 20, 20]),
        (R2_3, "0,0,2", "bid 2, took 2: 40", [20, 20, 40]),
        (R2_4, "0,0,2,0", "bid 2, took 2: 40; bid 0, took 0: 20", [20, 20, 40, 20]),
        (R2_5, "0,0,2,0,0", "bid 2, took 2: 40", [20, 20, 40, 20, 20]),
        (R2_6, "0,0,2,0,0,0", "bid 2, took 2: 40", [20, 20, 40, 20, 20, 20]),
        (R3_3, "3,0,0", "bid 3, took 3: 50", [50, 20, 20]),
        (R1_4, "0,0,0,0", "bid 0, took 0: 20 (not 0)", [20, -10, 20, 20]),
    ):
        yield _from(next(ids), "9.1", claim, trick, bids, state={"round_scores": [scores]})

    # Rule 9.2: a bid missed loses 10 per trick of difference.
    for trick, bids, claim, scores in (
        (R1_3, "0,0,0", "bid 0, took 1: -10", [20, -10, 20]),
        (R1_3, "1,1,0", "bid 1, took 0: -10 (10 per trick taken would give 0)", [-10, 30, 20]),
        (R1_3, "1,1,1", "two bids of 1 with no trick: -10 each (not 0)", [-10, 30, -10]),
        (
            R1_4,
            "1,0,0,0",
            "bid 1, took 0: -10 (10 per trick taken would give 0); bid 0, took 1: -10",
            [-10, -10, 20, 20],
        ),
        (R1_4, "0,1,1,1", "bid 1, took 0: -10 each (not 0)", [20, 30, -10, -10]),
        (
            R1_4B,
            "0,1,0,1",
            "seat 0 bid 0, took 1: -10; bids of 1 with no trick: -10 (not 0)",
            [-10, -10, 20, -10],
        ),
        (R1_5, "1,1,1,1,1", "bid 1, took 0: -10 each (not 0)", [-10, 30, -10, -10, -10]),
        (
            R1_6,
            "1,0,0,0,0,1",
            "bid 1, took 0: -10 (not 0); bid 0, took 1: -10",
            [-10, -10, 20, 20, 20, -10],
        ),
        (
            R2_3,
            "2,0,0",
            "bid 2, took 0: -20 (10 per trick taken would give 0); bid 0, took 2: -20",
            [-20, 20, -20],
        ),
        (R2_3, "1,1,1", "bid 1, took 2: -10 (10 per trick taken would give -20)", [-10, -10, -10]),
        (
            R2_4,
            "2,0,1,0",
            "bid 2, took 0: -20 (not 0); bid 1, took 2: -10 (not -20)",
            [-20, 20, -10, 20],
        ),
        (R2_4, "0,2,0,1", "bid 2, took 0: -20 (not 0); bid 0, took 2: -20", [20, -20, -20, -10]),
        (
            R2_4,
            "1,1,1,1",
            "bid 1, took 2: -10 (not -20); bid 1, took 0: -10 (not 0)",
            [-10, -10, -10, -10],
        ),
        (
            R2_5,
            "2,1,1,0,0",
            "bid 2, took 0: -20 (not 0); bid 1, took 2: -10 (not -20)",
            [-20, -10, -10, 20, 20],
        ),
        (
            R2_6,
            "0,0,1,2,0,0",
            "bid 1, took 2: -10 (not -20); bid 2, took 0: -20 (not 0)",
            [20, 20, -10, -20, 20, 20],
        ),
        (
            R3_3,
            "0,3,1",
            "bid 0, took 3: -30; bid 3, took 0: -30 (not 0); bid 1, took 0: -10",
            [-30, -30, -10],
        ),
        (R3_3, "1,0,0", "bid 1, took 3: -20 (10 per trick taken would give -30)", [-20, 20, 20]),
        (
            R3_3,
            "2,2,0",
            "bid 2, took 3: -10 (not -30); bid 2, took 0: -20 (not 0)",
            [-10, -20, 20],
        ),
        (R1_5, "0,0,0,0,0", "bid 0, took 1: -10", [20, -10, 20, 20, 20]),
        (R1_6, "1,1,1,1,1,1", "bid 1, took 0: -10 each (not 0)", [-10, 30, -10, -10, -10, -10]),
        (R2_5, "0,0,0,0,0", "bid 0, took 2: -20", [20, 20, -20, 20, 20]),
        (R2_6, "2,2,2,2,2,2", "bid 2, took 0: -20 each (not 0)", [-20, -20, 40, -20, -20, -20]),
    ):
        yield _from(next(ids), "9.2", claim, trick, bids, state={"round_scores": [scores]})

    # Rule 9.3: the total is the sum of the round scores, from 0; it may be
    # negative; only the end of a round changes it.
    for trick, bids, before, claim, totals in (
        (
            R1_3,
            "0,1,0",
            "",
            "the totals start at 0: after round 1 they are its scores",
            [20, 30, 20],
        ),
        (
            R1_4,
            "0,1,0,0",
            "",
            "the totals start at 0: after round 1 they are its scores",
            [20, 30, 20, 20],
        ),
        (
            R1_5,
            "1,1,0,0,0",
            "",
            "the totals start at 0: -10, 30, 20, 20, 20",
            [-10, 30, 20, 20, 20],
        ),
        (
            R1_6,
            "0,0,0,0,0,0",
            "",
            "the totals start at 0: 20, -10, 20, 20, 20, 20",
            [20, -10, 20, 20, 20, 20],
        ),
        (R2_3, "0,0,2", "20,30,-10", "totals 20, 30, -10 plus 20, 20, 40", [40, 50, 30]),
        (
            R2_4,
            "2,0,2,0",
            "30,20,-10,20",
            "totals 30, 20, -10, 20 plus -20, 20, 40, 20",
            [10, 40, 30, 40],
        ),
        (
            R2_4,
            "1,1,1,1",
            "-10,-10,-10,-10",
            "the totals may be negative: -10 - 10 each",
            [-20, -20, -20, -20],
        ),
        (
            R2_5,
            "0,0,0,0,0",
            "20,-10,30,20,-10",
            "totals plus 20, 20, -20, 20, 20",
            [40, 10, 10, 40, 10],
        ),
        (
            R2_6,
            "0,1,2,0,0,0",
            "-10,-10,-10,20,20,30",
            "totals plus 20, -10, 40, 20, 20, 20",
            [10, -20, 30, 40, 40, 50],
        ),
        (R3_3, "3,0,0", "40,-20,50", "totals 40, -20, 50 plus 50, 20, 20", [90, 0, 70]),
    ):
        yield _from(next(ids), "9.3", claim, trick, bids, before, state={"scores": totals})
    text, plays, taken = R2_4
    start = pos(text.format(bids="0,0,2,0", scores="30,20,-10,20"))
    yield case(
        next(ids),
        "9.3",
        f"4 players, round 2, {taken}: with one card of the round still to play, "
        "the totals have not changed and no round is scored",
        start["config"],
        [play(*plays[0])],
        start=start,
        state={"scores": [30, 20, -10, 20], "round_scores": []},
    )
    start = pos(
        "players=4 round=2 dealer=1 scores=30,20,-10,20 hands=C5,C6/C7,C8/C9/C10,C11 "
        "turned=D2 bids=0,0,2,0 trick=W1 leader=2"
    )
    yield case(
        next(ids),
        "9.3",
        "4 players, round 2: the first trick is finished, seat 2 takes it; the totals do not change",
        start["config"],
        [play(3, "C10"), play(0, "C5"), play(1, "C7")],
        start=start,
        state={"tricks_won": [0, 0, 1, 0], "scores": [30, 20, -10, 20], "round_scores": []},
    )

    # Since suite 2.1.0: the retired cases above, with bids that do not add up
    # to the round (one more bid is missed).
    for trick, bids, claim, scores in (
        (R1_3, "0,1,1", "bid 1, took 1: 30; bid 0, took 0: 20; bid 1, took 0: -10", [20, 30, -10]),
        (
            R1_4,
            "0,1,0,1",
            "bid 1, took 1: 30; bid 0, took 0: 20; bid 1, took 0: -10",
            [20, 30, 20, -10],
        ),
        (
            R1_4B,
            "1,0,0,1",
            "seat 0 bid 1, took 1: 30; bid 0, took 0: 20; bid 1, took 0: -10",
            [30, 20, 20, -10],
        ),
        (
            R1_5,
            "0,1,0,0,1",
            "bid 1, took 1: 30; bid 0, took 0: 20; bid 1, took 0: -10",
            [20, 30, 20, 20, -10],
        ),
        (
            R1_6,
            "0,1,0,0,0,1",
            "bid 1, took 1: 30; bid 0, took 0: 20; bid 1, took 0: -10",
            [20, 30, 20, 20, 20, -10],
        ),
        (R2_3, "0,1,2", "bid 2, took 2: 40; bid 1, took 0: -10", [20, -10, 40]),
        (
            R2_4,
            "0,0,2,1",
            "bid 2, took 2: 40; bid 0, took 0: 20; bid 1, took 0: -10",
            [20, 20, 40, -10],
        ),
        (R2_5, "0,0,2,0,1", "bid 2, took 2: 40; bid 1, took 0: -10", [20, 20, 40, 20, -10]),
        (
            R2_6,
            "0,0,2,0,0,1",
            "bid 2, took 2: 40; bid 1, took 0: -10",
            [20, 20, 40, 20, 20, -10],
        ),
        (R3_3, "3,1,0", "bid 3, took 3: 50; bid 1, took 0: -10", [50, -10, 20]),
    ):
        yield _from(next(ids), "9.1", claim, trick, bids, state={"round_scores": [scores]})
    for trick, bids, claim, scores in (
        (
            R1_4,
            "1,0,0,1",
            "bid 1, took 0: -10 (10 per trick taken would give 0); bid 0, took 1: -10",
            [-10, -10, 20, -10],
        ),
        (
            R2_3,
            "2,1,0",
            "bid 2, took 0: -20 (10 per trick taken would give 0); bid 0, took 2: -20; "
            "bid 1, took 0: -10",
            [-20, -10, -20],
        ),
    ):
        yield _from(next(ids), "9.2", claim, trick, bids, state={"round_scores": [scores]})
    for trick, bids, before, claim, totals in (
        (
            R1_3,
            "0,1,1",
            "",
            "the totals start at 0: after round 1 they are its scores",
            [20, 30, -10],
        ),
        (
            R1_4,
            "0,1,0,1",
            "",
            "the totals start at 0: after round 1 they are its scores",
            [20, 30, 20, -10],
        ),
        (R2_3, "0,1,2", "20,30,-10", "totals 20, 30, -10 plus 20, -10, 40", [40, 20, 30]),
        (R3_3, "3,1,0", "40,-20,50", "totals 40, -20, 50 plus 50, -10, 20", [90, -30, 70]),
    ):
        yield _from(next(ids), "9.3", claim, trick, bids, before, state={"scores": totals})
    start = pos(text.format(bids="0,0,2,1", scores="30,20,-10,20"))
    yield case(
        next(ids),
        "9.3",
        f"4 players, round 2, {taken}: with one card of the round still to play, "
        "the totals have not changed and no round is scored",
        start["config"],
        [play(*plays[0])],
        start=start,
        state={"scores": [30, 20, -10, 20], "round_scores": []},
    )
    start = pos(
        "players=4 round=2 dealer=1 scores=30,20,-10,20 hands=C5,C6/C7,C8/C9/C10,C11 "
        "turned=D2 bids=0,0,2,1 trick=W1 leader=2"
    )
    yield case(
        next(ids),
        "9.3",
        "4 players, round 2: the first trick is finished, seat 2 takes it; the totals do not change",
        start["config"],
        [play(3, "C10"), play(0, "C5"), play(1, "C7")],
        start=start,
        state={"tricks_won": [0, 0, 1, 0], "scores": [30, 20, -10, 20], "round_scores": []},
    )
