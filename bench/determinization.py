"""The cost of a determinization: cold and warm calls, by player count and voids.

Run it from the top of the repository::

    python bench/determinization.py            # the full run (a few minutes)
    python bench/determinization.py --quick    # about a minute

The views are those of random games (seeded, so every run times the same
views): at every card play of the last rounds of each game (the rounds with
the most hidden cards and the most voids), every seat's
:func:`~wizard_rules.player_view`.  Each view is timed twice with
``time.thread_time`` (the CPU time of this thread: on a shared machine the
time the other programs take is not counted; ``--wall`` times with
``time.perf_counter`` instead):

* *cold*: the caches of the counting cleared first, so the call pays for
  counting the placements of its pattern of voids (what the first call for a
  new pattern pays, as in a search that meets a new void);
* *warm*: the same view again at once (the counts cached: what every other
  call of a search on the same view pays).

The garbage collector is paused while the views are timed, and run between
every 500 views, so that its occasional pauses (a few milliseconds, whatever
was called) are not charged to one call.

The views are grouped by player count and by how many other seats have a
revealed void (the *constrained* seats: 0 is the common case, one shuffle).
For each group: the number of views, the median, the 99th percentile and the
largest cold and warm times (the largest of a group of cheap calls is mostly
the machine's noise: a pause of the collector or of the scheduler).  The
worst view of all is printed as a position too, so that it can be timed
again on its own, and so is the group of the case issue 21 reported (5
players, round 12, three seats with voids).

The last line printed is one JSON object with the groups' figures and the
worst cold call.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator

from wizard_rules import Config, Phase, PlayerView, apply, new_game, player_view, random_action
from wizard_rules.agents import determinization as det
from wizard_rules.core.position import position_of


def _clear_caches() -> None:
    for name in ("_choices", "_completions"):
        cached = getattr(det, name, None)
        if cached is not None:
            cached.cache_clear()


def _views(players: int, games: int, last_rounds: int) -> Iterator[PlayerView]:
    """Every seat's view at every card play of the last ``last_rounds`` rounds of each game."""
    config = Config(players=players)
    first = config.rounds - last_rounds + 1
    for seed in range(games):
        state, rng = new_game(config), random.Random(f"bench:{players}:{seed}")
        while not state.is_over:
            if state.round >= first and state.phase is Phase.PLAY:
                for seat in range(players):
                    yield player_view(state, seat)
            state = apply(state, random_action(state, rng))


def _constrained(view: PlayerView) -> int:
    found = det.voids(view)
    return sum(
        1 for s in range(view.config.players) if s != view.seat and view.hand_sizes[s] and found[s]
    )


_CLOCK = time.thread_time


def _time(view: PlayerView, cold: bool) -> float:
    if cold:
        _clear_caches()
    rng = random.Random(1)
    started = _CLOCK()
    det.determinize(view, rng)
    return _CLOCK() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--wall", action="store_true", help="wall time, not CPU time")
    args = parser.parse_args()
    global _CLOCK
    if args.wall:
        _CLOCK = time.perf_counter
    games = 3 if args.quick else 12
    groups: dict[tuple[int, str], list[tuple[float, float]]] = {}
    worst: tuple[float, PlayerView] | None = None
    gc.disable()
    for players in (3, 4, 5, 6):
        for number, view in enumerate(_views(players, games, last_rounds=4)):
            if number % 500 == 0:
                gc.collect()
            cold = _time(view, cold=True)
            warm = _time(view, cold=False)
            constrained = _constrained(view)
            label = "4+" if constrained >= 4 else str(constrained)
            groups.setdefault((players, label), []).append((cold, warm))
            if players == 5 and view.round == 12 and constrained == 3:
                groups.setdefault((5, "3, round 12"), []).append((cold, warm))
            if worst is None or cold > worst[0]:
                worst = (cold, view)
    gc.enable()
    assert worst is not None

    clock = "wall time" if args.wall else "CPU time"
    print(
        f"python {platform.python_version()}, {games} games a player count, last 4 rounds, {clock}"
    )
    print(
        f"{'players':>7} {'voids':>11} {'views':>6}  {'cold: median':>12} {'p99':>7} {'max':>7}"
        f"  {'warm: median':>12} {'p99':>7} {'max':>7}   (ms)"
    )
    figures = []
    for (players, label), times in sorted(groups.items()):
        row: dict[str, object] = {"players": players, "constrained": label, "views": len(times)}
        cells = []
        for kind, values in (("cold", [c for c, _ in times]), ("warm", [w for _, w in times])):
            ms = sorted(v * 1e3 for v in values)
            p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
            for name, value in (("median", statistics.median(ms)), ("p99", p99), ("max", ms[-1])):
                row[f"{kind}_{name}_ms"] = round(value, 3)
                cells.append(value)
        figures.append(row)
        print(
            f"{players:>7} {label:>11} {len(times):>6}  {cells[0]:>12.3f} {cells[1]:>7.2f} "
            f"{cells[2]:>7.2f}  {cells[3]:>12.3f} {cells[4]:>7.2f} {cells[5]:>7.2f}"
        )
    print(f"worst cold call: {worst[0] * 1e3:.2f} ms, {position_of(worst[1]).to_text()}")
    summary = {
        "python": platform.python_version(),
        "games": games,
        "clock": clock,
        "groups": figures,
        "worst_cold_ms": round(worst[0] * 1e3, 3),
    }
    json.dump(summary, sys.stdout)
    print()


if __name__ == "__main__":
    main()
