"""The ``games`` area: complete games, replayed action by action (golden playthroughs)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    case,
    config,
    recorded_game,
)

# Ids of this area that are retired: never used again.
RETIRED: list[str] = []


@area("games", "Complete games, replayed action by action (golden playthroughs).")
def games_area() -> Iterator[Json]:
    number = 1
    for players in (3, 4, 5, 6):
        for option in (False, True):
            for seed in (1, 2):
                cfg = config(players, seed % players, option)
                final, actions = recorded_game(cfg, 1000 * players + seed)
                yield case(
                    f"games.{number:03d}",
                    "9.3",
                    f"{players} players, option {'on' if option else 'off'}, game {seed}: "
                    "every round's scores, the totals and the winners",
                    cfg,
                    actions,
                    state={
                        "round_bids": [list(r.bids) for r in final.results],
                        "round_trick_winners": [
                            [t.winner for t in r.tricks] for r in final.results
                        ],
                        "round_scores": [list(r.scores) for r in final.results],
                        "scores": list(final.scores),
                        "winners": list(final.winners),
                        "phase": "game_over",
                    },
                )
                number += 1
