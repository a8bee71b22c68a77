"""The ``views`` area: what each seat sees in the base game (rules 13.1 and 13.2).

The cases observe ``views``, each seat's view, in positions of the bidding
and the play: a seat sees its own hand and every bid made (rule 13.1).
Rule 13.2's cases come in pairs of games that differ only in cards a seat
may not see (the others' hands): the seat's view, its legal actions and the
refusal of an action it sends out of turn are expected the same in both.
The expected views are written by the functions of ``hiding`` from the
rules' sentences.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .common import Json, area, bid, case, deal, play
from .common import case_at as at
from .hiding import bid_list, bid_phase, hand_lists, hands, open_views, own_hand_only, view

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("views", "What each seat sees (rules 13.1 and 13.2).")
def views_area() -> Iterator[Json]:
    ids = (f"views.{n:03d}" for n in count(1))

    # Rule 13.1: its own hand, and every bid as it is made.
    for players, rnd, dealer, bids_made in (
        (3, 2, 1, "-,-,1"),
        (4, 3, 2, "1,0,-,2"),
        (5, 2, 4, "1,0,2,0,-"),
        (6, 1, 3, "0,1,0,-,1,1"),
    ):
        held = hand_lists(hands(players, rnd))
        yield at(
            next(ids),
            "13.1",
            f"{players} players, round {rnd}, bids {bids_made}: each seat sees its own hand, "
            "no other, and every bid made",
            bid_phase(players, rnd, dealer, bids_made, options=""),
            [],
            state={"views": open_views(held, bid_list(bids_made))},
        )
    yield case(
        next(ids),
        "13.1",
        "3 players, round 1: after the deal each seat sees its own card; after seat 1's bid "
        "of 0 every seat sees it",
        {"players": 3, "first_dealer": 0, "forbid_bid_total_match": False},
        [deal(["H5", "C9", "W1"], "S3"), bid(1, 0)],
        state={"views": open_views([["H5"], ["C9"], ["W1"]], [None, 0, None])},
    )
    yield at(
        next(ids),
        "13.1",
        "3 players, round 2, in the first trick (seat 2 led C6): each seat sees its own "
        "cards; the played card is in no hand",
        "players=3 round=2 dealer=1 scores=20,-10,30 hands=C1,C2/C3,C4/C5 turned=H13 "
        "bids=1,1,1 trick=C6",
        [],
        state={"views": open_views([["C1", "C2"], ["C3", "C4"], ["C5"]], [1, 1, 1])},
    )
    yield at(
        next(ids),
        "13.1",
        "3 players, round 1, bids 1,0,1: after the trick (C9, W1, H5) every seat's result of "
        "round 1 shows the bids 1,0,1",
        "players=3 hands=H5/C9/W1 turned=S3 bids=1,0,1",
        [play(1, "C9"), play(2, "W1"), play(0, "H5")],
        state={
            "views": [view([[], [], []], [None, None, None], (), [[1, 0, 1]]) for _ in range(3)]
        },
    )

    # Rule 13.2: two games that differ only in the others' hands.
    for name, others in (("one game", "C3,C4/C5,C6"), ("another", "S9,W2/H1,J3")):
        text = (
            f"players=3 round=2 dealer=1 scores=20,20,20 hands=C1,C2/{others} turned=H13 "
            "bids=-,-,1"
        )
        held = hand_lists(f"C1,C2/{others}")
        yield at(
            next(ids),
            "13.2",
            f"3 players, round 2, seat 0 holds C1,C2; the others hold {others} ({name}): "
            "seat 0's view and its bids are the same",
            text,
            [],
            state={
                "views": [view(own_hand_only(held, s), [None, None, 1]) for s in range(3)],
                "legal_actions": [bid(0, n) for n in range(3)],
            },
        )
    for name, others in (("one game", "C3,C4/C5,C6"), ("another", "S9,W2/H1,J3")):
        text = (
            f"players=3 round=2 dealer=1 scores=20,20,20 hands=C1,C2/{others} turned=H13 "
            "bids=1,1,1"
        )
        yield at(
            next(ids),
            "13.2",
            f"3 players, round 2, play: seat 2 is to lead; seat 1 (holding {others.split('/')[0]}, "
            f"{name}) plays C3 and then S9 out of turn: not_your_turn both times, whatever it holds",
            text,
            [play(1, "C3"), play(1, "S9")],
            errors=[{"at": 0, "code": "not_your_turn"}, {"at": 1, "code": "not_your_turn"}],
            state={"current_player": 2},
        )
