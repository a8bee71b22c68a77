"""The ``shapeshifter`` area: the Shapeshifter (rule 35.1).

When played, its player declares it a Wizard (``W``) or a Jester (``J``),
with every consequence of that card.  Round 1 of three players, dealer 0
(seat 1 leads, play goes 1, 2, 0), every bid 0 unless said; schedule [2]
where a led suit must show.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count

from .cards import acase, bids, cfg, declare, one_trick, plays
from .common import Json, area, fill, play, refused

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []

S = ["shapeshifter"]


@area("shapeshifter", "The Shapeshifter (rule 35.1).")
def shapeshifter_area() -> Iterator[Json]:
    ids = (f"shapeshifter.{n:03d}" for n in count(1))

    for specs, deck, winner, why in (
        (["Shapeshifter=W", "C13", "H13"], S, 1, "as a Wizard it beats the trump H13"),
        (["W1", "Shapeshifter=W", "C2"], S, 1, "two Wizards: the first, W1, wins"),
        (["Shapeshifter=W", "W1", "C2"], S, 1, "two Wizards: the first, the Shapeshifter, wins"),
        (["C5", "Shapeshifter=W", "W1"], S, 2, "the first Wizard is the Shapeshifter (seat 2)"),
        (["C5", "Shapeshifter=J", "C2"], S, 1, "as a Jester it loses: C5 wins"),
        (["Shapeshifter=J", "J1", "J2"], S, 1, "only Jesters: the first, the Shapeshifter"),
        (["J1", "Shapeshifter=J", "C2"], S, 0, "two Jesters and C2: C2 wins"),
        (
            ["Shapeshifter=W", "Dragon", "C2"],
            ["dragon", "fairy", "shapeshifter"],
            2,
            "as a Wizard it still loses to the Dragon",
        ),
    ):
        yield acase(
            next(ids),
            "35.1",
            f"3 players, turned H2 (trump Hearts): {', '.join(specs)} from seat 1 (=W: declared "
            f"a Wizard, =J: a Jester): {why}; seat {winner} wins",
            cfg(deck),
            one_trick(specs, "H2"),
            cards=[name for name in deck if name.capitalize() in " ".join(specs)],
            state={"round_trick_winners": [[winner]]},
        )
    yield acase(
        next(ids),
        "35.1",
        "3 players, turned H2; seat 1 bids 1 and plays the Shapeshifter as a Wizard, then "
        "H13 and W1: the first Wizard, seat 1's, wins; seat 1 makes 1 (30)",
        cfg(S),
        one_trick(["Shapeshifter=W", "H13", "W1"], "H2", values=[1, 0, 0]),
        cards=S,
        state={"round_scores": [[20, 30, 20]]},
    )
    yield acase(
        next(ids),
        "35.1",
        "seat 1 plays the Shapeshifter: it declares it a Wizard or a Jester, and nothing else "
        "(phase declare)",
        cfg(S),
        one_trick(["Shapeshifter", "C2", "C3"], "H2")[:-2],
        cards=S,
        state={
            "phase": "declare",
            "current_player": 1,
            "legal_actions": [declare(1, "W"), declare(1, "J")],
        },
    )
    yield acase(
        next(ids),
        "35.1",
        "a Shapeshifter declared a suit (H) is refused (invalid_declaration); declared a "
        "Jester, the trick goes on with seat 2",
        cfg(S),
        [*one_trick(["Shapeshifter", "C2", "C3"], "H2")[:-2], declare(1, "H"), declare(1, "J")],
        cards=S,
        errors=refused(5, "invalid_declaration"),
        state={"phase": "play", "current_player": 2, "declared": ["J"]},
    )
    for said, legal, why in (
        ("J", ["C2"], "as a Jester it decides no suit, so C5 leads Clubs: seat 0 must follow"),
        ("W", ["C2", "H9"], "as a Wizard it means no led suit: seat 0 may play either"),
    ):
        yield acase(
            next(ids),
            "35.1",
            f"schedule [2], turned S13: seat 1 leads the Shapeshifter declared {said}, seat 2 "
            f"plays C5; seat 0 holds C2 and H9: {why}",
            cfg(S, schedule=[2]),
            [
                fill(3, 2, {1: "Shapeshifter D2", 2: "C5 D3", 0: "C2 H9"}, "S13"),
                *bids(3, 0, [0, 0, 0]),
                *plays(3, 1, [f"Shapeshifter={said}", "C5"]),
            ],
            cards=S,
            state={
                "led_suit": "C" if said == "J" else None,
                "legal_actions": [play(0, card) for card in legal],
            },
        )
