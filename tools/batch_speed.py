"""Games per second of the batch engine's random play, at several batch sizes.

Usage::

    .venv/bin/python tools/batch_speed.py [--players 4] [--sizes 1,64,1024,16384] [--seed 1]

Each size plays complete random games with ``wizard_rules.batch.random_games``
(deals included in the time, as chance steps of every game), long enough for
a second or so of timing, and prints games per second and microseconds per
player decision (the whole time divided by trump choices, bids and cards).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from wizard_rules import Config
from wizard_rules.batch import random_games


def measure(players: int, size: int, seed: int, least: float = 1.0) -> tuple[float, float]:
    config = Config(players=players)
    rng = np.random.default_rng(seed)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        result = random_games(config, size, rng)
        games += size
        decisions += result.decisions
        elapsed = time.perf_counter() - start
        if elapsed >= least:
            return games / elapsed, elapsed / decisions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--sizes", default="1,64,1024,16384")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'batch':>7}  {'games/s':>10}  {'us/decision':>11}")
    for size in (int(s) for s in args.sizes.split(",")):
        games_per_second, us = measure(args.players, size, args.seed)
        print(f"{size:>7}  {games_per_second:>10,.0f}  {us:>11.3f}")


if __name__ == "__main__":
    main()
