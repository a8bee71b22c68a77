"""Speed side by side, in one run: the batch engine, the JAX engine, the scalar engine, OpenSpiel.

Run it from the top of the repository, after ``pip install -e '.[bench,jax,pettingzoo]'``::

    python bench/batch.py            # the full run (15 to 20 minutes)
    python bench/batch.py --quick    # under two minutes

These ways of playing uniformly random games, timed the same way:

* ``batch B``: :func:`wizard_rules.sim.batch.random_games` plays ``B`` complete
  4-player Wizard games in lockstep with numpy (B = 1, 64, 1,024, 16,384);
* ``jax B (one core)`` and ``jax B (all cores)``: the JAX engine's fast
  path, :func:`wizard_rules.sim.jax_engine.random_games`, ``B`` complete
  games as one jitted XLA program (B = 1,024, 16,384, 65,536, 262,144;
  16,384 alone with ``--quick``);
* ``jax step B``: the generic loop a pgx-style user writes, jitted:
  ``jax.vmap(env.init)``, then a ``lax.while_loop`` of
  ``jax.vmap(env.step)`` with each game's uniformly random legal id drawn
  from ``state.legal_action_mask`` by a counter-based hash (B = 1,024 and
  16,384; 1,024 on one core with ``--quick``), and ``jax categorical B``,
  the same loop drawing with :func:`jax.random.categorical` over the
  masked logits (pgx's examples' idiom; 1,024 on one core, full run only);
* ``scalar``: this library's scalar engine on its fast path, complete
  4-player games: ``legal_actions(state)`` then ``apply_legal(state, i)``,
  and ``apply(state, random_deal(state, rng))`` at each deal;
* ``openspiel python``: OpenSpiel's ``oh_hell`` (Wizard's cousin without
  Wizards and Jesters, one round a game) driven from Python:
  ``state.legal_actions()`` then ``state.apply_action(a)``, and a chance
  outcome drawn from ``state.chance_outcomes()`` at each chance node;
* ``openspiel c++``: the same games played by OpenSpiel's own C++ loop,
  ``pyspiel.evaluate_bots`` with uniform random bots;
* ``learner env B`` and ``self-play env B``: the vector environments of
  :mod:`wizard_rules.integrations.vector_env`, observations included:
  :class:`~wizard_rules.integrations.vector_env.WizardVectorEnv` (seat 0
  learns, the other seats play the random opponent) and
  :class:`~wizard_rules.integrations.vector_env.SelfPlayVectorEnv` (every
  game's player to act), each row's action a uniformly random legal id
  drawn from ``info["action_mask"]`` with numpy (B = 256 and 4,096; 256
  with ``--quick``).  Their figure is steps per second: a step is one row
  of one ``step`` call (for the learner env, the learner's decision and
  the opponents' decisions up to its next turn).

The Rust engine's 0.14 us a decision (issue 26's anchor, one core of this
machine) is a constant quoted from the issue, not measured here
(:data:`RUST_US`).

**JAX, compile time and cores.**  JAX runs in two worker processes of this
script (``--jax-worker``): ``one core`` pins itself to one core before JAX
starts (its CPU affinity, as ``taskset -c 0`` does, and ``XLA_FLAGS`` of
:data:`ONE_CORE_FLAGS`), ``all cores`` runs as JAX does by default (every
core of the machine).  The one-core figure is the fair one beside the other
engines, which use one core each, and is the headline.  Each new batch size
compiles on its first call: that call and a second one are timed before the
repeats, outside them, and reported apart (``jax_compile``: the first
call's seconds, the second's, their difference as the compile time, and the
worker's peak RSS so far, the sizes taken from small to large).  This
machine has no GPU: JAX runs on its CPU (``jax_platforms``).

The OpenSpiel games are ``oh_hell`` with 4 players and 52 cards, one game
for each number of tricks from 1 to 12 (a *set* of 12 games, the nearest
thing to a Wizard game of rounds 1 to 15).

How things are counted, the same for every engine:

* the time is wall time for whole games, chance steps (deals) included;
* a *decision* is a player's choice: a bid, a trump choice or a card.
  Deals and other chance steps are timed but not counted.  OpenSpiel's C++
  loop does not report its steps: an ``oh_hell`` game of ``k`` tricks has
  exactly ``4 * (k + 1)`` decisions (a bid and ``k`` cards a player), which
  the run checks against its Python-driven games.  The JAX fast path
  counts its own (``RandomGames.decisions``); the generic loop counts a
  step of each unfinished game and checks that the engine refused none;
* games per second count complete games: a 4-player Wizard game (15
  rounds: 60 bids, 480 cards and a trump choice now and then, about 541
  decisions) for ours, one
  ``oh_hell`` round for OpenSpiel's.  Decisions per second are the
  comparable figure; games per second are given for each engine's own game
  (for the vector environments, the games that ended in the run).

Every engine plays for about the same time in each repeat (3 s, 1 s with
``--quick``; at least one call), so that each figure rests on a comparable
sample.  Each figure is the median over the repeats, the engines
interleaved repeat by repeat so that the machine's drift hits all alike.
Memory: a retained scalar state, measured with tracemalloc over every state
of several games kept alive (``bytes_per_state``, which
``bench/playouts.py`` uses too), and a game of the batch, its arrays' bytes.

The last line printed is one JSON object with ``batch_us_per_decision`` (at
the best batch size), ``scalar_us_per_decision``,
``openspiel_python_us_per_decision``, ``openspiel_cpp_us_per_decision``,
``batch_vs_cpp`` (C++ us / batch us), ``scalar_vs_python`` (OpenSpiel
Python us / ours), ``bytes_per_state``; ``jax_us_per_decision`` (the JAX
fast path on one core at its best batch size), ``jax_vs_cpp`` (C++ us /
JAX us), ``jax_vs_rust`` (0.14 / JAX us), ``jax_all_cores_us_per_decision``,
``jax_step_us_per_decision`` (the generic loop on one core, at its best
size), ``best_us_per_decision`` and ``best_vs_cpp`` (the best of the batch
engine and the JAX engine on one core), ``vector_env_steps_per_second``
(the learner env at its best size), ``self_play_env_steps_per_second``,
``jax_compile``, the load average at the end, and the details.  ``--plot
FILE`` writes the games-per-second plot of the docs' speed page (SVG);
``--replot JSON --plot FILE`` draws it again from a saved last line, without
running anything.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
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
JAX_SIZES = (1024, 16384, 65536, 262144)  # the JAX fast path (--quick: the first two)
JAX_STEP_SIZES = (1024, 16384)  # the generic jit(while_loop(vmap(step))) loop (--quick: 1,024)
ENV_SIZES = (256, 4096)  # the vector environments' num_envs (--quick: 256)
JAX_MODES = ("one core", "all cores")
ONE_CORE_FLAGS = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
RUST_US = 0.14
"""The Rust engine's microseconds a decision, quoted from issue 26 (not measured here)."""


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


# -- the JAX engine, in a worker process of its own ---------------------------------
#
# JAX is run in worker processes (``--jax-worker MODE``) so that one of them can be
# pinned to one core before JAX starts its thread pool: "one core" runs with the
# process's CPU affinity set to a single core (as ``taskset -c 0`` would) and
# XLA_FLAGS=ONE_CORE_FLAGS; "all cores" runs as JAX does by default.  The main
# process sends one JSON request a line and reads one JSON answer a line, so the
# JAX figures are interleaved with the other engines' repeat by repeat.


def _hash32(x: Any) -> Any:
    """The same 32-bit hash as the JAX engine's deals ("lowbias32"), on a JAX array."""
    import jax.numpy as jnp

    x = x ^ (x >> jnp.uint32(16))
    x = x * jnp.uint32(0x21F0AAAD)
    x = x ^ (x >> jnp.uint32(15))
    x = x * jnp.uint32(0x735A2D97)
    return x ^ (x >> jnp.uint32(15))


def generic_program(size: int, chooser: str) -> Callable[[Any], tuple[Any, Any, Any]]:
    """The pgx-style loop over ``size`` games, jitted: ``key -> (scores, decisions, refused)``.

    ``jax.vmap(env.init)`` over keys split off ``key``, then a
    ``lax.while_loop`` of ``jax.vmap(env.step)`` until every game has
    ended, each unfinished game's player taking a uniformly random legal
    action drawn from ``state.legal_action_mask``: the legal id with the
    highest of 86 uniform draws.  ``chooser`` says where the draws come from:
    ``"hash"``, a counter-based 32-bit hash (what the fast path uses), or
    ``"categorical"``, :func:`jax.random.categorical` over the masked logits
    (Threefry: the usual idiom of pgx's examples).  A decision is a step of an
    unfinished game; ``refused`` counts the steps the engine refused (0).
    """
    import jax
    import jax.numpy as jnp
    from jax import lax

    from wizard_rules.sim.jax_engine import JaxWizard

    env = JaxWizard(CONFIG)
    init = jax.vmap(env.init)
    step = jax.vmap(env.step)
    ids = jnp.arange(86, dtype=jnp.uint32) * jnp.uint32(0x85EBCA6B)
    Carry = tuple[Any, Any, Any, Any, Any]

    def play(key: Any) -> tuple[Any, Any, Any]:
        deal_key, play_key = jax.random.split(key)
        states = init(jax.random.split(deal_key, size))
        seeds = jax.random.bits(play_key, (size, 1), jnp.uint32)

        def going(carry: Carry) -> Any:
            return ~carry[0].terminated.all()

        def one_step(carry: Carry) -> Carry:
            states, key, counter, decisions, refused = carry
            mask = states.legal_action_mask
            if chooser == "hash":
                draws = _hash32(seeds ^ (counter * jnp.uint32(0x9E3779B9)) ^ ids)
                actions = jnp.argmax(jnp.where(mask, draws, jnp.uint32(0)), axis=-1)
            else:
                key, sub = jax.random.split(key)
                actions = jax.random.categorical(sub, jnp.where(mask, 0.0, -jnp.inf), axis=-1)
            going = ~states.terminated
            states = step(states, actions)
            decisions = decisions + going.sum(dtype=jnp.int32)
            refused = refused + (going & (states.error != 0)).sum(dtype=jnp.int32)
            return states, key, counter + jnp.uint32(1), decisions, refused

        start = (states, key, jnp.uint32(0), jnp.int32(0), jnp.int32(0))
        states, _, _, decisions, refused = lax.while_loop(going, one_step, start)
        return states.scores, decisions, refused

    jitted: Callable[[Any], tuple[Any, Any, Any]] = jax.jit(play)
    return jitted


def jax_worker(mode: str) -> None:
    """Serve the main process's JAX requests, one JSON object a line, until ``quit``.

    Requests: ``{"op": "prepare" or "run", "kind": "fast", "step" or
    "categorical", "size": N, "seconds": s, "seed": k}``.  ``prepare`` makes
    the first call of a new size (which compiles it), then a second call,
    and answers the first call's seconds, the second's, their difference (the
    compile time) and the process's peak RSS so far; ``run`` plays calls of
    that size for about ``seconds`` and answers (seconds, decisions, games).
    """
    if mode == "one core":
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        os.environ["XLA_FLAGS"] = f"{os.environ.get('XLA_FLAGS', '')} {ONE_CORE_FLAGS}".strip()
    import jax

    from wizard_rules.sim.jax_engine import random_games

    programs: dict[tuple[str, int], Callable[[Any], tuple[Any, Any, Any]]] = {}

    def call(kind: str, size: int, seed: int) -> int:
        key = jax.random.key(seed)
        if kind == "fast":
            games = random_games(CONFIG, size, key)
            return int(games.decisions)  # waits for the result
        if (kind, size) not in programs:
            programs[kind, size] = generic_program(size, "hash" if kind == "step" else kind)
        _, decisions, refused = programs[kind, size](key)
        assert int(refused) == 0, (kind, size, int(refused))
        return int(decisions)

    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "quit":
            return
        kind, size = request["kind"], request["size"]
        if request["op"] == "prepare":
            start = time.perf_counter()
            call(kind, size, 10**6)
            first = time.perf_counter() - start
            start = time.perf_counter()
            decisions = call(kind, size, 10**6 + 1)
            again = time.perf_counter() - start
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            answer: dict[str, Any] = {
                "first_call_s": first,
                "call_s": again,
                "compile_s": max(first - again, 0.0),
                "decisions_per_call": decisions,
                "peak_rss_mb": peak,
                "cores": len(os.sched_getaffinity(0)),
                "platform": jax.devices()[0].platform,
            }
        else:
            seed, seconds = request["seed"], request["seconds"]
            decisions = games = calls = 0
            start = time.perf_counter()
            while not calls or time.perf_counter() - start < seconds:
                decisions += call(kind, size, seed * 1000 + calls)
                games += size
                calls += 1
            answer = {"run": [time.perf_counter() - start, decisions, games]}
        print(json.dumps(answer), flush=True)


class JaxWorker:
    """A :func:`jax_worker` process of ``mode`` (``"one core"`` or ``"all cores"``)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        """One of :data:`JAX_MODES`."""
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--jax-worker", mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        """The worker process."""

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send one request and wait for its answer."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the JAX worker ({self.mode}) stopped: see its error above")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def run(self, kind: str, size: int, seconds: float, seed: int) -> tuple[float, int, int]:
        """Calls of ``kind`` at ``size`` for about ``seconds``; (seconds, decisions, games)."""
        found = self.ask(op="run", kind=kind, size=size, seconds=seconds, seed=seed)["run"]
        return float(found[0]), int(found[1]), int(found[2])

    def close(self) -> None:
        """Ask the worker to stop, and wait for it."""
        if self.process.poll() is None:
            self.ask_quit()
        self.process.wait(timeout=60)

    def ask_quit(self) -> None:
        """Send ``quit`` (no answer comes)."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": "quit"}) + "\n")
        self.process.stdin.close()


# -- the vector environments, observations included ---------------------------------


def vector_env_run(kind: str, size: int, seconds: float, seed: int) -> tuple[float, int, int]:
    """Step a vector environment of ``size`` games for about ``seconds``.

    ``kind`` is ``"learner"`` (:class:`WizardVectorEnv`, seat 0 against the
    random opponent, the learner's uniformly random legal ids drawn from
    ``info["action_mask"]``) or ``"self-play"`` (:class:`SelfPlayVectorEnv`,
    every game's player to act, likewise).  Returns (seconds, steps, games
    ended): a step is one row of one ``step`` call, observations, masks and
    auto-reset included (the reset before the loop is not timed).
    """
    from wizard_rules.integrations.vector_env import SelfPlayVectorEnv, WizardVectorEnv

    envs: Any = (
        WizardVectorEnv(size, CONFIG) if kind == "learner" else SelfPlayVectorEnv(size, CONFIG)
    )
    rng = np.random.default_rng(seed)
    _, info = envs.reset(seed=seed)
    steps = ended = 0
    start = time.perf_counter()
    while not steps or time.perf_counter() - start < seconds:
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, terminated, _, info = envs.step(actions)
        steps += size
        ended += int(terminated.sum())
    return time.perf_counter() - start, steps, ended


def median_figures(runs: list[tuple[float, int, int]]) -> dict[str, float]:
    """The median microseconds per decision and games per second of several runs."""
    return {
        "us_per_decision": statistics.median(s / d * 1e6 for s, d, _ in runs),
        "games_per_second": statistics.median(g / s for s, _, g in runs),
    }


def plot(figures: dict[str, dict[str, float]], per_game: float, path: Path) -> None:
    """Write games per second against batch size, with the engines' lines (an SVG).

    A game is a 4-player Wizard game of ``per_game`` decisions; the lines of
    OpenSpiel and of the Rust engine (quoted, not measured) are their
    decisions per second in games of that many decisions.  The batch engine
    and the JAX engine's figures are lines over their batch sizes; the
    vector environments are not drawn (their steps carry observations).
    """
    width, height, left, right, top, bottom = 720, 400, 70, 20, 30, 50
    series = [
        ("wizard-rules batch (numpy)", "#1f77b4", "batch {}", ""),
        ("wizard-rules JAX, one core", "#9467bd", "jax {} (one core)", ""),
        ("wizard-rules JAX, all cores (dotted)", "#9467bd", "jax {} (all cores)", "3,3"),
        (
            "wizard-rules JAX, jit(while_loop(vmap(step))), one core",
            "#8c564b",
            "jax step {} (one core)",
            "",
        ),
    ]
    lines = [
        ("wizard-rules scalar (fast path)", "#2ca02c", "scalar"),
        ("OpenSpiel oh_hell, C++ loop", "#d62728", "openspiel c++"),
        ("OpenSpiel oh_hell, from Python", "#ff7f0e", "openspiel python"),
        (f"Rust engine, {RUST_US} us (quoted from the issue)", "#7f7f7f", "rust"),
    ]
    key = 16 * (len(series) + len(lines)) + 10  # the legend's band, below the plot
    sizes = sorted(set(SIZES + JAX_SIZES + JAX_STEP_SIZES))
    games = {
        name: 1e6 / value["us_per_decision"] / per_game
        for name, value in figures.items()
        if " env " not in name
    }
    games["rust"] = 1e6 / RUST_US / per_game
    low = math.floor(math.log10(min(games.values())))
    high = math.ceil(math.log10(max(games.values())))
    widest = max(size for size in sizes if any(f.format(size) in games for *_, f, _ in series))

    def x(size: int) -> float:
        return left + (width - left - right) * math.log2(size) / math.log2(widest)

    def y(value: float) -> float:
        share = (math.log10(value) - low) / (high - low)
        return height - bottom - (height - top - bottom) * share

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + key}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height + key}" fill="white"/>',
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
        if size <= widest:
            below = height - bottom + 18
            parts.append(f'<text x="{x(size):.1f}" y="{below}" text-anchor="middle">{size}</text>')
    parts.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">'
        "games in the batch</text>"
    )
    legend: list[tuple[str, str]] = []
    for label, colour, name, dashes in series:
        drawn = [size for size in sizes if name.format(size) in games]
        if not drawn:
            continue
        points = " ".join(f"{x(s):.1f},{y(games[name.format(s)]):.1f}" for s in drawn)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"'
            + (f' stroke-dasharray="{dashes}"' if dashes else "")
            + "/>"
        )
        for size in drawn:
            parts.append(
                f'<circle cx="{x(size):.1f}" cy="{y(games[name.format(size)]):.1f}" r="3" '
                f'fill="{colour}"/>'
            )
        legend.append((label, colour))
    for label, colour, name in lines:
        if name in games:
            level = y(games[name])
            parts.append(
                f'<line x1="{left}" x2="{width - right}" y1="{level:.1f}" y2="{level:.1f}" '
                f'stroke="{colour}" stroke-dasharray="6,4" stroke-width="2"/>'
            )
            legend.append((f"{label} (dashed level)", colour))
    # the legend below the axis: solid lines over batch sizes, dashed levels
    for row, (label, colour) in enumerate(legend):
        parts.append(
            f'<text x="{left}" y="{height + 8 + 16 * row}" fill="{colour}">{label}</text>'
        )
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n", encoding="utf-8")


def main() -> None:
    """Run the benchmark and print its report; the last line is JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (under two minutes)")
    parser.add_argument("--repeats", type=int, help="how many interleaved repeats")
    parser.add_argument("--plot", type=Path, help="write the plot of the figures (SVG)")
    parser.add_argument(
        "--replot",
        type=Path,
        metavar="JSON",
        help="with --plot: draw the plot from a saved last line of a run, and run nothing",
    )
    parser.add_argument("--jax-worker", choices=JAX_MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.jax_worker:
        jax_worker(args.jax_worker)
        return
    if args.replot:
        saved = json.loads(args.replot.read_text(encoding="utf-8").strip().splitlines()[-1])
        scalar = saved["figures"]["scalar"]
        per_game = saved.get(
            "decisions_per_game", 1e6 / scalar["us_per_decision"] / scalar["games_per_second"]
        )
        plot(saved["figures"], per_game, args.plot or Path("batch-speed.svg"))
        return
    repeats = args.repeats or (3 if args.quick else 5)
    seconds = 1.0 if args.quick else 3.0  # per engine (and batch size) and repeat
    # (mode, kind, size) of the JAX figures
    jax_runs = (
        [(mode, "fast", 16384) for mode in JAX_MODES] + [("one core", "step", 1024)]
        if args.quick
        else [(mode, "fast", size) for mode in JAX_MODES for size in JAX_SIZES]
        + [(mode, "step", size) for mode in JAX_MODES for size in JAX_STEP_SIZES]
        + [("one core", "categorical", JAX_STEP_SIZES[0])]
    )
    env_sizes = ENV_SIZES[:1] if args.quick else ENV_SIZES

    games = openspiel_games()
    check_decision_count(games)
    workers = {mode: JaxWorker(mode) for mode in JAX_MODES}
    compiled: dict[str, dict[str, Any]] = {}
    platforms: set[str] = set()  # JAX's devices: "cpu" (no GPU here)
    try:
        for mode, kind, size in jax_runs:
            name = jax_name(mode, kind, size)
            compiled[name] = workers[mode].ask(op="prepare", kind=kind, size=size)
            platforms.add(compiled[name].pop("platform"))
            print(
                f"{name}: first call {compiled[name]['first_call_s']:.2f} s, then "
                f"{compiled[name]['call_s']:.3f} s (compile about "
                f"{compiled[name]['compile_s']:.2f} s); peak RSS "
                f"{compiled[name]['peak_rss_mb']:.0f} MB",
                flush=True,
            )
        engines: dict[str, Callable[[int], tuple[float, int, int]]] = {
            **{f"batch {size}": partial(batch_run, size, seconds) for size in SIZES},
            "scalar": partial(scalar_run, seconds),
            "openspiel python": partial(openspiel_python_run, games, seconds),
            "openspiel c++": partial(openspiel_cpp_run, games, seconds),
            **{
                jax_name(mode, kind, size): partial(workers[mode].run, kind, size, seconds)
                for mode, kind, size in jax_runs
            },
            **{
                f"{kind} env {size}": partial(vector_env_run, kind, size, seconds)
                for kind in ("learner", "self-play")
                for size in env_sizes
            },
        }
        runs: dict[str, list[tuple[float, int, int]]] = {name: [] for name in engines}
        for repeat in range(repeats):
            for name, run in engines.items():
                runs[name].append(run(repeat))
            shown = ", ".join(
                f"{name} {runs[name][-1][0] / runs[name][-1][1] * 1e6:.4f}" for name in engines
            )
            print(
                f"repeat {repeat + 1}/{repeats} (us a decision; envs: us a step): {shown}",
                flush=True,
            )
    finally:
        for worker in workers.values():
            worker.close()

    figures = {name: median_figures(found) for name, found in runs.items()}
    per_state, states = bytes_per_state(3 if args.quick else 10)
    batch_bytes = new_batch(CONFIG, 1024).nbytes / 1024
    print()
    print(f"{'engine':<28} {'us/decision':>12} {'decisions/s':>14} {'games/s':>12}  game")
    for name, value in figures.items():
        if " env " in name:
            continue
        game = "oh_hell round" if name.startswith("openspiel") else "Wizard, 15 rounds"
        print(
            f"{name:<28} {value['us_per_decision']:>12.4f} "
            f"{1e6 / value['us_per_decision']:>14,.0f} {value['games_per_second']:>12,.1f}  {game}"
        )
    print(f"{'rust engine (quoted)':<28} {RUST_US:>12.4f} {1e6 / RUST_US:>14,.0f}")
    print(
        f"\n{'vector env':<28} {'us/step':>12} {'steps/s':>14} {'games/s':>12}  (observations in)"
    )
    for name, value in figures.items():
        if " env " in name:
            print(
                f"{name:<28} {value['us_per_decision']:>12.3f} "
                f"{1e6 / value['us_per_decision']:>14,.0f} {value['games_per_second']:>12,.1f}"
            )
    best = min(SIZES, key=lambda size: figures[f"batch {size}"]["us_per_decision"])
    batch_us = figures[f"batch {best}"]["us_per_decision"]
    scalar_us = figures["scalar"]["us_per_decision"]
    python_us = figures["openspiel python"]["us_per_decision"]
    cpp_us = figures["openspiel c++"]["us_per_decision"]

    def best_jax(mode: str, kind: str) -> tuple[int, float]:
        found = [size for m, k, size in jax_runs if (m, k) == (mode, kind)]
        size = min(found, key=lambda s: figures[jax_name(mode, kind, s)]["us_per_decision"])
        return size, figures[jax_name(mode, kind, size)]["us_per_decision"]

    jax_best, jax_us = best_jax("one core", "fast")
    jax_all_best, jax_all_us = best_jax("all cores", "fast")
    step_best, step_us = best_jax("one core", "step")
    env_best = max(
        env_sizes, key=lambda size: 1 / figures[f"learner env {size}"]["us_per_decision"]
    )
    env_steps = 1e6 / figures[f"learner env {env_best}"]["us_per_decision"]
    self_best = max(
        env_sizes, key=lambda size: 1 / figures[f"self-play env {size}"]["us_per_decision"]
    )
    self_steps = 1e6 / figures[f"self-play env {self_best}"]["us_per_decision"]
    best_us = min(batch_us, jax_us)
    print(
        f"\nbest batch size {best}: {cpp_us / batch_us:.1f} times OpenSpiel's C++ loop; "
        f"scalar fast path: {python_us / scalar_us:.2f} times OpenSpiel from Python"
    )
    print(
        f"JAX fast path, one core (the headline), best at {jax_best} games: {jax_us:.4f} us a "
        f"decision, {cpp_us / jax_us:.1f} times OpenSpiel's C++ loop (target 30), "
        f"{RUST_US / jax_us:.2f} times the Rust engine's {RUST_US} us (target 5: at most "
        f"{RUST_US / 5:.3f} us)"
    )
    print(
        f"JAX fast path, all {os.cpu_count()} cores, best at {jax_all_best} games: "
        f"{jax_all_us:.4f} us; generic jit(while_loop(vmap(step))), one core, best at "
        f"{step_best} games: {step_us:.4f} us a decision"
    )
    print(
        f"vector env: {env_steps:,.0f} learner steps/s at {env_best} games; self-play "
        f"{self_steps:,.0f} steps/s at {self_best} games (observations included)"
    )
    print(
        f"the Rust engine's {RUST_US} us is quoted from issue 26, not measured here; "
        "no GPU on this machine (JAX runs on its CPU)"
    )
    print(
        f"memory: {per_state:.0f} bytes a retained scalar state ({states} states); "
        f"{batch_bytes:.0f} bytes a game in the batch"
    )
    per_game = sum(d for _, d, _ in runs["scalar"]) / sum(g for _, _, g in runs["scalar"])
    if args.plot:
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
        "decisions_per_game": round(per_game, 2),
        "jax_us_per_decision": round(jax_us, 5),
        "jax_best_size": jax_best,
        "jax_vs_cpp": round(cpp_us / jax_us, 2),
        "jax_vs_rust": round(RUST_US / jax_us, 3),
        "jax_all_cores_us_per_decision": round(jax_all_us, 5),
        "jax_all_cores_best_size": jax_all_best,
        "jax_step_us_per_decision": round(step_us, 4),
        "jax_step_best_size": step_best,
        "jax_compile": {
            name: {key: round(v, 3) for key, v in found.items()}
            for name, found in compiled.items()
        },
        "rust_us_per_decision_quoted": RUST_US,
        "best_us_per_decision": round(best_us, 5),
        "best_vs_cpp": round(cpp_us / best_us, 2),
        "vector_env_steps_per_second": round(env_steps),
        "vector_env_best_size": env_best,
        "self_play_env_steps_per_second": round(self_steps),
        "self_play_env_best_size": self_best,
        "figures": {
            name: {key: round(v, 5) for key, v in value.items()} for name, value in figures.items()
        },
        "repeats": repeats,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "jax_platforms": sorted(platforms),
        "load_average": [round(v, 2) for v in os.getloadavg()],
        "quick": args.quick,
    }
    print(json.dumps(report, sort_keys=True))


def jax_name(mode: str, kind: str, size: int) -> str:
    """The name of a JAX figure: ``jax 16384 (one core)``, ``jax step 1024 (all cores)``."""
    what = "jax" if kind == "fast" else f"jax {kind}"
    return f"{what} {size} ({mode})"


if __name__ == "__main__":
    main()
