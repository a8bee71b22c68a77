"""The ``cloud`` area: the Cloud (rules 34.1, 34.2 and 34.4; when the change is made,
rule 34.3, is the reading group ``cloud_timing`` of the ``readings`` area).

The Cloud counts as a suit card of value 9 3/4 in the suit its player
declares.  Whoever wins its trick changes their bid by one, up or down, by
choice; a bid of 0 can only go up and a bid of the cards dealt only down,
and then it changes at once (no choice is asked).  Under the default reading
the change is made right after the trick; in a round of one card it is
always one of those forced changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, change_bid, one_trick, plays
from .common import Json, area, fill, play

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

CLOUD = ["cloud"]


def _choice_round(first: int = 1) -> list[Json]:
    """Schedule [2], turned S13: seat 1 holds the Cloud and C4, seat 2 C2 and D6, seat 0 C3
    and H7; seat 1 bids ``first``, seats 2 and 0 bid 0; trick 1: the Cloud (declared
    Clubs, 9 3/4), C2, C3: the Cloud wins, seat 1."""
    return [
        fill(3, 2, {1: "Cloud C4", 2: "C2 D6", 0: "C3 H7"}, "S13"),
        *bids(3, 0, [first, 0, 0]),
        *plays(3, 1, ["Cloud=C", "C2", "C3"]),
    ]


@area("cloud", "The Cloud (rules 34.1, 34.2 and 34.4).")
def cloud_area() -> Iterator[Json]:
    ids = (f"cloud.{n:03d}" for n in count(1))

    # Rule 34.1: a suit card of value 9 3/4; and in a round of one card the change is forced.
    for specs, winner, why, round_bids, points in (
        (["C9", "Cloud=C", "C10"], 0, "10 beats 9 3/4: seat 0", [1, 0, 0], [30, 20, 20]),
        (["C9", "Cloud=C", "C8"], 2, "9 3/4 beats 9: seat 2", [0, 0, 1], [20, 20, 30]),
        (
            ["C13", "Cloud=H", "H9"],
            2,
            "declared trump, 9 3/4 beats the trump 9",
            [0, 0, 1],
            [20, 20, 30],
        ),
        (
            ["C13", "Cloud=H", "H10"],
            0,
            "declared trump, it loses to the trump 10",
            [1, 0, 0],
            [30, 20, 20],
        ),
        (
            ["Cloud=D", "D9", "C13"],
            1,
            "led and declared Diamonds: 9 3/4 beats D9",
            [0, 1, 0],
            [20, 30, 20],
        ),
    ):
        yield acase(
            next(ids),
            "34.1",
            f"3 players, turned H1 (trump Hearts), every bid 0: {', '.join(specs)} from seat 1: "
            f"{why}; the winner's bid of 0 can only go up, so it becomes 1 at once (rule 34.2), "
            "and with the one trick won the winner scores 20 + 10 = 30",
            cfg(CLOUD),
            one_trick(specs, "H1"),
            cards=CLOUD,
            state={
                "round_trick_winners": [[winner]],
                "round_bids": [round_bids],
                "round_bid_changes": [[[winner, 1]]],
                "round_scores": [points],
            },
        )
    yield acase(
        next(ids),
        "34.1",
        "seat 1 leads the Cloud: it declares it (phase declare) in one of the four suits",
        cfg(CLOUD),
        one_trick(["Cloud", "C2", "C3"], "H1")[:-2],
        cards=CLOUD,
        state={
            "phase": "declare",
            "current_player": 1,
            "legal_actions": [{"type": "declare", "player": 1, "as": s} for s in "CDHS"],
        },
    )
    yield acase(
        next(ids),
        "34.1",
        "3 players, turned H1; seat 1 bids 1, the others 0; seat 1's Cloud, declared Hearts, "
        "wins over C13 and H9; its bid of 1 equals the cards dealt and can only go down: it "
        "becomes 0 at once, so the trick it won costs it 10 (-10)",
        cfg(CLOUD),
        one_trick(["Cloud=H", "C13", "H9"], "H1", values=[1, 0, 0]),
        cards=CLOUD,
        state={
            "round_bids": [[0, 0, 0]],
            "round_bid_changes": [[[1, -1]]],
            "round_scores": [[20, -10, 20]],
        },
    )

    # Rule 34.2: the winner changes their bid by one, by choice.
    yield acase(
        next(ids),
        "34.2",
        "schedule [2]: seat 1 (bid 1 of 2) wins the Cloud's trick: it changes its bid, up or "
        "down (phase change_bid), before trick 2",
        cfg(CLOUD, schedule=[2]),
        _choice_round(),
        cards=CLOUD,
        state={
            "trick_winners": [1],
            "phase": "change_bid",
            "current_player": 1,
            "legal_actions": [change_bid(1, -1), change_bid(1, 1)],
        },
    )
    for by, after in ((1, 2), (-1, 0)):
        yield acase(
            next(ids),
            "34.2",
            f"schedule [2]: seat 1 changes its bid of 1 by {by}: its bid is {after}, the change "
            "is public (bid_changes, and every seat's view shows the bid), and seat 1, the "
            "winner, leads trick 2",
            cfg(CLOUD, schedule=[2]),
            [*_choice_round(), change_bid(1, by)],
            cards=CLOUD,
            state={
                "bids": [0, after, 0],
                "bid_changes": [[1, by]],
                "phase": "play",
                "current_player": 1,
                "views": [
                    {
                        "hands": [
                            hand if s == seat else None
                            for s, hand in enumerate((["H7"], ["C4"], ["D6"]))
                        ],
                        "bids": [0, after, 0],
                        "unseen_bids": [],
                        "round_bids": [],
                    }
                    for seat in range(3)
                ],
            },
        )
    for first, after, by in ((0, 1, 1), (2, 1, -1)):
        yield acase(
            next(ids),
            "34.2",
            f"schedule [2]: seat 1 bid {first} and wins the Cloud's trick: a bid of "
            f"{'0 can only go up' if first == 0 else '2, the cards dealt, can only go down'}, "
            f"so it becomes {after} at once, no choice asked; seat 1 leads trick 2",
            cfg(CLOUD, schedule=[2]),
            _choice_round(first),
            cards=CLOUD,
            state={
                "bids": [0, after, 0],
                "bid_changes": [[1, by]],
                "phase": "play",
                "current_player": 1,
            },
        )
    yield acase(
        next(ids),
        "34.2",
        "schedule [2]: the change is by one: by 2 and by 0 are refused (bid_out_of_range), "
        "seat 2 may not change seat 1's bid (not_your_turn), a play waits (wrong_phase); "
        "then seat 1 changes by 1",
        cfg(CLOUD, schedule=[2]),
        [
            *_choice_round(),
            change_bid(1, 2),
            change_bid(1, 0),
            change_bid(2, 1),
            play(1, "C4"),
            change_bid(1, 1),
        ],
        cards=CLOUD,
        errors=[
            {"at": 8, "code": "bid_out_of_range"},
            {"at": 9, "code": "bid_out_of_range"},
            {"at": 10, "code": "not_your_turn"},
            {"at": 11, "code": "wrong_phase"},
        ],
        state={"bids": [0, 2, 0], "phase": "play"},
    )
    yield acase(
        next(ids),
        "34.2",
        "schedule [2], the whole round: seat 1 (bid 1) wins the Cloud's trick, raises its bid "
        "to 2, then leads C4: seat 2 (D6) and seat 0 (H7) hold no Club, so C4 wins; seat 1 "
        "made its changed bid of 2 (20 + 20 = 40), seats 2 and 0 made 0 (20); the round's "
        "bids are the changed ones",
        cfg(CLOUD, schedule=[2]),
        [*_choice_round(), change_bid(1, 1), *plays(3, 1, ["C4", "D6", "H7"])],
        cards=CLOUD,
        state={
            "round_bids": [[0, 2, 0]],
            "round_bid_changes": [[[1, 1]]],
            "round_trick_winners": [[1, 1]],
            "round_scores": [[20, 40, 20]],
        },
    )

    # Rule 34.4: in a Bomb's trick the Cloud changes no bid.
    yield acase(
        next(ids),
        "34.4",
        "3 players, turned H1, every bid 0: the Cloud (Clubs), the Bomb, C2: nobody wins the "
        "trick, so no bid changes; every bid of 0 is made (20)",
        cfg(["bomb", "cloud"]),
        one_trick(["Cloud=C", "Bomb", "C2"], "H1"),
        cards=["bomb", "cloud"],
        state={
            "round_trick_winners": [[None]],
            "round_bids": [[0, 0, 0]],
            "round_bid_changes": [[]],
            "round_scores": [[20, 20, 20]],
        },
    )
    yield acase(
        next(ids),
        "34.4",
        "schedule [2]: seat 1 (bid 1) plays the Cloud (Clubs), seat 2 the Bomb, seat 0 C3: no "
        "winner, no change asked; seat 1, whose Cloud would have won, leads trick 2",
        cfg(["bomb", "cloud"], schedule=[2]),
        [
            fill(3, 2, {1: "Cloud C4", 2: "Bomb D6", 0: "C3 H7"}, "S13"),
            *bids(3, 0, [1, 0, 0]),
            *plays(3, 1, ["Cloud=C", "Bomb", "C3"]),
        ],
        cards=["bomb", "cloud"],
        state={"bids": [0, 1, 0], "bid_changes": [], "phase": "play", "current_player": 1},
    )
