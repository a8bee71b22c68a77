"""The ``card-secrets`` area: what each seat is given (rules 41.1 to 41.3, and 33.3, 36.3).

``views`` keeps its shape in a game with the cards (each seat's own hand,
the bids, no unseen bids, the finished rounds' bids); ``card_views`` holds
what each seat is given of the cards' secrets: the card it put aside during
a pass, each pass as ``[GIVEN, RECEIVED]`` for that seat alone, and each
Witch's swap with the card she gave shown to her player only.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

from .cards import ALL_CARDS, acase, bids, cfg, pass_card, plays, werewolf, witch_swap
from .common import Json, area, deal, fill

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


def _view(seat: int, hands: list[list[str]], bid_list: list[Any], rounds: list[Any]) -> Json:
    return {
        "hands": [hand if s == seat else None for s, hand in enumerate(hands)],
        "bids": bid_list,
        "unseen_bids": [],
        "round_bids": rounds,
    }


def _card_view(
    passing: str | None = None, passes: list[Any] | None = None, swaps: list[Any] | None = None
) -> Json:
    return {"passing": passing, "passes": passes or [], "witch_swaps": swaps or []}


def _pass_round(held: str = "C4") -> list[Json]:
    """Schedule [2], turned S13: seat 1 holds the Juggler and ``held``, seat 2 C9 and D6,
    seat 0 C2 and H7; bids 0; trick 1: the Juggler (Clubs), C9, C2: C9 wins (seat 2)."""
    return [
        fill(3, 2, {1: f"Juggler {held}", 2: "C9 D6", 0: "C2 H7"}, "S13"),
        *bids(3, 0, [0, 0, 0]),
        *plays(3, 1, ["Juggler=C", "C9", "C2"]),
    ]


def _swap_round(held: str = "D4") -> list[Json]:
    """Schedule [2], turned D13: seat 1 holds the Witch and ``held``, seat 2 C5 and H6, seat
    0 C9 and S7; bids 0; trick 1: the Witch, C5, C9: C9 wins (seat 0)."""
    return [
        fill(3, 2, {1: f"Witch {held}", 2: "C5 H6", 0: "C9 S7"}, "D13"),
        *bids(3, 0, [0, 0, 0]),
        *plays(3, 1, ["Witch", "C5", "C9"]),
    ]


@area("card-secrets", "What each seat is given in a game with the cards (rules 41.1 to 41.3).")
def card_secrets_area() -> Iterator[Json]:
    ids = (f"card-secrets.{n:03d}" for n in count(1))
    hands = [["Witch"], ["Dragon"], ["Vampire"]]

    # Rule 41.1: each seat's own hand, everything public.
    yield acase(
        next(ids),
        "41.1",
        "all nine cards, round 1 dealt (seat 0 the Witch, seat 1 the Dragon, seat 2 the "
        "Vampire): each seat is given its own hand only, no bid yet, nothing unseen",
        cfg(ALL_CARDS),
        [deal(["Witch", "Dragon", "Vampire"], "C5")],
        cards=["dragon", "vampire", "witch"],
        state={"views": [_view(s, hands, [None, None, None], []) for s in range(3)]},
    )
    yield acase(
        next(ids),
        "41.1",
        "the Werewolf's swap is public: seat 2 took H5 (in view of all: the Werewolf is in the "
        "trump place); yet H5 is now in seat 2's hand, which only seat 2 is given",
        cfg(["werewolf"]),
        [deal(["C3", "C2", "Werewolf"], "H5"), werewolf(2, "S"), *bids(3, 0, [0, 1])],
        cards=["werewolf"],
        state={
            "trump_card": "Werewolf",
            "turned": "H5",
            "views": [_view(s, [["C3"], ["C2"], ["H5"]], [None, 0, 1], []) for s in range(3)],
        },
    )
    yield acase(
        next(ids),
        "41.1",
        "in a game with the cards nothing passed or swapped yet: every seat's card view is empty",
        cfg(["juggler", "witch"]),
        [deal(["C3", "Juggler", "Witch"], "H5")],
        cards=["juggler", "witch"],
        state={"card_views": [_card_view() for _ in range(3)]},
    )

    # Rule 41.2 (and 33.3): of a pass, a seat is given the card it gave and the card it got.
    yield acase(
        next(ids),
        "33.3",
        "during the pass: seat 1 has put C4 aside; only seat 1 is given it (passing), and no "
        "seat has a finished pass yet",
        cfg(["juggler"], schedule=[2]),
        [*_pass_round(), pass_card(1, "C4")],
        cards=["juggler"],
        state={"card_views": [_card_view(), _card_view("C4"), _card_view()]},
    )
    yield acase(
        next(ids),
        "33.3",
        "after the pass (seat 1 gave C4 to seat 2, seat 2 D6 to seat 0, seat 0 H7 to seat 1): "
        "each seat is given the card it gave and the card it got, no other",
        cfg(["juggler"], schedule=[2]),
        [*_pass_round(), pass_card(1, "C4"), pass_card(2, "D6"), pass_card(0, "H7")],
        cards=["juggler"],
        state={
            "card_views": [
                _card_view(passes=[["H7", "D6"]]),
                _card_view(passes=[["C4", "H7"]]),
                _card_view(passes=[["D6", "C4"]]),
            ],
            "views": [_view(s, [["D6"], ["H7"], ["C4"]], [0, 0, 0], []) for s in range(3)],
        },
    )
    yield acase(
        next(ids),
        "41.2",
        "4 players, schedule [2]: seat 2's Juggler; the pass D2 (seat 2), D3 (seat 3), D4 "
        "(seat 0), D5 (seat 1), each to the left: seat 0 is given [D4, D3] only (it gave D4 "
        "to seat 1 and got D3 from seat 3)",
        cfg(["juggler"], 4, schedule=[2]),
        [
            fill(4, 2, {1: "C5 D5", 2: "Juggler D2", 3: "C9 D3", 0: "C2 D4"}, "S13"),
            *bids(4, 0, [0, 0, 0, 0]),
            *plays(4, 1, ["C5", "Juggler=C", "C9", "C2"]),
            pass_card(2, "D2"),
            pass_card(3, "D3"),
            pass_card(0, "D4"),
            pass_card(1, "D5"),
        ],
        cards=["juggler"],
        state={
            "card_views": [
                _card_view(passes=[["D4", "D3"]]),
                _card_view(passes=[["D5", "D4"]]),
                _card_view(passes=[["D2", "D5"]]),
                _card_view(passes=[["D3", "D2"]]),
            ]
        },
    )

    # Rule 41.2 (and 36.3): of a Witch's swap, the card given only for her player.
    swap = {"player": 1, "trick": 0, "give": "D4", "take": "C9"}
    hidden = {**swap, "give": None}
    yield acase(
        next(ids),
        "36.3",
        "seat 1's Witch gives D4 for C9: every seat is given that a swap was made and the "
        "card taken (C9, which lay face up); the card given (D4, face down) only seat 1",
        cfg(["witch"], schedule=[2]),
        [*_swap_round(), witch_swap(1, "D4", "C9")],
        cards=["witch"],
        state={
            "card_views": [
                _card_view(swaps=[hidden]),
                _card_view(swaps=[swap]),
                _card_view(swaps=[hidden]),
            ]
        },
    )
    kept = {"player": 1, "trick": 0, "give": None, "take": None}
    yield acase(
        next(ids),
        "36.3",
        "seat 1's Witch keeps its hand: every seat is given the same record, no card given "
        "or taken",
        cfg(["witch"], schedule=[2]),
        [*_swap_round(), witch_swap(1, None, None)],
        cards=["witch"],
        state={"card_views": [_card_view(swaps=[kept]) for _ in range(3)]},
    )

    # Rule 41.3: what a seat is given does not depend on what it may not see.
    for held in ("C4", "S4"):
        yield acase(
            next(ids),
            "41.3",
            f"the pass with seat 1 holding {held} (two cases, C4 and S4, that differ only in "
            "the card seat 1 passes to seat 2): seat 0, which sees neither, is given the same "
            "in both, [H7, D6]",
            cfg(["juggler"], schedule=[2]),
            [*_pass_round(held), pass_card(1, held), pass_card(2, "D6"), pass_card(0, "H7")],
            cards=["juggler"],
            state={
                "card_views": [
                    _card_view(passes=[["H7", "D6"]]),
                    _card_view(passes=[[held, "H7"]]),
                    _card_view(passes=[["D6", held]]),
                ]
            },
        )
    for held in ("D4", "S4"):
        given = {"player": 1, "trick": 0, "give": held, "take": "C9"}
        yield acase(
            next(ids),
            "41.3",
            f"the Witch's swap with seat 1 giving {held} for C9 (two cases, D4 and S4, that "
            "differ only in the card given face down): seats 0 and 2 are given the same in "
            "both, the swap with the card given hidden",
            cfg(["witch"], schedule=[2]),
            [*_swap_round(held), witch_swap(1, held, "C9")],
            cards=["witch"],
            state={
                "card_views": [
                    _card_view(swaps=[hidden]),
                    _card_view(swaps=[given]),
                    _card_view(swaps=[hidden]),
                ]
            },
        )
