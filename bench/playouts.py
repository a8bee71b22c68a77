"""Random playouts, side by side: wizard-rules against OpenSpiel's ``oh_hell``.

Run it from the top of the repository, after ``pip install -e '.[bench]'``::

    python bench/playouts.py            # the full run (a few minutes)
    python bench/playouts.py --quick    # under a minute

Both engines are driven the same way from Python, with uniformly random legal
actions from a seeded ``random.Random``:

* ours: complete games through the public, fully checked API --
  ``legal_actions(state)`` then ``apply(state, action)``, and at each chance
  step ``apply(state, random_deal(state, rng))`` -- for 3, 4, 5 and 6 players;
* OpenSpiel's ``oh_hell`` (Wizard's cousin without Wizards and Jesters), with
  4 players, 4 suits of 13 cards, one game for each round size 1 to 12:
  ``state.legal_actions()`` then ``state.apply_action(action)``, and at each
  chance node an outcome drawn from ``state.chance_outcomes()``.

The two are interleaved, repeat by repeat, so that the machine's drift hits
both alike.  Time per decision counts player decisions (bids, trump choices,
cards) in the denominator; chance steps are timed (they are part of every
game) but not counted.  Each figure is the median over the repeats.

The memory of a retained state is measured with tracemalloc: every state of
several games is kept alive, and the traced memory is divided by the number
of states.

The last line printed is one JSON object with ``us_per_decision``,
``openspiel_us_per_decision``, ``ratio`` (OpenSpiel's time divided by ours:
higher is better), ``bytes_per_state`` and the details.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wizard_rules import Config, apply, legal_actions, new_game, random_deal

sys.path.insert(0, str(Path(__file__).resolve().parent))

from batch import bytes_per_state, openspiel_games, openspiel_python_run


def our_batch(games: int, seed: int) -> tuple[float, int, int]:
    """Play ``games`` games per player count; return (seconds, decisions, games)."""
    rng = random.Random(seed)
    decisions = 0
    played = 0
    start = time.perf_counter()
    for players in (3, 4, 5, 6):
        config = Config(players=players)
        for _ in range(games):
            state = new_game(config)
            while not state.is_over:
                actions = legal_actions(state)
                if actions:
                    state = apply(state, actions[rng.randrange(len(actions))])
                    decisions += 1
                else:
                    state = apply(state, random_deal(state, rng))
            played += 1
    return time.perf_counter() - start, decisions, played


def main() -> None:
    """Run the benchmark and print its report; the last line is JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (under a minute)")
    parser.add_argument("--repeats", type=int, help="how many interleaved repeats")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 7)
    our_games = 5 if args.quick else 20  # per player count, per repeat
    os_repeat = 10 if args.quick else 40  # of the twelve oh_hell games, per repeat

    games = openspiel_games()
    ours: list[float] = []
    theirs: list[float] = []
    our_gps: list[float] = []
    their_gps: list[float] = []
    for repeat in range(repeats):
        seconds, decisions, played = our_batch(our_games, seed=repeat)
        ours.append(seconds / decisions * 1e6)
        our_gps.append(played / seconds)
        seconds, decisions, played = openspiel_python_run(games, 0.0, repeat, sets=os_repeat)
        theirs.append(seconds / decisions * 1e6)
        their_gps.append(played / seconds)
        print(
            f"repeat {repeat + 1}/{repeats}: wizard-rules {ours[-1]:.2f} us/decision, "
            f"oh_hell {theirs[-1]:.2f} us/decision",
            flush=True,
        )
    per_state, states = bytes_per_state(3 if args.quick else 10)
    us = statistics.median(ours)
    them = statistics.median(theirs)
    print(
        f"wizard-rules: {us:.2f} us per decision, {statistics.median(our_gps):.0f} games/s "
        "(3-6 players, all rounds)"
    )
    print(
        f"oh_hell:      {them:.2f} us per decision, {statistics.median(their_gps):.0f} games/s "
        "(4 players, 1-12 tricks)"
    )
    print(
        f"ratio (oh_hell / ours): {them / us:.3f}; retained state: {per_state:.0f} bytes "
        f"({states} states)"
    )
    report = {
        "us_per_decision": round(us, 3),
        "openspiel_us_per_decision": round(them, 3),
        "ratio": round(them / us, 3),
        "bytes_per_state": round(per_state, 1),
        "games_per_second": round(statistics.median(our_gps), 1),
        "openspiel_games_per_second": round(statistics.median(their_gps), 1),
        "repeats": repeats,
        "us_per_decision_all": [round(x, 3) for x in ours],
        "openspiel_us_per_decision_all": [round(x, 3) for x in theirs],
        "python": platform.python_version(),
        "machine": platform.machine(),
        "quick": args.quick,
    }
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
