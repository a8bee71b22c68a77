"""The ``dealing`` area: who deals, and the deal passing left (rules 2.3 to 2.5)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    case,
    config,
    deal,
    pos_after,
    refused,
    simple_prefix,
)

# Ids of this area that are retired: never used again.
# Retired in suite 2.1.0 (issue 21): dealing.007 to dealing.012 played whole
# rounds from the first deal, so that a house rule on who leads failed them
# too; dealing.019 to dealing.024 start at the last card of the round
# before instead, and see the deal pass left.
RETIRED: list[str] = [f"dealing.{n:03d}" for n in range(7, 13)]


@area("dealing", "Who deals, and the deal passing left (rules 2.3 to 2.5).")
def dealing_area() -> Iterator[Json]:
    number = 1
    for players, dealer in ((3, 0), (3, 2), (4, 3), (5, 1), (6, 5), (6, 0)):
        yield case(
            f"dealing.{number:03d}",
            "2.4",
            f"{players} players, first dealer {dealer}: seat {dealer} deals round 1",
            config(players, dealer),
            [],
            state={"dealer": dealer, "current_player": None},
        )
        number += 1
    yield case(
        "dealing.013",
        "2.4",
        "the first dealer must be one of the seats",
        config(4, 4),
        [],
        errors=[{"at": None, "code": "invalid_config"}],
    )
    yield case(
        "dealing.014",
        "2.4",
        "the first dealer must not be negative",
        config(3, -1),
        [],
        errors=[{"at": None, "code": "invalid_config"}],
    )
    yield case(
        "dealing.015",
        "2.3",
        "a round-1 deal with a two-card hand is refused",
        config(3),
        [deal(["C1 C2", "C3", "C4"], "D1")],
        errors=refused(0, "invalid_deal"),
        state={"phase": "deal", "hands": [[], [], []]},
    )
    yield case(
        "dealing.016",
        "2.3",
        "a deal that gives one card to two players is refused",
        config(3),
        [deal(["C1", "C1", "C4"], "D1")],
        errors=refused(0, "invalid_deal"),
    )
    yield case(
        "dealing.017",
        "2.3",
        "a deal with an empty hand is refused",
        config(3),
        [deal(["C1", "", "C4"], "D1")],
        errors=refused(0, "invalid_deal"),
    )
    yield case(
        "dealing.018",
        "2.3",
        "the dealt cards are in the players' hands",
        config(3, 1),
        [deal(["H7", "W2", "J3"], "S4")],
        state={"hands": [["H7"], ["W2"], ["J3"]], "phase": "bid"},
    )
    for number, (players, dealer, rounds_played) in enumerate(
        ((3, 0, 1), (3, 2, 1), (4, 1, 3), (6, 5, 2), (5, 0, 11), (4, 3, 4)), start=19
    ):
        cfg = config(players, dealer)
        played = simple_prefix(cfg, rounds_played)
        yield case(
            f"dealing.{number:03d}",
            "2.5",
            f"{players} players, first dealer {dealer}: seat "
            f"{(dealer + rounds_played - 1) % players} deals round {rounds_played}, "
            f"seat {(dealer + rounds_played) % players} deals round {rounds_played + 1}",
            cfg,
            played[-1:],
            state={"round": rounds_played + 1, "dealer": (dealer + rounds_played) % players},
            start=pos_after(cfg, played[:-1]),
        )
