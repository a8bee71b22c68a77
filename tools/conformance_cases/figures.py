"""The suite in figures: counted from the case files, written into docs/cases.rst.

Run from the top of the repository, after ``tools/make_conformance.py``::

    .venv/bin/python tools/conformance_cases/figures.py

Every figure about the suite that the docs or the changelog state is one of
these (``tests/test_suite_figures.py`` checks them all): the current suite's
are counted from ``conformance/``; an earlier version's were counted the same
way from the last commit that had that version, and are kept in
:data:`HISTORY` (like retired ids, they never change).
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from wizard_rules import apply, new_game  # noqa: E402
from wizard_rules.core.position import from_position  # noqa: E402
from wizard_rules.formats.records import (  # noqa: E402
    action_from_dict,
    config_from_dict,
    position_from_dict,
)
from wizard_rules.sim.perft import perft  # noqa: E402

CASES_RST = ROOT / "docs" / "cases.rst"
BEGIN = ".. figures: begin (written by tools/conformance_cases/figures.py; do not edit)"
END = ".. figures: end"

# The figures of earlier suite versions, each counted (with :func:`figures`)
# from the last commit whose suite.json had that version.
HISTORY: dict[str, dict[str, Any]] = {
    "1.0.0": {
        "commit": "b2d0d75",
        "cases": 292,
        "areas": 15,
        "retired": 2,
        "players": {"3": 170, "4": 48, "5": 21, "6": 47},
        "positions": 0,
        "rule_12": 0,
    },
    "1.1.0": {
        "commit": "9db2e2d",
        "cases": 366,
        "areas": 15,
        "retired": 3,
        "players": {"3": 173, "4": 106, "5": 27, "6": 54},
        "positions": 0,
        "rule_12": 0,
    },
    "2.0.0": {
        "commit": "842a8ee",
        "cases": 714,
        "areas": 16,
        "retired": 283,
        "players": {"3": 198, "4": 241, "5": 129, "6": 140},
        "positions": 627,
        "rule_12": 79,
    },
    "2.1.0": {
        "commit": "37af0ae",
        "cases": 2614,
        "areas": 16,
        "retired": 391,
        "players": {"3": 539, "4": 646, "5": 632, "6": 791},
        "positions": 2584,
        "rule_12": 79,
    },
    "2.2.0": {
        "commit": "0f24b9c",
        "cases": 2750,
        "areas": 18,
        "retired": 391,
        "players": {"3": 591, "4": 686, "5": 656, "6": 811},
        "positions": 2685,
        "rule_12": 79,
    },
    "2.3.0": {
        "commit": "0bae3d8",
        "cases": 2904,
        "areas": 24,
        "retired": 391,
        "players": {"3": 708, "4": 707, "5": 665, "6": 818},
        "positions": 2777,
        "rule_12": 79,
    },
}


def read_suite(folder: Path = ROOT / "conformance") -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The manifest and every case of the suite in ``folder``, in file order."""
    manifest = json.loads((folder / "suite.json").read_text(encoding="utf-8"))
    cases = [
        raw
        for name in manifest["files"]
        for raw in json.loads((folder / "cases" / name).read_text(encoding="utf-8"))["cases"]
    ]
    return manifest, cases


def _players(raw: dict[str, Any]) -> str:
    """A case's player count as a column name: 3 to 6, or ``other`` (refused)."""
    players = raw["given"]["config"].get("players")
    return str(players) if players in (3, 4, 5, 6) and type(players) is int else "other"


def perft_counts(raw: dict[str, Any]) -> list[int]:
    """A perft case's counts at the depths 1 to d."""
    given = raw["given"]
    if "position" in given:
        state = from_position(position_from_dict(given["position"]))
    else:  # the perft cases of suites before 2.0.0 replay from the first deal
        state = new_game(config_from_dict(given["config"]))
        for action in given["actions"]:
            state = apply(state, action_from_dict(action))
    return [perft(state, depth) for depth in range(1, raw["expect"]["perft"]["depth"] + 1)]


def figures(folder: Path = ROOT / "conformance") -> dict[str, Any]:
    """The suite's figures: totals, and the same for each area."""
    manifest, cases = read_suite(folder)

    def count(group: list[dict[str, Any]]) -> dict[str, Any]:
        players = collections.Counter(_players(raw) for raw in group)
        return {
            "cases": len(group),
            "positions": sum("position" in raw["given"] for raw in group),
            "players": {key: players.get(key, 0) for key in ("3", "4", "5", "6", "other")},
            "rule_12": sum(raw["rule"].startswith("12.") for raw in group),
        }

    areas: dict[str, list[dict[str, Any]]] = {}
    for raw in cases:
        areas.setdefault(raw["id"].split(".")[0], []).append(raw)
    retired = collections.Counter(item.split(".")[0] for item in manifest["retired"])
    counts = {raw["id"]: perft_counts(raw) for raw in cases if "perft" in raw["expect"]}
    # The positions a case asks for, and the actions a replaying implementation applies.
    perfts = {case_id: sum(found) for case_id, found in counts.items()}
    replays = {
        case_id: sum(k * n for k, n in enumerate(found, start=1))
        for case_id, found in counts.items()
    }
    return {
        "version": manifest["suite_version"],
        **count(cases),
        "areas": len(areas),
        "retired": len(manifest["retired"]),
        "by_area": {
            name: {**count(group), "retired": retired.get(name, 0)}
            for name, group in areas.items()
        },
        "perft_cases": len(perfts),
        "perft_nodes_max": max(perfts.values()),
        "perft_nodes_max_case": max(perfts, key=lambda case_id: (perfts[case_id], case_id)),
        "perft_nodes_total": sum(perfts.values()),
        "perft_replayed_max": max(replays.values()),
        "perft_replayed_max_case": max(replays, key=lambda case_id: (replays[case_id], case_id)),
    }


def _row(cells: list[object]) -> list[str]:
    first, *rest = (f"{cell:,}" if isinstance(cell, int) else str(cell) for cell in cells)
    return [f"   * - {first}", *(f"     - {cell}" for cell in rest)]


def render(found: dict[str, Any]) -> str:
    """The figures as reStructuredText, for docs/cases.rst."""
    head = ["area", "cases", "from a position", "3 players", "4", "5", "6", "refused", "retired"]
    lines = [
        BEGIN,
        "",
        "The suite in figures",
        "--------------------",
        "",
        f"Suite {found['version']} has {found['cases']:,} cases in {found['areas']} areas"
        f" ({found['positions']:,} of them start from a position), and {found['retired']:,}"
        " retired ids.  By area, and by the number of players of the case's configuration"
        " (*refused*: a configuration that is not a game, expected to be refused):",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        *_row(head),
    ]
    for name, area in [*found["by_area"].items(), ("all", found)]:
        players = area["players"]
        lines += _row(
            [
                f"``{name}``" if name != "all" else "**all**",
                area["cases"],
                area["positions"],
                *(players[key] for key in ("3", "4", "5", "6", "other")),
                area["retired"],
            ]
        )
    lines += [
        "",
        f"The {found['rule_12']} cases of rules 12.1 to 12.14 give positions that cannot"
        " arise, or positions just inside each rule.  The"
        f" {found['perft_cases']} perft cases ask for {found['perft_nodes_total']:,}"
        " positions in all (the sum of each one's counts at the depths 1 to its own),"
        f" {found['perft_nodes_max']:,} at most (``{found['perft_nodes_max_case']}``);"
        " an implementation that replays the round for every action applies"
        f" {found['perft_replayed_max']:,} actions at most for one"
        f" (``{found['perft_replayed_max_case']}``).",
        "",
        "Earlier versions, counted the same way from the last commit with each version:",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        *_row(["version", "commit", "cases", "areas", "4 players", "rules 12.x", "retired"]),
    ]
    for version, old in HISTORY.items():
        lines += _row(
            [
                version,
                f"``{old['commit']}``",
                old["cases"],
                old["areas"],
                old["players"]["4"],
                old["rule_12"],
                old["retired"],
            ]
        )
    lines += ["", END]
    return "\n".join(lines) + "\n"


def write(path: Path = CASES_RST) -> None:
    """Put the figures into ``path``, between the markers (or before the list of cases)."""
    text = path.read_text(encoding="utf-8")
    block = render(figures())
    if BEGIN in text:
        before, rest = text.split(BEGIN, 1)
        after = rest.split(END + "\n", 1)[1]
        text = before + block + after
    else:  # the first time: before the list of every case
        before, after = text.split(".. case-list::", 1)
        text = before + block + "\n.. case-list::" + after
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()
    print(f"wrote the suite's figures into {CASES_RST}")
