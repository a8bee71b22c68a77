"""The ``end`` area: the end of the game, and ties (rules 10.1 and 10.2)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    Json,
    area,
    bid,
    case,
    config,
    fill,
    play,
    pos,
    pos_after,
    recorded_game,
    refused,
)

# Ids of this area that are retired: never used again.
# Retired in suite 2.1.0 (issue 21): end.001 to end.011 replayed whole games
# from the first deal (end.009 a round whose bids add up to it), so that a
# house rule on who leads, or on the bid-total rule, failed them too.
# end.012 to end.022 make the same checks from the position before the last
# card of the same games (and of a round with other bids).
RETIRED: list[str] = [f"end.{n:03d}" for n in range(1, 12)]


def _last_card(players: int, seed: int) -> tuple[Json, Json, list[Json], Json]:
    """A recorded game: its config, the position before its last card, that
    card, and the observations at the end."""
    cfg = config(players)
    final, actions = recorded_game(cfg, seed)
    # The last round's bids do not add up to it: an implementation that
    # always plays the bid-total rule reaches this position too.
    assert sum(final.results[-1].bids) != final.round
    return (
        cfg,
        pos_after(cfg, actions[:-1]),
        actions[-1:],
        {
            "scores": list(final.scores),
            "winners": list(final.winners),
        },
    )


@area("end", "The end of the game, and ties (rules 10.1 and 10.2).")
def end_area() -> Iterator[Json]:
    # Seeds whose random games end in a tie for the highest total.
    ties = [(3, 62), (4, 7), (5, 5), (6, 2)]
    number = 12
    for players, seed in ties:
        cfg, start, last, observed = _last_card(players, seed)
        assert len(observed["winners"]) > 1
        yield case(
            f"end.{number:03d}",
            "10.2",
            f"{players} players: a tie for the highest total is shared",
            cfg,
            last,
            state=observed,
            start=start,
        )
        number += 1
    for players, seed in ((3, 5), (6, 9)):
        cfg, start, last, observed = _last_card(players, seed)
        assert len(observed["winners"]) == 1
        yield case(
            f"end.{number:03d}",
            "10.2",
            f"{players} players: one winner with the highest total",
            cfg,
            last,
            state=observed,
            start=start,
        )
        number += 1
        yield case(
            f"end.{number:03d}",
            "10.1",
            f"{players} players: after the last round the game is over and nobody acts",
            cfg,
            last,
            state={"phase": "game_over", "current_player": None, "legal_actions": []},
            start=start,
        )
        number += 1
    yield case(
        "end.020",
        "10.2",
        "before the end there is no winner",
        config(3),
        [play(0, "C3")],
        state={"winners": [], "phase": "deal", "round": 2},
        start=pos("players=3 hands=C3/-/- turned=D1 bids=0,0,0 trick=W1,C2 leader=1"),
    )
    for number, (players, seed, late) in enumerate(
        ((4, 3, fill(4, 1, {}, "H2")), (5, 4, bid(0, 0))), start=21
    ):
        cfg, start, last, _ = _last_card(players, seed)
        kind = "deal" if late["type"] == "deal" else "bid"
        yield case(
            f"end.{number:03d}",
            "10.1",
            f"{players} players: after the last round a {kind} is refused with game_over",
            cfg,
            [*last, late],
            errors=refused(1, "game_over"),
            state={"phase": "game_over", "round": 60 // players, "current_player": None},
            start=start,
        )
