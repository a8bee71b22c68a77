"""The ``bomb`` area: the Bomb (rules 31.1 to 31.4).

Round 1 of three players, dealer 0 (seat 1 leads, play goes 1, 2, 0), or a
listed schedule of one round of 2 or 3 cards where a later trick must show.
Who leads after a Bomb when the Dragon and the Fairy are both in its trick is
a reading (``bomb_leader``): those cases are in the ``readings`` area; the
cases here lead the same under both readings.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, one_trick, plays
from .common import Json, area, fill, play

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("bomb", "The Bomb (rules 31.1 to 31.4).")
def bomb_area() -> Iterator[Json]:
    ids = (f"bomb.{n:03d}" for n in count(1))

    # Rule 31.1: nobody wins the Bomb's trick.
    for specs, deck, why in (
        (["Bomb", "W1", "H13"], ["bomb"], "a led Bomb: not the Wizard, not the trump"),
        (["W1", "Bomb", "C5"], ["bomb"], "the Bomb after a Wizard: the Wizard does not win"),
        (
            ["Dragon", "Fairy", "Bomb"],
            ["dragon", "fairy", "bomb"],
            "the Bomb with the Dragon and the Fairy: neither wins",
        ),
    ):
        yield acase(
            next(ids),
            "31.1",
            f"3 players, turned H2 (trump Hearts): {', '.join(specs)}: {why}; the trick counts "
            "for no one (winner null) and every bid of 0 is made (20 each)",
            cfg(deck),
            one_trick(specs, "H2"),
            cards=[name for name in deck if name.capitalize() in specs],
            state={"round_trick_winners": [[None]], "round_scores": [[20, 20, 20]]},
        )
    yield acase(
        next(ids),
        "31.1",
        "3 players, turned H2: W1 (seat 1), then the Bomb (seat 2): while the Bomb is in the "
        "trick nobody is winning it (trick_winner null)",
        cfg(["bomb"]),
        one_trick(["W1", "Bomb", "C5"], "H2")[:-1],
        cards=["bomb"],
        state={"trick": ["W1", "Bomb"], "trick_winner": None},
    )
    yield acase(
        next(ids),
        "31.1",
        "schedule [2], turned S13: trick 1 is the Bomb (seat 1), W1 (seat 2), C5 (seat 0): "
        "its winner is null, no seat has a trick, and W1's seat, which would have won it, "
        "leads trick 2 (rule 31.3)",
        cfg(["bomb"], schedule=[2]),
        [
            fill(3, 2, {1: "Bomb C4", 2: "W1 D6", 0: "C5 H7"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Bomb", "W1", "C5"]),
        ],
        cards=["bomb"],
        state={
            "tricks": [{"leader": 1, "cards": ["Bomb", "W1", "C5"], "winner": None}],
            "trick_winners": [None],
            "tricks_won": [0, 0, 0],
            "leader": 2,
            "current_player": 2,
            "phase": "play",
        },
    )

    # Rule 31.2: fewer tricks won than dealt; scoring unchanged.
    yield acase(
        next(ids),
        "31.2",
        "3 players, turned H2; seat 1 bids 1 and leads W1, seat 2 plays the Bomb: seat 1 "
        "takes no trick and fails by one (-10); seats 2 and 0 make 0 (20): no trick was "
        "won in a round of one",
        cfg(["bomb"]),
        one_trick(["W1", "Bomb", "C5"], "H2", values=[1, 0, 0]),
        cards=["bomb"],
        state={"round_scores": [[20, -10, 20]], "round_trick_winners": [[None]]},
    )
    three = [
        fill(3, 3, {1: "W1 C5 Bomb", 2: "C9 D3 H4", 0: "C2 D5 H6"}, "S1"),
    ]
    tricks = [
        *plays(3, 1, ["W1", "C9", "C2"]),
        *plays(3, 1, ["C5", "D3", "D5"]),
        *plays(3, 1, ["Bomb", "H4", "H6"]),
    ]
    for first, points, verdict in (
        (2, 40, "makes it: 20 + 2 x 10 = 40"),
        (3, -10, "fails by one: -10"),
    ):
        yield acase(
            next(ids),
            "31.2",
            f"schedule [3], turned S1 (trump Spades, which nobody holds); seat 1 bids {first}, "
            "seats 2 and 0 bid 0. Trick 1: W1, C9, C2: seat 1. Trick 2: C5, D3, D5 (seats 2 "
            "and 0 hold no Club): C5, seat 1. Trick 3: the Bomb, H4, H6: nobody. Two tricks "
            f"won of the three dealt; seat 1 won 2 and {verdict}; seats 2 and 0 make 0 (20)",
            cfg(["bomb"], schedule=[3]),
            [*three, *bids(3, 0, [first, 0, 0]), *tricks],
            cards=["bomb"],
            state={
                "phase": "game_over",
                "round_trick_winners": [[1, 1, None]],
                "round_scores": [[20, points, 20]],
                "scores": [20, points, 20],
            },
        )

    # Rule 31.3: the next trick is led by whoever would have won without the Bomb.
    for hands, specs, turned, leader, why in (
        (
            {1: "Bomb C4", 2: "C5 D6", 0: "C9 H7"},
            ["Bomb", "C5", "C9"],
            "S13",
            0,
            "without the Bomb, C9 beats C5 (Clubs led): seat 0",
        ),
        (
            {1: "C5 C4", 2: "H2 D6", 0: "Bomb H7"},
            ["C5", "H2", "Bomb"],
            "H13",
            2,
            "without the Bomb, H2 (trump; seat 2 holds no Club) wins: seat 2",
        ),
        (
            {1: "Bomb C4", 2: "J1 D6", 0: "J2 H7"},
            ["Bomb", "J1", "J2"],
            "S13",
            2,
            "without the Bomb, only Jesters: the first, seat 2's",
        ),
    ):
        yield acase(
            next(ids),
            "31.3",
            f"schedule [2], turned {turned}: trick 1 is {', '.join(specs)} (from seat 1): "
            f"nobody wins it; {why}, leads trick 2",
            cfg(["bomb"], schedule=[2]),
            [fill(3, 2, hands, turned), *bids(3, 0, [0, 0, 0]), *plays(3, 1, specs)],
            cards=["bomb"],
            state={
                "trick_winners": [None],
                "leader": leader,
                "current_player": leader,
                "phase": "play",
            },
        )

    # Rule 31.4: a led Bomb decides no suit.
    yield acase(
        next(ids),
        "31.4",
        "schedule [2], turned S13: seat 1 leads the Bomb, seat 2 plays C5: the next suit card "
        "after the Bomb sets the led suit, Clubs, so seat 0 (C9, H6) must follow with C9",
        cfg(["bomb"], schedule=[2]),
        [
            fill(3, 2, {1: "Bomb D2", 2: "C5 D3", 0: "C9 H6"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            *plays(3, 1, ["Bomb", "C5"]),
        ],
        cards=["bomb"],
        state={"led_suit": "C", "legal_actions": [play(0, "C9")]},
    )
    yield acase(
        next(ids),
        "31.4",
        "schedule [2], turned S13: seat 1 leads the Bomb: no led suit yet, so seat 2 (C5, H3) "
        "may play either card",
        cfg(["bomb"], schedule=[2]),
        [
            fill(3, 2, {1: "Bomb D2", 2: "C5 H3", 0: "C9 H6"}, "S13"),
            *bids(3, 0, [0, 0, 0]),
            play(1, "Bomb"),
        ],
        cards=["bomb"],
        state={"led_suit": None, "legal_actions": [play(2, "C5"), play(2, "H3")]},
    )
