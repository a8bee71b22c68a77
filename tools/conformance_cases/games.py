"""The ``games`` area: complete games, round by round (golden playthroughs)."""

from __future__ import annotations

from collections.abc import Iterator

from wizard_rules import Config, Phase, action_from_dict, apply, new_game
from wizard_rules.core.position import position_of
from wizard_rules.formats.records import position_to_dict

from .common import (
    Json,
    area,
    case,
    config,
    recorded_game,
)

# Ids of this area that are retired: never used again.
# Retired in suite 2.1.0 (issue 21): games.001 to games.016 replayed whole
# games from the first deal, so that any house rule (on who leads round 2,
# say) failed every one.  Since then each round of a game is a case of its
# own, from the position after that round's bids: a case sees its round's
# tricks, scores and the totals, and nothing of how the round was reached.
RETIRED: list[str] = [f"games.{n:03d}" for n in range(1, 17)]


def _matches(cfg: Json, seed: int) -> bool:
    """Whether some round of the recorded game has bids that add up to it."""
    final, _ = recorded_game(cfg, seed)
    return any(sum(result.bids) == result.round for result in final.results)


def _seed(cfg: Json) -> int:
    """The first seed from 1000 * players + 1 whose game has no round whose
    bids add up to it: with the option those are all, without it the game
    is also one an implementation that always plays the bid-total rule can
    play (its positions after the bids are positions it can reach)."""
    seed = 1000 * cfg["players"] + 1
    while _matches(cfg, seed):
        seed += 1
    return seed


def _rounds(cfg: Json, seed: int) -> Iterator[tuple[int, Json, list[Json], Json]]:
    """Each round of a recorded game: its number, the position after its
    bids, its plays, and what is observed at its end."""
    final, actions = recorded_game(cfg, seed)
    state = new_game(Config(**cfg))
    start: Json = {}
    plays: list[Json] = []
    totals = [0] * cfg["players"]
    for action in actions:
        before = state.phase
        state = apply(state, action_from_dict(action))
        if before is Phase.BID and state.phase is Phase.PLAY:
            start, plays = position_to_dict(position_of(state)), []
        elif action["type"] == "play":
            plays.append(action)
            if state.phase in (Phase.DEAL, Phase.GAME_OVER):
                result = final.results[len(state.results) - 1]
                totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
                yield (
                    result.round,
                    start,
                    plays,
                    {
                        "round_bids": [list(result.bids)],
                        "round_trick_winners": [[t.winner for t in result.tricks]],
                        "round_scores": [list(result.scores)],
                        "scores": totals,
                        "winners": list(final.winners) if state.is_over else [],
                        "phase": state.phase.value,
                    },
                )


@area("games", "Complete games, round by round, each from the position after its bids.")
def games_area() -> Iterator[Json]:
    number = 17
    for players in (3, 4, 5, 6):
        for option in (False, True):
            cfg = config(players, 1, option)
            seed = _seed(cfg)
            for round_number, start, plays, observed in _rounds(cfg, seed):
                last = round_number == 60 // players
                yield case(
                    f"games.{number:03d}",
                    "9.3",
                    f"{players} players, option {'on' if option else 'off'}, the game of seed {seed}, "
                    f"round {round_number}: its tricks, its scores and the totals"
                    + (", and the winners" if last else ""),
                    cfg,
                    plays,
                    state=observed,
                    start=start,
                )
                number += 1
