"""Decisions per second: the OpenSpiel, PettingZoo and Gymnasium games next to the plain API.

Run it from the top of the repository, after ``pip install -e '.[openspiel,pettingzoo]'``::

    python bench/environments.py             # 5 repeats of 20 whole 4-player games a loop
    python bench/environments.py --quick     # 1 repeat of 5 games (a smoke run)

Every loop plays whole 4-player games with uniformly random legal actions
drawn from a seeded ``random.Random``, on one core:

* ``plain``: the plain API, ``legal_actions(state)`` then ``apply(state,
  action)``, and ``apply(state, random_deal(state, rng))`` at each deal;
* ``openspiel``: OpenSpiel's loop on ``pyspiel.load_game("wizard_rules",
  {"players": 4})``, ``state.legal_actions()`` then ``state.apply_action``,
  and a chance outcome drawn from ``state.chance_outcomes()`` at each
  chance node (one a dealt card);
* ``openspiel_observed``: the same, with ``state.observation_tensor(player)``
  (the 592 floats) of the player to act at every decision;
* ``pettingzoo``: PettingZoo's loop on :func:`~wizard_rules.integrations.pettingzoo.env`
  (the checking wrappers included), ``game.last()`` observing every move
  (the 592-float tensor and the action mask), the action drawn from the mask;
* ``pettingzoo_unobserved``: the same, with ``game.last(observe=False)``, the
  action drawn from ``legal_actions`` of the environment's state (what the
  environment costs without writing observations);
* ``gymnasium``: ``gymnasium.make("wizard_rules/Wizard-v0", players=4)`` (the
  learner at seat 0, the others the default random policy), the learner's
  action drawn from the mask; every seat's decisions are counted.

A decision is a bid, a trump choice or a card (deals are timed, not
counted, nor OpenSpiel's chance nodes; PettingZoo's ``None`` steps of terminated agents are not
decisions).  The loops are interleaved repeat by repeat, so that the
machine's drift hits them alike; each figure is the median over the repeats.

The output names the command, the machine, the date and the load average
(at the start and at the end: on a shared machine, read the figures as
ratios, or take the rates by CPU time, which waiting for a core does not
count); the last line is one JSON object of it all.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium
import numpy as np
import pyspiel  # type: ignore[import-not-found]

import wizard_rules.integrations.openspiel  # noqa: F401 (registers the game "wizard_rules")
from wizard_rules import Config, Deal, apply, legal_actions, new_game, random_deal
from wizard_rules.formats.action_ids import action_id
from wizard_rules.integrations.pettingzoo import ENV_ID, env

PLAYERS = 4


def plain(games: int, seed: int) -> int:
    """The plain API; return the number of decisions."""
    rng = random.Random(seed)
    config = Config(players=PLAYERS)
    decisions = 0
    for _ in range(games):
        state = new_game(config)
        while not state.is_over:
            if state.is_chance:
                state = apply(state, random_deal(state, rng))
            else:
                state = apply(state, rng.choice(legal_actions(state)))
                decisions += 1
    return decisions


def spiel(games: int, seed: int, observe: bool) -> int:
    """OpenSpiel's loop, observing every move or not; return the number of decisions."""
    rng = random.Random(seed)
    game = pyspiel.load_game("wizard_rules", {"players": PLAYERS})
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


def openspiel(games: int, seed: int) -> int:
    """OpenSpiel's loop; return the number of decisions."""
    return spiel(games, seed, observe=False)


def openspiel_observed(games: int, seed: int) -> int:
    """OpenSpiel's loop, an observation tensor a move; return the number of decisions."""
    return spiel(games, seed, observe=True)


def pettingzoo(games: int, seed: int) -> int:
    """PettingZoo's loop, observing every move; return the number of decisions."""
    rng = random.Random(seed)
    game = env(players=PLAYERS)
    decisions = 0
    for g in range(games):
        game.reset(seed=seed + g)
        for _agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
            else:
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                decisions += 1
    return decisions


def pettingzoo_unobserved(games: int, seed: int) -> int:
    """PettingZoo's loop, ``last(observe=False)``; return the number of decisions."""
    rng = random.Random(seed)
    game = env(players=PLAYERS)
    raw = game.unwrapped
    decisions = 0
    for g in range(games):
        game.reset(seed=seed + g)
        for _agent in game.agent_iter():
            _, _, terminated, truncated, _ = game.last(observe=False)
            if terminated or truncated:
                game.step(None)
            else:
                game.step(action_id(rng.choice(legal_actions(raw.wizard_state))))
                decisions += 1
    return decisions


def gym(games: int, seed: int) -> int:
    """The registered Gymnasium environment; return every seat's decisions."""
    rng = random.Random(seed)
    single = gymnasium.make(ENV_ID, players=PLAYERS)
    decisions = 0
    for g in range(games):
        observation, _ = single.reset(seed=seed + g)
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, _, _ = single.step(action)
        state = single.unwrapped.env.wizard_state  # type: ignore[attr-defined]
        decisions += sum(1 for action in state.history if type(action) is not Deal)
    return decisions


LOOPS: dict[str, Callable[[int, int], int]] = {
    "plain": plain,
    "openspiel": openspiel,
    "openspiel_observed": openspiel_observed,
    "pettingzoo": pettingzoo,
    "pettingzoo_unobserved": pettingzoo_unobserved,
    "gymnasium": gym,
}


def machine() -> dict[str, object]:
    """What the figures were measured on."""
    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": version("numpy"),
        "open_spiel": version("open_spiel"),
        "pettingzoo": version("pettingzoo"),
        "gymnasium": version("gymnasium"),
    }


def main() -> None:
    """Time the loops and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="1 repeat of 5 games")
    parser.add_argument("--games", type=int, default=20, help="games a loop a repeat")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    games, repeats = (5, 1) if args.quick else (args.games, args.repeats)
    start = datetime.datetime.now(datetime.UTC)
    load_start = os.getloadavg()
    print(f"command: python {' '.join(sys.argv)}")
    print(f"date: {start:%Y-%m-%d %H:%M} UTC; machine: {json.dumps(machine())}")
    print(f"load average (1, 5, 15 min) at the start: {load_start}")
    times: dict[str, list[float]] = {name: [] for name in LOOPS}
    rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    cpu_rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    for repeat in range(repeats):
        for name, loop in LOOPS.items():
            began, cpu_began = time.perf_counter(), time.process_time()
            decisions = loop(games, 1000 * repeat)
            seconds = time.perf_counter() - began
            cpu_seconds = time.process_time() - cpu_began
            times[name].append(seconds)
            rates[name].append(decisions / seconds)
            cpu_rates[name].append(decisions / cpu_seconds)
    load_end = os.getloadavg()
    print(f"load average at the end: {load_end}")
    print(f"{PLAYERS}-player games, {games} a loop, median of {repeats} repeats")
    print("(decisions a second of wall time, and of the process's CPU time):")
    results = {}
    for name in LOOPS:
        rate = statistics.median(rates[name])
        cpu_rate = statistics.median(cpu_rates[name])
        per_game = games / statistics.median(times[name])
        results[name] = {
            "decisions_per_s": round(rate),
            "decisions_per_cpu_s": round(cpu_rate),
            "games_per_s": round(per_game, 1),
            "seconds": [round(t, 3) for t in times[name]],
        }
        print(
            f"  {name:<22} {rate:>9,.0f} decisions/s {per_game:>7.1f} games/s"
            f" {cpu_rate:>9,.0f} decisions/CPU s"
        )
    summary = {
        "command": f"python {' '.join(sys.argv)}",
        "date": start.isoformat(timespec="seconds"),
        "machine": machine(),
        "load_average": {"start": load_start, "end": load_end},
        "players": PLAYERS,
        "games": games,
        "repeats": repeats,
        "loops": results,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
