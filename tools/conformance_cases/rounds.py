"""The ``rounds`` area: players, the number of rounds and the cards per round (rules 2.1 to 2.3)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    FILL_ORDER,
    Json,
    area,
    case,
    config,
    fill,
    pos_after,
    refused,
    simple_prefix,
)

# Ids of this area that are retired: never used again.
# Retired in suite 2.1.0 (issue 21): rounds.015 to rounds.017 played whole
# rounds from the first deal, so that a house rule on who leads failed them
# too; rounds.018 to rounds.020 make the same checks from a position (the
# deal of round 3, the last card of round 12).
RETIRED: list[str] = ["rounds.015", "rounds.016", "rounds.017"]


@area("rounds", "Players, the number of rounds and the cards per round (rules 2.1 to 2.3).")
def rounds_area() -> Iterator[Json]:
    for number, (players, rounds) in enumerate(((3, 20), (4, 15), (5, 12), (6, 10)), start=1):
        yield case(
            f"rounds.{number:03d}",
            "2.2",
            f"{players} players play {rounds} rounds",
            config(players),
            [],
            state={"rounds": rounds, "round": 1, "phase": "deal"},
        )
    for number, players in enumerate((2, 7, 0, -3, 1), start=5):
        yield case(
            f"rounds.{number:03d}",
            "2.1",
            f"{players} players is not a game",
            config(players),
            [],
            errors=[{"at": None, "code": "invalid_config"}],
        )
    yield case(
        "rounds.010",
        "2.1",
        "the number of players must be a whole number",
        {"players": "4", "first_dealer": 0, "forbid_bid_total_match": False},
        [],
        errors=[{"at": None, "code": "invalid_config"}],
    )
    for number, (players, size) in enumerate(((3, 1), (4, 1), (5, 1), (6, 1)), start=11):
        yield case(
            f"rounds.{number:03d}",
            "2.3",
            f"round 1 of {players} players deals one card each",
            config(players),
            [fill(players, size, {}, "H13")],
            state={"hands": [[c] for c in FILL_ORDER[:players]]},
        )
    cfg = config(4)
    round3 = pos_after(cfg, simple_prefix(cfg, 2))
    yield case(
        "rounds.018",
        "2.3",
        "round 3 deals three cards each",
        cfg,
        [fill(4, 3, {}, "H13")],
        state={
            "round": 3,
            "hands": [FILL_ORDER[0:3], FILL_ORDER[3:6], FILL_ORDER[6:9], FILL_ORDER[9:12]],
        },
        start=round3,
    )
    yield case(
        "rounds.019",
        "2.3",
        "round 3 refuses a deal of two cards each",
        cfg,
        [fill(4, 2, {}, "H13")],
        errors=refused(0, "invalid_deal"),
        start=round3,
    )
    cfg = config(5)
    game = simple_prefix(cfg, 12)
    yield case(
        "rounds.020",
        "2.2",
        "after the 12th round of five players the game is over",
        cfg,
        game[-1:],
        state={"phase": "game_over", "round": 12, "current_player": None},
        start=pos_after(cfg, game[:-1]),
    )
