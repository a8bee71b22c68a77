"""Instructions a decision of the scalar engine's simulation loop, counted by valgrind.

Wall time on a shared machine drifts by several per cent from run to run,
more than most single changes to the engine are worth.  The number of
instructions executed does not drift: this script plays seeded 4-player
games with the loop ``bench/batch.py`` times (its ``scalar_game``:
``legal_actions``, then ``apply_legal``; ``apply(state, random_deal(state,
rng))`` at each deal; ``while not state.is_over``) under ``valgrind --tool=callgrind``, twice,
with ``--games`` and three times as many, and divides the difference in
instructions by the difference in decisions, so that starting Python and
importing the library cancel out.  Use it to compare two versions of the
engine (run it in each checkout); ``bench/batch.py`` stays the measure of
speed against OpenSpiel.

Run it from the top of the repository (valgrind must be installed)::

    python bench/instructions.py            # about 20 s
    python bench/instructions.py --games 20

The counts are the same from run to run (``PYTHONHASHSEED`` is fixed) on
the same Python and machine.  Fewer instructions usually means less time,
but not in proportion: cache misses and branches count too.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOOP = """
import random, sys
sys.path[:0] = [{root!r}, {bench!r}]
from batch import scalar_game

rng = random.Random(5)
print(sum(scalar_game(rng) for _ in range(int(sys.argv[1]))))
"""


def count(games: int) -> tuple[int, int]:
    """Play ``games`` games under callgrind; return (decisions, instructions)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            LOOP.format(root=str(ROOT), bench=str(ROOT / "bench")),
            str(games),
        ],
        capture_output=True,
        text=True,
        check=True,
        # (A fixed hash seed, and numpy's BLAS on one thread: both make the
        # count the same from run to run.)
        env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"},
    )
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"valgrind gave no count:\n{done.stderr}")
    return int(done.stdout.split()[-1]), int(collected.group(1))


def main() -> None:
    """Print the instructions a decision, and the counts they come from."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games in the smaller run")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    few_decisions, few = count(args.games)
    many_decisions, many = count(3 * args.games)
    per_decision = (many - few) / (many_decisions - few_decisions)
    print(f"{args.games} games: {few_decisions} decisions, {few:,} instructions")
    print(f"{3 * args.games} games: {many_decisions} decisions, {many:,} instructions")
    print(f"{per_decision:,.0f} instructions a decision")


if __name__ == "__main__":
    main()
