"""The batch engine as an oracle: does it catch the bugs planted into the scalar engine?

``tests/planted_bugs.py`` plants one wrong rule at a time into the scalar
engine (``apply``, ``legal_actions``, ``check``).  The batch engine
(:mod:`wizard_rules.sim.batch`) is a second implementation of the rules, in
numpy, that the plants leave alone (but see below).  For each bug, this plays the
comparisons of ``tests/test_batch.py`` with the bug planted, in a process of
its own: the refused deals, a turned Wizard, and then seeded games through
both engines side by side, comparing every field, the legal actions, the
refusal codes, the points and the winners at every step
(``test_batch.differential``).  The bug is *killed* when a comparison fails.

A plant that changes :class:`~wizard_rules.Config` itself (the number of
rounds, say), or a piece of its rules, changes what both engines read: for
it the batch engine is no independent oracle, and the verdict names what
the plant changed (``shared``).

Run one bug (prints one JSON line)::

    python tests/batch_kill.py BUG [--games 2] [--settings 4:0,4:1] [--seed 1]

or every bug, as a table::

    python tests/batch_kill.py --all [--games 10] [--settings all] [--jobs 2]

``--settings`` lists ``players:option`` pairs (``all``: 3 to 6 players, the
bid-total option off and on); ``--games`` games are played for each pair.
``tests/test_batch_kill.py`` runs every bug on a few games by default.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from tests import test_batch  # noqa: E402 - after the path is set
from tests.planted_bugs import BUGS, plant  # noqa: E402 - after the path is set
from wizard_rules.core.config import Config  # noqa: E402 - after the path is set

QUICK: tuple[tuple[int, bool], ...] = ((4, True), (4, False))
"""The default settings: 4 players, the bid-total option on and off."""
ALL: tuple[tuple[int, bool], ...] = tuple(
    (players, forbid) for players in (3, 4, 5, 6) for forbid in (False, True)
)
"""Every player count, with the option off and on."""


def parse_settings(text: str) -> tuple[tuple[int, bool], ...]:
    """``"4:0,5:1"`` as ``((4, False), (5, True))``; ``"all"`` as :data:`ALL`."""
    if text == "all":
        return ALL
    pairs = []
    for item in text.split(","):
        players, _, option = item.partition(":")
        pairs.append((int(players), option == "1"))
    return tuple(pairs)


def where(error: BaseException) -> tuple[str, str]:
    """The check of test_batch.py that failed (its function) and the line that failed in it.

    The line is the innermost of test_batch.py (inside ``assert_same``, the
    field's); without one (a crash elsewhere), the error's last line.
    """
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if Path(frame.filename).name == "test_batch.py"
    ]
    if not frames:
        return "", f"{type(error).__name__}: {error}".splitlines()[0]
    return frames[0].name, (frames[-1].line or "").strip()


def _shared_classes() -> list[type]:
    """The classes of the values both engines read: Config, and the rules' pieces if any."""
    classes: list[type] = [Config]
    rules = sys.modules.get("wizard_rules.core.rules")
    if rules is not None:
        classes += [
            value
            for value in vars(rules).values()
            if isinstance(value, type) and value.__module__ == rules.__name__
        ]
    return classes


def _killed(verdict: dict[str, Any]) -> str:
    if verdict["error"] == "plant":
        return "UNPLANTED"
    return "yes" if verdict["killed"] else "NO"


def judge(
    name: str, games: int, settings: Sequence[tuple[int, bool]], seed: int
) -> dict[str, Any]:
    """Plant ``name`` into this process's scalar engine and run the batch comparisons.

    The verdict says whether a comparison failed (``killed``), which and
    where, and which attributes of :class:`~wizard_rules.Config` (or of the
    classes of the rules' pieces) the plant changed (``shared``: the batch
    engine reads those values too).  Call it in a
    process of its own: a plant cannot be taken back.
    """
    began = time.perf_counter()
    verdict: dict[str, Any] = {"bug": name, "killed": False, "games": 0, "setting": ""}
    verdict.update(check="", line="", error="", seconds=0.0, shared=[])
    before = {cls: dict(vars(cls)) for cls in _shared_classes()}
    try:
        plant(name)
    except Exception as error:  # the plant no longer fits the engine: say so, judge nothing
        verdict.update(check="plant", line=f"{type(error).__name__}: {error}", error="plant")
        return verdict
    verdict["shared"] = sorted(
        f"{cls.__name__}.{attribute}"
        for cls, old in before.items()
        for attribute in old.keys() | vars(cls).keys()
        if old.get(attribute) is not vars(cls).get(attribute)
    )
    try:
        test_batch.test_refused_deals_get_the_scalar_engines_codes()
        test_batch.test_a_turned_wizard_lets_the_dealer_name_trump()
        for k, (players, forbid) in enumerate(settings):
            verdict["setting"] = f"{players}:{int(forbid)}"
            verdict["games"] += games
            test_batch.differential(players, forbid, games, seed + k)
        verdict["setting"] = ""
    except Exception as error:  # any disagreement (or a crash) is a kill
        check, line = where(error)
        verdict.update(killed=True, check=check, line=line, error=type(error).__name__)
        if check != "differential":
            verdict["setting"] = ""
    verdict["seconds"] = round(time.perf_counter() - began, 2)
    return verdict


def _settings_text(settings: Sequence[tuple[int, bool]]) -> str:
    return ",".join(f"{players}:{int(forbid)}" for players, forbid in settings)


def _judge_in_child(job: tuple[str, int, Sequence[tuple[int, bool]], int]) -> dict[str, Any]:
    return judge(*job)


def run_all(
    names: Sequence[str], games: int, settings: Sequence[tuple[int, bool]], seed: int, jobs: int
) -> list[dict[str, Any]]:
    """:func:`judge` every bug of ``names``, each in a process of its own; the verdicts in order.

    Each bug's process is forked from this one (nothing to import again) and
    serves that bug only, so no plant outlives its bug; ``jobs`` run at once.
    """
    context = multiprocessing.get_context("fork")
    pool = context.Pool(jobs, maxtasksperchild=1)
    try:
        return pool.map(_judge_in_child, [(name, games, settings, seed) for name in names], 1)
    finally:
        pool.close()
        pool.join()


def table(verdicts: Sequence[dict[str, Any]]) -> str:
    """The verdicts as a plain-text table, and how many bugs were killed."""
    lines = [f"{'bug':<20} {'killed':<9} {'games':>5} {'s':>6}  where: what differed first"]
    for verdict in verdicts:
        where = verdict["check"] + (f" ({verdict['setting']})" if verdict["setting"] else "")
        what = f"{where}: {verdict['line']}" if verdict["killed"] or verdict["line"] else "-"
        if verdict["shared"]:
            what += f" (the plant changes {', '.join(verdict['shared'])})"
        lines.append(
            f"{verdict['bug']:<20} {_killed(verdict):<9} "
            f"{verdict['games']:>5} {verdict['seconds']:>6}  {what}"
        )
    killed = sum(verdict["killed"] for verdict in verdicts)
    lines.append(f"killed by the batch engine: {killed} of {len(verdicts)}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("bug", nargs="?", choices=sorted(BUGS))
    parser.add_argument("--all", action="store_true", help="every planted bug, as a table")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--settings", type=parse_settings, default=QUICK)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.all:
        began = time.perf_counter()
        verdicts = run_all(sorted(BUGS), args.games, args.settings, args.seed, args.jobs)
        print(table(verdicts))
        print(
            f"{args.games} games for each of {_settings_text(args.settings)}, seed {args.seed}: "
            f"{time.perf_counter() - began:.0f} s"
        )
    elif args.bug is None:
        parser.error("name a bug, or give --all")
    else:
        print(json.dumps(judge(args.bug, args.games, args.settings, args.seed)))


if __name__ == "__main__":
    main()
