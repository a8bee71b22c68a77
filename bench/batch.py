"""Speed side by side, in one run: the batch engine, the scalar engine, OpenSpiel.

Run it from the top of the repository, after ``pip install -e '.[bench]'``::

    python bench/batch.py            # the full run (several minutes)
    python bench/batch.py --quick    # under two minutes

Five ways of playing uniformly random games, timed the same way:

* ``batch B``: :func:`wizard_rules.sim.batch.random_games` plays ``B`` complete
  4-player Wizard games in lockstep with numpy (B = 1, 64, 1,024, 16,384);
* ``scalar``: this library's scalar engine on its fast path, complete
  4-player games: ``legal_actions(state)`` then ``apply_legal(state, i)``,
  and ``apply(state, random_deal(state, rng))`` at each deal;
* ``openspiel python``: OpenSpiel's ``oh_hell`` (Wizard's cousin without
  Wizards and Jesters, one round a game) driven from Python:
  ``state.legal_actions()`` then ``state.apply_action(a)``, and a chance
  outcome drawn from ``state.chance_outcomes()`` at each chance node;
* ``openspiel c++``: the same games played by OpenSpiel's own C++ loop,
  ``pyspiel.evaluate_bots`` with uniform random bots.

The OpenSpiel games are ``oh_hell`` with 4 players and 52 cards, one game
for each number of tricks from 1 to 12 (a *set* of 12 games, the nearest
thing to a Wizard game of rounds 1 to 15).

How things are counted, the same for every engine:

* the time is wall time for whole games, chance steps (deals) included;
* a *decision* is a player's choice: a bid, a trump choice or a card.
  Deals and other chance steps are timed but not counted.  OpenSpiel's C++
  loop does not report its steps: an ``oh_hell`` game of ``k`` tricks has
  exactly ``4 * (k + 1)`` decisions (a bid and ``k`` cards a player), which
  the run checks against its Python-driven games;
* games per second count complete games: a 4-player Wizard game (15
  rounds: 60 bids, 480 cards and a trump choice now and then, about 541
  decisions) for ours, one
  ``oh_hell`` round for OpenSpiel's.  Decisions per second are the
  comparable figure; games per second are given for each engine's own game.

Every engine plays for about the same time in each repeat (3 s, 1 s with
``--quick``), so that each figure rests on a comparable sample.  Each figure
is the median over the repeats, the engines interleaved repeat
by repeat so that the machine's drift hits all alike.  Memory: a retained
scalar state, measured with tracemalloc over every state of several games
kept alive (``bytes_per_state``, which ``bench/playouts.py`` uses too), and
a game of the batch, its arrays' bytes.

The last line printed is one JSON object with ``batch_us_per_decision`` (at
the best batch size), ``scalar_us_per_decision``,
``openspiel_python_us_per_decision``, ``openspiel_cpp_us_per_decision``,
``batch_vs_cpp`` (C++ us / batch us), ``scalar_vs_python`` (OpenSpiel
Python us / ours), ``bytes_per_state`` and the details.  ``--plot FILE``
writes the games-per-second plot of the docs' speed page (SVG).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from wizard_rules import (
    Config,
    apply,
    apply_legal,
    legal_actions,
    new_game,
    random_deal,
)
from wizard_rules.sim.batch import new_batch, random_games

SIZES = (1, 64, 1024, 16384)
CONFIG = Config(players=4)
TRICKS = range(1, 13)  # the oh_hell games: 1 to 12 tricks


def batch_run(size: int, seconds: float, seed: int) -> tuple[float, int, int]:
    """Play batches of ``size`` games for about ``seconds``; (seconds, decisions, games)."""
    rng = np.random.default_rng(seed)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        result = random_games(CONFIG, size, rng)
        games += size
        decisions += result.decisions
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed, decisions, games


def scalar_game(rng: random.Random) -> int:
    """Play one 4-player game on the fast path; return its number of decisions.

    ``bench/instructions.py`` counts the instructions of this very loop.
    """
    decisions = 0
    state = new_game(CONFIG)
    while not state.is_over:
        actions = legal_actions(state)
        if actions:
            state = apply_legal(state, rng.randrange(len(actions)))
            decisions += 1
        else:
            state = apply(state, random_deal(state, rng))
    return decisions


def scalar_run(seconds: float, seed: int) -> tuple[float, int, int]:
    """Play 4-player games on the fast path for about ``seconds``; (seconds, decisions, games)."""
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    while not games or time.perf_counter() - start < seconds:
        games += 1
        decisions += scalar_game(rng)
    return time.perf_counter() - start, decisions, games


def openspiel_games() -> list[Any]:
    """The twelve ``oh_hell`` games: 4 players, 4 suits of 13, 1 to 12 tricks."""
    import pyspiel

    return [
        pyspiel.load_game(
            "oh_hell",
            {"players": 4, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": k},
        )
        for k in TRICKS
    ]


def openspiel_python_run(
    games: list[Any], seconds: float, seed: int, *, sets: int | None = None
) -> tuple[float, int, int]:
    """Play sets of the ``oh_hell`` games from Python for about ``seconds`` (or ``sets`` sets).

    Returns (seconds, decisions, games).
    """
    rng = random.Random(seed)
    decisions = played = done = 0
    start = time.perf_counter()
    while not done or (time.perf_counter() - start < seconds if sets is None else done < sets):
        done += 1
        for game in games:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[rng.randrange(len(actions))])
                    decisions += 1
            played += 1
    return time.perf_counter() - start, decisions, played


def openspiel_cpp_run(games: list[Any], seconds: float, seed: int) -> tuple[float, int, int]:
    """Play sets of the ``oh_hell`` games in C++ for about ``seconds``.

    Returns (seconds, decisions, games).

    The bots are made once; ``evaluate_bots`` restarts them for every game.
    """
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(4)]
    decisions = played = repeat = 0
    start = time.perf_counter()
    while not repeat or time.perf_counter() - start < seconds:
        repeat += 1
        for k, game in zip(TRICKS, games, strict=True):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + repeat)
            decisions += 4 * (k + 1)
            played += 1
    return time.perf_counter() - start, decisions, played


def check_decision_count(games: list[Any]) -> None:
    """An ``oh_hell`` game of ``k`` tricks has ``4 * (k + 1)`` decisions (counted from Python)."""
    for k, game in zip(TRICKS, games, strict=True):
        _, decisions, _ = openspiel_python_run([game], 0.0, k, sets=1)
        assert decisions == 4 * (k + 1), (k, decisions)


def bytes_per_state(games: int) -> tuple[float, int]:
    """Keep every state of ``games`` 4-player games; return (bytes per state, states).

    The same states whichever way they are made (``apply_legal`` here, or
    ``apply`` of the same legal action): ``bench/playouts.py`` uses this too.
    """
    rng = random.Random(99)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = []
    for _ in range(games):
        state = new_game(CONFIG)
        kept.append(state)
        while not state.is_over:
            actions = legal_actions(state)
            if actions:
                state = apply_legal(state, rng.randrange(len(actions)))
            else:
                state = apply(state, random_deal(state, rng))
            kept.append(state)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / len(kept), len(kept)


def median_figures(runs: list[tuple[float, int, int]]) -> dict[str, float]:
    """The median microseconds per decision and games per second of several runs."""
    return {
        "us_per_decision": statistics.median(s / d * 1e6 for s, d, _ in runs),
        "games_per_second": statistics.median(g / s for s, _, g in runs),
    }


def plot(figures: dict[str, dict[str, float]], per_game: float, path: Path) -> None:
    """Write games per second against batch size, with OpenSpiel's two lines (an SVG).

    A game is a 4-player Wizard game of ``per_game`` decisions; OpenSpiel's
    lines are its decisions per second in games of that many decisions.
    """
    width, height, left, right, top, bottom = 640, 360, 70, 20, 30, 50
    sizes = [size for size in SIZES if f"batch {size}" in figures]
    decisions = {
        name: 1e6 / value["us_per_decision"] / per_game for name, value in figures.items()
    }
    low = math.floor(math.log10(min(decisions.values())))
    high = math.ceil(math.log10(max(decisions.values())))

    def x(size: int) -> float:
        return left + (width - left - right) * math.log2(size) / math.log2(max(sizes))

    def y(value: float) -> float:
        share = (math.log10(value) - low) / (high - low)
        return height - bottom - (height - top - bottom) * share

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18">games per second (log scale) against batch size: '
        f"4-player games of {per_game:.0f} decisions, random play</text>",
    ]
    for power in range(low, high + 1):
        value = 10.0**power
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            'stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{left - 8}" y="{y(value) + 4:.1f}" text-anchor="end">1e{power}</text>'
        )
    for size in sizes:
        below = height - bottom + 18
        parts.append(f'<text x="{x(size):.1f}" y="{below}" text-anchor="middle">{size}</text>')
    parts.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">'
        "games in the batch</text>"
    )
    points = " ".join(f"{x(s):.1f},{y(decisions[f'batch {s}']):.1f}" for s in sizes)
    parts.append(f'<polyline points="{points}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    for size in sizes:
        parts.append(
            f'<circle cx="{x(size):.1f}" cy="{y(decisions[f"batch {size}"]):.1f}" r="3" '
            'fill="#1f77b4"/>'
        )
    labels = [
        ("wizard-rules batch", "#1f77b4", None),
        ("wizard-rules scalar (fast path)", "#2ca02c", "scalar"),
        ("OpenSpiel oh_hell, C++ loop", "#d62728", "openspiel c++"),
        ("OpenSpiel oh_hell, from Python", "#ff7f0e", "openspiel python"),
    ]
    for row, (label, colour, name) in enumerate(labels):
        if name is not None and name in decisions:
            level = y(decisions[name])
            parts.append(
                f'<line x1="{left}" x2="{width - right}" y1="{level:.1f}" y2="{level:.1f}" '
                f'stroke="{colour}" stroke-dasharray="6,4" stroke-width="2"/>'
            )
        parts.append(
            f'<text x="{left + 10}" y="{top + 16 + 16 * row}" fill="{colour}">{label}</text>'
        )
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n", encoding="utf-8")


def main() -> None:
    """Run the benchmark and print its report; the last line is JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (under two minutes)")
    parser.add_argument("--repeats", type=int, help="how many interleaved repeats")
    parser.add_argument("--plot", type=Path, help="write the plot of the figures (SVG)")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 5)
    seconds = 1.0 if args.quick else 3.0  # per engine (and batch size) and repeat

    games = openspiel_games()
    check_decision_count(games)
    engines: dict[str, Callable[[int], tuple[float, int, int]]] = {
        **{
            f"batch {size}": (lambda seed, size=size: batch_run(size, seconds, seed))
            for size in SIZES
        },
        "scalar": lambda seed: scalar_run(seconds, seed),
        "openspiel python": lambda seed: openspiel_python_run(games, seconds, seed),
        "openspiel c++": lambda seed: openspiel_cpp_run(games, seconds, seed),
    }
    runs: dict[str, list[tuple[float, int, int]]] = {name: [] for name in engines}
    for repeat in range(repeats):
        for name, run in engines.items():
            runs[name].append(run(repeat))
        shown = ", ".join(
            f"{name} {runs[name][-1][0] / runs[name][-1][1] * 1e6:.3f}" for name in engines
        )
        print(f"repeat {repeat + 1}/{repeats} (us/decision): {shown}", flush=True)

    figures = {name: median_figures(found) for name, found in runs.items()}
    per_state, states = bytes_per_state(3 if args.quick else 10)
    batch_bytes = new_batch(CONFIG, 1024).nbytes / 1024
    print()
    print(f"{'engine':<18} {'us/decision':>12} {'decisions/s':>14} {'games/s':>12}  game")
    for name, value in figures.items():
        game = "oh_hell round" if name.startswith("openspiel") else "Wizard, 15 rounds"
        print(
            f"{name:<18} {value['us_per_decision']:>12.3f} "
            f"{1e6 / value['us_per_decision']:>14,.0f} {value['games_per_second']:>12,.1f}  {game}"
        )
    best = min(SIZES, key=lambda size: figures[f"batch {size}"]["us_per_decision"])
    batch_us = figures[f"batch {best}"]["us_per_decision"]
    scalar_us = figures["scalar"]["us_per_decision"]
    python_us = figures["openspiel python"]["us_per_decision"]
    cpp_us = figures["openspiel c++"]["us_per_decision"]
    print(
        f"\nbest batch size {best}: {cpp_us / batch_us:.1f} times OpenSpiel's C++ loop; "
        f"scalar fast path: {python_us / scalar_us:.2f} times OpenSpiel from Python"
    )
    print(
        f"memory: {per_state:.0f} bytes a retained scalar state ({states} states); "
        f"{batch_bytes:.0f} bytes a game in the batch"
    )
    if args.plot:
        per_game = sum(d for _, d, _ in runs["scalar"]) / sum(g for _, _, g in runs["scalar"])
        plot(figures, per_game, args.plot)
        print(f"wrote {args.plot}")
    report = {
        "batch_us_per_decision": round(batch_us, 4),
        "batch_best_size": best,
        "scalar_us_per_decision": round(scalar_us, 3),
        "openspiel_python_us_per_decision": round(python_us, 3),
        "openspiel_cpp_us_per_decision": round(cpp_us, 3),
        "batch_vs_cpp": round(cpp_us / batch_us, 2),
        "scalar_vs_python": round(python_us / scalar_us, 3),
        "bytes_per_state": round(per_state, 1),
        "batch_bytes_per_game": round(batch_bytes, 1),
        "figures": {
            name: {key: round(v, 4) for key, v in value.items()} for name, value in figures.items()
        },
        "repeats": repeats,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "quick": args.quick,
    }
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
