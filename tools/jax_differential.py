"""The large differential of the JAX engine against the scalar engine, run by hand.

For each setting (a player count and a bid option: ``off`` the standard
game, ``on`` plus/minus one, rule 20, ``hardcore`` rule 25) it plays
``--games`` games in batches of ``--batch`` through ``jax.jit`` of
``jax.vmap(env.step)``, and each game in lockstep through the scalar engine
with the same deals (drawn on the host) and the same actions: random legal
ids, and a share ``--illegal`` of refused ids (near the phase's kind or
anywhere, out-of-range ids included).  At every step it compares what
``tests/test_jax_engine.py``'s :func:`differential` compares: every state
field, the legal ids, the error code of a refused id (and that it changed
nothing), rewards, ``terminated``, winners at the end, and every seat's
observation tensor element for element (every ``--observe-every``-th step;
1, the default, is every step).

Then (unless ``--kernel-games 0``) it replays ``random_games(record=True)``
games through the scalar engine (:func:`replay_random_games`): the deals
``vmap(env.init)`` makes for the documented keys, every recorded action
legal, the final scores, winners and decision counts equal.

A batch stops at its first mismatch, which is printed and counted (so
``mismatches`` counts failed batches); the tool goes on with the next
batch and exits with status 1 if there was any.

Usage: python tools/jax_differential.py [--games 200] [--players 3,4,5,6]
       [--options off,on,hardcore] [--seed 1] [--batch 50] [--illegal 0.15]
       [--observe-every 1] [--kernel-games 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import jax  # noqa: E402

from tests.test_jax_engine import (  # noqa: E402
    INIT_BATCH,
    RULES,
    differential,
    replay_random_games,
)
from wizard_rules import Config  # noqa: E402

OPTIONS = {"off": "standard", "on": "plus_minus_one", "hardcore": "hardcore"}
"""The ``--options`` names and the rules (``tests/test_jax_engine.RULES``) they stand for."""


def _numbers(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def _options(text: str) -> list[str]:
    names = [part for part in text.split(",") if part]
    unknown = [name for name in names if name not in OPTIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown options {unknown}: choose of {list(OPTIONS)}")
    return names


def main(argv: list[str] | None = None) -> int:
    """Run the differential and the replays; print one line a setting; 1 on any mismatch."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per setting")
    parser.add_argument("--players", type=_numbers, default=[3, 4, 5, 6])
    parser.add_argument("--options", type=_options, default=["off", "on", "hardcore"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=50, help="games stepped at once")
    parser.add_argument("--illegal", type=float, default=0.15, help="share of refused ids")
    parser.add_argument("--observe-every", type=int, default=1)
    parser.add_argument(
        "--kernel-games", type=int, default=2000, help="random_games replayed per setting"
    )
    args = parser.parse_args(argv)
    mismatches = 0
    totals = {"games": 0, "decisions": 0, "refusals": 0, "observations": 0}
    replays = {"games": 0, "decisions": 0}
    started = time.perf_counter()
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}; {vars(args)}", flush=True)
    for players in args.players:
        for option in args.options:
            rules = RULES[OPTIONS[option]]
            clock = time.perf_counter()
            games = decisions = refusals = observations = failed = 0
            for index, first in enumerate(range(0, args.games, args.batch)):
                size = min(args.batch, args.games - first)
                seed = args.seed * 1_000_003 + players * 10_007 + index * 101 + len(option)
                try:
                    counts = differential(
                        players,
                        size,
                        seed,
                        rules=(rules,),
                        illegal=args.illegal,
                        observe_every=args.observe_every,
                    )
                except AssertionError as error:
                    failed += 1
                    print(f"  MISMATCH (batch {index}, seed {seed}): {error}", flush=True)
                    continue
                games += counts.games
                decisions += counts.decisions
                refusals += counts.refusals
                observations += counts.observations
            mismatches += failed
            seconds = time.perf_counter() - clock
            print(
                f"step  {players}p {option:8}: games {games} decisions {decisions} "
                f"refusals {refusals} observations {observations} mismatches {failed} "
                f"seconds {seconds:.1f}",
                flush=True,
            )
            for name, value in zip(
                totals, (games, decisions, refusals, observations), strict=True
            ):
                totals[name] += value
            if args.kernel_games > 0:
                clock = time.perf_counter()
                config = Config(players=players, rules=rules)
                replayed = decisions = failed = 0
                for index, first in enumerate(range(0, args.kernel_games, INIT_BATCH)):
                    size = min(INIT_BATCH, args.kernel_games - first)
                    key = jax.random.key(args.seed * 7919 + players * 31 + len(option) * 7 + index)
                    try:
                        done, made = replay_random_games(config, size, key)
                    except AssertionError as error:
                        failed += 1
                        print(f"  MISMATCH (replay {index}): {error}", flush=True)
                        continue
                    replayed += done
                    decisions += made
                mismatches += failed
                replays["games"] += replayed
                replays["decisions"] += decisions
                print(
                    f"replay {players}p {option:8}: games {replayed} decisions {decisions} "
                    f"mismatches {failed} seconds {time.perf_counter() - clock:.1f}",
                    flush=True,
                )
    print(
        f"total: {totals['games']} games stepped, {totals['decisions']} decisions, "
        f"{totals['refusals']} refusals, {totals['observations']} observations compared; "
        f"{replays['games']} random games replayed, {replays['decisions']} decisions; "
        f"mismatches {mismatches}; {time.perf_counter() - started:.0f} s",
        flush=True,
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
