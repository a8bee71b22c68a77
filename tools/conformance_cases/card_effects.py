"""The ``card-effects`` area: the effects after a trick (rules 40.1 and 40.3; their order
when a Juggler and a Cloud meet, rule 40.2, is the reading group ``effect_order`` of the
``readings`` area).

Schedule [2], turned S13 (trump Spades): seat 1 holds the Juggler and C4, seat
2 the Witch and D6, seat 0 C2 and H7; every bid 0.  Trick 1: the Juggler
(declared Clubs, 7 1/2), the Witch (a Jester), C2: the Juggler wins (seat 1).
Two effects are due: the Juggler's pass, then the Witch's swap (the Witch is
last under both readings of ``effect_order``); then the winner leads.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, pass_card, plays, witch_swap
from .common import Json, area, fill

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

DECK = ["juggler", "witch"]
CARDS = ["juggler", "witch"]


def _trick(readings: dict[str, str] | None = None) -> tuple[Json, list[Json]]:
    config = cfg(DECK, schedule=[2], readings=readings)
    return config, [
        fill(3, 2, {1: "Juggler C4", 2: "Witch D6", 0: "C2 H7"}, "S13"),
        *bids(3, 0, [0, 0, 0]),
        *plays(3, 1, ["Juggler=C", "Witch", "C2"]),
    ]


PASSES = [pass_card(1, "C4"), pass_card(2, "D6"), pass_card(0, "H7")]


@area("card-effects", "The effects after a trick (rules 40.1 and 40.3).")
def card_effects_area() -> Iterator[Json]:
    ids = (f"card-effects.{n:03d}" for n in count(1))
    config, trick = _trick()

    yield acase(
        next(ids),
        "40.1",
        "trick 1 holds a Juggler and a Witch: each gives its effect; the Juggler's pass "
        "comes first, seat 1 (the Juggler's player) passing first",
        config,
        trick,
        cards=CARDS,
        state={"trick_winners": [1], "phase": "pass", "current_player": 1},
    )
    yield acase(
        next(ids),
        "40.1",
        "after the pass (seat 2 gets C4, seat 0 D6, seat 1 H7) the Witch's swap: seat 2 may "
        "keep its hand or give C4 for the Juggler or for C2, not for the Witch",
        config,
        [*trick, *PASSES],
        cards=CARDS,
        state={
            "hands": [["D6"], ["H7"], ["C4"]],
            "phase": "witch",
            "current_player": 2,
            "legal_actions": [
                witch_swap(2, None, None),
                witch_swap(2, "C4", "Juggler"),
                witch_swap(2, "C4", "C2"),
            ],
        },
    )
    yield acase(
        next(ids),
        "40.3",
        "seat 2 gives C4 for the Juggler, which it now holds; every effect done, the trick's "
        "winner, seat 1, leads trick 2",
        config,
        [*trick, *PASSES, witch_swap(2, "C4", "Juggler")],
        cards=CARDS,
        state={
            "hands": [["D6"], ["H7"], ["Juggler"]],
            "phase": "play",
            "current_player": 1,
            "leader": 1,
        },
    )
    yield acase(
        next(ids),
        "40.3",
        "the whole round: after the swap seat 1 leads H7, seat 2 plays the Juggler it took "
        "and declares it Hearts (7 1/2 over H7), seat 0 plays D6: the Juggler wins (seat 2); "
        "it was the last trick, so no pass; seat 1 and seat 2 took one trick each on bids of "
        "0 (-10 each), seat 0 none (20)",
        config,
        [*trick, *PASSES, witch_swap(2, "C4", "Juggler"), *plays(3, 1, ["H7", "Juggler=H", "D6"])],
        cards=CARDS,
        state={
            "round_trick_winners": [[1, 2]],
            "round_scores": [[20, -10, -10]],
            "phase": "game_over",
        },
    )
    config, trick = _trick({"effect_order": "cloud_juggler_witch"})
    yield acase(
        next(ids),
        "40.2",
        "reading effect_order=cloud_juggler_witch: with no Cloud in the trick the order is the "
        "same: the Juggler's pass first, the Witch's swap last",
        config,
        [*trick, *PASSES],
        cards=CARDS,
        state={"phase": "witch", "current_player": 2},
    )
