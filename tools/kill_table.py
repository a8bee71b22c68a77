"""Judge the conformance suite: plant every bug of tests/planted_bugs.py, see what catches it.

For each planted bug, runs (a) the fixed cases against the broken adapter
(the bug is killed if any case fails) and (b) the differential fuzz mode
(killed if it finds a deviation; it stops at the first, and the rule it
names and the shrunk case's rounds are reported),
then writes the kill table as reStructuredText to docs/kill-table.rst.

A bug of the anniversary cards is fuzzed with the cards (``--cards all``), in
at most ``--card-games`` games (such games are longer, and not shrunk).

Usage: python tools/kill_table.py [--games 200] [--card-games 10] [--seed 1]
       [--shrink-budget 100] [--jobs N] [--only BUG ...]
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import shlex
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.planted_bugs import BUGS, Bug  # noqa: E402 - after the path is set
from wizard_rules.conformance.fuzz import Disagreement, fuzz  # noqa: E402 - after the path is set
from wizard_rules.conformance.runner import Outcome, run_suite  # noqa: E402 - after the path is set
from wizard_rules.conformance.suite import load_suite  # noqa: E402 - after the path is set

OUT = ROOT / "docs" / "kill-table.rst"


def command(bug: str) -> str:
    return shlex.join([sys.executable, str(ROOT / "tests" / "broken_adapter.py"), bug])


_LOGGED = re.compile(
    r"^([a-z0-9-]+): \d+ cases failed, \d+ errors; fuzz (\S+) games, (\S+) rounds -> "
    r"(.*), rule (\S*) \(\d+ s\)$"
)


def logged_fuzz(path: Path) -> dict[str, dict[str, object]]:
    """The fuzz figures of each bug in the log of an earlier run of this tool (its lines)."""
    found: dict[str, dict[str, object]] = {}
    for line in path.read_text().splitlines():
        match = _LOGGED.match(line)
        if match and match.group(1) in BUGS:
            name, games, rounds, shrunk, rule = match.groups()
            found[name] = {
                "fuzz_run": BUGS[name].variants is not None,
                "fuzz_games": None if games == "None" else int(games),
                "rule": rule,
                "found_rounds": None if rounds == "None" else int(rounds),
                "shrunk": None if shrunk == "None" else shrunk,
                "what": "",
            }
    return found


def judge(
    bug: Bug,
    games: int,
    seed: int,
    budget: int,
    card_games: int,
    logged: dict[str, dict[str, object]] | None = None,
) -> dict[str, object]:
    began = time.perf_counter()
    report = run_suite(load_suite(), command(bug.name), timeout=10.0)
    failed = [r.case.id for r in report.results if r.outcome is Outcome.FAILED]
    errors = [r.case.id for r in report.results if r.outcome in (Outcome.ERROR, Outcome.NOT_RUN)]
    if logged is not None and bug.name in logged:  # fuzz as an earlier run logged it
        reused: dict[str, object] = {"bug": bug, "failed": failed, "errors": errors}
        reused.update(logged[bug.name], seconds=time.perf_counter() - began)
        print(f"{bug.name}: {len(failed)} cases failed, {len(errors)} errors; fuzz logged")
        return reused
    first = None
    result = None
    if bug.variants is not None:  # None: fuzz cannot show it (see Bug.variants)
        result = fuzz(
            command(bug.name),
            games=card_games if bug.cards else games,
            seed=seed,
            shrink_budget=budget,
            max_deviations=1,
            variants=bug.variants,
            cards=bug.cards,
        )
        first = result.deviations[0] if result.deviations else None
    row: dict[str, object] = {
        "bug": bug,
        "failed": failed,
        "errors": errors,
        "fuzz_run": result is not None,
        "fuzz_games": first.game if first else None,
        "rule": first.shrunk.rule if first else "",
        "found_rounds": result.found.rounds if result and result.found else None,
        "shrunk": _shrunk(result.shrunk) if result and result.shrunk else None,
        "what": result.shrunk.describe() if result and result.shrunk else "",
        "seconds": time.perf_counter() - began,
        "games": card_games if bug.cards else games,
    }
    print(
        f"{bug.name}: {len(failed)} cases failed, {len(errors)} errors; fuzz "
        f"{row['fuzz_games']} games, {row['found_rounds']} rounds -> {row['shrunk']}, "
        f"rule {row['rule']} "
        f"({row['seconds']:.0f} s)",
        flush=True,
    )
    return row


def _shrunk(shrunk: Disagreement) -> str:
    """What the shrunk case starts from and how much it plays."""
    if shrunk.start is None and shrunk.rounds == 0:
        return "the first step of a new game"
    if shrunk.start is None:
        return f"{shrunk.rounds} round{'s' if shrunk.rounds != 1 else ''} from the first deal"
    count = len(shrunk.actions)
    return f"a position + {count} action{'s' if count != 1 else ''}"


def _cell(text: str) -> str:
    return text.replace("\n", " ")


def table(
    rows: list[dict[str, object]], argv: str, seconds: float, games: int, card_games: int
) -> str:
    today = datetime.date.today().isoformat()
    cases = len(load_suite().cases)
    missed_cases = [r["bug"].name for r in rows if not r["failed"]]  # type: ignore[attr-defined]
    fuzzed = [r for r in rows if r["fuzz_run"]]
    missed_fuzz = [r["bug"].name for r in fuzzed if r["fuzz_games"] is None]  # type: ignore[attr-defined]
    lines = [
        "The suite judged by planted bugs",
        "================================",
        "",
        "Does the conformance suite catch a wrong implementation?  Each row is one",
        "rule bug planted into a copy of this library (a small monkeypatch made in",
        "the adapter process: ``python tests/broken_adapter.py BUG``, the bugs are",
        "listed in ``tests/planted_bugs.py``).  Against each, the fixed cases of",
        f"the suite ({cases} cases; killed if any case fails) and, separately, the",
        f"differential fuzz mode of :doc:`conformance` ({games} games at most; killed if a",
        "deviation is found; it stops at the first) were run.  *Games* is the game in",
        "which fuzz found the first deviation; *found, shrunk* is how many rounds that",
        "game had played, and what the shrunk case needs: the position it starts from",
        "and the actions it plays there (or the rounds it replays from the first deal,",
        "when no position shows the bug); *fuzz: rule* is the rule fuzz names for it,",
        "derived from what differed first.  For a bug of a variant (rules 23 to 27),",
        "fuzz draws that variant (``--variants``, as ``tests/planted_bugs.py`` says",
        "for each bug), so that about half its games have it on; a bug that only a",
        "configuration that should be refused shows is not fuzzed (fuzz plays only",
        "configurations that are games).  For a bug of the anniversary cards (rules 28",
        f"to 41), fuzz draws the cards (``--cards all``) in {card_games} games at most, and the",
        "case it finds is its whole game: fuzz does not shrink games with the cards.",
        "",
        f"Generated on {today} by ``{argv}`` in {seconds:.0f} s; the default",
        "tests re-check a few of the bugs (``tests/test_kill_table.py``).",
        "",
        f"Killed by the fixed cases: {len(rows) - len(missed_cases)} of {len(rows)}.",
        f"Killed by fuzz: {len(fuzzed) - len(missed_fuzz)} of {len(fuzzed)}"
        + (f" (not run for {len(rows) - len(fuzzed)})." if len(fuzzed) < len(rows) else "."),
    ]
    if missed_cases:
        lines.append(
            "Not caught by any fixed case (a missing case): "
            + ", ".join(f"``{name}``" for name in missed_cases)
            + "."
        )
    if missed_fuzz:
        lines.append(
            "Not caught by fuzz: " + ", ".join(f"``{name}``" for name in missed_fuzz) + "."
        )
    lines += [
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 14 28 8 22 7 14 7",
        "",
        "   * - bug",
        "     - the wrong rule",
        "     - cases failed",
        "     - first failing cases",
        "     - fuzz: games",
        "     - found, shrunk",
        "     - fuzz: rule",
    ]
    for row in rows:
        bug: Bug = row["bug"]  # type: ignore[assignment]
        failed: list[str] = row["failed"]  # type: ignore[assignment]
        errors: list[str] = row["errors"]  # type: ignore[assignment]
        first = ", ".join(failed[:3]) if failed else "**none: not caught**"
        if errors:
            first += f" ({len(errors)} adapter errors)"
        games_cell = str(row["fuzz_games"]) if row["fuzz_games"] is not None else "**not found**"
        if not row["fuzz_run"]:
            games_cell = "not run"
        rounds = (
            f"{row['found_rounds']} rounds; {row['shrunk']}"
            if row["fuzz_games"] is not None
            else "-"
        )
        lines += [
            f"   * - ``{bug.name}``",
            f"     - {_cell(bug.description)}",
            f"     - {len(failed)}",
            f"     - {first}",
            f"     - {games_cell}",
            f"     - {rounds}",
            f"     - {row['rule'] or '-'}",
        ]
    notes = [(r["bug"].name, r["bug"].note) for r in rows if r["bug"].note]  # type: ignore[attr-defined]
    if notes:
        lines += ["", "Notes:", ""]
        lines += [f"* ``{name}``: {note}" for name, note in notes]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--card-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shrink-budget", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", default=None, help="bugs to run (default: all)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--fuzz-log",
        type=Path,
        default=None,
        help="take the fuzz figures of the bugs this earlier run's output names from it "
        "(the cases are run again)",
    )
    args = parser.parse_args()
    logged = logged_fuzz(args.fuzz_log) if args.fuzz_log else None
    bugs = [BUGS[name] for name in args.only] if args.only else list(BUGS.values())
    began = time.perf_counter()
    with ThreadPoolExecutor(args.jobs) as pool:
        rows = list(
            pool.map(
                lambda bug: judge(
                    bug, args.games, args.seed, args.shrink_budget, args.card_games, logged
                ),
                bugs,
            )
        )
    seconds = time.perf_counter() - began
    argv = "python tools/kill_table.py " + " ".join(
        [
            f"--games {args.games}",
            f"--card-games {args.card_games}",
            f"--seed {args.seed}",
            f"--shrink-budget {args.shrink_budget}",
        ]
    )
    if logged:  # the fuzz figures of the bugs LOG names are that earlier run's
        argv += " --fuzz-log LOG"
    args.out.write_text(table(rows, argv, seconds, args.games, args.card_games))
    print(f"wrote {args.out} in {seconds:.0f} s")


if __name__ == "__main__":
    main()
