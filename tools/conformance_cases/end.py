"""The ``end`` area: the end of the game, and ties (rules 10.1 and 10.2)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bid,
    bids_in_order,
    case,
    config,
    fill,
    recorded_game,
    refused,
    scoring_round1,
    scoring_round1_plays,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("end", "The end of the game, and ties (rules 10.1 and 10.2).")
def end_area() -> Iterator[Json]:
    # Seeds whose random games end in a tie for the highest total.
    ties = [(3, 62), (4, 7), (5, 5), (6, 2)]
    number = 1
    for players, seed in ties:
        cfg = config(players)
        final, actions = recorded_game(cfg, seed)
        assert len(final.winners) > 1
        yield case(
            f"end.{number:03d}",
            "10.2",
            f"{players} players: a tie for the highest total is shared",
            cfg,
            actions,
            state={"scores": list(final.scores), "winners": list(final.winners)},
        )
        number += 1
    for players, seed in ((3, 5), (6, 9)):
        cfg = config(players)
        final, actions = recorded_game(cfg, seed)
        assert len(final.winners) == 1
        yield case(
            f"end.{number:03d}",
            "10.2",
            f"{players} players: one winner with the highest total",
            cfg,
            actions,
            state={"scores": list(final.scores), "winners": list(final.winners)},
        )
        number += 1
        yield case(
            f"end.{number:03d}",
            "10.1",
            f"{players} players: after the last round the game is over and nobody acts",
            cfg,
            actions,
            state={"phase": "game_over", "current_player": None, "legal_actions": []},
        )
        number += 1
    yield case(
        "end.009",
        "10.2",
        "before the end there is no winner",
        config(3),
        [*scoring_round1(), *bids_in_order(3, 0, [1, 0, 0]), *scoring_round1_plays()],
        state={"winners": [], "phase": "deal", "round": 2},
    )
    for number, (players, seed, late) in enumerate(
        ((4, 3, fill(4, 1, {}, "H2")), (5, 4, bid(0, 0))), start=10
    ):
        cfg = config(players)
        final, actions = recorded_game(cfg, seed)
        kind = "deal" if late["type"] == "deal" else "bid"
        yield case(
            f"end.{number:03d}",
            "10.1",
            f"{players} players: after the last round a {kind} is refused with game_over",
            cfg,
            [*actions, late],
            errors=refused(len(actions), "game_over"),
            state={"phase": "game_over", "round": 60 // players, "current_player": None},
        )
